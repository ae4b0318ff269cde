"""The table in words: the text alternative of the canvas, from a seat's view.

`describe(view, lang)` says what the drawing shows, line by line, for a screen reader (and
for anyone who opens "Describe the table"): whose turn it is, the viewer's hand, how many
cards the others hold, the stock, the pile's top and crosswise cards, each team's melds and
red threes, the scores, a pending "may I go out?". It reads a `SeatView`, so it can only
say what the seat may see. Once the hand is over it says how the hand ended and what the
pile was ("the pile was frozen"), never what may happen next: nobody moves any more
(tests/test_after_hand_words.py).

Seats and teams go into the sentences as their codes, written by `Translator.format`
(``{seat:name}``), so that a translation may inflect them (``{seat:gen}``).
"""
from __future__ import annotations

from ..engine.diagram import card_words
from ..engine.formats import FOUR
from ..i18n import N_, translator

#: whose turn it is and what they are to do, one sentence a phase
PHASE_SENTENCES = {
    "draw": N_("{seat:name} is to draw from the stock or take the pile."),
    "drawn": N_("{seat:name} has drawn and may meld or discard."),
    "melded": N_("{seat:name} has melded and may meld more or discard."),
}


#: the draw phase with the stock empty: nobody draws (`hand.end.stock`)
STOCK_OUT_SENTENCES = {
    "must-take": N_("The stock is empty: {seat:name} is to take the pile, or the hand ends."),
    "ends": N_("The stock is empty, so at this table the hand ends: {seat:name} cannot take the pile."),
}


def _phase_sentence(view) -> str:
    if view.phase == "draw" and not view.stock_size:
        return STOCK_OUT_SENTENCES[view.rules.stock_out]
    return PHASE_SENTENCES[view.phase]


def _cards(cards, t) -> str:
    return t.join(card_words(c, t) for c in cards)


def _count(n, t) -> str:
    return t.ngettext("{n} card", "{n} cards", n).format(n=n)


def _melds(view, team, t) -> str:
    melds = view.team_melds(team)
    if not melds:
        if view.phase == "over":            # none was laid, and none will be: no "yet"
            return t.format(t.gettext("{team:name}: no melds."), team=team)
        return t.format(t.gettext("{team:name}: no melds yet."), team=team)
    parts = []
    for m in melds:
        if m.is_natural_canasta:
            parts.append(t.format(t.gettext("{rank:plural}, a natural canasta of {count}"),
                                  rank=m.rank, count=_count(m.size, t)))
        elif m.is_mixed_canasta:
            parts.append(t.format(t.gettext("{rank:plural}, a mixed canasta of {count}"),
                                  rank=m.rank, count=_count(m.size, t)))
        else:
            parts.append(t.format(t.gettext("{rank:plural}: {cards}"), rank=m.rank, cards=_cards(m.cards, t)))
    return t.format(t.gettext("{team:name} melds: {melds}."), team=team, melds="; ".join(parts))


