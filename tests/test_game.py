"""The "Play a game" page's model (tutor/game/model.py) and view, headless: settings by
handlers, a whole hand played through the model's handlers against the computer, ending in
a right score sheet, the buttons that mean something now, the guided prompts, no notation
and no rule ids in what the learner reads."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.engine.generate import legal_moves
from tutor.engine.scoring import score_hand
from tutor.game import SETTINGS, GameModel
from tutor.game.widget import PAGE_STYLE, GameView
from tutor.hints import hint
from tutor.i18n import translator

RULE_ID = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9-]+)+\b")
NOTATION = re.compile(r"\b(?:[2-9]|10|[JQKA])[HDCS]\b|\bJK\b")


def _parent_of(root, child):
    """The widget (under `root`) whose children hold `child`."""
    for kid in getattr(root, "children", ()):
        if kid is child:
            return root
        found = _parent_of(kid, child)
        if found is not None:
            return found
    return None


def _plain(text: str) -> None:
    """Words a learner reads: no rule id, no card in the notation, no Python."""
    assert not RULE_ID.search(text.replace("…", "")), text
    assert not NOTATION.search(text), text
    assert "Traceback" not in text and "<" not in text, text


def _play_by_handlers(game: GameModel, move) -> object:
    """Make `move` for the learner as a learner would: click the cards, press the button."""
    move = tutor.Move.parse(move)
    kind = move.kind
    if kind in ("draw", "ask"):
        return game.press(kind)
    if kind in ("yes", "no"):
        return game.answer(kind == "yes")
    hand = list(game.session.hand)
    used: set = set()

    def pick(cards):
        for c in cards:
            i = next(i for i, x in enumerate(hand) if x == c and i not in used)
            used.add(i)
            game.select(i)

    groups = move.groups
    if kind == "discard":
        pick(groups[0].cards)
        return game.discard()
    if any(g.rank for g in groups) and len(groups) > 1:
        return game.play(move)            # a several-meld move aimed at melds: typed
    if kind == "meld" and len(groups) == 1 and groups[0].rank:
        pick(groups[0].cards)
        game.aim(groups[0].team or game.position.format.side_of(game.seat), groups[0].rank)
        return game.add_to()
    for g in groups[:-1]:
        pick(g.cards)
        game.next_group()
    if groups:
        pick(groups[-1].cards)
    return game.press("take" if kind == "take" else "meld")


def _play_hand(game: GameModel, limit: int = 400) -> int:
    moves = 0
    while game.stage == "play":
        assert game.my_turn()
        buttons = game.buttons()
        assert buttons and "hint" in buttons or game.position.asked == "pending"
        h = hint(game.position, lang=game.lang)
        kinds = {m.kind for m in legal_moves(game.position)}
        assert {h.move.kind} <= kinds
        ruling = _play_by_handlers(game, h.move)
        assert ruling is not None and ruling.legal, (h.move, ruling and ruling.rule)
        for line in game.happened:
            _plain(line)
        moves += 1
        assert moves < limit
    return moves


def test_settings_are_data_and_chosen_by_handlers():
    game = GameModel(lang="en")
    shown = [s.name for s in game.settings()]
    assert shown[:3] == ["players", "seat", "lang"]
    assert game.choices["players"] == "4" and game.rules() == "default"
    assert {"black-threes", "wilds", "initial-minimum", "stock-out"} <= set(shown)
    game.choose("seat", "W")
    game.choose("black-threes", "never")
    game.choose("wilds", "not-outnumber")
    assert game.rules() == "black-threes=never, wilds=not-outnumber"
    with pytest.raises(ValueError):
        game.choose("seat", "X")
    with pytest.raises(ValueError):
        game.choose("colour", "red")
    for setting in game.settings():
        for value, _ in setting.options:
            _plain(game.option_words(setting, value))
    seat = next(s for s in SETTINGS if s.name == "seat")
    assert game.options(seat) == ["S", "W", "N", "E"]            # four: the four seats
    assert game.option_words(seat, "S") == "South (your partner: North)"
    assert game.buttons() == () and "Start the game" in game.prompt()


def test_a_whole_hand_against_the_computer_ends_in_a_right_score_sheet():
    game = GameModel(lang="en", seed=7)
    changes = []
    game.on_change(lambda m: changes.append(m.stage))
    game.start()
    # West deals, North and East play first: told in words, then it is South's turn
    assert game.happened[0] == "North draws from the stock."
    assert game.my_turn() and game.position.turn == "S" and game.position.phase == "draw"
    assert game.prompt().startswith("Your turn: draw, or take the pile?")
    assert set(game.buttons()) <= {"draw", "take", "hint"} and "draw" in game.buttons()
    assert "discard" not in game.buttons() and "meld" not in game.buttons()
    game.draw()
    # the learner's draw, the card it brought, then the computer's moves until South again
    assert game.happened[0] == "You draw from the stock." and game.happened[1].startswith("You drew ")
    assert game.my_turn() is False or game.position.phase != "draw" or game.position.turn == "S"
    assert "discard" in game.buttons() and "draw" not in game.buttons()
    assert "Now you may meld" in game.prompt()
    _plain(game.prompt())
    moves = _play_hand(game)
    assert moves > 3 and game.stage == "hand-over" and game.buttons() == ()
    final = game.position
    assert final.phase == "over"
    sheet = game.sheet()
    want = score_hand(final)
    assert sheet["totals"] == (want["NS"].total, want["EW"].total)
    assert [total for _h, total, _l in sheet["teams"]] == [want["NS"].total, want["EW"].total]
    assert sum(p for _w, p in sheet["teams"][0][2]) == want["NS"].total
    assert sheet["totals_words"] == (f"Running totals after 1 hand: North–South {want['NS'].total}, "
                                     f"East–West {want['EW'].total}.")
    assert sheet["next_dealer"] == "Next dealer: North."
    # the table's own status line counts the hand and names the next dealer (issue 22)
    assert game.status() == (f"Game to 5000: hand 1, running totals North–South {want['NS'].total}, "
                             f"East–West {want['EW'].total} (next dealer North).")
    for words in [sheet["how"], sheet["totals_words"]] + [w for _h, _t, ls in sheet["teams"] for w, _ in ls]:
        _plain(words)
    assert "hand-over" in changes
    # one renderer per thing shown: the game page draws each side's lines as the table's
    # panel does (tutor.table.panel), the same lines and points
    import html
    from tutor.game.widget import GameView
    from tutor.table.panel import sheet_html
    shown = GameView(game).sheet_box.value
    panel = sheet_html(final, "en")
    for side in ("NS", "EW"):
        for _rule, points, words in want[side].items:
            signed = f"{points:+d}".replace("-", "\u2212") if points else "0"    # a minus sign
            row = f"<td style='padding-right:8px'>{html.escape(words)}</td><td style='text-align:right;white-space:nowrap'>{signed}</td>"
            assert row in shown and row in panel, row
    # the next hand: North deals, East plays first; the totals go on
    game.next_hand()
    assert game.stage == "play" and game.session.game.totals == sheet["totals"]
    assert game.session.game.dealer == "N"
    assert game.status().startswith(f"Game to 5000: hand 2, running totals North–South {want['NS'].total}")
    # the guide goes with the first hand (the default); "at every hand" keeps it
    assert game.prompt() in ("Your turn: draw, or take the pile?", "Your turn: draw a card.")
    game.choose("guide", "always")
    assert game.prompt().startswith("Your turn: ") and len(game.prompt()) > 60


def test_the_table_status_counts_a_finished_hand():
    """TableSession.game_status at the end of a hand: the sheet's points in the totals and
    the next hand's dealer (it said 0 and the dealer of the hand just played)."""
    from tutor.autoplay import play_on
    from tutor.players import SensiblePlayer
    from tutor.table.model import TableSession
    s = TableSession(tutor.deal(0), viewer="S")
    s.start_game(seed=5)
    steps = play_on(s.position, {x: SensiblePlayer(seed=1) for x in "NESW"})
    s.position = steps[-1].after
    sheet = score_hand(s.position)
    assert "dealer West" not in s.game_status() and "next dealer North" in s.game_status()
    assert f"North–South {sheet['NS'].total}," in s.game_status()
    assert s.game.totals == (0, 0)                     # counted for real when the next is dealt
    s.next_hand()
    assert s.game.totals == (sheet["NS"].total, sheet["EW"].total)
    assert "hand 2" in s.game_status() and "(dealer North)" in s.game_status()


