"""The table's session model and drawing primitives, headless (no front end, no browser)."""
import pytest

import tutor
from tutor.engine.diagram import position_svg, scene
from tutor.table.model import TableSession

from table_positions import FROZEN


def index_of(session, text, nth=0):
    return [i for i, c in enumerate(session.hand) if c.text == text][nth]


@pytest.fixture
def s():
    return TableSession(tutor.Position.parse(FROZEN))


def test_select_toggles(s):
    s.select(index_of(s, "KH"))
    assert [c.text for c in s.selected_cards()] == ["KH"]
    s.select(index_of(s, "KH"))
    assert s.selection == []
    with pytest.raises(IndexError):
        s.select(99)


def test_illegal_take_leaves_position(s):
    seen = []
    s.on_change(lambda sess, what: seen.append(what))
    s.select(index_of(s, "KH"))
    s.select(index_of(s, "JK"))
    r = s.take()
    assert not r.legal and r.rule == "pile.take.frozen"
    assert s.position is s.staged and not s.past
    assert tutor.Card("KD") in s.highlight()
    assert "ruling" in seen


def test_legal_take_undo_redo_reset(s):
    s.select(index_of(s, "KH"))
    s.select(index_of(s, "KS"))
    r = s.take()
    assert r.legal and r.rule == "pile.take.frozen"
    after = s.position
    assert after.phase == "drawn" and len(s.past) == 1 and s.selection == []
    assert s.undo() and s.position == s.staged
    assert s.redo() and s.position == after
    s.discard()                                  # nothing selected: a message, no move
    assert s.message and s.position == after
    s.select(index_of(s, "4H"))
    assert s.discard().legal and s.position.turn == "W"
    s.reset()
    assert s.position == s.staged and not s.past and not s.future


def test_meld_groups_and_add_to(s):
    s.try_move("draw")
    s.select(index_of(s, "QH"))
    s.select(index_of(s, "QD"))
    s.next_group()
    s.select(index_of(s, "7D"))
    s.select(index_of(s, "7C"))
    r = s.meld()
    assert str(r.move) == "meld QD QH; 7C 7D"       # ';' between the groups, in hand order
    assert not r.legal and r.rule == "meld.size"    # two cards are no meld
    s.clear_selection()
    s.set_target("NS", "8")
    s.select(index_of(s, "JK"))
    r = s.add_to()
    assert str(r.move) == "meld 8: JK"
    s.set_target("EW", "9")
    s.select(0)
    r = s.add_to()
    assert not r.legal and r.rule == "meld.own-team"


def test_bad_move_text_and_legal_moves(s):
    assert s.try_move("fly away") is None and "not a move" in s.message
    assert "take KH KS" in s.legal_moves()


def test_set_text_bad_keeps_last_good(s):
    good = s.position
    assert not s.set_text("turn: S draw\nS: KH ZZ\n")
    assert s.position is good
    assert (s.text_error.line, s.text_error.column) == (2, 7)
    assert s.set_text(FROZEN.replace("turn: S draw", "turn: S drawn"))
    assert s.position.phase == "drawn" and s.text_error is None
    assert s.undo() and s.position == good


def test_move_card_keeps_108(s):
    pos = s.move_card("KD", "pile", "hand:S")
    assert pos.card_count() == 108 and pos.top.text == "6S"
    assert sum(c.text == "KD" for c in pos.hand("S")) == 1
    pos = s.move_card("9S", "hand", "meld:EW:9")
    assert pos.card_count() == 108 and pos.meld_of("EW", "9").size == 4
    pos = s.move_card(pos.stock[0], "stock", "pile")
    assert pos.card_count() == 108
    with pytest.raises(tutor.PositionError):
        s.move_card("AS", "hand:S", "pile")       # South holds no AS
    assert s.undo() and s.position.card_count() == 108


def test_frozen_scene_has_mark_and_crosswise_cards(s):
    sc = scene(s.position, viewer="S")
    texts = [p[3] for p in sc.prims if p[0] == "text"]
    assert any("frozen for everybody" in t for t in texts)
    # 2H is drawn crosswise: a card wider than it is tall, in the pile row
    cross = [p for p in sc.prims if p[0] == "rect" and p[3] > p[4] and 200 < p[1] < 620
             and 280 < p[2] < 400 and p[6] == "#fff3c4"]
    assert cross, "the crosswise wild card is drawn sideways"
    kinds = {r.kind for r in sc.regions}
    assert {"hand", "meld", "pile", "stock", "seat", "band"} <= kinds
    hand = [r for r in sc.regions if r.kind == "hand"]
    assert len(hand) == 11
    r = hand[3]
    assert sc.hit(r.x + 1, r.y + 5).key == ("S", 3)


