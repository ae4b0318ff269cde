"""The teacher's service keeps its class in one database, named by one URL.

    open_store("sqlite:////srv/canasta/class.sqlite3")     # the default: a SQLite file
    open_store("postgresql://canasta@db/canasta")           # where the hub has PostgreSQL

A ``sqlite:`` URL opens `tutor.progress.ProgressStore` on that file: the one-laptop class's
own store (WAL, one transaction per write, a damaged file set aside), unchanged. Any other
URL opens `SqlStore`, the same methods over SQLAlchemy Core (which JupyterHub already
installs): the same tables, so the room (`tutor.classroom.room.Room`) works on either.
The tests run `SqlStore` on SQLite too; PostgreSQL itself was not tried on these machines
(docs/HUB.md).
"""
from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ...progress import KINDS, ProgressStore


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///relative`` or ``sqlite:////absolute`` URL (None: not SQLite)."""
    parts = urlsplit(url)
    if parts.scheme != "sqlite":
        return None
    path = unquote(parts.path)
    if not path or path == "/":
        raise ValueError("a sqlite URL needs a file: sqlite:////path/to/class.sqlite3")
    return Path(path[1:])       # "/relative" -> relative, "//absolute" -> /absolute


def open_store(url: str):
    """The class's store for a database URL (see the module doc)."""
    path = sqlite_path(url)
    if path is not None:
        return ProgressStore(path)
    return SqlStore(url)


