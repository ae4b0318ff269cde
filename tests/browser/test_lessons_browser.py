"""Every notebook of notebooks/ opens in JupyterLab, runs all cells and shows no error
output; the quiz widget answers a click with the engine's ruling; screenshots of lesson 1
and of a lesson with a table (tests/browser/screenshots/lesson-*.png).

The notebooks are copied into a scratch folder first, so that Lab never saves outputs
into the committed notebooks.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser_harness import (REPO_ROOT, collect_output_errors, open_notebook_and_run_all,
                             screenshot)

NOTEBOOKS = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))


def _open(page, lab_server, work_dir, name):
    copy = work_dir / name
    shutil.copy(REPO_ROOT / "notebooks" / name, copy)
    timings = open_notebook_and_run_all(page, lab_server, copy, timeout=120)
    return copy, timings


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_lab_without_errors(name, page, page_log, lab_server, work_dir):
    copy, timings = _open(page, lab_server, work_dir, name)
    errors = collect_output_errors(page)
    assert not errors, f"{name}: error output on the page:\n" + "\n---\n".join(errors)
    # every widget the notebook shows was rendered (no "model not found" placeholders)
    bad = page.locator(".jp-OutputArea-output:has-text('Error displaying widget')").count()
    assert bad == 0, f"{name}: {bad} widgets failed to display"
    if name[:2].isdigit():
        quizzes = page.locator(".tutor-quiz").count()
        assert quizzes >= 3, f"{name}: only {quizzes} quizzes rendered"
    assert timings["run"] < 90, timings


def test_quiz_reveals_the_ruling_after_the_answer(page, lab_server, work_dir):
    _open(page, lab_server, work_dir, "06-frozen-pile.ipynb")
    quiz = page.locator(".tutor-quiz").first
    quiz.scroll_into_view_if_needed()
    reveal = quiz.locator(".tutor-quiz-reveal")
    assert reveal.inner_text().strip() == "", "the ruling must not show before the answer"
    quiz.locator(".tutor-quiz-hint-button").click()
    page.wait_for_function(
        "() => document.querySelector('.tutor-quiz .tutor-quiz-hints').innerText.includes('Nudge')")
    quiz.locator(".tutor-quiz-choice", has_text="Illegal").click()
    page.wait_for_function(
        "() => document.querySelector('.tutor-quiz .tutor-quiz-reveal').innerText.includes('pile.take.frozen')")
    text = reveal.inner_text()
    assert "Right." in text and "illegal" in text and "two natural" in text, text
    screenshot(page, "lesson-06-quiz-answered")
    # "Try again" clears the answer for the next learner or class
    quiz.locator(".tutor-quiz-again").click()
    page.wait_for_function(
        "() => document.querySelector('.tutor-quiz .tutor-quiz-reveal').innerText.trim() === ''")
    assert quiz.locator(".tutor-quiz-choice", has_text="Legal").first.is_enabled()


def test_screenshots_of_lesson_1_and_of_a_table(page, lab_server, work_dir):
    _open(page, lab_server, work_dir, "01-cards.ipynb")
    page.evaluate("""() => { for (const n of document.querySelectorAll(
        '.jp-WindowedPanel-outer, .jp-Notebook')) n.scrollTop = 0; }""")
    page.wait_for_timeout(500)
    p1 = screenshot(page, "lesson-01-top")
    table = page.locator(".tutor-table").first
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    p2 = screenshot(page, "lesson-01-table")
    assert p1.stat().st_size > 10_000 and p2.stat().st_size > 10_000
    # the table's canvas has been drawn
    painted = page.evaluate(
        """() => { const c = document.querySelector('.tutor-table canvas');
                   if (!c) return 0; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                   let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n / (c.width * c.height); }""")
    assert painted > 0.2, painted


def test_learner_tries_the_first_table_of_lesson_5_and_undoes(page, lab_server, work_dir):
    """As a newcomer: select the two nines on the drawn table, take the pile (legal: the
    panel names the rule and says Undo takes it back), Undo, then try the joker."""
    from tutor import Position
    from tutor.engine.diagram import HEIGHT, WIDTH, scene

    _open(page, lab_server, work_dir, "05-taking-the-pile.ipynb")
    table = page.locator(".tutor-table").first
    canvas = table.locator("canvas.tutor-canvas")
    # as a learner at 1280x800 sees it: the hand, the buttons and the panel, the table's top
    # scrolled out of view (a click then used to scroll the canvas and miss its card)
    table.locator(".tutor-explanation").evaluate("(el) => el.scrollIntoView({block: 'end'})")
    assert canvas.bounding_box()["y"] < 0
    page.wait_for_function(
        """(el) => { const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
                     let n = 0; for (let i = 3; i < d.length; i += 4 * 97) if (d[i]) n++;
                     return n > d.length / (4 * 97) * 0.5; }""", arg=canvas.element_handle())
    pos = Position.parse(table.locator(".tutor-notation textarea").input_value())
    regions = {pos.hand("S")[r.key[1]].text: r for r in scene(pos, viewer="S").regions
               if r.kind == "hand"}

    panel, selection = table.locator(".tutor-explanation"), table.locator(".tutor-selection")

    def click(card):
        page.wait_for_timeout(200)                    # let the layout settle (the panel resizes)
        box = canvas.bounding_box()
        r = regions[card]
        page.mouse.click(box["x"] + (r.x + min(r.w, 20) / 2) * box["width"] / WIDTH,
                         box["y"] + (r.y + r.h / 2) * box["height"] / HEIGHT)
        pretty = {"9H": "9♥", "9S": "9♠", "JK": "JK"}[card]
        page.wait_for_function("([el, c]) => el.innerText.includes(c)",
                               arg=[selection.element_handle(), pretty])

    click("9H")
    click("9S")
    table.locator(".tutor-btn-take").click()
    page.wait_for_function("(el) => el.innerText.includes('pile.take.unfrozen')", arg=panel.element_handle())
    text = panel.inner_text()
    assert text.startswith("Legal") and "Undo takes the move back" in text, text
    screenshot(page, "lesson-05-take-legal")
    table.locator(".tutor-btn-undo").click()
    page.wait_for_function("(el) => !el.innerText.includes('pile.take.unfrozen')", arg=panel.element_handle())
    assert "selected: nothing" in selection.inner_text()
    click("9H")
    click("JK")
    table.locator(".tutor-btn-take").click()
    page.wait_for_function("(el) => el.innerText.includes('a natural and a wild card')",
                           arg=panel.element_handle())
    assert not collect_output_errors(page)
