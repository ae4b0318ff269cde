"""Number, article and case agree in every generated sentence (issue 38).

A sentence built from parts slips where a number or a list of cards changes the grammar:
Swedish "5♥, 2♣ och 2♦ har bara 1." (the noun left out), "3♥ är bonuskort" (one card
without its article), Finnish "korttia, jota sinulla ei ole … (9♦ ja 9♠)" (two cards in the
singular). The cure is in the catalog: a message with a count, or one that names one card or
several, has plural forms (``NT``/``NP`` in tutor/engine/explain.py, ``NM`` in
tutor/engine/words.py, ``ngettext`` elsewhere), and each language writes the form its
grammar needs (tutor/i18n/GLOSSARY.md, "Number and agreement").

This test renders the messages with one card and with several, with counts 0, 1, 2 and 5,
in English, Swedish and Finnish, and reads each sentence with a small grammar table per
language (`GRAMMAR`): a pattern a slip of agreement leaves in the text. Each entry has a
planted wrong sentence it must fire on and the right one it must let through (`test_each_
grammar_entry_fires_on_its_slip`), so no entry is a test that cannot fail.

What is rendered:

- every explanation template and part (`tutor.engine.explain`), from the fields of the
  staged situations (tests/i18n_helpers.py, which reach every template), each list of
  cards replaced by one card and by three, each count by 0, 1, 2 and 5 (`BOUND` names the
  few fields the engine never gives some of those values, and why);
- every message of the catalog with a plural (the table, the computer's reasons, the score
  sheet, the lessons' lines, the errors), at each count, and every message that names a
  list of cards, with one card and with several;
- hands played on by the computer at every player count (2, 3, 3 cutthroat, 4, 6 in two
  teams, 6 in three): the rulings of the moves played and of wrong tries (one card melded,
  two discarded, cards not in the hand, a red three), the hints and the computer's reasons,
  the moves in words, the table in words, the score sheets and the game's standing.
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import lru_cache

import pytest

import tutor
from tutor.engine import explain
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.i18n import glossary, translator

LANGS = ("en", "sv", "fi")
COUNTS = (0, 1, 2, 5)
#: the player counts: every table the engine deals
TABLES = ("players=2", "players=3", "players=3, three=cutthroat", "default", "players=6",
          "players=6, six=three-teams")


# ---- the grammar table -------------------------------------------------------------------------

def _forms(lang: str, *forms: str) -> list:
    """The glossary's ranks in some forms (a rank whose forms are the same word left out:
    Swedish "ess" is one ace and several)."""
    ranks = glossary(lang)["rank"].values()
    words = []
    for form in forms:
        words += [r[form] for r in ranks
                  if not any(r[other] == r[form] for other in r if other != form
                             and other in ("name", "plural", "part", "plural_part"))]
    return words


def _any(words) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


def _card(lang: str) -> str:
    """One card as the formatter writes it: K♥, 10♣, the glossary's joker."""
    return r"(?:(?:10|[2-9JQKA])[♣♦♥♠]|" + re.escape(glossary(lang)["term"]["a joker"]) + ")"


def _lists(lang: str) -> dict:
    """{one}: a list of one card (no other card joined to it); {several}: a list of two or more."""
    card, last = _card(lang), re.escape(glossary(lang)["list"]["last"])
    return {"one": rf"(?<!, )(?<!{last}){card}(?!, {card}|{last}{card})",
            "several": rf"{card}(?:, {card})*{last}{card}"}


