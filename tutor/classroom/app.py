"""The class server: Voila serving the lesson notebooks to a room, with the room's guards.

`RoomApp` is Voila's own application (``voila DIR``: the notebooks in the learner view,
no code, one kernel per page) with what a room adds:

- jupyter-server 2's identity and authorization (`auth`): the room code or the teacher
  password, and each kernel reachable by its owner only;
- a kernel manager that starts a page's kernel for the person asking, or gives a learner
  one of Voila's preheated kernels and tells that kernel who its learner is (`kernels`);
- its own page handlers (`pages`): joining, the teacher's view, the question on screens;
- Voila's handlers narrowed: notebooks are rendered only from the top of the lesson folder
  and of its language folders (the teacher's notebook only for the teacher), the notebook
  tree, the contents listing and the raw files are not served, and even Voila's static
  files need the room cookie.

Settings Voila already has are used as they are: ``strip_sources`` (no code on the page),
tracebacks hidden, and its kernel manager's message filter (a page's front end may send
widget messages, never ``execute_request``).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import socket
import sys
import webbrowser
from pathlib import Path

import tornado.ioloop
import tornado.web
from tornado import web
from traitlets import Instance, Unicode
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from . import pages
from .auth import RoomAuthorizer, RoomIdentityProvider, is_teacher
from .kernels import RoomKernelManager, starting_for

#: Notebooks of the lesson folder a learner may not open (the teacher's notes).
TEACHER_ONLY = ("teacher.ipynb",)
#: A page of the lesson folder: a notebook at its top (English) or in a language's folder.
_PAGE = re.compile(r"^(?:(?P<lang>[a-z]{2})/)?(?P<name>[^/\\.][^/\\]*\.ipynb)$")
_LESSON = re.compile(r"^(\d\d)-[^/]+\.ipynb$")
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class _TakingFor:
    """The kernel manager as one page request sees it: a preheated kernel that Voila takes
    for this request (``get_rendered_notebook``) becomes the requester's at once
    (`RoomKernelManager.give`). Everything else is the kernel manager's own."""

    def __init__(self, km, user):
        self._km, self._user = km, user

    def __getattr__(self, name):
        return getattr(self._km, name)

    async def get_rendered_notebook(self, *args, **kwargs):
        # Voila refills the pool after `fill_delay`, read as it takes the page: replacements
        # start one after the other once the rush is over (RoomKernelManager.refill_*)
        self._km.fill_delay = self._km.next_refill_delay()
        render_task, rendered, kernel_id = await self._km.get_rendered_notebook(*args, **kwargs)
        self._km.give(kernel_id, self._user)
        return render_task, rendered, kernel_id


class RoomVoilaHandler(pages.InRoom, TornadoVoilaHandler):
    """Voila's page handler, for one person: which notebooks, whose kernel, the room script."""

    @property
    def kernel_manager(self):
        return _TakingFor(self.settings["kernel_manager"], self.current_user)

    @web.authenticated
    async def get(self, path=None):
        app = self.settings["tutor_app"]
        user = self.current_user
        if not app.may_open(path, user):
            raise web.HTTPError(404)
        room = self.settings["tutor_room"]
        m = _LESSON.match(path.rsplit("/", 1)[-1])
        if m and not is_teacher(user):
            key = next((k for k in app.lesson_keys() if k.startswith(m.group(1) + "-")), None)
            if key:
                room.opened(user.username, key)
        self.xsrf_token                 # sets the cookie Voila's page sends when it is left
        token = starting_for.set(user)
        try:
            async for chunk in self.get_generator(path=path):
                self.write(chunk)
                self.flush()
        finally:
            starting_for.reset(token)
        self.write(app.room_script(self))
        self.finish()

    def write_error(self, status_code, **kwargs):
        pages.RoomHandler.write_error(self, status_code, **kwargs)


class RoomKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """The kernel's websocket, in the protocol Voila's front end speaks (v1) only.

    Voila's handler reads the header of every binary message it forwards as v1; a client
    asking for the older protocol gets binary messages (a canvas redraw) in another
    layout, which Voila's reading turns into a loop that stops the whole server. One
    learner's odd client must not stop the class: the older protocol is refused."""

    async def get(self, kernel_id):
        offered = [p.strip() for p in self.request.headers.get("Sec-WebSocket-Protocol", "").split(",")]
        if WS_PROTOCOL not in offered:
            raise web.HTTPError(400, "the kernel protocol v1 is needed")
        return await super().get(kernel_id)


class RoomShutdownHandler(pages.RoomHandler):
    """Voila's page sends this when it is closed: shut the kernel down, if it is yours."""

    @web.authenticated
    async def post(self, kernel_id):
        if self.kernel_manager.owner(kernel_id) != self.current_user.username:
            raise web.HTTPError(403)
        await self.kernel_manager.shutdown_kernel(kernel_id)
        self.set_status(204)
        self.finish()


class KernelHandshakeHandler(tornado.web.RequestHandler):
    """A preheated kernel asks who its learner is (its last cell, ``page.ready()``), with the
    one-time key it was started with: answered once a learner's page has taken it, never
    for another kernel's key (`RoomKernelManager.handshake`)."""

    async def get(self, kernel_id):
        km = self.settings["kernel_manager"]
        try:
            answer = await km.handshake(kernel_id, self.request.headers.get("X-Tutor-Kernel-Key", ""))
        except asyncio.CancelledError:                  # the kernel went away meanwhile
            answer = None
        self.set_header("Cache-Control", "no-store")
        if answer is None:
            self.set_status(204)
            self.finish()
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(answer))


class _MembersOnly:
    """For Voila's static-file handlers (tornado's, with no login): the room cookie first."""

    def prepare(self):
        if self.settings["identity_provider"].get_user(self) is None:
            raise web.HTTPError(403)
        return super().prepare()


