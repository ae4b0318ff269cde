"""The class under load: simulated learners against a real class server on this machine.

    python -m tutor.classroom.bench --compare          # 30 at once, 60 over a minute; pool on, off
    python -m tutor.bench --class                      # 30 learners, one a second, 2 minutes
    python -m tutor.classroom.bench --learners 30 --arrive 0 --expect 30 --minutes 2

A simulated learner does over HTTP and the kernel's websocket what a learner's browser
does (`SimLearner`): joins with the room code, lands on the lesson list (Voila renders it
with its kernel), leaves it for tonight's first lesson, connects to that page's kernel
like Voila's front end (the Jupyter messaging protocol: the widget control comm's
``request_states``), and then presses the lesson table's Draw and Undo every few
seconds, timing each click until the explanation widget is updated. Protocol-level
learners, not browser pages, because the figures are the teacher's computer's: 30
headless Chromiums on the same 2 cores would measure the browsers. What a browser adds on
the learner's side (drawing the canvas: ~35 ms) is in ``tests/browser`` and the main
benchmark.

Figures: start-up (server ready; the pool of ready pages full, ``--expect``; each
learner's list and lesson page, and from Join until the lesson's table is usable, the
learners arriving over ``--arrive`` seconds: 0 is everybody in the same second), the
kernel's core-seconds until usable, each page's poll for the teacher's question (the
teacher puts one on every screen once everybody is in), memory per learner (the
learner's kernel's proportional set size, plus the server's growth shared out) and of the
whole class with the pool, click-to-explanation (median, p95, worst) over ``--minutes``
once everybody is in, and the machine's load average (other work on the machine shows
in every figure). Traffic goes to 127.0.0.1 only; each run stops its server (and every
kernel) at the end.

`start_class_server` is also what the tests use to run a class.
"""
from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path

BENCH_NOTEBOOK = "05-taking-the-pile.ipynb"   # tonight's first lesson (--lessons 5-8): its last
                                              # table has Draw and Undo, what the clicks need
LIST_NOTEBOOK = "00-lessons.ipynb"            # where a learner lands after joining
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"


# ---- a class server in a process of its own ------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (from /proc), so a server's kernels can be measured and stopped
    even when they run in sessions of their own."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux), in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def pid_of_kernel(server: "ClassServer", kernel_id: str) -> int | None:
    for pid in server.kernels():
        try:
            if kernel_id.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None


