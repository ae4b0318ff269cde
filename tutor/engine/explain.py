"""Explanations in words, from message templates with named fields.

Each check carries a template key and fields (cards, ranks, numbers). The English
templates are written here, each with its key: ``T(key, english)``. A translation lives in
the language's gettext catalog (``tutor/i18n/locale/<lang>/LC_MESSAGES/tutor.po``), where
the key is the message's context; the catalog is read through `tutor.i18n`. Sentence
pieces that change with the situation are parts: ``P(name, english)``, and ``NP(name,
singular, plural)`` where a count decides the form (``ngettext``); a part's name is its
context in the catalog (template keys have a "/", part names none).

Format specs name how a field is written, from the language's glossary
(``tutor/i18n/glossary/<lang>.toml``): ``{rank:plural}`` → "kings", ``{rank:name}`` →
"king", ``{seat:name}`` → "North", ``{card:kind}`` → "wild card", ``{top:rank_plural}`` →
the plural of the card's rank, ``{cards:is_are}`` → "is" or "are"; a language may use more
forms of its own (Finnish cases: ``{seat:gen}``), each listed in its glossary. Without a
spec, cards are written as "K♥, K♠ and a joker".
"""
from __future__ import annotations

import string

from ..i18n import translator
from .cards import Card

#: key -> the English template (the message id; the key is the catalog's context)
TEMPLATES: dict[str, str] = {}
#: name -> the English part: a string, or (singular, plural) for a part chosen by a count
PARTS: dict[str, str | tuple[str, str]] = {}


def T(key: str, english: str) -> None:
    """Declare the template of a check's message (extracted into the catalogs by Babel)."""
    TEMPLATES[key] = english


def P(name: str, english: str) -> None:
    """Declare a sentence piece that a template's field is filled with."""
    PARTS[name] = english


def NP(name: str, singular: str, plural: str) -> None:
    """Declare a sentence piece whose form depends on a count (gettext's ngettext)."""
    PARTS[name] = (singular, plural)


# the hand and the seats
T("hand.end.out/over",
  "The hand is over: {seat:name} went out. Score it, then deal the next hand.")
T("hand.end.stock/over",
  "The hand is over: the stock ran out. Score it, then deal the next hand.")
T("turn.order/not-yours",
  "It is {turn:name}'s turn, not {seat:name}'s: only the player whose turn it is may act.")
T("turn.order/answer",
  "Only {expected:name}, the partner of the player who asked, answers \"may I go out?\" — not {seat:name}.")
T("turn.draw/already",
  "You have already drawn this turn; a turn begins with exactly one draw or one take of the pile. Now meld or discard.")
T("turn.draw/first",
  "Draw first: a turn begins by drawing from the stock or taking the pile; nothing else may happen before that.")
T("red3.drawn/again",
  "The top card of the stock is a red three ({card}): it is laid out for your team at once and you draw again.")
T("hand.end.stock/red3-last",
  "The last card of the stock is a red three ({card}): it is laid out and scores as usual, and the hand ends — the stock is empty.")
T("turn.draw/ok",
  "You draw the top card of the stock ({stock_cards} there). A turn begins with a draw.")
T("red3.dealt/on-turn!",
  "Under this table's rules (red3-dealt=on-turn) you lay out {cards} for your team now, at your turn, with a replacement from the stock for each while it lasts.")
T("turn.own-cards/missing",
  "{cards} {cards:is_are} not in your hand: you can only play cards from your own hand, each card once.")
T("turn.meld/ok",
  "After drawing you may meld: {laid}.")
T("turn.discard/one-card",
  "A turn ends with exactly one card discarded; you offer {count} ({cards}).")
T("turn.discard/ok",
  "You discard {card} and your turn ends; {next:name} plays next.{note}")
# the empty stock
T("hand.end.stock/ends",
  "The stock is empty and you do not take the pile, so the hand ends here. Nobody scores for going out.")
T("hand.end.stock/must-take",
  "The stock is empty, the pile is not frozen and its top card {top} fits your team's {top:rank_plural} meld: you must take it.")
T("hand.end.stock/ends-variant",
  "Under stock-out=ends the hand ends as soon as the player to draw finds the stock empty: the pile cannot be taken.")
# the pile
T("pile.empty/empty",
  "The discard pile is empty, so there is nothing to take. Draw from the stock.")
T("pile.black-three/blocked",
  "A black three ({top}) lies on top of the pile: it blocks the next player, nobody may take the pile until another card covers it.")
T("pile.take.top-natural/wild",
  "The top card of the pile is {top}, a {top:kind}: the pile can only be taken when its top card is a natural card other than a three.")
T("pile.one-card/one",
  "You hold a single card ({card}) and the pile is a single card ({top}): a player with one card may not take a one-card pile.")
