"""The JupyterHub configuration of the tutor: what any hub needs, and a trial on one machine.

`configure(c, ...)` is what a hub (The Littlest JupyterHub, Zero to JupyterHub, or
``python -m tutor hub``) adds to its ``jupyterhub_config.py``: JupyterHub's own pieces,
set up for the tutor.

- **Learners land on the learner view.** Each user's single-user server opens on the
  lesson list in Voila (``default_url``), with Lab, the classic notebook and terminals
  turned off (`learner_server_args`: ``tutor/classroom/hub/learner_server_config.py``),
  and the tutor's server extension (`tutor.classroom.hub.learner`) adding the teacher's
  question to every lesson page.
- **The teacher's view is a hub service** (``canasta-teacher``, `tutor.classroom.hub.service`)
  behind the hub's OAuth: only users holding the scope
  ``access:services!service=canasta-teacher`` reach it, which the role ``canasta-teacher``
  gives to the group ``teachers``.
- **Progress and answers reach the service with the hub's tokens.** Every user holds the
  custom scope ``custom:canasta:learn`` (the ``user`` role); a single-user server's
  ``$JUPYTERHUB_API_TOKEN`` carries it (``server_token_scopes``), and the service takes
  a learner's reports only with it, as that token's user: nobody reports for another.
- **Idle servers are stopped** by ``jupyterhub-idle-culler``, a hub service with the
  role it needs.

`configure_trial(c, ...)` adds what a trial on one machine needs and a real install
chooses for itself: ports, configurable-http-proxy from npm, NativeAuthenticator, and
`SimpleLocalProcessSpawner` (every server a process of the hub's own Unix user: for a
trial only; TLJH uses SystemdSpawner, a Unix user per learner; Zero to JupyterHub uses
KubeSpawner, a pod per learner). docs/HUB.md says how to use either.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

SERVICE = "canasta-teacher"
LEARN_SCOPE = "custom:canasta:learn"
TEACHERS = "teachers"
#: Usernames JupyterHub accepts here: lower-case letters, digits, - and _, a letter first.
USERNAME_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"
HERE = Path(__file__).resolve().parent
REPO_DEPLOY = HERE.parents[2] / "deploy"      # deploy/tljh, deploy/z2jh (in a clone)


def service_prefix() -> str:
    return f"/services/{SERVICE}/"


def learner_server_args(learner_config=None) -> list[str]:
    """Arguments of every single-user server: the learner view's settings (the file as the
    learners' servers see it: by default where the hub has it), and ``--allow-root`` where
    the servers run as root (a trial as root)."""
    args = [f"--config={learner_config or HERE / 'learner_server_config.py'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    return args


def teacher_lands_on_the_view(handler) -> str:
    """``c.JupyterHub.default_url``: the teacher's view for a member of ``teachers``, else
    "" (JupyterHub's default: the user's own server, which opens on the lesson list)."""
    user = getattr(handler, "current_user", None)
    groups = [g.name for g in getattr(user, "groups", None) or []]
    if TEACHERS in groups:
        return getattr(handler, "base_url", "/") + service_prefix().lstrip("/")
    return ""


def configure(c, *, notebooks, lessons=("all",), lang: str = "en", db_url: str,
              service_port: int = 10101, service_ip: str = "127.0.0.1",
              service_url: str | None = None, service_url_for_servers: str | None = None,
              class_name: str = "hub",
              teachers=(), cull_minutes: float = 30.0, culler: bool = True,
              python: str | None = None, learner_config: str | None = None) -> None:
    """The tutor on a JupyterHub (see the module doc). `notebooks`: the lesson folder
    every single-user server can read; `db_url`: the service's database (SQLite by
    default); `service_ip`/`service_port`: where the service listens; `service_url`: how
    the hub and its proxy reach it (default: that address; on Kubernetes ``http://hub:10101``);
    `service_url_for_servers`: how learners' servers reach it (default: `service_url`);
    `culler`: run ``jupyterhub-idle-culler`` (False where the hub has its own: TLJH's
    ``services.cull``, Zero to JupyterHub's ``cull``); `learner_config`: the path of
    ``learner_server_config.py`` in the learners' servers, where their image has it
    elsewhere than the hub (Zero to JupyterHub)."""
    python = python or sys.executable
    notebooks = str(notebooks)
    from ...lessons.serve import start_page
    lessons = list(lessons)
    service_url = (service_url or f"http://{service_ip}:{service_port}").rstrip("/")
    reach = (service_url_for_servers or service_url).rstrip("/") + service_prefix()

    # ---- the learners' servers -------------------------------------------------------------
    c.Spawner.default_url = "/voila/render/" + start_page(lang)
    c.Spawner.notebook_dir = notebooks
    c.Spawner.args = learner_server_args(learner_config)
    env = dict(c.Spawner.environment) if "environment" in c.Spawner else {}
    env.update({"TUTOR_LANG": lang, "TUTOR_HUB_SERVICE": reach})
    c.Spawner.environment = env
    # a server's token holds those of these its user holds: a teacher's server is known by
    # the service's access scope (its reports are not a learner's)
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", LEARN_SCOPE,
                                     f"access:services!service={SERVICE}"]

    # a teacher lands on the teacher's view; everybody else on their own server (the lessons)
    c.JupyterHub.default_url = teacher_lands_on_the_view

    # ---- roles and scopes ----------------------------------------------------------------
    c.JupyterHub.custom_scopes = {
        LEARN_SCOPE: {"description": "Report one's own progress and answers to the Canasta "
                                     "teacher's service, and read the question on the screens."},
    }
    roles = [r for r in (c.JupyterHub.load_roles if "load_roles" in c.JupyterHub else [])
             if r.get("name") not in ("user", "canasta-teacher", "canasta-idle-culler")]
    roles += [
        {"name": "user", "description": "Every user: their own things, and learning",
         "scopes": ["self", LEARN_SCOPE]},
        {"name": "canasta-teacher", "description": "The Canasta teacher's view",
         "scopes": [f"access:services!service={SERVICE}"],
         "groups": [TEACHERS]},
    ]
    if culler:
        roles.append({"name": "canasta-idle-culler", "description": "Stop idle servers",
                      "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
                      "services": ["idle-culler"]})
    c.JupyterHub.load_roles = roles
    groups = dict(c.JupyterHub.load_groups) if "load_groups" in c.JupyterHub else {}
    members = set(groups.get(TEACHERS, {}).get("users", [])) | set(teachers)
    groups[TEACHERS] = {"users": sorted(members)}
    c.JupyterHub.load_groups = groups

    # ---- services: the teacher's view, the idle culler ------------------------------------------
    services = [s for s in (c.JupyterHub.services if "services" in c.JupyterHub else [])
                if s.get("name") not in (SERVICE, "idle-culler")]
    services += [
        {"name": SERVICE, "display": True, "oauth_no_confirm": True,
         "url": service_url,
         "command": [python, "-m", "tutor.classroom.hub.service",
                     "--ip", service_ip, "--port", str(service_port),
                     "--lessons", ",".join(lessons), "--lang", lang,
                     "--class-name", class_name],
         # the database URL in the environment, not on the command line (a password in it)
         "environment": {"TUTOR_HUB_DB_URL": db_url, "TUTOR_LANG": lang}},
    ]
    if culler:
        services.append({"name": "idle-culler",
                         "command": [python, "-m", "jupyterhub_idle_culler",
                                     f"--timeout={max(60, int(cull_minutes * 60))}", "--cull-every=60"]})
    c.JupyterHub.services = services
    c.Authenticator.username_pattern = USERNAME_PATTERN


def configure_trial(c, *, state: Path, ip: str, port: int, hub_port: int, proxy_api_port: int,
                    proxy_command: str, teacher: str, learners=(), log_level: str = "INFO") -> None:
    """A hub on this machine: its files in `state`, NativeAuthenticator (the named learners
    and the teacher may sign up; the teacher is the hub's admin), configurable-http-proxy
    from npm, `SimpleLocalProcessSpawner` with a home per user under `state`."""
    state = Path(state)
    c.JupyterHub.ip = ip
    c.JupyterHub.port = port
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = hub_port
    c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
    c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
    c.JupyterHub.log_level = log_level
    c.JupyterHub.cleanup_servers = True
    c.JupyterHub.cleanup_proxy = True
    c.ConfigurableHTTPProxy.command = [proxy_command]
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api_port}"
    c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
    c.ConfigurableHTTPProxy.should_start = True
    c.ConfigurableHTTPProxy.debug = False
    c.JupyterHub.authenticator_class = "tutor.classroom.hub.config.CanastaAuthenticator"
    c.Authenticator.admin_users = {teacher}
    c.Authenticator.allowed_users = {teacher, *learners}   # may sign up without waiting
    c.Authenticator.allow_all = True                       # NativeAuthenticator decides who is in
    c.NativeAuthenticator.check_common_password = True
    c.NativeAuthenticator.minimum_password_length = 8
    c.NativeAuthenticator.allowed_failed_logins = 5
    c.NativeAuthenticator.seconds_before_next_try = 30
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(state / "home" / "{username}")
    c.Spawner.cmd = [single_user_command()]
    c.Spawner.start_timeout = 120
    c.Spawner.http_timeout = 120
    c.Spawner.mem_limit = "512M"      # a figure for the hub's resource reports; a spawner with
                                      # limits (systemd, Kubernetes) enforces it


def single_user_command() -> str:
    """The learners' server command of a hub on this machine: JupyterHub's
    ``jupyterhub-singleuser`` beside this Python (the hub's own environment), found whether
    or not that environment's ``bin`` is on PATH (``.venv/bin/python -m tutor hub`` does
    not put it there); the bare name where it is not beside it."""
    beside = Path(sys.executable).with_name("jupyterhub-singleuser")
    return str(beside) if beside.is_file() else "jupyterhub-singleuser"


def _native_authenticator():
    from nativeauthenticator import NativeAuthenticator
    return NativeAuthenticator


def __getattr__(name):
    """`CanastaAuthenticator` is made on first use: importing this module needs no JupyterHub."""
    if name == "CanastaAuthenticator":
        cls = _make_authenticator()
        globals()[name] = cls
        return cls
    raise AttributeError(name)


def _make_authenticator():
    NativeAuthenticator = _native_authenticator()

    class CanastaAuthenticator(NativeAuthenticator):
        """NativeAuthenticator, saying in the hub's log why a name was refused (a name with
        HTML in it, spaces, capitals): NativeAuthenticator shows the person its own words
        and logs nothing."""

        def validate_username(self, username):
            ok = super().validate_username(username)
            if not ok:
                self.log.warning("Refused the user name %r: a name is lower-case letters, digits,"
                                 " - and _, a letter first (at most 32)", username)
            return ok

        async def authenticate(self, handler, data):
            user = await super().authenticate(handler, data)
            if user is None:
                self.log.warning("Failed login for %r from %s", (data or {}).get("username"),
                                 handler.request.remote_ip if handler else "?")
            return user

    CanastaAuthenticator.__module__ = __name__
    return CanastaAuthenticator
