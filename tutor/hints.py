"""Hints: "what would a good player do?" — a legal move and why, citing the rules.

`hint(pos)` asks a `SensiblePlayer` (or the given player) for the seat that acts in `pos`
and explains its choice in two parts: the heuristic reason (why it is good play) and the
judge's explanation of the move (why it is legal, with the deciding rule id).

    h = hint(pos)
    h.move      # a tutor.Move, one of tutor.legal_moves(pos)
    h.ruling    # tutor.judge(pos, h.move): legal, with .rule and .explain()
    h.text      # "Take the pile: 9 cards for your meld of kings. (pile.take.unfrozen) …"
    h.rules     # the rule ids the ruling cites, deciding rule first
"""
from __future__ import annotations

from typing import NamedTuple

from .engine.judge import judge
from .engine.moves import Move
from .players import SensiblePlayer, actor_of, explain_choice

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
    """The move a good player would make in `pos`, and why (see module docstring).

    A hand that is over has no hint: ``ValueError``.
    """
    if pos.phase == "over":
        raise ValueError("the hand is over: there is no move to hint")
    player = player if player is not None else SensiblePlayer()
    if hasattr(player, "decide"):
        move, reason = player.decide(pos)
    else:
        move = Move.parse(player.choose(pos))
        reason = explain_choice(pos, move)
    ruling = judge(pos, move)
    explanation = ruling.explain(lang)
    text = f"{reason} ({ruling.rule}) {explanation}".strip()
    return Hint(move, ruling, text, ruling.reasons, actor_of(pos), reason, explanation)
