"""Playing on: computer players move for their seats, a hand, a game, and the replay of a hand.

- `play_on(pos, players, stop_at)` plays the seats that have a player until a seat in
  `stop_at` (or a seat with no player) must act, or the hand is over. The seat that acts
  is the player to move — or, while "may I go out?" is pending, the partner (`goout.ask`).
- `play_hand(players, seed)` deals a hand (`tutor.deal`) and plays it to the end.
- `play_game(players, seed)` plays hands until a team reaches the target (`tutor.Game`).
- `Replay(record)` steps through a finished hand, each move with the judge's ruling.

Every move is judged by `tutor.judge`; a player that returns an illegal move is an error.
"""
from __future__ import annotations

from typing import NamedTuple

from .engine.deal import ZEROS, deal
from .engine.errors import IllegalMove
from .engine.judge import judge
from .engine.moves import Move
from .engine.position import Position
from .engine.scoring import Game, score_hand
from .i18n import translator

__all__ = ["Step", "HandRecord", "GameRecord", "play_on", "play_hand", "play_game", "Replay"]


class Step(NamedTuple):
    before: Position
    move: Move
    ruling: object          # tutor.Ruling (legal)
    after: Position
    seat: str               # who made the move (the partner for yes/no)

    def text(self, lang: str = "en") -> str:
        """``"N: take KH KS — legal (pile.take.unfrozen). To N: “…”"`` (the explanation is
        addressed to the seat that moved), in `lang`. A log line in the notation's manner:
        the seat is its letter, as a move of another seat is written (``N: take KH KS``)."""
        t = translator(lang)
        # TRANSLATORS: {seat} is a seat's letter as the notation writes it (N, E, S, W), not its name
        words = (t.gettext("{seat}: {move} — legal ({rule}). To {seat}: “{explanation}”")
                 if self.ruling.legal else
                 # TRANSLATORS: {seat} is a seat's letter as the notation writes it (N, E, S, W), not its name
                 t.gettext("{seat}: {move} — illegal ({rule}). To {seat}: “{explanation}”"))
        return words.format(seat=self.seat, move=self.move, rule=self.ruling.rule,
                            explanation=self.ruling.explain(lang))


class HandRecord(NamedTuple):
    steps: list
    final: Position
    sheet: dict             # score_hand(final): {"NS": TeamSheet, "EW": TeamSheet}
    seed: int | None = None
    start: Position | None = None

    @property
    def totals(self) -> tuple:
        return tuple(sheet.total for sheet in self.sheet.values())   # per side, as the format orders them


class GameRecord(NamedTuple):
    hands: list             # [HandRecord, ...]
    totals: tuple           # (NS, EW) running totals at the end
    winner: str | None      # "NS", "EW", or None for a drawn (or unfinished) game
    margin: int
    game: Game              # the tutor.Game that scored it

    def result_text(self, lang: str = "en") -> str:
        """The game's result in words (the winner and the margin, `game.end`), in `lang`."""
        return self.game.result_text(lang)


def play_on(pos: Position, players: dict, stop_at=frozenset(), max_moves: int = 2000,
            on_step=None) -> list:
    """Play the seats that have a player, from `pos`, until a seat in `stop_at` (or a seat
    with no player) must act, or the hand is over, or `max_moves` moves were made.

    Returns the steps made (`Step`s); the last step's `after` is where play stopped (or
    `pos` itself when no move was made). `on_step(step)` is called after each move.
    """
    steps: list = []
    stop_at = frozenset(stop_at)
    while pos.phase != "over" and len(steps) < max_moves:
        seat = pos.actor
        if seat in stop_at:
            break
        player = players.get(seat)
        if player is None:
            break
        move = Move.parse(player.choose(pos))
        ruling = judge(pos, move)
        if not ruling.legal:
            raise IllegalMove(ruling)
        step = Step(pos, move, ruling, ruling.after, seat)
        steps.append(step)
        if on_step is not None:
            on_step(step)
        pos = step.after
    return steps


def play_hand(players: dict, seed: int = 0, rules="default", score=ZEROS,
              max_moves: int = 5000) -> HandRecord:
    """Deal a hand with `seed` and let the players (one per seat) play it to the end; `score`
    the sides' running totals (default 0 each)."""
    start = deal(seed, rules, score=score)
    return _finish(start, players, seed, max_moves)


def _finish(start: Position, players: dict, seed, max_moves: int) -> HandRecord:
    steps = play_on(start, players, max_moves=max_moves)
    final = steps[-1].after if steps else start
    if final.phase != "over":
        raise RuntimeError(f"the hand did not end within {max_moves} moves:\n{final.to_text()}")
    return HandRecord(steps, final, score_hand(final), seed, start)


def play_game(players: dict, seed: int = 0, rules="default", target: int | None = None,
              max_hands: int = 200) -> GameRecord:
    """Play hands (seeds ``seed``, ``seed + 1``, …) until a side reaches `target` (`game.end`;
    None: the table's own, 5000, or 10000/7500 for six)."""
    game = Game(rules, target=target)
    hands = []
    k = 0
    while not game.is_over and k < max_hands:
        start = game.next_deal(seed + k)
        record = _finish(start, players, seed + k, 5000)
        game.add_hand(record.final)
        hands.append(record)
        k += 1
    return GameRecord(hands, game.totals, game.winner, game.margin, game)


class Replay:
    """Step through a finished hand: `steps`, `at(i)` (the position before step i), `lines()`."""

    def __init__(self, record):
        if isinstance(record, HandRecord):
            steps, start, final = record.steps, record.start, record.final
        else:                                   # a plain list of steps
            steps = list(record)
            start = final = None
        self.steps = list(steps)
        self.start = start if start is not None else (self.steps[0].before if self.steps else None)
        self.final = final if final is not None else (self.steps[-1].after if self.steps else
                                                      self.start)

    def __len__(self) -> int:
        return len(self.steps)

    def at(self, i: int) -> Position:
        """The position before step `i`; ``at(len(replay))`` is the final position."""
        if i < 0:
            i += len(self.steps) + 1
        if i == len(self.steps):
            return self.final
        return self.steps[i].before

    def line(self, i: int, lang: str = "en") -> str:
        return f"{i + 1}: {self.steps[i].text(lang)}"

    def lines(self, lang: str = "en") -> list:
        return [self.line(i, lang) for i in range(len(self.steps))]

    def text(self, lang: str = "en") -> str:
        out = self.lines(lang)
        if self.final is not None and self.final.phase == "over":
            sheet = score_hand(self.final)
            if set(sheet) == {"NS", "EW"}:
                # TRANSLATORS: NS and EW are the teams' letters as the notation writes them
                out.append(translator(lang).gettext("The hand is over: NS {ns:+d}, EW {ew:+d}").format(
                    ns=sheet["NS"].total, ew=sheet["EW"].total))
            else:
                # TRANSLATORS: {totals} is each side's points as the notation writes the sides: "N +120, S -35"
                out.append(translator(lang).gettext("The hand is over: {totals}").format(
                    totals=", ".join(f"{side} {s.total:+d}" for side, s in sheet.items())))
        return "\n".join(out)

    def __iter__(self):
        return iter(self.steps)
