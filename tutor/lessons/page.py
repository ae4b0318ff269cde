"""A lesson as a learner meets it: the checklist at the top, tables with tasks, questions,
and the list of lessons. Every cell of a lesson notebook is one short call here:

    from tutor.lessons.page import LessonPage
    page = LessonPage("06", lang="en")
    page.header()                  # checkmarks per section, "continue where you left off"
    page.table("what-frozen")      # the section's table, with its tasks one after the other
    page.quiz("frozen-natural-joker")
    page.practice()                # the questions missed, back until answered right at once
    page.ready()                   # the last cell: progress read afresh (Voila, see below)

    from tutor.lessons.page import lesson_list
    lesson_list(lang="en")         # the lesson list: 13 lessons, checkmarks, continue, languages

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

import ipywidgets as widgets

from ..i18n import LANGUAGE_NAMES, LANGUAGES, translator
from . import get, load_lessons
from .quiz import BORDER, MUTED, RIGHT, WRONG, Quiz, md
from .tasks import TaskRun
from ..table.panel import why_html
from .tracker import DEFAULT, Tracker, open_store

ACCENT = "var(--jp-brand-color1, #1976d2)"
LIST = "00-lessons.ipynb"
GAME = "game.ipynb"         # the "Play a game" page (tutor/game), beside the lessons


def game_link(t, last: bool = False) -> str:
    """The link to the "Play a game" page, in the words of the translator `t`."""
    words = t.gettext("Now play a game against the computer") if last else \
        t.gettext("Play a game against the computer")
    return f"<a class='tutor-play-game' href='{GAME}'>" + html.escape(words) + " →</a>"


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
        self._practice = None

    # ---- the checklist at the top ------------------------------------------------------
    def header(self):
        self._header = widgets.HTML(self._header_html())
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
        q = Quiz(self.lesson.exercise(ex_id), tracker=self.tracker, on_miss=self._bring_back)
        self.quizzes[ex_id] = q
        return q

    def practice(self):
        """The box near the lesson's end where missed questions come back (`Practice`)."""
        self._practice = Practice(self)
        return self._practice

    def _bring_back(self, exercise) -> None:
        if self._practice is not None:
            self._practice.add(exercise.id)

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
            links.append(html.escape(t.gettext("That was the last lesson.")) + " <b>"
                         + game_link(t, last=True) + "</b>")
        if i + 1 < len(lessons):
            links.append(game_link(t))
        heading = html.escape(t.gettext("Recap"))
        box = widgets.HTML(f"<div style='line-height:1.45'><h2>{heading}</h2>"
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
        if self._practice is not None:
            self._practice.load(afresh=True)     # the learner's own, not the preheat's
        self.tracker.visit()
        return _Nothing()


class Practice(widgets.VBox):
    """Questions missed in this lesson come back here, one at a time, until each is answered
    right on its first try (only then is it done: `Quiz`). A question missed again goes to
    the end of the line. The line is the questions missed on this page and those tried and
    not done before (`Tracker.missed`, read by `load`)."""

    def __init__(self, page: LessonPage):
        self.page, self.t = page, page.t
        self.queue: list = []            # exercise ids waiting
        self.current: Quiz | None = None
        self.seen = False                # has any question come back on this page
        self.head = widgets.HTML()
        self.head.add_class("tutor-practice-head")
        self.next_button = widgets.Button(description=self.t.gettext("Next question"),
                                    layout=widgets.Layout(width="auto", display="none"))
        self.next_button.add_class("tutor-practice-next")
        self.next_button.on_click(lambda _b: self.show_next())
        self.slot = widgets.VBox([])
        super().__init__([self.head, self.slot, self.next_button],
                         layout=widgets.Layout(margin="6px 0"))
        self.add_class("tutor-practice")
        self.load()

    def load(self, afresh: bool = False) -> None:
        """Add the questions tried and not done before (the progress store's); `afresh`:
        forget the line first (the page's last cell, once its learner is known)."""
        if afresh:
            self.queue, self.current, self.seen = [], None, False
            self.slot.children = []
        ids = {ex.item: ex.id for ex in self.page.lesson.exercises}
        for item in self.page.tracker.missed():
            if item in ids:
                self.add(ids[item], show=False)
        if self.current is None:
            self.show_next()
        else:
            self.refresh()

    def add(self, ex_id: str, show: bool = True) -> None:
        """Bring a question back (at the end of the line, once)."""
        waiting = self.current is not None and not self.current.state
        if ex_id not in self.queue and not (waiting and self.current.exercise.id == ex_id):
            self.queue.append(ex_id)
        if show and (self.current is None):
            self.show_next()
        else:
            self.refresh()

    def _again(self, exercise) -> None:
        """The question asked here was missed again: to the end of the line."""
        if exercise.id not in self.queue:
            self.queue.append(exercise.id)
        self.refresh()

    def show_next(self) -> None:
        """The next question of the line, asked afresh (its first try counts)."""
        tracker = self.page.tracker
        while self.queue:
            ex = self.page.lesson.exercise(self.queue.pop(0))
            if tracker.is_done(ex.item):
                continue
            q = Quiz(ex, tracker=tracker, on_miss=self._again)
            q.remove_class("tutor-quiz")           # not one of the lesson's questions
            q.add_class("tutor-practice-quiz")
            q.on_finish = lambda _q: self.refresh()
            self.current = q
            self.seen = True
            self.slot.children = [q]
            break
        else:
            self.current = None
            self.slot.children = []
        self.refresh()

    def refresh(self) -> None:
        t = self.t
        q = self.current
        finished = q is not None and bool(q.state)
        left = len(self.queue) + (1 if q is not None and not finished else 0)
        if q is None and not self.seen:
            words = t.gettext("A question you miss comes back here, later in the lesson, until "
                              "you answer it right on the first try.")
        elif q is None or (finished and not self.queue):
            words = t.gettext("No question to try again: you have answered them all right on "
                              "the first try.") if q is None or q.tracker.is_done(q.exercise.item) \
                else t.gettext("Try this question again later: it stays here until you answer "
                               "it right on the first try.")
        else:
            words = t.ngettext("{n} question to try again: answer it right on the first try.",
                               "{n} questions to try again: answer each right on the first try.",
                               left).format(n=left)
        title = html.escape(t.gettext("Questions to answer again"))
        self.head.value = (f"<h3 style='margin:4px 0'>↻ {title}</h3>"
                           f"<p class='tutor-practice-words' data-left='{left}'>{html.escape(words)}</p>")
        self.next_button.layout.display = None if finished and self.queue else "none"


class _Nothing:
    """The last cell shows nothing (an empty text for nbval)."""

    def __repr__(self) -> str:
        return ""

    def _repr_html_(self) -> str:
        return ""


class TaskTable(widgets.VBox):
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
        self.box = widgets.HTML()
        self.box.add_class("tutor-task")
        self.show_button = self._button(self.t.gettext("Show me"), "tutor-task-show", self._show_me)
        self.next_button = self._button(self.t.gettext("Next step"), "tutor-task-next", self._go_on)
        self.again_button = self._button(self.t.gettext("Do these steps again"), "tutor-task-again",
                                         self._again)
        tools = widgets.HBox([self.show_button, self.next_button, self.again_button])
        caption = lesson.positions[section.position]["caption"]
        head = widgets.HTML(f"<span id='{anchor(section.id)}-table'></span>"
                      f"<i style='color:{MUTED}'>{html.escape(caption)}</i>")
        # the task beside the table: a panel at the top of its side column (in view with the
        # table's top), its buttons and explanation below, beside the hand (Table.add_panel)
        self.panel = widgets.VBox([self.box, tools], layout=widgets.Layout(width="100%"))
        self.panel.add_class("tutor-task-panel")
        self.table.add_panel(self.panel)
        super().__init__([head, self.table],
                         layout=widgets.Layout(border=f"1px solid {BORDER}", padding="6px", margin="6px 0"))
        self.add_class("tutor-task-table")
        self.refresh()

    @staticmethod
    def _button(label, cls, action):
        b = widgets.Button(description=label, layout=widgets.Layout(width="auto", display="none"))
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
                        + why_html(last, self.page.lang) + " "
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


def stars(right: int, n: int) -> int:
    """A finished lesson's stars: 3 when every question was right on the first try, 2 when
    two thirds or more were, else 1."""
    if n == 0 or right >= n:
        return 3
    return 2 if 3 * right >= 2 * n else 1


def steps_done(t, done: int, n: int) -> str:
    """The words "4 of 9 steps done", in the language of the translator `t`."""
    return t.ngettext("{done} of {n} step done", "{done} of {n} steps done", n).format(done=done, n=n)


class LessonList(widgets.VBox):
    def __init__(self, lang="en", store=DEFAULT, learner=None):
        from ..progress import current_learner
        self.lang = lang
        self.t = translator(lang)
        self.store = open_store() if store is DEFAULT else store
        self._learner = learner
        self.learner = learner or current_learner()
        self.lessons = load_lessons(lang)
        self.html = widgets.HTML(self._html())
        self.html.add_class("tutor-lesson-list")
        super().__init__([self.html])

    def ready(self):
        """The list's last cell: wait for the learner in a preheated kernel, then read again."""
        from ..progress import current_learner
        wait_for_request()
        self.learner = self._learner or current_learner()
        self.html.value = self._html()
        return _Nothing()

    def _stars(self, lesson, right: int) -> str:
        """★★☆ beside a finished lesson, with its words for a screen reader and on hover."""
        t = self.t
        n = len(lesson.exercises)
        k = stars(right, n)
        said = html.escape(t.ngettext(
            "{stars} of 3 stars: {right} of {n} question right on the first try",
            "{stars} of 3 stars: {right} of {n} questions right on the first try", n).format(
            stars=k, right=min(right, n), n=n), quote=True)
        return (f" <span class='tutor-stars' data-stars='{k}' title='{said}' aria-label='{said}' "
                f"style='color:var(--jp-warn-color1, #b26a00);letter-spacing:1px'>"
                f"{'★' * k}{'☆' * (3 - k)}</span>")

    def _count_html(self) -> str:
        """The table's player count when a class chose one (``python -m tutor class
        --players 2``: the kernel's TUTOR_PLAYERS): the lesson about it and the sandbox's
        whole game at that count."""
        from .counts import count_words, default_count
        key = default_count()
        if key == "4":
            return ""
        t = self.t
        lesson = next((l for l in self.lessons if l.number == "13"), None)
        words = html.escape(t.format(
            # TRANSLATORS: on the lesson list when a class plays another count ("Two players, each alone")
            t.gettext("Tonight's table: {count}."), count=count_words(key, self.lang)))
        links = []
        if lesson is not None:
            links.append(f"<a href='{lesson.key}.ipynb'>{html.escape(lesson.title)}</a>")
        # TRANSLATORS: a link on the lesson list to the sandbox's game at the class's count
        game = t.gettext("A whole game at this table")
        links.append(f"<a href='sandbox.ipynb'>{html.escape(game)}</a>")
        return (f"<p class='tutor-count' data-count='{key}'><b>{words}</b> "
                + " · ".join(links) + "</p>")

    @property
    def tonight(self) -> list:
        """Tonight's lessons in a class (the class server names them in the kernel's
        environment, ``TUTOR_TONIGHT``: lesson keys, commas between); [] elsewhere."""
        keys = [k for k in os.environ.get("TUTOR_TONIGHT", "").split(",") if k]
        return [les for les in self.lessons if les.key in keys]

    def _html(self) -> str:
        t, lang = self.t, self.lang
        done = self.store.done(self.learner) if self.store else set()
        tries = self.store.first_tries(self.learner) if self.store else {}
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
            stars = (self._stars(lesson, tries.get(lesson.key, (0, 0))[1]) if full else "")
            english = ("" if lesson.translated else
                       f" <small style='color:{MUTED}'>(" + html.escape(t.gettext("in English")) + ")</small>")
            # the count and the lesson's number apart ("10/23" then "3."), never "10/233"
            mark_tonight = f" data-tonight='{str(lesson in tonight).lower()}'" if tonight else ""
            rows.append(f"<tr class='tutor-lesson-row' data-key='{lesson.key}'{mark_tonight}>"
                        f"<td style='padding:0 16px 0 0;text-align:right;white-space:nowrap'>{mark}{stars}</td>"
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
                + "</h2><p>" + html.escape(t.format(t.gettext(
                    "{n} short lessons take you from the cards to a scored game. Each one has "
                    "tables to try moves on and questions to answer; your progress is kept on "
                    "this computer."), n=len(self.lessons))) + f"</p>{note}{self._count_html()}{go}"
                f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"
                f"<p class='tutor-game-link'><b>{game_link(t)}</b><br><small style='color:{MUTED}'>"
                + html.escape(t.gettext("Play hands against the computer, with hints and a guide "
                                        "through your first hand."))
                + "</small></p></div>")
