"""The readings RULES.md, NOTATION.md and DISPUTES.md settled (issue 9), one block each.

- hand.end.stock / score.going-out: going out while the pile is still being taken after
  the stock ran out scores the bonus; only a hand that ends with nobody going out has none.
- goout.ask: a player holding one card after taking the pile may not ask.
- meld.initial: a concealed going out may be laid in several actions (a first meld below
  the minimum while the player drew from the stock and can still go out concealed this
  turn; after it a move that keeps the player in is refused); after taking the pile the
  minimum applies in full (goout.concealed).
- NOTATION.md: the groups of one action are laid left to right, each judged where it is laid.
- red3-dealt=on-turn: a red three still in a hand when the hand ends counts as laid out.
- DISPUTES #9: two wild cards never start a meld with the top card; an unfrozen pile may
  still be taken onto the team's meld, wild cards and all.
- deal.upcard: the upcard is turned after the dealt red threes are replaced.
"""
import pytest

import tutor
from rulebook_helpers import (GOING_OUT, P, assert_illegal, assert_legal, full_deal, line_sum,
                              phase, play)


# ---------------------------------------------------------------------------
# hand.end.stock: "a player who goes out while the pile is still being taken scores it
# as usual (score.going-out)"; "A hand that ends this way, with nobody going out, has no
# going-out bonus".
# ---------------------------------------------------------------------------

STOCK_EMPTY = """
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
    pos = P(full_deal(STOCK_EMPTY % ("9C 9D 9S 4C", "KC")))
    assert pos.stock == ()
    out = play(pos, "take", "meld 9C 9D 9S", "discard 4C")
    assert phase(out) == "over" and out.out == "S", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_going_out_without_a_discard_after_the_stock_ran_out_scores_the_bonus():
    RULE = "score.going-out"
    out = play(P(full_deal(STOCK_EMPTY % ("9C 9D 9S", "KC"))), "take", "meld 9C 9D 9S")
    assert phase(out) == "over" and out.out == "S", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_a_hand_that_ends_with_nobody_going_out_has_no_bonus():
    RULE = "hand.end.stock"
    pos = P(full_deal(STOCK_EMPTY % ("9C 9D 9S 4C", "5C")))   # nothing to take the 5 with
    r = assert_legal(pos, "draw", RULE)
    assert "Nobody went out" in r.explain()
    out = pos.play("draw")
    assert phase(out) == "over" and out.out is None
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 0 and line_sum(sheet, "EW", GOING_OUT) == 0


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
# meld.initial: "A player going out concealed in this turn after drawing from the stock
# needs no minimum, also when the melds are laid in several actions: a first meld below
# the minimum is then allowed only while the player can still go out concealed this
# turn, and after it a move that keeps the player in is refused".
# ---------------------------------------------------------------------------

SEVERAL = """
    turn: S draw
    S: 5H 5H 5D 5D 5S 5S 5C 4C 4D 4H
    N: 6D
    NS: -
    EW: QH QD QS
    pile: 9D
    stock: 9S + rest
