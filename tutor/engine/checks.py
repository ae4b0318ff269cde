"""One check per rule id, and the plan of what a legal move does.

Glossary (see position.py for more): *natural* card = not wild (4–A and threes); *wild* =
joker or two; *frozen* pile = takeable only with a natural pair of the top rank;
*concealed* going out = the whole hand melded in one turn with a canasta, the player
having melded nothing before (`goout.concealed`); *mixed* canasta = one with a wild card.

Each check returns a `Check(rule, ok, key, fields, cards)`; `key` names a message template
in explain.py, `fields` fills it. A key ending in "!" marks a passed check worth citing
when a legal move is explained.
"""
from __future__ import annotations

from .cards import MELD_RANKS, sort_cards
from .formats import FOUR
from .position import CANASTA_SIZE, Meld, Position, zone_seats
from .ruling import Check
from .opening import has_opened, per_player


def remove(hand: tuple, cards) -> tuple | None:
    """`hand` without `cards` (a multiset difference), or None if a card is missing."""
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            return None
    return tuple(left)


class Plan:
    """What a legal move changes; `apply_plan` turns it into the next position.

    The defaults are class attributes: a plan is made for every move judged, and most
    moves change only a few of these."""

    melds = None             # the team's melds after the move
    laid = ()                # (rank, cards laid) per group
    points = 0               # point value of the cards melded (meld.initial)
    touched_old = False      # added to a meld that existed before this turn
    touched = ()             # the ranks of those melds
    below_minimum = False    # a first meld below the minimum, allowed while a concealed
                             # going out this turn stays possible (meld.initial)
    new_ranks = ()           # melds started by this move
    out = False
    concealed = False
    black_threes = False
    pile_red3 = ()
    mixed_now = ()           # ranks of natural canastas this move made mixed
    merged = ()              # ranks whose cards joined an existing meld
    taking = False
    after = None             # the position after the move, once built (after_plan)

    def __init__(self, kind, hand=None):
        self.kind = kind
        self.hand = hand


# ---- moves of any kind -----------------------------------------------------------

def hand_over(pos: Position) -> Check:
    if pos.out:
        return Check("hand.end.out", False, "hand.end.out/over", {"seat": pos.out})
    if pos.stock:                       # a staged end: nobody went out, yet cards are left
        return Check("hand.end.stock", False, "hand.end.stock/over-staged", {})
    return Check("hand.end.stock", False, "hand.end.stock/over", {})


def turn_order(pos, seat, expected, answering=False) -> Check | None:
    if seat == expected:
        return None
    if seat not in pos.format.seats:        # a seat of another table: nobody sits there
        return Check("turn.order", False, "turn.order/no-seat",
                     {"seat": seat, "seats": " ".join(pos.format.seats)})
    key = "turn.order/answer" if answering else "turn.order/not-yours"
    if answering and len(pos.format.partners(pos.turn)) > 1:    # a team of three: the next one
        key = "turn.order/answer-next"
    return Check("turn.order", False, key, {"seat": seat, "expected": expected, "turn": pos.turn})


def question_pending(pos) -> Check:
    return Check("goout.ask", False, "goout.ask/pending", {"partner": pos.actor})


def answer_needs_question(pos, move) -> Check:
    if pos.asked == "pending":
        return Check("goout.ask", True, "goout.ask/answer", {"answer": move.kind})
    if pos.asked in ("yes", "no"):      # asked and answered: the answer binds (goout.binding)
        return Check("goout.binding", False, "goout.binding/answered",
                     {"answer": move.kind, "given": pos.asked, "turn": pos.turn,
                      "partner": pos.format.answerer(pos.turn)})
    return Check("turn.order", False, "turn.order/nobody-asked", {"answer": move.kind,
                                                                  "turn": pos.turn})


def turn_draw_phase(trial) -> Check | None:
    """`turn.draw`: a turn starts with drawing or taking the pile, and only once."""
    kind, phase = trial.move.kind, trial.pos.phase
    if kind in ("draw", "take"):
        if phase != "draw":
            return Check("turn.draw", False, "turn.draw/already", {"kind": kind})
        return None
    if phase == "draw":
        return Check("turn.draw", False, "turn.draw/first", {"kind": kind})
    return None


def red_threes_stay_out(trial) -> Check | None:
    """`red3.no-meld`: red threes are never melded, held or discarded."""
    for c in trial.cards:
        if c.is_red_three:
            red = tuple(c for c in trial.cards if c.is_red_three)
            key = ("red3.no-meld/played-on-turn" if trial.pos.rules.red3_dealt == "on-turn"
                   else "red3.no-meld/played")
            return Check("red3.no-meld", False, key, {"cards": red}, red)
    return None


def own_cards(trial) -> Check | None:
    """`turn.own-cards`: only cards from the own hand, each once."""
    cards = trial.cards
    trial.rest = remove(trial.hand, cards)
    if trial.rest is not None:
        return None
    missing = list(cards)
    for card in trial.hand:
        if card in missing:
            missing.remove(card)
    if trial.move.kind == "meld":
        team_wilds = [c for m in trial.pos.team_melds(trial.team) for c in m.cards if c.is_wild]
        if any(c.is_wild and c in team_wilds for c in missing):
            return Check("meld.wild-fixed", False, "meld.wild-fixed/melded", {"cards": missing},
                         tuple(missing))
    return Check("turn.own-cards", False, "turn.own-cards/missing",
                 {"cards": missing, "hand": trial.hand}, tuple(missing))


# ---- drawing and the empty stock ---------------------------------------------------

def draw_ok(trial) -> Check:
    """`turn.draw`; a red three on the stock is laid out and replaced (`red3.drawn`), and if
    only red threes are left the hand ends (`hand.end.stock`). Two players draw two cards
    (`players.draw-two`)."""
    stock = trial.pos.stock
    if trial.pos.rules.format.draw_count > 1:
        return _draw_several(trial, trial.pos.rules.format.draw_count)
    if stock[0].is_red_three:
        reds = []
        for c in stock:
            if not c.is_red_three:
                break
            reds.append(c)
        reds = tuple(reds)
        fields = {"card": reds[0], "cards": reds}
        if len(reds) == len(stock):
            return Check("hand.end.stock", True, "hand.end.stock/red3-last" if len(reds) == 1
                         else "hand.end.stock/red3-last-several", fields, reds)
        return Check("red3.drawn", True, "red3.drawn/again" if len(reds) == 1
                     else "red3.drawn/again-several", fields, reds)
    left = len(stock) - 1
    if trial.pos.rules.red3_dealt == "on-turn":
        left = _left_after_red3(sum(1 for c in trial.hand if c.is_red_three), stock[1:])
    return Check("turn.draw", True, "turn.draw/ok", {"stock": len(stock), "left": left})


