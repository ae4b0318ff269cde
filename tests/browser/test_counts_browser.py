"""The table for two and six players in a real browser (issue 21, item 1; marked browser).

A learner clicks through a hand against computer players — Play on, Draw, a card of the
hand clicked on the canvas, Discard — in JupyterLab and in Voila, at 1024×768 and on a
390×844 phone. At every step: the canvas is drawn, nothing makes the page scroll sideways
and the table lies within the screen's width; no other seat's card face is on the canvas
(no card-white pixel inside any other seat's place), before and after the draw, while the
learner's own cards are. Screenshots: tests/browser/screenshots/counts-*.png.

The notebook writes the position after every change to a file beside it, so that the test
knows where the table draws each card (tutor.engine.diagram.scene at the drawn size).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import (   # noqa: E402
    canvas_painted_fraction,
    card_white_pixels,
    collect_output_errors,
    open_notebook_and_run_all,
    open_voila,
    screenshot,
    wait_table_settled,
    write_notebook,
)

CANVAS = "canvas.tutor-canvas"
COUNTS = {"two": ("players=2", 5), "six": ("players=6", 7)}
VIEWPORTS = {"1024x768": (1024, 768), "390x844": (390, 844)}


def _notebook(work_dir, rules, seed):
    state = work_dir / "state.txt"
    source = (
        "import pathlib\nimport tutor\nfrom tutor.table import Table\nfrom tutor.players import SensiblePlayer\n"
        f"pos = tutor.deal(seed={seed}, rules={rules!r})\n"
        f"STATE = pathlib.Path({str(state)!r})\n"
        "players = {s: SensiblePlayer(seed=k) for k, s in enumerate(pos.format.seats) if s != 'S'}\n"
        "table = Table(pos, viewer='S', players=players, lang='en')\n"
        "def _save(session, what):\n"
        "    # whole or not at all: the test reads the file while the kernel writes it\n"
        "    part = STATE.with_suffix('.part')\n"
        "    part.write_text(session.position.to_text())\n"
        "    part.replace(STATE)\n"
        "table.session.on_change(_save)\n"
        "_save(table.session, None)\n"
        "table")
    return write_notebook(work_dir / "counts.ipynb", source), state


def _position(state):
    """The position the kernel saved last (written whole: a temporary file renamed over it);
    an empty or unfinished file is no position (ValueError: read it again)."""
    from tutor import Position
    text = state.read_text()
    if not text.startswith("rules:") or not text.endswith("\n"):
        raise ValueError("the state file is being written")
    return Position.parse(text)


def _wait_state(state, test, timeout=60.0):
    """Wait until the position the kernel saved passes `test`; returns it."""
    end = time.monotonic() + timeout
    while True:
        try:
            pos = _position(state)
            if test(pos):
                return pos
        except (OSError, ValueError):
            pos = None
        if time.monotonic() > end:
            raise AssertionError(f"the table never reached the state: {pos.to_text() if pos else None}")
        time.sleep(0.2)


def _geometry(page):
    return page.evaluate("""(sel) => { const c = document.querySelector(sel);
        const r = c.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height, table: c.width / 2,
                table_height: c.height / 2}; }""", CANVAS)


def _scene(page, pos):
    from tutor.engine.diagram import scene
    g = _geometry(page)
    return scene(pos, viewer="S", width=g["table"], height=g["table_height"]), g


def _check(page, pos, where):
    """The table drawn, within the screen's width, no sideways scroll; only the learner's
    own card faces on it outside the middle and the bands."""
    wait_table_settled(page, CANVAS)
    assert canvas_painted_fraction(page, CANVAS) > 0.5, where
    box = page.evaluate("""(sel) => { const c = document.querySelector(sel).getBoundingClientRect();
        const t = document.querySelector('.tutor-table').getBoundingClientRect();
        const s = document.scrollingElement;
        let wide = [];
        for (let e = document.querySelector(sel); e; e = e.parentElement) {
            const st = getComputedStyle(e);
            if (e.scrollWidth > e.clientWidth + 1 && st.overflowX !== 'hidden' && st.overflowX !== 'clip')
                wide.push((e.className || e.tagName).toString().slice(0, 60) + ' ' + e.scrollWidth + '>' + e.clientWidth);
        }
        return {left: c.left, right: c.right, table_right: t.right, vw: window.innerWidth,
                page: s.scrollWidth, wide: wide}; }""", CANVAS)
    assert box["left"] >= -1 and box["right"] <= box["vw"] + 1, (where, box)
    assert box["table_right"] <= box["vw"] + 1 and box["page"] <= box["vw"] + 1, (where, box)
    assert not box["wide"], (where, box)
    sc, g = _scene(page, pos)
    assert abs(g["width"] - min(g["table"], g["width"])) <= g["table"], g
    others = [r for r in sc.regions if r.kind == "seat" and r.key != "S"]
    assert len(others) == len(pos.format.seats) - 1
    for r in others:
        assert card_white_pixels(page, CANVAS, r) == 0, (where, r.key, "a card face in another seat's place")
    hand = [r for r in sc.regions if r.kind == "hand"]
    assert len(hand) == len(pos.hand("S"))
    if hand:
        r = hand[-1]
        assert card_white_pixels(page, CANVAS, r) > 50, (where, "the learner's own cards are drawn face up")
    return sc, g


def _click_card(page, pos, index):
    """Click the learner's card `index` where the canvas draws it; wait for the selection."""
    page.evaluate("(sel) => { const c = document.querySelector(sel); c.blur();"
                  " c.scrollIntoView({block: 'end'}); }", CANVAS)
    page.wait_for_timeout(200)
    sc, g = _scene(page, pos)
    r = next(r for r in sc.regions if r.kind == "hand" and r.key == ("S", index))
    k = g["width"] / sc.width
    page.mouse.click(g["x"] + (r.x + min(r.w, 20) / 2) * k, g["y"] + (r.y + r.h / 2) * k)
    shown = pos.hand("S")[index].pretty
    page.wait_for_function(
        "(c) => (document.querySelector('.tutor-selection') || {}).innerText?.includes(c)",
        arg=shown, timeout=15_000)