def test_a_minus_total_is_written_with_the_minus_sign_as_on_the_sheets():
    """A learner alone at three who only draws and discards ends the hand in minus: the
    sheet's head, the running totals and the status write "South: −180" with the minus
    sign the sheet's lines use (they wrote "-180" with a hyphen), and the game's standing
    too."""
    game = GameModel(lang="en", seed=0)
    game.choose("players", "3")
    game.start()
    while game.stage == "play":
        moves = legal_moves(game.position)
        _play_by_handlers(game, next((m for m in moves if m.kind == "draw"), None)
                          or next(m for m in moves if m.kind == "discard"))
    sheet = game.sheet()
    south = dict(zip(("E", "S", "W"), sheet["totals"]))["S"]
    assert south < 0
    minus = f"\u2212{-south}"
    assert f"South: {minus}" in [head for head, _t, _l in sheet["teams"]]
    assert f"South {minus}," in sheet["totals_words"] and f"South {minus}," in game.status()
    assert f"S {minus}" in sheet["game"].result_text()
    for words in [sheet["totals_words"], game.status(), sheet["game"].result_text()] + [
            head for head, _t, _l in sheet["teams"]]:
        assert not re.search(r"-\d", words), words


def test_the_club_rules_of_lesson_12_are_offered_where_they_change_something():
    """Every variant flag of the rulebook is a setting of the game (its values RULES.md's);
    a rule for partners is offered only at a table of partners, and a rule not offered
    is not passed to the game."""
    from tutor.engine.ruleset import FLAGS
    game = GameModel(lang="en", seed=5)
    rules = {s.name for s in game.settings() if s.kind == "rule"}
    assert rules == set(FLAGS) - {"players", "three", "six", "cutthroat-canastas"}
    club = {"concealed": "team", "opening": "player", "red3-four": "player",
            "red3-dealt": "on-turn", "go-out-without-discard": "whole-canasta"}
    for name, value in club.items():
        game.choose(name, value)
    assert all(game.applies(s) for s in game.settings())
    assert game.rules() == ("go-out-without-discard=whole-canasta, concealed=team, "
                            "opening=player, red3-dealt=on-turn, red3-four=player")
    game.start()
    rules_now = game.position.rules
    assert (rules_now.concealed, rules_now.opening, rules_now.red3_four) == ("team", "player", "player")
    assert rules_now.red3_per_seat                      # the red threes lie per player
    by_name = {s.name: s for s in game.settings()}
    for count, hidden in (("2", {"concealed", "opening", "red3-four"}), ("6", {"red3-four"}),
                          ("6:three-teams", {"red3-four"}), ("3:cutthroat", {"concealed", "opening", "red3-four"})):
        game.choose("players", count)
        assert {n for n, s in by_name.items() if not game.applies(s)} == hidden, count
        assert not any(f"{n}=" in game.rules() for n in hidden), game.rules()
    assert "go-out-without-discard=whole-canasta" in game.rules()
    # the page: a setting's row is hidden where it changes nothing, shown again where it does
    view = GameView(GameModel(lang="en"))
    rows = view.setting_rows
    assert rows["concealed"].layout.display is None and rows["red3-four"].layout.display is None
    view.option_buttons[("players", "2")].click()
    assert rows["concealed"].layout.display == "none" and rows["red3-four"].layout.display == "none"
    assert rows["red3-dealt"].layout.display is None
    view.option_buttons[("players", "4")].click()
    assert rows["opening"].layout.display is None


