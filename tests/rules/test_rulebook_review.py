"""A second reading of RULES.md against the engine (a review with fresh eyes).

It found two misreadings, fixed since: a black-three meld was allowed although the
player could not go out that turn (the going-out search let a wild card join the black
threes), and a take that laid further melds left the turn open for "may I go out?".
The turn.order tests at the end pin who may answer the question, which no other test
staged. Each test names the rule id it checks.
"""
import tutor
from rulebook_helpers import P, assert_illegal, play, phase


# ---------------------------------------------------------------------------
# meld.threes: "Black threes may be melded only in the turn the player goes out:
# three or four black threes, no wild cards."
#
# S can lay 3C 3C 3S, but then holds JK and 5D: the joker fits nowhere (the ace
# canasta already holds three wild cards, a black-three meld takes no wild card) and
# 5D has no partner, so S cannot go out this turn.  The black-three meld must be
# refused: after it no move would be legal at all (every discard keeps S in,
# `meld 3: JK` breaks "no wild cards", `meld A: JK` breaks meld.max-wilds).
# ---------------------------------------------------------------------------

THREES_STUCK = """
    turn: S drawn
    S: 3C 3C 3S JK 5D
    N: 6D 6H 7H 8S
    NS: AH AH AD AD 2D 2H JK
    EW: JH JD JS
    pile: 9C KD
"""


def test_meld_threes_refused_when_the_only_way_out_puts_a_wild_on_the_black_threes():
    RULE = "meld.threes"
    assert_illegal(THREES_STUCK, "meld 3C 3C 3S", RULE)


def test_meld_threes_legal_moves_never_offer_a_black_three_meld_that_cannot_go_out():
    RULE = "meld.threes"
    pos = P(THREES_STUCK)
    for m in tutor.legal_moves(pos):
        after = pos.play(m)
        if after.phase in ("over", "draw"):
            continue
        assert list(tutor.legal_moves(after)), (
            RULE, "after %r the position has no legal move at all" % str(m))


def test_meld_threes_after_yes_refused_when_going_out_is_impossible_anyway():
    # goout.binding: after "yes" going out is already impossible here (play goes on);
    # the black threes still may be melded only in a turn the player goes out.
    RULE = "meld.threes"
    pos = P(THREES_STUCK.replace("turn: S drawn", "turn: S drawn\n    asked: yes"))
    assert_illegal(pos, "meld 3C 3C 3S", RULE)


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
# turn.order: "Only the player whose turn it is may act, except the partner answering
# goout.ask."  Not covered elsewhere: the existing tests only check an answer with no
# question pending.  They pin the "partner" clause, with the seat-prefixed move text
# ("E: yes"), an extension of NOTATION.md.
# ---------------------------------------------------------------------------

ASKED = """
    turn: S drawn
    asked: pending
    S: 9H 9D 9C 4C
    NS: KH KS KD; AH AH AD AD AS AS AC
    EW: QH QD QS
    pile: 10C 10D
"""


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