def _draw_several(trial, count: int) -> Check:
    """`players.draw-two`: the cards drawn one after the other, each red three among them laid
    out and replaced while the stock lasts; a draw that brings no card but red threes ends
    the hand (`hand.end.stock`)."""
    stock = trial.pos.stock
    drawn, reds, _ = drawn_from(stock, count)
    fields = {"count": count, "drawn": len(drawn), "cards": reds, "card": reds[0] if reds else None}
    if not drawn:
        return Check("hand.end.stock", True, "hand.end.stock/red3-last" if len(reds) == 1
                     else "hand.end.stock/red3-last-several", fields, reds)
    left = len(stock) - len(drawn) - len(reds)
    if trial.pos.rules.red3_dealt == "on-turn":
        left = _left_after_red3(sum(1 for c in trial.hand if c.is_red_three),
                                stock[len(drawn) + len(reds):])
    fields.update(stock=len(stock), left=left)
    key = "players.draw-two/ok" if len(drawn) == count else "players.draw-two/short"
    if reds:
        key += "-red3"
    if len(drawn) == count and trial.pos.rules.format.has_lone_hand:
        key += "-cutthroat"
    return Check("players.draw-two", True, key, fields, reds)


def drawn_from(stock, count: int) -> tuple:
    """The cards a draw of `count` takes from `stock` (top first): ``(drawn, red threes laid
    out, cards used)``; each red three is replaced from the stock while it lasts
    (`red3.drawn`, `players.draw-two`)."""
    drawn, reds, used = [], [], 0
    while len(drawn) < count and used < len(stock):
        card = stock[used]
        used += 1
        (reds if card.is_red_three else drawn).append(card)
    return tuple(drawn), tuple(reds), used


def _left_after_red3(held: int, stock) -> int:
    """How many cards are left in `stock` after `held` red threes are laid out, each
    replaced from it while it lasts, a red three drawn as a replacement too (as
    `_lay_out_red3` does)."""
    used = 0
    while held and used < len(stock):
        held -= 1
        if stock[used].is_red_three:
            held += 1
        used += 1
    return len(stock) - used


def red3_on_turn(trial) -> None:
    """`red3.dealt`, variant on-turn: red threes held are laid out in this turn's draw or take
    (recorded to be explained; it never refuses a move), replaced from what is left of the
    stock (`stock`: after the draw)."""
    if trial.pos.rules.red3_dealt == "on-turn":
        held = tuple(c for c in trial.hand if c.is_red_three)
        if held:
            stock = trial.pos.stock
            if trial.move.kind == "draw":           # the red threes drawn, then the card drawn
                stock = stock[next((k for k, c in enumerate(stock) if not c.is_red_three),
                                   len(stock)) + 1:]
            trial.checks.append(Check("red3.dealt", True, "red3.dealt/on-turn!",
                                      {"cards": held, "stock": len(stock)}, held))


def stock_out_draw(trial) -> Check:
    """`hand.end.stock`: drawing from an empty stock ends the hand, unless taking is forced."""
    pos = trial.pos
    if pos.rules.stock_out == "must-take" and _take_is_forced(pos, trial.team):
        return Check("hand.end.stock", False, "hand.end.stock/must-take",
                     {"top": pos.top}, (pos.top,))
    return Check("hand.end.stock", True, "hand.end.stock/ends" if pos.rules.stock_out == "must-take"
                 else "hand.end.stock/ends-at-once", {})


def _take_is_forced(pos, team) -> bool:
    top = pos.top
    if top is None or not top.is_natural or top.rank == "3" or pos.frozen_cards:
        return False
    if pos.meld_of(team, top.rank) is None:
        return False
    from .judge import judge
    return judge(pos, "take").legal


def stock_out_take(trial) -> Check | None:
    if not trial.pos.stock and trial.pos.rules.stock_out == "ends":
        return Check("hand.end.stock", False, "hand.end.stock/ends-variant", {})
    return None


# ---- taking the pile ---------------------------------------------------------------

def pile_empty(trial) -> Check | None:
    if not trial.pos.pile:
        return Check("pile.empty", False,
                     "pile.empty/empty" if trial.pos.stock else "pile.empty/no-stock", {})
    return None


def pile_black_three(trial) -> Check | None:
    top = trial.pos.top
    if top.is_black_three:
        return Check("pile.black-three", False, "pile.black-three/blocked", {"top": top}, (top,))
    return None


def pile_top_natural(trial) -> Check | None:
    top = trial.pos.top
    if top.is_wild or top.is_red_three:
        return Check("pile.take.top-natural", False, "pile.take.top-natural/wild", {"top": top},
                     (top,))
    return None


def pile_one_card(trial) -> Check | None:
    if len(trial.hand) == 1 and len(trial.pos.pile) == 1:
        return Check("pile.one-card", False, "pile.one-card/one", {"card": trial.hand[0],
                                                                   "top": trial.pos.top})
    return None


def take_group_aim(trial) -> Check | None:
    """The cards offered with the top card must be of its rank or wild, for the own team."""
    group = trial.move.groups[0] if trial.move.groups else None
    if group is None:
        return None
    top = trial.pos.top
    trial.need(named_side(trial, group))
    if group.team and group.team != trial.team and not _partner_named(trial, group):
        return Check("meld.own-team", False, "meld.own-team/theirs",
                     {"team": group.team, "rank": group.rank or top.rank})
    odd = tuple(c for c in group.cards if c.is_natural and c.rank != top.rank)
    if odd:
        return Check("meld.size", False, "meld.size/take-rank", {"top": top, "cards": odd}, odd)
    if group.rank and group.rank != top.rank:       # `take Q: …` under a king
        return Check("meld.size", False, "meld.size/take-aim", {"top": top, "rank": group.rank},
                     (top,))
    return None


def _offered(trial) -> tuple:
    """The cards a take offers from hand to meld with the top card."""
    return trial.move.groups[0].cards if trial.move.groups else ()


def take_wilds_only(trial) -> Check | None:
    """`meld.naturals`: the top card with wild cards only is never a meld, frozen or not."""
    pos = trial.pos
    offered = _offered(trial)
    if (offered and all(c.is_wild for c in offered) and len(offered) >= 2
            and pos.meld_of(trial.team, pos.top.rank) is None):
        return Check("meld.naturals", False, "meld.naturals/take-wilds",
                     {"top": pos.top, "offered": offered, "rank": pos.top.rank},
                     (pos.top,) + tuple(offered))
    return None


def take_frozen(trial) -> Check | None:
    """`pile.take.frozen`: a frozen pile needs two naturals of the top rank from hand."""
    pos = trial.pos
    crosswise = pos.frozen_cards
    if crosswise:                                   # frozen for everybody
        cause, fields = "pile.frozen.wild", {"frozen_by": crosswise}
    elif not has_opened(pos):                       # frozen for a team that has not melded
        cause, fields = "pile.frozen.team", {"team": trial.team, "player": per_player(pos)}
    else:
        return None
    top = pos.top
    offered = _offered(trial)
    naturals = tuple(c for c in offered if c.is_natural and c.rank == top.rank)
    fields.update(top=top, offered=offered, naturals=len(naturals), rank=top.rank)
    key = cause + ("/frozen-player!" if fields.get("player") else "/frozen!")
    trial.checks.append(Check(cause, True, key, fields, crosswise))
    if len(naturals) >= 2:
        return Check("pile.take.frozen", True, "pile.take.frozen/ok", fields, (top,) + naturals)
    return Check("pile.take.frozen", False, "pile.take.frozen/short", fields, (top,) + offered)


