"""Browser test harness: JupyterLab / Voila servers under test and page helpers.

The fixtures live in ``conftest.py``; this module holds the plain classes and functions
so that tests can import them::

    from browser_harness import open_notebook_and_run_all, canvas_pixel, screenshot

See tests/browser/NOTES.md for what was measured and the pitfalls.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from tutor.classroom.bench import stop_group  # a server and every process below it

REPO_ROOT = Path(__file__).resolve().parents[2]
BROWSER_TESTS = Path(__file__).resolve().parent
SCREENSHOTS = BROWSER_TESTS / "screenshots"
WORK_DIR = BROWSER_TESTS / "_work"  # temp notebooks the Lab server can reach (gitignored)
TIMINGS: dict[str, float] = {}  # name -> seconds; printed in pytest's terminal summary
CHROMIUM = os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# --------------------------------------------------------------------------- bounded awaits


def evaluate_within(page, function: str, arg=None, timeout: float = 90.0, what: str = "the page"):
    """``page.evaluate(function, arg)`` for an async ``function`` that awaits the app's own
    promises (``jupyterapp.restored``, a session's ``ready``, a command's run), bounded:
    Playwright's evaluate has no timeout, and a promise that never settles (a kernel that
    died, a dialog in the way) would hold the whole test run. Past ``timeout`` seconds this
    raises with ``what`` it was waiting for.

    The page keeps the promise it hands back (in ``window.__tutorAwaited``) until it settles:
    V8's inspector holds an awaited promise only weakly, and one collected while pending
    fails the evaluate with "Resulting promise was garbage collected" (seen once in CI, in
    the kernel wait of `open_notebook_and_run_all`)."""
    ms = int(timeout * 1000)
    return page.evaluate(
        f"""([arg, ms, what]) => {{
            const kept = window.__tutorAwaited || (window.__tutorAwaited = new Set());
            let timer;
            const late = new Promise((_, reject) => {{
                timer = setTimeout(() => reject(new Error('still waiting for ' + what
                                                          + ' after ' + ms / 1000 + ' s')), ms);
            }});
            const work = Promise.resolve(arg).then({function});
            const done = Promise.race([work, late]).finally(() => {{
                clearTimeout(timer);
                kept.delete(done);
            }});
            kept.add(done);
            return done;
        }}""",
        [arg, ms, what],
    )


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    """A port that was free a moment ago (the server then binds it with retries off)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(base: Path) -> dict[str, str]:
    """Environment for a server with fresh Jupyter dirs under ``base``; news and update
    checks off (their toasts can cover click targets)."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTERLAB_SETTINGS_DIR": base / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "lab-workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    # Server-side: no news feed, never check for updates.
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "LabApp": {
                    "news_url": None,
                    "check_for_updates_class": "jupyterlab.handlers.announcements.NeverCheckForUpdate",
                },
                "ServerApp": {"open_browser": False},
            },
            indent=1,
        )
    )
    # Front end: notifications plugin set to "never fetch news / never check".
    notif = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True, exist_ok=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # quiet debugpy warning in kernels
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_TOKEN", None)
    return env


@dataclass
class ServerProcess:
    """A server started in its own process group, logging to ``log_path``."""

    name: str
    cmd: list[str]
    port: int
    log_path: Path
    proc: subprocess.Popen | None = None
    started_in: float = 0.0  # seconds from spawn to ready

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, env: dict[str, str], cwd: Path, ready_path: str, headers=None, timeout=90.0):
        t0 = time.monotonic()
        log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            self.cmd,
            env=env,
            cwd=str(cwd),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: stop() kills the whole group
        )
        log.close()
        url = self.base_url + ready_path
        deadline = t0 + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"{self.name} exited with code {self.proc.returncode} before it was ready.\n"
                    f"command: {' '.join(self.cmd)}\nlog ({self.log_path}):\n{self.log_tail()}"
                )
            try:
                req = urllib.request.Request(url, headers=headers or {})
                with urllib.request.urlopen(req, timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(
                    f"{self.name} not ready at {url} after {timeout:.0f} s.\n"
                    f"log ({self.log_path}):\n{self.log_tail()}"
                )
            time.sleep(0.1)
        self.started_in = time.monotonic() - t0
        return self

    def log_tail(self, n: int = 60) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "(no log)"
        return "\n".join(lines[-n:])

    def stop(self, grace: float = 10.0) -> None:
        if self.proc is not None:
            stop_group(self.proc, signal.SIGTERM, grace)  # servers shut their kernels down on SIGTERM


@dataclass
class LabServer(ServerProcess):
    """JupyterLab serving ``root_dir`` (the repo root) with a token."""

    token: str = field(default_factory=lambda: secrets.token_hex(16))
    root_dir: Path = REPO_ROOT

    def url(self, path: str = "/lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def lab_url(self, relpath: str | Path, workspace: str | None = None) -> str:
        """URL that opens ``relpath`` (relative to root_dir) in a fresh Lab workspace,
        so tabs of earlier tests are not restored."""
        rel = self.relpath(relpath)
        ws = workspace or f"t{uuid.uuid4().hex[:12]}"
        return self.url(f"/lab/workspaces/{ws}/tree/{quote(rel)}")

    def relpath(self, path: str | Path) -> str:
        p = Path(path)
        if p.is_absolute():
            p = p.resolve().relative_to(self.root_dir.resolve())
        return p.as_posix()

    def api(self, path: str):
        req = urllib.request.Request(
            self.base_url + path, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read() or b"null")


def start_lab(base: Path, port: int | None = None) -> LabServer:
    port = port or free_port()
    token = secrets.token_hex(16)
    cmd = [
        sys.executable, "-m", "jupyter", "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={REPO_ROOT}",
        "--ServerApp.terminals_enabled=False",
        "--allow-root",
    ]
    server = LabServer(
        name="jupyter lab", cmd=cmd, port=port, log_path=base / "jupyterlab.log", token=token
    )
    return server.start(
        jupyter_env(base), cwd=REPO_ROOT, ready_path="/api/status",
        headers={"Authorization": f"token {token}"},
    )


@dataclass
class VoilaServer(ServerProcess):
    notebook: Path = Path()

    @property
    def url(self) -> str:
        return self.base_url + "/"


def start_voila(notebook: Path, base: Path, port: int | None = None) -> VoilaServer:
    port = port or free_port()
    notebook = Path(notebook).resolve()
    cmd = [
        sys.executable, "-m", "voila", str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]
    server = VoilaServer(
        name="voila", cmd=cmd, port=port,
        log_path=base / f"voila-{notebook.stem}-{port}.log", notebook=notebook,
    )
    return server.start(jupyter_env(base), cwd=notebook.parent, ready_path="/voila/static/voila.js")


# --------------------------------------------------------------------------- notebooks


def write_notebook(path: str | Path, *cells: str) -> Path:
    """Write a minimal nbformat-4 notebook whose cells are the given code sources
    (a source starting with ``%%md\\n`` becomes a markdown cell)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    nb_cells = []
    for src in cells:
        if src.startswith("%%md\n"):
            nb_cells.append({"cell_type": "markdown", "metadata": {}, "source": src[5:]})
        else:
            nb_cells.append(
                {"cell_type": "code", "execution_count": None, "metadata": {},
                 "outputs": [], "source": src}
            )
    nb = {
        "cells": nb_cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for i, c in enumerate(nb_cells):
        c["id"] = f"cell-{i}"
    path.write_text(json.dumps(nb, indent=1))
    return path


# --------------------------------------------------------------------------- Lab page helpers

# JS: find the notebook panel whose document path is `path` among the main-area widgets.
_FIND_PANEL = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w;
  }
  return null;
}
"""


def open_notebook_and_run_all(
    page, server: LabServer, relpath: str | Path, timeout: float = 90.0, allow_errors: bool = False
) -> dict:
    """Open ``relpath`` (relative to the Lab root = repo root) in JupyterLab, wait until the
    app is restored, the notebook's context and session are ready and the kernel info has
    arrived, run ``notebook:run-all-cells`` through the command registry, and wait until
    every code cell has executed (execution count set, no ``[*]`` prompt) and the kernel
    is idle. Returns timings in seconds: ``{"load": ..., "run": ...}``.

    Raises AssertionError with the error outputs if any cell raised (unless allow_errors).
    """
    rel = server.relpath(relpath)
    ms = int(timeout * 1000)
    t0 = time.monotonic()
    page.goto(server.lab_url(rel), wait_until="domcontentloaded", timeout=ms)
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=ms)
    evaluate_within(page, "async () => { await window.jupyterapp.restored; }", timeout=timeout,
                    what="JupyterLab to restore its layout")
    page.wait_for_function(f"(path) => ({_FIND_PANEL})(path) !== null", arg=rel, timeout=ms, polling=100)
    evaluate_within(
        page,
        f"""async (path) => {{
            const panel = ({_FIND_PANEL})(path);
            await panel.context.ready;
            await panel.sessionContext.ready;
            const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
            if (!kernel) throw new Error('notebook ' + path + ' has no kernel');
            await kernel.info;
            await panel.revealed;
            window.jupyterapp.shell.activateById(panel.id);
        }}""",
        rel,
        timeout=timeout,
        what=f"{rel}'s kernel to start",
    )
    t1 = time.monotonic()
    try:
        evaluate_within(
            page,
            f"""async (path) => {{
                const app = window.jupyterapp;
                const panel = ({_FIND_PANEL})(path);
                app.shell.activateById(panel.id);
                if (app.shell.currentWidget !== panel) throw new Error('could not activate ' + path);
                await app.commands.execute('notebook:run-all-cells');
            }}""",
            rel,
            timeout=timeout,
            what=f"every cell of {rel} to run",
        )
    except Exception as exc:            # say where the run stopped: which cells ran, the kernel
        raise AssertionError(f"{exc}\n{run_state(page, server, rel)}") from None
    try:
        page.wait_for_function(
            f"""(path) => {{
                const panel = ({_FIND_PANEL})(path);
                if (!panel) return false;
                const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
                if (!kernel || kernel.status !== 'idle') return false;
                for (const cell of panel.content.widgets) {{
                    if (cell.model.type !== 'code') continue;
                    if (cell.model.executionCount === null) return false;
                    const prompt = cell.node.querySelector('.jp-InputPrompt');
                    if (prompt && prompt.textContent.includes('*')) return false;
                }}
                return true;
            }}""",
            arg=rel,
            timeout=ms,
            polling=100,
        )
    except Exception as exc:
        raise AssertionError(f"{exc}\n{run_state(page, server, rel)}") from None
    t2 = time.monotonic()
    errors = notebook_errors(page, server, rel)
    if errors and not allow_errors:
        raise AssertionError(f"cells of {rel} raised:\n" + "\n---\n".join(errors))
    return {"load": t1 - t0, "run": t2 - t1}


def run_state(page, server: LabServer, relpath: str | Path) -> str:
    """Where a run of the notebook's cells stands, in words: the kernel's status and
    connection, and each code cell's prompt (``[3]``, ``[*]`` running, ``[ ]`` not run)."""
    rel = server.relpath(relpath)
    try:
        return page.evaluate(
            f"""(path) => {{
                const panel = ({_FIND_PANEL})(path);
                if (!panel) return 'notebook ' + path + ' is not open';
                const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
                const prompts = panel.content.widgets.filter(c => c.model.type === 'code').map(c => {{
                    const p = c.node.querySelector('.jp-InputPrompt');
                    return p ? p.textContent.trim() : '?';
                }});
                return 'kernel ' + (kernel ? kernel.status + ', ' + kernel.connectionStatus : 'none')
                    + '; code cells ' + prompts.join(' ');
            }}""",
            rel,
        )
    except Exception as exc:            # the page itself is gone
        return f"(the page could not be read: {exc})"


