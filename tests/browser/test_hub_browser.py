"""The tutor on a real JupyterHub: three learners and a teacher in Chromium.

``python -m tutor hub --users 3 --lessons 6-7`` (the command a club tries first) starts
JupyterHub 5 with configurable-http-proxy (npm), NativeAuthenticator, the idle culler,
the teacher's service and a single-user server per learner, on 127.0.0.1. The test reads
the logins it prints, then:

- refuses a wrong password and a name with HTML in it, in words, and finds both in the log;
- logs the teacher and three learners in, each in a browser of their own; every learner
  lands on the lesson list in the learner view (no code, no Lab, no terminal), opens
  lesson 7 and its table is drawn; one answers the lesson's first question, and the
  teacher's view shows it (the kernel's report reached the service with the hub token);
- the teacher puts a question on every screen; the learners answer; the teacher's view
  counts 3 of 3 and the tally;
- a learner's cookie gets 403 on the teacher's service, on another learner's server and on
  /hub/api/users (the teacher's gets 200 there), and in their own server on the files,
  the contents (the shared lessons: not writable), sessions; no Lab, no terminal; a learner's hub token gets 403, in words,
  on the teacher's API (logged), and is taken on the learners' API;
- a page's kernel answers a widget's messages, never an ``execute_request`` from the page;
- logging out ends the learner's access to their own server;
- Ctrl-C stops the hub, the proxy, the services and every server and kernel.

Screenshots: tests/browser/screenshots/hub-*.png.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from browser_harness import REPO_ROOT, TIMINGS, free_port
from class_harness import launch, run_async, shot
from tutor.classroom.bench import descendants
from tutor.lessons import get as get_lesson

TIMEOUT = 120_000
LEARNERS = ("learner1", "learner2", "learner3")
pytestmark = pytest.mark.server


class HubRun:
    """``python -m tutor hub`` as a learner's club would run it, in its own process group."""

    def __init__(self, state, port):
        self.state, self.port = state, port
        self.url = f"http://127.0.0.1:{port}"
        self.out = state / "hub-command.out"
        self.proc = None
        self.passwords: dict[str, str] = {}
        self.seen_pids: set[int] = set()

    def start(self, timeout=240.0):
        from tutor.classroom.hub import find_proxy
        if find_proxy() is None:
            pytest.fail("the hub test needs configurable-http-proxy: "
                        "npm install --prefix .hub configurable-http-proxy@5 (scripts/test.sh does it)",
                        pytrace=False)
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("TUTOR_PROGRESS", None)      # each learner's own store, in their home
        t0 = time.monotonic()
        with open(self.out, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tutor", "hub", "--users", "3", "--lessons", "6-7",
                 "--no-browser", "--port", str(self.port), "--state", str(self.state),
                 "--lang", "en"],
                cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True)
        while "Stop the hub with Ctrl-C" not in self.text():
            if self.proc.poll() is not None or time.monotonic() - t0 > timeout:
                self.stop()
                pytest.fail(f"python -m tutor hub did not start:\n{self.text()}\n"
                            f"--- hub log:\n{self.log()[-4000:]}", pytrace=False)
            time.sleep(0.2)
        TIMINGS["hub: command until the logins are printed"] = time.monotonic() - t0
        for role, name, pw in re.findall(r"^(Teacher|Learner):\s+(\S+)\s+password (\S+)$",
                                         self.text(), re.M):
            self.passwords[name] = pw
        return self

    def text(self) -> str:
        return self.out.read_text(errors="replace") if self.out.exists() else ""

    def log(self) -> str:
        p = self.state / "jupyterhub.log"
        return p.read_text(errors="replace") if p.exists() else ""

    def remember_processes(self):
        if self.proc is not None:
            self.seen_pids |= set(descendants(self.proc.pid))

    def stop(self, grace=90.0) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.remember_processes()
        os.killpg(self.proc.pid, signal.SIGINT)          # Ctrl-C in the terminal
        try:
            return self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            for pid in self.seen_pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            return None


