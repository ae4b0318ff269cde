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

import operator
import random

from .cards import full_deck, sort_cards
from .errors import TutorError
from .words import Words
from .position import SEATS, TEAM_INDEX, Position, team_of
from .ruleset import Ruleset

__all__ = ["deal", "DEALER", "HAND_SIZE"]

DEALER = "W"
HAND_SIZE = 11          # deal.count, four players


def deal(seed: int = 0, rules="default", score=(0, 0), dealer: str = DEALER) -> Position:
    """A new hand: the dealer's left-hand neighbour to draw (N when W deals), every card
    placed (no layout, no seed in the position).

    `seed` is a whole number (as in ``seed: 7``), `rules` variant text like
    ``"black-threes=never"`` or a `Ruleset`, `score` the two teams' running totals (NS, EW);
    anything else is refused with a `TutorError` that names the argument."""
    seed = _whole("error:deal.seed-whole", seed)
    if isinstance(rules, str):
        rules = Ruleset.parse(rules.strip().lower())        # as the text's 'rules:' line reads it
    elif rules is None or isinstance(rules, Ruleset):
        rules = Ruleset.parse(rules)
    else:
        raise TutorError("error:deal.rules", type=type(rules).__name__, value=f"{rules!r:.40}")
    seat = dealer.upper() if isinstance(dealer, str) else dealer
    if seat not in SEATS:
        raise TutorError("error:deal.dealer", value=f"{dealer!r:.20}")
    first = SEATS.index(seat) + 1
    ns, ew = _score(score)
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
    return Position(turn=SEATS[first % 4], phase="draw", asked="-", rules=rules, score=(ns, ew),
                    hands=tuple(sort_cards(h) for h in hands),
                    red3=tuple(tuple(z) for z in red3),
                    pile=tuple(pile), stock=tuple(stock))


def _whole(message: str, value) -> int:
    """`value` as an int if it is a whole number (an int, or an integer type like numpy's);
    text, floats and the rest are refused in words (`message`): ``"7"`` would be a guess."""
    try:
        return operator.index(value)
    except TypeError:
        hint = Words("error:deal.text-hint") if isinstance(value, str) else ""
        raise TutorError(message, type=type(value).__name__, value=f"{value!r:.40}",
                         hint=hint) from None


def _score(score) -> tuple:
    """The running totals (NS, EW): two whole numbers of at most SCORE_DIGITS digits, as
    the text's ``score:`` line takes them."""
    from .notation import SCORE_DIGITS         # not at import: `import tutor` stays quick
    if isinstance(score, (str, bytes)) or not hasattr(score, "__len__") or len(score) != 2:
        raise TutorError("error:deal.score", type=type(score).__name__, value=f"{score!r:.40}")
    ns, ew = (_whole("error:deal.score-whole", points) for points in score)
    for points in (ns, ew):
        if abs(points) >= 10 ** SCORE_DIGITS:
            raise TutorError("error:deal.score-too-large", points=f"{points:.3g}",
                             digits=SCORE_DIGITS)
    return ns, ew
