"""tutor.score_hand and tutor.Game: score.*, canasta.*, red3.score, goout.concealed, game.end."""
import dataclasses

import pytest

import tutor
from tutor.engine.position import Position
from tutor.engine.scoring import Game, TeamSheet, score_hand

EMPTY_HANDS = "N: -\nE: -\nS: -\nW: -\n"


def sheet(text, team="NS"):
    return score_hand(Position.parse(text))[team]


def test_sheet_shape():
    s = score_hand(tutor.deal(1))
    assert set(s) == {"NS", "EW"}
    for team, ts in s.items():
        assert isinstance(ts, TeamSheet) and ts.team == team
        assert ts.total == sum(p for _, p in ts.lines)
        assert [(r, p) for r, p, _ in ts.items] == list(ts.lines)
        assert all(isinstance(w, str) and w for _, _, w in ts.items)
        ids = [r for r, _ in ts.lines]
        assert "score.table" in ids and "score.hand" in ids          # always there
        assert "score.going-out" not in ids                           # nobody went out
    with pytest.raises(dataclasses.FrozenInstanceError):
        s["NS"].total = 5                                             # frozen


def test_canasta_both_count_seven_natural_kings_570():
    """canasta.both-count, canasta.natural: seven kings, natural: 500 + 70 = 570."""
    s = sheet(EMPTY_HANDS + "NS: KH KH KS KS KD KD KC")
    assert s.lines == (("score.canastas", 500), ("score.table", 70), ("score.hand", 0))
    assert s.total == 570
    assert "1 natural canasta × 500" in s.items[0][2]


def test_canasta_both_count_differs_without_canasta():
    """canasta.size: six kings are no canasta — only the card values count."""
    s = sheet(EMPTY_HANDS + "NS: KH KH KS KS KD KD")
    assert s.lines == (("score.table", 60), ("score.hand", 0))
    assert s.total == 60


def test_canasta_mixed_300():
    """canasta.mixed: a wild card makes the canasta mixed: 300 bonus, cards count besides."""
    s = sheet(EMPTY_HANDS + "NS: KH KH KS KS KD KD JK; 8C 8C 8D 8D 8H 8H 8S")
    assert s.points("score.canastas") == 300 + 500
    assert s.points("score.table") == 60 + 50 + 70
    assert s.total == 300 + 500 + 180
    assert "1 natural canasta × 500 + 1 mixed canasta × 300" == s.items[0][2]


def test_red_threes_four_unmelded_minus_800():
    """red3.score: all four red threes with nothing melded count minus: -800."""
    s = sheet(EMPTY_HANDS + "NS red3: 3H 3H 3D 3D")
    assert s.lines == (("score.red-threes", -800), ("score.table", 0), ("score.hand", 0))
    assert s.total == -800


def test_red_threes_four_with_melds_plus_800():
    """red3.score: a team that has melded scores 800 for all four."""
    s = sheet(EMPTY_HANDS + "NS red3: 3H 3H 3D 3D\nNS: 7C 7D 7H")
    assert s.points("score.red-threes") == 800
    assert s.total == 800 + 15


def test_red_threes_hundred_each():
    """red3.score: 100 each below four; minus 100 each without melds."""
    assert sheet(EMPTY_HANDS + "EW red3: 3H 3D\nEW: 9C 9D 9H", "EW").points(
        "score.red-threes") == 200
    assert sheet(EMPTY_HANDS + "EW red3: 3H", "EW").points("score.red-threes") == -100
    assert sheet(EMPTY_HANDS, "EW").points("score.red-threes") == 0
    # the other team's red threes are not ours
    assert sheet(EMPTY_HANDS + "EW red3: 3H", "NS").points("score.red-threes") == 0


def test_red_threes_in_hand_on_turn_count_as_laid_out():
    """red3-dealt=on-turn gives the same score: a red three still in hand is a red three."""
    s = sheet("rules: red3-dealt=on-turn\nN: 3H\nE: -\nS: -\nW: -\nNS: 7C 7D 7H")
    assert s.points("score.red-threes") == 100 and s.points("score.hand") == 0


def test_going_out_concealed_200():
    """score.going-out + goout.concealed: going out concealed earns 200 in all."""
    text = "turn: S over\n" + EMPTY_HANDS + "NS: KH KH KS KS KD KD 2C\nout: S concealed"
    s = sheet(text)
    assert s.points("score.going-out") == 100 and s.points("goout.concealed") == 100
    assert s.total == 200 + 300 + 80
    assert sheet(text, "EW").points("score.going-out") == 0


def test_going_out_not_concealed_100():
    """goout.concealed differs: going out in the open earns 100 only."""
    s = sheet("turn: W over\n" + EMPTY_HANDS + "EW: KH KH KS KS KD KD 2C\nout: W", "EW")
    assert s.points("score.going-out") == 100
    assert "goout.concealed" not in [r for r, _ in s.lines]


