"""Scoring and the game: score.going-out, score.canastas, score.red-threes, score.table,
score.hand, game.end (a game of hands to 5000), and the CLI's score sheet.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor

from tutor.engine.scoring import Game
from rulebook_helpers import (CANASTA, GOING_OUT, HAND_EQUAL, HAND_EW_OUT, HAND_NS_OUT, P,
                              RED3_IDS, finished, full_deal, line_ids, line_sum, phase, play,
                              turn)
from positions import ACES_OUT_TABLE, HANDS_EMPTY, staged_sheet, sheet_of, stage


# ---------------------------------------------------------------------------
# score.* and game.end
# ---------------------------------------------------------------------------

def _out_sheet():
    out = play("""
        turn: S drawn
        S: 9H 9D 9C 4C
        N: 5D 6D
        NS: AH AH AD AD AS AS AC
        NS red3: 3H
        EW: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    return tutor.score_hand(out)


def test_score_going_out_100_to_the_team_out():
    RULE = "score.going-out"
    sheet = _out_sheet()
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert "score.going-out" in line_ids(sheet, "NS"), RULE


def test_score_going_out_nothing_to_the_other_team():
    RULE = "score.going-out"
    sheet = _out_sheet()
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE


def test_score_canastas_natural_and_mixed_added():
    RULE = "score.canastas"
    sheet = staged_sheet("KH KH KS KS KD KD KC; 9H 9H 9S 9S 9D 9D 2C")
    assert line_sum(sheet, "NS", CANASTA) == 800, RULE


def test_score_red_threes_counted_as_red3_score():
    RULE = "score.red-threes"
    sheet = _out_sheet()
    assert line_sum(sheet, "NS", RED3_IDS) == 100, RULE


def test_score_table_card_points_of_melds():
    RULE = "score.table"
    sheet = _out_sheet()
    # aces 7 x 20 = 140, nines 30
    assert line_sum(sheet, "NS", "score.table") == 170, RULE


def test_score_total_of_a_hand_going_out():
    RULE = "score.going-out"
    sheet = _out_sheet()
    # 100 out + 500 canasta + 170 table + 100 red three - (5D 6D = 10)
    assert sheet["NS"].total == 100 + 500 + 170 + 100 - 10, RULE


