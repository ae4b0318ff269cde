"""Computer players: they choose among `legal_moves(pos)` and never apply rules of their own.

A player's `choose(pos)` returns one of ``tutor.legal_moves(pos)`` for the seat that acts
in `pos`: the player to move, or — while ``pos.asked == "pending"`` — the partner, whose
legal moves are ``yes`` and ``no``.

- `RandomPlayer(seed)`: uniform over the legal moves.
- `SensiblePlayer(seed)`: ranks the legal moves with a few heuristics of good play (take
  the pile when it pays, build canastas, keep wild cards for melds near a canasta, discard
  safely, go out when ahead, and not meld down to a last card whose discard would go out
  when it would not lead). The rules are the engine's: the heuristics only *rank*
  moves the engine has already found legal, and read the position (hands, melds, pile).

`explain_choice(pos, move, lang)` says in words why a good player would make `move` (the
heuristic side of a hint; `tutor.hints` adds the judge's rule-citing explanation). The
words are messages of the catalog (`tutor.i18n`), in the language `lang` (English by
default), filled in by `Translator.format`: cards as the explanations write them (10♣, a
joker by the glossary's word), ranks and seats given as their codes and written in the
form the message names (``{rank:plural}``, ``{seat:name}``; a translation may name
another form of its glossary, ``{rank:plural_part}``).
`tournament(hands, seed)` measures the sensible player against the random one.
"""
from __future__ import annotations

import random
import time

from .engine.generate import legal_moves, legal_rulings
from .engine.goout import can_go_out
from .engine.judge import judge
from .engine.moves import Move
from .engine.opening import has_opened, per_player
from .engine.ruleset import Ruleset
from .engine.scoring import ALL_RED_THREES, GOING_OUT, MIXED_CANASTA, NATURAL_CANASTA, RED_THREE
from .i18n import translator

__all__ = ["Player", "RandomPlayer", "SensiblePlayer", "explain_choice",
           "tournament"]

_ASK, _YES, _NO, _DRAW = Move("ask"), Move("yes"), Move("no"), Move("draw")


class Player:
    """A computer player: `choose(pos)` returns a legal `Move` for the seat acting in `pos`."""

    name = "player"

    def choose(self, pos) -> Move:          # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomPlayer(Player):
    """Uniform over `legal_moves(pos)`, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, pos) -> Move:
        moves = legal_moves(pos)
        if not moves:
            raise ValueError("no legal move in this position:\n" + pos.to_text())
        return self.rng.choice(moves)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


# ---- reading the position -------------------------------------------------------------

#: What an unseen card in another player's hand is reckoned to be worth: about the average
#: value of a card held (jokers 50, aces and twos 20, K–8 10, 7–4 and black threes 5).
UNSEEN_CARD = 10


class _View:
    """What the acting seat reads off the position: its `SeatView` (own hand, melds, red
    threes, the pile's top, size and crosswise cards, the stock's size, the hand counts),
    never another hand, the stock's order or the cards buried in the pile."""

    __slots__ = ("seen_by", "pos", "team", "opp", "hand", "own", "theirs", "counts", "seen",
                 "pile_ranks", "danger", "near", "stock", "pile_size", "t", "need", "race", "copies",
                 "next_melds")

    @property
    def pressed(self) -> bool:
        """Meld down what can be melded: the opponents are close to going out, or the side
        itself leads and could go out."""
        return self.danger or self.race

    def __init__(self, pos, lang: str = "en"):
        view = pos.seen_by(pos.actor)
        self.t = translator(lang)           # the language of the reasons, in words
        self.seen_by = view
        self.pos = pos                      # only for the engine: legal moves and rulings
        fmt = pos.format
        self.team = pos.team
        self.opp = fmt.other_sides(self.team)           # every opposing side
        self.hand = view.hand
        self.own = {m.rank: m for m in view.team_melds(self.team)}
        self.theirs = {}
        for side in reversed(self.opp):     # the next side's meld, where two hold the rank
            self.theirs.update((m.rank, m) for m in view.team_melds(side))
        counts: dict = {}
        for c in self.hand:
            if c.is_natural:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        self.counts = counts
        # the melds of the player who plays next: only they can take the card discarded now
        following = fmt.side_of(fmt.next_seat(view.turn))
        self.next_melds = ({m.rank for m in view.team_melds(following)}
                           if following != self.team else set())
        seen: dict = {}
        for c in view.visible_cards():
            seen[c.rank] = seen.get(c.rank, 0) + 1
        self.seen = seen
        self.copies = 4 * fmt.packs         # the deck's cards of a natural rank (8, or 12 for six)
        self.pile_ranks = {view.top.rank: 1} if view.top is not None else {}
        self.stock = view.stock_size
        self.pile_size = view.pile_size
        # the opponents are close to going out: meld down what can be melded
        # the canastas the side still lacks to go out (players.two-canastas)
        self.need = max(0, fmt.canastas_to_go_out
                        - sum(1 for m in view.team_melds(self.team) if m.is_canasta))
        # the opposing sides with a canasta and at most four cards in a hand
        self.near = [side for side in self.opp if view.has_canasta(side)
                     and min(view.counts[s] for s in fmt.seats_of(side)) <= 4]
        self.danger = bool(self.near) or self.stock <= 6
        self.race = False               # set by the player: the side leads and may go out


