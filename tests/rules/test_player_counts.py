"""Two, three and six players (RULES.md, "Player counts"): each `players.*` rule where it
permits and where it forbids, the deal, the notation and the scoring of every count."""
import collections

import pytest

import tutor
import tutor.engine.rulebook
from tutor.engine.errors import PositionError, RulesError
from tutor.engine.formats import FORMATS

COUNTS = {"players=2": (2, 15, 108), "players=3": (3, 13, 108), "players=6": (6, 13, 162),
          "players=6, six=three-teams": (6, 13, 162), "players=3, three=cutthroat": (3, 13, 108)}


def P(text):
    return tutor.Position.parse(text)


# ---- the formats: seats, sides, numbers -------------------------------------------------

def test_every_format_knows_its_seats_sides_and_numbers():
    four, two, three = FORMATS["4"], FORMATS["2"], FORMATS["3"]
    six, teams3 = FORMATS["6"], FORMATS["6:three-teams"]
    assert four.seats == ("N", "E", "S", "W") and four.sides == ("NS", "EW")
    assert four.partners("N") == ("S",) and four.opponents("N") == ("E", "W")
    assert four.answerer("E") == "W" and four.next_seat("W") == "N"
    assert two.seats == ("N", "S") and two.sides == ("N", "S") and two.answerer("N") is None
    assert (two.hand_size, two.draw_count, two.canastas_to_go_out) == (15, 2, 2)
    assert three.seats == ("E", "S", "W") and three.answerer("S") is None
    assert (three.hand_size, three.draw_count, three.canastas_to_go_out) == (13, 1, 1)
    assert six.seats_of("T1") == ("N", "SE", "SW") and six.seats_of("T2") == ("NE", "S", "NW")
    assert six.partners("S") == ("NW", "NE") and six.answerer("S") == "NW"   # players.sides
    assert (six.deck_size, six.hand_size, six.canastas_to_go_out, six.game_target) == (162, 13, 2, 10000)
    assert teams3.seats_of("T1") == ("N", "S") and teams3.answerer("NE") == "SW"
    assert teams3.game_target == 7500


@pytest.mark.parametrize("rules", COUNTS)
@pytest.mark.parametrize("seed", [0, 7, 31])
def test_deal_of_every_count(rules, seed):
    players, dealt, deck = COUNTS[rules]
    pos = tutor.deal(seed=seed, rules=rules)
    fmt = pos.format
    assert len(pos.hands) == players and len(pos.melds) == len(pos.red3) == len(fmt.sides)
    assert pos.card_count() == deck == len(pos.all_cards())
    copies = collections.Counter(c.text for c in pos.all_cards())
    packs = deck // 54
    assert all(n == (2 * packs if card == "JK" else packs) for card, n in copies.items())
    assert len(copies) == 53
    for i, hand in enumerate(pos.hands):    # red threes laid out and replaced (players.deck)
        assert len(hand) == dealt and not any(c.is_red_three for c in hand)
    assert pos.turn == fmt.seats[0] and pos.phase == "draw"
    assert not (pos.pile[-1].is_wild or pos.pile[-1].is_red_three)          # deal.upcard
    assert tutor.Position.parse(pos.to_text()) == pos


def test_six_players_deal_red_threes_per_side():
    for seed in range(40):
        pos = tutor.deal(seed=seed, rules="players=6")
        laid = sum(len(r) for r in pos.red3)
        if laid >= 3:
            break
    held = sum(1 for c in pos.all_cards() if c.is_red_three)
    assert held == 6 and laid >= 3


# ---- players.sides: who asks whom ----------------------------------------------------------

TWO = """rules: players=2
turn: S drawn
S: KH KD 7C 7D 9S
N: 15
S melds: QH QD QS
pile: 5C
"""


def test_a_player_alone_never_asks():
    ruling = tutor.judge(P(TWO), "ask")
    assert not ruling.legal and ruling.rule == "players.sides"
    assert "alone" in ruling.explain()
    for lang in ("sv", "fi"):
        assert ruling.explain(lang) and ruling.explain(lang) != ruling.explain()
    assert "ask" not in [str(m) for m in tutor.legal_moves(P(TWO))]


SIX_ASK = """rules: players=6
turn: S drawn
S: KH KD 7C 7D 9S
T2: QH QD QS
pile: 5C
stock: rest
"""