def pss_kib(pid: int) -> int:
    """The process's proportional set size (shared pages shared out), in KiB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass
class ClassServer:
    """``python -m tutor class`` started in its own process group, on 127.0.0.1."""

    port: int
    code: str
    password: str
    base: Path
    proc: subprocess.Popen
    log_path: Path
    started_in: float = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def kernels(self) -> list[int]:
        """Pids of the learners' kernels (the server's descendants running ipykernel)."""
        out = []
        for pid in descendants(self.proc.pid):
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"ipykernel" in cmd or b"tutor.classroom.kernel" in cmd:
                out.append(pid)
        return out

    def stop(self, sig=signal.SIGINT, grace: float = 20.0) -> int | None:
        """Ctrl-C (SIGINT to the group), as a teacher stops it; then make sure."""
        return stop_group(self.proc, sig, grace)


def stop_group(proc, sig=signal.SIGINT, grace: float = 20.0) -> int | None:
    """Stop a server started in its own process group: `sig` to the group, SIGKILL after
    `grace` seconds, then any kernel seen below it that is still alive (kernels run in
    sessions of their own, outside the group)."""
    if proc.poll() is not None and not descendants(proc.pid):
        return proc.returncode
    stragglers = descendants(proc.pid)
    try:
        os.killpg(proc.pid, sig)          # start_new_session: the group id is the leader's pid
    except ProcessLookupError:
        pass
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(5)
    for pid in stragglers:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    return proc.returncode


def _die_with_parent() -> None:
    """In the child: killed when whoever started it dies (Linux), so that a test or a
    benchmark that is itself killed leaves no server behind (its kernels then exit: they
    watch their parent)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def jupyter_dirs(base: Path) -> dict:
    """Fresh Jupyter folders for a server (nothing of the user's own set-up, nothing left)."""
    dirs = {name: base / sub for name, sub in (
        ("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython"))}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    env = {k: str(v) for k, v in dirs.items()}
    env.update(JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1", PYTHONUNBUFFERED="1")
    return env


def start_class_server(base: Path, *args: str, port: int | None = None, code: str = "TESTRM",
                       password: str | None = None, timeout: float = 90.0,
                       env_extra: dict | None = None,
                       entry: tuple = ("tutor.classroom",), open_browser: bool = False,
                       expect: int = 2) -> ClassServer:
    """Start a class server (extra `args` go to ``python -m tutor class``), wait until it
    answers, and return it; its progress file is ``base/class.sqlite3``. `entry`: the
    module to run (``("tutor", "class")`` for the command as the teacher types it);
    `expect`: its ``--expect`` (kernels kept ready per first page), unless `args` say."""
    if "--expect" not in args:
        args = (*args, "--expect", str(expect))
    base = Path(base)
    base.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    password = password or secrets.token_urlsafe(8)
    env = dict(os.environ)
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_PATH", None)
    env.update(jupyter_dirs(base))
    env["TUTOR_TEACHER_PASSWORD"] = password
    env.update(env_extra or {})
    cmd = [sys.executable, "-m", *entry, *([] if open_browser else ["--no-browser"]), "--ip", "127.0.0.1",
           "--port", str(port), "--code", code, "--store", str(base / "class.sqlite3"), *args]
    log_path = base / f"class-{port}.log"
    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=_die_with_parent)
    server = ClassServer(port, code, password, base, proc, log_path)
    import urllib.request
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the class server exited ({proc.returncode}):\n{server.log()}")
        try:
            with urllib.request.urlopen(server.url + "login", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() - t0 > timeout:
            server.stop()
            raise RuntimeError(f"the class server did not answer in {timeout:.0f} s:\n{server.log()}")
        time.sleep(0.1)
    server.started_in = time.monotonic() - t0
    return server


# ---- a learner at the protocol level ---------------------------------------------------------------

class SimLearner:
    """A learner's browser, reduced to its requests and kernel messages."""

    def __init__(self, base_url: str, name: str):
        from tornado.httpclient import AsyncHTTPClient
        self.base = base_url.rstrip("/") + "/"
        self.name = name
        self.http = AsyncHTTPClient(force_instance=True, defaults={"request_timeout": 600})
        self.cookies: dict[str, str] = {}
        self.kernel_id = ""
        self.ws = None
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}         # comm id -> widget state
        self._waiters: list = []
        self._reader = None
        self.page_html = ""

    # -- HTTP, with cookies kept like a browser ---------------------------------------------------
    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def _keep(self, response) -> None:
        for raw in response.headers.get_list("Set-Cookie"):
            pair = raw.split(";", 1)[0]
            if "=" in pair:
                k, v = pair.split("=", 1)
                if v in ('""', ""):
                    self.cookies.pop(k.strip(), None)
                else:
                    self.cookies[k.strip()] = v.strip()

    async def request(self, path: str, method: str = "GET", form: dict | None = None,
                      headers: dict | None = None):
        from tornado.httpclient import HTTPClientError
        hdrs = {"Cookie": self.cookie_header(), **(headers or {})}
        body = None
        if form is not None:
            form = {"_xsrf": self.cookies.get("_xsrf", ""), **form}
            body = urllib.parse.urlencode(form)
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
            hdrs["X-XSRFToken"] = self.cookies.get("_xsrf", "")
        try:
            r = await self.http.fetch(self.base + path.lstrip("/"), method=method, body=body,
                                      headers=hdrs, follow_redirects=False, raise_error=False)
        except HTTPClientError as e:                  # pragma: no cover - raise_error=False
            r = e.response
        self._keep(r)
        return r

    async def join(self, code: str) -> int:
        await self.request("login")                   # the form sets the XSRF cookie
        r = await self.request("login", "POST", {"name": self.name, "code": code, "next": "/"})
        return r.code

    async def open(self, notebook: str) -> float:
        """Render a page (Voila runs its notebook in a new kernel); seconds taken."""
        t0 = time.monotonic()
        r = await self.request(f"voila/render/{notebook}")
        if r.code != 200:
            raise RuntimeError(f"{self.name}: {notebook} answered {r.code}")
        self.page_html = r.body.decode("utf-8", "replace")
        m = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', self.page_html)
        if not m:
            raise RuntimeError(f"{self.name}: no kernel id in the page")
        self.kernel_id = m.group(1)
        return time.monotonic() - t0

    # -- the kernel's websocket ---------------------------------------------------------------------
    async def connect(self, kernel_id: str | None = None) -> None:
        """Open the kernel's websocket as Voila's front end does (the v1 protocol)."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect
        kid = kernel_id or self.kernel_id
        url = self.base.replace("http", "ws", 1) + f"api/kernels/{kid}/channels?session_id={self.session}"
        req = HTTPRequest(url, headers={"Cookie": self.cookie_header(),
                                        "Origin": self.base.rstrip("/")})
        self.ws = await websocket_connect(req, max_message_size=64 * 1024 * 1024,
                                          subprotocols=[WS_PROTOCOL])
        self._reader = asyncio.ensure_future(self._read())

    def message(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": self.name,
                           "session": self.session, "msg_type": msg_type, "version": "5.3",
                           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
                "parent_header": {}, "metadata": {}, "content": content, "channel": channel}

    async def write(self, msg: dict) -> None:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
        await self.ws.write_message(serialize_msg_to_ws_v1(parts, msg["channel"]), binary=True)

    async def send(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        msg = self.message(msg_type, content, channel)
        await self.write(msg)
        return msg

    async def _read(self) -> None:
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                for fut, _ in self._waiters:
                    if not fut.done():
                        fut.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            channel, parts = deserialize_msg_from_ws_v1(raw)
            msg = {k: json.loads(v) for k, v in
                   zip(("header", "parent_header", "metadata", "content"), parts)}
            msg["channel"] = channel
            if msg["header"].get("msg_type") == "comm_msg":
                data = msg["content"].get("data", {})
                if data.get("method") == "update":
                    self.models.setdefault(msg["content"]["comm_id"], {}).update(data.get("state", {}))
            for fut, test in list(self._waiters):
                if not fut.done() and test(msg):
                    fut.set_result(msg)

    async def wait_for(self, test, timeout: float = 180.0) -> dict:
        fut = asyncio.get_running_loop().create_future()
        entry = (fut, test)
        self._waiters.append(entry)
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._waiters.remove(entry)

    async def ask(self, msg_type: str, content: dict, reply: str, timeout: float = 60.0) -> dict:
        """Send a request and wait for its reply (matched by parent msg id)."""
        msg = self.message(msg_type, content)
        test = (lambda m: m.get("parent_header", {}).get("msg_id") == msg["header"]["msg_id"]
                and m.get("header", {}).get("msg_type") == reply)
        waiting = asyncio.ensure_future(self.wait_for(test, timeout))
        await asyncio.sleep(0)
        await self.write(msg)
        return await waiting

    async def load_widgets(self) -> dict:
        """What Voila's widget manager (ipywidgets 8) does on connecting: open the widget
        control comm and ask for every widget's state in one message."""
        control = uuid.uuid4().hex
        test = (lambda m: m["header"].get("msg_type") == "comm_msg"
                and m["content"].get("comm_id") == control
                and m["content"].get("data", {}).get("method") == "update_states")
        waiting = asyncio.ensure_future(self.wait_for(test))
        await asyncio.sleep(0)
        open_msg = self.message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                              "data": {}})
        open_msg["metadata"] = {"version": "1.0.0"}
        await self.write(open_msg)
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        reply = await waiting
        for model_id, model in reply["content"]["data"]["states"].items():
            self.models.setdefault(model_id, {}).update(model["state"])
        await self.send("comm_close", {"comm_id": control, "data": {}})
        return self.models

    def widget(self, css_class: str, within: str | None = None) -> str | None:
        """The comm id of the first widget carrying a CSS class (``tutor-btn-draw``),
        among the widgets inside `within` (a comm id) if given."""
        for comm_id in (self.inside(within) if within else self.models):
            if css_class in (self.models.get(comm_id, {}).get("_dom_classes") or ()):
                return comm_id
        return None

    def inside(self, comm_id: str) -> list[str]:
        """A widget and every widget in it (through ``children``), in order."""
        out, todo = [], [comm_id]
        while todo:
            c = todo.pop(0)
            out.append(c)
            for child in self.models.get(c, {}).get("children") or ():
                todo.append(str(child).removeprefix("IPY_MODEL_"))
        return out

    def table(self) -> dict | None:
        """The first table with Draw and Undo: {"draw", "undo", "panel"} comm ids."""
        for comm_id, state in self.models.items():
            if "tutor-table" in (state.get("_dom_classes") or ()):
                parts = {"draw": self.widget("tutor-btn-draw", comm_id),
                         "undo": self.widget("tutor-btn-undo", comm_id),
                         "panel": self.widget("tutor-explanation", comm_id)}
                if all(parts.values()):
                    return parts
        return None

    async def click(self, button: str, watch: str, timeout: float = 60.0) -> float:
        """Press a button and wait until the widget `watch` changes; seconds taken."""
        test = (lambda m: m.get("header", {}).get("msg_type") == "comm_msg"
                and m["content"].get("comm_id") == watch
                and m["content"].get("data", {}).get("method") == "update")
        waiting = asyncio.ensure_future(self.wait_for(test, timeout))
        await asyncio.sleep(0)
        t0 = time.monotonic()
        await self.send("comm_msg", {"comm_id": button,
                                     "data": {"method": "custom", "content": {"event": "click"}}})
        await waiting
        return time.monotonic() - t0

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
        self.http.close()


