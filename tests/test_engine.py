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


def test_the_top_card_with_two_wild_cards_is_never_a_meld_frozen_or_not():
    """meld.naturals (dispute 9): frozen (never melded) and unfrozen piles alike."""
    for melds in ("NS: -", "NS: 8C 8D 8S"):
        pos = tutor.Position.parse(f"turn: S draw\nS: JK 2C 4C 5D\n{melds}\npile: 6C KD")
        ruling = tutor.judge(pos, "take JK 2C")
        assert not ruling.legal and ruling.rule == "meld.naturals", (melds, ruling)


def test_legal_melds_at_the_wild_card_limits_cite_the_limit():
    """meld.max-wilds and meld.naturals (dispute 14): 2 naturals + 3 wilds is a meld by default."""
    text = "turn: S drawn\nS: 5H 5D JK 2C 2D 9C 9S\nNS: 8C 8D 8S\npile: 6C"
    ruling = tutor.judge(text, "meld 5H 5D JK 2C 2D")
    assert ruling.legal and ruling.rule == "meld.max-wilds"
    ruling = tutor.judge(text, "meld 5H 5D JK")
    assert ruling.legal and ruling.rule == "meld.naturals"
    assert tutor.judge(text, "meld 9C 9S 5H").rule == "meld.size"       # mixed ranks: refused
    refused = tutor.judge(text + "\nrules: wilds=not-outnumber", "meld 5H 5D JK 2C 2D")
    assert not refused.legal and refused.rule == "meld.naturals"


def test_after_no_melding_down_to_one_card_cites_the_answer():
    """goout.binding (dispute 24): the partner's no forbids even a canasta team to go out."""
    text = "turn: S drawn\nasked: {}\nS: 9H 9D 9C 4C\nNS: KH KS KD KC KH KS KD"
    ruling = tutor.judge(text.format("no"), "meld 9H 9D 9C")
    assert not ruling.legal and ruling.rule == "goout.binding"
    assert tutor.judge(text.format("-"), "meld 9H 9D 9C").legal


def test_drawing_a_red_three_cites_red3_drawn_and_a_last_red_three_ends_the_hand():
    """red3.drawn (dispute 40) and hand.end.stock (dispute 33)."""
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9D 4C\nstock: 3H 5C + rest")
    ruling = tutor.judge(pos, "draw")
    assert ruling.legal and ruling.rule == "red3.drawn"
    after = ruling.after
    assert tutor.Card("3H") in after.team_red3("NS") and tutor.Card("5C") in after.hand("S")
    last = pos.replace(stock=pos.stock[:1], pile=pos.pile + pos.stock[1:])
    ruling = tutor.judge(last, "draw")
    assert ruling.legal and ruling.rule == "hand.end.stock"
    assert ruling.after.phase == "over" and ruling.after.out is None
    assert tutor.judge(pos.replace(stock=pos.stock[1:]), "draw").rule == "turn.draw"