def test_score_hand_minus_cards_left_can_be_negative():
    RULE = "score.hand"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: JK AH 4C
        N: KD 3S
        NS: -
        EW: QH QD QS
        pile: 9C
    """))
    assert line_sum(sheet, "NS", "score.hand") == -(50 + 20 + 5 + 10 + 5), RULE
    assert sheet["NS"].total == -90, RULE


def test_game_end_scores_added_to_running_totals():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, finished
    hand_pos = finished(HAND_NS_OUT)
    sheet = tutor.score_hand(hand_pos)
    assert (sheet["NS"].total, sheet["EW"].total) == (1235, 1130), RULE
    game = tutor.Game()
    game.add_hand(hand_pos)
    game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (2470, 2260), RULE
    assert not game.is_over, RULE


def test_game_end_not_over_below_5000_over_at_5000():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, finished
    game = tutor.Game()
    for _ in range(4):
        game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (4940, 4520)
    assert not game.is_over and game.winner is None, RULE
    game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (6175, 5650)
    assert game.is_over and game.winner == "NS" and game.margin == 525, RULE


def test_game_adds_only_a_finished_hand_of_its_own_game():
    """A game adds a hand once it is over, played under the game's rules: a hand in
    progress was added with its score so far (two players: -245 for North), and a
    three-each-alone hand went into a cutthroat game (the same seats E, S, W). Both are
    refused in words, and the totals stay as they were."""
    RULE = "game.end"
    two = tutor.Game(rules="players=2")
    with pytest.raises(tutor.TutorError) as err:
        two.add_hand(tutor.deal(seed=1, rules="players=2"))
    assert str(err.value) == ("this hand is not over (N is to play): a game adds a hand only "
                              "once it has ended (game.end)"), RULE
    assert two.totals == (0, 0) and two.hands == []
    cut = tutor.Game(rules="players=3, three=cutthroat")
    alone = tutor.Position.parse("rules: players=3\nturn: S over\nout: S\nS: -\nS melds: 9C 9D 9H\n"
                                 "E: 4C\nW: 5D")
    with pytest.raises(tutor.TutorError) as err:
        cut.add_hand(alone)
    assert str(err.value) == ("this hand was played under other rules (players=3; the game's are "
                              "players=3, three=cutthroat)"), RULE
    assert cut.totals == (0, 0, 0) and cut.hands == []
    ended = tutor.Position.parse("rules: players=3, three=cutthroat\nturn: S over\nout: S\nS: -\n"
                                 "S melds: 9C 9D 9H\nE: 4C\nW: 5D\nlone: S")
    cut.add_hand(ended)                                     # its own game's finished hand
    assert len(cut.hands) == 1


def test_game_end_equal_totals_are_a_drawn_game():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, HAND_EW_OUT, HAND_EQUAL, finished
    game = tutor.Game()
    for text in (HAND_NS_OUT, HAND_EW_OUT, HAND_NS_OUT, HAND_EW_OUT):
        game.add_hand(finished(text))
    assert tuple(game.totals) == (4730, 4730)
    assert not game.is_over
    game.add_hand(finished(HAND_EQUAL))
    assert tuple(game.totals) == (5390, 5390)
    assert game.is_over, RULE
    assert game.winner is None and game.is_draw, RULE


def test_staged_finished_hand_scores_going_out():
    RULE = "score.going-out"
    base = stage("""
        turn: S over
        out: %s
        S: -
    """, ACES_OUT_TABLE)
    pos = P(base % "S")
    sheet = tutor.score_hand(pos)
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE


# =====================================================================================
# 1. Scoring a hand: whole sheets computed by hand
# =====================================================================================

# EW goes out by W's last discard (not concealed: E and W melded earlier).
#   EW: going out 100; natural canasta of eights 500, mixed canasta of aces (5 A + 2 JK)
#       300; three red threes 300; table 8s 7x10 = 70, aces 5x20 + 2x50 = 200;
#       hands: W -, E 4C 10D = -15  ->  100+500+300+300+70+200-15 = 1455
#   NS: one red three 100; table KH KS KD 30; hands N JK 2C AH 3S = -95, S 7C 7D = -10
#       -> 100+30-105 = 25
EW_OUT = """
    turn: W drawn
    W: 9C
    E: 4C 10D
    N: JK 2C AH 3S
    S: 7C 7D
    NS: KH KS KD
    NS red3: 3H
    EW: 8H 8H 8S 8S 8D 8D 8C; AH AS AS AD AD JK JK
    EW red3: 3H 3D 3D
    pile: 6C
