"""Two, three and six players as a learner plays them without code (issue 21, items 2 and 3):
the sandbox's count in words, a whole game of every count against the computer players,
the score sheet and the charts for every side, and the class server at a count."""
from __future__ import annotations

import re

import pytest

import tutor
import tutor.lessons
from tutor.autoplay import play_game, play_hand
from tutor.engine.formats import FORMATS
from tutor.lessons.charts import game_chart, sheet_chart
from tutor.lessons.counts import COUNTS, count_words, hand_words, key_for, rules_for, side_name
from tutor.players import SensiblePlayer

OTHER = ["2", "3", "6", "6:three-teams", "3:cutthroat"]


def _computer(rules):
    return {seat: SensiblePlayer(seed=1) for seat in tutor.Ruleset.parse(rules).format.seats}


def test_every_count_has_its_words_and_rules_in_every_language():
    assert list(COUNTS) == ["2", "3", "4", "6", "6:three-teams", "3:cutthroat"]
    for key, (rules, _words) in COUNTS.items():
        assert tutor.Ruleset.parse(rules).format is FORMATS[key]
        words = {lang: count_words(key, lang) for lang in ("en", "sv", "fi")}
        assert len(set(words.values())) == 3, words
    assert count_words("2") == "Two players, each alone"
    assert count_words("6", "sv") == "Sex spelare, två lag om tre"
    assert rules_for(6) == "players=6" and key_for("6-three-teams") == "6:three-teams"
    with pytest.raises(ValueError, match="not a player count"):
        key_for("5")
    assert rules_for("3:cutthroat") == "players=3, three=cutthroat"     # played: offered
    assert count_words("3:cutthroat", "fi").startswith("Kolme pelaajaa, cutthroat")


@pytest.mark.parametrize("key", OTHER)
def test_a_hand_of_every_count_is_played_to_the_end_and_said_in_words(key):
    rules = rules_for(key)
    record = play_hand(_computer(rules), seed=5, rules=rules)     # no score given: 0 for every side
    fmt = FORMATS[key]
    assert record.final.phase == "over" and set(record.sheet) == set(fmt.sides)
    for lang in ("en", "sv", "fi"):
        line = hand_words(record, lang)
        assert line.startswith(count_words(key, lang) + ": ")
        assert all(side_name(side, lang) in line for side in fmt.sides), line
        assert not re.search(r"\b(?:T1|T2|T3|NS|EW)\b", line), line


@pytest.mark.slow
def test_a_game_plays_to_the_tables_own_target():
    record = play_game(_computer("players=3"), seed=2, rules="players=3")
    assert record.game.target == 5000 and record.winner in ("E", "S", "W")
    assert max(record.totals) >= 5000 and len(record.totals) == 3
    assert tutor.Game("players=6").target == 10000


@pytest.mark.parametrize("key", OTHER)
def test_the_charts_show_every_side(key):
    rules = rules_for(key)
    fmt = FORMATS[key]
    game = tutor.Game(rules)
    for seed in (5, 6):
        game.add_hand(play_hand(_computer(rules), seed=seed, rules=rules).final)
    final, sheet = game.hands[-1]
    chart = sheet_chart(sheet)
    labels = re.findall(r">([^<>]+)</text>", chart.svg)
    for side in fmt.sides:
        name = side_name(side)
        assert f"{name}: TOTAL" in labels, (name, labels)
        assert f"  {side} TOTAL" in repr(chart)
    colours = set(re.findall(r"<rect [^>]*fill='(#[0-9a-f]{6})'", chart.svg))
    assert len(colours) == len(fmt.sides), colours               # one colour a side
    text = repr(game_chart(game))
    assert all(f"{side} " in text.splitlines()[1] for side in fmt.sides), text
    bars = re.findall(r">([^<>]+)</text>", game_chart(game, lang="fi").svg)
    assert all(any(side_name(side, "fi") in b for b in bars) for side in fmt.sides), bars


