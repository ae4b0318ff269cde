"""The 40 rows of docs/DISPUTES.md, each staged as a position and judged through the
public API (test_dNN_...), and a second staging of the rows on positions of our own.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor

from tutor.engine.scoring import Game
from rulebook_helpers import (CANASTA, GOING_OUT, HAND_EW_BIG, HAND_NS_OUT, P, RED3, RED3_IDS,
                              WILD, assert_illegal, assert_legal, finished, full_deal, hand,
                              line_ids, line_sum, meld_of, phase, pile, play, rank, red3, turn)
from positions import (ACES_OUT_TABLE, EIGHTS_TABLE, KINGS_TABLE, NINES_STOCK_OUT, RED3_SPLIT,
                       explained, sheet_of, stage)
from positions import EW_THREE_RED3, HANDS_EMPTY, MELDED_NOT_ASKED, RED3_IN_STOCK


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


# =====================================================================================
# 4. DISPUTES.md re-staged (default rules unless stated); rule id AND explanation checked
# =====================================================================================

def test_d01_frozen_by_a_red_three_upcard_one_natural_and_a_two():
    RULE = "pile.take.frozen"
    text = stage("""
        turn: S draw
        S: 10H 2D 10S 4C 6D
    """, KINGS_TABLE, "pile: 3D 5C 10D")
    r = assert_illegal(text, "take 10H 2D", RULE)
    explained(r, "10D")
    r = assert_legal(text, "take 10H 10S", RULE)
    after = play(text, "take 10H 10S")
    assert "3D" in red3(after, "NS"), "red3.from-pile"


def test_d02_two_onto_natural_canasta_of_sixes_becomes_mixed():
    RULE = "canasta.mixed"
    text = """
        turn: S drawn
        S: 2C 4C 9D
        NS: 6H 6H 6S 6S 6D 6D 6C 6C
        EW: QH QD QS
        pile: 9C
    """
    assert sheet_of(P(text))["NS"].points("score.canastas") == 500
    r = assert_legal(text, "meld 6: 2C", RULE)
    explained(r)
    s = sheet_of(play(text, "meld 6: 2C"))
    assert s["NS"].points("score.canastas") == 300, RULE


def test_d03_a_second_ace_meld_joins_the_first():
    RULE = "meld.one-per-rank"
    text = """
        turn: N drawn
        N: AC AD 2H 7C 9D
        NS: AH AS AS
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text, "meld AC AD 2H", RULE)
    aces = meld_of(play(text, "meld AC AD 2H"), "NS", "A")
    assert len(aces) == 1 and len(aces[0]) == 6, RULE


D04_RESTAGED = """
    turn: W drawn
    asked: %s
    W: 10H 10D 10C 5S
    E: 6D
    EW: JH JH JD JD JS JS JC
    NS: QH QD QS
    pile: 6C
"""


def test_d04_going_out_without_asking_and_the_binding_answer():
    assert_legal(D04_RESTAGED % "-", "meld 10H 10D 10C")
    out = play(D04_RESTAGED % "-", "meld 10H 10D 10C", "discard 5S")
    assert phase(out) == "over", "goout.ask"
    r = assert_illegal(D04_RESTAGED % "yes", "discard 10H", "goout.binding")
    explained(r)
    assert_illegal(D04_RESTAGED % "no", "meld 10H 10D 10C", "goout.binding")
    after = play(D04_RESTAGED % "-", "meld 10H 10D 10C")
    assert_illegal(after, "ask", "goout.ask")


def test_d05_black_three_top_two_black_threes_in_hand():
    RULE = "pile.black-three"
    text = """
        turn: E draw
        E: 3C 3S 7D 8D
        EW: 7H 7S 7C
        NS: QH QD QS
        pile: 9H 3C
    """
    r = assert_illegal(text, "take 3C 3S", RULE)
    explained(r, "3C")
    assert_illegal(text, "take", RULE)


def test_d06_seven_natural_aces_640():
    RULE = "canasta.both-count"
    s = sheet_of(P(stage(HANDS_EMPTY, """
        EW: AH AH AS AS AD AD AC
    """)))
    assert s["EW"].total == 500 + 140, RULE


