"""A question with second chances: the position, the question, the answer buttons, hints
in steps, and after the answer the engine's explanation.

    Quiz(exercise)        # or lesson.quiz("frozen-natural-joker")

The learner answers BEFORE anything is revealed. A wrong answer gets a nudge (the first
hint) and another try; after a second miss — or whenever the learner asks, with "Show the
answer" — the answer is shown with its explanation. The "Hint" button shows the hints one
step at a time (a nudge, the rule, the move). "Try again" clears the question (for a
learner coming back, or a teacher asking the next class).

A question counts as done only when it is answered right on its first try. A miss (or
"Show the answer") is kept, the question is handed to `on_miss` — the lesson page's
practice box brings it back later in the lesson (`tutor.lessons.page.Practice`) — and a
right answer after that (the second try, or "Try again") does not count until the question
comes back and is answered right at once.

``answer(choice)``, ``hint()``, ``show_answer()`` and ``reset()`` do what the buttons do
(for tests and teachers at the keyboard). Every try is given to ``tracker.record`` (the
lesson's progress). Words go through the catalog in the lesson's language; colours are
JupyterLab's theme variables, so the quiz reads in the dark theme too. The rule id stays
in a small "For teachers" note. The text/plain repr is deterministic (nbval compares it)
and never gives the answer away.
"""
from __future__ import annotations

import html
import re

import ipywidgets as widgets

from ..i18n import N_, translator
from ..engine.plainwords import move_words
from . import Exercise
from .view import position_html
from ..table.looks import Looks
from .answers import answer_html, teachers_note_html

HINT_LABELS = (N_("A nudge"), N_("The rule"), N_("The move"))

# JupyterLab's theme variables (Voila's lab template defines them too), with fallbacks
RIGHT = "var(--jp-success-color1, #1b7a3a)"
WRONG = "var(--jp-error-color1, #b3261e)"
MUTED = "var(--jp-ui-font-color2, #555)"
BORDER = "var(--jp-border-color2, #ccc)"
HINT_BG = "var(--jp-layout-color2, #eee)"
HINT_EDGE = "var(--jp-warn-color1, #c28e00)"


def md(text: str) -> str:
    """Tiny markdown for prompts, hints and reveals: `code`, **bold**, *em*, paragraphs."""
    out = []
    for para in re.split(r"\n\s*\n", str(text).strip()):
        p = html.escape(para)
        p = re.sub(r"`([^`]+)`", r"<code>\1</code>", p)
        p = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", p)
        p = re.sub(r"(?<![\w*])\*([^*]+)\*(?!\w)", r"<i>\1</i>", p)
        p = p.replace("\n- ", "<br>• ").replace("\n", " ")
        if p.startswith("- "):
            p = "• " + p[2:]
        out.append(f"<p style='margin:4px 0'>{p}</p>")
    return "".join(out)


