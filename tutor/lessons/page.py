"""A lesson as a learner meets it: the checklist at the top, tables with tasks, questions,
and the list of lessons. Every cell of a lesson notebook is one short call here:

    from tutor.lessons.page import LessonPage
    page = LessonPage("06", lang="en")
    page.header()                  # checkmarks per section, "continue where you left off"
    page.table("what-frozen")      # the section's table, with its tasks one after the other
    page.quiz("frozen-natural-joker")
    page.ready()                   # the last cell: progress read afresh (Voila, see below)

    from tutor.lessons.page import lesson_list
    lesson_list(lang="en")         # the lesson list: 12 lessons, checkmarks, continue, languages

The words are the lesson's (tutor/lessons/*.toml, in the page's language) and the
catalog's (tutor.i18n); the colours are JupyterLab's theme variables. Links are relative
(``01-cards.ipynb``, ``#tutor-s-what-frozen``): they work in Voila's tree of notebooks and in
JupyterLab alike.

Voila can run a lesson in a kernel started before anybody asks for it (a preheated kernel:
the launcher's settings, tutor/lessons/serve.py). What such a kernel read from the progress
store may be old when the learner arrives, so the last cell, `ready`, waits for the
learner's request (``voila.utils.wait_for_request``: a no-op anywhere else) and reads the
progress again; the widgets then show it.
"""
from __future__ import annotations

import html
import os

import ipywidgets as W

from ..i18n import LANGUAGE_NAMES, LANGUAGES, translator
from . import get, load_lessons
from .quiz import BORDER, MUTED, RIGHT, WRONG, Quiz, md
from .tasks import TaskRun
from .tracker import DEFAULT, Tracker, open_store

ACCENT = "var(--jp-brand-color1, #1976d2)"
LIST = "00-lessons.ipynb"


def anchor(section_id: str) -> str:
    return f"tutor-s-{section_id}"


def in_voila() -> bool:
    """Whether this kernel was started by Voila (it sets VOILA_PREHEAT for its kernels)."""
    return "VOILA_PREHEAT" in os.environ


def wait_for_request() -> None:
    """In a preheated Voila kernel, wait until a learner has asked for the page (the request's
    details are then in the environment); elsewhere return at once. In a class
    (``TUTOR_ROOM_URL``: tutor/classroom/kernels.py) the room says who the learner is."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        if os.environ.get("TUTOR_ROOM_URL"):
            wait_for_learner()
            return
        from voila.utils import wait_for_request as wait
        wait()


def wait_for_learner(tries: int = 120) -> bool:
    """A class's preheated kernel: ask the room who took this page (with the kernel's own
    one-time key; the answer comes when a learner's page has taken the kernel), and put the
    learner in the environment (``TUTOR_LEARNER``). Whether a learner was told; without one
    the page keeps no progress (``current_learner()`` is then nobody)."""
    import json
    import time
    import urllib.error
    import urllib.request
    url = os.environ["TUTOR_ROOM_URL"] + os.environ.get("VOILA_KERNEL_ID", "")
    key = os.environ.get("TUTOR_KERNEL_KEY", "")
    for _ in range(tries):
        try:
            req = urllib.request.Request(url, headers={"X-Tutor-Kernel-Key": key})
            with urllib.request.urlopen(req, timeout=None) as r:
                if r.status != 200:                   # 204: no learner yet, ask again
                    continue
                told = json.loads(r.read())
        except urllib.error.HTTPError:                # refused: nobody
            return False
        except OSError:                               # the room is busy or restarting
            time.sleep(1)
            continue
        os.environ.pop("TUTOR_KERNEL_KEY", None)
        try:                        # waiting in the pool ran at a lower priority: back to normal
            os.setpriority(os.PRIO_PROCESS, 0, 0)
        except (OSError, AttributeError):
            pass
        if told.get("TUTOR_LEARNER"):
            os.environ["TUTOR_LEARNER"] = str(told["TUTOR_LEARNER"])
            return True
        return False
    return False


def make_table(position, viewer: str, buttons=(), lang: str = "en"):
    """The learner's table (tutor.table.Table in learner mode, with only these buttons)."""
    from ..table import Table
    return Table(position, viewer=viewer, mode="learner", buttons=list(buttons), lang=lang)


