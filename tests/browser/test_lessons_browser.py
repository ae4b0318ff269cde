"""The lessons as a learner meets them, in headless Chromium.

The learner view (what ``bash scripts/lessons.sh`` opens: ``python -m tutor.lessons.serve``,
Voila serving notebooks/ with the first pages preheated) is started fresh, with a fresh
Jupyter data dir, so the progress store starts empty. A learner:

- opens the lesson list (the page the launcher gives the browser), then lesson 1 — the time
  from opening the list to lesson 1's first table being usable is recorded in
  screenshots/lesson-timings.json (``python -m tutor.bench`` prints it);
- does every task of lesson 1's table by clicking cards and the Meld button (one wrong try
  first), answers a question wrong and then right, reloads, and finds it all kept; the
  list then says where to continue, and "Next" leads to lesson 2;
- does the three tables of lesson 6 the same way;
- opens Finnish lesson 10 and Swedish lesson 11: loaded, they show every widget (no "Error
  displaying widget", no traceback), the "who wins?" answers are the teams' names and are
  compared by value, and a page left frees its kernel at once.

No lesson page, once loaded, shows "Error displaying widget" anywhere (`_loaded_clean`).

The same walk runs in JupyterLab (a copy of the notebook, Run All), where the progress
survives running the notebook again after a reload. Every notebook of notebooks/ also runs
in JupyterLab without an error. Screenshots: screenshots/learner-*.png and lab-*.png.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from browser_harness import (REPO_ROOT, collect_output_errors, evaluate_within,
                             open_notebook_and_run_all, screenshot, clipped)
from lesson_pages import TableAt, learner_view, loaded_clean, quiz_of, record  # noqa: F401 (fixture)

import tutor.lessons
from tutor.i18n import LANGUAGES
from tutor.progress import ProgressStore

NOTEBOOKS = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
def _done(store_path, lesson_key):
    store = ProgressStore(store_path)
    try:
        return store.done("me", lesson_key)
    finally:
        store.close()


# ---------------------------------------------------------------------------- acting on a table

def _answer_wrong_then_right(page, quiz, wrong, right):
    quiz.scroll_into_view_if_needed()
    quiz.locator(".tutor-quiz-choice", has_text=wrong).first.click()
    page.wait_for_function("(el) => el.innerText.includes('Not quite')",
                           arg=quiz.locator(".tutor-quiz-feedback").element_handle())
    assert quiz.locator(".tutor-quiz-hints").inner_text().strip(), "a miss shows the first hint"
    assert quiz.locator(".tutor-quiz-reveal").inner_text().strip() == "", "no answer after one miss"
    quiz.locator(".tutor-quiz-choice", has_text=right).first.click()
    page.wait_for_function("(el) => el.innerText.includes('Right, on the second try')",
                           arg=quiz.locator(".tutor-quiz-feedback").element_handle())
    # right only on the second try: not done yet, the question comes back (issue 22)
    assert "comes back later in the lesson" in quiz.locator(".tutor-quiz-feedback").inner_text()
    return quiz.locator(".tutor-quiz-reveal").inner_text()


def _practice_right(page, prompt_words, right):
    """The question missed comes back in the practice box near the lesson's end: answered
    right on the first try there, it is done."""
    box = page.locator(".tutor-practice")
    box.scroll_into_view_if_needed()
    quiz = box.locator(".tutor-practice-quiz", has=page.locator(".tutor-quiz-prompt", has_text=prompt_words))
    quiz.wait_for(state="visible", timeout=30_000)
    quiz.locator(".tutor-quiz-choice", has_text=right).first.click()
    page.wait_for_function("(el) => el.innerText.includes('Right!')",
                           arg=quiz.locator(".tutor-quiz-feedback").element_handle())
    page.wait_for_function("(el) => el.innerText.includes('answered them all right on the first try')",
                           arg=box.locator(".tutor-practice-head").element_handle())
    return quiz


def _walk_lesson_1(page):
    lesson = tutor.lessons.get("01")
    table = TableAt(page, lesson, "first-look", 0)
    table.wait_drawn()
    assert "Step 1 of 3" in table.box.locator(".tutor-task").inner_text()
    # a wrong try first: two kings are no meld
    table.click_cards(table.starts[0], ["KH", "KD"])
    table.press("meld")
    text = table.feedback("wrong")
    assert "Not yet" in text and "Step 1 of 3" in text
    table.click_cards(table.starts[0], ["KS"])          # the two kings are still selected
    table.press("meld")
    page.wait_for_function("(el) => el.innerText.includes('Step 2 of 3')",
                           arg=table.box.locator(".tutor-task").element_handle())
    table.do_task(1)
    table.do_task(2)
    return table


def _walk_lesson_6(page):
    lesson = tutor.lessons.get("06")
    first = TableAt(page, lesson, "what-frozen", 0)
    first.wait_drawn()
    first.click_cards(first.starts[0], ["9H", "9S"])    # legal, but not this step: taken back
    first.press("take")
    text = first.feedback("back")
    assert "not this step" in text and "back as it was" in text
    first.do_task(0)
    first.do_task(1)
    for index, section_id in ((1, "team-not-melded"), (2, "meld-no-help")):
        table = TableAt(page, lesson, section_id, index)
        table.wait_drawn()
        table.do_task(0)
        table.do_task(1)
    return first


# ---------------------------------------------------------------------------- the learner view

def test_learner_view_lesson_1_from_the_list(learner_view, page, page_log):
    server, store_path, url = learner_view
    assert url == server.base_url + "/voila/render/00-lessons.ipynb", "the browser opens on the list"
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_selector(".tutor-lesson-list", state="visible", timeout=90_000)
    record("learner view: lesson list shown (s)", time.monotonic() - t0)
    assert page.locator(".tutor-lesson-row").count() == len(tutor.lessons.load_lessons())
    assert page.locator(".tutor-lang", has_text="Svenska").get_attribute("href") == "sv/00-lessons.ipynb"
    screenshot(page, "learner-list")
    t1 = time.monotonic()
    page.locator(".tutor-continue a").click()           # "Start with lesson 1 …"
    page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
    table = TableAt(page, tutor.lessons.get("01"), "first-look", 0)
    settled_for = table.wait_drawn()        # usable since it settled, not since we knew it
    page.wait_for_function("(el) => el.innerText.includes('Step 1 of 3')",
                           arg=table.box.locator(".tutor-task").element_handle())
    usable = time.monotonic() - settled_for
    record("learner view: lesson 1 opened from the list until its table is usable (s)", usable - t1)
    record("learner view: fresh start, list opened until lesson 1's table is usable (s)", usable - t0)
    assert 0 <= page.locator("h1").first.bounding_box()["y"] < 100, "the page opens at its top"
    assert page.locator(".jp-CodeMirrorEditor, .jp-InputArea-editor").count() == 0, "no code in sight"
    assert "LessonPage" not in page.inner_text("body")
    loaded_clean(page, len(tutor.lessons.get("01").exercises))
    screenshot(page, "learner-lesson-01-top")

    _walk_lesson_1(page)
    screenshot(page, "learner-lesson-01-tasks-done", scroll_to=".tutor-task-table")
    quiz = quiz_of(page, "How many cards does a Canasta deck hold")
    reveal = _answer_wrong_then_right(page, quiz, "104", "108")
    assert "52 + 52 + 4" in reveal
    screenshot(page, "learner-lesson-01-quiz", scroll_to=".tutor-quiz")
    assert _done(store_path, "01-cards") == {"task:first-look:1", "task:first-look:2",
                                             "task:first-look:3"}
    _practice_right(page, "How many cards does a Canasta deck hold", "108")
    screenshot(page, "learner-lesson-01-practice", scroll_to=".tutor-practice")
    assert _done(store_path, "01-cards") == {"task:first-look:1", "task:first-look:2",
                                             "task:first-look:3", "quiz:deck-size"}

    page.reload()                                       # a new kernel: the progress is read back
    page.wait_for_selector(".tutor-lesson-header", state="visible", timeout=90_000)
    header = page.locator(".tutor-lesson-header")
    page.wait_for_function("(el) => el.innerText.includes('4 of 9 steps done')",
                           arg=header.element_handle(), timeout=30_000)
    assert header.locator(".tutor-step[data-done='true']").count() == 1
    assert "Continue where you left off: 108 cards" in header.inner_text()
    header.locator(".tutor-continue a").click()          # lands on the section's heading
    page.wait_for_function("() => { const t = document.querySelector('#tutor-s-deck')"
                           ".getBoundingClientRect().top; return t >= 0 && t < 200; }", timeout=10_000)
    table = TableAt(page, tutor.lessons.get("01"), "first-look", 0)
    table.wait_drawn()
    assert "All steps on this table done" in table.box.locator(".tutor-task").inner_text()
    assert "✔" in quiz_of(page, "How many cards does a Canasta deck hold").locator(
        ".tutor-quiz-prompt").inner_text()
    screenshot(page, "learner-lesson-01-after-reload")

    page.locator("a", has_text="Next: lesson 2").click()   # the tree serves the next lesson
    page.wait_for_selector(".tutor-lesson-header", state="visible", timeout=90_000)
    assert "The deal and a turn" in page.locator("h1").first.inner_text()
    assert "Lesson 2 of %d" % len(tutor.lessons.load_lessons()) in page.locator(".tutor-lesson-header").inner_text()
    page.locator(".tutor-recap .tutor-to-list").click()       # at the end of the lesson
    page.wait_for_selector(".tutor-lesson-list", state="visible", timeout=90_000)
    row = page.locator(".tutor-lesson-row[data-key='01-cards']")
    assert "4/9" in row.inner_text()
    assert "Continue where you left off: lesson 2" in page.locator(".tutor-continue").inner_text()
    screenshot(page, "learner-list-after-lesson-1")
    assert not collect_output_errors(page)
    page.locator(".tutor-lang", has_text="Svenska").click()      # the language picker
    page.wait_for_selector(".tutor-lesson-list", state="visible", timeout=90_000)
    assert page.url.endswith("/voila/render/sv/00-lessons.ipynb")
    assert page.locator(".tutor-lesson-row").count() == len(tutor.lessons.load_lessons())
    assert page.locator(".tutor-lesson-row a").first.get_attribute("href") == "01-cards.ipynb"
    assert page.locator(".tutor-lang", has_text="English").get_attribute("href") == "../00-lessons.ipynb"


def test_learner_view_lesson_6(learner_view, page):
    server, store_path, _url = learner_view
    page.goto(server.base_url + "/voila/render/06-frozen-pile.ipynb")
    page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
    _walk_lesson_6(page)
    screenshot(page, "learner-lesson-06-tasks-done", scroll_to=".tutor-task-table")
    reveal = _answer_wrong_then_right(page, quiz_of(page, "one nine and the joker"), "Legal", "Illegal")
    assert "frozen for everybody" in reveal and "pile.take.frozen" not in reveal.split("For teachers")[0]
    screenshot(page, "learner-lesson-06-quiz", scroll_to=".tutor-quiz")
    assert "quiz:frozen-natural-joker" not in _done(store_path, "06-frozen-pile")
    _practice_right(page, "one nine and the joker", "Illegal")
    done = _done(store_path, "06-frozen-pile")
    assert done == {f"task:{p}:{n}" for p in ("frozen-wild", "not-melded", "meld-no-help")
                    for n in (1, 2)} | {"quiz:frozen-natural-joker"}
    page.reload()
    header = page.locator(".tutor-lesson-header")
    header.wait_for(state="visible", timeout=90_000)
    page.wait_for_function("(el) => el.innerText.includes('7 of 12 steps done')",
                           arg=header.element_handle(), timeout=30_000)
    assert page.locator(".tutor-task-feedback, .tutor-task-do[data-done='true']").count() >= 3
    loaded_clean(page, len(tutor.lessons.get("06").exercises))


def _kernel_gone(server, kernel_id, timeout=20.0) -> bool:
    """Whether the server has shut the kernel down (within `timeout` seconds)."""
    import urllib.error
    import urllib.request
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        try:
            urllib.request.urlopen(f"{server.base_url}/api/kernels/{kernel_id}", timeout=10)
        except urllib.error.HTTPError as e:
            if e.code == 404:
                return True
        time.sleep(0.25)
    return False


@pytest.mark.parametrize("path", ["fi/10-going-out.ipynb", "sv/11-scoring.ipynb"])
def test_learner_view_translated_lessons_load_clean_and_free_their_kernel(learner_view, page, page_log, path):
    """A translator saw "Error displaying widget: model not found" at the end of Finnish
    lesson 10: loaded, a translated page shows every widget, no error. Lesson 11's "who
    wins?" answers are the teams' names in the language, compared by value. Leaving the
    page shuts its kernel down at once (the launcher sets the cookie Voila's page needs)."""
    from tutor.i18n import translator
    server, _store, _url = learner_view
    lang, name = path.split("/")
    lesson = tutor.lessons.get(name[:2], lang=lang)
    page.goto(server.base_url + "/voila/render/" + path)
    text = loaded_clean(page, len(lesson.exercises))
    assert lesson.title in text
    kernel = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data')"
                           ".textContent).kernelId")
    screenshot(page, f"learner-{lang}-lesson-{name[:2]}-loaded")
    page.locator(".tutor-recap").scroll_into_view_if_needed()
    screenshot(page, f"learner-{lang}-lesson-{name[:2]}-end")
    if name.startswith("11"):
        t = translator(lang)
        ex = lesson.exercise("both-pass-5000")
        quiz = quiz_of(page, ex.prompt.split("**")[0][:30])
        quiz.scroll_into_view_if_needed()
        labels = [b.strip() for b in quiz.locator(".tutor-quiz-choice").all_inner_texts()]
        assert labels == list(ex.options) and labels[:2] == [t.word("team", "NS"), t.word("team", "EW")]
        quiz.locator(".tutor-quiz-choice", has_text=t.word("team", "EW")).click()
        page.wait_for_function("(el) => el.innerText.includes('✔')",
                               arg=quiz.locator(".tutor-quiz-feedback").element_handle())
        reveal = quiz.locator(".tutor-quiz-reveal").inner_text().split(t.gettext("For teachers"))[0]
        assert "5535" in reveal and t.word("team", "EW") in reveal
        assert "EW" not in reveal.replace(t.word("team", "EW"), "") and "game.end" not in reveal
        quiz.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        screenshot(page, f"learner-{lang}-lesson-11-who-wins")
    assert _kernel_gone(server, kernel, timeout=1) is False, "the page's kernel runs while it is open"
    page.goto(server.base_url + f"/voila/render/{lang}/00-lessons.ipynb")    # the page is left
    page.wait_for_selector(".tutor-lesson-list", state="visible", timeout=90_000)
    assert _kernel_gone(server, kernel), "a page left frees its kernel at once (not after culling)"
    assert not [m for m in page_log if "model not found" in m], page_log


