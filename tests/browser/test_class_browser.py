"""A class in the browser: three learners and a teacher, each in a Chromium of their own
(cookies of their own), against ``python -m tutor class`` on 127.0.0.1.

The learners open the address, type their name and the room code, land on the lesson
list, open tonight's lesson and follow its "Next" link; one answers a question. The
teacher sees them come in, where each one is and what they did, puts a question on every
screen, sees the answers tallied and shows the ruling. Screenshots:
tests/browser/screenshots/class-*.png.
"""
from __future__ import annotations

import re

import pytest

from class_harness import launch, run_async, shot
from tutor.classroom.bench import start_class_server
from tutor.lessons import get as get_lesson

NAMES = ("Ada", "Ben", "Cleo")
TIMEOUT = 90_000


@pytest.fixture(scope="module")
def server(tmp_path_factory, _prerequisites):
    s = start_class_server(tmp_path_factory.mktemp("class-browser"), "--lessons", "6-7")
    yield s
    s.stop()


async def _join(browser, server, name):
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    await page.goto(server.url)
    assert "/login" in page.url                      # nothing before the code
    await page.fill("#name", name)
    await page.fill("#code", server.code.lower())      # as a learner might type it
    await page.click("button[type=submit]")
    await page.wait_for_url(re.compile(r"/voila/render/00-lessons\.ipynb"))
    await page.wait_for_selector(".tutor-lesson-list a[href='06-frozen-pile.ipynb']")
    return ctx, page


async def _lesson_then_next(page):
    await page.click(".tutor-lesson-list a[href='06-frozen-pile.ipynb']")
    await page.wait_for_url(re.compile(r"06-frozen-pile\.ipynb"))
    # its tables are drawn (the lighter kernel sends the drawing without numpy)
    await page.wait_for_function(
        """() => { const c = document.querySelector('canvas.tutor-canvas');
                   if (!c || !c.width) return false;
                   const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                   let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) n++;
                   return n / (c.width * c.height) > 0.3; }""", polling=250)
    nxt = page.locator("a[href='07-black-threes.ipynb']").first
    await nxt.wait_for(state="attached")
    await nxt.scroll_into_view_if_needed()
    await nxt.click()
    await page.wait_for_url(re.compile(r"07-black-threes\.ipynb"))
    await page.wait_for_selector(".tutor-quiz-choice")


async def _kernels_become(teacher, n, within=30.0):
    """The learners hold n kernels (the teacher's view says, beside the pool's pages ready)."""
    await teacher.wait_for_function(
        f"() => (document.querySelector('#pool') || {{dataset: {{}}}}).dataset.held === '{n}'",
        timeout=within * 1000)


