"""The tutor's jupyter-server extension in a learner's single-user server on the hub.

The learner's server is JupyterHub's own (``jupyterhub-singleuser``: only its owner gets
in, through the hub's OAuth) running Voila's extension; this adds the room to it:

- every lesson page (Voila's ``/voila/render/...``) carries the class's script
  (`tutor/classroom/static/room.js`, the one-laptop class's), which shows the teacher's
  question and sends the learner's answer;
- ``canasta/room/question`` and ``canasta/room/answer``: what that script asks for and
  sends, passed on to the teacher's service with this server's hub token
  (``$JUPYTERHUB_API_TOKEN``, which carries the scope ``custom:canasta:learn``): the
  service learns *who* from the hub, never from the page;
- opening a page tells the service where the learner is.

`LearnerAuthorizer` (``ServerApp.authorizer_class`` in ``learner_server_config.py``) keeps
the rest of Jupyter's REST API closed even to the server's owner: the learner view needs
only its kernels (their websocket, their model, the kernel specs) and the server's
status; the files and contents (the shared lesson notebooks), sessions, terminals and
the rest answer 403, logged.

The kernels' own reports (every try at a task or question) go from the lesson's
tracker (`tutor.classroom.hub.report`). The service's address is ``$TUTOR_HUB_SERVICE``
(set by `tutor.classroom.hub.config`); without it the extension does nothing.
"""
from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

SERVICE_ENV = "TUTOR_HUB_SERVICE"
STATIC = Path(__file__).resolve().parents[1] / "static"
_background: set = set()          # reports on their way (a task nobody holds may be collected)


#: (resource, action) a learner's browser may use in its own server (the learner view).
ALLOWED = {("kernels", "read"), ("kernels", "execute"), ("kernelspecs", "read"), ("api", "read")}


def _authorizer_base():
    try:
        from jupyterhub.singleuser.extension import JupyterHubAuthorizer
        return JupyterHubAuthorizer
    except ImportError:                       # not on a hub (the tests): jupyter-server's own
        from jupyter_server.auth import Authorizer
        return Authorizer


class LearnerAuthorizer(_authorizer_base()):
    """JupyterHub's check (the owner's ``access:servers`` scope), and then only what the
    learner view needs (`ALLOWED`)."""

    def is_authorized(self, handler, user, action, resource):
        if (resource, action) not in ALLOWED:
            self.log.warning("Refused %s on %s to %s (the learner view does not use it)",
                             action, resource, getattr(user, "username", None))
            return False
        return super().is_authorized(handler, user, action, resource)


def _jupyter_server_extension_points():
    return [{"module": "tutor.classroom.hub.learner"}]


async def call_service(path: str, method: str = "GET", body: dict | None = None,
                       timeout: float = 10.0) -> tuple[int, dict]:
    """``(status, JSON)`` of the teacher's service, asked with this server's hub token."""
    base = os.environ.get(SERVICE_ENV, "").rstrip("/")
    token = os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not base or not token:
        return 503, {"error": "no teacher's service"}
    req = HTTPRequest(f"{base}/{path.lstrip('/')}", method=method,
                      headers={"Authorization": f"token {token}",
                               "Content-Type": "application/json"},
                      body=json.dumps(body or {}) if method != "GET" else None,
                      request_timeout=timeout)
    try:
        resp = await AsyncHTTPClient().fetch(req)
        return resp.code, json.loads(resp.body or b"{}")
    except HTTPClientError as e:
        try:
            return e.code, json.loads(e.response.body) if e.response is not None else {}
        except (ValueError, AttributeError):
            return e.code, {}
    except (OSError, asyncio.TimeoutError) as e:
        return 503, {"error": str(e)}


def _handlers():
    from jupyter_server.base.handlers import JupyterHandler

    class QuestionProxy(JupyterHandler):
        """The question on the screens for this learner (and whether the page's kernel is gone)."""

        @web.authenticated
        async def get(self):
            kernel = self.get_argument("kernel", "")
            asleep = bool(kernel) and kernel not in self.kernel_manager
            code, data = await call_service(f"api/question?asleep={int(asleep)}")
            self.set_header("Cache-Control", "no-store")
            self.set_status(code)
            self.finish(data)

    class AnswerProxy(JupyterHandler):
        @web.authenticated
        async def post(self):
            code, data = await call_service("api/answer", "POST", {
                "push": self.get_argument("push", ""), "answer": self.get_argument("answer", "")})
            self.set_status(code)
            self.finish(data)

    class RoomScript(JupyterHandler):
        @web.authenticated
        def get(self):
            self.set_header("Content-Type", "application/javascript; charset=utf-8")
            self.set_header("Cache-Control", "no-cache")
            self.finish((STATIC / "room.js").read_text(encoding="utf-8"))

    return QuestionProxy, AnswerProxy, RoomScript


def lesson_page_class():
    """Voila's page handler, with the class's script at the end of every page."""
    from voila.tornado.handler import TornadoVoilaHandler

    class HubLessonPage(TornadoVoilaHandler):
        @web.authenticated
        async def get(self, path=None):
            self.xsrf_token          # the cookie Voila's page sends back when it is left
            if path:
                task = asyncio.ensure_future(call_service("api/opened", "POST", {"page": path}))
                _background.add(task)
                task.add_done_callback(_background.discard)
            async for chunk in self.get_generator(path=path):
                self.write(chunk)
                self.flush()
            base = self.base_url
            self.write(f"<script src='{base}canasta/room/room.js' data-base='{base}canasta/' "
                       f"data-xsrf='{self.xsrf_token.decode()}' defer></script>")
            self.finish()

    return HubLessonPage


def _load_jupyter_server_extension(server_app):
    from jupyter_server.utils import url_path_join
    if not os.environ.get(SERVICE_ENV):
        server_app.log.info("tutor.classroom.hub.learner: no %s, nothing to add", SERVICE_ENV)
        return
    web_app = server_app.web_app
    base = web_app.settings["base_url"]
    question, answer, script = _handlers()
    web_app.add_handlers(".*$", [
        (url_path_join(base, "/canasta/room/question"), question),
        (url_path_join(base, "/canasta/room/answer"), answer),
        (url_path_join(base, "/canasta/room/room.js"), script),
    ])


async def _start_jupyter_server_extension(server_app):
    """Every extension is loaded now (Voila's too, whatever the order): Voila's page handler
    becomes `HubLessonPage`, with the arguments Voila gave it."""
    if not os.environ.get(SERVICE_ENV):
        return
    from voila.tornado.handler import TornadoVoilaHandler
    page = lesson_page_class()
    swapped = 0
    for host_rule in server_app.web_app.default_router.rules:
        for rule in getattr(host_rule.target, "rules", []):
            if rule.target is TornadoVoilaHandler:
                rule.target = page
                swapped += 1
    if not swapped:
        server_app.log.warning("tutor.classroom.hub.learner: Voila's page handler was not found;"
                               " the lesson pages will not show the teacher's questions")
