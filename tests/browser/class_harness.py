"""Helpers for the class server's tests (tests/browser/test_class_*.py).

The class tests need several browsers with cookies of their own (three learners and a
teacher) and asyncio clients; the session's shared Chromium (conftest's
``browser_context``) runs Playwright's sync API, which keeps an event loop in the main
thread. So these tests run their async code, Playwright's async API included, in a thread
of its own (`run_async`), whatever else the session has started.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from browser_harness import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS  # noqa: F401 (re-exported)


def run_async(coro, timeout: float = 300):
    """Run a coroutine to its end in a fresh event loop on another thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, timeout)).result()


async def launch(pw):
    """Headless Debian Chromium, as the other browser tests start it."""
    return await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


async def shot(page, name: str):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    await page.screenshot(path=str(path))
    return path
