"""`legal_moves` decides some candidates without a full `judge` call: all discards by one
judgement (`_legal_discards`), and one-group melds and takes by the judge's own wild-card
check and the first meld's minimum where nothing else can refuse them (`_legal_melds`,
`_legal_takes`). These shortcuts must list exactly what
judging every candidate lists, in the same order — checked here on every position of
seeded random hands under every variant flag, and on staged positions where the
shortcut's conditions just fail. The reference is public: `legal_moves(pos, shortcuts=False)`
judges every candidate. Only the checks that the shortcuts' edges are reached read the
shortcuts' own conditions, public for these tests (`generate.meld_shortcut`,
`take_shortcut`, `take_candidates`, `meld_candidates`): white-box on purpose."""
from __future__ import annotations

import random

import pytest

import tutor
from tutor.engine import generate
from tutor.engine.ruleset import FLAGS

VARIANTS = ["default"] + [f"{name}={values[1]}" for name, values in FLAGS.items()
                          if name not in ("players", "three", "six", "cutthroat-canastas")]
VARIANTS.append("players=3, three=cutthroat, cutthroat-canastas=1")   # played only there


def everything_judged(pos) -> list:
    """The legal moves found by judging every candidate (no shortcut): the reference path."""
    return tutor.legal_moves(pos, shortcuts=False)


@pytest.mark.parametrize("rules", VARIANTS)
def test_shortcuts_list_what_the_judge_permits(rules):
    rng = random.Random(rules)
    compared = shortcut_used = take_shortcut_used = 0
    for seed in range(25):
        pos = tutor.deal(seed=seed, rules=rules)
        while pos.phase != "over":
            moves = tutor.legal_moves(pos)
            assert moves == everything_judged(pos), pos.to_text()
            compared += 1
            if pos.phase in ("drawn", "melded") and generate.meld_shortcut(pos) is not None:
                shortcut_used += 1
            if pos.phase == "draw" and generate.take_candidates(pos) and \
                    generate.take_shortcut(pos) is not None:
                take_shortcut_used += 1
            pos = pos.play(rng.choice(moves))
    assert compared > 2000 and shortcut_used > 300 and take_shortcut_used > 100


def test_no_shortcut_when_the_player_must_go_out():
    """After the partner's "yes", a meld that keeps the player in is refused (`goout.binding`):
    the wild-card limit alone must not decide."""
    rng = random.Random(5)
    found = 0
    for seed in range(400):
        pos = tutor.deal(seed=seed)
        while pos.phase != "over" and found < 30:
            moves = tutor.legal_moves(pos)
            if pos.asked == "yes":
                assert generate.meld_shortcut(pos) is None
                assert moves == everything_judged(pos), pos.to_text()
                refused = [m for m in generate.meld_candidates(pos) if m not in moves]
                found += bool(refused)
            ask = [m for m in moves if m.kind in ("ask", "yes")]
            pos = pos.play(ask[0] if ask else rng.choice(moves))
        if found >= 30:
            break
    assert found >= 30


STAGED = {
    # black threes melded this turn: every move must lead to going out (meld.threes)
    "threes-started": (None, """\
turn: N melded
NS: 3S 3S 3C; 7H 7D 7C 7S 7H 2C 7D
started: 3
N: 8H 8D 8C 9S 9H KD QC JOKER
pile: 6D
"""),
    # the partner said yes: 8H 8D 8C 2C would leave 9S 9H KD, no way out (goout.binding)
    "partner-said-yes": (None, """\
turn: N drawn
asked: yes
NS: 7H 7D 7C 7S 7H 2C 7D
N: 8H 8D 8C 9S 9H 2C KD
pile: 6D
"""),
    # the team has not melded: the first meld's minimum (50) refuses the eights alone
    "first-meld": (50, """\
turn: N drawn
N: 8H 8D JOKER KH KD KC 5S 5H 4C
pile: 6D
"""),
    # the team has not melded, but N can go out concealed: a meld below the minimum is
    # legal while going out stays possible after it (5C 5D 5D 5H 5H 5S 5S, then 4C 4D 2C),
    # refused where it does not (5C 5D 2C leaves 4C 4D without a wild card; meld.initial)
    "concealed-several": (None, """\
turn: N drawn
N: 5H 5H 5D 5D 5S 5S 5C 4C 4D 2C 9S
NS: -
EW: QH QD QS
pile: 9D
"""),
    # N laid the team's first meld below the minimum (90): N must go out this turn, so
    # `meld 4: 2D` (after which the six fives make no canasta) is refused (meld.initial)
    "below-minimum": (None, """\
turn: N melded
score: NS 1500, EW 0
started: 4
below-minimum: yes
N: 5H 5H 5D 5D 5S 5S 2D 9S
NS: 4C 4D 2C 2H
EW: QH QD QS
pile: 9D
"""),
}


@pytest.mark.parametrize("name", sorted(STAGED))
def test_staged_positions_at_the_shortcuts_edges(name):
    minimum, text = STAGED[name]
    pos = tutor.Position.parse(text)
    assert generate.meld_shortcut(pos) == minimum
    moves = tutor.legal_moves(pos)
    assert moves == everything_judged(pos)
    refused = [m for m in generate.meld_candidates(pos) if m not in moves]
    assert refused, "the position should refuse some melds"


TAKES = {
    # the team has not melded: K K + top K counts 30 of 50, so the take alone is refused
    # (meld.initial) and only the take with the nines beside it is listed
    "first-meld": (50, """\
turn: S draw
S: KS KH 9D 9C 9S 4C 5D 6H
EW: JH JD JS
pile: 9H KD
"""),
    # one card in hand, one card in the pile: pile.one-card
    "one-card": (None, """\
turn: S draw
S: KS
NS: KH KD KC
pile: KD
"""),
    # the pile under the top brings two cards: two left after offering the pair
    "few-left": (0, """\
turn: S draw
S: KS KH 2C
NS: 9H 9D 9C
pile: 4C 5D KD
"""),
    # the stock is empty: hand.end.stock decides, judged in full
    "stock-empty": (None, """\
turn: S draw
S: KS KH 4C 5D
N: 6D
NS: KC KD KS
NS red3: 3H 3D
EW: QH QD QS
EW red3: 3H 3D
pile: KD
stock: -
E: 46
W: 46
"""),
}


@pytest.mark.parametrize("name", sorted(TAKES))
def test_staged_takes_at_the_shortcuts_edges(name):
    minimum, text = TAKES[name]
    pos = tutor.Position.parse(text)
    assert generate.take_shortcut(pos) == minimum
    moves = tutor.legal_moves(pos)
    assert moves == everything_judged(pos)
    assert all(tutor.judge(pos, m).legal for m in moves)


def test_can_go_out_shortcut_agrees_with_trying_every_discard():
    """`goout.can_go_out` tries only the discard of a card no meld can take, when there is one
    (`_cards_that_cannot_be_melded`); trying every discard (`shortcuts=False`) must give the
    same answer."""
    from tutor.engine import goout
    rng = random.Random(11)
    asked = {True: 0, False: 0}
    for seed in range(120):
        rules = VARIANTS[seed % len(VARIANTS)]
        pos = tutor.deal(seed=seed, rules=rules)
        while pos.phase != "over":
            if pos.phase in ("drawn", "melded"):
                quick = goout.can_go_out(pos)
                assert goout.can_go_out(pos, shortcuts=False) == quick, pos.to_text()
                asked[quick] += 1
            pos = pos.play(rng.choice(tutor.legal_moves(pos)))
    assert asked[True] > 20 and asked[False] > 1000
