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
from tutor.classroom.kernels import learner_env, room_env
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


def test_a_name_is_not_an_identity_each_join_is_a_learner_of_its_own(room):
    """Typing a classmate's name (in any capitals) never makes you them: a name already in
    the room is refused in words; the teacher can take a learner out, which frees it."""
    from tutor.classroom.room import NAME_TAKEN
    anna = room.join("Anna", "K7XPQM")
    room.store.record(anna, FROZEN, "quiz:frozen-natural-joker", "question", right=True)
    for same in ("Anna", "anna", " ANNA ", "Ａｎｎａ"):                  # the last: full-width letters
        with pytest.raises(RoomError) as e:
            room.join(same, "K7XPQM")
        assert e.value.message == NAME_TAKEN and "Anna B" in e.value.text("en")
        assert "Anna B" in e.value.text("sv") and "Anna B" in e.value.text("fi")
    anna_b = room.join("Anna B", "K7XPQM")
    bo = room.join("Bo", "K7XPQM")
    assert len({anna, anna_b, bo}) == 3
    rows = {r["name"]: r for r in room.progress()}
    assert rows["Anna"]["lessons"][FROZEN][0] == 1
    assert rows["Anna B"]["lessons"][FROZEN][0] == 0 and rows["Bo"]["lessons"][FROZEN][0] == 0
    # the teacher takes Anna out: her progress goes, her id opens nothing, her name is free
    assert room.remove(anna) and not room.is_learner(anna)
    assert not room.remove(anna) and not room.remove("tuesday/nobody")
    assert room.store.done(anna) == set()
    again = room.join("anna", "K7XPQM")
    assert again != anna and room.is_learner(again)
    assert [r["name"] for r in room.progress()] == ["Anna B", "Bo", "anna"]


def test_a_learner_of_another_room_is_not_one_of_this_room(room, tmp_path):
    other = Room.open(room.store.path, name="wednesday", code="K7XPQM", teacher_password="x")
    eve = other.join("Eve", "K7XPQM")
    assert other.is_learner(eve) and not room.is_learner(eve)
    assert not room.remove(eve) and other.is_learner(eve)
    other.store.close()


def test_learners_in_the_room_are_those_present(room):
    """The teacher's count is of the learners whose pages are open (they poll every few
    seconds) or who did something lately, not of every name that ever joined."""
    import time as _time
    from tutor.classroom.room import PRESENT_SECONDS, TOUCH_SECONDS
    anna, bo = room.join("Anna", "K7XPQM"), room.join("Bo", "K7XPQM")
    now = _time.time()
    assert [r["present"] for r in room.progress(now)] == [True, True]
    assert room.present(now) == 2
    later = now + PRESENT_SECONDS + 60
    room.touch(anna, later - 5)                      # Anna's page asked a minute before
    assert {r["name"]: r["present"] for r in room.progress(later)} == {"Anna": True, "Bo": False}
    assert room.present(later) == 1                     # the screen's count, without the progress
    # a page polls every 2.5 s: "seen" is written at most every TOUCH_SECONDS
    room.touch(anna, later - 5 + TOUCH_SECONDS / 2)
    assert room.store.learners("tuesday")[0]["seen"] == later - 5


def test_wrong_codes_and_passwords_are_slowed_per_address():
    from tutor.classroom.room import Doorman
    clock = [1000.0]
    door = Doorman(clock=lambda: clock[0])
    for n in range(1, Doorman.FREE + 1):
        assert door.wait("code", "10.0.0.9") == 0
        assert door.failed("code", "10.0.0.9") == n
    assert door.wait("code", "10.0.0.9") == 2.0                  # after 5 wrong tries: wait 2 s
    assert door.wait("code", "10.0.0.8") == 0                    # another computer: free
    assert door.wait("password", "10.0.0.9") == 0                # the other door: its own count
    clock[0] += 2.0
    assert door.wait("code", "10.0.0.9") == 0
    door.failed("code", "10.0.0.9")
    assert door.wait("code", "10.0.0.9") == 4.0                  # twice as long each time
    for _ in range(20):
        door.failed("code", "10.0.0.9")
    assert door.wait("code", "10.0.0.9") == Doorman.LONGEST      # never more than 5 minutes
    door.passed("code", "10.0.0.9")                              # the right code: free again
    assert door.wait("code", "10.0.0.9") == 0
    for _ in range(Doorman.FREE):
        door.failed("code", "10.0.0.7")
    clock[0] += Doorman.FORGET + 1                               # an hour later, counted afresh
    assert door.failed("code", "10.0.0.7") == 1


