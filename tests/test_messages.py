"""The Swedish and Finnish catalogs (tutor/i18n/locale/{sv,fi}): complete, the same fields as
the English, the glossary's forms and words, and real rulings that read in the language.

Swedish follows the Swedish source (giv, kasthögen, dragen hög, fryst, en wild card, gå ut,
"får jag gå ut?"), Finnish the Finnish one (pöytäys, avopakka, piilopakka, lukittu,
apukortti, lopettaa, "saanko lopettaa?"): tutor/i18n/GLOSSARY.md. A failure names the
language, the message (file:line and its context) and what is wrong with it; a message
another part of the tutor added and nobody has translated yet fails
`test_every_message_is_translated` until it is.
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

import tutor
from i18n_helpers import (FROZEN_TEXT, LANGS, ROOT, SITUATIONS, avoided, catalog, engine_keys,
                          field_problems, glossary_forms, rulings, texts)
from tutor.engine import explain
from tutor.engine.rulebook import rule_ids, rule_text
from tutor import i18n
from tutor.i18n import glossary
from tutor.i18n.build import problems


def _engine(msg) -> bool:
    return msg.context in engine_keys()


def _rule(msg) -> bool:
    return bool(msg.context) and msg.context.startswith("rule:")


# ---- (1) every message has a text in every language ----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_explanation_template_and_part_is_translated(lang):
    found = problems(lang, _engine)
    assert not found, f"{len(found)} explanation templates or parts:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_text_is_translated(lang):
    found = problems(lang, _rule)
    assert not found, f"{len(found)} rule texts:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    """Every message of the code: the engine's, and the widgets', lessons' and class
    server's words (each listed with where the code writes it)."""
    found = problems(lang)
    assert not found, f"{len(found)} messages:\n" + "\n".join(found)


# ---- (2) the same fields as the English, written in the glossary's forms ---------------------

def _translated(lang):
    """The messages translated and checked (not fuzzy: a fuzzy one is Babel's guess from a
    similar message, which `problems` reports)."""
    for msg in catalog(lang):
        if msg.id and not msg.fuzzy and all(t.strip() for t in texts(msg.string)):
            yield msg


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_same_fields_as_english(lang):
    """A singular form may leave out the count ("1 kort"); together the forms use exactly
    the English fields. Any message (an explanation template, an error, a button's words)
    may write a field in another form than the English, if that form is one of the
    language's glossary ({seat:gen}, {rank:plural_part}): `Translator.format` writes every
    message. Otherwise a field is written as the English writes it."""
    forms = glossary_forms(lang)
    wrong = [problem for msg in _translated(lang) for problem in field_problems(msg, lang, forms)]
    assert not wrong, "\n".join(wrong)


def test_the_field_check_allows_a_glossary_form_in_any_message_and_nothing_else():
    from babel.messages.catalog import Message
    forms = glossary_forms("fi")

    def check(english, own, context=None):
        return field_problems(Message(english, own, context=context), "fi", forms)

    assert check("{seat} went out", "{seat:gen} lopetus") == []               # a table's words
    assert check("{seat:name} went out", "{seat:abl} …", "sheet:going-out") == []
    assert check("{team} melds", "Joukkueen {team} pöytäykset") == []
    assert check("{n} cards", "{n:>3} korttia") != []                         # not a form
    assert check("{seat} went out", "{seat:dative} lopetus") != []            # not fi's
    assert check("{seat} went out", "{seat!r} lopetus") != []
    assert check("{seat} went out", "{seat} ja {team}") != []                 # a new field
    assert check("{seat} and {team}", "{seat}") != []                         # one left out
    assert check("{n:>3} cards", "{n:>3} korttia") == []                      # as the English
    assert check("{seat:name} went out", "{seat} lopetti") != []              # the code "S"


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_has_every_rank_seat_team_and_answer_in_every_form(lang):
    """Each table has the English keys, and every entry of a table has the same forms, so a
    template's {rank:plural_part} exists for every rank."""
    own, en = glossary(lang), glossary("en")
    for table in ("rank", "seat", "team", "answer"):
        assert set(own[table]) == set(en[table]), (lang, table)
        shapes = {key: set(entry) for key, entry in own[table].items()}
        first = next(iter(shapes.values()))
        odd = {key: sorted(s ^ first) for key, s in shapes.items() if s != first}
        assert not odd, (lang, table, odd)