def test_black_three_blocks_and_svg():
    pos = tutor.Position.parse("turn: S draw\npile: 5C 9D 3S\nNS: 8C 8D 8S\n")
    sc = scene(pos)
    assert any(p[0] == "text" and "BLOCKED" in p[3] for p in sc.prims)
    svg = position_svg(pos)
    assert svg.startswith("<svg") and "BLOCKED" in svg
    assert pos._repr_svg_() == svg


def test_a_black_three_blocks_nobody_once_the_hand_is_over():
    """Going out with a black three leaves it on top, but nobody draws after the hand: the
    table and its description say nothing of a next player who cannot take the pile."""
    from tutor.table.describe import describe
    blocked = "A black three on top: the next player cannot take it."
    mid = tutor.Position.parse("turn: E draw\nNS: 8C 8D 8S 8H 8C 8D 8S\npile: 5C 3S\n")
    assert "BLOCKED" in position_svg(mid) and blocked in describe(mid.seen_by("S"))
    over = tutor.Position.parse("turn: S drawn\nS: 3S\nNS: 8C 8D 8S 8H 8C 8D 8S\npile: 5C\n").play("discard 3S")
    assert over.phase == "over" and over.top == tutor.Card("3S")
    assert "BLOCKED" not in position_svg(over)
    def crossed(pos):                       # the red cross drawn over a blocked pile's top card
        return [p for p in scene(pos).prims if p[0] == "line" and p[5] == "rgba(229,57,53,0.85)"]
    assert len(crossed(mid)) == 2 and crossed(over) == []
    assert blocked not in describe(over.seen_by("S")) and "the top card is 3♠" in describe(over.seen_by("S"))


def test_canasta_closed_pile():
    pos = tutor.Position.parse("turn: S draw\nNS: AH AD AS AC AH AD AS; 8C 8D 8S 8H 8C 8D JK\n")
    texts = [p[3] for p in scene(pos).prims if p[0] == "text"]
    assert "natural" in texts and "mixed" in texts and "7 cards" in texts


def test_redraw_one_message_under_40kb():
    import ipycanvas  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table.bench import measure
    m = measure(n=10)
    assert m["messages_per_redraw"] == 1
    assert m["bytes_per_redraw"] <= 40_000
    assert m["redraw_ms_median"] < 100          # the target (10 ms) is checked by the benchmark


def test_table_widget_repr_and_buttons():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    t = Table(FROZEN, mode="teacher")
    assert repr(t) == "Table(turn S draw, 11 cards in hand)"
    assert t._repr_mimebundle_()["text/plain"] == repr(t)
    t.session.select(0)
    t.press("take")
    assert "pile.take.frozen" in t.explanation.value
    assert "tutor-explanation" in t.explanation._dom_classes
    t.notation.value = "turn: S draw\nS: KH ZZ\n"
    assert "line 2, column 7" in t.text_error.value
    assert repr(t) == "Table(turn S draw, 11 cards in hand)"
    # a click on the canvas (backing-store pixels, 2x) selects the card under it
    r = [r for r in t.scene.regions if r.kind == "hand"][1]
    t.session.clear_selection()
    t.click((r.x + 2) * 2, (r.y + 10) * 2)
    assert t.session.selection == [1]


# ---- a whole game, play on and replay in the table (issue 5) -----------------------------

from tutor.table import Table  # noqa: E402  (the widget: ipywidgets without a front end)

def _finish_hand(session):
    """The learner's seat plays the hinted move, the computer plays the others."""
    from tutor.hints import hint
    for _ in range(3000):
        pos = session.position
        if pos.phase == "over":
            return
        if pos.actor == session.bottom:       # the learner moves, or answers the partner
            ruling = session.try_move(hint(pos).move)
            assert ruling is not None and ruling.legal
        else:
            session.play_on()
    raise AssertionError("the hand did not end")


