"""Every variant flag of RULES.md ("Variant flags") with a position where the flag
changes the ruling or the score, both ways, and the flags' interactions.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import re
import tutor
from rulebook_helpers import (GOING_OUT, P, assert_illegal, assert_legal, full_deal, hand,
                              hand_size, line_sum, phase, play, red3, text_of)
from positions import (ACES_OUT_TABLE, EIGHTS_TABLE, KINGS_TABLE, NINES_STOCK_OUT, RED3_SPLIT,
                       explained, sheet_of, stage)


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


# =====================================================================================
# 3. Variant flags, each both ways, on positions of our own, and their interactions
# =====================================================================================

# ---- black-threes: the going-out search after "yes" (goout.binding x black-threes) ----

YES_THREES = """
    rules: %s
    turn: S drawn
    asked: yes
    S: 3C 3C 3S 4D
    N: 6D
    NS: KH KS KD KC KH KS KD
    EW: QH QD QS
    pile: 9C
"""


def test_black_threes_going_out_after_yes_keeping_in_is_refused():
    RULE = "goout.binding"
    # S can go out: meld 3C 3C 3S, discard 4D; a discard that keeps S in is refused
    assert_illegal(YES_THREES % "default", "discard 3C", RULE)
    assert_legal(YES_THREES % "default", "meld 3C 3C 3S", "meld.threes")


def test_black_threes_never_after_yes_going_out_impossible_play_goes_on():
    RULE = "goout.binding"
    # under black-threes=never S cannot go out at all, so play goes on
    assert_legal(YES_THREES % "black-threes=never", "discard 3C")
    assert_illegal(YES_THREES % "black-threes=never", "meld 3C 3C 3S", "meld.threes")


def test_black_threes_never_last_card_may_still_be_a_black_three():
    RULE = "goout.last-card"
    # never melded, but discarding the last card, a black three, is going out
    text = """
        rules: black-threes=never
        turn: S drawn
        S: 3S 9H 9D 9C
        N: 6D
        NS: KH KS KD KC KH KS KD
        EW: QH QD QS
        pile: 5C
    """
    out = play(text, "meld 9H 9D 9C")
    assert_legal(out, "discard 3S", RULE)
    assert phase(out.play("discard 3S")) == "over", RULE


# ---- initial-minimum ----

def test_initial_minimum_off_at_a_negative_score_any_meld():
    RULE = "meld.initial"
    text = """
        rules: %s
        turn: S drawn
        score: NS -400, EW 0
        S: 4H 4D 2C 9C 8C
        NS: -
        EW: JH JD JS
        pile: 6C
    """
    # 4 + 4 + 2 = 5 + 5 + 20 = 30 >= 15 (negative score) under both
    assert_legal(text % "default", "meld 4H 4D 2C")
    assert_legal(text % "initial-minimum=off", "meld 4H 4D 2C")


def test_initial_minimum_off_pile_take_frozen_by_team_still_needs_the_pair():
    RULE = "pile.take.frozen"
    # initial-minimum=off removes the count, not pile.frozen.team
    text = """
        rules: initial-minimum=off
        turn: S draw
        S: 8H JK 5C 6D
        NS: -
        EW: JH JD JS
        pile: 4C 8D
    """
    assert_illegal(text, "take 8H JK", RULE)


# ---- go-out-without-discard x concealed ----

COMBO = stage("""
    rules: %s
    turn: S drawn
    opened: N
    S: 10H 10H 10S 10S 10D 10D 10C
""", EIGHTS_TABLE)


@pytest.mark.parametrize("flags,legal", [
    ("default", True),
    ("concealed=team", True),                                   # always: no discard needed
    ("go-out-without-discard=concealed-only", True),            # S concealed (player)
    ("go-out-without-discard=concealed-only, concealed=team", False),   # N melded: not concealed
])
def test_go_out_without_discard_concealed_only_follows_the_concealed_flag(flags, legal):
    RULE = "goout.no-discard"
    r = tutor.judge(P(COMBO % flags), "meld 10H 10H 10S 10S 10D 10D 10C")
    assert r.legal is legal, (RULE, flags, r.rule, r.explain())
    if not legal:
        assert r.rule == RULE


def test_concealed_team_nobody_melded_no_discard_under_concealed_only():
    RULE = "goout.concealed"
    out = play("""
        rules: go-out-without-discard=concealed-only, concealed=team
        turn: S draw
        S: 10H 10H 10S 10S 10D 10D 10C
        N: 5D
        NS: -
        EW: QH QD QS
        pile: 9C
        stock: 4C + rest
    """, "draw", "meld 10H 10H 10S 10S 10D 10D 10C", "discard 4C")
    s = sheet_of(out)
    # 100 + 100 + 500 + 70 - N's 5D
    assert line_sum(s, "NS", GOING_OUT) == 200, RULE
    assert s["NS"].total == 200 + 500 + 70 - 5, RULE


# ---- wilds x meld.max-wilds ----

WILD_TAKE = stage("""
    rules: %s
    turn: S draw
    S: 5H 2C 2D JK 9S 10S
