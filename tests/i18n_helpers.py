"""Shared by the catalog tests (test_messages.py, test_no_english.py, test_cli_lang.py):
the staged situations that reach every explanation template, the catalogs as data, the
English stop-list, and the glossary's words to avoid.

It is also a pytest plugin (``-p i18n_helpers``, with ``RECORD_RULINGS`` naming a file):
run over the rule tests, it records every (position, move) the engine judged, so that the
coverage test explains them all in Swedish and Finnish without touching those tests.
"""
from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import tutor
from tutor.engine import explain
from tutor.i18n import LANGUAGES, glossary
from tutor.i18n.build import po_path

ROOT = Path(__file__).resolve().parents[1]
#: The languages with a catalog (English is the message ids).
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
LANGS = TRANSLATED
RECORD_ENV = "RECORD_RULINGS"

FROZEN_TEXT = ("turn: S draw\nS: KH JK 7D 7C 9S 4H 4D 10C QS JD 6H\n"
               "NS: 8C 8D 8S\npile: 5C 2H 6S KD\n")


_ZONES = {"N", "E", "S", "W", "NS", "EW", "NS RED3", "EW RED3", "PILE", "STOCK"}
_CARD = re.compile(r"^(JK|(10|[2-9JQKA])[CDHS])$", re.I)


def whole_deal(text: str) -> str:
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


