"""What must always hold, whatever the cards (hypothesis): cards are conserved, the text
round-trips, and `legal_moves` agrees with `judge` in both directions."""
from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings, strategies as st

import tutor
from tutor.engine.moves import Group, Move
from hypothesis_tiers import examples

SETTINGS = settings(max_examples=examples(60), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _canonical(move: Move) -> str:
    """A move's text with the suits of natural cards forgotten (legal_moves lists those once)."""
    def key(c):
        return c.text if c.is_wild else c.rank
    groups = ";".join((g.rank or "") + ":" + " ".join(sorted(key(c) for c in g.cards))
                      for g in move.groups)
    return f"{move.kind} {groups}"


@st.composite
def positions(draw):
    """A position reached by seeded random play from a seeded deal, under random variants."""
    seed = draw(st.integers(0, 10_000))
    flags = draw(st.lists(st.sampled_from([
        "black-threes=never", "initial-minimum=off", "go-out-without-discard=concealed-only",
        "concealed=team", "wilds=not-outnumber", "red3-dealt=on-turn", "stock-out=ends",
        "red3-four=player"]),
        max_size=3, unique=True))
    steps = draw(st.integers(0, 120))
    pos = tutor.deal(seed=seed, rules=", ".join(flags) or "default")
    rng = random.Random(seed)
    for _ in range(steps):
        moves = tutor.legal_moves(pos)
        if not moves:          # the hand is over (a stuck hand is a failure, tested below)
            break
        pos = pos.play(rng.choice(moves))
    return pos


@SETTINGS
@given(positions())
def test_108_cards_are_conserved(pos):
    assert pos.card_count() == 108
    counts = {}
    for card in pos.all_cards():
        counts[card] = counts.get(card, 0) + 1
    assert all(n == tutor.engine.cards.COPIES[c] for c, n in counts.items())
    assert len(counts) == 53


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_a_hand_in_play_always_has_a_legal_move(pos):
    """No rule combination leaves the player to move stuck: until the hand is over, some
    move is legal (the positions come from random play under random variant flags)."""
    assert pos.phase == "over" or tutor.legal_moves(pos), pos.to_text()


@SETTINGS
@given(positions())
def test_text_round_trip(pos):
    assert tutor.Position.parse(pos.to_text()) == pos


@SETTINGS
@given(positions())
def test_every_listed_move_is_legal_and_play_follows_the_ruling(pos):
    for move in tutor.legal_moves(pos):
        ruling = tutor.judge(pos, move)
        assert ruling.legal, (str(move), ruling.rule, pos.to_text())
        # the ruling keeps the check that decided it (a plain meld's kept none)
        assert any(check is ruling.decisive for check in ruling.checks), str(move)
        after = pos.play(move)
        assert after.card_count() == 108


def _single_group_candidates(pos):
    """Every single-group move from the hand's cards (the brute-force space legal_moves covers)."""
    hand = pos.hand()
    yield Move("draw")
    yield Move("ask")
    yield Move("yes")
    yield Move("no")
    for card in set(hand):
        yield Move("discard", (Group((card,)),))
    uniq = sorted(set(hand), key=lambda c: c.order)
    pool = []
    for c in uniq:
        pool += [c] * min(hand.count(c), 3)
    seen = set()
    for size in range(0, 5):
        for combo in combinations(pool, size):
            if combo in seen:
                continue
            seen.add(combo)
            if size:
                yield Move("meld", (Group(combo),))
            yield Move("take", (Group(combo),) if combo else ())


@SETTINGS
@given(positions())
def test_every_legal_single_move_is_listed(pos):
    if len(pos.hand()) > 16:       # keep the brute force small
        return
    listed = {_canonical(m) for m in tutor.legal_moves(pos)}
    for move in _single_group_candidates(pos):
        if tutor.judge(pos, move).legal:
            assert _canonical(move) in listed, (str(move), pos.to_text())


@SETTINGS
@given(positions(), st.text(max_size=30))
def test_an_illegal_or_bad_move_changes_nothing(pos, text):
    before = pos.to_text()
    try:
        pos.play(text)
    except (tutor.IllegalMove, tutor.MoveError):
        pass
    assert pos.to_text() == before
