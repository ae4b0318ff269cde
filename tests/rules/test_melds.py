"""Melds: meld.size, meld.naturals, meld.max-wilds, meld.wild-alone, meld.wild-fixed,
meld.one-per-rank, meld.own-team, meld.threes, meld.initial (also laid in several actions
when going out concealed, and the order of the groups of one action).

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
The judge table's cases of these ids: judge_cases.py.
"""
import pytest
import tutor
from rulebook_helpers import (GOING_OUT, P, assert_illegal, assert_legal, line_sum, meld_of,
                              melds, phase, play)
from positions import KINGS_TABLE, stage
from judge_cases import judge_table_tests


# South can go out with three black threes and three nines, discarding 4C.
THREES_AND_NINES = """\
turn: S drawn
S: 3C 3C 3S 9H 9D 9C 4C
N: 6D
NS: AH AH AD AD AS AS AC
EW: QH QD QS
pile: 6C
"""


# ---- the judge table's cases of this family (judge_cases.py) ---------------------------

TestJudgeTable = judge_table_tests("meld.")


# ---------------------------------------------------------------------------
# meld.one-per-rank (the cards join the meld) and meld.initial
# ---------------------------------------------------------------------------

def test_meld_one_per_rank_cards_join_the_existing_meld():
    RULE = "meld.one-per-rank"
    after = play("""
        turn: S drawn
        S: 7C 7H 7D 4C 5D
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 10C
    """, "meld 7C 7H 7D")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1, (RULE, melds(after, "NS"))     # one meld, never two
    assert len(sevens[0]) == 6, RULE


def test_meld_one_per_rank_partner_cards_join_too():
    RULE = "meld.one-per-rank"
    # N started the sevens; S's single seven joins that meld
    after = play("""
        turn: S drawn
        opened: N
        S: 7C 4C 5D
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 10C
    """, "meld 7C")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1 and len(sevens[0]) == 4, RULE


INITIAL = """
    turn: S drawn
    score: NS %d, EW 0
    S: AH AD JK 2C KH KS KD 7H 7D 7S 7C 8H 8D 8S 5H 5D 5S 4C
    NS: -
    EW: QH QD QS
    pile: 6C
"""


INITIAL_CASES = [
    # (id, NS score, move, legal?)
    ("meld.initial-0-needs-50-45-refused", 0, "meld 7H 7D 7S; 8H 8D 8S", False),
    ("meld.initial-0-needs-50-exactly-50", 0, "meld KH KS KD; 7H 7D 7S 7C", True),
    ("meld.initial-0-one-meld-of-30-refused", 0, "meld KH KS KD", False),
    ("meld.initial-0-15-refused", 0, "meld 5H 5D 5S", False),
    ("meld.initial-minus5-needs-15", -5, "meld 5H 5D 5S", True),
    ("meld.initial-minus200-needs-15", -200, "meld 5H 5D 5S", True),
    ("meld.initial-1495-needs-50", 1495, "meld AH AD 2C", True),
    ("meld.initial-1500-needs-90-60-refused", 1500, "meld AH AD 2C", False),
    ("meld.initial-1500-needs-90-exactly-90", 1500, "meld AH AD JK", True),
    ("meld.initial-2995-needs-90", 2995, "meld AH AD JK", True),
    ("meld.initial-3000-needs-120-90-refused", 3000, "meld AH AD JK", False),
    ("meld.initial-3000-needs-120-105-refused", 3000, "meld AH AD JK; 7H 7D 7S", False),
    ("meld.initial-3000-needs-120-exactly-120", 3000, "meld AH AD JK; KH KS KD", True),
    ("meld.initial-4000-needs-120", 4000, "meld AH AD JK; KH KS KD", True),
]


@pytest.mark.parametrize("score,move,legal", [c[1:] for c in INITIAL_CASES],
                         ids=[c[0] for c in INITIAL_CASES])
def test_meld_initial(score, move, legal):
    text = INITIAL % score
    if legal:
        assert_legal(text, move)
    else:
        assert_illegal(text, move, "meld.initial")