def test_play_on_shows_each_computer_move_with_its_ruling():
    from html import escape
    from tutor.engine.plainwords import move_words
    table = Table(tutor.deal(11), viewer="S")   # N to move; the learner sits South
    steps = table.session.play_on()
    assert [st.seat for st in steps][:1] == ["N"] and table.session.position.turn == "S"
    panel = table.panel_html()
    assert "The computer played" in panel
    for st in steps[-3:]:
        # a learner reads each move in words; the rule id is data, not text
        assert f"data-rule='{st.ruling.rule}'" in panel and str(st.move) not in panel
        assert escape(move_words(st.move, st.seat)) in panel
    teacher = Table(tutor.deal(11), viewer="S", mode="teacher")
    steps = teacher.session.play_on()
    panel = teacher.panel_html()
    for st in steps[-3:]:
        assert f"<code>{st.ruling.rule}</code>" in panel and str(st.move) in panel


def test_a_whole_game_in_the_table_ends_with_winner_and_margin():
    table = Table(tutor.deal(0))
    session = table.session
    session.start_game(seed=20, target=1500)    # game.end, a short game to keep the test fast
    hands = 0
    while True:
        _finish_hand(session)
        assert "tutor-sheet" in table.panel_html()          # the score sheet of the hand
        hands += 1
        if session.next_hand() is None:
            break
        assert session.position.score == session.game.totals   # meld.initial follows totals
    game = session.game
    assert game.is_over and hands == len(game.hands)
    ns, ew = game.totals
    assert game.margin == abs(ns - ew)
    said = session.game_status()
    assert said.startswith("The game is over: North–South") and ("win the game, by" in said or "drawn" in said)
    assert "game.end" not in said and "NS" not in said and "EW" not in said   # no rule id, no codes
    assert "Game:" in table.panel_html()


def test_replay_steps_through_a_finished_hand_with_each_ruling():
    table = Table(tutor.deal(5))
    session = table.session
    _finish_hand(session)
    final = session.position
    count = session.replay_start()
    assert count > 10 and session.position == session.staged
    seen = 0
    while session.redo():
        assert session.ruling is not None and session.ruling.legal
        assert session.ruling.rule in table.panel_html()
        seen += 1
    assert seen == count and session.position == final


def test_the_emphasised_buttons_are_the_moves_the_engine_allows():
    """No rule in the widget: 'Take the pile' is emphasised only where a take is legal."""
    frozen = "turn: S draw\nS: KH JK 4C 5D\nNS: 8C 8D 8S\npile: 5C 2H 6S KD"
    table = Table(frozen)
    styles = {n: b.button_style for n, b in table.buttons.items()}
    assert styles["draw"] == "primary" and styles["take"] == ""        # pile.take.frozen
    table = Table(frozen.replace("JK", "KS"))                             # a natural pair
    assert table.buttons["take"].button_style == "primary"
    assert table.buttons["meld"].button_style == ""                        # draw first
    asked = Table("turn: S drawn\nasked: pending\nS: KH KS 4C\nNS: 8C 8D 8S\npile: 5C")
    assert {n for n, b in asked.buttons.items() if b.button_style == "primary"} == {"yes", "no"}


# ---- found by the newcomer's walk through the lessons in a browser ------------------------

@pytest.mark.parametrize("text", [
    "turn: S draw\npile: 5C 9D 3S\nNS: 8C 8D 8S\n",                      # BLOCKED: black three
    "turn: S draw\npile: 5C 2H 9D JK 2C 6S KD\nNS: 8C 8D 8S\n",           # FROZEN: several wilds
    "turn: S drawn\nasked: pending\nS: KH KS 4C\nNS: 8C 8D 8S\npile: 5C",  # the question badge
])
def test_badge_text_fits_its_pill(text):
    """A badge's text was wider than its pill ('BLOCKED: black three on top' ran out of it)."""
    from tutor.engine.diagram import text_width
    prims = scene(tutor.Position.parse(text)).prims
    badges = 0
    for rect, label in zip(prims, prims[1:]):
        if rect[0] == "rect" and label[0] == "text" and rect[5] == rect[4] / 2 and label[6]:
            badges += 1
            _, x, y, w, h, *_ = rect
            assert w >= text_width(label[3], label[4], bold=True), label[3]
            assert abs(label[1] - (x + w / 2)) < 1, "the text is centred in its pill"
    assert badges


