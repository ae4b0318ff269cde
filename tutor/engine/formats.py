"""Who sits where: one small frozen `Format` per player count (RULES.md, "Player counts").

A format knows its seats in turn order, its *sides* (a team, or a player who plays alone:
a side of one seat), each seat's partners and opponents, who answers "may I go out?", the
deck (packs), the hand dealt, the cards drawn from the stock, the canastas needed to go
out, the game's target and the first meld's minimums. The ruleset chooses it
(`Ruleset.format`, from the flags `players`, `three` and `six`); the notation's keys and
the diagram's seat places come from it. Nothing else in the engine asks how many play.

    fmt = FORMATS["2"]
    fmt.seats               # ('N', 'S'): turn order
    fmt.sides               # ('N', 'S'): a lone player's side is named by the seat
    fmt.side_of("S")        # 'S'
    fmt.answerer("S")       # None: nobody to ask (players.sides)
    fmt.draw_count          # 2 (players.draw-two)

Seats are compass points round the table: N E S W for four; N S facing for two; E S W
for three (the four-player table less North); N NE SE S SW NW for six. Sides: NS and EW
for four; the seat's own name for a player alone; T1, T2 (and T3) for teams of six.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ALL_CARDS, JOKER

__all__ = ["Format", "FORMATS", "FOUR", "CUTTHROAT", "format_for"]

#: `meld.initial`: (lowest cumulative score, minimum count), highest first.
MINIMUMS = ((3000, 120), (1500, 90), (0, 50), (None, 15))
#: `players.game-six`: six players in two teams add a row at 7500.
MINIMUMS_SIX = ((7500, 150), (3000, 120), (1500, 90), (0, 50), (None, 15))
#: Where each seat sits round the table, in degrees (0 = right, 90 = top), for diagrams.
ANGLES = {"N": 90, "NE": 30, "E": 0, "SE": -30, "S": -90, "SW": -150, "W": 180, "NW": 150}


@dataclass(frozen=True)
class Format:
    """One player count (and its choice of sides): seats, sides and the numbers of the game."""
    key: str                            # "4", "2", "3", "6", "6:three-teams"
    seats: tuple                        # in turn order (clockwise)
    side_seats: tuple                   # per side, its seats in turn order
    side_names: tuple                   # per side, its code ("NS", "N", "T1")
    packs: int = 2                      # 52-card packs (with two jokers each): deck.cards
    hand_size: int = 11                 # deal.count
    draw_count: int = 1                 # cards drawn from the stock (players.draw-two)
    canastas_to_go_out: int = 1         # goout.canasta / players.two-canastas
    game_target: int = 5000             # game.end / players.game-six
    minimums: tuple = MINIMUMS          # meld.initial
    red3_scale: tuple = ()              # players.red3-six: side's red-three count -> score
    dealer: str = ""                    # who deals the first hand: the last seat in turn order
    #: cutthroat (players.cutthroat): the sides are decided by play. This format's sides are
    #: the seats (each alone: the position's zones of melds, red threes and scores stay per
    #: player); once a player has taken the pile first, `with_lone(seat)` is the table's
    #: format: that seat alone, the other two one side (`Position.lone`, `Position.format`).
    lone_formats: dict = field(default=None, compare=False, repr=False)
    seat_index: dict = field(default=None, compare=False, repr=False)
    side_index: dict = field(default=None, compare=False, repr=False)
    _side_of: dict = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        set_ = object.__setattr__
        set_(self, "seat_index", {s: i for i, s in enumerate(self.seats)})
        set_(self, "side_index", {s: i for i, s in enumerate(self.side_names)})
        set_(self, "_side_of", {seat: name for name, seats in zip(self.side_names, self.side_seats)
                                for seat in seats})
        if not self.dealer:
            set_(self, "dealer", self.seats[-1])
        # the engine asks these on every move: each answer is looked up, not worked out (the
        # methods below say what they mean; these instance lookups take their place)
        tables = {
            "next_seat": {s: Format.next_seat(self, s) for s in self.seats},
            "side_of": dict(self._side_of),
            "partners": {s: Format.partners(self, s) for s in self.seats},
            "opponents": {s: Format.opponents(self, s) for s in self.seats},
            "other_sides": {side: Format.other_sides(self, side) for side in self.side_names},
        }
        for name, table in tables.items():
            set_(self, name, table.__getitem__)
        set_(self, "answerer", {s: Format.answerer(self, s) for s in self.seats}.__getitem__)

    # ---- the table ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def sides(self) -> tuple:
        return self.side_names

    @property
    def deck_size(self) -> int:
        return 54 * self.packs

    def copies(self, card) -> int:
        """How many of `card` the deck holds (`deck.cards`, `players.deck`)."""
        return 2 * self.packs if card is JOKER else self.packs

    def full_deck(self) -> list:
        """Every card of this count's deck, in a fixed order (shuffle it with a seeded Random)."""
        return [card for card in ALL_CARDS for _ in range(self.copies(card))]

    def next_seat(self, seat: str) -> str:
        return self.seats[(self.seat_index[seat] + 1) % len(self.seats)]

    def side_of(self, seat: str) -> str:
        return self._side_of[seat]

    def seats_of(self, side: str) -> tuple:
        return self.side_seats[self.side_index[side]]

    def partners(self, seat: str) -> tuple:
        """The seat's partners, in turn order from the seat (none for a player alone)."""
        mine = self.seats_of(self.side_of(seat))
        n, i = len(self.seats), self.seat_index[seat]
        return tuple(s for s in (self.seats[(i + k) % n] for k in range(1, n)) if s in mine)

    def opponents(self, seat: str) -> tuple:
        """Every seat not of the seat's side, in turn order from the seat."""
        mine = self.seats_of(self.side_of(seat))
        n, i = len(self.seats), self.seat_index[seat]
        return tuple(s for s in (self.seats[(i + k) % n] for k in range(1, n)) if s not in mine)

    def other_sides(self, side: str) -> tuple:
        return tuple(s for s in self.side_names if s != side)

    def answerer(self, seat: str) -> str | None:
        """Who answers the seat's "may I go out?": the partner who plays next (`players.sides`);
        None for a player alone, who never asks."""
        partners = self.partners(seat)
        return partners[0] if partners else None

    @property
    def has_partners(self) -> bool:
        return any(len(s) > 1 for s in self.side_seats)

    def initial_minimum_for(self, score: int) -> int:
        """The first meld's minimum for a side whose running total is `score` (`meld.initial`)."""
        for lowest, minimum in self.minimums:
            if lowest is None or score >= lowest:
                return minimum
        return 15  # pragma: no cover - the tables end with None

    @property
    def has_lone_hand(self) -> bool:
        """Are the sides decided by play, a lone hand against a partnership (cutthroat)?"""
        return bool(self.lone_formats)

    def with_lone(self, seat: str | None) -> "Format":
        """The format once `seat` is the lone hand (cutthroat); this format while undecided."""
        if seat is None or not self.lone_formats:
            return self
        return self.lone_formats[seat]

    def angle(self, seat: str) -> int:
        """Where `seat` sits round the table, in degrees (0 right, 90 top)."""
        return ANGLES[seat]