def test_no_going_out_bonus_while_hand_goes_on():
    """score.going-out only for a team whose seat went out (pos.out); hand.end.stock: none."""
    s = sheet("turn: S over\n" + EMPTY_HANDS + "NS: KH KH KS KS KD KD 2C")
    assert s.points("score.going-out") == 0
    assert sheet(EMPTY_HANDS + "NS: KH KH KS KS KD KD 2C").points("score.going-out") == 0


def test_score_hand_minus_cards_in_both_hands():
    """score.hand: minus the values of the cards left in both partners' hands (deck.values)."""
    text = "N: JK AS 7D\nS: 3C KH\nE: 2H\nW: -\nNS: QH QS QD"
    ns, ew = sheet(text), sheet(text, "EW")
    assert ns.points("score.hand") == -(50 + 20 + 5 + 5 + 10)
    assert ns.points("score.table") == 30
    assert ns.total == 30 - 90                     # a hand score can be negative
    assert ew.points("score.hand") == -20 and ew.total == -20


def test_score_table_counts_meld_card_values():
    """score.table: plus the point values of all cards in the team's melds."""
    s = sheet(EMPTY_HANDS + "NS: AH AS 2C; 4C 4D 4H JK; 7C 7D 7H")
    assert s.points("score.table") == 40 + 20 + 15 + 50 + 15
    assert sheet(EMPTY_HANDS, "NS").points("score.table") == 0


def test_sheet_text_readable():
    s = sheet("turn: S over\n" + EMPTY_HANDS + "NS: KH KH KS KS KD KD 2C\nout: S concealed")
    text = s.text()
    assert "score.going-out" in text and "total" in text and str(s.total) in text


# ---- the game -------------------------------------------------------------------------------
# Symmetric big hand: each team two natural canastas (1140) and two red threes (200).
EVEN = EMPTY_HANDS + ("NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC\nNS red3: 3H 3H\n"
                      "EW: JH JH JS JS JD JD JC; 10H 10H 10S 10S 10D 10D 10C\nEW red3: 3D 3D\n")
#: EVEN once the hand has ended with nobody out (the stock ran out): a game adds only a hand
#: that is over (Game.add_hand)
ENDED = "turn: S over\n" + EVEN


def test_game_end_draw_on_equal_totals():
    """game.end: equal totals when the game ends are a drawn game."""
    game = Game()
    pos = Position.parse(ENDED)
    per_hand = score_hand(pos)["NS"].total
    assert per_hand == score_hand(pos)["EW"].total == 1340
    for _ in range(3):
        game.add_hand(pos)
        assert not game.is_over and game.winner is None
    game.add_hand(pos)
    assert game.totals == (5360, 5360)
    assert game.is_over and game.winner is None and game.is_draw and game.margin == 0
    assert "drawn" in game.result_text()


def test_game_end_both_over_5000_higher_wins():
    """game.end: both teams over 5000 → the higher total wins; the difference is the margin."""
    game = Game()
    even = Position.parse(ENDED)
    out = Position.parse("turn: N over\n" + EVEN + "out: N concealed")
    for _ in range(3):
        game.add_hand(even)
    game.add_hand(out)
    assert game.totals == (5560, 5360)
    assert game.is_over and game.winner == "NS" and game.margin == 200
    assert game.result_text() == "NS 5560, EW 5360: NS wins by 200 (game.end)"
    assert len(game.hands) == 4 and game.hands[-1][0] == out
    with pytest.raises(ValueError, match="over"):
        game.add_hand(even)


def test_game_end_goes_on_below_target():
    """game.end differs below 5000: the game goes on, no winner yet."""
    game = Game()
    game.add_hand(Position.parse(ENDED))
    assert not game.is_over and game.winner is None
    assert "goes on" in game.result_text()
    small = Game(target=1000)
    small.add_hand(Position.parse("turn: N over\n" + EVEN + "out: N"))
    assert small.is_over and small.winner == "NS" and small.margin == 100


def test_next_deal_follows_totals_meld_initial():
    """meld.initial: the next hand's score is the running totals, so its minimum follows them."""
    game = Game("black-threes=never")
    first = game.next_deal(1)
    assert first.score == (0, 0) and first.rules == tutor.Ruleset.parse("black-threes=never")
    assert first.rules.initial_minimum_for(first.score[0]) == 50
    game.add_hand(Position.parse("rules: black-threes=never\n" + ENDED))     # the game's rules
    game.add_hand(Position.parse("rules: black-threes=never\n" + ENDED))
    nxt = game.next_deal(2)
    assert nxt.score == (2680, 2680)
    assert nxt.rules.initial_minimum_for(nxt.score[0]) == 90
    # deal.order: the deal rotates clockwise — W, N, then E deals the third hand and S starts
    assert game.dealer == "E" and nxt.turn == "S"
    assert nxt.hands == tutor.deal(2, "black-threes=never", dealer="E").hands
    minus = Game()
    minus.add_hand(Position.parse("turn: S over\n" + EMPTY_HANDS + "NS red3: 3H 3H 3D 3D"))
    assert minus.next_deal(3).score == (-800, 0)
    assert minus.rules.initial_minimum_for(-800) == 15