# ---- the run ----------------------------------------------------------------------------------------

@dataclass
class Figures:
    learners: int
    server_start: float = 0.0
    arrive: float = 0.0                               # learners arrive spread over this many seconds
    opens: list = field(default_factory=list)         # seconds per learner page (with its kernel)
    ready: list = field(default_factory=list)         # seconds from opening to the table usable
    all_in: float = 0.0                               # first join to the last page usable
    clicks: list = field(default_factory=list)        # seconds, click to explanation
    failures: list = field(default_factory=list)
    server_errors: list = field(default_factory=list)   # the server log's tracebacks, on failure
    kernel_pss: list = field(default_factory=list)    # KiB per kernel
    server_pss_before: int = 0
    server_pss_after: int = 0
    teacher_view: list = field(default_factory=list)  # seconds per refresh of the teacher's view
    polls: list = field(default_factory=list)         # seconds per page poll for the question
    answers: int = 0                                  # learners who answered the pushed question
    pool: int = 0                                     # --expect: pages kept ready per first page
    pool_ready: float = 0.0                           # seconds until the pool was full
    lists: list = field(default_factory=list)         # seconds per lesson-list page
    start_cpu: list = field(default_factory=list)     # kernel core-seconds, start until usable
    pool_pss: list = field(default_factory=list)      # KiB per kernel waiting in the pool
    load: tuple = ()                                  # the machine's load average at the end
    until: float = 0.0                                # when the clicking stops (monotonic)

    def q(self, values, p):
        if not values:
            return float("nan")
        s = sorted(values)
        return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]

    def per_learner_mib(self) -> float:
        per_kernel = statistics.mean(self.kernel_pss) / 1024 if self.kernel_pss else float("nan")
        server_share = max(0, self.server_pss_after - self.server_pss_before) / 1024 / max(1, self.learners)
        return per_kernel + server_share

    def class_mib(self) -> float:
        return (sum(self.kernel_pss) + sum(self.pool_pss) + self.server_pss_after) / 1024

    def report(self) -> str:
        def q(values, p):
            if not values:
                return float("nan")
            s = sorted(values)
            return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]
        per_kernel = statistics.mean(self.kernel_pss) / 1024 if self.kernel_pss else float("nan")
        server_share = max(0, self.server_pss_after - self.server_pss_before) / 1024 / max(1, self.learners)
        per_learner = per_kernel + server_share
        p95 = q(self.clicks, 0.95)
        lines = [
            f"class under load: {self.learners} simulated learners (protocol level), "
            f"{len(self.clicks)} clicks, {len(self.failures)} failures",
            f"  server start until it answers      {self.server_start:7.2f} s",
            f"  pages kept ready (--expect)        {self.pool} per first page"
            + (f", the pool full {self.pool_ready:.0f} s after the start" if self.pool else ""),
            f"  the lesson list                    median {q(self.lists, .5):6.2f} s, "
            f"p95 {q(self.lists, .95):6.2f} s",
            f"  a learner's page with its kernel   median {q(self.opens, .5):6.2f} s, "
            f"p95 {q(self.opens, .95):6.2f} s, worst {max(self.opens, default=float('nan')):6.2f} s",
            f"  ... until its table is usable      median {q(self.ready, .5):6.2f} s, "
            f"p95 {q(self.ready, .95):6.2f} s, worst {max(self.ready, default=float('nan')):6.2f} s",
            f"  all {self.learners} arriving over {self.arrive:.0f} s, until the last table  {self.all_in:7.2f} s",
            f"  click to explanation               median {q(self.clicks, .5) * 1000:6.0f} ms, "
            f"p95 {p95 * 1000:6.0f} ms, worst {max(self.clicks, default=float('nan')) * 1000:6.0f} ms",
            f"  teacher's view refresh             median {q(self.teacher_view, .5) * 1000:6.0f} ms",
            f"  each page's question poll          median {q(self.polls, .5) * 1000:6.0f} ms, "
            f"p95 {q(self.polls, .95) * 1000:6.0f} ms ({len(self.polls)} polls; "
            f"{self.answers} of {self.learners} answered the teacher's question)",
            f"  memory per learner                 {per_learner:7.1f} MiB "
            f"(kernel PSS {per_kernel:.1f} MiB + server {server_share:.1f} MiB)",
            f"  memory, whole class now            {self.class_mib():7.0f} MiB "
            f"({len(self.kernel_pss)} learners' kernels, {len(self.pool_pss)} waiting in the pool)",
            f"  a page's kernel, start until usable {q(self.start_cpu, .5):6.2f} core-s (median)",
            f"  load average at the end            {' '.join(f'{x:.1f}' for x in self.load)}",
            f"  a 60-learner evening needs about   {60 * per_learner + self.server_pss_before / 1024:7.0f} MiB "
            f"of memory for the class",
        ]
        for f in self.failures[:5]:
            lines.append(f"  failure: {f}")
        for e in self.server_errors:
            lines.append(f"  the server's log: {e}")
        return "\n".join(lines)


