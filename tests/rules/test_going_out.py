"""Going out: goout.canasta, goout.last-card, goout.no-discard, goout.ask, goout.binding,
goout.keep-one, goout.concealed.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
The judge table's cases of these ids: judge_cases.py.
"""
import pytest
import tutor
from rulebook_helpers import (GOING_OUT, P, assert_illegal, assert_legal, field, line_sum,
                              phase, play, turn)
from positions import ACES_OUT_TABLE, EIGHTS_TABLE, KINGS_TABLE, stage
from judge_cases import judge_table_tests


# ---- the judge table's cases of this family (judge_cases.py) ---------------------------

TestJudgeTable = judge_table_tests("goout.")


# ---------------------------------------------------------------------------
# goout.* outcomes, hand.end.*
# ---------------------------------------------------------------------------

def test_goout_canasta_completed_in_the_going_out_turn():
    RULE = "goout.canasta"
    out = play("""
        turn: S drawn
        S: KC 9H 9D 9C 4C
        N: 5D
        NS: KH KH KS KS KD KD
        EW: QH QD QS
        pile: 6C
    """, "meld KC", "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_last_card_discard_of_last_card_ends_the_hand():
    RULE = "goout.last-card"
    out = play(stage("""
        turn: S drawn
        S: 4C
    """, ACES_OUT_TABLE), "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_last_card_discard_with_cards_left_is_not_going_out():
    RULE = "goout.last-card"
    nxt = play(stage("""
        turn: S drawn
        S: 4C 5C
    """, ACES_OUT_TABLE), "discard 4C")
    assert turn(nxt) == ("W", "draw"), RULE


def test_goout_no_discard_meld_all_ends_the_hand():
    RULE = "goout.no-discard"
    out = play(stage("""
        turn: S drawn
        S: 9H 9D 9C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C")
    assert phase(out) == "over", RULE


def test_goout_ask_then_partner_answers():
    RULE = "goout.ask"
    pos = play(stage("""
        turn: S drawn
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "ask")
    assert field(pos, "asked").lower().startswith("pending"), RULE
    assert_legal(pos, "yes")
    assert_legal(pos, "no")
    after_no = pos.play("no")
    # melding the nines would keep one card only: out of reach after "no"
    assert_illegal(after_no, "meld 9H 9D 9C", {"goout.keep-one", "goout.binding"})


def test_goout_binding_yes_then_out():
    RULE = "goout.binding"
    pos = play(stage("""
        turn: S drawn
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "ask", "yes")
    assert_illegal(pos, "discard 4C", "goout.binding")
    out = pos.play("meld 9H 9D 9C").play("discard 4C")
    assert phase(out) == "over", RULE


def test_goout_binding_no_then_cannot_go_out():
    RULE = "goout.binding"
    pos = play(stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5C
    """, ACES_OUT_TABLE), "ask", "no")
    # melding the nines leaves 4C 5C; discarding 4C would keep 5C: legal
    pos = pos.play("meld 9H 9D 9C")
    assert_legal(pos, "discard 4C")
    # no way out this turn is offered
    for m in tutor.legal_moves(pos):
        assert phase(pos.play(m)) != "over", (RULE, str(m))


CONCEALED_BASE = stage("""
    turn: S drawn
    opened: N
    S: %s
""", EIGHTS_TABLE)


def test_goout_concealed_200_when_player_never_melded():
    RULE = "goout.concealed"
    out = play(CONCEALED_BASE % "KH KH KS KS KD KD KC 4C",
               "meld KH KH KS KS KD KD KC", "discard 4C")
    assert phase(out) == "over"
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 - 5, RULE


def test_goout_concealed_not_when_player_melded_earlier_100():
    RULE = "goout.concealed"
    out = play((stage("""
        turn: S drawn
        opened: N S
        S: %s
    """, EIGHTS_TABLE)) % "KH KH KS KS KD KD KC 4C", "meld KH KH KS KS KD KD KC", "discard 4C")
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert sheet["NS"].total == 100 + 500 + 70 + 30 - 5, RULE


def test_goout_ask_allowed_right_after_taking_the_pile():
    RULE = "goout.ask"
    pos = play("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 9H 9S")
    assert_legal(pos, "ask")


def test_goout_ask_only_once_even_after_yes():
    RULE = "goout.ask"
    assert_illegal("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask", RULE)


def test_goout_keep_one_applies_to_taking_the_pile():
    RULE = "goout.keep-one"
    # no canasta: taking with 9H 9S would leave only 4C, to be discarded
    assert_illegal(stage("""
        turn: S draw
        S: 9H 9S 4C
    """, KINGS_TABLE, "pile: 9D"), "take 9H 9S", RULE)


def test_goout_concealed_needs_a_complete_canasta_in_the_players_own_melds():
    RULE = "goout.concealed"
    # S never melded, the team's canasta is N's; S melds three nines and
    # discards: S goes out, but not concealed (no complete canasta of S's own)
    out = play(stage("""
        turn: S drawn
        opened: N
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_goout_concealed_not_when_partner_canasta_completed_by_player():
    RULE = "goout.concealed"
    # completing the partner's canasta is adding to the partner's melds
    out = play("""
        turn: S drawn
        opened: N
        S: KC 9H 9D 9C 4C
        N: 5D
        NS: KH KH KS KS KD KD
        EW: QH QD QS
        pile: 6C
    """, "meld KC", "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_goout_binding_after_yes_every_step_must_keep_going_out_possible():
    RULE = "goout.binding"
    pos = P("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 5C 5D 5S 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """)
    assert_illegal(pos, "discard 4C", RULE)
    pos = pos.play("meld 9H 9D 9C")
    assert_illegal(pos, "discard 5C", RULE)          # would keep 5D 5S 4C: stays in
    pos = pos.play("meld 5C 5D 5S")
    out = pos.play("discard 4C")
    assert phase(out) == "over", RULE


def test_goout_binding_refuses_a_meld_that_makes_going_out_impossible():
    RULE = "goout.binding"
    text = """
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 2C 5H 5D 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    # going out: 9H 9D 9C; 5H 5D 2C; discard 4C.  Putting the two on the nines
    # leaves 5H 5D 4C, which can never go out this turn.
    assert_legal(text, "meld 9H 9D 9C")
    assert_illegal(text, "meld 9H 9D 9C 2C", RULE)
    out = play(text, "meld 9H 9D 9C; 5H 5D 2C", "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_concealed_started_this_turn_staged_mid_turn():
    RULE = "goout.concealed"
    base = """
        turn: S melded
        opened: N
        %s
        S: 4C
        N: 5D
        NS: 8H 8D 8C; KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 9C
    """
    out = play(base % "started: K", "discard 4C")
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200, RULE
    # without `started:` the kings are not S's own melds of this turn
    out = play(base % "", "discard 4C")
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_goout_no_discard_by_taking_the_pile():
    RULE = "goout.no-discard"
    text = """
        rules: %s
        turn: S draw
        S: 9H 9S
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9D
    """
    out = play(text % "default", "take 9H 9S")
    assert phase(out) == "over", RULE
    assert_illegal(text % "go-out-without-discard=concealed-only", "take 9H 9S",
                   {"goout.no-discard", "goout.keep-one"})


def test_goout_ask_allowed_without_a_canasta():
    RULE = "goout.ask"
    assert_legal(stage("""
        turn: S drawn
        S: 9H 9D 9C 4C
    """, KINGS_TABLE, "pile: 9S"), "ask")


def test_goout_ask_pending_waits_for_the_answer():
    RULE = "goout.ask"
    pos = P("""
        turn: S drawn
        asked: pending
        S: 9H 9D 9C 4C
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """)
    moves = {str(m) for m in tutor.legal_moves(pos)}
    assert {"yes", "no"} <= moves, moves
    r = tutor.judge(pos, "discard 4C")
    assert r.legal is False, "the partner answers before the player plays on"


def test_goout_canasta_the_opponents_canasta_does_not_count():
    RULE = "goout.canasta"
    assert_illegal("""
        turn: S melded
        S: 4C
        N: 5D
        NS: 9H 9S 9C
        EW: QH QH QD QD QS QS QC
        pile: 6C
    """, "discard 4C", RULE)


@pytest.mark.parametrize("card", ["JK", "2D", "3S"], ids=["goout.last-card-joker",
                                                         "goout.last-card-two",
                                                         "goout.last-card-black-three"])
def test_goout_last_card_may_be_any_card(card):
    text = stage("""
        turn: S melded
        S: %s
    """, ACES_OUT_TABLE) % card
    assert_legal(text, "discard %s" % card)
    assert phase(play(text, "discard %s" % card)) == "over"


def test_goout_binding_legal_moves_after_yes_never_stay_in():
    RULE = "goout.binding"
    pos = play(stage("""
        turn: S drawn
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "ask", "yes")
    moves = [str(m) for m in tutor.legal_moves(pos)]
    assert moves, RULE
    assert not [m for m in moves if m.startswith("discard")], (RULE, moves)


def test_staged_concealed_out_scores_200():
    RULE = "goout.concealed"
    pos = P("""
        turn: S over
        out: S concealed
        S: -
        N: 5D
        NS: 8H 8D 8C; KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 9C
    """)
    sheet = tutor.score_hand(pos)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 - 5, RULE


# ---------------------------------------------------------------------------
# goout.ask: "After drawing or taking the pile and before melding anything else that
# turn, a player may ask the partner 'may I go out?'".  NOTATION.md: phase `drawn` =
# "has drawn or taken the pile and melded nothing else; `melded` — has melded this turn
# (too late to ask)".  DISPUTES #4: "allowed only right after drawing, before any other
# meld".
#
# NS has melded already, so the sevens laid in the take action are simply another meld
# of this turn: `take KS KH; 7D 7C 7S` must close the question as `take KS KH` and then
# `meld 7D 7C 7S` does.
# ---------------------------------------------------------------------------

ASK_AFTER_TAKE = """
    turn: S draw
    S: KS KH 7D 7C 7S 4C 5D 6H
    N: 6D 6H 7H 8S
    NS: QC QC QS
    EW: JH JD JS
    pile: 9C KD
"""


def test_goout_ask_too_late_after_a_take_that_laid_another_meld():
    RULE = "goout.ask"
    pos = play(ASK_AFTER_TAKE, "take KS KH; 7D 7C 7S")
    assert_illegal(pos, "ask", RULE)


def test_goout_ask_take_with_another_meld_leaves_the_phase_melded():
    RULE = "goout.ask"
    pos = play(ASK_AFTER_TAKE, "take KS KH; 7D 7C 7S")
    assert phase(pos) == "melded", (RULE, pos.to_text())
    assert "ask" not in [str(m) for m in tutor.legal_moves(pos)], RULE


def test_goout_ask_a_plain_take_still_allows_the_question():
    RULE = "goout.ask"
    pos = play(ASK_AFTER_TAKE, "take KS KH")
    assert phase(pos) == "drawn", RULE
    assert tutor.judge(pos, "ask").legal, RULE


def test_goout_ask_too_late_after_melds_laid_for_the_first_meld_minimum():
    # the team has not melded: the nines are needed beside the kings to reach 50, but
    # they are still "melding anything else that turn"
    RULE = "goout.ask"
    first = """
        turn: S draw
        S: KS KH 9D 9C 9S 4C 5D 6H
        N: 6D 6H 7H 8S
        EW: JH JD JS
        pile: 9H KD
    """
    assert not tutor.judge(first, "take KS KH").legal       # 30 of the 50 needed
    pos = play(first, "take KS KH; 9D 9C 9S")
    assert_illegal(pos, "ask", RULE)


# ---------------------------------------------------------------------------
# goout.ask: "One exception: a player who holds a single card after taking the pile may
# not ask, because a 'no' would leave no legal move".
# ---------------------------------------------------------------------------

def test_ask_with_one_card_after_taking_the_pile_is_refused_citing_the_exception():
    RULE = "goout.ask"
    pos = play("""
        turn: S draw
        S: KH KS
        N: 6D
        NS: 9H 9D 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C KD
    """, "take KH KS")
    assert len(pos.hand("S")) == 1 and phase(pos) == "drawn"
    r = assert_illegal(pos, "ask", RULE)
    assert "the one time you may not ask" in r.explain(), r.explain()
    assert "inte får fråga" in r.explain("sv"), r.explain("sv")
    assert [str(m) for m in tutor.legal_moves(pos)] == ["discard 5C"]


def test_ask_with_two_cards_after_taking_the_pile_is_allowed():
    RULE = "goout.ask"
    pos = play("""
        turn: S draw
        S: KH KS 4C
        N: 6D
        NS: 9H 9D 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C KD
    """, "take KH KS")
    assert_legal(pos, "ask", RULE)


# ---------------------------------------------------------------------------
# goout.concealed: "It may follow taking the pile (then meld.initial applies in full)."
# ---------------------------------------------------------------------------

def test_concealed_after_taking_the_pile_needs_the_minimum():
    RULE = "meld.initial"
    # 5 x 6 from hand + the top 5H: a concealed canasta, but 35 < 50
    r = assert_illegal("""
        turn: S draw
        S: 5D 5D 5S 5S 5C 5C 9S
        N: 6D
        NS: -
        EW: QH QD QS
        pile: 9C 5H
    """, "take 5D 5D 5S 5S 5C 5C", RULE)
    assert "must count at least 50" in r.explain()


def test_concealed_after_taking_the_pile_that_reaches_the_minimum_scores_200():
    RULE = "goout.concealed"
    out = play("""
        turn: S draw
        S: AD AD AS AS AC AC 9D 9S
        N: 6D
        NS: -
        EW: QH QD QS
        pile: 9C AH
    """, "take AD AD AS AS AC AC", "meld 9D 9S 9C")
    assert out.out == "S" and out.out_concealed, RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200, RULE


def test_after_taking_the_pile_the_next_melds_are_not_bound():
    # the take reached the minimum: the player is free to stay in
    pos = play("""
        turn: S draw
        S: AD AD AS AS AC 9D 9S 9H 4C 5C
        N: 6D
        NS: -
        EW: QH QD QS
        pile: 9C AH
    """, "take AD AD AS AS AC")
    assert not pos.below_minimum
    assert_legal(pos, "discard 4C")


# =====================================================================================
# FOUND BY THIS REVIEW (fixed since)
# =====================================================================================

# ---- D1 (medium): goout.binding x go-out-without-discard=concealed-only -------------------
# N (who melded the king canasta) answered "yes". S never melded and holds 9H 9D 9C.
# Under concealed-only S may not meld the three nines without a discard (not concealed: the
# nines are no canasta), and melding two of them is no meld: going out is impossible, so
# "play goes on" (goout.binding) and a discard must be legal. (The going-out search had
# counted N's canasta for a concealed going out, refusing both moves: a dead end.)
YES_CONCEALED_ONLY = """
    rules: go-out-without-discard=concealed-only
    turn: S drawn
    asked: yes
    opened: N
    S: 9H 9D 9C
    N: 6D
    NS: KH KS KD KC KH KS KD
    EW: QH QD QS
    pile: 5C
"""


def test_goout_binding_concealed_only_yes_but_impossible_play_goes_on():
    RULE = "goout.binding"
    assert_illegal(YES_CONCEALED_ONLY, "meld 9H 9D 9C", "goout.no-discard")
    assert_legal(YES_CONCEALED_ONLY, "discard 9H")


def test_goout_binding_concealed_only_never_a_position_without_moves():
    RULE = "goout.binding"
    assert list(tutor.legal_moves(P(YES_CONCEALED_ONLY))), (RULE, "no legal move at all")