def notebook_errors(page, server: LabServer, relpath: str | Path) -> list[str]:
    """Error outputs (``output_type == 'error'``) in the notebook model, as text."""
    rel = server.relpath(relpath)
    return page.evaluate(
        f"""(path) => {{
            const panel = ({_FIND_PANEL})(path);
            if (!panel) return ['notebook ' + path + ' is not open'];
            const out = [];
            for (const cell of panel.content.widgets) {{
                if (cell.model.type !== 'code') continue;
                const outputs = cell.model.outputs;
                for (let i = 0; i < outputs.length; i++) {{
                    const o = outputs.get(i).toJSON();
                    if (o.output_type === 'error')
                        out.push(o.ename + ': ' + o.evalue + '\\n' + (o.traceback || []).join('\\n')
                                 .replace(/\\u001b\\[[0-9;]*m/g, ''));
                }}
            }}
            return out;
        }}""",
        rel,
    )


def collect_output_errors(page) -> list[str]:
    """Text of every stderr/error output rendered on the page (Lab or Voila):
    ``.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]`` (tracebacks
    render with that mime type too) plus any ``.jp-RenderedText`` error nodes."""
    return page.evaluate(
        """() => {
            const sel = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
                      + ' .jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]';
            return Array.from(document.querySelectorAll(sel)).map(e => e.innerText.trim()).filter(t => t);
        }"""
    )