@dataclass(frozen=True)
class Entry:
    """A slip of agreement: `pattern` found in a sentence of `lang`. `when` says which
    sentences it reads: "always"; "n=1" / "n!=1" (the pattern's group n is a number, the
    entry fires only for that number); "count" (``{n}`` in the pattern stands for the count
    the sentence was rendered with: a number printed where the language wants a noun);
    "one card" / "several cards" (the sentence was rendered with a list of one card, or of
    several, that it need not name: "the cards join it" said of one card).
    ``{one}`` and ``{several}`` in a pattern stand for a list of one card or of several.
    `wrong` is a planted slip the entry must find, `right` the sentence that is right."""
    lang: str
    name: str
    when: str
    pattern: str
    wrong: str
    right: str
    n: int | None = None          # the count of the planted sentences ("count" entries)
    cards: int | None = None      # the cards of the planted sentences ("one card" entries)

    def regex(self, n=None):
        text = self.pattern.replace("{one}", _lists(self.lang)["one"]).replace(
            "{several}", _lists(self.lang)["several"])
        if self.when == "count":
            text = text.replace("{n}", re.escape(str(n)))
        return re.compile(text)

    def fires(self, text: str, counts=(), cards=None) -> bool:
        if self.when in ("one card", "several cards"):
            return (cards is not None and (cards == 1) == (self.when == "one card")
                    and bool(self.regex().search(text)))
        if self.when == "count":
            return any(self.regex(n).search(text) for n in counts)
        for m in self.regex().finditer(text):
            if self.when == "always" or (self.when == "n=1") == (int(m.group("n")) == 1):
                return True
        return False


EN_ONE = ["card", "wild card", "canasta", "point", "move", "hand", "step", "question", "seat",
          "copy", "player", "red three", "black three"] + _forms("en", "name")
EN_MANY = ["cards", "wild cards", "naturals", "canastas", "points", "moves", "hands", "steps",
           "questions", "seats", "copies", "players", "red threes", "black threes"] + _forms("en", "plural")
SV_ONE = ["naturligt", "naturlig", "riktigt", "okänt", "röd trea", "svart trea", "blandad",
          "wild card", "canasta", "giv", "fråga"] + _forms("sv", "name")
SV_MANY = ["naturliga", "riktiga", "okända", "röda treor", "svarta treor", "blandade",
           "wild cards", "canastor", "givar", "frågor"] + _forms("sv", "plural")
FI_NOMINATIVE = ["kortti", "apukortti", "canasta", "sekacanasta", "luonnollinen", "punainen",
                 "musta", "puhdas", "pöytäys", "siirto", "kysymys", "vaihe", "piste", "paikka",
                 "kappale", "jako"] + _forms("fi", "name")
FI_PARTITIVE = ["korttia", "apukorttia", "canastaa", "sekacanastaa", "luonnollista", "punaista",
                "mustaa", "puhdasta", "pöytäystä", "siirtoa", "kysymystä", "vaihetta", "pistettä",
                "paikkaa", "kappaletta", "jakoa"] + _forms("fi", "part")

