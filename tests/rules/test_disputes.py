"""The 40 rows of docs/DISPUTES.md, each staged as a position and
checked against the ruling and the rule id of the table (default rules).

Test names carry the row number: test_d01_..., test_d40_...
Where the table's rule id names an outcome rather than a verdict on a move
(scores, what happens to a red three), the outcome is asserted.
"""
import pytest

import tutor
from rulebook_helpers import (P, assert_illegal, assert_legal, play, turn, phase, hand,
                              hand_size, melds, meld_of, red3, pile, line_sum, line_ids,
                              GOING_OUT, CANASTA, RED3_IDS, WILD, RED3, rank, cards_in,
                              full_deal)


FROZEN_BY_WILD = """
    turn: S draw
    S: 9H 9S JK 4C
    NS: KH KS KD
    EW: QH QD QS
    pile: 5C 2C 8D 9D
"""


def test_d01_frozen_pile_natural_and_joker_cannot_take():
    RULE = "pile.take.frozen"
    assert_illegal(FROZEN_BY_WILD, "take 9H JK", RULE)


def test_d01_frozen_pile_two_naturals_can_take():
    RULE = "pile.take.frozen"
    assert_legal(FROZEN_BY_WILD, "take 9H 9S", RULE)


def test_d02_joker_onto_natural_canasta_allowed_becomes_mixed():
    RULE = "canasta.mixed"
    text = """
        turn: S drawn
        S: JK 4C 6D
        N: 5D
        NS: KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 9C
    """
    assert line_sum(tutor.score_hand(P(text)), "NS", CANASTA) == 500
    assert_legal(text, "meld K: JK", RULE)
    sheet = tutor.score_hand(play(text, "meld K: JK"))
    assert line_sum(sheet, "NS", CANASTA) == 300, "300, not 500"


def test_d03_second_meld_of_a_rank_joins_the_first():
    RULE = "meld.one-per-rank"
    text = """
        turn: S drawn
        S: 7C 7H 7D 4C 5D
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text, "meld 7C 7H 7D", RULE)
    after = play(text, "meld 7C 7H 7D")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1 and len(sevens[0]) == 6


D04 = """
    turn: S drawn
    asked: %s
    S: 9H 9D 9C 4C
    N: 5D
    NS: AH AH AD AD AS AS AC
    EW: QH QD QS
    pile: 6C
"""


def test_d04_no_need_to_ask_before_going_out():
    RULE = "goout.ask"
    assert_legal(D04 % "-", "meld 9H 9D 9C")
    out = play(D04 % "-", "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over", RULE


def test_d04_if_asked_the_answer_binds():
    RULE = "goout.binding"
    assert_illegal(D04 % "yes", "discard 4C", RULE)                        # must go out
    assert_illegal(play(D04 % "-", "ask", "no"), "meld 9H 9D 9C",
                   {"goout.binding", "goout.keep-one"})                      # may not


def test_d04_ask_only_right_after_drawing():
    RULE = "goout.ask"
    pos = play(D04 % "-", "meld 9H 9D 9C")
    assert_illegal(pos, "ask", RULE)


def test_d05_black_three_on_top_cannot_take():
    RULE = "pile.black-three"
    assert_illegal("""
        turn: S draw
        S: 3S 3C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 6S 3C
    """, "take 3S 3C", RULE)


def test_d06_canasta_cards_count_besides_the_bonus_570():
    RULE = "canasta.both-count"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: 4C
        N: 5D
        NS: KH KH KS KS KD KD KC
        EW: -
        pile: 9C
    """))
    assert line_sum(sheet, "NS", CANASTA) + line_sum(sheet, "NS", "score.table") == 570, RULE
    assert sheet["NS"].total == 570 - 10, RULE


def test_d07_frozen_pile_adding_to_team_meld_not_enough():
    RULE = "pile.take.frozen"
    assert_illegal("""
        turn: S draw
        S: 9H 4C
        NS: 9S 9C 9C
        EW: QH QD QS
        pile: 5C 2C 8D 9D
    """, "take", RULE)


def test_d08_unfrozen_pile_top_joins_team_meld():
    RULE = "pile.take.unfrozen"
    text = """
        turn: S draw
        S: 4C 5D
        NS: 9S 9C 9C
        EW: QH QD QS
        pile: 5C 8D 9D
    """
    assert_legal(text, "take", RULE)
    after = play(text, "take")
    nines = meld_of(after, "NS", "9")
    assert len(nines) == 1 and "9D" in nines[0]