# --------------------------------------------------------------------------- Voila page helpers


def open_voila(page, server: VoilaServer, selector: str | None = None, timeout: float = 90.0) -> float:
    """Load the Voila page and wait until it finished rendering (and, if given, until
    ``selector`` is visible). Returns seconds taken."""
    ms = int(timeout * 1000)
    t0 = time.monotonic()
    page.goto(server.url, wait_until="load", timeout=ms)
    # Voila 0.5 streams the cells; the spinner/"Executing" text goes away when done.
    page.wait_for_function(
        """() => !document.querySelector('#loading') ||
                 getComputedStyle(document.querySelector('#loading')).display === 'none'""",
        timeout=ms,
    )
    if selector:
        page.wait_for_selector(selector, state="visible", timeout=ms)
    return time.monotonic() - t0


# --------------------------------------------------------------------------- canvas & screenshots


def canvas_pixel(page, selector: str, x: int, y: int) -> list[int]:
    """RGBA of backing-store pixel (x, y) of the first ``<canvas>`` matching ``selector``
    (or the canvas inside the element matching it). Coordinates are canvas pixels
    (the canvas ``width``/``height``), not CSS pixels."""
    return page.evaluate(
        """([sel, x, y]) => {
            let c = document.querySelector(sel);
            if (c && c.tagName !== 'CANVAS') c = c.querySelector('canvas');
            if (!c) throw new Error('no canvas for ' + sel);
            return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
        }""",
        [selector, x, y],
    )