GRAMMAR = [
    # English
    Entry("en", "one with a plural noun", "n=1",
          rf"\b(?P<n>\d+) (?:natural |unseen |mixed )?{_any(EN_MANY)}\b",
          "A meld needs two naturals; these hold only 1 natural fives.",
          "A meld needs two naturals; these hold only 1 natural five."),
    Entry("en", "a number not one with a singular noun", "n!=1",
          rf"\b(?P<n>\d+) (?:natural |unseen |mixed )?{_any(EN_ONE)}(?![\w-])(?! cards?\b)",
          "Take the pile: 2 card for your meld of kings.",
          "Take the pile: 2 cards for your meld of kings."),
    Entry("en", "cards is", "always", r"\bcards (?:is|was|has)\b",
          "2 cards is left there.", "2 cards are left there."),
    Entry("en", "card are", "always", r"\b(?:1|one|this|the) card (?:are|were|have)\b",
          "1 card are left there.", "1 card is left there."),
    Entry("en", "several cards with a verb of one", "always",
          r"{several} (?:is|has|was|joins|goes|starts|completes|builds|makes)\b",
          "A meld needs at least two natural cards; 5♥, 2♣ and 2♦ has only 1 natural five.",
          "A meld needs at least two natural cards; among 5♥, 2♣ and 2♦ there is only 1 natural five."),
    Entry("en", "the cards, of one card", "one card", r"\b[Tt]he cards (?:join|go|are|stay)\b",
          "Your team already has a meld of eights: the cards join it.",
          "Your team already has a meld of eights: the card joins it.", cards=1),
    Entry("en", "the card, of several", "several cards", r"\b[Tt]he card (?:joins|goes|is|stays)\b",
          "Your team already has a meld of eights: the card joins it.",
          "Your team already has a meld of eights: the cards join it.", cards=3),
    Entry("en", "one card with a verb of several", "always",
          r"{one} (?:are|have|were|join|go|start|complete|build|make)\b",
          "7♥ are not in your hand.", "7♥ is not in your hand."),
    # Swedish
    Entry("sv", "one with a plural form", "n=1",
          rf"\b(?P<n>\d+) {_any(SV_MANY)}\b",
          "Toppkortet med 1 naturliga kort.", "Toppkortet med 1 naturligt kort."),
    Entry("sv", "a number not one with a singular form", "n!=1",
          rf"\b(?P<n>\d+) {_any(SV_ONE)}(?!\w)",
          "Givar: 2 blandad canasta × 300.", "Givar: 2 blandade canastor × 300."),
    Entry("sv", "an article of one before a plural adjective", "always",
          r"\b(?:ett|en) (?:naturliga|riktiga|okända|blandade)\b",
          "5♥, 2♣ och 2♦ har bara ett naturliga kort.", "5♥, 2♣ och 2♦ har bara ett naturligt kort."),
    Entry("sv", "one card without its article", "always", r"{one} är bonuskort\b",
          "3♥ är bonuskort: en röd trea läggs genast upp.",
          "3♥ är ett bonuskort: en röd trea läggs genast upp."),
    Entry("sv", "several cards with an article of one", "always",
          r"{several} är (?:ett bonuskort|en röd trea)\b",
          "3♥ och 3♦ är ett bonuskort.", "3♥ och 3♦ är bonuskort."),
    Entry("sv", "a count with no noun", "count", r"(?<![\w.,/−-]){n}(?=\s*(?:[.;:!?)]|$))",
          "En giv av femmor kräver minst två naturliga kort; 5♥, 2♣ och 2♦ har bara 1.",
          "En giv av femmor kräver minst två naturliga kort; 5♥, 2♣ och 2♦ har bara 1 naturligt kort.",
          n=1),
    Entry("sv", "korten, of one card", "one card", r"\b[Kk]orten (?:smälter|läggs|går)\b",
          "Ert lag har redan en giv av åttor: korten smälter ihop med den.",
          "Ert lag har redan en giv av åttor: kortet smälter ihop med den.", cards=1),
    Entry("sv", "kortet, of several", "several cards", r"\b[Kk]ortet (?:smälter|läggs|går)\b",
          "Ert lag har redan en giv av åttor: kortet smälter ihop med den.",
          "Ert lag har redan en giv av åttor: korten smälter ihop med den.", cards=3),
    # Finnish
    Entry("fi", "kortit, of one card", "one card", r"\b[Kk]ortit (?:liitetään|menevät)\b",
          "Joukkueellasi on jo pöydällä kahdeksikkoja: kortit liitetään niihin.",
          "Joukkueellasi on jo pöydällä kahdeksikkoja: kortti liitetään niihin.", cards=1),
    Entry("fi", "kortti, of several", "several cards", r"\b[Kk]ortti (?:liitetään|menee)\b",
          "Joukkueellasi on jo pöydällä kahdeksikkoja: kortti liitetään niihin.",
          "Joukkueellasi on jo pöydällä kahdeksikkoja: kortit liitetään niihin.", cards=3),
    Entry("fi", "a number not one with a nominative", "n!=1",
          rf"\b(?P<n>\d+) {_any(FI_NOMINATIVE)}\b",
          "Nostat kaksi korttia (pakkaan jää 2 kortti).", "Nostat kaksi korttia (pakkaan jää 2 korttia)."),
    Entry("fi", "one with a partitive", "n=1",
          rf"\b(?P<n>\d+) {_any(FI_PARTITIVE)}\b",
          "Avopakka: 1 korttia.", "Avopakka: 1 kortti."),
    Entry("fi", "kortteja, jota", "always", r"\bkortteja, jota\b",
          "Et voi pelata kortteja, jota sinulla ei ole kädessäsi (7♥ ja 7♠).",
          "Et voi pelata kortteja, joita sinulla ei ole kädessäsi (7♥ ja 7♠)."),
    Entry("fi", "korttia, joita", "always", r"\bkorttia, joita\b",
          "Et voi pelata korttia, joita sinulla ei ole kädessäsi (7♥).",
          "Et voi pelata korttia, jota sinulla ei ole kädessäsi (7♥)."),
    Entry("fi", "korttia, jota of several cards", "always", r"\bkorttia, jota [^()]*\({several}\)",
          "Et voi pelata korttia, jota sinulla ei ole kädessäsi (9♦ ja 9♠).",
          "Et voi pelata kortteja, joita sinulla ei ole kädessäsi (9♦ ja 9♠)."),
    Entry("fi", "kortteja, joita of one card", "always", r"\bkortteja, joita [^()]*\({one}\)",
          "Et voi pelata kortteja, joita sinulla ei ole kädessäsi (9♦).",
          "Et voi pelata korttia, jota sinulla ei ole kädessäsi (9♦)."),
    Entry("fi", "a plural word for one card", "always",
          r"\b(?:kortit|kortteja|korttien|korteista|korteilla|korteissa|nämä|näitä|näiden|näissä|näistä)"
          r"\b[^.;,()]{0,30}?(?:\(|: ?){one}",
          "Avopakka ei ole lukittu: kortti liitetään siihen yhdessä kädestäsi tarjottujen korttien (K♥) kanssa.",
          "Avopakka ei ole lukittu: kortti liitetään siihen yhdessä kädestäsi tarjotun kortin (K♥) kanssa."),
    Entry("fi", "a singular word for several cards", "always",
          r"\b(?:kortti|kortin|kortista|kortilla|kortissa|tämä|tätä|tämän)\b(?: \w+)?(?: \(|: | ){several}",
          "Nostit kortin: 5♣ ja 6♣.", "Nostit kortit: 5♣ ja 6♣."),
    Entry("fi", "several cards with a verb of one", "always",
          r"{several} (?:on|menee|aloittaa|täydentää|kasvattaa|kuuluu)\b",
          "3♥ ja 3♦ on punainen kolmonen.", "3♥ ja 3♦ ovat punaisia kolmosia."),
    Entry("fi", "one card with a verb of several", "always",
          r"{one} (?:ovat|menevät|aloittavat|täydentävät|kasvattavat|kuuluvat|eivät)\b",
          "8♥ menevät kahdeksikkopöytäykseen.", "8♥ menee kahdeksikkopöytäykseen."),
]


