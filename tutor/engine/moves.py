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
from .errors import CardError, MoveError, given, type_name
from .formats import ALL_SEATS, FORMATS

KINDS = ("draw", "take", "meld", "discard", "ask", "yes", "no", "exchange")
_ALIASES = {"pick": "take", "lay": "meld", "add": "meld", "throw": "discard", "swap": "exchange"}
_WORD = re.compile(r"\S+")             # any whitespace separates words, as in position text
_CARD_WORD = re.compile(r"[^\s,]+")     # cards: whitespace or commas between them
_SEAT_LIST = ALL_SEATS                  # a move may name its seat: "W: draw" (any table's seats)
_SEATS = frozenset(_SEAT_LIST)
#: the sides a meld may be aimed at ("NS K: 2C"), of any table: the judge says whose they are
_SIDE_ORDER = tuple(dict.fromkeys(side for f in FORMATS.values()
                                   for g in (f, *(f.lone_formats or {}).values()) for side in g.sides))
_TEAMS = frozenset(_SIDE_ORDER)
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
        raise MoveError("error:move.not-text", type=type_name(text))
    stripped = text.split("#", 1)[0]
    offset = len(stripped) - len(stripped.lstrip())
    body = stripped.strip()
    if not body:
        raise MoveError("error:move.empty", moves=", ".join(KINDS[:7]))
    seat = None
    head, colon, rest = body.partition(":")
    if colon and head.strip().upper() in _SEATS:
        seat = head.strip().upper()
        offset += len(head) + 1
        offset += len(rest) - len(rest.lstrip())
        body = rest.strip()
        if not body:
            raise MoveError("error:move.seat-alone", offset + 1, seat=seat)
    word = _WORD.match(body).group()
    args = body[len(word):]
    kind = _ALIASES.get(word.lower(), word.lower())
    if kind not in KINDS:
        raise MoveError("error:move.unknown", offset + 1, word=word, moves=", ".join(KINDS[:7]))
    args_offset = offset + len(word) + (len(args) - len(args.lstrip()))
    groups = _parse_groups(args.strip(), args_offset, kind) if args.strip() else ()
    if kind in ("draw", "ask", "yes", "no") and groups:
        raise MoveError("error:move.no-cards", args_offset + 1, kind=kind)
    if kind == "meld" and not groups:
        raise MoveError("error:move.meld-needs-cards", offset + 1)
    if kind == "discard" and any(g.rank for g in groups):
        raise MoveError("error:move.discard-meld", offset + 1)
    if kind == "exchange" and (len(groups) != 1 or len(groups[0].cards) != 2):
        raise MoveError("error:move.exchange-two", offset + 1)
    return Move(kind, groups, seat)


def _parse_groups(text: str, offset: int, kind: str = "meld") -> tuple:
    groups = []
    pos = 0
    for part in text.split(";"):
        start = offset + pos
        column = start + 1 + len(part) - len(part.lstrip())
        pos += len(part) + 1
        team = rank = None
        body = part
        if ":" in part:
            head, _, body = part.partition(":")
            words = head.split()
            if len(words) == 2 and words[0].upper() in _TEAMS:
                team = words[0].upper()
                words = words[1:]
            if len(words) != 1:
                raise MoveError("error:move.group-head", start + 1 + len(part) - len(part.lstrip()),
                                head=head.strip())
            rank = words[0].upper()
            rank = "10" if rank == "T" else rank
            if rank not in MELD_RANKS:
                raise MoveError("error:move.group-rank", start + 1 + part.index(words[0]),
                                rank=words[0])
            start += len(head) + 1
        cards = []
        for token in _CARD_WORD.finditer(body):
            try:
                cards.append(Card(token.group()))
            except CardError as exc:
                raise MoveError(exc, start + token.start() + 1) from None
        if not cards and rank is None:
            raise MoveError("error:move.empty-meld", start + 1)
        if not cards and not _may_be_empty(kind, len(groups)):
            raise MoveError("error:move.empty-group", column, group=part.strip())
        groups.append(Group(tuple(cards), rank, team))
    return tuple(groups)


def _may_be_empty(kind: str, index: int) -> bool:
    """Whether a group with no cards may stand at `index` of a `kind` move: only the plain
    take's own group (``take K:``, the top card joining the king meld) holds no card from
    hand; any other group with no cards lays nothing and is no meld."""
    return kind == "take" and index == 0


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
    for index, group in enumerate(groups):
        if group.__class__ is not Group:
            return False
        cards, rank, team = group
        if cards.__class__ is not tuple or not _CARDS.issuperset(cards):
            return False
        if not cards and not _may_be_empty(kind, index):
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
        raise MoveError("error:move.built.kind", kind=repr(kind), kinds=", ".join(KINDS))
    if seat is not None and seat not in _SEAT_LIST:
        raise MoveError("error:move.built.seat", seat=repr(seat), seats=", ".join(ALL_SEATS))
    if isinstance(groups, (str, bytes)) or not _iterable(groups):
        raise MoveError("error:move.built.groups", kind=kind, type=type_name(groups))
    checked = []
    for group in groups:
        if not isinstance(group, Group):
            raise MoveError("error:move.built.group", kind=kind, given=given(group))
        cards, rank, team = group
        if isinstance(cards, (str, bytes)) or not _iterable(cards):
            raise MoveError("error:move.built.cards", given=given(cards))
        read = []
        for card in cards:
            if not isinstance(card, Card):
                if not isinstance(card, str):
                    raise MoveError("error:move.built.card", value=repr(card))
                try:
                    card = Card(card)
                except CardError as exc:
                    raise MoveError(exc) from None
            read.append(card)
        if rank is not None and rank not in MELD_RANKS:
            raise MoveError("error:move.built.rank", rank=repr(rank), ranks=" ".join(MELD_RANKS))
        if team is not None and (team not in _TEAMS or rank is None):
            raise MoveError("error:move.built.team", team=repr(team),
                            sides=", ".join(_SIDE_ORDER))
        if not read and rank is None:
            raise MoveError("error:move.built.empty-group")
        if not read and not _may_be_empty(kind, len(checked)):
            raise MoveError("error:move.empty-group", group=Group((), rank, team).text())
        checked.append(Group(tuple(read), rank, team))
    groups = tuple(checked)
    if groups and kind not in _WITH_CARDS:
        raise MoveError("error:move.no-cards", kind=kind)
    if kind == "meld" and not groups:
        raise MoveError("error:move.meld-needs-cards")
    if kind == "discard" and any(g.rank for g in groups):
        raise MoveError("error:move.discard-meld")
    if kind == "exchange" and (len(groups) != 1 or len(groups[0].cards) != 2):
        raise MoveError("error:move.exchange-two")
    return Move(kind, groups, seat)


def _iterable(value) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return True