class RoomApp(Voila):
    """``voila <lesson folder>`` for a room (see the module doc)."""

    name = "tutor-class"
    room = Instance("tutor.classroom.room.Room")
    join_url_host = Unicode("")              # the address printed for learners

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._once = secrets.token_urlsafe(16)

    # ---- what is served ---------------------------------------------------------------------
    def may_open(self, path: str | None, user) -> bool:
        """A notebook at the top of the lesson folder or in a language's folder (the lesson
        list's language links lead there); the teacher's notebook for the teacher only."""
        from ..i18n import LANGUAGES
        m = _PAGE.match(path or "")
        if m is None or (m["lang"] and m["lang"] not in LANGUAGES):
            return False
        if m["name"] in TEACHER_ONLY and not is_teacher(user):
            return False
        return (Path(self.root_dir) / path).is_file()

    def lesson_list_url(self) -> str:
        """The lessons' own list page in the room's language (tutor.lessons.serve's
        start page), else theirs in English, else a plain list of ours."""
        from ..lessons.serve import LIST, start_page
        for page in (start_page(self.room.lang), LIST):
            if (Path(self.root_dir) / page).is_file():
                return "/voila/render/" + page
        return "/lessons"

    def lesson_notebooks(self) -> list[tuple[str, str, str]]:
        """(number, title, file) of the lesson notebooks in the folder, in order."""
        from .room import lesson
        out = []
        for path in sorted(Path(self.root_dir).glob("[0-9][0-9]-*.ipynb")):
            number = path.name[:2]
            if number == "00":                  # the lessons' own list
                continue
            try:
                title = lesson(number, self.room.lang).title
            except KeyError:
                title = path.stem
            out.append((number, f"{int(number)}. {title}", path.name))
        return out

    def lesson_keys(self) -> list[str]:
        from .. import lessons
        return [les.key for les in lessons.load_lessons()]

    def room_script(self, handler) -> str:
        return (f"<script src='{handler.base_url}room/room.js' data-base='{handler.base_url}' "
                f"data-xsrf='{handler.xsrf_token.decode()}' defer></script>")

    def use_once_key(self, key: str) -> bool:
        """The teacher's one-time link (opened in the teacher's browser at start): once only."""
        if self._once and secrets.compare_digest(key, self._once):
            self._once = ""
            return True
        return False

    # ---- Voila's settings and handlers, for a room ------------------------------------------
    def init_settings(self):
        settings = super().init_settings()
        settings["tutor_room"] = self.room
        settings["tutor_app"] = self
        return settings

    def init_handlers(self):
        from voila.app import _kernel_id_regex
        keep = []
        dropped = ("/voila/tree", "/voila/api/contents", "/voila/files/", "/voila/render/",
                   "/voila/api/shutdown/", "/voila/query/")     # preheated kernels ask the room
        for spec in super().init_handlers():
            pattern, cls = spec[0], spec[1]
            if pattern.rstrip("/") == self.server_url.rstrip("/") or any(d in pattern for d in dropped):
                continue
            if cls is VoilaKernelWebsocketHandler:
                spec = (pattern, RoomKernelWebsocketHandler, *spec[2:])
            elif isinstance(cls, type) and issubclass(cls, tornado.web.StaticFileHandler):
                cls = type(f"Room{cls.__name__}", (_MembersOnly, cls), {})
                spec = (pattern, cls, *spec[2:])
            keep.append(spec)
        j = self.server_url.rstrip("/")
        ours = [
            (j + "/", pages.RootHandler),
            (j + "/lessons", pages.LessonListHandler),
            (j + "/teacher", pages.TeacherHandler),
            (j + "/teacher/state", pages.TeacherStateHandler),
            (j + "/teacher/screen", pages.TeacherScreenHandler),
            (j + "/teacher/screen/state", pages.TeacherScreenStateHandler),
            (j + r"/teacher/(handouts|answers)\.pdf", pages.HandoutsHandler),
            (j + r"/teacher/(push|position|reveal|close|remove)", pages.TeacherActionHandler),
            (j + "/room/question", pages.QuestionHandler),
            (j + "/room/answer", pages.AnswerHandler),
            (j + "/room/room.js", pages.RoomScriptHandler),
            (j + r"/room/kernel/%s" % _kernel_id_regex, KernelHandshakeHandler),
            (j + r"/voila/api/shutdown/%s" % _kernel_id_regex, RoomShutdownHandler),
            (j + r"/voila/render/(.*)", RoomVoilaHandler,
             {"template_paths": self.template_paths, "config": self.config,
              "voila_configuration": self.voila_configuration}),
        ]
        return ours + keep

    # ---- starting and stopping ------------------------------------------------------------------
    def join_addresses(self) -> list[str]:
        hosts = [self.join_url_host] if self.join_url_host else _addresses(self.ip)
        return [f"http://{h}:{self.port}{self.base_url}" for h in hosts]

    def listen(self):
        """Voila's listen, with the room's banner and the teacher's page opened."""
        try:
            self.app.listen(self.port, self.ip)
        except OSError as e:
            from ..i18n import translator
            t = translator(self.room.lang)
            print(t.gettext("error: could not listen on port {port}: {reason}. "
                            "Choose another with --port.").format(port=self.port, reason=e.strerror),
                  file=sys.stderr)
            self.exit(2)
        print(banner(self), flush=True)
        if self.open_browser:
            url = f"http://127.0.0.1:{self.port}{self.base_url}teacher/login?once={self._once}"
            try:
                webbrowser.open(url, new=2)
            except webbrowser.Error:
                pass
        self.ioloop = tornado.ioloop.IOLoop.current()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:
            pass
        finally:
            from ..i18n import translator
            print(translator(self.room.lang).gettext("Stopping the class: closing every learner's "
                                                     "page…"), flush=True)
            self.stop()
            print(translator(self.room.lang).gettext("The class has stopped."), flush=True)


