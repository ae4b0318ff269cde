"""Every variant flag of RULES.md ("Variant flags") with a position where the
default and the other value give different answers; and the `players`
variants (2, 3, 6), which must either work by the classic rules or fail
with a clear error, never play wrongly or crash."""
import re

import pytest

import tutor
from rulebook_helpers import (P, assert_illegal, assert_legal, play, turn, phase, hand,
                              hand_size, red3, line_sum, GOING_OUT, full_deal, text_of)

CAN = "AH AH AD AD AS AS AC"


# ---- black-threes: going-out | never --------------------------------------

BLACK3 = """
    rules: %s
    turn: S drawn
    S: 3C 3C 3S
    N: 5D
    NS: AH AH AD AD AS AS AC
    EW: QH QD QS
    pile: 10C
"""


def test_black_threes_going_out_default_allows_meld_when_going_out():
    RULE = "meld.threes"
    assert_legal(BLACK3 % "default", "meld 3C 3C 3S")
    assert_legal(BLACK3 % "black-threes=going-out", "meld 3C 3C 3S")
    assert phase(play(BLACK3 % "default", "meld 3C 3C 3S")) == "over", RULE


def test_black_threes_never_forbids_the_same_meld():
    assert_illegal(BLACK3 % "black-threes=never", "meld 3C 3C 3S", "meld.threes")


# ---- initial-minimum: on | off ---------------------------------------------

INITIAL = """
    rules: %s
    turn: S drawn
    score: NS %d, EW 0
    S: KH KS KD 7H 7D 7S 8H 8D 8S 5H 5D 5S 4C
    NS: -
    EW: QH QD QS
    pile: 6C
"""


def test_initial_minimum_on_refuses_45_at_score_0():
    assert_illegal(INITIAL % ("default", 0), "meld 7H 7D 7S; 8H 8D 8S", "meld.initial")
    assert_illegal(INITIAL % ("initial-minimum=on", 0), "meld 7H 7D 7S; 8H 8D 8S", "meld.initial")


def test_initial_minimum_off_allows_45_at_score_0():
    RULE = "meld.initial"
    assert_legal(INITIAL % ("initial-minimum=off", 0), "meld 7H 7D 7S; 8H 8D 8S")


def test_initial_minimum_off_allows_15_at_score_3000():
    RULE = "meld.initial"
    assert_illegal(INITIAL % ("default", 3000), "meld 5H 5D 5S", "meld.initial")
    assert_legal(INITIAL % ("initial-minimum=off", 3000), "meld 5H 5D 5S")


# ---- go-out-without-discard: always | concealed-only ------------------------

NODISCARD = """
    rules: %s
    turn: S drawn
    S: 9H 9D 9C
    N: 5D
    NS: AH AH AD AD AS AS AC
    EW: QH QD QS
    pile: 6C
"""


def test_go_out_without_discard_always_allows_melding_out():
    RULE = "goout.no-discard"
    assert_legal(NODISCARD % "default", "meld 9H 9D 9C")
    assert phase(play(NODISCARD % "go-out-without-discard=always", "meld 9H 9D 9C")) == "over"


def test_go_out_without_discard_concealed_only_refuses_when_not_concealed():
    assert_illegal(NODISCARD % "go-out-without-discard=concealed-only", "meld 9H 9D 9C",
                   "goout.no-discard")


CONCEALED_OUT = """
    rules: %s
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC
    N: 5D
    NS: 8H 8D 8C
    EW: QH QD QS
    pile: 9C
"""


@pytest.mark.parametrize("flag", ["default", "go-out-without-discard=concealed-only"])
def test_go_out_without_discard_concealed_allowed_under_both(flag):
    RULE = "goout.no-discard"
    out = play(CONCEALED_OUT % flag, "meld KH KH KS KS KD KD KC")
    assert phase(out) == "over", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200


# ---- concealed: player | team -------------------------------------------------

CONCEALED_DISCARD = """
    rules: %s
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC 4C
    N: 5D
    NS: 8H 8D 8C
    EW: QH QD QS
    pile: 9C
"""


def test_concealed_player_partner_melded_still_200():
    RULE = "goout.concealed"
    for flag in ("default", "concealed=player"):
        out = play(CONCEALED_DISCARD % flag, "meld KH KH KS KS KD KD KC", "discard 4C")
        assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200, (RULE, flag)


