"""The examples of docs/NOTATION.md and docs/NOTATION-EXTENSIONS.md, run exactly as the
pages write them.

Other tests check the engine piece by piece; these check that every example on the page
(the position block, the move lines, the ```python contract block) still works as
written, since the page promises that it does.
"""

from __future__ import annotations

import pathlib
import random
import re

import pytest

import tutor
from tutor import Position

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "NOTATION.md").read_text(encoding="utf-8")
EXTENSIONS = (ROOT / "docs" / "NOTATION-EXTENSIONS.md").read_text(encoding="utf-8")
BLOCKS = DOC.split("```")
POSITION_BLOCK = BLOCKS[1]                            # the big position example
MOVES_BLOCK = BLOCKS[3]                               # the move examples
CONTRACT_BLOCK = BLOCKS[5].removeprefix("python")    # `import tutor` ... score_hand


def test_the_contract_code_block_runs_exactly_as_written():
    """The ```python block of NOTATION.md, executed verbatim on the page's own position."""
    assert "tutor.Position.parse(text)" in CONTRACT_BLOCK
    ns = {"text": POSITION_BLOCK}
    exec(compile(CONTRACT_BLOCK, "NOTATION.md", "exec"), ns)
    pos, ruling, after, sheet = ns["pos"], ns["ruling"], ns["after"], ns["sheet"]
    assert isinstance(pos, tutor.Position) and isinstance(ns["fresh"], tutor.Position)
    assert ns["fresh"].rules.black_threes == "never"
    assert ruling.legal is True and ruling.rule == "pile.take.frozen"
    text = ruling.explain(lang="en")
    assert "K♥" in text and "frozen" in text            # about THIS position's cards
    assert isinstance(after, tutor.Position) and after is not pos
    assert pos == tutor.Position.parse(POSITION_BLOCK)   # pos itself never changed
    assert isinstance(sheet["NS"].total, int)
    assert sum(points for _, points in sheet["NS"].lines) == sheet["NS"].total
    assert all(isinstance(rule, str) and "." in rule for rule, _ in sheet["NS"].lines)


def test_contract_example_legal_moves_are_move_objects_whose_text_reparses():
    pos = tutor.Position.parse(POSITION_BLOCK)
    moves = tutor.legal_moves(pos)
    assert moves and all(isinstance(m, tutor.Move) for m in moves)
    for m in moves:
        assert tutor.Move.parse(str(m)) == m
        assert tutor.judge(pos, str(m)).legal


def test_contract_example_illegal_play_raises_with_ruling_and_changes_nothing():
    pos = tutor.Position.parse(POSITION_BLOCK)
    before = pos.to_text()
    with pytest.raises(tutor.IllegalMove) as info:
        pos.play("take KH JK")                 # a frozen pile needs a natural pair
    assert info.value.ruling.legal is False
    assert info.value.ruling.rule == "pile.take.frozen"
    assert isinstance(info.value, ValueError)
    assert pos.to_text() == before


def test_contract_deal_is_a_fresh_hand_north_to_draw():
    fresh = tutor.deal(seed=7)
    assert (fresh.turn, fresh.phase, fresh.asked) == ("N", "draw", "-")
    assert fresh.card_count() == 108
    assert all(len(h) == 11 for h in fresh.hands)
    assert not any(c.is_red_three for h in fresh.hands for c in h)         # red threes laid out
    assert not (fresh.top.is_wild or fresh.top.is_red_three)                # upcard
    assert tutor.deal(seed=7) == fresh                                      # same seed, same deal
    assert tutor.Position.parse(fresh.to_text()) == fresh


MOVE_EXAMPLES = [line.split("#")[0].strip() for line in MOVES_BLOCK.strip().splitlines()
                 if line.split("#")[0].strip()]           # a comment may go on alone


@pytest.mark.parametrize("text", MOVE_EXAMPLES)
def test_every_move_example_parses_and_prints_as_written(text):
    move = tutor.Move.parse(text)
    assert str(move) == text
    assert tutor.Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": tutor.Move}) == move