def take_unfrozen(trial) -> Check:
    """`pile.take.unfrozen`: a pair from hand (two naturals, or a natural and a wild), or the team's meld."""
    pos = trial.pos
    top = pos.top
    offered = _offered(trial)
    naturals = sum(1 for c in offered if c.is_natural)
    wilds = len(offered) - naturals
    fields = {"top": top, "offered": offered, "rank": top.rank, "naturals": naturals,
              "wilds": wilds}
    if pos.meld_of(trial.team, top.rank) is not None:
        return Check("pile.take.unfrozen", True, "pile.take.unfrozen/to-meld", fields, (top,))
    if naturals >= 2 or (naturals >= 1 and wilds >= 1):
        return Check("pile.take.unfrozen", True, "pile.take.unfrozen/pair", fields,
                     (top,) + tuple(offered))
    if naturals == 0 and wilds >= 2:
        return Check("meld.naturals", False, "meld.naturals/take-wilds", fields, (top,) + offered)
    if not offered:
        return Check("pile.take.whole", False, "pile.take.whole/keep-top", fields, (top,))
    return Check("pile.take.unfrozen", False, "pile.take.unfrozen/short", fields, (top,) + offered)


# ---- laying melds --------------------------------------------------------------------

def lay_groups(trial, taking: bool) -> Plan:
    """Validate every group of a take or meld and work out the team's melds after it."""
    pos, team = trial.pos, trial.team
    plan = Plan("take" if taking else "meld")
    plan.taking = taking
    melds = list(pos.team_melds(team))
    old_ranks = {m.rank for m in melds}
    where = {m.rank: i for i, m in enumerate(melds)}    # a rank's meld: the last (the mover's)
    started = set(pos.started)
    laid, new_ranks, merged, mixed_now, touched = [], [], [], [], []
    sizes = {}               # rank -> its meld's size before this action (canasta.size)
    for i, group in enumerate(trial.move.groups or ((),)):
        cards = tuple(group.cards) if group else ()
        if taking and i == 0:
            cards = (pos.top,) + cards
        rank = _aim(trial, group, cards, i)
        if group and group.team and group.team != team and rank is not None:
            where[rank] = _named_meld(pos, team, group.team, rank, where.get(rank))
        existing = melds[where[rank]] if rank in where else None
        if rank == "3":
            trial.need(_black_threes(pos.rules, cards))
            plan.black_threes = True
        if existing is None and not any(c.is_natural for c in cards):
            theirs = _theirs(pos, team, rank) is not None
            trial.need(Check("meld.wild-alone", False, "meld.wild-alone/no-meld",
                             {"cards": cards, "rank": rank, "theirs": theirs,
                              "later": rank in _later_ranks(trial, i)}, cards))
        if rank not in sizes:
            sizes[rank] = len(existing.cards) if existing is not None else 0
        if existing is not None:
            melds[where[rank]] = _join(trial, existing, cards)
            if rank not in started and rank not in touched:  # a meld from before this turn
                touched.append(rank)
            if existing.is_natural_canasta and any(c.is_wild for c in cards):
                mixed_now.append(rank)
            merged.append(rank)
        else:
            melds.append(_start(trial, rank, cards, aimed=bool(group and group.rank)))
            where[rank] = len(melds) - 1
            new_ranks.append(rank)
            started.add(rank)
        laid.append((rank, cards))
        plan.points += sum(c.value for c in cards)
    if merged:
        joined = list(dict.fromkeys(r for r in merged if r in old_ranks))  # once a rank; not laid now
        if joined:
            pos = trial.pos             # a cutthroat partnership may hold two melds of a rank
            key = ("meld.one-per-rank/joined-partners!" if pos.rules.format.has_lone_hand
                   and pos.format.partners(pos.turn) else "meld.one-per-rank/joined!"
                   if len(joined) == 1 else "meld.one-per-rank/joined-several!")
            cards = tuple(c for r, laid_cards in laid if r in joined for c in laid_cards)
            trial.checks.append(Check("meld.one-per-rank", True, key, {"ranks": joined,
                                                                       "cards": cards}))
    if plan.black_threes:
        trial.checks.append(Check("meld.threes", True, "meld.threes/ok!", {}))
    for rank, size in sizes.items():            # a meld of this action became a canasta
        meld = melds[where[rank]]
        if size < CANASTA_SIZE <= len(meld.cards):
            trial.checks.append(Check("canasta.size", True, "canasta.size/complete!",
                                  {"rank": rank, "size": len(meld.cards),
                                   "mixed": meld.wilds > 0}))
        elif size >= CANASTA_SIZE:              # a canasta grows: melds have no upper limit
            trial.checks.append(Check("canasta.size", True, "canasta.size/grows!",
                                  {"rank": rank, "size": len(meld.cards),
                                   "mixed": meld.wilds > 0}))
    plan.melds = tuple(melds)
    plan.laid, plan.new_ranks, plan.merged = tuple(laid), tuple(new_ranks), tuple(merged)
    plan.mixed_now = tuple(mixed_now)
    if touched:
        plan.touched, plan.touched_old = tuple(touched), True
    plan.hand = _hand_after(trial, plan)
    return plan


def _named_meld(pos, team, seat, rank, default):
    """Cutthroat: the meld of `rank` a group names by its player (``W K: KD``), where a
    partnership holds one each (`players.cutthroat`); else the side's own."""
    i = 0
    for s in zone_seats(pos, team):
        for meld in pos.melds[pos.rules.side_index[s]]:
            if s == seat and meld.rank == rank:
                return i
            i += 1
    return default


def _partner_named(trial, group) -> bool:
    """Does a group's side name one of the player's partners' seats (cutthroat: the melds of a
    partnership stay with the player who laid them, `players.cutthroat`)?"""
    return group.team in trial.pos.format.seats_of(trial.team) and trial.pos.format.has_partners \
        and trial.pos.rules.format.has_lone_hand


def _later_ranks(trial, i: int) -> set:
    """The ranks of the natural cards in the groups after group `i` of the move: the groups
    of one action are laid left to right, each judged where it is laid (NOTATION.md)."""
    return {c.rank for g in trial.move.groups[i + 1:] for c in g.cards if c.is_natural}


def named_side(trial, group) -> Check | None:
    """`meld.own-team`: a meld named by its side (`NS K: 2C`) names a side of this table (a
    cutthroat player's own zone by the seat); a name from another table names nobody's meld."""
    name, pos = group.team, trial.pos
    if name is None or name in pos.format.sides or (
            pos.rules.format.has_lone_hand and name in pos.format.seats):
        return None
    return Check("meld.own-team", False, "meld.own-team/no-side",
                 {"name": name, "sides": ", ".join(pos.format.sides)})


