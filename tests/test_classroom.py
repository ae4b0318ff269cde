"""The class server's rules, without a server: joining, progress, questions on the screens,
the kernel's environment, the command line's errors, the ink-light handout diagrams.
(The server itself is tried in tests/browser/test_class_*.py.)"""
from __future__ import annotations

import subprocess
import sys

import pytest

import tutor
from tutor.classroom import REPO_NOTEBOOKS, in_language, main, parse_lessons
from tutor.classroom.handouts import answer_rows, diagram_svg
from tutor.classroom.kernels import learner_env
from tutor.classroom.room import BAD_CODE, Room, RoomError, clean_name, lesson
from tutor.engine.diagram import FELT, FELT_DARK, RIM, SHADOW, position_svg, scene
from tutor.progress import ProgressStore, current_learner

FROZEN = "06-frozen-pile"


@pytest.fixture
def room(tmp_path):
    r = Room.open(tmp_path / "class.sqlite3", name="tuesday", code="K7XPQM",
                  teacher_password="secret", lessons=["5", "6"])
    yield r
    r.store.close()


def test_a_learner_needs_the_code_and_a_name(room):
    with pytest.raises(RoomError) as e:
        room.join("Anna", "WRONG1")
    assert e.value.message == BAD_CODE
    assert "room code" in e.value.text("en")
    for name in ("", "   ", "\x00\x07"):
        with pytest.raises(RoomError, match="your name"):
            room.join(name, "K7XPQM")
    with pytest.raises(RoomError, match="at most 40"):
        room.join("A" * 41, "K7XPQM")
    assert room.store.learners("tuesday") == []


def test_the_code_is_read_as_people_type_it(room):
    anna = room.join("  Anna\tBerg ", "k7x pqm")
    assert room.store.learner_name(anna) == "Anna Berg"
    assert room.is_learner(anna)


def test_the_same_name_is_the_same_learner_and_progress_is_kept(room):
    anna = room.join("Anna", "K7XPQM")
    room.store.record(anna, FROZEN, "quiz:frozen-natural-joker", "question", right=True)
    assert room.join("anna", "K7XPQM") == anna                 # a closed browser, back again
    assert room.join("Bo", "K7XPQM") != anna
    rows = {r["name"]: r for r in room.progress()}
    assert rows["Anna"]["lessons"][FROZEN][0] == 1
    assert rows["Bo"]["lessons"][FROZEN][0] == 0


def test_progress_counts_what_the_lessons_write_through_the_kernels_learner(room, monkeypatch):
    anna = room.join("Anna", "K7XPQM")
    env = learner_env({"PATH": "/bin", "TUTOR_TEACHER_PASSWORD": "secret"},
                      type("U", (), {"username": anna})(), room)
    assert "TUTOR_TEACHER_PASSWORD" not in env
    assert current_learner(env) == anna                         # what a lesson asks, in the kernel
    # the lesson, in the kernel, opens the store named by the environment and records
    monkeypatch.setenv("TUTOR_PROGRESS", env["TUTOR_PROGRESS"])
    kernel_store = ProgressStore()
    les = lesson(FROZEN)
    for ex in les.exercises[:2]:
        kernel_store.record(current_learner(env), FROZEN, f"quiz:{ex.id}", "question", right=True)
    kernel_store.close()
    room.opened(anna, FROZEN)
    (row,) = room.progress()
    got, total = row["lessons"][FROZEN]
    assert (got, row["place"]) == (2, FROZEN)
    assert total >= len(les.exercises)
    assert row["lessons"]["05-taking-the-pile"][0] == 0


def test_a_question_from_tonights_lessons_goes_on_the_screens_and_answers_are_tallied(room):
    les, ex = room.questions()[0]
    assert les.key in room.lessons and ex.kind == "judge"
    push = room.push_exercise(les.key, ex.id)
    q = room.current()
    assert q["id"] == push and q["move"] == ex.move
    assert q["ruling"].rule == tutor.judge(ex.position(), ex.move).rule
    a, b, c = (room.join(n, "K7XPQM") for n in ("A", "B", "C"))
    room.answer(a, push, "legal")
    room.answer(b, push, "illegal")
    room.answer(c, push, "illegal")
    room.answer(a, push, "illegal")                             # a change of mind counts once
    assert room.tally() == {"legal": 0, "illegal": 3}
    assert room.answer_of(a, push) == "illegal"
    assert not q["revealed"]
    room.reveal()
    assert room.current()["revealed"]
    room.close_question()
    assert room.current() is None
    with pytest.raises(RoomError, match="no question"):
        room.answer(a, push, "legal")


def test_bad_questions_and_answers_are_refused_in_words(room):
    with pytest.raises(RoomError, match="not in tonight"):
        room.push_exercise("01-cards", "anything")
    with pytest.raises(RoomError, match="position could not be read"):
        room.push_position("turn: S draw\nS: 9H 9Q\n", "draw")
    with pytest.raises(RoomError, match="move could not be read"):
        room.push_position("turn: S draw\nS: 9H 9S\n", "fly away")
    with pytest.raises(RoomError, match="Type a move"):
        room.push_position("turn: S draw\nS: 9H 9S\n", "  ")
    push = room.push_position("turn: S draw\nS: 9H 9S JK 4C\npile: 5C 2C 8D 9D\n", "take 9H JK")
    anna = room.join("Anna", "K7XPQM")
    with pytest.raises(RoomError, match="Legal or Illegal"):
        room.answer(anna, push, "maybe")
    with pytest.raises(RoomError, match="no question"):
        room.answer(anna, push + 1, "legal")