def test_in_a_team_of_three_the_next_partner_answers():
    pos = P(SIX_ASK)
    ruling = tutor.judge(pos, "ask")
    assert ruling.legal, ruling.explain()
    asked = pos.play("ask")
    assert asked.actor == "NW"                                   # players.sides
    assert not tutor.judge(asked, "NE: yes").legal
    assert tutor.judge(asked, "NW: yes").legal
    assert "Northwest" in ruling.explain()


# ---- players.deck ---------------------------------------------------------------------------

def test_six_players_hold_three_of_each_card_and_no_fourth():
    ok = "rules: players=6\nturn: S draw\nS: KH KH KH 4C 5D\npile: 9C\n"
    assert P(ok).hand("S").count(tutor.Card("KH")) == 3
    with pytest.raises(PositionError) as err:
        P("rules: players=6\nturn: S draw\nS: JH JH JH JH 4C\npile: 9C\n")
    assert (err.value.line, err.value.column) == (3, 13)
    assert "players.deck" in str(err.value) and "162" in str(err.value)
    with pytest.raises(PositionError):                 # four players: a third is too many
        P("turn: S draw\nS: KH KH KH\npile: 9C\n")


def test_a_black_three_meld_of_five_with_six_players():
    text = ("rules: players=6\nturn: S drawn\nS: 3C 3C 3S 3S 3C 4D\n"
            "T2: KH KH KH KD KD KS KS; QH QH QD QD QS QS QC\npile: 9C\nstock: rest\n")
    ruling = tutor.judge(P(text), "meld 3C 3C 3S 3S 3C")
    assert ruling.legal, ruling.explain()


# ---- players.draw-two ------------------------------------------------------------------------

def test_two_players_draw_two_cards():
    pos = P("rules: players=2\nturn: S draw\nS: 4C 5D 6H\npile: 9C\nstock: 7H 8D + rest\n")
    ruling = tutor.judge(pos, "draw")
    assert ruling.legal and ruling.rule == "players.draw-two"
    after = ruling.after
    assert sorted(c.text for c in after.hand("S")) == sorted(["4C", "5D", "6H", "7H", "8D"])
    assert len(after.stock) == len(pos.stock) - 2 and after.phase == "drawn"
    assert "two cards" in ruling.explain()


def test_four_players_draw_one_card():
    pos = P("turn: S draw\nS: 4C 5D 6H\npile: 9C\nstock: 7H 8D + rest\n")
    after = pos.play("draw")
    assert len(after.hand("S")) == 4 and tutor.judge(pos, "draw").rule == "turn.draw"


def test_draw_two_replaces_a_red_three_and_takes_the_last_card():
    pos = P("rules: players=2\nturn: S draw\nS: 4C 5D 6H\npile: 9C\nstock: 7H 3H 8D + rest\n")
    after = pos.play("draw")
    assert {"7H", "8D"} <= {c.text for c in after.hand("S")}
    assert "3H" in {c.text for c in after.team_red3("S")}


def _stock_of(pos, cards):
    """`pos` with only `cards` left in the stock, the rest of it put under the pile."""
    rest = list(pos.stock)
    for card in cards:
        rest.remove(card)
    return pos.replace(stock=tuple(cards), pile=tuple(rest) + pos.pile)


def test_draw_two_with_one_card_left_takes_it_and_plays_on():
    pos = tutor.deal(seed=4, rules="players=2")
    last = next(c for c in pos.stock if not c.is_red_three)
    short = _stock_of(pos, [last])
    ruling = tutor.judge(short, "draw")
    assert ruling.legal and ruling.rule == "players.draw-two"
    assert "one card is left" in ruling.explain()
    after = ruling.after
    assert after.phase == "drawn" and len(after.hand(pos.turn)) == 16 and not after.stock
    assert collections.Counter(after.all_cards()) == collections.Counter(pos.all_cards())


def test_a_draw_of_red_threes_only_ends_the_hand():
    pos = tutor.deal(seed=4, rules="players=2")
    red = [c for c in pos.stock if c.is_red_three][:1]
    assert red
    ruling = tutor.judge(_stock_of(pos, red), "draw")
    assert ruling.legal and ruling.rule == "hand.end.stock"
    assert ruling.after.phase == "over" and ruling.after.out is None
    assert red[0] in ruling.after.team_red3(pos.team)


