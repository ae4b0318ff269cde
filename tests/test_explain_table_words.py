"""A learner's words at a table with variant rules, and the one formatter of every message.

Lesson 12's tables play the clubs' variants: an explanation there says the table's rule in
words ("At this table wild cards may not outnumber the natural cards"), never its flag
(`wilds=not-outnumber`). A refused red three is explained as that table lays it out; a
draw says how many cards the stock has after it, as the table shows it; a meld of mixed
ranks is told to lay each rank as a meld of its own (the table's "Next meld" or typed).
Words are pinned in English and Swedish; Finnish is rendered with no English left.

`tutor.i18n.Translator.format` writes the fields of every message (explanations, the
engine's errors and score sheet, the table's words), so that a translation may put a seat,
a team or a rank in the case its sentence needs (`{seat:gen}` -> "Etelän").
"""
from __future__ import annotations

import re
import pytest

import tutor
from i18n_helpers import ROOT, SITUATIONS, TRANSLATED, english_words
from tutor.engine import explain
from tutor.engine.ruleset import FLAGS
from tutor.engine.words import Words, write
from tutor.i18n import LANGUAGES, Translator, translator

LANGS = LANGUAGES


def explained(text: str, move: str) -> dict:
    ruling = tutor.judge(tutor.Position.parse(text), move)
    return {lang: ruling.explain(lang) for lang in LANGS}


def has(text: str, *pieces: str) -> None:
    for piece in pieces:
        assert piece in text, (piece, text)


def no_english(text: str) -> None:
    assert not english_words(text, "fi"), (english_words(text, "fi"), text)


#: a variant flag written as notation: "wilds=not-outnumber", "red3-dealt=on-turn"
FLAG = re.compile("|".join(re.escape(f"{name}={value}")
                           for name, values in FLAGS.items() for value in values))


# ---- 1. the table's rule in words, not its flag ----------------------------------------------

#: (position, move, English, Swedish): each template that names a variant's rule
VARIANTS = [
    ("rules: wilds=not-outnumber\nturn: S drawn\nS: KH KS JK 2C 2D 4C 9S\nNS: 8C 8D 8S\n",
     "meld KH KS JK 2C 2D",
     "At this table wild cards may not outnumber the natural cards: the king meld would hold "
     "3 wild cards and 2 naturals.",
     "Vid det här bordet får wild cards inte vara fler än de naturliga korten"),
    ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\nNS: 9S 9C 9H\n"
     "pile: 6C 9D\nstock: KC 7H + rest", "draw",
     "At this table red threes are laid out on the player's turn: you lay out 3♥ for your "
     "team now, with a replacement from the stock.",
     "Vid det här bordet läggs röda treor upp på spelarens egen tur: du lägger nu upp 3♥ "
     "för ert lag"),
    ("rules: black-threes=never\nturn: S drawn\nS: 3C 3C 3S 4C 9S\nNS: 8C 8D 8S\n",
     "meld 3C 3C 3S",
     "At this table black threes are never melded, not even to go out: 3♣, 3♣ and 3♠ cannot "
     "be laid.",
     "Vid det här bordet meldas svarta treor aldrig, inte ens för att gå ut"),
    ("rules: go-out-without-discard=concealed-only\nturn: S drawn\nS: 9C 9D 9S\n"
     "NS: KH KH KS KS KD KD KC\n", "meld 9C 9D 9S",
     "At this table you may meld your whole hand without a discard only when going out "
     "concealed; keep a card to discard.",
     "Vid det här bordet får du melda hela handen utan att kasta bara när du går ut dolt"),
    ("rules: concealed=team\nturn: S melded\nopened: N\nstarted: K\nS: 4C\nN: 5D\n"
     "NS: 8H 8D 8C; KH KH KS KS KD KD KC\nEW: QH QD QS\npile: 9C\n", "discard 4C",
     "This is not a concealed going out (100, not 200): at this table your partner must not "
     "have melded before in the hand either, and North had.",
     "vid det här bordet får inte heller din partner ha meldat tidigare i given, och Nord "
     "hade gjort det"),
]


