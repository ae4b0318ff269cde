"""The sandbox's count choice and lesson 13 in a real browser (issue 21; marked browser).

The sandbox (notebooks/sandbox.ipynb, in Voila: the learner's view) offers "How many
players?" above its game against the computer. The learner picks two, and six, in words;
at 1024×768 (mouse) and on a 390×844 phone (a touch context): the table is drawn at that
count, nothing makes the page scroll sideways, nothing of the game is clipped, and no card
face lies in another seat's place (the pixels of each other seat's place, as
tests/browser/test_counts_browser.py checks them), before and after the learner's draw. The
test keeps a `TableSession` of its own in step with the page (the same deal and computer
players, the same presses) to know the position. axe-core (WCAG 2 A/AA) finds nothing
serious or critical in the game there, nor on lesson 13.
Screenshots: screenshots/sandbox-*.png and lesson-13-axe.png.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import (PHONE, REPO_ROOT, canvas_painted_fraction, card_white_pixels,  # noqa: E402
                             clipped, collect_output_errors, open_voila, screenshot, sideways_overflow,
                             wait_table_settled)
from lesson_pages import axe as _axe  # noqa: E402

GAME = ".tutor-count-game"
CANVAS = f"{GAME} canvas.tutor-canvas"
COUNTS = {"two": "2", "six": "6"}
VIEWPORTS = {"1024x768": {"viewport": {"width": 1024, "height": 768}}, "390x844": PHONE}


def _twin(key):
    """The sandbox's game at `key` players, as `tutor.lessons.counts.game_at` deals it."""
    from tutor.engine.deal import deal
    from tutor.engine.formats import FORMATS
    from tutor.lessons.counts import rules_for
    from tutor.players import SensiblePlayer
    from tutor.table.model import TableSession
    rules, fmt = rules_for(key), FORMATS[key]
    computer = {seat: SensiblePlayer(seed=1) for seat in fmt.seats if seat != "S"}
    session = TableSession(deal(seed=11, rules=rules), viewer="S", players=computer)
    session.start_game(seed=11, rules=rules, target=fmt.game_target)
    return session


def _press(page, name):
    """Press the game's own button (the sandbox has other tables with the same buttons above)."""
    page.locator(f"{GAME} .tutor-btn-{name}").evaluate("(b) => b.click()")


def _explanation(page) -> str:
    box = page.locator(f"{GAME} .tutor-explanation")
    return box.inner_text() if box.count() else ""


def _after(page, before: str):
    """Until the game's panel has changed from `before` and its table is drawn again."""
    page.wait_for_function("([sel, t]) => { const e = document.querySelector(sel);"
                           " return e && e.innerText !== t; }",
                           arg=[f"{GAME} .tutor-explanation", before], timeout=60_000)
    wait_table_settled(page, CANVAS, timeout=60_000)


def _check(page, pos, where):
    """Drawn, within the screen, no sideways scroll, nothing of the game clipped, and no card
    face in another seat's place (the pixels of each other seat's place, at the size drawn),
    while the learner's own cards are face up."""
    from tutor.engine.diagram import scene
    page.locator(CANVAS).scroll_into_view_if_needed()
    wait_table_settled(page, CANVAS, timeout=60_000)
    assert canvas_painted_fraction(page, CANVAS) > 0.5, where
    g = page.evaluate("(sel) => { const c = document.querySelector(sel);"
                      " return {table: c.width / 2, height: c.height / 2}; }", CANVAS)
    sc = scene(pos, viewer="S", width=g["table"], height=g["height"])
    others = [r for r in sc.regions if r.kind == "seat" and r.key != "S"]
    assert len(others) == len(pos.format.seats) - 1
    for r in others:
        assert card_white_pixels(page, CANVAS, r) == 0, (where, r.key, "a card face in another seat's place")
    hand = [r for r in sc.regions if r.kind == "hand"]
    assert len(hand) == len(pos.hand("S")) and card_white_pixels(page, CANVAS, hand[-1]) > 50, (where, "own cards")
    assert not sideways_overflow(page), (where, sideways_overflow(page))
    cut = clipped(page.locator(GAME))
    assert not cut, (where, cut)
    box = page.locator(CANVAS).bounding_box()
    width = page.evaluate("window.innerWidth")
    assert box["x"] >= -1 and box["x"] + box["width"] <= width + 1, (where, box, width)


