"""Bookkeeping over the whole rulebook: every rule id of RULES.md is named in tests/rules,
the judge table (judge_cases.py) covers each move rule both ways, every case is filed
under one rule family, and random legal play from real deals keeps the rulebook's
invariants.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor
from rulebook_helpers import (RED3, RULE_IDS, WILD, cards_in, field, hand, melds, phase, pile,
                              rank, turn)
from judge_cases import CASES, FAMILIES, cases_of


def test_every_rule_id_has_a_permit_and_a_forbid_case_listed():
    """Bookkeeping of this file (not of the engine): the judge table above
    covers each move rule both ways; the other ids have tests below."""
    kinds = {}
    for c in CASES:
        kinds.setdefault(c[0], set()).add(c[4])
    both = {r for r, k in kinds.items() if k == {True, False}}
    for rid in ["turn.draw", "turn.meld", "turn.order", "turn.own-cards",
                "meld.size", "meld.naturals", "meld.max-wilds", "meld.wild-alone",
                "meld.wild-fixed", "meld.own-team", "meld.threes",
                "pile.take.top-natural", "pile.black-three", "pile.frozen.team",
                "pile.frozen.wild", "pile.take.frozen", "pile.take.unfrozen", "pile.empty",
                "pile.one-card", "goout.canasta", "goout.no-discard", "goout.keep-one",
                "goout.ask", "goout.binding"]:
        assert rid in both, rid


def test_bookkeeping_every_rulebook_id_is_named_in_these_tests():
    """Every id in the tables of RULES.md (docs/RULES.md, the project's copy of the shared
    rulebook) appears literally in tests/rules."""
    import os
    import re as _re
    from rulebook_helpers import RULE_IDS
    here = os.path.dirname(os.path.abspath(__file__))
    src = "".join(open(os.path.join(here, f)).read() for f in os.listdir(here)
                  if (f.startswith("test_") and f.endswith(".py")) or f == "judge_cases.py")
    path = os.path.join(here, "..", "..", "docs", "RULES.md")
    ids = {i for i in _re.findall(r"^\| `([a-z0-9.\-]+)` \|", open(path).read(), _re.M)
           if "." in i or i == "game.end"}
    assert ids == RULE_IDS, ids ^ RULE_IDS
    missing = [i for i in sorted(RULE_IDS) if '"%s' % i not in src]
    assert not missing, missing


# ---------------------------------------------------------------------------
# Invariants of the rulebook along random legal play from real deals
# ---------------------------------------------------------------------------

def _all_cards_of(pos):
    out = []
    for key in ("N", "E", "S", "W", "NS", "EW", "NS red3", "EW red3", "pile", "stock",
                "N red3", "E red3", "S red3", "W red3"):        # the last: red3-four=player
        out += cards_in(field(pos, key))
    return out


def _check_invariants(pos, where):
    from collections import Counter
    cards = _all_cards_of(pos)
    # deck.cards: every card of the 108 somewhere, none more often than the deck holds
    assert len(cards) == 108, ("deck.cards", where, len(cards))
    cnt = Counter(cards)
    assert all(n <= (4 if c == "JK" else 2) for c, n in cnt.items()), ("deck.cards", where)
    for s in "NESW":
        assert not any(c in RED3 for c in hand(pos, s)), ("red3.no-meld", where, s)
    for team in ("NS", "EW"):
        ranks = []
        for m in melds(pos, team):
            assert not any(c in RED3 for c in m), ("red3.no-meld", where, m)
            nat = [c for c in m if c not in WILD]
            wild = [c for c in m if c in WILD]
            assert len(m) >= 3, ("meld.size", where, m)
            assert len(nat) >= 2, ("meld.naturals", where, m)
            assert len(wild) <= 3, ("meld.max-wilds", where, m)
            assert len({rank(c) for c in nat}) == 1, ("meld.size", where, m)
            if rank(nat[0]) == "3":
                assert not wild, ("meld.threes", where, m)
            ranks.append(rank(nat[0]))
        assert len(ranks) == len(set(ranks)), ("meld.one-per-rank", where, team, ranks)


NEXT = {"N": "E", "E": "S", "S": "W", "W": "N"}


@pytest.mark.parametrize("seed", range(6), ids=["invariants-seed%d" % s for s in range(6)])
def test_random_legal_play_keeps_the_rulebook_invariants(seed, rules="default"):
    import random
    rnd = random.Random(seed)
    pos = tutor.deal(seed=seed, rules=rules)
    _check_invariants(pos, "deal")
    for step in range(120):
        if phase(pos) == "over":
            break
        moves = list(tutor.legal_moves(pos))
        assert moves, ("a position that is not over has a legal move", step)
        # prefer melds and takes now and then, so that the hand develops
        m = rnd.choice(moves)
        seat = turn(pos)[0]
        after = pos.play(m)
        text = str(m)
        where = "seed %d step %d %s: %s" % (seed, step, seat, text)
        _check_invariants(after, where)
        if text.startswith("discard") and phase(after) != "over":
            card = cards_in(text)[0]
            assert pile(after)[-1] == card, ("turn.discard", where)
            assert turn(after) == (NEXT[seat], "draw"), ("deal.order", where)
        pos = after


@pytest.mark.parametrize("seed", range(3),
                         ids=["invariants-red3-four-player-seed%d" % s for s in range(3)])
def test_random_legal_play_under_red3_four_player_keeps_the_invariants(seed):
    """`red3-four=player` (RULES.md, "Variant flags"): the same invariants, no team line of
    red threes, and every red three laid (`red3.dealt`, `red3.drawn`, `red3.from-pile`) lies
    in the line of the seat that laid it."""
    import random
    test_random_legal_play_keeps_the_rulebook_invariants(seed, rules="red3-four=player")
    rnd = random.Random(seed)
    pos = tutor.deal(seed=seed, rules="red3-four=player, red3-dealt=on-turn")
    for step in range(150):
        if phase(pos) == "over":
            break
        seat = turn(pos)[0]
        after = pos.play(rnd.choice(list(tutor.legal_moves(pos))))
        assert field(after, "NS red3") is None and field(after, "EW red3") is None
        for other in "NESW":
            grew = len(cards_in(field(after, other + " red3"))) - len(
                cards_in(field(pos, other + " red3")))
            assert grew >= 0 and (grew == 0 or other == seat), ("red3.score", seed, step, other)
        pos = after


def test_every_judge_case_is_filed_under_exactly_one_rule_family():
    """Bookkeeping of the split by rule family: each case of judge_cases.CASES is run by
    exactly one family module (the one whose prefixes its rule id starts with), and each
    family module asks for its own prefixes."""
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    for case in CASES:
        homes = [f for f, prefixes in FAMILIES.items() if case[0].startswith(prefixes)]
        assert len(homes) == 1, (case[0], case[1], homes)
    assert sum(len(cases_of(*prefixes)) for prefixes in FAMILIES.values()) == len(CASES)
    for f, prefixes in FAMILIES.items():
        src = open(os.path.join(here, f)).read()
        assert ("TestJudgeTable = judge_table_tests(%s)" % ", ".join('"%s"' % p for p in prefixes)
                in src), f
