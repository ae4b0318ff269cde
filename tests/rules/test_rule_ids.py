"""One PERMITS and one FORBIDS test (or a right number and a wrong-reading
number) for every rule id in the tables of docs/RULES.md.

Positions are staged in the NOTATION.md text format and judged through the
public API only.  Each test names its rule id literally (test id / RULE).
"""
import pytest

import tutor
from rulebook_helpers import (P, J, assert_illegal, assert_legal, play, turn, phase,
                              hand, hand_size, melds, meld_of, red3, pile, line_sum,
                              line_ids, GOING_OUT, CANASTA, RED3_IDS, WILD, RED3,
                              rank, norm, field, cards_in, full_deal, RANK_ORDER)

CAN = "AH AH AD AD AS AS AC"          # a natural canasta of aces (7 cards)

# ---------------------------------------------------------------------------
# Judge cases: (rule id, permits|forbids, position, move, legal?, rule expected)
# rule expected: an id, a set of acceptable ids where the rulebook names two
# rules for the very same refusal, or None (legal: no rule asserted).
# ---------------------------------------------------------------------------

CASES = [
    # ---- turn ------------------------------------------------------------
    ("turn.draw", "permits", """
        turn: S draw
        S: 9H 9D 9C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "draw", True, None),
    ("turn.draw", "forbids-meld-first", """
        turn: S draw
        S: 9H 9D 9C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9C", False, "turn.draw"),
    ("turn.draw", "forbids-discard-first", """
        turn: S draw
        S: 9H 9D 9C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "discard 4C", False, "turn.draw"),
    ("turn.meld", "permits", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9C", True, None),
    ("turn.meld", "permits-add-to-team-meld", """
        turn: S melded
        S: KC 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld KC", True, None),
    ("turn.meld", "forbids-before-drawing", """
        turn: S draw
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9C", False, {"turn.draw", "turn.meld"}),
    ("turn.discard", "permits", """
        turn: S melded
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "discard 4C", True, None),
    ("turn.order", "permits-partner-answers", """
        turn: S drawn
        asked: pending
        S: 9H 9D 9C 4C
        NS: KH KS KD; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "yes", True, None),
    ("turn.order", "forbids-partner-unasked", """
        turn: S drawn
        asked: -
        S: 9H 9D 9C 4C
        NS: KH KS KD; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "yes", False, "turn.order"),
    ("turn.own-cards", "permits", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9C", True, None),
    ("turn.own-cards", "forbids-card-not-held", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9S", False, "turn.own-cards"),
    ("turn.own-cards", "forbids-same-card-twice", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9H 9D", False, "turn.own-cards"),
    ("turn.own-cards", "forbids-discard-not-held", """
        turn: S melded
        S: 9H 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "discard 8S", False, "turn.own-cards"),

    # ---- melds -----------------------------------------------------------
    ("meld.size", "permits-three", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 9C", True, None),
    ("meld.size", "forbids-two", """
        turn: S drawn
        S: 9H 9D 9C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D", False, "meld.size"),
    ("meld.size", "forbids-mixed-ranks", """
        turn: S drawn
        S: 9H 9D 8C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 8C", False, "meld.size"),
    ("meld.naturals", "permits-two-naturals-one-wild", """
        turn: S drawn
        S: 9H 9D 2C 2D 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 2C", True, None),
    ("meld.naturals", "forbids-one-natural", """
        turn: S drawn
        S: 9H 9D 2C 2D 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 2C 2D", False, "meld.naturals"),
    ("meld.max-wilds", "permits-three-wilds", """
        turn: S drawn
        S: 5H 5D 2C 2D JK 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 5H 5D 2C 2D JK", True, None),
    ("meld.max-wilds", "forbids-fourth-wild", """
        turn: S drawn
        S: 2H 4C 6D
        NS: KH KS KD; 5H 5D 2C 2D JK
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 5: 2H", False, "meld.max-wilds"),
    ("meld.max-wilds", "forbids-fourth-wild-on-canasta", """
        turn: S drawn
        S: JK 4C 6D
        NS: 7H 7H 7D 7D 2C 2D JK
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 7: JK", False, "meld.max-wilds"),
    ("meld.max-wilds", "forbids-four-wilds-new-meld", """
        turn: S drawn
        S: 5H 5D 2C 2D 2H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 5H 5D 2C 2D 2H JK", False, "meld.max-wilds"),
    ("meld.wild-alone", "permits-wild-joins-meld", """
        turn: S drawn
        S: 2C 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld K: 2C", True, None),
    ("meld.wild-alone", "forbids-all-wild-meld", """
        turn: S drawn
        S: 2C 2D JK 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 2C 2D JK", False, "meld.wild-alone"),
    ("meld.wild-alone", "forbids-wild-to-missing-meld", """
        turn: S drawn
        S: 2C 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9: 2C", False, "meld.wild-alone"),
    ("meld.wild-fixed", "permits-natural-added-beside-wild", """
        turn: S drawn
        S: KC 9H 9D 4C
        NS: KH KS 2C
        EW: QH QD QS
        pile: 10C 10D
     """, "meld KC", True, None),
    ("meld.wild-fixed", "forbids-taking-melded-wild", """
        turn: S drawn
        S: KC 9H 9D 4C
        NS: KH KS 2C
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 9H 9D 2C", False, "meld.wild-fixed"),
    ("meld.one-per-rank", "permits-opponents-same-rank", """
        turn: S drawn
        S: JC JD JS 4C 6D
        NS: KH KS KD
        EW: JH JD JS
        pile: 10C 10D
     """, "meld JC JD JS", True, None),
    ("meld.own-team", "permits-own-meld", """
        turn: S drawn
        S: KC 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld KC", True, None),
    ("meld.own-team", "forbids-opponents-meld", """
        turn: S drawn
        S: QC 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld Q: QC", False, "meld.own-team"),
    ("meld.own-team", "forbids-wild-on-opponents-meld", """
        turn: S drawn
        S: 2C 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
     """, "meld Q: 2C", False, {"meld.own-team", "meld.wild-alone"}),
    # (`Q:` names the TEAM's queen meld in NOTATION.md; with none there,
    #  meld.wild-alone is an equally exact reading of this refusal)
    ("meld.threes", "permits-black-threes-going-out", """
        turn: S drawn
        S: 3C 3C 3S
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 3C 3C 3S", True, None),
    ("meld.threes", "permits-black-threes-then-discard-out", """
        turn: S drawn
        S: 3C 3C 3S 3S 9H
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 3C 3C 3S 3S", True, None),
    ("meld.threes", "forbids-black-threes-not-going-out", """
        turn: S drawn
        S: 3C 3C 3S 9H 9D 4C
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 3C 3C 3S", False, "meld.threes"),
    ("meld.threes", "forbids-wild-with-black-threes", """
        turn: S drawn
        S: 3C 3C 3S 2D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld 3C 3C 3S 2D", False, "meld.threes"),

    # ---- canastas (moves) ------------------------------------------------
    ("canasta.size", "permits-no-upper-limit", """
        turn: S drawn
        S: KC 4C 6D
        NS: KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld KC", True, None),
    ("canasta.mixed", "permits-wild-on-natural-canasta", """
        turn: S drawn
        S: JK 4C 6D
        NS: KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 10C 10D
     """, "meld K: JK", True, None),

    # ---- the discard pile ---------------------------------------------------
    ("pile.take.top-natural", "permits-natural-top", """
        turn: S draw
        S: 9H 9S 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
     """, "take 9H 9S", True, None),
    ("pile.take.top-natural", "forbids-wild-top", """
        turn: S draw
        S: 9H 9S 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 9D 2C
     """, "take 9H 9S", False, "pile.take.top-natural"),
    ("pile.take.top-natural", "forbids-joker-top-with-meld", """
        turn: S draw
        S: 9H 9S 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 9D JK
     """, "take", False, "pile.take.top-natural"),
    ("pile.black-three", "permits-covered-black-three", """
        turn: S draw
        S: 6H 6D 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 3C 6S
     """, "take 6H 6D", True, None),
    ("pile.black-three", "forbids-black-three-on-top", """
        turn: S draw
        S: 3S 3C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 6S 3C
     """, "take 3S 3C", False, "pile.black-three"),
    ("pile.frozen.team", "permits-team-has-melded", """
        turn: S draw
        S: AH JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D AD
     """, "take AH JK", True, None),
    ("pile.frozen.team", "forbids-team-not-melded", """
        turn: S draw
        S: AH JK 4C
        NS: -
        EW: QH QD QS
        pile: 5C 8D AD
     """, "take AH JK", False, {"pile.frozen.team", "pile.take.frozen"}),
    ("pile.frozen.wild", "permits-no-wild-in-pile", """
        turn: S draw
        S: 9H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
     """, "take 9H JK", True, None),
    ("pile.frozen.wild", "forbids-wild-in-pile", """
        turn: S draw
        S: 9H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
     """, "take 9H JK", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.frozen.wild", "forbids-red-three-in-pile", """
        turn: S draw
        S: 9H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 3D 8D 9D
     """, "take 9H JK", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.frozen.wild", "forbids-even-with-team-meld", """
        turn: S draw
        S: 9H 4C
        NS: 9S 9C 9C
        EW: QH QD QS
        pile: 5C 2C 8D 9D
     """, "take", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.take.frozen", "permits-two-naturals", """
        turn: S draw
        S: 9H 9S JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
     """, "take 9H 9S", True, "pile.take.frozen"),
    ("pile.take.frozen", "forbids-natural-and-joker", """
        turn: S draw
        S: 9H 9S JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
     """, "take 9H JK", False, "pile.take.frozen"),
    ("pile.take.unfrozen", "permits-natural-and-wild", """
        turn: S draw
        S: 9H JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
     """, "take 9H JK", True, "pile.take.unfrozen"),
    ("pile.take.unfrozen", "permits-adding-to-team-meld", """
        turn: S draw
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D KC
     """, "take", True, "pile.take.unfrozen"),
    ("pile.take.unfrozen", "forbids-one-card-from-hand", """
        turn: S draw
        S: 9H 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
     """, "take 9H", False, {"pile.take.unfrozen", "meld.size"}),
    ("pile.take.whole", "forbids-keeping-top-card", """
        turn: S draw
        S: KH KS 4C
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 5C 8D KD
     """, "take", False, "pile.take.whole"),
    ("pile.empty", "permits-nonempty", """
        turn: S draw
        S: 9H 9S 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9D
     """, "take 9H 9S", True, None),
    ("pile.empty", "forbids-empty", """
        turn: S draw
        S: 9H 9S 4C
        NS: KH KS KD; 9C 9C 9D
        EW: QH QD QS
        pile: -
     """, "take", False, "pile.empty"),
    ("pile.one-card", "permits-two-card-pile", """
        turn: S draw
        S: 4C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C 9D
     """, "take", True, None),
    ("pile.one-card", "permits-two-cards-in-hand", """
        turn: S draw
        S: 4C 5C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9D
     """, "take", True, None),
    ("pile.one-card", "forbids-one-card-one-card-pile", """
        turn: S draw
        S: 4C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9D
     """, "take", False, "pile.one-card"),

    # ---- going out ----------------------------------------------------------
    ("goout.canasta", "permits-with-canasta", """
        turn: S melded
        S: 4C
        N: 5D
        NS: AH AH AD AD AS AS AC; 9H 9S 9C
        EW: QH QD QS
        pile: 6C
     """, "discard 4C", True, None),
    ("goout.canasta", "forbids-without-canasta", """
        turn: S melded
        S: 4C
        N: 5D
        NS: 9H 9S 9C; KH KS KD
        EW: QH QD QS
        pile: 6C
     """, "discard 4C", False, "goout.canasta"),
    ("goout.canasta", "permits-canasta-completed-this-turn", """
        turn: S drawn
        S: KC 4C
        N: 5D
        NS: KH KH KS KS KD KD
        EW: QH QD QS
        pile: 6C
     """, "meld KC", True, None),
    ("goout.last-card", "permits-discard-last-card", """
        turn: S drawn
        S: 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "discard 4C", True, None),
    ("goout.no-discard", "permits-meld-all-cards", """
        turn: S drawn
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "meld 9H 9D 9C", True, None),
    ("goout.no-discard", "forbids-under-concealed-only-when-not-concealed", """
        rules: go-out-without-discard=concealed-only
        turn: S drawn
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "meld 9H 9D 9C", False, "goout.no-discard"),
    ("goout.keep-one", "permits-two-left", """
        turn: S drawn
        S: 7H 7D 7S 4C 5C
        N: 5D
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 6C
     """, "meld 7H 7D 7S", True, None),
    ("goout.keep-one", "forbids-one-left-no-canasta", """
        turn: S drawn
        S: 7H 7D 7S 4C
        N: 5D
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 6C
     """, "meld 7H 7D 7S", False, "goout.keep-one"),
    ("goout.keep-one", "forbids-empty-hand-no-canasta", """
        turn: S drawn
        S: 7H 7D 7S
        N: 5D
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 6C
     """, "meld 7H 7D 7S", False, {"goout.keep-one", "goout.canasta"}),
    ("goout.ask", "permits-right-after-drawing", """
        turn: S drawn
        asked: -
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "ask", True, None),
    ("goout.ask", "forbids-after-melding", """
        turn: S melded
        asked: -
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC; KH KS KD
        EW: QH QD QS
        pile: 6C
     """, "ask", False, "goout.ask"),
    ("goout.ask", "forbids-twice", """
        turn: S drawn
        asked: no
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "ask", False, "goout.ask"),
    ("goout.binding", "permits-going-out-after-yes", """
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "meld 9H 9D 9C", True, None),
    ("goout.binding", "forbids-staying-in-after-yes", """
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "discard 4C", False, "goout.binding"),
    ("goout.binding", "forbids-going-out-after-no", """
        turn: S drawn
        asked: no
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "meld 9H 9D 9C", False, "goout.binding"),
    ("goout.binding", "permits-playing-on-when-impossible-after-yes", """
        turn: S drawn
        asked: yes
        S: 9H 4C 5D
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
     """, "discard 4C", True, None),
]


def _case_id(c):
    return "%s-%s" % (c[0], c[1])


@pytest.mark.parametrize("rule_id,kind,text,move,legal,rule", CASES, ids=[_case_id(c) for c in CASES])
def test_judge(rule_id, kind, text, move, legal, rule):
    if legal:
        assert_legal(text, move, rule)
    else:
        assert_illegal(text, move, rule)


def test_every_rule_id_has_a_permit_and_a_forbid_case_listed():
    """Bookkeeping of this file (not of the engine): the judge table above
    covers each move rule both ways; the other ids have tests below."""
    kinds = {}
    for c in CASES:
        kinds.setdefault(c[0], set()).add(c[4])
    both = {r for r, k in kinds.items() if k == {True, False}}
    for rid in ["turn.draw", "turn.meld", "turn.order", "turn.own-cards",
                "meld.size", "meld.naturals", "meld.max-wilds", "meld.wild-alone",
                "meld.wild-fixed", "meld.own-team", "meld.threes",
                "pile.take.top-natural", "pile.black-three", "pile.frozen.team",
                "pile.frozen.wild", "pile.take.frozen", "pile.take.unfrozen", "pile.empty",
                "pile.one-card", "goout.canasta", "goout.no-discard", "goout.keep-one",
                "goout.ask", "goout.binding"]:
        assert rid in both, rid


# ---------------------------------------------------------------------------
# deck.*
# ---------------------------------------------------------------------------

def _all_108():
    cards = []
    for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]:
        for s in "CDHS":
            cards += [r + s, r + s]
    return cards + ["JK"] * 4


def _explicit_deal(cards):
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


def _interleaved_108():
    # keep hands free of red threes and the pile top natural
    cards = _all_108()
    nat = [c for c in cards if c not in RED3 and c not in WILD and rank(c) != "3"]
    other = [c for c in cards if c not in nat]
    return nat[:45] + nat[45:] + other


def test_deck_cards_108_cards_placed_explicitly_parse():
    RULE = "deck.cards"
    text = _explicit_deal(_interleaved_108())
    pos = tutor.Position.parse(text)
    assert turn(pos) == ("N", "draw"), RULE


def test_deck_cards_107_cards_refused_when_stock_is_listed():
    RULE = "deck.cards"
    cards = _interleaved_108()
    cards.remove("5C")               # the deck would be one card short
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse(_explicit_deal(cards))


def test_deck_cards_third_copy_refused():
    RULE = "deck.cards"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: KH KH 4C\nNS: KH KS KD\nEW: -\npile: 9D\n")


def test_deck_cards_fifth_joker_refused_fourth_allowed():
    RULE = "deck.cards"
    P("""
        turn: S drawn
        S: JK JK 4C
        NS: KH KS JK
        EW: 9H 9S JK
        pile: 9D
    """)
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: JK JK JK 4C\nNS: KH KS JK\n"
                             "EW: 9H 9S JK\npile: 9D\n")


def test_deck_wild_two_is_wild_in_a_meld():
    RULE = "deck.wild"
    assert_legal("""
        turn: S drawn
        S: 9H 9D 2S 4C 5D
        NS: KH KS KD
        EW: -
        pile: 10C
    """, "meld 9H 9D 2S")


def test_deck_wild_two_counts_as_a_wild_toward_max_wilds():
    RULE = "deck.wild"
    # 2 naturals + JK JK JK: a fourth wild, here a two, is one too many
    assert_illegal("""
        turn: S drawn
        S: 2S 4C 6D
        NS: KH KS KD; 9H 9D JK JK JK
        EW: -
        pile: 10C
    """, "meld 9: 2S", "meld.max-wilds")


def test_deck_wild_twos_cannot_form_their_own_meld():
    RULE = "deck.wild"
    assert_illegal("""
        turn: S drawn
        S: 2S 2S 2H 4C
        NS: KH KS KD
        EW: -
        pile: 10C
    """, "meld 2S 2S 2H", "meld.wild-alone")


def test_deck_order_hand_printed_highest_first():
    RULE = "deck.order"
    pos = P("""
        turn: S drawn
        S: 4H 3C JK KH 2C AD 10S
        NS: -
        EW: -
        pile: 9D
    """)
    ranks = [rank(c) for c in hand(pos, "S")]
    # joker, two, A K ... 4, black three (a two or an ace ranked low would differ)
    assert ranks == ["JK", "2", "A", "K", "10", "4", "3"], (RULE, ranks)


def test_deck_values_table_and_hand_points():
    RULE = "deck.values"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: JK 4C 3S
        N: 9H
        NS: AH AD 2C; 7H 7D 7C; KH KS KD
        EW: -
        pile: 10C
    """))
    # table: A A 2 = 60, 7 7 7 = 15, K K K = 30 -> 105
    # hands: JK 50 + 4 5 + black three 5 + 9 10 -> 70
    assert line_sum(sheet, "NS", "score.table") == 105, RULE
    assert line_sum(sheet, "NS", "score.hand") == -70, RULE
    assert sheet["NS"].total == 35, RULE


# ---------------------------------------------------------------------------
# deal.*
# ---------------------------------------------------------------------------

SEEDS = range(0, 40)


def test_deal_count_eleven_cards_each():
    RULE = "deal.count"
    for seed in range(6):
        pos = tutor.deal(seed=seed)
        sizes = [hand_size(pos, s) for s in "NESW"]
        assert sizes == [11, 11, 11, 11], (RULE, seed, sizes)


def test_deal_order_north_starts_and_play_goes_clockwise():
    RULE = "deal.order"
    pos = tutor.deal(seed=7)
    assert turn(pos) == ("N", "draw"), RULE
    pos = pos.play("draw")
    assert turn(pos)[0] == "N"
    discards = [m for m in tutor.legal_moves(pos) if str(m).startswith("discard")]
    assert discards, "after drawing, a discard must be possible"
    pos = pos.play(discards[0])
    assert turn(pos) == ("E", "draw"), RULE   # not W: the play goes clockwise


def test_deal_order_after_south_comes_west_then_north():
    RULE = "deal.order"
    pos = play("""
        turn: S melded
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C
    """, "discard 4C")
    assert turn(pos) == ("W", "draw"), RULE
    pos = play("""
        turn: W melded
        W: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C
    """, "discard 4C")
    assert turn(pos) == ("N", "draw"), RULE


def _dealt_piles(seeds):
    for seed in seeds:
        pos = tutor.deal(seed=seed)
        yield seed, pos, pile(pos)


def test_deal_upcard_top_is_never_wild_or_red_three():
    RULE = "deal.upcard"
    for seed, pos, p in _dealt_piles(range(0, 60)):
        assert p, (RULE, seed, "empty pile after the deal")
        top = p[-1]
        assert top not in WILD and top not in RED3, (RULE, seed, p)
        for under in p[:-1]:
            # only wild cards and red threes are turned over and covered
            assert under in WILD or under in RED3, (RULE, seed, p)


def test_deal_upcard_wild_is_covered_and_freezes_the_pile():
    RULE = "deal.upcard"
    found = None
    for seed, pos, p in _dealt_piles(range(0, 300)):
        if len(p) >= 2:
            found = (seed, pos, p)
            break
    assert found, "no deal with a covered upcard in 300 seeds: deal.upcard never covers"
    seed, pos, p = found
    top = p[-1]
    # frozen for everybody: every legal take melds the top card with two naturals
    for m in tutor.legal_moves(pos):
        text = str(m)
        if text.startswith("take"):
            first = text[4:].split(";")[0]
            used = cards_in(first)
            naturals = [c for c in used if c not in WILD and rank(c) == rank(top)]
            assert len(naturals) >= 2, (RULE, seed, text)


# ---------------------------------------------------------------------------
# red3.*
# ---------------------------------------------------------------------------

def test_red3_dealt_laid_out_and_replaced():
    RULE = "red3.dealt"
    seen = 0
    for seed in range(0, 30):
        pos = tutor.deal(seed=seed)
        for s in "NESW":
            assert not any(c in RED3 for c in hand(pos, s)), (RULE, seed, s)
            assert hand_size(pos, s) == 11, (RULE, seed, s, "replacement missing")
        seen += len(red3(pos, "NS")) + len(red3(pos, "EW"))
    assert seen > 0, "in 30 deals no red three was ever laid out: red3.dealt"


def test_red3_drawn_laid_out_and_replacement_drawn():
    RULE = "red3.drawn"
    before = P("""
        turn: S draw
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C
        stock: 3H 9C + rest
    """)
    after = before.play("draw")
    assert "3H" in red3(after, "NS"), RULE
    assert "3H" not in hand(after, "S"), RULE
    assert sorted(hand(after, "S")) == sorted(["4C", "5D", "9C"]), RULE
    assert hand_size(after, "S") == 3, RULE   # one card more, not two, not one red three


def test_red3_from_pile_laid_out_no_replacement():
    RULE = "red3.from-pile"
    before = P("""
        turn: S draw
        S: KH KS 4C 4D 6S
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 3D 5C 8H KD
        stock: 9C + rest
    """)
    after = before.play("take KH KS")
    assert "3D" in red3(after, "NS"), RULE
    s = hand(after, "S")
    assert "3D" not in s
    assert "9C" not in s, (RULE, "a replacement was drawn")
    assert sorted(s) == sorted(["4C", "4D", "6S", "5C", "8H"]), (RULE, s)


def test_red3_no_meld_red_threes_with_team_parse():
    RULE = "red3.no-meld"
    pos = P("""
        turn: S drawn
        S: 4C 5D
        NS: KH KS KD
        NS red3: 3H 3D
        EW: -
        pile: 10C
    """)
    assert sorted(red3(pos, "NS")) == ["3D", "3H"], RULE
    for m in tutor.legal_moves(pos):
        assert "3H" not in str(m).upper() and "3D" not in str(m).upper(), (RULE, str(m))


def test_red3_no_meld_red_three_held_refused():
    RULE = "red3.no-meld"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: 3H 4C 5D\nNS: KH KS KD\nEW: -\npile: 10C\n")


def test_red3_no_meld_red_threes_melded_refused():
    RULE = "red3.no-meld"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: 4C 5D\nNS: 3H 3D 3D\nEW: -\npile: 10C\n")


RED3_SCORE_CASES = [
    # (id, NS melds, NS red3, expected red-three points)
    ("red3.score-two-melded-team-200", "KH KS KD", "3H 3D", 200),
    ("red3.score-all-four-800-not-400", "KH KS KD", "3H 3H 3D 3D", 800),
    ("red3.score-one-unmelded-team-minus-100", "-", "3H", -100),
    ("red3.score-all-four-unmelded-team-minus-800", "-", "3H 3H 3D 3D", -800),
]


@pytest.mark.parametrize("ns,reds,points", [c[1:] for c in RED3_SCORE_CASES],
                         ids=[c[0] for c in RED3_SCORE_CASES])
def test_red3_score(ns, reds, points):
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: 4C
        N: 5D
        NS: %s
        NS red3: %s
        EW: QH QD QS
        pile: 10C
    """ % (ns, reds)))
    assert line_sum(sheet, "NS", RED3_IDS) == points
    table = 30 if ns != "-" else 0
    assert sheet["NS"].total == points + table - 10


# ---------------------------------------------------------------------------
# meld.one-per-rank (the cards join the meld) and meld.initial
# ---------------------------------------------------------------------------

def test_meld_one_per_rank_cards_join_the_existing_meld():
    RULE = "meld.one-per-rank"
    after = play("""
        turn: S drawn
        S: 7C 7H 7D 4C 5D
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 10C
    """, "meld 7C 7H 7D")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1, (RULE, melds(after, "NS"))     # one meld, never two
    assert len(sevens[0]) == 6, RULE


def test_meld_one_per_rank_partner_cards_join_too():
    RULE = "meld.one-per-rank"
    # N started the sevens; S's single seven joins that meld
    after = play("""
        turn: S drawn
        opened: N
        S: 7C 4C 5D
        NS: 7H 7D 7S
        EW: QH QD QS
        pile: 10C
    """, "meld 7C")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1 and len(sevens[0]) == 4, RULE


INITIAL = """
    turn: S drawn
    score: NS %d, EW 0
    S: AH AD JK 2C KH KS KD 7H 7D 7S 7C 8H 8D 8S 5H 5D 5S 4C
    NS: -
    EW: QH QD QS
    pile: 6C
"""

INITIAL_CASES = [
    # (id, NS score, move, legal?)
    ("meld.initial-0-needs-50-45-refused", 0, "meld 7H 7D 7S; 8H 8D 8S", False),
    ("meld.initial-0-needs-50-exactly-50", 0, "meld KH KS KD; 7H 7D 7S 7C", True),
    ("meld.initial-0-one-meld-of-30-refused", 0, "meld KH KS KD", False),
    ("meld.initial-0-15-refused", 0, "meld 5H 5D 5S", False),
    ("meld.initial-minus5-needs-15", -5, "meld 5H 5D 5S", True),
    ("meld.initial-minus200-needs-15", -200, "meld 5H 5D 5S", True),
    ("meld.initial-1495-needs-50", 1495, "meld AH AD 2C", True),
    ("meld.initial-1500-needs-90-60-refused", 1500, "meld AH AD 2C", False),
    ("meld.initial-1500-needs-90-exactly-90", 1500, "meld AH AD JK", True),
    ("meld.initial-2995-needs-90", 2995, "meld AH AD JK", True),
    ("meld.initial-3000-needs-120-90-refused", 3000, "meld AH AD JK", False),
    ("meld.initial-3000-needs-120-105-refused", 3000, "meld AH AD JK; 7H 7D 7S", False),
    ("meld.initial-3000-needs-120-exactly-120", 3000, "meld AH AD JK; KH KS KD", True),
    ("meld.initial-4000-needs-120", 4000, "meld AH AD JK; KH KS KD", True),
]


@pytest.mark.parametrize("score,move,legal", [c[1:] for c in INITIAL_CASES],
                         ids=[c[0] for c in INITIAL_CASES])
def test_meld_initial(score, move, legal):
    text = INITIAL % score
    if legal:
        assert_legal(text, move)
    else:
        assert_illegal(text, move, "meld.initial")


def test_meld_initial_team_already_melded_needs_no_minimum():
    RULE = "meld.initial"
    assert_legal("""
        turn: S drawn
        score: NS 3000, EW 0
        S: 5H 5D 5S 4C 6D
        NS: KH KS KD
        EW: QH QD QS
        pile: 6C
    """, "meld 5H 5D 5S")


def test_meld_initial_pile_top_counts_rest_of_pile_does_not():
    RULE = "meld.initial"
    text = """
        turn: S draw
        S: KH KS 7H 7D 7S 7C 4C
        NS: -
        EW: QH QD QS
        pile: AC AS 9C KD
    """
    # K K K = 30: the aces under the top card do not help
    assert_illegal(text, "take KH KS", "meld.initial")
    # K K K + 7 7 7 7 = 50, laid in the same action
    assert_legal(text, "take KH KS; 7H 7D 7S 7C")


def test_meld_initial_concealed_after_stock_draw_needs_no_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw")
    assert_legal(pos, "meld 5H 5H 5D 5D 5S 5S 5C")
    out = pos.play("meld 5H 5H 5D 5D 5S 5S 5C").play("discard 4C")
    assert phase(out) == "over", RULE


def test_meld_initial_same_melds_not_going_out_need_the_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S draw
        S: 5H 5H 5D 5D 5S 5S 5C 9H
        NS: -
        EW: QH QD QS
        pile: 9D
        stock: 4C + rest
    """, "draw")
    assert_illegal(pos, "meld 5H 5H 5D 5D 5S 5S 5C", "meld.initial")


def test_meld_initial_concealed_after_taking_the_pile_needs_the_minimum():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S draw
        S: 5D 5D 5S 5S 5C 5C
        NS: -
        EW: QH QD QS
        pile: 9C 5H
    """, "take 5D 5D 5S 5S 5C 5C", "meld.initial")


# ---------------------------------------------------------------------------
# canasta.* scoring
# ---------------------------------------------------------------------------

def _sheet(ns, s="4C", n="5D"):
    return tutor.score_hand(P("""
        turn: S melded
        S: %s
        N: %s
        NS: %s
        EW: -
        pile: 9C
    """ % (s, n, ns)))


def test_canasta_size_seven_cards_is_a_canasta():
    RULE = "canasta.size"
    sheet = _sheet("KH KH KS KS KD KD KC")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 70 - 10, RULE


def test_canasta_size_six_cards_is_not():
    RULE = "canasta.size"
    sheet = _sheet("KH KH KS KS KD KD")
    assert line_sum(sheet, "NS", CANASTA) == 0, RULE
    assert sheet["NS"].total == 60 - 10, RULE


def test_canasta_size_no_upper_limit_eight_cards_still_one_canasta():
    RULE = "canasta.size"
    sheet = _sheet("KH KH KS KS KD KD KC KC")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 80 - 10, RULE


def test_canasta_natural_500_not_300():
    RULE = "canasta.natural"
    sheet = _sheet("9H 9H 9S 9S 9D 9D 9C")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 70 - 10, RULE


def test_canasta_mixed_300_not_500():
    RULE = "canasta.mixed"
    sheet = _sheet("9H 9H 9S 9S 9D 9D 2C")
    assert line_sum(sheet, "NS", CANASTA) == 300, RULE
    assert sheet["NS"].total == 300 + 60 + 20 - 10, RULE


def test_canasta_mixed_wild_added_to_natural_canasta_makes_it_mixed():
    RULE = "canasta.mixed"
    after = play("""
        turn: S drawn
        S: JK 4C 6D
        N: 5D
        NS: KH KH KS KS KD KD KC
        EW: -
        pile: 9C
    """, "meld K: JK")
    sheet = tutor.score_hand(after)
    assert line_sum(sheet, "NS", CANASTA) == 300, RULE
    # 300 + 70 + 50 - (4C 6D 5D = 15)
    assert sheet["NS"].total == 300 + 70 + 50 - 15, RULE


def test_canasta_both_count_seven_kings_570():
    RULE = "canasta.both-count"
    sheet = _sheet("KH KH KS KS KD KD KC")
    assert line_sum(sheet, "NS", CANASTA) + line_sum(sheet, "NS", "score.table") == 570, RULE


# ---------------------------------------------------------------------------
# pile.take.whole (outcome)
# ---------------------------------------------------------------------------

def test_pile_take_whole_all_cards_come_and_top_is_melded():
    RULE = "pile.take.whole"
    after = play("""
        turn: S draw
        S: KH KS 4C
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 5C 8D 6H KD
    """, "take KH KS")
    assert pile(after) == [], RULE
    assert sorted(hand(after, "S")) == sorted(["4C", "5C", "8D", "6H"]), RULE
    kings = meld_of(after, "NS", "K")
    assert len(kings) == 1 and sorted(kings[0]) == sorted(["KH", "KS", "KD"]), RULE
    assert phase(after) in ("drawn", "melded")


# ---------------------------------------------------------------------------
# goout.* outcomes, hand.end.*
# ---------------------------------------------------------------------------

def test_goout_canasta_completed_in_the_going_out_turn():
    RULE = "goout.canasta"
    out = play("""
        turn: S drawn
        S: KC 9H 9D 9C 4C
        N: 5D
        NS: KH KH KS KS KD KD
        EW: QH QD QS
        pile: 6C
    """, "meld KC", "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_last_card_discard_of_last_card_ends_the_hand():
    RULE = "goout.last-card"
    out = play("""
        turn: S drawn
        S: 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_last_card_discard_with_cards_left_is_not_going_out():
    RULE = "goout.last-card"
    nxt = play("""
        turn: S drawn
        S: 4C 5C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "discard 4C")
    assert turn(nxt) == ("W", "draw"), RULE


def test_goout_no_discard_meld_all_ends_the_hand():
    RULE = "goout.no-discard"
    out = play("""
        turn: S drawn
        S: 9H 9D 9C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C")
    assert phase(out) == "over", RULE


def test_goout_ask_then_partner_answers():
    RULE = "goout.ask"
    pos = play("""
        turn: S drawn
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask")
    assert field(pos, "asked").lower().startswith("pending"), RULE
    assert_legal(pos, "yes")
    assert_legal(pos, "no")
    after_no = pos.play("no")
    # melding the nines would keep one card only: out of reach after "no"
    assert_illegal(after_no, "meld 9H 9D 9C", {"goout.keep-one", "goout.binding"})


def test_goout_binding_yes_then_out():
    RULE = "goout.binding"
    pos = play("""
        turn: S drawn
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask", "yes")
    assert_illegal(pos, "discard 4C", "goout.binding")
    out = pos.play("meld 9H 9D 9C").play("discard 4C")
    assert phase(out) == "over", RULE


def test_goout_binding_no_then_cannot_go_out():
    RULE = "goout.binding"
    pos = play("""
        turn: S drawn
        S: 9H 9D 9C 4C 5C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask", "no")
    # melding the nines leaves 4C 5C; discarding 4C would keep 5C: legal
    pos = pos.play("meld 9H 9D 9C")
    assert_legal(pos, "discard 4C")
    # no way out this turn is offered
    for m in tutor.legal_moves(pos):
        assert phase(pos.play(m)) != "over", (RULE, str(m))


CONCEALED_BASE = """
    turn: S drawn
    opened: N
    S: %s
    N: 5D
    NS: 8H 8D 8C
    EW: QH QD QS
    pile: 9C
"""


def test_goout_concealed_200_when_player_never_melded():
    RULE = "goout.concealed"
    out = play(CONCEALED_BASE % "KH KH KS KS KD KD KC 4C",
               "meld KH KH KS KS KD KD KC", "discard 4C")
    assert phase(out) == "over"
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 - 5, RULE


def test_goout_concealed_not_when_player_melded_earlier_100():
    RULE = "goout.concealed"
    out = play(("""
        turn: S drawn
        opened: N S
        S: %s
        N: 5D
        NS: 8H 8D 8C
        EW: QH QD QS
        pile: 9C
    """) % "KH KH KS KS KD KD KC 4C", "meld KH KH KS KS KD KD KC", "discard 4C")
    sheet = tutor.score_hand(out)
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert sheet["NS"].total == 100 + 500 + 70 + 30 - 5, RULE


def test_hand_end_out_hand_over_after_going_out():
    RULE = "hand.end.out"
    out = play("""
        turn: S drawn
        S: 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "discard 4C")
    assert phase(out) == "over", RULE
    assert turn(out)[0] == "S", RULE


def test_hand_end_out_no_move_after_the_hand_ended():
    RULE = "hand.end.out"
    out = play("""
        turn: S drawn
        S: 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "discard 4C")
    assert_illegal(out, "draw", "hand.end.out")
    assert list(tutor.legal_moves(out)) == [], RULE


STOCK_EMPTY = """
    turn: S draw
    S: 4C 6D
    N: 7C
    NS: 9H 9S 9C
    NS red3: 3H
    EW: QH QD QS
    EW red3: 3H 3D 3D
    pile: %s
    stock: -
"""


def test_hand_end_stock_must_take_when_top_fits_team_meld():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 9D")
    assert_illegal(text, "draw", "hand.end.stock")
    assert_legal(text, "take")


def test_hand_end_stock_may_decline_when_top_does_not_fit():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 8D")
    assert_legal(text, "draw")
    assert phase(P(text).play("draw")) == "over", RULE


def test_hand_end_stock_may_decline_when_pile_frozen():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "2C 5C 9D")
    assert_legal(text, "draw")
    assert phase(P(text).play("draw")) == "over", RULE


def test_hand_end_stock_no_going_out_bonus():
    RULE = "hand.end.stock"
    text = full_deal(STOCK_EMPTY % "5C 8D")
    over = P(text).play("draw")
    sheet = tutor.score_hand(over)
    assert line_sum(sheet, "NS", GOING_OUT) == 0, RULE
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE
    # NS: 9 9 9 = 30, red three 100, hands 4C 6D 7C = -15
    assert sheet["NS"].total == 30 + 100 - 15, RULE


def test_hand_end_stock_red_three_as_last_card_ends_the_hand():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: 9H 9S 9C
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 8D
        stock: 3H
    """)
    over = P(text).play("draw")
    assert "3H" in red3(over, "NS"), RULE
    assert phase(over) == "over", RULE


# ---------------------------------------------------------------------------
# score.* and game.end
# ---------------------------------------------------------------------------

def _out_sheet():
    out = play("""
        turn: S drawn
        S: 9H 9D 9C 4C
        N: 5D 6D
        NS: AH AH AD AD AS AS AC
        NS red3: 3H
        EW: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    return tutor.score_hand(out)


def test_score_going_out_100_to_the_team_out():
    RULE = "score.going-out"
    sheet = _out_sheet()
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert "score.going-out" in line_ids(sheet, "NS"), RULE


def test_score_going_out_nothing_to_the_other_team():
    RULE = "score.going-out"
    sheet = _out_sheet()
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE


def test_score_canastas_natural_and_mixed_added():
    RULE = "score.canastas"
    sheet = _sheet("KH KH KS KS KD KD KC; 9H 9H 9S 9S 9D 9D 2C")
    assert line_sum(sheet, "NS", CANASTA) == 800, RULE


def test_score_red_threes_counted_as_red3_score():
    RULE = "score.red-threes"
    sheet = _out_sheet()
    assert line_sum(sheet, "NS", RED3_IDS) == 100, RULE


def test_score_table_card_points_of_melds():
    RULE = "score.table"
    sheet = _out_sheet()
    # aces 7 x 20 = 140, nines 30
    assert line_sum(sheet, "NS", "score.table") == 170, RULE


def test_score_total_of_a_hand_going_out():
    RULE = "score.going-out"
    sheet = _out_sheet()
    # 100 out + 500 canasta + 170 table + 100 red three - (5D 6D = 10)
    assert sheet["NS"].total == 100 + 500 + 170 + 100 - 10, RULE


def test_score_hand_minus_cards_left_can_be_negative():
    RULE = "score.hand"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: JK AH 4C
        N: KD 3S
        NS: -
        EW: QH QD QS
        pile: 9C
    """))
    assert line_sum(sheet, "NS", "score.hand") == -(50 + 20 + 5 + 10 + 5), RULE
    assert sheet["NS"].total == -90, RULE


def test_game_end_scores_added_to_running_totals():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, finished
    hand_pos = finished(HAND_NS_OUT)
    sheet = tutor.score_hand(hand_pos)
    assert (sheet["NS"].total, sheet["EW"].total) == (1235, 1130), RULE
    game = tutor.Game()
    game.add_hand(hand_pos)
    game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (2470, 2260), RULE
    assert not game.is_over, RULE


def test_game_end_not_over_below_5000_over_at_5000():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, finished
    game = tutor.Game()
    for _ in range(4):
        game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (4940, 4520)
    assert not game.is_over and game.winner is None, RULE
    game.add_hand(finished(HAND_NS_OUT))
    assert tuple(game.totals) == (6175, 5650)
    assert game.is_over and game.winner == "NS" and game.margin == 525, RULE


def test_game_end_equal_totals_are_a_drawn_game():
    RULE = "game.end"
    from rulebook_helpers import HAND_NS_OUT, HAND_EW_OUT, HAND_EQUAL, finished
    game = tutor.Game()
    for text in (HAND_NS_OUT, HAND_EW_OUT, HAND_NS_OUT, HAND_EW_OUT):
        game.add_hand(finished(text))
    assert tuple(game.totals) == (4730, 4730)
    assert not game.is_over
    game.add_hand(finished(HAND_EQUAL))
    assert tuple(game.totals) == (5390, 5390)
    assert game.is_over, RULE
    assert game.winner is None and game.is_draw, RULE


def test_turn_discard_forbids_two_cards():
    RULE = "turn.discard"
    pos = P("""
        turn: S melded
        S: 4C 5D 6H
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
    """)
    # "discard 4C 5D" is not a move of NOTATION.md: the engine may refuse it as
    # bad move text (a ValueError) or rule it illegal under turn.discard
    try:
        r = tutor.judge(pos, "discard 4C 5D")
    except ValueError as e:
        assert "one card" in str(e), (RULE, str(e))
    else:
        assert r.legal is False and r.rule == RULE, (r.legal, r.rule)


def test_turn_discard_exactly_one_card_leaves_and_the_turn_ends():
    RULE = "turn.discard"
    after = play("""
        turn: S melded
        S: 4C 5D 6H
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C 10D
    """, "discard 4C")
    assert sorted(hand(after, "S")) == ["5D", "6H"], RULE
    assert pile(after)[-1] == "4C", RULE
    assert turn(after) == ("W", "draw"), RULE
    # and S cannot meld any more: it is W's turn, before drawing
    assert_illegal(after, "meld KC", {"turn.draw", "turn.order", "turn.own-cards"})


# ---------------------------------------------------------------------------
# More situations read straight from the rule texts
# ---------------------------------------------------------------------------

OPEN_DRAWN = """
    turn: S drawn
    S: 9H 9S 4C 5D 6H
    NS: KH KS KD
    EW: QH QD QS
    pile: 5C 8D 9D
"""


def test_turn_draw_forbids_drawing_twice():
    RULE = "turn.draw"
    assert_illegal(OPEN_DRAWN, "draw", RULE)


def test_turn_draw_forbids_taking_after_drawing():
    RULE = "turn.draw"
    assert_illegal(OPEN_DRAWN, "take 9H 9S", RULE)


def test_turn_draw_forbids_asking_before_drawing():
    RULE = "turn.draw"
    # "Nothing else may happen first"; goout.ask: "After drawing or taking the pile"
    assert_illegal("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "ask", {"turn.draw", "goout.ask"})


def test_goout_ask_allowed_right_after_taking_the_pile():
    RULE = "goout.ask"
    pos = play("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 9H 9S")
    assert_legal(pos, "ask")


def test_goout_ask_only_once_even_after_yes():
    RULE = "goout.ask"
    assert_illegal("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask", RULE)


def test_pile_take_frozen_two_naturals_join_the_team_meld():
    RULE = "pile.take.frozen"
    text = """
        turn: S draw
        S: 9H 9S 4C 5D
        NS: 9C 9C 9D
        EW: QH QD QS
        pile: 5C 2C 8D 9D
    """
    assert_legal(text, "take 9H 9S", RULE)
    after = play(text, "take 9H 9S")
    nines = meld_of(after, "NS", "9")
    assert len(nines) == 1 and len(nines[0]) == 6, ("meld.one-per-rank", melds(after, "NS"))


def test_pile_frozen_wild_ends_when_the_pile_is_taken():
    RULE = "pile.frozen.wild"
    pos = play("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        W: 4D JK 5H 7S
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
    """, "take 9H 9S", "discard 4C")
    assert turn(pos) == ("W", "draw")
    assert pile(pos) == ["4C"]
    # the new pile holds no wild card: unfrozen for EW, who have melded
    assert_legal(pos, "take 4D JK", "pile.take.unfrozen")


def test_goout_keep_one_applies_to_taking_the_pile():
    RULE = "goout.keep-one"
    # no canasta: taking with 9H 9S would leave only 4C, to be discarded
    assert_illegal("""
        turn: S draw
        S: 9H 9S 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 9D
    """, "take 9H 9S", RULE)


def test_red3_drawn_replacement_red_three_laid_out_too():
    RULE = "red3.drawn"
    after = play("""
        turn: S draw
        S: 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 10C
        stock: 3H 3D 9C + rest
    """, "draw")
    assert sorted(red3(after, "NS")) == ["3D", "3H"], RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "9C"], RULE


def test_meld_initial_red_threes_do_not_count():
    RULE = "meld.initial"
    assert_illegal("""
        turn: S drawn
        S: 7H 7D 7S 8H 8D 8S 4C 6D
        NS: -
        NS red3: 3H 3D
        EW: QH QD QS
        pile: 9C
    """, "meld 7H 7D 7S; 8H 8D 8S", RULE)


def test_goout_concealed_needs_a_complete_canasta_in_the_players_own_melds():
    RULE = "goout.concealed"
    # S never melded, the team's canasta is N's; S melds three nines and
    # discards: S goes out, but not concealed (no complete canasta of S's own)
    out = play("""
        turn: S drawn
        opened: N
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_goout_concealed_not_when_partner_canasta_completed_by_player():
    RULE = "goout.concealed"
    # completing the partner's canasta is adding to the partner's melds
    out = play("""
        turn: S drawn
        opened: N
        S: KC 9H 9D 9C 4C
        N: 5D
        NS: KH KH KS KS KD KD
        EW: QH QD QS
        pile: 6C
    """, "meld KC", "meld 9H 9D 9C", "discard 4C")
    assert phase(out) == "over"
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_hand_end_stock_play_goes_on_after_forced_take():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 4C 6D 7H
        N: 7C
        NS: 9H 9S 9C
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 9D
        stock: -
    """)
    pos = play(text, "take", "discard 4C")
    assert turn(pos) == ("W", "draw"), RULE


# ---- general contract checks over every staged judge case -----------------

@pytest.mark.parametrize("rule_id,kind,text,move,legal,rule", CASES, ids=[_case_id(c) for c in CASES])
def test_round_trip_and_legal_moves_agree_with_judge(rule_id, kind, text, move, legal, rule):
    pos = P(text)
    assert tutor.Position.parse(pos.to_text()) == pos, rule_id
    before = pos.to_text()
    moves = list(tutor.legal_moves(pos))
    for m in moves[:40]:
        r = tutor.judge(pos, m)
        assert r.legal is True, (rule_id, str(m), r.rule)
    if not legal:
        assert move not in [str(m) for m in moves], (rule_id, move)
    try:
        pos.play(move)
    except tutor.IllegalMove:
        pass
    assert pos.to_text() == before, "play() changed the position it was called on"


def test_explain_names_the_cards_of_this_position():
    r = J("""
        turn: S draw
        S: 9H 9S JK 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
    """, "take 9H JK")
    text = r.explain()
    assert isinstance(text, str) and text.strip()
    low = text.lower()
    assert "9h" in low or "joker" in low or "jk" in low or "nine" in low, text


def test_goout_binding_after_yes_every_step_must_keep_going_out_possible():
    RULE = "goout.binding"
    pos = P("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 5C 5D 5S 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """)
    assert_illegal(pos, "discard 4C", RULE)
    pos = pos.play("meld 9H 9D 9C")
    assert_illegal(pos, "discard 5C", RULE)          # would keep 5D 5S 4C: stays in
    pos = pos.play("meld 5C 5D 5S")
    out = pos.play("discard 4C")
    assert phase(out) == "over", RULE


def test_meld_threes_with_other_melds_in_the_going_out_action():
    RULE = "meld.threes"
    text = """
        turn: S drawn
        S: 3C 3C 3S 9H 9D 9C 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    assert_legal(text, "meld 9H 9D 9C; 3C 3C 3S")
    out = play(text, "meld 9H 9D 9C", "meld 3C 3C 3S", "discard 4C")
    assert phase(out) == "over", RULE
    sheet = tutor.score_hand(out)
    # aces 140 + nines 30 + black threes 3 x 5 = 185 on the table
    assert line_sum(sheet, "NS", "score.table") == 185, ("score.table", RULE)


def test_turn_own_cards_in_a_take():
    RULE = "turn.own-cards"
    assert_illegal("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 9H 9H", RULE)


def test_legal_moves_frozen_pile_offers_natural_take_only_once():
    RULE = "pile.take.frozen"
    pos = P("""
        turn: S draw
        S: 9H 9S 9C JK 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 2C 8D 9D
    """)
    takes = [str(m) for m in tutor.legal_moves(pos) if str(m).startswith("take")]
    two = [t for t in takes if len(cards_in(t[4:].split(";")[0])) == 2]
    # three ways to pick two nines by suit: listed once (NOTATION.md)
    assert len(two) == 1, takes
    # every take holds a natural pair of nines from hand (a wild card may join
    # the meld, but never stands in for one of the pair: "wild cards do not help")
    for t in takes:
        used = cards_in(t[4:].split(";")[0])
        assert sum(1 for c in used if c not in WILD and rank(c) == "9") >= 2, (RULE, t)
    assert "draw" in [str(m) for m in tutor.legal_moves(pos)]


def test_staged_finished_hand_scores_going_out():
    RULE = "score.going-out"
    base = """
        turn: S over
        out: %s
        S: -
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    pos = P(base % "S")
    sheet = tutor.score_hand(pos)
    assert line_sum(sheet, "NS", GOING_OUT) == 100, RULE
    assert line_sum(sheet, "EW", GOING_OUT) == 0, RULE


def test_meld_one_per_rank_two_groups_of_one_rank_in_one_action_merge():
    RULE = "meld.one-per-rank"
    text = """
        turn: S drawn
        S: 7H 7D 7S 7C 7C 2C 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9C
    """
    after = play(text, "meld 7H 7D 7S; 7C 7C 2C")
    sevens = meld_of(after, "NS", "7")
    assert len(sevens) == 1 and len(sevens[0]) == 6, (RULE, melds(after, "NS"))


def test_meld_max_wilds_counts_the_merged_meld():
    RULE = "meld.max-wilds"
    # the new group 7S 7C JK JK is a fine meld on its own, but it joins the
    # team's sevens, which already hold two wild cards: four in all
    assert_illegal("""
        turn: S drawn
        S: 7S 7C JK JK 4C 5D
        NS: 7H 7D 2C 2D
        EW: QH QD QS
        pile: 9C
    """, "meld 7S 7C JK JK", RULE)


def test_meld_max_wilds_merged_three_is_fine():
    RULE = "meld.max-wilds"
    assert_legal("""
        turn: S drawn
        S: 7S 7C JK 4C 5D
        NS: 7H 7D 2C 2D
        EW: QH QD QS
        pile: 9C
    """, "meld 7S 7C JK")


def test_meld_max_wilds_in_an_unfrozen_take():
    RULE = "meld.max-wilds"
    # the top nine with 9H JK joins the team's nines, which hold three wilds
    assert_illegal("""
        turn: S draw
        S: 9H JK 4C 5D 6H
        NS: 9S 9C 2C 2D 2H
        EW: QH QD QS
        pile: 5C 8D 9D
    """, "take 9H JK", RULE)


def test_pile_frozen_wild_by_a_discarded_wild_card():
    RULE = "pile.frozen.wild"
    pos = play("""
        turn: S melded
        S: JK 4C 5D
        N: 9H 2D 4D 6S
        W: 9C 6H 7H 8S
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D
        stock: 10H + rest
    """, "discard JK")
    assert turn(pos) == ("W", "draw")
    # the joker on top: W cannot take at all
    assert_illegal(pos, "take 6H 7H", {"pile.take.top-natural"})
    pos = pos.play("draw").play("discard 9C")
    assert turn(pos) == ("N", "draw")
    # the joker is covered but still in the pile: frozen for N's team too
    assert_illegal(pos, "take 9H 2D", {"pile.take.frozen", "pile.frozen.wild"})


def test_pile_black_three_only_blocks_until_covered_in_play():
    RULE = "pile.black-three"
    pos = play("""
        turn: S melded
        S: 3C 4C 5D
        N: 6H 6D 4D 7S
        W: 3S 6C 7H 8S
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 8D
        stock: 10H + rest
    """, "discard 3C")
    # W holds a black three too, but a black three on top cannot be taken
    assert_illegal(pos, "take 3S 6C", {"pile.black-three", "pile.take.top-natural"})
    pos = pos.play("draw").play("discard 6C")
    # covered by W's six: N may take it with a natural pair
    assert_legal(pos, "take 6H 6D")


def test_meld_initial_only_the_first_action_needs_the_minimum():
    RULE = "meld.initial"
    pos = play("""
        turn: S drawn
        S: KH KS KD 7H 7D 7S 7C 5H 5D 5S 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """, "meld KH KS KD; 7H 7D 7S 7C")
    assert_legal(pos, "meld 5H 5D 5S")


def test_meld_initial_uses_the_acting_teams_score():
    RULE = "meld.initial"
    text = """
        turn: S drawn
        score: NS 0, EW 3000
        S: KH KS KD 7H 7D 7S 7C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """
    assert_legal(text, "meld KH KS KD; 7H 7D 7S 7C")


def test_hand_end_stock_pair_take_is_not_forced():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 8H 8S 6D
        N: 7C
        NS: 9H 9S 9C
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 8D
        stock: -
    """)
    assert_legal(text, "draw")
    assert_legal(text, "take 8H 8S")


def test_hand_end_stock_ordinary_last_card_play_goes_on():
    RULE = "hand.end.stock"
    text = full_deal("""
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: 9H 9S 9C
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 8D
        stock: 10H
    """)
    pos = play(text, "draw")
    assert phase(pos) == "drawn", RULE
    pos = pos.play("discard 10H")
    assert turn(pos) == ("W", "draw"), RULE


def test_goout_binding_refuses_a_meld_that_makes_going_out_impossible():
    RULE = "goout.binding"
    text = """
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 2C 5H 5D 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    # going out: 9H 9D 9C; 5H 5D 2C; discard 4C.  Putting the two on the nines
    # leaves 5H 5D 4C, which can never go out this turn.
    assert_legal(text, "meld 9H 9D 9C")
    assert_illegal(text, "meld 9H 9D 9C 2C", RULE)
    out = play(text, "meld 9H 9D 9C; 5H 5D 2C", "discard 4C")
    assert phase(out) == "over", RULE


def test_goout_concealed_started_this_turn_staged_mid_turn():
    RULE = "goout.concealed"
    base = """
        turn: S melded
        opened: N
        %s
        S: 4C
        N: 5D
        NS: 8H 8D 8C; KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 9C
    """
    out = play(base % "started: K", "discard 4C")
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 200, RULE
    # without `started:` the kings are not S's own melds of this turn
    out = play(base % "", "discard 4C")
    assert line_sum(tutor.score_hand(out), "NS", GOING_OUT) == 100, RULE


def test_legal_moves_offer_a_multi_meld_first_action_only_when_needed():
    RULE = "meld.initial"
    pos = P("""
        turn: S drawn
        score: NS 0, EW 0
        S: KH KS KD 7H 7D 7S 7C 4C 6D
        NS: -
        EW: QH QD QS
        pile: 9C
    """)
    melds_ = [str(m) for m in tutor.legal_moves(pos) if str(m).startswith("meld")]
    assert melds_, "K K K + 7 7 7 7 reach 50 together: a legal first action exists"
    for m in melds_:
        assert ";" in m, (RULE, m)          # no single meld reaches 50 here
        assert tutor.judge(pos, m).legal


def test_card_spellings():
    RULE = "deck.cards"
    pos = P("""
        turn: S drawn
        S: th k\u2665 jk 9\u2660 10d
        NS: KH KS KD
        EW: -
        pile: 9C
    """)
    assert sorted(hand(pos, "S")) == sorted(["10H", "KH", "JK", "9S", "10D"])
    text = pos.to_text()
    s_line = [l for l in text.splitlines() if l.startswith("S:")][0]
    assert "10H" in s_line and "KH" in s_line and "JK" in s_line, s_line


def test_goout_no_discard_by_taking_the_pile():
    RULE = "goout.no-discard"
    text = """
        rules: %s
        turn: S draw
        S: 9H 9S
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 9D
    """
    out = play(text % "default", "take 9H 9S")
    assert phase(out) == "over", RULE
    assert_illegal(text % "go-out-without-discard=concealed-only", "take 9H 9S",
                   {"goout.no-discard", "goout.keep-one"})


def test_hand_end_stock_not_forced_when_pile_one_card_forbids():
    RULE = "hand.end.stock"
    # S holds one card and the pile is one card: pile.one-card forbids the
    # take, so S cannot take it and the hand ends
    text = full_deal("""
        turn: S draw
        S: 4C
        N: 7C
        NS: 9H 9S 9C; AH AH AD AD AS AS AC
        NS red3: 3H
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 9D
        stock: -
    """)
    assert_illegal(text, "take", "pile.one-card")
    assert_legal(text, "draw")
    assert phase(play(text, "draw")) == "over", RULE


def test_meld_initial_wilds_help_in_the_other_melds_of_a_frozen_take():
    RULE = "meld.initial"
    # frozen for NS (not melded): the top king needs K K from hand; the second
    # meld of the same action may hold a joker: 30 + 10 + 50 = 90 >= 50
    assert_legal("""
        turn: S draw
        S: KH KS 7H 7D JK 4C 6D
        NS: -
        EW: QH QD QS
        pile: 5C 9C KD
    """, "take KH KS; 7H 7D JK")


@pytest.mark.parametrize("card", ["2C", "JK", "3C"], ids=["turn.discard-two", "turn.discard-joker",
                                                         "turn.discard-black-three"])
def test_turn_discard_any_card_may_be_discarded(card):
    assert_legal("""
        turn: S drawn
        S: %s 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 9C
    """ % card, "discard %s" % card)


def test_goout_ask_allowed_without_a_canasta():
    RULE = "goout.ask"
    assert_legal("""
        turn: S drawn
        S: 9H 9D 9C 4C
        NS: KH KS KD
        EW: QH QD QS
        pile: 9S
    """, "ask")


def test_goout_ask_pending_waits_for_the_answer():
    RULE = "goout.ask"
    pos = P("""
        turn: S drawn
        asked: pending
        S: 9H 9D 9C 4C
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """)
    moves = {str(m) for m in tutor.legal_moves(pos)}
    assert {"yes", "no"} <= moves, moves
    r = tutor.judge(pos, "discard 4C")
    assert r.legal is False, "the partner answers before the player plays on"


def test_bookkeeping_every_rulebook_id_is_named_in_these_tests():
    """Every id in the tables of RULES.md (docs/RULES.md, the project's copy of the shared
    rulebook) appears literally in tests/rules."""
    import os
    import re as _re
    from rulebook_helpers import RULE_IDS
    here = os.path.dirname(os.path.abspath(__file__))
    src = "".join(open(os.path.join(here, f)).read() for f in os.listdir(here)
                  if f.startswith("test_") and f.endswith(".py"))
    path = os.path.join(here, "..", "..", "docs", "RULES.md")
    ids = {i for i in _re.findall(r"^\| `([a-z0-9.\-]+)` \|", open(path).read(), _re.M)
           if "." in i or i == "game.end"}
    assert ids == RULE_IDS, ids ^ RULE_IDS
    missing = [i for i in sorted(RULE_IDS) if '"%s' % i not in src]
    assert not missing, missing


def test_red3_no_meld_unseen_hands_never_hold_red_threes():
    RULE = "red3.no-meld"
    for seed in range(0, 25):
        pos = P("""
            turn: E drawn
            S: 4C
            NS: KH KS KD
            EW: -
            pile: 9C
            seed: %d
        """ % seed)
        for m in tutor.legal_moves(pos):
            t = str(m).upper()
            assert "3H" not in t and "3D" not in t, (RULE, seed, t)


def test_goout_canasta_the_opponents_canasta_does_not_count():
    RULE = "goout.canasta"
    assert_illegal("""
        turn: S melded
        S: 4C
        N: 5D
        NS: 9H 9S 9C
        EW: QH QH QD QD QS QS QC
        pile: 6C
    """, "discard 4C", RULE)


def test_pile_frozen_team_red_threes_are_not_a_meld():
    RULE = "pile.frozen.team"
    assert_illegal("""
        turn: S draw
        S: AH JK 4C 5D
        NS: -
        NS red3: 3H
        EW: QH QD QS
        pile: 5C 8D AD
    """, "take AH JK", {"pile.frozen.team", "pile.take.frozen"})


def test_pile_frozen_wild_a_black_three_inside_does_not_freeze():
    RULE = "pile.frozen.wild"
    assert_legal("""
        turn: S draw
        S: 9H JK 4C 5D
        NS: KH KS KD
        EW: QH QD QS
        pile: 5C 3C 8D 9D
    """, "take 9H JK", "pile.take.unfrozen")


@pytest.mark.parametrize("card", ["JK", "2D", "3S"], ids=["goout.last-card-joker",
                                                         "goout.last-card-two",
                                                         "goout.last-card-black-three"])
def test_goout_last_card_may_be_any_card(card):
    text = """
        turn: S melded
        S: %s
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """ % card
    assert_legal(text, "discard %s" % card)
    assert phase(play(text, "discard %s" % card)) == "over"


def _signature(move_text):
    verb, _, rest = str(move_text).strip().partition(" ")
    groups = []
    for seg in rest.split(";"):
        seg = seg.strip()
        if not seg:
            continue
        target = ""
        if ":" in seg:
            target, seg = seg.split(":", 1)
            target = target.strip().upper()
        ranks = sorted(c if c in WILD else rank(c) for c in cards_in(seg))
        groups.append((target, tuple(ranks)))
    return verb.lower(), tuple(sorted(groups))


LISTABLE = [c for c in CASES if c[4] and c[3].split()[0] in ("take", "draw", "ask", "yes", "no",
                                                             "discard", "meld")]


@pytest.mark.parametrize("rule_id,kind,text,move,legal,rule", LISTABLE,
                         ids=[_case_id(c) for c in LISTABLE])
def test_legal_moves_list_the_legal_move(rule_id, kind, text, move, legal, rule):
    pos = P(text)
    sigs = {_signature(m) for m in tutor.legal_moves(pos)}
    assert _signature(move) in sigs, (rule_id, move, sorted(str(m) for m in tutor.legal_moves(pos)))


def test_meld_threes_may_come_first_in_the_going_out_turn():
    RULE = "meld.threes"
    # RULES.md: "Black threes may be melded only in the turn the player goes
    # out" -- the order of the melds inside that turn is not regulated, and
    # NOTATION.md lays melds "one after another".  After the threes, S can
    # still go out this turn (meld the nines, discard 4C).
    text = """
        turn: S drawn
        S: 3C 3C 3S 9H 9D 9C 4C
        N: 6D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """
    assert_legal(text, "meld 3C 3C 3S")
    pos = play(text, "meld 3C 3C 3S")
    # having melded black threes, S must go out this turn
    assert_illegal(pos, "discard 4C", {"meld.threes", "goout.binding"})
    out = pos.play("meld 9H 9D 9C").play("discard 4C")
    assert phase(out) == "over", RULE


def test_red3_drawn_not_the_last_card_play_goes_on():
    RULE = "red3.drawn"
    text = full_deal("""
        turn: S draw
        S: 4C 6D
        N: 7C
        NS: 9H 9S 9C
        EW: QH QD QS
        EW red3: 3H 3D 3D
        pile: 5C 8D
        stock: 3H 10H
    """)
    pos = play(text, "draw")
    assert "3H" in red3(pos, "NS"), RULE
    assert sorted(hand(pos, "S")) == ["10H", "4C", "6D"], RULE
    assert phase(pos) == "drawn", ("hand.end.stock", "only a red three as LAST card ends it")


def test_goout_binding_legal_moves_after_yes_never_stay_in():
    RULE = "goout.binding"
    pos = play("""
        turn: S drawn
        S: 9H 9D 9C 4C
        N: 5D
        NS: AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 6C
    """, "ask", "yes")
    moves = [str(m) for m in tutor.legal_moves(pos)]
    assert moves, RULE
    assert not [m for m in moves if m.startswith("discard")], (RULE, moves)


def test_staged_concealed_out_scores_200():
    RULE = "goout.concealed"
    pos = P("""
        turn: S over
        out: S concealed
        S: -
        N: 5D
        NS: 8H 8D 8C; KH KH KS KS KD KD KC
        EW: QH QD QS
        pile: 9C
    """)
    sheet = tutor.score_hand(pos)
    assert line_sum(sheet, "NS", GOING_OUT) == 200, RULE
    assert sheet["NS"].total == 200 + 500 + 70 + 30 - 5, RULE


def test_deal_order_the_deal_rotates_between_hands_of_a_game():
    RULE = "deal.order"
    # "The deal rotates clockwise; the player left of the dealer starts":
    # hand 1 starts with N (dealer W), hand 2 with E (dealer N), hand 3 with S.
    from rulebook_helpers import HAND_NS_OUT, finished
    game = tutor.Game()
    first = game.next_deal(seed=1)
    assert turn(first) == ("N", "draw"), RULE
    game.add_hand(finished(HAND_NS_OUT))
    second = game.next_deal(seed=2)
    assert field(second, "score").replace(" ", "") == "NS1235,EW1130", "meld.initial follows totals"
    assert turn(second) == ("E", "draw"), RULE
    game.add_hand(finished(HAND_NS_OUT))
    third = game.next_deal(seed=3)
    assert turn(third) == ("S", "draw"), RULE


# ---------------------------------------------------------------------------
# Invariants of the rulebook along random legal play from real deals
# ---------------------------------------------------------------------------

def _all_cards_of(pos):
    out = []
    for key in ("N", "E", "S", "W", "NS", "EW", "NS red3", "EW red3", "pile", "stock"):
        out += cards_in(field(pos, key))
    return out


def _check_invariants(pos, where):
    from collections import Counter
    cards = _all_cards_of(pos)
    # deck.cards: every card of the 108 somewhere, none more often than the deck holds
    assert len(cards) == 108, ("deck.cards", where, len(cards))
    cnt = Counter(cards)
    assert all(n <= (4 if c == "JK" else 2) for c, n in cnt.items()), ("deck.cards", where)
    for s in "NESW":
        assert not any(c in RED3 for c in hand(pos, s)), ("red3.no-meld", where, s)
    for team in ("NS", "EW"):
        ranks = []
        for m in melds(pos, team):
            assert not any(c in RED3 for c in m), ("red3.no-meld", where, m)
            nat = [c for c in m if c not in WILD]
            wild = [c for c in m if c in WILD]
            assert len(m) >= 3, ("meld.size", where, m)
            assert len(nat) >= 2, ("meld.naturals", where, m)
            assert len(wild) <= 3, ("meld.max-wilds", where, m)
            assert len({rank(c) for c in nat}) == 1, ("meld.size", where, m)
            if rank(nat[0]) == "3":
                assert not wild, ("meld.threes", where, m)
            ranks.append(rank(nat[0]))
        assert len(ranks) == len(set(ranks)), ("meld.one-per-rank", where, team, ranks)


NEXT = {"N": "E", "E": "S", "S": "W", "W": "N"}


@pytest.mark.parametrize("seed", range(6), ids=["invariants-seed%d" % s for s in range(6)])
def test_random_legal_play_keeps_the_rulebook_invariants(seed):
    import random
    rnd = random.Random(seed)
    pos = tutor.deal(seed=seed)
    _check_invariants(pos, "deal")
    for step in range(120):
        if phase(pos) == "over":
            break
        moves = list(tutor.legal_moves(pos))
        assert moves, ("a position that is not over has a legal move", step)
        # prefer melds and takes now and then, so that the hand develops
        m = rnd.choice(moves)
        seat = turn(pos)[0]
        after = pos.play(m)
        text = str(m)
        where = "seed %d step %d %s: %s" % (seed, step, seat, text)
        _check_invariants(after, where)
        if text.startswith("discard") and phase(after) != "over":
            card = cards_in(text)[0]
            assert pile(after)[-1] == card, ("turn.discard", where)
            assert turn(after) == (NEXT[seat], "draw"), ("deal.order", where)
        pos = after


def test_pile_black_three_as_upcard_blocks_the_first_player():
    RULE = "pile.black-three"
    found = 0
    for seed in range(0, 80):
        pos = tutor.deal(seed=seed)
        p = pile(pos)
        if p and rank(p[-1]) == "3":
            found += 1
            takes = [str(m) for m in tutor.legal_moves(pos) if str(m).startswith("take")]
            assert not takes, (RULE, seed, takes)
            assert_illegal(pos, "take", {"pile.black-three", "pile.take.top-natural"})
    assert found, "no deal with a black three upcard in 80 seeds"
