"""The teacher's view on a JupyterHub: a hub service (``canasta-teacher``) behind the hub's OAuth.

    python -m tutor.classroom.hub.service --lessons 5-8 --lang sv --port 10101

is started by the hub (`tutor.classroom.hub.config` names it in ``c.JupyterHub.services``),
under ``/services/canasta-teacher/``. It is the one-laptop class's room
(`tutor.classroom.room.Room`: progress through tonight's lessons, a question on every
screen, its tally) and the class's teacher's view (`tutor.classroom.pages.TeacherView`),
with JupyterHub in place of the room code and the teacher password:

- **the teacher's pages** (``teacher``, ``teacher/state``, ``teacher/<action>``,
  ``api/class``) are for a hub user whose token holds
  ``access:services!service=canasta-teacher`` (the role ``canasta-teacher``, given to the
  group ``teachers``): JupyterHub's `HubOAuthenticated` checks it, a learner gets 403,
  in words, and the refusal is logged;
- **the learners' API** (``api/question``, ``api/answer``, ``api/progress``,
  ``api/place``, ``api/opened``) takes the hub token of a learner's server (scope
  ``custom:canasta:learn``): the learner is whoever the hub says owns that token.

The class is kept in one database named by a URL (``--db-url``, or
``$TUTOR_HUB_DB_URL``): SQLite by default, PostgreSQL where the hub has one
(`tutor.classroom.hub.store`).
"""
from __future__ import annotations

import argparse
import html
import json
import logging
import os
import re
import secrets
import sys

import threading

from tornado import ioloop, web

from ...i18n import N_
from ...progress import KINDS, jupyter_data_dir
from .config import LEARN_SCOPE, SERVICE, service_prefix

log = logging.getLogger("tutor.hub.service")
HUB_LOGIN = N_("Learners log in at this address, each with their own name and password:")
ONLY_TEACHER = N_("This is the teacher's view: it is not open to you.")
_LESSON_PAGE = re.compile(r"^(?:[a-z]{2}/)?(\d\d)-[^/]+\.ipynb$")


