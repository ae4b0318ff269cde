"""Red threes: red3.dealt, red3.drawn, red3.from-pile, red3.no-meld, red3.score
(the variant red3-dealt=on-turn is in test_variants.py).

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor
from rulebook_helpers import (P, RED3, RED3_IDS, full_deal, hand, hand_size, line_sum, phase,
                              play, red3)
from positions import EW_THREE_RED3, KINGS_TABLE, NINES_STOCK_OUT, RED3_IN_STOCK, stage


# ---------------------------------------------------------------------------
# red3.*
# ---------------------------------------------------------------------------

def test_red3_dealt_laid_out_and_replaced():
    RULE = "red3.dealt"
    seen = 0
    for seed in range(0, 30):
        pos = tutor.deal(seed=seed)
        for s in "NESW":
            assert not any(c in RED3 for c in hand(pos, s)), (RULE, seed, s)
            assert hand_size(pos, s) == 11, (RULE, seed, s, "replacement missing")
        seen += len(red3(pos, "NS")) + len(red3(pos, "EW"))
    assert seen > 0, "in 30 deals no red three was ever laid out: red3.dealt"


def test_red3_drawn_laid_out_and_replacement_drawn():
    RULE = "red3.drawn"
    before = P(stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, """
        pile: 10C
        stock: 3H 9C + rest
    """))
    after = before.play("draw")
    assert "3H" in red3(after, "NS"), RULE
    assert "3H" not in hand(after, "S"), RULE
    assert sorted(hand(after, "S")) == sorted(["4C", "5D", "9C"]), RULE
    assert hand_size(after, "S") == 3, RULE   # one card more, not two, not one red three


def test_red3_from_pile_laid_out_no_replacement():
    RULE = "red3.from-pile"
    before = P(RED3_IN_STOCK)
    after = before.play("take KH KS")
    assert "3D" in red3(after, "NS"), RULE
    s = hand(after, "S")
    assert "3D" not in s
    assert "9C" not in s, (RULE, "a replacement was drawn")
    assert sorted(s) == sorted(["4C", "4D", "6S", "5C", "8H"]), (RULE, s)


def test_red3_no_meld_red_threes_with_team_parse():
    RULE = "red3.no-meld"
    pos = P("""
        turn: S drawn
        S: 4C 5D
        NS: KH KS KD
        NS red3: 3H 3D
        EW: -
        pile: 10C
    """)
    assert sorted(red3(pos, "NS")) == ["3D", "3H"], RULE
    for m in tutor.legal_moves(pos):
        assert "3H" not in str(m).upper() and "3D" not in str(m).upper(), (RULE, str(m))


def test_red3_no_meld_red_three_held_refused():
    RULE = "red3.no-meld"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: 3H 4C 5D\nNS: KH KS KD\nEW: -\npile: 10C\n")


def test_red3_no_meld_red_threes_melded_refused():
    RULE = "red3.no-meld"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: 4C 5D\nNS: 3H 3D 3D\nEW: -\npile: 10C\n")


RED3_SCORE_CASES = [
    # (id, NS melds, NS red3, expected red-three points)
    ("red3.score-two-melded-team-200", "KH KS KD", "3H 3D", 200),
    ("red3.score-all-four-800-not-400", "KH KS KD", "3H 3H 3D 3D", 800),
    ("red3.score-one-unmelded-team-minus-100", "-", "3H", -100),
    ("red3.score-all-four-unmelded-team-minus-800", "-", "3H 3H 3D 3D", -800),
]


@pytest.mark.parametrize("ns,reds,points", [c[1:] for c in RED3_SCORE_CASES],
                         ids=[c[0] for c in RED3_SCORE_CASES])
def test_red3_score(ns, reds, points):
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: 4C
        N: 5D
        NS: %s
        NS red3: %s
        EW: QH QD QS
        pile: 10C
    """ % (ns, reds)))
    assert line_sum(sheet, "NS", RED3_IDS) == points
    table = 30 if ns != "-" else 0
    assert sheet["NS"].total == points + table - 10


def test_red3_drawn_replacement_red_three_laid_out_too():
    RULE = "red3.drawn"
    after = play(stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, """
        pile: 10C
        stock: 3H 3D 9C + rest
    """), "draw")
    assert sorted(red3(after, "NS")) == ["3D", "3H"], RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "9C"], RULE


def test_red3_no_meld_unseen_hands_never_hold_red_threes():
    RULE = "red3.no-meld"
    for seed in range(0, 25):
        pos = P("""
            turn: E drawn
            S: 4C
            NS: KH KS KD
            EW: -
            pile: 9C
            seed: %d
        """ % seed)
        for m in tutor.legal_moves(pos):
            t = str(m).upper()
            assert "3H" not in t and "3D" not in t, (RULE, seed, t)


def test_red3_drawn_not_the_last_card_play_goes_on():
    RULE = "red3.drawn"
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, EW_THREE_RED3,
                           "stock: 3H 10H"))
    pos = play(text, "draw")
    assert "3H" in red3(pos, "NS"), RULE
    assert sorted(hand(pos, "S")) == ["10H", "4C", "6D"], RULE
    assert phase(pos) == "drawn", ("hand.end.stock", "only a red three as LAST card ends it")
