"""The table in words: the text alternative of the canvas, from a seat's view.

`describe(view, lang)` says what the drawing shows, line by line, for a screen reader (and
for anyone who opens "Describe the table"): whose turn it is, the viewer's hand, how many
cards the others hold, the stock, the pile's top and crosswise cards, each team's melds and
red threes, the scores, a pending "may I go out?". It reads a `SeatView`, so it can only
say what the seat may see.
"""
from __future__ import annotations

from ..engine.diagram import PHASE_WORDS, card_words, seat_name, team_name
from ..engine.position import SEATS, other_team, partner_of, team_of
from ..i18n import translator


def _cards(cards, t) -> str:
    return t.join(card_words(c, t) for c in cards)


def _count(n, t) -> str:
    return t.ngettext("{n} card", "{n} cards", n).format(n=n)


def _melds(view, team, t) -> str:
    melds = view.team_melds(team)
    if not melds:
        return t.gettext("{team}: no melds yet.").format(team=team_name(team, t))
    parts = []
    for m in melds:
        ranks = t.word("rank", m.rank, "plural")
        if m.is_natural_canasta:
            parts.append(t.gettext("{ranks}, a natural canasta of {count}").format(
                ranks=ranks, count=_count(m.size, t)))
        elif m.is_mixed_canasta:
            parts.append(t.gettext("{ranks}, a mixed canasta of {count}").format(
                ranks=ranks, count=_count(m.size, t)))
        else:
            parts.append(t.gettext("{ranks}: {cards}").format(ranks=ranks, cards=_cards(m.cards, t)))
    return t.gettext("{team} melds: {melds}.").format(team=team_name(team, t), melds="; ".join(parts))


def describe(view, lang: str = "en") -> str:
    """The table seen by `view.seat`, in words (one sentence a line)."""
    t = translator(lang)
    me = view.seat
    lines = []
    if view.phase == "over":
        who = (t.gettext("{seat} went out").format(seat=seat_name(view.out, t)) if view.out
               else t.gettext("the stock ran out"))
        lines.append(t.gettext("The hand is over: {how}.").format(how=who))
    else:
        lines.append(t.gettext("You are {seat}. {turn} to play: {phase}.").format(
            seat=seat_name(me, t), turn=seat_name(view.turn, t),
            phase=t.gettext(PHASE_WORDS[view.phase])))
    hand = view.hand
    lines.append(t.gettext("Your hand, {count}: {cards}.").format(
        count=_count(len(hand), t), cards=_cards(hand, t)) if hand else t.gettext("Your hand is empty."))
    if view.open:
        for seat in SEATS:
            if seat != me:
                lines.append(t.gettext("{seat} holds {cards}.").format(
                    seat=seat_name(seat, t), cards=_cards(view.hands[seat], t) or _count(0, t)))
    else:
        others = [t.gettext("{seat} {count}").format(seat=seat_name(s, t), count=_count(view.counts[s], t))
                  for s in (partner_of(me),) + tuple(s for s in SEATS if team_of(s) != team_of(me))]
        lines.append(t.gettext("The others hold: {counts} (your partner is {partner}).").format(
            counts=t.join(others), partner=seat_name(partner_of(me), t)))
    lines.append(t.gettext("Stock: {count}.").format(count=_count(view.stock_size, t)))
    if view.pile_size:
        line = t.gettext("Discard pile: {count}, the top card is {top}.").format(
            count=_count(view.pile_size, t), top=card_words(view.top, t))
        if view.crosswise:
            line += " " + t.gettext("Laid crosswise in it: {cards}; it is frozen for everybody.").format(
                cards=_cards(view.crosswise, t))
        elif view.phase != "over" and view.is_frozen_for(team_of(view.turn)):
            line += " " + t.gettext("It is frozen for {team}: no meld yet.").format(
                team=team_name(team_of(view.turn), t))
        if view.top.is_black_three:
            line += " " + t.gettext("A black three on top: the next player cannot take it.")
        lines.append(line)
    else:
        lines.append(t.gettext("Discard pile: empty."))
    for team in (team_of(me), other_team(team_of(me))):
        lines.append(_melds(view, team, t))
        red3 = view.team_red3(team)
        if red3:
            lines.append(t.gettext("{team} red threes: {cards}.").format(
                team=team_name(team, t), cards=_cards(red3, t)))
    ns, ew = view.score
    lines.append(t.gettext("Running totals before this hand: North–South {ns}, East–West {ew}.").format(
        ns=ns, ew=ew))
    if view.asked == "pending":
        lines.append(t.gettext("{seat} asked “may I go out?”: {partner} answers.").format(
            seat=seat_name(view.turn, t), partner=seat_name(partner_of(view.turn), t)))
    elif view.asked in ("yes", "no"):
        lines.append(t.gettext("{seat}'s partner said {answer} to “may I go out?”.").format(
            seat=seat_name(view.turn, t), answer=t.word("answer", view.asked)))
    return "\n".join(lines)


def canvas_label(view, lang: str = "en") -> str:
    """The canvas's short name (its description follows it)."""
    t = translator(lang)
    return t.gettext("Canasta table seen by {seat}").format(seat=seat_name(view.seat, t))
