"""The progress store: kept between sessions, whole after a crash, afresh after damage."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from tutor.i18n import LANGUAGES, translator
from tutor.progress import DAMAGED, ProgressStore, default_path, jupyter_data_dir

LESSON = "06-frozen-pile"


def test_progress_is_kept_between_sessions(tmp_path):
    path = tmp_path / "p.sqlite3"
    store = ProgressStore(path)
    assert store.record("me", LESSON, "quiz:a", "question", right=False) is False
    assert store.record("me", LESSON, "quiz:a", "question", right=True) is True
    store.record("me", LESSON, "task:frozen-wild:1", "task", right=True)
    store.close()
    again = ProgressStore(path)
    assert again.notice is None
    assert again.done("me", LESSON) == {"quiz:a", "task:frozen-wild:1"}
    assert again.done("me") == {(LESSON, "quiz:a"), (LESSON, "task:frozen-wild:1")}
    assert again.last_place("me") == (LESSON, "task:frozen-wild:1")
    assert again.done("someone else", LESSON) == set()


def test_a_wrong_try_after_a_right_one_keeps_the_item_done(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    store.record("me", LESSON, "quiz:a", "question", right=True)
    assert store.record("me", LESSON, "quiz:a", "question", right=False) is True
    assert store.is_done("me", LESSON, "quiz:a")


def test_tries_are_counted_until_the_first_right_one(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    store.record("me", LESSON, "quiz:a", "question", right=False)
    store.record("me", LESSON, "quiz:a", "question", right=True)
    store.record("me", LESSON, "quiz:b", "question", right=True)
    with closing(sqlite3.connect(tmp_path / "p.sqlite3")) as db:     # the file, as any tool reads it
        rows = dict(db.execute("SELECT item, tries FROM done").fetchall())
    assert rows == {"quiz:a": 2, "quiz:b": 1}


def test_an_unknown_kind_is_refused_and_nothing_is_written(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    with pytest.raises(ValueError):
        store.record("me", LESSON, "quiz:a", "homework", right=True)
    assert store.done("me") == set()


def test_an_error_inside_a_write_saves_nothing_half(tmp_path, monkeypatch):
    store = ProgressStore(tmp_path / "p.sqlite3")
    store.record("me", LESSON, "quiz:a", "question", right=True)
    real = store.db

    class Failing:
        """Lets the attempt be written, then fails before the item is marked done."""
        def execute(self, sql, *args):
            if sql.startswith("INSERT OR IGNORE INTO done"):
                raise sqlite3.OperationalError("disk I/O error (simulated)")
            return real.execute(sql, *args)

    monkeypatch.setattr(store, "db", Failing())
    with pytest.raises(sqlite3.OperationalError):
        store.record("me", LESSON, "quiz:b", "question", right=True)
    monkeypatch.setattr(store, "db", real)
    attempts = real.execute("SELECT item FROM attempts").fetchall()
    assert attempts == [("quiz:a",)]               # the failed write's attempt was rolled back
    assert store.done("me", LESSON) == {"quiz:a"}


WRITER = """
import sys
from tutor.progress import ProgressStore
store = ProgressStore(sys.argv[1])
i = 0
while True:
    store.record("me", "01-cards", f"quiz:{i}", "question", right=True)
    i += 1
    if i == 50:
        print("ready", flush=True)