_PARTS = """(box) => {
    const at = (sel) => { const e = box.querySelector(sel); if (!e) return null;
        const b = e.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height}; };
    const c = box.querySelector('canvas.tutor-canvas');
    return {task: at('.tutor-task-panel'), canvas: at('canvas.tutor-canvas'), moves: at('.tutor-moves'),
            explanation: at('.tutor-explanation'), side: at('.tutor-side'), box: at(':scope > .widget-html'),
            table: c.width / 2, table_height: c.height / 2, vh: window.innerHeight, vw: window.innerWidth};
}"""


def _fits(parts) -> bool:
    """The task panel, the hand (the canvas's bottom), the move buttons and the explanation
    all inside the viewport at once."""
    return all(0 <= parts[k]["top"] and parts[k]["bottom"] <= parts["vh"] + 1
               for k in ("task", "canvas", "moves", "explanation"))


def test_learner_view_1280x800_a_lesson_table_fits_with_its_task(learner_view, page):
    """Issue 11 at 1280×800, in the learner view: a lesson's table with its task panel —
    the task, the whole table down to the hand, the move buttons and the explanation of a
    try — is on screen at once, without scrolling, and the canvas is drawn at the width it
    is shown (its text >= 12 px)."""
    server, _store, _url = learner_view
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        page.goto(server.base_url + "/voila/render/06-frozen-pile.ipynb")
        page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
        lesson = tutor.lessons.get("06")
        table = TableAt(page, lesson, "what-frozen", 0)
        table.wait_drawn()                                  # at the width it is shown
        table.start_again()                                 # done before (lesson 6's walk)
        table.click_cards(table.starts[0], ["9H"])          # one nine: a miss, with its ruling
        table.press("take")
        table.feedback("wrong")
        page.wait_for_function("(el) => el.innerText.includes('Illegal')",
                               arg=table.box.locator(".tutor-explanation").element_handle())
        # the learner brings the table into view: its hand at the bottom of the screen
        table.bring_hand_into_view()
        parts = table.box.evaluate(_PARTS)
        print("1280x800 lesson table:", json.dumps(parts))
        assert _fits(parts), json.dumps(parts, indent=1)
        # drawn at the size it is shown (shorter than the full 770: the page is 800 tall), so
        # every canvas label keeps its 12 px
        assert abs(parts["canvas"]["right"] - parts["canvas"]["left"] - parts["table"]) <= 4, parts
        assert abs(parts["canvas"]["height"] - parts["table_height"]) <= 4 and parts["table_height"] < 770, parts
        screenshot(page, "learner-lesson-06-1280x800-fit")
        # the ruling reads in words: no move text, the rule id in the collapsed detail
        text = table.box.locator(".tutor-explanation").inner_text()
        assert "take 9H" not in text and "pile.take.frozen" not in text, text
        assert table.box.locator(".tutor-explanation .tutor-ruling").get_attribute("data-rule") == "pile.take.frozen"
        table.box.locator(".tutor-explanation details.tutor-rule summary").click()
        page.wait_for_function("(el) => el.innerText.includes('pile.take.frozen')",
                               arg=table.box.locator(".tutor-explanation").element_handle())
        screenshot(page, "learner-lesson-06-1280x800-rule-open")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_learner_view_1024x768_translated_table_is_not_clipped(learner_view, page, lang):
    """Swedish and Finnish words are longer than English ones: at 1024×768 a translated
    lesson table — its task, the buttons with their whole labels, the side panel, the
    canvas at the width it is shown — lies within the screen's width, and a miss is
    explained in the lesson's language."""
    from tutor.i18n import translator
    server, _store, _url = learner_view
    t = translator(lang)
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        page.goto(server.base_url + f"/voila/render/{lang}/06-frozen-pile.ipynb")
        page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
        table = TableAt(page, tutor.lessons.get("06", lang=lang), "what-frozen", 0)
        table.wait_drawn()                                  # at the width it is shown
        table.start_again()
        table.click_cards(table.starts[0], ["9H"])          # one nine: a miss, with its ruling
        table.press("take")
        table.feedback("wrong")
        illegal = t.gettext("Illegal")
        page.wait_for_function("([el, w]) => el.innerText.includes(w)",
                               arg=[table.box.locator(".tutor-explanation").element_handle(), illegal])
        text = table.box.locator(".tutor-explanation").inner_text()
        assert "Illegal" not in text and "frozen" not in text.lower(), text
        table.bring_hand_into_view()
        assert clipped(table.box) == []
        parts = table.box.evaluate(_PARTS)
        assert abs(parts["canvas"]["right"] - parts["canvas"]["left"] - parts["table"]) <= 4, parts
        screenshot(page, f"learner-{lang}-lesson-06-1024x768")
        table.box.locator(".tutor-explanation").scroll_into_view_if_needed()
        screenshot(page, f"learner-{lang}-lesson-06-1024x768-ruling")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_learner_view_projector_1920x1080_a_lesson_table_fits_in_large_print(learner_view, page):
    """Issue 22 on a projector: a lesson's table in projector mode fits 1920×1080 whole (it
    grew to 1211×1329, its hand off the screen), its task, buttons and ruling beside it on
    screen, its labels half as large again; the lesson's text, the task and the questions
    in large print (26 px), to be read from 5 m."""
    server, _store, _url = learner_view
    page.set_viewport_size({"width": 1920, "height": 1080})
    try:
        page.goto(server.base_url + "/voila/render/06-frozen-pile.ipynb")
        page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
        table = TableAt(page, tutor.lessons.get("06"), "what-frozen", 0)
        table.wait_drawn()
        table.start_again()
        table.box.locator(".tutor-btn-projector").click()
        page.wait_for_function("(c) => c.getBoundingClientRect().width / (c.width / 2) >= 1.45",
                               arg=table.canvas.element_handle(), timeout=20_000)
        table.wait_drawn()
        table.click_cards(table.starts[0], ["9H"])          # one nine: a miss, with its ruling
        table.press("take")
        table.feedback("wrong")
        page.wait_for_function("(el) => el.innerText.includes('Illegal')",
                               arg=table.box.locator(".tutor-explanation").element_handle())
        table.box.locator(".tutor-selection").evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        parts = table.box.evaluate(_PARTS)
        print("projector lesson table:", json.dumps(parts))
        assert _fits(parts), json.dumps(parts, indent=1)
        for k in ("task", "canvas", "moves", "explanation"):
            assert parts[k]["right"] <= parts["vw"] + 1, json.dumps(parts, indent=1)
        shown = parts["canvas"]["right"] - parts["canvas"]["left"]
        assert shown / parts["table"] * 12 >= 17.4, parts          # a 12 px label: 18 px
        sizes = page.evaluate("""() => { const px = (sel) => parseFloat(getComputedStyle(
                document.querySelector(sel)).fontSize);
            return {text: px('.jp-RenderedMarkdown p'), task: px('.tutor-task > .widget-html-content'),
                    why: px('.tutor-why'), quiz: px('.tutor-quiz-prompt > .widget-html-content')}; }""")
        assert min(sizes.values()) >= 24, sizes
        screenshot(page, "learner-lesson-06-projector-1920x1080")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_learner_view_dark_theme_hint_and_answer_read_well(learner_view, page):
    """The quiz's hint box and verdicts use the theme's colours (it was light on light)."""
    server, _store, _url = learner_view
    page.goto(server.base_url + "/voila/render/06-frozen-pile.ipynb?theme=dark")
    quiz = quiz_of(page, "one nine and the joker")
    quiz.wait_for(state="visible", timeout=90_000)
    quiz.scroll_into_view_if_needed()
    quiz.locator(".tutor-quiz-choice", has_text="Legal").first.click()
    hint = quiz.locator(".tutor-quiz-hints > div").first
    hint.wait_for(state="visible", timeout=30_000)
    colours = hint.evaluate("""(el) => { const s = getComputedStyle(el);
        const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).map(Number);
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
        return {bg: lum(s.backgroundColor), fg: lum(s.color)}; }""")
    assert colours["bg"] < 0.35 and colours["fg"] > 0.6, colours
    screenshot(page, "learner-lesson-06-quiz-dark", scroll_to=".tutor-quiz")