CUT = "rules: players=3, three=cutthroat\n"
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
    (whole_deal("turn: S draw\nstock: -\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C 7D\n"), "draw"),
    (whole_deal("turn: S draw\nstock: -\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C KC\n"), "draw"),
    (whole_deal("rules: stock-out=ends\nturn: S draw\nstock: -\nS: 4C 5D KH\nNS: KH KS KD\n"
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
    ("turn: S drawn\nS: KC 4C 9S\nNS: KH KS KD\n", "exchange KC 2C"),     # no meld holds 2C
    ("turn: S drawn\nS: 5H 5H 5D 5D 5S 5S 5C 4C 6D\npile: 9C", "meld 5H 5H 5D 5D 5S 5S 5C"),
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
    # two canastas to go out (two, six players): one of them is not "no canasta yet"
    ("rules: players=2\nturn: S drawn\nS: KH KS KD 4D\nS melds: 8C 8D 8S 8H 8C 8D 8S\n"
     "N melds: 7C 7D 7S\npile: 5C 9D 6S\n", "meld KH KS KD"),
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
    # cutthroat for three (players.cutthroat)
    (CUT + "turn: E draw\nE: 4C 5D\npile: 7C\nstock: KC 7H + rest", "draw"),
    (CUT + "turn: E draw\nE: 4C 5D\npile: 7C\nstock: 3H KC 7H + rest", "draw"),
    (CUT + "turn: S draw\nscore: E -10, S -10, W -10\nS: 9H 9S 4D 5S 6C\npile: 7C 9C",
     "take 9H 9S"),
    (CUT + "turn: E drawn\nE: 9H 4D\nS: 47\nW: 51\nE red3: 3H 3H 3D 3D\nS melds: JH JD JS\nlone: S\n"
     "pile: 5C\nstock: -", "discard 9H"),
    (CUT + "turn: E drawn\nE: 9H\nE melds: KH KH KD KD KS KS KC\nS melds: JH JD JS\nlone: S\n"
     "pile: 5C", "discard 9H"),
    (CUT + "turn: E drawn\nE: 9H\nE melds: KH KH KD KD KS KS KC\n"
     "W melds: QH QH QD QD QS QS QC\nS melds: JH JD JS\nlone: S\npile: 5C", "discard 9H"),
    (CUT + "turn: S drawn\nscore: E 0, S 1600, W 0\nS: KH KS KD QH QS QD 4C 5D\npile: 7C",
     "meld KH KS KD; QH QS QD"),
    (CUT + "turn: E drawn\nscore: E 0, S 1600, W 0\nE: KH KS KD QH QS QD 4C 5D\npile: 7C",
     "meld KH KS KD; QH QS QD"),
    # a team of three: the partner who plays next answers "may I go out?" (players.sides)
    ("rules: players=6\nturn: S drawn\nasked: pending\nS: 9H 4D\nT2: KH KS KD KC KH KS KD\npile: 5C",
     "NE: yes"),
    # a hand staged as over with cards left in the stock
    ("turn: N over\nN: 4C 5D\npile: 9C", "draw"),
    ("turn: N over\nN: 4C 5D\nE: 34\nS: 34\nW: 33\nNS red3: 3H 3H 3D 3D\npile: 9C\nstock: -", "draw"),
    # a meld or a seat named from another table
    ("turn: N drawn\nN: 2D 2H 5C 6C\nNS: KH KS KS\nEW: KC KC KD\npile: 9C", "meld T1 K: 2D"),
    ("turn: N draw\nN: 2D 2H 5C 6C\npile: 9C", "NE: draw"),
    # cards joining several melds of the side at once
    ("turn: S drawn\nS: KD 9D 4C 5D\nNS: KH KS KC; 9C 9S 9H\npile: 7C", "meld KD; 9D"),
    ("rules: players=2\nturn: S drawn\nS: KD 9D 4C 5D\nS melds: KH KS KC; 9C 9S 9H\npile: 7C",
     "meld KD; 9D"),
    # a cutthroat partner adds to the side's meld (both partners may hold one of a rank)
    (CUT + "turn: E drawn\nE: 9D 4C 5D\nW melds: 9C 9S 9H\nS melds: KH KS KD\nlone: S\npile: 7C",
     "meld 9D"),
    # two canastas to go out: melding down to one card, a concealed going out laying both
    (CUT + "turn: E drawn\nE: 5C 5D 5S 9H\nE melds: AH AH AD AD AS AS AC\npile: 4S",
     "meld 5C 5D 5S"),
    (CUT + "turn: E drawn\nE: 5C 5D 5S 9H\nE melds: AH AH AD AD AS AS AC\nS melds: KH KS KD\n"
     "lone: S\npile: 4S", "meld 5C 5D 5S"),
    ("rules: players=2\nturn: N drawn\nN: AH AH AD AD AS AS AC KH KH KD KD KS KS KC\npile: 4C",
     "meld AH AH AD AD AS AS AC; KH KH KD KD KS KS KC"),
    ("rules: players=2\nturn: N melded\nN: 9H\nN melds: AH AH AD AD AS AS AC; KH KH KD KD KS KS KC\n"
     "opened: -\nstarted: A K\npile: 4C", "discard 9H"),
    ("rules: players=6\nturn: N melded\nN: 9H\n"
     "T1: KH KH KD KD KS KS KC; AH AH AD AD AS AS AC; 5C 5D 5S\nopened: SE\nstarted: A 5\n"
     "pile: 4C", "discard 9H"),
    # why a legal meld is legal (issue 37): down to one card with the canastas going out needs
    # (two players, six, cutthroat's lone hand and its partnership), wild cards within the
    # limit of `wilds=not-outnumber`
    ("rules: players=2\nturn: N drawn\nN: 9H 9D 9S 4C\n"
     "N melds: AH AH AD AD AS AS AC; KH KH KD KD KS KS KC\npile: 5C", "meld 9H 9D 9S"),
    ("rules: players=6\nturn: N drawn\nN: 9H 9D 9S 4C\n"
     "T1: KH KH KD KD KS KS KC; AH AH AD AD AS AS AC\npile: 5C", "meld 9H 9D 9S"),
    (CUT + "turn: S drawn\nS: 9H 9D 9S 4C\nS melds: AH AH AD AD AS AS AC; KH KH KD KD KS KS KC\n"
     "E melds: JH JD JS\nlone: S\npile: 5C", "meld 9H 9D 9S"),
    (CUT + "turn: E drawn\nE: 9H 9D 9S 4C\nE melds: AH AH AD AD AS AS AC\n"
     "W melds: KH KH KD KD KS KS KC\nS melds: JH JD JS\nlone: S\npile: 5C", "meld 9H 9D 9S"),
    ("rules: wilds=not-outnumber\nturn: S drawn\nS: 9H 9D 9S 2C 4C 5D\nNS: KH KS KD\npile: 5C",
     "meld 9H 9D 9S 2C"),
]


# the edges of the templates (issue 9): tests/explain_situations.py
from explain_situations import EDGE_SITUATIONS  # noqa: E402

SITUATIONS += EDGE_SITUATIONS


def rulings(situations=SITUATIONS):
    for text, move in situations:
        yield tutor.judge(tutor.Position.parse(text), move)


# ---- the catalogs as data ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def catalog(lang: str):
    """The .po of a language, read with Babel (what a translator edits, not the .mo)."""
    from babel.messages.pofile import read_po
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain="tutor")


