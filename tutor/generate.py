"""Every legal move of a position: one generator per phase, each candidate confirmed by `judge`.

Moves that differ only in the suits of natural cards count once (the first cards of each
rank in the sorted hand stand for all). Wild cards are told apart (a joker is not a two,
and twos are listed by suit). Melds and additions are listed one group at a time; an
action of several melds is listed only where no single meld would be legal because of the
first meld's minimum (`meld.initial`), and then only the smallest such combinations.
"""
from __future__ import annotations

from itertools import combinations

from .goout import can_go_out
from .judge import judge
from .moves import Group, Move
from .position import TEAM_INDEX, as_position

_DRAW, _ASK, _YES, _NO = Move("draw"), Move("ask"), Move("yes"), Move("no")


def legal_moves(pos) -> list:
    """The legal moves of `pos`, as `Move`s (``str(move)`` is the move's text)."""
    return [ruling.move for ruling in legal_rulings(pos)]


def legal_rulings(pos) -> list:
    """Every legal move of `pos` with its ruling (`.move`, `.after`, `.explain()`)."""
    pos = as_position(pos)
    if pos.phase == "over":
        return []
    if pos.asked == "pending":
        candidates = [_YES, _NO]
    elif pos.phase == "draw":
        candidates = [_DRAW] + _takes(pos)
    else:
        candidates = ([_ASK] if pos.phase == "drawn" and pos.asked == "-" else [])
        candidates += _melds(pos) + _discards(pos)
    short: list = []             # moves refused only for the first meld's minimum
    rulings = _legal(pos, candidates, short)
    if pos.asked != "pending" and not pos.team_melds(pos.team) \
            and pos.rules.initial_minimum == "on":
        rulings += _legal(pos, _first_meld_actions(pos, rulings, short))
    return rulings


def _legal(pos, candidates, short=None) -> list:
    seen, out = set(), []
    for move in candidates:
        if move not in seen:
            seen.add(move)
            ruling = judge(pos, move)
            if ruling.legal:
                out.append(ruling)
            elif short is not None and ruling.rule == "meld.initial":
                short.append(move)
    return out


def _first_meld_actions(pos, rulings, short) -> list:
    """Several-meld actions for a team's first meld: where no single meld or take reaches the
    minimum, the smallest combinations that do (built only from the moves that failed for
    the minimum alone); and whole-hand concealed going out."""
    kind = "take" if pos.phase == "draw" else "meld"
    hand = pos.hand()
    moves = []
    if short and not any(r.move.kind == kind and r.move.groups for r in rulings):
        moves += _with_extra_melds(pos, short, hand, kind)
    if kind == "meld" and can_go_out(pos):
        moves += _concealed_outs(hand)
    return moves


# ---- pieces of hands ---------------------------------------------------------------

def _by_rank(cards) -> tuple[dict, list]:
    naturals: dict[str, list] = {}
    wilds = []
    for c in cards:
        if c.is_wild:
            wilds.append(c)
        elif not c.is_red_three:
            naturals.setdefault(c.rank, []).append(c)
    return naturals, wilds


def _wild_choices(wilds, most: int) -> list:
    """Distinct multisets of up to `most` wild cards from `wilds` (sorted tuple)."""
    out = {()}
    for size in range(1, min(most, len(wilds)) + 1):
        out.update(combinations(wilds, size))
    return sorted(out, key=lambda w: (len(w), [c.order for c in w]))


# ---- the draw phase --------------------------------------------------------------------

def _takes(pos) -> list:
    top = pos.top
    if top is None or not top.is_natural or top.rank == "3":
        return []
    hand = pos.hand()
    naturals, wilds = _by_rank(hand)
    same = naturals.get(top.rank, [])
    moves = []
    for k in range(len(same) + 1):
        for w in _wild_choices(wilds, 3):
            moves.append(Move("take", (Group(tuple(same[:k]) + w),) if k or w else ()))
    return moves


# ---- the meld phase ----------------------------------------------------------------------