@pytest.mark.parametrize("text, move, en, sv", VARIANTS)
def test_a_variant_is_said_in_words(text, move, en, sv):
    said = explained(text, move)
    has(said["en"], en)
    has(said["sv"], sv)
    no_english(said["fi"])
    has(said["fi"], "Tämän pöydän säännöillä" if "concealed=team" not in text else
        "tämän pöydän säännöillä")
    for lang, words in said.items():
        assert not FLAG.search(words), (lang, words)


def test_the_stock_out_variant_is_said_in_words():
    from i18n_helpers import whole_deal
    text = whole_deal("rules: stock-out=ends\nturn: S draw\nstock: -\nS: 4C 5D KH\n"
                  "NS: KH KS KD\npile: 6C KC\n")
    said = explained(text, "take")
    has(said["en"], "At this table the hand ends as soon as the player to draw finds the "
                    "stock empty: the pile cannot be taken then.")
    has(said["sv"], "Vid det här bordet slutar given så fort den som ska dra upptäcker att "
                    "dragen hög är tom: kasthögen kan inte tas då.")
    no_english(said["fi"])
    for words in said.values():
        assert not FLAG.search(words), words


@pytest.mark.parametrize("lang", LANGS)
def test_no_explanation_names_a_variant_flag(lang):
    """Over every staged situation, every check in words: no `name=value` of a flag."""
    found = []
    for text, move in SITUATIONS:
        ruling = tutor.judge(tutor.Position.parse(text), move)
        for check in ruling.checks + (ruling.decisive,):
            words = explain.render(check.key, check.fields, lang)
            if FLAG.search(words):
                found.append(f"{check.key}: {words}")
    assert not found, "\n".join(sorted(set(found)))


def test_no_template_or_translation_names_a_variant_flag():
    from i18n_helpers import catalog, engine_keys, texts
    assert not [k for k, v in explain.TEMPLATES.items() if FLAG.search(v)]
    assert not [k for k, v in explain.PARTS.items() if FLAG.search(str(v))]
    for lang in TRANSLATED:
        named = [m.context for m in catalog(lang) if m.context in engine_keys()
                 and any(FLAG.search(t) for t in texts(m.string))]
        assert not named, (lang, named)


# ---- 2. a meld of mixed ranks: lay each rank as a meld of its own ----------------------------

def test_mixed_ranks_are_told_to_be_laid_as_melds_of_their_own():
    said = explained("turn: S drawn\nS: KH KS QH QS 4C 9S\nNS: 8C 8D 8S\n", "meld KH KS QH QS")
    has(said["en"], "A meld is cards of a single rank; these mix kings and queens. Lay each "
                    "rank as a meld of its own.")
    has(said["sv"], "här blandas kungar och damer. Lägg varje rang som en egen giv.")
    has(said["fi"], "tässä on sekaisin kuninkaita ja rouvia", "omaksi pöytäyksekseen")
    no_english(said["fi"])
    for words in said.values():
        assert "';'" not in words and "”;”" not in words, words


# ---- 3. a refused red three, as each variant lays it out -------------------------------------

#: a take that offers a red three (named, not held: by default no hand holds one)
RED_THREE_TAKEN = "turn: S draw\nS: 9H 9D 4C\npile: 6C 9S\n"


def test_a_refused_red_three_is_laid_out_at_once_by_default():
    ruling = tutor.judge(tutor.Position.parse(RED_THREE_TAKEN), "take 3H 9H")
    assert ruling.rule == "red3.no-meld"
    has(ruling.explain("en"), "3♥ is a red three: red threes are bonus cards, laid out at once")
    has(ruling.explain("sv"), "en röd trea läggs genast upp")