# ---------------------------------------------------------------------------- JupyterLab

def _open_in_lab(page, lab_server, work_dir, name):
    copy = work_dir / name
    if not copy.exists():
        shutil.copy(REPO_ROOT / "notebooks" / name, copy)
    return open_notebook_and_run_all(page, lab_server, copy, timeout=120)


def _lab_store(lab_server):
    """Where the Lab server's kernels keep progress (tutor.progress.default_path there)."""
    import os
    if os.environ.get("TUTOR_PROGRESS"):
        return Path(os.environ["TUTOR_PROGRESS"])
    return lab_server.log_path.parent / "data" / "canasta-tutor" / "progress.sqlite3"


def _lab_show_cell(page, needle):
    """Scroll Lab's notebook to the cell whose code holds `needle` (Lab 4 draws only the
    cells in view)."""
    evaluate_within(page, """async (needle) => {
        const nb = window.jupyterapp.shell.currentWidget.content;
        const i = nb.widgets.findIndex(c => c.model.sharedModel.getSource().includes(needle));
        if (i < 0) throw new Error('no cell with ' + needle);
        await nb.scrollToItem(i, 'center');
    }""", needle, timeout=30, what="the notebook to scroll")
    page.wait_for_timeout(300)


def _lab_header(page, words):
    """The lesson's checklist, once it shows `words` (Lab draws cells as they scroll in)."""
    header = page.locator(".tutor-lesson-header").first
    page.evaluate("""() => { for (const n of document.querySelectorAll(
        '.jp-WindowedPanel-outer, .jp-Notebook')) n.scrollTop = 0; }""")
    page.wait_for_function("(w) => { const h = document.querySelector('.tutor-lesson-header');"
                           " return h && h.innerText.includes(w); }", arg=words, timeout=30_000)
    return header


