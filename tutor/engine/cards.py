"""Cards: the 53 kinds of card (52 suit-ranks and the joker) and the 108-card Canasta deck.

Glossary (RULES.md, `deck.*`):
- *natural*: any card that is not wild — 4 to A, and the threes.
- *wild*: a joker or any two (`deck.wild`).
- *red three*: 3♥ or 3♦, a bonus card, never held or melded (`red3.*`).
- *black three*: 3♣ or 3♠; blocks the pile for one turn (`pile.black-three`).

A `Card` is an interned value: `Card("KH") is Card("kh") is Card("K♥")`. Both copies of
the deck's K♥ are the same `Card`; a hand is a sorted tuple of them, so two KH in a hand
are simply two entries.
"""
from __future__ import annotations

import random

from .errors import CardError, echo, type_name

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: the suit symbols a learner may paste: black and white (♡ ♢ ♤ ♧) alike
_SYMBOL_TO_SUIT = {**{v: k for k, v in SUIT_SYMBOLS.items()}, "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
#: what a phone adds after a suit symbol to draw it as an emoji or as text (K♥️): not part of the card
_PRESENTATION = {0xFE0F: None, 0xFE0E: None}
RED_SUITS = frozenset("DH")

#: Natural ranks that can form melds, in the rulebook's order (`deck.order`).
MELD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")

_VALUES = {"A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
           "7": 5, "6": 5, "5": 5, "4": 5, "3": 5, "JK": 50}


class Card:
    """One kind of card. Build it from text: ``Card("10D")``, ``Card("JK")``."""

    __slots__ = ("text", "rank", "suit", "is_wild", "is_natural", "is_red_three",
                 "is_black_three", "is_red", "value", "order", "index")
    _cache: dict[str, "Card"] = {}

    def __new__(cls, text: str) -> "Card":
        card = cls._cache.get(text) if isinstance(text, str) else None
        if card is None:
            if not isinstance(text, str):       # None, a number, bytes: not card text
                raise CardError("error:card.not-text", type=type_name(text))
            card = cls._cache.get(_normalise(text))
            if card is None:
                raise CardError("error:card.unknown", text=echo(text))
        return card

    @classmethod
    def _make(cls, rank: str, suit: str) -> "Card":
        card = object.__new__(cls)
        text = "JK" if rank == "JK" else rank + suit
        set_ = object.__setattr__
        set_(card, "text", text)
        set_(card, "rank", rank)
        set_(card, "suit", suit)
        set_(card, "is_wild", rank in ("JK", "2"))
        set_(card, "is_red", suit in RED_SUITS)
        set_(card, "is_red_three", rank == "3" and suit in RED_SUITS)
        set_(card, "is_black_three", rank == "3" and suit not in RED_SUITS)
        set_(card, "is_natural", rank not in ("JK", "2"))
        set_(card, "value", _VALUES[rank])
        # deck.order: red three, joker, two, A … 4, black three; suits C D H S within a rank.
        if card.is_red_three:
            major = 0
        elif rank == "JK":
            major = 1
        elif rank == "2":
            major = 2
        elif rank == "3":
            major = 15
        else:
            major = 3 + RANKS.index(rank)
        set_(card, "order", major * 4 + (SUITS.index(suit) if suit else 0))
        set_(card, "index", len(ALL_CARDS))
        ALL_CARDS.append(card)
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self):
        return (Card, (self.text,))

    def __lt__(self, other: "Card") -> bool:
        return self.order < other.order

    @property
    def pretty(self) -> str:
        """The card with its suit symbol: ``K♥``, ``10♦``, ``🃏`` is avoided: jokers print ``JK``."""
        return "JK" if self.rank == "JK" else self.rank + SUIT_SYMBOLS[self.suit]


ALL_CARDS: list[Card] = []


def _normalise(text: str) -> str:
    up = text.translate(_PRESENTATION).strip().upper()
    if up in ("JK", "JOKER", "*", "🃏"):
        return "JK"
    if not up:
        return up
    suit = _SYMBOL_TO_SUIT.get(up[-1], up[-1])
    rank = up[:-1]
    if rank == "T":
        rank = "10"
    return rank + suit


for _rank in RANKS:
    for _suit in SUITS:
        Card._cache[_rank + _suit] = Card._make(_rank, _suit)
JOKER = Card._cache["JK"] = Card._make("JK", "")
del _rank, _suit

#: How many copies of each card the deck holds (`deck.cards`): 2 of each suit-rank, 4 jokers.
COPIES = {card: (4 if card is JOKER else 2) for card in ALL_CARDS}
DECK_SIZE = 108


def full_deck() -> list[Card]:
    """The 108 cards, in a fixed order (shuffle it with a seeded `random.Random`)."""
    return [card for card in ALL_CARDS for _ in range(COPIES[card])]


def shuffler(seed: int) -> random.Random:
    """The seeded shuffle of `deal` and of the unseen cards: ``random.Random(seed)`` for a
    seed of 0 or more; a negative seed gets a generator of its own (``random.Random`` would
    shuffle -7 as it shuffles 7)."""
    return random.Random(seed if seed >= 0 else f"seed {seed}")


def sort_cards(cards) -> tuple[Card, ...]:
    """Cards in the rulebook's display order (`deck.order`)."""
    return tuple(sorted(cards, key=_order_key))


def _order_key(card: Card) -> int:
    return card.order


def cards_text(cards) -> str:
    return " ".join(c.text for c in cards)


RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
              "2": "two", "JK": "joker"}
RANK_PLURALS = {r: n + ("es" if n == "six" else "s") for r, n in RANK_NAMES.items()}