def _aim(trial, group, cards, i: int = 0) -> str:
    """The rank a group is laid on: its `K:` target or its naturals' rank (`meld.own-team`,
    `meld.size` for mixed ranks, `meld.wild-alone` for wild cards with no rank)."""
    target = group.rank if group else None
    if group:
        trial.need(named_side(trial, group))
    if group and group.team and group.team != trial.team and not _partner_named(trial, group):
        trial.need(Check("meld.own-team", False, "meld.own-team/theirs",
                     {"team": group.team, "rank": target}))
    ranks = {c.rank for c in cards if c.is_natural}
    if len(ranks) > 1 or (target and ranks and target not in ranks):
        trial.need(Check("meld.size", False, "meld.size/mixed-ranks",
                         {"ranks": sorted(ranks | ({target} if target else set()))}, cards))
    rank = target or (next(iter(ranks)) if ranks else None)
    if rank is None:
        trial.need(Check("meld.wild-alone", False, "meld.wild-alone/alone",
                         {"cards": cards, "team_melds": bool(trial.pos.team_melds(trial.team)),
                          "later": bool(_later_ranks(trial, i))}, cards))
    return rank


def _join(trial, existing: Meld, cards) -> Meld:
    """Cards joining the team's meld of their rank (`meld.one-per-rank`, `meld.max-wilds`)."""
    meld = existing.plus(cards)
    trial.need(_wild_limit(trial.pos.rules, meld, cards, added=True))
    return meld


def _start(trial, rank: str, cards, aimed: bool = False) -> Meld:
    """A new meld: three cards or more (`meld.size`), two naturals (`meld.naturals`), the
    wild-card limit; black threes only as three or four (`meld.threes`). Cards aimed at a
    meld of the rank (`meld Q: QC`) that only the opponents have: `meld.own-team`."""
    if len(cards) < 3 and rank == "3":
        trial.need(Check("meld.threes", False, "meld.threes/short", {"cards": cards}, cards))
    if len(cards) < 3:
        holder = _theirs(trial.pos, trial.team, rank)
        theirs = holder is not None
        other = holder or trial.pos.format.other_sides(trial.team)[0]
        fields = {"cards": cards, "rank": rank, "team": other, "own": trial.team,
                  "size": len(cards)}
        if theirs and aimed:
            trial.need(Check("meld.own-team", False, "meld.own-team/theirs", fields, cards))
        trial.need(Check("meld.size", False, "meld.size/short-theirs" if theirs else "meld.size/short",
                         fields, cards))
    naturals = sum(1 for c in cards if c.is_natural)
    if naturals < 2:
        trial.need(Check("meld.naturals", False, "meld.naturals/one",
                         {"cards": cards, "rank": rank, "naturals": naturals}, cards))
    meld = Meld(rank, sort_cards(cards))
    trial.need(_wild_limit(trial.pos.rules, meld, cards, added=False))
    return meld


def _hand_after(trial, plan: Plan) -> tuple:
    """The hand after the move: without its cards; a take adds the pile under the top card,
    its red threes laid out instead (`red3.from-pile`)."""
    hand = list(trial.rest)          # own_cards has taken the move's cards out already
    if not plan.taking:
        return tuple(hand)       # a sorted hand stays sorted when cards are removed
    rest = trial.pos.pile[:-1]
    plan.pile_red3 = tuple(c for c in rest if c.is_red_three)
    if plan.pile_red3:
        trial.checks.append(Check("red3.from-pile", True, "red3.from-pile/laid!",
                                  {"cards": plan.pile_red3}, plan.pile_red3))
    return sort_cards(hand + [c for c in rest if not c.is_red_three])


def _black_threes(rules, cards) -> Check | None:
    """`meld.threes`: black threes only when going out: three or four, no wild cards."""
    wilds = tuple(c for c in cards if c.is_wild)
    if rules.black_threes == "never":
        return Check("meld.threes", False, "meld.threes/never", {"cards": cards}, cards)
    if wilds:
        return Check("meld.threes", False, "meld.threes/wild", {"cards": cards, "wilds": wilds},
                     tuple(wilds))
    return None


def wilds_fit(rules, naturals: int, wilds: int) -> bool:
    """May a meld of `naturals` natural cards hold `wilds` wild cards? (`meld.max-wilds`;
    under `wilds=not-outnumber` also `meld.naturals`)"""
    return wilds <= 3 and wilds <= rules.max_wilds(naturals)


def _wild_limit(rules, meld: Meld, cards, added: bool) -> Check | None:
    """`meld.max-wilds` (and under `wilds=not-outnumber`, `meld.naturals`)."""
    wilds, naturals = meld.wilds, meld.naturals
    if wilds_fit(rules, naturals, wilds):
        return None
    if wilds > 3:
        offered = tuple(c for c in cards if c.is_wild)
        if not added:                 # a new meld: it never was a canasta
            return Check("meld.max-wilds", False, "meld.max-wilds/too-many-new",
                         {"rank": meld.rank, "wilds": wilds, "wild_cards": offered}, offered)
        return Check("meld.max-wilds", False, "meld.max-wilds/too-many",
                     {"rank": meld.rank, "wilds": wilds, "added": added,
                      "canasta": len(meld.cards) - len(cards) >= CANASTA_SIZE}, offered)
    return Check("meld.naturals", False, "meld.naturals/outnumber",
                 {"rank": meld.rank, "wilds": wilds, "naturals": naturals},
                 tuple(c for c in cards if c.is_wild))


def after_laying(trial, plan: Plan) -> None:
    """The first meld's minimum and the going-out rules, once the melds themselves are sound."""
    pos, team = trial.pos, trial.team
    left = len(plan.hand)
    canasta = sum(1 for m in plan.melds if m.is_canasta) >= pos.rules.format.canastas_to_go_out
    going_out_allowed = canasta and pos.asked != "no"
    plan.concealed = going_out_allowed and left <= 1 and _concealed(pos, plan)
    trial.need(_black_threes_stay_in(trial, plan, left))
    if not has_opened(pos):
        trial.need(initial_minimum(trial, plan, exempt=plan.concealed and not plan.taking))
    if left == 0:
        trial.need(goout_binding_no(trial))
        trial.need(goout_canasta(trial, canasta, plan.melds))
        if pos.rules.go_out_without_discard == "concealed-only" and not plan.concealed:
            trial.need(Check("goout.no-discard", False, "goout.no-discard/concealed-only", {}))
        if pos.rules.go_out_without_discard == "whole-canasta" and not _whole_canasta(pos, plan):
            trial.need(Check("goout.no-discard", False, "goout.no-discard/whole-canasta", {}))
        plan.out = True
    elif left == 1 and not going_out_allowed:
        if pos.asked == "no":         # the partner's answer is what forbids it
            trial.need(Check("goout.binding", False, "goout.binding/no-keep-one",
                             {"card": plan.hand[0]}, plan.hand))
        fmt = pos.rules.format
        if fmt.canastas_to_go_out > 1:      # players.two-canastas: say what the side has
            trial.need(Check("goout.keep-one", False, "goout.keep-one/one-left-cutthroat"
                             if fmt.has_lone_hand else "goout.keep-one/one-left-two",
                             {"card": plan.hand[0], "players": fmt.players,
                              "canastas": sum(1 for m in plan.melds if m.is_canasta)}, plan.hand))
        else:
            trial.need(Check("goout.keep-one", False, "goout.keep-one/one-left",
                             {"card": plan.hand[0]}, plan.hand))
    if plan.black_threes and left > 1 and "3" not in pos.started:   # _black_threes_stay_in passed
        trial.checks.append(Check("meld.threes", True, "meld.threes/must-go-out!", {"left": left}))
    if not plan.out:
        trial.need(must_go_out(trial, plan))


