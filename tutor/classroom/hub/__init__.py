"""The tutor on JupyterHub: ``python -m tutor hub --users 3`` tries a real hub on this machine.

    python -m tutor hub --users 3 [--port 8000] [--ip 127.0.0.1] [--no-browser] [--lessons 5-8]

starts JupyterHub (with configurable-http-proxy from npm, NativeAuthenticator, the
idle culler and the teacher's service), signs up a teacher and the learners through the
hub's own sign-up page, and prints how to log in. Ctrl-C stops the hub, the proxy, the
services and every learner's server. docs/HUB.md says how to put the same pieces on The
Littlest JupyterHub or Zero to JupyterHub.

The parts: `config` (the hub's configuration: what any hub needs, and this trial),
`service` (the teacher's view as a hub service), `learner` (the tutor's extension in a
learner's server), `report` (a lesson's progress sent from the learner's kernel),
`store` (the service's database, by URL), `bench` (the capacity figures).
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from ...i18n import LANGUAGES, N_, language_option, translator

REPO = Path(__file__).resolve().parents[3]
#: Where scripts/hub.sh and scripts/test.sh install configurable-http-proxy (git-ignored).
LOCAL_CHP = REPO / ".hub" / "node_modules" / ".bin" / "configurable-http-proxy"
DEFAULT_PORT = 8000
TEACHER = "teacher"

NO_PROXY = N_("error: configurable-http-proxy (JupyterHub's proxy, from npm) was not found. "
              "Install it with: npm install --prefix .hub configurable-http-proxy@5 "
              "(bash scripts/hub.sh does this; npm comes with Node.js: apt-get install nodejs npm).")
NO_HUB = N_("error: JupyterHub is not installed. Install the hub extra: pip install -e \".[hub]\" "
            "(bash scripts/hub.sh does this).")
HUB_FAILED = N_("error: the hub did not start. The end of its log ({log}):")
BAD_USERS = N_("error: --users must be between 1 and 200, not {n}.")
SIGNUP_FAILED = N_("error: the hub refused to sign up {name}: {reason}")


def find_proxy() -> str | None:
    """configurable-http-proxy: $TUTOR_CHP, on PATH, or the project's own (.hub/)."""
    for candidate in (os.environ.get("TUTOR_CHP"), shutil.which("configurable-http-proxy"),
                      str(LOCAL_CHP)):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def default_state_dir() -> Path:
    from ...progress import jupyter_data_dir
    return jupyter_data_dir() / "canasta-tutor" / "hub"


def learner_names(n: int) -> list[str]:
    return [f"learner{i}" for i in range(1, n + 1)]


def new_password() -> str:
    return secrets.token_urlsafe(9)


def write_config(state: Path, *, ip: str, port: int, lessons: list[str], lang: str,
                 learners: list[str], db_url: str, proxy: str, notebooks: Path,
                 cull_minutes: float, log_level: str = "INFO") -> Path:
    """The hub's jupyterhub_config.py for this trial: two calls, easy to read and to copy."""
    hub_port, api_port, service_port = free_port(), free_port(), free_port()
    path = state / "jupyterhub_config.py"
    path.write_text(
        "# Written by `python -m tutor hub` (tutor/classroom/hub/config.py says what each part does).\n"
        "from pathlib import Path\n"
        "from tutor.classroom.hub.config import configure, configure_trial\n\n"
        f"configure(c, notebooks={str(notebooks)!r}, lessons={lessons!r}, lang={lang!r},\n"
        f"          db_url={db_url!r}, service_port={service_port}, teachers=[{TEACHER!r}],\n"
        f"          cull_minutes={cull_minutes!r}, python={sys.executable!r})\n"
        f"configure_trial(c, state=Path({str(state)!r}), ip={ip!r}, port={port},\n"
        f"                hub_port={hub_port}, proxy_api_port={api_port}, proxy_command={proxy!r},\n"
        f"                teacher={TEACHER!r}, learners={learners!r}, log_level={log_level!r})\n",
        encoding="utf-8")
    return path


