"""The position: one immutable snapshot of a Canasta hand in progress.

Glossary:
- *seat*: N E S W for four players; play passes clockwise N → E → S → W (`deal.order`).
  Other counts have their own seats (formats.py); `pos.format` knows them.
- *side* (or *team*): NS (North–South) or EW (East–West) for four, partners opposite; a
  player alone is a side of one seat (`players.sides`). `melds`, `red3` and `score` hold
  one entry per side, `hands` one per seat, in the format's order; under `red3-four=player`
  `red3` holds one entry per seat (`rules.red3_zones`: who laid which red three).
- *meld*: three or more cards of one rank on the table, owned by a team (`meld.*`).
- *canasta*: a meld of seven or more; *natural* (no wild card, 500) or *mixed* (300).
- *frozen pile*: a pile that can only be taken with a natural pair of the top card's
  rank — for everybody while it holds a wild card or red three (`pile.frozen.wild`), and
  for a team that has not melded yet (`pile.frozen.team`).
- *opened*: a seat that has melded earlier in this hand; it can no longer go out
  concealed (`goout.concealed`).
- *started*: the ranks of the melds the player to move laid this turn — adding to any
  other meld is adding to the partner's melds, which also spoils a concealed going out.
- *touched*: the ranks of the team's melds from before this turn that the player to move
  added to this turn: a concealed going out is no longer possible (`goout.concealed`).
  At the end of the turn a seat that started or touched a meld joins *opened*.
- *below minimum*: the team's first meld was laid this turn below the minimum, allowed
  only because the player drew from the stock and can still go out concealed this turn
  (`meld.initial`): a move that keeps the player in is refused.
- *phase*: ``draw`` (has not drawn), ``drawn`` (drew or took the pile, melded nothing
  else: may still ask "may I go out?"), ``melded`` (has melded this turn), ``over``
  (the hand has ended).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .cards import Card, cards_text, sort_cards
from .ruleset import DEFAULT, Ruleset

PHASES = ("draw", "drawn", "melded", "over")
ASKED = ("-", "pending", "yes", "no")


def as_position(value) -> "Position":
    """A `Position`, or position text parsed; anything else is refused in words."""
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        return Position.parse(value)
    from .errors import TutorError, type_name
    raise TutorError("error:position.not-a-position", type=type_name(value))


CANASTA_SIZE = 7   # canasta.size: a meld of seven or more cards


class Meld(NamedTuple):
    """A team's meld: its rank and its cards (sorted). Wild cards stay for good (`meld.wild-fixed`)."""
    rank: str
    cards: tuple

    @property
    def naturals(self) -> int:
        return sum(1 for c in self.cards if c.is_natural)

    @property
    def wilds(self) -> int:
        return sum(1 for c in self.cards if c.is_wild)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_canasta(self) -> bool:
        return len(self.cards) >= CANASTA_SIZE              # canasta.size

    @property
    def is_natural_canasta(self) -> bool:
        return self.is_canasta and self.wilds == 0          # canasta.natural

    @property
    def is_mixed_canasta(self) -> bool:
        return self.is_canasta and self.wilds > 0           # canasta.mixed

    @property
    def points(self) -> int:
        return sum(c.value for c in self.cards)

    def plus(self, cards) -> "Meld":
        return Meld(self.rank, sort_cards(self.cards + tuple(cards)))

    def __str__(self) -> str:
        return cards_text(self.cards)


class Layout(NamedTuple):
    """How the position text placed cards, so `to_text` can write it back the same way.

    `shown[i]` is the cards written for seat i; `unseen[i]` how many more were dealt from the
    seed; `stock_shown` the stock cards written (top first) and `stock_rest` whether the
    unseen rest follows them. A played position has no layout: every card is written out.
    """
    shown: tuple
    unseen: tuple
    stock_shown: tuple
    stock_rest: bool