class LessonPage:
    """The widgets of one lesson page, sharing one learner's progress."""

    def __init__(self, key, lang: str = "en", tracker=None):
        self.lesson = get(key, lang=lang)
        self.lang = self.lesson.lang
        self.t = translator(self.lang)
        self.tracker = tracker or Tracker(self.lesson.key)
        self.tables = {}
        self.quizzes = {}
        self._header = None

    # ---- the checklist at the top ------------------------------------------------------
    def header(self):
        self._header = W.HTML(self._header_html())
        self._header.add_class("tutor-lesson-header")
        self.tracker.on_change(lambda _t: self._refresh_header())
        return self._header

    def _refresh_header(self) -> None:
        if self._header is not None:
            self._header.value = self._header_html()

    def section_state(self, section) -> tuple:
        """(done, of) items of a section."""
        items = self.lesson.section_items(section)
        return sum(self.tracker.is_done(i) for i in items), len(items)

    def continue_section(self):
        """The first section not finished, or None when every section is."""
        for s in self.lesson.sections:
            done, of = self.section_state(s)
            if done < of:
                return s
        return None

    def _header_html(self) -> str:
        t, lesson = self.t, self.lesson
        items = lesson.items()
        done = sum(self.tracker.is_done(i) for i in items)
        rows = []
        for s in lesson.sections:
            d, n = self.section_state(s)
            mark = ("<span style='color:{c}'>✔</span>".format(c=RIGHT) if n and d == n
                    else "◐" if d else "○")
            count = f" <small style='color:{MUTED}'>({d}/{n})</small>" if n and d < n else ""
            rows.append(f"<li class='tutor-step' data-done='{str(bool(n) and d == n).lower()}'>"
                        f"{mark} <a href='#{anchor(s.id)}'>{html.escape(s.title)}</a>{count}</li>")
        nxt = self.continue_section()
        if done == 0:
            go = ""
        elif nxt is None:
            go = (f"<p class='tutor-continue'><b style='color:{RIGHT}'>✔ "
                  + html.escape(t.gettext("You have done everything in this lesson.")) + "</b></p>")
        else:
            go = (f"<p class='tutor-continue'><a href='#{anchor(nxt.id)}'><b>"
                  + html.escape(t.gettext("Continue where you left off: {section}")).format(
                      section=html.escape(nxt.title)) + " ↓</b></a></p>")
        notice = self.tracker.notice(self.lang)
        note = (f"<p class='tutor-notice' style='color:{WRONG}'>{html.escape(notice)}</p>"
                if notice else "")
        back = (f"<a class='tutor-to-list' href='{LIST}'>← "
                + html.escape(t.gettext("All lessons")) + "</a>")
        which = html.escape(t.gettext("Lesson {n} of {total}").format(
            n=int(lesson.number), total=len(load_lessons(self.lang))))
        progress = which + " · " + html.escape(steps_done(t, done, len(items)))
        return (f"<div style='border:1px solid {BORDER};border-radius:4px;padding:6px 12px'>"
                f"<div style='display:flex;justify-content:space-between'>{back}"
                f"<span class='tutor-progress-count'>{progress}</span></div>{note}"
                f"<ul style='list-style:none;padding-left:4px;margin:6px 0'>{''.join(rows)}</ul>"
                f"{go}</div>")

    # ---- tables and questions ---------------------------------------------------------
    def table(self, section_id: str):
        """The section's table with its tasks (or, in a lesson not converted yet, the table
        with its "try it" words)."""
        section = self.lesson.section(section_id)
        box = TaskTable(self, section)
        self.tables[section_id] = box
        return box

    def quiz(self, ex_id: str) -> Quiz:
        q = Quiz(self.lesson.exercise(ex_id), tracker=self.tracker)
        self.quizzes[ex_id] = q
        return q

    def recap(self):
        """The recap, and the links to the lesson before, the list and the next lesson."""
        t, lesson = self.t, self.lesson
        lessons = load_lessons(self.lang)
        i = [l.key for l in lessons].index(lesson.key)
        items = "".join(f"<li>{md(r)}</li>" for r in lesson.recap)
        links = []
        if i > 0:
            prev = lessons[i - 1]
            links.append(f"<a class='tutor-prev' href='{prev.key}.ipynb'>← " + html.escape(
                t.gettext("Lesson {n}: {title}").format(n=int(prev.number), title=prev.title)) + "</a>")
        links.append(f"<a class='tutor-to-list' href='{LIST}'>" + html.escape(
            t.gettext("All lessons")) + "</a>")
        if i + 1 < len(lessons):
            nxt = lessons[i + 1]
            links.append(f"<b><a class='tutor-next' href='{nxt.key}.ipynb'>" + html.escape(
                t.gettext("Next: lesson {n}, {title}").format(n=int(nxt.number), title=nxt.title))
                + " →</a></b>")
        else:
            links.append(html.escape(t.gettext("That was the last lesson.")))
        heading = html.escape(t.gettext("Recap"))
        box = W.HTML(f"<div style='line-height:1.45'><h2>{heading}</h2>"
                     f"<ul>{items}</ul><p class='tutor-links'>{' · '.join(links)}</p></div>")
        box.add_class("tutor-recap")
        return box

    def next_section(self, section):
        secs = self.lesson.sections
        i = secs.index(section)
        return secs[i + 1] if i + 1 < len(secs) else None

    def ready(self):
        """The last cell: in a preheated Voila kernel wait for the learner, then read the
        progress again; mark this lesson as where the learner is."""
        wait_for_request()
        self.tracker.refresh()
        for box in self.tables.values():
            box.refresh_progress()
        self.tracker.visit()
        return _Nothing()