class Quiz(widgets.VBox):
    """One exercise as a question with buttons; a second try after a miss."""

    TRIES = 2           # misses before the answer is shown

    def __init__(self, exercise: Exercise, show_position: bool = True, tracker=None, on_miss=None):
        self.exercise = exercise
        self.tracker = tracker
        self.on_miss = on_miss          # on_miss(exercise): the question is to come back
        self.missed_before = False      # missed (or shown) in this box: a later right does not count
        self.on_finish = None           # on_finish(quiz): answered right, or the answer shown
        self.t = t = translator(exercise.lesson.lang)
        self.given: str | None = None
        self.misses = 0
        self.state = ""                 # "", "right", "shown" (the answer, after misses or asked)
        self.hints_shown = 0
        self.result = None
        ex = exercise
        looks = Looks()                 # the layout and style models its parts share
        self.header = looks.html()
        self.header.add_class("tutor-quiz-prompt")
        parts = [self.header]
        show_position = show_position and ex.kind not in ("parse", "deck") and ex.picture is not False
        pos = ex.position() if show_position or ex.move else None
        actor = ex.seen_by(pos) if pos is not None else "S"
        if show_position:
            # "start": the position before the `before` moves, when the position after them
            # would show the answer (a canasta already labelled, a count already drawn)
            pic = looks.html(position_html(ex.start_position() if ex.picture == "start" else pos,
                                           viewer=actor, lang=ex.lesson.lang))
            pic.add_class("tutor-quiz-position")
            parts.append(pic)
        elif ex.kind == "parse":
            parts.append(looks.html(f"<pre>{html.escape(ex.text())}</pre>"))
        if ex.move:
            mv = looks.html(f"<b>{html.escape(move_words(ex.move, actor, ex.lesson.lang, position=pos))}</b>")
            mv.add_class("tutor-quiz-move")
            parts.append(mv)
        self.buttons = []
        self.values = {}                # a button -> the answer value it gives (words shown)
        for value, words in zip(ex.answers, ex.options):
            b = looks.button(str(words))
            b.add_class("tutor-quiz-choice")
            b.on_click(lambda _b, v=value: self.answer(v))
            self.buttons.append(b)
            self.values[b] = value
        self.hint_button = looks.button(icon="lightbulb-o")
        self.hint_button.add_class("tutor-quiz-hint-button")
        self.hint_button.on_click(lambda _b: self.hint())
        self.show_button = widgets.Button(description=t.gettext("Show the answer"),
                                          layout=widgets.Layout(width="auto"))
        self.show_button.add_class("tutor-quiz-show")
        self.show_button.on_click(lambda _b: self.show_answer())
        # shown once answered: a learner may try again, a teacher may ask the next class
        self.again_button = widgets.Button(description=t.gettext("Try again"), icon="undo",
                                           layout=widgets.Layout(width="auto", display="none"))
        self.again_button.add_class("tutor-quiz-again")
        self.again_button.on_click(lambda _b: self.reset())
        self.feedback = looks.html()
        self.feedback.add_class("tutor-quiz-feedback")
        self.hint_box = looks.html()
        self.hint_box.add_class("tutor-quiz-hints")
        self.reveal_box = looks.html()
        self.reveal_box.add_class("tutor-quiz-reveal")
        row = widgets.HBox(self.buttons + [self.hint_button, self.show_button, self.again_button],
                           layout=widgets.Layout(flex_flow="row wrap"))
        parts += [row, self.feedback, self.hint_box, self.reveal_box]
        super().__init__(parts, layout=widgets.Layout(border=f"1px solid {BORDER}", padding="6px",
                                                      margin="6px 0"))
        self.add_class("tutor-quiz")
        self._hint_label()
        self.refresh_header()
        if tracker is not None:
            tracker.on_change(lambda _t: self.refresh_header())

    # ---- actions ------------------------------------------------------------------
    def hint(self) -> str:
        """Show the next hint; returns its text."""
        hints = self.exercise.hints
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        shown = hints[:self.hints_shown]
        self.hint_box.value = "".join(
            f"<div style='background:{HINT_BG};border-left:4px solid {HINT_EDGE};"
            f"padding:3px 8px;margin:2px 0'><b>{html.escape(self.t.gettext(HINT_LABELS[i]))}:</b> "
            f"{md(h)}</div>" for i, h in enumerate(shown))
        self._hint_label()
        return shown[-1]

    def _hint_label(self) -> None:
        n = len(self.exercise.hints)
        if self.hints_shown >= n:
            self.hint_button.disabled = True
            self.hint_button.description = self.t.gettext("No more hints")
        else:
            self.hint_button.disabled = False
            self.hint_button.description = self.t.gettext("Hint ({n} of {total})").format(
                n=self.hints_shown + 1, total=n)

    def answer(self, choice) -> bool:
        """Answer the question with a value ("legal", 45, "EW") or its words as shown
        ("Illegal", "East–West"). True if the answer was right: answers are compared by
        value. A miss leaves the question open for another try (the nudge is shown) until
        the second miss shows the answer."""
        ex, t = self.exercise, self.t
        value = ex.value_of(choice)
        right = value is not None and value == ex.expect
        if self.state:
            return right
        self.given = None if value is None else str(ex.label(value))
        counts = self.misses == 0 and not self.missed_before
        if self.tracker is not None:
            self.tracker.record(ex.item, "question", right, counts=counts)
        if not right:
            self._missed()
        for b in self.buttons:
            if value is not None and self.values[b] == value:
                b.button_style = "success" if right else "danger"
                b.disabled = True
        # the explanation first, the verdict last: each widget change is its own message,
        # and the verdict is what a learner (and a test) waits for
        if right:
            self.state = "right"
            self._finish()
            line = (t.gettext("Right!") if self.misses == 0 else t.gettext("Right, on the second try!"))
            later = "" if counts else " " + html.escape(t.gettext(
                "This question comes back later in the lesson: it counts once you answer it "
                "right on the first try."))
            self.feedback.value = (f"<b style='color:{RIGHT}'>✔ {html.escape(line)}</b>"
                                   f"<span class='tutor-quiz-later'>{later}</span>")
            return True
        self.misses += 1
        if self.misses >= self.TRIES:
            self.state = "shown"
            self._finish()
            self.feedback.value = (f"<b style='color:{WRONG}'>✘ " + html.escape(
                t.gettext("Not this one either. The answer is {answer}.")).format(
                answer=f"<u>{html.escape(str(ex.answer))}</u>") + "</b> "
                f"<span class='tutor-quiz-later'>" + html.escape(t.gettext(
                    "This question comes back later in the lesson.")) + "</span>")
            return False
        if self.hints_shown == 0:
            self.hint()
        not_quite = html.escape(t.gettext("Not quite."))
        self.feedback.value = (f"<b style='color:{WRONG}'>✘ {not_quite}</b> "
                               + html.escape(t.gettext("Read the hint below and have another go.")))
        return False

    def show_answer(self) -> None:
        """Show the answer and its explanation without a try (the "Show the answer" button)."""
        if self.state:
            return
        self.state = "shown"
        self._missed()
        self._finish()
        self.feedback.value = (f"<b>" + html.escape(self.t.gettext("The answer is {answer}.")).format(
            answer=f"<u>{html.escape(str(self.exercise.answer))}</u>") + "</b>")

    def _missed(self) -> None:
        """A miss (or the answer shown): the question is to come back, once per box."""
        if not self.missed_before:
            self.missed_before = True
            if self.on_miss is not None:
                self.on_miss(self.exercise)

    def _finish(self) -> None:
        self.result = self.exercise.check()
        for b in self.buttons:
            b.disabled = True
            if self.values[b] == self.exercise.expect and self.state == "shown":
                b.button_style = "info"
        self.show_button.layout.display = "none"
        self.reveal_box.value = self._reveal_html()
        self.again_button.layout.display = None
        if self.on_finish is not None:
            self.on_finish(self)

    def reset(self) -> None:
        """Back to the unanswered question: no answer, no hints, no reveal."""
        self.given = self.result = None
        self.state, self.misses, self.hints_shown = "", 0, 0
        for b in self.buttons:
            b.disabled = False
            b.button_style = ""
        self._hint_label()
        self.hint_box.value = self.reveal_box.value = self.feedback.value = ""
        self.show_button.layout.display = None
        self.again_button.layout.display = "none"

    def refresh_header(self) -> None:
        ex, t = self.exercise, self.t
        done = self.tracker is not None and self.tracker.is_done(ex.item)
        mark = (f" <span class='tutor-quiz-done' style='color:{RIGHT}' title='"
                + html.escape(t.gettext("You answered this one right before."), quote=True)
                + "'>✔</span>") if done else ""
        self.header.value = f"<b>{html.escape(ex.heading_text)}</b>{mark}{md(ex.prompt)}"

    # ---- the reveal -------------------------------------------------------------
    def _explanation(self) -> str:
        """What the engine says, in words a learner reads (no position text, no ids): the
        question's answer (`answers.answer_html`: a judge question's is the judge's ruling
        of its move; a score, deck or game question's the engine's lines; an outcome or parse
        question has none, the lesson's words say it)."""
        r = self.result
        return answer_html(self.exercise, r, self.exercise.lesson.lang,
                           colour=(RIGHT if r.legal else WRONG) if self.exercise.kind == "judge" else None)

    def reveal_text(self) -> str:
        """The reveal in plain text (what the box shows after an answer)."""
        if self.result is None:
            self.result = self.exercise.check()
        return html.unescape(re.sub(r"<[^>]+>", " ", self._reveal_html())).strip()

    def _reveal_html(self) -> str:
        ex, t = self.exercise, self.t
        summary = html.escape(t.gettext("For teachers"))
        # the rules the answer keys name too: the ruling's deciding rule, and the lesson's
        # rule where the ruling names it besides (`Exercise.key_rules`)
        teachers = (f"<details class='tutor-teachers' style='margin-top:4px;color:{MUTED};font-size:90%'>"
                    f"<summary>{summary}</summary>"
                    + teachers_note_html(ex, self.result, ex.lesson.lang) + "</details>")
        return (f"<div style='border-left:4px solid {BORDER};padding:4px 10px;margin-top:4px'>"
                f"{self._explanation()}{md(ex.reveal) if ex.reveal else ''}{teachers}</div>")

    # ---- text for nbval and terminals ------------------------------------------------
    def __repr__(self) -> str:
        ex = self.exercise
        lines = [f"Quiz {ex.lesson.key}:{ex.id} — {ex.heading_text}", ex.prompt]
        if ex.move:
            lines.append(f"The move: {ex.move}")
        lines.append("Answers: " + " | ".join(map(str, ex.options)) +
                     " (the explanation is shown after you answer)")
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        return data

