"""A room: its code, its teacher, tonight's lessons, and what happens in it.

Everything here is plain Python over the progress store (no server, no widgets), so the
rules of the room are tested without starting anything: who may join, what the teacher
sees, what a pushed position is and how its answers are tallied.

    room = Room.open(store_path, lessons=["05", "06"], lang="sv")
    room.code                      # "K7XPQM": what learners type to join
    learner = room.join("Anna", "k7x pqm")   # -> learner id; RoomError in words if not
    room.progress()                # one row per learner: where they are, what they did
    room.remove(learner)           # the teacher takes a learner out of the room
    room.push_exercise("06-frozen-pile", "frozen-natural-joker")
    room.push_exercise("06-frozen-pile", "frozen-natural-joker", seconds=30)  # a countdown
    room.answer(learner, push_id, "illegal"); room.tally()

A learner is one row of the store's ``learners`` table (``room`` = the room's name), and
each join is a learner of its own: who they are is the signed cookie the join gives their
browser, never the name they typed. A name already in the room is refused in words (two
Annas become "Anna" and "Anna B"), so nobody can become a classmate by typing their name;
the teacher can take a learner out (`remove`), which frees the name. What
they do in a lesson is written by the lesson itself, in the learner's kernel, through
``tutor.progress.current_learner()`` (the class server puts the learner's id in the
kernel's environment). Errors a person can cause (a wrong code, an empty name, bad
position text) are `RoomError`: a message id and fields, translated where shown.
"""
from __future__ import annotations

import hmac
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..i18n import N_, translator
from ..progress import ProgressStore, jupyter_data_dir

#: Letters and digits that cannot be mistaken for one another when read off a screen.
CODE_ALPHABET = "ACDEFHJKLMNPQRTUVWXY3479"
CODE_LENGTH = 6
NAME_MAX = 40
ANSWERS = ("legal", "illegal")
#: A learner is "in the room" while their pages ask for the teacher's question (every few
#: seconds) or they did something in the last PRESENT_SECONDS.
PRESENT_SECONDS = 120
#: How often a page's poll may write "seen" to the store (it polls every 2.5 s).
TOUCH_SECONDS = 20

BAD_CODE = N_("That is not the room code. Ask your teacher for it.")
NO_NAME = N_("Please type your name, so that your teacher knows who you are.")
NAME_TAKEN = N_("Somebody in the room is already called {name}. Add a letter to tell you "
                "apart (for example {name} B). Was it you, in another browser? Ask your teacher.")
LONG_NAME = N_("Please use a shorter name (at most {n} characters).")
BAD_PASSWORD = N_("That is not the teacher password.")
TOO_MANY = N_("Too many wrong tries from this computer. Wait {n} seconds, then try again.")
NO_MOVE = N_("Type a move to ask about, for example: take 9H 9S")
NOT_TONIGHT = N_("That question is not in tonight's lessons.")
BAD_POSITION = N_("The position could not be read: {error}")
BAD_MOVE = N_("The move could not be read: {error}")
NO_QUESTION = N_("There is no question on the screens now.")
BAD_ANSWER = N_("Answer with Legal or Illegal.")
TIME_UP = N_("Time is up: the answers to this question are closed.")
BAD_COUNTDOWN = N_("A countdown is a whole number of seconds, from 0 (none) to {n}.")
#: The longest countdown a teacher may give a question, in seconds.
COUNTDOWN_MAX = 600


class RoomError(ValueError):
    """A person's mistake, in words: ``message`` is a message id, ``fields`` fill it."""

    def __init__(self, message: str, **fields):
        super().__init__(message.format(**fields))
        self.message, self.fields = message, fields

    def text(self, lang: str) -> str:
        return translator(lang).gettext(self.message).format(**self.fields)


def countdown(seconds) -> int:
    """A countdown the teacher chose, as whole seconds (0: none); RoomError in words if it
    is not a whole number from 0 to COUNTDOWN_MAX."""
    text = str(seconds if seconds is not None else "").strip() or "0"
    if not text.isdigit() or int(text) > COUNTDOWN_MAX:
        raise RoomError(BAD_COUNTDOWN, n=COUNTDOWN_MAX)
    return int(text)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _plain(code: str) -> str:
    """A typed code as it is compared: no spaces or dashes, upper case."""
    return re.sub(r"[\s\-]+", "", str(code)).upper()


