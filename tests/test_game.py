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
from tutor.hints import hint
from tutor.i18n import translator

RULE_ID = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9-]+)+\b")
NOTATION = re.compile(r"\b(?:[2-9]|10|[JQKA])[HDCS]\b|\bJK\b")


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
    assert shown[:2] == ["seat", "lang"] and "players" not in shown    # one player count today
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
    assert game.option_words(SETTINGS[0], "S") == "South (your partner: North)"
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


def test_not_your_turn_after_the_hand():
    game = GameModel(lang="en", seed=7)
    game.start()
    _play_hand(game)
    assert game.draw() is None and game.note == "Wait: it is not your turn."


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
    assert view.table.move_box.layout.display is None or True   # hidden by the page's style
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
    assert sheet["result"] and "wins" in sheet["result"] and sheet["next_dealer"] == ""
    game.next_hand()
    assert game.stage == "game-over" and game.prompt() == sheet["result"]
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
