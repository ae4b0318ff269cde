"""The notebook helpers without a browser: the generated notebooks are up to date and
readable without code, the quiz widget answers and hints headless, charts and handouts."""
from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

import tutor
import tutor.lessons
from tutor.i18n import LANGUAGES

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

REPO = Path(__file__).resolve().parents[1]
NB = REPO / "notebooks"


def test_generated_notebooks_are_up_to_date():
    r = subprocess.run([sys.executable, "scripts/build_notebooks.py", "--check"], cwd=REPO,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_teacher_notebook_counts_its_lessons_and_every_players_count():
    """It said "Twelve lessons" above a table of 13, and "let tables of four play it out"
    where lesson 13's positions are for two, three and six players."""
    import re
    nb = json.loads((NB / "teacher.ipynb").read_text())
    words = "".join(nb["cells"][0]["source"])
    lessons = tutor.lessons.load_lessons()
    rows = re.findall(r"^\| (\d+) \| \[", words, re.M)
    assert rows == [str(int(les.number)) for les in lessons]
    assert f"The {len(lessons)} lessons below" in words and "Twelve" not in words
    assert "tables of four" not in words
    assert "four players, or two, three or six for lesson 13" in words


@pytest.mark.parametrize("lesson", tutor.lessons.load_lessons(), ids=lambda l: l.key)
def test_lesson_notebook_is_the_lesson_in_short_cells(lesson):
    nb = json.loads((NB / f"{lesson.key}.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for c in code:
        assert len("".join(c["source"]).splitlines()) <= 3, c["source"]
        assert c["outputs"] == [], "a lesson stores no outputs (learners see no check)"
        assert "check_all" not in "".join(c["source"]), "the teacher's check is not on a learner's page"
    sources = ["".join(c["source"]) for c in code]
    quizzes = sum("page.quiz(" in src for src in sources)
    assert quizzes == len(lesson.exercises)
    tables = [s.id for s in lesson.sections if s.position]
    assert [src for src in sources if "page.table(" in src] == [f'page.table("{i}")' for i in tables]
    assert sources[-2:] == ["page.recap()", "page.ready()"], "the last cell reads the progress afresh"
    words = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert lesson.title in words and lesson.goal in words
    for s in lesson.sections:                      # the checklist's links land on the headings
        assert f'<a id="tutor-s-{s.id}"></a>' in words
    assert "Lesson" not in words.split("\n")[0], "the catalog's words are not in the notebook"


def test_every_language_has_the_list_and_every_lesson_numbered_alike():
    english = sorted(p.name for p in NB.glob("[0-9][0-9]-*.ipynb"))
    assert english[0] == "00-lessons.ipynb" and len(english) == 1 + len(tutor.lessons.load_lessons())
    for lang in TRANSLATED:
        assert sorted(p.name for p in (NB / lang).glob("*.ipynb")) == english + ["game.ipynb", "sandbox.ipynb"], lang
        nb = json.loads((NB / lang / "06-frozen-pile.ipynb").read_text())
        assert 'LessonPage("06", lang="' + lang + '")' in "".join(nb["cells"][1]["source"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_code_cells_comment_is_in_the_notebooks_language(lang):
    from tutor.i18n import translator
    comment = "# " + translator(lang).gettext(tutor.lessons.RUN_ALL) + "\n"
    folder = NB if lang == "en" else NB / lang
    for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
        nb = json.loads(path.read_text())
        first = next(c for c in nb["cells"] if c["cell_type"] == "code")
        assert first["source"][0] == comment, (path, first["source"][0])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_links_of_each_page_lead_to_notebooks_that_exist(lang, tmp_path):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    import re
    from tutor.lessons.page import LessonPage, lesson_list
    from tutor.lessons.tracker import Tracker
    folder = NB if lang == "en" else NB / lang
    hrefs = set(re.findall(r"href='([^'#]+)'", lesson_list(lang=lang, store=None).html.value))
    for lesson in tutor.lessons.load_lessons(lang):
        page = LessonPage(lesson.number, lang=lang, tracker=Tracker(lesson.key, store=None))
        hrefs |= set(re.findall(r"href='([^'#]+)'", page.recap().value + page.header().value))
    assert {"00-lessons.ipynb", "01-cards.ipynb", "12-variants.ipynb", "game.ipynb"} <= hrefs
    for href in hrefs:
        assert (folder / href).resolve().is_file(), f"{lang}: {href}"


def _cells(path, kind):
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == kind]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_sandbox_in_each_language_is_the_english_one_in_its_words(lang):
    """notebooks/<lang>/sandbox.ipynb (what `scripts/lessons.sh --lab --lang sv` opens) is
    the English sandbox, cell for cell, with its prose in the language and every table,
    explanation and log in it: the same code but for ``lang="sv"``, no English left."""
    import re

    from i18n_helpers import avoided, english_words
    from tutor.i18n import translator
    path = NB / lang / "sandbox.ipynb"
    english, code = _cells(NB / "sandbox.ipynb", "code"), _cells(path, "code")
    assert [re.sub(rf',? ?lang="{lang}"', "", c) for c in code] == english
    said = sum(c.count(f'lang="{lang}"') for c in code)
    calls = sum(len(re.findall(r"\b(?:table|Table|explain|text|game_at|hand_words|score_hand)\(", c))
                for c in english)
    assert said == calls == 13, (said, calls)       # every table, explanation, log line and sheet
    prose = _cells(path, "markdown")
    assert len(prose) == len(_cells(NB / "sandbox.ipynb", "markdown"))
    for text in prose:
        assert english_words(text, lang) == [] and avoided(text, lang) == [], text
    # the buttons it names are the table's, as the table labels them in the language
    t = translator(lang)
    for button in ("Play on", "Hint", "Undo", "New game", "Next hand", "Replay", "Redo"):
        assert f"**{t.gettext(button)}**" in "".join(prose), button
    assert json.loads(path.read_text())["metadata"]["title"] in prose[0]


def test_table_speaks_the_environments_language_unless_told(monkeypatch):
    from tutor.lessons.view import table
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9S JK 4C\npile: 5C 9D")
    monkeypatch.setenv("TUTOR_LANG", "fi")
    assert table(pos).lang == "fi" and table(pos, lang="sv").lang == "sv"
    monkeypatch.setenv("TUTOR_LANG", "sv")
    assert table(pos).lang == "sv"


def test_the_test_notebook_is_not_in_the_learners_file_list():
    assert not (NB / "tests").exists()
    assert (REPO / "tests" / "notebooks" / "frozen_pile.ipynb").is_file()


def test_readme_first_command_opens_the_learner_view():
    readme = (REPO / "README.md").read_text()
    assert "bash scripts/lessons.sh" in readme.split("```")[1]        # the first command
    script = (REPO / "scripts" / "lessons.sh").read_text()
    assert "python\" -m tutor.lessons.serve" in script and "--lab" in script
    from tutor.lessons.serve import first_pages, start_page
    assert start_page("en") == "00-lessons.ipynb" and (NB / start_page("sv")).is_file()
    assert first_pages("en") == ["00-lessons.ipynb", "01-cards.ipynb"]


def test_quiz_second_chance_hints_and_repr():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons import Quiz
    ex = tutor.lessons.get("01").exercise("meld-points")              # four answers: room for two misses
    q = Quiz(ex)
    text = repr(q)
    assert "Answers: 30 | 45 | 60 | 90" in text and "deck.values" not in text
    assert q._repr_mimebundle_()["text/plain"] == text
    assert ex.id not in q.header.value, "learners do not see the question's id"
    assert q.reveal_box.value == "" and q.feedback.value == ""
    assert q.answer(30) is False                          # first miss: a nudge, another try
    assert "Not quite" in q.feedback.value and q.reveal_box.value == ""
    assert "Count the kings" in q.hint_box.value, "the first hint is the nudge"
    chosen = next(b for b in q.buttons if b.description == "30")
    assert chosen.disabled and chosen.button_style == "danger"
    assert not any(b.disabled for b in q.buttons if b.description != "30")
    assert q.answer(60) is False                          # second miss: the answer is shown
    assert "The answer is" in q.feedback.value and "<u>45</u>" in q.feedback.value
    assert all(b.disabled for b in q.buttons)
    assert "3 × 10 + 3 × 5" in q.reveal_box.value         # the lesson explains the sum …
    assert "6 cards in the melds: +45" in q.reveal_box.value   # … and the one line it asks about
    assert "East" not in q.reveal_box.value and "EW" not in q.reveal_box.value, "not a whole sheet"
    assert q.again_button.layout.display is None
    q.reset()                                             # "Try again"
    assert q.reveal_box.value == q.hint_box.value == q.feedback.value == "" and q.misses == 0
    assert not any(b.disabled for b in q.buttons) and q.again_button.layout.display == "none"
    assert q.answer(45) is True and "Right!" in q.feedback.value


def test_quiz_right_on_the_second_try_and_the_answer_on_request():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    ex = tutor.lessons.get("06").exercise("frozen-natural-joker")
    q = ex.quiz()
    assert "crosswise" in q.hint()
    assert "two natural cards" in q.hint() and "pile.take.frozen" not in q.hint_box.value
    q.hint()
    assert q.hint_button.disabled
    assert q.answer("Legal") is False and q.answer("Illegal") is True
    assert "Right, on the second try" in q.feedback.value
    reveal = q.reveal_box.value
    body, teachers = reveal.split("<details", 1)
    assert "frozen for everybody" in body and "pile.take.frozen" not in body
    assert "For teachers" in teachers and "pile.take.frozen" in teachers
    q2 = ex.quiz()
    q2.show_answer()
    assert "The answer is <u>Illegal</u>" in q2.feedback.value and all(b.disabled for b in q2.buttons)
    assert q2.answer("Illegal") is True and q2.state == "shown", "answering after the reveal changes nothing"


def test_quiz_move_is_said_in_words():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    q = tutor.lessons.get("06").exercise("upcard-frozen").quiz()
    move = next(w.value for w in q.children if "tutor-quiz-move" in w._dom_classes)
    assert "East takes the pile with 7♣ and " in move and "take 7C JK" not in move


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson,ex_id", [("10", "must-take"), ("12", "stock-must-take"),
                                          ("12", "stock-ends")])
def test_quiz_move_on_an_empty_stock_is_no_draw(lang, lesson, ex_id):
    """A question's move line is said in its position: with `stock: -` South does not draw
    from the stock (it read "South draws from the stock."; audit 7 #5) — the hand ends."""
    import ipywidgets  # noqa: F401
    from tutor.engine.plainwords import move_words
    ex = tutor.lessons.get(lesson, lang=lang).exercise(ex_id)
    pos = ex.position()
    assert not pos.stock and ex.move == "draw"
    move = next(w.value for w in ex.quiz().children if "tutor-quiz-move" in w._dom_classes)
    assert html.unescape(move) == f"<b>{move_words('draw', 'S', lang, position=pos)}</b>"
    assert move != f"<b>{move_words('draw', 'S', lang)}</b>"
    if lang == "en":
        assert "draws from the stock" not in move and "the stock is empty" in move.lower()


OTHER_KINDS = [pytest.param(lang, lesson.key, ex.id, id=f"{lang}-{lesson.key}:{ex.id}")
               for lang in LANGUAGES for lesson in tutor.lessons.load_lessons(lang)
               for ex in lesson.exercises if ex.kind != "judge"]


@pytest.mark.parametrize("lang,lesson,ex_id", OTHER_KINDS)
def test_quiz_other_kinds(lang, lesson, ex_id):
    """Every question that is not "legal or illegal?", in every language, as the lessons
    are now: the answer shown in words is right, and so is its value; the reveal explains
    it without codes and keeps the rule id for teachers."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    ex = tutor.lessons.get(lesson, lang=lang).exercise(ex_id)
    q = ex.quiz()
    assert [b.description for b in q.buttons] == [str(o) for o in ex.options]
    assert f"<b>{ex.heading_text}</b>" in q.header.value
    assert q.answer(ex.answer) is True
    body, teachers = q.reveal_box.value.split("<details", 1)
    assert ex.rule in teachers and ex.rule not in body              # for teachers only
    assert "(NS)" not in body and " EW " not in body and "game.end" not in body
    assert ex.quiz().answer(ex.expect) is True, "an answer is compared by value"


def test_quiz_who_wins_in_finnish_compares_by_value():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    ex = tutor.lessons.get("11", lang="fi").exercise("both-pass-5000")
    q = ex.quiz()
    assert [b.description for b in q.buttons][:2] == ["Pohjoinen–Etelä", "Itä–Länsi"]
    assert q.answer("NS") is False and q.answer("Itä–Länsi") is True
    assert "Itä–Länsi" in q.reveal_box.value.split("<details", 1)[0]
    assert next(b for b in q.buttons if b.description == "Itä–Länsi").button_style == "success"


def test_quiz_heading_is_the_questions_own():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    q = tutor.lessons.get("02").exercise("eleven-cards").quiz()
    assert q.header.value.startswith("<b>How many cards?</b>") and "What happens?" not in repr(q)


def test_charts_are_svg_and_text():
    from tutor.engine.scoring import signed_points
    from tutor.lessons.charts import game_chart, sheet_chart
    pos = tutor.lessons.get("11").position("finished").play("meld 9H 9D 9C").play("discard 4C")
    sheet = tutor.score_hand(pos)
    c = sheet_chart(sheet)
    assert c.svg.startswith("<svg") and c.svg.count("<rect") == len(sheet["NS"].lines) + len(sheet["EW"].lines) + 2
    assert "NS TOTAL" in repr(c) and "+890" in repr(c)
    g = tutor.Game()
    while not g.is_over:
        g.add_hand(pos)
    chart = game_chart(g)
    assert "wins" in repr(chart)
    # the running totals are points won (signed); the target is a total to reach
    assert f">{signed_points(g.totals[0])}<" in chart.svg
    assert ">5000<" in chart.svg and "+5000" not in chart.svg


def test_handouts(tmp_path):
    paths = tutor.lessons.get("06").handouts(tmp_path)
    names = {p.name for p in paths}
    assert {"06-questions.md", "06-answers.md"} <= names
    assert any(n.endswith(".svg") or n.endswith(".txt") for n in names)
    assert "pile.take.frozen" in (tmp_path / "06-answers.md").read_text()
    assert "pile.take.frozen" not in (tmp_path / "06-questions.md").read_text()


def test_quiz_pictures_do_not_show_the_answer():
    """Found in the browser: the hand-order quiz drew the sorted hand it asked about, and
    seventh-king drew the finished canasta (label '7 cards · natural') it asked the bonus of."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    q = tutor.lessons.get("01").exercise("hand-order").quiz()
    assert not any("tutor-quiz-position" in w._dom_classes for w in q.children)
    assert "2H AC" not in "".join(getattr(w, "value", "") for w in q.children)
    q = tutor.lessons.get("04").exercise("seventh-king").quiz()
    pic = next(w for w in q.children if "tutor-quiz-position" in w._dom_classes).value
    assert "7 cards" not in pic and "natural" not in pic
    assert q.answer(500) is True                      # the engine still scores after the move


def test_check_report_does_not_list_the_answers():
    """The report (in the teacher's notebook) must not give the answers away."""
    text = repr(tutor.lessons.get("01").check_all())
    assert "hand-order" in text and "deck.order" in text
    assert " 2H" not in text and "-125" not in text and " 45 " not in text


def test_exercise_picture_must_be_true_false_or_start(tmp_path):
    p = tmp_path / "99-x.toml"
    p.write_text('title = "x"\ngoal = "x"\n[[exercises]]\nid = "a"\nprompt = "p"\n'
                 'position = "turn: S draw\\n"\nmove = "draw"\nexpect = "legal"\nrule = "turn.draw"\n'
                 'hints = ["a", "b"]\npicture = "after"\n')
    with pytest.raises(tutor.lessons.LessonError, match="picture"):
        tutor.lessons.load_lesson(p)
