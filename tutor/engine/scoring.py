"""Scoring a hand (`score.*`) and a game of hands to 5000 (`game.end`).

`score_hand(pos)` scores the position as if the hand ended now: the going-out bonus only
when `pos.out` is set. Each team's `TeamSheet` has `lines`, ``(rule id, points)`` pairs in
a fixed order, and `items`, the same lines with a few words each:

- ``score.going-out``   100 to the team that went out (`pos.out`)
- ``goout.concealed``   100 more when it went out concealed (`pos.out_concealed`)
- ``score.canastas``    500 per natural, 300 per mixed canasta (`canasta.natural`,
  `canasta.mixed`; the cards' own values count besides, `canasta.both-count`)
- ``score.red-threes``  100 each, 800 for all four; minus if the team has no melds
  (`red3.score`). A red three still in a hand (variant ``red3-dealt=on-turn``) counts as
  laid out: the variant does not change the score.
- ``score.table``       the point values (`deck.values`) of every card in the team's melds
- ``score.hand``        minus the point values of the cards in both partners' hands

Zero lines are left out, except ``score.table`` and ``score.hand`` which are always there.
"""
from __future__ import annotations

from dataclasses import dataclass

from .deal import DEALER, deal
from .position import as_position, SEATS, TEAM_INDEX, TEAMS, Position, team_of, team_seats
from .ruleset import Ruleset

__all__ = ["TeamSheet", "score_hand", "Game"]

GOING_OUT = 100
CONCEALED_EXTRA = 100
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
RED_THREE = 100
ALL_RED_THREES = 800


@dataclass(frozen=True)
class TeamSheet:
    team: str
    lines: tuple        # ((rule id, points), ...)
    items: tuple        # ((rule id, points, words), ...)
    total: int

    def points(self, rule: str) -> int:
        """The points of one line (0 when the sheet has no such line)."""
        return sum(p for r, p in self.lines if r == rule)

    def text(self) -> str:
        rows = [f"{self.team}"]
        rows += [f"  {points:+6d}  {words}  ({rule})" for rule, points, words in self.items]
        rows.append(f"  {self.total:+6d}  total")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.text()


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _team_sheet(pos: Position, team: str) -> TeamSheet:
    t = TEAM_INDEX[team]
    melds = pos.melds[t]
    items = []
    if pos.out is not None and team_of(pos.out) == team:
        items.append(("score.going-out", GOING_OUT, f"{pos.out} went out"))
        if pos.out_concealed:
            items.append(("goout.concealed", CONCEALED_EXTRA, f"{pos.out} went out concealed"))
    natural = sum(1 for m in melds if m.is_natural_canasta)
    mixed = sum(1 for m in melds if m.is_mixed_canasta)
    if natural or mixed:
        parts = []
        if natural:
            parts.append(f"{_n(natural, 'natural canasta')} × {NATURAL_CANASTA}")
        if mixed:
            parts.append(f"{_n(mixed, 'mixed canasta')} × {MIXED_CANASTA}")
        items.append(("score.canastas", natural * NATURAL_CANASTA + mixed * MIXED_CANASTA,
                      " + ".join(parts)))
    seats = team_seats(team)
    threes = len(pos.red3[t]) + sum(1 for s in seats for c in pos.hand(s) if c.is_red_three)
    if threes:
        points = ALL_RED_THREES if threes == 4 else RED_THREE * threes
        words = "all four red threes" if threes == 4 else \
            f"{_n(threes, 'red three')} × {RED_THREE}"
        if not melds:
            points = -points
            words += ", minus: the team has melded nothing"
        items.append(("score.red-threes", points, words))
    table = sum(m.points for m in melds)
    cards = sum(len(m.cards) for m in melds)
    items.append(("score.table", table, f"{_n(cards, 'card')} in the melds"))
    held = [c for s in seats for c in pos.hand(s) if not c.is_red_three]
    items.append(("score.hand", -sum(c.value for c in held), f"{_n(len(held), 'card')} left in "
                  f"{' and '.join(seats)}'s hands"))
    return TeamSheet(team=team, lines=tuple((r, p) for r, p, _ in items), items=tuple(items),
                     total=sum(p for _, p, _ in items))


def score_hand(pos: Position) -> dict:
    """``{"NS": TeamSheet, "EW": TeamSheet}``: the hand scored as if it ended now."""
    pos = as_position(pos)
    return {team: _team_sheet(pos, team) for team in TEAMS}


class Game:
    """A game of hands until a team reaches the target (5000, `game.end`)."""

    def __init__(self, rules="default", target: int = 5000):
        self.rules = Ruleset.parse(rules)
        self.target = target
        self.totals = (0, 0)
        self.hands: list = []       # [(final position, sheet), ...]

    def add_hand(self, final: Position) -> dict:
        """Score a finished hand and add it to the running totals; returns its sheet."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.result_text()}")
        sheet = score_hand(final)
        self.totals = (self.totals[0] + sheet["NS"].total, self.totals[1] + sheet["EW"].total)
        self.hands.append((final, sheet))
        return sheet

    @property
    def dealer(self) -> str:
        """Who deals the next hand: W first, then clockwise (`deal.order`)."""
        return SEATS[(SEATS.index(DEALER) + len(self.hands)) % 4]

    def next_deal(self, seed: int = 0) -> Position:
        """The next hand, dealt by the next dealer with the running totals as its score (so
        `meld.initial` follows them)."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.result_text()}")
        return deal(seed, self.rules, score=self.totals, dealer=self.dealer)

    @property
    def is_over(self) -> bool:
        return max(self.totals) >= self.target

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once the game is over; None while it goes on or for a draw."""
        if not self.is_over or self.totals[0] == self.totals[1]:
            return None
        return "NS" if self.totals[0] > self.totals[1] else "EW"

    @property
    def is_draw(self) -> bool:
        return self.is_over and self.totals[0] == self.totals[1]

    @property
    def margin(self) -> int:
        return abs(self.totals[0] - self.totals[1])

    def result_text(self) -> str:
        ns, ew = self.totals
        score = f"NS {ns}, EW {ew}"
        if not self.is_over:
            return f"{score} after {_n(len(self.hands), 'hand')}: the game goes on to " \
                   f"{self.target} (game.end)"
        if self.winner is None:
            return f"{score}: a drawn game (game.end)"
        return f"{score}: {self.winner} wins by {self.margin} (game.end)"

    def __repr__(self) -> str:
        return f"<Game {self.result_text()}>"