class _Nothing:
    """The last cell shows nothing (an empty text for nbval)."""

    def __repr__(self) -> str:
        return ""

    def _repr_html_(self) -> str:
        return ""


class TaskTable(W.VBox):
    """A section's table and the tasks set on it: one at a time, judged on the table."""

    def __init__(self, page: LessonPage, section):
        self.page, self.section, self.t = page, section, page.t
        lesson = page.lesson
        pos = lesson.position(section.position)
        self.table = make_table(pos, viewer=pos.turn, buttons=section.buttons, lang=page.lang)
        self.session = self.table.session
        self.run = None
        if section.tasks:
            self.run = TaskRun(self.session, section.tasks, done=page.tracker.done,
                               record=lambda task, right: page.tracker.record(task.item, "task", right))
            self.run.on_change(lambda _r: self.refresh())
        self.box = W.HTML()
        self.box.add_class("tutor-task")
        self.show_button = self._button(self.t.gettext("Show me"), "tutor-task-show", self._show_me)
        self.next_button = self._button(self.t.gettext("Next step"), "tutor-task-next", self._go_on)
        self.again_button = self._button(self.t.gettext("Do these steps again"), "tutor-task-again",
                                         self._again)
        tools = W.HBox([self.show_button, self.next_button, self.again_button])
        caption = lesson.positions[section.position]["caption"]
        head = W.HTML(f"<span id='{anchor(section.id)}-table'></span>"
                      f"<i style='color:{MUTED}'>{html.escape(caption)}</i>")
        # the task beside the table: a panel at the top of its side column (in view with the
        # table's top), its buttons and explanation below, beside the hand (Table.add_panel)
        self.panel = W.VBox([self.box, tools], layout=W.Layout(width="100%"))
        self.panel.add_class("tutor-task-panel")
        self.table.add_panel(self.panel)
        super().__init__([head, self.table],
                         layout=W.Layout(border=f"1px solid {BORDER}", padding="6px", margin="6px 0"))
        self.add_class("tutor-task-table")
        self.refresh()

    @staticmethod
    def _button(label, cls, action):
        b = W.Button(description=label, layout=W.Layout(width="auto", display="none"))
        b.add_class(cls)
        b.on_click(lambda _b: action())
        return b

    def _show_me(self):
        self.run.show_me()
        self.refresh()

    def _go_on(self):
        self.run.go_on()

    def _again(self):
        self.run.again()

    def refresh_progress(self) -> None:
        """Progress read again (Voila's preheated kernel): tick what is done, start at the
        first task not done — unless the learner already started here."""
        if self.run is not None:
            self.run.resume(self.page.tracker.done)
        self.refresh()

    # ---- what the box says ------------------------------------------------------------------
    def refresh(self) -> None:
        self.box.value = self._html()
        run = self.run
        show = lambda b, on: setattr(b.layout, "display", None if on else "none")  # noqa: E731
        show(self.show_button, run is not None and not run.finished and not run.waiting
             and run.misses >= 1 and bool(run.task.example) and run.task.move != "draw")
        show(self.next_button, run is not None and run.waiting)
        show(self.again_button, run is not None and run.finished)

    def _html(self) -> str:
        t, run, section = self.t, self.run, self.section
        if run is None:                  # a lesson not converted yet: the old "try it" words
            words = section.try_it or t.gettext("Click cards in your hand, then press a move: "
                                                "the table says whether it is allowed, and why.")
            return f"<div class='tutor-task-do'>{md(words)}</div>"
        out = []
        n = len(run.tasks)
        ticks = "".join(f"<span title='{i + 1}' style='color:{RIGHT if task.item in run.done else MUTED}'>"
                        f"{'●' if task.item in run.done else '○'}</span>"
                        for i, task in enumerate(run.tasks))
        last, feedback = run.last, ""
        if run.state in ("right", "finished") and run.last_task is not None:
            right = html.escape(t.gettext("Right."))
            feedback = (f"<div class='tutor-task-feedback' data-state='right' style='color:{RIGHT}'>"
                        f"<b>✔ {right}</b> {md(run.last_task.done)}</div>")
        elif run.state == "wrong" and run.task is not None:
            not_yet = html.escape(t.gettext("Not yet."))
            feedback = (f"<div class='tutor-task-feedback' data-state='wrong' style='color:{WRONG}'>"
                        f"<b>✘ {not_yet}</b> "
                        f"{md(run.task.nudge) if run.task.nudge else ''}</div>")
        elif run.state == "back" and last is not None:
            not_this = html.escape(t.gettext("That move is allowed, but it is not this step."))
            feedback = (f"<div class='tutor-task-feedback' data-state='back' style='color:{WRONG}'>"
                        f"<b>✘ {not_this}</b> "
                        + html.escape(last.explain(self.page.lang)) + " "
                        + html.escape(t.gettext("The table is back as it was: try again."))
                        + (md(run.task.nudge) if run.task.nudge else "") + "</div>")
        if run.finished:
            nxt = self.page.next_section(section)
            go = (f" <a href='#{anchor(nxt.id)}'>" + html.escape(t.gettext("Next: {title}")).format(
                title=html.escape(nxt.title)) + " ↓</a>") if nxt else ""
            out.append(f"<div class='tutor-task-do' data-done='true'><b style='color:{RIGHT}'>✔ "
                       + html.escape(t.gettext("All steps on this table done.")) + f"</b>{go}</div>")
        elif run.waiting:
            out.append("<div class='tutor-task-do'>" + html.escape(
                t.gettext("Look at the table: that is what your move did. Then press Next step.")) + "</div>")
        else:
            step = html.escape(t.gettext("Step {n} of {total}").format(n=run.current + 1, total=n))
            out.append(f"<div class='tutor-task-do' data-task='{html.escape(run.task.id)}'>"
                       f"<b style='color:{ACCENT}'>{step}</b> {md(run.task.do)}</div>")
        return (f"<div style='line-height:1.45'><div class='tutor-task-ticks'>{ticks}</div>"
                f"{feedback}{''.join(out)}</div>")


