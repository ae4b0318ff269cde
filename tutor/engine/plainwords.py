"""What a learner reads beside a ruling: a move said in words, the rulebook without its ids.

The move text (``take 9H JK``) and the rule ids (``pile.take.frozen``) are the notation of
teachers, tests and disputes; a learner reads what a player at a real table would say. One
place says it for every screen that shows a learner a move — the table's panel and move
box (tutor/table), the lessons' questions (tutor/lessons) — through the catalog, in the
language asked for (``lang=``):

    move_words("take 9H JK", "S", lang="en")            # "South takes the pile with 9♥ and a joker."
    move_words("take 9H JK", "S", lang="en", you=True)  # "You take the pile with 9♥ and a joker."
    move_words("draw", "S", position=pos, you=True)     # on an empty stock: the hand ends
    cards_words(cards, "fi")                            # "9♥, 9♠ ja jokeri"
    plain_rule_text("red3.score", "en")                 # the rulebook's words, no "(see `…`)"
    without_rule_ids("Draw from the stock (turn.draw).")   # "Draw from the stock."

Cards are written for a learner one way everywhere, as the explanations write them
(`tutor.i18n.Translator.write`): ``9♥``, a joker by the glossary's word ("a joker", "en
joker", "jokeri"), never the notation's ``JK``. Seats and teams go into a sentence as their
codes, through `Translator.format`, so that a translation may write them in the form its
sentence needs (``{seat:gen}``).

Standard library and `tutor.i18n` only, like the rest of the engine; nothing is imported
before a sentence is written.
"""
from __future__ import annotations

import re

from ..i18n import translator

__all__ = ["actor", "cards_words", "move_words", "plain_rule_text", "without_rule_ids"]


def cards_words(cards, lang: str = "en") -> str:
    """'9♥, 9♠ and a joker': the cards as the explanations write them, joined the
    language's way (`tutor.i18n.Translator.write`)."""
    return translator(lang).write(list(cards))


def actor(move, position) -> str:
    """Who makes `move` in `position`: the seat it names ("W: draw"), the partner for an
    answer to a pending question (`Position.actor`), else the player to move."""
    if move.seat:
        return move.seat
    if move.kind in ("yes", "no"):
        return position.actor
    return position.turn


def move_words(move, seat: str | None = None, lang: str = "en", *, you: bool = False,
               position=None) -> str:
    """One sentence saying what `seat` does with `move` (its text, or a `Move`).

    The seat is the one the move names, else `seat`, else the one who makes it in `position`
    (`actor`); ``you=True`` says it to that player ("You take the pile with …"), for a table
    seen from that seat. `position`, the position the move is made in, when the words depend
    on it: a draw from an empty stock is no draw, it ends the hand (`hand.end.stock`)."""
    from .moves import Move
    t = translator(lang)
    move = Move.parse(move)
    kind = move.kind
    who = move.seat or seat or (actor(move, position) if position is not None else "S")
    ends = kind == "draw" and position is not None and not position.stock and position.phase == "draw"
    if ends:
        leaves = _pile_takeable(position)
        if you:
            return (t.gettext("You leave the pile, and the hand ends: the stock is empty.") if leaves
                    else t.gettext("The stock is empty: you end the hand."))
        return t.format(t.gettext("{seat:name} leaves the pile, and the hand ends: the stock is empty.")
                        if leaves else t.gettext("The stock is empty: {seat:name} ends the hand."), seat=who)
    if you:
        if kind == "draw":
            return t.gettext("You draw from the stock.")
        if kind == "ask":
            if position is not None and not position.format.partners(who):    # players.sides
                return t.gettext("You ask “May I go out?”")
            return t.gettext("You ask your partner: “May I go out?”")
        if kind in ("yes", "no"):
            return t.gettext("You answer yes.") if kind == "yes" else t.gettext("You answer no.")
        if kind == "discard":
            return t.format(t.ngettext("You discard {cards}.", "You discard {cards}.", len(move.cards)),
                            cards=move.cards)
        if kind == "exchange":
            return t.format(t.gettext("You swap {card} for a wild card in a meld."), card=move.cards[0])
        parts = "; ".join(_group_words(t, g, you=True, alone=_alone(position, who)) for g in move.groups)
        if kind == "take":
            if not parts:
                return t.gettext("You take the pile, with no cards from your hand.")
            return t.format(t.ngettext("You take the pile with {cards}.", "You take the pile with {cards}.",
                                       len(move.cards)), cards=parts)
        return t.format(t.gettext("You meld {cards}."), cards=parts)
    if kind == "draw":
        return t.format(t.gettext("{seat:name} draws from the stock."), seat=who)
    if kind == "ask":
        if _alone(position, who):       # players.sides: nobody to ask (the judge refuses it)
            return t.format(t.gettext("{seat:name} asks “May I go out?”"), seat=who)
        return t.format(t.gettext("{seat:name} asks the partner: “May I go out?”"), seat=who)
    if kind in ("yes", "no"):
        return t.format(t.gettext("{seat:name} answers yes.") if kind == "yes"
                        else t.gettext("{seat:name} answers no."), seat=who)
    if kind == "discard":
        return t.format(t.ngettext("{seat:name} discards {cards}.", "{seat:name} discards {cards}.",
                                   len(move.cards)), seat=who, cards=move.cards)
    if kind == "exchange":
        return t.format(t.gettext("{seat:name} swaps {card} for a wild card in a meld."),
                        seat=who, card=move.cards[0])
    parts = "; ".join(_group_words(t, g, alone=_alone(position, who)) for g in move.groups)
    if kind == "take":
        if not parts:
            return t.format(t.gettext("{seat:name} takes the pile, with no cards from hand."), seat=who)
        return t.format(t.ngettext("{seat:name} takes the pile with {cards}.",
                                   "{seat:name} takes the pile with {cards}.", len(move.cards)),
                        seat=who, cards=parts)
    return t.format(t.gettext("{seat:name} melds {cards}."), seat=who, cards=parts)


