"""The lesson page without a browser: tasks on a table followed through the session's
rulings, progress kept in a progress store, the checklist, the lesson list, lessons per
language (translations by text id), and the launcher's settings."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import tutor.lessons
from tutor.i18n import LANGUAGES
from tutor.lessons import texts
from tutor.lessons.tasks import TaskRun, start_positions
from tutor.progress import ProgressStore
from tutor.table import TableSession

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def store(tmp_path):
    from tutor.lessons import tracker
    s = ProgressStore(tmp_path / "progress.sqlite3")
    tracker.use_store(s)
    yield s
    tracker.use_store(None)
    s.close()


def _run(lesson_key, section_id, done=(), record=None):
    lesson = tutor.lessons.get(lesson_key)
    section = lesson.section(section_id)
    session = TableSession(lesson.position(section.position))
    return session, TaskRun(session, section.tasks, done=done, record=record)


# ---------------------------------------------------------------------------- tasks

def test_a_task_is_done_by_the_ruling_it_asks_for():
    tries = []
    session, run = _run("06", "what-frozen", record=lambda task, right: tries.append((task.id, right)))
    assert run.task.id == "joker" and run.state == ""
    session.select(0)
    session.select(2)
    assert [c.text for c in session.selected_cards()] == ["JK", "9S"]
    session.take()                                     # refused: the joker does not help
    assert run.state == "right" and run.task.id == "naturals"
    assert session.selection == [], "the next step starts with no card selected"
    assert tries == [("joker", True)]
    session.select(1)
    session.take()                                     # refused by the same rule, not the task
    assert run.state == "wrong" and session.selection == [1], "a miss keeps the cards selected"
    session.try_move("take 9H 9S")
    assert run.finished and run.state == "finished"
    assert run.done == {"task:frozen-wild:1", "task:frozen-wild:2"}


def test_a_legal_move_that_is_not_the_task_is_taken_back():
    session, run = _run("06", "what-frozen")
    staged = session.position
    session.try_move("take 9H 9S")                     # legal, but the task is the joker's try
    assert run.state == "back" and run.task.id == "joker" and run.misses == 1
    assert session.position == staged and not session.past, "the table is back where the task starts"
    session.try_move("draw")                           # another legal move, another miss
    assert run.state == "back" and run.misses == 2 and session.position == staged


def test_a_refused_move_that_is_not_the_task_is_a_miss():
    session, run = _run("01", "first-look")
    session.try_move("meld KH KD")                     # refused (two cards), not the task
    assert run.state == "wrong" and run.task.id == "kings" and run.misses == 1
    session.try_move("meld KH KD KS")
    assert run.state == "right" and run.misses == 0


def test_uses_asks_for_the_cards_named():
    session, run = _run("01", "first-look")
    session.try_move("meld KH KD KS")
    session.try_move("meld 7H 7D 3S")                  # refused by meld.size, but not task 2's move
    assert run.task.id == "wild-two" and run.state == "wrong"
    task = run.task
    assert task.matches(__import__("tutor").judge(session.position, "meld 9H 9D 2C"))
    session.try_move("meld 7H 7D 2C")                  # legal, a wild card too, but not the nines
    assert run.state == "back" and run.task is task


def test_show_me_selects_the_examples_cards():
    session, run = _run("06", "team-not-melded")
    assert [c.text for c in run.show_me()] == ["AH", "JK"]
    assert sorted(c.text for c in session.selected_cards()) == ["AH", "JK"]
    session.take()
    assert run.task.id == "pair"


def test_tasks_done_before_start_where_the_next_one_starts():
    lesson = tutor.lessons.get("01")
    section = lesson.section("first-look")
    session, run = _run("01", "first-look", done={"task:first-look:1", "task:first-look:2"})
    assert run.task.id == "not-wild"
    starts = start_positions(lesson.position("first-look"), section.tasks)
    assert session.position == starts[2]
    assert [c.text for c in session.hand] == ["7D", "7H", "5C", "3S"]
    run.again()                                        # "Do these steps again"
    assert run.task.id == "kings" and session.position == lesson.position("first-look")
    assert run.done == {"task:first-look:1", "task:first-look:2"}, "what was done stays done"


def test_a_reset_task_waits_for_next_step():
    session, run = _run("06", "what-frozen")
    run.tasks[1].reset = True
    try:
        session.try_move("take 9H JK")
        assert run.waiting and run.task.id == "naturals"
        session.try_move("take 9H 9S")               # while waiting, moves are free play
        assert run.task.id == "naturals" and not run.finished
        run.go_on()
        assert not run.waiting and session.position == run.staged
    finally:
        run.tasks[1].reset = False


def test_every_task_plays_its_example_against_the_engine():
    for lesson in tutor.lessons.load_lessons():
        for task, problems in lesson.task_problems():
            assert not problems, problems
    assert len(tutor.lessons.get("06").tasks) == 6 and len(tutor.lessons.get("01").tasks) == 3


def test_a_task_whose_example_does_not_do_it_is_reported(tmp_path):
    text = (REPO / "tutor/lessons/06-frozen-pile.toml").read_text()
    bad = tmp_path / "06-frozen-pile.toml"
    bad.write_text(text.replace('example = "take 9H JK"', 'example = "take 9H 9S"'))
    problems = tutor.lessons.load_lesson(bad).problems()
    assert any("does not do the task" in p and "take 9H 9S" in p for p in problems), problems


# ---------------------------------------------------------------------------- progress on the page

def test_page_records_tasks_and_questions_and_ticks_the_checklist(store):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons.page import LessonPage
    page = LessonPage("06")
    header = page.header()
    assert "0 of 12 steps done" in header.value and "Continue" not in header.value
    box = page.table("what-frozen")
    box.session.try_move("take 9H JK")
    assert "Right." in box.box.value and "Step 2 of 2" in box.box.value
    box.session.try_move("take 9H 9S")
    assert "All steps on this table done" in box.box.value
    assert "Frozen for the team that has not melded" in box.box.value      # the next step's link
    quiz = page.quiz("frozen-natural-joker")
    practice = page.practice()                     # near the lesson's end
    assert practice.current is None and "comes back here" in practice.head.value
    quiz.answer("Legal")
    quiz.answer("Illegal")
    # right only on the second try: kept as a try, not done; the question comes back
    assert store.done("me", "06-frozen-pile") == {"task:frozen-wild:1", "task:frozen-wild:2"}
    assert "comes back later in the lesson" in quiz.feedback.value
    assert "2 of 12 steps done" in header.value
    assert practice.current.exercise.id == "frozen-natural-joker" and not practice.current.state
    assert "1 question to try again" in practice.head.value
    assert "tutor-quiz" not in practice.current._dom_classes   # not one of the lesson's questions
    assert practice.current.answer("Illegal") is True      # right on the first try: done
    assert store.done("me", "06-frozen-pile") == {"task:frozen-wild:1", "task:frozen-wild:2",
                                                  "quiz:frozen-natural-joker"}
    assert "answered them all right on the first try" in practice.head.value
    assert "3 of 12 steps done" in header.value
    assert "Continue where you left off: What &quot;frozen&quot; means" in header.value
    # back another day: a new page (a new kernel) reads the same store
    again = LessonPage("06")
    assert "3 of 12 steps done" in again.header().value
    assert again.quiz("frozen-natural-joker").header.value.count("✔") == 1
    box2 = again.table("what-frozen")
    assert box2.run.finished and "All steps on this table done" in box2.box.value
    assert again.quiz("frozen-two-naturals").header.value.count("✔") == 0
    assert again.practice().current is None             # nothing left to bring back


def test_a_missed_question_comes_back_until_right_on_the_first_try(store):
    """Issue 22: clicking both buttons no longer passes a question. A miss brings it back in
    the practice box (also on another day: the store remembers it), a miss there sends it
    to the end of the line, and only a right first answer marks it done."""
    import ipywidgets  # noqa: F401
    from tutor.lessons.page import LessonPage
    page = LessonPage("06")
    header = page.header()
    q1, q2 = page.quiz("frozen-natural-joker"), page.quiz("frozen-two-naturals")
    practice = page.practice()
    q1.show_answer()                                 # shown without a try: it comes back too
    assert practice.current.exercise.id == "frozen-natural-joker"
    q2.answer("Illegal")                             # a miss: the nudge, and in the line
    q2.answer("Legal")
    assert practice.queue == ["frozen-two-naturals"]
    q2.reset()
    assert q2.answer("Legal") is True and "comes back later" in q2.feedback.value   # Try again
    assert store.done("me", "06-frozen-pile") == set() and "0 of 12 steps done" in header.value
    assert store.missed("me", "06-frozen-pile") == ["quiz:frozen-two-naturals"]
    first = practice.current
    assert first.answer("Legal") is False            # missed again: to the end of the line
    first.answer("Illegal")
    assert practice.next_button.layout.display is None
    assert practice.queue == ["frozen-two-naturals", "frozen-natural-joker"]
    practice.show_next()
    assert practice.current.exercise.id == "frozen-two-naturals"
    assert practice.current.answer("Legal") is True
    assert store.done("me", "06-frozen-pile") == {"quiz:frozen-two-naturals"}
    # another day: what is still missed comes back from the store
    again = LessonPage("06")
    later = again.practice()
    assert later.current.exercise.id == "frozen-natural-joker" and later.queue == []
    again.ready()                                   # read afresh: the same line, once
    assert later.current.exercise.id == "frozen-natural-joker" and later.queue == []
    assert later.current.answer("Illegal") is True
    assert "quiz:frozen-natural-joker" in store.done("me", "06-frozen-pile")
    assert store.first_tries("me") == {"06-frozen-pile": (2, 0)}
    assert store.first_try_accuracy("me", "06-frozen-pile") == 0.0


def test_the_task_panel_sits_in_the_tables_panel_slot(store):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons.page import LessonPage
    box = LessonPage("06").table("what-frozen")
    table = box.table
    assert table.side.children[0] is table.panels and table.panels.children == (box.panel,)
    assert "tutor-has-panel" in table._dom_classes and "tutor-panel" in box.panel._dom_classes
    assert "tutor-task-panel" in box.panel._dom_classes
    # the moves, the move box and the explanation follow, in the table's own order
    assert table.side.children[1:] == table.side_parts
    extra = table.add_panel(__import__("ipywidgets").HTML("more"))
    assert table.panels.children == (box.panel, extra) and table.side.children[0] is table.panels


def test_a_lessons_pictures_and_handouts_are_in_its_language(tmp_path):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.i18n import translator
    from tutor.lessons.view import Picture, position_html
    sv = translator("sv")
    lesson = tutor.lessons.get("06", lang="sv")
    pos = lesson.position("frozen-wild")
    words = sv.gettext("discard pile")
    assert words != "discard pile"
    assert words in position_html(pos, lang="sv") and words in Picture(pos, lang="sv")._repr_html_()
    ex = next(e for e in lesson.exercises if e.position_ref and e.picture is not False)
    quiz = ex.quiz()
    pictures = [w.value for w in quiz.children if "tutor-quiz-position" in w._dom_classes]
    assert pictures and words in pictures[0] and ">discard pile<" not in pictures[0]
    svg = [p for p in lesson.handouts(tmp_path) if p.suffix == ".svg"][0].read_text(encoding="utf-8")
    assert words in svg
    assert lesson.table("frozen-wild").lang == "sv"


def test_page_ready_reads_progress_made_elsewhere(store):
    """Voila's preheated kernel ran the page before the learner came: ready() reads again."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons.page import LessonPage
    page = LessonPage("06")
    header = page.header()
    box = page.table("what-frozen")
    store.record("me", "06-frozen-pile", "task:frozen-wild:1", "task", True)   # another page did it
    assert "0 of 12" in header.value and box.run.task.id == "joker"
    page.ready()
    assert "1 of 12" in header.value and box.run.task.id == "naturals"
    assert store.last_place("me")[0] == "06-frozen-pile"