def test_d07_frozen_by_wild_team_meld_of_top_rank_one_card():
    RULE = "pile.take.frozen"
    text = """
        turn: S draw
        S: 8H 4C 6D
        NS: 8C 8D 8S
        EW: QH QD QS
        pile: 5C JK 8D
    """
    assert_illegal(text, "take", RULE)
    assert_illegal(text, "take 8H", RULE)


def test_d08_unfrozen_no_card_of_the_rank_team_meld_takes():
    RULE = "pile.take.unfrozen"
    text = """
        turn: N draw
        N: 4C 6D 9S
        NS: JH JS JD
        EW: QH QD QS
        pile: 5C 7H JC
    """
    r = assert_legal(text, "take", RULE)
    explained(r, "JC")
    after = play(text, "take")
    assert len(meld_of(after, "NS", "J")[0]) == 4


@pytest.mark.parametrize("pile_text", ["5C 7D", "5C JK 7D"], ids=["unfrozen", "frozen"])
def test_d09_two_wilds_and_the_top_card_never(pile_text):
    RULE = "meld.naturals"
    assert_illegal(stage("""
        turn: S draw
        S: 2C JK 4C 9S
    """, KINGS_TABLE, "pile: %s") % pile_text, "take 2C JK", RULE)


D10_RESTAGED = """
    turn: S draw
    S: QH QS 8C 8D 8S 4C 6D
    NS: -
    EW: JH JD JS
    pile: 5C QD
"""


def test_d10_pair_plus_meld_from_hand_reaches_minimum():
    RULE = "meld.initial"
    # 3 queens 30 + 3 eights 30 = 60 >= 50
    r = assert_legal(D10_RESTAGED, "take QH QS; 8C 8D 8S", RULE)
    explained(r)
    assert_illegal(D10_RESTAGED, "take QH QS", RULE)                  # 30 < 50


def test_d11_aces_under_the_top_do_not_count():
    RULE = "meld.initial"
    text = """
        turn: S draw
        S: 6H 6D 4C 9S
        NS: -
        EW: JH JD JS
        pile: AH AD JK2 6C
    """.replace("JK2", "AS")
    r = assert_illegal(text, "take 6H 6D", RULE)
    explained(r)