def test_legal_move_panel_says_undo_takes_it_back_and_sheet_is_stacked():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    t = Table("turn: S drawn\nS: 9H 9D 9C 4C\nNS: AH AD AS AC AH AD AS\npile: 5C")
    for c in ("9H", "9D", "9C"):
        t.session.select(index_of(t.session, c))
    t.press("meld")
    assert "tutor-undo-note" in t.explanation.value and "Undo" in t.explanation.value
    t.session.select(0)
    t.press("meld")                                   # illegal: one card
    assert "Illegal" in t.explanation.value and "tutor-undo-note" not in t.explanation.value
    t.session.clear_selection()
    t.session.select(0)
    t.press("discard")                                # South goes out: the score sheet
    html = t.explanation.value
    assert "tutor-sheet" in html
    assert "<code>" not in html.split("tutor-sheet")[1]               # a learner's sheet: words
    teacher = Table(t.session.position, mode="teacher")
    html = teacher.explanation.value
    assert html.count("white-space:nowrap;padding-right:8px") >= 4   # rule ids never wrap


def test_undo_and_redo_are_greyed_not_disabled():
    """A disabled button under the pointer drops the page's focus; JupyterLab then ate the
    next click on a card (seen in the browser after the last Undo)."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    t = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D")
    dim = lambda name: "tutor-dim" in t.buttons[name]._dom_classes      # noqa: E731
    assert not t.buttons["undo"].disabled and dim("undo")
    assert t.press("undo") is False and "Nothing to undo" in t.explanation.value
    t.press("draw")
    assert not dim("undo") and dim("redo")
    assert t.press("undo") is True and not dim("redo")
    assert not any(b.disabled for b in t.buttons.values())


# ---- the learner's rulings, for guided tasks (H3 subscribes) ------------------------------

def test_on_ruling_hears_the_learners_own_tries_only(s):
    heard = []
    s.on_ruling(lambda r: heard.append((r.legal, r.rule, s.position is r.after)))
    s.select(index_of(s, "KH"))
    s.select(index_of(s, "JK"))
    s.take()                                         # illegal: the pile is frozen
    assert heard == [(False, "pile.take.frozen", False)]
    s.clear_selection()
    s.select(index_of(s, "KH"))
    s.select(index_of(s, "KS"))
    s.take()                                         # legal: heard after the table moved on
    assert heard[-1] == (True, "pile.take.frozen", True)
    assert s.try_move("fly away") is None            # not a move: no ruling to hear
    s.undo()
    s.redo()
    s.discard()                                      # nothing selected: a message, no ruling
    assert len(heard) == 2


def test_on_ruling_is_not_called_for_computer_moves():
    from tutor.players import SensiblePlayer
    session = TableSession(tutor.deal(11), players={x: SensiblePlayer(seed=1) for x in "WNE"})
    heard = []
    session.on_ruling(heard.append)
    steps = session.play_on()
    assert steps and heard == []
    session.draw()
    assert [r.rule for r in heard] == ["turn.draw"] and heard[0].legal


# ---- touch: taps and the card tray (issue 22; the page's side is tutor/table/keys.py) -------

def test_a_tap_is_a_click_and_the_tray_picks_by_place():
    t = Table(FROZEN)
    hand = t.session.hand
    # the tray's faces: the hand's cards, with their colour (a red card, a joker, a wild two)
    faces = t.keyboard.chips
    assert [f["text"] for f in faces] == [c.pretty for c in hand]
    assert {f["colour"] for f in faces} <= {"red", "black", "joker"}
    assert all(f["wild"] == c.is_wild for f, c in zip(faces, hand))
    assert any(f["colour"] == "joker" for f in faces)
    # the narrowest strip of the hand as drawn, in table pixels (the page scales it)
    strips = [r.w for r in t.scene.regions if r.kind == "hand"]
    assert t.keyboard.card_px == min(strips) > 0
    # a tap on the canvas (backing-store pixels, as a click) selects the card under it
    r = [r for r in t.scene.regions if r.kind == "hand"][2]
    t.on_keys_message(t.keyboard, {"event": "tap", "x": (r.x + 2) * 2, "y": (r.y + 10) * 2}, [])
    assert t.session.selection == [2]
    # a card of the tray, by its place in the hand; again: unselected
    t.on_keys_message(t.keyboard, {"event": "pick", "index": 0}, [])
    assert sorted(t.session.selection) == [0, 2] and t.cursor == 0
    t.on_keys_message(t.keyboard, {"event": "pick", "index": 0}, [])
    assert t.session.selection == [2]
    # what the page may not send is ignored: no card there, no number, no such event
    for bad in ({"event": "pick", "index": 99}, {"event": "pick", "index": "1"},
                {"event": "tap", "x": "a", "y": 1}, {"event": "nothing"}, ["tap"]):
        t.on_keys_message(t.keyboard, bad, [])
    assert t.session.selection == [2]
    # after a move the tray holds the new hand
    t.session.select(2)
    t.session.select(hand.index(next(c for c in hand if c.text == "KH")))
    t.session.select(hand.index(next(c for c in hand if c.text == "KS")))
    t.press("take")
    assert [f["text"] for f in t.keyboard.chips] == [c.pretty for c in t.session.hand]


def test_the_tables_drawing_leaves_as_ipycanvas_would_send_it_without_numpy():
    """tutor.table.draw.numpy_free_flush: the batch of a table's drawing commands is the
    same message ipycanvas's own (numpy) serializer makes: the same JSON, the same
    metadata; the drawing methods' plain arguments are passed as ipycanvas passes them."""
    import json

    import ipycanvas.canvas as cv
    import ipycanvas.utils as own
    from tutor.table import Table
    from tutor.table.draw import commands, numpy_free_flush
    assert numpy_free_flush() and cv.commands_to_buffer is not own.commands_to_buffer
    table = Table(FROZEN)
    cmds = commands(scene(table.session.position, lang="en").prims, 800, 600)
    cmds.append([0, ["Syd ♥ 10♦ “quoted”", 1.5, -2], 0])
    meta, buf = cv.commands_to_buffer(cmds)
    their_meta, their_buf = own.commands_to_buffer(cmds)
    assert meta["dtype"] == their_meta["dtype"] == "uint8"
    assert tuple(meta["shape"]) == (len(bytes(buf)),)                  # shorter: compact JSON
    assert tuple(their_meta["shape"]) == (len(bytes(their_buf)),) and len(bytes(buf)) <= len(bytes(their_buf))
    assert json.loads(bytes(buf)) == json.loads(bytes(their_buf)) == json.loads(json.dumps(cmds))
    for arg in (3, 2.5, "red", None, True):
        mine, theirs = [], []
        cv.populate_args(arg, mine, [])
        own.populate_args(arg, theirs, [])
        assert mine == theirs == [arg]
    args, buffers = [], []
    cv.populate_args([1, 2, 3], args, buffers)           # arrays: ipycanvas's own way
    assert args[0]["shape"] == (3,) and len(buffers) == 1


