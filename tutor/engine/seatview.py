"""What one seat may see of a position (RULES.md, "What every player sees").

A player at a real table sees their own hand, every meld and red three, the top card of
the discard pile, its size and any card laid crosswise in it (a wild card or red three
that froze it), the size of the stock and how many cards each other player holds —
nothing else. `SeatView` is exactly that, as plain data. The learner's table is drawn
from it, and the hints and the computer players reason from it, so that no hidden card
can reach what a learner sees or what a computer player reasons with: what is not in the
view cannot be drawn, said or used.

    view = pos.seen_by("S")
    view.hand            # South's own cards
    view.counts["N"]     # how many cards North holds (view.hands has no "N")
    view.pile            # the pile cards South sees: the crosswise ones and the top
    view.pile_size, view.stock_size
    view.visible_cards() # every card South can see, for tests that look for leaks

`SeatView.of(pos, seat, open=True)` is the teacher's view of a staged position: every
hand face up and the whole pile fanned, drawn the same way.
"""
from __future__ import annotations

from typing import NamedTuple

from .position import Position



class SeatView(NamedTuple):
    seat: str
    turn: str
    phase: str
    asked: str
    rules: object               # the Ruleset (the variant flags are public)
    score: tuple                # running totals per side (NS, EW) before this hand
    hands: dict                 # seat -> cards, for the hands this view shows face up
    counts: dict                # seat -> how many cards it holds
    melds: tuple                # per side (NS EW), as in Position
    red3: tuple                 # per side
    pile: tuple                 # the pile cards seen, bottom first (the top is last)
    pile_size: int
    crosswise: tuple            # wild cards and red threes in the pile (laid crosswise)
    stock_size: int
    opened: frozenset
    out: str | None
    out_concealed: bool
    open: bool = False          # the teacher's view: every card face up
    lone: str | None = None     # cutthroat: the lone hand, once decided (players.cutthroat)

    @classmethod
    def of(cls, pos, seat: str, open: bool = False) -> "SeatView":
        seats = pos.rules.format.seats
        if seat not in seats:
            raise ValueError(f"'{seat}' is not a seat: {', '.join(seats[:-1])} or {seats[-1]}")
        crosswise = pos.frozen_cards
        if open:
            hands, pile = {s: pos.hand(s) for s in seats}, pos.pile
        else:
            hands = {seat: pos.hand(seat)}
            # the top card, and the crosswise cards that stick out from under it
            pile = tuple(c for c in pos.pile[:-1] if c.is_wild or c.is_red_three) + pos.pile[-1:]
        return cls(seat, pos.turn, pos.phase, pos.asked, pos.rules, pos.score, hands,
                   {s: len(pos.hand(s)) for s in seats}, pos.melds, pos.red3, pile,
                   len(pos.pile), crosswise, len(pos.stock), pos.opened, pos.out,
                   pos.out_concealed, open, pos.lone)

    @property
    def hand(self) -> tuple:
        """The seat's own cards."""
        return self.hands[self.seat]

    @property
    def format(self):
        """The table's seats and sides (formats.py); in cutthroat as decided by play so far."""
        return self.rules.format.with_lone(self.lone)

    @property
    def team(self) -> str:
        return self.format.side_of(self.seat)

    def team_score(self, team: str) -> int:
        return Position.team_score(self, team)

    def opening_score(self, seat: str | None = None) -> int:
        """The total that decides `seat`'s first-meld minimum (`meld.initial`; cutthroat: the
        player's own)."""
        return Position.opening_score(self, seat or self.seat)

    @property
    def top(self):
        """The pile's top card, or None."""
        return self.pile[-1] if self.pile else None

    @property
    def blocked(self) -> bool:
        """A black three on top blocks the next player from taking the pile (`pile.black-three`):
        only while the hand is in play, as nobody draws after it."""
        return self.phase != "over" and self.top is not None and self.top.is_black_three

    def team_melds(self, team: str) -> tuple:
        return Position.team_melds(self, team)

    def team_red3(self, team: str) -> tuple:
        return Position.team_red3(self, team)

    def has_canasta(self, team: str) -> bool:
        return any(m.is_canasta for m in self.team_melds(team))

    def is_frozen_for(self, team: str) -> bool:
        """Frozen for the team: a crosswise card in it, or the team has not melded yet."""
        return bool(self.crosswise) or not self.team_melds(team)

    def frozen_for_player(self) -> bool:
        """`opening=player`: the pile is frozen for the player to move until that player has
        melded (a meld of an earlier turn), whatever the partner has melded."""
        return self.rules.opening == "player" and self.turn not in self.opened

    def visible_cards(self) -> list:
        """Every card this view shows (with repeats: the deck has two of each)."""
        cards = [c for h in self.hands.values() for c in h]
        cards += [c for side in self.melds for m in side for c in m.cards]
        cards += [c for r in self.red3 for c in r]
        return cards + list(self.pile)