def test_d09_two_wilds_plus_top_card_never_takes():
    RULE = "meld.naturals"
    assert_illegal("""
        turn: S draw
        S: 2H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 2H JK", RULE)


D10 = """
    turn: S draw
    S: KH KS 7H 7D 7S 7C 4C
    NS: -
    EW: QH QD QS
    pile: AC AS 9C KD
"""


def test_d10_natural_pair_plus_meld_from_hand_reach_minimum():
    RULE = "meld.initial"
    assert_legal(D10, "take KH KS; 7H 7D 7S 7C", RULE)


def test_d11_cards_under_the_top_do_not_count():
    RULE = "meld.initial"
    # K K K = 30 < 50; the aces under the top card (40 more) do not count
    assert_illegal(D10, "take KH KS", RULE)


def test_d12_seven_fives_35_too_little_at_score_0():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S drawn
        score: NS 0, EW 0
        S: 5H 5H 5D 5D 5S 5S 5C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """, "meld 5H 5H 5D 5D 5S 5S 5C", RULE)


D13 = """
    turn: S drawn
    score: NS %d, EW 0
    S: AH AD JK 2C KH KS KD 5H 5D 5S 4C 9H
    NS: -
    EW: QH QD QS
    pile: 9C
"""


@pytest.mark.parametrize("score,minimum,enough,short", [
    (-200, 15, "meld 5H 5D 5S", None),
    (1500, 90, "meld AH AD JK", "meld AH AD 2C"),
    (3000, 120, "meld AH AD JK; KH KS KD", "meld AH AD JK"),
], ids=["d13-meld.initial-minus200-15", "d13-meld.initial-1500-90", "d13-meld.initial-3000-120"])
def test_d13_minimum_by_score(score, minimum, enough, short):
    RULE = "meld.initial"
    assert_legal(D13 % score, enough)
    if short:
        assert_illegal(D13 % score, short, RULE)
    # at score 0 the same 15 points would not do: the minimum really moved
    if score < 0:
        assert_illegal(D13 % 0, enough, RULE)


D14 = """
    rules: %s
    turn: S drawn
    S: 5H 5D 2C 2D JK 4C 6D
    NS: KH KS KD
    EW: QH QD QS
    pile: 9C
"""


def test_d14_two_naturals_three_wilds_is_a_meld_by_default():
    RULE = "meld.max-wilds"
    assert_legal(D14 % "default", "meld 5H 5D 2C 2D JK")


def test_d14_two_naturals_three_wilds_not_under_not_outnumber():
    RULE = "meld.naturals"
    assert_illegal(D14 % "wilds=not-outnumber", "meld 5H 5D 2C 2D JK", RULE)


def test_d15_five_two_two_one_natural_is_not_a_meld():
    RULE = "meld.naturals"
    assert_illegal("""
        turn: S drawn
        S: 5H 2C 2D 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9C
    """, "meld 5H 2C 2D", RULE)


@pytest.mark.parametrize("meld", ["5H 5D 5S 2C 2D JK", "5H 5H 5D 5D 5S 5S 5C 2C 2D JK"],
                         ids=["d16-meld.max-wilds-meld", "d16-meld.max-wilds-canasta"])
def test_d16_fourth_wild_never(meld):
    RULE = "meld.max-wilds"
    assert_illegal("""
        turn: S drawn
        S: 2H 4C 6D
        NS: %s
        EW: QH QD QS
        pile: 9C
    """ % meld, "meld 5: 2H", RULE)


def test_d17_we_may_start_jacks_when_opponents_have_jacks():
    RULE = "meld.one-per-rank"
    assert_legal("""
        turn: S drawn
        S: JC JD JS 4C 6D
        NS: KH KS KD
        EW: JH JD JS
        pile: 9C
    """, "meld JC JD JS", RULE)


def test_d18_never_on_the_opponents_meld():
    RULE = "meld.own-team"
    assert_illegal("""
        turn: S drawn
        S: QC 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9C
    """, "meld Q: QC", RULE)


