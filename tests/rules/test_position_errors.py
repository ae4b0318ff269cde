"""Bad position text (NOTATION.md): a PositionError (a ValueError) with
.line and .column that says what is wrong and where."""
import pytest

import tutor
from positions import explicit_deal, interleaved_108


def parse_error(lines):
    text = "\n".join(lines) + "\n"
    with pytest.raises(tutor.PositionError) as info:
        tutor.Position.parse(text)
    e = info.value
    assert isinstance(e, ValueError)
    assert str(e).strip(), "the error must say in words what is wrong"
    return e


def col_ok(e, line_text, token):
    i = line_text.index(token)
    # accept 0- or 1-based columns pointing at the token
    return e.column in (i, i + 1)


def test_unknown_card():
    RULE = "deck.cards"
    lines = ["turn: S drawn", "S: KH XX 7D", "NS: -", "EW: -", "pile: 9D"]
    e = parse_error(lines)
    assert e.line == 2
    assert col_ok(e, lines[1], "XX"), e.column


def test_unknown_card_line_counts_comments_and_blank_lines():
    lines = ["# a staged position", "", "turn: S drawn", "S: KH 7D", "pile: 9D ZZ"]
    e = parse_error(lines)
    assert e.line == 5
    assert col_ok(e, lines[4], "ZZ"), e.column


def test_third_copy_of_a_card():
    RULE = "deck.cards"
    lines = ["turn: S drawn", "S: KH KH 4C", "NS: -", "EW: -", "pile: KH"]
    e = parse_error(lines)
    assert e.line == 5


def test_more_than_108_cards_unseen_count():
    RULE = "deck.cards"
    lines = ["turn: S drawn", "S: 4C 5D", "N: 120", "NS: -", "EW: -", "pile: 9D"]
    e = parse_error(lines)
    assert e.line == 3


def test_more_than_108_cards_listed():
    RULE = "deck.cards"
    text = explicit_deal(interleaved_108())
    lines = text.rstrip("\n").split("\n")
    w = [i for i, l in enumerate(lines) if l.startswith("W:")][0]
    lines[w] = lines[w] + " + 2"          # two unseen cards more than the deck holds
    e = parse_error(lines)
    stock = [i for i, l in enumerate(lines) if l.startswith("stock:")][0]
    assert e.line in (w + 1, stock + 1), e.line


def test_meld_with_no_rank():
    RULE = "meld.wild-alone"
    lines = ["turn: S drawn", "S: 4C 5D", "NS: 2C 2D JK", "EW: -", "pile: 9D"]
    e = parse_error(lines)
    assert e.line == 3


def test_red_three_in_a_hand():
    RULE = "red3.no-meld"
    lines = ["turn: S drawn", "NS: -", "S: 4C 3H 5D", "EW: -", "pile: 9D"]
    e = parse_error(lines)
    assert e.line == 3
    assert col_ok(e, lines[2], "3H"), e.column


def test_unknown_phase():
    lines = ["rules: default", "turn: S thinking", "S: 4C 5D", "pile: 9D"]
    e = parse_error(lines)
    assert e.line == 2


def test_good_text_round_trips():
    text = "turn: S drawn\nS: KH KS 7D 7C JK 9S 4H\nNS: KD KC 2C; 8C 8D 8S\nNS red3: 3H\n" \
           "EW: -\npile: 5C 9D 2H 6S KH\nscore: NS 1200, EW 3100\n"
    pos = tutor.Position.parse(text)
    assert tutor.Position.parse(pos.to_text()) == pos