async def _learner(server: ClassServer, i: int, notebook: str, until: float, fig: Figures,
                   every: tuple, rng: random.Random, kernel_ids: list) -> None:
    sim = SimLearner(server.url, f"Learner {i + 1:02d}")
    try:
        await asyncio.sleep(fig.arrive * i / fig.learners)
        t0 = time.monotonic()                       # the learner presses Join
        if await sim.join(server.code) != 302:
            raise RuntimeError("could not join")
        if notebook != LIST_NOTEBOOK:               # they land on the list, then open the lesson
            fig.lists.append(await sim.open(LIST_NOTEBOOK))
            await sim.request(f"voila/api/shutdown/{sim.kernel_id}", "POST", {})   # the page left
        fig.opens.append(await sim.open(notebook))
        await sim.connect()
        await sim.load_widgets()
        fig.ready.append(time.monotonic() - t0)
        kernel_ids.append(sim.kernel_id)
        pid = pid_of_kernel(server, sim.kernel_id)
        if pid:
            fig.start_cpu.append(cpu_seconds(pid))
        parts = sim.table()
        if parts is None:
            raise RuntimeError(f"{notebook} has no table with Draw, Undo and an explanation")
        draw, undo, panel = parts["draw"], parts["undo"], parts["panel"]
        polling = asyncio.ensure_future(_poll(sim, until, fig, rng))
        while time.monotonic() < fig.until:
            await asyncio.sleep(rng.uniform(*every))
            fig.clicks.append(await sim.click(draw, panel))
            await asyncio.sleep(rng.uniform(*every))
            await sim.click(undo, panel)
        await polling
    except Exception as e:                              # noqa: BLE001 - counted and reported
        fig.failures.append(f"{sim.name}: {type(e).__name__}: {e}")
    finally:
        await sim.close()