def banner(app: RoomApp) -> str:
    from ..i18n import translator
    t = translator(app.room.lang)
    lines = [t.gettext("The Canasta class is open."), "",
             t.gettext("Learners open this address and type the room code:")]
    lines += [f"    {a}" for a in app.join_addresses()]
    lines += ["", t.gettext("Room code: {code}").format(code=app.room.code),
              t.gettext("Teacher's view: {url}").format(
                  url=f"http://127.0.0.1:{app.port}{app.base_url}teacher"),
              t.gettext("Teacher password: {password}").format(password=app.room.teacher_password),
              "", t.gettext("Stop the class with Ctrl-C.")]
    return "\n".join(lines)


def _addresses(ip: str) -> list[str]:
    """Addresses learners can type: the one bound, or this machine's own (no traffic sent)."""
    if ip not in ("", "0.0.0.0", "::"):
        return [ip]
    found = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found or [socket.gethostname()]


def pool_pages(notebooks: Path, lang: str, lessons, expect: int) -> dict:
    """{page: kernels kept ready}: the pages learners open first, in the room's language.
    The lesson list and tonight's first lesson, `expect` each (everybody arrives at once),
    tonight's other lessons a few each (learners reach them one by one; Voila refills)."""
    from ..lessons.serve import LIST, start_page
    if expect <= 0:
        return {}
    folder = Path(notebooks)
    where = f"{lang}/" if lang != "en" and (folder / lang).is_dir() else ""
    pages = {}
    for page in (start_page(lang), LIST):
        if (folder / page).is_file():
            pages[page] = expect
            break
    for i, key in enumerate(lessons):
        for page in (f"{where}{key}.ipynb", f"{key}.ipynb"):
            if (folder / page).is_file():
                pages[page] = expect if i == 0 else min(expect, 3)
                break
    return pages


def make_app(room, notebooks: Path, *, port: int, ip: str, open_browser: bool,
             cull_minutes: float, log_level: str = "WARN", expect: int = 0) -> RoomApp:
    """A RoomApp configured for `room`, serving the notebooks of the folder `notebooks`:
    the learner view's Voila settings (``tutor.lessons.serve.voila_config``: no code, no
    tracebacks), with Voila's preheated kernels for the pages learners open first
    (`pool_pages`, `expect` learners: 0 for none; a preheated kernel learns its learner when
    it is taken, see `kernels`), and with the room's guards."""
    from ..lessons.serve import voila_config
    c = voila_config(notebooks, room.lang,
                     preheat=pool_pages(notebooks, room.lang, room.lessons, expect))
    # refill a pool once the rush is over, one page after the other: kernels starting while
    # thirty learners' pages load would slow every page (RoomKernelManager.next_refill_delay)
    c.VoilaKernelManager.fill_delay = 20.0
    c.Voila.port = port
    c.Voila.port_retries = 0
    c.Voila.ip = ip
    c.Voila.open_browser = open_browser
    c.Voila.log_level = log_level
    c.Voila.identity_provider_class = RoomIdentityProvider
    # who a learner is: the signed cookie of their join, kept by the browser for a month and
    # signed with the room's own key (the same --room started again knows its learners)
    c.Voila.cookie_secret = room.cookie_secret()
    c.RoomIdentityProvider.cookie_options = {"expires_days": 30}
    c.Voila.authorizer_class = RoomAuthorizer
    c.VoilaConfiguration.multi_kernel_manager_class = RoomKernelManager
    # the pages' kernels without what a page with no code cannot use (tutor/classroom/kernel.py)
    c.VoilaConfiguration.kernel_spec_manager_class = "tutor.classroom.kernel.RoomKernelSpecManager"
    c.VoilaConfiguration.file_allowlist = []          # no files of the folder, only pages
    c.VoilaConfiguration.http_header_envs = []
    idle = max(1, int(cull_minutes * 60))
    c.RoomKernelManager.cull_idle_timeout = idle
    c.RoomKernelManager.cull_closed_timeout = min(idle, 120)
    c.RoomKernelManager.cull_interval = max(1, min(60, idle // 4))
    c.RoomKernelManager.cull_busy = False
    app = RoomApp(config=c, room=room)
    os.environ["TUTOR_LANG"] = room.lang
    app.initialize([str(notebooks)])
    return app