T("pile.frozen.wild/frozen!",
  "The pile holds {frozen_by}, laid crosswise, so it is frozen for everybody until it is taken.")
T("pile.frozen.team/frozen!",
  "Your team has not melded yet in this hand, so the pile is frozen for you.")
T("pile.take.frozen/short",
  "{why}You offer {offered}, but a frozen pile needs two natural {rank:plural} from your hand to meld with the top {top}; wild cards do not help.")
T("pile.take.frozen/ok",
  "{why}You meld the top {top} with two natural {rank:plural} from your hand ({pair}){wild_note}, which is what a frozen pile needs. You take the whole pile.")
T("pile.take.unfrozen/pair",
  "The top {top} with {offered} from your hand makes a meld of {rank:plural}; the pile is not frozen, so {pair} enough. You take the whole pile.")
T("pile.take.unfrozen/to-meld",
  "The pile is not frozen and your team already has a meld of {rank:plural}: the top {top} joins it and you take the whole pile.")
T("pile.take.unfrozen/short",
  "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your team's {rank:name} meld. You offer {offered}.")
T("pile.take.whole/keep-top",
  "Taking the pile means melding its top card {top} at once — you cannot take it to keep for later. Your team has no meld of {rank:plural} and you offer no cards to meld it with.")
T("pile.black-three/covered",
  "The black three {three} no longer blocks: the {top} covers it, and the block lasts only while the black three is on top.")
T("meld.one-per-rank/theirs-too",
  "The opponents have a meld of {rank:plural}, but that does not stop you: each team has its own meld of a rank.")
T("meld.naturals/take-wilds",
  "The top {top} with {offered} would be a meld with only one natural card; a meld needs at least two naturals, so wild cards alone never take the pile.")
# melds
T("meld.size/take-rank",
  "The top card is {top}; {cards} cannot meld with it: a meld is cards of one rank.")
T("meld.size/mixed-ranks",
  "A meld is cards of a single rank; these mix {ranks}. Separate melds with ';'.")
T("meld.size/short",
  "A new meld needs at least three cards; {cards} {cards:is_are} only {size}, and your team has no meld of {rank:plural} to add to.")
T("meld.naturals/one",
  "A meld needs at least two natural cards; {cards} has only {naturals} natural {rank:name}.")
T("meld.naturals/outnumber",
  "Under wilds=not-outnumber wild cards may not outnumber naturals: the {rank:name} meld would hold {wilds} wild cards and {naturals} naturals.")
T("meld.max-wilds/too-many",
  "The {rank:name} meld would hold {wilds} wild cards; a meld holds at most three wild cards for its whole life{canasta_note}.")
T("meld.max-wilds/at-limit",
  "The {rank:name} meld now holds 3 wild cards and {naturals} natural cards: that is allowed, and it is the limit — a meld never takes a fourth wild card.")
T("meld.naturals/two",
  "Two natural {rank:plural} with {wild_cards} make a meld: a meld needs at least two natural cards, and this one has them.")
T("meld.wild-alone/alone",
  "You try to meld {cards} — {alone}: wild cards are never melded on their own. Add a wild card to a meld with 'meld K: 2C'.")
T("meld.wild-alone/no-meld",
  "Your team has no meld of {rank:plural}, so {cards} cannot join one: a wild card added later must join an existing meld of your team.{theirs_note}")
T("meld.wild-fixed/melded",
  "{cards} {cards:is_are} already in a meld: a melded wild card stays there for good, it can never be moved or used again.")
T("meld.wild-fixed/exchange",
  "A melded wild card can never be taken back or exchanged for a natural card, whatever you offer for it ({cards}).")
T("meld.one-per-rank/joined!",
  "Your team already has a meld of {ranks}: the cards join it, since a team has one meld per rank.")
T("meld.own-team/theirs",
  "The {rank:name} meld belongs to {team}: you may add only to your own team's melds.")
T("meld.threes/never",
  "Under black-threes=never black threes are never melded: {cards} cannot be laid.")
T("meld.threes/wild",
  "A meld of black threes takes no wild cards ({wilds}).")
T("meld.threes/not-out",
  "Black threes may be melded only in the turn you go out, and after this meld you could not go out this turn with the {left} cards left.")
T("meld.threes/must-go-out!",
  "You must now go out this turn: black threes may be melded only in the turn you go out.")
T("meld.threes/must-go-out",
  "You melded black threes this turn, which is allowed only in the turn you go out: this move would keep you in.")
T("meld.threes/short",
  "Black threes are melded only as three or four of them, in the turn you go out; {cards} {cards:is_are} too few.")
T("red3.no-meld/played",
  "{cards} {red_what}: red threes are bonus cards, laid out at once — never melded, held or discarded.")