# One staged position per move example, in which that literal move is legal.
_MELD_FIRST = "turn: S drawn\nS: KH KS 2C 7D 7C 7S KD 9H 4C\nNS: 8C 8D 8S\npile: 5C"
STAGED = {
    "draw": ("turn: S draw\nS: 4C 5D 6H\npile: 5C", None),
    "take": ("turn: S draw\nS: 4C 5D 6H\nNS: 9H 9S 9C\npile: 5C 9D", None),
    "take KS KH": ("turn: S draw\nS: KS KH 7D 7C 7S 9H 4C\nNS: 8C 8D 8S\npile: 5C KD", None),
    "take KS KH; 7D 7C 7S": ("turn: S draw\nS: KS KH 7D 7C 7S 9H 4C\nNS: 8C 8D 8S\npile: 5C KD",
                             None),
    "meld KH KS 2C": (_MELD_FIRST, None),
    "meld 7D 7C 7S; KD": (_MELD_FIRST, "meld KH KS 2C"),
    "meld K: 2C": ("turn: S drawn\nS: 2C 9H 4C 5D\nNS: KH KS KD\npile: 5C", None),
    "discard 9H": (_MELD_FIRST, None),
    "ask": ("turn: S drawn\nS: 9H 9C 9S 4C\nNS: KH KS KD KC KH KS 2C\npile: 5C", None),
    "yes": ("turn: S drawn\nS: 9H 9C 9S 4C\nNS: KH KS KD KC KH KS 2C\npile: 5C", "ask"),
    "no": ("turn: S drawn\nS: 9H 9C 9S 4C\nNS: KH KS KD KC KH KS 2C\npile: 5C", "ask"),
}


@pytest.mark.parametrize("move", sorted(STAGED))
def test_every_move_example_is_legal_somewhere_as_written(move):
    text, first = STAGED[move]
    pos = tutor.Position.parse(text)
    if first:
        pos = pos.play(first)
    ruling = tutor.judge(pos, move)
    assert ruling.legal, (move, ruling.rule, ruling.explain())
    after = pos.play(move)
    assert after.card_count() == 108
    assert tutor.Position.parse(after.to_text()) == after


def test_move_example_take_joins_the_teams_meld_and_kd_joins_the_king_meld():
    after = tutor.Position.parse(STAGED["take"][0]).play("take")
    nines = after.meld_of("NS", "9")
    assert nines is not None and nines.size == 4
    pos = tutor.Position.parse(_MELD_FIRST).play("meld KH KS 2C").play("meld 7D 7C 7S; KD")
    assert pos.meld_of("NS", "K").size == 4 and pos.meld_of("NS", "7").size == 3


def _all_placed_empty_stock(rules="default"):
    """Concrete text of deal(1) with the whole stock moved under the pile: `stock: -`."""
    d = tutor.deal(1)
    lines = [l for l in d.to_text().splitlines()
             if not l.startswith(("pile:", "stock:", "rules:"))]
    pile = " ".join(c.text for c in d.pile + d.stock)
    return "\n".join([f"rules: {rules}"] + lines + [f"pile: {pile}", "stock: -"])


@pytest.mark.parametrize("rules", ["default", "stock-out=ends"])
def test_move_example_draw_on_an_empty_stock_ends_the_hand(rules):
    pos = tutor.Position.parse(_all_placed_empty_stock(rules))
    assert pos.stock == () and pos.card_count() == 108
    ruling = tutor.judge(pos, "draw")
    assert ruling.legal and ruling.rule == "hand.end.stock"
    assert pos.play("draw").phase == "over"


def test_stock_forms_exactly_and_dash_work_when_every_card_is_placed():
    text = _all_placed_empty_stock()
    pos = tutor.Position.parse(text)
    assert tutor.Position.parse(pos.to_text()) == pos
    d = tutor.deal(1)
    exact = d.to_text()
    assert "stock: exactly " in exact
    assert tutor.Position.parse(exact) == d


