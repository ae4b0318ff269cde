"""The tutor on JupyterHub, without starting a hub (tutor/classroom/hub): the service's
database by URL, the hub configuration's roles and scopes, the kernel's progress reports,
the teacher's service's rules (with the hub's token check stood in for), and the command's
refusals. tests/browser/test_hub_browser.py starts a real hub."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest

from tutor.classroom.hub import config as hubconfig
from tutor.classroom.hub.report import MirroredStore, Reporter, mirrored
from tutor.classroom.hub.store import SqlStore, open_store, sqlite_path
from tutor.classroom.room import Room
from tutor.progress import ProgressStore


# ---- the service's database, by URL --------------------------------------------------------------

def test_sqlite_urls_open_the_class_store(tmp_path):
    assert sqlite_path(f"sqlite:///{tmp_path}/a.sqlite3") == tmp_path / "a.sqlite3"
    assert sqlite_path("sqlite:///class.sqlite3").name == "class.sqlite3"
    assert sqlite_path("postgresql://u@db/canasta") is None
    with pytest.raises(ValueError):
        sqlite_path("sqlite:///")
    store = open_store(f"sqlite:///{tmp_path}/class.sqlite3")
    assert isinstance(store, ProgressStore)          # the one-laptop class's own store
    assert (tmp_path / "class.sqlite3").exists()


@pytest.mark.parametrize("kind", ["progress", "sqlalchemy"])
def test_a_room_on_either_store(tmp_path, kind):
    """The room's rules on the default store and on SqlStore (SQLAlchemy, run on SQLite
    here: PostgreSQL is the same code through another URL)."""
    url = f"sqlite:///{tmp_path}/class.sqlite3"
    store = open_store(url) if kind == "progress" else SqlStore(url)
    room = Room(store=store, name="hub", code="-", teacher_password="x",
                lessons=("06-frozen-pile", "07-black-threes"), lang="en")
    for name in ("learner1", "learner2", "learner3"):
        store.join(name, name, room.name)
    store.join("other", "other", "another-class")
    assert [r["name"] for r in store.learners("hub")] == ["learner1", "learner2", "learner3"]
    assert store.learner_name("learner2") == "learner2"
    les = __import__("tutor.lessons", fromlist=["get"]).get("07")
    item = sorted(les.items())[0]
    assert store.record("learner1", les.key, item, "question", False) is False
    assert store.record("learner1", les.key, item, "question", True) is True
    assert store.record("learner1", les.key, item, "question", True) is True
    assert store.done("learner1", les.key) == {item}
    assert store.is_done("learner1", les.key, item)
    with pytest.raises(ValueError):
        store.record("learner1", les.key, item, "guess", True)
    room.opened("learner2", "06-frozen-pile")
    # first-try accuracy, tonight's lessons only: item missed first, another right first,
    # a question of a lesson not tonight not counted
    second_item = sorted(les.items())[1]
    store.record("learner1", les.key, second_item, "question", True)
    store.record("learner1", "01-cards", "quiz:any", "question", True)
    store.record("learner1", les.key, "task:any", "task", True)          # a task: not a question
    assert store.first_tries("learner1") == {les.key: (2, 1), "01-cards": (1, 1)}
    assert store.first_tries("learner1", les.key) == {les.key: (2, 1)}
    rows = {r["name"]: r for r in room.progress()}
    assert rows["learner1"]["first"] == (2, 1) and rows["learner2"]["first"] == (0, 0)
    assert rows["learner1"]["lessons"][les.key][0] == 2
    assert rows["learner1"]["place"] == les.key
    assert rows["learner2"]["place"] == "06-frozen-pile"
    les6, ex = room.questions()[0]
    push = room.push_exercise(les6.key, ex.id)
    room.answer("learner1", push, "legal")
    room.answer("learner2", push, "illegal")
    room.answer("learner3", push, "illegal")
    room.answer("learner3", push, "legal")              # a later answer replaces the first
    assert room.tally() == {"legal": 2, "illegal": 1}
    assert room.answer_of("learner3", push) == "legal"
    second = room.push_position(ex.position().to_text(), ex.move)
    assert second != push and room.current()["id"] == second and room.tally() == {"legal": 0, "illegal": 0}
    room.close_question()
    assert room.current() is None


# ---- the hub's configuration ---------------------------------------------------------------------

def _configured(**kw):
    from traitlets.config import Config
    c = Config()
    hubconfig.configure(c, notebooks="/opt/canasta/notebooks", lessons=["06-frozen-pile"], lang="sv",
                        db_url="sqlite:////srv/class.sqlite3", teachers=["anna"], **kw)
    return c


def test_the_hub_configuration_gives_the_teacher_role_to_teachers_only():
    c = _configured()
    roles = {r["name"]: r for r in c.JupyterHub.load_roles}
    access = f"access:services!service={hubconfig.SERVICE}"
    assert roles["canasta-teacher"]["scopes"] == [access]
    assert roles["canasta-teacher"]["groups"] == [hubconfig.TEACHERS]
    assert access not in roles["user"]["scopes"]            # a learner never reaches the view
    assert hubconfig.LEARN_SCOPE in roles["user"]["scopes"]
    assert c.JupyterHub.load_groups[hubconfig.TEACHERS]["users"] == ["anna"]
    assert hubconfig.LEARN_SCOPE in c.JupyterHub.custom_scopes
    # a server's token: the learn scope, and the teacher's access only where its user has it
    assert hubconfig.LEARN_SCOPE in c.Spawner.server_token_scopes
    assert c.Spawner.default_url == "/voila/render/sv/00-lessons.ipynb"
    assert c.Spawner.environment["TUTOR_HUB_SERVICE"].endswith("/services/canasta-teacher/")
    assert any(a.startswith("--config=") and a.endswith("learner_server_config.py")
               for a in c.Spawner.args)
    services = {s["name"]: s for s in c.JupyterHub.services}
    assert services["canasta-teacher"]["environment"]["TUTOR_HUB_DB_URL"] == "sqlite:////srv/class.sqlite3"
    assert "sqlite" not in " ".join(services["canasta-teacher"]["command"])   # not on a command line
    assert services["idle-culler"]["command"][2] == "jupyterhub_idle_culler"
    assert roles["canasta-idle-culler"]["services"] == ["idle-culler"]
    assert "--timeout=1800" in services["idle-culler"]["command"]


def test_the_configuration_keeps_a_hubs_own_roles_and_services():
    from traitlets.config import Config
    c = Config()
    c.JupyterHub.load_roles = [{"name": "graders", "scopes": ["list:users"], "users": ["bo"]}]
    c.JupyterHub.services = [{"name": "announcements", "url": "http://127.0.0.1:9999"}]
    c.Spawner.environment = {"TZ": "Europe/Helsinki"}
    hubconfig.configure(c, notebooks="/n", db_url="sqlite:////x.sqlite3")
    assert "graders" in {r["name"] for r in c.JupyterHub.load_roles}
    assert "announcements" in {s["name"] for s in c.JupyterHub.services}
    assert c.Spawner.environment["TZ"] == "Europe/Helsinki"


def test_the_learner_server_config_turns_off_lab_and_terminals():
    from traitlets.config.loader import PyFileConfigLoader
    c = PyFileConfigLoader("learner_server_config.py", path=str(hubconfig.HERE)).load_config()
    ext = c.ServerApp.jpserver_extensions
    assert ext["jupyterlab"] is False and ext["jupyter_server_terminals"] is False
    assert ext["voila"] is True and ext["tutor.classroom.hub.learner"] is True
    assert c.ServerApp.terminals_enabled is False
    assert c.ServerApp.authorizer_class == "tutor.classroom.hub.learner.LearnerAuthorizer"
    assert c.VoilaConfiguration.strip_sources is True
    assert "execute_request" not in c.MappingKernelManager.allowed_message_types
    assert "comm_msg" in c.MappingKernelManager.allowed_message_types
    # a page's kernel is the class's lighter one (no debugger; numpy and Pillow when used)
    assert c.ServerApp.kernel_spec_manager_class == "tutor.classroom.kernel.RoomKernelSpecManager"


def test_a_learners_server_opens_only_what_the_learner_view_uses():
    import logging
    from tutor.classroom.hub.learner import LearnerAuthorizer
    auth = LearnerAuthorizer.__new__(LearnerAuthorizer)        # no server: the policy alone
    parent = LearnerAuthorizer.__mro__[1]
    calls = []
    parent_ok = lambda self, h, u, a, r: calls.append((r, a)) or True   # noqa: E731
    auth.log = logging.getLogger("test")
    user = SimpleNamespace(username="learner1")
    orig = parent.is_authorized
    try:
        parent.is_authorized = parent_ok
        for resource, action in (("kernels", "execute"), ("kernels", "read"), ("api", "read")):
            assert auth.is_authorized(None, user, action, resource)
        for resource, action in (("contents", "read"), ("contents", "write"), ("files", "read"),
                                 ("sessions", "write"), ("terminals", "execute"), ("kernels", "write"),
                                 ("nbconvert", "read"), ("config", "write")):
            assert not auth.is_authorized(None, user, action, resource), (resource, action)
    finally:
        parent.is_authorized = orig
    assert calls == [("kernels", "execute"), ("kernels", "read"), ("api", "read")]   # the hub's check too


def test_teachers_land_on_their_view_learners_on_their_server():
    group = SimpleNamespace(name=hubconfig.TEACHERS)
    teacher = SimpleNamespace(current_user=SimpleNamespace(groups=[group]), base_url="/")
    learner = SimpleNamespace(current_user=SimpleNamespace(groups=[]), base_url="/")
    assert hubconfig.teacher_lands_on_the_view(teacher) == "/services/canasta-teacher/"
    assert hubconfig.teacher_lands_on_the_view(learner) == ""


def test_usernames_with_html_are_not_hub_names():
    import re
    pat = re.compile(hubconfig.USERNAME_PATTERN)
    assert pat.match("learner1") and pat.match("anna-lisa")
    for bad in ("<b>eve</b>", "Eve", "eve smith", "", "1eve", "a" * 33):
        assert not pat.match(bad), bad


# ---- the kernel's reports --------------------------------------------------------------------------

class _Service(BaseHTTPRequestHandler):
    got: list = []
    status = 200

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).got.append((self.path, self.headers["Authorization"], body))
        self.send_response(type(self).status)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture()
def service():
    _Service.got, _Service.status = [], 200
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Service)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/services/canasta-teacher/", _Service
    httpd.shutdown()


def test_progress_is_kept_and_reported_with_the_servers_token(tmp_path, service):
    url, svc = service
    local = ProgressStore(tmp_path / "mine.sqlite3")
    assert mirrored(local, environ={}) is local                  # not on a hub: as it was
    store = mirrored(local, environ={"TUTOR_HUB_SERVICE": url, "JUPYTERHUB_API_TOKEN": "tok123"})
    assert isinstance(store, MirroredStore)
    store.record("me", "07-black-threes", "quiz:x", "question", True)
    store.set_place("me", "06-frozen-pile")
    assert store.reporter.flush()
    assert local.done("me", "07-black-threes") == {"quiz:x"}     # the learner's own store first
    assert [(p, a) for p, a, _ in svc.got] == [("/services/canasta-teacher/api/progress", "token tok123"),
                                               ("/services/canasta-teacher/api/place", "token tok123")]
    assert svc.got[0][2] == {"lesson": "07-black-threes", "item": "quiz:x", "kind": "question", "right": True,
                             "counts": True}
    assert "learner" not in svc.got[0][2]           # who it is, the hub says from the token


def test_a_refused_report_is_not_retried_and_loses_nothing_locally(tmp_path, service):
    url, svc = service
    svc.status = 403
    local = ProgressStore(tmp_path / "mine.sqlite3")
    rep = Reporter(url, "tok")
    store = MirroredStore(local, rep)
    store.record("me", "07-black-threes", "quiz:y", "question", True)
    assert rep.flush()
    assert rep.failed == 1 and len(svc.got) == 1
    assert local.done("me", "07-black-threes") == {"quiz:y"}


# ---- the teacher's service, with the hub's token check stood in for -----------------------------------

@pytest.fixture()
def service_app(tmp_path, monkeypatch):
    """The service's tornado app, its users given by a dict of token -> hub model (what the
    hub's /hub/api/user answers for a token: its user, kind and scopes)."""
    import jupyterhub  # noqa: F401 - the [hub] extra (in [test]): missing, this fails
    from jupyterhub.services.auth import HubAuth
    from tutor.classroom.hub import service as svc
    tokens = {
        # a teacher's server token: every user holds the learn scope, a teacher the access too
        "t-teacher": {"name": "anna", "kind": "user",
                      "scopes": [f"access:services!service={hubconfig.SERVICE}", hubconfig.LEARN_SCOPE]},
        "t-l1": {"name": "learner1", "kind": "user", "scopes": [hubconfig.LEARN_SCOPE]},
        "t-l1-teacherish": {"name": "learner1", "kind": "user", "scopes": [hubconfig.LEARN_SCOPE, "read:users"]},
    }

    def get_user(self, handler, **kw):
        auth = handler.request.headers.get("Authorization", "")
        model = tokens.get(auth.partition(" ")[2])
        if model:
            handler._token_authenticated = True
            return dict(model)
        return None

    monkeypatch.setattr(HubAuth, "get_user", get_user)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "service-token")
    monkeypatch.setenv("JUPYTERHUB_API_URL", "http://127.0.0.1:1/hub/api")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/canasta-teacher/")
    monkeypatch.setenv("JUPYTERHUB_OAUTH_ACCESS_SCOPES", json.dumps([f"access:services!service={hubconfig.SERVICE}"]))
    monkeypatch.setenv("JUPYTERHUB_CLIENT_ID", "service-canasta-teacher")
    from tutor.classroom.hub.store import open_store as _open
    room = Room(store=_open(f"sqlite:///{tmp_path}/class.sqlite3"), name="hub", code="-",
                teacher_password="x", lessons=("06-frozen-pile", "07-black-threes"), lang="en")
    HubAuth.clear_instance()
    yield svc.make_app(room), room
    HubAuth.clear_instance()