# ---- players.two-canastas ----------------------------------------------------------------------

TWO_OUT = """rules: players=2
turn: S drawn
S: 9H 4C
N: 15
S melds: KH KH KD KD KS KS KC{more}
pile: 5C
stock: rest
"""


def test_two_players_need_two_canastas_to_go_out():
    one = P(TWO_OUT.format(more=""))
    ruling = tutor.judge(one, "discard 9H")
    assert ruling.legal                                  # a discard that keeps a card: fine
    pos = P(TWO_OUT.format(more="").replace("S: 9H 4C", "S: 9H"))
    refused = tutor.judge(pos, "discard 9H")
    assert not refused.legal and refused.rule == "players.two-canastas"
    assert "two canastas" in refused.explain()
    two = P(TWO_OUT.format(more="; QH QH QD QD QS QS QC").replace("S: 9H 4C", "S: 9H"))
    out = tutor.judge(two, "discard 9H")
    assert out.legal and out.after.phase == "over" and out.after.out == "S"
    assert any(c.rule == "players.two-canastas" and c.ok for c in out.checks)


def test_four_players_need_one_canasta():
    pos = P("turn: S drawn\nS: 9H\nNS: KH KH KD KD KS KS KC\npile: 5C\n")
    assert tutor.judge(pos, "discard 9H").legal


def test_two_canastas_in_one_action_when_one_at_a_time_cannot_go_out():
    pos = P("""rules: players=2
turn: S drawn
S: 2S 9S
N: 2
S melds: QC QD QD QH QH QS; 9C 9C 9D 9D 9H 9S
pile: 7H
stock: rest
""")
    moves = [str(m) for m in tutor.legal_moves(pos)]
    assert "meld 9S; Q: 2S" in moves, moves
    assert not tutor.judge(pos, "meld 9S").legal          # one canasta, one card left
    assert tutor.judge(pos, "meld 9S; Q: 2S").after.phase == "over"


# ---- players.red3-six and players.game-six -------------------------------------------------------

def test_six_players_red_threes_scale():
    five = P("rules: players=6\nturn: S drawn\nT2: KH KD KS\nT2 red3: 3H 3H 3D 3D 3H\npile: 9C\n")
    sheet = tutor.score_hand(five)
    assert set(sheet) == {"T1", "T2"}
    assert sheet["T2"].points("score.red-threes") == 1000
    words = dict((rule, text) for rule, _, text in sheet["T2"].items)["score.red-threes"]
    assert words == "5 red threes: 1000"          # the scale of "players.red3-six", no id shown
    four = P("rules: players=6\nturn: S drawn\nT2: KH KD KS\nT2 red3: 3H 3H 3D 3D\npile: 9C\n")
    assert tutor.score_hand(four)["T2"].points("score.red-threes") == 400      # not 800
    minus = P("rules: players=6\nturn: S drawn\nT1: KH KD KS\nT2 red3: 3H 3H 3D 3D 3H 3D\npile: 9C\n")
    assert tutor.score_hand(minus)["T2"].points("score.red-threes") == -1200
    fourp = P("turn: S drawn\nNS: KH KD KS\nNS red3: 3H 3H 3D 3D\npile: 9C\n")
    assert tutor.score_hand(fourp)["NS"].points("score.red-threes") == 800