@pytest.mark.parametrize("text,column", [
    ("meld KH XX", 9), ("meld KH,XX", 9), ("meld KH; XX", 10), ("  meld KH XX", 11),
    ("N: meld KH XX", 12), ("meld K: XX", 9), ("take KS KH; 7D 7C XX", 19),
    ("flip", 1), ("N: flip", 4), ("meld Z: 2C", 6),
])
def test_move_text_errors_are_moveerrors_with_the_column_of_the_bad_text(text, column):
    with pytest.raises(tutor.MoveError) as info:
        tutor.Move.parse(text)
    e = info.value
    assert isinstance(e, ValueError)
    assert e.column == column
    quoted = re.match(r"'([^']+)'", e.message).group(1)
    assert text[column - 1:].startswith(quoted)
    with pytest.raises(tutor.MoveError):                  # judge and play say the same
        tutor.judge(tutor.deal(1), text)
    with pytest.raises(tutor.MoveError):
        tutor.deal(1).play(text)


def test_type_errors_from_users_are_refused_in_words():
    pos = tutor.Position.parse(POSITION_BLOCK)
    for call, words in [(lambda: tutor.judge(None, "draw"), "Position"),
                        (lambda: tutor.judge(pos, 42), "move"),
                        (lambda: pos.play(None), "move"),
                        (lambda: tutor.Position.parse(b"turn: S draw"), "string"),
                        (lambda: tutor.deal(rules="nonsense=1"), "not a variant flag")]:
        with pytest.raises(tutor.TutorError) as info:
            call()
        assert words in str(info.value)


def test_score_hand_mid_hand_scores_as_if_the_hand_ended_now():
    pos = tutor.Position.parse(POSITION_BLOCK)
    sheet = tutor.score_hand(pos)
    assert set(sheet) == {"NS", "EW"}
    assert sheet["NS"].points("score.going-out") == 0          # nobody went out
    assert sheet["NS"].points("score.table") == 70              # KD KC 2C + 8C 8D 8S


@pytest.mark.parametrize("seed", range(12))
def test_random_play_round_trips_repr_and_move_text_to_the_end_of_the_hand(seed):
    """parse(to_text(p)) == p, repr(p) rebuilds p, str(move) re-parses, an illegal move
    changes nothing — at every step of a random hand, finished hands included."""
    rng = random.Random(seed)
    rules = ["default", "stock-out=ends", "red3-dealt=on-turn", "initial-minimum=off"][seed % 4]
    pos = tutor.deal(seed, rules=rules, score=(seed * 500, 3000 - seed * 100))
    for _ in range(1000):
        assert tutor.Position.parse(pos.to_text()) == pos
        assert eval(repr(pos), {"Position": Position}) == pos
        moves = tutor.legal_moves(pos)
        if not moves:
            break
        before = pos.to_text()
        for bad in ("exchange KH 2C", "discard JK JK", "N: yes"):
            try:
                pos.play(bad)
            except tutor.IllegalMove:
                pass
            assert pos.to_text() == before
        move = rng.choice(moves)
        assert tutor.Move.parse(str(move)) == move
        pos = pos.play(move)
        assert pos.card_count() == 108
    assert pos.phase == "over"
    assert tutor.Position.parse(pos.to_text()) == pos
    assert isinstance(tutor.score_hand(pos)["NS"].total, int)


def test_the_player_counts_example_runs_as_written():
    """The ```python block of NOTATION-EXTENSIONS.md's "Other player counts", verbatim."""
    block = EXTENSIONS.split("## Other player counts")[1].split("```")[1].removeprefix("python")
    ns = {"tutor": tutor}
    exec(compile(block, "NOTATION-EXTENSIONS.md", "exec"), ns)
    pos = ns["pos"]
    assert pos.format.seats == ("N", "S") and [len(h) for h in pos.hands] == [15, 15]
    assert pos.turn == "N" and set(tutor.score_hand(pos)) == {"N", "S"}


def test_the_red3_per_player_example_parses_as_written():
    """The indented position of NOTATION-EXTENSIONS.md's "Red threes per player" (red3-four=player):
    a line per seat, both partners' red threes the team's, 400 for the 2+2 split."""
    part = EXTENSIONS.split("## Red threes per player")[1].split("\n- ")[0]
    text = "\n".join(line[4:] for line in part.splitlines() if line.startswith("    "))
    pos = Position.parse(text)
    assert pos.rules.red3_four == "player" and pos.to_text().count(" red3: ") == 4
    assert len(pos.team_red3("NS")) == 4 and Position.parse(pos.to_text()) == pos
    out = pos.play("meld 5H 5D 5S").play("discard 4C")
    assert tutor.score_hand(out)["NS"].points("score.red-threes") == 400
    with pytest.raises(tutor.PositionError):
        Position.parse(text.replace("N red3: 3H 3D\nS red3: 3H 3D", "NS red3: 3H 3D 3H 3D"))


