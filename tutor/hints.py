"""Hints: "what would a good player do?" — a legal move and why, citing the rules.

`hint(pos)` asks a `SensiblePlayer` (or the given player) for the seat that acts in `pos`
and explains its choice in two parts: the heuristic reason (why it is good play) and the
judge's explanation of the move (why it is legal, with the deciding rule id).

    h = hint(pos)
    h.move      # a tutor.Move, one of tutor.legal_moves(pos)
    h.ruling    # tutor.judge(pos, h.move): legal, with .rule and .explain()
    h.text      # "Take the pile: 9 cards for your meld of kings. (pile.take.unfrozen) …"
    h.rules     # the rule ids the ruling cites, deciding rule first

A hint is said to the seat before it moves, so it uses only what that seat may see
(`Position.seen_by`): the player's reasons come from the seat's view, and a draw is
explained without the card it will bring — the judge knows the stock's order, the player
does not (a red three on top would otherwise be named before it is drawn).
"""
from __future__ import annotations

import inspect
from typing import NamedTuple

from .engine.explain import render
from .engine.judge import judge
from .engine.moves import Move
from .players import SensiblePlayer, explain_choice

__all__ = ["Hint", "hint"]


class Hint(NamedTuple):
    move: Move
    ruling: object          # tutor.Ruling
    text: str
    rules: tuple            # rule ids, the deciding one first
    seat: str = "N"         # the seat the hint is for (the partner while a question is pending)
    reason: str = ""        # the heuristic reason alone
    explanation: str = ""   # the judge's explanation alone

    def __str__(self) -> str:
        return self.text


def hint(pos, player=None, lang: str = "en") -> Hint:
    """The move a good player would make in `pos`, and why (see module docstring), in
    `lang`: the player's reason and the judge's explanation both.

    A hand that is over has no hint: ``ValueError``.
    """
    if pos.phase == "over":
        raise ValueError("the hand is over: there is no move to hint")
    player = player if player is not None else SensiblePlayer()
    if hasattr(player, "decide"):
        move, reason = (player.decide(pos, lang=lang) if _takes_lang(player.decide)
                        else player.decide(pos))
    else:
        move = Move.parse(player.choose(pos))
        reason = explain_choice(pos, move, lang)
    ruling = judge(pos, move)
    rules, explanation = _before_the_move(pos, ruling, lang)
    # two texts in the language, each its own sentences, and the deciding rule id between
    text = f"{reason} ({rules[0]}) {explanation}".strip()
    return Hint(move, ruling, text, rules, pos.actor, reason, explanation)


def _takes_lang(method) -> bool:
    """Does a player's `decide` take the language (``decide(pos, lang=...)``)?"""
    try:
        params = inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False
    return "lang" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _before_the_move(pos, ruling, lang: str) -> tuple:
    """(rule ids, explanation) of a legal move as its seat can know them before making it:
    a draw from a stock that is not empty is a plain draw, whatever card comes."""
    if ruling.move.kind == "draw" and pos.stock:
        count = pos.format.draw_count
        if count == 1:
            return ("turn.draw",), render("turn.draw/ok", {"stock": len(pos.stock)}, lang)
        # players.draw-two: two cards (or the one left), the count as if no red three came
        drawn = min(count, len(pos.stock))
        key = "players.draw-two/ok" if drawn == count else "players.draw-two/short"
        if drawn == count and pos.format.has_lone_hand:
            key += "-cutthroat"
        fields = {"count": count, "drawn": drawn, "stock": len(pos.stock),
                  "left": len(pos.stock) - drawn}
        return ("players.draw-two",), render(key, fields, lang)
    if ruling.decisive.key == "pile.black-three/covered":
        # the black three under the top is buried: the seat does not see it (SeatView), so
        # the take is explained by its own rule, as it would be over any other card
        take = next((c for c in ruling.checks if c.ok and c.rule.startswith("pile.take")), None)
        if take is not None:
            from types import SimpleNamespace
            from .engine.explain import render_ruling
            checks = tuple(c for c in ruling.checks if c is not ruling.decisive)
            seen = SimpleNamespace(position=ruling.position, legal=True, checks=checks,
                                   decisive=take)
            rules = (take.rule,) + tuple(r for r in ruling.reasons
                                         if r not in (take.rule, "pile.black-three"))
            return rules, render_ruling(seen, lang)
    return ruling.reasons, ruling.explain(lang)
