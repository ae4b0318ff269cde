"""Two readings of the seeds as variant flags (RULES.md, "Variant flags"; issue 20):
`opening=player` (the Finnish source as written: each player opens alone) and
`go-out-without-discard=whole-canasta` (the Swedish source as written: going out with no
discard when the turn lays a new canasta wholly from the hand). Each permits and forbids,
and says so in en, sv and fi."""
from __future__ import annotations

import pytest

import tutor
from tutor.engine.ruleset import FLAGS, Ruleset
from tutor.players import explain_choice

P = tutor.Position.parse

#: North has melded eights, South nothing; a king on an unfrozen pile
KING_TOP = """
turn: S draw
S: KH KS JK 9C 9D 4C
N: 5D 6D
NS: 8H 8D 8C 8S
EW: QH QD QS
pile: 5C 7S KC
opened: N
"""


def test_the_flags_are_data_of_the_ruleset():
    assert FLAGS["opening"] == ("team", "player")
    assert FLAGS["go-out-without-discard"][-1] == "whole-canasta"
    rules = Ruleset.parse("opening=player, go-out-without-discard=whole-canasta")
    assert rules.opening == "player" and rules.go_out_without_discard == "whole-canasta"
    assert Ruleset.parse(rules.to_text()) == rules
    assert Ruleset().opening == "team"
    pos = P("rules: opening=player\n" + KING_TOP)
    assert P(pos.to_text()) == pos and pos.rules.opening == "player"
    with pytest.raises(ValueError):
        Ruleset.parse("opening=nobody")


# ---- opening=player ----------------------------------------------------------------------------

def test_the_pile_is_frozen_for_a_player_who_has_not_opened():
    team, alone = P(KING_TOP), P("rules: opening=player\n" + KING_TOP)
    assert tutor.judge(team, "take KH JK").legal                      # North opened for the team
    ruling = tutor.judge(alone, "take KH JK")
    assert not ruling.legal and ruling.rule == "pile.take.frozen"
    assert "each player opens alone" in ruling.explain()
    for lang in ("sv", "fi"):
        assert ruling.explain(lang) != ruling.explain() and "opens alone" not in ruling.explain(lang)
    assert tutor.judge(alone, "take KH KS JK").legal                  # a natural pair takes it
    moves = {str(m) for m in tutor.legal_moves(alone)}
    assert "take KH JK" not in moves and "take KH KS JK" in moves
    assert "take KH JK" in {str(m) for m in tutor.legal_moves(team)}
    opened = P("rules: opening=player\n" + KING_TOP.replace("opened: N", "opened: N S"))
    assert tutor.judge(opened, "take KH JK").legal                    # South has opened


MELD_FIRST = """
turn: S drawn
S: 5H 5D 5S 9C 4C
N: 5C 6D
NS: 8H 8D 8C 8S
EW: QH QD QS
pile: 6C
opened: N
"""


def test_each_players_first_meld_must_reach_the_minimum():
    team, alone = P(MELD_FIRST), P("rules: opening=player\n" + MELD_FIRST)
    assert tutor.judge(team, "meld 5H 5D 5S").legal                   # the team has opened
    ruling = tutor.judge(alone, "meld 5H 5D 5S")
    assert not ruling.legal and ruling.rule == "meld.initial"
    assert "your own first meld" in ruling.explain() and "at least 50 points" in ruling.explain()
    assert ruling.explain("sv") != ruling.explain() and ruling.explain("fi") != ruling.explain()
    low = P("rules: opening=player\nscore: NS -100, EW 0\n" + MELD_FIRST)
    ok = tutor.judge(low, "meld 5H 5D 5S")
    assert ok.legal and "it is your first meld" in ok.explain()
    off = P("rules: opening=player, initial-minimum=off\n" + MELD_FIRST)
    assert tutor.judge(off, "meld 5H 5D 5S").legal
    after = P("rules: opening=player\n" + MELD_FIRST.replace("opened: N", "opened: N S"))
    assert tutor.judge(after, "meld 5H 5D 5S").legal