def test_the_glossaries_name_seats_and_ranks_as_the_seeds_do():
    sv, fi = glossary("sv"), glossary("fi")
    assert {s: sv["seat"][s]["name"] for s in "NESW"} == {"N": "Nord", "E": "Öst", "S": "Syd", "W": "Väst"}
    assert sv["rank"]["K"] == {"name": "kung", "plural": "kungar"}
    assert {s: fi["seat"][s]["name"] for s in "NESW"} == {
        "N": "Pohjoinen", "E": "Itä", "S": "Etelä", "W": "Länsi"}
    assert fi["rank"]["8"]["name"] == "kahdeksikko"          # the seed: "kuninkaasta kahdeksikkoon"
    assert {r: fi["rank"][r]["name"] for r in ("Q", "J", "10", "7")} == {
        "Q": "rouva", "J": "jätkä", "10": "kymppi", "7": "seitsikko"}
    assert fi["term"]["pile"] == "avopakka" and fi["term"]["stock"] == "piilopakka"
    assert sv["term"]["pile"] == "kasthögen" and sv["term"]["stock"] == "dragen hög"


# ---- (3) the glossary's words, not the ones it rejects ----------------------------------------

#: a field that holds a list of cards: a message naming one without plural forms is said of
#: one card and of several
_CARD_LIST = re.compile(r"\{(?:cards|offered|wild_cards|frozen_by|pair)[:}]")


def _said_of(msg, form: int) -> tuple:
    """The numbers a form of a message is said of (the [avoid-one] / [avoid-several] tables
    it answers to): a singular form of one, the other forms of several; a message without
    plural forms that names a list of cards of both; any other message of neither."""
    if isinstance(msg.id, (tuple, list)):
        return ("one",) if form == 0 else ("several",)
    return ("one", "several") if _CARD_LIST.search(msg.id) else (None,)


@pytest.mark.parametrize("lang", LANGS)
def test_translations_avoid_the_words_the_glossary_rejects(lang):
    assert glossary(lang).get("avoid"), f"glossary/{lang}.toml has no [avoid] table"
    found = sorted({f"{lang}: {msg.context or ''} {texts(msg.id)[0][:50]!r}: writes {word!r}; use {use}"
                    for msg in _translated(lang) for i, text in enumerate(texts(msg.string))
                    for number in _said_of(msg, i) for word, use in avoided(text, lang, number)})
    assert not found, f"{len(found)} words the glossary rejects:\n" + "\n".join(found)


def test_the_avoid_check_catches_what_it_should():
    assert [w for w, _ in avoided("Lägg ett wild card till", "sv")] == ["ett wild card"]
    assert [w for w, _ in avoided("Laita kortti hylkypakkaan.", "fi")] == ["hylkypakkaan"]
    assert avoided("Laita kortti avopakkaan.", "fi") == []
    assert avoided("Du kastar en wild card.", "sv") == []


#: (language, said of, the slip, the sentence that is right): the agreement slips of issue 38
#: and their kin, each caught by the glossary's [avoid], [avoid-one] or [avoid-several]
AGREEMENT_SLIPS = [
    ("sv", "one", "{cards} är bonuskort: en röd trea läggs genast upp", "{cards} är ett bonuskort: en röd trea läggs genast upp"),
    ("sv", "several", "{cards} är ett bonuskort", "{cards} är bonuskort"),
    ("sv", None, "{cards} har bara {naturals}.", "{cards} har bara {naturals} naturliga kort."),
    ("sv", None, "har bara ett naturliga kort", "har bara ett naturligt kort"),
    ("fi", "several", "Et voi pelata korttia, jota sinulla ei ole kädessäsi ({cards})",
     "Et voi pelata kortteja, joita sinulla ei ole kädessäsi ({cards})"),
    ("fi", None, "Et voi pelata kortteja, jota sinulla ei ole", "Et voi pelata kortteja, joita sinulla ei ole"),
    ("fi", None, "Et voi pelata korttia, joita sinulla ei ole", "Et voi pelata korttia, jota sinulla ei ole"),
    ("fi", "one", "yhdessä kädestäsi tarjottujen korttien ({cards}) kanssa",
     "yhdessä kädestäsi tarjotun kortin ({cards}) kanssa"),
    ("fi", "one", "Kädestäsi tarjotut kortit: {offered}.", "Kädestäsi tarjottu kortti: {offered}."),
    ("fi", "several", "Kädestäsi tarjottu kortti: {offered}.", "Kädestäsi tarjotut kortit: {offered}."),
]


@pytest.mark.parametrize("lang, number, slip, right", AGREEMENT_SLIPS)
def test_the_avoid_tables_catch_the_agreement_slips(lang, number, slip, right):
    assert avoided(slip, lang, number), f"[avoid] of {lang} lets through: {slip}"
    assert avoided(right, lang, number) == [], f"[avoid] of {lang} fires on: {right}"
    if number is not None:      # wrong only where said of that number
        other = "several" if number == "one" else "one"
        assert avoided(slip, lang, other) == [], f"said of {other}, it is right: {slip}"