def test_d12_seven_sixes_35_too_little():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S drawn
        S: 6H 6H 6D 6D 6S 6S 6C 9S 4C
        NS: -
        EW: JH JD JS
        pile: 5C
    """, "meld 6H 6H 6D 6D 6S 6S 6C", RULE)


def test_d14_eights_two_naturals_three_wilds():
    text = stage("""
        rules: %s
        turn: S drawn
        S: 8H 8D 2S JK JK 4C 9S
    """, KINGS_TABLE, "pile: 5C")
    assert_legal(text % "default", "meld 8H 8D 2S JK JK", "meld.max-wilds")
    assert_illegal(text % "wilds=not-outnumber", "meld 8H 8D 2S JK JK", "meld.naturals")


def test_d15_nine_two_joker_is_not_a_meld():
    r = assert_illegal(stage("""
        turn: S drawn
        S: 9H 2D JK 4C 7S
    """, KINGS_TABLE, "pile: 5C"), "meld 9H 2D JK", "meld.naturals")
    explained(r)


def test_d16_fourth_wild_on_a_canasta_and_on_a_small_meld():
    RULE = "meld.max-wilds"
    text = """
        turn: S drawn
        S: JK 2S 4C 9D
        NS: QH QS QD 2C 2D 2H; AH AH AS AS AD JK JK JK
        EW: KH KD KS
        pile: 5C
    """
    assert_illegal(text, "meld Q: JK", RULE)
    assert_illegal(text, "meld A: 2S", RULE)


def test_d17_we_start_kings_the_opponents_have_kings():
    RULE = "meld.one-per-rank"
    assert_legal("""
        turn: E drawn
        E: KC KD KS 4C 9D
        EW: QH QD QS
        NS: KH KH KD
        pile: 5C
    """, "meld KC KD KS", RULE)


def test_d18_a_card_on_the_opponents_meld():
    RULE = "meld.own-team"
    text = """
        turn: S drawn
        S: JC 4C 6D
        NS: KH KS KD
        EW: JH JD JS
        pile: 9C
    """
    assert_illegal(text, "meld EW J: JC", RULE)


def test_d19_black_three_covered_by_a_ten():
    RULE = "pile.black-three"
    r = assert_legal("""
        turn: W draw
        W: 10H 10S 4C 6D
        EW: KH KS KD
        NS: QH QD QS
        pile: 5C 3S 10D
    """, "take 10H 10S", RULE)
    explained(r, "3S")


def test_d20_three_black_threes_and_a_joker():
    RULE = "meld.threes"
    assert_illegal("""
        turn: S drawn
        S: 3C 3C 3S JK
        NS: KH KS KD KC KH KS KD
        EW: QH QD QS
        pile: 5C
    """, "meld 3C 3C 3S JK", RULE)


def test_d21_two_black_threes_after_drawing_cannot_go_out():
    RULE = "meld.threes"
    text = """
        turn: S drawn
        S: 3C 3S 9H 9D 9C
        NS: KH KS KD KC KH KS KD
        EW: QH QD QS
        pile: 5C
    """
    assert_illegal(text, "meld 3C 3S", RULE)
    after = play(text, "meld 9H 9D 9C")
    # after the nines S holds 3C 3S: discarding one keeps S in, which is fine
    assert_legal(after, "discard 3C", "turn.discard")


def test_d22_no_canasta_keep_a_card():
    text = stage("""
        turn: S drawn
        S: 7H 7D 7S 5C
        N: 5D
    """, KINGS_TABLE, "pile: 9C")
    assert_illegal(text, "meld 7H 7D 7S", "goout.keep-one")
    after = play(text.replace("7H 7D 7S 5C", "7H 7D 7S 5C 4D"), "meld 7H 7D 7S", "discard 4D")
    assert turn(after) == ("W", "draw")


def test_d22_last_discard_without_canasta_refused():
    RULE = "goout.canasta"
    r = assert_illegal("""
        turn: S melded
        S: 5C
        NS: KH KS KD; 7H 7D 7S
        EW: QH QD QS QC QS QD QH
        pile: 9C
    """, "discard 5C", RULE)
    explained(r)


def test_d23_meld_all_cards_no_discard_with_canasta_partner_built():
    RULE = "goout.no-discard"
    out = play("""
        turn: E drawn
        E: 9H 9D 9C 2S
        W: 5D
        EW: 5H 5S 5C 5H 5S 5C 5D
        NS: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C 2S")
    assert phase(out) == "over", RULE
    s = sheet_of(out)
    assert line_sum(s, "EW", GOING_OUT) == 100, RULE


def test_d24_partner_said_no_then_discard_to_go_out_refused():
    RULE = "goout.binding"
    text = stage("""
        turn: S drawn
        asked: no
        S: 8H 8D 8C 4C
    """, ACES_OUT_TABLE)
    assert_illegal(text, "meld 8H 8D 8C", RULE)
    assert_legal(text, "discard 4C")


def test_d25_ask_after_adding_to_a_meld():
    RULE = "goout.ask"
    after = play(stage("""
        turn: S drawn
        S: KC 8H 8D 8C 4C
    """, KINGS_TABLE, "pile: 6C"), "meld KC")
    r = assert_illegal(after, "ask", RULE)
    explained(r)


