"""Bad or unusual input gets a clear error in words, never a traceback from the insides.

Position text: `PositionError` with the line and column an editor shows. Move text:
`MoveError` with the column. API arguments: a `TutorError` (a `ValueError`) naming the
argument. The CLI: exit 2 for bad input, never a traceback, on any terminal.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import subprocess
import sys

import pytest

import tutor
from tutor import Move, Position
from tutor.engine.moves import Group

ROOT = pathlib.Path(__file__).resolve().parent.parent
FROZEN = "turn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\nEW: QH QD QS\npile: 5C 2C 8D 9D\n"
LONG = "9" * 5000                   # beyond Python's 4300-digit int() conversion limit


def _cli(*args, encoding="utf-8"):
    """Run the CLI with PYTHONIOENCODING=`encoding`, reading its output the same way."""
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run([sys.executable, "-m", "tutor", *args], cwd=ROOT, capture_output=True,
                          encoding=encoding, timeout=120, env=env)


def _no_traceback(r):
    return "Traceback" not in r.stdout + r.stderr


def _position_error(text):
    with pytest.raises(tutor.PositionError) as info:
        Position.parse(text)
    return info.value


# ---- numbers in position text ------------------------------------------------------------
@pytest.mark.parametrize("text", ["N: ²", "N: ①", "N: 1²"])
def test_unseen_count_in_non_ascii_digits_is_a_position_error(text):
    """Superscript and circled digits pass str.isdigit() but int() cannot read them."""
    e = _position_error(text)
    assert (e.line, e.column) == (1, 4)


def test_unseen_count_in_other_decimal_digits_still_reads():
    """Arabic-Indic digits are decimal digits: int() reads them, and the text round-trips."""
    pos = Position.parse("N: ٣")
    assert len(pos.hands[0]) == 3 and Position.parse(pos.to_text()) == pos


@pytest.mark.parametrize("text,column", [(f"seed: {LONG}", 7), (f"score: NS {LONG}", 11),
                                         (f"N: {LONG}", 4), (f"N: KH + {LONG}", 9)])
def test_numbers_too_long_for_int_are_position_errors(text, column):
    """int() refuses more than 4300 digits; the parser refuses long numbers first, in words."""
    e = _position_error(text)
    assert (e.line, e.column) == (1, column)
    assert len(str(e)) < 300                         # the number is not quoted in full


def test_scores_and_seeds_have_a_digit_limit_that_round_trips():
    """At the limit the text parses and prints back; one digit more is refused in words."""
    from tutor.engine.notation import SCORE_DIGITS, SEED_DIGITS
    most = "9" * SCORE_DIGITS
    pos = Position.parse(f"score: NS {most}, EW -{most}\nseed: {'7' * SEED_DIGITS}")
    assert Position.parse(pos.to_text()) == pos
    assert "at most" in str(_position_error(f"score: NS 1{most}"))
    assert "at most" in str(_position_error(f"seed: 1{'7' * SEED_DIGITS}"))


def test_cli_exits_2_without_traceback_on_a_non_ascii_digit_count(tmp_path):
    f = tmp_path / "pos.txt"
    f.write_text("turn: N draw\nN: ²\n", encoding="utf-8")
    r = _cli("judge", str(f), "draw")
    assert r.returncode == 2 and _no_traceback(r), (r.returncode, r.stderr[-300:])


def test_cli_exits_2_without_traceback_on_a_huge_seed(tmp_path):
    f = tmp_path / "pos.txt"
    f.write_text(f"seed: {LONG}\n", encoding="utf-8")
    r = _cli("judge", str(f), "draw")
    assert r.returncode == 2 and _no_traceback(r), (r.returncode, r.stderr[-300:])


# ---- how the text is laid out ------------------------------------------------------------
def test_byte_order_mark_before_position_text_is_ignored():
    """Windows Notepad saves 'UTF-8 with BOM'; the invisible mark is not part of the key."""
    assert Position.parse("\ufeff" + FROZEN) == Position.parse(FROZEN)
    e = _position_error("\ufeffturn: S draw\npile: XX")
    assert (e.line, e.column) == (2, 7)


def test_cli_reads_a_position_file_saved_with_a_byte_order_mark(tmp_path):
    f = tmp_path / "pos.txt"
    f.write_bytes(b"\xef\xbb\xbf" + FROZEN.encode("utf-8"))
    r = _cli("judge", str(f), "take 9H 9S")
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("text,line,column", [
    ("turn: S draw\x0c\npile: XX", 2, 7),          # form feed at a line's end
    ("turn: S\x0bdraw\npile: XX", 2, 7),           # vertical tab inside a line
    ("turn: S draw\x1c\npile: XX", 2, 7),
    ("turn: S draw\u2028pile: 5C\npile: XX", 1, 14),   # a line separator is no line break
    ("turn: S draw\r\npile: XX", 2, 7),
    ("turn: S draw\rpile: XX", 2, 7),
])
def test_error_lines_count_newlines_only(text, line, column):
    """Editors break lines at \\n, \\r\\n and \\r; str.splitlines() also breaks at form feeds,
    vertical tabs and more, which would give other line numbers than the editor shows."""
    e = _position_error(text)
    assert (e.line, e.column) == (line, column), str(e)


def test_other_line_separators_are_whitespace_between_tokens():
    assert Position.parse("turn: S\x0bdrawn\x0c\npile:\x1c5C") == \
        Position.parse("turn: S drawn\npile: 5C")


# ---- deal() arguments ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", [42, ["black-threes=never"]])
def test_deal_refuses_rules_of_the_wrong_type_in_words(rules):
    with pytest.raises(tutor.TutorError) as info:
        tutor.deal(seed=1, rules=rules)
    assert "rules" in str(info.value)


def test_deal_reads_rules_text_in_any_case_as_position_text_does():
    assert tutor.deal(1, rules="Black-Threes=Never") == tutor.deal(1, rules="black-threes=never")


@pytest.mark.parametrize("score", ["x", "12", (1,), 5, ("a", "b"), None, (1.7, 2),
                                   (10 ** 15, 0)])
def test_deal_refuses_a_score_that_is_not_two_whole_numbers(score):
    """(1.7, 2) used to become (1, 2) silently; 10**15 could not be written as text."""
    with pytest.raises(tutor.TutorError) as info:
        tutor.deal(seed=1, score=score)
    assert "score" in str(info.value)


def test_deal_takes_a_score_as_any_pair_of_whole_numbers():
    assert tutor.deal(1, score=[1200, -300]).score == (1200, -300)


@pytest.mark.parametrize("seed", ["x", "7", [1], 7.0, None])
def test_deal_refuses_a_seed_that_is_not_a_whole_number(seed):
    """NOTATION.md's seed is a whole number; the text "7" used to deal another hand than 7."""
    with pytest.raises(tutor.TutorError) as info:
        tutor.deal(seed=seed)
    assert "seed" in str(info.value)