def test_six_players_game_and_first_meld_table():
    rule = "players.game-six"
    assert rule in tutor.engine.rulebook.rule_ids()
    assert tutor.Game("players=6").target == 10000
    assert tutor.Game("players=6, six=three-teams").target == 7500
    assert tutor.Game("players=2").target == 5000
    six = tutor.Ruleset.parse("players=6")
    assert six.initial_minimum_for(7500) == 150 and six.initial_minimum_for(7495) == 120
    three_teams = tutor.Ruleset.parse("players=6, six=three-teams")
    assert three_teams.initial_minimum_for(7500) == 120
    assert tutor.Ruleset.parse("default").initial_minimum_for(9000) == 120
    pos = P("rules: players=6\nturn: S drawn\nscore: T1 0, T2 8000\nS: KH KD KS QH QD QS 4C\n"
            "pile: 9C\nstock: rest\n")
    short = tutor.judge(pos, "meld KH KD KS; QH QD QS")              # 60 points
    assert not short.legal and short.rule == "meld.initial" and "150" in short.explain()
    # 130 points: enough at four players (120 from 3000), short of the six-player row
    rich = P("rules: players=6\nturn: S drawn\nscore: T1 0, T2 8000\nS: AH AD AS KH KD KS JK 4C 5D 6H\n"
             "pile: 9C\nstock: rest\n")
    row = tutor.judge(rich, "meld AH AD AS JK; KH KD KS")
    assert not row.legal and row.rule == "players.game-six", row.rule
    assert "at least 150 points" in row.explain()
    assert tutor.judge(P(rich.to_text().replace("T2 8000", "T2 7495")),
                       "meld AH AD AS JK; KH KD KS").legal            # 7495: the 120 row
    four = P("turn: S drawn\nscore: NS 0, EW 8000\nS: AH AD AS KH KD KS JK 4C 5D 6H\npile: 9C\n")
    assert tutor.judge(four, "meld AH AD AS JK; KH KD KS").legal     # four players: 120
    enough = P("rules: players=6\nturn: S drawn\nscore: T1 0, T2 8000\n"
               "S: AH AD AS KH KD KS JK 2C 4C 5D\npile: 9C\nstock: rest\n")    # 160 in two melds
    melds = [m for m in tutor.legal_moves(enough) if m.kind == "meld"]
    assert melds and all(sum(c.value for c in m.cards) >= 150 for m in melds)
    legal = tutor.judge(enough, "meld AH AD AS JK 2C; KH KD KS")
    assert legal.legal                                                  # no group alone is 150
    # the check that permits it names the row that set the minimum, as the refusal does
    assert [(c.rule, c.ok) for c in legal.checks if c.key.startswith("meld.initial/ok")] == [
        ("players.game-six", True)]
    low = tutor.judge(P(enough.to_text().replace("T2 8000", "T2 7495")), "meld AH AD AS JK 2C; KH KD KS")
    assert [c.rule for c in low.checks if c.key.startswith("meld.initial/ok")] == ["meld.initial"]


def test_a_game_of_three_sides_knows_its_winner():
    game = tutor.Game("players=3")
    assert game.totals == (0, 0, 0) and game.dealer == "W"
    pos = tutor.deal(seed=3, rules="players=3")
    assert game.next_deal(seed=3).turn == "E"
    assert pos.format.sides == ("E", "S", "W")


# ---- players.cutthroat ------------------------------------------------------------------------------

CUT = """rules: players=3, three=cutthroat
turn: {turn}
score: E {e}, S {s}, W {w}
E: {E}
S: {S}
W: {W}
E melds: {em}
S melds: {sm}
W melds: {wm}
{lone}pile: {pile}
stock: rest
"""


def cut(turn="S draw", e=-10, s=-10, w=-10, E="4C 5D 6H 7S 8C", S="9H 9S 4D 5S 6C", W="4H 5C 6D 7D 8D",
        em="-", sm="-", wm="-", lone="", pile="7C 9C"):
    melds = {"E": em, "S": sm, "W": wm}
    if lone and melds[lone] == "-":     # the lone hand took the pile first: it has melded
        melds[lone] = "JH JD JS"
    return P(CUT.format(turn=turn, e=e, s=s, w=w, E=E, S=S, W=W, em=melds["E"], sm=melds["S"],
                        wm=melds["W"], lone=f"lone: {lone}\n" if lone else "", pile=pile))


def test_cutthroat_is_played_and_deals_thirteen_each():
    pos = tutor.deal(seed=7, rules="players=3, three=cutthroat")
    assert [len(h) for h in pos.hands] == [13, 13, 13] and pos.card_count() == 108
    assert pos.lone is None and pos.format.sides == ("E", "S", "W")     # each alone so far
    assert pos.format.draw_count == 2 and pos.format.canastas_to_go_out == 2
    assert tutor.Ruleset.parse("players=3, three=cutthroat").to_text() == "players=3, three=cutthroat"
    drawn = tutor.judge(pos, "draw")                                    # players.draw-two
    assert drawn.legal and drawn.rule == "players.draw-two"
    assert "in cutthroat each turn draws two" in drawn.explain().lower()