@pytest.mark.parametrize("seat", ["W", "N"])
def test_another_seat_and_rules(seat):
    game = GameModel(lang="en", seed=11)
    game.choose("seat", seat)
    game.choose("stock-out", "ends")
    game.choose("guide", "off")
    game.start()
    assert game.position.rules.stock_out == "ends"
    assert game.session.viewer == seat and game.my_turn()
    assert game.prompt() in ("Your turn: draw, or take the pile?", "Your turn: draw a card.")
    _play_hand(game)
    assert game.stage == "hand-over" and game.sheet()["totals"] == tuple(
        score_hand(game.position)[t].total for t in ("NS", "EW"))


def test_illegal_try_is_said_and_the_position_stays():
    game = GameModel(lang="en", seed=7)
    game.start()
    before = game.position
    game.draw()
    pos = game.position
    game.select(0)
    game.select(1)
    r = game.discard()                    # two cards: no discard
    assert r is not None and not r.legal and game.position is pos
    assert game.session.ruling is r and before is not pos


def test_no_move_after_the_hand():
    """A move pressed after the hand is refused with the hand's end, not "Wait: it is not
    your turn" (nobody's turn comes: tests/test_after_hand_words.py)."""
    game = GameModel(lang="en", seed=7)
    game.start()
    _play_hand(game)
    assert game.draw() is None and game.note == "The hand is over: no moves are left in it."