"""


def test_score_full_sheet_of_a_hand_going_out_by_discard():
    RULE = "score.going-out"
    out = play(EW_OUT, "discard 9C")
    assert phase(out) == "over", RULE
    s = sheet_of(out)
    assert s["EW"].lines == (("score.going-out", 100), ("score.canastas", 800),
                             ("score.red-threes", 300), ("score.table", 270),
                             ("score.hand", -15)), RULE
    assert s["EW"].total == 1455, RULE
    assert s["NS"].lines == (("score.red-threes", 100), ("score.table", 30),
                             ("score.hand", -105)), RULE
    assert s["NS"].total == 25, RULE


def test_score_red_threes_minus_for_the_team_that_did_not_meld_when_the_others_go_out():
    RULE = "red3.score"
    # NS never melded, two red threes: -200; N holds 5C 5D (-10), S holds KC (-10)
    # EW: out 100 + natural canasta of sixes 500 + 35 - 0 = 635
    out = play("""
        turn: E drawn
        E: 4D
        W: -
        N: 5C 5D
        S: KC
        NS: -
        NS red3: 3H 3D
        EW: 6H 6H 6S 6S 6D 6D 6C
        pile: 9C
    """, "discard 4D")
    s = sheet_of(out)
    assert s["NS"].points("score.red-threes") == -200, RULE
    assert s["NS"].total == -200 - 20, RULE
    assert s["EW"].total == 100 + 500 + 35 - 5 * 0, RULE


def test_score_red_threes_three_is_300_not_800():
    RULE = "red3.score"
    s = sheet_of(P(stage(HANDS_EMPTY, """
        NS: 9H 9S 9D
        NS red3: 3H 3H 3D
    """)))
    assert s["NS"].points("score.red-threes") == 300, RULE
    assert s["NS"].total == 330, RULE


def test_score_red_threes_all_four_split_between_the_teams_is_not_800():
    RULE = "red3.score"
    # 800 is for ONE team holding all four; 2 + 2 is 200 each
    s = sheet_of(P(stage(HANDS_EMPTY, """
        NS: 9H 9S 9D
        NS red3: 3H 3D
        EW: 7H 7S 7D
        EW red3: 3H 3D
    """)))
    assert s["NS"].points("score.red-threes") == 200, RULE
    assert s["EW"].points("score.red-threes") == 200, RULE


def test_score_canastas_eight_card_mixed_canasta_with_three_wilds():
    RULE = "canasta.both-count"
    # 5 queens + 2C 2D JK = 8 cards, mixed: 300 + (50 + 40 + 50) = 440
    s = sheet_of(P(stage(HANDS_EMPTY, """
        NS: QH QH QS QS QD 2C 2D JK
    """)))
    assert s["NS"].lines == (("score.canastas", 300), ("score.table", 140),
                             ("score.hand", 0)), RULE
    assert s["NS"].total == 440, RULE


def test_score_two_natural_canastas_one_mixed_counted_separately():
    RULE = "score.canastas"
    # 2 x 500 + 300 = 1300; tables 7x5 (fours) + 7x10 (tens) + 6 jacks 60 + 2H 20 = 185
    s = sheet_of(P(stage(HANDS_EMPTY, """
        NS: 4H 4H 4S 4S 4D 4D 4C; 10H 10H 10S 10S 10D 10D 10C; JH JH JS JS JD JD 2H
    """)))
    assert s["NS"].points("score.canastas") == 1300, RULE
    assert s["NS"].points("score.table") == 35 + 70 + 80, RULE
    assert s["NS"].total == 1300 + 185, RULE


def test_score_hand_counts_both_partners_hands_black_threes_and_wilds():
    RULE = "score.hand"
    # N: 3C 3S (5+5) JK (50) 2D (20); S: AH (20) 9C (10) 4D (5) -> -115
    s = sheet_of(P("""
        N: 3C 3S JK 2D
        S: AH 9C 4D
        E: -
        W: -
        NS: KH KS KD
    """))
    assert s["NS"].points("score.hand") == -115, RULE
    assert s["NS"].total == 30 - 115, RULE


def test_score_table_black_threes_melded_going_out_count_5_each():
    RULE = "score.table"
    # S melds 3C 3C 3S and 9H 9D 9C, discards 4D: NS table = 70 (kings) + 15 + 30 = 115
    # NS: out 100 + canasta 500 + red three 100 + 115 - N's AH 6D (25) = 790
    out = play("""
        turn: S drawn
        S: 3C 3C 3S 9H 9D 9C 4D
        N: AH 6D
        NS: KH KS KD KC KH KS KD
        NS red3: 3H
        EW: QH QD QS
        pile: 5C
    """, "meld 9H 9D 9C; 3C 3C 3S", "discard 4D")
    s = sheet_of(out)
    assert s["NS"].points("score.table") == 115, RULE
    assert s["NS"].total == 790, RULE


def test_score_concealed_out_by_taking_the_pile_meeting_the_minimum():
    RULE = "goout.concealed"
    # S never melded; takes the one-card pile KD with KH KS, lays KD KC KH 2C and 7H 7D 7S:
    # whole hand in one turn with a canasta (mixed, 6 K + 2C), minimum 95 >= 50 met.
    # NS: 100 + 100 + 300 + (60 + 20 + 15) - N's 6D (5) = 590
    out = play("""
        turn: S draw
        S: KH KS KD KC KH 2C 7H 7D 7S
        N: 6D
        NS: -
        EW: QH QD QS
        pile: KD
    """, "take KH KS; KD KC KH 2C; 7H 7D 7S")
    assert phase(out) == "over", RULE
    s = sheet_of(out)
    assert line_sum(s, "NS", GOING_OUT) == 200, RULE
    assert s["NS"].total == 590, RULE


def test_score_hand_ended_by_the_stock_no_going_out_bonus_and_red_three_minus():
    RULE = "hand.end.stock"
    # stock-out=ends, stock empty: S's draw ends the hand.
    # NS never melded, all four red threes: -800; S 4C 6D (-10), N 7C (-5) -> -815
    # EW: QH QD QS 30, no red threes, hands E/W unseen cards (checked only: no bonus)
    text = full_deal("""
        rules: stock-out=ends
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: -
        NS red3: 3H 3H 3D 3D
        EW: QH QD QS
        pile: 5C 9D
        stock: -
    """)
    out = play(text, "draw")
    assert phase(out) == "over", RULE
    s = sheet_of(out)
    assert "score.going-out" not in line_ids(s, "NS") | line_ids(s, "EW"), RULE
    assert s["NS"].lines == (("score.red-threes", -800), ("score.table", 0),
                             ("score.hand", -15)), RULE


# NS never melds and holds all four red threes; EW goes out: NS -800 - 30, EW 100 + 570 - 0
HAND_NS_MINUS = """
    turn: W drawn
    W: 4C
    E: -
    N: KC
    S: QC QD
    NS: -
    NS red3: 3H 3H 3D 3D
    EW: 9H 9H 9S 9S 9D 9D 9C
    pile: 7C