# ------------------------------------------------------------------------------------ the list

def lesson_list(lang: str = "en", store=DEFAULT, learner: str | None = None):
    """The lesson list: every lesson with its checkmark, "continue where you left off" and
    the language picker (`store`: the kernel's progress store; None keeps nothing).
    Refreshed by `ready` in Voila's preheated kernels."""
    return LessonList(lang, store, learner)


def steps_done(t, done: int, n: int) -> str:
    """The words "4 of 9 steps done", in the language of the translator `t`."""
    return t.ngettext("{done} of {n} step done", "{done} of {n} steps done", n).format(done=done, n=n)


class LessonList(W.VBox):
    def __init__(self, lang="en", store=DEFAULT, learner=None):
        from ..progress import current_learner
        self.lang = lang
        self.t = translator(lang)
        self.store = open_store() if store is DEFAULT else store
        self._learner = learner
        self.learner = learner or current_learner()
        self.lessons = load_lessons(lang)
        self.html = W.HTML(self._html())
        self.html.add_class("tutor-lesson-list")
        super().__init__([self.html])

    def ready(self):
        """The list's last cell: wait for the learner in a preheated kernel, then read again."""
        from ..progress import current_learner
        wait_for_request()
        self.learner = self._learner or current_learner()
        self.html.value = self._html()
        return _Nothing()

    @property
    def tonight(self) -> list:
        """Tonight's lessons in a class (the class server names them in the kernel's
        environment, ``TUTOR_TONIGHT``: lesson keys, commas between); [] elsewhere."""
        keys = [k for k in os.environ.get("TUTOR_TONIGHT", "").split(",") if k]
        return [les for les in self.lessons if les.key in keys]

    def _html(self) -> str:
        t, lang = self.t, self.lang
        done = self.store.done(self.learner) if self.store else set()
        up = "" if lang == "en" else "../"
        tonight = self.tonight
        rows = []
        # in a class, tonight's lessons first (marked), then the others
        order = tonight + [les for les in self.lessons if les not in tonight]
        for k, lesson in enumerate(order):
            if tonight and k in (0, len(tonight)):
                head = t.gettext("Tonight's lessons") if k == 0 else t.gettext("The other lessons")
                rows.append(f"<tr class='tutor-lesson-group'><th colspan='3' style='text-align:left;"
                            f"padding:8px 0 2px'>{html.escape(head)}</th></tr>")
            items = lesson.items()
            n = sum((lesson.key, i) in done for i in items)
            said = html.escape(steps_done(t, n, len(items)), quote=True)
            full = n == len(items)
            mark = (f"<span class='tutor-mark' data-done='{str(full).lower()}' title='{said}'"
                    f" aria-label='{said}' style='color:{RIGHT if full else MUTED}'>"
                    f"{'✔' if full else f'{n}/{len(items)}'}</span>")
            english = ("" if lesson.translated else
                       f" <small style='color:{MUTED}'>(" + html.escape(t.gettext("in English")) + ")</small>")
            # the count and the lesson's number apart ("10/23" then "3."), never "10/233"
            mark_tonight = f" data-tonight='{str(lesson in tonight).lower()}'" if tonight else ""
            rows.append(f"<tr class='tutor-lesson-row' data-key='{lesson.key}'{mark_tonight}>"
                        f"<td style='padding:0 16px 0 0;text-align:right;white-space:nowrap'>{mark}</td>"
                        f"<td style='padding:0 6px 0 0;text-align:right'>{int(lesson.number)}.</td>"
                        f"<td><a href='{lesson.key}.ipynb'>"
                        f"{html.escape(lesson.title)}</a>{english}<br>"
                        f"<small style='color:{MUTED}'>{html.escape(lesson.goal)}</small></td></tr>")
        go = ""
        place = self.store.last_place(self.learner) if self.store else None
        keys = {l.key: l for l in self.lessons}
        if tonight and not (place and place[0] in {les.key for les in tonight}):
            first = tonight[0]                   # a class: tonight's first lesson, not lesson 1
            go = (f"<p class='tutor-continue'><a href='{first.key}.ipynb'><b>"
                  + html.escape(t.gettext("Tonight: start with lesson {n}: {title}")).format(
                      n=int(first.number), title=html.escape(first.title)) + " →</b></a></p>")
        elif place and place[0] in keys:
            lesson = keys[place[0]]
            i = self.lessons.index(lesson)
            if all((lesson.key, item) in done for item in lesson.items()) and i + 1 < len(self.lessons):
                lesson = self.lessons[i + 1]         # that one is done: on to the next
            go = (f"<p class='tutor-continue'><a href='{lesson.key}.ipynb'><b>"
                  + html.escape(t.gettext("Continue where you left off: lesson {n}, {title}")).format(
                      n=int(lesson.number), title=html.escape(lesson.title)) + " →</b></a></p>")
        else:
            first = self.lessons[0]
            go = (f"<p class='tutor-continue'><a href='{first.key}.ipynb'><b>"
                  + html.escape(t.gettext("Start with lesson 1: {title}")).format(
                      title=html.escape(first.title)) + " →</b></a></p>")
        langs = " · ".join(
            (f"<b>{html.escape(LANGUAGE_NAMES[code])}</b>" if code == lang else
             f"<a class='tutor-lang' hreflang='{code}' href='{up}{'' if code == 'en' else code + '/'}{LIST}'>"
             f"{html.escape(LANGUAGE_NAMES[code])}</a>")
            for code in LANGUAGES)
        notice = self.store.notice_text(t.gettext) if self.store else None
        note = (f"<p class='tutor-notice' style='color:{WRONG}'>{html.escape(notice)}</p>"
                if notice else "")
        return (f"<div style='line-height:1.45'>"
                f"<div class='tutor-languages' style='text-align:right'>{langs}</div>"
                "<h2 style='margin-top:0'>" + html.escape(t.gettext("Canasta: the rules, step by step"))
                + "</h2><p>" + html.escape(t.gettext(
                    "Twelve short lessons take you from the cards to a scored game. Each one has "
                    "tables to try moves on and questions to answer; your progress is kept on "
                    "this computer.")) + f"</p>{note}{go}"
                f"<table style='border-collapse:collapse'>{''.join(rows)}</table></div>")