def test_the_computer_says_whose_first_meld_it_is():
    low = P("rules: opening=player\nscore: NS -100, EW 0\n" + MELD_FIRST)
    reason = explain_choice(low, "meld 5H 5D 5S")
    assert "It is your first meld (15 points, at least 15 needed)." in reason
    assert "unfreezes the pile for you." in reason and "your team's first meld" not in reason
    team = explain_choice(P(MELD_FIRST), "meld 5H 5D 5S")
    assert "first meld" not in team                                   # the team has opened
    for lang in ("sv", "fi"):
        assert explain_choice(low, "meld 5H 5D 5S", lang) != reason


# ---- go-out-without-discard=whole-canasta ------------------------------------------------------

OUT = """
turn: S drawn
S: {hand}
N: 5D
NS: AH AH AD AD AS AS AC{more}
EW: QH QD QS
pile: 6C
"""


def _out(hand, rules="go-out-without-discard=whole-canasta", more=""):
    return P(f"rules: {rules}\n" + OUT.format(hand=hand, more=more))


def test_whole_canasta_permits_a_new_canasta_from_the_hand():
    pos = _out("KH KH KS KS KD KD KC")
    ruling = tutor.judge(pos, "meld KH KH KS KS KD KD KC")
    assert ruling.legal and ruling.after.phase == "over" and ruling.after.out == "S"
    # concealed-only refuses the same going out: South had melded before (the team's aces)
    assert not tutor.judge(_out("KH KH KS KS KD KD KC", "go-out-without-discard=concealed-only"),
                           "meld KH KH KS KS KD KD KC").legal
    # laid in two actions of the turn, still wholly from the hand
    first = pos.play("meld KH KH KS KS")
    assert tutor.judge(first, "meld KD KD KC").legal


def test_whole_canasta_forbids_a_going_out_without_one():
    ruling = tutor.judge(_out("9H 9D 9C"), "meld 9H 9D 9C")
    assert not ruling.legal and ruling.rule == "goout.no-discard"
    assert "new meld of seven or more cards wholly from your hand" in ruling.explain()
    for lang in ("sv", "fi"):
        assert ruling.explain(lang) != ruling.explain()
    assert tutor.judge(_out("9H 9D 9C", "default"), "meld 9H 9D 9C").legal
    # adding to an older meld is no new canasta, whatever its size
    old = _out("KH KH KS KS", more="; KD KD KC")
    assert not tutor.judge(old, "meld KH KH KS KS").legal
    assert tutor.judge(_out("KH KH KS KS", "default", more="; KD KD KC"), "meld KH KH KS KS").legal
    # going out with a discard is as always
    assert tutor.judge(_out("9H 9D 9C 4C"), "meld 9H 9D 9C").legal
    assert "meld 9H 9D 9C" not in {str(m) for m in tutor.legal_moves(_out("9H 9D 9C"))}


def test_whole_canasta_does_not_count_the_piles_top_card():
    text = ("rules: go-out-without-discard=whole-canasta\nturn: S draw\nS: KH KH KS KS KD KD\n"
            "N: 5D\nNS: AH AH AD AD AS AS AC\nEW: QH QD QS\npile: KC\n")
    ruling = tutor.judge(P(text), "take KH KH KS KS KD KD")
    assert not ruling.legal and ruling.rule == "goout.no-discard"
    assert tutor.judge(P(text.replace("go-out-without-discard=whole-canasta", "default")),
                       "take KH KH KS KS KD KD").legal


def test_the_table_says_for_whom_the_pile_is_frozen():
    from tutor.engine.diagram import position_svg
    from tutor.table.describe import describe
    alone, team = P("rules: opening=player\n" + KING_TOP), P(KING_TOP)
    line = next(l for l in describe(alone.seen_by("S")).splitlines() if l.startswith("Discard pile"))
    assert line.endswith("It is frozen for South: no meld yet.")
    assert "frozen for" not in next(l for l in describe(team.seen_by("S")).splitlines()
                                    if l.startswith("Discard pile"))
    assert "frozen for South: no meld yet" in position_svg(alone)
    assert "frozen for" not in position_svg(team)
    assert "Etelältä" in describe(alone.seen_by("S"), "fi") and "Syd" in describe(alone.seen_by("S"), "sv")