def table_points(view, team: str, seat: str | None = None) -> int:
    """What a team has on the table, as the score sheet would count it (`score.*`); in
    cutthroat, as it counts for `seat`, whose own red threes alone are its (`players.cutthroat`)."""
    melds = view.team_melds(team)
    points = sum(m.points for m in melds)
    points += sum(NATURAL_CANASTA if m.is_natural_canasta else MIXED_CANASTA
                  for m in melds if m.is_canasta)
    if seat is not None and view.rules.format.has_lone_hand:
        threes = len(view.red3[view.rules.red3_index[seat]])
    else:
        threes = len(view.team_red3(team))
    if threes:
        scale = view.rules.format.red3_scale            # players.red3-six
        bonus = scale[threes] if scale else ALL_RED_THREES if threes == 4 else RED_THREE * threes
        if threes == 4 and view.rules.red3_per_seat:    # red3-four=player: one player's four
            zones = {view.rules.red3_index[s] for s in view.rules.format.seats_of(team)}
            if not any(len(view.red3[z]) == 4 for z in zones):
                bonus = 4 * RED_THREE
        points += bonus if melds else -bonus
    return points


def _held_points(view, seat: str) -> int:
    """The value of a seat's hand: known for the viewing seat, reckoned for the others."""
    if seat == view.seat:
        return sum(c.value for c in view.hand if not c.is_red_three)
    return view.counts[seat] * UNSEEN_CARD


def _team_lead(view, team: str) -> tuple[int, int]:
    """(the team's hand score if the player to move went out now, the opponents' score),
    as the seat of `view` can reckon them: the table as it lies, the hands it cannot see at
    `UNSEEN_CARD` a card."""
    fmt = view.format
    # cutthroat: each player's own red threes (players.cutthroat); elsewhere the side's
    mine = (table_points(view, team, view.turn if fmt.side_of(view.turn) == team else view.seat)
            - sum(_held_points(view, s) for s in fmt.seats_of(team)))
    theirs = max(table_points(view, opp, seat) - sum(_held_points(view, s) for s in fmt.seats_of(opp))
                 for opp in fmt.other_sides(team) for seat in fmt.seats_of(opp))   # the best placed
    if fmt.side_of(view.turn) == team:
        # going out melds the hand (its cards count plus instead of minus) and scores 100
        held = _held_points(view, view.turn)
        last = (min((c.value for c in view.hand), default=0) if view.turn == view.seat
                else UNSEEN_CARD)
        mine += GOING_OUT + 2 * held - last
    return mine, theirs


def _wants_out(pos, margin: int = 0, old: int = 16, lang: str = "en",
               behind: float = float("inf")) -> tuple[bool, str]:
    """Should the team of the player to move end the hand now? (ahead, or the hand is old).
    Asked by the player to move, or by the partner answering "may I go out?": each reckons
    from what its own seat sees. The reason is a clause (no full stop) in `lang`: a message
    places it after a colon, "Say yes: {reason}."."""
    t = translator(lang)
    view = pos.seen_by(pos.actor)
    team = pos.team
    mine, theirs = _team_lead(view, team)
    alone = not pos.format.partners(pos.turn)      # a player alone: "you", not "your team"
    if mine > theirs + margin:
        lead = mine - theirs
        if alone:
            return True, t.ngettext(
                "going out now you would lead this hand by about {points} point",
                "going out now you would lead this hand by about {points} points",
                lead).format(points=lead)
        return True, t.ngettext(
            "going out now your team would lead this hand by about {points} point",
            "going out now your team would lead this hand by about {points} points",
            lead).format(points=lead)
    trail = theirs - mine
    if view.stock_size < old and trail <= behind:
        n = view.stock_size
        return True, t.ngettext("the hand is old (only {n} card left in the stock)",
                                "the hand is old (only {n} cards left in the stock)", n).format(n=n)
    if trail <= behind and any(min(view.counts[s] for s in pos.format.seats_of(side)) <= 2
                               and view.has_canasta(side) for side in pos.format.other_sides(team)):
        if _one_opponent(pos):
            return True, t.gettext("your opponent is about to go out")
        return True, t.gettext("the opponents are about to go out themselves")
    if alone:
        return False, t.ngettext(
            "you would trail this hand by about {points} point: build more first",
            "you would trail this hand by about {points} points: build more first",
            trail).format(points=trail)
    return False, t.ngettext(
        "your team would trail this hand by about {points} point: build more first",
        "your team would trail this hand by about {points} points: build more first",
        trail).format(points=trail)


# ---- the sensible player -----------------------------------------------------------------

