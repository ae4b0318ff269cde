"""The class server is safe for a room, tried against a real server on 127.0.0.1:

- without the room code nothing is served;
- learners cannot reach the Jupyter APIs, another learner's kernel, or run code;
- one learner's bad input or crashed kernel does not touch another learner;
- idle kernels are culled; Ctrl-C stops the class and every kernel.

Learners here are protocol-level (tutor.classroom.bench.SimLearner): what a browser sends,
including what a browser would never send. The browser walk is test_class_browser.py.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time
from pathlib import Path

import pytest

from class_harness import run_async
from tutor.classroom.bench import SimLearner, start_class_server

NOTEBOOK = "sandbox.ipynb"        # a page with a whole table (Draw, Undo, the explanation)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start_class_server(tmp_path_factory.mktemp("class"), "--lessons", "5-7")
    yield s
    s.stop()


def run(coro, timeout=180):
    return run_async(coro, timeout)


async def _learner(server, name, open_page=True, connect=True):
    sim = SimLearner(server.url, name)
    assert await sim.join(server.code) == 302
    if open_page:
        await sim.open(NOTEBOOK)
        if connect:
            await sim.connect()
    return sim


def test_without_the_room_code_nothing_is_served(server):
    async def go():
        stranger = SimLearner(server.url, "stranger")
        paths = ["", "voila/render/06-frozen-pile.ipynb", "voila/render/00-lessons.ipynb",
                 "teacher", "teacher/state", "teacher/handouts.pdf", "lessons", "room/question",
                 "room/room.js", "voila/static/voila.js", "voila/tree", "voila/api/contents",
                 "voila/files/06-frozen-pile.ipynb", "voila/templates/lab/static/index.css",
                 "api/kernels", "api/contents", "api/sessions", "api/terminals", "api/kernelspecs"]
        seen = {}
        for path in paths:
            r = await stranger.request(path)
            seen[path] = r.code
            if r.code == 302:                            # to a door: the learners' or the teacher's
                assert r.headers["Location"].startswith(("/login", "/teacher/login")), path
            body = r.body.decode("utf-8", "replace") if r.body else ""
            assert "frozen" not in body.lower() and "kernelId" not in body, path
        assert all(code in (302, 403, 404) for code in seen.values()), seen
        # a wrong code gets the form again, with the reason in words
        await stranger.request("login")
        r = await stranger.request("login", "POST", {"name": "Eve", "code": "NOPE00"})
        assert r.code == 400 and b"not the room code" in r.body
        assert (await stranger.request("voila/render/06-frozen-pile.ipynb")).code == 302
        # nor a forged cookie
        stranger.cookies["canasta-room"] = '"2|1:0|10:1700000000|12:canasta-room|8:e30=|00"'
        assert (await stranger.request("room/question")).code in (302, 403)
        # and a learner who leaves is out again
        anna = await _learner(server, "Anna Leaving", open_page=False)
        assert (await anna.request("room/question")).code == 200
        await anna.request("logout")
        assert (await anna.request("room/question")).code in (302, 403)
        stranger.http.close()
        anna.http.close()
    run(go())


def test_the_jupyter_apis_are_closed_to_learners(server):
    async def go():
        a = await _learner(server, "Ada")
        b = await _learner(server, "Ben")
        try:
            for path in ["api/kernels", "api/contents", "api/contents/06-frozen-pile.ipynb",
                         "api/sessions", "api/terminals", "api/kernelspecs", "api/config/notebook",
                         "lab", "tree", "notebooks/06-frozen-pile.ipynb", "files/06-frozen-pile.ipynb",
                         "voila/files/06-frozen-pile.ipynb", "voila/tree", "voila/api/contents",
                         "voila/render/teacher.ipynb", "voila/render/tests/frozen_pile.ipynb",
                         "voila/render/../pyproject.toml", "teacher", "teacher/state"]:
                r = await a.request(path)
                assert r.code in (302, 403, 404, 405), (path, r.code)
                if r.code == 302:
                    assert r.headers["Location"].startswith("/teacher/login"), path
            r = await a.request("voila/render/teacher.ipynb")      # refused in words
            assert r.code == 404 and b"There is no such page in this room." in r.body
            assert b"Traceback" not in r.body
            r = await a.request("api/kernels", "POST", {"name": "python3"})
            assert r.code in (403, 404, 405)
            # your own kernel's model, yes; another learner's kernel, no
            assert (await a.request(f"api/kernels/{a.kernel_id}")).code == 200
            assert (await a.request(f"api/kernels/{b.kernel_id}")).code == 403
            assert (await a.request(f"api/kernels/{b.kernel_id}", "DELETE",
                                    headers={"X-XSRFToken": a.cookies.get("_xsrf", "")})).code == 403
            assert (await a.request(f"voila/api/shutdown/{b.kernel_id}", "POST", {})).code == 403
            with pytest.raises(Exception) as refused:
                await a.connect(b.kernel_id)
            assert "403" in str(refused.value)
            # the older kernel protocol (whose binary messages stop Voila) is refused
            from tornado.httpclient import HTTPRequest
            from tornado.websocket import websocket_connect
            url = server.url.replace("http", "ws") + f"api/kernels/{a.kernel_id}/channels"
            with pytest.raises(Exception) as old:
                await websocket_connect(HTTPRequest(url, headers={"Cookie": a.cookie_header()}))
            assert "400" in str(old.value)
            # B's kernel is alive and B's page still works
            await b.load_widgets()
            parts = b.table()
            assert await b.click(parts["draw"], parts["panel"]) < 30
        finally:
            await a.close()
            await b.close()
    run(go())


def test_a_learner_cannot_run_code_on_the_teachers_computer(server, tmp_path):
    marker = tmp_path / "ran.txt"

    async def go():
        a = await _learner(server, "Cy")
        try:
            code = f"open({str(marker)!r}, 'w').write('ran')"
            for channel in ("shell", "control"):
                await a.send("execute_request", {"code": code, "silent": False, "store_history": True,
                                                 "user_expressions": {}, "allow_stdin": False,
                                                 "stop_on_error": True}, channel)
            # an input reply, a debug request: not widget messages either
            await a.send("debug_request", {"command": "evaluate", "arguments": {"expression": code}}, "control")
            await a.send("input_reply", {"value": code}, "stdin")
            # the kernel still answers what the page may ask
            reply = await a.ask("kernel_info_request", {}, "kernel_info_reply", timeout=30)
            assert reply["content"]["status"] == "ok"
            await asyncio.sleep(2)
        finally:
            await a.close()
    run(go())
    assert not marker.exists()
    assert 'Received message of type "execute_request", which is not allowed' in server.log()


def test_bad_input_and_a_crashed_kernel_stay_with_one_learner(server):
    async def go():
        a = await _learner(server, "Dee")
        b = await _learner(server, "Eli")
        try:
            await b.load_widgets()
            parts = b.table()
            # A: malformed widget messages, then garbage on the websocket (the server may
            # close A's socket for it: A's alone), garbage forms
            await a.send("comm_msg", {"comm_id": "no-such-widget", "data": {"method": "update",
                                                                             "state": {"value": 12}}})
            await a.send("comm_msg", {"comm_id": parts["draw"], "data": None})
            from tornado.websocket import WebSocketClosedError
            for garbage in (b"\x00" * 64, "{not json"):
                try:
                    await a.ws.write_message(garbage, binary=isinstance(garbage, bytes))
                except WebSocketClosedError:
                    pass
            eve = SimLearner(server.url, "Eve")
            await eve.request("login")
            for form in ({"name": "x" * 10_000, "code": server.code}, {"name": "Ω\x00", "code": "\x00"},
                         {"code": server.code}):
                assert (await eve.request("login", "POST", form)).code == 400
            assert (await eve.request("login?next=//evil.example/", "POST",
                                      {"name": "Eve", "code": server.code})).headers["Location"] == "/"
            eve.http.close()
            # A's kernel dies
            pid = next(p for p in server.kernels()
                       if a.kernel_id in Path(f"/proc/{p}/cmdline").read_text(errors="replace"))
            os.kill(pid, signal.SIGKILL)
            # B goes on clicking, and the server answers everybody
            for _ in range(3):
                assert await b.click(parts["draw"], parts["panel"]) < 30
                assert "data-legal='true'" in b.models[parts["panel"]]["value"]     # the draw's ruling
                await b.click(parts["undo"], parts["panel"])
            assert (await b.request("room/question")).code == 200
        finally:
            await a.close()
            await b.close()
    run(go())


def test_idle_kernels_are_culled(tmp_path):
    # the kernels started for their learners (no pool: every kernel here is a learner's)
    server = start_class_server(tmp_path, "--lessons", "6", "--cull-minutes", "0.1", expect=0)
    try:
        async def go():
            a = await _learner(server, "Fay")           # a page left open, idle
            b = await _learner(server, "Gus", connect=False)   # a page closed without a word
            kernels = {a.kernel_id, b.kernel_id}
            assert len(server.kernels()) == 2
            deadline = time.monotonic() + 60
            while server.kernels() and time.monotonic() < deadline:
                await asyncio.sleep(1)
            assert server.kernels() == [], "idle kernels still running after a minute"
            state = json.loads((await a.request(f"room/question?kernel={a.kernel_id}")).body)
            assert state["asleep"] and "Reload" in state["asleep_html"]
            # reloading gives a new kernel; progress is in the store, not in the kernel
            await a.close()
            again = SimLearner(server.url, "Fay")          # the same browser: its cookie
            again.cookies = dict(a.cookies)
            await again.open(NOTEBOOK)
            assert again.kernel_id not in kernels
            await again.close()
            await b.close()
        run(go())
        assert "page open" in server.log() and "page closed" in server.log()
    finally:
        server.stop()


def test_ctrl_c_stops_the_class_and_every_kernel(tmp_path):
    server = start_class_server(tmp_path, "--lessons", "6", entry=("tutor", "class"), expect=0)
    try:
        async def go():
            a = await _learner(server, "Hal")
            await a.close()
        run(go())
        kernels = server.kernels()
        assert len(kernels) == 1
        t0 = time.monotonic()
        code = server.stop(signal.SIGINT, grace=30)
        took = time.monotonic() - t0
    finally:
        server.stop(signal.SIGKILL)
    assert code == 0, server.log()
    assert took < 30
    assert f"Room code: {server.code}" in server.log() and server.url in server.log()
    assert "The class has stopped." in server.log()
    assert "Traceback" not in server.log()
    for pid in kernels:
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text().lower()


def test_the_room_speaks_the_chosen_language(tmp_path):
    """--lang sv: the Swedish lesson folder is served, its kernels run in Swedish for their
    learner, and the room's own pages say they are Swedish."""
    from tutor.classroom import REPO_NOTEBOOKS
    server = start_class_server(tmp_path, "--lessons", "6", "--lang", "sv", expect=0)
    try:
        async def go():
            a = await _learner(server, "Ines", open_page=False)
            join = await a.request("login")
            assert b"<html lang='sv'>" in join.body
            assert (await a.request("")).headers["Location"] == "/voila/render/sv/00-lessons.ipynb"
            await a.open("sv/00-lessons.ipynb")
            await a.open("00-lessons.ipynb")                  # the list's language links work
            for refused in ("xx/00-lessons.ipynb", "sv/teacher.ipynb", "sv/../teacher.ipynb",
                            "sv/.hidden.ipynb", "sv/sub/06-frozen-pile.ipynb"):
                assert (await a.request(f"voila/render/{refused}")).code == 404, refused
            await a.open("sv/06-frozen-pile.ipynb")
            await a.close()
            return a.kernel_id
        kernel_id = run(go())
        (pid,) = [p for p in server.kernels()
                  if kernel_id in Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
        env = dict(line.split("=", 1) for line in
                   Path(f"/proc/{pid}/environ").read_text(errors="replace").split("\0") if "=" in line)
        assert env["TUTOR_LANG"] == "sv"
        assert env["TUTOR_LEARNER"].startswith(time.strftime("%Y-%m-%d") + "/")
        assert env["TUTOR_PROGRESS"] == str(server.base / "class.sqlite3")
        assert "TUTOR_TEACHER_PASSWORD" not in env
        assert Path(os.readlink(f"/proc/{pid}/cwd")) == REPO_NOTEBOOKS / "sv"
        # the lighter kernel for pages with no code (tutor/classroom/kernel.py)
        assert b"tutor.classroom.kernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
    finally:
        server.stop()


def test_the_teacher_prints_tonights_handouts_from_the_teachers_view(server):
    async def go():
        teacher = SimLearner(server.url, "teacher")
        await teacher.request("teacher/login")
        assert (await teacher.request("teacher/login", "POST", {"password": server.password})).code == 302
        out = {}
        for which in ("handouts", "answers"):
            r = await teacher.request(f"teacher/{which}.pdf")
            out[which] = (r.code, r.headers.get("Content-Type"), r.body[:5])
        learner = await _learner(server, "Jo", open_page=False)
        refused = (await learner.request("teacher/handouts.pdf")).code
        teacher.http.close()
        learner.http.close()
        return out, refused
    out, refused = run(go())
    assert out == {w: (200, "application/pdf", b"%PDF-") for w in ("handouts", "answers")}
    assert refused in (302, 403)


def test_a_lesson_folder_without_its_own_list_gets_a_plain_one(tmp_path):
    import shutil
    from tutor.classroom import REPO_NOTEBOOKS
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("05-taking-the-pile.ipynb", "06-frozen-pile.ipynb"):
        shutil.copy(REPO_NOTEBOOKS / name, folder / name)
    server = start_class_server(tmp_path / "run", "--lessons", "6", "--notebooks", str(folder))
    try:
        async def go():
            a = await _learner(server, "Kim", open_page=False)
            first = await a.request("")
            page = await a.request("lessons")
            a.http.close()
            return first.headers.get("Location"), page.code, page.body.decode()
        where, code, body = run(go())
    finally:
        server.stop()
    assert where == "/lessons" and code == 200
    links = re.findall(r"href='/voila/render/([^']+)'>([^<]+)</a>(.*?)</li>", body)
    assert [(f, t) for f, t, _ in links] == [("05-taking-the-pile.ipynb", "5. Taking the discard pile"),
                                             ("06-frozen-pile.ipynb", "6. The frozen pile")]
    assert "tonight" in links[1][2] and "tonight" not in links[0][2]
    assert "room.js" in body


def test_the_teachers_browser_opens_already_in_once(tmp_path):
    """Without --no-browser the server opens the teacher's view in the browser (here a
    script standing in for it, through BROWSER), logged in by a one-time link."""
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1" >> {opened}\n')
    browser.chmod(0o755)
    server = start_class_server(tmp_path / "run", "--lessons", "6", open_browser=True,
                                env_extra={"BROWSER": f"{browser} %s"})
    try:
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        url = opened.read_text().strip()
        assert url.startswith(server.url + "teacher/login?once=")

        async def go():
            first, second = SimLearner(server.url, "t1"), SimLearner(server.url, "t2")
            path = url[len(server.url):]
            r1 = await first.request(path)
            view = await first.request("teacher")
            r2 = await second.request(path)                  # the same link again: no
            refused = await second.request("teacher")
            first.http.close()
            second.http.close()
            return r1.code, r1.headers.get("Location"), view.code, view.body, r2.code, refused.code
        c1, where, view, body, c2, refused = run(go())
    finally:
        server.stop()
    assert (c1, where, view) == (302, "/teacher", 200)
    assert server.code.encode() in body
    assert c2 == 200 and refused == 302


def test_a_name_is_shown_to_the_teacher_as_text_not_markup(server):
    async def go():
        eve = await _learner(server, "<img src=x onerror=alert(1)> Eve", open_page=False)
        teacher = SimLearner(server.url, "teacher")
        await teacher.request("teacher/login")
        await teacher.request("teacher/login", "POST", {"password": server.password})
        state = (await teacher.request("teacher/state")).body.decode()
        eve.http.close()
        teacher.http.close()
        return state
    state = run(go())
    assert "&lt;img src=x onerror=alert(1)&gt; Eve" in state
    assert "<img" not in state


def test_a_name_is_not_an_identity(server):
    """Two people typing the same name are two learners: the second is refused in words
    (any capitals); each keeps being themselves by their own cookie; the teacher can take a
    learner out (their cookie then opens nothing, their kernel stops, the name is free), and
    a learner's cookie still reaches neither the teacher's view nor its actions."""
    async def go():
        first = await _learner(server, "Lena Same")
        other = SimLearner(server.url, "LENA SAME")
        await other.request("login")
        r = await other.request("login", "POST", {"name": "LENA SAME", "code": server.code})
        assert r.code == 400 and b"already called Lena Same" in r.body
        assert (await other.request("room/question")).code in (302, 403)     # not let in
        # the teacher sees one Lena, present, and cannot be acted for by a learner's cookie
        teacher = SimLearner(server.url, "teacher")
        await teacher.request("teacher/login")
        assert (await teacher.request("teacher/login", "POST", {"password": server.password})).code == 302
        state = (await teacher.request("teacher/state")).body.decode()
        assert state.count(">Lena Same<") == 1
        m = re.search(r"name='learner' value='([^']+)'><button[^>]*aria-label='Remove Lena Same from the room'", state)
        lena_id = m.group(1)
        for path in ("teacher/remove", "teacher/push", "teacher/close"):
            assert (await first.request(path, "POST", {"learner": lena_id})).code == 403, path
        assert (await first.request("teacher/state")).code == 403
        # the teacher takes Lena out: her page's kernel stops, her cookie opens nothing
        kernel = first.kernel_id
        assert (await teacher.request("teacher/remove", "POST", {"learner": lena_id})).code == 302
        assert (await first.request("room/question")).code in (302, 403)
        assert (await first.request(f"api/kernels/{kernel}")).code in (302, 403)
        state = (await teacher.request("teacher/state")).body.decode()
        assert ">Lena Same<" not in state
        # and the name is free again
        r = await other.request("login", "POST", {"name": "LENA SAME", "code": server.code})
        assert r.code == 302
        await first.close()
        other.http.close()
        teacher.http.close()
        return kernel
    kernel = run(go())
    assert not any(kernel in Path(f"/proc/{p}/cmdline").read_text(errors="replace")
                   for p in server.kernels())


def test_wrong_codes_and_passwords_are_slowed_and_logged(tmp_path):
    server = start_class_server(tmp_path, "--lessons", "6")
    try:
        async def go():
            eve = SimLearner(server.url, "Eve")
            await eve.request("login")
            codes = []
            for _ in range(7):
                codes.append((await eve.request("login", "POST", {"name": "Eve", "code": "NOPE00"})).code)
            assert codes[:5] == [400] * 5 and 429 in codes[5:], codes
            r = await eve.request("login", "POST", {"name": "Eve", "code": server.code})
            assert r.code == 429 and b"Too many wrong tries" in r.body and b"seconds" in r.body
            await eve.request("teacher/login")
            pw = [(await eve.request("teacher/login", "POST", {"password": "guess"})).code for _ in range(7)]
            assert pw[:5] == [403] * 5 and 429 in pw[5:], pw
            r = await eve.request("teacher/login", "POST", {"password": server.password})
            assert r.code == 429                          # not even the right one, until the wait is over
            await asyncio.sleep(9)                        # 2 s, 4 s: the waits of this address
            assert (await eve.request("login", "POST", {"name": "Eve", "code": server.code})).code == 302
            eve.http.close()
        run(go())
        log = server.log()
        assert "wrong room code from 127.0.0.1 (5 wrong in a row)" in log
        assert "wrong teacher password from 127.0.0.1" in log and "refused a code try from 127.0.0.1" in log
    finally:
        server.stop()


def test_preheated_pages_learn_their_learner_and_nobody_elses(server):
    """Voila's pool: the pages learners open first run before anybody comes. Two learners
    taking preheated kernels of the same lesson at the same moment each get a kernel that
    is theirs (owner) and that learns who they are once taken: each one's answer is kept
    under their own id. A pooled kernel answers nobody before it is taken, and the room
    tells a kernel its learner only for that kernel's own key."""
    from tutor.lessons import get as get_lesson
    lesson = "05-taking-the-pile"
    ex = get_lesson("05").exercises[0]

    async def answer_first_question(sim):
        await sim.load_widgets()
        button = next(c for c, st in sim.models.items()
                      if "tutor-quiz-choice" in (st.get("_dom_classes") or ())
                      and st.get("description") == str(ex.answer))
        await sim.send("comm_msg", {"comm_id": button, "data": {"method": "custom",
                                                                 "content": {"event": "click"}}})

    async def within(seconds, what, awaitable):
        """`awaitable`, or a failure that names the step and shows the server's log (a bare
        TimeoutError of the whole run said neither: CI on e2d8786)."""
        try:
            return await asyncio.wait_for(awaitable, seconds)
        except asyncio.TimeoutError:
            raise AssertionError(f"{what}: nothing after {seconds} s; the class server's log "
                                 f"ends:\n{server.log()[-4000:]}") from None

    async def go():
        teacher = SimLearner(server.url, "teacher")
        await teacher.request("teacher/login")
        await teacher.request("teacher/login", "POST", {"password": server.password})
        deadline = time.monotonic() + 150                  # the pool is full before they come
        while time.monotonic() < deadline:
            m = re.search(r"data-ready='(\d+)' data-total='(\d+)'",
                          (await within(30, "the teacher's page", teacher.request("teacher/state"))
                           ).body.decode())
            if m and m.group(1) == m.group(2):
                break
            await asyncio.sleep(1)
        assert m and m.group(1) == m.group(2), (m and m.groups(), server.log()[-4000:])
        ivy, jon = SimLearner(server.url, "Ivy Pool"), SimLearner(server.url, "Jon Pool")
        assert [await ivy.join(server.code), await jon.join(server.code)] == [302, 302]
        took = await within(60, "the two preheated pages", asyncio.gather(
            ivy.open(lesson + ".ipynb"), jon.open(lesson + ".ipynb")))
        assert ivy.kernel_id != jon.kernel_id
        assert max(took) < 10, took                          # preheated: no kernel to start
        for sim in (ivy, jon):                               # started for nobody, told later
            (pid,) = [p for p in server.kernels()
                      if sim.kernel_id in Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
            env = Path(f"/proc/{pid}/environ").read_text(errors="replace").split("\0")
            assert any(v.startswith("TUTOR_KERNEL_KEY=") for v in env)
            assert not any(v.startswith("TUTOR_LEARNER=") for v in env)
        await within(60, "the kernels' connections", asyncio.gather(ivy.connect(), jon.connect()))
        await within(60, "the first question answered", asyncio.gather(
            answer_first_question(ivy), answer_first_question(jon)))
        # each other's kernel: no
        assert (await ivy.request(f"api/kernels/{jon.kernel_id}")).code == 403
        with pytest.raises(Exception) as refused:
            await ivy.connect(jon.kernel_id)
        assert "403" in str(refused.value)
        # the room's "who is my learner?" answers only a pooled kernel's own key
        for key in ("", "guess", ivy.cookies.get("canasta-room", "")):
            r = await ivy.request(f"room/kernel/{jon.kernel_id}", headers={"X-Tutor-Kernel-Key": key})
            assert r.code == 403, (key, r.code)
        await asyncio.sleep(2)
        for sim in (ivy, jon, teacher):
            await sim.close()
        return ivy, jon

    ivy, jon = run(go(), timeout=420)
    import sqlite3
    db = sqlite3.connect(server.base / "class.sqlite3")
    ids = dict(db.execute("SELECT name, id FROM learners WHERE name IN ('Ivy Pool', 'Jon Pool')"))
    rows = list(db.execute("SELECT learner, lesson, item FROM attempts WHERE lesson=?", ("05-taking-the-pile",)))
    db.close()
    assert sorted(r[0] for r in rows) == sorted([ids["Ivy Pool"], ids["Jon Pool"]]), rows
    assert {r[2] for r in rows} == {ex.item}
    assert "refused a kernel handshake" in server.log()
