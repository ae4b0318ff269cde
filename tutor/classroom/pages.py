"""The room's own pages and small JSON answers, as jupyter-server handlers.

- ``/login``: a learner comes in (name + room code); ``/logout`` leaves.
- ``/teacher/login``, ``/teacher``: the teacher's view (who is in, their progress through
  tonight's lessons, a question put to everyone and its tally), refreshed by
  ``/teacher/state`` every few seconds; ``/teacher/<action>`` (POST) puts a question on
  the screens, shows its ruling, takes it off; ``/teacher/screen``: the screen for the
  projector (large code, one big question, the ruling hidden until it is shown).
- ``/room/question`` and ``/room/answer``: what the script on every lesson page
  (``static/room.js``) asks for and sends: the question on the screens, the learner's answer.
- ``/``: learners to the lesson list, the teacher to the teacher's view.

Pages are plain HTML built here, every word through the catalog in the room's language
(``t.gettext``); every name or text a person typed is escaped. Forms carry tornado's
XSRF token; jupyter-server checks it on every POST.
"""
from __future__ import annotations

import html
import json
import math
import re
import time
from functools import lru_cache
from pathlib import Path

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from ..engine.plainwords import move_words
from ..i18n import N_, translator
from ..lessons.answers import answer_html
from .auth import is_teacher, learner_user, teacher_user
from .room import NAME_MAX, RoomError

STATIC = Path(__file__).resolve().parent / "static"
VERDICT = {"legal": N_("Legal"), "illegal": N_("Illegal")}

#: The words of the room's pages and handouts, marked for the catalog here: the pages are
#: built in f-strings, and a gettext call inside an f-string's braces is invisible to Babel.
WORDS = (
    N_("A question from tonight’s lessons"), N_("A question from your teacher"), N_("Answer"),
    N_("Answer key"), N_("Answer key (PDF)"), N_("Back to the lessons"),
    N_("Everyone: what would you rule here?"), N_("Handouts to print (PDF)"), N_("Hide"),
    N_("I am the teacher"), N_("Join"), N_("Join the Canasta class"), N_("Last seen"),
    N_("Learners open this address and type the room code:"), N_("Lesson {number}"),
    N_("Name"), N_("Name:"), N_("Nobody has joined yet."), N_("Not this time."), N_("Now in"),
    N_("Open the teacher view"), N_("Or a position of your own (in the notation)"),
    N_("Put a question on every screen"), N_("Reload the page"), N_("Right!"),
    N_("Room code"), N_("Rule"), N_("Show the ruling on every screen"),
    N_("Take the question off the screens"), N_("Teacher"), N_("Teacher password"),
    N_("The lessons"), N_("The move to rule on"), N_("The move:"),
    N_("The question on the screens"), N_("The ruling"),
    N_("This page went to sleep after a long pause. Reload it to go on: your progress is kept."),
    N_("Tonight: {lessons}"), N_("Type your name and the room code your teacher shows."),
    N_("Why"), N_("You said: {answer}."), N_("Your Canasta class"), N_("Your name"),
    N_("Your teacher will show the ruling."), N_("rule"), N_("tonight"),
    N_("Remove"), N_("Remove {name} from the room"), N_("not in the room now"),
    N_("Pages ready for learners: {ready} of {total}"),
    N_("Remove {name} from the room? Their progress tonight is deleted, and the name is free again."),
    N_("The screen for the room"), N_("Open the screen for the projector"), N_("Countdown"),
    N_("No countdown"), N_("Time is up."), N_("The answers:"), N_("Right the first time"),
)


class HtmlWords:
    """`WORDS` in one language, for HTML: ``w["Join"]`` escaped, ``w.fmt("Lesson {number}",
    number=6)`` filled and escaped, ``w.raw(msg)`` as it is."""

    def __init__(self, t):
        self.t = t

    def raw(self, msg: str) -> str:
        return self.t.gettext(msg)

    def __getitem__(self, msg: str) -> str:
        return html.escape(self.t.gettext(msg))

    def fmt(self, msg: str, **fields) -> str:
        return html.escape(self.t.gettext(msg).format(**fields))