def test_d19_covered_black_three_no_longer_blocks():
    RULE = "pile.black-three"
    assert_legal("""
        turn: S draw
        S: 6H 6D 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 3C 6S
    """, "take 6H 6D", RULE)


def test_d20_black_threes_take_no_wild_card():
    RULE = "meld.threes"
    assert_illegal("""
        turn: S drawn
        S: 3C 3C 3S 2D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9C
    """, "meld 3C 3C 3S 2D", RULE)


def test_d21_exactly_two_black_threes_cannot_go_out():
    RULE = "meld.threes"
    pos = P("""
        turn: S drawn
        S: 3C 3S
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9C
    """)
    assert_illegal(pos, "meld 3C 3S", RULE)
    for m in tutor.legal_moves(pos):
        assert phase(pos.play(m)) != "over", (RULE, str(m))


D22 = """
    turn: S %s
    S: %s
    N: 5D
    NS: 9H 9S 9C; KH KS KD
    EW: QH QD QS
    pile: 6C
"""


def test_d22_no_canasta_no_going_out():
    RULE = "goout.canasta"
    assert_illegal(D22 % ("melded", "4C"), "discard 4C", RULE)


def test_d22_no_canasta_keep_a_card_to_discard():
    RULE = "goout.keep-one"
    assert_illegal(D22 % ("drawn", "7H 7D 7S 4C"), "meld 7H 7D 7S", RULE)


def test_d23_going_out_without_final_discard_with_canasta():
    RULE = "goout.no-discard"
    text = """
        turn: S drawn
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    assert_legal(text, "meld 9H 9D 9C", RULE)
    assert phase(play(text, "meld 9H 9D 9C")) == "over"


def test_d24_partner_said_no_i_may_not_go_out():
    RULE = "goout.binding"
    assert_illegal("""
        turn: S drawn
        asked: no
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C", RULE)


def test_d25_asking_after_melding_is_too_late():
    RULE = "goout.ask"
    assert_illegal("""
        turn: S melded
        asked: -
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC; KH KS KD
        EW: QH QD QS
        pile: 6C
    """, "ask", RULE)


def test_d26_after_yes_moves_that_keep_me_in_are_refused():
    RULE = "goout.binding"
    assert_illegal(D04 % "yes", "discard 4C", RULE)
    assert_legal(D04 % "yes", "meld 9H 9D 9C")


def test_d26_after_yes_once_impossible_i_play_on():
    RULE = "goout.binding"
    assert_legal("""
        turn: S drawn
        asked: yes
        S: 9H 4C 5D
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "discard 4C")


D27 = """
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC %s
    N: 5D
    NS: 8H 8D 8C
    EW: QH QD QS
    pile: 9C
"""


def test_d27_concealed_partner_had_melded_200():
    RULE = "goout.concealed"
    out = play(D27 % "4C", "meld KH KH KS KS KD KD KC", "discard 4C")
    assert phase(out) == "over"
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 - 5


def test_d28_one_card_on_partners_meld_not_concealed_100():
    RULE = "goout.concealed"
    out = play(D27 % "8S 4C", "meld KH KH KS KS KD KD KC", "meld 8S", "discard 4C")
    assert phase(out) == "over"
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert sheet["NS"].total == 100 + 500 + 70 + 40 - 5


def test_d29_red_threes_laid_out_still_concealed():
    RULE = "goout.concealed"
    pos = P("""
        turn: S draw
        opened: N
        S: KH KH KS KS KD KD KC
        N: 5D
        NS: 8H 8D 8C
        EW: QH QD QS
        pile: 9C
        stock: 3H 4C + rest
    """)
    pos = pos.play("draw")
    assert "3H" in red3(pos, "NS")
    out = pos.play("meld KH KH KS KS KD KD KC").play("discard 4C")
    assert phase(out) == "over"
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 + 100 - 5


def test_d30_concealed_below_minimum_after_stock_draw():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        score: NS 0, EW 0
        S: 5H 5H 5D 5D 5S 5S 5C
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw")
    assert_legal(pos, "meld 5H 5H 5D 5D 5S 5S 5C", RULE)
    out = pos.play("meld 5H 5H 5D 5D 5S 5S 5C").play("discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200


def test_d31_red_three_in_taken_pile_laid_out_no_replacement():
    RULE = "red3.from-pile"
    text = """
        turn: S draw
        S: KH KS 4C 4D 6S
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 3D 5C 8H KD
        stock: 9C + rest
    """
    assert_legal(text, "take KH KS")
    after = play(text, "take KH KS")
    assert "3D" in red3(after, "NS"), RULE
    assert sorted(hand(after, "S")) == sorted(["4C", "4D", "6S", "5C", "8H"]), RULE


def test_d32_all_four_red_threes_never_melded_minus_800():
    RULE = "red3.score"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: 4C
        N: 5D
        NS: -
        NS red3: 3H 3H 3D 3D
        EW: QH QD QS
        pile: 9C
    """))
    assert line_sum(sheet, "NS", RED3_IDS) == -800, RULE
    assert sheet["NS"].total == -810, RULE