def test_lab_lesson_1_walk_and_progress_after_reload(lab_server, page, page_log, work_dir):
    _open_in_lab(page, lab_server, work_dir, "01-cards.ipynb")
    page.locator(".tutor-task-table").first.scroll_into_view_if_needed()
    _walk_lesson_1(page)
    screenshot(page, "lab-lesson-01-tasks-done")
    _answer_wrong_then_right(page, quiz_of(page, "How many kings of hearts"), "4", "2")
    assert "quiz:king-copies" not in _done(_lab_store(lab_server), "01-cards")
    _lab_show_cell(page, "page.practice()")
    _practice_right(page, "How many kings of hearts", "2")
    assert {"task:first-look:3", "quiz:king-copies"} <= _done(_lab_store(lab_server), "01-cards")
    page.reload()
    _open_in_lab(page, lab_server, work_dir, "01-cards.ipynb")
    header = _lab_header(page, "4 of 9 steps done")
    assert header.locator(".tutor-step[data-done='true']").count() == 1
    screenshot(page, "lab-lesson-01-after-reload")
    _lab_show_cell(page, 'page.quiz("king-copies")')
    prompt = quiz_of(page, "How many kings of hearts").locator(".tutor-quiz-prompt")
    prompt.wait_for(state="visible", timeout=30_000)
    assert "✔" in prompt.inner_text()
    assert not collect_output_errors(page)


