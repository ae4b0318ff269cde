"""A move in a learner's words: "South takes the pile with 9♥ and JK".

The move text (``take 9H JK``) is the notation of teachers and tests; a learner reads what
a player at a real table would say. One sentence per kind of move, through the catalog.
"""
from __future__ import annotations

from ..i18n import translator

__all__ = ["move_words", "cards_words"]


def cards_words(cards, lang: str = "en") -> str:
    """'9♥, 9♠ and JK' (the cards as printed on them, joined the language's way)."""
    return translator(lang).join(c.pretty for c in cards)


def move_words(move_text: str, seat: str, lang: str = "en") -> str:
    """One sentence saying what `seat` does with the move."""
    from ..engine.moves import Move
    t = translator(lang)
    move = Move.parse(move_text)
    who = t.word("seat", move.seat or seat)
    if move.kind == "draw":
        return t.gettext("{seat} draws from the stock.").format(seat=who)
    if move.kind == "ask":
        return t.gettext("{seat} asks the partner: “May I go out?”").format(seat=who)
    if move.kind in ("yes", "no"):
        text = (t.gettext("{seat} answers yes.") if move.kind == "yes"
                else t.gettext("{seat} answers no."))
        return text.format(seat=who)
    if move.kind == "discard":
        return t.gettext("{seat} discards {cards}.").format(seat=who, cards=cards_words(move.cards, lang))
    if move.kind == "exchange":
        return t.gettext("{seat} swaps {cards} for a wild card in a meld.").format(
            seat=who, cards=cards_words(move.cards[:1], lang))
    parts = [_group_words(t, g, lang) for g in move.groups]
    if move.kind == "take":
        if not parts:
            return t.gettext("{seat} takes the pile, with no cards from hand.").format(seat=who)
        return t.gettext("{seat} takes the pile with {cards}.").format(seat=who, cards="; ".join(parts))
    return t.gettext("{seat} melds {cards}.").format(seat=who, cards="; ".join(parts))


def _group_words(t, group, lang) -> str:
    cards = cards_words(group.cards, lang)
    if not group.rank:
        return cards
    rank = t.word("rank", group.rank, "plural")
    if group.team:
        return t.gettext("{cards} onto {team}'s {rank}").format(
            cards=cards, team=t.word("team", group.team), rank=rank)
    return t.gettext("{cards} onto the team's {rank}").format(cards=cards, rank=rank)
