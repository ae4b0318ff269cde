"""The computer's reasons and the hints at every player count are claims about the position
(issue 18: "hints and reasons speak of sides and partners rightly"): each test stages a
position where an earlier sentence was false and checks the words against the position."""
from __future__ import annotations

import re

import tutor
from tutor.engine.goout import can_go_out
from tutor.hints import hint
from tutor.players import SensiblePlayer, _team_lead, explain_choice

P = tutor.Position.parse

#: cutthroat, East the lone hand; South may go out; South laid one red three, West three
CUT_OUT = """rules: players=3, three=cutthroat
turn: S melded
score: E 0, S 0, W 0
E: KD KS 6C 6D 4S
S: AC AH AH AS KH KS QC QC QD QH 7D 7H 7S 6H 4S 3S
W: QS 7H 7S 5C 5H
E melds: JK 2H 2H AC AD AD AS; 8C 8C 8H; 2C 2D JC JC JD JD JH JH JS JS; JK 10C 10C 10D 10D 10H 10S; 5C 5D 5D 5H 5S 5S; 9D 9D 9S; QD QH QS
S melds: 2S 10H 10S; JK 2S 4C 4C 4D 4H 4H
S red3: 3D
W melds: JK 2C 8D 8D 8H 8S 8S; 9C 9C 9H 9H 9S; 6C 6D 6H 6S; KC KC KD KH
W red3: 3H 3D 3H
lone: E
pile: 3C 3S 7C 3C 4D
stock: exactly 7D 2D 6S 7C
opened: E S W
touched: 8 6
"""


def _out_now(pos):
    """South goes out this turn the way the sensible player would: the position after."""
    player = SensiblePlayer()
    from tutor.players import _View
    from tutor.engine.generate import legal_rulings
    while pos.phase != "over":
        pos = player._going_out_step(_View(pos), legal_rulings(pos)).after
    return pos


def test_a_cutthroat_partner_reckons_only_its_own_red_threes():
    """players.cutthroat: red threes count only for the player who laid them (800 only for one
    player's four), so South's lead counts South's one red three, not the side's four."""
    pos = P(CUT_OUT)
    assert can_go_out(pos)
    mine, theirs = _team_lead(pos.seen_by("S"), pos.team)
    sheet = tutor.score_hand(_out_now(pos))
    actual = sheet["S"].total - sheet["E"].total
    assert abs((mine - theirs) - actual) <= 60, (mine, theirs, actual)     # hands at 10 a card
    assert actual < 0                   # going out now South would trail: it says so, or plays on
    _, why = SensiblePlayer().decide(pos)
    assert "would lead" not in why


def test_the_last_cutthroat_discard_ends_the_hand_in_every_sentence():
    pos = P(CUT_OUT.replace("stock: exactly 7D 2D 6S 7C", "stock: -").replace(
        "S: AC AH AH AS KH KS QC QC QD QH 7D 7H 7S 6H 4S 3S", "S: 3S 4S").replace(
        "E: KD KS 6C 6D 4S", "E: KD KS 6C 6D 4S AC AH AH AS KH KS QC QC QD QH 7D 7H 7S 6H 7D 2D 6S 7C"))
    ruling = tutor.judge(pos, "discard 3S")
    words = ruling.explain()
    assert ruling.legal and "the last discard of the hand" in words
    assert "plays next" not in words and "blocks" not in words
    assert ruling.after.phase == "over"
    assert explain_choice(pos, "discard 3S") == ("Discard 3♠: the stock is gone, so this discard "
                                                 "ends the hand.")
    assert "plays next" not in hint(pos).text


def test_the_hint_for_a_draw_of_two_counts_two_cards():
    for rules, words in [("players=2", "with two players each turn draws two"),
                         ("players=3, three=cutthroat", "in cutthroat each turn draws two")]:
        pos = tutor.deal(seed=0, rules=rules)
        said = hint(pos)
        assert said.move.kind == "draw" and said.rules[0] == "players.draw-two", said.text
        assert f"({len(pos.stock) - 2} cards are left there)" in said.text and words in said.text
        assert said.text.count("(players.draw-two) You draw two cards from the stock") == 1
    four = hint(tutor.deal(seed=0))
    assert four.rules[0] == "turn.draw" and "You draw the top card of the stock" in four.text


#: two players; South has one canasta and three cards: close, but a canasta short of going out
TWO_ONE_CANASTA = """rules: players=2
turn: N drawn
N: JK AS KD QH QH 9D 9S 8D 8H 6H 5D 5S 3C
S: JS 7H 5C
N melds: JK KC KD KS; JK 2H 10C 10H 10H 10S 10S; AH AH AS; JC JC JS
S melds: 2C 2S 4C 4D 4H 4S 4S; QC QD QS QS; 6C 6C 6D; 9D 9H 9S
S red3: 3H 3D 3H
pile: 3C 8D
stock: rest
"""