"""


def test_concealed_in_several_actions_the_first_meld_below_the_minimum_is_allowed():
    RULE = "meld.initial"
    pos = play(SEVERAL, "draw")
    r = assert_legal(pos, "meld 4C 4D 4H", RULE)               # 15 < 50
    text = r.explain()
    assert "can still go out concealed this turn" in text and "you must go out" in text
    after = pos.play("meld 4C 4D 4H")
    assert after.below_minimum and "below-minimum: yes" in after.to_text()
    assert tutor.Position.parse(after.to_text()) == after


def test_concealed_in_several_actions_goes_out_concealed_for_200():
    RULE = "goout.concealed"
    out = play(SEVERAL, "draw", "meld 4C 4D 4H", "meld 5H 5H 5D 5D 5S 5S 5C", "discard 9S")
    assert phase(out) == "over" and out.out == "S" and out.out_concealed, RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200, RULE


def test_concealed_in_several_actions_the_canasta_first_then_the_rest():
    RULE = "meld.initial"
    pos = play(SEVERAL, "draw")
    assert_legal(pos, "meld 5H 5H 5D 5D 5S 5S 5C", RULE)       # 35 < 50, a canasta
    out = play(pos, "meld 5H 5H 5D 5D 5S 5S 5C", "meld 4C 4D 4H", "discard 9S")
    assert out.out == "S" and out.out_concealed


def test_after_the_first_meld_below_the_minimum_a_move_that_keeps_the_player_in_is_refused():
    RULE = "meld.initial"
    pos = play(SEVERAL, "draw", "meld 4C 4D 4H")
    r = assert_illegal(pos, "discard 9S", RULE)
    assert "did not reach the minimum of 50" in r.explain()
    assert_illegal(pos, "discard 5C", RULE)
    assert_illegal(pos, "ask", "goout.ask")                    # too late: S has melded
    assert {str(m) for m in tutor.legal_moves(pos)} >= {"meld 5C 5D 5D 5H 5H 5S 5S"}
    assert not any(m.kind == "discard" for m in tutor.legal_moves(pos))


def test_after_the_first_meld_below_the_minimum_a_meld_that_keeps_the_player_in_is_refused():
    RULE = "meld.initial"
    pos = P("""
        turn: S melded
        score: NS 1500, EW 0
        started: 4
        below-minimum: yes
        S: 5H 5H 5D 5D 5S 5S 2D 9S
        N: 6D
        NS: 4C 4D 2C 2H
        EW: QH QD QS
        pile: 9D
    """)
    # the 2D on the fours leaves six fives: no canasta, S could not go out
    assert_illegal(pos, "meld 4: 2D", RULE)
    out = play(pos, "meld 5H 5H 5D 5D 5S 5S 2D", "discard 9S")
    assert out.out == "S" and out.out_concealed


def test_a_first_meld_below_the_minimum_is_refused_where_going_out_is_not_possible():
    RULE = "meld.initial"
    pos = play(SEVERAL.replace("stock: 9S + rest", "stock: 9S 7C + rest"), "draw")
    # S holds 9S besides: 4C 4D 4H leaves 5x7 and 9S -> S can still go out
    assert_legal(pos, "meld 4C 4D 4H", RULE)
    stuck = play("""
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C 4C 4D 4H 8C
        N: 6D
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 9S + rest
    """, "draw")                                # 8C and 9S: two cards no meld takes
    assert not tutor.can_go_out(stuck)
    assert_illegal(stuck, "meld 4C 4D 4H", RULE)
    assert_illegal(stuck, "meld 5H 5H 5D 5D 5S 5S 5C", RULE)


def test_a_first_meld_below_the_minimum_is_refused_after_the_partner_said_no():
    RULE = "meld.initial"
    pos = play(SEVERAL, "draw", "ask", "no")
    assert_illegal(pos, "meld 4C 4D 4H", RULE)


def test_after_the_partner_said_yes_the_several_actions_still_work():
    pos = play(SEVERAL, "draw", "ask", "yes")
    out = play(pos, "meld 4C 4D 4H", "meld 5H 5H 5D 5D 5S 5S 5C", "discard 9S")
    assert out.out == "S" and out.out_concealed


def test_the_minimum_counts_when_reached_a_first_meld_is_not_bound():
    # 4C 4D 4H and 5H 5H 5D 5D 5S 5S 5C in one action: 50, the minimum itself
    pos = play(SEVERAL, "draw")
    after = pos.play("meld 4C 4D 4H; 5H 5H 5D 5D 5S 5S 5C")
    assert not after.below_minimum


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


# ---------------------------------------------------------------------------
# NOTATION.md: "the groups of one action are laid left to right, each judged where it is
# laid" — `meld K: 2C; KH KS KD` is refused by design; the other order is legal.
# ---------------------------------------------------------------------------

ORDER = """
    turn: S drawn
    S: KH KS KD 2C 4C 9S
    N: 6D
    NS: 8C 8D 8S
    EW: QH QD QS
    pile: 9D