def test_meld_initial_team_already_melded_needs_no_minimum():
    RULE = "meld.initial"
    assert_legal(stage("""
        turn: S drawn
        score: NS 3000, EW 0
        S: 5H 5D 5S 4C 6D
    """, KINGS_TABLE, "pile: 6C"), "meld 5H 5D 5S")


def test_meld_initial_pile_top_counts_rest_of_pile_does_not():
    RULE = "meld.initial"
    text = """
        turn: S draw
        S: KH KS 7H 7D 7S 7C 4C
        NS: -
        EW: QH QD QS
        pile: AC AS 9C KD
    """
    # K K K = 30: the aces under the top card do not help
    assert_illegal(text, "take KH KS", "meld.initial")
    # K K K + 7 7 7 7 = 50, laid in the same action
    assert_legal(text, "take KH KS; 7H 7D 7S 7C")


def test_meld_initial_concealed_after_stock_draw_needs_no_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw")
    assert_legal(pos, "meld 5H 5H 5D 5D 5S 5S 5C")
    out = pos.play("meld 5H 5H 5D 5D 5S 5S 5C").play("discard 4C")
    assert phase(out) == "over", RULE


def test_meld_initial_same_melds_not_going_out_need_the_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C 9H
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw")
    assert_illegal(pos, "meld 5H 5H 5D 5D 5S 5S 5C", "meld.initial")


def test_meld_initial_concealed_after_taking_the_pile_needs_the_minimum():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S draw
        S: 5D 5D 5S 5S 5C 5C
        NS: -
        EW: QH QD QS
        pile: 9C 5H
    """, "take 5D 5D 5S 5S 5C 5C", "meld.initial")


def test_meld_initial_red_threes_do_not_count():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S drawn
        S: 7H 7D 7S 8H 8D 8S 4C 6D
        NS: -
        NS red3: 3H 3D
        EW: QH QD QS
        pile: 9C
    """, "meld 7H 7D 7S; 8H 8D 8S", RULE)


def test_meld_threes_with_other_melds_in_the_going_out_action():
    RULE = "meld.threes"
    text = THREES_AND_NINES
    assert_legal(text, "meld 9H 9D 9C; 3C 3C 3S")
    out = play(text, "meld 9H 9D 9C", "meld 3C 3C 3S", "discard 4C")
    assert phase(out) == "over", RULE
    sheet = tutor.score_hand(out)
    # aces 140 + nines 30 + black threes 3 x 5 = 185 on the table
    assert line_sum(sheet, "NS", "score.table") == 185, ("score.table", RULE)


def test_meld_one_per_rank_two_groups_of_one_rank_in_one_action_merge():
    RULE = "meld.one-per-rank"
    text = stage("""
        turn: S drawn
        S: 7H 7D 7S 7C 7C 2C 4C 5D
    """, KINGS_TABLE, "pile: 9C")
    after = play(text, "meld 7H 7D 7S; 7C 7C 2C")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1 and len(sevens[0]) == 6, (RULE, melds(after, "NS"))


def test_meld_max_wilds_counts_the_merged_meld():
    RULE = "meld.max-wilds"
    # the new group 7S 7C JK JK is a fine meld on its own, but it joins the
    # team's sevens, which already hold two wild cards: four in all
    assert_illegal("""
        turn: S drawn
        S: 7S 7C JK JK 4C 5D
        NS: 7H 7D 2C 2D
        EW: QH QD QS
        pile: 9C
    """, "meld 7S 7C JK JK", RULE)


def test_meld_max_wilds_merged_three_is_fine():
    RULE = "meld.max-wilds"
    assert_legal("""
        turn: S drawn
        S: 7S 7C JK 4C 5D
        NS: 7H 7D 2C 2D
        EW: QH QD QS
        pile: 9C
    """, "meld 7S 7C JK")