def test_cutthroat_the_first_to_take_the_pile_is_the_lone_hand():
    pos = cut()
    assert pos.format.answerer("E") is None                 # before the take: each alone
    ruling = tutor.judge(pos, "take 9H 9S")
    assert ruling.legal
    note = next(c for c in ruling.checks if c.rule == "players.cutthroat")
    assert note.ok and note.key == "players.cutthroat/lone!"
    after = ruling.after
    assert after.lone == "S"
    assert after.format.sides == ("EW", "S") and after.format.partners("E") == ("W",)
    assert after.format.side_of("W") == "EW" and after.format.opponents("S") == ("W", "E")
    assert "lone: S" in after.to_text() and P(after.to_text()) == after
    words = ruling.explain()
    assert "East and West are partners" in words, words
    for lang in ("sv", "fi"):
        assert ruling.explain(lang=lang) != words


def test_cutthroat_a_later_take_does_not_change_the_lone_hand():
    pos = cut(turn="E draw", E="9H 9S 4D 5S 6C", S="4C 5D 6H 7S 8C", lone="S",
              sm="KH KD KS")
    after = tutor.judge(pos, "take 9H 9S").after
    assert after.lone == "S" and after.format.side_of("E") == "EW"


def test_cutthroat_partners_ask_each_other_only_after_the_take():
    before = cut(turn="E drawn")
    refused = tutor.judge(before, "ask")
    assert not refused.legal and refused.rule == "players.sides"       # nobody to ask yet
    after = cut(turn="E drawn", lone="S")
    asked = tutor.judge(after, "ask")
    assert asked.legal and asked.after.actor == "W"                    # the partner answers
    lone = cut(turn="S drawn", lone="S")
    assert tutor.judge(lone, "ask").rule == "players.sides"            # the lone hand is alone


@pytest.mark.parametrize("rules, seat", [("players=2", "N"), ("players=3", "E"),
                                         ("players=3, three=cutthroat", "E")])
def test_a_position_cannot_have_a_player_alone_asked(rules, seat):
    """players.sides: nobody asks a player alone, so no position text can say it was asked."""
    for answer in ("pending", "yes", "no"):
        with pytest.raises(PositionError) as err:
            P(f"rules: {rules}\nturn: {seat} drawn\nasked: {answer}\npile: 4C\n")
        assert (err.value.line, err.value.column) == (3, 8)
        assert f"{seat} plays alone, and a player alone has no partner to ask" in str(err.value)
    partners = cut(turn="E drawn", lone="S", sm="KH KS KD").to_text().replace(
        "asked: -", "asked: pending")
    pending = P(partners)                               # cutthroat partners may be asked
    assert pending.asked == "pending" and pending.actor == "W" and P(pending.to_text()) == pending


def test_cutthroat_keep_one_says_cutthroat_not_the_count():
    pos = cut(turn="E drawn", E="5C 5D 5S 9H", em="AH AH AD AD AS AS AC")
    refused = tutor.judge(pos, "meld 5C 5D 5S")
    assert not refused.legal and refused.rule == "goout.keep-one"
    assert refused.explain().startswith("In cutthroat going out needs two canastas, and you have "
                                        "1 canasta: you may not go out")
    three = P("rules: players=3\nturn: E drawn\nE: 5C 5D 5S 9H\nE melds: AH AH AD AD AS AS AC\n"
              "pile: 4S\n")
    assert tutor.judge(three, "meld 5C 5D 5S").legal    # three each alone: one canasta will do


def test_cutthroat_empty_stock_at_a_draw_is_refused_as_text():
    """players.cutthroat: the discard after the last stock card ends the hand, so no turn draws
    from an empty stock (whatever stock-out says)."""
    text = ("rules: players=3, three=cutthroat{}\nturn: E draw\nE: 33\nS: 33\nW: 33\n"
            "E melds: 9H 9S 9S\nS red3: 3D 3D 3H 3H\npile: 5D 9C\nstock: {}\n")
    for stock_out in ("", ", stock-out=ends"):
        with pytest.raises(PositionError, match="In cutthroat nobody draws from an empty stock"):
            P(text.format(stock_out, "-"))
    four = text.replace("rules: players=3, three=cutthroat{}", "rules: players=3{}")
    assert tutor.judge(P(four.format("", "-")), "take").legal         # three each alone: must-take
    assert P(text.format("", "rest").replace("E: 33", "E: 32")).phase == "draw"