def _whole_canasta(pos, plan) -> bool:
    """`go-out-without-discard=whole-canasta`: the going-out turn lays a new meld of seven or
    more cards wholly from the hand (RULES.md, "Variant flags"). A meld the pile's top card
    joined is not: in a turn that began with taking the pile (the pile is empty then) the
    melds of earlier actions are not counted, as the position does not say which the top
    card joined."""
    new = set(plan.new_ranks)
    if plan.taking:
        new.discard(pos.top.rank)
    elif pos.pile:
        new |= set(pos.started)
    return any(m.rank in new and len(m.cards) >= CANASTA_SIZE for m in plan.melds)


def _black_threes_stay_in(trial, plan, left: int) -> Check | None:
    """`meld.threes` before the first meld's minimum: black threes that cannot go out this
    turn are refused for that, not for their points; after the partner's "no" it is the
    answer that forbids going out (`goout.binding`)."""
    pos = trial.pos
    if not plan.black_threes or "3" in pos.started:
        return None
    if pos.asked == "no":
        return Check("goout.binding", False, "goout.binding/no-black-threes", {})
    if left == 0:
        return None                                 # going out now: goout.canasta says if it may
    from .goout import can_go_out
    if can_go_out(apply_plan(pos, plan)):           # not cached: the minimum's check sets the plan
        return None
    if not any(m.is_canasta for m in plan.melds):
        return Check("meld.threes", False, "meld.threes/no-canasta", {})
    return Check("meld.threes", False, "meld.threes/not-out", {"left": left})


def _concealed(pos, plan) -> bool:
    """`goout.concealed`: nothing melded before (player, or team under the variant), none of the
    partner's melds touched, and a canasta among the player's own melds of this turn."""
    if plan.touched_old or not _never_melded(pos):
        return False
    return _own_canasta(plan.melds, set(pos.started) | set(plan.new_ranks),
                        pos.format.canastas_to_go_out)


def _never_melded(pos) -> bool:
    """The player to move melded nothing before this turn and added nothing to the team's
    older melds in it — under `concealed=team`, nor did the partner meld before
    (`goout.concealed`)."""
    if pos.turn in pos.opened or pos.touched:
        return False
    return not (pos.rules.concealed == "team"
                and any(s in pos.opened for s in pos.format.partners(pos.turn)))


def _own_canasta(melds, own_ranks, needed: int = 1) -> bool:
    """The canastas a going out needs among the melds the player laid this turn
    (`goout.concealed`; two with two or six players, `players.two-canastas`)."""
    return sum(1 for m in melds if m.rank in own_ranks and m.is_canasta) >= needed


def _theirs(pos, team, rank):
    """The first other side (in turn order) holding a meld of `rank`, or None."""
    for side in pos.format.other_sides(team):
        if pos.meld_of(side, rank) is not None:
            return side
    return None


#: The rules a first meld short of its minimum is refused by (`meld.initial`, and the six-player
#: row of `players.game-six`).
MINIMUM_RULES = ("meld.initial", "players.game-six")


def initial_minimum(trial, plan, exempt: bool) -> Check | None:
    """`meld.initial`: the first meld of a hand must reach the minimum for the team's score.
    Going out concealed after drawing from the stock needs none (`exempt`: this action goes
    out); nor does a first meld of a concealed going out laid in several actions, while the
    player can still go out this turn — the player is then bound to (`below_minimum`)."""
    pos = trial.pos
    score = pos.opening_score()
    minimum = pos.rules.initial_minimum_for(score)
    if minimum == 0:
        return None
    fields = {"points": plan.points, "minimum": minimum, "score": score,
              "taking": plan.taking, "top": pos.top if plan.taking else None,
              "pile_rest": len(pos.pile) - 1 if plan.taking else 0,
              # a canasta among them: its bonus is no part of the minimum (DISPUTES 12)
              "canasta": any(m.is_canasta for m in plan.melds or ())}
    own = pos.rules.format.has_lone_hand            # cutthroat: the player's own score
    if plan.points >= minimum:
        # the six-player row (150 from 7500) is the rule that set this minimum
        rule = "players.game-six" if minimum > FOUR.initial_minimum_for(score) else "meld.initial"
        return Check(rule, True, "meld.initial/ok-own!" if own else
                     "meld.initial/ok-player!" if per_player(pos) else "meld.initial/ok!", fields)
    if exempt:
        return Check("meld.initial", True, "meld.initial/concealed!", fields)
    if not plan.taking and len(plan.hand) >= 2 and pos.asked != "no":
        # the team has not melded, so the player drew from the stock: laid in several
        # actions, a concealed going out still needs no minimum
        from .goout import can_go_out
        plan.below_minimum = True
        if can_go_out(after_plan(pos, plan)):
            return Check("meld.initial", True, "meld.initial/concealed-later!", fields)
        plan.below_minimum, plan.after = False, None
    # the six-player row (150 from 7500, players.game-six) decides where the four-player
    # table would have allowed the meld
    rule = ("players.game-six" if plan.points >= FOUR.initial_minimum_for(score)
            else "meld.initial")
    return Check(rule, False, "meld.initial/short-own" if own else
                 "meld.initial/short-player" if per_player(pos) else "meld.initial/short", fields,
                 tuple(c for _, cards in plan.laid for c in cards))


def permitting(trial, plan: Plan, default: Check) -> Check:
    """The rule that allows a legal take or meld: the most specific one that applied
    (`_deciding`), else the rule a new meld's own cards satisfy (`meld.size`), never the
    turn's step; the rules its cards stay within are cited beside it (`_cited`). A note
    worth citing is recorded first: why a going out (or the rest of this turn) is not
    concealed."""
    if plan.out:
        if not plan.concealed:
            _not_concealed_note(trial, trial.pos.touched | frozenset(plan.touched))
    elif plan.touched and (trial.pos.started or plan.new_ranks) and _never_melded(trial.pos):
        trial.checks.append(Check("goout.concealed", True, "goout.concealed/spoiled!",
                                  {"ranks": plan.touched}))
    return _permitting(trial, plan, default)


def _not_concealed_note(trial, touched) -> None:
    """`goout.concealed`: why a going out by a player who had not melded before this turn is
    not concealed — cards added to the team's older melds, the partner's earlier melds under
    `concealed=team`, or no canasta among the player's own melds of this turn."""
    pos = trial.pos
    if pos.turn in pos.opened:
        return                          # melded earlier in the hand: plainly not concealed
    if touched:
        fields = {"why": "touched", "ranks": tuple(r for r in MELD_RANKS if r in touched)}
    elif pos.rules.concealed == "team" and (partner := next(
            (s for s in pos.format.partners(pos.turn) if s in pos.opened), None)):
        fields = {"why": "team", "partner": partner}
    else:   # players.two-canastas: both canastas must be among this turn's melds
        fields = {"why": "canasta" if pos.format.canastas_to_go_out == 1 else "canastas"}
    trial.checks.append(Check("goout.concealed", True, "goout.concealed/not!", fields))


