"""Canastas: canasta.size, canasta.natural, canasta.mixed, canasta.both-count.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
The judge table's cases of these ids: judge_cases.py.
"""
import tutor
from rulebook_helpers import CANASTA, line_sum, play
from positions import staged_sheet
from judge_cases import judge_table_tests


# ---- the judge table's cases of this family (judge_cases.py) ---------------------------

TestJudgeTable = judge_table_tests("canasta.")


def test_canasta_size_seven_cards_is_a_canasta():
    RULE = "canasta.size"
    sheet = staged_sheet("KH KH KS KS KD KD KC")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 70 - 10, RULE


def test_canasta_size_six_cards_is_not():
    RULE = "canasta.size"
    sheet = staged_sheet("KH KH KS KS KD KD")
    assert line_sum(sheet, "NS", CANASTA) == 0, RULE
    assert sheet["NS"].total == 60 - 10, RULE


def test_canasta_size_no_upper_limit_eight_cards_still_one_canasta():
    RULE = "canasta.size"
    sheet = staged_sheet("KH KH KS KS KD KD KC KC")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 80 - 10, RULE


def test_canasta_natural_500_not_300():
    RULE = "canasta.natural"
    sheet = staged_sheet("9H 9H 9S 9S 9D 9D 9C")
    assert line_sum(sheet, "NS", CANASTA) == 500, RULE
    assert sheet["NS"].total == 500 + 70 - 10, RULE


def test_canasta_mixed_300_not_500():
    RULE = "canasta.mixed"
    sheet = staged_sheet("9H 9H 9S 9S 9D 9D 2C")
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
    sheet = staged_sheet("KH KH KS KS KD KD KC")
    assert line_sum(sheet, "NS", CANASTA) + line_sum(sheet, "NS", "score.table") == 570, RULE