def _fetch(app, path, token, method="GET", body=None):
    import asyncio
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError
    from tornado.httpserver import HTTPServer
    from tornado.testing import bind_unused_port

    async def go():
        sock, port = bind_unused_port()
        server = HTTPServer(app)
        server.add_sockets([sock])
        try:
            resp = await AsyncHTTPClient().fetch(
                f"http://127.0.0.1:{port}/services/canasta-teacher/{path}", method=method,
                headers={"Authorization": f"token {token}"} if token else {},
                body=json.dumps(body) if body is not None else None, follow_redirects=False)
            return resp.code, resp.body.decode()
        except HTTPClientError as e:
            return e.code, e.response.body.decode() if e.response is not None else ""
        finally:
            server.stop()
    return asyncio.run(go())


def test_the_service_tells_learners_and_teachers_apart(service_app, caplog):
    app, room = service_app
    code, body = _fetch(app, "api/opened", "t-l1", "POST", {"page": "07-black-threes.ipynb"})
    assert code == 200, body
    code, body = _fetch(app, "api/progress", "t-l1", "POST",
                        {"lesson": "07-black-threes", "item": "quiz:q1", "kind": "question", "right": True})
    assert code == 200, body
    assert room.store.done("learner1", "07-black-threes") == {"quiz:q1"}
    # the teacher's own server reports too, but the teacher is not a learner of the class
    code, body = _fetch(app, "api/opened", "t-teacher", "POST", {"page": "00-lessons.ipynb"})
    assert code == 200 and json.loads(body)["teacher"] is True
    code, body = _fetch(app, "api/class", "t-teacher")
    assert code == 200
    cls = json.loads(body)
    assert [r["name"] for r in cls["learners"]] == ["learner1"]
    assert cls["learners"][0]["place"] == "07-black-threes"
    # a learner on the teacher's API: 403, in words, logged
    with caplog.at_level("WARNING"):
        for token in ("t-l1", "t-l1-teacherish"):
            code, body = _fetch(app, "api/class", token)
            assert code == 403 and json.loads(body)["error"] == "This is the teacher's view: it is not open to you."
            code, body = _fetch(app, "teacher/push", token, "POST", {})
            assert code == 403
    assert "Refused GET /services/canasta-teacher/api/class to user 'learner1'" in caplog.text
    # nobody: 403 on the API too (no token, a wrong one)
    assert _fetch(app, "api/class", None)[0] in (302, 403)
    assert _fetch(app, "api/question", "nope")[0] in (302, 403)


