"""A lesson's progress, told to the teacher's service on the hub (in the learner's kernel).

On a hub the lessons keep progress as everywhere, in the learner's own progress store
(their home folder); `mirrored(store)` wraps that store so that every try at a task or
question, and every lesson opened, is also sent to the teacher's service
(``$TUTOR_HUB_SERVICE``) with the hub token of the learner's server
(``$JUPYTERHUB_API_TOKEN``: the service asks the hub whose it is). Standard library
only; the sending happens in a thread of its own, in order, so a click never waits for
the network; what cannot be sent (the service restarting) is tried again, and nothing
of the learner's own store depends on it.

`tutor.lessons.tracker.open_store` calls `mirrored` only when ``$TUTOR_HUB_SERVICE`` is set.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
import urllib.error
import urllib.request

log = logging.getLogger("tutor.hub")
RETRIES = 5


class Reporter:
    """Sends JSON reports to the service, one after another, in a daemon thread."""

    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/") + "/"
        self.token = token
        self.queue: queue.Queue = queue.Queue()
        self.sent = 0
        self.failed = 0
        self._thread = threading.Thread(target=self._run, name="tutor-hub-report", daemon=True)
        self._thread.start()

    def send(self, path: str, payload: dict) -> None:
        self.queue.put((path, payload))

    def post(self, path: str, payload: dict, timeout: float = 10.0) -> int:
        req = urllib.request.Request(self.base + path, data=json.dumps(payload).encode(),
                                     method="POST",
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status

    def _run(self) -> None:
        while True:
            path, payload = self.queue.get()
            for attempt in range(RETRIES):
                try:
                    self.post(path, payload)
                    self.sent += 1
                    break
                except urllib.error.HTTPError as e:
                    if e.code < 500:           # refused: trying again will not help
                        log.warning("the teacher's service refused %s: %s", path, e.code)
                        self.failed += 1
                        break
                except (urllib.error.URLError, OSError) as e:
                    log.info("the teacher's service did not answer (%s); trying again", e)
                time.sleep(min(30, 2 ** attempt))
            else:
                self.failed += 1
            self.queue.task_done()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every report so far is sent (tests)."""
        deadline = time.monotonic() + timeout
        while self.queue.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.02)
        return not self.queue.unfinished_tasks


class MirroredStore:
    """A progress store whose writes are also reported to the teacher's service."""

    def __init__(self, store, reporter: Reporter):
        self._store = store
        self.reporter = reporter

    def __getattr__(self, name):
        return getattr(self._store, name)

    def record(self, learner, lesson, item, kind, right, counts=True):
        done = self._store.record(learner, lesson, item, kind, right, counts=counts)
        self.reporter.send("api/progress", {"lesson": lesson, "item": item, "kind": kind,
                                            "right": bool(right), "counts": bool(counts)})
        return done

    def set_place(self, learner, lesson, item=""):
        self._store.set_place(learner, lesson, item)
        self.reporter.send("api/place", {"lesson": lesson, "item": item})


_reporter: Reporter | None = None


def mirrored(store, environ=None):
    """`store`, reporting to the service when this kernel runs on a hub (else `store` itself)."""
    global _reporter
    env = os.environ if environ is None else environ
    base, token = env.get("TUTOR_HUB_SERVICE"), env.get("JUPYTERHUB_API_TOKEN")
    if store is None or not base or not token:
        return store
    if _reporter is None or _reporter.base != base.rstrip("/") + "/":
        _reporter = Reporter(base, token)
    return MirroredStore(store, _reporter)
