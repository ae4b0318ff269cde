"""Moves: the text a learner types (NOTATION.md, "Moves") as a small value type.

    draw | take [cards[; meld ...]] | meld group[; group ...] | discard card
    ask | yes | no | exchange natural wild

A *group* is cards from hand, optionally aimed at a meld: ``K: 2C`` (the own team's king
meld) or ``EW K: KD`` (the opponents' — always refused, `meld.own-team`). A move may start
with the seat that makes it, ``N: discard 9H``, to try a move out of turn (`turn.order`).
`exchange` (swap a hand card for a melded wild card) exists only so the tutor can explain
why it is never allowed (`meld.wild-fixed`).
"""
from __future__ import annotations

from typing import NamedTuple

from .cards import Card, MELD_RANKS
from .errors import CardError, MoveError

KINDS = ("draw", "take", "meld", "discard", "ask", "yes", "no", "exchange")
_ALIASES = {"pick": "take", "lay": "meld", "add": "meld", "throw": "discard", "swap": "exchange"}


class Group(NamedTuple):
    """Cards laid together; `rank` and `team` name the meld they are aimed at, if written."""
    cards: tuple
    rank: str | None = None
    team: str | None = None

    def text(self) -> str:
        head = ""
        if self.rank:
            head = (f"{self.team} " if self.team else "") + f"{self.rank}:"
        body = " ".join(c.text for c in self.cards)
        return f"{head} {body}".strip() if head else body


class Move(NamedTuple):
    kind: str
    groups: tuple = ()          # take / meld / discard / exchange: groups of cards
    seat: str | None = None     # who makes it, when written ("N: draw"); else the player to move

    @classmethod
    def parse(cls, text: "str | Move") -> "Move":
        if isinstance(text, Move):
            return text
        return parse_move(text)

    @property
    def cards(self) -> tuple:
        """Every card the move names, in order."""
        return tuple(c for g in self.groups for c in g.cards)

    def __str__(self) -> str:
        body = self.kind
        if self.groups:
            body += " " + "; ".join(g.text() for g in self.groups)
        return f"{self.seat}: {body}" if self.seat else body

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def parse_move(text: str) -> Move:
    """Parse move text; `MoveError` names the column of what is wrong."""
    if not isinstance(text, str):
        raise MoveError(f"a move is text like 'draw' or 'meld KH KS 2C', not {type(text).__name__}")
    stripped = text.split("#", 1)[0]
    offset = len(stripped) - len(stripped.lstrip())
    body = stripped.strip()
    if not body:
        raise MoveError("an empty move: type one of " + ", ".join(KINDS[:7]))
    seat = None
    head, colon, rest = body.partition(":")
    if colon and head.strip().upper() in ("N", "E", "S", "W") and " " not in head.strip():
        seat = head.strip().upper()
        offset += len(head) + 1
        offset += len(rest) - len(rest.lstrip())
        body = rest.strip()
    word, _, args = body.partition(" ")
    kind = _ALIASES.get(word.lower(), word.lower())
    if kind not in KINDS:
        raise MoveError(f"'{word}' is not a move; the moves are {', '.join(KINDS[:7])}", offset + 1)
    args_offset = offset + len(word) + 1 + (len(args) - len(args.lstrip()))
    groups = _parse_groups(args.strip(), args_offset) if args.strip() else ()
    if kind in ("draw", "ask", "yes", "no") and groups:
        raise MoveError(f"'{kind}' takes no cards", args_offset + 1)
    if kind == "meld" and not groups:
        raise MoveError("'meld' needs cards: meld KH KS 2C", offset + 1)
    if kind == "discard" and any(g.rank for g in groups):
        raise MoveError("'discard' takes a card from your hand, not a meld: discard 9H", offset + 1)
    if kind == "exchange" and (len(groups) != 1 or len(groups[0].cards) != 2):
        raise MoveError("'exchange' takes two cards: the card from hand and the melded wild card",
                        offset + 1)
    return Move(kind, groups, seat)


def _parse_groups(text: str, offset: int) -> tuple:
    groups = []
    pos = 0
    for part in text.split(";"):
        start = offset + pos
        pos += len(part) + 1
        team = rank = None
        body = part
        if ":" in part:
            head, _, body = part.partition(":")
            words = head.split()
            if len(words) == 2 and words[0].upper() in ("NS", "EW"):
                team = words[0].upper()
                words = words[1:]
            if len(words) != 1:
                raise MoveError(f"'{head.strip()}:' should name a meld's rank, like 'K:'",
                                start + 1 + len(part) - len(part.lstrip()))
            rank = words[0].upper()
            rank = "10" if rank == "T" else rank
            if rank not in MELD_RANKS:
                raise MoveError(f"'{words[0]}' is not the rank of a meld (A K Q J 10 … 4 3)",
                                start + 1 + part.index(words[0]))
            start += len(head) + 1
        cards = []
        col = 0
        for token in body.replace(",", " ").split(" "):
            if token:
                try:
                    cards.append(Card(token))
                except CardError as exc:
                    raise MoveError(str(exc), start + col + 1) from None
            col += len(token) + 1
        if not cards and rank is None:
            raise MoveError("an empty meld between ';'", start + 1)
        groups.append(Group(tuple(cards), rank, team))
    return tuple(groups)