def _hub_handlers():
    from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed

    from .. import pages
    from ..room import RoomError

    class ServiceHandler(HubOAuthenticated, pages.RoomPage, web.RequestHandler):
        """A handler of the service: the room, the hub's OAuth, refusals in words and logged."""

        @property
        def base_url(self) -> str:
            return self.settings["prefix"]

        def check_hub_user(self, model):
            try:
                return super().check_hub_user(model)
            except UserNotAllowed:
                log.warning("Refused %s %s to %s %r: the token lacks %s", self.request.method,
                            self.request.path, model.get("kind", "user"), model.get("name"),
                            " or ".join(sorted(self.hub_scopes or [])))
                raise

        def read_json(self) -> dict:
            try:
                data = json.loads(self.request.body or b"{}")
            except ValueError:
                raise web.HTTPError(400, "not JSON") from None
            if not isinstance(data, dict):
                raise web.HTTPError(400, "not a JSON object")
            return data

        def write_error(self, status_code, **kwargs):
            if "/api/" in self.request.path:
                t = self.t
                text = {403: t.gettext(ONLY_TEACHER) if self.teacher_only else
                        t.gettext("This page is not open to you."),
                        404: t.gettext("There is no such page in this room.")}.get(
                    status_code, t.gettext("Something went wrong on the teacher's computer. "
                                           "Reload the page to try again."))
                self.set_header("Content-Type", "application/json")
                self.finish(json.dumps({"error": text}))
                return
            if status_code == 403 and self.teacher_only:
                text = self.t.gettext(ONLY_TEACHER)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(pages.page(text, f"<h1>{html.escape(text)}</h1>", self.room.lang))
                return
            pages.RoomPage.write_error(self, status_code, **kwargs)

        teacher_only = True

    class TeacherPage(pages.TeacherView, ServiceHandler):
        """The class's teacher's view, its first card saying how learners come in on the hub."""

        def intro_html(self, w) -> str:
            room = self.room
            hub = os.environ.get("JUPYTERHUB_BASE_URL", "/")
            login = f"{self.request.protocol}://{self.request.host}{hub}hub/login"
            from ...lessons.serve import start_page
            lessons_url = f"{hub}hub/user-redirect/voila/render/{start_page(room.lang)}"
            return (f"<div class='card'><p>{w[HUB_LOGIN]}</p>"
                    f"<ul><li><code id='hub-login'>{html.escape(login)}</code></li></ul>"
                    f"<p class='muted'>{w.fmt('Tonight: {lessons}', lessons=', '.join(pages._lesson_titles(room)) or '—')}"
                    f" · <a href='{self.url('/teacher/screen')}' target='_blank' id='open-screen'>"
                    f"{w['Open the screen for the projector']}</a>"
                    f" · <a href='{html.escape(lessons_url)}' target='_blank'>{w['The lessons']}</a></p></div>")

        def join_info(self):
            hub = os.environ.get("JUPYTERHUB_BASE_URL", "/")
            return HUB_LOGIN, [f"{self.request.protocol}://{self.request.host}{hub}hub/login"], None

        @web.authenticated
        def get(self):
            self.send_view()

    class TeacherScreen(TeacherPage):
        @web.authenticated
        def get(self):
            self.send_screen()

    class TeacherScreenState(TeacherPage):
        @web.authenticated
        def get(self):
            self.send_json(self.screen_state())

    class TeacherState(TeacherPage):
        @web.authenticated
        def get(self):
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(self.state_html())

    class TeacherAction(TeacherPage):
        @web.authenticated
        def post(self, action):
            try:
                if not self.question_action(action):
                    raise web.HTTPError(404)
            except RoomError as e:
                self.send_view(e, status=400)
                return
            log.info("Teacher %s: %s", self.current_user["name"], action)
            self.redirect(self.url("/teacher"))

    class ClassAPI(ServiceHandler):
        """The class as JSON, for the teacher (scripts, tests)."""

        @web.authenticated
        def get(self):
            room = self.room
            q = room.current()
            self.send_json({"learners": [{k: r[k] for k in ("id", "name", "place", "lessons")}
                                         for r in room.progress()],
                            "question": None if q is None else {"id": q["id"], "move": q["move"]},
                            "tally": room.tally()})

    class LearnerAPI(ServiceHandler):
        """What a learner's server and kernel send and ask, with their hub token."""

        teacher_only = False

        @property
        def hub_scopes(self):
            return {LEARN_SCOPE}

        @property
        def learner(self) -> str:
            user = self.current_user
            if user.get("kind", "user") != "user":
                raise web.HTTPError(403)
            return user["name"]

        @property
        def is_teacher(self) -> bool:
            """A teacher's own server reports too (the teacher opens the lessons): the
            token of a teacher's server holds the service's access scope (the server's
            token scopes are those the user holds, of ``config.configure``'s list)."""
            return f"access:services!service={SERVICE}" in self.current_user.get("scopes", ())

        def join(self) -> str:
            """The learner is in the class from their first report on."""
            name = self.learner
            known = self.settings["known"]
            if name not in known:
                self.room.store.join(name, name, self.room.name)
                known.add(name)
            return name

        @web.authenticated
        def get(self, what):
            if what != "question":
                raise web.HTTPError(404)
            asleep = self.get_argument("asleep", "0") == "1"
            self.send_json(pages.learner_question(self.room, self.learner, asleep))

        @web.authenticated
        def post(self, what):
            data = self.read_json()
            room = self.room
            if self.is_teacher:               # not a learner of the class
                self.send_json({"ok": True, "teacher": True})
                return
            name = self.join()
            if what == "answer":
                try:
                    room.answer(name, data.get("push", ""), data.get("answer", ""))
                except RoomError as e:
                    log.info("Answer of %s refused: %s", name, e)
                    self.send_json({"error": e.text(room.lang)}, status=400)
                    return
                self.send_json(pages.learner_question(room, name))
            elif what == "progress":
                key, item, kind = (str(data.get(k, "")) for k in ("lesson", "item", "kind"))
                if key not in self.settings["lesson_keys"] or kind not in KINDS or not item \
                        or len(item) > 200:
                    log.warning("Progress of %s refused: %r", name, data)
                    raise web.HTTPError(400)
                room.store.record(name, key, item, kind, bool(data.get("right")),
                                  counts=bool(data.get("counts", True)))
                self.send_json({"ok": True})
            elif what in ("place", "opened"):
                key = self.lesson_of(data)
                if key:
                    room.opened(name, key)
                else:
                    room.store.join(name, name, room.name)      # here, on the lesson list
                self.send_json({"ok": True})
            else:
                raise web.HTTPError(404)

        def lesson_of(self, data) -> str | None:
            keys = self.settings["lesson_keys"]
            if data.get("lesson") in keys:
                return data["lesson"]
            m = _LESSON_PAGE.match(str(data.get("page", "")))
            if m:
                return next((k for k in keys if k.startswith(m.group(1) + "-")), None)
            return None

    class Root(ServiceHandler):
        def get(self):
            self.redirect(self.url("/teacher"))

    return (HubOAuthCallbackHandler, TeacherPage, TeacherState, TeacherAction, ClassAPI, LearnerAPI,
            Root, TeacherScreen, TeacherScreenState)


