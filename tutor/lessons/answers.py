"""A question's answer, in words, from the engine: the one path by which every place that
shows an answer says it — the quiz's reveal (`quiz.py`), the printed answer key and the
markdown key (`tutor/classroom/handouts.py`, `Lesson.handouts`), the class's screens (a
learner's page, the projector) and the teacher's view (`tutor/classroom/pages.py`).

    from tutor.lessons.answers import answer, answer_html, answer_text, teachers_note_html
    ex = tutor.lessons.get("03").exercise("same-nine-twice")
    answer(ex)                    # Answer(words="Legal", why=<the judge's explanation>, …)
    answer_html(ex)               # "<b …>Legal.</b> <span class='tutor-why'>…</span>"
    answer_html(None, ruling, "sv")   # a position the teacher typed: the ruling alone

- A **judge** question's answer IS the judge's ruling of its move: the verdict and
  `Ruling.explain(lang)` (in the language asked, without rule ids). The lesson's rule text
  is never the answer: what the tutor says is what the engine does.
- A **score**, **deck** or **game** question's answer is the engine's sum (`Outcome.explain`).
- An **outcome** or **parse** question has no engine words a learner could read (the
  position's facts are notation): its answer is said by its words and the lesson's `reveal`.

The lesson's own `reveal` (the sentence its writer would say at the table) comes after the
engine's words, where a page shows it; the rule ids go to the teachers only (`rules`: the
ruling's deciding rule, and the lesson's rule too where it differs and the ruling names it
among its reasons — `Exercise.key_rules`).
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..engine.plainwords import plain_rule_text, without_rule_ids
from ..i18n import translator
from ..table.panel import verdict_html

#: the kinds whose answer the engine explains in a learner's words (`Outcome.explain`)
EXPLAINED = ("score", "deck", "game")


@dataclass(frozen=True)
class Answer:
    """One question's answer as the engine gives it, in one language."""
    value: object                 # "legal"/"illegal", 45, "EW", an outcome's English choice
    words: str                    # the answer in words ("Legal", "45", "East–West")
    why: str                      # the engine's explanation, plain text ("" : none to read)
    legal: bool | None            # a judge question's verdict (None for the other kinds)
    rules: tuple                  # the rule ids a teacher's note names, the deciding one first
    reveal: str = ""              # the lesson's own sentence (markdown), said after `why`
    lang: str = "en"


def answer(exercise=None, result=None, lang: str | None = None) -> Answer:
    """The answer to `exercise` (its engine's answer `result`, else `exercise.check()`), in
    `lang` (default: the lesson's). Without an exercise — a position and move a teacher
    typed — `result` is the judge's `Ruling` and `lang` the room's."""
    if exercise is None and result is None:
        raise ValueError("answer() needs an exercise or a ruling")
    if result is None:
        result = exercise.check()
    lang = lang or (exercise.lesson.lang if exercise is not None else "en")
    t = translator(lang)
    kind = exercise.kind if exercise is not None else "judge"
    if kind == "judge":
        value = "legal" if result.legal else "illegal"
        words = t.gettext("Legal") if result.legal else t.gettext("Illegal")
        why = without_rule_ids(result.explain(lang))
        legal = bool(result.legal)
    else:
        value = result.answer
        words = str(exercise.label(value))
        why = result.explain(lang) if kind in EXPLAINED else ""
        legal = None
    rules = exercise.key_rules(result) if exercise is not None else (result.rule,)
    reveal = exercise.reveal if exercise is not None else ""
    return Answer(value=value, words=words, why=why, legal=legal, rules=tuple(rules),
                  reveal=reveal, lang=lang)


def answer_html(exercise=None, result=None, lang: str | None = None, *,
                colour: str | None = None, rules: bool = False, verdict: bool = True) -> str:
    """The answer as a page shows it after the question: a judge question's verdict in bold
    ("Legal.", class tutor-good / tutor-bad, `colour` besides) and the ruling's explanation
    (class tutor-why); a score, deck or game question's lines; "" for an outcome or parse
    question. `rules`: the teachers' rule ids in brackets after it (the teacher's view);
    `verdict=False`: the explanation alone, where the verdict has a place of its own (the
    printed key's "Answer" column)."""
    result = exercise.check() if result is None and exercise is not None else result
    a = answer(exercise, result, lang)
    t = translator(a.lang)
    if a.legal is not None:              # the verdict as the table writes it
        out = ((verdict_html(result, a.lang, ".", colour) + " " if verdict else "")
               + f"<span class='tutor-why'>{html.escape(a.why)}</span>")
    elif a.why:
        lines = "<br>".join(html.escape(ln) for ln in a.why.splitlines())
        out = f"<div class='tutor-why' style='font-variant-numeric:tabular-nums'>{lines}</div>"
    else:
        out = ""
    if rules:
        word = html.escape(t.gettext("rule"))
        ids = ", ".join(f"<code>{html.escape(r)}</code>" for r in a.rules)
        out += f" <span class='tutor-rule-id'>({word} {ids})</span>"
    return out


def answer_text(exercise=None, result=None, lang: str | None = None) -> str:
    """The answer in plain text, as `answer_html` shows it: "Legal. <the ruling's
    explanation>" for a judge question, the engine's lines for a score, deck or game
    question, "" for an outcome or parse question."""
    a = answer(exercise, result, lang)
    if a.legal is not None:
        return f"{a.words}. {a.why}"
    return a.why


def teachers_note_html(exercise=None, result=None, lang: str | None = None) -> str:
    """The rules an answer rests on, for the teacher: "Rule <id>: <the rulebook's words>"
    for each of `Answer.rules` (the ruling's deciding rule; then the lesson's rule where it
    differs and the ruling names it), one a line."""
    a = answer(exercise, result, lang)
    t = translator(a.lang)
    return "<br>".join(
        html.escape(t.gettext("Rule {rule}: {text}")).format(
            rule=f"<code>{html.escape(r)}</code>", text=html.escape(plain_rule_text(r, a.lang)))
        for r in a.rules)


__all__ = ["Answer", "answer", "answer_html", "answer_text", "teachers_note_html"]