async def _poll(sim: SimLearner, until: float, fig: Figures, rng: random.Random) -> None:
    """What the room's script on the page does: ask for the teacher's question every
    2.5 s, and answer it once it is there."""
    answered = False
    while time.monotonic() < fig.until:
        t0 = time.monotonic()
        r = await sim.request(f"room/question?kernel={sim.kernel_id}")
        fig.polls.append(time.monotonic() - t0)
        state = json.loads(r.body)
        m = re.search(r"data-push='(\d+)'", state.get("html", ""))
        if m and not answered:
            r = await sim.request("room/answer", "POST",
                                  {"push": m.group(1), "answer": rng.choice(("legal", "illegal"))})
            if r.code == 200:
                answered = True
                fig.answers += 1
        await asyncio.sleep(2.5)


async def _teacher(server: ClassServer, until: float, fig: Figures) -> None:
    teacher = SimLearner(server.url, "teacher")
    await teacher.request("teacher/login")
    r = await teacher.request("teacher/login", "POST", {"password": server.password})
    if r.code != 302:
        fig.failures.append(f"teacher could not log in ({r.code})")
        return
    while len(fig.ready) + len(fig.failures) < fig.learners and time.monotonic() < fig.until:
        await asyncio.sleep(1)
    view = (await teacher.request("teacher")).body.decode()
    question = re.search(r"<option value='([^']+)'", view)
    if question:                     # everyone in: a question on every screen
        await teacher.request("teacher/push", "POST", {"question": html.unescape(question.group(1))})
    while time.monotonic() < fig.until:
        t0 = time.monotonic()
        await teacher.request("teacher/state")
        fig.teacher_view.append(time.monotonic() - t0)
        await asyncio.sleep(3)
    teacher.http.close()