def test_a_refused_red_three_is_laid_out_on_the_turn_under_red3_dealt_on_turn():
    ruling = tutor.judge(tutor.Position.parse("rules: red3-dealt=on-turn\n" + RED_THREE_TAKEN),
                         "take 3H 9H")
    assert ruling.rule == "red3.no-meld"
    en, sv, fi = (ruling.explain(lang) for lang in LANGS)
    has(en, "3♥ is a red three: red threes are bonus cards, never melded or discarded. At this "
            "table a red three is laid out on its player's turn, when the player draws or "
            "takes the pile.")
    assert "at once" not in en and "held" not in en, en
    has(sv, "Vid det här bordet läggs en röd trea upp på spelarens egen tur")
    assert "genast" not in sv, sv
    has(fi, "pelaajan omalla vuorolla")
    assert "heti" not in fi, fi
    no_english(fi)


# ---- 4. a draw says the stock as the table shows it after the draw ---------------------------

DRAWS = [
    # (rules, hand): a plain draw; red threes held laid out on the turn and replaced, one
    # replacement a red three itself (laid out and replaced too)
    ("default", "S: 9H 9D 4C 5D\n", "stock: KC 7H 8S + rest"),
    ("red3-dealt=on-turn", "S: 3H 9H 9D 4C 5D\n", "stock: KC 7H 8S + rest"),
    ("red3-dealt=on-turn", "S: 3H 3D 9H 9D 4C 5D\n", "stock: KC 3D 8S 6S + rest"),
]


@pytest.mark.parametrize("rules, hand, stock", DRAWS)
def test_a_draw_says_the_cards_left_in_the_stock_after_it(rules, hand, stock):
    text = f"rules: {rules}\nturn: S draw\n{hand}NS: 9S 9C 9H\npile: 6C 9D\n{stock}"
    ruling = tutor.judge(tutor.Position.parse(text), "draw")
    left = len(ruling.after.stock)
    assert ruling.decisive.fields["left"] == left
    has(ruling.explain("en"), f"You draw the top card of the stock ({left} cards are left "
                              "there).")
    has(ruling.explain("sv"), f"({left} kort ligger kvar där)")
    has(ruling.explain("fi"), f"(pakkaan jää {left} korttia)")
    no_english(ruling.explain("fi"))


@pytest.mark.parametrize("rules", ["default", "red3-dealt=on-turn"])
def test_a_draw_of_the_last_cards_says_one_left_and_none_left(rules):
    from explain_situations import ONE_LEFT
    one = tutor.judge(tutor.Position.parse(f"rules: {rules}\n" + ONE_LEFT), "draw")
    assert len(one.after.stock) == 1
    has(one.explain("en"), "(1 card is left there)")
    has(one.explain("sv"), "(1 kort ligger kvar där)")
    has(one.explain("fi"), "(pakkaan jää 1 kortti)")
    # the last card: the held red three cannot be replaced, the stock is empty after it
    text = ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\nN: 6D\nNS: 9S 9C 9H\n"
            "EW: QH QD QS\nEW red3: 3H 3D\npile: 6C 8D\nstock: KC\nE: 45\nW: 46")
    last = tutor.judge(tutor.Position.parse(text), "draw")
    assert len(last.after.stock) == 0
    has(last.explain("en"), "You draw the top card of the stock (it is empty now).")
    has(last.explain("sv"), "(nu är den tom)")
    has(last.explain("fi"), "(pakka on nyt tyhjä)")


def test_a_draw_explained_before_it_is_made_counts_one_card_drawn():
    """A caller that knows only the stock before the draw (a hint) gives `stock`."""
    assert "(9 cards are left there)" in explain.render("turn.draw/ok", {"stock": 10})
    assert "(it is empty now)" in explain.render("turn.draw/ok", {"stock": 1})


# ---- 6. a ruling in a notebook, in the notebook's language -----------------------------------

@pytest.mark.parametrize("lang, verdict, rule", [("en", "Illegal", "— rule"),
                                                 ("sv", "Inte tillåtet", "— regel"),
                                                 ("fi", "Ei sallittu", "— sääntö")])