def test_concealed_team_partner_melded_only_100():
    RULE = "goout.concealed"
    out = play(CONCEALED_DISCARD % "concealed=team", "meld KH KH KS KS KD KD KC", "discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_concealed_team_nobody_melded_200():
    RULE = "goout.concealed"
    pos = play("""
        rules: concealed=team
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C
        N: 6D
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw", "meld 5H 5H 5D 5D 5S 5S 5C", "discard 4C")
    assert phase(pos) == "over"
    assert line_sum(tutor.score_hand(pos), "NS", GOING_OUT) == 200, RULE


# ---- wilds: max-three | not-outnumber ------------------------------------------

WILDS = """
    rules: %s
    turn: S drawn
    S: 5H 5D 5S 2C 2D 2H JK 4C 6D
    NS: KH KS KD
    EW: QH QD QS
    pile: 9C
"""


def test_wilds_max_three_two_naturals_three_wilds_is_a_meld():
    RULE = "meld.naturals"
    assert_legal(WILDS % "default", "meld 5H 5D 2C 2D JK")
    assert_legal(WILDS % "wilds=max-three", "meld 5H 5D 2C 2D JK")


def test_wilds_not_outnumber_two_naturals_three_wilds_refused():
    assert_illegal(WILDS % "wilds=not-outnumber", "meld 5H 5D 2C 2D JK", "meld.naturals")


@pytest.mark.parametrize("flag", ["default", "wilds=not-outnumber"])
def test_wilds_equal_numbers_fine_under_both(flag):
    assert_legal(WILDS % flag, "meld 5H 5D 5S 2C 2D 2H")
    assert_legal(WILDS % flag, "meld 5H 5D 2C 2D")


def test_wilds_not_outnumber_adding_a_wild_that_would_outnumber():
    text = """
        rules: %s
        turn: S drawn
        S: JK 4C 6D
        NS: KH KS KD; 5H 5D 2C 2D
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text % "default", "meld 5: JK")
    assert_illegal(text % "wilds=not-outnumber", "meld 5: JK", "meld.naturals")


# ---- red3-dealt: at-once | on-turn ---------------------------------------------

def _laid(pos):
    return len(red3(pos, "NS")) + len(red3(pos, "EW"))


def test_red3_dealt_at_once_versus_on_turn():
    RULE = "red3.dealt"
    differs = 0
    for seed in range(0, 30):
        at_once = tutor.deal(seed=seed)
        on_turn = tutor.deal(seed=seed, rules="red3-dealt=on-turn")
        a, b = _laid(at_once), _laid(on_turn)
        # on-turn never lays out more right after the deal than at-once does
        assert b <= a, (RULE, seed, a, b)
        differs += a > b
    # East, South and West have not had a turn yet: their red threes wait
    assert differs > 0, (RULE, "on-turn deals lay out the same red threes as at-once")


def test_red3_dealt_on_turn_laid_out_when_the_seat_plays():
    RULE = "red3.dealt"
    # after N, E, S and W have each had a turn, every dealt red three is out
    for seed in range(0, 5):
        pos = tutor.deal(seed=seed, rules="red3-dealt=on-turn")
        for _ in range(4):
            pos = pos.play("draw")
            discards = [m for m in tutor.legal_moves(pos) if str(m).startswith("discard")]
            pos = pos.play(discards[0])
        for s in "NESW":
            assert not any(c in ("3H", "3D") for c in hand(pos, s)), (RULE, seed, s)


# ---- stock-out: must-take | ends -------------------------------------------------

STOCK_EMPTY = """
    rules: %s
    turn: S draw
    S: 4C 6D
    N: 7C
    NS: 9H 9S 9C
    NS red3: 3H
    EW: QH QD QS
    EW red3: 3H 3D 3D
    pile: 5C 9D
    stock: -
"""


def test_stock_out_must_take_refuses_draw_when_top_fits():
    text = full_deal(STOCK_EMPTY % "default")
    assert_illegal(text, "draw", "hand.end.stock")
    text = full_deal(STOCK_EMPTY % "stock-out=must-take")
    assert_illegal(text, "draw", "hand.end.stock")


def test_stock_out_ends_hand_ends_on_empty_stock():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "stock-out=ends")
    assert_legal(text, "draw")
    assert phase(P(text).play("draw")) == "over", RULE


# ---- players: 4 (built) | 2, 3, 6 ------------------------------------------------

CLASSIC = {"2": 15, "3": 13, "6": 13}


@pytest.mark.parametrize("n", ["2", "3", "6"], ids=["players=2", "players=3", "players=6"])
def test_players_variant_clear_error_or_classic_deal(n):
    try:
        pos = tutor.deal(seed=7, rules="players=%s" % n)
    except (ValueError, NotImplementedError) as e:
        msg = str(e).lower()
        assert "player" in msg, "unclear error for players=%s: %r" % (n, str(e))
        return
    # built: the classic deal sizes, and no hand of the 4-player default size
    text = text_of(pos)
    seats = [line.split(":")[0].strip() for line in text.splitlines()
             if re.match(r"^\s*[A-Z0-9]{1,2}\s*:", line) and line.split(":")[0].strip() in
             ("N", "E", "S", "W", "NE", "SE", "SW", "NW", "P1", "P2", "P3", "P4", "P5", "P6")]
    assert seats, text
    for s in seats:
        assert hand_size(pos, s) == CLASSIC[n], (n, s, text)


@pytest.mark.parametrize("n", ["2", "3", "6"], ids=["players=2", "players=3", "players=6"])
def test_players_variant_in_position_text_clear_error_or_works(n):
    text = "rules: players=%s\nturn: N draw\n" % n
    try:
        tutor.Position.parse(text)
    except ValueError as e:
        assert "player" in str(e).lower(), str(e)


def test_players_4_is_the_default():
    pos = tutor.deal(seed=7, rules="players=4")
    assert [hand_size(pos, s) for s in "NESW"] == [11, 11, 11, 11]


def test_unknown_variant_value_is_refused_clearly():
    with pytest.raises(ValueError):
        tutor.Position.parse("rules: wilds=maybe\nturn: S drawn\nS: 4C 5D\npile: 9C\n")
    with pytest.raises(ValueError):
        tutor.deal(seed=7, rules="stock-out=sometimes")


def test_several_flags_in_one_rules_line():
    text = """
        rules: black-threes=never, initial-minimum=off
        turn: S drawn
        S: 3C 3C 3S 7H 7D 7S 4C 6D
        N: 5D
        NS: -
        EW: QH QD QS
        pile: 10C
    """
    assert_legal(text, "meld 7H 7D 7S")                       # 15 < 50, minimum off
    assert_illegal("""
        rules: black-threes=never, initial-minimum=off
        turn: S drawn
        S: 3C 3C 3S
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C
    """, "meld 3C 3C 3S", "meld.threes")


def test_deal_with_several_flags():
    pos = tutor.deal(seed=7, rules="black-threes=never, initial-minimum=off")
    rules_line = [l for l in pos.to_text().splitlines() if l.startswith("rules:")][0]
    assert "black-threes=never" in rules_line and "initial-minimum=off" in rules_line, rules_line
