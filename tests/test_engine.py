"""Engine behaviour found in review and play: each test names the rule id it pins down."""
from __future__ import annotations

import tutor

BLACK_THREES_FIRST = """
turn: S drawn
S: 3C 3C 3S 9H 9D 9C 4C
NS: KH KH KD KD KS KS KC
EW: QH QD QS
pile: 6C
"""


def test_meld_threes_first_then_going_out_is_allowed():
    """meld.threes: black threes may come first in the going-out turn."""
    pos = tutor.Position.parse(BLACK_THREES_FIRST)
    after = pos.play("meld 3C 3C 3S")
    after = after.play("meld 9H 9D 9C")
    final = after.play("discard 4C")
    assert final.phase == "over" and final.out == "S"


def test_meld_threes_then_staying_in_is_refused():
    """meld.threes: after melding black threes the player must go out this turn."""
    after = tutor.Position.parse(BLACK_THREES_FIRST).play("meld 3C 3C 3S")
    ruling = tutor.judge(after, "discard 9H")            # would keep S in with 3 cards
    assert not ruling.legal and ruling.rule == "meld.threes"
    assert "black threes" in ruling.explain()
    assert tutor.judge(after, "meld 9H 9D 9C").legal      # still on the way out


def test_meld_threes_refused_when_going_out_is_out_of_reach():
    """meld.threes: with the rest of the hand unmeldable the black threes stay in hand."""
    pos = tutor.Position.parse(BLACK_THREES_FIRST.replace("9H 9D 9C 4C", "9H 8D 7C 4C"))
    ruling = tutor.judge(pos, "meld 3C 3C 3S")
    assert not ruling.legal and ruling.rule == "meld.threes"


def test_goout_ask_refused_with_a_single_card_after_taking():
    """goout.ask: with one card after taking the pile, a binding "no" would leave no move."""
    pos = tutor.Position.parse("""
        turn: E drawn
        E: 5D
        EW: JK JK 2D QC QD QD QH QS
        NS: 8C 8D 8S
        pile: -
    """)
    ruling = tutor.judge(pos, "ask")
    assert not ruling.legal and ruling.rule == "goout.ask"
    assert tutor.judge(pos, "discard 5D").legal                 # going out by discarding
    assert [str(m) for m in tutor.legal_moves(pos)] == ["discard 5D"]


def test_goout_concealed_by_the_last_discard():
    """goout.concealed: melding all but one card in one turn and discarding it is concealed."""
    pos = tutor.Position.parse("""
        turn: S drawn
        S: 7H 7H 7D 7D 7S 7S 7C 9C
        N: 4C 4D 4H
        NS: 5C 5D 5H
        opened: N
        pile: 6C
    """)
    after = pos.play("meld 7H 7H 7D 7D 7S 7S 7C").play("discard 9C")
    assert after.out == "S" and after.out_concealed
    sheet = tutor.score_hand(after)["NS"]
    assert dict(sheet.lines)["score.going-out"] + dict(sheet.lines).get("goout.concealed", 0) == 200


def test_the_public_functions_refuse_what_is_not_a_position_in_words():
    """Bad input gets a clear error (a ValueError), never a traceback from the insides."""
    import pytest
    for call in (lambda: tutor.judge(None, "draw"), lambda: tutor.legal_moves(None),
                 lambda: tutor.score_hand(42), lambda: tutor.judge(tutor.deal(1), None)):
        with pytest.raises(ValueError) as info:
            call()
        assert "Position" in str(info.value) or "move" in str(info.value)


def test_position_text_is_accepted_where_a_position_is():
    text = "turn: S draw\nS: KH KS 4C\npile: 5C KD"
    assert tutor.judge(text, "take KH KS").rule == "meld.initial"     # 30 < 50: first meld
    assert tutor.legal_moves(text) == tutor.legal_moves(tutor.Position.parse(text))


def test_concealed_going_out_below_the_minimum_cites_the_exemption():
    """meld.initial: going out concealed after drawing from the stock needs no minimum — the
    ruling names that exemption, and the explanation also says it is a concealed going out."""
    pos = tutor.Position.parse("""
        turn: S drawn
        S: 5H 5H 5D 5D 5S 5S 5C
        NS: -
        N: 4C 4D 4H
        EW: QH QD QS
        pile: 9D
    """)
    ruling = tutor.judge(pos, "meld 5H 5H 5D 5D 5S 5S 5C")        # 35 points, minimum 50
    assert ruling.legal and ruling.rule == "meld.initial"
    assert "concealed" in ruling.explain()
    after = ruling.after
    assert after.out == "S" and after.out_concealed
