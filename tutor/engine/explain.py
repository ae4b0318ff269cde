"""Explanations in words, from message templates with named fields.

Each check carries a template key and fields (cards, ranks, numbers). Templates are plain
`str.format` strings per language, so a translator only edits TEMPLATES; a missing
translation falls back to English. Format specs name how a field is written:
``{rank:plural}`` → "kings", ``{rank:name}`` → "king", ``{cards}`` → "K♥, K♠ and a joker",
``{card}`` → "K♥", ``{seat:name}`` → "North".
"""
from __future__ import annotations

import string

from .cards import Card, RANK_NAMES, RANK_PLURALS
from .position import SEAT_NAMES

TEMPLATES: dict[str, dict[str, str]] = {
    # the hand and the seats
    "hand.end.out/over": {"en": "The hand is over: {seat:name} went out. Score it, then deal the next hand."},
    "hand.end.stock/over": {"en": "The hand is over: the stock ran out. Score it, then deal the next hand."},
    "turn.order/not-yours": {"en": "It is {turn:name}'s turn, not {seat:name}'s: only the player whose turn it is may act."},
    "turn.order/answer": {"en": "Only {expected:name}, the partner of the player who asked, answers \"may I go out?\" — not {seat:name}."},
    "turn.draw/already": {"en": "You have already drawn this turn; a turn begins with exactly one draw or one take of the pile. Now meld or discard."},
    "turn.draw/first": {"en": "Draw first: a turn begins by drawing from the stock or taking the pile; nothing else may happen before that."},
    "red3.drawn/again": {"en": "The top card of the stock is a red three ({card}): it is laid out for your team at once and you draw again."},
    "hand.end.stock/red3-last": {"en": "The last card of the stock is a red three ({card}): it is laid out and scores as usual, and the hand ends — the stock is empty."},
    "turn.draw/ok": {"en": "You draw the top card of the stock ({stock_cards} there). A turn begins with a draw."},
    "red3.dealt/on-turn!": {"en": "Under this table's rules (red3-dealt=on-turn) you lay out {cards} for your team now, at your turn, with a replacement from the stock for each while it lasts."},
    "turn.own-cards/missing": {"en": "{cards} {cards:is_are} not in your hand: you can only play cards from your own hand, each card once."},
    "turn.meld/ok": {"en": "After drawing you may meld: {laid}."},
    "turn.discard/one-card": {"en": "A turn ends with exactly one card discarded; you offer {count} ({cards})."},
    "turn.discard/ok": {"en": "You discard {card} and your turn ends; {next:name} plays next.{note}"},
    # the empty stock
    "hand.end.stock/ends": {"en": "The stock is empty and you do not take the pile, so the hand ends here. Nobody scores for going out."},
    "hand.end.stock/must-take": {"en": "The stock is empty, the pile is not frozen and its top card {top} fits your team's {top:rank_plural} meld: you must take it."},
    "hand.end.stock/ends-variant": {"en": "Under stock-out=ends the hand ends as soon as the player to draw finds the stock empty: the pile cannot be taken."},
    # the pile
    "pile.empty/empty": {"en": "The discard pile is empty, so there is nothing to take. Draw from the stock."},
    "pile.black-three/blocked": {"en": "A black three ({top}) lies on top of the pile: it blocks the next player, nobody may take the pile until another card covers it."},
    "pile.take.top-natural/wild": {"en": "The top card of the pile is {top}, a {top:kind}: the pile can only be taken when its top card is a natural card other than a three."},
    "pile.one-card/one": {"en": "You hold a single card ({card}) and the pile is a single card ({top}): a player with one card may not take a one-card pile."},
    "pile.frozen.wild/frozen!": {"en": "The pile holds {frozen_by}, laid crosswise, so it is frozen for everybody until it is taken."},
    "pile.frozen.team/frozen!": {"en": "Your team has not melded yet in this hand, so the pile is frozen for you."},
    "pile.take.frozen/short": {"en": "{why}You offer {offered}, but a frozen pile needs two natural {rank:plural} from your hand to meld with the top {top}; wild cards do not help."},
    "pile.take.frozen/ok": {"en": "{why}You meld the top {top} with two natural {rank:plural} from your hand ({pair}){wild_note}, which is what a frozen pile needs. You take the whole pile."},
    "pile.take.unfrozen/pair": {"en": "The top {top} with {offered} from your hand makes a meld of {rank:plural}; the pile is not frozen, so {pair} enough. You take the whole pile."},
    "pile.take.unfrozen/to-meld": {"en": "The pile is not frozen and your team already has a meld of {rank:plural}: the top {top} joins it and you take the whole pile."},
    "pile.take.unfrozen/short": {"en": "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your team's {rank:name} meld. You offer {offered}."},
    "pile.take.whole/keep-top": {"en": "Taking the pile means melding its top card {top} at once — you cannot take it to keep for later. Your team has no meld of {rank:plural} and you offer no cards to meld it with."},
    "pile.black-three/covered": {"en": "The black three {three} no longer blocks: the {top} covers it, and the block lasts only while the black three is on top."},
    "meld.one-per-rank/theirs-too": {"en": "The opponents have a meld of {rank:plural}, but that does not stop you: each team has its own meld of a rank."},
    "meld.naturals/take-wilds": {"en": "The top {top} with {offered} would be a meld with only one natural card; a meld needs at least two naturals, so wild cards alone never take the pile."},
    # melds
    "meld.size/take-rank": {"en": "The top card is {top}; {cards} cannot meld with it: a meld is cards of one rank."},
    "meld.size/mixed-ranks": {"en": "A meld is cards of a single rank; these mix {ranks}. Separate melds with ';'."},
    "meld.size/short": {"en": "A new meld needs at least three cards; {cards} {cards:is_are} only {size}, and your team has no meld of {rank:plural} to add to."},
    "meld.naturals/one": {"en": "A meld needs at least two natural cards; {cards} has only {naturals} natural {rank:name}."},
    "meld.naturals/outnumber": {"en": "Under wilds=not-outnumber wild cards may not outnumber naturals: the {rank:name} meld would hold {wilds} wild cards and {naturals} naturals."},
    "meld.max-wilds/too-many": {"en": "The {rank:name} meld would hold {wilds} wild cards; a meld holds at most three wild cards for its whole life{canasta_note}."},
    "meld.max-wilds/at-limit": {"en": "The {rank:name} meld now holds 3 wild cards and {naturals} natural cards: that is allowed, and it is the limit — a meld never takes a fourth wild card."},
    "meld.naturals/two": {"en": "Two natural {rank:plural} with {wild_cards} make a meld: a meld needs at least two natural cards, and this one has them."},
    "meld.wild-alone/alone": {"en": "You try to meld {cards} — {alone}: wild cards are never melded on their own. Add a wild card to a meld with 'meld K: 2C'."},
    "meld.wild-alone/no-meld": {"en": "Your team has no meld of {rank:plural}, so {cards} cannot join one: a wild card added later must join an existing meld of your team.{theirs_note}"},
    "meld.wild-fixed/melded": {"en": "{cards} {cards:is_are} already in a meld: a melded wild card stays there for good, it can never be moved or used again."},
    "meld.wild-fixed/exchange": {"en": "A melded wild card can never be taken back or exchanged for a natural card, whatever you offer for it ({cards})."},
    "meld.one-per-rank/joined!": {"en": "Your team already has a meld of {ranks}: the cards join it, since a team has one meld per rank."},
    "meld.own-team/theirs": {"en": "The {rank:name} meld belongs to {team}: you may add only to your own team's melds."},
    "meld.threes/never": {"en": "Under black-threes=never black threes are never melded: {cards} cannot be laid."},
    "meld.threes/wild": {"en": "A meld of black threes takes no wild cards ({wilds})."},
    "meld.threes/not-out": {"en": "Black threes may be melded only in the turn you go out, and after this meld you could not go out this turn with the {left} cards left."},
    "meld.threes/must-go-out!": {"en": "You must now go out this turn: black threes may be melded only in the turn you go out."},
    "meld.threes/must-go-out": {"en": "You melded black threes this turn, which is allowed only in the turn you go out: this move would keep you in."},
    "meld.threes/short": {"en": "Black threes are melded only as three or four of them, in the turn you go out; {cards} {cards:is_are} too few."},
    "red3.no-meld/played": {"en": "{cards} {red_what}: red threes are bonus cards, laid out at once — never melded, held or discarded."},
    "meld.threes/ok!": {"en": "Black threes may be melded because you go out this turn."},
    "meld.initial/short": {"en": "Your team's first meld of the hand must count at least {minimum} points (your team's score is {score}); these cards count {points}.{taking_note}"},
    "meld.initial/ok!": {"en": "It is your team's first meld: {points} points reach the minimum of {minimum} for a score of {score}."},
    "meld.initial/concealed!": {"en": "Only {points} points, below the first meld's minimum of {minimum}, but going out concealed after drawing from the stock needs no minimum."},
    "red3.from-pile/laid!": {"en": "The pile held {cards}: a red three found in the pile is laid out for your team, with no replacement."},
    # canastas
    "canasta.mixed/now": {"en": "The wild card joins your natural canasta of {rank:plural}: it is allowed, and the canasta becomes mixed (300 instead of 500)."},
    # going out
    "goout.canasta/none": {"en": "Your team has no canasta yet, so you may not go out: keep a card to discard."},
    "goout.canasta/ok!": {"en": "Your team has a canasta, so going out is allowed."},
    "goout.last-card/ok": {"en": "You discard your last card, {card}, and go out: the hand ends."},
    "goout.no-discard/ok": {"en": "You meld every card and go out without a discard: the hand ends."},
    "goout.no-discard/concealed-only": {"en": "Under go-out-without-discard=concealed-only you may meld your whole hand without a discard only when going out concealed; keep a card to discard."},
    "goout.concealed/ok": {"en": "You meld your whole hand in one turn, with a canasta, having melded nothing before: you go out concealed (100 + 100)."},
    "goout.concealed/ok!": {"en": "You go out concealed: the whole hand in one turn, with a canasta (100 + 100)."},
    "goout.keep-one/one-left": {"en": "Your team has no canasta yet, so you may not go out and may not meld down to a single card: after your discard at least one card must stay in your hand."},
    "goout.binding/no": {"en": "Your partner answered no: you may not go out this turn."},
    "goout.binding/no-keep-one": {"en": "Your partner answered no, so you may not go out this turn: you may not meld down to a single card ({card}), since after your discard a card must stay in your hand."},
    "goout.binding/yes": {"en": "Your partner answered yes, so you must go out this turn; this move would leave you unable to."},
    "goout.binding/impossible!": {"en": "Your partner said yes, but going out has become impossible, so play goes on (clubs charge 100)."},
    "goout.binding/answer": {"en": "{partner:name} answers {answer:answer}; the answer binds {seat:name} for this turn."},
    "goout.ask/ok": {"en": "You may ask {partner:name} \"may I go out?\" now, right after drawing and before melding; the answer will bind you."},
    "goout.ask/before-draw": {"en": "Ask after drawing or taking the pile, not before."},
    "goout.ask/too-late": {"en": "Too late to ask: the question is allowed only right after drawing, before melding anything else this turn."},
    "goout.ask/one-card": {"en": "You hold a single card ({card}) after taking the pile: your only way on is to discard it and go out, so there is nothing to ask — a binding \"no\" would leave you no move."},
    "goout.ask/twice": {"en": "You have asked already this turn (the answer was {answer:answer}): at most once a turn."},
    "goout.ask/answer": {"en": "The question \"may I go out?\" is waiting for its answer, so the partner may answer {answer:answer}."},
    "goout.ask/pending": {"en": "You asked \"may I go out?\": {partner:name} must answer yes or no first."},
    "turn.order/nobody-asked": {"en": "Nobody asked \"may I go out?\", so there is nothing to answer {answer:answer} to: it is {turn:name}'s turn, and only a partner answering the question may speak out of turn."},
}



