"""A small quiz widget: the position, the question, the answer buttons, hints in steps,
and after the answer the engine's ruling with the rulebook's words.

    Quiz(exercise)        # or lesson.quiz("frozen-1")

The learner answers BEFORE anything is revealed; the "Hint" button shows the hints one
step at a time (a nudge, the rule, the move). ``answer(choice)`` and ``hint()`` do the
same as the buttons (for tests and for teachers at the keyboard). The text/plain repr is
deterministic (nbval compares it) and never gives the answer away.
"""
from __future__ import annotations

import html
import re

import ipywidgets as W

from tutor.engine.position import SEAT_NAMES

from . import Exercise, rule_text
from .view import position_html

QUESTION = {
    "judge": "Legal or illegal?",
    "score": "How many points?",
    "outcome": "What happens?",
    "parse": "Possible or impossible?",
    "game": "Who wins?",
}


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


class Quiz(W.VBox):
    """One exercise as a question with buttons; reveals the engine's answer after yours."""

    def __init__(self, exercise: Exercise, show_position: bool = True):
        self.exercise = exercise
        self.given: str | None = None
        self.hints_shown = 0
        self.result = None
        ex = exercise
        header = W.HTML(f"<b>{html.escape(QUESTION[ex.kind])}</b> "
                        f"<span style='color:#666'>({html.escape(ex.lesson.key)}: {html.escape(ex.id)})</span>"
                        + md(ex.prompt))
        header.add_class("tutor-quiz-prompt")
        parts = [header]
        show_position = show_position and ex.kind != "parse" and ex.picture is not False
        pos = ex.position() if show_position or ex.move else None
        if show_position:
            # "start": the position before the `before` moves, when the position after them
            # would show the answer (a canasta already labelled, a count already drawn)
            pic = W.HTML(position_html(ex.start_position() if ex.picture == "start" else pos))
            pic.add_class("tutor-quiz-position")
            parts.append(pic)
        elif ex.kind == "parse":
            parts.append(W.HTML(f"<pre>{html.escape(ex.text())}</pre>"))
        if ex.move:
            mv = W.HTML(f"The move: <code>{html.escape(ex.move)}</code> "
                        f"(played by {SEAT_NAMES[_actor(ex.move, pos)]})")
            mv.add_class("tutor-quiz-move")
            parts.append(mv)
        self.buttons = []
        for choice in ex.options:
            b = W.Button(description=str(choice), layout=W.Layout(width="auto"))
            b.add_class("tutor-quiz-choice")
            b.on_click(lambda _b, c=choice: self.answer(c))
            self.buttons.append(b)
        self.hint_button = W.Button(description="Hint (1 of 3)", icon="lightbulb-o",
                                    layout=W.Layout(width="auto"))
        self.hint_button.add_class("tutor-quiz-hint-button")
        self.hint_button.on_click(lambda _b: self.hint())
        self.hint_box = W.HTML("")
        self.hint_box.add_class("tutor-quiz-hints")
        self.reveal_box = W.HTML("")
        self.reveal_box.add_class("tutor-quiz-reveal")
        # shown once answered: a learner may try again, a teacher may ask the next class
        self.again_button = W.Button(description="Try again", icon="undo",
                                     layout=W.Layout(width="auto", display="none"))
        self.again_button.add_class("tutor-quiz-again")
        self.again_button.on_click(lambda _b: self.reset())
        parts += [W.HBox(self.buttons + [self.hint_button, self.again_button]), self.hint_box,
                  self.reveal_box]
        super().__init__(parts, layout=W.Layout(border="1px solid #ccc", padding="6px",
                                                margin="6px 0"))
        self.add_class("tutor-quiz")

    # ---- actions ------------------------------------------------------------------
    def hint(self) -> str:
        """Show the next hint; returns its text."""
        hints = self.exercise.hints
        if self.hints_shown < len(hints):
            self.hints_shown += 1
        shown = hints[:self.hints_shown]
        labels = ("Nudge", "The rule", "The move")
        self.hint_box.value = "".join(
            f"<div style='background:#fff8dc;padding:3px 8px;margin:2px 0'><b>{labels[i]}:</b> "
            f"{md(h)}</div>" for i, h in enumerate(shown))
        if self.hints_shown >= len(hints):
            self.hint_button.disabled = True
            self.hint_button.description = "No more hints"
        else:
            self.hint_button.description = f"Hint ({self.hints_shown + 1} of {len(hints)})"
        return shown[-1]

    def answer(self, choice) -> bool:
        """Answer the question; reveals the engine's ruling. True if the answer was right."""
        ex = self.exercise
        self.given = str(choice)
        self.result = ex.check()
        right = str(choice) == str(ex.answer)
        for b in self.buttons:
            b.disabled = True
            if b.description == str(choice):
                b.button_style = "success" if right else "danger"
        self.reveal_box.value = self._reveal_html(right)
        self.again_button.layout.display = None
        return right

    def reset(self) -> None:
        """Back to the unanswered question: no answer, no hints, no reveal."""
        self.given = self.result = None
        self.hints_shown = 0
        for b in self.buttons:
            b.disabled = False
            b.button_style = ""
        self.hint_button.disabled = False
        self.hint_button.description = f"Hint (1 of {len(self.exercise.hints)})"
        self.hint_box.value = self.reveal_box.value = ""
        self.again_button.layout.display = "none"

    # ---- the reveal -------------------------------------------------------------
    def reveal_text(self) -> str:
        """The reveal in plain text (what the box shows after an answer)."""
        ex, r = self.exercise, self.result if self.result is not None else self.exercise.check()
        if ex.kind == "judge":
            head = f"The judge: {'legal' if r.legal else 'illegal'}, rule {r.rule}"
            return "\n".join([head, rule_text(r.rule), r.explain(), ex.reveal]).strip()
        return "\n".join([f"The engine: {r.answer} (rule {ex.rule})", rule_text(ex.rule),
                          r.explain(), ex.reveal]).strip()

    def _reveal_html(self, right: bool) -> str:
        ex, r = self.exercise, self.result
        mark = ("<b style='color:#1b7a3a'>Right.</b>" if right else
                f"<b style='color:#b3261e'>Not quite</b> — the answer is <b>{html.escape(str(ex.answer))}</b>.")
        if ex.kind == "judge":
            colour = "#1b7a3a" if r.legal else "#b3261e"
            verdict = (f"The judge: <b style='color:{colour}'>{'legal' if r.legal else 'illegal'}</b>, "
                       f"rule <code>{html.escape(r.rule)}</code>")
            words = html.escape(r.explain())
            rid = r.rule
        else:
            verdict = f"The engine: <b>{html.escape(str(r.answer))}</b>, rule <code>{html.escape(ex.rule)}</code>"
            words = f"<pre style='margin:2px 0'>{html.escape(r.explain())}</pre>"
            rid = ex.rule
        book = html.escape(rule_text(rid))
        return (f"<div style='border-left:4px solid #888;padding:4px 10px;margin-top:4px'>"
                f"{mark} {verdict}<blockquote style='margin:4px 0;color:#444'>"
                f"Rulebook, <code>{html.escape(rid)}</code>: {book}</blockquote>"
                f"<div>{words}</div>{md(ex.reveal) if ex.reveal else ''}</div>")

    # ---- text for nbval and terminals ------------------------------------------------
    def __repr__(self) -> str:
        ex = self.exercise
        lines = [f"Quiz {ex.lesson.key}:{ex.id} — {QUESTION[ex.kind]}", ex.prompt]
        if ex.move:
            lines.append(f"The move: {ex.move}")
        lines.append("Answers: " + " | ".join(map(str, ex.options)) +
                     " (the engine's ruling is shown after you answer)")
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        return data


def _actor(move_text: str, pos) -> str:
    """Who makes the move: the seat it names ("W: draw"), the partner for an answer to a
    pending question, else the player to move."""
    from tutor.engine.moves import Move
    from tutor.engine.position import partner_of
    try:
        move = Move.parse(move_text)
    except ValueError:
        return pos.turn
    if move.seat:
        return move.seat
    if move.kind in ("yes", "no") and pos.asked == "pending":
        return partner_of(pos.turn)
    return pos.turn