async def _scenario(server):
    from playwright.async_api import async_playwright
    async with async_playwright() as pw:
        browser = await launch(pw)
        try:
            # the teacher, before anybody comes
            tctx = await browser.new_context(viewport={"width": 1280, "height": 1000})
            teacher = await tctx.new_page()
            teacher.set_default_timeout(TIMEOUT)
            await teacher.goto(server.url + "teacher")
            assert "/teacher/login" in teacher.url
            await teacher.fill("#password", "not it")
            await teacher.click("button[type=submit]")
            assert "not the teacher password" in await teacher.inner_text(".error")
            await teacher.fill("#password", server.password)
            await teacher.click("button[type=submit]")
            await teacher.wait_for_url(re.compile(r"/teacher$"))
            assert (await teacher.inner_text("#room-code")).strip() == server.code
            assert "Nobody has joined yet" in await teacher.inner_text("#state")

            # three learners join, open lesson 6 and follow its Next link to lesson 7
            learners = []
            for name in NAMES:
                learners.append(await _join(browser, server, name))
            await shot(learners[0][1], "class-lesson-list")
            # tonight's lessons first on their list (a --lessons 6-7 class)
            assert "Tonight: start with lesson 6" in await learners[0][1].inner_text(
                ".tutor-lesson-list .tutor-continue")
            # somebody else typing Ada's name (in other capitals) is not let in as Ada
            octx = await browser.new_context()
            other = await octx.new_page()
            await other.goto(server.url + "login")
            await other.fill("#name", "ADA")
            await other.fill("#code", server.code)
            await other.click("button[type=submit]")
            assert "already called Ada" in await other.inner_text(".error")
            assert await other.get_attribute("#name", "maxlength") == "40"
            await octx.close()
            for _, page in learners:
                await _lesson_then_next(page)

            # Ada answers lesson 7's first question right
            ex = get_lesson("07").exercises[0]
            ada = learners[0][1]
            quiz = ada.locator(".tutor-quiz-choice", has_text=re.compile(rf"^{ex.answer}$")).first
            await quiz.scroll_into_view_if_needed()
            await quiz.click()

            # the teacher sees them: names, where each one is, Ada's question done
            await teacher.wait_for_function(
                "() => document.querySelectorAll('#progress tr.learner').length === 3")
            await teacher.wait_for_function(
                "() => [...document.querySelectorAll('#progress tr.learner td.place')]"
                ".every(td => td.textContent.includes('Lesson 7'))")
            await teacher.wait_for_function(
                """() => { const row = [...document.querySelectorAll('#progress tr.learner')]
                             .find(r => r.querySelector('.name').textContent === 'Ada');
                           return row && /^\\s*1\\//.test(row.cells[3].textContent.replace('✓', '')); }""")
            names = await teacher.locator("#progress td.name").all_inner_texts()
            assert names == list(NAMES)
            assert (await teacher.inner_text("#count")).strip() == "3 learners in the room"
            await shot(teacher, "class-teacher-progress")

            # the screen for the projector, from the teacher's view: the address and the code
            screen = await tctx.new_page()
            screen.set_default_timeout(TIMEOUT)
            await screen.set_viewport_size({"width": 1920, "height": 1080})
            await screen.goto(server.url.rstrip("/") + await teacher.get_attribute("#open-screen", "href"))
            assert (await screen.inner_text("#screen-code")).strip() == server.code
            await shot(screen, "class-screen-code")

            # a question on every screen, with a countdown of 90 seconds
            await teacher.select_option("form[action='/teacher/push'] select[name=seconds]", "90")
            await teacher.click("form[action='/teacher/push'] button[type=submit]")
            await teacher.wait_for_selector("#question-state")
            for _, page in learners:
                await page.wait_for_selector("#tutor-room-question svg", state="visible")
            answers = {"Ada": "legal", "Ben": "illegal", "Cleo": "illegal"}
            for (_, page), name in zip(learners, NAMES):
                await page.click(f"#tutor-room-question button[data-answer='{answers[name]}']")
                await page.wait_for_selector("#tutor-room-question .tutor-room-said")
            await shot(learners[1][1], "class-learner-question")
            await teacher.wait_for_function(
                "() => (document.querySelector('#answered') || {}).textContent === '3 of 3 have answered'")
            tally = {await p.get_attribute("data-answer"): (await p.locator("b").inner_text())
                     for p in await teacher.locator("p.tally").all()}
            assert tally == {"legal": "1", "illegal": "2"}
            await shot(teacher, "class-teacher-tally")
            # the screen: how many answered and the seconds going down; not yet the split
            # of the answers nor the ruling
            await screen.wait_for_function(
                "() => (document.querySelector('#answered') || {}).textContent === '3 of 3 have answered'")
            first = await screen.inner_text(".countdown")
            assert re.fullmatch(r"\d+ seconds left", first), first
            await screen.wait_for_function(
                "(was) => document.querySelector('.countdown').textContent !== was", arg=first)
            assert await screen.locator(".tally, #screen-ruling").count() == 0
            await shot(screen, "class-screen-question")

            # the ruling on every screen
            await teacher.click("form[action='/teacher/reveal'] button")
            for _, page in learners:
                await page.wait_for_selector("#tutor-room-question .tutor-room-ruling")
            ruling = await learners[0][1].inner_text("#tutor-room-question .tutor-room-ruling")
            await shot(learners[0][1], "class-learner-ruling")
            # and on the projector: the split of the answers and the ruling, all in view
            await screen.wait_for_selector("#screen-ruling")
            on_screen = {await p.get_attribute("data-answer"): (await p.locator("b").inner_text())
                         for p in await screen.locator("p.tally").all()}
            assert on_screen == {"legal": "1", "illegal": "2"}
            assert await screen.inner_text("#screen-ruling") == ruling.strip()
            box = await screen.locator("#screen-ruling").bounding_box()
            assert box["y"] + box["height"] <= 1080, box          # the ruling fits 1920x1080
            assert await screen.evaluate("() => document.documentElement.scrollWidth") <= 1920
            await shot(screen, "class-screen-ruling")

            # a page left gives its kernel back (Voila's page says so when it is left): each
            # learner went through three pages and holds one kernel; closing a page frees it
            await _kernels_become(teacher, 3)
            before = set(server.kernels())
            await learners[2][1].close(run_before_unload=True)
            await _kernels_become(teacher, 2)
            assert len(before - set(server.kernels())) >= 1          # its process is gone
            return ruling
        finally:
            await browser.close()


def test_three_learners_and_a_teacher(server):
    ruling = run_async(_scenario(server), timeout=600)
    les, ex = get_lesson("06"), get_lesson("06").exercises[0]
    import tutor
    expected = tutor.judge(ex.position(), ex.move)
    from tutor.engine.plainwords import without_rule_ids
    assert without_rule_ids(expected.explain("en")) in ruling       # the engine's ruling, in words
    assert expected.rule not in ruling                              # no rule ids on a no-code page
    assert ("Legal" if expected.legal else "Illegal") in ruling
