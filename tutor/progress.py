"""The progress store: what each learner has done, kept between sessions, in SQLite.

One SQLite file (the standard library's ``sqlite3``: nothing to install) in the user's
Jupyter data directory, ``<jupyter data dir>/canasta-tutor/progress.sqlite3``. On a
learner's own machine there is one learner, ``"me"``; the class server keeps every learner
of a room in the same kind of file on the teacher's machine, and its pushed positions and
answers too.

    store = ProgressStore()                    # the default file; ProgressStore(path) for another
    store.record("me", "06-frozen-pile", "quiz:frozen-natural-joker", "question", right=True)
    store.done("me", "06-frozen-pile")         # {"quiz:frozen-natural-joker"}
    store.last_place("me")                     # ("06-frozen-pile", "quiz:frozen-natural-joker")
    store.first_try_accuracy("me")             # share of questions right on the first try
    store.notice                               # why the store started afresh, or None

Every write is one transaction: a crash in the middle of one loses nothing that was saved
before it, and saves nothing half. A file that cannot be read (damaged, or not a database)
is set aside next to the new one (``progress.sqlite3.damaged-<time>``) and the store starts
afresh; ``notice`` then says so in words (a message id: translate it where it is shown).
"""
from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from .i18n import N_

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, room TEXT NOT NULL DEFAULT '',
    joined REAL NOT NULL, seen REAL NOT NULL);
CREATE TABLE IF NOT EXISTS done (
    learner TEXT NOT NULL, lesson TEXT NOT NULL, item TEXT NOT NULL, kind TEXT NOT NULL,
    tries INTEGER NOT NULL, first_try INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (learner, lesson, item));
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY, learner TEXT NOT NULL, lesson TEXT NOT NULL, item TEXT NOT NULL,
    kind TEXT NOT NULL, right INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS place (
    learner TEXT PRIMARY KEY, lesson TEXT NOT NULL, item TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS pushes (
    id INTEGER PRIMARY KEY, room TEXT NOT NULL, position TEXT NOT NULL, move TEXT NOT NULL,
    prompt TEXT NOT NULL, at REAL NOT NULL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS answers (
    push INTEGER NOT NULL, learner TEXT NOT NULL, answer TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (push, learner));
"""

LOCAL_LEARNER = "me"
DAMAGED = N_("Your saved progress could not be read (the file was damaged), so the lessons "
             "start afresh. The old file was kept as {name}.")
KINDS = ("task", "question")


def jupyter_data_dir() -> Path:
    """The user's Jupyter data directory (as jupyter_core computes it, without needing it)."""
    try:
        from jupyter_core.paths import jupyter_data_dir as _jdd
        return Path(_jdd())
    except ImportError:
        pass
    if os.environ.get("JUPYTER_DATA_DIR"):
        return Path(os.environ["JUPYTER_DATA_DIR"])
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Jupyter"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", home)) / "jupyter"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "jupyter"


def current_learner(environ=None) -> str:
    """Who is learning in this kernel: ``TUTOR_LEARNER`` (set by whoever starts the kernel,
    or told to a class's preheated kernel when a learner takes it), else the one learner of
    this machine, ``"me"`` — but in a class (``TUTOR_ROOM``) nobody, ``""``, until told:
    a page never keeps progress for anybody else."""
    env = os.environ if environ is None else environ
    if env.get("TUTOR_LEARNER"):
        return env["TUTOR_LEARNER"]
    return "" if env.get("TUTOR_ROOM") else LOCAL_LEARNER


def default_path() -> Path:
    """``TUTOR_PROGRESS`` if set (the class server, tests), else the Jupyter data dir's."""
    if os.environ.get("TUTOR_PROGRESS"):
        return Path(os.environ["TUTOR_PROGRESS"])
    return jupyter_data_dir() / "canasta-tutor" / "progress.sqlite3"