def test_a_damaged_store_starts_afresh_and_the_page_says_so(tmp_path):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons import tracker
    from tutor.lessons.page import LessonPage, lesson_list
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    s = ProgressStore(path)
    tracker.use_store(s)
    try:
        page = LessonPage("01")
        text = page.header().value
        assert "could not be read" in text and "start afresh" in text and "Traceback" not in text
        assert "could not be read" in lesson_list().html.value
    finally:
        tracker.use_store(None)
        s.close()


def test_without_a_store_the_lessons_work_and_say_progress_is_not_kept():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons.page import LessonPage
    from tutor.lessons.tracker import Tracker
    t = Tracker("01-cards", store=None)
    page = LessonPage("01", tracker=t)
    assert "cannot be saved on this computer" in page.header().value
    box = page.table("first-look")
    box.session.try_move("meld KH KD KS")
    assert box.run.task.id == "wild-two" and t.is_done("task:first-look:1")


def test_lesson_list_marks_continue_and_languages(store):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.lessons.page import lesson_list
    listing = lesson_list()
    text = listing.html.value
    assert text.count("tutor-lesson-row") == len(tutor.lessons.load_lessons())
    assert "Start with lesson 1" in text and "href='01-cards.ipynb'" in text
    assert "href='sv/00-lessons.ipynb'" in text and "href='fi/00-lessons.ipynb'" in text
    lesson = tutor.lessons.get("01")
    for item in lesson.items():
        store.record("me", lesson.key, item, "question" if item.startswith("quiz") else "task", True)
    listing.ready()
    assert "Continue where you left off: lesson 2, The deal and a turn" in listing.html.value, \
        "lesson 1 is done: continue with lesson 2"
    store.record("me", "06-frozen-pile", "quiz:upcard-frozen", "question", True)
    listing.ready()
    text = listing.html.value
    assert re.search(r"data-key='01-cards'><td[^>]*><span class='tutor-mark' data-done='true' title='9 of 9 steps done'", text)
    assert "1/12" in text
    # the count and the lesson's number in cells of their own, apart: "1/12" then "6."
    assert re.search(r"title='1 of 12 steps done'[^>]*>1/12</span></td><td[^>]*padding[^>]*>6\.</td>", text)
    assert "Continue where you left off: lesson 6, The frozen pile" in text
    sv = lesson_list(lang="sv").html.value
    assert "href='../00-lessons.ipynb'" in sv and "href='../fi/00-lessons.ipynb'" in sv
    assert "href='01-cards.ipynb'" in sv