T("meld.threes/ok!",
  "Black threes may be melded because you go out this turn.")
T("meld.initial/short",
  "Your team's first meld of the hand must count at least {minimum} points (your team's score is {score}); these cards count {points}.{taking_note}")
T("meld.initial/ok!",
  "It is your team's first meld: {points} points reach the minimum of {minimum} for a score of {score}.")
T("meld.initial/concealed!",
  "Only {points} points, below the first meld's minimum of {minimum}, but going out concealed after drawing from the stock needs no minimum.")
T("red3.from-pile/laid!",
  "The pile held {cards}: a red three found in the pile is laid out for your team, with no replacement.")
# canastas
T("canasta.mixed/now",
  "The wild card joins your natural canasta of {rank:plural}: it is allowed, and the canasta becomes mixed (300 instead of 500).")
# going out
T("goout.canasta/none",
  "Your team has no canasta yet, so you may not go out: keep a card to discard.")
T("goout.canasta/ok!",
  "Your team has a canasta, so going out is allowed.")
T("goout.last-card/ok",
  "You discard your last card, {card}, and go out: the hand ends.")
T("goout.no-discard/ok",
  "You meld every card and go out without a discard: the hand ends.")
T("goout.no-discard/concealed-only",
  "Under go-out-without-discard=concealed-only you may meld your whole hand without a discard only when going out concealed; keep a card to discard.")
T("goout.concealed/ok",
  "You meld your whole hand in one turn, with a canasta, having melded nothing before: you go out concealed (100 + 100).")
T("goout.concealed/ok!",
  "You go out concealed: the whole hand in one turn, with a canasta (100 + 100).")
T("goout.keep-one/one-left",
  "Your team has no canasta yet, so you may not go out and may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.binding/no",
  "Your partner answered no: you may not go out this turn.")
T("goout.binding/no-keep-one",
  "Your partner answered no, so you may not go out this turn: you may not meld down to a single card ({card}), since after your discard a card must stay in your hand.")
T("goout.binding/yes",
  "Your partner answered yes, so you must go out this turn; this move would leave you unable to.")
T("goout.binding/impossible!",
  "Your partner said yes, but going out has become impossible, so play goes on (clubs charge 100).")
T("goout.binding/answer",
  "{partner:name} answers {answer:name}; the answer binds {seat:name} for this turn.")
T("goout.ask/ok",
  "You may ask {partner:name} \"may I go out?\" now, right after drawing and before melding; the answer will bind you.")
T("goout.ask/before-draw",
  "Ask after drawing or taking the pile, not before.")
T("goout.ask/too-late",
  "Too late to ask: the question is allowed only right after drawing, before melding anything else this turn.")
T("goout.ask/one-card",
  "You hold a single card ({card}) after taking the pile: your only way on is to discard it and go out, so there is nothing to ask — a binding \"no\" would leave you no move.")
T("goout.ask/twice",
  "You have asked already this turn (the answer was {answer:name}): at most once a turn.")
T("goout.ask/answer",
  "The question \"may I go out?\" is waiting for its answer, so the partner may answer {answer:name}.")
T("goout.ask/pending",
  "You asked \"may I go out?\": {partner:name} must answer yes or no first.")
T("turn.order/nobody-asked",
  "Nobody asked \"may I go out?\", so there is nothing to answer {answer:name} to: it is {turn:name}'s turn, and only a partner answering the question may speak out of turn.")

# ---- the parts: pieces of sentences that depend on the situation -------------------------
P("pair.naturals", "two naturals are")
P("pair.mixed", "a natural and a wild card are")
P("canasta-of", " — a canasta of {ranks}")
P("discard.black-three", " A black three on top blocks the next player from taking the pile.")
P("discard.wild", " A wild card in the pile freezes it for everybody.")
P("max-wilds.canasta", ", even after it became a canasta")
P("wild-alone.theirs", " The meld of that rank on the table is the opponents'.")
NP("initial.taking", " Only the top card {top} counts, not the card under it.",
   " Only the top card {top} counts, not the {pile_rest} cards under it.")
P("initial.taking.alone", " The top card {top} is the only card of the pile.")
P("frozen.wilds", " and {cards}")
NP("cards", "{count} card", "{count} cards")
NP("wild-cards", "a wild card", "{count} wild cards")
NP("alone", "a wild card alone", "wild cards only")
NP("red3", "is a red three", "are red threes")


