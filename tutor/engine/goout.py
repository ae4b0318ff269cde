"""Could the player to move still go out this turn? (`goout.binding` after "yes").

Going out this turn means: in the melds of one action, every card but at most one joins a
meld of the team, and the last (if any) is discarded. That is a small counting problem per
rank, so it is solved directly instead of by search:

- naturals of a rank the team has melded join that meld;
- naturals of a new rank need two of them and enough wild cards to make three;
- black threes form their own meld of three or four, only if the variant allows, and
  take no wild card (not even once that meld lies on the table);
- every wild card needs room in some meld (`meld.max-wilds`, variant `wilds`);
- the team needs a canasta at the end (`goout.canasta`); two with two or six players
  (`players.two-canastas`).

The first meld's minimum never stands in the way: a team that has not melded yet can only
be here after drawing from the stock, and going out concealed then needs no minimum — also
when the melds go down in several actions (`meld.initial`: a first meld below the minimum
is allowed while this function still answers yes after it).
"""
from __future__ import annotations

from .position import CANASTA_SIZE, Position, as_position


_last: list = [None, False]     # the last position asked about: legal_moves asks many times


def can_go_out(pos: Position, shortcuts: bool = True) -> bool:
    """True if the player to move (having drawn) can empty the hand by going out this turn.

    ``shortcuts=False`` is the reference path: every discard tried, none ruled out first by
    the cards no meld can take (`_cards_that_cannot_be_melded`); the same answer, slower
    (tests/test_generate_shortcuts.py compares the two)."""
    pos = as_position(pos)
    if not shortcuts:
        return _can_go_out(pos, shortcuts=False)
    if _last[0] is pos:
        return _last[1]
    answer = _can_go_out(pos)
    _last[0], _last[1] = pos, answer
    return answer


def _whole_canasta_in_hand(pos, hand, melds) -> bool:
    """`go-out-without-discard=whole-canasta`: can the hand lay a new meld of seven or more
    cards (a rank the team has no meld of, or one the player started this turn from the
    hand), at most three of them wild (`meld.max-wilds`)?"""
    own = {m.rank: len(m.cards) for m in melds}
    fresh = {r: n for r, n in own.items() if r in pos.started and pos.pile}
    wilds = sum(1 for c in hand if c.is_wild)
    counts: dict = {}
    for c in hand:
        if c.is_natural and c.rank != "3":
            counts[c.rank] = counts.get(c.rank, 0) + 1
    for rank, n in counts.items():
        if rank in own and rank not in fresh:
            continue
        if fresh.get(rank, 0) + n + min(3, wilds) >= 7 and (rank in fresh or n >= 2):
            return True
    return False


def _can_go_out(pos: Position, shortcuts: bool = True) -> bool:
    if pos.phase not in ("drawn", "melded") or pos.asked == "no":
        return False
    hand = pos.hand()
    melds = pos.team_melds(pos.team)
    rules = pos.rules
    stuck = _cards_that_cannot_be_melded(hand, melds, rules) if shortcuts else []
    if len(stuck) > 1:          # one discard cannot get rid of both
        return False
    for discard in stuck or dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(discard)
        if _can_meld_all(rest, melds, rules):
            return True
    if stuck:
        return False
    # no discard: the whole hand melded (goout.no-discard); under concealed-only it must be
    # a concealed going out, so only the player's own melds of this turn count — for room
    # for wild cards and for the canasta (goout.concealed)
    if rules.go_out_without_discard == "always":
        return _can_meld_all(list(hand), melds, rules)
    if rules.go_out_without_discard == "whole-canasta":
        return _whole_canasta_in_hand(pos, hand, melds) and _can_meld_all(list(hand), melds, rules)
    if _may_be_concealed(pos):
        own = [m for m in melds if m.rank in pos.started]
        return _can_meld_all(list(hand), own, rules)
    return False


def _cards_that_cannot_be_melded(hand, melds, rules) -> list:
    """Cards no meld of this turn can take, whatever else is discarded: red threes, a lone
    natural of a rank the team has not melded, black threes too few (or never) to meld."""
    counts: dict[str, int] = {}
    for c in hand:
        if c.is_natural and not c.is_red_three:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    melded = {m.rank for m in melds}
    stuck = []
    for c in hand:
        if c.is_red_three:
            stuck.append(c)
        elif c.is_natural and c.rank not in melded:
            n = counts[c.rank]
            if n < 2 or (c.rank == "3" and (n < 3 or rules.black_threes == "never")):
                stuck.append(c)
    return stuck


def _may_be_concealed(pos) -> bool:
    """Could a going out now still be concealed (`goout.concealed`)? The player melded nothing
    before, and no card of the hand has to join a meld from before this turn."""
    from .checks import _never_melded
    if not _never_melded(pos):
        return False
    ranks = {c.rank for c in pos.hand() if c.is_natural}
    return all(m.rank in pos.started for m in pos.team_melds(pos.team) if m.rank in ranks)


def _can_meld_all(cards, melds, rules) -> bool:
    counts: dict[str, int] = {}
    wilds = 0
    for c in cards:
        if c.is_wild:
            wilds += 1
        elif c.is_red_three:
            return False
        else:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    existing = {m.rank: m for m in melds}
    entries = []        # (size, wild room, wild cards required) of every meld after going out
    for rank, n in counts.items():
        meld = existing.get(rank)
        if rank == "3" and meld is None:
            if rules.black_threes == "never" or n < 3:
                return False
            entries.append((n, 0, 0))
            continue
        if meld is not None:
            naturals, held, size, required = meld.naturals + n, meld.wilds, len(meld.cards) + n, 0
        elif n < 2:
            return False
        else:
            naturals, held, size, required = n, 0, n, max(0, 3 - n)
        room = 0 if rank == "3" else rules.max_wilds(naturals) - held   # meld.threes: no wild
        if room < required:
            return False
        entries.append((size, room, required))
    for rank, meld in existing.items():
        if rank not in counts:
            room = 0 if rank == "3" else max(0, rules.max_wilds(meld.naturals) - meld.wilds)
            entries.append((len(meld.cards), room, 0))
    need = sum(e[2] for e in entries)
    if wilds < need or wilds > sum(e[1] for e in entries):
        return False
    needed = rules.format.canastas_to_go_out
    if sum(1 for m in melds if m.is_canasta) >= needed:
        return True
    # the wild cards to spare beyond those required must complete the canastas still wanted:
    # the cheapest melds first (for one canasta: any meld that can reach seven)
    costs = sorted(max(0, CANASTA_SIZE - size - required) for size, room, required in entries
                   if size + room >= CANASTA_SIZE)
    return len(costs) >= needed and sum(costs[:needed]) <= wilds - need