#: The words templates are filled with, per language. A language pack module
#: (`tutor.messages_<lang>`) may define TEMPLATES and WORDS to add a language.
WORDS = {"en": {"rank_names": RANK_NAMES, "rank_plurals": RANK_PLURALS, "seat_names": SEAT_NAMES,
                "joker": "a joker", "nothing": "nothing", "and": "and", "is": "is", "are": "are",
                "wild card": "wild card", "red three": "red three",
                "answers": {"yes": "yes", "no": "no"}}}
_LOADED: set = {"en"}


def _load_language(lang: str) -> None:
    """Import `tutor.messages_<lang>` once, if it exists, and merge its templates and words."""
    if lang in _LOADED:
        return
    _LOADED.add(lang)
    import importlib
    try:
        pack = importlib.import_module(f"{__package__}.messages_{lang}")
    except ImportError:
        return
    for table, texts in ((TEMPLATES, getattr(pack, "TEMPLATES", {})),
                         (PARTS, getattr(pack, "PARTS", {}))):
        for key, text in texts.items():
            if key in table:
                table[key][lang] = text
    if hasattr(pack, "WORDS"):
        WORDS[lang] = {**WORDS["en"], **pack.WORDS}


class _Formatter(string.Formatter):
    def __init__(self, lang):
        self.lang = lang
        self.words = WORDS.get(lang, WORDS["en"])

    def format_field(self, value, spec):
        w = self.words
        if spec == "plural":
            return w["rank_plurals"].get(value, str(value))
        if spec == "name":
            if value in w["seat_names"]:
                return w["seat_names"][value]
            return w["rank_names"].get(value, str(value))
        if spec == "rank_plural":
            return w["rank_plurals"][value.rank]
        if spec == "kind":
            return w["red three" if value.is_red_three else "wild card"]
        if spec == "answer":
            return w["answers"].get(value, value)
        if spec == "is_are":
            return w["is"] if len(value) == 1 else w["are"]
        return _words(value, w)


