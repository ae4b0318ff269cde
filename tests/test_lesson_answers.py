"""Every lesson question's answer is the judge's ruling (issue 37, item 2).

Wherever a judge question's answer is shown — the quiz's reveal, the printed answer key and
the markdown key, a learner's page in the class, the projector's screen and the teacher's
view — it says the judge's verdict and `ruling.explain(lang)` for the question's move, in
en, sv and fi (one path: `tutor.lessons.answers`), never the lesson's rule text in its
place. And a legal question's `rule` is among the ruling's `reasons`: a lesson asks only
about a rule the judge names for that move.
"""
from __future__ import annotations

import html
import re

import pytest

import tutor
import tutor.lessons
from tutor.engine.plainwords import plain_rule_text
from tutor.i18n import LANGUAGES, translator
from tutor.lessons.answers import answer, answer_html, answer_text

LANGS = tuple(LANGUAGES)
assert set(LANGS) >= {"en", "sv", "fi"}


def _judge_exercises(lang):
    return [ex for les in tutor.lessons.load_lessons(lang) for ex in les.exercises
            if ex.kind == "judge"]


def _key(ex):
    return f"{ex.lesson.key}:{ex.id}"


def _text(page: str) -> str:
    """HTML as the text a reader sees (tags gone, entities read, spaces folded)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _said(shown: str, ruling, lang: str) -> list:
    """What is wrong with `shown` (text) as the answer to a question the judge ruled
    `ruling`: it must hold the verdict and the ruling's explanation, in `lang`. [] = fine."""
    t = translator(lang)
    shown = " ".join(shown.split())
    verdict = t.gettext("Legal") if ruling.legal else t.gettext("Illegal")
    why = " ".join(ruling.explain(lang).split())
    out = []
    if verdict not in shown:
        out.append(f"no verdict {verdict!r}")
    if why not in shown:
        out.append(f"not the ruling's words {why!r}")
    return out


# ---- the one function -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_answer_of_a_judge_question_is_its_ruling(lang):
    bad = []
    for ex in _judge_exercises(lang):
        ruling = ex.check()
        a = answer(ex, ruling)
        if a.value != ("legal" if ruling.legal else "illegal") or a.rules[0] != ruling.rule:
            bad.append(f"{_key(ex)}: {a}")
        bad += [f"{_key(ex)} answer_text: {p}" for p in _said(answer_text(ex, ruling), ruling, lang)]
        bad += [f"{_key(ex)} answer_html: {p}"
                for p in _said(_text(answer_html(ex, ruling)), ruling, lang)]
    assert not bad, "\n".join(bad)


# ---- the quiz -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_quizs_reveal_is_the_ruling(lang):
    pytest.importorskip("ipywidgets")
    from tutor.lessons.quiz import Quiz
    bad = []
    for ex in _judge_exercises(lang):
        ruling = ex.check()
        q = Quiz(ex, show_position=False)
        q.show_answer()
        text = q.reveal_text()
        bad += [f"{_key(ex)} quiz: {p}" for p in _said(text, ruling, lang)]
        # the teachers' note names the ruling's rules, and never a rule the ruling does not
        note = q.reveal_box.value.split("<details", 1)[1]
        cited = set(re.findall(r"<code>([a-z0-9.-]+)</code>", note))
        if ruling.rule not in cited or not cited <= {ruling.rule, *ruling.reasons}:
            bad.append(f"{_key(ex)} teachers' note cites {sorted(cited)}, the ruling "
                       f"{ruling.rule} {ruling.reasons}")
        if ex.rule != ruling.rule and ex.rule in ruling.reasons and ex.rule not in cited:
            bad.append(f"{_key(ex)} teachers' note lacks the lesson's rule {ex.rule}")
    assert not bad, "\n".join(bad)


# ---- the handouts -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_answer_keys_give_the_ruling(lang, tmp_path):
    from tutor.classroom.handouts import answer_rows, answers_html
    bad = []
    for les in tutor.lessons.load_lessons(lang):
        printed = _text(answers_html([les.key], lang))
        rows = answer_rows(les, lang)
        md = [p for p in les.handouts(tmp_path / les.key) if p.name.endswith("answers.md")][0]
        marked = md.read_text(encoding="utf-8")
        for row, ex in zip(rows, les.exercises):
            if ex.kind != "judge":
                continue
            ruling = ex.check()
            # the printed key: this question's row (its answer, its rules, why)
            shown = " ".join((row["answer"], _text(row["why_html"])))
            bad += [f"{_key(ex)} printed row: {p}" for p in _said(shown, ruling, lang)]
            bad += [f"{_key(ex)} printed key: {p}" for p in _said(printed, ruling, lang)]
            line = next((ln for ln in marked.splitlines() if ln.startswith(f"{row['n']}. ")), "")
            bad += [f"{_key(ex)} markdown key: {p}" for p in _said(line, ruling, lang)]
            if row["rule"] != ruling.rule:
                bad.append(f"{_key(ex)}: the key cites {row['rule']}, the ruling {ruling.rule}")
    assert not bad, "\n".join(bad)