def describe(view, lang: str = "en") -> str:
    """The table seen by `view.seat`, in words (one sentence a line)."""
    t = translator(lang)
    me = view.seat
    fmt = view.rules.format
    side_of = fmt.side_of
    lines = []
    if view.phase == "over":
        who = (t.format(t.gettext("{seat:name} went out"), seat=view.out) if view.out
               else t.gettext("the stock ran out"))
        lines.append(t.gettext("The hand is over: {how}.").format(how=who))
    else:
        lines.append(t.format(t.gettext("You are {seat:name}."), seat=me) + " "
                     + t.format(t.gettext(_phase_sentence(view)), seat=view.turn))
    hand = view.hand
    lines.append(t.gettext("Your hand, {count}: {cards}.").format(
        count=_count(len(hand), t), cards=_cards(hand, t)) if hand else t.gettext("Your hand is empty."))
    if view.open:
        for seat in fmt.seats:
            if seat != me:
                lines.append(t.format(t.gettext("{seat:name} holds {cards}."),
                                      seat=seat, cards=_cards(view.hands[seat], t) or _count(0, t)))
    else:
        decided = view.format           # cutthroat: the sides as decided by play so far
        partners = decided.partners(me)
        others = [t.format(t.gettext("{seat:name} {count}"), seat=s, count=_count(view.counts[s], t))
                  for s in partners + tuple(s for s in fmt.seats
                                            if decided.side_of(s) != decided.side_of(me))]
        if len(partners) == 1:
            lines.append(t.format(t.gettext("The others hold: {counts} (your partner is {partner:name})."),
                                  counts=t.join(others), partner=partners[0]))
        elif partners:
            lines.append(t.format(t.gettext("The others hold: {counts} (your partners are {partners:name})."),
                                  counts=t.join(others), partners=partners))
        else:
            lines.append(t.format(t.gettext("The others hold: {counts} (you play alone)."),
                                  counts=t.join(others)))
    if fmt is not FOUR and fmt.has_partners:
        # six players: who plays in which team (the seats alternate, or partners face)
        for side in fmt.sides:
            lines.append(t.format(t.gettext("{team:name} is {seats:name}."), team=side,
                                  seats=fmt.seats_of(side)))
    lines.append(t.gettext("Stock: {count}.").format(count=_count(view.stock_size, t)))
    if view.pile_size:
        line = t.gettext("Discard pile: {count}, the top card is {top}.").format(
            count=_count(view.pile_size, t), top=card_words(view.top, t))
        if view.crosswise and view.phase == "over":
            # the hand is over: what the pile was, not who may take it (nobody draws any more)
            line += " " + t.gettext("Laid crosswise in it: {cards}; the pile was frozen.").format(
                cards=_cards(view.crosswise, t))
        elif view.crosswise:
            line += " " + t.gettext("Laid crosswise in it: {cards}; it is frozen for everybody.").format(
                cards=_cards(view.crosswise, t))
        elif view.phase != "over" and view.rules.opening == "player":
            if view.frozen_for_player():    # opening=player: each player opens alone
                line += " " + t.format(t.gettext("It is frozen for {seat:name}: no meld yet."),
                                       seat=view.turn)
        elif view.phase != "over" and view.is_frozen_for(view.format.side_of(view.turn)):
            line += " " + t.format(t.gettext("It is frozen for {team:name}: no meld yet."),
                                   team=view.format.side_of(view.turn))
        if view.blocked:
            line += " " + t.gettext("A black three on top: the next player cannot take it.")
        lines.append(line)
    else:
        lines.append(t.gettext("Discard pile: empty."))
    own = fmt.side_index[side_of(me)]
    for team in fmt.sides[own:] + fmt.sides[:own]:
        lines.append(_melds(view, team, t))
        if view.rules.red3_per_seat:        # red3-four=player: who laid which red three
            for seat in fmt.seats_of(team):
                red3 = view.red3[view.rules.red3_index[seat]]
                if red3:
                    # TRANSLATORS: the table in words, red3-four=player: a player's own red threes
                    lines.append(t.format(t.gettext("{seat:name}'s red threes: {cards}."), seat=seat,
                                          cards=_cards(red3, t)))
            continue
        red3 = view.team_red3(team)
        if red3:
            lines.append(t.format(t.gettext("{team:name} red threes: {cards}."), team=team, cards=_cards(red3, t)))
    if fmt.sides == ("NS", "EW"):
        ns, ew = view.score
        lines.append(t.gettext("Running totals before this hand: North–South {ns}, East–West {ew}.").format(
            ns=ns, ew=ew))
    else:
        totals = [t.format(t.gettext("{team:name} {points}"), team=side, points=points)
                  for side, points in zip(fmt.sides, view.score)]
        lines.append(t.gettext("Running totals before this hand: {totals}.").format(
            totals=", ".join(totals)))
    if view.asked == "pending":
        lines.append(t.format(t.gettext("{seat:name} asked “may I go out?”: {partner:name} answers."),
                              seat=view.turn, partner=view.format.answerer(view.turn)))
    elif view.asked in ("yes", "no") and fmt is not FOUR:
        # more than one partner (six): the one who answered
        lines.append(t.format(t.gettext("{seat:name} asked “may I go out?”: {partner:name} said {answer:name}."),
                              seat=view.turn, partner=view.format.answerer(view.turn), answer=view.asked))
    elif view.asked in ("yes", "no"):
        lines.append(t.format(t.gettext("{seat:name}'s partner said {answer:name} to “may I go out?”."),
                              seat=view.turn, answer=view.asked))
    return "\n".join(lines)


def canvas_label(view, lang: str = "en") -> str:
    """The canvas's short name (its description follows it)."""
    t = translator(lang)
    return t.format(t.gettext("Canasta table seen by {seat:name}"), seat=view.seat)