_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;background:#f6f7f4;color:#1b1b1b;line-height:1.45}
main{max-width:1000px;margin:0 auto;padding:24px}
h1{font-size:1.6em;margin:0 0 .4em}h2{font-size:1.2em;margin:1.4em 0 .5em}
form.card,.card{background:#fff;border:1px solid #d6d9d0;border-radius:10px;padding:18px 20px;margin:12px 0}
label{display:block;margin:.6em 0 .2em;font-weight:600}
input[type=text],input[type=password],textarea,select{font:inherit;padding:8px 10px;border:1px solid #9aa39a;border-radius:6px;width:100%;box-sizing:border-box}
textarea{font-family:ui-monospace,monospace;min-height:9em}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1f6b3c;background:#1f6b3c;color:#fff;cursor:pointer;margin:.6em .4em 0 0}
button.quiet{background:#fff;color:#1f6b3c}
tr.away td{opacity:.55}button.remove{padding:2px 10px;margin:0;font-size:.9em}
.error{background:#fdecea;border:1px solid #e0a39c;color:#8a1c12;padding:10px 14px;border-radius:6px}
.code{font-size:2.2em;letter-spacing:.18em;font-weight:700;font-family:ui-monospace,monospace}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #e2e4de;padding:6px 8px;text-align:left}
.bar{display:inline-block;height:10px;background:#1f6b3c;border-radius:3px;vertical-align:middle}
.muted{color:#5f675f}.done{color:#1f6b3c;font-weight:700}
.diagram svg{max-width:100%;height:auto}
"""


def page(title: str, body: str, lang: str, script: str = "", css: str = "") -> str:
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{_CSS}{css}</style></head>"
            f"<body><main>{body}</main>{script}</body></html>")


def _safe_next(value: str | None, default: str) -> str:
    """Only a path on this server (no //host, no scheme): never an open redirect."""
    value = value or ""
    if value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return default


def inline_md(text: str) -> str:
    """A lesson's prompt as HTML: escaped, with its `code` and **bold** marks."""
    out = html.escape(str(text))
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)


def too_many_tries(handler, kind: str) -> bool:
    """Whether this address must wait before its next room code / teacher password counts
    (`room.Doorman`); if so the handler's ``slowed`` is the error to show, and it is logged."""
    from .room import TOO_MANY
    wait = handler.room.door.wait(kind, handler.request.remote_ip)
    if wait <= 0:
        return False
    handler.log.warning("refused a %s try from %s: %d s to wait after wrong tries",
                        kind, handler.request.remote_ip, wait)
    handler.slowed = RoomError(TOO_MANY, n=max(1, round(wait)))
    return True


def wrong_try(handler, kind: str, what: str) -> None:
    n = handler.room.door.failed(kind, handler.request.remote_ip)
    handler.log.warning("%s from %s (%d wrong in a row)", what, handler.request.remote_ip, n)


class InRoom:
    """What every handler of the room knows: the room, its language, its addresses."""

    @property
    def room(self):
        return self.settings["tutor_room"]

    @property
    def t(self):
        return translator(self.room.lang)

    def url(self, path: str) -> str:
        return self.base_url.rstrip("/") + path


class RoomPage(InRoom):
    """A page of the room: its words, its pages and JSON answers, errors in words (any
    tornado handler with the room in its settings: the class server's, the hub's service)."""

    def send_page(self, title, body, status=200, script=""):
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(title, body, self.room.lang, script))

    def send_json(self, data, status=200):
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def error_box(self, error: RoomError | None) -> str:
        if error is None:
            return ""
        return f"<p class='error' role='alert'>{html.escape(error.text(self.room.lang))}</p>"

    def write_error(self, status_code, **kwargs):
        """Errors in words, never a traceback."""
        t = self.t
        w = HtmlWords(t)
        text = {403: t.gettext("This page is not open to you."),
                404: t.gettext("There is no such page in this room.")}.get(
            status_code, t.gettext("Something went wrong on the teacher's computer. "
                                   "Reload the page to try again."))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page(text, f"<h1>{html.escape(text)}</h1>"
                                f"<p><a href='{self.url('/')}'>{w['Back to the lessons']}</a></p>",
                         self.room.lang))


class RoomHandler(RoomPage, JupyterHandler):
    """A page of the class server: the room, its words, who is asking."""


# ---- coming in and leaving ---------------------------------------------------------------------

class JoinHandler(RoomHandler):
    """A learner types their name and the room code."""

    def form(self, name="", code="", error=None, status=200):
        t = self.t
        w = HtmlWords(t)
        nxt = _safe_next(self.get_argument("next", ""), "")
        body = (f"<h1>{w['Join the Canasta class']}</h1>"
                f"<p>{w['Type your name and the room code your teacher shows.']}</p>"
                f"{self.error_box(error)}"
                f"<form class='card' method='post' action='{self.url('/login')}'>"
                f"{self.xsrf_form_html()}<input type='hidden' name='next' value='{html.escape(nxt)}'>"
                f"<label for='name'>{w['Your name']}</label>"
                f"<input id='name' name='name' type='text' autocomplete='nickname' maxlength='{NAME_MAX}' "
                f"value='{html.escape(name)}' required autofocus>"
                f"<label for='code'>{w['Room code']}</label>"
                f"<input id='code' name='code' type='text' autocomplete='off' autocapitalize='characters' "
                f"maxlength='20' value='{html.escape(code)}' required>"
                f"<button type='submit'>{w['Join']}</button></form>"
                f"<p class='muted'><a href='{self.url('/teacher/login')}'>"
                f"{w['I am the teacher']}</a></p>")
        self.send_page(t.gettext("Join the Canasta class"), body, status)

    @allow_unauthenticated
    def get(self):
        self.form(code=self.get_argument("code", "")[:20])

    @allow_unauthenticated
    def post(self):
        name = self.get_argument("name", "")
        code = self.get_argument("code", "")
        if too_many_tries(self, "code"):
            self.form(name=name[:NAME_MAX], code=code[:20], error=self.slowed, status=429)
            return
        try:
            learner = self.room.join(name, code)
        except RoomError as e:
            from .room import BAD_CODE
            if e.message == BAD_CODE:
                wrong_try(self, "code", "wrong room code")
            else:
                self.room.door.passed("code", self.request.remote_ip)
            self.form(name=name[:NAME_MAX], code=code[:20], error=e, status=400)
            return
        self.room.door.passed("code", self.request.remote_ip)
        self.identity_provider.set_login_cookie(
            self, learner_user(learner, self.room.store.learner_name(learner)))
        self.redirect(_safe_next(self.get_argument("next", ""), self.url("/")))


class TeacherLoginHandler(RoomHandler):
    """The teacher's password (or the one-time link the server opened in the teacher's browser)."""

    def form(self, error=None, status=200):
        t = self.t
        w = HtmlWords(t)
        body = (f"<h1>{w['Teacher']}</h1>{self.error_box(error)}"
                f"<form class='card' method='post' action='{self.url('/teacher/login')}'>{self.xsrf_form_html()}"
                f"<label for='password'>{w['Teacher password']}</label>"
                f"<input id='password' name='password' type='password' autocomplete='current-password' required autofocus>"
                f"<button type='submit'>{w['Open the teacher view']}</button></form>")
        self.send_page(t.gettext("Teacher"), body, status)

    @allow_unauthenticated
    def get(self):
        once = self.get_argument("once", "")
        if once and self.settings["tutor_app"].use_once_key(once):
            self.identity_provider.set_login_cookie(self, teacher_user(self.t.gettext("Teacher")))
            self.redirect(self.url("/teacher"))
            return
        self.form()

    @allow_unauthenticated
    def post(self):
        if too_many_tries(self, "password"):
            self.form(self.slowed, status=429)
            return
        if not self.room.password_ok(self.get_argument("password", "")):
            from .room import BAD_PASSWORD
            wrong_try(self, "password", "wrong teacher password")
            self.form(RoomError(BAD_PASSWORD), status=403)
            return
        self.room.door.passed("password", self.request.remote_ip)
        self.identity_provider.set_login_cookie(self, teacher_user(self.t.gettext("Teacher")))
        self.redirect(self.url("/teacher"))


class LeaveHandler(RoomHandler):
    @allow_unauthenticated
    def get(self):
        self.identity_provider.clear_login_cookie(self)
        self.redirect(self.url("/login"))


class RootHandler(RoomHandler):
    @web.authenticated
    def get(self):
        if is_teacher(self.current_user):
            self.redirect(self.url("/teacher"))
            return
        self.redirect(self.url(self.settings["tutor_app"].lesson_list_url()))


class LessonListHandler(RoomHandler):
    """The lessons, when the notebooks bring no lesson list of their own."""

    @web.authenticated
    def get(self):
        t = self.t
        w = HtmlWords(t)
        app = self.settings["tutor_app"]
        items = []
        for number, title, path in app.lesson_notebooks():
            mark = (f" <span class='done'>{w['tonight']}</span>"
                    if any(k.startswith(number + "-") for k in self.room.lessons) else "")
            items.append(f"<li><a href='{self.url('/voila/render/' + path)}'>"
                         f"{html.escape(title)}</a>{mark}</li>")
        body = f"<h1>{w['The lessons']}</h1><ol class='card'>{''.join(items)}</ol>"
        self.send_page(t.gettext("The lessons"), body, script=self.settings["tutor_app"].room_script(self))


# ---- the teacher's view --------------------------------------------------------------------------

class TeacherView(RoomPage):
    """The teacher's view of the room (who is in, their progress, the question on the
    screens): built here for the class server's `TeacherHandler` and the hub's service."""

    def intro_html(self, w) -> str:
        """The first card: where learners come in, tonight's lessons, the handouts."""
        app = self.settings["tutor_app"]
        room = self.room
        addresses = "".join(f"<li><code>{html.escape(a)}</code></li>" for a in app.join_addresses())
        return (f"<div class='card'><p>{w['Learners open this address and type the room code:']}</p>"
                f"<ul>{addresses}</ul><p class='code' id='room-code'>{html.escape(room.code)}</p>"
                f"<p class='muted'>{w.fmt('Tonight: {lessons}', lessons=', '.join(_lesson_titles(room)) or '—')}"
                f" · <a href='{self.url('/teacher/screen')}' target='_blank' id='open-screen'>"
                f"{w['Open the screen for the projector']}</a>"
                f" · <a href='{self.url('/teacher/handouts.pdf')}'>{w['Handouts to print (PDF)']}</a>"
                f" · <a href='{self.url('/teacher/answers.pdf')}'>{w['Answer key (PDF)']}</a>"
                f" · <a href='{self.url(app.lesson_list_url())}' target='_blank'>{w['The lessons']}</a></p></div>")

    def send_view(self, error=None, status=200):
        t = self.t
        w = HtmlWords(t)
        room = self.room
        options = "".join(
            f"<option value='{html.escape(les.key)}|{html.escape(ex.id)}'>"
            f"{w.fmt('Lesson {number}', number=int(les.number))}: "
            f"{html.escape(_short(ex.prompt))}</option>" for les, ex in room.questions())
        ask = html.escape(t.gettext("Everyone: what would you rule here?"))
        body = (
            f"<h1>{w['Your Canasta class']}</h1>{self.error_box(error)}{self.intro_html(w)}"
            f"<div id='state'>{self.state_html()}</div>"
            f"<h2>{w['Put a question on every screen']}</h2>"
            f"<form class='card' method='post' action='{self.url('/teacher/push')}'>{self.xsrf_form_html()}"
            f"<label for='question'>{w['A question from tonight’s lessons']}</label>"
            f"<select id='question' name='question'>{options}</select>"
            f"{self.countdown_html(w, 'seconds')}<button type='submit'>{ask}</button></form>"
            f"<form class='card' method='post' action='{self.url('/teacher/position')}'>{self.xsrf_form_html()}"
            f"<label for='position'>{w['Or a position of your own (in the notation)']}</label>"
            f"<textarea id='position' name='position' spellcheck='false'>{html.escape(self.get_argument('position', ''))}</textarea>"
            f"<label for='move'>{w['The move to rule on']}</label>"
            f"<input id='move' name='move' type='text' value='{html.escape(self.get_argument('move', ''))}'>"
            f"{self.countdown_html(w, 'seconds-own')}<button type='submit'>{ask}</button></form>")
        xsrf = self.xsrf_token
        xsrf = xsrf.decode() if isinstance(xsrf, bytes) else str(xsrf)
        # the XSRF header on a GET too: a JupyterHub service takes a script's GET with its
        # login cookie only with it (the class server does not need it)
        script = (f"<script>setInterval(async()=>{{try{{const r=await fetch('{self.url('/teacher/state')}',"
                  f"{{cache:'no-store',headers:{{'X-XSRFToken':'{html.escape(xsrf)}'}}}});"
                  f"if(r.ok)document.getElementById('state').innerHTML=await r.text();}}"
                  f"catch(e){{}}}},3000);</script>")
        self.send_page(t.gettext("Your Canasta class"), body, status, script)

    def state_html(self) -> str:
        """Who is in, their progress, and the question on the screens with its tally."""
        t = self.t
        w = HtmlWords(t)
        room = self.room
        rows = room.progress()
        now = time.time()
        head = "".join(f"<th>{w.fmt('Lesson {number}', number=int(k[:2]))}</th>"
                       for k in room.lessons)
        lines = []
        for row in rows:
            cells = []
            for key in room.lessons:
                got, total = row["lessons"][key]
                if total and got >= total:
                    cell = f"<span class='done'>✓ {got}/{total}</span>"
                else:
                    width = int(60 * got / total) if total else 0
                    cell = f"<span class='bar' style='width:{width}px'></span> {got}/{total}"
                cells.append(f"<td>{cell}</td>")
            place = row["place"]
            where = (t.gettext("Lesson {number}").format(number=int(place[:2]))
                     if place and place[:2].isdigit() else "—")
            minutes = int((now - row["seen"]) // 60)
            seen = (t.gettext("just now") if minutes < 1 else
                    t.ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes))
            if not row["present"]:
                seen += " · " + t.gettext("not in the room now")
            name = row["name"]
            ask = json.dumps(t.gettext("Remove {name} from the room? Their progress tonight is deleted, "
                                       "and the name is free again.").format(name=name))
            remove = (f"<form method='post' action='{self.url('/teacher/remove')}' style='display:inline' "
                      f"onsubmit='return confirm({html.escape(ask)})'>{self.xsrf_form_html()}"
                      f"<input type='hidden' name='learner' value='{html.escape(row['id'])}'>"
                      f"<button class='quiet remove' type='submit' "
                      f"aria-label='{w.fmt('Remove {name} from the room', name=name)}'>{w['Remove']}</button></form>")
            asked, right = row["first"]
            first = (t.gettext("{right} of {asked} ({share} %)").format(
                right=right, asked=asked, share=round(100 * right / asked)) if asked else "—")
            lines.append(f"<tr class='learner{'' if row['present'] else ' away'}' "
                         f"data-present='{str(row['present']).lower()}'>"
                         f"<td class='name'>{html.escape(name)}</td>"
                         f"<td class='place'>{html.escape(where)}</td>{''.join(cells)}"
                         f"<td class='first' data-asked='{asked}' data-right='{right}'>{html.escape(first)}</td>"
                         f"<td class='muted'>{html.escape(seen)}</td><td>{remove}</td></tr>")
        present = sum(row["present"] for row in rows)
        count = t.ngettext("{n} learner in the room", "{n} learners in the room", present).format(n=present)
        table = (f"<h2 id='count'>{html.escape(count)}</h2>"
                 + (f"<table id='progress'><tr><th>{w['Name']}</th>"
                    f"<th>{w['Now in']}</th>{head}<th>{w['Right the first time']}</th>"
                    f"<th>{w['Last seen']}</th><th></th></tr>"
                    f"{''.join(lines)}</table>" if rows else
                    f"<p class='muted'>{w['Nobody has joined yet.']}</p>"))
        # the class server's pool of preheated pages; the hub's service has none (each learner
        # has a server of their own)
        pool_state = getattr(getattr(self, "kernel_manager", None), "pool_state", None)
        ready, total, held = pool_state() if pool_state is not None else (0, 0, 0)
        pool = (f"<p id='pool' class='muted' data-ready='{ready}' data-total='{total}' data-held='{held}'>"
                + (w.fmt('Pages ready for learners: {ready} of {total}', ready=ready, total=total)
                   if total else "") + "</p>")
        return self.question_html(present) + table + pool   # the question first, while there is one

    def countdown_html(self, w, field_id: str) -> str:
        """The push forms' countdown: none, or seconds after which the answers close."""
        t = self.t
        options = [f"<option value='0'>{w['No countdown']}</option>"]
        for n in COUNTDOWNS:
            label = t.ngettext("{n} second", "{n} seconds", n).format(n=n)
            options.append(f"<option value='{n}'>{html.escape(label)}</option>")
        return (f"<label for='{field_id}'>{w['Countdown']}</label>"
                f"<select id='{field_id}' name='seconds'>{''.join(options)}</select>")

    def question_action(self, action: str) -> bool:
        """The teacher's actions on the question on the screens (the class server's and the
        hub's service's forms): False for an action that is not one of them."""
        room = self.room
        if action == "push":
            key, _, ex_id = self.get_argument("question", "").partition("|")
            room.push_exercise(key, ex_id, seconds=self.get_argument("seconds", "0"))
        elif action == "position":
            room.push_position(self.get_argument("position", ""), self.get_argument("move", ""),
                               seconds=self.get_argument("seconds", "0"))
        elif action == "reveal":
            room.reveal()
        elif action == "close":
            room.close_question()
        else:
            return False
        return True

    def join_info(self) -> tuple[str, list[str], str | None]:
        """How learners come in, for the screen: the words, the addresses, the room code."""
        return ("Learners open this address and type the room code:",
                list(self.settings["tutor_app"].join_addresses()), self.room.code)

    def screen_state(self) -> dict:
        """The projector's screen (`send_screen`): ``html``, and ``key``, which changes
        when the screen must be drawn again (the seconds left tick on the page itself)."""
        t = self.t
        w = HtmlWords(t)
        room = self.room
        words, addresses, code = self.join_info()
        where = "".join(f"<p class='addr'>{html.escape(a)}</p>" for a in addresses)
        code_html = f"<p class='code' id='screen-code'>{html.escape(code)}</p>" if code else ""
        q = room.current()
        if q is None:
            return {"key": "idle", "html": f"<div class='join'><p>{w[words]}</p>{where}{code_html}</div>"}
        learners = room.present()
        tally = room.tally()
        answered = sum(tally.values())
        said = t.ngettext("{n} of {total} has answered", "{n} of {total} have answered",
                          answered).format(n=answered, total=learners)
        parts = [f"<p class='ask'>{inline_md(q['prompt'] or w.raw('Everyone: what would you rule here?'))}</p>",
                 f"<p class='move'>{w['The move:']} <b>"
                 f"{html.escape(move_words(q['move'], lang=room.lang, position=q['pos']))}</b></p>",
                 f"<div class='row'><div class='diagram'>{question_diagram(q['pos'], 1.0, room.lang, q['mover'])}</div><div class='side'>",
                 f"<p id='answered'>{html.escape(said)}</p>"]
        if q["left"] is not None and not q["revealed"]:
            parts.append(countdown_html(t, q["left"], "countdown"))
        if q["revealed"]:              # the split of the answers and the ruling, only now
            ruling = q["ruling"]
            parts.append(f"<div class='tally-all'><p>{w['The answers:']}</p>" + "".join(
                f"<p class='tally' data-answer='{a}'>{html.escape(t.gettext(VERDICT[a]))}: <b>{n}</b> "
                f"<span class='bar' style='width:{int(300 * n / max(answered, 1))}px'></span></p>"
                for a, n in tally.items()) + "</div>")
            parts.append(f"<p id='screen-ruling'>{answer_html(q['exercise'], ruling, room.lang)}</p>")
        parts.append("</div></div>")
        if code:
            parts.append(f"<p class='muted join-line'>{w[words]} {' '.join(html.escape(a) for a in addresses)}"
                         f" <b>{html.escape(code)}</b></p>")
        key = f"{q['id']}:{q['revealed']}:{q['closed']}:{answered}:{learners}"
        return {"key": key, "html": "".join(parts)}

    def send_screen(self):
        """A page for the projector: large address and code; then one big question with
        its table, how many have answered and the seconds left; the answers' split and the
        ruling only once the teacher shows it. It asks for `screen_state` every 2 s."""
        t = self.t
        state = self.screen_state()
        xsrf = self.xsrf_token
        xsrf = xsrf.decode() if isinstance(xsrf, bytes) else str(xsrf)
        script = "<script>" + (SCREEN_SCRIPT.replace("__STATE_URL__", json.dumps(self.url("/teacher/screen/state")))
                               .replace("__XSRF__", json.dumps(xsrf))
                               .replace("__KEY__", json.dumps(state["key"]))) + "</script>"
        body = f"<div id='screen' data-key='{html.escape(state['key'])}'>{state['html']}</div>"
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(t.gettext("The screen for the room"), body, self.room.lang, script,
                         css=SCREEN_CSS))

    def question_html(self, learners: int) -> str:
        t = self.t
        w = HtmlWords(t)
        q = self.room.current()
        if q is None:
            return ""
        tally = self.room.tally()
        answered = sum(tally.values())
        bars = "".join(
            f"<p class='tally' data-answer='{a}'>{html.escape(t.gettext(VERDICT[a]))}: <b>{n}</b> "
            f"<span class='bar' style='width:{int(200 * n / max(answered, 1))}px'></span></p>"
            for a, n in tally.items())
        ruling = q["ruling"]
        said = t.ngettext("{n} of {total} has answered", "{n} of {total} have answered",
                          answered).format(n=answered, total=learners)
        return (f"<h2>{w['The question on the screens']}</h2><div class='card' id='question-state'>"
                f"<p>{inline_md(q['prompt'] or w.raw('Everyone: what would you rule here?'))} "
                f"<b>{html.escape(move_words(q['move'], lang=self.room.lang, position=q['pos']))}</b></p>"
                f"<div class='diagram'>{question_diagram(q['pos'], 0.45, self.room.lang, q['mover'])}</div>"
                f"<p id='answered'>{html.escape(said)}</p>"
                f"{countdown_html(t, q['left'], 'countdown') if q['left'] is not None else ''}{bars}"
                f"<p class='muted'>{w['The ruling']}: "
                f"{answer_html(q['exercise'], ruling, t.lang, rules=True)}</p>"
                f"<form method='post' action='{self.url('/teacher/reveal')}' style='display:inline'>{self.xsrf_form_html()}"
                f"<button type='submit'{' disabled' if q['revealed'] else ''}>{w['Show the ruling on every screen']}</button></form>"
                f"<form method='post' action='{self.url('/teacher/close')}' style='display:inline'>{self.xsrf_form_html()}"
                f"<button class='quiet' type='submit'>{w['Take the question off the screens']}</button></form></div>")


class TeacherHandler(TeacherView, RoomHandler):
    def must_be_teacher(self) -> bool:
        if not is_teacher(self.current_user):
            if self.request.method in ("GET", "HEAD"):
                self.redirect(self.url("/teacher/login"))
                return False
            raise web.HTTPError(403)
        return True

    @allow_unauthenticated                  # not the learners' join page: the teacher's
    def get(self):
        if self.must_be_teacher():
            self.send_view()


class TeacherStateHandler(TeacherHandler):
    @web.authenticated
    def get(self):
        if not is_teacher(self.current_user):
            raise web.HTTPError(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.state_html())


class TeacherActionHandler(TeacherHandler):
    @web.authenticated
    async def post(self, action):
        self.must_be_teacher()
        room = self.room
        try:
            if action == "remove":
                learner = self.get_argument("learner", "")
                if room.remove(learner):
                    self.log.warning("the teacher removed learner %s", learner)
                    km = self.kernel_manager
                    for kid in km.kernels_of(learner):
                        await km.shutdown_kernel(kid)
            elif not self.question_action(action):
                raise web.HTTPError(404)
        except RoomError as e:
            self.send_view(e, status=400)
            return
        self.redirect(self.url("/teacher"))


class TeacherScreenHandler(TeacherHandler):
    """The screen for the projector (`TeacherView.send_screen`)."""

    @allow_unauthenticated                  # the teacher's, not the learners': to the login
    def get(self):
        if self.must_be_teacher():
            self.send_screen()


class TeacherScreenStateHandler(TeacherHandler):
    @web.authenticated
    def get(self):
        if not is_teacher(self.current_user):
            raise web.HTTPError(403)
        self.send_json(self.screen_state())


class HandoutsHandler(TeacherHandler):
    """Tonight's handouts as one PDF, printed by the browser engine (see handouts.py)."""

    @web.authenticated
    async def get(self, which):
        if not self.must_be_teacher():
            return
        from .handouts import HandoutError, evening_pdf
        try:
            questions, answers = await evening_pdf(self.room.lessons, lang=self.room.lang)
        except HandoutError as e:
            self.send_page(self.t.gettext("Handouts"),
                           f"<p class='error'>{html.escape(e.text(self.room.lang))}</p>", 503)
            return
        self.set_header("Content-Type", "application/pdf")
        self.set_header("Content-Disposition", f"inline; filename=canasta-{which}.pdf")
        self.finish(questions if which == "handouts" else answers)


# ---- the question on a learner's screen ----------------------------------------------------------

class QuestionHandler(RoomHandler):
    """What the page script shows: the question on the screens (or nothing), and whether
    the page's kernel is still there."""

    @web.authenticated
    def get(self):
        kernel = self.get_argument("kernel", "")
        self.send_json(self.question_state(kernel))

    def question_state(self, kernel: str = "") -> dict:
        user = self.current_user
        km = self.kernel_manager
        if not is_teacher(user):
            self.room.touch(user.username)              # their page is open: in the room
        asleep = bool(kernel) and km.owner(kernel) != user.username
        return learner_question(self.room, user.username, asleep)


class AnswerHandler(QuestionHandler):
    @web.authenticated
    def post(self):
        if is_teacher(self.current_user):
            raise web.HTTPError(403)
        try:
            self.room.answer(self.current_user.username, self.get_argument("push", ""),
                             self.get_argument("answer", ""))
        except RoomError as e:
            self.send_json({"error": e.text(self.room.lang)}, status=400)
            return
        self.send_json(self.question_state())


class RoomScriptHandler(RoomHandler):
    @web.authenticated
    def get(self):
        self.set_header("Content-Type", "application/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish((STATIC / "room.js").read_text(encoding="utf-8"))


def learner_question(room, learner: str, asleep: bool = False) -> dict:
    """What a learner's page shows of the room (`static/room.js`): the question on the
    screens with the learner's answer, and a note when the page's kernel has gone
    (`asleep`). The class server's `QuestionHandler` and the hub's service answer with it."""
    t = translator(room.lang)
    w = HtmlWords(t)
    state = {"key": "", "html": "", "asleep": asleep}
    if asleep:
        state["asleep_html"] = (
            f"<p>{w['This page went to sleep after a long pause. Reload it to go on: your progress is kept.']}</p>"
            f"<button type='button' data-reload='1'>{w['Reload the page']}</button>")
    q = room.current()
    if q is None:
        return state
    mine = room.answer_of(learner, q["id"])
    key = f"{q['id']}:{mine}:{q['revealed']}:{q['closed']}"
    ask = inline_md(q["prompt"] or t.gettext("Everyone: what would you rule here?"))
    parts = [f"<p class='tutor-room-from'>{w['A question from your teacher']}</p>",
             f"<p class='tutor-room-ask'><b>{ask}</b></p>",
             f"<div class='tutor-room-diagram'>{question_diagram(q['pos'], lang=room.lang, seat=q['mover'])}</div>",
             f"<p>{w['The move:']} <b>{html.escape(move_words(q['move'], lang=room.lang, position=q['pos']))}</b></p>"]
    if q["revealed"]:
        ruling = q["ruling"]
        verdict = "legal" if ruling.legal else "illegal"
        # in words only: a learner's page shows no rule ids and no notation
        parts.append(f"<p class='tutor-room-ruling'>{answer_html(q['exercise'], ruling, room.lang)}</p>")
        if mine:
            right = mine == verdict
            parts.append(f"<p>{w.fmt('You said: {answer}.', answer=t.gettext(VERDICT[mine]))} "
                         f"{w['Right!'] if right else w['Not this time.']}</p>")
    elif mine:
        parts.append(f"<p class='tutor-room-said'>{w.fmt('You said: {answer}.', answer=t.gettext(VERDICT[mine]))} "
                     f"{w['Your teacher will show the ruling.']}</p>")
    if q["closed"] and not q["revealed"]:
        parts.append(f"<p class='tutor-room-time'>{w['Time is up.']}</p>")
    elif q["left"] is not None and not q["revealed"]:
        parts.append(countdown_html(t, q["left"], "tutor-room-time"))
    if not q["revealed"] and not q["closed"]:
        parts.append("<p>" + "".join(
            f"<button type='button' class='tutor-room-answer' data-answer='{a}' data-push='{q['id']}'"
            f"{' aria-pressed=true' if mine == a else ''}>{html.escape(t.gettext(VERDICT[a]))}</button>"
            for a in ("legal", "illegal")) + "</p>")
    parts.append(f"<button type='button' class='tutor-room-hide' data-hide='1'>{w['Hide']}</button>")
    state.update(key=key, html="".join(parts), show=t.gettext("Show the teacher's question"))
    return state


# ---- helpers -------------------------------------------------------------------------------------

#: The countdowns the teacher's forms offer, in seconds.
COUNTDOWNS = (20, 30, 60, 90)


def countdown_html(t, left: float, css_class: str) -> str:
    """The seconds left to answer, as a line the page's script counts down
    (``data-left``, ``data-one``/``data-many``: the words for one and for several seconds)."""
    n = math.ceil(left)
    if n <= 0:
        up = t.gettext("Time is up.")
        return f"<p class='{css_class}' data-left='0' data-up='{html.escape(up)}'>{html.escape(up)}</p>"
    one = t.ngettext("{n} second left", "{n} seconds left", 1)
    many = t.ngettext("{n} second left", "{n} seconds left", 2)
    now = t.ngettext("{n} second left", "{n} seconds left", n).format(n=n)
    up = t.gettext("Time is up.")
    return (f"<p class='{css_class}' data-left='{left:.1f}' data-one='{html.escape(one)}' "
            f"data-many='{html.escape(many)}' data-up='{html.escape(up)}'>{html.escape(now)}</p>")


#: The screen's script: the state every 2 s (drawn again when its key changes) and the
#: seconds left every quarter second. (A language whose plural for 2 differs from larger
#: numbers would need more forms; en, sv and fi do not.)
SCREEN_SCRIPT = """
(function(){const box=document.getElementById('screen');let key=__KEY__,shown=Date.now();
function tick(){box.querySelectorAll('[data-left]').forEach(p=>{
 const left=Math.ceil(Number(p.dataset.left)-(Date.now()-shown)/1000);
 p.textContent=left>0?(left===1?p.dataset.one:p.dataset.many).replace('{n}',left):p.dataset.up;});}
async function poll(){try{const r=await fetch(__STATE_URL__,{cache:'no-store',headers:{'X-XSRFToken':__XSRF__}});
 if(r.ok){const s=await r.json();if(s.key!==key){box.innerHTML=s.html;key=s.key;box.dataset.key=key;shown=Date.now();}}}
 catch(e){}setTimeout(poll,2000);}
setInterval(tick,250);setTimeout(poll,2000);})();
"""

#: The screen's look: large enough to read from the back of a room (5 m), one screen high.
SCREEN_CSS = """
main{max-width:none;padding:2vh 3vw}body{font-size:clamp(18px,2.4vh,40px);background:#fff}
#screen .join{text-align:center;margin-top:12vh}#screen .join p{font-size:1.6em;margin:.4em 0}
#screen .addr{font-family:ui-monospace,monospace;font-size:1.8em!important;font-weight:700}
#screen .code{font-size:4.5em!important;letter-spacing:.2em}
#screen .ask{font-size:1.5em;margin:0 0 .3em}#screen .move{font-size:1.3em;margin:0 0 .4em}
#screen .row{display:flex;gap:2.5vw;align-items:flex-start}#screen .row .diagram{flex:0 1 auto;max-width:58%}
#screen .side{flex:1 1 0;min-width:0}
#screen .diagram svg{width:auto;max-width:100%;height:auto;max-height:72vh;display:block}
#screen #answered,#screen .countdown{font-size:1.5em;font-weight:700;margin:.2em 0 .6em}
#screen #screen-ruling{font-size:1.4em;background:#eef6ef;border-left:8px solid #1f6b3c;padding:.4em .8em}
#screen .tally{font-size:1.3em;margin:.2em 0}#screen .tally-all p:first-child{margin:.2em 0}
#screen .join-line{font-size:1em;margin-top:.6em}
"""

def _short(text: str, n: int = 90) -> str:
    text = " ".join(re.sub(r"[`*]", "", str(text)).split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _lesson_titles(room) -> list[str]:
    from .room import lesson
    t = translator(room.lang)
    return [t.gettext("Lesson {number}").format(number=int(lesson(k, room.lang).number))
            + " " + lesson(k, room.lang).title for k in room.lessons]


@lru_cache(maxsize=16)
def question_diagram(pos, scale: float = 0.6, lang: str = "en", seat: str | None = None) -> str:
    """The table seen by `seat`, the player whose move is asked about (`Room.current`'s
    ``mover``: the partner's seat for an answer to "may I go out?"; default: the player to
    move), at every player count, in the room's language (drawn once per question and
    language: every learner's page asks for it every few seconds)."""
    from ..engine.diagram import position_svg
    return position_svg(pos, viewer=seat or pos.turn, scale=scale, lang=lang)


__all__ = ["RoomPage", "TeacherView", "learner_question", "JoinHandler", "LeaveHandler", "TeacherLoginHandler", "RootHandler", "LessonListHandler",
           "TeacherHandler", "TeacherStateHandler", "TeacherActionHandler", "HandoutsHandler",
           "TeacherScreenHandler", "TeacherScreenStateHandler",
           "QuestionHandler", "AnswerHandler", "RoomScriptHandler"]