def test_the_keys_of_a_hand_in_play_are_written_as_the_page_says():
    """NOTATION-EXTENSIONS.md, "A hand in play and at its end": each key of its block is
    written by `to_text()` when a hand reaches it, read back the same, and the phase `over`
    with `out: S concealed` ends a hand gone out in one turn."""
    part = EXTENSIONS.split("## A hand in play and at its end")[1].split("\n- ")[0]
    documented = [line.split("#")[0].strip() for line in part.splitlines() if line.startswith("    ")]
    assert [d.split(":")[0] for d in documented] == ["started", "touched", "below-minimum", "out"]
    first = Position.parse("turn: S drawn\nS: 5H 5D 5S 5H 5D 5S 5C 6H 6D 6S 4C\nNS: -\n"
                           "EW: QH QD QS\npile: 9C\nopened: E\nscore: NS 1600, EW 0")
    below = first.play("meld 5H 5D 5S 5H 5D 5S 5C")       # 35 points, the minimum is 90
    assert {"started: 5", "below-minimum: yes"} <= set(below.to_text().splitlines())
    out = below.play("meld 6H 6D 6S").play("discard 4C")
    assert "turn: S over" in out.to_text() and "out: S concealed" in out.to_text()
    added = Position.parse("turn: S drawn\nS: 8H 4C 9H\nNS: AH AH AD AD AS AS AC; 8C 8D 8S\n"
                           "EW: QH QD QS\npile: 9C\nopened: N E S").play("meld 8H")
    assert "touched: 8" in added.to_text()
    for pos in (below, out, added):
        assert Position.parse(pos.to_text()) == pos
    assert "started: 5" in documented and "touched: 8" in documented and "out: S" in documented


def test_the_move_forms_of_the_extensions_page_are_judged_as_it_says():
    """A move with its seat ("N: discard 9H") is judged for that seat (turn.order); an
    exchange is read and refused (meld.wild-fixed)."""
    pos = Position.parse("turn: S drawn\nS: 5H 5D 5S 4C 9H\nNS: AH AH AD AD AS AS AC; 8C 8D 8S\n"
                         "EW: QH QD QS\npile: 9C\nopened: N E")
    assert "`E: yes`" in EXTENSIONS and "`exchange 7C JK`" in EXTENSIONS
    assert tutor.judge(pos, "S: discard 4C").legal
    assert tutor.judge(pos, "N: discard 4C").rule == "turn.order"
    assert not tutor.judge(pos, "N: discard 4C").legal
    ruling = tutor.judge(pos, "exchange 4C 2C")
    assert not ruling.legal and ruling.rule == "meld.wild-fixed"


def _literal_of(comment: str):
    """The Python value a comment begins with ("meld.size", a tuple, a sentence in quotes),
    words after it aside (``("a", "b"): why``)."""
    import ast
    text = comment.strip()
    cuts = [len(text)] + [i for i, ch in enumerate(text) if ch == ":"]
    for cut in cuts:
        try:
            return ast.literal_eval(text[:cut])
        except (ValueError, SyntaxError):
            continue
    raise AssertionError(f"no value in the comment {comment!r}")


def test_the_legal_ruling_example_says_what_its_comments_say():
    """NOTATION-EXTENSIONS.md, "What a ruling names": the ```python block run verbatim, and each
    commented value is what the code gives."""
    section = EXTENSIONS.split("## What a ruling names")[1]
    block = section.split("```")[1].removeprefix("python")
    ns = {"tutor": tutor}
    exec(compile(block, "NOTATION-EXTENSIONS.md", "exec"), ns)
    checked = 0
    for line in block.splitlines():
        if "#" not in line or line.lstrip().startswith(("import", "pos =", "ruling =")):
            continue
        code, comment = line.split("#", 1)
        assert eval(code.strip(), ns) == _literal_of(comment), line
        checked += 1
    assert checked == 5