def _permitting(trial, plan: Plan, default: Check) -> Check:
    decisive = _deciding(trial, plan, default)
    first = None
    if decisive is None:                    # a plain meld: the rule its own cards satisfy
        rank = next((r for r in plan.new_ranks if r != "3"), None)
        first = decisive = _new_meld(rank, _laid_on(plan, rank)) if rank is not None else default
    # the rules the cards stay within are cited beside it, built when the ruling is read
    # (`Ruling.checks`): legal_moves and play judge many melds nobody asks about
    trial.cite = lambda: _cited(trial, plan, decisive, first)
    return decisive


def _cited(trial, plan: Plan, decisive: Check, first: Check | None) -> list:
    """The passed checks a legal take or meld cites beside its deciding rule."""
    cited = _meld_grounds(trial.pos, plan, decisive, first)
    if not plan.out:
        note = going_out_note(trial, plan)
        if note is not None:
            cited.append(note)
    return cited


def _deciding(trial, plan: Plan, default: Check) -> Check | None:
    """The most specific rule a legal take or meld rests on; None for a plain meld, which
    cites the rule its own cards satisfy (`_meld_grounds`)."""
    exempt = next((c for c in trial.checks if c.key == "meld.initial/concealed!"), None)
    if plan.out and exempt is not None:      # legal only because concealed needs no minimum
        trial.checks.append(Check("goout.concealed", True, _concealed_key(trial.pos, "ok!"), {}))
        return exempt
    if plan.out:
        key = _concealed_key(trial.pos, "ok") if plan.concealed else "goout.no-discard/ok"
        check = Check("goout.concealed" if plan.concealed else "goout.no-discard", True, key,
                      {"canastas": sum(1 for m in plan.melds if m.is_canasta)})
    elif plan.mixed_now:
        rank = plan.mixed_now[0]
        check = Check("canasta.mixed", True, "canasta.mixed/now",
                      {"rank": rank, "wilds": tuple(c for r, cards in plan.laid if r == rank
                                                   for c in cards if c.is_wild)})
    elif not plan.taking and (boundary := _wild_boundary(plan)) is not None:
        check = boundary
    elif plan.taking and len(trial.pos.pile) > 1 and trial.pos.pile[-2].is_black_three:
        under = trial.pos.pile[-2]
        check = Check("pile.black-three", True, "pile.black-three/covered",
                      {"three": under, "top": trial.pos.top}, (under, trial.pos.top))
    elif plan.taking and not (len(plan.laid) > 1 and _has(trial, "meld.initial")):
        return default
    elif _has(trial, "meld.initial"):
        return next(c for c in trial.checks if c.rule == "meld.initial")
    elif plan.black_threes:
        return next(c for c in trial.checks if c.rule == "meld.threes")
    elif plan.merged and not plan.new_ranks:
        return next(c for c in trial.checks if c.rule == "meld.one-per-rank")
    elif (rank := next((r for r in plan.new_ranks
                        if _theirs(trial.pos, trial.team, r)), None)) is not None:
        check = Check("meld.one-per-rank", True, "meld.one-per-rank/theirs-too", {"rank": rank})
    else:
        return None
    trial.checks.append(check)
    return check


#: the wild-card limits a legal meld is cited for when it stands at one (`_wild_boundary`)
_BOUNDARIES = ("meld.max-wilds/at-limit", "meld.naturals/two")


def _laid_on(plan: Plan, rank: str) -> tuple:
    """The cards this action lays on `rank`, in every group."""
    return tuple(c for r, laid in plan.laid if r == rank for c in laid)


def _new_meld(rank: str, cards) -> Check:
    """`meld.size`: the new meld of `rank`, `cards`, is three or more cards of it."""
    return Check("meld.size", True, "meld.size/new!", {"rank": rank, "cards": cards,
                                                       "size": len(cards)}, cards)


def _meld_grounds(pos, plan: Plan, decisive: Check, first: Check | None) -> list:
    """The rules the cards of a legal take or meld stay within, each a passed check cited
    beside the deciding one: every new meld is three or more cards of one rank
    (`meld.size`; a take's first meld is the take's own check; `first`, the deciding one
    already), and every meld this action lays wild cards in stays within the wild-card
    limits (`meld.max-wilds`; under `wilds=not-outnumber`, `meld.naturals`) — unless the
    deciding check is that meld's limit itself."""
    skip = decisive.fields.get("rank") if decisive.key in _BOUNDARIES else None
    top_rank = pos.top.rank if plan.taking else None
    out = []
    for rank in dict.fromkeys(r for r, _ in plan.laid):
        cards = _laid_on(plan, rank)
        if rank in plan.new_ranks and rank not in ("3", top_rank) and \
                (first is None or first.fields["rank"] != rank):
            out.append(_new_meld(rank, cards))
        if rank != skip and any(c.is_wild for c in cards):
            meld = _meld_after(plan, rank, cards)
            if meld is None:
                continue
            key = ("meld.naturals/not-outnumber!" if pos.rules.wilds == "not-outnumber"
                   else "meld.max-wilds/within!")
            out.append(Check(key.split("/")[0], True, key, {"rank": rank, "wilds": meld.wilds,
                                                            "naturals": meld.naturals}))
    return out


def _meld_after(plan: Plan, rank: str, cards) -> Meld | None:
    """The meld of `rank` that `cards` are in after the action (the last laid, where a
    cutthroat partnership holds two of a rank)."""
    for meld in reversed(plan.melds or ()):
        if meld.rank == rank and all(meld.cards.count(c) >= cards.count(c) for c in cards):
            return meld
    return None


def _concealed_key(pos, key: str) -> str:
    """The words of a concealed going out: "with a canasta", or two (`players.two-canastas`)."""
    two = "-two" if pos.format.canastas_to_go_out > 1 else ""
    return f"goout.concealed/{key[:-1]}{two}!" if key.endswith("!") else f"goout.concealed/{key}{two}"


def _wild_boundary(plan) -> Check | None:
    """A meld of this action at a wild-card limit: three wild cards (`meld.max-wilds`), or
    only two naturals carrying wild cards (`meld.naturals`) — worth citing when legal."""
    touched = set(plan.new_ranks) | set(plan.merged)
    for meld in plan.melds:
        if meld.rank in touched and meld.wilds == 3:
            return Check("meld.max-wilds", True, "meld.max-wilds/at-limit",
                         {"rank": meld.rank, "naturals": meld.naturals})
    for meld in plan.melds:
        if meld.rank in plan.new_ranks and meld.wilds and meld.naturals == 2:
            return Check("meld.naturals", True, "meld.naturals/two",
                         {"rank": meld.rank, "wilds": meld.wilds})
    return None


