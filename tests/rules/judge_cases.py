"""The judge table of the rulebook tests: (rule id, permits|forbids, position, move,
legal?, rule expected) for the move rules of docs/RULES.md, each way.

rule expected: an id, a set of acceptable ids where the rulebook names two rules for the
very same refusal, or None (legal: no rule asserted).

Each rule family's test module (test_turn.py, test_melds.py, ...) runs the cases of its
ids with one line, `TestJudgeTable = judge_table_tests("turn.")`: the class runs each case
through check_judged, check_round_trip and check_listed. test_rulebook_coverage.py checks
that every case is filed under exactly one family.
"""
import pytest
import tutor
from positions import ACES_OUT_TABLE, ASKED_PENDING, KINGS_TABLE, MELDED_NOT_ASKED, stage
from rulebook_helpers import P, WILD, assert_illegal, assert_legal, cards_in, rank

# ---------------------------------------------------------------------------
# Judge cases: (rule id, permits|forbids, position, move, legal?, rule expected)
# rule expected: an id, a set of acceptable ids where the rulebook names two
# rules for the very same refusal, or None (legal: no rule asserted).
# ---------------------------------------------------------------------------

CASES = [
    # ---- turn ------------------------------------------------------------
    ("turn.draw", "permits", stage("""
        turn: S draw
        S: 9H 9D 9C 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "draw", True, None),
    ("turn.draw", "forbids-meld-first", stage("""
        turn: S draw
        S: 9H 9D 9C 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9C", False, "turn.draw"),
    ("turn.draw", "forbids-discard-first", stage("""
        turn: S draw
        S: 9H 9D 9C 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "discard 4C", False, "turn.draw"),
    ("turn.meld", "permits", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9C", True, None),
    ("turn.meld", "permits-add-to-team-meld", stage("""
        turn: S melded
        S: KC 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld KC", True, None),
    ("turn.meld", "forbids-before-drawing", stage("""
        turn: S draw
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9C", False, {"turn.draw", "turn.meld"}),
    ("turn.discard", "permits", stage("""
        turn: S melded
        S: 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "discard 4C", True, None),
    ("turn.order", "permits-partner-answers", ASKED_PENDING, "yes", True, None),
    ("turn.order", "forbids-partner-unasked", """
        turn: S drawn
        asked: -
        S: 9H 9D 9C 4C
        NS: KH KS KD; AH AH AD AD AS AS AC
        EW: QH QD QS
        pile: 10C 10D
     """, "yes", False, "turn.order"),
    ("turn.own-cards", "permits", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9C", True, None),
    ("turn.own-cards", "forbids-card-not-held", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9S", False, "turn.own-cards"),
    ("turn.own-cards", "forbids-same-card-twice", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9H 9D", False, "turn.own-cards"),
    ("turn.own-cards", "forbids-discard-not-held", stage("""
        turn: S melded
        S: 9H 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "discard 8S", False, "turn.own-cards"),

    # ---- melds -----------------------------------------------------------
    ("meld.size", "permits-three", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 9C", True, None),
    ("meld.size", "forbids-two", stage("""
        turn: S drawn
        S: 9H 9D 9C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D", False, "meld.size"),
    ("meld.size", "forbids-mixed-ranks", stage("""
        turn: S drawn
        S: 9H 9D 8C 4C 5D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 8C", False, "meld.size"),
    ("meld.naturals", "permits-two-naturals-one-wild", stage("""
        turn: S drawn
        S: 9H 9D 2C 2D 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 9D 2C", True, None),
    ("meld.naturals", "forbids-one-natural", stage("""
        turn: S drawn
        S: 9H 9D 2C 2D 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9H 2C 2D", False, "meld.naturals"),
    ("meld.max-wilds", "permits-three-wilds", stage("""
        turn: S drawn
        S: 5H 5D 2C 2D JK 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 5H 5D 2C 2D JK", True, None),
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
    ("meld.max-wilds", "forbids-four-wilds-new-meld", stage("""
        turn: S drawn
        S: 5H 5D 2C 2D 2H JK 4C
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 5H 5D 2C 2D 2H JK", False, "meld.max-wilds"),
    ("meld.wild-alone", "permits-wild-joins-meld", stage("""
        turn: S drawn
        S: 2C 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld K: 2C", True, None),
    ("meld.wild-alone", "forbids-all-wild-meld", stage("""
        turn: S drawn
        S: 2C 2D JK 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 2C 2D JK", False, "meld.wild-alone"),
    ("meld.wild-alone", "forbids-wild-to-missing-meld", stage("""
        turn: S drawn
        S: 2C 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld 9: 2C", False, "meld.wild-alone"),
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
    ("meld.own-team", "permits-own-meld", stage("""
        turn: S drawn
        S: KC 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld KC", True, None),
    ("meld.own-team", "forbids-opponents-meld", stage("""
        turn: S drawn
        S: QC 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld Q: QC", False, "meld.own-team"),
    ("meld.own-team", "forbids-wild-on-opponents-meld", stage("""
        turn: S drawn
        S: 2C 4C 6D
    """, KINGS_TABLE, "pile: 10C 10D"), "meld Q: 2C", False, {"meld.own-team", "meld.wild-alone"}),
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
    ("pile.take.top-natural", "permits-natural-top", stage("""
        turn: S draw
        S: 9H 9S 4C
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 9H 9S", True, None),
    ("pile.take.top-natural", "forbids-wild-top", stage("""
        turn: S draw
        S: 9H 9S 4C
    """, KINGS_TABLE, "pile: 5C 9D 2C"), "take 9H 9S", False, "pile.take.top-natural"),
    ("pile.take.top-natural", "forbids-joker-top-with-meld", stage("""
        turn: S draw
        S: 9H 9S 4C
    """, KINGS_TABLE, "pile: 5C 9D JK"), "take", False, "pile.take.top-natural"),
    ("pile.black-three", "permits-covered-black-three", stage("""
        turn: S draw
        S: 6H 6D 4C
    """, KINGS_TABLE, "pile: 5C 3C 6S"), "take 6H 6D", True, None),
    ("pile.black-three", "forbids-black-three-on-top", stage("""
        turn: S draw
        S: 3S 3C 4C
    """, KINGS_TABLE, "pile: 5C 6S 3C"), "take 3S 3C", False, "pile.black-three"),
    ("pile.frozen.team", "permits-team-has-melded", stage("""
        turn: S draw
        S: AH JK 4C
    """, KINGS_TABLE, "pile: 5C 8D AD"), "take AH JK", True, None),
    ("pile.frozen.team", "forbids-team-not-melded", """
        turn: S draw
        S: AH JK 4C
        NS: -
        EW: QH QD QS
        pile: 5C 8D AD
     """, "take AH JK", False, {"pile.frozen.team", "pile.take.frozen"}),
    ("pile.frozen.wild", "permits-no-wild-in-pile", stage("""
        turn: S draw
        S: 9H JK 4C
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 9H JK", True, None),
    ("pile.frozen.wild", "forbids-wild-in-pile", stage("""
        turn: S draw
        S: 9H JK 4C
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"), "take 9H JK", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.frozen.wild", "forbids-red-three-in-pile", stage("""
        turn: S draw
        S: 9H JK 4C
    """, KINGS_TABLE, "pile: 3D 8D 9D"), "take 9H JK", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.frozen.wild", "forbids-even-with-team-meld", """
        turn: S draw
        S: 9H 4C
        NS: 9S 9C 9C
        EW: QH QD QS
        pile: 5C 2C 8D 9D
     """, "take", False, {"pile.take.frozen", "pile.frozen.wild"}),
    ("pile.take.frozen", "permits-two-naturals", stage("""
        turn: S draw
        S: 9H 9S JK 4C
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"), "take 9H 9S", True, "pile.take.frozen"),
    ("pile.take.frozen", "forbids-natural-and-joker", stage("""
        turn: S draw
        S: 9H 9S JK 4C
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"), "take 9H JK", False, "pile.take.frozen"),
    ("pile.take.unfrozen", "permits-natural-and-wild", stage("""
        turn: S draw
        S: 9H JK 4C
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 9H JK", True, "pile.take.unfrozen"),
    ("pile.take.unfrozen", "permits-adding-to-team-meld", stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, "pile: 5C 8D KC"), "take", True, "pile.take.unfrozen"),
    ("pile.take.unfrozen", "forbids-one-card-from-hand", stage("""
        turn: S draw
        S: 9H 4C 5D
    """, KINGS_TABLE, "pile: 5C 8D 9D"), "take 9H", False, {"pile.take.unfrozen", "meld.size"}),
    ("pile.take.whole", "forbids-keeping-top-card", """
        turn: S draw
        S: KH KS 4C
        NS: 9H 9S 9C
        EW: QH QD QS
        pile: 5C 8D KD
     """, "take", False, "pile.take.whole"),
    ("pile.empty", "permits-nonempty", stage("""
        turn: S draw
        S: 9H 9S 4C 5D
    """, KINGS_TABLE, "pile: 9D"), "take 9H 9S", True, None),
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
    ("goout.last-card", "permits-discard-last-card", stage("""
        turn: S drawn
        S: 4C
    """, ACES_OUT_TABLE), "discard 4C", True, None),
    ("goout.no-discard", "permits-meld-all-cards", stage("""
        turn: S drawn
        S: 9H 9D 9C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", True, None),
    ("goout.no-discard", "forbids-under-concealed-only-when-not-concealed", stage("""
        rules: go-out-without-discard=concealed-only
        turn: S drawn
        S: 9H 9D 9C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", False, "goout.no-discard"),
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
    ("goout.ask", "permits-right-after-drawing", stage("""
        turn: S drawn
        asked: -
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "ask", True, None),
    ("goout.ask", "forbids-after-melding", MELDED_NOT_ASKED, "ask", False, "goout.ask"),
    ("goout.ask", "forbids-twice", stage("""
        turn: S drawn
        asked: no
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "ask", False, "goout.ask"),
    ("goout.binding", "permits-going-out-after-yes", stage("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", True, None),
    ("goout.binding", "forbids-staying-in-after-yes", stage("""
        turn: S drawn
        asked: yes
        S: 9H 9D 9C 4C
    """, ACES_OUT_TABLE), "discard 4C", False, "goout.binding"),
    ("goout.binding", "forbids-going-out-after-no", stage("""
        turn: S drawn
        asked: no
        S: 9H 9D 9C
    """, ACES_OUT_TABLE), "meld 9H 9D 9C", False, "goout.binding"),
    ("goout.binding", "permits-playing-on-when-impossible-after-yes", stage("""
        turn: S drawn
        asked: yes
        S: 9H 4C 5D
    """, ACES_OUT_TABLE), "discard 4C", True, None),
]


# The family modules that run judge cases, and the rule-id prefixes each runs (the other
# families have no move rule in the table).
FAMILIES = {
    "test_turn.py": ("turn.",),
    "test_melds.py": ("meld.",),
    "test_canastas.py": ("canasta.",),
    "test_pile.py": ("pile.",),
    "test_going_out.py": ("goout.",),
}


def cases_of(*prefixes):
    """The cases whose rule id starts with one of `prefixes` (a rule family)."""
    return [c for c in CASES if c[0].startswith(prefixes)]


def case_id(c):
    return "%s-%s" % (c[0], c[1])


def case_ids(cases):
    return [case_id(c) for c in cases]


def check_judged(text, move, legal, rule):
    if legal:
        assert_legal(text, move, rule)
    else:
        assert_illegal(text, move, rule)


def check_round_trip(rule_id, text, move, legal, rule):
    """The position prints and parses back to itself, every listed move is judged legal,
    an illegal move is not listed, and play() leaves the position it was called on alone."""
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


def signature(move_text):
    """A move's verb and groups with the cards as ranks (suits aside), for comparing a
    staged move with the moves legal_moves lists."""
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


def listable(cases):
    """The legal cases whose move legal_moves lists (every verb it lists)."""
    return [c for c in cases if c[4] and c[3].split()[0] in ("take", "draw", "ask", "yes", "no",
                                                             "discard", "meld")]


def check_listed(rule_id, text, move):
    pos = P(text)
    sigs = {signature(m) for m in tutor.legal_moves(pos)}
    assert signature(move) in sigs, (rule_id, move, sorted(str(m) for m in tutor.legal_moves(pos)))


CASE_FIELDS = "rule_id,kind,text,move,legal,rule"


def judge_table_tests(*prefixes):
    """The judge table's tests of one rule family (the cases whose rule id starts with one
    of `prefixes`), as a test class for the family module to bind to `TestJudgeTable`:
    each case judged as the table says, the position round-tripped and its listed moves
    legal, and each legal case's move listed by legal_moves."""
    cases = cases_of(*prefixes)
    listed = listable(cases)

    class TestJudgeTable:
        CASES = cases
        PREFIXES = prefixes

        @pytest.mark.parametrize(CASE_FIELDS, cases, ids=case_ids(cases))
        def test_judge(self, rule_id, kind, text, move, legal, rule):
            check_judged(text, move, legal, rule)

        @pytest.mark.parametrize(CASE_FIELDS, cases, ids=case_ids(cases))
        def test_round_trip_and_legal_moves_agree_with_judge(self, rule_id, kind, text, move,
                                                             legal, rule):
            check_round_trip(rule_id, text, move, legal, rule)

        @pytest.mark.parametrize(CASE_FIELDS, listed, ids=case_ids(listed))
        def test_legal_moves_list_the_legal_move(self, rule_id, kind, text, move, legal, rule):
            check_listed(rule_id, text, move)

    return TestJudgeTable