def test_meld_max_wilds_in_an_unfrozen_take():
    RULE = "meld.max-wilds"
    # the top nine with 9H JK joins the team's nines, which hold three wilds
    assert_illegal("""
        turn: S draw
        S: 9H JK 4C 5D 6H
        NS: 9S 9C 2C 2D 2H
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 9H JK", RULE)


def test_meld_initial_only_the_first_action_needs_the_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S drawn
        S: KH KS KD 7H 7D 7S 7C 5H 5D 5S 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """, "meld KH KS KD; 7H 7D 7S 7C")
    assert_legal(pos, "meld 5H 5D 5S")


def test_meld_initial_uses_the_acting_teams_score():
    RULE = "meld.initial"
    text = """
        turn: S drawn
        score: NS 0, EW 3000
        S: KH KS KD 7H 7D 7S 7C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text, "meld KH KS KD; 7H 7D 7S 7C")


def test_legal_moves_offer_a_multi_meld_first_action_only_when_needed():
    RULE = "meld.initial"
    pos = P("""
        turn: S drawn
        score: NS 0, EW 0
        S: KH KS KD 7H 7D 7S 7C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """)
    melds_ = [str(m) for m in tutor.legal_moves(pos) if str(m).startswith("meld")]
    assert melds_, "K K K + 7 7 7 7 reach 50 together: a legal first action exists"
    for m in melds_:
        assert ";" in m, (RULE, m)          # no single meld reaches 50 here
        assert tutor.judge(pos, m).legal


def test_meld_initial_wilds_help_in_the_other_melds_of_a_frozen_take():
    RULE = "meld.initial"
    # frozen for NS (not melded): the top king needs K K from hand; the second
    # meld of the same action may hold a joker: 30 + 10 + 50 = 90 >= 50
    assert_legal("""
        turn: S draw
        S: KH KS 7H 7D JK 4C 6D
        NS: -
        EW: QH QD QS
        pile: 5C 9C KD
    """, "take KH KS; 7H 7D JK")


def test_meld_threes_may_come_first_in_the_going_out_turn():
    RULE = "meld.threes"
    # RULES.md: "Black threes may be melded only in the turn the player goes
    # out" -- the order of the melds inside that turn is not regulated, and
    # NOTATION.md lays melds "one after another".  After the threes, S can
    # still go out this turn (meld the nines, discard 4C).
    text = THREES_AND_NINES
    assert_legal(text, "meld 3C 3C 3S")
    pos = play(text, "meld 3C 3C 3S")
    # having melded black threes, S must go out this turn
    assert_illegal(pos, "discard 4C", {"meld.threes", "goout.binding"})
    out = pos.play("meld 9H 9D 9C").play("discard 4C")
    assert phase(out) == "over", RULE


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


BOUNDARY = """
    turn: S drawn
    score: NS %d, EW 0
    S: AH AD 2C KH KD KS QH QD QS 4H 4D 4S 7H 7D 7S 9C 8C
    NS: -
    EW: JH JD JS
    pile: 6C
"""


# (enough, short) actions per minimum, points counted by hand (deck.values)
BOUNDARY_MELDS = {
    15: ("meld 4H 4D 4S", None),                                            # 15
    50: ("meld KH KD KS; 4H 4D 4S; 7H 7D 7S", "meld KH KD KS; 4H 4D 4S"),    # 60 / 45
    90: ("meld AH AD 2C; KH KD KS", "meld KH KD KS; QH QD QS; 4H 4D 4S"),    # 90 / 75
    120: ("meld AH AD 2C; KH KD KS; QH QD QS", "meld AH AD 2C; KH KD KS; 4H 4D 4S"),  # 120 / 105
}


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                           (2995, 90), (3000, 120), (4995, 120)])
def test_meld_initial_boundaries_judged_on_positions(score, minimum):
    RULE = "meld.initial"
    enough, short = BOUNDARY_MELDS[minimum]
    assert_legal(BOUNDARY % score, enough)
    if short:
        assert_illegal(BOUNDARY % score, short, RULE)