def _words(value, w=None) -> str:
    w = w or WORDS["en"]
    if isinstance(value, Card):
        return w["joker"] if value.rank == "JK" else value.pretty
    if isinstance(value, (tuple, list)):
        items = [_words(v, w) for v in value]
        if not items:
            return w["nothing"]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {w['and']} " + items[-1]
    return str(value)


#: Pieces of sentences that depend on the situation; translated like whole templates.
PARTS: dict[str, dict[str, str]] = {
    "pair.naturals": {"en": "two naturals are"},
    "pair.mixed": {"en": "a natural and a wild card are"},
    "canasta-of": {"en": " — a canasta of {ranks}"},
    "discard.black-three": {"en": " A black three on top blocks the next player from taking the pile."},
    "discard.wild": {"en": " A wild card in the pile freezes it for everybody."},
    "max-wilds.canasta": {"en": ", even after it became a canasta"},
    "wild-alone.theirs": {"en": " The meld of that rank on the table is the opponents'."},
    "initial.taking": {"en": " Only the top card {top} counts, not the {pile_rest} cards under it."},
    "initial.taking.one": {"en": " Only the top card {top} counts, not the card under it."},
    "initial.taking.alone": {"en": " The top card {top} is the only card of the pile."},
    "frozen.wilds": {"en": " and {cards}"},
    "cards.one": {"en": "1 card"},
    "wild-cards.one": {"en": "a wild card"},
    "wild-cards.many": {"en": "{count} wild cards"},
    "alone.one": {"en": "a wild card alone"},
    "alone.many": {"en": "wild cards only"},
    "cards.many": {"en": "{count} cards"},
    "red3.one": {"en": "is a red three"},
    "red3.many": {"en": "are red threes"},
}


