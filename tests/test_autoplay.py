"""Playing on, whole hands, whole games and the replay of a hand."""
import re

import pytest

import tutor
from tutor.autoplay import (GameRecord, HandRecord, Replay, Step, play_game,
                            play_hand, play_on)
from tutor.players import RandomPlayer, SensiblePlayer
from tutor.engine.formats import FOUR


def _all(cls=SensiblePlayer, seats="NESW"):
    return {s: cls(k) for k, s in enumerate(seats)}


def test_play_on_stops_at_the_learners_seat():
    pos = tutor.deal(1)                     # N to draw
    assert play_on(pos, _all(seats="ESW"), stop_at={"N"}) == []
    after_n = pos.play("draw")
    after_n = after_n.play(f"discard {after_n.hand('N')[-1]}")
    steps = play_on(after_n, _all(seats="ESW"), stop_at={"N"})
    assert steps, "E, S and W should have moved"
    assert {st.seat for st in steps} <= {"E", "S", "W"}
    end = steps[-1].after
    assert end.phase == "over" or end.actor == "N"
    assert not (end.phase != "over" and end.turn != "N")


def test_play_on_stops_at_a_seat_without_a_player():
    pos = tutor.deal(2)
    steps = play_on(pos, {"N": SensiblePlayer(), "E": RandomPlayer()})
    assert steps and {st.seat for st in steps} <= {"N", "E"}
    assert steps[-1].after.phase == "over" or steps[-1].after.actor in ("S", "W")


@pytest.mark.parametrize("seed", range(6))
def test_play_on_to_the_learner_from_many_positions(seed):
    """A learner at S (moves chosen by a stand-in), computer players for N, E, W."""
    learner = RandomPlayer(seed)
    computers = _all(seats="NEW")
    pos = tutor.deal(seed)
    for _ in range(400):
        steps = play_on(pos, computers, stop_at={"S"})
        for st in steps:
            assert st.seat != "S"
        pos = steps[-1].after if steps else pos
        if pos.phase == "over":
            break
        assert pos.actor == "S"
        pos = pos.play(learner.choose(pos))
    assert pos.phase == "over"


PENDING = """turn: N drawn
asked: pending
N: KH KS KD 5C 5D 5S 9H
NS: AC AD AH AS 2C 2D JK
EW: QH QD QS
seed: 3
"""


def test_play_on_answers_a_pending_question_with_the_partners_player():
    pos = tutor.Position.parse(PENDING)
    assert pos.actor == "S"
    # N is the learner: only S's answer is played, then play stops at N
    steps = play_on(pos, _all(seats="ESW"), stop_at={"N"})
    assert len(steps) == 1
    assert steps[0].seat == "S" and str(steps[0].move) in ("yes", "no")
    assert steps[0].after.asked in ("yes", "no") and steps[0].after.turn == "N"
    # a learner at S gets the question: nothing is played for it
    assert play_on(pos, _all(seats="NEW"), stop_at={"S"}) == []
    # with no player for S, play stops too
    assert play_on(pos, _all(seats="NEW")) == []


def test_a_question_asked_by_a_computer_is_answered_by_its_partner():
    seen = 0
    for seed in range(30):
        record = play_hand(_all(), seed=seed)
        for st in record.steps:
            if st.move.kind in ("yes", "no"):
                assert st.seat == FOUR.answerer(st.before.turn)
                assert st.before.asked == "pending"
                seen += 1
        if seen >= 3:
            break
    assert seen >= 1


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("kind", [RandomPlayer, SensiblePlayer])
def test_play_hand_reaches_the_end_with_108_cards(seed, kind):
    record = play_hand(_all(kind), seed=seed)
    assert isinstance(record, HandRecord)
    assert record.final.phase == "over"
    assert record.final.card_count() == 108
    assert record.start == tutor.deal(seed)
    sheet = tutor.score_hand(record.final)
    assert record.sheet["NS"].total == sheet["NS"].total
    assert record.sheet["EW"].total == sheet["EW"].total
    for st in record.steps:
        assert isinstance(st, Step) and st.ruling.legal and st.after.card_count() == 108


def test_play_hand_with_a_running_score_uses_the_higher_minimum():
    record = play_hand(_all(), seed=3, score=(3100, 1600))
    assert record.start.score == (3100, 1600)
    firsts = {}
    for st in record.steps:
        t = FOUR.side_of(st.before.turn)
        if st.move.kind in ("meld", "take") and t not in firsts:
            firsts[t] = st.ruling
    for t, ruling in firsts.items():
        assert ruling.legal


def test_play_game_to_the_target():
    record = play_game(_all(), seed=11, target=5000)
    assert isinstance(record, GameRecord)
    assert max(record.totals) >= 5000
    ns = sum(h.sheet["NS"].total for h in record.hands)
    ew = sum(h.sheet["EW"].total for h in record.hands)
    assert record.totals == (ns, ew)
    assert record.margin == abs(ns - ew)
    assert record.winner == ("NS" if ns > ew else "EW" if ew > ns else None)
    # each hand is dealt with the running totals before it (meld.initial follows them)
    running = (0, 0)
    for hand in record.hands:
        assert hand.start.score == running
        running = (running[0] + hand.sheet["NS"].total, running[1] + hand.sheet["EW"].total)
    assert "game.end" in record.result_text()


def test_replay_reproduces_the_positions_step_by_step():
    record = play_hand(_all(), seed=8)
    replay = Replay(record)
    assert len(replay) == len(record.steps)
    assert replay.at(0) == record.start
    assert replay.at(len(replay)) == record.final
    for i, st in enumerate(replay.steps):
        assert replay.at(i) == st.before
        assert st.before.play(st.move) == st.after            # the engine agrees
        if i + 1 < len(replay.steps):
            assert st.after == replay.steps[i + 1].before
    pattern = re.compile(r"^\d+: ([NESW]): \S.* — legal \([a-z0-9-]+(\.[a-z0-9-]+)+\)\. "
                         r"To \1: “\S.*”$")     # the explanation is addressed to the seat
    lines = replay.lines()
    assert len(lines) == len(replay)
    for line in lines:
        assert pattern.match(line), line
    assert lines[0].startswith("1: N: ")
    assert "The hand is over" in replay.text()


def test_replay_of_a_list_of_steps():
    pos = tutor.deal(4)
    steps = play_on(pos, _all(RandomPlayer), max_moves=30)
    assert len(steps) == 30
    replay = Replay(steps)
    assert replay.at(0) == pos and replay.at(30) == steps[-1].after