# ---------------------------------------------------------------------------- lessons per language

def _lesson_dir(tmp_path, key="06-frozen-pile"):
    (tmp_path / f"{key}.toml").write_text((REPO / f"tutor/lessons/{key}.toml").read_text())
    (tmp_path / "sv").mkdir()
    return tmp_path / f"{key}.toml"


def test_a_translation_replaces_texts_by_id_and_lists_what_it_lacks(tmp_path):
    path = _lesson_dir(tmp_path)
    (tmp_path / "sv" / path.name).write_text('''
title = "Fryst kasthög"
[recap]
wild = "Kasthögen är frusen för alla."
[sections.what-frozen]
title = "Vad betyder fryst?"
[sections.what-frozen.tasks.joker]
do = "Visa varför jokern inte hjälper."
[exercises.frozen-natural-joker]
hints = ["Ett", "Två", "Tre"]
''')
    english = tutor.lessons.load_lesson(path)
    sv = tutor.lessons.load_lesson(path, "sv")
    assert sv.lang == "sv" and sv.translated and sv.title == "Fryst kasthög"
    assert sv.section("what-frozen").title == "Vad betyder fryst?"
    assert sv.section("what-frozen").tasks[0].do == "Visa varför jokern inte hjälper."
    assert sv.section("what-frozen").tasks[0].example == "take 9H JK", "moves are not translated"
    assert sv.exercise("frozen-natural-joker").hints == ("Ett", "Två", "Tre")
    assert sv.recap[1] == "Kasthögen är frusen för alla." and sv.recap[0] == english.recap[0]
    assert sv.goal == english.goal                         # lacking: English is shown …
    assert "goal" in sv.missing and "title" not in sv.missing   # … and listed
    assert "sections.what-frozen.tasks.naturals.do" in sv.missing
    assert "exercises.frozen-natural-joker.prompt" in sv.missing
    assert "exercises.frozen-natural-joker.hints" not in sv.missing
    assert set(sv.missing) | {"title", "recap.wild", "sections.what-frozen.title",
                              "sections.what-frozen.tasks.joker.do",
                              "exercises.frozen-natural-joker.hints"} == set(texts.slots(texts.normalise(
                                  __import__("tomllib").loads(path.read_text()))))
    assert not sv.problems(), "a translation cannot change what the engine checks"