""", KINGS_TABLE, "pile: 4C 5D")


def test_wilds_take_top_plus_one_natural_three_wilds():
    # top 5D + 5H + 2C 2D JK: 2 naturals 3 wilds -> a meld by default, not under not-outnumber
    assert_legal(WILD_TAKE % "default", "take 5H 2C 2D JK")
    assert_illegal(WILD_TAKE % "wilds=not-outnumber", "take 5H 2C 2D JK", "meld.naturals")
    # 2 naturals 2 wilds are fine under both
    assert_legal(WILD_TAKE % "wilds=not-outnumber", "take 5H 2C JK")


@pytest.mark.parametrize("flag", ["default", "wilds=not-outnumber"])
def test_wilds_fourth_wild_is_max_wilds_under_both(flag):
    RULE = "meld.max-wilds"
    # 5 naturals + 3 wilds: the 4th wild breaks meld.max-wilds under both values
    assert_illegal("""
        rules: %s
        turn: S drawn
        S: JK 9S 10S
        NS: 6H 6H 6S 6S 6D 2C 2D 2H
        EW: QH QD QS
        pile: 4C
    """ % flag, "meld 6: JK", RULE)


def test_wilds_not_outnumber_three_and_three_is_fine_then_the_canasta_is_mixed():
    RULE = "canasta.mixed"
    text = """
        rules: wilds=not-outnumber
        turn: S drawn
        S: 6C 9S 10S
        NS: 6H 6H 6S 2C 2D 2H
        EW: QH QD QS
        pile: 4C
    """
    after = play(text, "meld 6C")
    s = sheet_of(after)
    assert s["NS"].points("score.canastas") == 300, RULE


# ---- red3-dealt=on-turn: a red three in the hand at the start of the turn ----

def test_red3_on_turn_laid_out_at_the_draw_then_concealed_out_200():
    RULE = "goout.concealed"
    # S holds 3H at the start of the turn (on-turn). The draw lays it out and replaces it
    # (10C), then S draws 4C. Laying out a red three is not melding: still concealed.
    out = play("""
        rules: red3-dealt=on-turn
        turn: S draw
        S: 3H 10H 10H 10S 10S 10D 10D 10C
        N: 5D
        NS: 8H 8D 8C
        opened: N
        EW: QH QD QS
        pile: 9C
        stock: 10C 4C + rest
    """, "draw", "meld 10H 10H 10S 10S 10D 10D 10C 10C", "discard 4C")
    assert phase(out) == "over"
    assert "3H" in red3(out, "NS"), "red3.dealt"
    s = sheet_of(out)
    # 100 + 100 + 500 + (80 + 30) + red three 100 - N's 5D = 905
    assert line_sum(s, "NS", GOING_OUT) == 200, RULE
    assert s["NS"].total == 905, RULE


def test_red3_on_turn_versus_at_once_same_score_for_a_held_red_three():
    RULE = "red3.score"
    # the hand ends (E goes out) while N still holds a red three under on-turn: it scores
    # as laid out, and is no hand card
    text = """
        rules: red3-dealt=on-turn
        turn: E drawn
        E: 4D
        W: -
        N: 3D 5C
        S: -
        NS: 9H 9S 9D
        EW: 6H 6H 6S 6S 6D 6D 6C
        pile: 9C
    """
    s = sheet_of(play(text, "discard 4D"))
    assert s["NS"].points("score.red-threes") == 100, RULE
    assert s["NS"].points("score.hand") == -5, RULE


# ---- stock-out ----

STOCK_OUT = """
    rules: %s
    turn: S draw
    S: 9D 4C 6D
    N: 7C
    NS: 9H 9S 9C
    EW: QH QD QS
    NS red3: 3H 3D
    EW red3: 3H 3D
    pile: 5C 9C
    stock: -