def texts(value) -> tuple:
    """A message's forms: one text, or the plural forms."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def engine_keys() -> set:
    """The contexts of the explanation templates and their parts."""
    return set(explain.TEMPLATES) | set(explain.PARTS)


def fields(template: str) -> dict:
    """field name -> the set of (format spec, conversion) it is written with."""
    out = {}
    for _, name, spec, conv in string.Formatter().parse(template):
        if name is not None:
            out.setdefault(re.split(r"[.\[]", name, maxsplit=1)[0], set()).add((spec or "", conv))
    return out


def glossary_forms(lang: str) -> set:
    """The format specs a translation may write a field in, in `lang` (every message is
    written by `tutor.i18n.Translator.format`): every form of the glossary's tables, the
    same with rank_ (of a card's rank), kind, is_are."""
    terms = glossary(lang)
    forms = {"", "kind", "is_are"}
    for table in ("rank", "seat", "team", "answer"):
        for entry in terms[table].values():
            forms |= set(entry)
    forms |= {"rank_" + f for entry in terms["rank"].values() for f in entry}
    return forms


def field_problems(msg, lang: str, forms: set | None = None) -> list:
    """What is wrong with the fields of a translated message (a Babel `Message`): together
    its forms use exactly the English fields (a singular may leave out the count), and each
    field is written as the English writes it or in a form of the language's glossary (with
    no form only where the English writes it with none)."""
    forms = glossary_forms(lang) if forms is None else forms
    english = {}
    for text in texts(msg.id):
        for name, specs in fields(text).items():
            english.setdefault(name, set()).update(specs)
    mine = [fields(text) for text in texts(msg.string)]
    where = f"{lang}: {msg.context or ''} {texts(msg.id)[0][:60]!r}"
    used = set().union(*map(set, mine))
    if used != set(english) or not all(set(f) <= set(english) for f in mine):
        return [f"{where}: fields {sorted(used)}, the English has {sorted(english)}"]
    wrong = []
    for form in mine:
        for name, specs in form.items():
            for spec, conv in specs:
                # a form of the glossary; no form only where the English writes none (a
                # seat given as its code would be written "S")
                if (spec, conv) in english[name] or (conv is None and spec and spec in forms):
                    continue
                wrong.append(f"{where}: {{{name}{'!' + conv if conv else ''}"
                             f"{':' + spec if spec else ''}}} is neither the English's way of "
                             f"writing it nor a form of glossary/{lang}.toml")
    return wrong


# ---- English left in a translation -------------------------------------------------------------

#: English words that no Swedish or Finnish sentence of the tutor uses (a word both
#: languages share is left out, like "canasta", "under", "in").
ENGLISH = set("""
    the and you your with from this that these those not only may must can cannot would
    could should pile stock meld melds melded melding discard discards discarded frozen hand
    hands turn team teams player players partner natural naturals card cards wild king kings
    queen queens jack jacks ace aces nine nines eight eights seven sevens six sixes five fives
    four fours three threes two twos ten tens joker jokers north south east west yes go goes
    going out draw drawn drawing take takes taking taken is are has have had of to for it its
    at least each every nobody already after before first top black red points score scores
    bonus when while until because which what there here than also then
""".split())
#: Words of that list which are also words of a language (Swedish "hand", "wild card",
#: "joker", "partner", "bonus"; the seed writes "wild card" in Swedish).
OWN = {"sv": {"hand", "wild", "card", "cards", "joker", "partner", "bonus"}, "fi": set()}

#: What is not prose: `rule ids`, 'notation', flags like stock-out=ends, rule ids bare,
#: cards (K♥, 10♣, JK), and the notation's move words in quotes.
_NOT_PROSE = re.compile(r"`[^`]*`|'[^']*'|\b[a-z0-9-]+=[a-z0-9-]+\b|\b[a-z0-9-]+(?:\.[a-z0-9*-]+)+\b"
                        r"|\b(?:10|[2-9JQKA])[♣♦♥♠]|\bJK\b")


def english_words(text: str, lang: str) -> list:
    """The English words of the stop-list left in a text of `lang`, in order."""
    prose = _NOT_PROSE.sub(" ", text)
    words = re.findall(r"[^\W\d_]+", prose)
    return [w for w in words if w.lower() in ENGLISH - OWN[lang]]


# ---- the glossary's words to avoid -------------------------------------------------------------

def avoided(text: str, lang: str, number: str | None = None) -> list:
    """(word found, what the glossary says to write instead) for each avoided word: matched
    at the start of a word, case-insensitively (tutor/i18n/glossary/<lang>.toml [avoid]).
    `number` "one" or "several": a text said of one thing (a singular form) or of several
    (a plural form) also avoids the words of [avoid-one] or [avoid-several], which are wrong
    only there ("3♥ är bonuskort": one card takes its article)."""
    terms = dict(glossary(lang).get("avoid", {}))
    if number is not None:
        terms.update(glossary(lang).get(f"avoid-{number}", {}))
    found = []
    for term, use in terms.items():
        for m in re.finditer(r"(?<!\w)" + re.escape(term) + r"\w*", text, re.IGNORECASE):
            found.append((m.group(0), use))
    return found


# ---- the positions of the rule tests, recorded while they run ----------------------------------

RULE_TESTS = ["tests/rules"]
#: run by the rule tests' own subprocesses, not worth recording
RULE_TESTS_SKIPPED = ["tests/rules/test_cli.py"]


def record_rule_test_positions() -> tuple[list, str]:
    """Run the rule tests with this module as a plugin; return the distinct (position text,
    move text) they judged, and pytest's last line (how the run went)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rulings.json"
        env = dict(os.environ, RECORD_RULINGS=str(out),
                   PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "i18n_helpers", "-p", "no:cacheprovider",
             *RULE_TESTS, *(f"--ignore={p}" for p in RULE_TESTS_SKIPPED)],
            cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", timeout=600)
        summary = (run.stdout.strip().splitlines() or [run.stderr.strip()])[-1]
        if not out.exists():
            raise AssertionError(f"the rule tests recorded nothing: {summary}\n{run.stderr[-2000:]}")
        return [tuple(pair) for pair in json.loads(out.read_text(encoding="utf-8"))], summary


_seen: dict = {}


def pytest_configure(config):
    """As a plugin: record every ruling's position and move (Ruling is built by judge)."""
    if not os.environ.get(RECORD_ENV):
        return
    from tutor.engine.ruling import Ruling
    original = Ruling.__init__

    def recording(self, position, move, *args, **kwargs):
        original(self, position, move, *args, **kwargs)
        if move is not None:
            _seen.setdefault((id(position), str(move)), (position, str(move)))

    Ruling.__init__ = recording


def pytest_unconfigure(config):
    path = os.environ.get(RECORD_ENV)
    if not path:
        return
    pairs = sorted({(pos.to_text(), move) for pos, move in _seen.values()})
    Path(path).write_text(json.dumps(pairs, ensure_ascii=False), encoding="utf-8")