def test_lab_lesson_6_walk_and_progress_after_reload(lab_server, page, work_dir):
    _open_in_lab(page, lab_server, work_dir, "06-frozen-pile.ipynb")
    page.locator(".tutor-task-table").first.scroll_into_view_if_needed()
    _walk_lesson_6(page)
    _answer_wrong_then_right(page, quiz_of(page, "both natural nines"), "Illegal", "Legal")
    screenshot(page, "lab-lesson-06-quiz", scroll_to=".tutor-quiz")
    _lab_show_cell(page, "page.practice()")
    _practice_right(page, "both natural nines", "Legal")
    page.reload()
    _open_in_lab(page, lab_server, work_dir, "06-frozen-pile.ipynb")
    _lab_header(page, "7 of 12 steps done")
    assert not collect_output_errors(page)


@pytest.mark.parametrize("name", NOTEBOOKS + ["sv/sandbox.ipynb", "fi/sandbox.ipynb"])
def test_notebook_runs_in_lab_without_errors(name, page, page_log, lab_server, work_dir):
    (work_dir / name).parent.mkdir(exist_ok=True)
    shutil.copy(REPO_ROOT / "notebooks" / name, work_dir / name)
    timings = open_notebook_and_run_all(page, lab_server, work_dir / name, timeout=120)
    errors = collect_output_errors(page)
    assert not errors, f"{name}: error output on the page:\n" + "\n---\n".join(errors)
    # every widget the notebook shows was rendered (no "model not found" placeholders)
    bad = page.locator(".jp-OutputArea-output:has-text('Error displaying widget')").count()
    assert bad == 0, f"{name}: {bad} widgets failed to display"
    if name[:2].isdigit() and name != "00-lessons.ipynb":
        quizzes = page.locator(".tutor-quiz").count()
        assert quizzes >= 3, f"{name}: only {quizzes} quizzes rendered"
        assert page.locator(".tutor-lesson-header").count() == 1
    if "/" in name:                     # a translated sandbox: its tables speak its language
        from tutor.i18n import translator
        t = translator(name.split("/")[0])
        _lab_show_cell(page, "players=computer, lang=")
        page.wait_for_function("(w) => [...document.querySelectorAll('.tutor-btn-take')]"
                               ".some(b => b.innerText.trim() === w)", arg=t.gettext("Take the pile"),
                               timeout=20_000)
        screenshot(page, f"lab-{name.replace('/', '-')[:-6]}")
    assert timings["run"] < 90, timings