"""


def test_stock_out_ends_refuses_even_a_take_that_would_be_forced():
    RULE = "hand.end.stock"
    assert_illegal(full_deal(STOCK_OUT % "stock-out=ends"), "take", RULE)
    assert_illegal(full_deal(STOCK_OUT % "stock-out=ends"), "take 9D", RULE)
    # the same take is forced by default
    assert_legal(full_deal(STOCK_OUT % "default"), "take")
    assert_illegal(full_deal(STOCK_OUT % "default"), "draw", RULE)


def test_stock_out_ends_legal_moves_only_end_the_hand():
    RULE = "hand.end.stock"
    moves = [str(m) for m in tutor.legal_moves(P(full_deal(STOCK_OUT % "stock-out=ends")))]
    assert moves == ["draw"], (RULE, moves)
    moves = [str(m) for m in tutor.legal_moves(P(full_deal(STOCK_OUT % "default")))]
    assert "draw" not in moves and any(m.startswith("take") for m in moves), (RULE, moves)


def test_stock_out_must_take_frozen_pile_is_optional_pair_take():
    RULE = "hand.end.stock"
    # frozen by a wild card inside: the fitting top does not force; a pair take is allowed
    text = full_deal("""
        turn: S draw
        S: 9D 9S 4C
        N: 7C
        NS: 9H 9H 9C
        EW: QH QD QS
        NS red3: 3H 3D
        EW red3: 3H 3D
        pile: 5C 2C 9C
        stock: -
    """)
    assert_legal(text, "draw", RULE)
    assert_legal(text, "take 9D 9S")


# ---- D2 (low): red3-dealt=on-turn, red three held when the stock is empty -----------------
# S holds 3H (on-turn: laid out on S's turn). The stock is empty; the top KD fits the
# team's kings and the pile is not frozen, so S must take (hand.end.stock). Red threes are
# never held (red3.no-meld); with no stock to replace it, the red three is still laid out
# (as red3.from-pile: no replacement). Held, 3H would leave S after `meld KD` with no legal
# move at all.
ON_TURN_EMPTY = """
    rules: red3-dealt=on-turn
    turn: S draw
    S: 3H KD
    N: 6D
    NS: KH KH KS KS KC KC 2C
    NS red3: 3D
    EW: QH QD QS
    EW red3: 3H 3D
    pile: KD
    stock: -
"""


def test_red3_on_turn_red_three_laid_out_even_when_no_replacement_is_left():
    RULE = "red3.no-meld"
    after = play(full_deal(ON_TURN_EMPTY, seats=("E", "W")), "take")
    assert "3H" not in hand(after, "S"), (RULE, "a red three stays held")
    assert sorted(red3(after, "NS")) == ["3D", "3H"], RULE


def test_red3_on_turn_a_red_three_held_is_laid_out_when_the_player_ends_the_hand():
    # stock empty, top 6C fits no meld: S's `draw` ends the hand (hand.end.stock); the red
    # three S holds is laid out first and scores for NS (red3.score), never held
    RULE = "red3.dealt"
    text = full_deal(ON_TURN_EMPTY.replace("pile: KD", "pile: 6C"), seats=("E", "W"))
    r = assert_legal(text, "draw", "hand.end.stock")
    explained(r, "3H")
    after = play(text, "draw")
    assert phase(after) == "over", RULE
    assert "3H" not in hand(after, "S") and sorted(red3(after, "NS")) == ["3D", "3H"], RULE


def test_red3_on_turn_a_red_three_is_never_left_in_hand_without_a_move():
    RULE = "red3.dealt"
    after = play(full_deal(ON_TURN_EMPTY, seats=("E", "W")), "take", "meld KD")
    # S went out (KD melded, 3H laid out): the hand is over, or else play can go on
    assert phase(after) == "over" or list(tutor.legal_moves(after)), (RULE, after.to_text())


# ---- D3 (low): red3-dealt=on-turn, the replacement takes the last stock card ---------------
# S holds 3H; the stock is exactly KC; the top 9D fits NS's nines and the pile is not
# frozen. Whether S first replaces the red three (then finds the stock empty and must take
# the pile, hand.end.stock) or first draws KC (then lays out 3H with no replacement and plays
# on), the hand does not end at this draw: only "a red three drawn as the last stock card"
# or a player who cannot or does not take the pile ends it. The engine draws first, then
# lays out the red three (no replacement left).
ON_TURN_LAST = """
    rules: red3-dealt=on-turn
    turn: S draw
    S: 3H 4C 5D
    N: 6D
    NS: 9S 9C 9H
    NS red3: 3D
    EW: QH QD QS
    EW red3: 3H 3D
    pile: 6C 9D
    stock: KC