def test_move_card_between_the_red_threes_of_players_under_red3_four_player():
    """`red3-four=player`: a red three lies in front of the player who laid it; the zones
    are ``red3:N`` … (``red3`` the bottom seat's, ``red3:EW`` a team's first seat's)."""
    text = ("rules: red3-four=player\nturn: S drawn\nS: 5H 5D 5S 4C\nN: 6D 7C\n"
            "NS: AH AH AD AD AS AS AC\nN red3: 3H 3D\nS red3: 3H 3D\nEW: QH QD QS\npile: 9C\n")
    s = TableSession(tutor.Position.parse(text))
    pos = s.move_card("3H", "red3", "red3:N")
    assert [len(z) for z in pos.red3] == [3, 0, 1, 0] and pos.card_count() == 108
    assert "\nN red3: 3H 3D 3H\n" in pos.to_text() and tutor.Position.parse(pos.to_text()) == pos
    pos = s.move_card("3H", "red3:N", "red3:EW")
    assert [len(z) for z in pos.red3] == [2, 1, 1, 0] and len(pos.team_red3("EW")) == 1


def test_a_hand_edited_to_other_rules_mid_game_is_not_added_and_the_table_says_why():
    """The game adds only its own finished hands (Game.add_hand): a teacher's text edited
    to other rules is not scored into the game; the table says so in words, and its panel
    still draws (the sheet's game is the one without the edited hand)."""
    session = TableSession(tutor.deal(0), mode="teacher")
    session.start_game(seed=3)
    assert session.set_text("rules: black-threes=never\nturn: S over\nout: S\nS: -\n"
                            "NS: 9C 9D 9H\nN: 4C\nE: 5D\nW: 6H\n")
    assert session.scored_game() is session.game and session.game.hands == []
    assert session.next_hand() is None
    assert session.message == ("this hand was played under other rules (black-threes=never; the "
                               "game's are default)")
    assert session.game.hands == [] and session.game.totals == (0, 0)