def test_the_four_player_charts_are_as_before():
    final = tutor.Position.parse(
        "turn: S drawn\nS: 9H 9D 9C 4C\nNS: KH KH KD KD KS KS KC\nEW: QH QD QS\npile: 5C\n")
    final = final.play("meld 9H 9D 9C").play("discard 4C")
    text = repr(sheet_chart(tutor.score_hand(final)))
    assert "  NS TOTAL" in text and "  EW TOTAL" in text
    game = tutor.Game()
    game.add_hand(final)
    assert re.search(r"hand 1: NS +\d+  EW +-?\d+", repr(game_chart(game)))


# ---- the sandbox's table: the count chosen in words, a whole game ------------------------------

def _finish_hand(session, me, hints):
    while session.position.phase != "over":
        if session.position.actor == session.bottom:
            if session.position.phase == "draw" and session.hint() is not None:
                hints.append(session.last_hint)          # a good move of the learner's, in words
            ruling = session.try_move(me.choose(session.position))
            assert ruling is None or ruling.legal, ruling.explain()
        else:
            session.play_on()


def test_the_sandbox_game_offers_every_count_in_words_and_deals_at_the_count_chosen():
    pytest.importorskip("ipywidgets")
    from tutor.lessons.counts import game_at
    box = game_at("2", lang="sv")
    pick = box.chooser
    assert pick.description == "Hur många spelare?"
    assert [label for label, _ in pick.options] == [count_words(k, "sv") for k in COUNTS]
    session = box.table.session
    assert session.position.format is FORMATS["2"] and session.game.target == 5000
    assert len(session.position.hand("S")) == 15
    pick.value = "6"                                   # a new game at six
    session = box.table.session
    assert session.position.format is FORMATS["6"] and session.game.target == 10000
    assert "10000" in box.children[1].value and "5" in box.children[1].value
    pick.value = "6:three-teams"
    assert box.table.session.game.target == 7500


@pytest.mark.slow
@pytest.mark.parametrize("key", ["2", "3", "6"])
def test_a_whole_game_of_the_count_on_the_table_with_the_computer_players(key):
    pytest.importorskip("ipywidgets")
    from tutor.lessons.counts import game_at
    box = game_at(key, seed=11, lang="fi", chooser=False)
    session = box.table.session
    session.start_game(seed=11, target=1500)          # the table's count, a short game
    assert session.game.format is FORMATS[key]
    me = SensiblePlayer(seed=2)
    hints_seen = []
    for _hand in range(40):
        _finish_hand(session, me, hints_seen)
        status = session.game_status()
        assert all(side_name(side, "fi") in status for side in FORMATS[key].sides), status
        if session.next_hand() is None:
            break
    assert session.game.is_over and hints_seen
    said = session.message                             # the game's end in words, every side named
    assert said.startswith("Peli on päättynyt: ") and "game.end" not in said, said
    assert all(side_name(side, "fi") in said for side in FORMATS[key].sides), said


def test_a_new_game_on_a_table_keeps_its_count():
    pytest.importorskip("ipywidgets")
    from tutor.table import Table
    table = Table(tutor.deal(seed=3, rules="players=3"), viewer="S")
    table.session.start_game(seed=4)                   # the New game button: no arguments
    assert table.session.position.format is FORMATS["3"] and table.session.game.target == 5000
    assert "East 0, South 0, West 0" in table.session.game_status()


# ---- the class at a count: python -m tutor class --players 2 --------------------------------------

@pytest.mark.parametrize("argv, key", [([], "4"), (["--players", "2"], "2"), (["--players", "3"], "3"),
                                       (["--players", "6"], "6"),
                                       (["--players", "6", "--six", "three-teams"], "6:three-teams"),
                                       (["--players", "3", "--three", "cutthroat"], "3:cutthroat"),
                                       (["--players", "6", "--six", "two-teams"], "6")])