def test_the_swedish_dealer_is_dealern_and_the_lint_catches_the_bare_form():
    """The game's status line wrote "(dealer Syd)"; the glossary's dealer is "dealern", and
    "nästa dealer" (indefinite after "nästa") is right Swedish (tutor/i18n/GLOSSARY.md)."""
    old = "Spel till {target}: giv {hand}, totalsumma {totals} (dealer {dealer:name})."
    assert [w for w, _ in avoided(old, "sv")] == ["(dealer "]
    assert [w for w, _ in avoided("(Dealer Syd)", "sv")] == ["(Dealer Syd"]
    for right in ("Spel till 5000: giv 2, totalsumma {totals} (dealern: {dealer:name}).",
                  "(nästa dealer: {dealer:name})", "Nästa dealer: {seat:name}.", "Vad gör dealern?"):
        assert avoided(right, "sv") == [], right
    assert glossary("sv")["term"]["dealer"] == "dealern" and glossary("fi")["term"]["dealer"] == "jakaja"
    t = i18n.translator("sv")
    for msgid in ("Game to {target}: hand {hand}, running totals {totals} (dealer {dealer:name}).",
                  "Game to {target}: hand {hand}, running totals North–South {ns}, East–West {ew} "
                  "(dealer {dealer:name})."):
        assert "(dealern: {dealer:name})" in t.gettext(msgid), t.gettext(msgid)


# ---- (4) the rulebook's words ----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_rule_texts_read_in_the_language_and_keep_the_notation(lang):
    """Each rule's words differ from RULES.md's English and keep every `id`, flag and piece
    of notation in backticks, and every number."""
    wrong = []
    for rid in rule_ids():
        en, own = rule_text(rid), rule_text(rid, lang)
        if own == en:
            wrong.append(f"{lang}: {rid}: still English")
            continue
        ticks = sorted(re.findall(r"`[^`]*`", en)), sorted(re.findall(r"`[^`]*`", own))
        if ticks[0] != ticks[1]:
            wrong.append(f"{lang}: {rid}: backticked {ticks[1]}, RULES.md has {ticks[0]}")
        numbers = sorted(set(re.findall(r"\d+", en))), sorted(set(re.findall(r"\d+", own)))
        if numbers[0] != numbers[1]:
            wrong.append(f"{lang}: {rid}: numbers {numbers[1]}, RULES.md has {numbers[0]}")
    assert not wrong, "\n".join(wrong)


def test_rule_text_takes_a_language():
    assert rule_text("pile.empty") == "An empty pile cannot be taken."
    assert rule_text("pile.empty", "sv") == "En tom kasthög kan inte tas."
    assert rule_text("pile.empty", "fi") == "Tyhjää avopakkaa ei voi ottaa."
    assert rule_text("no.such-rule", "fi") == ""
    ruling = tutor.judge(tutor.Position.parse("turn: S draw\nS: 4C 5D KH\npile: -\n"), "take")
    assert ruling.rule_text("fi") == rule_text("pile.empty", "fi") and ruling.rule_text() == \
        rule_text("pile.empty")


# ---- (5) real rulings in Swedish and Finnish --------------------------------------------------

def test_frozen_pile_ruling_in_swedish():
    ruling = tutor.judge(tutor.Position.parse(FROZEN_TEXT), "take KH JK")
    text = ruling.explain("sv")
    for words in ("fryst", "K♥", "K♦", "2♥", "en joker", "två riktiga kungar", "Kasthögen"):
        assert words in text, (words, text)
    assert "frozen" not in text and "king" not in text


def test_frozen_pile_ruling_in_finnish():
    ruling = tutor.judge(tutor.Position.parse(FROZEN_TEXT), "take KH JK")
    text = ruling.explain("fi")
    for words in ("lukittu", "K♥", "K♦", "2♥", "jokeri", "kahden kädessäsi olevan kuninkaan",
                  "Avopakassa on poikittain", "apukortti ei kelpaa"):
        assert words in text, (words, text)
    assert "frozen" not in text and "king" not in text


def test_english_is_unchanged_after_loading_the_other_languages():
    ruling = tutor.judge(tutor.Position.parse(FROZEN_TEXT), "take KH JK")
    ruling.explain("sv"), ruling.explain("fi")
    text = ruling.explain("en")
    assert "two natural kings" in text and "frozen" in text