def test_flags_of_another_count_are_refused():
    for rules, flag, needs in [("players=2, three=cutthroat", "three=cutthroat", "players=3"),
                               ("six=three-teams", "six=three-teams", "players=6"),
                               ("players=3, cutthroat-canastas=1", "cutthroat-canastas=1",
                                "three=cutthroat")]:
        with pytest.raises(RulesError) as err:
            tutor.Ruleset.parse(rules)
        assert str(err.value) == (f"variant flag {flag} is played only with {needs}: add {needs}, "
                                  "or leave the flag out")
    # a flag at its default value says nothing, at any count
    assert tutor.Ruleset.parse("players=2, three=each-alone, six=two-teams").to_text() == "players=2"


def test_the_concealed_words_count_the_canastas_the_table_needs():
    two = P("rules: players=2\nturn: N drawn\nN: AH AH AD AD AS AS AC KH KH KD KD KS KS KC 9H\n"
            "pile: 4C\n")
    laid = two.play("meld AH AH AD AD AS AS AC; KH KH KD KD KS KS KC")
    out = tutor.judge(laid, "discard 9H")
    assert out.after.out_concealed
    assert "You go out concealed: the whole hand in one turn, with two canastas" in out.explain()
    six = P("rules: players=6\nturn: N drawn\nN: AH AH AD AD AS AS AC 5C 5D 5S 9H\n"
            "T1: KH KH KD KD KS KS KC\nopened: SE\npile: 4C\n")
    laid = six.play("meld AH AH AD AD AS AS AC; 5C 5D 5S")
    out = tutor.judge(laid, "discard 9H")
    assert out.legal and not out.after.out_concealed     # the kings' canasta is the partner's
    assert ("not a concealed going out (100, not 200): a concealed going out must lay both "
            "canastas in this turn") in out.explain()
    assert "the canasta is not one of the melds" not in out.explain()


def test_cutthroat_the_partners_melds_open_the_pile_for_both():
    # before the take each is alone: West's meld of nines is not East's
    alone = cut(turn="E draw", E="4D 5S 6C 7H", wm="9C 9S 9H", pile="7C 9D")
    frozen = tutor.judge(alone, "take")
    assert not frozen.legal and frozen.rule == "pile.take.frozen"
    # once South is the lone hand, East and West are one side: West's meld counts for East
    pair = cut(turn="E draw", E="4D 5S 6C 7H", wm="9C 9S 9H", lone="S", pile="7C 9D")
    taken = tutor.judge(pair, "take")
    assert taken.legal, taken.explain()
    assert len(taken.after.team_melds("W")[0].cards) == 4 and not taken.after.team_melds("E")
    assert P(taken.after.to_text()) == taken.after


def test_cutthroat_first_meld_minimum_is_the_players_own_score():
    hand = "KH KS KD QH QS QD 4C 5D"
    meld = "meld KH KS KD; QH QS QD"                              # 60 points
    south = cut(turn="S drawn", S=hand, e=0, s=1600, w=0)       # South's own 1600: 90
    short = tutor.judge(south, meld)
    assert not short.legal and short.rule == "meld.initial"
    assert "90" in short.explain() and "your own score" in short.explain()
    east = cut(turn="E drawn", E=hand, e=0, s=1600, w=3100)     # East's own 0: 50
    ok = tutor.judge(east, meld)
    assert ok.legal and any(c.key == "meld.initial/ok-own!" for c in ok.checks)
    # in the partnership the partner who lays the side's first meld: by that partner's score
    west = cut(turn="W drawn", W=hand, e=0, s=0, w=3100, lone="S")   # West's 3100: 120
    assert tutor.judge(west, meld).rule == "meld.initial"
    east_pair = cut(turn="E drawn", E=hand, e=0, s=0, w=3100, lone="S")
    assert tutor.judge(east_pair, meld).legal


def test_cutthroat_going_out_needs_two_canastas_of_the_side():
    one = cut(turn="E drawn", E="9H", em="KH KH KD KD KS KS KC", lone="S", pile="5C")
    refused = tutor.judge(one, "discard 9H")
    assert not refused.legal and refused.rule == "players.cutthroat"
    assert "two canastas" in refused.explain()
    # the second canasta is the partner's: the side's canastas count together
    two = cut(turn="E drawn", E="9H", em="KH KH KD KD KS KS KC", wm="QH QH QD QD QS QS QC",
              lone="S", pile="5C")
    out = tutor.judge(two, "discard 9H")
    assert out.legal and out.after.out == "E" and out.after.lone == "S"
    assert any(c.key == "players.cutthroat/two-canastas!" for c in out.checks)
    # before the partnership forms the canastas are the player's own
    alone = cut(turn="E drawn", E="9H", em="KH KH KD KD KS KS KC", wm="QH QH QD QD QS QS QC",
                pile="5C")
    assert tutor.judge(alone, "discard 9H").rule == "players.cutthroat"