async def run_load(server: ClassServer, learners: int, seconds: float,
                   notebook: str = BENCH_NOTEBOOK, every=(2.0, 4.0), seed: int = 1,
                   arrive: float = 0.0) -> Figures:
    """`learners` arrive over `arrive` seconds, then all click for `seconds`."""
    fig = Figures(learners, server_start=server.started_in, arrive=arrive)
    fig.pool, fig.pool_ready = getattr(server, "expect", 0), getattr(server, "pool_ready", 0.0)
    fig.server_pss_before = pss_kib(server.proc.pid)
    rng = random.Random(seed)
    t0 = time.monotonic()
    # the clicking (`seconds`) starts when the last learner is in: up to 10 minutes to arrive
    fig.until = t0 + arrive + 600 + seconds
    until = fig.until
    kernel_ids: list = []
    tasks = [asyncio.ensure_future(_learner(server, i, notebook, until, fig, every,
                                            random.Random(rng.random()), kernel_ids))
             for i in range(learners)]
    teacher = asyncio.ensure_future(_teacher(server, until, fig))
    while len(fig.ready) + len(fig.failures) < learners and time.monotonic() < fig.until:
        await asyncio.sleep(0.2)
    fig.all_in = time.monotonic() - t0
    fig.until = max(t0 + arrive, time.monotonic()) + seconds
    await asyncio.sleep(max(0.0, min(10.0, fig.until - time.monotonic() - 5)))
    mine = {pid_of_kernel(server, k) for k in kernel_ids}
    for pid in server.kernels():
        (fig.kernel_pss if pid in mine else fig.pool_pss).append(pss_kib(pid))
    fig.server_pss_after = pss_kib(server.proc.pid)
    fig.load = os.getloadavg()
    await asyncio.gather(*tasks, teacher)
    return fig


async def wait_for_pool(server: ClassServer, timeout: float = 300.0) -> float:
    """Seconds until the server's pool is full (the teacher's view: pages ready = total), or
    `timeout`: a pooled kernel that died at its start (a port taken meanwhile) never comes."""
    teacher = SimLearner(server.url, "teacher")
    t0 = time.monotonic()
    try:
        await teacher.request("teacher/login")
        await teacher.request("teacher/login", "POST", {"password": server.password})
        while time.monotonic() - t0 < timeout:
            m = re.search(r"data-ready='(\d+)' data-total='(\d+)'",
                          (await teacher.request("teacher/state")).body.decode())
            if m is None or m.group(1) == m.group(2):
                break
            await asyncio.sleep(1)
    finally:
        teacher.http.close()
    return time.monotonic() - t0