def test_the_join_form_and_the_server_agree_on_the_names_length():
    import re as _re
    from pathlib import Path
    from tutor.classroom import pages
    from tutor.classroom.room import NAME_MAX
    src = Path(pages.__file__).read_text(encoding="utf-8")
    field = _re.search(r"<input id='name'[^>]*", src).group(0)
    assert "maxlength='{NAME_MAX}'" in field and NAME_MAX == 40
    clean_name("A" * NAME_MAX)
    with pytest.raises(RoomError):
        clean_name("A" * (NAME_MAX + 1))


def test_a_room_keeps_its_cookie_key_from_one_start_to_the_next(tmp_path):
    a = Room.open(tmp_path / "c.sqlite3", name="tuesday")
    key = a.cookie_secret()
    assert len(key) == 32 and a.cookie_secret() == key
    a.store.close()
    b = Room.open(tmp_path / "c.sqlite3", name="tuesday")
    c = Room.open(tmp_path / "c.sqlite3", name="wednesday")
    assert b.cookie_secret() == key and c.cookie_secret() != key
    b.store.close()
    c.store.close()


def test_tonights_lessons_come_first_on_the_learners_list(room, monkeypatch):
    """In a --lessons 5-8 class the learner's list starts at tonight's first lesson and
    marks tonight's lessons (the class server names them in the kernel: TUTOR_TONIGHT)."""
    import re as _re
    from tutor.lessons.page import LessonList
    env = learner_env({}, type("U", (), {"username": "x"})(), room)
    assert env["TUTOR_TONIGHT"] == "05-taking-the-pile,06-frozen-pile"
    monkeypatch.setenv("TUTOR_TONIGHT", env["TUTOR_TONIGHT"])
    for lang, start in (("en", "Tonight: start with lesson 5"), ("sv", "I kväll: börja med lektion 5"),
                        ("fi", "Tänä iltana: aloita oppitunnista 5")):
        page = LessonList(lang, store=room.store, learner="nobody-yet").html.value
        assert start in page and "lesson 1" not in page.lower().replace("lesson 1:", "")
        keys = _re.findall(r"data-key='([^']+)' data-tonight='(true|false)'", page)
        assert keys[:2] == [("05-taking-the-pile", "true"), ("06-frozen-pile", "true")]
        assert all(t == "false" for _, t in keys[2:]) and len(keys) == len(tutor.lessons.load_lessons())
    # a learner already in tonight's lesson 6 continues there
    room.store.set_place("anna", "06-frozen-pile")
    page = LessonList("en", store=room.store, learner="anna").html.value
    assert "Continue where you left off: lesson 6" in page
    # outside a class: lesson 1 first, as before
    monkeypatch.delenv("TUTOR_TONIGHT")
    page = LessonList("en", store=room.store, learner="nobody-yet").html.value
    assert "Start with lesson 1" in page and "data-tonight='true'" not in page


def test_progress_counts_what_the_lessons_write_through_the_kernels_learner(room, monkeypatch):
    anna = room.join("Anna", "K7XPQM")
    env = learner_env({"PATH": "/bin", "TUTOR_TEACHER_PASSWORD": "secret"},
                      type("U", (), {"username": anna})(), room)
    assert "TUTOR_TEACHER_PASSWORD" not in env
    assert current_learner(env) == anna
    # a kernel started before its learner came (Voila's pool) names nobody
    assert "TUTOR_LEARNER" not in room_env({"TUTOR_LEARNER": "someone"}, room)                         # what a lesson asks, in the kernel
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