def _pile_takeable(position) -> bool:
    """Whether the player to draw could take the pile (with the stock empty: 'leaves the
    pile' is said only then; under `stock-out=ends`, or a pile nobody can take, the hand
    just ends)."""
    from .generate import legal_moves
    return bool(position.pile) and any(m.kind == "take" for m in legal_moves(position))


def _alone(position, seat) -> bool:
    """Does `seat` play alone (two or three players: a side of one seat, `players.sides`)?"""
    return position is not None and seat in position.format.seats \
        and not position.format.partners(seat)


def _group_words(t, group, you=False, alone=False) -> str:
    cards = list(group.cards)
    if not group.rank:
        return t.write(cards)
    if group.team:
        return t.format(t.gettext("{cards} onto {team:name}'s {rank:plural}"),
                        cards=cards, team=group.team, rank=group.rank)
    if alone:           # a player alone: their own meld, no team's
        return t.format(t.gettext("{cards} onto your meld of {rank:plural}") if you else
                        t.gettext("{cards} onto their own meld of {rank:plural}"),
                        cards=cards, rank=group.rank)
    if you:
        return t.format(t.gettext("{cards} onto your team's {rank:plural}"), cards=cards, rank=group.rank)
    return t.format(t.gettext("{cards} onto the team's {rank:plural}"), cards=cards, rank=group.rank)


def plain_rule_text(rule_id: str, lang: str = "en") -> str:
    """The rulebook's words for a rule, in `lang`, without the ids it cites ("(see
    `red3.*`)"): what a learner reads; the ids stay in the teachers' reference. A
    parenthesis that cites an id goes (each on its own: the words between two of them
    stay); an id cited in the sentence itself is said in words (`_spoken`)."""
    from .rulebook import rule_text
    t = translator(lang)
    text = rule_text(rule_id, lang)
    same = re.fullmatch(r"\s*\w+ `([a-z0-9.-]+)`\.?\s*", text)      # "As `red3.score`."
    if same and same.group(1) != rule_id:
        return plain_rule_text(same.group(1), lang)
    text = re.sub(r"\s*\(([^()]*)\)", lambda m: "" if "`" in m.group(1) else m.group(0), text)
    text = _SETTING.sub(lambda m: _sentence_start(m, _setting_words(t, m.group(1), m.group(2))), text)
    return re.sub(r"`([^`]+)`", lambda m: _sentence_start(m, _spoken(t, m.group(1))), text)


#: A variant setting as the rulebook writes it in a sentence: "`three` = `cutthroat`".
_SETTING = re.compile(r"`([a-z0-9-]+)`\s*=\s*`([a-z0-9-]+)`")


def _sentence_start(match, words: str) -> str:
    """`words` put where `match` was: with a capital letter when they begin a sentence (the
    text's start, or after a full stop), as "The rule of two natural cards …" does."""
    before = match.string[:match.start()]
    if words and (not before.strip() or re.search(r"[.!?]\s*$", before)):
        return words[0].upper() + words[1:]
    return words


def _setting_words(t, flag: str, value: str) -> str:
    """A variant setting a rule text names ("`three` = `cutthroat`"), in words; one the
    words do not know yet, as a rules line writes it ("“six=three-teams”")."""
    from .ruleset import FLAGS
    if flag == "three" and value == "cutthroat":
        return t.pgettext("rule-name", "“cutthroat” for three players")
    if flag == "three" and value == "each-alone":
        return t.pgettext("rule-name", "three players each alone")
    if flag == "six" and value == "three-teams":
        return t.pgettext("rule-name", "six players in three teams of two")
    if flag == "six" and value == "two-teams":
        return t.pgettext("rule-name", "six players in two teams of three")
    if flag in FLAGS and value in FLAGS[flag]:
        return f"“{flag}={value}”"
    return f"{_spoken(t, flag)} = {_spoken(t, value)}"


def _spoken(t, name: str) -> str:
    """An id a rule text cites in its sentence (not in a parenthesis), in words; the
    notation (`draw`) stays as it is written."""
    if name == "goout.ask":
        return t.pgettext("rule-name", "“May I go out?”")
    if name == "players" or name.startswith("players."):
        return t.pgettext("rule-name", "the rules for other player counts")
    if name == "meld.initial":
        return t.pgettext("rule-name", "the first meld's minimum")
    if name == "meld.naturals":
        return t.pgettext("rule-name", "the rule of two natural cards in a meld")
    if name == "meld.max-wilds":
        return t.pgettext("rule-name", "the limit of three wild cards in a meld")
    if name == "stock-out":                 # a variant flag (RULES.md, "Variant flags")
        return t.pgettext("rule-name", "the club's rule for an empty stock")
    from .ruleset import FLAGS
    if name in FLAGS:                       # a flag the words do not know yet: as a rules line
        return f"“{name}”"
    return name


_ID = r"[a-z0-9-]+(?:\.[a-z0-9*-]+)+"
_CITED = re.compile(rf"\s*\((?:{_ID})(?:\s*,\s*{_ID})*\)")


def without_rule_ids(text: str) -> str:
    """A sentence without the rule ids it cites in parentheses ("… (turn.draw). You …")."""
    return _CITED.sub("", text)
