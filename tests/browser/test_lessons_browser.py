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