@pytest.fixture
def sandbox_page(request, voila_server, touch_browser, browser_context, page_log):
    """The sandbox in Voila at a viewport (the phone in a touch context), the game's table
    drawn; closed afterwards, with a screenshot when the test failed."""
    made = []

    def make(viewport):
        device = VIEWPORTS[viewport]
        if device.get("has_touch"):
            ctx = touch_browser.new_context(**device)
            made.append(ctx)
            p = ctx.new_page()
        else:
            p = browser_context.new_page()
            p.set_viewport_size(device["viewport"])
        made.append(p)
        p.on("console", lambda m: page_log.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        p.on("pageerror", lambda e: page_log.append(f"pageerror: {e}"))
        server = voila_server(REPO_ROOT / "notebooks" / "sandbox.ipynb")
        open_voila(p, server, selector=CANVAS, timeout=180)
        return p

    yield make
    rep = getattr(request.node, "rep_call", None)
    for thing in reversed(made):
        if rep is not None and rep.failed and hasattr(thing, "screenshot"):
            try:
                screenshot(thing, f"FAILED-{request.node.name}")
            except Exception:  # noqa: BLE001
                pass
        thing.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("count", list(COUNTS))
def test_sandbox_count_choice_two_and_six(sandbox_page, page_log, count, viewport):
    from tutor.lessons.counts import count_words
    key = COUNTS[count]
    page = sandbox_page(viewport)
    name = f"sandbox-{count}-{viewport}"
    note = page.locator(f"{GAME} .tutor-count-note")
    before = note.inner_text()
    choice = page.locator(f"{GAME} .tutor-count-choice select")
    choice.scroll_into_view_if_needed()
    choice.select_option(label=count_words(key))
    page.wait_for_function("([sel, t]) => document.querySelector(sel).innerText !== t",
                           arg=[f"{GAME} .tutor-count-note", before], timeout=60_000)
    twin = _twin(key)
    n = len(twin.position.format.seats) - 1
    assert note.inner_text().startswith("You sit South; the computer plays the other")
    assert (f"other {n} seats" if n > 1 else "other seat") in note.inner_text()
    page.wait_for_selector(CANVAS, state="visible", timeout=60_000)
    # the choice shows its words whole (a native select cuts what does not fit)
    fit = choice.evaluate("""(s) => { const c = document.createElement('canvas').getContext('2d');
        c.font = getComputedStyle(s).font; const r = s.getBoundingClientRect();
        return {text: c.measureText(s.options[s.selectedIndex].text).width, box: s.clientWidth,
                right: r.right, vw: window.innerWidth}; }""")
    assert fit["text"] + 24 <= fit["box"] and fit["right"] <= fit["vw"], fit
    # ... and, wrapped under its question on a phone, is not drawn over the words below it
    boxes = page.evaluate("""([a, b]) => { const s = document.querySelector(a + ' select');
        const n = document.querySelector(b); return {select: s.getBoundingClientRect().bottom,
        box: s.closest('.tutor-count-choice').getBoundingClientRect().bottom,
        note: n.getBoundingClientRect().top}; }""", [f"{GAME} .tutor-count-choice", f"{GAME} .tutor-count-note"])
    assert boxes["select"] <= boxes["box"] + 1 and boxes["box"] <= boxes["note"] + 1, boxes
    pos = twin.position
    assert len(pos.format.seats) == (2 if count == "two" else 6)
    _check(page, pos, f"{name}: dealt")
    screenshot(page, f"{name}-dealt", scroll_to=CANVAS)
    bad, result = _axe(page, GAME)
    print("axe", GAME, len(result["violations"]), "findings:", [(v["id"], v["impact"]) for v in result["violations"]], result["passes"], "rules passed")
    assert result["passes"] >= 3 and not bad, bad
    # Play on: the computer players move until it is South's turn
    shown = _explanation(page)
    _press(page, "playon")
    twin.play_on()
    pos = twin.position
    assert pos.turn == "S" and pos.phase == "draw", pos.to_text()
    _after(page, shown)
    _check(page, pos, f"{name}: before the draw")
    screenshot(page, f"{name}-before-draw", scroll_to=CANVAS)
    # the learner's draw (two cards at two players)
    shown = _explanation(page)
    hand = pos.hand("S")
    _press(page, "draw")
    ruling = twin.draw()
    assert ruling is not None and ruling.legal
    pos = twin.position
    assert len(pos.hand("S")) == len(hand) + pos.format.draw_count
    _after(page, shown)
    assert "Legal" in _explanation(page)
    _check(page, pos, f"{name}: after the draw")
    screenshot(page, f"{name}-after-draw", scroll_to=CANVAS)
    bad, result = _axe(page, GAME)
    print("axe", GAME, len(result["violations"]), "findings:", [(v["id"], v["impact"]) for v in result["violations"]], result["passes"], "rules passed")
    assert result["passes"] >= 3 and not bad, bad
    assert not collect_output_errors(page)
    assert not [e for e in page_log if "pageerror" in e], page_log


def test_lesson_13_has_no_serious_axe_finding(voila_server, page, page_log):
    """Lesson 13 ("Two, three and six players") in the learner's view at 1024×768: its text,
    tables, tasks and questions; then at 390 px."""
    page.set_viewport_size({"width": 1024, "height": 768})
    server = voila_server(REPO_ROOT / "notebooks" / "13-player-counts.ipynb")
    open_voila(page, server, selector=".tutor-task-table canvas.tutor-canvas", timeout=180)
    page.wait_for_selector(".tutor-quiz", state="attached", timeout=90_000)
    wait_table_settled(page, ".tutor-task-table canvas.tutor-canvas", timeout=60_000)
    bad, result = _axe(page, "#rendered_cells")
    print("axe", "#rendered_cells", len(result["violations"]), "findings:", [(v["id"], v["impact"]) for v in result["violations"]], result["passes"], "rules passed")
    assert result["passes"] >= 5 and not bad, bad
    screenshot(page, "lesson-13-axe")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(1500)
    bad, result = _axe(page, "#rendered_cells")
    print("axe", "#rendered_cells", len(result["violations"]), "findings:", [(v["id"], v["impact"]) for v in result["violations"]], result["passes"], "rules passed")
    assert not bad, bad
    assert not sideways_overflow(page), sideways_overflow(page)
    assert not [e for e in page_log if "pageerror" in e], page_log