class Hub:
    """A JupyterHub process started from a config file, in its own process group."""

    def __init__(self, state: Path, config: Path, port: int, env: dict | None = None):
        self.state, self.config, self.port = state, config, port
        self.log_path = state / "jupyterhub.log"
        self.env = env
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120.0) -> float:
        t0 = time.monotonic()
        env = dict(self.env or os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(self.config)],
                                         cwd=self.state, env=env, stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(self.log_tail())
            try:
                with urllib.request.urlopen(self.url + "/hub/api", timeout=2) as r:
                    if r.status == 200:
                        return time.monotonic() - t0
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(self.log_tail())

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def stop(self, grace: float = 30.0) -> int | None:
        """SIGTERM to the hub (it stops the learners' servers, the services and the proxy),
        then SIGKILL to anything of it still alive."""
        if self.proc is None:
            return None
        from ..bench import stop_group
        return stop_group(self.proc, signal.SIGTERM, grace)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _form(hub_url: str, page: str, fields: dict, follow: bool = True):
    """GET a hub form (for its _xsrf cookie), POST `fields` to it: (status, location, text)."""
    jar = http.cookiejar.CookieJar()
    handlers = [urllib.request.HTTPCookieProcessor(jar)] + ([] if follow else [_NoRedirect()])
    opener = urllib.request.build_opener(*handlers)
    with opener.open(hub_url + page, timeout=30) as r:
        r.read()
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
    data = urllib.parse.urlencode({**fields, "_xsrf": xsrf}).encode()
    try:
        with opener.open(urllib.request.Request(hub_url + page, data=data), timeout=30) as r:
            return r.status, r.headers.get("Location", ""), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location", ""), e.read().decode("utf-8", "replace")


def can_log_in(hub_url: str, name: str, password: str) -> bool:
    """Whether the hub's login page lets `name` in (a redirect away from it), without
    following it (that would start the user's server)."""
    status, location, _ = _form(hub_url, "/hub/login", {"username": name, "password": password},
                                follow=False)
    return status in (302, 303) and "/login" not in location


def signup(hub_url: str, name: str, password: str) -> str | None:
    """Sign `name` up through NativeAuthenticator's own page and check that the login
    works: None when it does, else the page's words."""
    status, _, text = _form(hub_url, "/hub/signup", {
        "username": name, "signup_password": password, "signup_password_confirmation": password})
    if can_log_in(hub_url, name, password):
        return None
    import re
    m = re.search(r"class=\"alert[^\"]*\"[^>]*>(.*?)</div>", text, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", m.group(1)).split()) if m else f"HTTP {status}"


def load_passwords(state: Path, names: list[str]) -> dict:
    """The trial's passwords (kept in the state folder, readable by its owner only, so a
    second start logs in the same people)."""
    path = state / "passwords.json"
    try:
        known = json.loads(path.read_text())
    except (OSError, ValueError):
        known = {}
    changed = False
    for name in names:
        if name not in known:
            known[name] = new_password()
            changed = True
    if changed:
        path.write_text(json.dumps(known, indent=1))
        path.chmod(0o600)
    return {n: known[n] for n in names}


def build_parser(t) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tutor hub",
        description=t.gettext("Try the lessons on a real JupyterHub on this computer: "
                              "a teacher and learners, each with their own login."))
    p.add_argument("--users", type=int, default=3, help=t.gettext("how many learners to sign up"))
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=t.gettext("port to serve on"))
    p.add_argument("--ip", default="127.0.0.1",
                   help=t.gettext("address to listen on (0.0.0.0: every network of this computer)"))
    p.add_argument("--no-browser", action="store_true",
                   help=t.gettext("do not open the login page in a browser"))
    p.add_argument("--lessons", default="all",
                   help=t.gettext("tonight's lessons, e.g. 5-8 or 5,6,9 (default: all)"))
    p.add_argument("--lang", default=None,
                   help=t.gettext("language of the lessons and pages: en, sv or fi"))
    p.add_argument("--state", default=None,
                   help=t.gettext("the hub's folder: its database, logs, the learners' homes"))
    p.add_argument("--db-url", default=None,
                   help=t.gettext("the teacher's service's database (default: SQLite in the hub's folder)"))
    p.add_argument("--cull-minutes", type=float, default=30.0,
                   help=t.gettext("stop a learner's server after this many idle minutes"))
    p.add_argument("--log-level", default="INFO", help=argparse.SUPPRESS)
    return p