@pytest.mark.parametrize("lang", ["sv", "fi"])
def test_the_game_speaks_the_language(lang):
    t = translator(lang)
    game = GameModel(lang=lang, seed=7)
    assert game.prompt() == t.gettext("Choose where you sit, the language and the rules, then "
                                      "press Start the game.") != GameModel().prompt()
    game.start()
    assert game.happened[0] == tutor.engine.plainwords.move_words("draw", "N", lang)
    assert "draw" not in game.prompt().lower().split()
    _play_hand(game)
    sheet = game.sheet()
    assert t.word("team", "NS") in sheet["totals_words"] and "North" not in sheet["totals_words"]
    _plain(sheet["totals_words"])


def test_view_shows_only_the_buttons_that_mean_something():
    from tutor.game.widget import GameView
    game = GameModel(lang="en", seed=7)
    view = GameView(game)
    assert repr(view) == game.prompt()
    assert view.setup.layout.display is None and view.play_area.layout.display == "none"
    view.option_buttons[("seat", "W")].click()
    assert game.seat == "W" and view.option_buttons[("seat", "W")].button_style == "primary"
    view.option_buttons[("lang", "sv")].click()
    assert view.start_button.description == translator("sv").gettext("Start the game")
    view.option_buttons[("lang", "en")].click()
    view.start_button.click()
    assert view.setup.layout.display == "none" and view.table is not None
    shown = {n for n, b in view.table.buttons.items() if b.layout.display != "none"}
    assert shown == set(game.buttons()) and len(shown) <= 3
    # the typed-move row is hidden by the page's style (a class rule), not by its layout
    row = _parent_of(view, view.table.move_box)
    assert "tutor-typed" in row._dom_classes and "tutor-game-page" in view._dom_classes
    assert re.search(r"\.tutor-game-page \.tutor-typed,[^{]*\{ display: none", PAGE_STYLE)
    view.table.buttons["draw"].click()                          # the table's own button
    assert game.happened[0] == "You draw from the stock."
    shown = {n for n, b in view.table.buttons.items() if b.layout.display != "none"}
    assert shown == set(game.buttons()) and "discard" in shown and "draw" not in shown
    view.table.session.select(0)
    assert view.table.buttons["clear"].layout.display is None
    view.table.buttons["clear"].click()
    assert view.table.buttons["clear"].layout.display == "none" and not game.session.selection
    assert "What just happened" in view.story.value
    _play_hand(game)
    assert "Score sheet" in view.sheet_box.value and "Running totals after 1 hand" in view.sheet_box.value
    assert view.next_button.layout.display is None
    # the table's own status box counts the hand too (it said NS 0 EW 0 beside the sheet)
    ns, ew = game.sheet()["totals"]
    texts = [str(p) for p in view.table.scene.prims]
    assert any(f"NS {ns}   EW {ew}" in x for x in texts) and not any("NS 0   EW 0" in x for x in texts)
    view.next_button.click()
    assert game.stage == "play" and view.sheet_box.value == ""


