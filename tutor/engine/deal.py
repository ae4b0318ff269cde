"""A fresh hand dealt by the rules: `deal(seed, rules, score)`.

- `deck.cards`: the 108 cards of `full_deck()`, shuffled with ``shuffler(seed)`` (``random.Random(seed)`` for a seed of 0 or more).
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

from .cards import shuffler, sort_cards
from .errors import TutorError, given
from .words import Words
from .position import Position
from .ruleset import Ruleset

__all__ = ["deal", "DEALER", "HAND_SIZE"]

DEALER = "W"
HAND_SIZE = 11          # deal.count, four players (other counts: the format's hand_size)


class _Zeros(tuple):
    """The default score: 0 for every side of the table, whatever its count."""

    def __repr__(self) -> str:
        return "0 each"


ZEROS = _Zeros()


def deal(seed: int = 0, rules="default", score=ZEROS, dealer: str | None = None) -> Position:
    """A new hand: the dealer's left-hand neighbour to draw (N when W deals), every card
    placed (no layout, no seed in the position).

    `seed` is a whole number (as in ``seed: 7``), `rules` variant text like
    ``"black-threes=never"`` or ``"players=2"``, or a `Ruleset`, `score` the sides' running
    totals (NS, EW for four; one per side, default all 0), `dealer` a seat (default: the
    table's last seat in turn order, W for four); anything else is refused with a
    `TutorError` that names the argument."""
    seed = _whole("error:deal.seed-whole", seed)
    rules = rules_arg(rules)
    fmt = rules.format
    if dealer is None:
        dealer = fmt.dealer
    seat = dealer.upper() if isinstance(dealer, str) else dealer
    if seat not in fmt.seat_index:
        raise TutorError("error:deal.dealer", value=f"{dealer!r:.20}", seats=", ".join(fmt.seats))
    n = fmt.players
    first = fmt.seat_index[seat] + 1
    totals = _score((0,) * len(fmt.sides) if score is ZEROS else score, fmt.sides)
    stock = fmt.full_deck()
    shuffler(seed).shuffle(stock)
    stock.reverse()                       # pop() takes the top card: stock[0] before
    hands = [[] for _ in range(n)]
    for k in range(fmt.hand_size * n):    # deal.order: clockwise from the dealer's left
        hands[(first + k) % n].append(stock.pop())
    red3 = [[] for _ in rules.red3_zones]     # per side (per seat under red3-four=player)
    if rules.red3_dealt == "at-once":     # red3.dealt, players.deck: player by player
        for i in ((first + k) % n for k in range(n)):
            zone = red3[rules.red3_index[fmt.seats[i]]]
            hand = hands[i]
            while any(c.is_red_three for c in hand):
                k = next(k for k, c in enumerate(hand) if c.is_red_three)
                zone.append(hand.pop(k))
                hand.append(stock.pop())
    pile = [stock.pop()]                  # deal.upcard
    while pile[-1].is_wild or pile[-1].is_red_three:
        pile.append(stock.pop())
    stock.reverse()                       # top first
    return Position(turn=fmt.seats[first % n], phase="draw", asked="-", rules=rules, score=totals,
                    hands=tuple(sort_cards(h) for h in hands),
                    melds=tuple(() for _ in fmt.sides), red3=tuple(tuple(z) for z in red3),
                    pile=tuple(pile), stock=tuple(stock))


def _whole(message: str, value) -> int:
    """`value` as an int if it is a whole number (an int, or an integer type like numpy's);
    text, floats and the rest are refused in words (`message`): ``"7"`` would be a guess."""
    try:
        return operator.index(value)
    except TypeError:
        hint = Words("error:deal.text-hint") if isinstance(value, str) else ""
        raise TutorError(message, given=given(value), hint=hint) from None


def rules_arg(rules) -> Ruleset:
    """`rules` as `deal` and `Game` take it: variant text (read as the text's 'rules:' line
    reads it), a `Ruleset` or None; anything else is refused in words."""
    if isinstance(rules, str):
        return Ruleset.parse(rules.strip().lower())
    if rules is None or isinstance(rules, Ruleset):
        return Ruleset.parse(rules)
    raise TutorError("error:deal.rules", given=given(rules))


def _score(score, sides: tuple = ("NS", "EW")) -> tuple:
    """The running totals, one per side (NS, EW for four): whole numbers of at most
    SCORE_DIGITS digits, as the text's ``score:`` line takes them."""
    from .notation import SCORE_DIGITS         # not at import: `import tutor` stays quick
    if isinstance(score, (str, bytes)) or not hasattr(score, "__len__") or len(score) != len(sides):
        fields = {"given": given(score)}
        if tuple(sides) == ("NS", "EW"):
            raise TutorError("error:deal.score", **fields)
        raise TutorError("error:deal.score-sides", sides=len(sides), **fields)
    totals = tuple(_whole("error:deal.score-whole", points) for points in score)
    for points in totals:
        if abs(points) >= 10 ** SCORE_DIGITS:
            raise TutorError("error:deal.score-too-large", points=f"{points:.3g}",
                             digits=SCORE_DIGITS)
    return totals