def test_d26_yes_then_impossible_play_goes_on():
    RULE = "goout.binding"
    text = """
        turn: S drawn
        asked: yes
        S: 7H 7D 4C 5S
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text, "discard 4C")
    text2 = text.replace("7H 7D 4C 5S", "7H 7D 7C 5S")
    assert_illegal(text2, "discard 7H", RULE)
    assert_legal(text2, "meld 7H 7D 7C")


def test_d27_d28_concealed_partner_melded_200_but_100_after_touching_his_meld():
    RULE = "goout.concealed"
    base = """
        turn: S drawn
        opened: N
        S: 9H 9H 9S 9S 9D 9D 9C %s 4C
        N: 5D
        NS: 8H 8D 8C
        EW: QH QD QS
        pile: 6C
    """
    # d27: S melds the nines (a natural canasta of S's own) and discards 4C
    out = play(base % "", "meld 9H 9H 9S 9S 9D 9D 9C", "discard 4C")
    s = sheet_of(out)
    assert line_sum(s, "NS", GOING_OUT) == 200, RULE
    # 100 + 100 + 500 + 30 + 70 - 5 = 795
    assert s["NS"].total == 795, RULE
    out = play(base % "8S", "meld 9H 9H 9S 9S 9D 9D 9C", "meld 8S", "discard 4C")
    s = sheet_of(out)
    assert line_sum(s, "NS", GOING_OUT) == 100, "d28"


def test_d29_red_threes_laid_out_by_the_player_still_concealed():
    RULE = "goout.concealed"
    # S drew a red three (red3.drawn) this very turn, laid it out, then goes out concealed
    out = play("""
        turn: S draw
        S: JH JH JS JS JD JD JC
        N: 5D
        NS: -
        EW: QH QD QS
        pile: 9C
        stock: 3D 4C + rest
    """, "draw", "meld JH JH JS JS JD JD JC", "discard 4C")
    s = sheet_of(out)
    assert "3D" in red3(out, "NS")
    assert line_sum(s, "NS", GOING_OUT) == 200, RULE
    # 200 + 500 + 70 + 100 - 5 = 865
    assert s["NS"].total == 865, RULE


def test_d30_concealed_below_the_120_minimum_after_drawing():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        score: NS 3200, EW 0
        S: 7H 7H 7D 7D 7S 7S 7C
        N: 5D
        NS: -
        EW: QH QD QS
        pile: 9C
        stock: 4C + rest
    """, "draw")
    r = assert_legal(pos, "meld 7H 7H 7D 7D 7S 7S 7C", RULE)
    explained(r)
    # not going out (a card would stay besides the discard): 35 < 120
    pos2 = play("""
        turn: S draw
        score: NS 3200, EW 0
        S: 7H 7H 7D 7D 7S 7S 7C 9D
        N: 5D
        NS: -
        EW: QH QD QS
        pile: 9C
        stock: 4C + rest
    """, "draw")
    assert_illegal(pos2, "meld 7H 7H 7D 7D 7S 7S 7C", RULE)


def test_d31_red_three_upcard_inside_the_taken_pile():
    RULE = "red3.from-pile"
    text = """
        turn: E draw
        E: 9H 9S 4C
        EW: KH KS KD
        NS: QH QD QS
        pile: 3H 8C 9D
        stock: 5S + rest
    """
    after = play(text, "take 9H 9S")
    assert "3H" in red3(after, "EW"), RULE
    assert sorted(hand(after, "E")) == sorted(["4C", "8C"]), RULE


def test_d32_all_four_red_threes_never_melded_hand_ended_by_stock():
    RULE = "red3.score"
    out = play(full_deal("""
        turn: W draw
        W: 5C
        E: -
        EW: -
        EW red3: 3H 3H 3D 3D
        NS: KH KS KD
        pile: 9C 6D
        stock: -
    """, seats=("N", "S")), "draw")
    s = sheet_of(out)
    assert s["EW"].points("score.red-threes") == -800, RULE
    assert s["EW"].total == -805, RULE


def test_d33_last_stock_card_red_three_ends_with_no_bonus():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: N draw
        N: 4C 6D
        S: 7C
        NS: 9H 9S 9C
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D
        pile: 5C 8D
        stock: 3D
    """)
    r = assert_legal(text, "draw", RULE)
    out = play(text, "draw")
    assert phase(out) == "over", RULE
    assert sorted(red3(out, "NS")) == ["3D", "3H"], RULE
    s = sheet_of(out)
    assert s["NS"].points("score.red-threes") == 200
    assert "score.going-out" not in line_ids(s, "NS") | line_ids(s, "EW")


def test_d34_empty_stock_top_fits_must_take_explained():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: W draw
        W: 4C 6D
        E: 7C
        EW: KH KS KC
        NS: QH QD QS
        NS red3: 3H 3D
        EW red3: 3H 3D
        pile: 5C KD
        stock: -
    """, seats=("N", "S"))
    r = assert_illegal(text, "draw", RULE)
    explained(r, "KD")


