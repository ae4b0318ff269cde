"""Fixtures for browser tests: JupyterLab, Voila and headless Debian Chromium.

Every test under tests/browser/ is marked ``browser`` automatically. Missing Chromium,
JupyterLab, Voila or Playwright makes these tests FAIL (not skip) with a message that says
what to install: in CI they must run.

Fixtures (see NOTES.md for the measured timings and pitfalls):

    lab_server        (session)  -> LabServer      JupyterLab on the repo root, token, fresh dirs
    voila_server      (session)  -> callable(notebook_path) -> VoilaServer  (one server per notebook)
    browser_context   (session)  -> playwright BrowserContext (persistent, fresh profile)
    touch_browser     (session)  -> playwright Browser for touch contexts (PHONE, TABLET)
    touch_page        (function) -> touch_page(PHONE): a page in a new touch context
    page              (function) -> playwright Page (closed afterwards; screenshot on failure)
    page_log          (function) -> list[str] of console errors / page errors seen by `page`
    work_dir          (function) -> Path, an empty dir under tests/browser/_work/ that the Lab
                                    server can reach (deleted afterwards)

Helpers (import from browser_harness): open_notebook_and_run_all, notebook_errors,
collect_output_errors, open_voila, canvas_pixel, canvas_painted_fraction, screenshot,
write_notebook.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMINGS,
    WORK_DIR,
    LabServer,
    VoilaServer,
    evaluate_within,
    screenshot,
    start_lab,
    start_voila,
)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.write_sep("-", "browser harness timings (s)")
        for k, v in TIMINGS.items():
            terminalreporter.write_line(f"{k:<40} {v:6.2f}")


def _require(what: str, ok: bool, how: str) -> None:
    if not ok:
        pytest.fail(f"browser tests need {what}: {how}", pytrace=False)


@pytest.fixture(scope="session")
def _prerequisites():
    _require("Debian chromium", os.access(CHROMIUM, os.X_OK),
             f"{CHROMIUM} not found; apt-get install -y chromium (or set TUTOR_CHROMIUM)")
    for mod, pkg in [("jupyterlab", "jupyterlab"), ("voila", "voila"),
                     ("playwright", "playwright"), ("ipycanvas", "ipycanvas"),
                     ("ipywidgets", "ipywidgets")]:
        _require(pkg, importlib.util.find_spec(mod) is not None,
                 f"python module {mod!r} missing; pip install -e '.[test]'")


@pytest.fixture(scope="session")
def _jupyter_base():
    base = Path(tempfile.mkdtemp(prefix="tutor-browser-"))
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def lab_server(_prerequisites, _jupyter_base) -> LabServer:
    """JupyterLab on 127.0.0.1:<free port>, root dir = repo root, token auth, app exposed
    as window.jupyterapp, fresh config/runtime/settings/workspace dirs, no news/updates."""
    base = _jupyter_base / "lab"
    base.mkdir()
    try:
        server = start_lab(base)
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)
    TIMINGS["jupyter lab: start until /api/status"] = server.started_in
    yield server
    t0 = time.monotonic()
    server.stop()
    TIMINGS["jupyter lab: stop"] = time.monotonic() - t0


@pytest.fixture(scope="session")
def voila_server(_prerequisites, _jupyter_base):
    """Factory: ``voila_server(notebook_path) -> VoilaServer`` (``.url`` is the page).
    One server per notebook path, reused within the session, all stopped at the end."""
    servers: dict[Path, VoilaServer] = {}

    def start(notebook) -> VoilaServer:
        nb = Path(notebook).resolve()
        if nb not in servers:
            base = _jupyter_base / f"voila-{len(servers)}"
            base.mkdir()
            try:
                servers[nb] = start_voila(nb, base)
            except RuntimeError as e:
                pytest.fail(str(e), pytrace=False)
            TIMINGS[f"voila {nb.name}: start until voila.js"] = servers[nb].started_in
        return servers[nb]

    yield start
    for s in servers.values():
        s.stop()


@pytest.fixture(scope="session")
def _playwright(_prerequisites):
    """One Playwright driver for the session (the sync API allows one per thread)."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    yield pw
    pw.stop()


@pytest.fixture(scope="session")
def browser_context(_playwright, _jupyter_base):
    """Headless Debian Chromium via Playwright, persistent context with a fresh profile."""
    pw = _playwright
    profile = _jupyter_base / "chromium-profile"
    t0 = time.monotonic()
    try:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
    except Exception as e:  # noqa: BLE001
        pytest.fail(f"could not launch {CHROMIUM} through Playwright: {e}", pytrace=False)
    context.set_default_timeout(60_000)
    TIMINGS["chromium: launch"] = time.monotonic() - t0
    yield context
    context.close()


@pytest.fixture(scope="session")
def touch_browser(_playwright):
    """A second headless Chromium (not persistent) for touch screens: a test makes its own
    context with ``touch_browser.new_context(**PHONE)`` (browser_harness.PHONE, TABLET) —
    touch is a property of the context, which the persistent one cannot change."""
    try:
        browser = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    except Exception as e:  # noqa: BLE001
        pytest.fail(f"could not launch {CHROMIUM} through Playwright: {e}", pytrace=False)
    yield browser
    browser.close()


@pytest.fixture
def touch_page(touch_browser, page_log, request):
    """A page in a new touch context: ``touch_page(PHONE)``; closed afterwards, with a
    screenshot when the test failed."""
    made = []

    def make(device):
        ctx = touch_browser.new_context(**device)
        ctx.set_default_timeout(60_000)
        p = ctx.new_page()
        p.on("console", lambda m: page_log.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        p.on("pageerror", lambda e: page_log.append(f"pageerror: {e}"))
        made.append((ctx, p))
        return p

    yield make
    rep = getattr(request.node, "rep_call", None)
    for ctx, p in made:
        if rep is not None and rep.failed:
            try:
                screenshot(p, f"FAILED-{request.node.name}")
            except Exception:  # noqa: BLE001
                pass
        ctx.close()


@pytest.fixture
def page_log():
    return []


@pytest.fixture
def page(request, browser_context, page_log):
    """A fresh page; console errors and page errors go to ``page_log``. On a failed test
    a screenshot is saved as screenshots/FAILED-<test name>.png."""
    p = browser_context.new_page()
    p.on("console", lambda m: page_log.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    p.on("pageerror", lambda e: page_log.append(f"pageerror: {e}"))
    yield p
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            screenshot(p, f"FAILED-{request.node.name}")
        except Exception:  # noqa: BLE001
            pass
    # A Lab page's kernels are shut down with it: the kernels of earlier tests would
    # otherwise keep running beside every later one on the machine's two cores.
    try:
        if not p.is_closed() and p.evaluate("() => window.jupyterapp !== undefined"):
            evaluate_within(p, "async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }",
                            timeout=30, what="the page's kernels to shut down")
    except Exception:  # noqa: BLE001 - the page may have gone with its server; nothing to free
        pass
    p.close()


@pytest.fixture
def work_dir(request):
    """An empty directory under tests/browser/_work/ (inside the Lab root, so notebooks
    written there can be opened in Lab by their path relative to the repo root)."""
    WORK_DIR.mkdir(exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", request.node.name)[:40]
    d = Path(tempfile.mkdtemp(prefix=f"{stem}-", dir=WORK_DIR))
    yield d
    shutil.rmtree(d, ignore_errors=True)
    try:
        WORK_DIR.rmdir()
    except OSError:
        pass
