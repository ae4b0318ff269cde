"""A fresh hand dealt by the rules: `deal(seed, rules, score)`.

- `deck.cards`: the 108 cards of `full_deck()`, shuffled with ``random.Random(seed)``.
- `deal.count`, `deal.order`: the dealer (W unless told) deals 11 cards each, one at a
  time, clockwise from the player on the dealer's left, who is the first to draw. In a
  game the deal rotates clockwise: W, N, E, S, W, … (`Game.next_deal`).
- `red3.dealt`: under ``red3-dealt=at-once`` (default) every red three dealt is laid out in
  front of the team and replaced from the top of the stock, again while the replacement
  is a red three; under ``on-turn`` the red threes stay in the hands until the player's
  first turn.
- `deal.upcard`: the top of the stock starts the pile; a wild card or red three stays there
  crosswise (`pile.frozen.wild`) and another card is turned on top, while the turned card
  is wild or a red three.
"""
from __future__ import annotations

import random

from .cards import full_deck, sort_cards
from .position import SEATS, TEAM_INDEX, Position, team_of
from .ruleset import Ruleset

__all__ = ["deal", "DEALER", "HAND_SIZE"]

DEALER = "W"
HAND_SIZE = 11          # deal.count, four players


def deal(seed: int = 0, rules="default", score=(0, 0), dealer: str = DEALER) -> Position:
    """A new hand: the dealer's left-hand neighbour to draw (N when W deals), every card
    placed (no layout, no seed in the position)."""
    rules = Ruleset.parse(rules)
    if dealer not in SEATS:
        raise ValueError(f"'{dealer}' is not a seat: the dealer is one of N, E, S, W")
    first = SEATS.index(dealer) + 1
    ns, ew = score
    stock = full_deck()
    random.Random(seed).shuffle(stock)
    stock.reverse()                       # pop() takes the top card: stock[0] before
    hands = [[], [], [], []]
    for k in range(HAND_SIZE * 4):        # deal.order: clockwise from the dealer's left
        hands[(first + k) % 4].append(stock.pop())
    red3 = [[], []]
    if rules.red3_dealt == "at-once":     # red3.dealt
        for i in ((first + k) % 4 for k in range(4)):
            seat = SEATS[i]
            zone = red3[TEAM_INDEX[team_of(seat)]]
            hand = hands[i]
            while any(c.is_red_three for c in hand):
                k = next(k for k, c in enumerate(hand) if c.is_red_three)
                zone.append(hand.pop(k))
                hand.append(stock.pop())
    pile = [stock.pop()]                  # deal.upcard
    while pile[-1].is_wild or pile[-1].is_red_three:
        pile.append(stock.pop())
    stock.reverse()                       # top first
    return Position(turn=SEATS[first % 4], phase="draw", asked="-", rules=rules, score=(int(ns), int(ew)),
                    hands=tuple(sort_cards(h) for h in hands),
                    red3=tuple(tuple(z) for z in red3),
                    pile=tuple(pile), stock=tuple(stock))
