"""The turn: turn.draw, turn.meld, turn.discard, turn.order, turn.own-cards.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
The judge table's cases of these ids: judge_cases.py.
"""
import pytest
import tutor
from rulebook_helpers import P, assert_illegal, assert_legal, full_deal, hand, pile, play, turn
from positions import ASKED_PENDING, KINGS_TABLE, stage
from judge_cases import judge_table_tests


# ---- the judge table's cases of this family (judge_cases.py) ---------------------------

TestJudgeTable = judge_table_tests("turn.")


def test_turn_discard_forbids_two_cards():
    RULE = "turn.discard"
    pos = P(stage("""
        turn: S melded
        S: 4C 5D 6H
    """, KINGS_TABLE, "pile: 10C 10D"))
    # "discard 4C 5D" is not a move of NOTATION.md: the engine may refuse it as
    # bad move text (a ValueError) or rule it illegal under turn.discard
    try:
        r = tutor.judge(pos, "discard 4C 5D")
    except ValueError as e:
        assert "one card" in str(e), (RULE, str(e))
    else:
        assert r.legal is False and r.rule == RULE, (r.legal, r.rule)


def test_turn_discard_exactly_one_card_leaves_and_the_turn_ends():
    RULE = "turn.discard"
    after = play(stage("""
        turn: S melded
        S: 4C 5D 6H
    """, KINGS_TABLE, "pile: 10C 10D"), "discard 4C")
    assert sorted(hand(after, "S")) == ["5D", "6H"], RULE
    assert pile(after)[-1] == "4C", RULE
    assert turn(after) == ("W", "draw"), RULE
    # and S cannot meld any more: it is W's turn, before drawing
    assert_illegal(after, "meld KC", {"turn.draw", "turn.order", "turn.own-cards"})


# ---------------------------------------------------------------------------
# More situations read straight from the rule texts
# ---------------------------------------------------------------------------

OPEN_DRAWN = stage("""
    turn: S drawn
    S: 9H 9S 4C 5D 6H
""", KINGS_TABLE, "pile: 5C 8D 9D")


def test_turn_draw_forbids_drawing_twice():
    RULE = "turn.draw"
    assert_illegal(OPEN_DRAWN, "draw", RULE)


def test_turn_draw_forbids_taking_after_drawing():
    RULE = "turn.draw"
    assert_illegal(OPEN_DRAWN, "take 9H 9S", RULE)


def test_turn_draw_forbids_asking_before_drawing():
    RULE = "turn.draw"
    # "Nothing else may happen first"; goout.ask: "After drawing or taking the pile"
    assert_illegal("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "ask", {"turn.draw", "goout.ask"})


def test_turn_own_cards_in_a_take():
    RULE = "turn.own-cards"
    assert_illegal(stage("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 9H 9H", RULE)


@pytest.mark.parametrize("card", ["2C", "JK", "3C"], ids=["turn.discard-two", "turn.discard-joker",
                                                         "turn.discard-black-three"])
def test_turn_discard_any_card_may_be_discarded(card):
    assert_legal(stage("""
        turn: S drawn
        S: %s 4C 5D
    """, KINGS_TABLE, "pile: 9C") % card, "discard %s" % card)


# ---------------------------------------------------------------------------
# turn.order: "Only the player whose turn it is may act, except the partner answering
# goout.ask."  Not covered elsewhere: the existing tests only check an answer with no
# question pending.  They pin the "partner" clause, with the seat-prefixed move text
# ("E: yes"), an extension of NOTATION.md.
# ---------------------------------------------------------------------------

ASKED = ASKED_PENDING


def test_turn_order_an_opponent_may_not_answer_may_i_go_out():
    RULE = "turn.order"
    assert_illegal(ASKED, "E: yes", RULE)
    assert_illegal(ASKED, "W: no", RULE)


def test_turn_order_the_asker_may_not_answer_the_own_question():
    RULE = "turn.order"
    assert_illegal(ASKED, "S: yes", RULE)


def test_turn_order_the_partner_answers():
    RULE = "turn.order"
    pos = play(ASKED, "N: yes")
    assert "asked: yes" in pos.to_text(), RULE


# ---- D5 (cosmetic): "1 cards" in the draw explanation ---------------------------------------
def test_turn_draw_explanation_one_card_is_singular():
    RULE = "turn.draw"
    text = full_deal("""
        turn: S draw
        S: 4C 5D
        N: 6D
        NS: 9S 9C 9H
        NS red3: 3H 3D
        EW: QH QD QS
        EW red3: 3H 3D
        pile: 6C 8D
        stock: KC
    """)
    r = assert_legal(text, "draw", RULE)
    assert "1 cards" not in r.explain(), r.explain()