def _without_team_numbers(text: str, lang: str) -> str:
    """The text with the numbered teams of six players ("Team 1", "Joukkueen 2") as a word:
    their number counts nothing."""
    for entry in glossary(lang)["team"].values():
        for form in entry.values():
            if any(ch.isdigit() for ch in form):
                text = text.replace(form, "TEAM")
    return text


def slips(text: str, lang: str, counts=(), cards=None) -> list:
    """The names of the grammar entries of `lang` that `text` trips (`cards`: how many cards
    the list it was rendered with holds, where that is known)."""
    text = _without_team_numbers(text, lang)
    return [e.name for e in GRAMMAR if e.lang == lang and e.fires(text, counts, cards)]


@pytest.mark.parametrize("entry", GRAMMAR, ids=[f"{e.lang}: {e.name}" for e in GRAMMAR])
def test_each_grammar_entry_fires_on_its_slip(entry):
    counts = (entry.n,) if entry.n is not None else ()
    assert entry.fires(entry.wrong, counts, entry.cards), f"does not fire on its slip: {entry.wrong}"
    assert not entry.fires(entry.right, counts, entry.cards), f"fires on the right sentence: {entry.right}"
    # and no other entry of its language fires on the right sentence
    assert slips(entry.right, entry.lang, counts, entry.cards) == [], (
        entry.right, slips(entry.right, entry.lang, counts, entry.cards))