class SqlStore:
    """`ProgressStore`'s methods that the room and the service use, over SQLAlchemy Core."""

    def __init__(self, url: str):
        import sqlalchemy as sa
        self.url = url
        self.path = url                      # what the room shows as "where"
        self.notice, self.notice_fields = None, {}
        self.engine = sa.create_engine(url, future=True, pool_pre_ping=True)
        m = self.meta = sa.MetaData()
        C, T, R, I = sa.Column, sa.Text, sa.Float, sa.Integer
        self.t_learners = sa.Table("learners", m, C("id", T, primary_key=True), C("name", T, nullable=False),
                                   C("room", T, nullable=False, server_default=""),
                                   C("joined", R, nullable=False), C("seen", R, nullable=False))
        self.t_done = sa.Table("done", m, C("learner", T, primary_key=True), C("lesson", T, primary_key=True),
                               C("item", T, primary_key=True), C("kind", T, nullable=False),
                               C("tries", I, nullable=False), C("first_try", I, nullable=False),
                               C("at", R, nullable=False))
        self.t_attempts = sa.Table("attempts", m, C("id", I, primary_key=True, autoincrement=True),
                                   C("learner", T, nullable=False), C("lesson", T, nullable=False),
                                   C("item", T, nullable=False), C("kind", T, nullable=False),
                                   C("right", I, nullable=False), C("at", R, nullable=False))
        self.t_place = sa.Table("place", m, C("learner", T, primary_key=True), C("lesson", T, nullable=False),
                                C("item", T, nullable=False), C("at", R, nullable=False))
        self.t_pushes = sa.Table("pushes", m, C("id", I, primary_key=True, autoincrement=True),
                                 C("room", T, nullable=False), C("position", T, nullable=False),
                                 C("move", T, nullable=False), C("prompt", T, nullable=False),
                                 C("at", R, nullable=False), C("closed", I, nullable=False, server_default="0"))
        self.t_answers = sa.Table("answers", m, C("push", I, primary_key=True), C("learner", T, primary_key=True),
                                  C("answer", T, nullable=False), C("at", R, nullable=False))
        m.create_all(self.engine)
        self.sa = sa

    def close(self) -> None:
        self.engine.dispose()

    def notice_text(self, translate=None):
        return None

    def _upsert(self, conn, table, keys: dict, values: dict, replace: bool = True) -> None:
        """INSERT, or UPDATE the row with these keys (portable: no dialect's ON CONFLICT)."""
        sa = self.sa
        where = sa.and_(*[table.c[k] == v for k, v in keys.items()])
        if conn.execute(sa.select(sa.literal(1)).select_from(table).where(where)).first():
            if replace:
                conn.execute(table.update().where(where).values(**values))
        else:
            conn.execute(table.insert().values(**keys, **values))

    # ---- progress ----------------------------------------------------------------------------
    def record(self, learner: str, lesson: str, item: str, kind: str, right: bool,
               counts: bool = True) -> bool:
        """As `tutor.progress.ProgressStore.record`: an attempt kept; a right one that counts
        (not a question's second try) marks the item done."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        sa, now = self.sa, time.time()
        with self.engine.begin() as conn:
            conn.execute(self.t_attempts.insert().values(learner=learner, lesson=lesson, item=item,
                                                         kind=kind, right=int(right), at=now))
            if right and counts:
                a = self.t_attempts.c
                tries = conn.execute(sa.select(sa.func.count()).select_from(self.t_attempts).where(
                    a.learner == learner, a.lesson == lesson, a.item == item)).scalar_one()
                self._upsert(conn, self.t_done, {"learner": learner, "lesson": lesson, "item": item},
                             {"kind": kind, "tries": tries, "first_try": int(tries == 1), "at": now},
                             replace=False)
                self._upsert(conn, self.t_place, {"learner": learner},
                             {"lesson": lesson, "item": item, "at": now})
            conn.execute(self.t_learners.update().where(self.t_learners.c.id == learner).values(seen=now))
        return (right and counts) or self.is_done(learner, lesson, item)

    def is_done(self, learner, lesson, item) -> bool:
        d = self.t_done.c
        with self.engine.connect() as conn:
            return conn.execute(self.sa.select(d.item).where(
                d.learner == learner, d.lesson == lesson, d.item == item)).first() is not None

    def done(self, learner: str, lesson: str | None = None) -> set:
        d = self.t_done.c
        with self.engine.connect() as conn:
            if lesson is None:
                return {(r[0], r[1]) for r in conn.execute(
                    self.sa.select(d.lesson, d.item).where(d.learner == learner))}
            return {r[0] for r in conn.execute(
                self.sa.select(d.item).where(d.learner == learner, d.lesson == lesson))}

    def first_tries(self, learner: str, lesson: str | None = None) -> dict:
        """As `tutor.progress.ProgressStore.first_tries`: ``{lesson: (asked, right on the
        first try)}``, from each question's first attempt."""
        sa, a = self.sa, self.t_attempts.c
        cond = [a.learner == learner, a.kind == "question"] + ([a.lesson == lesson] if lesson else [])
        first = sa.select(sa.func.min(a.id).label("id")).where(*cond).group_by(a.lesson, a.item).subquery()
        query = (sa.select(a.lesson, sa.func.count(), sa.func.sum(a.right))
                 .join(first, a.id == first.c.id).group_by(a.lesson))
        with self.engine.connect() as conn:
            return {l: (n, int(r or 0)) for l, n, r in conn.execute(query)}

    def last_place(self, learner: str):
        p = self.t_place.c
        with self.engine.connect() as conn:
            row = conn.execute(self.sa.select(p.lesson, p.item).where(p.learner == learner)).first()
        return (row[0], row[1]) if row else None

    def set_place(self, learner: str, lesson: str, item: str = "") -> None:
        with self.engine.begin() as conn:
            self._upsert(conn, self.t_place, {"learner": learner},
                         {"lesson": lesson, "item": item, "at": time.time()})

    # ---- learners of a room ----------------------------------------------------------------------
    def join(self, learner: str, name: str, room: str = "") -> None:
        now = time.time()
        with self.engine.begin() as conn:
            row = conn.execute(self.sa.select(self.t_learners.c.joined).where(
                self.t_learners.c.id == learner)).first()
            if row:
                conn.execute(self.t_learners.update().where(self.t_learners.c.id == learner)
                             .values(name=name, room=room, seen=now))
            else:
                conn.execute(self.t_learners.insert().values(id=learner, name=name, room=room,
                                                             joined=now, seen=now))

    def learners(self, room: str = "") -> list[dict]:
        c = self.t_learners.c
        with self.engine.connect() as conn:
            rows = conn.execute(self.sa.select(c.id, c.name, c.joined, c.seen)
                                .where(c.room == room).order_by(c.joined))
            return [{"id": i, "name": n, "joined": j, "seen": s} for i, n, j, s in rows]

    def learner_name(self, learner: str):
        c = self.t_learners.c
        with self.engine.connect() as conn:
            row = conn.execute(self.sa.select(c.name).where(c.id == learner)).first()
        return row[0] if row else None

    # ---- questions on every screen ----------------------------------------------------------------
    def push(self, room: str, position: str, move: str = "", prompt: str = "") -> int:
        with self.engine.begin() as conn:
            conn.execute(self.t_pushes.update().where(self.t_pushes.c.room == room).values(closed=1))
            res = conn.execute(self.t_pushes.insert().values(room=room, position=position, move=move,
                                                             prompt=prompt, at=time.time(), closed=0))
            return int(res.inserted_primary_key[0])

    def current_push(self, room: str = ""):
        c = self.t_pushes.c
        with self.engine.connect() as conn:
            row = conn.execute(self.sa.select(c.id, c.position, c.move, c.prompt, c.at)
                               .where(c.room == room, c.closed == 0).order_by(c.id.desc()).limit(1)).first()
        return dict(zip(("id", "position", "move", "prompt", "at"), row)) if row else None

    def close_push(self, room: str = "") -> None:
        with self.engine.begin() as conn:
            conn.execute(self.t_pushes.update().where(self.t_pushes.c.room == room).values(closed=1))

    def answer(self, push: int, learner: str, answer: str) -> None:
        with self.engine.begin() as conn:
            self._upsert(conn, self.t_answers, {"push": int(push), "learner": learner},
                         {"answer": answer, "at": time.time()})

    def answers(self, push: int) -> dict:
        c = self.t_answers.c
        with self.engine.connect() as conn:
            return {r[0]: r[1] for r in conn.execute(self.sa.select(c.learner, c.answer)
                                                     .where(c.push == int(push)))}

    def tally(self, push: int) -> dict:
        c = self.t_answers.c
        with self.engine.connect() as conn:
            return {r[0]: r[1] for r in conn.execute(
                self.sa.select(c.answer, self.sa.func.count()).where(c.push == int(push)).group_by(c.answer))}