FOUR = Format("4", ("N", "E", "S", "W"), (("N", "S"), ("E", "W")), ("NS", "EW"))
TWO = Format("2", ("N", "S"), (("N",), ("S",)), ("N", "S"), hand_size=15, draw_count=2,
             canastas_to_go_out=2)
THREE = Format("3", ("E", "S", "W"), (("E",), ("S",), ("W",)), ("E", "S", "W"), hand_size=13)
SIX = Format("6", ("N", "NE", "SE", "S", "SW", "NW"),
             (("N", "SE", "SW"), ("NE", "S", "NW")), ("T1", "T2"), packs=3, hand_size=13,
             canastas_to_go_out=2, game_target=10000, minimums=MINIMUMS_SIX,
             red3_scale=(0, 100, 200, 300, 400, 1000, 1200))
SIX_THREE_TEAMS = Format("6:three-teams", ("N", "NE", "SE", "S", "SW", "NW"),
                         (("N", "S"), ("NE", "SW"), ("SE", "NW")), ("T1", "T2", "T3"), packs=3,
                         hand_size=13, canastas_to_go_out=2, game_target=7500,
                         red3_scale=(0, 100, 200, 300, 400, 1000, 1200))



def _cutthroat(canastas: int = 2) -> Format:
    """Cutthroat for three (`players.cutthroat`): each alone until a player first takes the
    pile; that player is then the lone hand and the other two one side, named by its seats:
    "EW" when S is alone, "ES" when W is, "WS" when E is (not "SW", a six-player seat). Two
    cards drawn, two canastas to go out (one with `cutthroat-canastas=1`), game 7500."""
    numbers = dict(hand_size=13, draw_count=2, canastas_to_go_out=canastas, game_target=7500)
    key = "3:cutthroat" + ("" if canastas == 2 else f"-{canastas}")
    seats = ("E", "S", "W")
    names = {"E": "WS", "S": "EW", "W": "ES"}
    lone = {}
    for seat in seats:
        pair = tuple(s for s in seats if s != seat)
        sides = sorted(((seat,), pair), key=lambda side: seats.index(side[0]))
        lone[seat] = Format(f"{key}:{seat}", seats, tuple(sides),
                            tuple(seat if side == (seat,) else names[seat] for side in sides),
                            **numbers)
    return Format(key, seats, (("E",), ("S",), ("W",)), ("E", "S", "W"),
                  lone_formats=lone, **numbers)


CUTTHROAT = _cutthroat()
CUTTHROAT_ONE = _cutthroat(1)           # variant cutthroat-canastas=1 (Bicycle, pagat.com)

#: Every format by its key (a cutthroat table's decided formats are `CUTTHROAT.lone_formats`).
FORMATS = {f.key: f for f in (FOUR, TWO, THREE, SIX, SIX_THREE_TEAMS, CUTTHROAT, CUTTHROAT_ONE)}
#: Every seat code and side code any format uses (the glossary names each).
ALL_SEATS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def format_for(players: str, three: str = "each-alone", six: str = "two-teams",
               cutthroat_canastas: str = "2") -> Format:
    """The format a ruleset's flags choose."""
    if players == "6" and six == "three-teams":
        return SIX_THREE_TEAMS
    if players == "3" and three == "cutthroat":
        return CUTTHROAT_ONE if cutthroat_canastas == "1" else CUTTHROAT
    return FORMATS[players]