def test_translated_choices_keep_the_answer_in_place(tmp_path):
    path = _lesson_dir(tmp_path, "01-cards")
    (tmp_path / "sv" / path.name).write_text('''
[exercises.hand-order]
choices = ["klöver ess", "hjärter två", "hjärter kung", "klöver trea"]
''')
    ex = tutor.lessons.load_lesson(path, "sv").exercise("hand-order")
    assert ex.answer == "hjärter två" and ex.answer in ex.options
    assert not ex.problems()
    assert tutor.lessons.load_lesson(path, "sv").exercise("joker-is-wild").options[1].startswith("a meld of nines")


def test_a_translation_naming_a_missing_text_or_the_wrong_length_is_refused(tmp_path):
    path = _lesson_dir(tmp_path)
    (tmp_path / "sv" / path.name).write_text('[sections.no-such-section]\ntitle = "x"\n')
    with pytest.raises(tutor.lessons.TranslationError, match="no-such-section"):
        tutor.lessons.load_lesson(path, "sv")
    (tmp_path / "sv" / path.name).write_text('[exercises.frozen-natural-joker]\nhints = ["x"]\n')
    with pytest.raises(tutor.lessons.TranslationError, match="list of 3 texts"):
        tutor.lessons.load_lesson(path, "sv")