def test_an_opponent_a_canasta_short_is_not_said_to_be_close_to_going_out():
    """players.two-canastas: with one canasta the opponent cannot go out yet."""
    pos = P(TWO_ONE_CANASTA)
    move, why = SensiblePlayer().decide(pos)
    assert "close to going out" not in why
    if "meld down" in why:
        assert "your opponent has a canasta and few cards left" in why
    two = P(TWO_ONE_CANASTA.replace("6C 6C 6D;", "6C 6C 6D 6D 6S 2D 2S;"))      # two canastas
    assert "close to going out" in explain_choice(two, "meld KD JK")


def test_a_player_alone_hears_each_player_has_a_meld_of_a_rank():
    pos = P("rules: players=2\nturn: N drawn\nN: QD QH QH 4C 5D\nN melds: 7C 7D 7S\n"
            "S melds: QC QD QS QS\npile: 4S\n")
    words = tutor.judge(pos, "meld QD QH QH").explain()
    assert "each player has a meld of a rank of their own" in words and "team" not in words


def test_why_the_pile_cannot_be_taken_in_words_not_ids():
    """The draw reason says what stops the take, as the seat sees it, with no rule id."""
    frozen = P("rules: players=2\nturn: N draw\nN: 9D 4C 5D 6H\npile: 7C 9S\n")   # N has not melded
    why = SensiblePlayer().decide(frozen)[1]
    assert why == ("Draw from the stock: the pile is frozen for you, and you hold no natural pair "
                   "of nines for its top card.")
    open_pile = P("turn: SW draw\nrules: players=6, six=three-teams\nSW: 2C AC AC JD JH 9C 4C\n"
                  "T2: 2H 9D 9H 9S\npile: 7D 3C KH\n")      # SW plays in T2
    why = SensiblePlayer().decide(open_pile)[1]
    assert why == ("Draw from the stock: you have no meld of kings and no pair of them to meld "
                   "the top card with.")
    for pos in (frozen, open_pile):
        for lang in ("en", "sv", "fi"):
            assert not re.search(r"\(\w+\.[\w.-]+\)", SensiblePlayer().decide(pos, lang)[1])


def test_no_rank_unseen_is_said_in_words_not_zero():
    pos = P("rules: players=2\nturn: N drawn\nN: KH 4C 5D 6H 8S\nS melds: KC KC KD KD KS KS\n"
            "N melds: 9C 9D 9S\npile: 7C KH\n")
    words = explain_choice(pos, "discard KH")
    assert "no king is left unseen" in words and "only 0" not in words


def test_one_opponent_is_your_opponent():
    """Two players: one opponent, "your opponent"; three players each alone: "the opponents"."""
    two = P("rules: players=2\nturn: N drawn\nN: KH 4C 5D 6H 8S\nN melds: 9C 9D 9S\n"
            "S melds: 7C 7D 7S\npile: 4S\n")
    assert "your opponent has no meld of kings" in explain_choice(two, "discard KH")
    three = P("rules: players=3\nturn: E drawn\nE: KH 4C 5D 6H 8S\nE melds: 9C 9D 9S\n"
              "S melds: 7C 7D 7S\npile: 4S\n")
    assert "the opponents have no meld of kings" in explain_choice(three, "discard KH")


def test_a_side_or_seat_of_another_table_names_nobody():
    """meld.own-team: a meld is named by a side of this table; another table's name (or a
    seat of a team table) is refused as naming no side, not as 'belongs to' someone."""
    four = P("turn: N drawn\nN: 2D 2H 5C 6C\nNS: KH KS KS\nEW: KC KC KD\npile: 9C\n")
    for name in ("S", "T1"):
        ruling = tutor.judge(four, f"meld {name} K: 2D")
        assert not ruling.legal and ruling.rule == "meld.own-team"
        assert ruling.explain() == (f"“{name}” names no side at this table, so no meld of it: a "
                                    "meld is named by its side, here NS, EW.")
        assert four.to_text() == P(four.to_text()).to_text()          # nothing changed
    assert tutor.judge(four, "meld NS K: 2D").legal
    assert "belongs to East–West" in tutor.judge(four, "meld EW K: 2D").explain()
    six = P("rules: players=6\nturn: N drawn\nN: 2D 2H 5C 6C\nT1: KH KD KS\nT2: KC KC KD\npile: 9C\n")
    assert "“N” names no side" in tutor.judge(six, "meld N K: 2D").explain()
    seat = tutor.judge(P("rules: players=3\nturn: E draw\npile: 9C\n"), "N: draw")
    assert not seat.legal and seat.explain() == ("There is no seat N at this table: the seats "
                                                 "here are E S W.")