"""


def test_a_process_killed_while_writing_loses_nothing_it_saved(tmp_path):
    """SIGKILL in the middle of a stream of writes: the file opens, is whole, and every item
    marked done has its attempt (no half write)."""
    path = tmp_path / "p.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(0.3)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    store = ProgressStore(path)
    assert store.notice is None
    done = store.done("me", "01-cards")
    assert len(done) >= 50
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        attempts = {i for (i,) in db.execute("SELECT item FROM attempts")}
    assert done == attempts


def test_a_damaged_file_starts_afresh_with_a_message_in_words(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    store = ProgressStore(path)
    assert store.notice == DAMAGED
    text = store.notice_text()
    assert "could not be read" in text and "damaged" in text
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].name in text
    assert kept[0].read_bytes().startswith(b"this is not a database")
    store.record("me", LESSON, "quiz:a", "question", right=True)
    assert ProgressStore(path).done("me", LESSON) == {"quiz:a"}


def test_a_truncated_database_starts_afresh(tmp_path):
    path = tmp_path / "p.sqlite3"
    store = ProgressStore(path)
    for i in range(200):
        store.record("me", LESSON, f"quiz:{i}", "question", right=True)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0     # not busy: done
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\0" * 50 + data[150:len(data) // 2])
    again = ProgressStore(path)
    assert again.notice == DAMAGED
    assert again.done("me", LESSON) == set()


def test_the_notice_is_translated_where_it_is_shown(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"garbage" * 100)
    store = ProgressStore(path)
    for lang in [lang for lang in LANGUAGES if lang != "en"]:
        t = translator(lang)
        assert store.notice_text(t.gettext)        # never empty, never a traceback


def test_a_missing_folder_is_made(tmp_path):
    store = ProgressStore(tmp_path / "a" / "b" / "p.sqlite3")
    assert store.notice is None and store.done("me") == set()


def test_the_default_file_is_in_the_jupyter_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("TUTOR_PROGRESS", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jd"))
    assert jupyter_data_dir() == tmp_path / "jd"
    assert default_path() == tmp_path / "jd" / "canasta-tutor" / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_PROGRESS", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"


def test_a_room_pushes_a_position_and_tallies_the_answers(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    for i, name in enumerate(("Ann", "Bo", "Cai")):
        store.join(f"l{i}", name, room="R1")
    store.join("x", "Other room", room="R2")
    assert [l["name"] for l in store.learners("R1")] == ["Ann", "Bo", "Cai"]
    first = store.push("R1", "turn: S draw\nS: 9H 9S 4C\npile: 5C 9D", "take 9H 9S", "Legal?")
    second = store.push("R1", "turn: S draw\nS: 9H JK 4C\npile: 5C 2C 9D", "take 9H JK", "Legal?")
    assert store.current_push("R1")["id"] == second != first
    assert store.current_push("R2") is None
    store.answer(second, "l0", "illegal")
    store.answer(second, "l1", "legal")
    store.answer(second, "l1", "illegal")            # changed their mind
    store.answer(second, "l2", "illegal")
    assert store.tally(second) == {"illegal": 3}
    store.close_push("R1")
    assert store.current_push("R1") is None


def test_a_right_try_that_does_not_count_marks_nothing_done_and_first_tries_are_kept(tmp_path):
    """Issue 22: a question right only on its second try is kept as a try, not done, and is
    listed as missed; the teacher's view reads first-try accuracy per lesson and in all."""
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.first_try_accuracy("me") is None and store.first_tries("me") == {}
    store.record("me", LESSON, "quiz:a", "question", right=False)
    assert store.record("me", LESSON, "quiz:a", "question", right=True, counts=False) is False
    assert store.done("me", LESSON) == set() and store.missed("me", LESSON) == ["quiz:a"]
    store.record("me", LESSON, "quiz:b", "question", right=True)
    store.record("me", LESSON, "task:frozen-wild:1", "task", right=False)   # tasks are not questions
    store.record("me", "01-cards", "quiz:c", "question", right=True)
    assert store.first_tries("me") == {LESSON: (2, 1), "01-cards": (1, 1)}
    assert store.first_tries("me", LESSON) == {LESSON: (2, 1)}
    assert store.first_try_accuracy("me", LESSON) == 0.5
    assert store.first_try_accuracy("me") == pytest.approx(2 / 3)
    store.record("me", LESSON, "quiz:a", "question", right=True)          # back later, right at once
    assert store.done("me", LESSON) == {"quiz:a", "quiz:b"} and store.missed("me", LESSON) == []
    assert store.first_tries("me", LESSON) == {LESSON: (2, 1)}            # the first try stays a miss
    assert store.first_try_accuracy("anna") is None


def test_room_first_tries_for_the_teacher(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    store.join("a1", "Anna", "room")
    store.join("b1", "Bo", "room")
    store.join("c1", "Cai", "other")
    store.record("a1", LESSON, "quiz:a", "question", right=True)
    store.record("a1", LESSON, "quiz:b", "question", right=False)
    store.record("a1", LESSON, "quiz:b", "question", right=True, counts=False)
    store.record("c1", LESSON, "quiz:a", "question", right=True)
    assert store.room_first_tries("room") == {"a1": (2, 1), "b1": (0, 0)}
    assert store.room_first_tries("room", "01-cards") == {"a1": (0, 0), "b1": (0, 0)}