def one_run(learners: int, seconds: float, arrive: float, expect: int,
            notebook: str = BENCH_NOTEBOOK) -> Figures:
    """A class server with `expect` pages kept ready (0: none), `learners` arriving over
    `arrive` seconds, clicking for `seconds`; the server is stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="tutor-class-bench-") as tmp:
        server = start_class_server(Path(tmp), "--lessons", "5-8", "--cull-minutes", "30",
                                    expect=expect, timeout=300)
        try:
            server.expect = expect
            server.pool_ready = server.started_in + asyncio.run(wait_for_pool(server)) if expect else 0.0
            fig = asyncio.run(run_load(server, learners, seconds, notebook, arrive=arrive))
            if fig.failures:                  # what the server said, before its folder goes
                fig.server_errors = server_errors(server.log())
            return fig
        finally:
            server.stop()


def server_errors(log: str, most: int = 3) -> list:
    """The last line of each different traceback in a server's log (at most `most`), and the
    log line before it: what to read when a learner's request failed."""
    found = []
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith((" ", "\t"))),
                       len(lines) - 1)
            said = f"{lines[i - 1].strip() if i else ''} -> {lines[end].strip()}"
            if said not in found:
                found.append(said)
    return found[-most:]


#: The side-by-side run (--compare): (learners, seconds over which they arrive).
COMPARE = ((30, 0.0), (60, 60.0))


def compare_table(results: list) -> str:
    """The figures of the compare run, one column per (learners, arrival, pool)."""
    head = ["figure"] + [f"{f.learners} {'at once' if not f.arrive else f'over {f.arrive:.0f} s'}, "
                         f"pool {'on (' + str(f.pool) + ')' if f.pool else 'off'}" for f in results]
    rows = [
        ("pool full after the start (s)", lambda f: f"{f.pool_ready:.0f}" if f.pool else "—"),
        ("table usable, from Join: median / p95 (s)",
         lambda f: f"{f.q(f.ready, .5):.1f} / {f.q(f.ready, .95):.1f}"),
        ("the last table usable, from the first arrival (s)", lambda f: f"{f.all_in:.1f}"),
        ("lesson list / lesson page p95 (s)", lambda f: f"{f.q(f.lists, .95):.2f} / {f.q(f.opens, .95):.2f}"),
        ("click to explanation: median / p95 (ms)",
         lambda f: f"{f.q(f.clicks, .5) * 1000:.0f} / {f.q(f.clicks, .95) * 1000:.0f}"),
        ("a page's kernel, start until usable (core-s, median)", lambda f: f"{f.q(f.start_cpu, .5):.2f}"),
        ("memory per learner (MiB)", lambda f: f"{f.per_learner_mib():.1f}"),
        ("memory, the whole class with the pool (MiB)", lambda f: f"{f.class_mib():.0f}"),
        ("clicks / failures", lambda f: f"{len(f.clicks)} / {len(f.failures)}"),
        ("load average at the end (1 min)", lambda f: f"{f.load[0]:.1f}" if f.load else "?"),
    ]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join([name] + [fn(f) for f in results]) + " |" for name, fn in rows]
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tutor.classroom.bench", description=__doc__.splitlines()[0])
    p.add_argument("--learners", type=int, default=30)
    p.add_argument("--minutes", type=float, default=2.0, help="clicking time (at most 10)")
    p.add_argument("--arrive", type=float, default=None,
                   help="seconds over which the learners arrive (default: one a second)")
    p.add_argument("--expect", type=int, default=None,
                   help="pages kept ready per first page (default: as many as the learners; 0: no pool)")
    p.add_argument("--compare", action="store_true",
                   help="30 learners at once and 60 over a minute, each with the pool on and off, "
                        "in one run: a table of the figures side by side")
    p.add_argument("--notebook", default=BENCH_NOTEBOOK)
    args = p.parse_args(argv)
    seconds = max(20.0, min(args.minutes, 10.0) * 60)
    if args.compare:
        results = []
        for learners, arrive in COMPARE:
            for expect in (min(learners, 30), 0):
                fig = one_run(learners, seconds, arrive, expect, args.notebook)
                print(fig.report(), flush=True)
                results.append(fig)
        print()
        print(compare_table(results))
        return 1 if any(f.failures for f in results) else 0
    learners = max(1, min(args.learners, 80))           # bounded: this is a load test of ours
    arrive = float(learners) if args.arrive is None else max(0.0, min(args.arrive, 600.0))
    expect = learners if args.expect is None else max(0, args.expect)
    fig = one_run(learners, seconds, arrive, expect, args.notebook)
    print(fig.report())
    return 1 if fig.failures else 0


if __name__ == "__main__":
    sys.exit(main())