def _part(name: str, lang: str, **fields) -> str:
    texts = PARTS[name]
    return _Formatter(lang).format(texts.get(lang) or texts["en"], **fields)


def _derived(key: str, fields: dict, lang: str) -> dict:
    """Extra fields some templates need, computed from the check's own fields."""
    f = dict(fields)
    w = WORDS.get(lang, WORDS["en"])
    if key.startswith("pile.take.frozen"):
        cause = "pile.frozen.wild/frozen!" if "frozen_by" in f else "pile.frozen.team/frozen!"
        f["why"] = render(cause, fields, lang) + " "
    if key == "pile.take.unfrozen/pair":
        both_natural = f["naturals"] >= 2 and not f["wilds"]
        f["pair"] = _part("pair.naturals" if both_natural else "pair.mixed", lang)
    if key == "turn.meld/ok":
        f["laid"] = "; ".join(_words(cards, w) for _, cards in f["laid"])
        canastas = [m.rank for m in f["melds"] if m.rank in f["touched"] and m.is_canasta]
        if canastas:
            f["laid"] += _part("canasta-of", lang, ranks=", ".join(
                w["rank_plurals"][r] for r in canastas))
    if key == "turn.discard/ok":
        f["note"] = (_part("discard.black-three", lang) if f["black_three"] else
                     _part("discard.wild", lang) if f["wild"] else "")
    if key == "meld.max-wilds/too-many":
        f["canasta_note"] = _part("max-wilds.canasta", lang) if f["canasta"] else ""
    if key == "meld.wild-alone/no-meld":
        f["theirs_note"] = _part("wild-alone.theirs", lang) if f.get("theirs") else ""
    if key == "meld.initial/short":
        rest = f["pile_rest"]
        part = "initial.taking" if rest > 1 else "initial.taking.one" if rest else "initial.taking.alone"
        f["taking_note"] = _part(part, lang, top=f["top"], pile_rest=rest) if f["taking"] else ""
    if key == "meld.naturals/two":
        n = f["wilds"]
        f["wild_cards"] = _part("wild-cards.one" if n == 1 else "wild-cards.many", lang, count=n)
    if key == "meld.wild-alone/alone":
        f["alone"] = _part("alone.one" if len(f["cards"]) == 1 else "alone.many", lang)
    if key == "turn.draw/ok":
        n = f["stock"]
        f["stock_cards"] = _part("cards.one" if n == 1 else "cards.many", lang, count=n)
    if key == "pile.take.frozen/ok":
        f["pair"] = _words(tuple(c for c in f["offered"] if c.is_natural), w)
        wilds = tuple(c for c in f["offered"] if c.is_wild)
        f["wild_note"] = _part("frozen.wilds", lang, cards=wilds) if wilds else ""
    if key == "red3.no-meld/played":
        f["red_what"] = _part("red3.one" if len(f["cards"]) == 1 else "red3.many", lang)
    if "ranks" in f and isinstance(f["ranks"], (list, tuple)):
        f["ranks"] = f" {w['and']} ".join(w["rank_plurals"].get(r, r) for r in f["ranks"])
    return f


def render(key: str, fields: dict, lang: str = "en") -> str:
    _load_language(lang)
    templates = TEMPLATES[key]
    template = templates.get(lang) or templates["en"]
    return _Formatter(lang).format(template, **_derived(key, fields, lang))


def render_ruling(ruling, lang: str = "en") -> str:
    """The deciding check in words; for a legal move also the checks worth citing."""
    decisive = ruling.decisive
    parts = [render(decisive.key, decisive.fields, lang)]
    if ruling.legal:
        for check in ruling.checks:
            if check is not decisive and check.key.endswith("!") and check.ok \
                    and not check.key.startswith("pile.frozen"):
                parts.append(render(check.key, check.fields, lang))
    return " ".join(parts)