def routes(room, prefix: str | None = None) -> tuple[list, dict]:
    """The service's handlers and settings for `room`, under the service's prefix."""
    prefix = prefix or os.environ.get("JUPYTERHUB_SERVICE_PREFIX", service_prefix())
    callback, teacher, state, action, class_api, learner_api, root, screen, screen_state = _hub_handlers()
    from .. import parse_lessons
    p = prefix.rstrip("/")
    return [
        (p + "/?", root),
        (p + "/oauth_callback", callback),
        (p + "/teacher", teacher),
        (p + "/teacher/state", state),
        (p + "/teacher/screen", screen),
        (p + "/teacher/screen/state", screen_state),
        (p + r"/teacher/(push|position|reveal|close)", action),
        (p + "/api/class", class_api),
        (p + r"/api/(question|answer|progress|place|opened)", learner_api),
    ], dict(prefix=prefix, tutor_room=room, known=set(), lesson_keys=set(parse_lessons("all")),
            cookie_secret=os.environ.get("JUPYTERHUB_COOKIE_SECRET") or secrets.token_bytes(32))


def make_app(room, prefix: str | None = None) -> web.Application:
    handlers, settings = routes(room, prefix)
    return web.Application(handlers, **settings)


class _Starting(web.RequestHandler):
    """Until the service has loaded: "425 Too Early, starting". The hub checks that a managed
    service answers within ten seconds of starting it, and takes any answer but a 5xx."""

    def get(self, *args):
        self.set_status(425)
        self.finish({"error": "starting"})

    post = get


def default_db_url() -> str:
    return "sqlite:///" + str(jupyter_data_dir() / "canasta-tutor" / "hub-class.sqlite3")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutor.classroom.hub.service",
                                 description="The Canasta teacher's view as a JupyterHub service.")
    ap.add_argument("--ip", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=10101)
    ap.add_argument("--lessons", default="all")
    ap.add_argument("--lang", default=os.environ.get("TUTOR_LANG", "en"))
    ap.add_argument("--class-name", default="hub")
    ap.add_argument("--db-url", default=None, help="the class's database (default: $TUTOR_HUB_DB_URL, "
                    "else a SQLite file in the Jupyter data folder)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(levelname).1s %(asctime)s %(name)s] %(message)s")
    url = args.db_url or os.environ.get("TUTOR_HUB_DB_URL") or default_db_url()
    # Listen at once, load in a thread: on a busy machine, importing JupyterHub's auth and
    # reading the lessons can take longer than the hub waits for a service to answer.
    app = web.Application([(r".*", _Starting)])
    app.listen(args.port, args.ip)
    loop = ioloop.IOLoop.current()

    def load():
        try:
            from .. import parse_lessons
            from ..room import Room, lesson
            from .store import open_store
            room = Room(store=open_store(url), name=args.class_name, code="-",
                        teacher_password=secrets.token_urlsafe(16),
                        lessons=tuple(lesson(k, args.lang).key for k in parse_lessons(args.lessons)),
                        lang=args.lang)
            handlers, settings = routes(room)
        except Exception:                         # noqa: BLE001 - said, and the service stops
            log.exception("The Canasta teacher's service could not start")
            loop.add_callback(loop.stop)
            return

        def ready():
            app.settings.update(settings)
            app.add_handlers(".*$", handlers)     # before the "starting" catch-all
            log.info("The Canasta teacher's service (%s) on %s:%s, class %r, database %s",
                     SERVICE, args.ip, args.port, room.name, url.split("@")[-1])
        loop.add_callback(ready)

    threading.Thread(target=load, name="load", daemon=True).start()
    try:
        loop.start()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