def test_every_language_has_a_grammar_table():
    assert {e.lang for e in GRAMMAR} == set(LANGS)


# ---- the three sentences of the issue ------------------------------------------------------------

ISSUE_TEXT = ("turn: S drawn\nS: KD KH KS 5H 2C 2D 9H 9D 9S 7C\nNS: 8C 8D 8S\n"
              "pile: 5C 2H 6S KD")
ISSUE = [
    ("sv", "meld 5H 2C 2D", "5♥, 2♣ och 2♦ har bara ett naturligt kort"),
    ("sv", "discard 3H", "3♥ är ett bonuskort"),
    ("fi", "meld 9H 9D 9S 9C 9C", "kortteja, joita sinulla ei ole kädessäsi (9♣ ja 9♣)"),
    ("fi", "meld 7C 7H 7S", "kortteja, joita sinulla ei ole kädessäsi (7♥ ja 7♠)"),
    ("fi", "meld 7C 7H", "korttia, jota sinulla ei ole kädessäsi (7♥)"),
    ("en", "meld 5H 2C 2D", "among 5♥, 2♣ and 2♦ there is only 1 natural five"),
]


@pytest.mark.parametrize("lang, move, words", ISSUE)
def test_the_sentences_of_the_issue_read_right(lang, move, words):
    ruling = tutor.judge(tutor.Position.parse(ISSUE_TEXT), move)
    text = ruling.explain(lang)
    assert words in text, text
    assert slips(text, lang) == [], (slips(text, lang), text)


def test_the_rulings_of_the_issue_keep_their_rule_ids():
    pos = tutor.Position.parse(ISSUE_TEXT)
    assert [tutor.judge(pos, m).rule for m in ("meld 5H 2C 2D", "discard 3H", "meld 7C 7H 7S")] == [
        "meld.naturals", "red3.no-meld", "turn.own-cards"]


# ---- (1) every explanation template and part ----------------------------------------------------

#: points are never 1 (every card, bonus and score is a multiple of 5) and have no plural
#: forms: they keep their staged values
POINTS = {"points", "minimum", "score", "margin", "target", "total", "bonus"}
PLAYERS = (2, 3, 4, 6)
#: (template, field) -> the values the engine gives it, where it never gives some of one card,
#: several, 0, 1, 2, 5 ("one" / "several" for a list of cards)
BOUND = {
    # a meld is judged for its naturals once it has three cards (meld.size first); it has 0 or 1
    ("meld.naturals/one", "cards"): ("several",),
    # wild cards outnumber two or more naturals: both are 2 or more (a meld needs two naturals)
    ("meld.naturals/outnumber", "naturals"): (2, 5),
    ("meld.naturals/outnumber", "wilds"): (2, 5),
    # more than three wild cards; a meld at the limit holds three and two naturals or more
    ("meld.max-wilds/too-many", "wilds"): (5,),
    ("meld.max-wilds/too-many-new", "wilds"): (5,),
    ("meld.max-wilds/at-limit", "naturals"): (2, 5),
    # a canasta has seven cards or more
    ("canasta.size/complete!", "size"): (7, 8),
    # the frozen pile is taken with a natural pair; an unfrozen one with two cards from hand
    ("pile.take.frozen/ok", "offered"): ("several",),
    ("pile.take.unfrozen/pair", "naturals"): (1, 2),
    ("pile.take.unfrozen/pair", "wilds"): (0, 1),
    # the keys "-several" are chosen for two red threes or more
    ("red3.drawn/again-several", "cards"): ("several",),
    ("hand.end.stock/red3-last-several", "cards"): ("several",),
    # cards joining several melds at once are two or more
    ("meld.one-per-rank/joined-several!", "cards"): ("several",),
    # a new meld has three cards or more (meld.size)
    ("meld.size/new!", "cards"): ("several",),
    ("meld.size/new!", "size"): (3, 5),
}