"""


def test_game_running_total_negative_then_minimum_15_then_back_to_50():
    RULE = "meld.initial"
    g = Game()
    sheet = g.add_hand(finished(HAND_NS_MINUS))
    assert sheet["NS"].total == -830 and sheet["EW"].total == 670, RULE
    assert g.totals == (-830, 670), "game.end"
    nxt = g.next_deal(5)
    assert nxt.score == (-830, 670), RULE
    # the dealt position's own rules give NS 15 and EW 50
    assert nxt.rules.initial_minimum_for(nxt.score[0]) == 15, RULE
    assert nxt.rules.initial_minimum_for(nxt.score[1]) == 50, RULE
    g.add_hand(finished(HAND_NS_OUT))
    assert g.totals == (-830 + 1235, 670 + 1130), "game.end"
    assert g.rules.initial_minimum_for(g.totals[0]) == 50, RULE


def test_game_end_exactly_5000_ends_4995_does_not():
    RULE = "game.end"
    # 4 x HAND_NS: NS 4940, EW 4520 -> goes on; a fifth hand ends it
    g = Game()
    for _ in range(4):
        g.add_hand(finished(HAND_NS_OUT))
    assert g.totals == (4940, 4520) and not g.is_over, RULE
    g.add_hand(finished(HAND_NS_OUT))
    assert g.totals == (6175, 5650) and g.is_over, RULE
    assert g.winner == "NS" and g.margin == 525, RULE
    assert g.result_text() == "NS 6175, EW 5650: NS wins by 525 (game.end)", RULE
    with pytest.raises(ValueError):
        g.next_deal(1)


def test_game_end_both_cross_the_target_the_higher_total_wins_not_the_bigger_hand():
    RULE = "game.end"
    # target 2000 (Game(target=...)); both teams cross it in the third hand. NS scores more
    # in that hand (2445 against 1130), yet EW has the higher total and wins.
    g = Game(target=2000)
    g.add_hand(finished(HAND_NS_MINUS))          # NS -830, EW 670
    g.add_hand(finished(HAND_NS_OUT))                # NS 405, EW 1800
    assert not g.is_over, RULE
    big = finished(HAND_NS_OUT.replace("NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC",
                                   "NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC; "
                                   "AH AH AS AS AD AD AC; JH JH JS JS JD JD JC"))
    s = g.add_hand(big)                          # NS 100 + 4 canastas (500+70/140/70/70) - 5
    assert s["NS"].total == 100 + 4 * 500 + 70 + 70 + 140 + 70 - 5, RULE
    assert s["EW"].total == 1130, RULE
    assert g.totals == (405 + 2445, 1800 + 1130) == (2850, 2930), RULE
    assert g.is_over and g.winner == "EW" and g.margin == 80, RULE


def test_game_dealer_rotates_through_all_four_seats():
    RULE = "deal.order"
    g = Game()
    starters = []
    for i in range(5):
        pos = g.next_deal(i)
        starters.append(turn(pos)[0])
        g.add_hand(finished(HAND_NS_MINUS if i % 2 else HAND_NS_OUT))
        if g.is_over:
            break
    assert starters == ["N", "E", "S", "W", "N"][:len(starters)], RULE


# =====================================================================================
# The command line scores a file like score_hand
# =====================================================================================

def test_cli_score_prints_the_itemised_sheet(tmp_path):
    RULE = "score.going-out"
    import subprocess
    import sys
    f = tmp_path / "pos.txt"
    f.write_text(tutor.Position.parse(P(EW_OUT).play("discard 9C").to_text()).to_text())
    out = subprocess.run([sys.executable, "-m", "tutor", "score", str(f)],
                         capture_output=True, text=True, cwd="/work/main")
    assert out.returncode == 0, out.stderr
    assert "EW: 1455" in out.stdout and "NS: 25" in out.stdout, (RULE, out.stdout)
    assert "score.going-out" in out.stdout and "+100" in out.stdout, (RULE, out.stdout)