@pytest.mark.parametrize("argv, said", [
    (["--six", "three-teams"], "error: --six three-teams is played only with --players 6: add --players 6, "
                               "or leave --six out."),
    (["--three", "cutthroat", "--players", "4"],
     "error: --three cutthroat is played only with --players 3: add --players 3, or leave --three out."),
    (["--players", "6", "--three", "each-alone"],
     "error: --three each-alone is played only with --players 3: add --players 3, or leave --three out.")])
def test_the_command_refuses_a_variant_of_another_count_in_words(capsys, monkeypatch, tmp_path, argv,
                                                                 said):
    """`--six` and `--three` that do not match `--players` quietly played four; now they are
    refused as the rules refuse `players=4, six=three-teams` (exit 2, no traceback, no
    server started: the check comes before the room opens)."""
    import tutor.classroom.app

    def no_server(*_args, **_kwargs):
        raise AssertionError("the command went on to start a class server")
    monkeypatch.setattr(tutor.classroom.app, "make_app", no_server)
    monkeypatch.delenv("TUTOR_PLAYERS", raising=False)
    assert main(argv + ["--no-browser", "--lang", "en", "--store", str(tmp_path / "c.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == said and "Traceback" not in err
    import os
    assert "TUTOR_PLAYERS" not in os.environ


def test_the_players_options_name_their_count():
    from tutor.classroom import players_key
    assert players_key() == "4"
    assert players_key("6", "three-teams") == "6:three-teams" and players_key("6", "two-teams") == "6"
    assert players_key("3", three="cutthroat") == "3:cutthroat" and players_key("3") == "3"
    assert players_key("2") == "2"


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
    """The rule a key cites is the judge's deciding rule, the one the table cites for the
    same move (tests/browser/test_class_handouts.py reads it back from the printed key)."""
    for les in (lesson("05"), lesson(FROZEN), lesson("13")):
        for row, ex in zip(answer_rows(les), les.exercises):
            if ex.kind == "judge":
                ruling = tutor.judge(ex.position(), ex.move)
                assert row["rule"] == ruling.rule
                assert row["answer"] == ("Legal" if ruling.legal else "Illegal")


def test_the_two_answer_keys_and_the_teachers_note_cite_one_rule(tmp_path):
    """The print key (`answer_rows`), the markdown key (`Lesson.handouts`) and the quiz's
    "For teachers" note name the same rule for every question, the engine's deciding rule
    (they differed on 8 of 129: 13 Q6 printed `goout.last-card`, the markdown
    `players.two-canastas`; audit 9 #7)."""
    import re
    for les in tutor.lessons.load_lessons():
        printed = [row["rule"] for row in answer_rows(les)]
        md = [p for p in les.handouts(tmp_path / les.key) if p.name.endswith("answers.md")][0]
        marked = re.findall(r"^\d+\. \*\*.*?\*\* — `([^`]+)`", md.read_text(encoding="utf-8"), re.M)
        assert marked == printed, les.key
    les = tutor.lessons.get("13")
    printed = [row["rule"] for row in answer_rows(les)]
    decided = les.exercise("two-out-two").check().rule
    assert printed[[ex.id for ex in les.exercises].index("two-out-two")] == decided
    q = les.exercise("two-out-two").quiz()
    q.show_answer()
    assert f"<code>{decided}</code>" in q.reveal_box.value


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


def test_a_pages_kernel_is_lighter(tmp_path):
    """The class's kernels (tutor/classroom/kernel.py): the python3 kernel spec started by
    the light launcher; in it no debugger, and numpy and Pillow imported only at their first
    use (a lesson page with its tables does not use them)."""
    import json
    import os

    from jupyter_client.kernelspec import KernelSpecManager
    from tutor.classroom.kernel import RoomKernelSpecManager
    spec = RoomKernelSpecManager().get_kernel_spec("python3")
    plain = KernelSpecManager().get_kernel_spec("python3")
    assert spec.argv == [a if a != "ipykernel_launcher" else "tutor.classroom.kernel" for a in plain.argv]
    script = tmp_path / "page.py"
    script.write_text(
        "import sys, json\n"
        "from tutor.classroom.kernel import lighten\n"
        "lighten()\n"
        "from tutor.lessons.page import LessonPage\n"
        "import ipycanvas.canvas as cv\n"
        "page = LessonPage('05'); page.header(); t = page.table('why-take-the-pile'); page.quiz('keep-top')\n"
        "t.table.redraw() if hasattr(t.table, 'redraw') else None\n"
        "cv.commands_to_buffer([[1, [2, 3], 0]])\n"
        "loaded = lambda m: type(sys.modules.get(m)).__name__ == 'module'\n"
        "before = [m for m in ('numpy', 'PIL.Image', 'debugpy') if loaded(m)]\n"
        "import numpy\n"
        "after = bool(numpy.zeros(2).shape == (2,)) and loaded('numpy')\n"
        "print(json.dumps([before, after]))\n")
    env = {**os.environ, "VOILA_PREHEAT": "False", "TUTOR_PROGRESS": str(tmp_path / "p.sqlite3")}
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    before, after = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == [] and after                     # nothing heavy until used; then the real one


# ---- a countdown, and the screen for the projector ------------------------------------------

def _frozen_question(room):
    les, ex = next((les, ex) for les, ex in room.questions() if les.key == FROZEN)
    return les.key, ex


def test_a_countdown_closes_the_answers_when_the_time_is_up(room):
    from tutor.classroom.room import TIME_UP
    anna, ben = room.join("Anna", "K7XPQM"), room.join("Ben", "K7XPQM")
    key, ex = _frozen_question(room)
    push = room.push_exercise(key, ex.id, seconds="30", now=1000.0)
    q = room.current(now=1010.0)
    assert q["left"] == 20.0 and not q["closed"]
    room.answer(anna, push, "legal", now=1029.9)                # in time
    with pytest.raises(RoomError) as e:
        room.answer(ben, push, "illegal", now=1030.0)            # the time is up
    assert e.value.message == TIME_UP
    assert "closed" in e.value.text("en") and e.value.text("sv") != e.value.text("en") \
        and e.value.text("fi") != e.value.text("en")
    assert room.tally() == {"legal": 1, "illegal": 0}            # the late answer changed nothing
    assert room.current(now=1030.0)["closed"] and room.current(now=1030.0)["left"] == 0.0
    # without a countdown the answers stay open, and there is no time to show
    push2 = room.push_exercise(key, ex.id, now=1000.0)
    room.answer(ben, push2, "illegal", now=10**9)
    assert room.current(now=10**9)["left"] is None and not room.current(now=10**9)["closed"]


@pytest.mark.parametrize("seconds", ["abc", "-5", "2.5", "601", "1e3"])
def test_a_countdown_is_whole_seconds_up_to_ten_minutes(room, seconds):
    from tutor.classroom.room import BAD_COUNTDOWN
    key, ex = _frozen_question(room)
    with pytest.raises(RoomError) as e:
        room.push_exercise(key, ex.id, seconds=seconds)
    assert e.value.message == BAD_COUNTDOWN and "600" in e.value.text("en")
    with pytest.raises(RoomError):
        room.push_position(ex.position().to_text(), ex.move, seconds=seconds)
    assert room.current() is None                               # nothing was put on the screens
    for fine in ("", "0", "600", 30):
        room.push_exercise(key, ex.id, seconds=fine)


class _View:
    """The teacher's pages without a server: what a handler gives `TeacherView`."""

    base_url = "/"
    xsrf_token = b"x"

    def __init__(self, room, args=None):
        self.settings = {"tutor_room": room, "tutor_app": type("App", (), {
            "join_addresses": lambda self: ["http://192.0.2.7:8866/"]})()}
        self.args = args or {}

    def xsrf_form_html(self):
        return ""

    def set_header(self, name, value):
        pass

    def finish(self, text):
        self.sent = text

    def get_argument(self, name, default=""):
        return self.args.get(name, default)


def _view(room, **args):
    from tutor.classroom.pages import TeacherView
    return type("View", (_View, TeacherView), {})(room, args)


def test_the_screen_shows_the_code_then_the_question_and_the_ruling_only_when_shown(room):
    """The projector's screen: the address and the room code while there is no question;
    then the question, its table and how many have answered, the seconds left, and neither
    the answers' split nor the ruling until the teacher shows it; then both, in words."""
    import re as _re
    from tutor.engine.plainwords import without_rule_ids
    view = _view(room)
    idle = view.screen_state()
    assert "K7XPQM" in idle["html"] and "http://192.0.2.7:8866/" in idle["html"]
    anna, ben = room.join("Anna", "K7XPQM"), room.join("Ben", "K7XPQM")
    key, ex = _frozen_question(room)
    push = room.push_exercise(key, ex.id, seconds=60)
    room.answer(anna, push, "legal")
    room.answer(ben, push, "illegal")
    ruling = room.current()["ruling"]
    words = without_rule_ids(ruling.explain("en"))
    before = view.screen_state()
    assert "2 of 2 have answered" in before["html"] and "<svg" in before["html"]
    assert _re.search(r"(59|60) seconds left", before["html"])
    assert "class='tally'" not in before["html"] and words not in before["html"]
    assert "screen-ruling" not in before["html"]
    assert "K7XPQM" in before["html"]                          # latecomers can still join
    room.reveal()
    after = view.screen_state()
    assert after["key"] != before["key"]
    assert words in after["html"] and ("Legal." if ruling.legal else "Illegal.") in after["html"]
    assert ruling.rule not in after["html"]                    # words, not rule ids
    tally = dict(_re.findall(r"data-answer='(\w+)'>\w+: <b>(\d)</b>", after["html"]))
    assert tally == {"legal": "1", "illegal": "1"}
    assert "seconds left" not in after["html"]                 # no clock once it is shown


def test_the_screen_speaks_the_rooms_language(tmp_path):
    r = Room.open(tmp_path / "c.sqlite3", name="tisdag", code="K7XPQM", teacher_password="p",
                  lessons=["6"], lang="sv")
    try:
        key, ex = _frozen_question(r)
        r.push_exercise(key, ex.id, seconds=20)
        html_sv = _view(r).screen_state()["html"]
        assert "sekunder kvar" in html_sv and "seconds left" not in html_sv
        assert "have answered" not in html_sv
    finally:
        r.store.close()


def test_a_learners_page_counts_down_then_takes_the_buttons_away(room):
    import time as _time
    from tutor.classroom.pages import learner_question
    anna = room.join("Anna", "K7XPQM")
    key, ex = _frozen_question(room)
    room.push_exercise(key, ex.id, seconds=30)
    open_ = learner_question(room, anna)
    assert "data-answer='legal'" in open_["html"] and "seconds left" in open_["html"]
    room.push_exercise(key, ex.id, seconds=30, now=_time.time() - 31)       # its time is up
    shut = learner_question(room, anna)
    assert "Time is up." in shut["html"] and "data-answer=" not in shut["html"]
    assert shut["key"] != open_["key"]


def test_the_teachers_forms_offer_a_countdown_and_push_with_it(room):
    view = _view(room, question=f"{FROZEN}|{_frozen_question(room)[1].id}", seconds="20")
    assert view.question_action("push")
    assert 0 < room.current()["left"] <= 20
    assert not view.question_action("nonsense")
    from tutor.classroom.pages import HtmlWords
    form = view.countdown_html(HtmlWords(view.t), "seconds")
    assert "name='seconds'" in form and "<option value='30'>30 seconds</option>" in form


def test_the_screen_page_asks_for_its_state_with_the_token_and_its_address(room):
    view = _view(room)
    view.send_screen()
    script = view.sent.split("<script>")[1]
    assert """fetch("/teacher/screen/state",{cache:'no-store',headers:{'X-XSRFToken':"x"}})""" in script
    assert 'let key="idle"' in script and "__" not in script
    assert "id='screen-code'>K7XPQM<" in view.sent


def test_the_teacher_sees_each_learners_first_try_accuracy(room):
    """Tonight's questions answered, and how many right on the first try (a second try
    that is right does not make the first right)."""
    import re as _re
    anna, ben = room.join("Anna", "K7XPQM"), room.join("Ben", "K7XPQM")
    les = lesson(FROZEN)
    q1, q2, q3 = sorted(i for i in les.items() if i.startswith("quiz:"))[:3]
    room.store.record(anna, FROZEN, q1, "question", False)
    room.store.record(anna, FROZEN, q1, "question", True, counts=False)
    room.store.record(anna, FROZEN, q2, "question", True)
    room.store.record(anna, FROZEN, q3, "question", True)
    html = _view(room).state_html()
    cells = dict(_re.findall(r"<td class='name'>(\w+)</td>.*?<td class='first'[^>]*>([^<]*)</td>", html))
    assert cells == {"Anna": "2 of 3 (67 %)", "Ben": "—"}
    assert "Right the first time" in html


@pytest.mark.parametrize("lang, seat, you, pile, english", [
    ("en", "SE", "▶ Southeast (you) · 4 cards", ">discard pile<", None),
    ("en", "NW", "▶ Northwest (you) · 4 cards", ">discard pile<", None),
    ("sv", "SE", "▶ Sydost (du) · 4 kort", ">kasthögen<", ">discard pile<"),
    ("fi", "NW", "▶ Luode (sinä) · 4 korttia", ">avopakka<", ">discard pile<")])
def test_a_question_is_drawn_from_the_movers_seat_in_the_rooms_language(tmp_path, lang, seat, you, pile,
                                                                        english):
    """The question's table is the one the mover sees, at six players too (Southeast's and
    Northwest's move were drawn from South's seat, the mover's cards face down), and its words
    are the room's (a Swedish or Finnish room got an English table): on the learner's page,
    the projector and the teacher's view alike."""
    from tutor.classroom.pages import learner_question
    r = Room.open(tmp_path / "c.sqlite3", name="t", code="K7XPQM", teacher_password="p",
                  lessons=["6"], lang=lang)
    try:
        r.push_position(f"rules: players=6\nturn: {seat} drawn\n{seat}: 9H 9S 9D 4C\npile: 9C\n",
                        "meld 9H 9S 9D")
        view = _view(r)
        for page in (learner_question(r, r.join("Anna", "K7XPQM"))["html"],
                     view.screen_state()["html"], view.question_html(1)):
            assert you in page and pile in page
            assert "(you)" not in page.replace(you, "") and "(du)" not in page.replace(you, "")
            if english:
                assert english not in page
    finally:
        r.store.close()


@pytest.mark.parametrize("key, ex_id, seat", [("06-frozen-pile", "upcard-frozen", "East"),
                                              ("02-deal-and-turn", "partner-unasked", "West"),
                                              ("13-player-counts", "six-wrong-partner", "Northeast")])
def test_a_question_is_drawn_from_the_seat_of_the_player_who_moves(tmp_path, key, ex_id, seat):
    """The lesson's quiz, the handouts and the room's screens show a question's table as the
    player whose move is asked about sees it (their hand face up: "East (you)"), not always
    from South's chair: a handout showed South's eleven cards for "East takes the pile"."""
    import html
    from tutor.classroom.handouts import questions_html
    from tutor.engine.plainwords import move_words
    from tutor.lessons.view import position_html
    ex = next(e for e in lesson(key).exercises if e.id == ex_id)
    pos = ex.position()
    assert ex.seen_by() in pos.format.seats and ex.seen_by() != "S"
    mine = f"{seat} (you)"
    assert mine in diagram_svg(pos, viewer=ex.seen_by())
    assert mine in position_html(pos, viewer=ex.seen_by())
    said = html.escape(move_words(ex.move, lang="en", position=pos), quote=False)
    blocks = [b for b in questions_html([key], "en").split("<div class='q'>") if f"<b>{said}</b>" in b]
    assert len(blocks) == 1, said
    drawn = blocks[0][:blocks[0].index("</svg>")]
    assert mine in drawn and "South (you)" not in drawn, "the handout draws it from another seat"
    room = Room.open(tmp_path / "class.sqlite3", name="monday", code="K7XPQM",
                     teacher_password="secret", lessons=[key])
    try:
        room.push_exercise(key, ex_id)
        q = room.current()
        assert q["mover"] == ex.seen_by()
        pytest.importorskip("tornado")
        from tutor.classroom.pages import question_diagram
        assert mine in question_diagram(q["pos"], seat=q["mover"])
    finally:
        room.store.close()