@lru_cache(maxsize=None)
def staged_fields() -> dict:
    """template key -> the distinct fields its checks have over the staged situations."""
    from i18n_helpers import rulings
    out: dict = {}
    for ruling in rulings():
        for check in ruling.checks + (ruling.decisive,):
            seen = out.setdefault(check.key, [])
            if check.fields not in seen and len(seen) < 4:
                seen.append(dict(check.fields))
    return out


def _is_cards(value) -> bool:
    return isinstance(value, (tuple, list)) and all(isinstance(c, Card) for c in value)


def _cards_like(value, n: int) -> tuple:
    """n cards like the staged list (its own cards again and again; kings for an empty one)."""
    base = tuple(value) or (Card("KH"), Card("KS"), Card("KD"))
    return tuple(base[i % len(base)] for i in range(n))


#: the counts that count the cards of a list of the same check ({"cards": …, "count": 2})
TIED = ("count", "size")


def _written(key: str, name: str) -> bool:
    """Does the template write the field itself (not only through a part)?"""
    english = (explain.TEMPLATES[key],) + explain.COUNTED.get(key, ("",))[:1]
    return any("{" + name + "}" in e or "{" + name + ":" in e for e in english)


def variants(key: str, fields: dict):
    """(what was changed, fields, counts to read as bare numbers) of a staged check's
    fields: each list of cards as one card and as three, each count as 0, 1, 2 and 5 (a count
    of a list's cards changes with the list)."""
    yield "as staged", fields, ()
    lists = {name: value for name, value in fields.items() if _is_cards(value)}
    for name, value in fields.items():
        bound = BOUND.get((key, name))
        if _is_cards(value):
            for n, which in ((1, "one"), (3, "several")):
                if bound and which not in bound:
                    continue
                f = dict(fields, **{name: _cards_like(value, n)})
                for tied in TIED:
                    if isinstance(fields.get(tied), int) and fields[tied] == len(value):
                        f[tied] = n
                yield f"{name}: {n} card{'s' if n > 1 else ''}", f, ()
        elif isinstance(value, int) and not isinstance(value, bool) and name not in POINTS:
            for n in bound or (PLAYERS if name == "players" else COUNTS):
                f = dict(fields, **{name: n})
                if name in TIED:
                    for other, cards in lists.items():
                        if len(cards) == value:
                            f[other] = _cards_like(cards, n) if n else ()
                yield f"{name}={n}", f, (n,) if _written(key, name) else ()


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_agrees_with_one_card_several_and_every_count(lang):
    found, rendered = [], 0
    for key, staged in sorted(staged_fields().items()):
        for fields in staged:
            for what, f, counts in variants(key, fields):
                for alone in (False, True):
                    g = dict(f, player_alone=True) if alone else f
                    text = explain.render(key, g, lang)
                    rendered += 1
                    cards = 1 if what.endswith(": 1 card") else 3 if what.endswith(": 3 cards") else None
                    for slip in slips(text, lang, counts, cards):
                        found.append(f"{key} ({what}{', alone' if alone else ''}): {slip}: {text}")
    assert rendered > 1500
    # the templates whose form a number chooses are all reached
    assert {k.replace(explain.ALONE, "") for k in explain.COUNTED} <= set(staged_fields())
    assert not found, f"{len(found)} slips:\n" + "\n".join(sorted(set(found)))