def _melds(pos) -> list:
    hand = pos.hand()
    team_melds = {m.rank: m for m in pos.team_melds(pos.team)}
    naturals, wilds = _by_rank(hand)
    wild_sets = _wild_choices(wilds, 3)
    moves = []
    for rank, cards in naturals.items():
        if rank in team_melds:
            for k in range(1, len(cards) + 1):
                for w in wild_sets:
                    moves.append(Move("meld", (Group(tuple(cards[:k]) + w),)))
        elif rank == "3":
            for k in (3, 4):
                if k <= len(cards):
                    moves.append(Move("meld", (Group(tuple(cards[:k])),)))
        else:
            for k in range(2, len(cards) + 1):
                for w in wild_sets:
                    if k + len(w) >= 3:
                        moves.append(Move("meld", (Group(tuple(cards[:k]) + w),)))
    for rank in team_melds:
        for w in wild_sets[1:]:
            moves.append(Move("meld", (Group(w, rank),)))
    return moves


def _concealed_outs(hand) -> list:
    """Actions that meld the whole hand (or all but one card) at once: going out concealed
    needs no first-meld minimum, so these can be legal where no smaller action is."""
    out = []
    for discard in [None] + list(dict.fromkeys(hand)):
        rest = list(hand)
        if discard is not None:
            rest.remove(discard)
        naturals, wilds = _by_rank(rest)
        if not naturals or any(len(cards) < 2 for cards in naturals.values()):
            continue
        options = {r: [tuple(cards) + w for w in _wild_choices(wilds, 0 if r == "3" else 3)]
                   for r, cards in naturals.items()}
        for groups in _pick(options, sorted(options), rest):
            if len(groups) > 1 and sum(len(g) for g in groups) == len(rest):
                out.append(Move("meld", tuple(Group(g) for g in groups)))
    return out


def _new_meld_options(hand, exclude_rank=None) -> dict:
    """Per rank, the new melds the hand could lay (naturals first, then with wild cards)."""
    naturals, wilds = _by_rank(hand)
    options = {}
    for rank, cards in naturals.items():
        if rank == exclude_rank or len(cards) < 2 or rank == "3":
            continue
        opts = []
        for k in range(2, len(cards) + 1):
            for w in _wild_choices(wilds, 3):
                if k + len(w) >= 3:
                    opts.append(tuple(cards[:k]) + w)
        options[rank] = opts
    return options


def _with_extra_melds(pos, singles, hand, kind) -> list:
    """Smallest several-meld actions that reach the first meld's minimum where no single one does."""
    minimum = pos.rules.initial_minimum_for(pos.score[TEAM_INDEX[pos.team]])
    top = pos.top if kind == "take" else None
    firsts = [m for m in singles if m.groups] if kind == "take" else [None]
    out = []
    for first in firsts:
        base = first.groups[0].cards if first else ()
        rest = list(hand)
        for c in base:
            rest.remove(c)
        base_points = sum(c.value for c in base) + (top.value if top else 0)
        options = _new_meld_options(rest, exclude_rank=top.rank if top else None)
        if kind == "meld":       # only ranks whose meld alone fell short of the minimum
            short_ranks = {next(c.rank for c in m.groups[0].cards if c.is_natural)
                           for m in singles}
            options = {r: o for r, o in options.items() if r in short_ranks}
        ranks = sorted(options)
        for size in range(1 if first else 2, min(len(ranks), 4) + 1):
            for chosen in combinations(ranks, size):
                for groups in _pick(options, chosen, rest):
                    points = base_points + sum(c.value for g in groups for c in g)
                    if points < minimum:
                        continue
                    # smallest: dropping any one group falls short
                    if any(points - sum(c.value for c in g) >= minimum for g in groups):
                        continue
                    head = (Group(base),) if first else ()
                    out.append(Move(kind, head + tuple(Group(g) for g in groups)))
    return out


def _pick(options, ranks, pool):
    """Every way to choose one option per rank without using a card twice."""
    if not ranks:
        yield ()
        return
    for opt in options[ranks[0]]:
        left = list(pool)
        try:
            for c in opt:
                left.remove(c)
        except ValueError:
            continue
        for more in _pick(options, ranks[1:], left):
            yield (opt,) + more


def _discards(pos) -> list:
    hand = pos.hand()
    seen, moves = set(), []
    for c in hand:
        key = c if c.is_wild else c.rank
        if key not in seen:
            seen.add(key)
            moves.append(Move("discard", (Group((c,)),)))
    return moves
