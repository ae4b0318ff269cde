"""The notebook helpers without a browser: the generated notebooks are up to date and
readable without code, the quiz widget answers and hints headless, charts and handouts."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tutor
import tutor.lessons as L

REPO = Path(__file__).resolve().parents[1]
NB = REPO / "notebooks"


def test_generated_notebooks_are_up_to_date():
    r = subprocess.run([sys.executable, "scripts/build_notebooks.py", "--check"], cwd=REPO,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("lesson", L.load_lessons(), ids=lambda l: l.key)
def test_lesson_notebook_code_cells_are_one_or_two_lines(lesson):
    nb = json.loads((NB / f"{lesson.key}.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for c in code:
        assert len("".join(c["source"]).splitlines()) <= 2, c["source"]
        if "nbval-check-output" not in c["metadata"].get("tags", []):
            assert c["outputs"] == [], "only nbval-checked cells store outputs"
    quizzes = sum("lesson.quiz(" in "".join(c["source"]) for c in code)
    assert quizzes == len(lesson.exercises)
    words = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert lesson.goal in words and "Recap" in words


def test_readme_first_command_opens_lesson_1():
    readme = (REPO / "README.md").read_text()
    assert "bash scripts/lessons.sh" in readme.split("```")[1]        # the first command
    script = (REPO / "scripts" / "lessons.sh").read_text()
    assert "notebooks/01-" in script
    assert sorted(NB.glob("01-*.ipynb"))[0].name == "01-cards.ipynb"


def test_quiz_headless_answer_hints_and_repr():
    pytest.importorskip("ipywidgets")
    from tutor.lessons import Quiz
    ex = L.get("06").exercise("frozen-natural-joker")
    q = Quiz(ex)
    text = repr(q)
    assert "take 9H JK" in text and "Legal | Illegal" in text
    assert "pile.take.frozen" not in text, "the repr must not give the answer away"
    assert q._repr_mimebundle_()["text/plain"] == text
    assert q.reveal_box.value == ""
    assert "crosswise" in q.hint()
    assert "pile.take.frozen" in q.hint()                       # step 2: the rule
    q.hint()
    assert q.hint_button.disabled
    assert q.answer("Illegal") is True
    assert "pile.take.frozen" in q.reveal_box.value and "Right." in q.reveal_box.value
    assert all(b.disabled for b in q.buttons)
    q2 = Quiz(ex)
    assert q2.again_button.layout.display == "none"            # nothing to try again yet
    assert q2.answer("Legal") is False and "Not quite" in q2.reveal_box.value
    assert q2.again_button.layout.display is None               # shown once answered
    q2.reset()                                                  # "Try again"
    assert q2.reveal_box.value == "" and q2.hint_box.value == "" and q2.given is None
    assert not any(b.disabled for b in q2.buttons) and not q2.hint_button.disabled
    assert all(b.button_style == "" for b in q2.buttons)
    assert q2.again_button.layout.display == "none"
    assert q2.answer("Illegal") is True and "Right." in q2.reveal_box.value


@pytest.mark.parametrize("key", ["04-canastas:kings-570", "08-red-threes:drawn-red-three",
                                 "11-scoring:both-pass-5000", "01-cards:third-king"])
def test_quiz_other_kinds(key):
    pytest.importorskip("ipywidgets")
    lesson, ex_id = key.split(":")
    ex = L.get(lesson).exercise(ex_id)
    q = ex.quiz()
    assert q.answer(ex.answer) is True
    assert ex.rule in q.reveal_box.value


def test_charts_are_svg_and_text():
    from tutor.lessons.charts import game_chart, sheet_chart
    pos = L.get("11").position("finished").play("meld 9H 9D 9C").play("discard 4C")
    sheet = tutor.score_hand(pos)
    c = sheet_chart(sheet)
    assert c.svg.startswith("<svg") and c.svg.count("<rect") == len(sheet["NS"].lines) + len(sheet["EW"].lines) + 2
    assert "NS TOTAL" in repr(c) and "+890" in repr(c)
    g = tutor.Game()
    while not g.is_over:
        g.add_hand(pos)
    assert "wins" in repr(game_chart(g))


def test_handouts(tmp_path):
    paths = L.get("06").handouts(tmp_path)
    names = {p.name for p in paths}
    assert {"06-questions.md", "06-answers.md"} <= names
    assert any(n.endswith(".svg") or n.endswith(".txt") for n in names)
    assert "pile.take.frozen" in (tmp_path / "06-answers.md").read_text()
    assert "pile.take.frozen" not in (tmp_path / "06-questions.md").read_text()


def test_quiz_pictures_do_not_show_the_answer():
    """Found in the browser: the hand-order quiz drew the sorted hand it asked about, and
    seventh-king drew the finished canasta (label '7 cards · natural') it asked the bonus of."""
    pytest.importorskip("ipywidgets")
    q = L.get("01").exercise("hand-order").quiz()
    assert not any("tutor-quiz-position" in w._dom_classes for w in q.children)
    assert "2H AC" not in "".join(getattr(w, "value", "") for w in q.children)
    q = L.get("04").exercise("seventh-king").quiz()
    pic = next(w for w in q.children if "tutor-quiz-position" in w._dom_classes).value
    assert "7 cards" not in pic and "natural" not in pic
    assert q.answer(500) is True                      # the engine still scores after the move


def test_check_report_does_not_list_the_answers():
    """The report is the last cell: Run All leaves it on screen before any question is asked."""
    text = repr(L.get("01").check_all())
    assert "hand-order" in text and "deck.order" in text
    assert " 2H" not in text and "-125" not in text and " 45 " not in text


def test_exercise_picture_must_be_true_false_or_start(tmp_path):
    p = tmp_path / "99-x.toml"
    p.write_text('title = "x"\ngoal = "x"\n[[exercises]]\nid = "a"\nprompt = "p"\n'
                 'position = "turn: S draw\\n"\nmove = "draw"\nexpect = "legal"\nrule = "turn.draw"\n'
                 'hints = ["a", "b"]\npicture = "after"\n')
    with pytest.raises(L.LessonError, match="picture"):
        L.load_lesson(p)