def test_the_service_refuses_bad_reports_in_words(service_app):
    app, room = service_app
    code, body = _fetch(app, "api/progress", "t-l1", "POST",
                        {"lesson": "99-nothing", "item": "x", "kind": "task", "right": True})
    assert code == 400
    code, body = _fetch(app, "api/answer", "t-l1", "POST", {"push": "1", "answer": "legal"})
    assert code == 400 and json.loads(body)["error"] == "There is no question on the screens now."
    les, ex = room.questions()[0]
    push = room.push_exercise(les.key, ex.id)
    code, body = _fetch(app, "api/answer", "t-l1", "POST", {"push": str(push), "answer": "<b>maybe</b>"})
    assert code == 400 and json.loads(body)["error"] == "Answer with Legal or Illegal."
    code, body = _fetch(app, "api/answer", "t-l1", "POST", {"push": str(push), "answer": "illegal"})
    assert code == 200 and "You said: Illegal." in json.loads(body)["html"]
    assert room.tally() == {"legal": 0, "illegal": 1}
    code, body = _fetch(app, "api/question", "t-l1")
    state = json.loads(body)
    assert code == 200 and state["key"].startswith(f"{push}:illegal")


# ---- the command -----------------------------------------------------------------------------------

def test_the_command_says_what_is_missing(monkeypatch, capsys, tmp_path):
    from tutor.classroom import hub
    assert hub.main(["--users", "0"]) == 2
    assert "--users must be between 1 and 200" in capsys.readouterr().err
    assert hub.main(["--lessons", "99"]) == 2
    monkeypatch.setattr(hub, "find_proxy", lambda: None)
    import jupyterhub  # noqa: F401
    import socket
    with socket.socket() as free:            # the port is checked first: give a free one
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert hub.main(["--port", str(port), "--state", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "configurable-http-proxy" in err and "npm install" in err


def test_the_command_refuses_a_port_in_use(capsys, tmp_path):
    import socket
    from tutor.classroom import hub
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert hub.main(["--port", str(port), "--state", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"could not listen on port {port}" in err and "--port" in err


def test_the_trial_config_file_is_two_readable_calls(tmp_path):
    from tutor.classroom import hub
    path = hub.write_config(tmp_path, ip="127.0.0.1", port=8000, lessons=["06-frozen-pile"], lang="en",
                            learners=["learner1"], db_url=f"sqlite:///{tmp_path}/class.sqlite3",
                            proxy="/x/configurable-http-proxy", notebooks=tmp_path, cull_minutes=30.0)
    from traitlets.config import Config
    c = Config()
    exec(compile(path.read_text(), str(path), "exec"), {"c": c})
    assert c.JupyterHub.port == 8000
    assert c.JupyterHub.spawner_class == "jupyterhub.spawner.SimpleLocalProcessSpawner"
    assert c.JupyterHub.authenticator_class == "tutor.classroom.hub.config.CanastaAuthenticator"
    assert c.Authenticator.admin_users == {"teacher"}
    assert c.ConfigurableHTTPProxy.command == ["/x/configurable-http-proxy"]
    # the learners' servers start from this environment even where its bin is not on PATH
    # (`.venv/bin/python -m tutor hub`): JupyterHub's command beside this Python
    import sys
    from pathlib import Path as _Path
    (cmd,) = c.Spawner.cmd
    assert _Path(cmd) == _Path(sys.executable).with_name("jupyterhub-singleuser") and _Path(cmd).is_file()


def test_passwords_are_kept_for_the_next_start(tmp_path):
    from tutor.classroom import hub
    first = hub.load_passwords(tmp_path, ["teacher", "learner1"])
    assert hub.load_passwords(tmp_path, ["teacher", "learner1"]) == first
    assert oct((tmp_path / "passwords.json").stat().st_mode & 0o777) == "0o600"
    assert len(set(first.values())) == 2


# ---- what docs/HUB.md ships for The Littlest JupyterHub and Zero to JupyterHub ------------------------

def test_the_tljh_snippet_configures_a_hub():
    from traitlets.config import Config
    from tutor.classroom.hub.config import REPO_DEPLOY
    c = Config()
    exec(compile((REPO_DEPLOY / "tljh" / "canasta.py").read_text(), "canasta.py", "exec"), {"c": c})
    assert c.Spawner.default_url == "/voila/render/00-lessons.ipynb"
    assert "idle-culler" not in {s["name"] for s in c.JupyterHub.services}     # TLJH culls
    service = next(s for s in c.JupyterHub.services if s["name"] == "canasta-teacher")
    assert service["command"][0] == "/opt/tljh/hub/bin/python"


def test_the_z2jh_values_are_yaml_and_their_extra_config_runs(monkeypatch):
    import yaml
    from traitlets.config import Config
    from tutor.classroom.hub.config import REPO_DEPLOY
    values = yaml.safe_load((REPO_DEPLOY / "z2jh" / "values.yaml").read_text())
    assert values["singleuser"]["memory"]["limit"] == "512M"
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] == 1800
    assert values["hub"]["service"]["extraPorts"][0]["port"] == 10101
    monkeypatch.setenv("TUTOR_HUB_DB_URL", "postgresql://canasta@db/canasta")
    c = Config()
    for snippet in values["hub"]["extraConfig"].values():
        exec(compile(snippet, "extraConfig", "exec"), {"c": c})
    service = next(s for s in c.JupyterHub.services if s["name"] == "canasta-teacher")
    assert service["url"] == "http://hub:10101"
    assert service["environment"]["TUTOR_HUB_DB_URL"] == "postgresql://canasta@db/canasta"
    assert c.Spawner.environment["TUTOR_HUB_SERVICE"] == "http://hub:10101/services/canasta-teacher/"
    assert "--config=/opt/canasta/tutor/classroom/hub/learner_server_config.py" in c.Spawner.args
    for name in ("Dockerfile", "Dockerfile.hub"):
        text = (REPO_DEPLOY / "z2jh" / name).read_text()
        assert "/opt/canasta" in text and "pip install" in text


def test_the_hubs_teacher_has_the_screen_for_the_projector_and_learners_do_not(service_app):
    app, room = service_app
    code, body = _fetch(app, "teacher/screen", "t-teacher")
    assert code == 200 and "/hub/login" in body and "id='screen'" in body
    les, ex = room.questions()[0]
    room.push_exercise(les.key, ex.id, seconds=30)
    code, body = _fetch(app, "teacher/screen/state", "t-teacher")
    state = json.loads(body)
    assert code == 200 and "<svg" in state["html"] and "seconds left" in state["html"]
    assert "screen-ruling" not in state["html"]
    for path in ("teacher/screen", "teacher/screen/state"):
        assert _fetch(app, path, "t-l1")[0] == 403
