"""The Swedish catalog (tutor/i18n/locale/sv): complete, same fields, renders.

Swedish words follow the Swedish rule text the project comes from: giv (meld), kasthögen
(discard pile), dragen hög (stock), fryst hög, gå ut, "får jag gå ut?".
"""
from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

import tutor
from tutor.engine import explain
from tutor.i18n import glossary
from tutor.i18n.build import po_path

ROOT = Path(__file__).resolve().parents[1]

FROZEN_TEXT = ("turn: S draw\nS: KH JK 7D 7C 9S 4H 4D 10C QS JD 6H\n"
               "NS: 8C 8D 8S\npile: 5C 2H 6S KD\n")


def _fields(template: str) -> set:
    """The field names a template uses ("rank" for {rank:plural}, "seat" for {seat:name})."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            names.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return names


def _swedish() -> dict:
    """context -> the Swedish text (or its plural forms) of the sv catalog."""
    from babel.messages.pofile import read_po
    with open(po_path("sv"), "rb") as f:
        catalog = read_po(f, locale="sv")
    return {m.context: m.string for m in catalog if m.id}


SV = _swedish()


def _texts(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


# ---- (1) every key has a Swedish text -------------------------------------------------------

def test_every_template_and_part_has_a_swedish_text():
    keys = set(explain.TEMPLATES) | set(explain.PARTS)
    missing = sorted(keys - set(SV))
    assert not missing, missing
    empty = sorted(k for k in keys & set(SV) if not all(t.strip() for t in _texts(SV[k]))
                   and any(e.strip() for e in _texts(explain.PARTS.get(k, "x"))))
    assert not empty, empty


def test_glossary_covers_every_rank_and_seat():
    sv, en = glossary("sv"), glossary("en")
    for table in ("rank", "seat", "team", "answer"):
        assert set(sv[table]) == set(en[table]), table
    assert {s: sv["seat"][s]["name"] for s in "NESW"} == {"N": "Nord", "E": "Öst", "S": "Syd", "W": "Väst"}
    assert sv["rank"]["K"] == {"name": "kung", "plural": "kungar"}


# ---- (2) the same fields as the English -------------------------------------------------------

@pytest.mark.parametrize("key", sorted(explain.TEMPLATES) + sorted(explain.PARTS))
def test_swedish_uses_the_same_fields_as_english(key):
    """A singular form may leave out the count ("1 kort"); together the forms use the
    English fields."""
    en = set().union(*map(_fields, _texts(explain.TEMPLATES.get(key) or explain.PARTS[key])))
    sv = [_fields(text) for text in _texts(SV[key])]
    assert all(fields <= en for fields in sv) and set().union(*sv) == en, (key, en, sv)


def test_format_specs_are_forms_of_the_glossary():
    forms = {"", "kind", "is_are"} | {f for table in ("rank", "seat", "team", "answer")
                                      for entry in glossary("sv")[table].values() for f in entry}
    forms |= {"rank_" + f for entry in glossary("sv")["rank"].values() for f in entry}
    for key, value in SV.items():
        for text in _texts(value):
            for _, name, spec, conv in string.Formatter().parse(text):
                if name is not None:
                    assert spec in forms, (key, name, spec)
                    assert conv is None, (key, name, conv)


# ---- (3) a real ruling in Swedish --------------------------------------------------------------

def test_frozen_pile_ruling_in_swedish():
    pos = tutor.Position.parse(FROZEN_TEXT)
    ruling = tutor.judge(pos, "take KH JK")
    text = ruling.explain("sv")
    for words in ("fryst", "K♥", "K♦", "2♥", "en joker", "två riktiga kungar", "Kasthögen"):
        assert words in text, (words, text)
    assert text != ruling.explain("en")
    assert "frozen" not in text and "king" not in text


def test_english_is_unchanged_after_loading_swedish():
    pos = tutor.Position.parse(FROZEN_TEXT)
    ruling = tutor.judge(pos, "take KH JK")
    ruling.explain("sv")
    text = ruling.explain("en")
    assert "two natural kings" in text and "frozen" in text


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


# ---- (4) every template renders in Swedish, with fields from real rulings ---------------------

_ZONES = {"N", "E", "S", "W", "NS", "EW", "NS RED3", "EW RED3", "PILE", "STOCK"}
_CARD = re.compile(r"^(JK|(10|[2-9JQKA])[CDHS])$", re.I)


def _whole(text: str) -> str:
    """A position with an exact (here empty) stock: the red threes go to EW, and N, E and W
    get unseen cards so that the text places all 108 cards."""
    text += "EW red3: 3H 3H 3D 3D\n"
    placed = 0
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().upper() in _ZONES:
            placed += sum(1 for tok in re.split(r"[\s;,]+", value) if _CARD.match(tok))
    n = 108 - placed
    return text + f"N: {n // 3}\nE: {n // 3}\nW: {n - 2 * (n // 3)}\n"


# (position text, move): chosen so that every template and every sentence piece is reached.
def _last_card_red_three() -> str:
    """A position whose stock holds one card, a red three (the rest moved into the pile)."""
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9D 4C\nstock: 3H + rest\n")
    return pos.replace(stock=pos.stock[:1], pile=pos.pile + pos.stock[1:]).to_text()


SITUATIONS = [
    # the hand is over
    ("turn: S over\nout: N\nNS: 9C 9D 9S 9H 9C 9D 9S\nN: -\n", "draw"),
    ("turn: S over\nS: 4C\nN: 5C\n", "discard 4C"),
    # whose turn, drawing
    ("turn: S draw\nS: 9H 9D 4C\n", "N: draw"),
    ("turn: S drawn\nasked: pending\nS: 9H 9D 4C\nNS: KH KS KD\n", "E: yes"),
    ("turn: S drawn\nS: 9H 9D 4C\n", "draw"),
    ("turn: S draw\nS: 9H 9D 4C\n", "discard 4C"),
    ("turn: S draw\nS: 9H 9D 4C\n", "draw"),
    ("turn: S drawn\nS: 9H 9D 4C\n", "discard AH"),
    ("turn: S melded\nS: 4C 5D 6H\nNS: KH KS KD\n", "discard 4C 5D"),
    # a red three on the stock (again, and as the last card); "no" and one card left;
    # melds at the wild-card limits
    ("turn: S draw\nS: 9H 9D 4C\nstock: 3H 5C 6C + rest\n", "draw"),
    ("turn: S draw\nS: 9H 9D 4C\nstock: 5C 6C + rest\n", "draw"),
    (_last_card_red_three(), "draw"),
    ("turn: S drawn\nasked: no\nS: 9H 9D 9C 4C\nNS: KH KS KD KC KH KS KD\n", "meld 9H 9D 9C"),
    ("turn: S drawn\nS: 9H 9D JK 2C 2D 4C 5C\nNS: KH KS KD\n", "meld 9H 9D JK 2C 2D"),
    ("turn: S drawn\nS: 9H 9D JK 4C 5C\nNS: KH KS KD\n", "meld 9H 9D JK"),
    # going out concealed below the first meld's minimum, melding the whole hand
    ("turn: S drawn\nS: 5H 5H 5D 5D 5S 5S 5C\nNS: -\nN: 4C 4D 4H\nEW: QH QD QS\npile: 9D\n",
     "meld 5H 5H 5D 5D 5S 5S 5C"),
    ("turn: S drawn\nS: 9H 9D 4C\n", "discard 3H"),
    # melding, with a new canasta, and discarding (plain, black three, wild)
    ("turn: S drawn\nS: 9H 9H 9D 9D 9C 9C 9S 4C 5D\nNS: KH KS KD\n",
     "meld 9H 9H 9D 9D 9C 9C 9S"),
    ("turn: S melded\nS: 4C 5D\nNS: KH KS KD\n", "discard 4C"),
    ("turn: S melded\nS: 3C 5D\nNS: KH KS KD\n", "discard 3C"),
    ("turn: S melded\nS: JK 5D\nNS: KH KS KD\n", "discard JK"),
    # the empty stock
    (_whole("turn: S draw\nstock: -\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C 7D\n"), "draw"),
    (_whole("turn: S draw\nstock: -\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C KC\n"), "draw"),
    (_whole("rules: stock-out=ends\nturn: S draw\nstock: -\nS: 4C 5D KH\nNS: KH KS KD\n"
            "pile: 6C KC\n"), "take"),
    # the pile
    ("turn: S draw\nS: 4C 5D KH\npile: -\n", "take"),
    ("turn: S draw\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 3C\n", "take"),
    ("turn: S draw\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 2C\n", "take"),
    ("turn: S draw\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 3D 3S\n", "take"),
    ("turn: S draw\nS: KH\nNS: KH KS KD\npile: KD\n", "take"),
    (FROZEN_TEXT, "take KH JK"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 2H 6S KD\n", "take KH KS"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\npile: 5C 6S KD\n", "take KH KS"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\npile: 5C 6S KD\n", "take KH"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take KH KS"),
    ("turn: S draw\nS: KH JK 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take KH JK"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S 8H\n", "take"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take KH"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take"),
    ("turn: S draw\nS: JK 2C 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take JK 2C"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 3C KD\n", "take KH KS"),
    ("turn: S draw\nS: QH QS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S KD\n", "take QH QS"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 3H 9C KD\n", "take KH KS"),
    ("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\nEW: QH QD QS\npile: 5C 6S QC\n",
     "take EW Q: KH"),
    ("turn: S draw\nS: 5H 5D 7D 7C 9S\npile: 6C 8S 5C\n", "take 5H 5D"),
    # melds
    ("turn: S drawn\nS: 7H 7D 7S 4C 9S\nNS: 8C 8D 8S\nEW: 7C 7C 7D\n", "meld 7H 7D 7S"),
    ("turn: S drawn\nS: KH QH JH 4C 9S\nNS: 8C 8D 8S\n", "meld KH QH JH"),
    ("turn: S drawn\nS: KH KS 4C 9S\nNS: 8C 8D 8S\n", "meld KH KS"),
    ("turn: S drawn\nS: KH JK 2C 4C 9S\nNS: 8C 8D 8S\n", "meld KH JK 2C"),
    ("rules: wilds=not-outnumber\nturn: S drawn\nS: KH KS JK 2C 2D 4C 9S\nNS: 8C 8D 8S\n",
     "meld KH KS JK 2C 2D"),
    ("turn: S drawn\nS: 2D 2H 4C 9S\nNS: KH KH KS KS KD JK 2C\n", "meld K: 2D 2H"),
    ("turn: S drawn\nS: 2D 2H 4C 9S\nNS: KH KS KD JK 2C\n", "meld K: 2D 2H"),
    ("turn: S drawn\nS: JK 2C 4C 9S\nNS: 8C 8D 8S\n", "meld JK 2C"),
    ("turn: S drawn\nS: JK 2D 4C 9S\nNS: 8C 8D 8S\nEW: QH QD QS\n", "meld Q: 2D"),
    ("turn: S drawn\nS: JK 2D 4C 9S\nNS: 8C 8D 8S\n", "meld Q: 2D"),
    ("turn: S drawn\nS: JK 4C 9S\nNS: KH KS KD 2C\n", "meld K: 2C"),
    ("turn: S drawn\nS: KC 4C 9S\nNS: KH KS KD 2C\n", "exchange KC 2C"),
    ("turn: S drawn\nS: KC 4C 9S\nNS: KH KS KD\n", "meld KC"),
    ("turn: S drawn\nS: QC QS 4C 9S\nNS: 8C 8D 8S\nEW: QH QD QS\n", "meld QC QS"),
    ("turn: S drawn\nS: QC 4C 9S\nNS: 8C 8D 8S\nEW: QH QD QS\n", "meld EW Q: QC"),
    # black and red threes
    ("rules: black-threes=never\nturn: S drawn\nS: 3C 3C 3S 4C 9S\nNS: 8C 8D 8S\n",
     "meld 3C 3C 3S"),
    ("turn: S drawn\nS: 3C 3S JK 4C\nNS: 8C 8D 8S; AH AH AD AD AS AS AC\n", "meld 3C 3S JK"),
    ("turn: S drawn\nS: 3C 3C 3S 4C 9S 9D\nNS: 8C 8D 8S; AH AH AD AD AS AS AC\n",
     "meld 3C 3C 3S"),
    ("turn: S drawn\nS: 3C 3S 4C\nNS: 8C 8D 8S; AH AH AD AD AS AS AC\n", "meld 3C 3S"),
    ("turn: S drawn\nS: 3C 3C 3S 9C 9D 9S 4C\nNS: 8C 8D 8S; AH AH AD AD AS AS AC\n",
     "meld 3C 3C 3S"),
    ("turn: S melded\nstarted: 3\nS: 9C 9D 9S 4C 5D\nNS: 8C 8D 8S; AH AH AD AD AS AS AC; 3C 3C 3S\n",
     "discard 4C"),
    ("turn: S drawn\nS: 3C 3C 3S 4C\nNS: 8C 8D 8S; AH AH AD AD AS AS AC\n", "meld 3C 3C 3S"),
    # the first meld
    ("turn: S drawn\nS: 5H 5D 5C 9S 4C\n", "meld 5H 5D 5C"),
    ("turn: S drawn\nscore: NS 1600, EW 200\nS: AH AD AS 9S 4C\n", "meld AH AD AS"),
    ("turn: S drawn\nS: 4C 4C 4D 4D 4H 4H 4S 5C\n", "meld 4C 4C 4D 4D 4H 4H 4S"),
    ("turn: S drawn\nS: 4C 4C 4D 4D 4H 4H 4S 5C 5D 5H\n", "meld 4C 4C 4D 4D 4H 4H 4S; 5C 5D 5H"),
    # canastas and going out
    ("turn: S drawn\nS: 2C 4C 9S\nNS: KH KH KS KS KD KD KC\n", "meld K: 2C"),
    ("turn: S melded\nS: 4C\nNS: KH KS KD\n", "discard 4C"),
    ("turn: S melded\nS: 4C\nNS: KH KH KS KS KD KD KC\n", "discard 4C"),
    ("turn: S drawn\nS: 9C 9D 9S\nNS: KH KH KS KS KD KD KC\n", "meld 9C 9D 9S"),
    ("rules: go-out-without-discard=concealed-only\nturn: S drawn\nS: 9C 9D 9S\n"
     "NS: KH KH KS KS KD KD KC\n", "meld 9C 9D 9S"),
    ("turn: S drawn\nS: 9C 9D 9S 4C\nNS: KH KS KD\n", "meld 9C 9D 9S"),
    ("turn: S drawn\nasked: no\nS: 9C 9D 9S 4C\nNS: KH KH KS KS KD KD KC\n", "meld 9C 9D 9S"),
    ("turn: S melded\nasked: no\nS: 4C\nNS: KH KH KS KS KD KD KC\n", "discard 4C"),
    ("turn: S drawn\nasked: yes\nS: 9C 9D 9S 4C\nNS: KH KH KS KS KD KD KC\n", "discard 4C"),
    ("turn: S drawn\nasked: yes\nS: 9C 8D 4S 4C\nNS: KH KS KD\n", "discard 4C"),
    # asking "may I go out?"
    ("turn: S drawn\nasked: pending\nS: 9H 9D 4C\nNS: KH KS KD\n", "yes"),
    ("turn: S drawn\nasked: pending\nS: 9H 9D 4C\nNS: KH KS KD\n", "no"),
    ("turn: S drawn\nS: 9H 9D 4C\nNS: KH KS KD\n", "ask"),
    ("turn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\n", "ask"),
    ("turn: S melded\nS: 9H 9D 4C\nNS: KH KS KD\n", "ask"),
    ("turn: S drawn\nS: 4C\nNS: KH KS KD\n", "ask"),
    ("turn: S drawn\nasked: yes\nS: 9H 9D 4C\nNS: KH KS KD\n", "ask"),
    ("turn: S drawn\nasked: pending\nS: 9H 9D 4C\nNS: KH KS KD\n", "discard 4C"),
    ("turn: S drawn\nS: 9H 9D 4C\nNS: KH KS KD\n", "yes"),
    # wordings that depend on the count: a wild card beside the frozen pair, the cards
    # under the top, one red three or several
    ("turn: S draw\nS: 9C 9D JK 4C 5D\nNS: KH KS KD\npile: 5C 2D 9H", "take 9C 9D JK"),
    ("turn: S draw\nS: 9C 9D 4C 5D 6H\npile: 5C 9H", "take 9C 9D"),
    ("turn: S draw\nS: 9C 9D 4C 5D 6H\npile: 9H", "take 9C 9D"),
    ("turn: S drawn\nS: 9C 9D 4C 5D 6H\npile: 9H", "meld 3H 3D 4C"),
    # one wild card alone; two naturals carrying two wild cards
    ("turn: S drawn\nS: JK 9H 9D 4C 5D\nNS: KH KD KC\npile: 6C", "meld JK"),
    ("turn: S drawn\nS: JK 2C 9H 9D 4C 5D\nNS: KH KD KC\npile: 6C", "meld 9H 9D JK 2C"),
    # a red three laid out on the player's turn (red3-dealt=on-turn); one card in the stock
    ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\nNS: 9S 9C 9H\n"
     "pile: 6C 9D\nstock: KC 7H + rest", "draw"),
    ("turn: S draw\nS: 4C 5D\nN: 6D\nNS: 9S 9C 9H\nNS red3: 3H 3D\nEW: QH QD QS\n"
     "EW red3: 3H 3D\npile: 6C 8D\nstock: KC\nE: 46\nW: 46", "draw"),
]


def _rulings():
    for text, move in SITUATIONS:
        yield tutor.judge(tutor.Position.parse(text), move)


def test_every_situation_explains_in_swedish():
    for (text, move), ruling in zip(SITUATIONS, _rulings()):
        sv = ruling.explain("sv")
        assert sv.strip(), (move, text)
        assert "{" not in sv and "}" not in sv, sv


def test_every_template_and_part_renders_in_swedish():
    """Every check of every ruling renders in Swedish; together they reach every template."""
    rendered, parts_used = {}, set()
    real_part = explain._part

    def spy(name, t, n=None, **fields):
        parts_used.add(name)
        return real_part(name, t, n, **fields)

    explain._part = spy
    try:
        for ruling in _rulings():
            for check in ruling.checks + (ruling.decisive,):
                text = explain.render(check.key, check.fields, "sv")
                assert "{" not in text and "}" not in text, (check.key, text)
                assert text != explain.render(check.key, check.fields, "en"), check.key
                rendered.setdefault(check.key, text)
    finally:
        explain._part = real_part
    missing = sorted(set(explain.TEMPLATES) - set(rendered))
    assert not missing, missing
    unused = sorted(set(explain.PARTS) - parts_used)
    assert not unused, unused


def test_swedish_words_fill_the_fields():
    pos = tutor.Position.parse("turn: S drawn\nS: 2D 2H 4C 9S\nNS: KH KH KS KS KD JK 2C\n")
    text = tutor.judge(pos, "meld K: 2D 2H").explain("sv")
    assert "kungar" in text and "även efter att den blivit en canasta" in text, text
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9D 4C\n")
    assert "Det är Syds tur, inte Nords" in tutor.judge(pos, "N: draw").explain("sv")
    pos = tutor.Position.parse("turn: S melded\nS: 3C 5D\nNS: KH KS KD\n")
    text = tutor.judge(pos, "discard 3C").explain("sv")
    assert "Västs tur" in text and "svart trea" in text, text