#: (language, position, move, words the explanation must hold): the glossary's words in
#: the forms the sentence needs (Swedish genitive -s; Finnish genitive, ablative, a rank as
#: the first part of a compound)
FILLED = [
    ("sv", "turn: S drawn\nS: 2D 2H 4C 9S\nNS: KH KH KS KS KD JK 2C\n", "meld K: 2D 2H",
     ["kungar", "även efter att den blivit en canasta"]),
    ("sv", "turn: S draw\nS: 9H 9D 4C\n", "N: draw", ["Det är Syds tur, inte Nords"]),
    ("sv", "turn: S melded\nS: 3C 5D\nNS: KH KS KD\n", "discard 3C", ["Västs tur", "svart trea"]),
    ("fi", "turn: S draw\nS: 9H 9D 4C\n", "N: draw", ["Nyt on Etelän vuoro, ei Pohjoisen"]),
    ("fi", "turn: S melded\nS: 3C 5D\nNS: KH KS KD\n", "discard 3C",
     ["Lännen vuoro", "musta kolmonen"]),
    ("fi", "turn: S drawn\nS: 9H 9D 4C\nNS: KH KS KD\n", "ask",
     ["kysyä Pohjoiselta ”saanko lopettaa?”"]),
    ("fi", "turn: S drawn\nS: QC QS 4C 9S\nNS: 8C 8D 8S\nEW: QH QD QS\n", "meld QC QS",
     ["rouvapöytäys on Idän–Lännen", "Pohjoinen–Etelä voi aloittaa"]),
    ("fi", "turn: S drawn\nS: 2D 2H 4C 9S\nNS: KH KH KS KS KD JK 2C\n", "meld K: 2D 2H",
     ["kuningaspöytäyksessä", "ei edes sen jälkeen, kun siitä on tullut canasta"]),
]


@pytest.mark.parametrize("lang, text, move, words", FILLED)
def test_the_glossary_words_fill_the_fields(lang, text, move, words):
    said = tutor.judge(tutor.Position.parse(text), move).explain(lang)
    for w in words:
        assert w in said, (w, said)


@pytest.mark.parametrize("lang", LANGS)
def test_every_situation_explains(lang):
    for (text, move), ruling in zip(SITUATIONS, rulings()):
        said = ruling.explain(lang)
        assert said.strip(), (move, text)
        assert "{" not in said and "}" not in said, said


class RecordingTranslator:
    """A translator that notes the context of every message asked of it (a part's context
    is its name in explain.PARTS), and otherwise is the language's own."""

    def __init__(self, real, contexts: set):
        self.real, self.contexts = real, contexts

    def __getattr__(self, name):
        return getattr(self.real, name)

    def pgettext(self, context, message):
        self.contexts.add(context)
        return self.real.pgettext(context, message)

    def npgettext(self, context, singular, plural, n):
        self.contexts.add(context)
        return self.real.npgettext(context, singular, plural, n)


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_and_part_renders_over_the_staged_situations(lang, monkeypatch):
    """Every check of every staged ruling renders in the language, in words other than the
    English; together the situations reach every template and every part."""
    rendered, contexts, same = {}, set(), []
    real = i18n.load_translator
    monkeypatch.setattr(i18n, "load_translator", lambda code: RecordingTranslator(real(code), contexts))
    for ruling in rulings():
        for check in ruling.checks + (ruling.decisive,):
            text = explain.render(check.key, check.fields, lang)
            assert "{" not in text and "}" not in text, (check.key, text)
            if text == explain.render(check.key, check.fields, "en"):
                same.append(f"{check.key}: {text}")
            rendered.setdefault(check.key, text)
            # said to a player alone (two or three players): the "~alone" variants
            alone = explain.render(check.key, dict(check.fields, player_alone=True), lang)
            assert "{" not in alone and "}" not in alone, (check.key, alone)
            if alone == explain.render(check.key, dict(check.fields, player_alone=True), "en"):
                same.append(f"{check.key} (alone): {alone}")
            if check.key + explain.ALONE in explain.TEMPLATES:
                rendered.setdefault(check.key + explain.ALONE, alone)
    monkeypatch.undo()
    parts_used = contexts & set(explain.PARTS)
    assert not same, f"{lang}: still English:\n" + "\n".join(sorted(set(same)))
    missing = sorted(set(explain.TEMPLATES) - set(rendered))
    assert not missing, f"templates no staged situation reaches (add one to i18n_helpers): {missing}"
    unused = sorted(set(explain.PARTS) - parts_used)
    assert not unused, f"parts no staged situation uses (add one to i18n_helpers): {unused}"


def test_command_line_prints_swedish(tmp_path):
    path = tmp_path / "frozen.txt"
    path.write_text(FROZEN_TEXT, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "judge", str(path), "take KH JK",
                          "--lang", "sv"], cwd=ROOT, capture_output=True, text=True,
                         encoding="utf-8")
    assert run.returncode == 1, run.stderr
    assert "fryst" in run.stdout and "K♥" in run.stdout, run.stdout
    assert "pile.take.frozen" in run.stdout
    assert "frozen for" not in run.stdout