def test_d33_last_stock_card_red_three_ends_the_hand():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: 9H 9S 9C
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 8D
        stock: 3H
    """)
    over = play(text, "draw")
    assert phase(over) == "over", RULE
    assert "3H" in red3(over, "NS")
    sheet = tutor.score_hand(over)
    assert line_sum(sheet, "NS", RED3_IDS) == 100
    assert line_sum(sheet, "NS", GOING_OUT) == 0


def test_d34_stock_empty_top_fits_our_meld_must_take():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: 9H 9S 9C
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 9D
        stock: -
    """)
    assert_illegal(text, "draw", RULE)
    assert_legal(text, "take")


def test_d35_one_card_in_hand_one_card_pile_may_not_take():
    RULE = "pile.one-card"
    assert_illegal("""
        turn: S draw
        S: 4C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9D
    """, "take", RULE)


def test_d36_upcard_two_is_covered_pile_frozen_for_both_teams():
    RULE = "deal.upcard"
    found = None
    for seed in range(0, 400):
        pos = tutor.deal(seed=seed)
        p = pile(pos)
        if p and p[0] in WILD and p[0] != "JK":
            found = (seed, pos, p)
            break
    assert found, "no deal with a two as first upcard in 400 seeds"
    seed, pos, p = found
    assert len(p) >= 2 and p[-1] not in WILD and p[-1] not in RED3, (RULE, seed, p)
    # frozen for both teams: stage the same pile with a natural + wild for N, then E
    top = p[-1]
    r = rank(top)
    other = [c for c in ("%sC" % r, "%sD" % r, "%sH" % r, "%sS" % r) if c != top][0]
    for seat, team in (("N", "NS"), ("E", "EW")):
        text = """
            turn: %s draw
            %s: %s JK 4C
            NS: KH KS KD
            EW: QH QD QS
            pile: %s %s
        """ % (seat, seat, other, p[0], top)
        assert_illegal(text, "take %s JK" % other, {"pile.take.frozen", "pile.frozen.wild",
                                                    "deal.upcard"})


def test_d37_both_teams_pass_5000_higher_total_wins():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, HAND_EW_BIG, finished
    game = tutor.Game()
    for _ in range(4):
        game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (4940, 4520)
    assert not game.is_over, RULE
    game.add_hand(finished(HAND_EW_BIG))          # NS 5500, EW 6325: both pass 5000
    assert tuple(game.totals) == (5500, 6325)
    assert game.is_over, RULE
    assert game.winner == "EW", RULE               # not NS, who got past 5000 first
    assert game.margin == 825, RULE


def test_d38_a_melded_wild_card_is_never_swapped_out():
    RULE = "meld.wild-fixed"
    assert_illegal("""
        turn: S drawn
        S: KC 9H 9D 4C
        NS: KH KS 2C
        EW: QH QD QS
        pile: 9C
    """, "meld 9H 9D 2C", RULE)


def test_d39_taking_the_pile_to_keep_the_top_card_not_allowed():
    RULE = "pile.take.whole"
    assert_illegal("""
        turn: S draw
        S: KH KS 4C
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 5C 8D KD
    """, "take", RULE)


def test_d40_red_three_drawn_lay_it_out_and_draw_again():
    RULE = "red3.drawn"
    after = play("""
        turn: S draw
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9C
        stock: 3D 8C + rest
    """, "draw")
    assert "3D" in red3(after, "NS"), RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "8C"], RULE
    assert turn(after) == ("S", "drawn"), RULE
