"""What a learner reads beside a ruling: a move said in words, the rulebook without its ids.

The move text (``take 9H JK``) and the rule ids (``pile.take.frozen``) are the notation of
teachers, tests and disputes; a learner reads what a player at a real table would say. One
place says it for every screen that shows a learner a move — the table's panel and move
box (tutor/table), the lessons' questions (tutor/lessons) — through the catalog, in the
language asked for (``lang=``):

    move_words("take 9H JK", "S", lang="en")            # "South takes the pile with 9♥ and JK."
    move_words("take 9H JK", "S", lang="en", you=True)  # "You take the pile with 9♥ and JK."
    plain_rule_text("red3.score", "en")                 # the rulebook's words, no "(see `…`)"
    without_rule_ids("Draw from the stock (turn.draw).")   # "Draw from the stock."

Standard library and `tutor.i18n` only, like the rest of the engine; nothing is imported
before a sentence is written.
"""
from __future__ import annotations

import re

from ..i18n import translator

__all__ = ["actor", "cards_words", "move_words", "plain_rule_text", "without_rule_ids"]


def cards_words(cards, lang: str = "en") -> str:
    """'9♥, 9♠ and JK' (the cards as printed on them, joined the language's way)."""
    return translator(lang).join(c.pretty for c in cards)


def actor(move, position) -> str:
    """Who makes `move` in `position`: the seat it names ("W: draw"), the partner for an
    answer to a pending question, else the player to move."""
    from .position import partner_of
    if move.seat:
        return move.seat
    if move.kind in ("yes", "no") and position.asked == "pending":
        return partner_of(position.turn)
    return position.turn


def move_words(move, seat: str | None = None, lang: str = "en", *, you: bool = False) -> str:
    """One sentence saying what `seat` does with `move` (its text, or a `Move`).

    The seat is the one the move names, else `seat`; ``you=True`` says it to that player
    ("You take the pile with …"), for a table seen from that seat."""
    from .moves import Move
    t = translator(lang)
    move = Move.parse(move)
    kind = move.kind
    cards = lambda cs: cards_words(cs, lang)  # noqa: E731
    if you:
        if kind == "draw":
            return t.gettext("You draw from the stock.")
        if kind == "ask":
            return t.gettext("You ask your partner: “May I go out?”")
        if kind in ("yes", "no"):
            return t.gettext("You answer yes.") if kind == "yes" else t.gettext("You answer no.")
        if kind == "discard":
            return t.gettext("You discard {cards}.").format(cards=cards(move.cards))
        if kind == "exchange":
            return t.gettext("You swap {cards} for a wild card in a meld.").format(
                cards=cards(move.cards[:1]))
        parts = "; ".join(_group_words(t, g, lang, you=True) for g in move.groups)
        if kind == "take":
            if not parts:
                return t.gettext("You take the pile, with no cards from your hand.")
            return t.gettext("You take the pile with {cards}.").format(cards=parts)
        return t.gettext("You meld {cards}.").format(cards=parts)
    who = t.word("seat", move.seat or seat or "S")
    if kind == "draw":
        return t.gettext("{seat} draws from the stock.").format(seat=who)
    if kind == "ask":
        return t.gettext("{seat} asks the partner: “May I go out?”").format(seat=who)
    if kind in ("yes", "no"):
        text = (t.gettext("{seat} answers yes.") if kind == "yes"
                else t.gettext("{seat} answers no."))
        return text.format(seat=who)
    if kind == "discard":
        return t.gettext("{seat} discards {cards}.").format(seat=who, cards=cards(move.cards))
    if kind == "exchange":
        return t.gettext("{seat} swaps {cards} for a wild card in a meld.").format(
            seat=who, cards=cards(move.cards[:1]))
    parts = "; ".join(_group_words(t, g, lang) for g in move.groups)
    if kind == "take":
        if not parts:
            return t.gettext("{seat} takes the pile, with no cards from hand.").format(seat=who)
        return t.gettext("{seat} takes the pile with {cards}.").format(seat=who, cards=parts)
    return t.gettext("{seat} melds {cards}.").format(seat=who, cards=parts)


def _group_words(t, group, lang, you=False) -> str:
    cards = cards_words(group.cards, lang)
    if not group.rank:
        return cards
    rank = t.word("rank", group.rank, "plural")
    if group.team:
        return t.gettext("{cards} onto {team}'s {rank}").format(
            cards=cards, team=t.word("team", group.team), rank=rank)
    if you:
        return t.gettext("{cards} onto your team's {rank}").format(cards=cards, rank=rank)
    return t.gettext("{cards} onto the team's {rank}").format(cards=cards, rank=rank)


def plain_rule_text(rule_id: str, lang: str = "en") -> str:
    """The rulebook's words for a rule, in `lang`, without the ids it cites ("(see
    `red3.*`)"): what a learner reads; the ids stay in the teachers' reference."""
    from .rulebook import rule_text
    text = rule_text(rule_id, lang)
    same = re.fullmatch(r"\s*\w+ `([a-z0-9.-]+)`\.?\s*", text)      # "As `red3.score`."
    if same and same.group(1) != rule_id:
        return plain_rule_text(same.group(1), lang)
    text = re.sub(r"\s*\([^()]*`[^`]+`[^()]*\)", "", text)
    return re.sub(r"`([^`]+)`", r"\1", text)


_ID = r"[a-z0-9-]+(?:\.[a-z0-9*-]+)+"
_CITED = re.compile(rf"\s*\((?:{_ID})(?:\s*,\s*{_ID})*\)")


def without_rule_ids(text: str) -> str:
    """A sentence without the rule ids it cites in parentheses ("… (turn.draw). You …")."""
    return _CITED.sub("", text)