# ---- the class's screens and the teacher's view -----------------------------------------------

class _View:
    """The teacher's pages without a server (as tests/test_classroom.py stages them)."""

    base_url = "/"
    xsrf_token = b"x"

    def __init__(self, room):
        self.settings = {"tutor_room": room, "tutor_app": type("App", (), {
            "join_addresses": lambda self: ["http://192.0.2.7:8866/"]})()}

    def xsrf_form_html(self):
        return ""

    def get_argument(self, name, default=""):
        return default


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_screens_and_the_teachers_view_give_the_ruling(lang, tmp_path, monkeypatch):
    from tutor.classroom import pages
    from tutor.classroom.room import Room
    monkeypatch.setattr(pages, "question_diagram", lambda *a, **k: "")   # not what is asked here
    room = Room.open(tmp_path / "class.sqlite3", name="t", code="K7XPQM", teacher_password="p",
                     lessons=[les.key for les in tutor.lessons.load_lessons()], lang=lang)
    view = type("View", (_View, pages.TeacherView), {})(room)
    bad = []
    try:
        anna = room.join("Anna", "K7XPQM")
        for les, ex in room.questions():
            room.push_exercise(les.key, ex.id)
            room.reveal()
            ruling = ex.check()
            assert room.current()["exercise"] is ex
            for where, page in (("learner's page", pages.learner_question(room, anna)["html"]),
                                ("screen", view.screen_state()["html"]),
                                ("teacher's view", view.question_html(1))):
                bad += [f"{_key(ex)} {where}: {p}" for p in _said(_text(page), ruling, lang)]
            teacher = view.question_html(1)
            if f"<code>{ruling.rule}</code>" not in teacher:
                bad.append(f"{_key(ex)} teacher's view: no rule {ruling.rule}")
    finally:
        room.store.close()
    assert not bad, "\n".join(bad)


# ---- the lesson's rule is the ruling's ----------------------------------------------------------

@pytest.mark.parametrize("ex", [pytest.param(ex, id=_key(ex)) for ex in _judge_exercises("en")
                                if ex.expect == "legal"])
def test_a_legal_questions_rule_is_named_by_its_ruling(ex):
    """The issue's done-when: a legal question's answer is the judge's ruling, so the rule
    the lesson asks about must be one the ruling names (today 03 same-nine-twice `meld.size`,
    04 eighth-king `canasta.size`, 10 no-ask-needed `goout.canasta` wait for the engine to
    cite the rule that allows a move)."""
    ruling = ex.check()
    assert ruling.legal
    assert ex.rule in ruling.reasons, (f"{_key(ex)} asks about {ex.rule}; the ruling names "
                                       f"{ruling.reasons}: {ruling.explain()}")
    assert ex.problems() == []


# ---- the check can fail ---------------------------------------------------------------------------

def test_an_answer_that_is_the_rule_text_is_caught():
    """A planted answer: the verdict and the lesson's rule text pasted in (what the keys did
    for a legal move whose ruling cites another rule) — the check refuses it, in every
    language, and passes the ruling itself."""
    for lang in LANGS:
        ex = tutor.lessons.get("03", lang).exercise("same-nine-twice")
        ruling = ex.check()
        t = translator(lang)
        planted = f"{t.gettext('Legal')}. {plain_rule_text(ex.rule, lang)}"
        assert _said(planted, ruling, lang), lang
        assert _said(f"{t.gettext('Illegal')}. {ruling.explain(lang)}", ruling, lang), lang
        assert not _said(answer_text(ex, ruling), ruling, lang), lang


def test_a_legal_question_whose_rule_the_ruling_does_not_name_is_a_problem():
    """The lesson check is strict: a planted legal question about a rule its ruling does not
    name (three kings asked as `canasta.size`) disagrees with the engine."""
    import dataclasses
    ex = tutor.lessons.get("03").exercise("start-aces")
    ruling = ex.check()
    assert ruling.legal and "canasta.size" not in ruling.reasons
    planted = dataclasses.replace(ex, rule="canasta.size")
    assert any("the ruling names" in p for p in planted.problems()), planted.problems()
    assert planted.confirmed_rules() == set()
    assert planted.key_rules(ruling) == (ruling.rule,)      # never cited as the answer's
