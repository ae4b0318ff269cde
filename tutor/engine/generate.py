"""Every legal move of a position: one generator per phase, each candidate decided by `judge` —
or, where judging each was most of the time, by the judge's own tests applied once: one
judgement for all discards (`_legal_discards`), the wild-card limit and the minimum for
one-group melds and takes when nothing else can refuse them (`_legal_melds`,
`_legal_takes`); takes the judge must refuse are not offered (`take_candidates`).
tests/test_generate_shortcuts.py keeps this equal to judging every candidate.

Moves that differ only in the suits of natural cards count once (the first cards of each
rank in the sorted hand stand for all). Wild cards are told apart (a joker is not a two,
and twos are listed by suit). Melds and additions are listed one group at a time; an
action of several melds is listed only where no single meld would be legal because of the
first meld's minimum (`meld.initial`), and then only the smallest such combinations. (A
concealed going out needs no such action: its first meld may be laid alone, below the
minimum, while the player can still go out this turn.)
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .goout import can_go_out
from .opening import has_opened
from .checks import MINIMUM_RULES, wilds_fit
from .judge import judge, judge_built
from .moves import Group, Move
from .position import as_position

_DRAW, _ASK, _YES, _NO = Move("draw"), Move("ask"), Move("yes"), Move("no")


def legal_moves(pos, shortcuts: bool = True) -> list:
    """The legal moves of `pos`, as `Move`s (``str(move)`` is the move's text).

    ``shortcuts=False`` is the reference path: every candidate judged by `judge`, none
    decided by the shortcuts below. It lists the same moves in the same order, only slower
    (tests/test_generate_shortcuts.py compares the two)."""
    return [move for move, _ in _legal_pairs(as_position(pos), shortcuts)]


def legal_rulings(pos) -> list:
    """Every legal move of `pos` with its ruling (`.move`, `.after`, `.explain()`)."""
    pos = as_position(pos)
    return [ruling if ruling is not None else judge(pos, move)
            for move, ruling in _legal_pairs(pos)]


def _legal_pairs(pos, shortcuts: bool = True) -> list:
    """(move, ruling) for every legal move; the ruling is None where the judge's verdict on
    another move decided this one too (see `_legal_discards`). Without `shortcuts` every
    candidate is judged."""
    if pos.phase == "over":
        return []
    if pos.asked == "pending":
        return _legal(pos, [_YES, _NO])
    short: list = []             # moves refused only for the first meld's minimum
    if pos.phase == "draw":
        takes = _legal_takes(pos, short) if shortcuts else _legal(pos, take_candidates(pos), short)
        pairs = _legal(pos, [_DRAW], short) + takes
    else:
        ask = [_ASK] if pos.phase == "drawn" and pos.asked == "-" else []
        if shortcuts:
            melds, discards = _legal_melds(pos, short), _legal_discards(pos)
        else:
            melds, discards = _legal(pos, meld_candidates(pos), short), _legal(pos, _discards(pos))
        pairs = _legal(pos, ask, short) + melds + discards
    if not has_opened(pos) and pos.rules.initial_minimum == "on":
        pairs += _legal(pos, _first_meld_actions(pos, [m for m, _ in pairs], short))
    if pos.phase != "draw" and pos.rules.format.canastas_to_go_out > 1 and can_go_out(pos):
        listed = {m for m, _ in pairs}
        pairs += _legal(pos, [m for m in _going_out_actions(pos) if m not in listed])
    return pairs


def _going_out_actions(pos) -> list:
    """Where going out needs two canastas (`players.two-canastas`), melding one group at a time
    may never get there: a group that completes one canasta and leaves one card is refused
    (`goout.keep-one`) while the second is missing. So the whole going out is also offered as
    one action: every card (or every card but the one to discard) laid at once, the wild
    cards completing the cheapest canastas first. The judge decides each."""
    hand = pos.hand()
    melds = {m.rank: m for m in pos.team_melds(pos.team)}
    rules = pos.rules
    moves = []
    for discard in [None] + list(dict.fromkeys(hand)):
        cards = list(hand)
        if discard is not None:
            cards.remove(discard)
        groups = _going_out_groups(cards, melds, rules)
        if groups:
            moves.append(Move("meld", tuple(groups)))
    return moves


def _going_out_groups(cards, melds, rules):
    """The groups that lay all of `cards` with `melds` reaching the canastas needed, wild
    cards placed greedily (new melds' third card first, then the cheapest canastas, then any
    room); None if that does not work out."""
    naturals, wilds = _by_rank(cards)
    if any(c.is_red_three for c in cards):
        return None
    plan = {}                       # rank -> [naturals, wilds, size before, room]
    for rank, same in naturals.items():
        meld = melds.get(rank)
        if meld is None and (len(same) < 2 or (rank == "3" and len(same) < 3)):
            return None
        held_n = meld.naturals if meld else 0
        held_w = meld.wilds if meld else 0
        room = 0 if rank == "3" else rules.max_wilds(held_n + len(same)) - held_w
        plan[rank] = [list(same), [], len(meld.cards) if meld else 0, room]
    for rank, meld in melds.items():
        if rank not in plan:
            room = 0 if rank == "3" else max(0, rules.max_wilds(meld.naturals) - meld.wilds)
            plan[rank] = [[], [], len(meld.cards), room]
    wilds = list(wilds)

    def give(rank, k):
        entry = plan[rank]
        while k and wilds and entry[3] > len(entry[1]):
            entry[1].append(wilds.pop())
            k -= 1
        return k == 0

    for rank, entry in plan.items():            # a new meld of two naturals needs a third card
        if entry[2] == 0 and len(entry[0]) < 3 and not give(rank, 3 - len(entry[0])):
            return None

    def size(entry):
        return entry[2] + len(entry[0]) + len(entry[1])

    need = rules.format.canastas_to_go_out - sum(1 for e in plan.values() if size(e) >= 7)
    for rank, entry in sorted(plan.items(), key=lambda item: 7 - size(item[1])):
        if need <= 0:
            break
        if size(entry) < 7 and give(rank, 7 - size(entry)) and size(entry) >= 7:
            need -= 1
    if need > 0:
        return None
    for rank in plan:                           # wild cards left over: wherever there is room
        give(rank, len(wilds))
    if wilds:
        return None
    groups = []
    for rank, (nat, wild, before, _) in plan.items():
        if nat or wild:
            groups.append(Group(tuple(nat + wild), rank if before and not nat else None, None))
    return groups


def _legal(pos, candidates, short=None) -> list:
    seen, out = set(), []
    for move in candidates:
        if move not in seen:
            seen.add(move)
            ruling = judge_built(pos, move)
            if ruling.legal:
                out.append((move, ruling))
            elif short is not None and ruling.rule in MINIMUM_RULES:
                short.append(move)
    return out


def _legal_melds(pos, short) -> list:
    """The legal one-group melds. Where only the wild-card limit and the first meld's minimum
    can refuse a group (`meld_shortcut`) and at least two cards stay in hand, the judge's
    own tests decide it, in the judge's order: `checks.wilds_fit`, then the minimum
    (a group short of it goes to `short`, as the judge would refuse it for `meld.initial`).
    Every other group is judged in full."""
    minimum = meld_shortcut(pos)
    if minimum is None:
        return _legal(pos, meld_candidates(pos), short)
    rules, hand_size, held = pos.rules, len(pos.hand()), _held(pos)
    out = []
    for rank, cards, aimed, wilds in _meld_groups(pos):
        if rank == "3" or hand_size - len(cards) < 2:     # black threes, going out, keep-one
            out += _legal(pos, [_meld_move(rank, cards, aimed)], short)
            continue
        naturals, wilds_before = held.get(rank, (0, 0))
        points = sum(c.value for c in cards) if minimum else 0
        verdict = _within_limits(rules, naturals + len(cards) - wilds, wilds_before + wilds,
                                 points, minimum)
        if verdict is not False:        # built only for the legal and the short ones
            _keep(out, short, _meld_move(rank, cards, aimed), verdict)
    return out


def _held(pos) -> dict:
    """(natural cards, wild cards) of each of the team's melds, by rank."""
    held = {}
    for m in pos.team_melds(pos.team):
        wilds = sum(1 for c in m.cards if c.is_wild)
        held[m.rank] = (len(m.cards) - wilds, wilds)
    return held


def _within_limits(rules, naturals: int, wilds: int, points: int, minimum: int):
    """The judge's last tests for a group nothing else can refuse, in the judge's order:
    the wild-card limit (`checks.wilds_fit`: False if broken), then the first meld's minimum
    (None if short: refused for `meld.initial`); True if both pass."""
    if not wilds_fit(rules, naturals, wilds):
        return False
    if minimum and points < minimum:
        return None
    return True


def _keep(out: list, short, move, verdict) -> None:
    """File a move `_within_limits` did not refuse outright: legal, or short of the minimum."""
    if verdict:
        out.append((move, None))
    elif short is not None:
        short.append(move)


def meld_shortcut(pos) -> int | None:
    """Can `_legal_melds` decide groups that leave two or more cards in hand without the
    judge? Not when the player must go out this turn (after "yes", `goout.binding`; after
    melding black threes, `meld.threes`; after a first meld below the minimum,
    `meld.initial`), nor for a team's first meld where the player can go out this turn (a
    group below the minimum is legal if going out stays possible after it): then None.
    Otherwise only the wild-card limit and the first meld's minimum can refuse such a
    group — the other checks pass by construction (the player's turn after drawing, cards
    from the hand, no red three, one rank, three cards and two naturals for a new meld, no
    going out) — and the answer is that minimum: 0 once the team has melded or under
    `initial-minimum=off`."""
    if pos.asked == "yes" or "3" in pos.started or pos.below_minimum:
        return None
    if has_opened(pos):
        return 0
    minimum = pos.rules.initial_minimum_for(pos.opening_score())
    if minimum and pos.phase != "draw" and can_go_out(pos):
        return None
    return minimum


def _legal_discards(pos) -> list:
    """The legal discards. While at least two cards are held, no discard ends the hand, and
    the discard checks (`turn.discard`, `goout.binding`, `meld.threes`, `meld.initial`)
    look at the card only to refuse a red three (`red3.no-meld`): so the judge's verdict on
    one discard is its verdict on every other card, and one judgement decides them all."""
    moves = _discards(pos)
    if len(pos.hand()) < 2:
        return _legal(pos, moves)
    reds = [m for m in moves if m.groups[0].cards[0].is_red_three]
    others = [m for m in moves if not m.groups[0].cards[0].is_red_three]
    pairs = _legal(pos, reds + others[:1])
    if others and pairs and pairs[-1][0] is others[0]:
        pairs += [(move, None) for move in others[1:]]
    return pairs


def _first_meld_actions(pos, legal, short) -> list:
    """Several-meld actions for a team's first meld: where no single meld or take is legal
    and some fell short of the minimum alone, the smallest combinations that reach it
    (built only from those). A concealed going out is laid one meld at a time: where the
    player can go out this turn, some single meld of it is legal below the minimum."""
    kind = "take" if pos.phase == "draw" else "meld"
    if short and not any(m.kind == kind and m.groups for m in legal):
        return _with_extra_melds(pos, short, pos.hand(), kind)
    return []


# ---- pieces of hands ---------------------------------------------------------------

def _by_rank(cards) -> tuple[dict, list]:
    naturals: dict[str, list] = {}
    wilds = []
    for c in cards:
        if c.is_wild:
            wilds.append(c)
        elif not c.is_red_three:
            same = naturals.get(c.rank)
            if same is None:
                naturals[c.rank] = [c]
            else:
                same.append(c)
    return naturals, wilds


def _wild_choices(wilds, most: int) -> list:
    """Distinct multisets of up to `most` wild cards from `wilds` (sorted tuple)."""
    return _wild_choices_of(tuple(wilds), most)


@lru_cache(maxsize=1024)
def _wild_choices_of(wilds: tuple, most: int) -> list:
    # cached: a hand holds few wild cards, so the same few tuples come back all game
    out = {()}
    for size in range(1, min(most, len(wilds)) + 1):
        out.update(combinations(wilds, size))
    return sorted(out, key=lambda w: (len(w), [c.order for c in w]))


# ---- the draw phase --------------------------------------------------------------------

def take_candidates(pos) -> list:
    """Takes offering k naturals of the top rank and some wild cards. Offers the judge is
    sure to refuse whatever else holds are left out: fewer than two naturals for a frozen
    pile (`pile.take.frozen`), and, for an unfrozen pile without the team's meld of that
    rank, less than a natural with a second card (`pile.take.unfrozen`, `meld.naturals`,
    `pile.take.whole`)."""
    top = pos.top
    if top is None or not top.is_natural or top.rank == "3":
        return []
    hand = pos.hand()
    naturals, wilds = _by_rank(hand)
    same = naturals.get(top.rank, [])
    frozen = bool(pos.frozen_cards) or not has_opened(pos)
    to_meld = pos.meld_of(pos.team, top.rank) is not None
    moves = []
    wild_sets = _wild_choices(wilds, 3)
    for k in range(len(same) + 1):
        for w in wild_sets:
            if (k < 2) if frozen else (not to_meld and (k == 0 or k + len(w) < 2)):
                continue
            moves.append(Move("take", (Group(tuple(same[:k]) + w),) if k or w else ()))
    return moves


def _legal_takes(pos, short) -> list:
    """The legal takes among `take_candidates`. Where only the wild-card limit and the first meld's
    minimum can refuse them (`take_shortcut`) and two or more cards stay in hand, the
    judge's own tests decide, in the judge's order (a take short of the minimum goes to
    `short`); every other take is judged in full."""
    moves = take_candidates(pos)
    minimum = take_shortcut(pos) if moves else None
    if minimum is None:
        return _legal(pos, moves, short)
    top, rules = pos.top, pos.rules
    naturals, wilds_before = _held(pos).get(top.rank, (0, 0))
    # the hand after a take: without the offered cards, with the pile under the top card
    # (its red threes are laid out, red3.from-pile)
    kept = len(pos.hand()) + sum(1 for c in pos.pile[:-1] if not c.is_red_three)
    out = []
    for move in moves:
        offered = move.groups[0].cards if move.groups else ()
        if kept - len(offered) < 2:                     # going out, keep-one: judged
            out += _legal(pos, [move], short)
            continue
        wilds = sum(1 for c in offered if c.is_wild)
        points = top.value + sum(c.value for c in offered)
        verdict = _within_limits(rules, naturals + len(offered) - wilds + 1,   # + the top
                                 wilds_before + wilds, points, minimum)
        if verdict is not False:
            _keep(out, short, move, verdict)
    return out


def take_shortcut(pos) -> int | None:
    """Can `_legal_takes` decide the takes `take_candidates` offers without the judge? Not if the
    player is bound to go out, the stock is empty (`hand.end.stock`) or the last card
    would take a one-card pile (`pile.one-card`): then None. Otherwise the pile checks
    pass (`take_candidates` offers a take only under a natural top that is no three), the frozen
    and unfrozen checks pass by `take_candidates`' own filter, and only the wild-card limit and
    the first meld's minimum remain: the answer is that minimum (0 once the team has
    melded, or under `initial-minimum=off`)."""
    if pos.asked != "-" or pos.started or not pos.stock:
        return None
    if len(pos.hand()) == 1 and len(pos.pile) == 1:
        return None
    return meld_shortcut(pos)


# ---- the meld phase ----------------------------------------------------------------------

def meld_candidates(pos) -> list:
    """Every one-group meld candidate, as `Move`s."""
    return [_meld_move(rank, cards, aimed) for rank, cards, aimed, _ in _meld_groups(pos)]


def _meld_move(rank, cards, aimed) -> Move:
    # tuple.__new__ skips the NamedTuple constructors' argument handling: a meld move is
    # built for every legal candidate, and this is most of the time it takes
    return _tuple_new(Move, ("meld", (_tuple_new(Group, (cards, rank if aimed else None, None)),),
                             None))


_tuple_new = tuple.__new__


def _meld_groups(pos):
    """(rank, cards, aimed, wild count) of every one-group meld candidate: naturals of a rank
    with up to three wild cards, black threes as three or four, wild cards aimed at a team
    meld."""
    hand = pos.hand()
    team_melds = {m.rank: m for m in pos.team_melds(pos.team)}
    naturals, wilds = _by_rank(hand)
    wild_sets = _wild_choices(wilds, 3)
    for rank, cards in naturals.items():
        if rank in team_melds:
            for k in range(1, len(cards) + 1):
                for w in wild_sets:
                    yield rank, tuple(cards[:k]) + w, False, len(w)
        elif rank == "3":
            for k in (3, 4):
                if k <= len(cards):
                    yield rank, tuple(cards[:k]), False, 0
        else:
            for k in range(2, len(cards) + 1):
                for w in wild_sets:
                    if k + len(w) >= 3:
                        yield rank, tuple(cards[:k]) + w, False, len(w)
    for rank in team_melds:
        for w in wild_sets[1:]:
            yield rank, w, True, len(w)


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
    minimum = pos.rules.initial_minimum_for(pos.opening_score())
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
            short_ranks = {next((c.rank for c in m.groups[0].cards if c.is_natural), None)
                           for m in singles}       # None: wild cards onto a meld (opening=player)
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
    """One discard per natural rank and per wild card in hand."""
    seen, moves = set(), []
    for c in pos.hand():
        key = c if c.is_wild else c.rank
        if key not in seen:
            seen.add(key)
            move = _DISCARD.get(c)
            if move is None:
                move = _DISCARD[c] = Move("discard", (Group((c,)),))
            moves.append(move)
    return moves


_DISCARD: dict = {}      # card -> its discard move (moves are values; there are 53 cards)
