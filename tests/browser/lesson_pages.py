"""Helpers of the browser tests of the lesson pages and the table (not a test module: the
test modules import from here, never from one another): the learner view started fresh
(`learner_view`), a lesson's table with tasks and how to click its cards (`TableAt`), a
lesson page loaded without an error (`loaded_clean`), a question by its words (`quiz_of`),
axe-core's findings (`axe`), and the timings file (`record`)."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from browser_harness import (REPO_ROOT, SCREENSHOTS, TIMINGS, ServerProcess, collect_output_errors,
                             evaluate_within, free_port, jupyter_env, wait_table_settled)
from tutor.engine.diagram import scene
from tutor.engine.seatview import SeatView
from tutor.lessons.tasks import start_positions

HERE = Path(__file__).resolve().parent
AXE = HERE / "vendor" / "axe-core" / "axe.min.js"
TIMINGS_FILE = SCREENSHOTS / "lesson-timings.json"
PAINTED = """(el) => { const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
    let n = 0; for (let i = 3; i < d.length; i += 4 * 97) if (d[i]) n++;
    return n > d.length / (4 * 97) * 0.5; }"""


def record(name: str, seconds: float) -> None:
    TIMINGS[name] = seconds
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    data = json.loads(TIMINGS_FILE.read_text()) if TIMINGS_FILE.exists() else {}
    data[name] = round(seconds, 2)
    TIMINGS_FILE.write_text(json.dumps(data, indent=1))


@pytest.fixture(scope="module")
def learner_view(_prerequisites, _jupyter_base):
    """The launcher (what scripts/lessons.sh runs), started fresh, with the browser it opens
    replaced by a recorder (Python's webbrowser honours BROWSER): (server, path of its
    progress store, the address it opened the browser at)."""
    base = _jupyter_base / f"learner-view-{time.monotonic_ns()}"
    base.mkdir()
    opened = base / "browser-opened.txt"
    env = jupyter_env(base)
    env.pop("TUTOR_PROGRESS", None)
    env.pop("TUTOR_LANG", None)
    env["BROWSER"] = f"sh -c 'echo \"$0\" > {opened}' %s"
    port = free_port()
    server = ServerProcess(name="learner view", port=port, log_path=base / "lessons.log",
                           cmd=[sys.executable, "-m", "tutor.lessons.serve", f"--port={port}",
                                "--lang=en"])
    t0 = time.monotonic()
    try:
        server.start(env, cwd=REPO_ROOT, ready_path="/voila/static/voila.js")
        while not opened.exists() or not opened.read_text().strip():
            if time.monotonic() - t0 > 60:
                raise RuntimeError("the launcher never opened a browser:\n" + server.log_tail())
            time.sleep(0.05)
    except RuntimeError as e:
        server.stop()
        pytest.fail(str(e), pytrace=False)
    record("learner view: command until the browser is opened (s)", time.monotonic() - t0)
    yield server, base / "data" / "canasta-tutor" / "progress.sqlite3", opened.read_text().strip()
    server.stop()


class TableAt:
    """The n-th table with tasks on the page, and how to click its cards."""

    def __init__(self, page, lesson, section_id, index):
        self.page, self.lesson = page, lesson
        self.section = lesson.section(section_id)
        self.box = page.locator(".tutor-task-table").nth(index)
        self.canvas = self.box.locator("canvas.tutor-canvas")
        self.starts = start_positions(lesson.position(self.section.position), self.section.tasks)

    def wait_drawn(self, timeout=60_000):
        """Drawn, and settled: not moving under a click (browser_harness.wait_table_settled).
        Returns the seconds it has been settled."""
        self.canvas.wait_for(state="visible", timeout=timeout)
        self.page.wait_for_function(PAINTED, arg=self.canvas.element_handle(), timeout=timeout)
        return wait_table_settled(self.page, self.canvas.element_handle())

    def start_again(self):
        """If an earlier walk did this table's steps (progress is per lesson, shared by the
        languages), press "Do these steps again" and wait for step 1."""
        from tutor.i18n import translator
        again = self.box.locator(".tutor-task-again")
        if again.is_visible():
            again.click()
            step = translator(self.lesson.lang).gettext("Step {n} of {total}").format(
                n=1, total=len(self.section.tasks))
            self.page.wait_for_function("([el, w]) => el.innerText.includes(w)",
                                        arg=[self.box.locator(".tutor-task").element_handle(), step])

    def bring_hand_into_view(self):
        # blur first: a focused table canvas never scrolls (tutor/table/widget.py)
        self.canvas.evaluate("(c) => { c.blur(); c.scrollIntoView({block: 'end'}); }")
        self.page.wait_for_timeout(250)

    def click_cards(self, position, cards):
        """Click `cards` (texts) in the hand of the player to move, as drawn now."""
        self.bring_hand_into_view()
        click_hand(self.page, self.box, self.canvas, SeatView.of(position, position.turn), cards)

    def press(self, button):
        self.box.locator(f".tutor-btn-{button}").click()

    def feedback(self, state, timeout=15_000):
        self.page.wait_for_function(
            "([el, s]) => !!el.querySelector(`.tutor-task-feedback[data-state='${s}']`)",
            arg=[self.box.locator(".tutor-task").element_handle(), state], timeout=timeout)
        return self.box.locator(".tutor-task").inner_text()

    def do_task(self, n, cards=None):
        """Do task n (0-based) with its example's cards (or `cards`), expecting it done."""
        from tutor.engine.moves import Move
        task = self.section.tasks[n]
        want = cards if cards is not None else [c.text for c in Move.parse(task.example).cards]
        self.click_cards(self.starts[n], want)
        self.press(task.move)
        self.wait_task_done(n)

    def wait_task_done(self, n):
        """Until task n (0-based) is done: the next step shown (or all done), and "Right."."""
        last = n + 1 == len(self.section.tasks)
        self.page.wait_for_function(
            "([el, want]) => el.innerText.includes(want)",
            arg=[self.box.locator(".tutor-task").element_handle(),
                 "All steps on this table done" if last else f"Step {n + 2} of"], timeout=15_000)
        assert "Right." in self.box.locator(".tutor-task").inner_text()