class _Formatter(string.Formatter):
    """str.format with the glossary's word forms as format specs (see the module doc)."""

    def __init__(self, t):
        self.t = t

    def format_field(self, value, spec):
        t = self.t
        if isinstance(value, Card):
            if spec == "kind":
                return t.word("term", "red three" if value.is_red_three else "wild card")
            if spec.startswith("rank_"):
                return t.word("rank", value.rank, spec[len("rank_"):])
            return _words(value, t)
        if spec == "is_are":
            return t.word("grammar", "is" if len(value) == 1 else "are")
        if spec:
            for kind in ("seat", "rank", "team", "answer"):
                if str(value) in t.terms.get(kind, {}):
                    return t.word(kind, value, spec)
            return str(value)
        return _words(value, t)


def _words(value, t) -> str:
    """Cards and lists of cards in words: "K♥, K♠ and a joker"."""
    if isinstance(value, Card):
        return t.word("term", "a joker") if value.rank == "JK" else value.pretty
    if isinstance(value, (tuple, list)):
        return t.join(_words(v, t) for v in value)
    return str(value)


def _part(name: str, t, n: int | None = None, **fields) -> str:
    """A part in words; `n` chooses the form of a part declared with NP."""
    english = PARTS[name]
    if isinstance(english, tuple):
        text = t.npgettext(name, english[0], english[1], n)
    else:
        text = t.pgettext(name, english)
    return _Formatter(t).format(text, **fields)


def _derived(key: str, fields: dict, t) -> dict:
    """Extra fields some templates need, computed from the check's own fields."""
    f = dict(fields)
    if key.startswith("pile.take.frozen"):
        cause = "pile.frozen.wild/frozen!" if "frozen_by" in f else "pile.frozen.team/frozen!"
        f["why"] = _render(cause, fields, t) + " "
    if key == "pile.take.unfrozen/pair":
        both_natural = f["naturals"] >= 2 and not f["wilds"]
        f["pair"] = _part("pair.naturals" if both_natural else "pair.mixed", t)
    if key == "turn.meld/ok":
        f["laid"] = "; ".join(_words(cards, t) for _, cards in f["laid"])
        canastas = [m.rank for m in f["melds"] if m.rank in f["touched"] and m.is_canasta]
        if canastas:
            f["laid"] += _part("canasta-of", t, ranks=", ".join(
                t.word("rank", r, "plural") for r in canastas))
    if key == "turn.discard/ok":
        f["note"] = (_part("discard.black-three", t) if f["black_three"] else
                     _part("discard.wild", t) if f["wild"] else "")
    if key == "meld.max-wilds/too-many":
        f["canasta_note"] = _part("max-wilds.canasta", t) if f["canasta"] else ""
    if key == "meld.wild-alone/no-meld":
        f["theirs_note"] = _part("wild-alone.theirs", t) if f.get("theirs") else ""
    if key == "meld.initial/short":
        rest = f["pile_rest"]
        if not f["taking"]:
            f["taking_note"] = ""
        elif rest:
            f["taking_note"] = _part("initial.taking", t, rest, top=f["top"], pile_rest=rest)
        else:
            f["taking_note"] = _part("initial.taking.alone", t, top=f["top"])
    if key == "meld.naturals/two":
        n = f["wilds"]
        f["wild_cards"] = _part("wild-cards", t, n, count=n)
    if key == "meld.wild-alone/alone":
        f["alone"] = _part("alone", t, len(f["cards"]))
    if key == "turn.draw/ok":
        n = f["stock"]
        f["stock_cards"] = _part("cards", t, n, count=n)
    if key == "pile.take.frozen/ok":
        f["pair"] = _words(tuple(c for c in f["offered"] if c.is_natural), t)
        wilds = tuple(c for c in f["offered"] if c.is_wild)
        f["wild_note"] = _part("frozen.wilds", t, cards=wilds) if wilds else ""
    if key == "red3.no-meld/played":
        f["red_what"] = _part("red3", t, len(f["cards"]))
    if "ranks" in f and isinstance(f["ranks"], (list, tuple)):
        f["ranks"] = t.join(t.word("rank", r, "plural") for r in f["ranks"])
    return f


def _render(key: str, fields: dict, t) -> str:
    template = t.pgettext(key, TEMPLATES[key])
    return _Formatter(t).format(template, **_derived(key, fields, t))


def render(key: str, fields: dict, lang: str = "en") -> str:
    """The message of a check in words, in `lang` (English for a language it does not speak)."""
    return _render(key, fields, translator(lang or "en"))


def render_ruling(ruling, lang: str = "en") -> str:
    """The deciding check in words; for a legal move also the checks worth citing."""
    t = translator(lang or "en")
    decisive = ruling.decisive
    parts = [_render(decisive.key, decisive.fields, t)]
    if ruling.legal:
        for check in ruling.checks:
            if check is not decisive and check.key.endswith("!") and check.ok \
                    and not check.key.startswith("pile.frozen"):
                parts.append(_render(check.key, check.fields, t))
    return " ".join(parts)