def _has(trial, rule) -> bool:
    return any(c.rule == rule for c in trial.checks)


def turn_meld(trial, plan) -> Check:
    """`turn.meld`: after drawing the player may meld (the canastas are named when explained)."""
    return Check("turn.meld", True, "turn.meld/ok",
                 {"laid": plan.laid, "melds": plan.melds, "touched": plan.new_ranks + plan.merged})


# ---- going out -----------------------------------------------------------------------

def goout_binding_no(trial) -> Check | None:
    if trial.pos.asked == "no":
        return Check("goout.binding", False, "goout.binding/no", {})
    return None


def goout_canasta(trial, canasta: bool, melds=(), key: str | None = None) -> Check:
    """`goout.canasta`: the side needs a canasta to go out; two with two or six players
    (`players.two-canastas`), and in cutthroat (`players.cutthroat`). The passed check names
    the side's canastas (`ranks`); `key` names another passed message of the same rule (the
    side may meld down to one card, `going_out_note`)."""
    fmt = trial.pos.rules.format
    needed = fmt.canastas_to_go_out
    ranks = tuple(m.rank for m in melds if m.is_canasta)
    fields = {"team": trial.team, "needed": needed, "players": fmt.players,
              "canastas": len(ranks), "ranks": ranks}
    if needed > 1 and fmt.has_lone_hand:                    # cutthroat: players.cutthroat
        rule, ok, short = "players.cutthroat", "two-canastas!", "two-canastas-short"
    elif needed > 1:
        rule, ok, short = "players.two-canastas", "ok!", "short"
    else:
        rule, ok, short = "goout.canasta", "ok!", "none"
    if canasta:
        return Check(rule, True, f"{rule}/{key or ok}", fields)
    return Check(rule, False, f"{rule}/{short}", fields)


def going_out_note(trial, plan: Plan) -> Check | None:
    """A legal meld that keeps one card: the side has the canastas going out needs, so the
    player may go out by discarding it (`goout.canasta`; `goout.keep-one` forbids it to a
    side without them). None where that is not so."""
    if len(plan.hand) != 1 or trial.pos.asked == "no":
        return None
    check = goout_canasta(trial, True, plan.melds, key="keep-one!")
    if check.fields["canastas"] < check.fields["needed"]:
        return None
    return check._replace(fields=dict(check.fields, card=plan.hand[0]), cards=plan.hand)


def goout_last_card(trial) -> Check:
    """`goout.last-card`; the going out is concealed or not (`goout.concealed`, as scored)."""
    pos = trial.pos
    if pos.started or pos.touched:
        if _concealed_by_discard(pos):
            trial.checks.append(Check("goout.concealed", True, _concealed_key(pos, "ok!"), {}))
        else:
            _not_concealed_note(trial, pos.touched)
    return Check("goout.last-card", True, "goout.last-card/ok", {"card": trial.cards[0]})


def must_go_out(trial, plan: Plan) -> Check | None:
    """A player who must go out this turn may not make a move that keeps them in: after the
    partner's "yes" (`goout.binding`, unless going out was not possible), after melding
    black threes, which is allowed only in the turn the player goes out (`meld.threes`), and
    after a first meld below the minimum, allowed only for a concealed going out this turn
    (`meld.initial`)."""
    pos = trial.pos
    threes = "3" in pos.started
    owed = pos.below_minimum
    if pos.asked != "yes" and not threes and not owed:
        return None
    from .goout import can_go_out
    if not threes and not owed and not can_go_out(pos):
        return Check("goout.binding", True, "goout.binding/impossible!", {})
    after = after_plan(pos, plan)
    if after.phase != "over" and after.turn == pos.turn and can_go_out(after):
        return None
    if threes:
        return Check("meld.threes", False, "meld.threes/must-go-out", {})
    if owed:
        score = pos.opening_score()
        return Check("meld.initial", False, "meld.initial/must-go-out",
                     {"minimum": pos.rules.initial_minimum_for(score), "score": score})
    return Check("goout.binding", False, "goout.binding/yes", {})


def one_discard(trial) -> Check | None:
    """`turn.discard`: the turn ends with exactly one card discarded."""
    if len(trial.cards) != 1:
        return Check("turn.discard", False, "turn.discard/one-card", {"cards": trial.cards,
                                                                      "count": len(trial.cards)},
                     trial.cards)
    return None


def turn_discard(trial) -> Check:
    card = trial.cards[0]
    if not trial.pos.stock and trial.pos.rules.format.has_lone_hand:
        # players.cutthroat: nobody plays next, this discard ends the hand (the note says why)
        return Check("turn.discard", True, "turn.discard/last", {"card": card}, (card,))
    return Check("turn.discard", True, "turn.discard/ok",
                 {"card": card, "next": trial.pos.format.next_seat(trial.pos.turn),
                  "black_three": card.is_black_three,
                  "wild": card.is_wild}, (card,))


# ---- cutthroat (players.cutthroat) ---------------------------------------------------

def cutthroat_first_take(t) -> None:
    """`players.cutthroat`: the first player to take the pile becomes the lone hand, the other
    two partners for the rest of the hand (a note on the take; it never refuses one)."""
    pos = t.pos
    if pos.lone is None and pos.rules.format.has_lone_hand:
        decided = pos.rules.format.with_lone(pos.turn)
        partners = decided.seats_of(decided.other_sides(pos.turn)[0])
        t.checks.append(Check("players.cutthroat", True, "players.cutthroat/lone!",
                              {"seat": pos.turn, "first": partners[0], "second": partners[1]}))


def cutthroat_stock_end(t) -> None:
    """`players.cutthroat`: nobody went out and the stock is gone: the discard of the player who
    drew the last card ends the hand, whatever `stock-out` says (a note on the discard)."""
    pos = t.pos
    if not pos.stock and pos.rules.format.has_lone_hand:
        t.checks.append(Check("players.cutthroat", True, "players.cutthroat/stock-end!", {}))


# ---- asking --------------------------------------------------------------------------

def ask_ok(trial) -> Check:
    pos = trial.pos
    if pos.format.answerer(pos.turn) is None:
        return Check("players.sides", False, "players.sides/alone", {"players": pos.format.players})
    if pos.phase == "draw":
        return Check("goout.ask", False, "goout.ask/before-draw", {})
    if pos.asked in ("yes", "no"):
        return Check("goout.ask", False, "goout.ask/twice", {"answer": pos.asked})
    if pos.phase == "melded":
        return Check("goout.ask", False, "goout.ask/too-late", {})
    if len(trial.hand) <= 1:
        return Check("goout.ask", False, "goout.ask/one-card",
                     {"card": trial.hand[0] if trial.hand else None})
    return Check("goout.ask", True, "goout.ask/ok", {"partner": pos.format.answerer(pos.turn)})


def answer_ok(trial) -> Check:
    return Check("goout.binding", True, "goout.binding/answer",
                 {"answer": trial.move.kind, "partner": trial.pos.format.answerer(trial.pos.turn),
                  "seat": trial.pos.turn})