def test_d35_one_card_hand_one_card_pile():
    RULE = "pile.one-card"
    assert_illegal("""
        turn: S draw
        S: JC
        NS: JH JS JD; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: JD
    """, "take", RULE)


def test_d36_dealt_wild_upcard_freezes_the_pile_for_both_teams():
    RULE = "deal.upcard"
    found = None
    for seed in range(400):
        pos = tutor.deal(seed)
        p = pile(pos)
        if p and (p[0] in ("JK", "2C", "2D", "2H", "2S")):
            found = pos
            break
    assert found is not None, "no seed in 0..399 turned a wild upcard"
    p = pile(found)
    assert len(p) >= 2 and p[-1] not in ("JK", "2C", "2D", "2H", "2S", "3H", "3D"), RULE
    assert found.frozen_cards, RULE


def test_d37_both_over_5000_higher_total_wins():
    RULE = "game.end"
    g = Game()
    for _ in range(4):
        g.add_hand(finished(HAND_NS_OUT))           # NS 4940, EW 4520
    g.add_hand(finished(HAND_NS_OUT))               # NS 6175, EW 5650: both over
    assert min(g.totals) >= 5000 and g.winner == "NS", RULE


def test_d38_exchange_for_a_melded_two_never():
    RULE = "meld.wild-fixed"
    r = assert_illegal("""
        turn: S drawn
        S: JC 4C 9D
        NS: JH JS 2D
        EW: QH QD QS
        pile: 5C
    """, "exchange JC 2D", RULE)
    explained(r)
    assert "A melded wild card (2♦) can never be taken back" in r.explain()
    # a two that lies in no meld: still never, and the words do not call it melded
    none = assert_illegal("""
        turn: S drawn
        S: JC 4C 9D
        NS: JH JS JD
        EW: QH QD QS
        pile: 5C
    """, "exchange JC 2D", RULE)
    assert "no meld on the table holds 2♦" in none.explain()
    assert "A melded wild card (2♦)" not in none.explain()


def test_d39_bare_take_without_a_meld_of_the_rank():
    RULE = "pile.take.whole"
    assert_illegal(stage("""
        turn: S draw
        S: AH 4C 9D
    """, KINGS_TABLE, "pile: 5C AC"), "take", RULE)


def test_d40_red_three_drawn_then_another():
    RULE = "red3.drawn"
    text = """
        turn: E draw
        E: 4C 9D
        EW: KH KS KD
        NS: QH QD QS
        pile: 5C
        stock: 3H 3D 7C + rest
    """
    r = assert_legal(text, "draw", RULE)
    after = play(text, "draw")
    assert sorted(red3(after, "EW")) == ["3D", "3H"], RULE
    assert "7C" in hand(after, "E"), RULE


FROZEN_BY_WILD = stage("""
    turn: S draw
    S: 9H 9S JK 4C
""", KINGS_TABLE, "pile: 5C 2C 8D 9D")


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