def test_cutthroat_canastas_1_keeps_one_canasta_to_go_out():
    # the variant cutthroat-canastas=1 (Bicycle's sheet, pagat.com): one canasta of the side
    text = cut(turn="E drawn", E="9H", em="KH KH KD KD KS KS KC", lone="S", pile="5C").to_text()
    one = P(text.replace("three=cutthroat", "three=cutthroat, cutthroat-canastas=1"))
    assert one.rules.to_text() == "players=3, three=cutthroat, cutthroat-canastas=1"
    assert one.format.canastas_to_go_out == 1 and one.lone == "S"
    out = tutor.judge(one, "discard 9H")
    assert out.legal and out.after.out == "E"
    assert tutor.judge(P(text), "discard 9H").rule == "players.cutthroat"    # the default: two
    with pytest.raises(tutor.RulesError, match="played only with three=cutthroat"):
        tutor.Ruleset.parse("cutthroat-canastas=1")         # four players: a flag they never play
    assert P(out.after.to_text()) == out.after


def test_cutthroat_going_out_before_any_take_makes_the_lone_hand():
    pos = cut(turn="E drawn", E="9H", em="KH KH KD KD KS KS KC; QH QH QD QD QS QS QC",
              pile="5C")
    after = tutor.judge(pos, "discard 9H").after
    assert after.out == "E" and after.lone == "E"
    assert after.format.side_of("S") == "WS"


def test_cutthroat_same_rank_melds_of_both_partners_stay_apart():
    pos = cut(turn="E drawn", E="KC 4D 5S", em="KH KD KS", wm="KH KD KC", lone="S")
    assert [m.rank for m in pos.team_melds("EW")] == ["K", "K"]
    own = tutor.judge(pos, "meld KC").after                  # joins the mover's own
    assert len(own.team_melds("E")[0].cards) == 4 and len(own.team_melds("W")[0].cards) == 3
    named = tutor.judge(pos, "meld W K: KC").after           # the player names West's
    assert len(named.team_melds("E")[0].cards) == 3 and len(named.team_melds("W")[0].cards) == 4
    assert P(named.to_text()) == named
    theirs = tutor.judge(pos, "meld S K: KC")                 # the lone hand's: never
    assert not theirs.legal and theirs.rule == "meld.own-team"


def test_cutthroat_the_last_stock_cards_discard_ends_the_hand():
    pos = cut(turn="E drawn", E="9H 4D", lone="S")
    empty = pos.replace(stock=(), pile=pos.pile + pos.stock)    # the stock drawn to its end
    ruling = tutor.judge(empty, "discard 9H")
    assert ruling.legal and ruling.after.phase == "over" and ruling.after.out is None
    assert any(c.key == "players.cutthroat/stock-end!" for c in ruling.checks)
    for rules in ("stock-out=ends", "stock-out=must-take"):      # whatever stock-out says
        other = empty.replace(rules=tutor.Ruleset.parse(f"players=3, three=cutthroat, {rules}"))
        assert tutor.judge(other, "discard 9H").after.phase == "over"
    three = P("rules: players=3\nturn: E drawn\nE: 9H 4D\npile: 5C\nstock: rest\n")
    three = three.replace(stock=(), pile=three.pile + three.stock)
    assert tutor.judge(three, "discard 9H").after.phase == "draw"   # elsewhere play goes on