def test_without_a_translation_a_lesson_is_english_and_lacks_every_text(tmp_path):
    path = _lesson_dir(tmp_path)
    sv = tutor.lessons.load_lesson(path, "sv")
    assert not sv.translated and sv.title == "The frozen pile"
    assert sv.missing[:2] == ("title", "goal")
    assert set(tutor.lessons.missing_texts("sv")) == {l.key for l in tutor.lessons.load_lessons("sv") if not l.translated} | \
        {l.key for l in tutor.lessons.load_lessons("sv") if l.missing}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_translation_file_translates_every_text_of_its_lesson(lang):
    """A started translation is finished before it is committed: this lists what it lacks."""
    for lesson in tutor.lessons.load_lessons(lang):
        if lesson.translated:
            assert not lesson.missing, f"{lang}/{lesson.key}.toml lacks: " + ", ".join(lesson.missing)


OLD_FORMAT = """
title = "Taking the discard pile"
goal = "A lesson written before section ids and recap ids."
recap = ["Take the whole pile.", "Meld its top card at once."]

[[sections]]
title = "Why take the pile?"
text = "..."

[[sections]]
title = "The top card and your team's melds"
text = "..."
"""


def test_ids_are_stable_for_lessons_written_before_ids(tmp_path):
    path = tmp_path / "05-taking-the-pile.toml"          # the lessons are all converted now:
    path.write_text(OLD_FORMAT, encoding="utf-8")       # a file in the old shape
    lesson = tutor.lessons.load_lesson(path)
    assert [s.id for s in lesson.sections][:2] == ["why-take-the-pile", "the-top-card-and-your-team-s-melds"]
    assert "recap.1" in texts.slots(texts.normalise(__import__("tomllib").loads(lesson.path.read_text())))


# ---------------------------------------------------------------------------- the launcher

def test_voila_settings_serve_the_folder_with_the_first_pages_preheated():
    from tutor.lessons.serve import ROOT, voila_config
    c = voila_config(lang="fi")
    assert c.Voila.root_dir == str(ROOT) and c.VoilaConfiguration.strip_sources is True
    assert c.VoilaConfiguration.preheat_kernel is True
    assert c.VoilaKernelManager.kernel_pools_config == {
        "default": {"pool_size": 0}, "fi/00-lessons.ipynb": {"pool_size": 1},
        "fi/01-cards.ipynb": {"pool_size": 1}}
    assert c.MappingKernelManager.cull_idle_timeout > 0
    assert c.VoilaConfiguration.kernel_spec_manager_class == \
        "tutor.classroom.kernel.RoomKernelSpecManager"       # the class's lighter kernel
    assert "preheat_kernel" not in voila_config(preheat=[]).VoilaConfiguration


def test_launcher_without_notebooks_says_what_to_do(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tutor.lessons.serve", "--no-browser",
                        "--root", str(tmp_path)], capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "python scripts/build_notebooks.py" in r.stderr