def test_a_player_alone_asks_nobody_in_the_move_words():
    from tutor.engine.plainwords import move_words
    alone = P("rules: players=2\nturn: S drawn\nS: 9H 9D 4C\nS melds: KH KS KD\npile: 5C\n")
    assert move_words("ask", you=True, position=alone) == "You ask “May I go out?”"
    four = P("turn: S drawn\nS: 9H 9D 4C\nNS: KH KS KD\npile: 5C\n")
    assert move_words("ask", you=True, position=four) == "You ask your partner: “May I go out?”"


def test_the_end_of_a_game_in_words_at_every_count():
    from tutor.i18n import translator
    from tutor.lessons import game_result_words
    t = translator("en")
    for rules, totals, words in [
            ("players=2", (5200, 4000), "North wins the game, by 1200 points."),
            ("default", (5200, 4000), "North–South win the game, by 1200 points."),
            ("default", (5200, 5200), "Both teams have 5200: the game is drawn."),
            ("players=3", (5200, 5200, 100), "East and South share the highest total, 5200: the "
                                             "game is drawn."),
            ("players=6, six=three-teams", (7600, 7600, 7000),
             "Team 1 and Team 2 share the highest total, 7600: the game is drawn.")]:
        game = tutor.Game(rules)
        game.totals = totals
        assert game_result_words(game, t) == words


def test_the_canvas_totals_name_the_sides_in_swedish_and_finnish():
    from tutor.engine.diagram import scene
    for lang, words in [("fi", "Itä 0   Etelä 0   Länsi 0"), ("sv", "Öst 0   Syd 0   Väst 0"),
                        ("en", "E 0   S 0   W 0")]:
        assert words in repr(scene(tutor.deal(1, "players=3"), viewer="S", lang=lang))


def test_the_canvas_knows_a_cutthroat_partnership_has_opened():
    """players.cutthroat: the pile is frozen for the partnership only until one of them melds."""
    from tutor.engine.diagram import scene
    text = ("rules: players=3, three=cutthroat\nturn: S draw\nS: 7C 8D 9H\nW melds: KH KS KD\n"
            "{east}lone: W\npile: 7D 9C\n")
    opened = P(text.format(east="E melds: QH QS QD\n"))
    assert "frozen" not in repr(scene(opened, viewer="S")) and tutor.judge(opened, "take 9H").legal is False
    closed = P(text.format(east=""))
    assert "frozen for East–South: no meld yet" in repr(scene(closed, viewer="S"))


def test_after_a_yes_the_game_page_says_go_out_not_discard_to_end_the_turn():
    """goout.binding: after "yes" the player must go out this turn; if that has become
    impossible, play goes on (the prompt says which)."""
    from tutor.game.model import GameModel
    game = GameModel(lang="en", seed=1)
    game.start()
    game.session.position = P("turn: S drawn\nasked: yes\nS: 9H 9D 9S 4C\n"
                              "NS: KH KS KD KC KH KS KD\npile: 5C\n")
    prompt = game.prompt()
    assert prompt.startswith("Your partner said yes: you must go out this turn. Meld and go out")
    assert "discard a card to end your turn" not in prompt and "End your turn" not in prompt
    game.session.position = P("turn: S drawn\nasked: yes\nS: 9H 8D 7S 4C\n"
                              "NS: KH KS KD KC KH KS KD\npile: 5C\n")
    assert game.prompt().startswith("Your partner said yes, but you cannot go out this turn, "
                                    "so play goes on.")


def test_a_hand_staged_as_over_does_not_claim_the_stock_ran_out():
    staged = tutor.judge(P("turn: N over\nN: 4C 5D\npile: 9C\n"), "draw")
    assert not staged.legal and "the stock ran out" not in staged.explain()
    ended = tutor.judge(P("turn: N over\nN: 4C 5D\nE: 34\nS: 34\nW: 33\nNS red3: 3H 3H 3D 3D\n"
                          "pile: 9C\nstock: -\n"), "draw")
    assert not ended.legal and "the stock ran out" in ended.explain()