def test_cutthroat_scores_per_player():
    pos = P("""rules: players=3, three=cutthroat
turn: S over
score: E 0, S 0, W 0
E: 4C 5C
S: -
W: KH
E melds: QH QH QD QD QS QS QC
S melds: 9H 9H 9D 9D 9S 9S 9C; 8H 8D 8S 8C 8C 8S 2C
W melds: JH JD JS
E red3: 3H
S red3: 3D
W red3: 3H 3D
lone: S
pile: 5D
stock: rest
out: S
""")
    sheet = tutor.score_hand(pos)
    assert set(sheet) == {"E", "S", "W"}
    # South alone: going out 100, a natural and a mixed canasta 800, its cards 70 + 80, a red three
    assert sheet["S"].total == 100 + 500 + 300 + 70 + 80 + 100
    # East and West, partners: the partnership's melds and hands, each their own red threes
    side = 500 + 70 + 30 - (5 + 5 + 10)
    assert sheet["E"].total == side + 100 and sheet["W"].total == side + 200
    assert sheet["E"].points("score.hand") == -20 == sheet["W"].points("score.hand")
    four = pos.replace(red3=((), (), tuple(tutor.Card(c) for c in ("3H", "3D", "3H", "3D"))))
    assert tutor.score_hand(four)["W"].points("score.red-threes") == 800     # one player's four
    # the pile never taken and nobody out: each alone
    alone = pos.replace(lone=None, out=None)
    sheets = tutor.score_hand(alone)
    assert sheets["E"].points("score.table") == 70 and sheets["W"].points("score.table") == 30
    assert sheets["E"].points("score.hand") == -10 and sheets["W"].points("score.hand") == -10


def test_cutthroat_game_to_7500_per_player():
    game = tutor.Game("players=3, three=cutthroat")
    assert game.target == 7500 and game.totals == (0, 0, 0) and game.format.sides == ("E", "S", "W")
    first = game.next_deal(seed=4)
    assert first.lone is None and first.turn == "E"
    final = first.replace(phase="over", lone="S")
    sheet = game.add_hand(final)
    assert set(sheet) == {"E", "S", "W"} and not game.is_over
    game.totals = (7400, 7600, 7000)
    assert game.is_over and game.winner == "S" and game.margin == 200
    assert "S wins by 200" in game.result_text()


@pytest.mark.parametrize("text, line, col, words", [
    ("rules: players=3\nturn: S draw\nlone: S\n", 3, 1, "not at this table"),
    ("lone: S\n", 1, 1, "not at this table"),
    ("rules: players=3, three=cutthroat\nlone: N\n", 2, 7, "not a seat at this table"),
    ("rules: players=3, three=cutthroat\nlone: S W\n", 2, 9, "one seat"),
])
def test_cutthroat_lone_line_is_checked(text, line, col, words):
    with pytest.raises(PositionError) as err:
        P(text)
    assert (err.value.line, err.value.column) == (line, col), str(err.value)
    assert words in str(err.value), str(err.value)
    for lang in ("sv", "fi"):
        assert err.value.text(lang) != str(err.value)


# ---- the notation: seats of the count, round trips, bad input ------------------------------------

@pytest.mark.parametrize("text, line, col, words", [
    ("rules: players=2\nturn: S draw\nE: 4C\n", 3, 1, "not at this table"),
    ("rules: players=2\nturn: E draw\n", 2, 7, "not a seat at this table"),
    ("rules: players=3\nturn: S draw\nNS: KH KD KS\n", 3, 1, "not at this table"),
    ("rules: players=6\nturn: S draw\nscore: NS 10\n", 3, 8, "not a side"),
    ("rules: players=5\n", 1, 8, "players takes one of"),
    ("turn: S draw\nNE: 4C\n", 2, 1, "not at this table"),
])
def test_bad_seats_for_the_count_are_refused_in_words(text, line, col, words):
    with pytest.raises(PositionError) as err:
        P(text)
    assert (err.value.line, err.value.column) == (line, col), str(err.value)
    assert words in str(err.value), str(err.value)
    for lang in ("sv", "fi"):
        assert err.value.text(lang) != str(err.value)


def test_the_rules_line_may_come_last():
    text = "turn: S draw\nS: 4C 5D\nN melds: KH KD KS\npile: 9C\nrules: players=2\n"
    pos = P(text)
    assert pos.format.players == 2 and len(pos.hand("N")) == 15
    assert P(pos.to_text()) == pos


@pytest.mark.parametrize("rules", COUNTS)
def test_played_positions_of_every_count_round_trip(rules):
    from tutor.players import SensiblePlayer
    pos = tutor.deal(seed=5, rules=rules)
    player = SensiblePlayer(seed=5)
    for _ in range(60):
        if pos.is_over:
            break
        pos = pos.play(player.choose(pos))
        assert P(pos.to_text()) == pos