def banner(t, url: str, passwords: dict, state: Path) -> str:
    lines = [t.gettext("The Canasta hub is open (JupyterHub)."), "",
             t.gettext("Log in at: {url}").format(url=url + "/hub/login"), ""]
    lines += [t.gettext("Teacher:  {name}  password {password}").format(
        name=TEACHER, password=passwords[TEACHER])]
    lines += [t.gettext("  the teacher's view: {url}").format(url=url + "/services/canasta-teacher/")]
    for name, pw in passwords.items():
        if name != TEACHER:
            lines.append(t.gettext("Learner:  {name}  password {password}").format(name=name, password=pw))
    lines += ["", t.gettext("The hub's files and log: {folder}").format(folder=state),
              t.gettext("Stop the hub with Ctrl-C.")]
    return "\n".join(lines)


def _interrupt(*_):
    raise KeyboardInterrupt


def main(argv=None) -> int:
    """``python -m tutor hub [options]``: run a trial hub until Ctrl-C. Exit 2 on bad input."""
    argv = list(sys.argv[1:] if argv is None else argv)
    from ...i18n import default_language
    lang_arg = language_option(argv)
    lang = lang_arg or default_language()
    t = translator(lang if lang in LANGUAGES else "en")
    try:
        args = build_parser(t).parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    from .. import BAD_LANG, BAD_LESSONS, REPO_NOTEBOOKS, parse_lessons
    if lang_arg and lang_arg not in LANGUAGES:
        print(t.gettext(BAD_LANG).format(languages=", ".join(LANGUAGES), lang=lang_arg), file=sys.stderr)
        return 2
    if not 1 <= args.users <= 200:
        print(t.gettext(BAD_USERS).format(n=args.users), file=sys.stderr)
        return 2
    try:
        keys = parse_lessons(args.lessons)
    except ValueError as e:
        from ... import lessons
        every = lessons.load_lessons()
        print(t.gettext(BAD_LESSONS).format(text=str(e), first=int(every[0].number),
                                            last=int(every[-1].number)), file=sys.stderr)
        return 2
    import socket
    with socket.socket() as probe:          # the port before the software: it is the
                                            # teacher's input, and the hub's own error is a long log
        try:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((args.ip, args.port))
        except OSError as e:
            print(t.gettext("error: could not listen on port {port}: {reason}. "
                            "Choose another with --port.").format(port=args.port, reason=e.strerror),
                  file=sys.stderr)
            return 2
    try:
        import jupyterhub  # noqa: F401
        import nativeauthenticator  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError:
        print(t.gettext(NO_HUB), file=sys.stderr)
        return 2
    proxy = find_proxy()
    if proxy is None:
        print(t.gettext(NO_PROXY), file=sys.stderr)
        return 2
    state = Path(args.state).resolve() if args.state else default_state_dir()
    state.mkdir(parents=True, exist_ok=True)
    learners = learner_names(args.users)
    db_url = args.db_url or f"sqlite:///{state / 'class.sqlite3'}"
    config = write_config(state, ip=args.ip, port=args.port, lessons=keys, lang=lang,
                          learners=learners, db_url=db_url, proxy=proxy, notebooks=REPO_NOTEBOOKS,
                          cull_minutes=args.cull_minutes, log_level=args.log_level)
    hub = Hub(state, config, args.port)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        try:
            hub.start()
        except RuntimeError as e:
            print(t.gettext(HUB_FAILED).format(log=hub.log_path), file=sys.stderr)
            print(e, file=sys.stderr)
            return 1
        passwords = load_passwords(state, [TEACHER, *learners])
        for name, pw in passwords.items():
            reason = signup(hub.url, name, pw)
            if reason:
                print(t.gettext(SIGNUP_FAILED).format(name=name, reason=reason), file=sys.stderr)
                return 1
        host = args.ip if args.ip not in ("0.0.0.0", "", "::") else "127.0.0.1"
        url = f"http://{host}:{args.port}"
        print(banner(t, url, passwords, state), flush=True)
        if not args.no_browser:
            import webbrowser
            try:
                webbrowser.open(url + "/hub/login", new=2)
            except webbrowser.Error:
                pass
        while hub.proc.poll() is None:
            time.sleep(0.5)
        print(t.gettext(HUB_FAILED).format(log=hub.log_path), file=sys.stderr)
        print(hub.log_tail(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(t.gettext("Stopping the hub: every learner's server, the services, the proxy…"), flush=True)
        return 0
    finally:
        hub.stop()
        if hub.proc is not None and hub.proc.returncode is not None:
            print(t.gettext("The hub has stopped."), flush=True)
