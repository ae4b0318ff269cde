"""Named positions and helpers shared by the rule-family tests of tests/rules.

A non-test module: the test modules import from here (and from rulebook_helpers.py), never
from one another. The positions are NOTATION.md text; a base position names the table
lines many tests share, and `stage` puts a test's own lines before or after it.
"""
import textwrap

import tutor
from rulebook_helpers import P, RED3, RULE_IDS, WILD, rank

# North holds one card (5D), North-South have a natural canasta of aces, East-West a
# meld of queens, a plain 6C on the pile: the table of the going-out tests.
ACES_OUT_TABLE = """\
N: 5D
NS: AH AH AD AD AS AS AC
EW: QH QD QS
pile: 6C
"""

# North-South have melded eights (no canasta), East-West queens, 9C on the pile.
EIGHTS_TABLE = """\
N: 5D
NS: 8H 8D 8C
EW: QH QD QS
pile: 9C
"""

# Every hand empty (the hand is over): the score-sheet tests' base, their melds follow.
HANDS_EMPTY = """\
N: -
E: -
S: -
W: -
"""

# North-South have melded kings, East-West queens (the pile line follows).
KINGS_TABLE = """\
NS: KH KS KD
EW: QH QD QS
"""

# South holds 4C 6D, North 7C, North-South have melded nines: the empty-stock tests
# (the red threes, pile and stock lines follow).
NINES_STOCK_OUT = """\
S: 4C 6D
N: 7C
NS: 9H 9S 9C
"""

# One red three laid out by North-South, three by East-West, East-West's queens.
RED3_SPLIT = """\
NS red3: 3H
EW: QH QD QS
EW red3: 3H 3D 3D
"""

# East-West have melded queens and laid out three red threes (the fourth is in the stock
# or coming), 5C 8D on the pile: with NINES_STOCK_OUT, the last-card tests.
EW_THREE_RED3 = """\
EW: QH QD QS
EW red3: 3H 3D 3D
pile: 5C 8D
"""

# South has drawn and asked "may I go out?"; North has not answered yet.
ASKED_PENDING = """\
turn: S drawn
asked: pending
S: 9H 9D 9C 4C
NS: KH KS KD; AH AH AD AD AS AS AC
EW: QH QD QS
pile: 10C 10D
"""

# South has melded this turn without asking (too late to ask now); North-South hold a canasta.
MELDED_NOT_ASKED = """\
turn: S melded
asked: -
S: 9H 9D 9C 4C
N: 5D
NS: AH AH AD AD AS AS AC; KH KS KD
EW: QH QD QS
pile: 6C
"""

# South to draw; a red three (3D) lies in the pile under the top card.
RED3_IN_STOCK = """\
turn: S draw
S: KH KS 4C 4D 6S
NS: 7H 7D 7S
EW: QH QD QS
pile: 3D 5C 8H KD
stock: 9C + rest
"""



def stage(*parts):
    """A position text from parts: a test's own lines and named base positions, in order."""
    return "\n".join(textwrap.dedent(p).strip() for p in parts) + "\n"


# ---------------------------------------------------------------------------
# deck.*
# ---------------------------------------------------------------------------

def all_108():
    cards = []
    for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]:
        for s in "CDHS":
            cards += [r + s, r + s]
    return cards + ["JK"] * 4


def explicit_deal(cards):
    """A position text that places the given cards explicitly: 11 to each hand,
    one on the pile, red threes with the teams, the rest listed as the stock."""
    reds = [c for c in cards if c in RED3]
    rest = [c for c in cards if c not in RED3]
    lines = ["turn: N draw"]
    for i, seat in enumerate("NESW"):
        lines.append("%s: %s" % (seat, " ".join(rest[i * 11:(i + 1) * 11])))
    lines.append("NS: -")
    lines.append("EW: -")
    lines.append("NS red3: %s" % (" ".join(reds) if reds else "-"))
    lines.append("pile: %s" % rest[44])
    lines.append("stock: %s" % " ".join(rest[45:]))
    return "\n".join(lines) + "\n"


def interleaved_108():
    # keep hands free of red threes and the pile top natural
    cards = all_108()
    nat = [c for c in cards if c not in RED3 and c not in WILD and rank(c) != "3"]
    other = [c for c in cards if c not in nat]
    return nat[:45] + nat[45:] + other


# ---------------------------------------------------------------------------
# canasta.* scoring
# ---------------------------------------------------------------------------

def staged_sheet(ns, s="4C", n="5D"):
    return tutor.score_hand(P("""
        turn: S melded
        S: %s
        N: %s
        NS: %s
        EW: -
        pile: 9C
    """ % (s, n, ns)))


SUIT = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def pretty(card):
    """'KD' -> 'K♦' as the explanations print cards."""
    return card if card == "JK" else card[:-1] + SUIT[card[-1]]


def explained(ruling, *cards):
    """The explanation is a non-empty sentence that names the given cards of THIS position."""
    text = ruling.explain()
    assert isinstance(text, str) and len(text) > 20, text
    for c in cards:
        assert pretty(c) in text or c in text, "explanation does not name %s: %r" % (c, text)
    return text


def sheet_of(pos):
    s = tutor.score_hand(pos)
    for team in ("NS", "EW"):
        for rid, _ in s[team].lines:
            assert rid in RULE_IDS, "score line %r is not a rule id of RULES.md" % rid
        assert s[team].total == sum(p for _, p in s[team].lines)
    return s
