"""The discard pile: pile.take.whole, pile.take.top-natural, pile.black-three,
pile.frozen.team, pile.frozen.wild, pile.take.frozen, pile.take.unfrozen, pile.empty,
pile.one-card.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
The judge table's cases of these ids: judge_cases.py.
"""
import tutor
from rulebook_helpers import (J, P, WILD, assert_illegal, assert_legal, cards_in, hand,
                              meld_of, melds, phase, pile, play, rank, turn)
from positions import KINGS_TABLE, stage
from judge_cases import judge_table_tests


# ---- the judge table's cases of this family (judge_cases.py) ---------------------------

TestJudgeTable = judge_table_tests("pile.")


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
    pos = play(stage("""
        turn: S draw
        S: 9H 9S 4C 5D 6H
        W: 4D JK 5H 7S
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"), "take 9H 9S", "discard 4C")
    assert turn(pos) == ("W", "draw")
    assert pile(pos) == ["4C"]
    # the new pile holds no wild card: unfrozen for EW, who have melded
    assert_legal(pos, "take 4D JK", "pile.take.unfrozen")


def test_explain_names_the_cards_of_this_position():
    r = J(stage("""
        turn: S draw
        S: 9H 9S JK 4C
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"), "take 9H JK")
    text = r.explain()
    assert isinstance(text, str) and text.strip()
    # the cards offered, the top card and the wild card that freezes the pile, as printed
    for card in ("9♥", "joker", "9♦", "2♣"):
        assert card in text, (card, text)


def test_legal_moves_frozen_pile_offers_natural_take_only_once():
    RULE = "pile.take.frozen"
    pos = P(stage("""
        turn: S draw
        S: 9H 9S 9C JK 4C 5D
    """, KINGS_TABLE, "pile: 5C 2C 8D 9D"))
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


def test_pile_frozen_wild_by_a_discarded_wild_card():
    RULE = "pile.frozen.wild"
    pos = play(stage("""
        turn: S melded
        S: JK 4C 5D
        N: 9H 2D 4D 6S
        W: 9C 6H 7H 8S
    """, KINGS_TABLE, """
        pile: 5C 8D
        stock: 10H + rest
    """), "discard JK")
    assert turn(pos) == ("W", "draw")
    # the joker on top: W cannot take at all
    assert_illegal(pos, "take 6H 7H", {"pile.take.top-natural"})
    pos = pos.play("draw").play("discard 9C")
    assert turn(pos) == ("N", "draw")
    # the joker is covered but still in the pile: frozen for N's team too
    assert_illegal(pos, "take 9H 2D", {"pile.take.frozen", "pile.frozen.wild"})


def test_pile_black_three_only_blocks_until_covered_in_play():
    RULE = "pile.black-three"
    pos = play(stage("""
        turn: S melded
        S: 3C 4C 5D
        N: 6H 6D 4D 7S
        W: 3S 6C 7H 8S
    """, KINGS_TABLE, """
        pile: 5C 8D
        stock: 10H + rest
    """), "discard 3C")
    # W holds a black three too, but a black three on top cannot be taken
    assert_illegal(pos, "take 3S 6C", {"pile.black-three", "pile.take.top-natural"})
    pos = pos.play("draw").play("discard 6C")
    # covered by W's six: N may take it with a natural pair
    assert_legal(pos, "take 6H 6D")


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
    assert_legal(stage("""
        turn: S draw
        S: 9H JK 4C 5D
    """, KINGS_TABLE, "pile: 5C 3C 8D 9D"), "take 9H JK", "pile.take.unfrozen")


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