"""


def test_a_wild_card_before_the_meld_it_joins_is_refused_and_the_other_order_suggested():
    RULE = "meld.wild-alone"
    r = assert_illegal(ORDER, "meld K: 2C; KH KS KD", RULE)
    assert "lay the meld of kings first, then add the wild card" in r.explain()
    assert_legal(ORDER, "meld KH KS KD; K: 2C")


def test_an_addition_before_the_meld_it_joins_is_refused_too():
    assert_illegal(ORDER, "meld 2C; KH KS KD", "meld.wild-alone")


# ---------------------------------------------------------------------------
# red3-dealt=on-turn: "a red three still in a hand when the hand ends counts as laid out
# (minus for a team that has not melded)".
# ---------------------------------------------------------------------------

def test_red_threes_still_in_hands_at_the_end_count_as_laid_out():
    RULE = "red3.score"
    pos = P("""
        rules: red3-dealt=on-turn
        turn: S over
        out: S
        S: -
        N: 3H 5D
        E: 4C
        W: 3D 6C
        NS: KH KH KS KS KD KD KC
        EW: -
        pile: 9C
    """)
    sheet = tutor.score_hand(pos)
    assert sheet["NS"].points("score.red-threes") == 100, RULE        # N's 3H, NS melded
    assert sheet["EW"].points("score.red-threes") == -100, RULE       # W's 3D, EW never melded
    assert sheet["NS"].points("score.hand") == -5, RULE               # 5D; the 3H is no card held
    assert sheet["EW"].points("score.hand") == -10, RULE              # 4C and 6C


def test_red_threes_of_the_player_are_laid_out_when_the_empty_stock_ends_the_hand():
    RULE = "red3.dealt"
    text = full_deal("""
        rules: red3-dealt=on-turn
        turn: S draw
        S: 3H 4C 5D
        N: 6D
        NS: KH KS KD
        NS red3: 3D
        EW: QH QD QS
        EW red3: 3H 3D
        pile: 9C
        stock: -
    """)
    out = P(text).play("draw")
    assert phase(out) == "over"
    assert sorted(c.text for c in out.team_red3("NS")) == ["3D", "3H"], RULE
    assert tutor.score_hand(out)["NS"].points("score.red-threes") == 200, RULE


# ---------------------------------------------------------------------------
# DISPUTES.md #9: two wild cards plus the top card — "never a way to start a meld with the
# top card (an unfrozen pile may still be taken when the top card joins the team's meld
# of its rank, wild cards and all: pile.take.unfrozen)".
# ---------------------------------------------------------------------------

D9 = """
    turn: S draw
    S: JK 2C 7D 7C 9S
    N: 6D
    NS: 8C 8D 8S%s
    EW: QH QD QS
    pile: 5C %s KD
"""


def test_d9_two_wild_cards_never_start_a_meld_with_the_top_card():
    RULE = "meld.naturals"
    r = assert_illegal(D9 % ("", "6S"), "take JK 2C", RULE)
    assert "never start a meld with the top card" in r.explain()


def test_d9_an_unfrozen_pile_onto_the_teams_meld_wild_cards_and_all():
    RULE = "pile.take.unfrozen"
    r = assert_legal(D9 % ("; KH KS KC", "6S"), "take JK 2C", RULE)
    assert "with a joker and 2♣ from your hand" in r.explain()
    after = P(D9 % ("; KH KS KC", "6S")).play("take JK 2C")
    assert after.meld_of("NS", "K").wilds == 2


def test_d9_a_frozen_pile_still_needs_the_natural_pair():
    assert_illegal(D9 % ("; KH KS KC", "2H"), "take JK 2C", "pile.take.frozen")


# ---------------------------------------------------------------------------
# deal.upcard: "After the dealt red threes are replaced (red3.dealt), the top card of the
# stock starts the discard pile."
# ---------------------------------------------------------------------------

#: Seeds whose upcard (with no red three replaced) is a plain card: the order of the cards after
#: the deal is compared on those; a crosswise upcard turns more cards and is tested elsewhere.
PLAIN_UPCARD_SEEDS = [s for s in range(80) if len(tutor.deal(s, rules="red3-dealt=on-turn").pile) == 1]


def test_enough_seeds_have_a_plain_upcard():
    assert len(PLAIN_UPCARD_SEEDS) >= 50


@pytest.mark.parametrize("seed", PLAIN_UPCARD_SEEDS)
def test_the_upcard_is_turned_after_the_dealt_red_threes_are_replaced(seed):
    RULE = "deal.upcard"
    at_once = tutor.deal(seed)
    on_turn = tutor.deal(seed, rules="red3-dealt=on-turn")     # same shuffle, none replaced
    k = len(at_once.red3[0]) + len(at_once.red3[1])
    # the cards after the deal, in order: on_turn's upcard, then its stock from the top.
    # At once, the first k of them replaced the red threes; the upcard comes after them
    after_deal = (on_turn.pile[0],) + on_turn.stock
    assert at_once.pile[0] == after_deal[k], RULE
    dealt_to_hands = sorted(c.text for h in at_once.hands for c in h)
    replacements = after_deal[:k]
    for card in replacements:
        assert card.text in dealt_to_hands or card.is_red_three, RULE


def test_some_seed_deals_red_threes():
    assert any(tutor.deal(seed).red3 != ((), ()) for seed in range(60))