def test_deal_refuses_an_unknown_dealer_as_a_tutor_error():
    with pytest.raises(tutor.TutorError):
        tutor.deal(1, dealer="X")
    assert tutor.deal(1, dealer="n") == tutor.deal(1, dealer="N")


# ---- a Move built by hand -----------------------------------------------------------------
def test_hand_built_move_of_an_unknown_kind_is_a_move_error():
    """judge and play take a Move as well as text; its kind used to index a table."""
    pos = tutor.deal(7).play("draw")
    for move in (Move("flip"), Move("Draw"), Move(None)):
        with pytest.raises(tutor.MoveError):
            tutor.judge(pos, move)
        with pytest.raises(tutor.MoveError):
            pos.play(move)


def test_hand_built_move_with_card_texts_is_judged_as_its_text():
    pos = tutor.deal(7).play("draw")
    card = pos.hand()[-1].text
    ruling = tutor.judge(pos, Move("discard", (Group((card,)),)))
    by_text = tutor.judge(pos, f"discard {card}")
    assert (ruling.legal, ruling.rule, ruling.move) == (by_text.legal, by_text.rule, by_text.move)


@pytest.mark.parametrize("make", [
    lambda h: Move("discard", (Group((h[0],), "K"),)),     # text refuses 'discard K: ...'
    lambda h: Move("draw", (Group((h[0],)),)),             # 'draw' takes no cards
    lambda h: Move("meld", ()),
    lambda h: Move("meld", ((h[0], h[1], h[2]),)),         # a plain tuple, not a Group
    lambda h: Move("meld", (Group((h[0], h[1]), "Z"),)),
    lambda h: Move("meld", (Group(("XX",)),)),
    lambda h: Move("meld", (Group(([1],)),)),
    lambda h: Move("exchange", (Group((h[0],)),)),
    lambda h: Move("take", 5),
    lambda h: Move("draw", (), "X"),
])
def test_hand_built_move_that_text_could_not_say_is_a_move_error(make):
    pos = tutor.deal(7).play("draw")
    with pytest.raises(tutor.MoveError):
        tutor.judge(pos, make(pos.hand()))