def card_white_pixels(page, selector: str, region) -> int:
    """How many card-white pixels (a card's face) the canvas `selector` has inside `region`
    (a scene region, in table pixels; the backing store is twice the table's size)."""
    return page.evaluate("""([sel, x, y, w, h]) => { const c = document.querySelector(sel);
        const d = c.getContext('2d').getImageData(Math.floor(2 * x), Math.floor(2 * y),
                                                   Math.ceil(2 * w), Math.ceil(2 * h)).data;
        let n = 0; for (let i = 0; i < d.length; i += 4)
            if (d[i] >= 252 && d[i + 1] >= 252 && d[i + 2] >= 252 && d[i + 3] > 250) n++;
        return n; }""", [selector, region.x, region.y, region.w, region.h])


def canvas_painted_fraction(page, selector: str) -> float:
    """Fraction of the canvas's pixels that are not fully transparent (0.0 = blank)."""
    return page.evaluate(
        """(sel) => {
            let c = document.querySelector(sel);
            if (c && c.tagName !== 'CANVAS') c = c.querySelector('canvas');
            if (!c) throw new Error('no canvas for ' + sel);
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) n++;
            return n / (c.width * c.height);
        }""",
        selector,
    )


def screenshot(page, name: str, scroll_to: str | None = None, **kwargs) -> Path:
    """Save a PNG of the viewport to tests/browser/screenshots/<name>.png and return its
    path. ``scroll_to``: a selector to scroll into view first (JupyterLab scrolls inside
    the notebook panel, so ``full_page=True`` does not show what is below the fold).
    Other keyword arguments go to ``page.screenshot``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if scroll_to:
        page.locator(scroll_to).first.scroll_into_view_if_needed()
    page.screenshot(path=str(path), **kwargs)
    return path


def clipped(box) -> list[str]:
    """What inside the element `box` (a Playwright locator) is cut off: buttons, inputs,
    menus, the canvas and the side panel's parts lying outside the screen's width (or, inside
    the side panel, which clips, outside it), and buttons whose label is wider than they are.
    An empty list when nothing is."""
    return box.evaluate(_CLIPPED)


_CLIPPED = """(box) => {
    const vw = window.innerWidth, out = [];
    for (const e of box.querySelectorAll('button, input, .tutor-task-panel, .tutor-explanation, .tutor-side, canvas, select')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0) continue;
        const side = e.parentElement.closest('.tutor-side');
        const sr = side && side.getBoundingClientRect();
        // a narrow table's side is no box (display: contents, one column): it clips nothing
        const right = sr && sr.width > 0 ? Math.min(vw, sr.right) : vw;
        if (r.left < -1 || r.right > right + 1) out.push(`${e.className || e.tagName}: ${r.left}..${r.right} of ${right}`);
        if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1)
            out.push(`button '${e.innerText}' cut: ${e.scrollWidth} > ${e.clientWidth}`);
    }
    return out;
}"""


def wait_table_settled(page, canvas, timeout=30_000) -> float:
    """Wait until a table (`canvas`: its canvas, a selector or an element handle) is drawn at
    the size the page reported and stays so. After load the kernel draws the table again at
    the page's width and at the height that fits the page; resizing a canvas clears it until
    that drawing lands, and moves the buttons and cards. Settled: drawn at the width it is
    shown, painted, its size and the side panel's place unchanged for 400 ms. Read a canvas
    or click on a table only then. Returns the seconds it has been settled (a timing of when
    the table became usable subtracts them)."""
    handle = page.query_selector(canvas) if isinstance(canvas, str) else canvas
    handle.evaluate("(c) => { c.__tutorSettle = null; }")
    return page.wait_for_function(_SETTLED, arg=handle, timeout=timeout, polling=100).json_value()


_SETTLED = """(c) => {
    const w = c.getBoundingClientRect().width;
    if (!(Math.abs(Math.min(960, Math.max(560, Math.floor(w))) - c.width / 2) <= 3
          || (w > 960 && c.width / 2 >= 560))) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0; for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) n++;
    const table = c.closest('.tutor-table'), side = table && table.querySelector('.tutor-side');
    const key = [c.width, c.height, n > (d.length / (4 * 97)) * 0.5,
                 side ? Math.round(side.getBoundingClientRect().top) : 0,
                 Math.round(c.getBoundingClientRect().top)].join();
    const now = performance.now(), s = c.__tutorSettle;
    if (!s || s.key !== key) { c.__tutorSettle = {key, since: now}; return false; }
    return key.includes('true') && now - s.since >= 400 && (now - s.since) / 1000;
}"""


# --------------------------------------------------------------------------- touch screens

#: Playwright context options of the touch screens the tutor is tried on: a phone and a
#: tablet, both with real touch (a tap is touchstart/touchend, no mouse) and the mobile
#: viewport meta honoured
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}


def swipe(page, x: float, y: float, dy: float, steps: int = 10) -> None:
    """A one-finger swipe from (x, y) by `dy` CSS px (negative: the finger moves up, the page
    scrolls down), as a touch screen sends it: touchStart, `steps` touchMoves 16 ms apart,
    touchEnd (Chrome DevTools Protocol ``Input.dispatchTouchEvent``)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for k in range(1, steps + 1):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * k / steps}]})
            page.wait_for_timeout(16)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def scroll_offset(page, element) -> float:
    """How far the page is scrolled at `element` (a locator or handle): the scrollTop of the
    nearest box that scrolls it vertically (Voila's lab template scrolls ``#rendered_cells``,
    not the window), or ``window.scrollY`` when the window does."""
    return element.evaluate("""(el) => {
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
            const oy = getComputedStyle(e).overflowY;
            if ((oy === 'auto' || oy === 'scroll') && e.scrollHeight > e.clientHeight) return e.scrollTop;
        }
        return window.scrollY;
    }""")


def sideways_overflow(page) -> list[str]:
    """What makes the page scroll sideways: the document, or a box that scrolls, wider than
    it shows. An empty list when nothing does."""
    return page.evaluate("""() => {
        const out = [], d = document.documentElement;
        if (d.scrollWidth > window.innerWidth + 1) out.push(`document: ${d.scrollWidth} > ${window.innerWidth}`);
        for (const e of document.querySelectorAll('*')) {
            const ox = getComputedStyle(e).overflowX;
            if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth + 1)
                out.push(`${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
        }
        return out;
    }""")