class ProgressStore:
    """Progress of learners, lesson by lesson; the class's pushed positions and answers."""

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else default_path()
        self.notice: str | None = None        # a message id (DAMAGED) when the file was set aside
        self.notice_fields: dict = {}
        self.db = self._open()                # the open sqlite3 connection (a test may stand in for it)

    # ---- opening, and starting afresh ---------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except sqlite3.DatabaseError:
            kept = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            os.replace(self.path, kept)
            for extra in ("-wal", "-shm", "-journal"):
                side = self.path.with_name(self.path.name + extra)
                if side.exists():
                    os.replace(side, kept.with_name(kept.name + extra))
            self.notice, self.notice_fields = DAMAGED, {"name": kept.name}
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                             check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            # one writer, many readers: the class server's kernels write side by side
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            with _transaction(db):
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def notice_text(self, translate=None) -> str | None:
        """The notice in words (`translate`: a gettext function of the learner's language)."""
        if self.notice is None:
            return None
        text = translate(self.notice) if translate else self.notice
        return text.format(**self.notice_fields)

    # ---- a learner's progress -------------------------------------------------------------------
    def record(self, learner: str, lesson: str, item: str, kind: str, right: bool,
               counts: bool = True) -> bool:
        """One try at a task or question. A right try marks the item done (with how many
        tries it took) and is where the learner continues next time — unless it does not
        count (``counts=False``: a question answered right only on a second try, or again
        right after its answer was shown; it is kept as a try, and the question comes back).
        Returns whether the item is done now."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        now = time.time()
        with _transaction(self.db) as db:
            db.execute("INSERT INTO attempts (learner, lesson, item, kind, right, at) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (learner, lesson, item, kind, int(right), now))
            if right and counts:
                tries = db.execute("SELECT COUNT(*) FROM attempts WHERE learner=? AND lesson=? "
                                   "AND item=?", (learner, lesson, item)).fetchone()[0]
                db.execute("INSERT OR IGNORE INTO done VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (learner, lesson, item, kind, tries, int(tries == 1), now))
                db.execute("INSERT OR REPLACE INTO place VALUES (?, ?, ?, ?)",
                           (learner, lesson, item, now))
            db.execute("UPDATE learners SET seen=? WHERE id=?", (now, learner))
        return (right and counts) or self.is_done(learner, lesson, item)

    def is_done(self, learner: str, lesson: str, item: str) -> bool:
        return self.db.execute("SELECT 1 FROM done WHERE learner=? AND lesson=? AND item=?",
                               (learner, lesson, item)).fetchone() is not None

    def done(self, learner: str, lesson: str | None = None) -> set:
        """The items done in a lesson ({item}); without a lesson, {(lesson, item)}."""
        if lesson is None:
            rows = self.db.execute("SELECT lesson, item FROM done WHERE learner=?", (learner,))
            return {(l, i) for l, i in rows}
        rows = self.db.execute("SELECT item FROM done WHERE learner=? AND lesson=?",
                               (learner, lesson))
        return {i for (i,) in rows}

    def first_tries(self, learner: str, lesson: str | None = None) -> dict:
        """How the learner's questions went on their first try: ``{lesson: (asked, right)}``
        — how many questions were answered at all, and how many of those were right on the
        very first answer (whatever came after). With `lesson`, that lesson only."""
        where, args = ("", (learner,)) if lesson is None else (" AND lesson=?", (learner, lesson))
        rows = self.db.execute(
            "SELECT a.lesson, COUNT(*), SUM(a.right) FROM attempts a JOIN (SELECT MIN(id) AS id "
            "FROM attempts WHERE learner=? AND kind='question'" + where + " GROUP BY lesson, item) "
            "f ON a.id = f.id GROUP BY a.lesson", args)
        return {l: (n, int(r or 0)) for l, n, r in rows}

    def first_try_accuracy(self, learner: str, lesson: str | None = None) -> float | None:
        """The share of the learner's questions (of a lesson, or all) answered right on the
        first try, 0.0–1.0; None before any question was answered (the teacher's view)."""
        tries = self.first_tries(learner, lesson).values()
        asked = sum(n for n, _ in tries)
        return sum(r for _, r in tries) / asked if asked else None

    def room_first_tries(self, room: str = "", lesson: str | None = None) -> dict:
        """``{learner id: (asked, right on the first try)}`` for every learner of a room (a
        learner who answered nothing yet: (0, 0)) — the teacher's first-try accuracy."""
        out = {}
        for learner in self.learners(room):
            tries = self.first_tries(learner["id"], lesson).values()
            out[learner["id"]] = (sum(n for n, _ in tries), sum(r for _, r in tries))
        return out

    def missed(self, learner: str, lesson: str) -> list:
        """The questions of a lesson tried and not done yet, in the order first tried: the
        ones to bring back (a question is done once answered right on its first try)."""
        rows = self.db.execute(
            "SELECT item FROM attempts WHERE learner=? AND lesson=? AND kind='question' AND item "
            "NOT IN (SELECT item FROM done WHERE learner=? AND lesson=?) GROUP BY item "
            "ORDER BY MIN(id)", (learner, lesson, learner, lesson))
        return [i for (i,) in rows]

    def last_place(self, learner: str):
        """(lesson, item) the learner last got right, or None: where to continue."""
        row = self.db.execute("SELECT lesson, item FROM place WHERE learner=?", (learner,)).fetchone()
        return tuple(row) if row else None

    def set_place(self, learner: str, lesson: str, item: str = "") -> None:
        """Remember where the learner is (opening a lesson counts as being there)."""
        with _transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO place VALUES (?, ?, ?, ?)",
                       (learner, lesson, item, time.time()))

    def forget(self, learner: str, lesson: str | None = None) -> None:
        """Start a lesson (or everything) afresh for a learner."""
        where, args = ("learner=?", (learner,)) if lesson is None else \
            ("learner=? AND lesson=?", (learner, lesson))
        with _transaction(self.db) as db:
            for table in ("done", "attempts", "place"):
                db.execute(f"DELETE FROM {table} WHERE {where}", args)

    # ---- a room of learners (the class server) -----------------------------------------------
    def join(self, learner: str, name: str, room: str = "") -> None:
        now = time.time()
        with _transaction(self.db) as db:
            db.execute("INSERT INTO learners VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
                       "SET name=excluded.name, room=excluded.room, seen=excluded.seen",
                       (learner, name, room, now, now))

    def learners(self, room: str = "") -> list[dict]:
        rows = self.db.execute("SELECT id, name, joined, seen FROM learners WHERE room=? "
                                "ORDER BY joined", (room,))
        return [{"id": i, "name": n, "joined": j, "seen": s} for i, n, j, s in rows]

    def learner_name(self, learner: str) -> str | None:
        row = self.db.execute("SELECT name FROM learners WHERE id=?", (learner,)).fetchone()
        return row[0] if row else None

    def learner_room(self, learner: str) -> str | None:
        """The room a learner joined, or None for nobody known."""
        row = self.db.execute("SELECT room FROM learners WHERE id=?", (learner,)).fetchone()
        return row[0] if row else None

    def seen(self, learner: str, at: float | None = None) -> None:
        """The learner is here now (their page asked the room something)."""
        with _transaction(self.db) as db:
            db.execute("UPDATE learners SET seen=? WHERE id=?", (time.time() if at is None else at, learner))

    def remove_learner(self, learner: str) -> None:
        """A learner taken out of their room: their row, progress and answers."""
        with _transaction(self.db) as db:
            for table, column in (("done", "learner"), ("attempts", "learner"), ("place", "learner"),
                                  ("answers", "learner"), ("learners", "id")):
                db.execute(f"DELETE FROM {table} WHERE {column}=?", (learner,))

    def secret(self, key: str, make) -> str:
        """A value kept in the file for good, made by ``make()`` the first time it is asked
        for (the class server's cookie key of a room: its learners stay logged in from one
        start of the room to the next)."""
        with _transaction(self.db) as db:
            row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("INSERT INTO meta VALUES (?, ?)", (key, value))
            return value

    def push(self, room: str, position: str, move: str = "", prompt: str = "") -> int:
        """Put a position on every screen of the room (closing the one before)."""
        with _transaction(self.db) as db:
            db.execute("UPDATE pushes SET closed=1 WHERE room=?", (room,))
            cur = db.execute("INSERT INTO pushes (room, position, move, prompt, at) "
                             "VALUES (?, ?, ?, ?, ?)", (room, position, move, prompt, time.time()))
            return cur.lastrowid

    def current_push(self, room: str = "") -> dict | None:
        row = self.db.execute("SELECT id, position, move, prompt, at FROM pushes WHERE room=? "
                               "AND closed=0 ORDER BY id DESC LIMIT 1", (room,)).fetchone()
        if row is None:
            return None
        return dict(zip(("id", "position", "move", "prompt", "at"), row))

    def close_push(self, room: str = "") -> None:
        with _transaction(self.db) as db:
            db.execute("UPDATE pushes SET closed=1 WHERE room=?", (room,))

    def answer(self, push: int, learner: str, answer: str) -> None:
        """A learner's answer to a pushed position (a later answer replaces an earlier one)."""
        with _transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)",
                       (push, learner, answer, time.time()))

    def answers(self, push: int) -> dict:
        """{learner: answer} for a pushed position (the class server shows each learner theirs)."""
        return dict(self.db.execute("SELECT learner, answer FROM answers WHERE push=?", (push,)))

    def tally(self, push: int) -> dict:
        """{answer: how many learners gave it} for a pushed position."""
        rows = self.db.execute("SELECT answer, COUNT(*) FROM answers WHERE push=? GROUP BY answer",
                               (push,))
        return dict(rows)


class _transaction:
    """``with _transaction(db):`` BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, value, tb) -> bool:
        self.db.execute("ROLLBACK" if kind else "COMMIT")
        return False