"""


def test_red3_on_turn_replacement_of_the_last_card_does_not_end_the_hand():
    RULE = "hand.end.stock"
    after = play(full_deal(ON_TURN_LAST), "draw")
    assert phase(after) != "over", (RULE, "hand ended although the top fits a team meld")


# ---- D4 (low, explanation): the on-turn draw does not say a red three was laid out ---------
def test_red3_on_turn_draw_explanation_names_the_red_three_laid_out():
    RULE = "red3.dealt"
    text = """
        rules: red3-dealt=on-turn
        turn: S draw
        S: 3H 9H 9D 4C 5D
        N: 5D
        NS: 9S 9C 9H
        EW: QH QD QS
        pile: 6C 9D
        stock: KC 7H + rest
    """
    r = assert_legal(text, "draw")
    after = play(text, "draw")
    assert "3H" in red3(after, "NS")
    explained(r, "3H")                                   # and says so


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

INITIAL_FLAG = """
    rules: %s
    turn: S drawn
    score: NS %d, EW 0
    S: KH KS KD 7H 7D 7S 8H 8D 8S 5H 5D 5S 4C
    NS: -
    EW: QH QD QS
    pile: 6C
"""


def test_initial_minimum_on_refuses_45_at_score_0():
    assert_illegal(INITIAL_FLAG % ("default", 0), "meld 7H 7D 7S; 8H 8D 8S", "meld.initial")
    assert_illegal(INITIAL_FLAG % ("initial-minimum=on", 0), "meld 7H 7D 7S; 8H 8D 8S", "meld.initial")


def test_initial_minimum_off_allows_45_at_score_0():
    RULE = "meld.initial"
    assert_legal(INITIAL_FLAG % ("initial-minimum=off", 0), "meld 7H 7D 7S; 8H 8D 8S")


def test_initial_minimum_off_allows_15_at_score_3000():
    RULE = "meld.initial"
    assert_illegal(INITIAL_FLAG % ("default", 3000), "meld 5H 5D 5S", "meld.initial")
    assert_legal(INITIAL_FLAG % ("initial-minimum=off", 3000), "meld 5H 5D 5S")


# ---- go-out-without-discard: always | concealed-only ------------------------

NODISCARD = stage("""
    rules: %s
    turn: S drawn
    S: 9H 9D 9C
""", ACES_OUT_TABLE)


def test_go_out_without_discard_always_allows_melding_out():
    RULE = "goout.no-discard"
    assert_legal(NODISCARD % "default", "meld 9H 9D 9C")
    assert phase(play(NODISCARD % "go-out-without-discard=always", "meld 9H 9D 9C")) == "over"


def test_go_out_without_discard_concealed_only_refuses_when_not_concealed():
    assert_illegal(NODISCARD % "go-out-without-discard=concealed-only", "meld 9H 9D 9C",
                   "goout.no-discard")


CONCEALED_OUT = stage("""
    rules: %s
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC
""", EIGHTS_TABLE)


@pytest.mark.parametrize("flag", ["default", "go-out-without-discard=concealed-only"])
def test_go_out_without_discard_concealed_allowed_under_both(flag):
    RULE = "goout.no-discard"
    out = play(CONCEALED_OUT % flag, "meld KH KH KS KS KD KD KC")
    assert phase(out) == "over", RULE
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200


# ---- concealed: player | team -------------------------------------------------

CONCEALED_DISCARD = stage("""
    rules: %s
    turn: S drawn
    opened: N
    S: KH KH KS KS KD KD KC 4C
""", EIGHTS_TABLE)


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

WILDS = stage("""
    rules: %s
    turn: S drawn
    S: 5H 5D 5S 2C 2D 2H JK 4C 6D
""", KINGS_TABLE, "pile: 9C")


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

STOCK_EMPTY_FLAG = stage("""
    rules: %s
    turn: S draw
""", NINES_STOCK_OUT, RED3_SPLIT, """
    pile: 5C 9D
    stock: -
""")


def test_stock_out_must_take_refuses_draw_when_top_fits():
    text = full_deal(STOCK_EMPTY_FLAG % "default")
    assert_illegal(text, "draw", "hand.end.stock")
    text = full_deal(STOCK_EMPTY_FLAG % "stock-out=must-take")
    assert_illegal(text, "draw", "hand.end.stock")


def test_stock_out_ends_hand_ends_on_empty_stock():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY_FLAG % "stock-out=ends")
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
    assert_illegal(BLACK3 % "black-threes=never, initial-minimum=off", "meld 3C 3C 3S", "meld.threes")


def test_deal_with_several_flags():
    pos = tutor.deal(seed=7, rules="black-threes=never, initial-minimum=off")
    rules_line = [l for l in pos.to_text().splitlines() if l.startswith("rules:")][0]
    assert "black-threes=never" in rules_line and "initial-minimum=off" in rules_line, rules_line