def test_the_counted_templates_choose_their_form_by_their_field():
    """An NT template reads its count from its field: the Finnish of one missing card and of
    two differ, the English is the same."""
    assert {"turn.own-cards/missing", "meld.naturals/one", "turn.discard/one-card"} <= set(explain.COUNTED)
    one = {"cards": (Card("7H"),)}
    two = {"cards": (Card("7H"), Card("7S"))}
    assert "korttia, jota" in explain.render("turn.own-cards/missing", one, "fi")
    assert "kortteja, joita" in explain.render("turn.own-cards/missing", two, "fi")
    assert explain.render("turn.own-cards/missing", two, "en").startswith("7♥ and 7♠ are not")


# ---- (2) every message of the catalog with a plural, or naming cards ------------------------------

#: a field's value in a rendered message, by its name (a seat, team, rank or answer as its code)
FILL = {"seat": "S", "turn": "S", "next": "W", "partner": "N", "expected": "N", "first": "N",
        "second": "S", "third": "E", "team": "EW", "own": "NS", "rank": "K", "ranks": ("K", "Q"),
        "answer": "yes", "given": "no", "card": Card("KH"), "top": Card("KD"), "three": Card("3C"),
        "wild": Card("JK"), "players": 4, "seats": ("N", "S"), "sides": ("NS", "EW"),
        "partners": ("N", "NE")}
#: the fields that hold a list of cards
CARD_LISTS = {"cards", "offered", "wild_cards", "frozen_by", "pair", "wilds_held"}
#: the field a plural message counts by, where it has one of these
COUNTERS = ("n", "count", "points")


def _names(text: str) -> set:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _fill(names, n=None, cards=None, notation=False) -> dict:
    """Fields for a message: a list of `cards` cards (two by default; an error writes them in
    the notation, "KH KS", as the line it points at), the rest by their names."""
    out = {}
    for name in names:
        if name in CARD_LISTS:
            listed = tuple(Card(c) for c in ("KH", "KS", "KD", "KC", "KH")[:cards if cards is not None else 2])
            out[name] = " ".join(c.text for c in listed) if notation else listed
        elif name in FILL:
            out[name] = FILL[name]
        else:
            out[name] = 50
    return out


