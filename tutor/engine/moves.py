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

import re
from typing import NamedTuple

from .cards import ALL_CARDS, Card, MELD_RANKS
from .errors import CardError, MoveError

KINDS = ("draw", "take", "meld", "discard", "ask", "yes", "no", "exchange")
_ALIASES = {"pick": "take", "lay": "meld", "add": "meld", "throw": "discard", "swap": "exchange"}
_WORD = re.compile(r"\S+")             # any whitespace separates words, as in position text
_CARD_WORD = re.compile(r"[^\s,]+")     # cards: whitespace or commas between them
_SEAT_LIST = ("N", "E", "S", "W")
_SEATS = frozenset(_SEAT_LIST)
_TEAMS = frozenset(("NS", "EW"))
_RANKS = frozenset(MELD_RANKS)
_CARDS = frozenset(ALL_CARDS)
_BARE = frozenset(("draw", "take", "discard", "ask", "yes", "no"))     # kinds without cards
_WITH_CARDS = frozenset(("take", "meld", "discard", "exchange"))


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
        """A move from its text; a `Move` built by hand is checked as its text would be."""
        if isinstance(text, Move):
            try:
                if _well_formed(text):
                    return text
            except TypeError:           # an unhashable part: checked below, in words
                pass
            return _check_built(text)
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
    if colon and head.strip().upper() in _SEATS:
        seat = head.strip().upper()
        offset += len(head) + 1
        offset += len(rest) - len(rest.lstrip())
        body = rest.strip()
        if not body:
            raise MoveError(f"'{seat}:' needs a move after the seat, like '{seat}: draw'",
                            offset + 1)
    word = _WORD.match(body).group()
    args = body[len(word):]
    kind = _ALIASES.get(word.lower(), word.lower())
    if kind not in KINDS:
        raise MoveError(f"'{word}' is not a move; the moves are {', '.join(KINDS[:7])}", offset + 1)
    args_offset = offset + len(word) + (len(args) - len(args.lstrip()))
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
        for token in _CARD_WORD.finditer(body):
            try:
                cards.append(Card(token.group()))
            except CardError as exc:
                raise MoveError(str(exc), start + token.start() + 1) from None
        if not cards and rank is None:
            raise MoveError("an empty meld between ';'", start + 1)
        groups.append(Group(tuple(cards), rank, team))
    return tuple(groups)


# ---- a Move built by hand -----------------------------------------------------------------
def _well_formed(move: Move) -> bool:
    """Whether `move` is what `parse_move` could return (quick; `judge` asks on every call)."""
    kind, groups, seat = move
    if seat is not None and seat not in _SEATS:
        return False
    if not groups:
        return kind in _BARE and groups == ()
    if groups.__class__ is not tuple or kind not in _WITH_CARDS:
        return False
    for group in groups:
        if group.__class__ is not Group:
            return False
        cards, rank, team = group
        if cards.__class__ is not tuple or not _CARDS.issuperset(cards):
            return False
        if rank is None:
            if team is not None or not cards:
                return False
        elif rank not in _RANKS or (team is not None and team not in _TEAMS) or kind == "discard":
            return False
    return kind != "exchange" or (len(groups) == 1 and len(groups[0].cards) == 2)


def _check_built(move: Move) -> Move:
    """A hand-built `Move` that `_well_formed` doubts: the same move with its card texts read
    as cards, or a `MoveError` that says which part cannot be a move, as its text would."""
    kind, groups, seat = (tuple(move) + (None, None, None))[:3]
    if not isinstance(kind, str) or kind not in KINDS:
        raise MoveError(f"{kind!r} is not a kind of move: a Move's kind is one of "
                        f"{', '.join(KINDS)} (Move.parse reads move text)")
    if seat is not None and seat not in _SEAT_LIST:
        raise MoveError(f"Move seat {seat!r}: a seat is N, E, S or W, or None for the player "
                        f"to move")
    if isinstance(groups, (str, bytes)) or not _iterable(groups):
        raise MoveError(f"the groups of a {kind} move are a tuple of Group, not "
                        f"{type(groups).__name__}")
    checked = []
    for group in groups:
        if not isinstance(group, Group):
            raise MoveError(f"a {kind} move holds Group(cards, rank, team) values, not "
                            f"{type(group).__name__} {group!r}")
        cards, rank, team = group
        if isinstance(cards, (str, bytes)) or not _iterable(cards):
            raise MoveError(f"the cards of a group are a tuple of cards, not "
                            f"{type(cards).__name__} {cards!r}")
        read = []
        for card in cards:
            if not isinstance(card, Card):
                if not isinstance(card, str):
                    raise MoveError(f"{card!r} is not a card: a group holds Card values or "
                                    f"card text like 'KH'")
                try:
                    card = Card(card)
                except CardError as exc:
                    raise MoveError(str(exc)) from None
            read.append(card)
        if rank is not None and rank not in MELD_RANKS:
            raise MoveError(f"{rank!r} is not the rank of a meld: one of {' '.join(MELD_RANKS)}")
        if team is not None and (team not in ("NS", "EW") or rank is None):
            raise MoveError(f"Group team {team!r}: a group aimed at a meld names its rank and "
                            f"may name the team, NS or EW")
        if not read and rank is None:
            raise MoveError("an empty group: a group holds cards, or names the meld they join")
        checked.append(Group(tuple(read), rank, team))
    groups = tuple(checked)
    if groups and kind not in _WITH_CARDS:
        raise MoveError(f"'{kind}' takes no cards")
    if kind == "meld" and not groups:
        raise MoveError("'meld' needs cards: meld KH KS 2C")
    if kind == "discard" and any(g.rank for g in groups):
        raise MoveError("'discard' takes a card from your hand, not a meld: discard 9H")
    if kind == "exchange" and (len(groups) != 1 or len(groups[0].cards) != 2):
        raise MoveError("'exchange' takes two cards: the card from hand and the melded wild card")
    return Move(kind, groups, seat)


def _iterable(value) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return True