def test_the_class_serves_its_count_to_every_learners_kernel(argv, key, monkeypatch, tmp_path):
    pytest.importorskip("voila")
    import os

    import tutor.classroom.app as app_module
    from tutor.classroom import main
    from tutor.lessons.counts import default_count
    seen = {}

    class Started:
        def start(self):
            seen["players"] = os.environ.get("TUTOR_PLAYERS")

    def make_app(room, folder, **kwargs):
        seen["room"] = room
        return Started()

    monkeypatch.setattr(app_module, "make_app", make_app)
    monkeypatch.delenv("TUTOR_PLAYERS", raising=False)
    assert main(argv + ["--no-browser", "--store", str(tmp_path / "c.sqlite3"), "--code", "K7XPQM"]) == 0
    seen["room"].store.close()
    assert seen["players"] == key and default_count() == key      # Voila's kernels get os.environ


def test_the_class_refuses_a_count_it_does_not_play(capsys):
    from tutor.classroom import main
    assert main(["--players", "5", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "--players" in err and "Traceback" not in err
    # a variant of another count (it played four): tests/test_classroom.py has the words
    assert main(["--players", "4", "--three", "cutthroat", "--no-browser", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "--three cutthroat is played only with --players 3" in err and "Traceback" not in err
    out = subprocess_help()
    assert "--players" in out and "--six" in out and "--three" in out


def subprocess_help() -> str:
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "tutor", "class", "--help"], capture_output=True,
                          text=True, timeout=60).stdout


@pytest.mark.parametrize("lang", ["en", "sv", "fi"])
def test_the_lesson_list_names_the_classs_count_and_links_its_game(lang, monkeypatch):
    pytest.importorskip("ipywidgets")
    from tutor.lessons.page import lesson_list
    monkeypatch.delenv("TUTOR_PLAYERS", raising=False)
    plain = lesson_list(lang=lang, store=None).html.value
    assert "tutor-count" not in plain and "13 " in plain           # "13 short lessons …"
    monkeypatch.setenv("TUTOR_PLAYERS", "2")
    text = lesson_list(lang=lang, store=None).html.value
    assert "data-count='2'" in text and count_words("2", lang) in text
    assert "href='13-player-counts.ipynb'" in text and "href='sandbox.ipynb'" in text


def test_a_question_of_any_count_goes_on_the_screens_and_in_the_handouts(tmp_path):
    from tutor.classroom.handouts import answer_rows, questions_html
    from tutor.classroom.room import Room
    room = Room.open(tmp_path / "class.sqlite3", name="monday", code="K7XPQM",
                     teacher_password="secret", lessons=["13"])
    try:
        asked = {ex.id: ex for _les, ex in room.questions()}
        for ex_id, count in (("two-no-ask", "2"), ("six-wrong-partner", "6")):
            ex = asked[ex_id]
            room.push_exercise("13-player-counts", ex_id)
            q = room.current()
            assert q["pos"].format is FORMATS[count]
            assert q["ruling"].rule == tutor.judge(ex.position(), ex.move).rule and not q["ruling"].legal
        six = ("rules: players=6\nturn: S drawn\nS: KH KH KH 4C 5D\nT2: QD QS QC\npile: 9C\nstock: rest\n")
        room.push_position(six, "meld KH KH KH")           # three kings of hearts: three packs
        q = room.current()
        assert q["pos"].format.players == 6 and q["ruling"].legal
        pytest.importorskip("tornado")
        from tutor.classroom.pages import question_diagram
        svg = question_diagram(q["pos"])
        assert svg.startswith("<svg") and "Northeast" in svg
    finally:
        room.store.close()
    for lang in ("en", "sv", "fi"):
        page = questions_html(["13-player-counts"], lang)
        lesson = tutor.lessons.get("13", lang)
        pictures = sum(1 for ex in lesson.exercises if ex.picture and ex.kind != "deck")
        assert page.count("<svg") >= pictures
    rows = answer_rows(tutor.lessons.get("13"))
    assert {row["rule"] for row in rows} >= {"players.sides", "players.two-canastas", "players.red3-six"}