def test_moves_from_legal_moves_pass_the_hand_built_check_unchanged():
    # Move.parse hands back the very Move it is given only when the quick check finds it
    # well formed; a Move it doubts comes back rebuilt (a new object) or as a MoveError
    pos = tutor.deal(7).play("draw")
    for move in tutor.legal_moves(pos) + [Move.parse("meld K: 2C"), Move.parse("N: take")]:
        assert Move.parse(move) is move


# ---- whitespace in move text ----------------------------------------------------------------
@pytest.mark.parametrize("text,same_as", [
    ("meld\tKH KS 2C", "meld KH KS 2C"),
    ("meld KH\tKS 2C", "meld KH KS 2C"),
    ("discard\u00a09H", "discard 9H"),                 # a non-breaking space looks like a space
    ("N:\u00a0meld\u2003K:\t2C", "N: meld K: 2C"),
])
def test_move_text_accepts_any_whitespace_between_words_like_position_text(text, same_as):
    assert Move.parse(text) == Move.parse(same_as)


@pytest.mark.parametrize("text,column", [
    ("meld\tKH XX", 9), ("meld\t\tKH,\u00a0XX", 11), ("take KS KH;\t7D 7C XX", 19),
    ("N:\tflip", 4), ("N:", 3),
])
def test_move_error_columns_count_tabs_and_other_whitespace_as_one_character(text, column):
    with pytest.raises(tutor.MoveError) as info:
        Move.parse(text)
    assert info.value.column == column


# ---- to_text of a position with a stale layout ----------------------------------------------
def test_to_text_writes_a_stale_layout_concretely_so_the_cards_round_trip():
    """A layout (how the text placed the cards, plus the seed that dealt the unseen ones) is
    only written back while its seed still deals this position's cards. A copy made with
    dataclasses.replace keeps a stale layout; its text lists every card instead, so the
    text re-parses to the same cards. It cannot keep the stale seed and layout themselves,
    so it equals the concrete copy, q.replace()."""
    p = Position.parse("seed: 3\npile: 5C")
    assert "seed: 3" in p.to_text() and Position.parse(p.to_text()) == p
    moved = dataclasses.replace(p, pile=p.pile + (p.stock[0],), stock=p.stock[1:])
    swapped = dataclasses.replace(p, hands=(p.hands[1], p.hands[0]) + p.hands[2:])
    reseeded = dataclasses.replace(p, seed=4)
    for q in (moved, swapped, reseeded):
        assert q.card_count() == 108
        text = q.to_text()
        assert "seed:" not in text
        assert Position.parse(text) == q.replace()


# ---- the CLI on a terminal or pipe that cannot encode the suit symbols ------------------------
@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_cli_writes_letter_suits_where_the_output_cannot_encode_suit_symbols(tmp_path, encoding):
    """Windows pipes use the ANSI code page; the explanation's 2♣ becomes the notation's 2C
    and the exit code is still the verdict."""
    f = tmp_path / "pos.txt"
    f.write_text(FROZEN, encoding="utf-8")
    r = _cli("judge", str(f), "take 9H JK", encoding=encoding)
    assert _no_traceback(r), r.stderr[-300:]
    assert r.returncode == 1
    assert "holds 2C" in r.stdout and "♣" not in r.stdout
    legal = _cli("judge", str(f), "take 9H 9S", "--lang", "sv", encoding=encoding)
    assert legal.returncode == 0 and _no_traceback(legal), legal.stderr[-300:]


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_cli_json_where_the_output_cannot_encode_suit_symbols_is_the_same_json(tmp_path,
                                                                               encoding):
    f = tmp_path / "pos.txt"
    f.write_text(FROZEN, encoding="utf-8")
    r = _cli("judge", str(f), "take 9H JK", "--json", encoding=encoding)
    assert _no_traceback(r) and r.returncode == 1, r.stderr[-300:]
    utf8 = _cli("judge", str(f), "take 9H JK", "--json")
    assert json.loads(r.stdout) == json.loads(utf8.stdout)
    assert json.loads(r.stdout)["rule"] == "pile.take.frozen"


def test_cli_error_message_quoting_a_suit_symbol_has_no_traceback(tmp_path):
    f = tmp_path / "pos.txt"
    f.write_text(FROZEN, encoding="utf-8")
    r = _cli("judge", str(f), "take K♥ ♣X", encoding="ascii")
    assert r.returncode == 2 and _no_traceback(r) and "not a card" in r.stderr