@pytest.fixture(scope="module")
def hub(tmp_path_factory, _prerequisites):
    run = HubRun(tmp_path_factory.mktemp("hub"), free_port()).start()
    yield run
    run.stop()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _api(hub, path, token, method="GET", body=None):
    req = urllib.request.Request(hub.url + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"token {token}",
                                          "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw or b"{}")
        except ValueError:
            return e.code, {"raw": raw.decode("utf-8", "replace")}


async def _login(browser, hub, name, password=None):
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    await page.goto(hub.url + "/hub/login")
    await page.fill("input[name=username]", name)
    await page.fill("input[name=password]", password or hub.passwords[name])
    await page.click("#login_submit, input[type=submit], button[type=submit]")
    return ctx, page


async def _hub_fetch(page, hub, path):
    """GET a hub API path from inside the page, with its cookies and the hub's XSRF token."""
    return await page.evaluate(
        """async (url) => {
            const x = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
            const r = await fetch(url, {headers: {'X-XSRFToken': decodeURIComponent(x)}});
            return r.status; }""", hub.url + path)


async def _scenario(hub):
    from playwright.async_api import async_playwright
    async with async_playwright() as pw:
        browser = await launch(pw)
        try:
            # ---- bad input: a wrong password, a name with HTML in it ---------------------------
            ctx, page = await _login(browser, hub, "learner1", "not-the-password")
            await page.wait_for_selector("text=Invalid username or password")
            assert "/hub/login" in page.url
            await page.goto(hub.url + "/hub/signup")
            await page.fill("input[name=username]", "<b>eve</b>")
            await page.fill("input[name=signup_password]", "a-long-password-9")
            await page.fill("input[name=signup_password_confirmation]", "a-long-password-9")
            await page.click("input[type=submit], button[type=submit]")
            await page.wait_for_selector(".alert-danger")
            refusal = await page.inner_text(".alert-danger")
            assert "username" in refusal and "does not contain" in refusal, refusal
            assert await page.locator("b", has_text="eve").count() == 0    # shown as text, not HTML
            await shot(page, "hub-bad-name")
            await ctx.close()

            # ---- the teacher -------------------------------------------------------------------
            tctx, teacher = await _login(browser, hub, "teacher")
            await teacher.wait_for_url(re.compile(r"/services/canasta-teacher/teacher$"))
            assert "Your Canasta class" in await teacher.inner_text("h1")
            assert hub.url + "/hub/login" in await teacher.inner_text("#hub-login")

            # ---- three learners: the lesson list, lesson 7, its table drawn -----------------------
            learners = []
            t0 = time.monotonic()
            for name in LEARNERS:
                ctx, page = await _login(browser, hub, name)
                learners.append((name, ctx, page))
            for name, _, page in learners:
                await page.wait_for_url(re.compile(rf"/user/{name}/voila/render/00-lessons\.ipynb"))
                await page.wait_for_selector(".tutor-lesson-list a[href='07-black-threes.ipynb']")
                assert await page.locator(".jp-InputArea, .CodeMirror, .cm-editor").count() == 0
            TIMINGS["hub: 3 learners, login until the lesson list"] = time.monotonic() - t0
            await shot(learners[0][2], "hub-lesson-list")
            for name, _, page in learners:
                await page.click(".tutor-lesson-list a[href='07-black-threes.ipynb']")
            painted = """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                let n = 0; for (let i = 3; i < d.length; i += 4 * 97) if (d[i]) n++;
                return n > d.length / (4 * 97) * 0.5; }"""
            for name, _, page in learners:
                await page.wait_for_url(re.compile(r"07-black-threes\.ipynb"))
                canvas = page.locator("canvas.tutor-canvas").first
                await canvas.wait_for(state="visible")
                await page.wait_for_function(painted, arg=await canvas.element_handle())
            TIMINGS["hub: 3 learners, lesson 7 until its table is drawn"] = time.monotonic() - t0
            await shot(learners[0][2], "hub-learner-table")

            # learner1 answers lesson 7's first question right: the kernel tells the service
            ex = get_lesson("07").exercises[0]
            page1 = learners[0][2]
            quiz = page1.locator(".tutor-quiz-choice", has_text=re.compile(rf"^{ex.answer}$")).first
            await quiz.scroll_into_view_if_needed()
            await quiz.click()
            await teacher.wait_for_function(
                "() => document.querySelectorAll('#progress tr.learner').length === 3")
            names = await teacher.locator("#progress td.name").all_inner_texts()
            assert sorted(names) == list(LEARNERS)          # the teacher is not a learner
            await teacher.wait_for_function(
                "() => [...document.querySelectorAll('#progress tr.learner td.place')]"
                ".every(td => td.textContent.includes('Lesson 7'))")
            await teacher.wait_for_function(
                """() => { const row = [...document.querySelectorAll('#progress tr.learner')]
                             .find(r => r.querySelector('.name').textContent === 'learner1');
                           return row && /^\\s*1\\//.test(row.cells[3].textContent.replace('✓', '')); }""")
            await shot(teacher, "hub-teacher-progress")

            # ---- a question on every screen ------------------------------------------------------
            await teacher.click("form[action$='/teacher/push'] button[type=submit]")
            await teacher.wait_for_selector("#question-state")
            answers = {"learner1": "legal", "learner2": "illegal", "learner3": "illegal"}
            for name, _, page in learners:
                await page.wait_for_selector("#tutor-room-question svg", state="visible")
                await page.click(f"#tutor-room-question button[data-answer='{answers[name]}']")
                await page.wait_for_selector("#tutor-room-question .tutor-room-said")
            await shot(learners[1][2], "hub-learner-question")
            await teacher.wait_for_function(
                "() => (document.querySelector('#answered') || {}).textContent === '3 of 3 have answered'")
            tally = {await p.get_attribute("data-answer"): (await p.locator("b").inner_text())
                     for p in await teacher.locator("p.tally").all()}
            assert tally == {"legal": "1", "illegal": "2"}
            await shot(teacher, "hub-teacher-tally")

            # ---- what a learner may not reach ------------------------------------------------------
            hub.remember_processes()
            resp = await page1.goto(hub.url + "/services/canasta-teacher/teacher")
            assert resp.status == 403, resp.status
            resp = await page1.goto(hub.url + "/user/learner2/voila/render/00-lessons.ipynb")
            assert resp.status == 403, resp.status
            await page1.goto(hub.url + "/hub/home")
            assert await _hub_fetch(page1, hub, "/hub/api/users") == 403
            await teacher.goto(hub.url + "/hub/home")
            assert await _hub_fetch(teacher, hub, "/hub/api/users") == 200     # the control
            for path in ("/user/learner1/lab", "/user/learner1/tree", "/user/learner1/terminals/1",
                         "/user/learner1/api/terminals"):
                resp = await page1.goto(hub.url + path)
                assert resp.status == 404, (path, resp.status)
            # in their own server, only what the learner view uses: no files, no contents
            await page1.goto(hub.url + "/user/learner1/voila/render/00-lessons.ipynb")
            await page1.wait_for_selector(".tutor-lesson-list")
            own = await page1.evaluate(
                """async (base) => {
                    const x = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
                    const h = {'X-XSRFToken': decodeURIComponent(x), 'Content-Type': 'application/json'};
                    const get = async (p) => (await fetch(base + p, {headers: h})).status;
                    return {status: await get('api/status'), kernelspecs: await get('api/kernelspecs'),
                            contents: await get('api/contents/01-cards.ipynb'),
                            files: await get('files/01-cards.ipynb'),
                            sessions: await get('api/sessions'),
                            put: (await fetch(base + 'api/contents/01-cards.ipynb', {method: 'PUT',
                                  headers: h, body: JSON.stringify({type: 'file', format: 'text',
                                  content: 'gone'})})).status}; }""",
                hub.url + "/user/learner1/")
            assert own == {"status": 200, "kernelspecs": 200, "contents": 403, "files": 403,
                           "sessions": 403, "put": 403}, own
            # a learner posting the teacher's form with their own cookie
            status = await page1.evaluate(
                """async (url) => (await fetch(url, {method: 'POST', body: new URLSearchParams({question: 'x'})})).status""",
                hub.url + "/services/canasta-teacher/teacher/push")
            assert status == 403

            # ---- logging out ends the access ----------------------------------------------------------
            await page1.goto(hub.url + "/hub/logout")
            await page1.goto(hub.url + "/user/learner1/voila/render/00-lessons.ipynb")
            await page1.wait_for_load_state()
            assert "/hub/login" in page1.url, page1.url
            assert await page1.locator(".tutor-lesson-list").count() == 0
            return tally
        finally:
            await browser.close()


def test_three_learners_and_a_teacher_on_a_hub(hub):
    run_async(_scenario(hub), timeout=900)

    # a learner's hub token: refused on the teacher's API, in words; taken on the learners' API
    teacher_token = _hub_token(hub, "teacher", hub.passwords["teacher"])
    status, made = _api(hub, "/hub/api/users/learner2/tokens", teacher_token, "POST",
                        {"scopes": ["custom:canasta:learn"], "note": "test", "expires_in": 600})
    assert status == 201, made
    learner_token = made["token"]
    status, body = _api(hub, "/services/canasta-teacher/api/class", learner_token)
    assert status == 403 and "not open to you" in body["error"], (status, body)
    status, body = _api(hub, "/services/canasta-teacher/api/question", learner_token)
    assert status == 200 and "key" in body
    status, body = _api(hub, "/services/canasta-teacher/api/answer", learner_token, "POST",
                        {"push": "999999", "answer": "legal"})
    assert status == 400 and body["error"] == "There is no question on the screens now."
    status, cls = _api(hub, "/services/canasta-teacher/api/class", teacher_token)
    assert status == 200 and sorted(r["name"] for r in cls["learners"]) == list(LEARNERS)
    assert cls["tally"] == {"legal": 1, "illegal": 2}

    # a page's kernel takes widget messages from its websocket, never code to run
    status, made = _api(hub, "/hub/api/users/learner2/tokens", teacher_token, "POST",
                        {"scopes": ["access:servers!user=learner2"], "note": "test", "expires_in": 600})
    assert status == 201, made
    replies = run_async(_execute_is_dropped(hub, made["token"]), timeout=300)
    # ... and it is the class's lighter kernel (tutor/classroom/kernel.py), not ipykernel's
    assert replies == {"kernel_info_reply": True, "execute_reply": False,
                       "kernels": {"tutor.classroom.kernel"}}, replies

    log = hub.log()
    assert re.search(r"Failed login for 'learner1'", log)
    assert "Refused the user name '<b>eve</b>'" in log
    assert re.search(r"Refused GET /services/canasta-teacher/api/class to user 'learner2'", log)
    assert re.search(r"Refused POST /services/canasta-teacher/teacher/push to user 'learner1'", log) \
        or re.search(r"403 POST /services/canasta-teacher/teacher/push", log)

    # Ctrl-C stops everything: the hub, the proxy, the services, every server and kernel
    hub.remember_processes()
    assert len(hub.seen_pids) >= 8, "the hub, the proxy, two services, three servers and kernels"
    t0 = time.monotonic()
    code = hub.stop()
    TIMINGS["hub: Ctrl-C until everything stopped"] = time.monotonic() - t0
    assert code == 0, hub.text()
    assert "The hub has stopped." in hub.text()
    left = [pid for pid in hub.seen_pids if _alive(pid)]
    assert not left, f"still running after the hub stopped: {left}"


async def _execute_is_dropped(hub, token) -> dict:
    """Open a lesson page in learner2's server as its browser would, then send its kernel a
    kernel_info_request (answered) and an execute_request (dropped by the server)."""
    import asyncio
    from tutor.classroom.hub.bench import HubSimLearner
    sim = HubSimLearner(hub.url, "learner2", token)
    try:
        await sim.open("06-frozen-pile.ipynb")
        await sim.connect()
        out = {"kernels": _kernel_launchers(hub)}
        try:
            await sim.ask("kernel_info_request", {}, "kernel_info_reply", timeout=60)
            out["kernel_info_reply"] = True
        except asyncio.TimeoutError:
            out["kernel_info_reply"] = False
        try:
            await sim.ask("execute_request", {"code": "open('/tmp/pwned', 'w')", "silent": False,
                                              "store_history": False, "user_expressions": {},
                                              "allow_stdin": False}, "execute_reply", timeout=10)
            out["execute_reply"] = True
        except asyncio.TimeoutError:
            out["execute_reply"] = False
        return out
    finally:
        await sim.close()


def _kernel_launchers(hub) -> set:
    """How the kernels running under the hub were started (a kernel is given its connection
    file with -f): the module each runs with -m."""
    launchers = set()
    for pid in descendants(hub.proc.pid):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "-m" in argv and "-f" in argv[:-1] and argv[argv.index("-f") + 1].endswith(".json"):
            launchers.add(argv[argv.index("-m") + 1])
    return launchers


def _hub_token(hub, name, password) -> str:
    """A hub API token of `name`, made through the hub's login (as a script of theirs would)."""
    import http.cookiejar
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(hub.url + "/hub/login", timeout=30) as r:
        r.read()
    xsrf = next(c.value for c in jar if c.name == "_xsrf")
    data = urllib.parse.urlencode({"username": name, "password": password, "_xsrf": xsrf}).encode()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None
    opener2 = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())
    try:
        opener2.open(urllib.request.Request(hub.url + "/hub/login", data=data), timeout=30)
    except urllib.error.HTTPError as e:
        assert e.code == 302
    xsrf = next(c.value for c in jar if c.name == "_xsrf")
    req = urllib.request.Request(hub.url + f"/hub/api/users/{name}/tokens", method="POST",
                                 data=json.dumps({"note": "test", "expires_in": 600}).encode(),
                                 headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"})
    with opener2.open(req, timeout=30) as r:
        return json.loads(r.read())["token"]
