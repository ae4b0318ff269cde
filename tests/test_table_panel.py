"""The table's panel as HTML (tutor/table/panel.py): pure functions of a TableSession and a
language, tested here without widgets (no ipywidgets, no ipycanvas)."""
from __future__ import annotations

import subprocess
import sys
from html import escape

import tutor
from tutor.engine.plainwords import move_words, plain_rule_text
from tutor.engine.rulebook import rule_text
from tutor.table import TableSession
from tutor.table.panel import code_html, move_words_for, panel_html, ruling_html, sheet_html

FROZEN = "turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 2C 9D\nseed: 3"
OUT = ("turn: S drawn\nS: 4C\nN: 5D\nE: 6D\nW: 6H\n"
       "NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC\n"
       "EW: 9H 9H 9S 9S 9D 9D 9C; 8H 8H 8S 8S 8D 8D 8C\npile: 7C\n")


def test_the_panel_module_needs_no_widget_library():
    code = ("import sys, tutor.table.panel; "
            "assert 'ipywidgets' not in sys.modules and 'ipycanvas' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_with_nothing_to_say_the_panel_says_what_to_do():
    """With a mouse and keys, and with a finger: the page shows one of the two (keys.py's
    style), so a phone is never told to click or to use keys it does not have."""
    session = TableSession(FROZEN)
    assert panel_html(session, "en") == (
        "<div><div class='tutor-note'><span class='tutor-by-mouse'>South to play. Click cards in "
        "your hand (or use the keys), then press a move. Every try is judged here.</span>"
        "<span class='tutor-by-touch'>South to play. Tap cards in your hand, then press a move. "
        "Every try is judged here.</span></div></div>")
    sv = panel_html(session, "sv")
    assert "tutor-note" in sv and "South" not in sv and "Syd" in sv
    for lang, keys in (("sv", "tangent"), ("fi", "näppäim")):
        html = panel_html(session, lang)
        mouse, touch = (html.split(f"<span class='tutor-by-{k}'>")[1].split("</span>")[0]
                        for k in ("mouse", "touch"))
        assert keys in mouse and keys not in touch, (mouse, touch)


def test_a_touch_screen_shows_the_words_for_a_finger_and_hides_those_for_keys():
    """The style that picks one of `by_pointer_html`'s two texts, beside the keys' help line."""
    from tutor.table.keys import _CSS
    touch = _CSS.split("@media (hover: none) and (pointer: coarse) {")[1].split("\n}")[0]
    assert ".tutor-by-touch { display: none; }" in _CSS.split("@media")[0]
    assert ".tutor-by-mouse { display: none; }" in touch and ".tutor-by-touch { display: inline; }" in touch


def test_a_learner_reads_the_ruling_in_words_and_the_rule_id_as_data():
    session = TableSession(FROZEN)
    ruling = session.try_move("discard 4C")
    assert ruling.legal is False and ruling.rule
    html = ruling_html(session, ruling, "en", learner=True)
    assert html.startswith(f"<div class='tutor-ruling tutor-verdict-bad' data-rule='{ruling.rule}' "
                           "data-legal='false'>")
    assert "<b class='tutor-bad'>Illegal</b>" in html
    assert escape(move_words(ruling.move, "S", you=True, position=session.position)) in html
    assert escape(ruling.explain("en")) in html
    assert "<details class='tutor-rule'>" in html and escape(plain_rule_text(ruling.rule, "en")) in html
    assert "discard 4C" not in html                        # no move text for a learner
    assert html in panel_html(session, "en", learner=True)


def test_a_teacher_reads_the_move_text_and_the_rulebook_with_its_ids():
    session = TableSession(FROZEN, mode="teacher")
    ruling = session.try_move("discard 4C")
    html = ruling_html(session, ruling, "en", learner=False)
    assert "<code>discard 4C</code>" in html
    assert code_html(rule_text(ruling.rule, "en")) in html
    assert "<details" not in html
    sv = ruling_html(session, ruling, "sv", learner=False)
    assert code_html(rule_text(ruling.rule, "sv")) in sv and escape(ruling.explain("sv")) in sv


def test_a_legal_move_just_played_says_undo_takes_it_back():
    session = TableSession(OUT.replace("pile: 7C", "pile: 7C 7D"))
    ruling = session.try_move("discard 4C")
    assert ruling.legal and session.position.phase == "over"
    assert "tutor-undo-note" in ruling_html(session, ruling, "en")


def test_the_score_sheet_of_a_finished_hand_line_by_line():
    over = tutor.Position.parse(OUT).play("discard 4C")
    sheets = tutor.score_hand(over)
    learner = sheet_html(over, "en", learner=True)
    teacher = sheet_html(over, "en", learner=False)
    assert learner.startswith("<div class='tutor-sheet'><b>The hand is over (South went out). "
                              "Score sheet:</b>")
    for team, sheet in sheets.items():
        for rule, points, words in sheet.items:
            assert f"<tr data-rule='{rule}'><td style='padding-right:8px'>{escape(words)}</td>" in learner
            assert f"<code>{rule}</code>" in teacher
            # a sheet writes minus points with a minus sign (−10), never a hyphen
            signed = f"{points:+d}".replace("-", "\u2212") if points else "0"
            assert f">{signed}</td>" in learner
    assert "<code>" not in learner                          # a learner's sheet keeps ids as data
    assert any(p < 0 for s in sheets.values() for _r, p, _w in s.items) and ">-" not in learner
    assert "South" not in sheet_html(over, "fi") and "Etelä" in sheet_html(over, "fi")


def test_the_panel_of_a_finished_hand_holds_its_sheet():
    session = TableSession(OUT)
    session.try_move("discard 4C")
    assert sheet_html(session.position, "en") in panel_html(session, "en")


def test_a_move_is_said_to_the_bottom_seat_when_it_is_theirs():
    session = TableSession(FROZEN)
    assert move_words_for(session, "en", "draw") == move_words("draw", "S", "en", you=True,
                                                                position=session.position)
    assert move_words_for(session, "en", "draw").startswith("You ")


def test_code_html_escapes_and_marks_the_ids():
    assert code_html("see `pile.take.frozen` & <b>") == "see <code>pile.take.frozen</code> &amp; &lt;b&gt;"