def test_a_short_game_ends_with_its_result():
    game = GameModel(lang="en", seed=7, target=100)
    game.start()
    _play_hand(game)
    sheet = game.sheet()
    assert sheet["result"] and " win the game" in sheet["result"] and sheet["next_dealer"] == ""
    game.next_hand()
    assert game.stage == "game-over" and game.prompt().endswith(sheet["result"])
    assert game.prompt().startswith("The game is over: ") and "(game.end)" not in game.prompt()
    assert game.buttons() == () and game.sheet()["totals"] == sheet["totals"]
    game.new_game()
    assert game.stage == "setup"
    game.start(seed=8)
    assert game.stage == "play" and game.session.game.totals == (0, 0)


def test_asking_the_computer_partner_may_i_go_out():
    game = GameModel(lang="en", seed=7)
    game.start()
    game.draw()
    assert "ask" in game.buttons() and "If you can go out this turn" in game.prompt()
    r = game.ask()
    assert r is not None and r.legal
    assert game.happened[0] == "You ask your partner: “May I go out?”" or "May I go out" in game.happened[0]
    assert game.happened[1].startswith("North answers ")
    said = game.position.asked
    assert said in ("yes", "no") and game.my_turn() and "ask" not in game.buttons()
    assert game.prompt().startswith("Your partner said " + said)


@pytest.mark.parametrize("lang", ["en", "sv", "fi"])
def test_every_lesson_ends_with_the_way_to_the_game(lang):
    """The recap of every lesson links to the game; the last one says so in its words."""
    from tutor.lessons import load_lessons
    from tutor.lessons.page import LessonPage
    from tutor.lessons.tracker import Tracker
    t = translator(lang)
    lessons = load_lessons(lang)
    for lesson in lessons:
        recap = LessonPage(lesson.number, lang=lang, tracker=Tracker(lesson.key, store=None)).recap().value
        assert "href='game.ipynb'" in recap and "class='tutor-play-game'" in recap, lesson.key
    last = LessonPage(lessons[-1].number, lang=lang, tracker=Tracker(lessons[-1].key, store=None)).recap().value
    assert (t.gettext("That was the last lesson.") + " <b><a class='tutor-play-game' href='game.ipynb'>"
            + t.gettext("Now play a game against the computer")) in last.replace("&#x27;", "'")


# ---- every player count (issue 21) ------------------------------------------------------------
COUNT_CASES = {
    # key: (seats offered, sides, target, intro's start, the rules line)
    "2": (["S", "N"], ("N", "S"), 5000, "You play against one computer player", "players=2"),
    "3": (["S", "W", "E"], ("E", "S", "W"), 5000, "You play against two computer players",
          "players=3"),
    "6": (["S", "SW", "NW", "N", "NE", "SE"], ("T1", "T2"), 10000,
          "You and two computer partners", "players=6"),
    # cutthroat: the learner is alone until the first take of the pile decides the sides;
    # one sheet per player (players.cutthroat)
    "3:cutthroat": (["S", "W", "E"], ("E", "S", "W"), 7500,
                    "You play against two computer players: whoever first takes the discard pile",
                    "players=3, three=cutthroat"),
    "6:three-teams": (["S", "SW", "NW", "N", "NE", "SE"], ("T1", "T2", "T3"), 7500,
                      "You and a computer partner play against two teams",
                      "players=6, six=three-teams"),
}