def click_hand(page, box, canvas, view, cards, clicked=None, tap=False):
    """Click (or `tap`, on a touch screen) `cards` (texts or `Card`s) in `view`'s hand,
    where the canvas draws them now, waiting after each for the table's selection line to
    change; `clicked(i)` after each with the card's index in the hand."""
    g = canvas.evaluate("""(c) => { const r = c.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, table: c.width / 2, height: c.height / 2}; }""")
    sc = scene(view, width=g["table"], height=g["height"])
    k = g["width"] / sc.width
    hand = [c.text for c in view.hand]
    used = set()
    for card in cards:
        text = card if isinstance(card, str) else card.text
        i = next(i for i, c in enumerate(hand) if c == text and i not in used)
        used.add(i)
        r = next(r for r in sc.regions if r.kind == "hand" and r.key[1] == i)
        sel = box.locator(".tutor-selection")
        before = sel.inner_text()
        x, y = g["x"] + (r.x + min(r.w, 20) / 2) * k, g["y"] + (r.y + r.h / 2) * k
        (page.touchscreen.tap if tap else page.mouse.click)(x, y)
        page.wait_for_function("([el, t]) => el.innerText !== t",
                               arg=[sel.element_handle(), before], timeout=10_000)
        if clicked is not None:
            clicked(i)


def loaded_clean(page, quizzes=None):
    """A lesson page once loaded: Voila done, the recap shown, every question rendered (when
    `quizzes` is given), and no widget that failed to display, no traceback, no error
    output anywhere on it. A failure says which step and what the page showed."""
    def step(what, js, arg=None, timeout=90_000):
        try:
            page.wait_for_function(js, arg=arg, timeout=timeout)
        except Exception as e:          # noqa: BLE001 - said with what the page shows
            body = page.evaluate("() => document.body ? document.body.innerText : ''")
            raise AssertionError(f"the page never got {what} ({type(e).__name__}); "
                                 f"{page.locator('.tutor-quiz').count()} questions, the end of "
                                 f"its text:\n{body[-1500:]}") from None

    step("loaded", """() => !document.querySelector('#loading') ||
        getComputedStyle(document.querySelector('#loading')).display === 'none'""")
    step("its recap", "() => !!document.querySelector('.tutor-recap')")
    if quizzes is not None:
        step(f"its {quizzes} questions",
             "(n) => document.querySelectorAll('.tutor-quiz').length === n", quizzes, 30_000)
    step("every widget drawn", "() => !document.body.innerText.includes('Loading widget')",
         timeout=30_000)
    text = page.inner_text("body")
    if "Error displaying widget" in text:
        i = text.index("Error displaying widget")
        raise AssertionError(f"{text.count('Error displaying widget')} widgets failed to display, "
                             f"the first after:\n{text[max(0, i - 600):i + 200]}")
    assert page.locator(".jupyter-widgets:has-text('Error displaying widget')").count() == 0
    assert "Traceback" not in text and not collect_output_errors(page), collect_output_errors(page)
    return text


def quiz_of(page, prompt_words):
    return page.locator(".tutor-quiz", has=page.locator(".tutor-quiz-prompt", has_text=prompt_words))


def axe(page, selector=".tutor-table"):
    """axe-core's WCAG 2 A/AA findings inside `selector` that are serious or critical."""
    page.add_script_tag(path=str(AXE))
    result = evaluate_within(
        page,
        """async (sel) => {
            const r = await axe.run(document.querySelectorAll(sel),
                                    {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}});
            return {violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary).slice(0, 5)})),
                    passes: r.passes.length};
        }""", selector, timeout=60, what="axe-core's checks")
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    return bad, result