@pytest.mark.server                 # starts Voila
def test_a_page_left_frees_its_kernel_at_once(tmp_path):
    """Voila's page, when left, asks to shut its kernel down with the ``_xsrf`` cookie in a
    form (a beacon): the launcher's page sets that cookie, so the request is not refused
    (403) and the kernel is gone at once, not five minutes later."""
    import http.cookiejar
    import json
    import re
    import socket
    import time
    import urllib.error
    import urllib.parse
    import urllib.request
    import voila  # noqa: F401  (the [test] extra installs it: a missing one fails)
    page = {"cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {},
                       "outputs": [], "source": ["1 + 1"]}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "00-lessons.ipynb").write_text(json.dumps(page))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "tutor.lessons.serve", "--no-browser",
                             f"--port={port}", "--lang=en", "--root", str(tmp_path)],
                            cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
    jar = http.cookiejar.CookieJar()
    web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def status(url, data=None):
        try:
            return web.open(urllib.request.Request(url, data=data), timeout=60).status
        except urllib.error.HTTPError as e:
            return e.code

    try:
        t0 = time.monotonic()
        while True:
            try:
                html = web.open(f"{base}/voila/render/00-lessons.ipynb", timeout=60).read().decode()
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() - t0 < 60, \
                    (tmp_path / "serve.log").read_text()
                time.sleep(0.3)
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html).group(1)
        xsrf = {c.name: c.value for c in jar}.get("_xsrf")
        assert xsrf, "the page sets the _xsrf cookie its 'page left' request sends"
        assert status(f"{base}/api/kernels/{kernel}") == 200
        form = urllib.parse.urlencode({"_xsrf": xsrf}).encode()       # what the beacon sends
        assert status(f"{base}/voila/api/shutdown/{kernel}", form) == 204
        assert status(f"{base}/api/kernels/{kernel}") == 404, "the kernel is gone at once"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


# ---------------------------------------------------------------------------- writers' tools

def test_a_translation_template_holds_every_text_id(tmp_path, capsys):
    from tutor.lessons.__main__ import main
    assert main(["template", "sv", "06"]) == 0
    template = capsys.readouterr().out
    path = _lesson_dir(tmp_path)
    target = tmp_path / "sv" / path.name
    target.write_text(template)
    empty = tutor.lessons.load_lesson(path, "sv")
    english = texts.slots(texts.normalise(__import__("tomllib").loads(path.read_text())))
    assert empty.translated and len(empty.missing) == len(english) > 40
    assert empty.title == "The frozen pile", "an empty text is not shown: the English is"
    filled = template.replace('= ""', '= "X"').replace('""', '"X"')
    target.write_text(filled)
    sv = tutor.lessons.load_lesson(path, "sv")
    assert sv.missing == () and sv.title == "X" and sv.section("what-frozen").tasks[1].do == "X"
    assert sv.exercise("frozen-natural-joker").hints == ("X", "X", "X")
    assert not sv.problems()


def test_writers_command_line(capsys, tmp_path, monkeypatch):
    from tutor.lessons.__main__ import main
    assert main(["check", "06"]) == 0
    assert "all agree with the rulebook" in capsys.readouterr().out
    untranslated = _lesson_dir(tmp_path, "01-cards")          # a copy with no fi/ file
    monkeypatch.setattr("tutor.lessons.__main__.get",
                        lambda key, lang="en": tutor.lessons.load_lesson(untranslated, lang))
    assert main(["missing", "fi", "01"]) == 1
    monkeypatch.undo()
    out = capsys.readouterr().out
    assert "fi/01-cards.toml: no translation file" in out and "sections.first-look.tasks.kings.do" in out
    assert main(["missing", "xx"]) == 2 and "sv, fi" in capsys.readouterr().err
    assert main(["template", "sv", "99"]) == 2 and "no lesson '99'" in capsys.readouterr().err
    assert main([]) == 2


def test_lesson_list_shows_stars_for_a_finished_lesson(store):
    """A finished lesson gets stars from its questions' first tries (★★★ all right at once)."""
    import ipywidgets  # noqa: F401
    from tutor.lessons.page import lesson_list, stars
    assert (stars(9, 9), stars(6, 9), stars(5, 9), stars(0, 0)) == (3, 2, 1, 3)
    lesson = tutor.lessons.get("01")
    assert "tutor-stars" not in lesson_list().html.value
    for i, item in enumerate(lesson.items()):
        if item.startswith("quiz") and i % 2:
            store.record("me", lesson.key, item, "question", False)
        store.record("me", lesson.key, item, "question" if item.startswith("quiz") else "task", True)
    html = lesson_list().html.value
    row = html[html.index("data-key='01-cards'"):html.index("data-key='02-")]
    n = len(lesson.exercises)
    right = store.first_tries("me", lesson.key)[lesson.key][1]
    assert 0 < right < n
    k = stars(right, n)
    assert f"data-stars='{k}'" in row and "★" * k + "☆" * (3 - k) in row
    assert f"{k} of 3 stars: {right} of {n} questions right on the first try" in row
    assert "game.ipynb" in html and "Play a game against the computer" in html