def test_the_counts_are_offered_in_plain_words():
    game = GameModel(lang="en")
    players = next(s for s in SETTINGS if s.name == "players")
    assert game.options(players) == ["2", "3", "3:cutthroat", "4", "6", "6:three-teams"]
    assert [game.option_words(players, v) for v in game.options(players)] == [
        "Two players, each alone", "Three players, each alone",
        "Three players, cutthroat (the first to take the pile plays alone)",
        "Four players, two teams of two",
        "Six players, two teams of three", "Six players, three teams of two"]
    assert game.intro().startswith("You and a computer partner play against two computer players")
    seat = next(s for s in SETTINGS if s.name == "seat")
    game.choose("seat", "W")
    game.choose("players", "2")
    assert game.seat == "S" and game.options(seat) == ["S", "N"]     # no West at two: South
    with pytest.raises(ValueError):
        game.choose("seat", "E")
    assert game.option_words(seat, "N") == "North"                   # alone: no partner
    game.choose("players", "6")
    assert game.option_words(seat, "S") == "South (your partners: Northwest and Northeast)"
    game.choose("seat", "NE")
    game.choose("players", "6:three-teams")
    assert game.seat == "NE" and game.option_words(seat, "NE") == "Northeast (your partner: Southwest)"
    game.choose("players", "4")
    assert game.seat == "S" and game.rules() == "default"
    for lang in ("sv", "fi"):
        t = translator(lang)
        other = GameModel(lang=lang)
        for key in other.options(players):
            other.choose("players", key)
            game.choose("players", key)
            assert other.option_words(players, key) == t.gettext(
                dict(players.options)[key]) != game.option_words(players, key)
            assert other.intro() != game.intro() and other.intro()
            for value in other.options(seat):
                _plain(other.option_words(seat, value))


@pytest.mark.parametrize("key", list(COUNT_CASES))
def test_a_whole_hand_at_every_count(key):
    seats, sides, target, intro, rules = COUNT_CASES[key]
    game = GameModel(lang="en", seed=7)
    game.choose("players", key)
    seat = next(s for s in SETTINGS if s.name == "seat")
    assert game.options(seat) == seats and game.intro().startswith(intro)
    assert game.rules() == rules
    game.choose("black-threes", "never")
    assert game.rules() == rules + ", black-threes=never"
    game.start()
    pos = game.position
    assert pos.format.seats == tuple(sorted(seats, key=pos.format.seats.index))
    assert game.session.game.target == target and f"Game to {target}:" in game.status()
    assert game.my_turn() and game.session.viewer == "S" and pos.rules.black_threes == "never"
    assert len(pos.hand("S")) == pos.format.hand_size and pos.phase == "draw"   # South deals
    for line in game.happened:
        _plain(line)
    # nobody to ask when alone; the button is never offered then
    _play_hand(game)
    if not game.position.format.has_partners:      # cutthroat: partners once the pile is taken
        assert all("ask" not in line and "May I go out" not in line for line in game.happened)
    sheet = game.sheet()
    want = score_hand(game.position)
    assert list(want) == list(sides)
    assert sheet["totals"] == tuple(want[s].total for s in sides)
    assert [total for _h, total, _l in sheet["teams"]] == [want[s].total for s in sides]
    for (head, total, lines), side in zip(sheet["teams"], sides):
        assert sum(p for _w, p in lines) == total
        _plain(head)
    t = translator("en")
    names = [t.word("team", s) if s.startswith("T") else t.word("seat", s) for s in sides]
    assert sheet["totals_words"] == "Running totals after 1 hand: " + ", ".join(
        f"{n} {want[s].total}" for n, s in zip(names, sides)) + "."
    # the chart: every side's total after the hand, and the count's target
    chart = game.chart()
    # the target is a total to reach, written without the sign of points won
    assert ">target<" in chart.svg and f">{target}<" in chart.svg and f"+{target}" not in chart.svg
    for n, s in zip(names, sides):
        assert f"hand 1: {n}" in chart.svg
        assert f"{s} " in repr(chart)
    assert game.status().startswith(f"Game to {target}: hand 1, running totals {names[0]}")
    game.next_hand()
    assert game.stage == "play" and game.session.game.totals == sheet["totals"]


