"""The end of a hand: hand.end.out, hand.end.stock (the stock runs out).

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import tutor
from rulebook_helpers import (GOING_OUT, P, assert_illegal, assert_legal, full_deal, line_sum,
                              phase, play, red3, turn)
from positions import ACES_OUT_TABLE, EW_THREE_RED3, NINES_STOCK_OUT, RED3_SPLIT, stage


def test_hand_end_out_hand_over_after_going_out():
    RULE = "hand.end.out"
    out = play(stage("""
        turn: S drawn
        S: 4C
    """, ACES_OUT_TABLE), "discard 4C")
    assert phase(out) == "over", RULE
    assert turn(out)[0] == "S", RULE


def test_hand_end_out_no_move_after_the_hand_ended():
    RULE = "hand.end.out"
    out = play(stage("""
        turn: S drawn
        S: 4C
    """, ACES_OUT_TABLE), "discard 4C")
    assert_illegal(out, "draw", "hand.end.out")
    assert list(tutor.legal_moves(out)) == [], RULE


STOCK_EMPTY = stage("turn: S draw", NINES_STOCK_OUT, RED3_SPLIT, """
    pile: %s
    stock: -
""")


def test_hand_end_stock_must_take_when_top_fits_team_meld():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 9D")
    assert_illegal(text, "draw", "hand.end.stock")
    assert_legal(text, "take")


def test_hand_end_stock_may_decline_when_top_does_not_fit():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 8D")
    assert_legal(text, "draw")
    assert phase(P(text).play("draw")) == "over", RULE


def test_hand_end_stock_may_decline_when_pile_frozen():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "2C 5C 9D")
    assert_legal(text, "draw")
    assert phase(P(text).play("draw")) == "over", RULE


def test_hand_end_stock_no_going_out_bonus():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 8D")
    over = P(text).play("draw")
    sheet = tutor.score_hand(over)
    assert line_sum(sheet, "NS", GOING_OUT) == 0, RULE
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE
    # NS: 9 9 9 = 30, red three 100, hands 4C 6D 7C = -15
    assert sheet["NS"].total == 30 + 100 - 15, RULE


def test_hand_end_stock_red_three_as_last_card_ends_the_hand():
    RULE = "hand.end.stock"
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, EW_THREE_RED3,
                           "stock: 3H"))
    over = P(text).play("draw")
    assert "3H" in red3(over, "NS"), RULE
    assert phase(over) == "over", RULE


def test_hand_end_stock_play_goes_on_after_forced_take():
    RULE = "hand.end.stock"
    text = full_deal(stage("""
        turn: S draw
        S: 4C 6D 7H
        N: 7C
        NS: 9H 9S 9C
    """, RED3_SPLIT, """
        pile: 5C 9D
        stock: -
    """))
    pos = play(text, "take", "discard 4C")
    assert turn(pos) == ("W", "draw"), RULE


def test_hand_end_stock_pair_take_is_not_forced():
    RULE = "hand.end.stock"
    text = full_deal(stage("""
        turn: S draw
        S: 8H 8S 6D
        N: 7C
        NS: 9H 9S 9C
    """, RED3_SPLIT, """
        pile: 5C 8D
        stock: -
    """))
    assert_legal(text, "draw")
    assert_legal(text, "take 8H 8S")


def test_hand_end_stock_ordinary_last_card_play_goes_on():
    RULE = "hand.end.stock"
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, RED3_SPLIT, """
        pile: 5C 8D
        stock: 10H
    """))
    pos = play(text, "draw")
    assert phase(pos) == "drawn", RULE
    pos = pos.play("discard 10H")
    assert turn(pos) == ("W", "draw"), RULE


def test_hand_end_stock_not_forced_when_pile_one_card_forbids():
    RULE = "hand.end.stock"
    # S holds one card and the pile is one card: pile.one-card forbids the
    # take, so S cannot take it and the hand ends
    text = full_deal(stage("""
        turn: S draw
        S: 4C
        N: 7C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
    """, RED3_SPLIT, """
        pile: 9D
        stock: -
    """))
    assert_illegal(text, "take", "pile.one-card")
    assert_legal(text, "draw")
    assert phase(play(text, "draw")) == "over", RULE


# ---------------------------------------------------------------------------
# hand.end.stock: "a player who goes out while the pile is still being taken scores it
# as usual (score.going-out)"; "A hand that ends this way, with nobody going out, has no
# going-out bonus".
# ---------------------------------------------------------------------------

STOCK_RAN_OUT = """
    turn: S draw
    S: %s
    N: 6D
    NS: KH KH KS KS KD KD; AH AH AD AD AS AS AC
    NS red3: 3H 3D
    EW: QH QD QS
    EW red3: 3H 3D
    pile: %s
    stock: -
"""


def test_going_out_by_a_discard_after_the_stock_ran_out_scores_the_bonus():
    RULE = "score.going-out"
    pos = P(full_deal(STOCK_RAN_OUT % ("9C 9D 9S 4C", "KC")))
    assert pos.stock == ()
    out = play(pos, "take", "meld 9C 9D 9S", "discard 4C")
    assert phase(out) == "over" and out.out == "S", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_going_out_without_a_discard_after_the_stock_ran_out_scores_the_bonus():
    RULE = "score.going-out"
    out = play(P(full_deal(STOCK_RAN_OUT % ("9C 9D 9S", "KC"))), "take", "meld 9C 9D 9S")
    assert phase(out) == "over" and out.out == "S", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_a_hand_that_ends_with_nobody_going_out_has_no_bonus():
    RULE = "hand.end.stock"
    pos = P(full_deal(STOCK_RAN_OUT % ("9C 9D 9S 4C", "5C")))   # nothing to take the 5 with
    r = assert_legal(pos, "draw", RULE)
    assert "Nobody went out" in r.explain()
    out = pos.play("draw")
    assert phase(out) == "over" and out.out is None
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 0 and line_sum(sheet, "EW", GOING_OUT) == 0