def clean_name(name) -> str:
    """A learner's name as shown to the teacher: printable, single spaces, not too long."""
    text = "".join(" " if ch.isspace() else ch for ch in str(name or "")
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    if not text:
        raise RoomError(NO_NAME)
    if len(text) > NAME_MAX:
        raise RoomError(LONG_NAME, n=NAME_MAX)
    return text


class Doorman:
    """Wrong room codes and teacher passwords, counted per address: after FREE wrong tries
    in a row an address must wait before it may try again, twice as long after every
    further wrong try (2 s, 4 s, … up to LONGEST). A right try clears the count.

        door = Doorman()
        door.wait("code", ip)          # seconds to wait before this try counts (0: go on)
        door.failed("code", ip)        # -> wrong tries in a row
        door.passed("code", ip)
    """

    FREE = 5
    LONGEST = 300.0
    FORGET = 3600.0                    # a count older than this starts again

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self._tries: dict = {}         # (kind, ip) -> [wrong tries in a row, time of the last]

    def wait(self, kind: str, ip: str) -> float:
        n, last = self._tries.get((kind, ip), (0, 0.0))
        if n < self.FREE:
            return 0.0
        left = last + self.pause(n) - self.clock()
        return max(0.0, left)

    def pause(self, n: int) -> float:
        return 0.0 if n < self.FREE else min(self.LONGEST, 2.0 ** (n - self.FREE + 1))

    def failed(self, kind: str, ip: str) -> int:
        now = self.clock()
        n, last = self._tries.get((kind, ip), (0, 0.0))
        n = 1 if now - last > self.FORGET else n + 1
        self._tries[(kind, ip)] = (n, now)
        if len(self._tries) > 10_000:                  # a flood of addresses: drop the old ones
            for key, (_, at) in list(self._tries.items()):
                if now - at > self.FORGET:
                    del self._tries[key]
        return n

    def passed(self, kind: str, ip: str) -> None:
        self._tries.pop((kind, ip), None)


def _same_name(a: str, b: str) -> bool:
    """Names a teacher could not tell apart on the screen: capitals, accents' forms."""
    fold = lambda s: unicodedata.normalize("NFKC", s).casefold()      # noqa: E731
    return fold(a) == fold(b)


def default_store_path() -> Path:
    """The class's own progress file (not the teacher's own lessons' file)."""
    return jupyter_data_dir() / "canasta-tutor" / "class.sqlite3"


def lesson(key: str, lang: str = "en"):
    """A lesson in the room's language (the lesson data API: tutor.lessons.get)."""
    from .. import lessons
    return lessons.get(key, lang=lang)


def lesson_items(les) -> set:
    """The items of a lesson that count as its progress (``Lesson.items()``: its tasks
    and questions, named as the lessons record them in the progress store)."""
    return set(les.items())


@dataclass
class Room:
    """One evening's class: who may come in, what they do, what the teacher pushed."""

    store: ProgressStore
    name: str                       # the room's key in the store (learners, pushes)
    code: str
    teacher_password: str
    lessons: tuple = ()             # tonight's lesson keys ("06-frozen-pile", ...)
    lang: str = "en"
    revealed: set = field(default_factory=set)    # push ids whose ruling is shown
    deadlines: dict = field(default_factory=dict)  # push id -> time its answers close
    asked: dict = field(default_factory=dict)      # push id -> (lesson key, exercise id) of a lesson's question
    _touched: dict = field(default_factory=dict, repr=False)   # learner -> last "seen" written
    door: Doorman = field(default_factory=Doorman, repr=False)

    @classmethod
    def open(cls, store_path=None, name: str | None = None, code: str | None = None,
             teacher_password: str | None = None, lessons=(), lang: str = "en") -> "Room":
        store = ProgressStore(store_path or default_store_path())
        keys = tuple(lesson(k, lang).key for k in lessons)
        return cls(store=store, name=name or time.strftime("%Y-%m-%d"),
                   code=_plain(code) if code else new_code(),
                   teacher_password=teacher_password or secrets.token_urlsafe(8),
                   lessons=keys, lang=lang)

    # ---- coming in ----------------------------------------------------------------------
    def cookie_secret(self) -> bytes:
        """The key that signs this room's cookies, kept in the store: the same room name
        started again (``--room tuesday``) still knows its learners' browsers."""
        return bytes.fromhex(self.store.secret(f"cookie-secret:{self.name}",
                                               lambda: secrets.token_hex(32)))

    def code_ok(self, typed) -> bool:
        return hmac.compare_digest(_plain(typed).encode(), self.code.encode())

    def password_ok(self, typed) -> bool:
        return hmac.compare_digest(str(typed or "").encode(), self.teacher_password.encode())

    def join(self, name, code) -> str:
        """A learner comes in with a name and the room code: a new learner id (their
        browser keeps it in a cookie; coming back in the same browser needs no new join).
        A name already in the room, in any capitals, is refused in words: typing a
        classmate's name never makes you them."""
        if not self.code_ok(code):
            raise RoomError(BAD_CODE)
        name = clean_name(name)
        for row in self.store.learners(self.name):
            if _same_name(row["name"], name):
                raise RoomError(NAME_TAKEN, name=row["name"])
        learner = f"{self.name}/{secrets.token_hex(8)}"
        self.store.join(learner, name, self.name)
        return learner

    def is_learner(self, learner: str) -> bool:
        return self.store.learner_room(learner) == self.name

    def remove(self, learner: str) -> bool:
        """The teacher takes a learner out of the room: their row, progress and answers go,
        their cookie opens nothing any more, and their name is free again."""
        if not self.is_learner(learner):
            return False
        self.store.remove_learner(learner)
        self._touched.pop(learner, None)
        return True

    def touch(self, learner: str, now: float | None = None) -> None:
        """A learner's page is open (its poll): they are in the room. Written to the store
        at most every TOUCH_SECONDS per learner."""
        now = time.time() if now is None else now
        if now - self._touched.get(learner, 0.0) >= TOUCH_SECONDS:
            self._touched[learner] = now
            self.store.seen(learner, now)

    def opened(self, learner: str, lesson_key: str) -> None:
        """A learner opened a lesson: that is where they are now."""
        self.store.set_place(learner, lesson_key)

    # ---- what the teacher sees ------------------------------------------------------------
    def present(self, now: float | None = None) -> int:
        """How many learners are in the room now (seen in the last PRESENT_SECONDS): what
        `progress` counts, without reading anybody's progress."""
        now = time.time() if now is None else now
        return sum(now - row["seen"] <= PRESENT_SECONDS for row in self.store.learners(self.name))

    def progress(self, now: float | None = None) -> list[dict]:
        """One row per learner, in the order they came: name, where they are, whether they
        are in the room now (``present``: seen in the last PRESENT_SECONDS), per lesson
        of tonight how many of its items are done out of how many, and ``first``: tonight's
        questions answered and how many of them right on the first try."""
        now = time.time() if now is None else now
        totals = {key: lesson_items(lesson(key, self.lang)) for key in self.lessons}
        rows = []
        for row in self.store.learners(self.name):
            done = self.store.done(row["id"])
            place = self.store.last_place(row["id"])
            per = {}
            for key, items in totals.items():
                got = {item for les, item in done if les == key}
                per[key] = (len(got & items) if items else len(got), len(items))
            tries = [v for k, v in self.store.first_tries(row["id"]).items() if k in totals]
            rows.append({"id": row["id"], "name": row["name"], "seen": row["seen"],
                         "present": now - row["seen"] <= PRESENT_SECONDS,
                         "place": place[0] if place else None, "lessons": per,
                         "first": (sum(n for n, _ in tries), sum(r for _, r in tries))})
        return rows

    # ---- a position on every screen ---------------------------------------------------------
    def questions(self) -> list:
        """The questions of tonight's lessons that can be put to the room: a move in a
        position, legal or illegal."""
        out = []
        for key in self.lessons:
            les = lesson(key, self.lang)
            out += [(les, ex) for ex in les.exercises if ex.kind == "judge"]
        return out

    def push_exercise(self, lesson_key: str, exercise_id: str, seconds=0,
                      now: float | None = None) -> int:
        """A question of tonight's lessons on every screen; ``seconds``: a countdown after
        which its answers close (0: none)."""
        seconds = countdown(seconds)
        for les, ex in self.questions():
            if les.key == lesson_key and ex.id == exercise_id:
                push_id = self.store.push(self.name, ex.position().to_text(), ex.move, ex.prompt)
                self.asked[push_id] = (les.key, ex.id)
                return self._clock(push_id, seconds, now)
        raise RoomError(NOT_TONIGHT)

    def _clock(self, push_id: int, seconds: int, now: float | None) -> int:
        if seconds:
            self.deadlines[push_id] = (time.time() if now is None else now) + seconds
        return push_id

    def push_position(self, text: str, move: str, prompt: str = "", seconds=0,
                      now: float | None = None) -> int:
        """A position the teacher typed (the notation) and a move to rule on."""
        seconds = countdown(seconds)
        from ..engine.errors import TutorError
        from ..engine.moves import Move
        from ..engine.position import Position
        if not str(move or "").strip():
            raise RoomError(NO_MOVE)
        try:
            pos = Position.parse(str(text or ""))
        except TutorError as e:
            raise RoomError(BAD_POSITION, error=str(e)) from None
        try:
            Move.parse(move)
        except TutorError as e:
            raise RoomError(BAD_MOVE, error=str(e)) from None
        return self._clock(self.store.push(self.name, pos.to_text(), move.strip(),
                                           str(prompt or "").strip()), seconds, now)

    def current(self, now: float | None = None) -> dict | None:
        """The question on the screens now: the store's push, with its position parsed,
        the engine's ruling, whether the teacher has shown it, and its countdown: ``left``
        (seconds, None without one) and ``closed`` (the time is up); ``exercise``: the
        lesson's question it is (None for a position the teacher typed), whose answer the
        pages give (`tutor.lessons.answers`)."""
        push = self.store.current_push(self.name)
        if push is None:
            return None
        end = self.deadlines.get(push["id"])
        left = None if end is None else max(0.0, end - (time.time() if now is None else now))
        asked = self.asked.get(push["id"])
        exercise = lesson(asked[0], self.lang).exercise(asked[1]) if asked else None
        return {**push, **self._judged(push["position"], push["move"]), "exercise": exercise,
                "revealed": push["id"] in self.revealed, "left": left, "closed": left == 0.0}

    @staticmethod
    @lru_cache(maxsize=16)
    def _judged(text: str, move: str) -> dict:
        """The position and the engine's ruling of a question (every learner's page asks
        every few seconds: parsed and judged once)."""
        from ..engine.judge import judge
        from ..engine.position import Position
        from ..engine.plainwords import actor
        pos = Position.parse(text)
        ruling = judge(pos, move)
        return {"pos": pos, "ruling": ruling, "mover": actor(ruling.move, pos)}

    def answer(self, learner: str, push_id, answer: str, now: float | None = None) -> None:
        push = self.store.current_push(self.name)
        if push is None or str(push["id"]) != str(push_id):
            raise RoomError(NO_QUESTION)
        if answer not in ANSWERS:
            raise RoomError(BAD_ANSWER)
        end = self.deadlines.get(push["id"])
        if end is not None and (time.time() if now is None else now) >= end:
            raise RoomError(TIME_UP)
        self.store.answer(push["id"], learner, answer)

    def answer_of(self, learner: str, push_id: int) -> str | None:
        return self.store.answers(push_id).get(learner)

    def tally(self) -> dict:
        push = self.store.current_push(self.name)
        counts = self.store.tally(push["id"]) if push else {}
        return {a: counts.get(a, 0) for a in ANSWERS}

    def reveal(self) -> None:
        push = self.store.current_push(self.name)
        if push is None:
            raise RoomError(NO_QUESTION)
        self.revealed.add(push["id"])

    def close_question(self) -> None:
        self.store.close_push(self.name)