def wild_fixed(trial) -> Check:
    wild = trial.cards[1:]
    melded = any(c in m.cards for side in trial.pos.melds for m in side for c in wild)
    key = "meld.wild-fixed/exchange" if melded else "meld.wild-fixed/exchange-none"
    return Check("meld.wild-fixed", False, key, {"cards": trial.cards[:1], "wild": wild},
                 trial.cards)


# ---- applying a plan -------------------------------------------------------------------

def after_plan(pos: Position, plan: Plan) -> Position:
    """The position after the move, built once per plan (several checks and play need it)."""
    if plan.after is None:
        plan.after = apply_plan(pos, plan)
    return plan.after


def apply_plan(pos: Position, plan: Plan) -> Position:
    """The position after a legal move (what `Position.play` returns)."""
    kind = plan.kind
    fmt = pos.rules.format
    seat, ti, si = pos.turn, fmt.side_index[fmt.side_of(pos.turn)], fmt.seat_index[pos.turn]
    ri = pos.rules.red3_index[seat]     # the seat's red threes: its side's (red3-four=player: its own)
    if kind == "ask":
        return pos.replace(asked="pending")
    if kind in ("yes", "no"):
        return pos.replace(asked=kind)
    if kind == "end-stock":
        if pos.rules.red3_dealt == "on-turn":     # red threes held are laid out first
            hand, _, laid = _lay_out_red3(list(pos.hands[si]), [])
            if laid:
                hands, red3 = list(pos.hands), list(pos.red3)
                hands[si], red3[ri] = tuple(hand), red3[ri] + laid
                return pos.replace(phase="over", out=None, hands=tuple(hands), red3=tuple(red3))
        return pos.replace(phase="over", out=None)
    if kind == "draw":
        return _apply_draw(pos, si, ri)
    hands = list(pos.hands)
    hands[si] = plan.hand
    if kind == "discard":
        card = plan.laid
        opened = pos.opened | {seat} if pos.started or pos.touched else pos.opened
        if plan.out:
            lone = {"lone": seat} if fmt.has_lone_hand and pos.lone is None else {}
            return pos.replace(hands=tuple(hands), pile=pos.pile + (card,), phase="over",
                               out=seat, out_concealed=_concealed_by_discard(pos), opened=opened,
                               below_minimum=False, **lone)
        if not pos.stock and fmt.has_lone_hand:    # cutthroat: the last stock card's discard
            return pos.replace(hands=tuple(hands), pile=pos.pile + (card,), phase="over",
                               out=None, opened=opened)
        if pos.touched:                 # the marks of this turn go with it
            return pos.replace(hands=tuple(hands), pile=pos.pile + (card,),
                               turn=fmt.next_seat(seat), phase="draw", asked="-",
                               started=frozenset(), touched=frozenset(), opened=opened)
        return pos.replace(hands=tuple(hands), pile=pos.pile + (card,), turn=fmt.next_seat(seat),
                           phase="draw", asked="-", started=frozenset(), opened=opened)
    # take or meld
    melds = list(pos.melds)
    if pos.lone is not None and pos.team not in fmt.side_index:
        _store_partnership(pos, melds, plan.melds)
    else:
        melds[ti] = plan.melds
    red3 = list(pos.red3)
    if plan.pile_red3:
        red3[ri] = red3[ri] + plan.pile_red3
    changes = dict(hands=tuple(hands), melds=tuple(melds), red3=tuple(red3),
                   started=pos.started | frozenset(plan.new_ranks))
    if plan.touched:
        changes["touched"] = pos.touched | frozenset(plan.touched)
    if plan.below_minimum:
        changes["below_minimum"] = True
    if plan.taking:     # melds laid beside the taking one make it too late to ask (goout.ask)
        changes.update(pile=(), phase="melded" if len(plan.laid) > 1 else "drawn")
        if fmt.has_lone_hand and pos.lone is None:      # players.cutthroat: the first take
            changes["lone"] = seat
        if pos.rules.red3_dealt == "on-turn":
            hand, stock, laid = _lay_out_red3(list(plan.hand), list(pos.stock))
            hands[si] = sort_cards(hand)
            red3[ri] = red3[ri] + laid
            changes.update(hands=tuple(hands), red3=tuple(red3), stock=tuple(stock))
    else:
        changes.update(phase="melded")
    if plan.out:
        changes.update(phase="over", out=seat, out_concealed=plan.concealed,
                       below_minimum=False)
        if fmt.has_lone_hand and pos.lone is None:      # out before any take: the lone hand
            changes["lone"] = seat
    return pos.replace(**changes)


def _store_partnership(pos, melds: list, side_melds: tuple) -> None:
    """Cutthroat: a partnership's melds back into its players' zones — each meld stays with
    the player who laid it, a new one goes to the player to move (`players.cutthroat`)."""
    index = pos.rules.side_index
    k = 0
    for s in zone_seats(pos, pos.team):
        n = len(pos.melds[index[s]])
        melds[index[s]] = tuple(side_melds[k:k + n])
        k += n
    melds[index[pos.turn]] = melds[index[pos.turn]] + tuple(side_melds[k:])


def _concealed_by_discard(pos) -> bool:
    """Going out by the last discard is concealed if this turn's melds were (goout.concealed)."""
    seat = pos.turn
    if not pos.started or not _never_melded(pos):
        return False
    return _own_canasta(pos.team_melds(pos.team), pos.started, pos.format.canastas_to_go_out)


def _apply_draw(pos, si, ri) -> Position:
    """`turn.draw`, `red3.drawn` (lay it out, draw again), `hand.end.stock` (a last red three).
    Under `red3-dealt=on-turn` the red threes held are laid out after the draw (`red3.dealt`),
    so a replacement never takes the card the player was to draw."""
    hand = list(pos.hands[si])
    red3 = list(pos.red3)
    # red3.drawn: a red three drawn is laid out and the player draws again; two players
    # draw two (players.draw-two)
    cards, reds, used = drawn_from(pos.stock, pos.rules.format.draw_count)
    stock = list(pos.stock[used:])
    laid = list(reds)
    drawn = cards or None
    if drawn is not None:
        hand.extend(cards)
    if pos.rules.red3_dealt == "on-turn":
        hand, stock, held = _lay_out_red3(hand, stock)
        laid.extend(held)
    red3[ri] = red3[ri] + tuple(laid)
    hands = list(pos.hands)
    hands[si] = sort_cards(hand)
    changes = dict(hands=tuple(hands), stock=tuple(stock), red3=tuple(red3), phase="drawn")
    if drawn is None:                               # the stock ran out on a red three
        changes.update(phase="over", out=None)
    return pos.replace(**changes)


def _lay_out_red3(hand: list, stock: list) -> tuple:
    """Red threes still in a hand (variant red3-dealt=on-turn) are laid out, each replaced
    from the stock while it lasts (a red three is never held, `red3.no-meld`)."""
    laid = []
    while True:
        red = [c for c in hand if c.is_red_three]
        if not red:
            return hand, stock, tuple(laid)
        for card in red:
            hand.remove(card)
            laid.append(card)
            if stock:
                hand.append(stock.pop(0))