@lru_cache(maxsize=None)
def catalog_messages():
    """The catalog's messages other than the explanation templates and the rule texts."""
    from tutor.i18n.build import extract
    skip = set(explain.TEMPLATES) | set(explain.PARTS)
    return [m for m in extract() if m.id and m.context not in skip
            and not (m.context or "").startswith("rule:")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_message_and_every_list_of_cards_agrees(lang):
    t = translator(lang)
    found, rendered = [], 0
    for msg in catalog_messages():
        ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
        names = set().union(*map(_names, ids))
        where = f"{msg.locations[0][0] if msg.locations else ''} {msg.context or ''} {ids[0]!r}"
        notation = (msg.context or "").startswith("error:")
        if len(ids) == 2:
            counter = next((c for c in COUNTERS if c in names), None)
            lists = names & CARD_LISTS
            for n in COUNTS:
                if counter is None and (not lists or n == 0):
                    continue
                fields = _fill(names, cards=n if lists and counter is None else None, notation=notation)
                if counter:
                    fields[counter] = n
                text = (t.npgettext(msg.context, ids[0], ids[1], n) if msg.context
                        else t.ngettext(ids[0], ids[1], n))
                text = t.format(text, **fields)
                rendered += 1
                found += [f"{where} (n={n}): {s}: {text}" for s in slips(text, lang, (n,) if counter else ())]
        elif names & CARD_LISTS:
            for k in (1, 3):
                text = t.pgettext(msg.context, ids[0]) if msg.context else t.gettext(ids[0])
                text = t.format(text, **_fill(names, cards=k, notation=notation))
                rendered += 1
                found += [f"{where} ({k} cards): {s}: {text}" for s in slips(text, lang)]
    assert rendered > 250
    assert not found, f"{len(found)} slips:\n" + "\n".join(found)


# ---- (3) hands played on at every player count --------------------------------------------------

def _wrong_tries(pos) -> list:
    """Moves a learner may try that the judge refuses: one card melded, two discarded, cards
    not in the hand, a red three, a take with one card or none."""
    hand = pos.hand(pos.actor)
    texts = [c.text for c in hand]
    absent = [c for c in ("7C", "7H", "7S", "QD", "QC", "9S", "9H", "KC", "KS", "4D", "4H") if c not in texts]
    tries = []
    if pos.phase == "draw":
        top = pos.pile[-1] if pos.pile else None
        same = [c.text for c in hand if top is not None and c.rank == top.rank]
        tries += ["take", f"take {texts[0]}"] if texts else ["take"]
        if len(same) >= 1:
            tries.append("take " + " ".join(same[:2]))
    elif pos.phase in ("drawn", "melded"):
        if texts:
            tries += [f"meld {texts[0]}", f"discard {' '.join(texts[:2])}"]
        tries += [f"meld {' '.join(absent[:3])}", f"meld {texts[0]} {absent[0]}" if texts else "meld 7C",
                  "discard 3H", "meld 3H 3D", "meld JK 2C 2D"]
        if len(texts) >= 3:
            tries.append("meld " + " ".join(texts[:3]))
    return tries


def _said(pos, move, ruling, lang) -> list:
    from tutor.engine.plainwords import move_words
    from tutor.engine.seatview import SeatView
    from tutor.hints import hint
    from tutor.table.describe import describe
    said = [ruling.explain(lang), move_words(move, pos.actor, lang)]
    if pos.phase != "over":
        said.append(hint(pos, lang=lang).text)
        said.append(describe(SeatView.of(pos, pos.actor), lang))
    return said


def _hand_end(pos, game, start, lang) -> list:
    from tutor.lessons import game_lines, team_lines
    said = []
    for sheet in tutor.score_hand(pos).values():
        said += [words for _, _, words in sheet.items_in(lang)]
        said.append(team_lines(sheet, "total", lang))
    said += [game.result_text(lang), game_lines(game, start, lang)]
    return said


@lru_cache(maxsize=None)
def played(rules: str) -> tuple:
    """(position, move, ruling) of the moves played and of wrong tries, and the finished
    hand, over a seeded hand at this table played by the computer."""
    from tutor.players import SensiblePlayer
    steps, ends = [], []
    for seed in (1,):
        pos, player = tutor.deal(seed, rules=rules), SensiblePlayer(seed)
        game = tutor.Game(pos.rules)
        for _ in range(400):
            if pos.phase == "over":
                break
            for move in _wrong_tries(pos):
                try:
                    ruling = tutor.judge(pos, move)
                except TutorError:
                    continue
                steps.append((pos, move, ruling))
            move = player.choose(pos)
            ruling = tutor.judge(pos, move)
            steps.append((pos, move, ruling))
            pos = ruling.after
        if pos.phase == "over":
            start = game.totals
            game.add_hand(pos)
            ends.append((pos, game, start))
    return tuple(steps), tuple(ends)


@pytest.mark.parametrize("rules", TABLES)
def test_hands_played_at_every_player_count_agree(rules):
    steps, ends = played(rules)
    assert ends, f"no hand of {rules} came to an end"
    found, said = [], 0
    for lang in LANGS:
        for pos, move, ruling in steps:
            for text in _said(pos, tutor.Move.parse(str(move)), ruling, lang):
                said += 1
                found += [f"{lang} {move!s} ({ruling.rule}): {s}: {text}" for s in slips(text, lang)]
        for pos, game, start in ends:
            for text in _hand_end(pos, game, start, lang):
                said += 1
                found += [f"{lang} hand end: {s}: {text}" for s in slips(text, lang)]
    assert said > 300
    assert not found, f"{len(found)} slips:\n" + "\n".join(sorted(set(found)))