# ---------------------------------------------------------------------------- lesson 13: 2, 3, 6

def test_learner_view_lesson_13_two_and_six_players(learner_view, page):
    """Lesson 13 walked as a learner: the two-player table's draw of two cards, the refused
    question with nobody to ask, a discard; the try to go out with one canasta refused;
    the six-player table's question answered by the next partner and the going out with
    two canastas; a question answered on its second try; then at 390 px no sideways scroll."""
    server, store_path, _url = learner_view
    lesson = tutor.lessons.get("13")
    page.goto(server.base_url + "/voila/render/13-player-counts.ipynb")
    page.wait_for_selector(".tutor-task-table canvas.tutor-canvas", state="visible", timeout=90_000)
    two = TableAt(page, lesson, "two", 0)
    two.wait_drawn()
    two.start_again()
    two.do_task(0, cards=[])                          # draw: two cards
    two.do_task(1, cards=[])                          # ask: refused, nobody to ask
    assert "nobody to ask" in two.box.locator(".tutor-task").inner_text()
    two.do_task(2)                                    # discard the four of clubs
    screenshot(page, "learner-lesson-13-two-players", scroll_to=".tutor-task-table")
    out = TableAt(page, lesson, "two-canastas", 1)
    out.wait_drawn()
    out.start_again()
    out.do_task(0)                                    # four nines with one canasta: refused
    out.do_task(1)
    six = TableAt(page, lesson, "six-partner", 4)
    six.wait_drawn()
    six.start_again()
    six.do_task(0, cards=[])                          # ask: Northwest answers
    six.do_task(1, cards=[])                          # yes, for Northwest
    six.do_task(2)                                    # three kings
    six.do_task(3)                                    # out with two canastas
    six.canvas.scroll_into_view_if_needed()
    screenshot(page, "learner-lesson-13-six-players")
    reveal = _answer_wrong_then_right(page, quiz_of(page, "draws from the stock. How many"), "16", "17")
    assert "Seventeen" in reveal
    done = _done(store_path, "13-player-counts")
    assert {"task:two-draw:1", "task:two-draw:2", "task:two-draw:3", "task:two-one-canasta:1",
            "task:six-ask:4"} <= done
    assert "quiz:two-draw-cards" not in done      # missed first: it comes back in the practice box
    loaded_clean(page, len(lesson.exercises))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(1500)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    six.canvas.scroll_into_view_if_needed()
    screenshot(page, "learner-lesson-13-six-players-390")