D04 = stage("""
    turn: S drawn
    asked: %s
    S: 9H 9D 9C 4C
""", ACES_OUT_TABLE)


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
    assert_illegal(stage("""
        turn: S draw
        S: 3S 3C 4C
    """, KINGS_TABLE, "pile: 5C 6S 3C"), "take 3S 3C", RULE)


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
    assert_illegal(stage("""
        turn: S draw
        S: 2H JK 4C
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 2H JK", RULE)


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
    r = assert_illegal("""
        turn: S drawn
        score: NS 0, EW 0
        S: 5H 5H 5D 5D 5S 5S 5C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """, "meld 5H 5H 5D 5D 5S 5S 5C", RULE)
    # the dispute's point is said in words: the canasta's bonus is no part of the 50
    assert "these cards count 35" in r.explain()
    assert "A canasta's bonus does not count toward the minimum" in r.explain()


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


D14 = stage("""
    rules: %s
    turn: S drawn
    S: 5H 5D 2C 2D JK 4C 6D
""", KINGS_TABLE, "pile: 9C")


def test_d14_two_naturals_three_wilds_is_a_meld_by_default():
    RULE = "meld.max-wilds"
    assert_legal(D14 % "default", "meld 5H 5D 2C 2D JK")


def test_d14_two_naturals_three_wilds_not_under_not_outnumber():
    RULE = "meld.naturals"
    assert_illegal(D14 % "wilds=not-outnumber", "meld 5H 5D 2C 2D JK", RULE)


def test_d15_five_two_two_one_natural_is_not_a_meld():
    RULE = "meld.naturals"
    assert_illegal(stage("""
        turn: S drawn
        S: 5H 2C 2D 4C 6D
    """, KINGS_TABLE, "pile: 9C"), "meld 5H 2C 2D", RULE)


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
    assert_illegal(stage("""
        turn: S drawn
        S: QC 4C 6D
    """, KINGS_TABLE, "pile: 9C"), "meld Q: QC", RULE)


def test_d19_covered_black_three_no_longer_blocks():
    RULE = "pile.black-three"
    assert_legal(stage("""
        turn: S draw
        S: 6H 6D 4C
    """, KINGS_TABLE, "pile: 5C 3C 6S"), "take 6H 6D", RULE)


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
    text = stage("""
        turn: S drawn
        S: 9H 9D 9C
    """, ACES_OUT_TABLE)
    assert_legal(text, "meld 9H 9D 9C", RULE)
    assert phase(play(text, "meld 9H 9D 9C")) == "over"


def test_d24_partner_said_no_i_may_not_go_out():
    RULE = "goout.binding"
    assert_illegal(stage("""
        turn: S drawn
        asked: no
        S: 9H 9D 9C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", RULE)


def test_d25_asking_after_melding_is_too_late():
    RULE = "goout.ask"
    assert_illegal(MELDED_NOT_ASKED, "ask", RULE)


def test_d26_after_yes_moves_that_keep_me_in_are_refused():
    RULE = "goout.binding"
    assert_illegal(D04 % "yes", "discard 4C", RULE)
    assert_legal(D04 % "yes", "meld 9H 9D 9C")


def test_d26_after_yes_once_impossible_i_play_on():
    RULE = "goout.binding"
    assert_legal(stage("""
        turn: S drawn
        asked: yes
        S: 9H 4C 5D
    """, ACES_OUT_TABLE), "discard 4C")


D27 = stage("""
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC %s
""", EIGHTS_TABLE)


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
    pos = P(stage("""
        turn: S draw
        opened: N
        S: KH KH KS KS KD KD KC
    """, EIGHTS_TABLE, "stock: 3H 4C + rest"))
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
    text = RED3_IN_STOCK
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
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, EW_THREE_RED3,
                           "stock: 3H"))
    over = play(text, "draw")
    assert phase(over) == "over", RULE
    assert "3H" in red3(over, "NS")
    sheet = tutor.score_hand(over)
    assert line_sum(sheet, "NS", RED3_IDS) == 100
    assert line_sum(sheet, "NS", GOING_OUT) == 0


def test_d34_stock_empty_top_fits_our_meld_must_take():
    RULE = "hand.end.stock"
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, RED3_SPLIT, """
        pile: 5C 9D
        stock: -
    """))
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
        text = stage("""
            turn: %s draw
            %s: %s JK 4C
        """, KINGS_TABLE, "pile: %s %s") % (seat, seat, other, p[0], top)
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
    after = play(stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, """
        pile: 9C
        stock: 3D 8C + rest
    """), "draw")
    assert "3D" in red3(after, "NS"), RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "8C"], RULE
    assert turn(after) == ("S", "drawn"), RULE