@dataclass(frozen=True)
class Position:
    """An immutable snapshot: parse it from text, play moves to get new positions."""
    turn: str = "N"
    phase: str = "draw"
    asked: str = "-"
    rules: Ruleset = DEFAULT
    score: tuple = (0, 0)                   # running totals per side (NS, EW) before this hand
    hands: tuple = ((), (), (), ())         # per seat in turn order (N E S W), sorted cards
    melds: tuple = ((), ())                 # per side (NS EW), Meld tuples in the order laid
    red3: tuple = ((), ())                  # per side, red threes laid out (per seat under
                                            # red3-four=player: `rules.red3_zones`)
    pile: tuple = ()                        # discard pile, bottom first
    stock: tuple = ()                       # top first
    opened: frozenset = frozenset()         # seats that melded before this turn
    started: frozenset = frozenset()        # ranks of melds the player to move started this turn
    touched: frozenset = frozenset()        # ranks of older team melds added to this turn
    below_minimum: bool = False             # first meld below the minimum: must go out now
    out: str | None = None                  # the seat that went out, once the hand is over
    out_concealed: bool = False
    seed: int | None = None
    layout: Layout | None = field(default=None, compare=True, repr=False)
    lone: str | None = None                 # cutthroat: the lone hand, once decided (players.cutthroat)

    # ---- text -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Position":
        """A position from its text (NOTATION.md); `PositionError` says what is wrong and where."""
        from .notation import parse_position
        return parse_position(text)

    def to_text(self) -> str:
        from .notation import position_text
        return position_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Position.parse({self.to_text()!r})"

    # ---- moves ------------------------------------------------------------------
    def play(self, move) -> "Position":
        """The position after `move` (text or `Move`); raises `IllegalMove` if the rules forbid it."""
        from .judge import judge
        from .errors import IllegalMove
        ruling = judge(self, move)
        if not ruling.legal:
            raise IllegalMove(ruling)
        return ruling.after

    def legal_moves(self):
        from .generate import legal_moves
        return legal_moves(self)

    def seen_by(self, seat: str):
        """What `seat` may see of this position: a `SeatView` (tutor.engine.seatview)."""
        from .seatview import SeatView
        return SeatView.of(self, seat)

    # ---- queries ----------------------------------------------------------------
    @property
    def format(self):
        """Who sits where and the numbers of this game: a `Format` (formats.py). In cutthroat
        the sides are decided by play: each alone until `lone` is set, then the lone hand
        against the other two (`players.cutthroat`)."""
        lone = self.lone
        return self.rules.format if lone is None else self.rules.format.with_lone(lone)

    def hand(self, seat: str | None = None) -> tuple:
        return self.hands[self.rules.seat_index[seat or self.turn]]

    # `melds`, `red3` and `score` hold one entry per side of the ruleset's format: in cutthroat
    # one per player (its zones), and a partnership's melds are both partners' together.
    def team_melds(self, team: str) -> tuple:
        i = self.rules.side_index.get(team)
        if i is not None:
            return self.melds[i]
        return _joined(self, self.melds, team)

    def team_red3(self, team: str) -> tuple:
        rules = self.rules
        if rules.red3_per_seat:         # red3-four=player: each seat's own zone, joined
            red3, index = self.red3, rules.red3_index
            return tuple(c for s in rules.format.seats_of(team) for c in red3[index[s]])
        i = rules.side_index.get(team)
        if i is not None:
            return self.red3[i]
        return _joined(self, self.red3, team)

    def team_score(self, team: str) -> int:
        """The side's running total before this hand (cutthroat: a player's own; a
        partnership's is the higher of the two)."""
        i = self.rules.side_index.get(team)
        if i is not None:
            return self.score[i]
        return max(self.score[self.rules.side_index[s]] for s in self.format.seats_of(team))

    def opening_score(self, seat: str | None = None) -> int:
        """The running total that decides the first meld's minimum for `seat` (the player to
        move): the side's (`meld.initial`); in cutthroat the player's own (`players.cutthroat`)."""
        seat = seat or self.turn
        if self.rules.format.has_lone_hand:
            return self.score[self.rules.side_index[seat]]
        return self.score[self.rules.side_index[self.rules.side_of(seat)]]

    def meld_of(self, team: str, rank: str) -> Meld | None:
        """The side's meld of `rank`, or None. A cutthroat partnership may hold two (one each,
        laid before it formed): the player to move's own is the one (`players.cutthroat`)."""
        found = None
        for meld in self.team_melds(team):
            if meld.rank == rank:
                if self.lone is None:       # one meld a rank: the first is the one
                    return meld
                found = meld
        return found

    @property
    def team(self) -> str:
        """The side of the player to move."""
        if self.lone is not None:
            return self.format.side_of(self.turn)
        return self.rules.side_of(self.turn)

    @property
    def actor(self) -> str:
        """The seat that acts now: the partner who answers while "may I go out?" is pending,
        else the player to move."""
        if self.asked == "pending":
            return self.format.answerer(self.turn) or self.turn
        return self.turn

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def frozen_cards(self) -> tuple:
        """Wild cards and red threes in the pile, laid crosswise: they freeze it (`pile.frozen.wild`)."""
        return tuple(c for c in self.pile if c.is_wild or c.is_red_three)

    def is_frozen_for(self, team: str) -> bool:
        return bool(self.frozen_cards) or not self.team_melds(team)

    def has_canasta(self, team: str) -> bool:
        return any(m.is_canasta for m in self.team_melds(team))

    def canastas(self, team: str) -> int:
        return sum(1 for m in self.team_melds(team) if m.is_canasta)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def card_count(self) -> int:
        """Every card in every zone: always the whole deck, 108 (`deck.cards`) or 162 (`players.deck`)."""
        return (sum(len(h) for h in self.hands) + sum(len(m.cards) for side in self.melds for m in side)
                + sum(len(r) for r in self.red3) + len(self.pile) + len(self.stock))

    def all_cards(self) -> list:
        cards = [c for h in self.hands for c in h]
        cards += [c for side in self.melds for m in side for c in m.cards]
        cards += [c for r in self.red3 for c in r]
        return cards + list(self.pile) + list(self.stock)

    def replace(self, **changes) -> "Position":
        """A copy with some fields changed; the copy is concrete (no text layout, no seed).

        Copies the fields directly instead of `dataclasses.replace` (which re-runs
        `__init__`): the engine makes one copy per move, so this is on every move's path."""
        new = object.__new__(Position)
        state = new.__dict__
        state.update(self.__dict__)
        state["layout"] = None
        state["seed"] = None
        for name, value in changes.items():
            if name not in state:
                raise TypeError(f"Position has no field {name!r}")
            state[name] = value
        return new

    # ---- notebook display ---------------------------------------------------------
    def _repr_svg_(self) -> str:
        from .diagram import position_svg
        return position_svg(self)


def zone_seats(pos, side: str) -> tuple:
    """A side's seats in the order its zones are joined: the player to move last (so where a
    cutthroat partnership holds two melds of a rank, the last is the mover's own)."""
    seats = pos.format.seats_of(side)
    if pos.turn in seats:
        seats = tuple(s for s in seats if s != pos.turn) + (pos.turn,)
    return seats


def _joined(pos, zones: tuple, side: str) -> tuple:
    """A cutthroat partnership's melds (or red threes): its players' zones together
    (`players.cutthroat`: the melds each held before stay as they are), the mover's last."""
    index = pos.rules.side_index
    return tuple(x for seat in zone_seats(pos, side) for x in zones[index[seat]])
