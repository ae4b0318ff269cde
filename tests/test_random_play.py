"""A seeded random-play run of complete hands: no error inside the engine, 108 cards always,
every hand ends (by going out or an empty stock) and can be scored."""
from __future__ import annotations

import random

import pytest

import tutor

pytestmark = pytest.mark.slow        # the 1000 hands: bash scripts/test.sh runs it

HANDS = 1000


def test_a_thousand_random_hands():
    rng = random.Random(2026)
    outs = stock_ends = 0
    for seed in range(HANDS):
        pos = tutor.deal(seed=seed)
        for _ in range(3000):
            if pos.phase == "over":
                break
            moves = tutor.legal_moves(pos)
            assert moves, pos.to_text()
            pos = pos.play(rng.choice(moves))
        assert pos.phase == "over", f"hand {seed} did not end"
        assert pos.card_count() == 108
        sheet = tutor.score_hand(pos)
        assert sum(points for _, points in sheet["NS"].lines) == sheet["NS"].total
        if pos.out:
            outs += 1
            assert any(rule == "score.going-out" for rule, _ in sheet[pos.team].lines)
        else:
            stock_ends += 1
    assert outs + stock_ends == HANDS
    assert outs > 0 and stock_ends > 0