class SensiblePlayer(Player):
    """Ranks the legal moves by heuristics of good play. Deterministic for a given seed."""

    name = "sensible"
    out_margin = 0          # go out when the team would lead the hand by more than this
    old_stock = 16          # ... or when fewer cards than this are left in the stock
    behind = 0              # ... and the team trails by no more than this (going out behind
                            # loses the hand for certain; playing on may still win it)
    wild_cost = 25          # what a wild card spent on a meld far from a canasta costs
    keep_hand = 4           # keep at least this many cards (more while the pile is big:
    keep_pile = 0.4         # `keep_pile` a card of it), to take the pile with natural pairs
    keep_weight = 25        # ... what each card short of it costs a meld
    grow = 5                # while the side lacks canastas to go out: growing a meld pays
    complete = 40           # ... and completing one pays more
    race_margin = 0         # with the canastas and a lead above this: meld down to go out
    lone_pile = 16          # cutthroat: take the pile first (and play alone) only this big
    draw_two = 30           # players.draw-two: what the second card drawn from the stock is
                            # worth against a pile (a small pile is not worth the two cards)

    def __init__(self, seed: int = 0, ask_partner: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.ask_partner = ask_partner

    def __repr__(self) -> str:
        return f"SensiblePlayer(seed={self.seed})"

    def choose(self, pos) -> Move:
        return self.decide(pos)[0]

    def decide(self, pos, lang: str = "en") -> tuple[Move, str]:
        """The chosen move and the heuristic reason for it, in words (in `lang`)."""
        moves = legal_moves(pos)
        if not moves:
            raise ValueError("no legal move in this position:\n" + pos.to_text())
        t = translator(lang)
        if pos.asked == "pending":
            want, why = _wants_out(pos, self.out_margin, self.old_stock, lang, self.behind)
            move = _YES if want and _YES in moves else (_NO if _NO in moves else moves[0])
            say = t.gettext("Say yes: {reason}.") if move == _YES else t.gettext("Say no: {reason}.")
            return move, say.format(reason=why)
        if len(moves) == 1:
            if moves[0] == _DRAW and pos.phase == "draw":
                return _DRAW, _why_not_take(pos, t)
            return moves[0], t.gettext("It is the only legal move here.")
        view = _View(pos, lang)
        if pos.phase == "draw":
            return self._draw_phase(view, moves)
        return self._play_phase(view, moves)

    # ---- draw or take ----
    def _draw_phase(self, v: _View, moves) -> tuple[Move, str]:
        t = v.t
        takes = [m for m in moves if m.kind == "take"]
        can_draw = _DRAW in moves
        if not takes:
            return _DRAW, t.gettext("Draw from the stock: the pile cannot be taken now.")
        best = max(takes, key=lambda m: self._take_value(v, m))
        value = self._take_value(v, best)
        if not can_draw:
            return best, t.gettext("Take the pile: with the stock empty you must take it.")
        if v.stock == 0:
            # taking an empty-stock pile keeps the hand going; only worth it when it is small
            if v.pile_size <= 3 and not best.cards:
                return best, _take_reason(v, best)
            return _DRAW, _leave_reason(t, v.pos)
        if (value > 0 and v.pos.lone is None and v.pos.rules.format.has_lone_hand
                and v.pile_size < self.lone_pile):
            # cutthroat: the first to take the pile plays alone against the other two, who
            # score their melds together (players.cutthroat): only a big pile is worth it
            n = v.pile_size
            return _DRAW, t.ngettext(
                "Draw from the stock: whoever takes the pile first plays alone against the other two, and {n} card is not worth that.",
                "Draw from the stock: whoever takes the pile first plays alone against the other two, and {n} cards are not worth that.",
                n).format(n=n)
        if value > 0:
            return best, _take_reason(v, best)
        n = v.pile_size
        if value + self._draw_cost(v) > 0:
            # worth taking against one card drawn, not against the two drawn at this table
            return _DRAW, t.ngettext(
                "Draw from the stock: the two cards you draw are worth more than the pile ({n} card).",
                "Draw from the stock: the two cards you draw are worth more than the pile ({n} cards).",
                n).format(n=n)
        return _DRAW, t.ngettext(
            "Draw from the stock: the pile ({n} card) is not worth the cards it would cost from your hand.",
            "Draw from the stock: the pile ({n} cards) is not worth the cards it would cost from your hand.",
            n).format(n=n)

    def _take_value(self, v: _View, m: Move) -> float:
        n = v.pile_size                 # the buried cards are not seen: count them
        wilds = sum(1 for c in m.cards if c.is_wild)
        naturals = len(m.cards) - wilds
        extra_groups = len(m.groups) - 1 if m.groups else 0
        value = 8 * n + (n * UNSEEN_CARD + v.seen_by.top.value) / 10
        value -= 30 * wilds + 2 * naturals + 3 * extra_groups
        if n <= 2 and wilds:
            value -= 40
        if not m.cards:             # the top card joins a meld of the team: free
            value += 5
        value -= self._draw_cost(v)
        return value + 0.01 * self.rng.random()

    def _draw_cost(self, v: _View) -> float:
        """What drawing brings beyond one card: where the stock gives two cards a turn
        (`players.draw-two`), a pile must be worth the second one too."""
        return self.draw_two * max(0, min(v.pos.format.draw_count, v.stock) - 1)

    # ---- meld, ask, go out, discard ----
    def _play_phase(self, v: _View, moves) -> tuple[Move, str]:
        pos = v.pos
        t = v.t
        want = False
        if can_go_out(pos):
            want, why = _wants_out(pos, self.out_margin, self.old_stock, t.lang, self.behind)
            want = want or pos.asked == "yes"
            if want:
                if (self.ask_partner and _ASK in moves and pos.asked == "-"
                        and self._out_path_exists(pos)):
                    return _ASK, t.gettext("Ask your partner “may I go out?”: you can meld your "
                                           "whole hand now, and {reason}.").format(reason=why)
                step = self._going_out_step(v, legal_rulings(pos))
                if step is not None:
                    return step.move, (t.gettext("Go out: {reason}.").format(reason=why)
                                       if pos.asked != "yes" else
                                       t.gettext("Go out: your partner said yes, and the answer binds."))
        if not v.need:
            # the side could go out and leads: meld down what can be melded, to go out soon
            mine, theirs = _team_lead(v.seen_by, v.team)
            v.race = mine > theirs + self.race_margin
        melds = [m for m in moves if m.kind == "meld"]
        held_back = False               # the best meld would have ended the hand unwanted
        scored = [(self._meld_value(v, m), i, m) for i, m in enumerate(melds)]
        for value, _, best in sorted(scored, reverse=True):
            if value <= 0:
                break
            if self._forces_out(v, best, want, moves):
                held_back = True
                continue
            return best, self._meld_reason(v, best)
        discards = [m for m in moves if m.kind == "discard"]
        if discards:
            best = min(discards, key=lambda m: (self._keep_value(v, m.cards[0]), self.rng.random()))
            reason = self._discard_reason(v, best.cards[0])
            if held_back:
                reason += " " + (t.gettext(
                    "Keep more than one card: with one card left, its discard would go out, and "
                    "going out now you would not lead this hand.") if not pos.format.partners(pos.turn)
                    else t.gettext("Keep more than one card: with one card left, its discard would "
                                   "go out, and going out now your team would not lead this hand."))
            return best, reason
        return moves[0], t.gettext("It is the only kind of move left.")

    def _forces_out(self, v: _View, m: Move, want: bool, moves) -> bool:
        """Would meld `m` end the hand against the player's wish (`_wants_out`)? Laying the
        whole hand down goes out; keeping one card, once the side may go out, leaves only its
        discard, which goes out too. (A "yes" binds: then going out is the aim.) `moves`: the
        legal moves of the position."""
        left = len(v.hand) - len(m.cards)
        if left > 1 or v.pos.asked == "yes":
            return False
        after = judge(v.pos, m).after
        if after is None or after.phase == "over" or left == 0:
            return not want
        if not can_go_out(after) or _wants_out(after, self.out_margin, self.old_stock, "en",
                                               self.behind)[0]:
            return False
        # unless this turn's discard ends the hand anyway (the stock gone, `stock-out`)
        discard = next((d for d in moves if d.kind == "discard"), None)
        return discard is None or judge(v.pos, discard).after.phase != "over"

    def _out_path_exists(self, pos, limit: int = 14) -> bool:
        """Can the legal moves lead all the way out after a "yes"? (checked before asking, so a
        binding yes never leaves the player without a way out)."""
        pos = pos.replace(asked="yes")
        for _ in range(limit):
            step = self._going_out_step(_View(pos), legal_rulings(pos))
            if step is None:
                return False
            pos = step.after
            if pos.phase == "over":
                return True
        return False

    def _going_out_step(self, v: _View, rulings):
        """The ruling of a move that goes out now, else of a meld after which going out
        stays possible (`rulings`: the legal moves with their rulings)."""
        pos = v.pos
        best, best_key = None, None
        for ruling in rulings:
            m = ruling.move
            if m.kind not in ("meld", "discard"):
                continue
            after = ruling.after
            if after.phase == "over" and after.out == pos.turn:
                key = (2, table_points(after.seen_by(pos.turn), v.team))
            elif m.kind == "meld" and can_go_out(after):
                key = (1, len(m.cards) * 10 - 15 * sum(1 for c in m.cards if c.is_wild))
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = ruling, key
        return best

    def _meld_value(self, v: _View, m: Move) -> float:
        opening = not v.own
        value = 0.0
        hand_after = len(v.hand) - len(m.cards)
        for g in m.groups:
            wilds = sum(1 for c in g.cards if c.is_wild)
            nats = len(g.cards) - wilds
            rank = g.rank or next((c.rank for c in g.cards if c.is_natural), None)
            meld = v.own.get(rank)
            if meld is not None:
                size = len(meld.cards) + len(g.cards)
                value += 10 * nats
                if v.need and len(meld.cards) < 7:
                    value += self.grow * (min(size, 7) - len(meld.cards)) * min(size, 7) / 7
                    if size >= 7:
                        value += self.complete
                if wilds:
                    if meld.is_natural_canasta:
                        value -= 250            # would spoil a natural canasta (500 → 300)
                    elif len(meld.cards) < 7 <= size:
                        value += 30 + 5 * (size - 7 == 0)   # completes a canasta
                    elif v.pressed:
                        value += 2 * wilds
                    else:
                        value -= self.wild_cost * wilds     # keep wild cards for melds near a canasta
            else:
                if rank == "3":
                    value -= 100                # only when going out (handled there)
                    continue
                value += 8 * nats + (6 if nats >= 3 else 0)
                if wilds:
                    value -= (3 if (opening or v.pressed) else self.wild_cost) * wilds
                elif nats == 2 and not (opening or v.pressed):
                    value -= 20
        if opening:
            value += 40                         # the team's first meld unfreezes the pile for it
        if hand_after <= 2 and not v.pressed and not v.seen_by.has_canasta(v.team):
            value -= 15                         # keep some cards to take the pile with
        if self.keep_hand and not v.pressed:
            keep = self.keep_hand + self.keep_pile * v.pile_size
            short = max(0, keep - hand_after) - max(0, keep - len(v.hand))
            value -= self.keep_weight * short
        return value + 0.01 * self.rng.random()

    def _keep_value(self, v: _View, card) -> float:
        """How much the player wants to keep `card` (the lowest is discarded)."""
        view = v.seen_by
        if card.is_black_three:
            return -60.0                        # blocks the next player (pile.black-three)
        if card.is_wild:
            frozen = bool(view.crosswise)
            if (not frozen and view.pile_size >= 10 and v.theirs and card.rank == "2"
                    and len(v.hand) > 3):
                return 15.0                     # freezes a big pile against the opponents
            return 150.0 if card.rank == "JK" else 110.0
        rank = card.rank
        n = v.counts.get(rank, 0)
        keep = 0.0
        if n >= 2:
            keep += 25 + 10 * (n - 2)           # a pair takes the pile; three make a meld
        if rank in v.own:
            keep += 20
        opp_open = bool(v.theirs)
        pile_open = not view.crosswise
        pile_n = view.pile_size
        if rank in v.next_melds and pile_open:
            keep += 40 + 3 * pile_n             # feeds their meld and hands them the pile
        unseen = max(0, v.copies - v.seen.get(rank, 0))
        # the fewer of the rank are unseen, the less likely an opponent holds a pair of it
        risk = unseen / v.copies
        keep += risk * (6 + (2.0 if opp_open and pile_open else 1.0) * pile_n)
        keep -= 4 * v.pile_ranks.get(rank, 0)   # ranks already discarded are safer
        keep -= card.value / 10                 # shed points from the hand
        return keep

    # ---- words ----
    def _meld_reason(self, v: _View, m: Move) -> str:
        t = v.t
        parts = []
        for g in m.groups:
            rank = g.rank or next((c.rank for c in g.cards if c.is_natural), "")
            meld = v.own.get(rank)
            wilds = [c for c in g.cards if c.is_wild]
            n = len(g.cards)
            fields = {"cards": list(g.cards), "rank": rank}
            if meld is None:
                parts.append(t.format(t.ngettext("{cards} starts a meld of {rank:plural}",
                                                 "{cards} start a meld of {rank:plural}", n), **fields))
                continue
            size = len(meld.cards) + n
            if len(meld.cards) >= 7:
                parts.append(t.format(t.ngettext(
                    "{cards} goes on your canasta of {rank:plural} ({size} cards now)",
                    "{cards} go on your canasta of {rank:plural} ({size} cards now)", n), size=size, **fields))
            elif size >= 7:
                parts.append(t.format(t.ngettext(
                    "{cards} completes your meld of {rank:plural} as a canasta ({size} cards)",
                    "{cards} complete your meld of {rank:plural} as a canasta ({size} cards)", n),
                    size=size, **fields))
            elif wilds and v.danger:
                parts.append(t.format(t.ngettext(
                    "{cards} goes on your meld of {rank:plural}: {why}, so meld down what you can",
                    "{cards} go on your meld of {rank:plural}: {why}, so meld down what you can", n),
                    why=_danger_words(v), **fields))
            else:
                parts.append(t.format(t.ngettext(
                    "{cards} builds your meld of {rank:plural} toward a canasta ({size} of 7 cards)",
                    "{cards} build your meld of {rank:plural} toward a canasta ({size} of 7 cards)", n),
                    size=size, **fields))
        # TRANSLATORS: {melds} is one or more clauses ("K♥ K♠ 2♣ start a meld of kings"), "; " between
        text = t.gettext("Meld: {melds}.").format(melds="; ".join(parts))
        if not has_opened(v.pos):
            text += " " + _first_meld_note(v, m)
        return text

    def _discard_reason(self, v: _View, card) -> str:
        t = v.t
        view = v.seen_by
        if not view.stock_size and view.rules.format.has_lone_hand:
            return t.format(t.gettext("Discard {card}: the stock is gone, so this discard ends the "
                                      "hand."), card=card)
        if card.is_black_three:
            return t.format(t.gettext("Discard {card}: a black three blocks {seat:name} from taking the pile."),
                            card=card, seat=view.rules.format.next_seat(view.turn))
        if card.is_wild:
            return _wild_discard_reason(v, card)
        rank = card.rank
        why = []
        if v.counts.get(rank, 0) == 1:
            why.append(t.format(t.gettext("it is your only {rank:name}"), rank=rank))
        if rank not in v.theirs and v.theirs:
            why.append(t.format(t.gettext("your opponent has no meld of {rank:plural}")
                                if _one_opponent(v.pos) else
                                t.gettext("the opponents have no meld of {rank:plural}"), rank=rank))
        elif rank in v.theirs and view.crosswise:
            why.append(t.gettext("the pile is frozen, so it cannot be added to their meld"))
        if v.pile_ranks.get(rank):
            why.append(t.gettext("the top card of the pile has the same rank, so it is less "
                                 "likely wanted"))
        unseen = max(0, v.copies - v.seen.get(rank, 0))
        if unseen == 0:
            why.append(t.format(t.gettext("no {rank:name} is left unseen"), rank=rank))
        elif unseen <= 3:
            why.append(t.format(t.ngettext("only {n} {rank:name} is unseen", "only {n} {rank:plural} are unseen",
                                           unseen), n=unseen, rank=rank))
        if not why:
            why.append(t.gettext("it is the card you need least"))
        # TRANSLATORS: {reasons} is a list of clauses ("it is your only king, only 2 kings are unseen")
        return t.format(t.gettext("Discard {card}: {reasons}."), card=card, reasons=t.join(why))


def _one_opponent(pos) -> bool:
    """Is there a single opposing player (two players): "your opponent", not "the opponents"?"""
    fmt = pos.format
    return sum(len(fmt.seats_of(side)) for side in fmt.other_sides(pos.team)) == 1


def _danger_words(v: _View) -> str:
    """Why the player melds down (`_View.danger`), as true in the position: an opposing side
    that could go out soon, one a canasta short of it (`players.two-canastas`), or the stock
    nearly gone."""
    t, view, fmt, near = v.t, v.seen_by, v.pos.format, v.near
    if any(sum(1 for m in view.team_melds(side) if m.is_canasta) >= fmt.canastas_to_go_out
           for side in near):
        return (t.gettext("your opponent is close to going out") if _one_opponent(v.pos) else
                t.gettext("the opponents are close to going out"))
    if near:
        return (t.gettext("your opponent has a canasta and few cards left") if _one_opponent(v.pos)
                else t.gettext("the opponents have a canasta and few cards left"))
    n = v.stock
    return t.ngettext("only {n} card is left in the stock", "only {n} cards are left in the stock",
                      n).format(n=n)


def _take_reason(v: _View, m: Move) -> str:
    t = v.t
    top = v.seen_by.top
    n = v.pile_size
    if top.rank not in v.own and m.groups:
        text = t.format(t.ngettext("Take the pile: {n} card for a new meld of {rank:plural} with {cards}.",
                                   "Take the pile: {n} cards for a new meld of {rank:plural} with {cards}.", n),
                        n=n, rank=top.rank, cards=list(m.groups[0].cards))
    else:
        text = t.format(t.ngettext("Take the pile: {n} card for your meld of {rank:plural}.",
                                   "Take the pile: {n} cards for your meld of {rank:plural}.", n),
                        n=n, rank=top.rank)
    if not has_opened(v.pos) and v.seen_by.rules.initial_minimum_for(v.seen_by.opening_score()):
        text += " " + (t.gettext("It is also your first meld, which must reach the minimum.")
                       if per_player(v.pos) or _alone(v) else
                       t.gettext("It is also your team's first meld, which must reach the minimum."))
    if any(c.is_wild for c in m.cards):
        text += " " + t.gettext("A wild card is worth spending on a pile this size.")
    return text


def _alone(v: _View) -> bool:
    """Does the player to move play alone (a side of one seat, `players.sides`)?"""
    return not v.pos.format.partners(v.pos.turn)


def _leave_reason(t, pos) -> str:
    if not pos.format.partners(pos.turn):           # a player alone
        return t.gettext("Leave the pile: with the stock empty the hand ends, and you keep your score.")
    return t.gettext("Leave the pile: with the stock empty the hand ends, and your side keeps its score.")


def _first_meld_note(v: _View, m: Move) -> str:
    """What a team's first meld does, as true in the position: the minimum it reaches where
    one applies (none with `initial-minimum=off`, none for a concealed going out after
    drawing, `meld.initial`), and whether the pile is unfrozen by it — not while a wild
    card or red three lies crosswise in it (`pile.frozen.wild`)."""
    t = v.t
    view = v.seen_by
    minimum = view.rules.initial_minimum_for(view.opening_score())
    points = sum(c.value for c in m.cards)
    ruling = judge(v.pos, m)
    keys = {c.key for c in ruling.checks if c.rule == "meld.initial"}
    concealed = bool(keys & {"meld.initial/concealed!", "meld.initial/concealed-later!"})
    # opening=player, or a player alone (two or three players): the player's own first meld
    alone = per_player(v.pos) or _alone(v)
    if not minimum:
        first = (t.gettext("It is your first meld; at this table it needs no minimum.") if alone else
                 t.gettext("It is your team's first meld; at this table it needs no minimum."))
    elif concealed:
        first = t.format(t.gettext("It is your first meld: going out concealed this turn, it needs "
                                   "no minimum ({minimum} otherwise).") if alone else
                         t.gettext("It is your team's first meld: going out concealed this turn, "
                                   "it needs no minimum ({minimum} otherwise)."), minimum=minimum)
    else:
        first = t.format(t.gettext("It is your first meld ({points} points, at least {minimum} "
                                   "needed).") if alone else
                         t.gettext("It is your team's first meld ({points} points, at least "
                                   "{minimum} needed)."), points=points, minimum=minimum)
    if view.crosswise:
        pile = t.gettext("The pile stays frozen all the same: a wild card or red three lies "
                         "crosswise in it.")
    else:
        pile = (t.gettext("It unfreezes the pile for you.") if alone else
                t.gettext("It unfreezes the pile for your team."))
    return f"{first} {pile}"


def _wild_discard_reason(v: _View, card) -> str:
    """A wild card discarded: nobody can take the pile while it lies on top
    (`pile.take.top-natural`); once covered, the pile stays frozen for everybody
    (`pile.frozen.wild`) — a natural pair takes it then."""
    t = v.t
    n = v.seen_by.pile_size + 1
    if v.seen_by.crosswise:
        return t.format(t.gettext("Discard {card}: nobody can take the pile while a wild card "
                                  "lies on top, and it is frozen already."), card=card)
    return t.format(t.ngettext(
        "Discard {card}: nobody can take the pile while a wild card lies on top, and once it "
        "is covered the pile ({n} card) stays frozen: only a natural pair takes it.",
        "Discard {card}: nobody can take the pile while a wild card lies on top, and once it "
        "is covered the pile ({n} cards) stays frozen: only a natural pair takes it.", n),
        card=card, n=n)


def _stock_out_reason(pos, t) -> str:
    """The stock is empty and the player does not take the pile: 'leave the pile' only where
    it could be taken (`hand.end.stock`); else why the hand ends."""
    if any(m.kind == "take" for m in legal_moves(pos)):
        return _leave_reason(t, pos)
    if pos.rules.stock_out == "ends":
        return t.gettext("The stock is empty: at this table the hand ends, the pile is not "
                         "taken.")
    if not pos.pile:
        return t.gettext("The stock and the pile are empty: the hand ends.")
    return t.gettext("The stock is empty and the pile cannot be taken: the hand ends.")


def _why_not_take(pos, t) -> str:
    """Why the pile cannot be taken: the judge's own reason for a plain take."""
    if not pos.stock:
        return _stock_out_reason(pos, t)
    if not pos.pile:
        return t.gettext("Draw from the stock: the pile is empty.")
    ruling = judge(pos, "take")
    if ruling.legal:
        return t.gettext("Draw from the stock.")
    view = pos.seen_by(pos.actor)
    top = view.top
    if top.is_wild:
        return t.gettext("Draw from the stock: nobody can take the pile while a wild card lies on top.")
    if top.is_black_three:
        return t.gettext("Draw from the stock: a black three on top blocks you from taking the pile.")
    naturals = sum(1 for c in view.hand if c.is_natural and c.rank == top.rank)
    wilds = sum(1 for c in view.hand if c.is_wild)
    if (view.is_frozen_for(pos.team) or view.frozen_for_player()) and naturals < 2:
        return t.format(t.gettext("Draw from the stock: the pile is frozen for you, and you hold "
                                  "no natural pair of {rank:plural} for its top card."),
                        rank=top.rank)
    if pos.meld_of(pos.team, top.rank) is None and (naturals < 1 or naturals + wilds < 2):
        return t.format(t.gettext("Draw from the stock: you have no meld of {rank:plural} and no "
                                  "pair of them to meld the top card with."), rank=top.rank)
    # what else stops every take (a first meld short of the minimum, ...): the judge's words
    best = min((judge(pos, m) for m in _take_tries(view, top)), key=lambda r: len(r.checks),
               default=ruling)
    return t.format(t.gettext("Draw from the stock: the pile cannot be taken. {reason}"),
                    reason=best.explain(t.lang))


def _take_tries(view, top) -> list:
    """The takes worth explaining when none is legal: with the natural cards of the top's rank
    (and a wild card, where only one natural is held)."""
    naturals = [c for c in view.hand if c.is_natural and c.rank == top.rank]
    wild = next((c for c in view.hand if c.is_wild), None)
    tries = []
    if len(naturals) >= 2:
        tries.append(Move.parse("take " + " ".join(c.text for c in naturals[:2])))
    elif naturals and wild is not None:
        tries.append(Move.parse(f"take {naturals[0].text} {wild.text}"))
    return tries


def explain_choice(pos, move, lang: str = "en") -> str:
    """Why a good player would (or would not) make `move` in `pos`: the heuristic reason,
    in `lang`. For an answer to "may I go out?" that a good partner would not give, what
    that answer does and why the other is better."""
    move = Move.parse(move)
    t = translator(lang)
    player = SensiblePlayer()
    chosen, reason = player.decide(pos, lang)
    if chosen == move:
        return reason
    if pos.asked == "pending":
        _, why = _wants_out(pos, lang=lang)
        if move == _YES:            # a good partner says no: the team would trail
            return t.format(t.gettext("Saying yes lets {seat:name} go out and end the hand now, but a good "
                                      "partner would say no: {reason}."), seat=pos.turn, reason=why)
        return t.format(t.gettext("Saying no keeps the hand going, so that your team can build more "
                                  "first, but a good partner would say yes: {reason}."), reason=why)
    v = _View(pos, lang)
    if move.kind == "take":
        return _take_reason(v, move)
    if move.kind == "draw":
        return _why_not_take(pos, t) if not pos.stock else t.gettext("Draw from the stock.")
    if move.kind == "meld":
        return player._meld_reason(v, move)
    if move.kind == "discard":
        return player._discard_reason(v, move.cards[0])
    if move.kind == "ask":
        return t.gettext("Ask your partner “may I go out?”; the answer binds.")
    return t.format(t.gettext("A good player would rather do otherwise. {reason}"), reason=reason)


# ---- the measurement ---------------------------------------------------------------------

def tournament(hands: int = 1000, seed: int = 0, rules="default") -> dict:
    """SensiblePlayer team against RandomPlayer team over seeded hands.

    Hand i is dealt with seed ``seed + i``; the sensible side is the table's side ``i`` in
    turn (NS in even hands and EW in odd ones for four, cancelling seat bias), the other
    sides random. A hand is won when the sensible side's hand score is higher than every
    other side's (`win_rate`); with three sides, `pairwise_win_rate` counts each random side
    apart (the sensible side's hand score higher than that side's). Returns the rates, the
    average hand scores and milliseconds per computer move.
    """
    from .autoplay import play_hand
    fmt = Ruleset.parse(rules).format
    wins = losses = ties = 0
    pairs = pair_wins = 0
    sens_total = rand_total = 0
    sens_time = rand_time = 0.0
    sens_moves = rand_moves = 0
    start = time.perf_counter()
    for i in range(hands):
        sensible_team = fmt.sides[i % len(fmt.sides)]
        players = {}
        for k, seat in enumerate(fmt.seats):
            key = seed * 7919 + i * len(fmt.seats) + k
            base = SensiblePlayer(seed=key) if fmt.side_of(seat) == sensible_team \
                else RandomPlayer(seed=key)
            players[seat] = _Timed(base)
        record = play_hand(players, seed=seed + i, rules=rules)
        s = record.sheet[sensible_team].total
        others = fmt.other_sides(sensible_team)
        if fmt.has_lone_hand:       # cutthroat: against the players not on its side at the end
            final = record.final.format
            others = [z for z in others if final.side_of(z) != final.side_of(sensible_team)]
        r = max(record.sheet[side].total for side in others)
        pairs += len(others)
        pair_wins += sum(1 for side in others if s > record.sheet[side].total)
        sens_total += s
        rand_total += r
        if s > r:
            wins += 1
        elif s < r:
            losses += 1
        else:
            ties += 1
        for seat, timed in players.items():
            if fmt.side_of(seat) == sensible_team:
                sens_time += timed.seconds
                sens_moves += timed.moves
            else:
                rand_time += timed.seconds
                rand_moves += timed.moves
    elapsed = time.perf_counter() - start
    return {
        "hands": hands,
        "seed": seed,
        "sensible_wins": wins,
        "random_wins": losses,
        "ties": ties,
        "win_rate": wins / hands if hands else 0.0,
        "pairwise_win_rate": pair_wins / pairs if pairs else 0.0,
        "avg_score_sensible": sens_total / hands if hands else 0.0,
        "avg_score_random": rand_total / hands if hands else 0.0,
        "ms_per_move_sensible": 1000 * sens_time / sens_moves if sens_moves else 0.0,
        "ms_per_move_random": 1000 * rand_time / rand_moves if rand_moves else 0.0,
        "ms_per_move": 1000 * (sens_time + rand_time) / max(1, sens_moves + rand_moves),
        "moves": sens_moves + rand_moves,
        "seconds": elapsed,
    }


class _Timed(Player):
    """Wraps a player and measures the time of its `choose` calls."""

    def __init__(self, player: Player):
        self.player = player
        self.seconds = 0.0
        self.moves = 0

    def choose(self, pos) -> Move:
        t0 = time.perf_counter()
        move = self.player.choose(pos)
        self.seconds += time.perf_counter() - t0
        self.moves += 1
        return move
