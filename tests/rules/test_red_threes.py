"""Red threes: red3.dealt, red3.drawn, red3.from-pile, red3.no-meld, red3.score
(the variant red3-dealt=on-turn is in test_variants.py).

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor
from rulebook_helpers import (P, RED3, RED3_IDS, full_deal, hand, hand_size, line_sum, phase,
                              play, red3)
from positions import EW_THREE_RED3, KINGS_TABLE, NINES_STOCK_OUT, RED3_IN_STOCK, stage


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
    before = P(stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, """
        pile: 10C
        stock: 3H 9C + rest
    """))
    after = before.play("draw")
    assert "3H" in red3(after, "NS"), RULE
    assert "3H" not in hand(after, "S"), RULE
    assert sorted(hand(after, "S")) == sorted(["4C", "5D", "9C"]), RULE
    assert hand_size(after, "S") == 3, RULE   # one card more, not two, not one red three


def test_red3_from_pile_laid_out_no_replacement():
    RULE = "red3.from-pile"
    before = P(RED3_IN_STOCK)
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


def test_red3_drawn_replacement_red_three_laid_out_too():
    RULE = "red3.drawn"
    after = play(stage("""
        turn: S draw
        S: 4C 5D
    """, KINGS_TABLE, """
        pile: 10C
        stock: 3H 3D 9C + rest
    """), "draw")
    assert sorted(red3(after, "NS")) == ["3D", "3H"], RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "9C"], RULE


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


def test_red3_drawn_not_the_last_card_play_goes_on():
    RULE = "red3.drawn"
    text = full_deal(stage("turn: S draw", NINES_STOCK_OUT, EW_THREE_RED3,
                           "stock: 3H 10H"))
    pos = play(text, "draw")
    assert "3H" in red3(pos, "NS"), RULE
    assert sorted(hand(pos, "S")) == ["10H", "4C", "6D"], RULE
    assert phase(pos) == "drawn", ("hand.end.stock", "only a red three as LAST card ends it")


# ---------------------------------------------------------------------------
# red3-four (RULES.md, "Variant flags"): `team` (default) — 800 when one team holds all four
# red threes; `player` (the Finnish source, "samalla pelaajalla") — 800 only when one player
# laid all four. Under the flag the position knows who laid which red three: at a table of
# partners its text writes a line per seat ("N red3:", "S red3:").
# ---------------------------------------------------------------------------

from tutor.engine.errors import PositionError            # noqa: E402
from tutor.engine.ruleset import FLAGS, Ruleset          # noqa: E402

PLAYER = "rules: red3-four=player\n"

#: North-South have melded kings; who laid which red three is the test's own lines
RED3_FOUR = """\
turn: S melded
S: 4C
N: 5D
NS: %s
%s
EW: QH QD QS
pile: 10C
"""


def four(reds: str, ns: str = "KH KS KD", rules: str = PLAYER):
    return P(rules + RED3_FOUR % (ns, reds))


def test_red3_four_is_a_flag_of_the_ruleset_team_by_default():
    RULE = "red3.score"
    assert FLAGS["red3-four"] == ("team", "player"), RULE
    assert Ruleset().red3_four == "team" and not Ruleset().red3_per_seat
    rules = Ruleset.parse("red3-four=player")
    assert rules.red3_per_seat and rules.red3_zones == ("N", "E", "S", "W")
    assert Ruleset.parse(rules.to_text()) == rules and rules.to_text() == "red3-four=player"
    assert Ruleset().red3_zones == ("NS", "EW")


@pytest.mark.parametrize("reds, points, words", [
    ("N red3: 3H 3H 3D 3D", 800, "all four red threes, laid by North"),
    ("S red3: 3H 3H 3D 3D", 800, "all four red threes, laid by South"),
    ("N red3: 3H 3D\nS red3: 3H 3D", 400, "4 red threes × 100: not all four laid by one player"),
    ("N red3: 3H 3H 3D\nS red3: 3D", 400, "4 red threes × 100: not all four laid by one player"),
    ("N red3: 3H\nS red3: 3D 3D", 300, "3 red threes × 100"),
], ids=["one-player-800-north", "one-player-800-south", "split-2-2-400", "split-3-1-400",
        "three-300-as-ever"])
def test_red3_score_under_red3_four_player(reds, points, words):
    RULE = "score.red-threes"
    sheet = tutor.score_hand(four(reds))
    assert line_sum(sheet, "NS", RED3_IDS) == points, RULE
    assert dict((r, w) for r, _, w in sheet["NS"].items)[RULE] == words
    assert sheet["NS"].total == points + 30 - 10


def test_red3_score_a_split_four_is_800_without_the_flag():
    RULE = "red3.score"
    team = four("NS red3: 3H 3D 3H 3D", rules="")
    assert line_sum(tutor.score_hand(team), "NS", RED3_IDS) == 800, RULE
    assert four("N red3: 3H 3D\nS red3: 3H 3D").team_red3("NS") == team.team_red3("NS")


def test_red3_score_minus_under_red3_four_player_when_the_team_has_not_melded():
    RULE = "red3.score"
    split = tutor.score_hand(four("N red3: 3H 3D\nS red3: 3H 3D", ns="-"))
    assert line_sum(split, "NS", RED3_IDS) == -400, RULE
    assert "not all four laid by one player, minus" in split["NS"].text()
    one = tutor.score_hand(four("S red3: 3H 3H 3D 3D", ns="-"))
    assert line_sum(one, "NS", RED3_IDS) == -800, RULE
    assert "laid by South, minus: the team has melded nothing" in one["NS"].text()


def test_red3_four_sheet_words_in_three_languages():
    RULE = "score.red-threes"
    split = tutor.score_hand(four("N red3: 3H 3D\nS red3: 3H 3D"))["NS"]
    one = tutor.score_hand(four("N red3: 3H 3H 3D 3D"))["NS"]
    assert "inte alla fyra upplagda av samma spelare" in split.text("sv"), RULE
    assert "kaikki neljä eivät ole samalla pelaajalla" in split.text("fi"), RULE
    assert "upplagda av Nord" in one.text("sv")
    assert "Pohjoisella kaikki neljä punaista kolmosta" in one.text("fi")


def test_red3_four_on_turn_a_red_three_held_counts_for_its_holder():
    RULE = "red3.score"
    base = "rules: red3-four=player, red3-dealt=on-turn\n" + RED3_FOUR
    held_by_s = P((base % ("KH KS KD", "N red3: 3H 3H 3D")).replace("S: 4C", "S: 4C 3D"))
    assert line_sum(tutor.score_hand(held_by_s), "NS", RED3_IDS) == 400, RULE
    held_by_n = P((base % ("KH KS KD", "N red3: 3H 3H 3D")).replace("N: 5D", "N: 5D 3D"))
    assert line_sum(tutor.score_hand(held_by_n), "NS", RED3_IDS) == 800, RULE


def test_red3_dealt_under_red3_four_player_goes_to_the_seat_dealt_it():
    RULE = "red3.dealt"
    seen = 0
    for seed in range(20):
        team, player = tutor.deal(seed=seed), tutor.deal(seed=seed, rules="red3-four=player")
        assert player.hands == team.hands and player.stock == team.stock, (RULE, seed)
        assert len(player.red3) == 4
        for side in ("NS", "EW"):
            assert sorted(player.team_red3(side)) == sorted(team.team_red3(side)), (RULE, seed)
            assert red3(player, side) == [c.text for c in player.team_red3(side)]
        seen += sum(1 for zone in player.red3 if zone)
        text = player.to_text()
        assert "NS red3" not in text and "\nN red3: " in text and "\nW red3: " in text
        assert P(text) == player and P(text).to_text() == text
    assert seen > 0, RULE


def test_red3_drawn_under_red3_four_player_goes_to_the_drawer():
    RULE = "red3.drawn"
    before = P(PLAYER + stage("""
        turn: S draw
        S: 4C 5D
        N red3: 3D
    """, KINGS_TABLE, """
        pile: 10C
        stock: 3H 9C + rest
    """))
    after = before.play("draw")
    text = after.to_text()
    assert "\nS red3: 3H\n" in text and "\nN red3: 3D\n" in text, RULE
    assert sorted(hand(after, "S")) == ["4C", "5D", "9C"], RULE
    assert P(text) == after


def test_red3_from_pile_under_red3_four_player_goes_to_the_taker():
    RULE = "red3.from-pile"
    after = P(PLAYER + RED3_IN_STOCK).play("take KH KS")
    assert "\nS red3: 3D\n" in after.to_text() and "\nN red3: -\n" in after.to_text(), RULE
    assert P(after.to_text()) == after


def test_red3_four_player_changes_nothing_where_each_plays_alone_or_six_play():
    RULE = "players.red3-six"
    for count in ("players=2", "players=3", "players=3, three=cutthroat", "players=6",
                  "players=6, six=three-teams"):
        plain, flagged = tutor.deal(seed=4, rules=count), tutor.deal(
            seed=4, rules=count + ", red3-four=player")
        assert flagged.red3 == plain.red3, count
        assert not flagged.rules.red3_per_seat, count
        assert flagged.to_text() == plain.to_text().replace(
            "rules: " + plain.rules.to_text(), "rules: " + flagged.rules.to_text()), count
    # two players draw two (players.draw-two): a red three drawn is the drawer's own zone
    pos = P("rules: players=2, red3-four=player\nturn: S draw\nS: 4C 5D\nN: 6C\n"
            "pile: 10C\nstock: 3H 9C 8C + rest\n")
    after = pos.play("draw")
    assert [c.text for c in after.team_red3("S")] == ["3H"], RULE


def test_red3_four_refuses_the_other_readings_line_in_words():
    RULE = "red3.score"
    with pytest.raises(PositionError) as info:
        P(PLAYER + "turn: S draw\nNS red3: 3H\n")
    err = info.value
    assert (err.line, err.column) == (3, 1), RULE
    assert "each player's red threes have a line of their own" in str(err)
    assert "N red3, E red3, S red3, W red3" in str(err)
    assert err.text("sv") != str(err) and err.text("fi") != str(err)
    with pytest.raises(PositionError) as info:
        P("turn: S draw\nS: 4C\nS red3: 3H\n")
    err = info.value
    assert (err.line, err.column) == (3, 1), RULE
    assert "red threes lie in front of the team here" in str(err)
    assert "red3-four=player" in str(err) and "NS red3, EW red3" in str(err)
    assert "red3-four=player" in err.text("sv") and "red3-four=player" in err.text("fi")


def test_red3_four_player_round_trips_in_play():
    RULE = "red3.score"
    import random
    for seed in range(3):
        rng = random.Random(seed)
        pos = tutor.deal(seed=seed, rules="red3-four=player, red3-dealt=on-turn")
        for _ in range(150):
            if pos.is_over:
                break
            pos = pos.play(rng.choice(tutor.legal_moves(pos)))
            assert P(pos.to_text()) == pos, (RULE, seed)
            assert pos.card_count() == 108
        sheet = tutor.score_hand(pos)
        assert sum(p for _, p in sheet["NS"].lines) == sheet["NS"].total


def test_red3_four_player_the_picture_and_the_words_say_who_laid_which():
    RULE = "red3.score"
    from tutor.engine.diagram import position_svg
    from tutor.table.describe import describe
    split, one = four("N red3: 3H 3D\nS red3: 3H 3D"), four("S red3: 3H 3H 3D 3D")
    team = four("NS red3: 3H 3D 3H 3D", rules="")
    assert "all four: 800" not in position_svg(split), RULE     # 400 here: no 800 label
    assert ">North 2<" in position_svg(split) and ">South 2<" in position_svg(split)
    assert "all four: 800" in position_svg(one) and "all four: 800" in position_svg(team)
    assert "North 2" not in position_svg(team)
    said = describe(split.seen_by("S"))
    assert "North's red threes: 3♥ and 3♦." in said and "South's red threes: 3♥ and 3♦." in said
    assert "North–South red threes" not in said
    assert "North–South red threes" in describe(team.seen_by("S"))
    fi = position_svg(split, lang="fi")                         # a line a player
    assert ">Pohjoisella on 2<" in fi and ">Etelällä on 2<" in fi