def _press(page, button):
    """Press a table button (a DOM click: the page does not move under the pointer)."""
    page.evaluate("(b) => document.querySelector('.' + b).click()", f"tutor-btn-{button}")


def _play_a_hand(page, state, name):
    """Play on to the learner's turn, draw, click a card, discard; checked at each step."""
    pos = _wait_state(state, lambda p: True)
    _check(page, pos, f"{name}: loaded")
    screenshot(page, f"{name}-loaded", scroll_to=CANVAS)
    if not (pos.turn == "S" and pos.phase == "draw"):
        _press(page, "playon")
        pos = _wait_state(state, lambda p: p.turn == "S" and p.phase == "draw" or p.phase == "over")
    assert pos.phase == "draw", pos.to_text()
    before = pos.hand("S")
    _check(page, pos, f"{name}: before the draw")
    screenshot(page, f"{name}-before-draw", scroll_to=CANVAS)
    _press(page, "draw")
    pos = _wait_state(state, lambda p: p.turn == "S" and p.phase == "drawn")
    assert pos.hand("S") != before and len(pos.stock) < 200
    page.wait_for_function("() => document.querySelector('.tutor-explanation').innerText.includes('Legal')",
                           timeout=15_000)
    _check(page, pos, f"{name}: after the draw")
    screenshot(page, f"{name}-after-draw", scroll_to=CANVAS)
    last = len(pos.hand("S")) - 1
    card = pos.hand("S")[last]
    if card.is_red_three or card.is_wild:
        last = 0
    _click_card(page, pos, last)
    screenshot(page, f"{name}-selected", scroll_to=CANVAS)
    _press(page, "discard")
    pos = _wait_state(state, lambda p: p.turn != "S" or p.phase == "over")
    _check(page, pos, f"{name}: after the discard")
    _press(page, "playon")
    pos = _wait_state(state, lambda p: (p.turn == "S" and p.phase == "draw") or p.phase == "over")
    _check(page, pos, f"{name}: the learner's turn again")
    screenshot(page, f"{name}-again", scroll_to=CANVAS)
    page.locator(".tutor-explanation").scroll_into_view_if_needed()
    screenshot(page, f"{name}-panel")
    assert not collect_output_errors(page)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("count", list(COUNTS))
def test_lab_a_hand_of_two_and_six(lab_server, page, page_log, work_dir, count, viewport):
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    rules, seed = COUNTS[count]
    nb, state = _notebook(work_dir, rules, seed)
    open_notebook_and_run_all(page, lab_server, nb)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    wait_table_settled(page, CANVAS)
    _play_a_hand(page, state, f"counts-lab-{count}-{viewport}")
    assert not [e for e in page_log if "pageerror" in e], page_log


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("count", list(COUNTS))
def test_voila_a_hand_of_two_and_six(voila_server, page, page_log, work_dir, count, viewport):
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    rules, seed = COUNTS[count]
    nb, state = _notebook(work_dir, rules, seed)
    server = voila_server(nb)
    open_voila(page, server, selector=CANVAS)
    wait_table_settled(page, CANVAS)
    _play_a_hand(page, state, f"counts-voila-{count}-{viewport}")
    assert not [e for e in page_log if "pageerror" in e], page_log