@pytest.mark.parametrize("key", ["2", "6:three-teams"])
def test_a_short_game_at_other_counts_ends_with_its_result(key):
    game = GameModel(lang="en", seed=3, target=100)
    game.choose("players", key)
    game.choose("guide", "off")
    game.start()
    _play_hand(game)
    sheet = game.sheet()
    assert sheet["result"] and sheet["next_dealer"] == ""
    game.next_hand()
    assert game.stage == "game-over" and game.prompt().endswith(sheet["result"])
    assert game.prompt().startswith("The game is over: ") and "(game.end)" not in game.prompt()
    _plain(sheet["result"].split("(")[0])
    if key == "2":                      # a player alone wins; a team win
        assert " wins the game, by " in sheet["result"]
    else:
        assert " win the game, by " in sheet["result"]


@pytest.mark.parametrize("lang", ["en", "sv", "fi"])
def test_the_view_at_six_shows_the_seats_and_the_chart(lang):
    from tutor.game.widget import GameView
    t = translator(lang)
    game = GameModel(lang=lang, seed=7)
    view = GameView(game)
    view.option_buttons[("players", "6")].click()
    assert game.choices["players"] == "6"
    shown = {v for (n, v), b in view.option_buttons.items() if n == "seat" and b.layout.display != "none"}
    assert shown == {"S", "SW", "NW", "N", "NE", "SE"}
    assert game.intro() in view.head.value.replace("&#x27;", "'")
    view.option_buttons[("players", "2")].click()
    shown = {v for (n, v), b in view.option_buttons.items() if n == "seat" and b.layout.display != "none"}
    assert shown == {"S", "N"}
    view.option_buttons[("players", "6")].click()
    view.start_button.click()
    assert game.session.game.target == 10000
    _play_hand(game)
    html = view.sheet_box.value
    assert t.gettext("Score sheet") in html and "<svg" in html and "tutor-chart" in html
    for side in ("T1", "T2"):
        assert t.word("team", side) in html


@pytest.mark.parametrize("key", ["2", "3"])
def test_a_player_alone_is_guided_without_a_team(key):
    """Alone at the table (two or three players): the guide speaks of your melds, not your
    team's, and never of a partner."""
    game = GameModel(lang="en", seed=7)
    game.choose("players", key)
    game.choose("guide", "always")
    game.start()
    game.draw()
    prompt = game.prompt()
    assert "one of your melds" in prompt and "team" not in prompt and "partner" not in prompt
    assert "You have not melded yet: your first meld must count at least 50 points." in prompt
    for lang in ("sv", "fi"):
        other = GameModel(lang=lang, seed=7)
        other.choose("players", key)
        other.start()
        other.draw()
        assert other.prompt() != prompt and translator(lang).gettext(
            "You have not melded yet: your first meld must count at least {points} "
            "points.").format(points=50) in other.prompt()


@pytest.mark.parametrize("key, cards", [("2", "two cards"), ("3:cutthroat", "two cards"), ("4", "card")])
def test_the_draw_prompt_counts_the_cards_drawn(key, cards):
    """players.draw-two: at two players and in cutthroat a draw gives two cards, and the guide
    says so (it said "every turn starts with a card ... the top card of the stock")."""
    game = GameModel(lang="en", seed=7)
    game.choose("players", key)
    game.choose("guide", "always")
    game.start()
    pos = game.session.position
    assert pos.turn == game.seat and pos.phase == "draw", (pos.turn, pos.phase)
    prompt = game.prompt()
    assert f"the top {cards} of the stock" in prompt, prompt
    if cards == "two cards":
        assert "top card of the stock" not in prompt and len(pos.stock) >= 2
        before = len(pos.hand(game.seat))
        game.draw()
        assert len(game.session.position.hand(game.seat)) == before + 2   # what it said