def test_the_game_page_says_when_a_computer_becomes_the_cutthroat_lone_hand():
    from tutor.game.model import GameModel
    game = GameModel(lang="en", seed=1)
    game.choose("players", "3:cutthroat")
    game.choose("guide", "off")
    game.start()
    said = []
    for _ in range(80):
        if game.stage != "play" or game.position.lone is not None:
            break
        game.play(SensiblePlayer(0).choose(game.position))
        said += game.happened
    lone = game.position.lone
    assert lone is not None and lone != game.seat            # a computer took the pile first
    assert any(line.startswith(f"{ {'E': 'East', 'W': 'West'}[lone]} is the first to take the "
                               "pile, so") and "are partners" in line for line in said), said


def test_each_draw_reason_says_what_stops_the_take():
    """The reason a take is refused, as the seat sees the pile: a wild card on top
    (pile.take.top-natural), a black three on top (pile.black-three), or the judge's own
    words for what else stops it (here the first meld's minimum, meld.initial)."""
    wild = P("turn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\npile: 5C 2H\n")
    assert SensiblePlayer().decide(wild)[1] == ("Draw from the stock: nobody can take the pile "
                                                "while a wild card lies on top.")
    assert not tutor.judge(wild, "take").legal
    three = P("turn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\npile: 5C 3S\n")
    assert SensiblePlayer().decide(three)[1] == ("Draw from the stock: a black three on top "
                                                 "blocks you from taking the pile.")
    short = P("turn: S draw\nscore: NS 3000, EW 0\nS: 9H 9D 4C 5D\npile: 5C 9C\n")
    why = SensiblePlayer().decide(short)[1]
    assert why.startswith("Draw from the stock: the pile cannot be taken. Your team's first meld")
    assert "at least 120 points" in why and tutor.judge(short, "take 9H 9D").rule == "meld.initial"


def test_melding_down_for_a_nearly_empty_stock_says_so():
    pos = P("turn: S drawn\nS: JK 9D 4C 5D\nN: 31\nE: 30\nW: 30\nNS: KH KS KD\n"
            "NS red3: 3H 3H 3D 3D\npile: 6C\nstock: exactly KC QC QD QS JS\n")
    assert explain_choice(pos, "meld K: JK") == ("Meld: a joker goes on your meld of kings: only "
                                                 "5 cards are left in the stock, so meld down "
                                                 "what you can.")
    assert not any(tutor.Position.parse(pos.to_text()).melds[1])    # the opponents: no meld


def test_a_move_line_gives_no_partner_to_a_player_alone():
    """players.sides: at two and three players nobody has a partner; the move line of an ask
    (the judge refuses it) says what was tried, without a partner, in every language."""
    from tutor.engine.plainwords import move_words
    for rules in ("players=2", "players=3"):
        alone = P(f"rules: {rules}\nturn: S drawn\nS: 9H 4D\npile: 5C")
        words = {lang: move_words("ask", lang=lang, position=alone) for lang in ("en", "sv", "fi")}
        assert words == {"en": "South asks “May I go out?”", "sv": "Syd frågar: ”Får jag gå ut?”",
                         "fi": "Etelä kysyy: ”Saanko lopettaa?”"}, words
    four = P("turn: S drawn\nS: 9H 4D\npile: 5C")
    assert move_words("ask", lang="en", position=four) == "South asks the partner: “May I go out?”"


def test_a_draw_is_not_one_card_where_two_are_drawn():
    """players.draw-two: the Finnish move line and hint said "draws a card" (kortin) at every
    table; a draw is worded without a count, as in English and Swedish."""
    from tutor.engine.plainwords import move_words
    two = P("rules: players=2\nturn: S draw\nS: 9H 4D\npile: 5C")
    assert move_words("draw", lang="fi", position=two) == "Etelä nostaa piilopakasta."
    assert move_words("draw", lang="fi", position=two, you=True) == "Nostat piilopakasta."
    assert "kortti piilopakasta" not in hint(two, lang="fi").text


def test_the_partner_who_answers_in_a_team_of_three():
    """players.sides: in a team of three the partner who plays next answers; a wrong answerer
    is told that, not that it is not the asker's partner (Northeast is South's partner too)."""
    six = P("rules: players=6\nturn: S drawn\nasked: pending\nS: 9H 4D\nT2: KH KS KD KC KH KS KD\n"
            "pile: 5C")
    assert set(six.format.partners("S")) == {"NW", "NE"}
    ruling = tutor.judge(six, "NE: yes")
    assert not ruling.legal and ruling.rule == "turn.order"
    assert ruling.explain() == ('Only Northwest, the partner who plays next after South, answers '
                                '"may I go out?" — not Northeast.')
    assert tutor.judge(six, "NW: yes").legal
    four = P("turn: S drawn\nasked: pending\nS: 9H 4D\nNS: KH KS KD KC KH KS KD\npile: 5C")
    assert "the partner of the player who asked" in tutor.judge(four, "E: yes").explain()