def test_the_teacher_password_is_checked(room):
    assert room.password_ok("secret")
    assert not room.password_ok("Secret") and not room.password_ok("") and not room.password_ok(None)


def test_names_are_cleaned_not_trusted():
    assert clean_name("<b>Eve</b>  ") == "<b>Eve</b>"           # kept as typed, escaped where shown
    assert clean_name("Zoë\u200b") == "Zoë"                     # format characters dropped


def test_tonights_lessons_are_read_from_the_command_line():
    assert parse_lessons("5-7") == ["05-taking-the-pile", "06-frozen-pile", "07-black-threes"]
    assert parse_lessons("6, 5") == ["06-frozen-pile", "05-taking-the-pile"]
    assert parse_lessons("all")[0].startswith("01-")
    for bad in ("99", "5-99", "frozen-stuff"):
        with pytest.raises(ValueError):
            parse_lessons(bad)


def test_the_command_refuses_bad_input_in_words(capsys):
    assert main(["--lessons", "99", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "does not name lessons" in err and "Traceback" not in err
    assert main(["--lang", "xx", "--no-browser"]) == 2
    assert "not 'xx'" in capsys.readouterr().err
    assert main(["--notebooks", "/nonexistent-folder", "--no-browser"]) == 2
    assert "no lesson notebooks" in capsys.readouterr().err


def test_python_m_tutor_class_is_the_command():
    out = subprocess.run([sys.executable, "-m", "tutor", "class", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "--lessons" in out.stdout and "room code" in out.stdout


def test_the_room_knows_whether_its_language_has_lesson_notebooks(tmp_path):
    assert in_language(REPO_NOTEBOOKS, "en") and (REPO_NOTEBOOKS / "06-frozen-pile.ipynb").is_file()
    assert in_language(REPO_NOTEBOOKS, "sv") == (REPO_NOTEBOOKS / "sv" / "06-frozen-pile.ipynb").is_file()
    assert not in_language(tmp_path, "fi")


def test_handout_diagrams_are_the_tables_print_palette():
    """The handouts draw the table in the drawing's own print palette (white paper, dark
    words: tutor/engine/diagram.py), in the handout's language; every word reads at 4.5:1
    on it (tests/test_table_view.py checks the print palette's labels too)."""
    import re
    pos = lesson(FROZEN).exercises[0].position()
    svg = diagram_svg(pos)
    for felt in (FELT, FELT_DARK, RIM):
        assert f'fill="{felt}"' not in svg
    assert svg == position_svg(pos, scale=0.45, palette="print")
    prims = scene(pos, palette="print").prims
    fills = [p[6] for p in prims if p[0] == "rect" and p[6]]
    assert fills[0] == "#ffffff" and SHADOW not in fills
    texts = [p[5] for p in prims if p[0] == "text"]
    assert "#f4f1e6" not in texts and "#ffffff" not in texts      # no light text left on white
    assert [p for p in prims if p[0] == "text"] != [p for p in scene(pos).prims if p[0] == "text"]
    assert [p[3] for p in prims if p[0] == "text"] == [p[3] for p in scene(pos).prims if p[0] == "text"]
    sv = diagram_svg(pos, lang="sv")
    assert ">kasthögen<" in sv and not re.search(">discard pile<", sv)


@pytest.mark.parametrize("lang, said", [
    ("en", "South takes the pile with 9♥ and a joker."),
    ("sv", "Syd tar kasthögen med 9♥ och en joker."),
    ("fi", "Etelä ottaa avopakan ja pöytää sen päällimmäisen kortin näiden kanssa: 9♥ ja jokeri.")])
def test_handouts_and_room_questions_say_the_move_in_words_of_their_language(lang, said):
    """A handout's question and a question on the room's screens say what the player does,
    as the lesson's question does (`plainwords.move_words`): never the move text, whose
    words (take, meld) are English."""
    import re

    from tutor.classroom.handouts import questions_html
    from tutor.engine.plainwords import move_words
    ex = lesson(FROZEN, lang).exercises[0]
    assert move_words(ex.move, lang=lang, position=ex.position()) == said
    page = questions_html([FROZEN], lang)
    assert said in page
    # no move text ("take 9H JK", or with suit signs "take 9♥ JK")
    assert not re.findall(r"\b(?:take|meld|discard)(?: (?:10|[2-9AKQJ])[HDSC♥♦♠♣]| JK)", page)


def test_the_answer_key_cites_the_rule_the_engine_decides_by():
    for les in (lesson("05"), lesson(FROZEN)):
        for row, ex in zip(answer_rows(les), les.exercises):
            if ex.kind == "judge":
                assert row["rule"] == tutor.judge(ex.position(), ex.move).rule
                assert row["answer"] == ("Legal" if tutor.judge(ex.position(), ex.move).legal else "Illegal")


def test_every_word_of_the_pages_is_marked_for_the_catalog():
    """The pages are built in f-strings: their words go through `Words` (w["..."]), and
    every one of them must be marked in `WORDS`, or Babel never extracts it."""
    import ast
    from pathlib import Path

    import tutor.classroom as classroom
    from tutor.classroom.pages import WORDS
    used = []
    for path in Path(classroom.__file__).parent.glob("*.py"):
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Subscript) and getattr(n.value, "id", "") == "w" \
                    and isinstance(n.slice, ast.Constant):
                used.append(n.slice.value)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                    and getattr(n.func.value, "id", "") == "w" and n.args \
                    and isinstance(n.args[0], ast.Constant):
                used.append(n.args[0].value)
    assert len(used) > 40
    assert sorted(set(used) - set(WORDS)) == []