def test_a_ruling_in_a_notebook_speaks_the_notebook_s_language(monkeypatch, lang, verdict, rule):
    monkeypatch.setenv("TUTOR_LANG", lang)
    ruling = tutor.judge(tutor.Position.parse("turn: S draw\nS: 4C 5D KH\npile: -\n"), "take")
    page = ruling._repr_html_()
    has(page, f">{verdict}</b>: <code>take</code> {rule} <code>pile.empty</code><br>",
        ruling.explain(lang))
    if lang == "fi":
        no_english(re.sub(r"<code>[^<]*</code>|<[^>]*>", " ", page))


# ---- 5. one formatter: a field's glossary form in any message --------------------------------

def test_format_writes_a_code_in_the_form_its_spec_names():
    fi, en = translator("fi"), translator("en")
    assert fi.format("Nyt on {seat:gen} vuoro", seat="S") == "Nyt on Etelän vuoro"
    assert fi.format("pöytäys on {team:gen}", team="EW") == "pöytäys on Idän–Lännen"
    assert fi.format("{seat:abl} ja {seat:all}", seat="N") == "Pohjoiselta ja Pohjoiselle"
    assert fi.format("{ranks:plural_part}", ranks=("K", "Q")) == "kuninkaita ja rouvia"
    assert en.format("{seat:name} went out", seat="S") == "South went out"
    assert en.format("{seat} went out", seat="S") == "S went out"   # no spec: as given
    # a name already written cannot be inflected: given back as it is
    assert fi.format("{seat:gen} vuoro", seat="Etelä") == "Etelä vuoro"
    assert en.format("{n:>3}|{x:.1f}|{n}", n=7, x=2.25) == "  7|2.2|7"


def test_format_writes_cards_lists_and_pieces_of_sentences():
    fi, en, sv = translator("fi"), translator("en"), translator("sv")
    cards = (tutor.Card("KH"), tutor.Card("KS"), tutor.Card("JK"))
    assert en.format("{cards} {cards:is_are}", cards=cards) == "K♥, K♠ and a joker are"
    assert en.format("{c} {c:is_are}", c=cards[:1]) == "K♥ is"
    assert sv.format("{cards}", cards=cards) == "K♥, K♠ och en joker"
    assert fi.format("{top:rank_plural_part}", top=tutor.Card("QH")) == "rouvia"
    assert en.format("{c:kind}/{r:kind}", c=tutor.Card("2C"), r=tutor.Card("3H")) == \
        "wild card/red three"
    piece = Words("sheet:going-out", seat="N")
    assert en.format("({why})", why=piece) == "(North went out)"
    assert fi.format("({why})", why=piece) == "(" + piece.text("fi") + ")"


def test_a_translation_of_any_message_may_inflect_a_field():
    """An engine message (not an explanation template) translated with a genitive: the
    seat is passed as its code, so the translation's form is written."""

    class Genitive(Translator):
        def pgettext(self, context, message):
            return "{seat:gen} lopetus" if context == "sheet:going-out" else message

    assert write(Words("sheet:going-out", seat="S"), Genitive("fi")) == "Etelän lopetus"


def test_the_english_is_the_same_through_the_one_formatter():
    """The explanations and the engine's messages in English, as they read before."""
    assert tutor.judge(tutor.Position.parse("turn: S draw\nS: 9H 9D 4C\n"), "N: draw") \
        .explain() == ("It is South's turn, not North's: only the player whose turn it is "
                       "may act.")
    assert Words("sheet:hand", count=3, first="N", second="S").text() == \
        "3 cards left in North and South's hands"


def test_the_words_package_imports_nothing_of_the_engine():
    """tutor.i18n knows cards and pieces of sentences by their shape, not their class."""
    import ast
    tree = ast.parse((ROOT / "tutor" / "i18n" / "__init__.py").read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith((".", "tutor"))], imported
