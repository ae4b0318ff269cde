"""The lessons: a curriculum stored as data, checked against the engine.

Each lesson is one TOML file in this folder, ``NN-slug.toml``: a title, a goal, short
sections of markdown, named positions in the notation of NOTATION.md, exercises and a
recap, plus the rule ids it ``teaches`` and the ``disputes`` (rows of DISPUTES.md) it
stages. The notebooks in ``notebooks/`` are generated from these files
(``scripts/build_notebooks.py``), so the words live in one place.

    import tutor.lessons
    lesson = tutor.lessons.get("06")          # by number, slug or "06-frozen-pile"
    ex = lesson.exercise("frozen-1")
    ex.check()                                # the judge's Ruling (or an Outcome)
    ex.problems()                             # [] when the engine agrees with the lesson
    lesson.quiz("frozen-1")                   # an ipywidgets quiz (imports ipywidgets lazily)

Exercise kinds (``kind``, default ``judge``):

- ``judge``: a ``move`` in a ``position``; ``expect`` is ``legal`` or ``illegal`` and
  ``rule`` the rule id that decides. An illegal move must be refused with exactly that
  rule. A legal move must be legal; it confirms its rule (for the coverage test) only
  when the ruling names it among its ``reasons``.
- ``score``: the hand's score sheet (``tutor.score_hand``) for ``team``; ``line`` is a
  sheet line (a rule id) or ``total``; ``expect`` the points; ``choices`` the answers offered.
- ``outcome``: what a legal ``move`` (or none) leads to; ``after`` maps keys of the
  position text (``turn``, ``S``, ``NS red3`` …, or ``count S``) to their expected value;
  ``expect`` is the right one of ``choices``.
- ``parse``: is the position text a possible position at all? ``expect`` is
  ``accepted`` or ``refused`` (a PositionError).
- ``game``: a game standing at ``start`` = [NS, EW] adds this hand's score;
  ``expect`` is ``NS``, ``EW``, ``draw`` or ``goes on``.

Every exercise can play ``before`` moves first, and ``rules`` replaces the position's
rule set (the same position under two rule sets).
"""
from __future__ import annotations

import re
import textwrap
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..engine.rulebook import rule_ids, rule_text, rules as _rulebook

HERE = Path(__file__).resolve().parent
KINDS = ("judge", "score", "outcome", "parse", "game")
_DEAL = re.compile(r"^\s*deal\s+(\d+)\s*$")
_NAME = re.compile(r"^[A-Za-z0-9_-]+$")

__all__ = ["Lesson", "Exercise", "Outcome", "LessonError", "load_lessons", "get",
           "rule_ids", "rule_text", "dispute_rows", "Quiz"]


class LessonError(ValueError):
    """A lesson file that does not follow the schema."""


# --------------------------------------------------------------------------- rulebook
# rule_ids() and rule_text(rule_id) are tutor.engine.rulebook's (the package copy tutor/engine/RULES.md).

def dispute_rows(path=None) -> dict:
    """``{number: (situation, ruling, (rule ids...))}`` from a DISPUTES.md table."""
    path = Path(path) if path else None
    if path is None or not path.exists():
        return {}
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\|\s*(\d+)\s*\|(.*)\|(.*)\|(.*)\|\s*$", line)
        if m:
            rows[int(m.group(1))] = (m.group(2).strip(), m.group(3).strip(),
                                     tuple(re.findall(r"`([a-z0-9.-]+)`", m.group(4))))
    return rows


# --------------------------------------------------------------------------- outcomes

@dataclass(frozen=True)
class Outcome:
    """The engine's answer to a non-move exercise: ``answer`` is one of the choices."""
    answer: object
    rule: str
    text: str
    position: object = None

    @property
    def legal(self):              # so that a quiz can treat every check alike
        return None

    def explain(self, lang: str = "en") -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Outcome {self.answer} ({self.rule})>"


def _verdict(legal: bool) -> str:
    return "legal" if legal else "illegal"


# --------------------------------------------------------------------------- exercises

@dataclass
class Exercise:
    id: str
    lesson: "Lesson"
    prompt: str
    kind: str = "judge"
    position_text: str = ""
    position_ref: str | None = None
    move: str = ""
    before: tuple = ()
    rules: str | None = None
    expect: object = None
    rule: str = ""
    hints_given: tuple = ()
    reveal: str = ""
    disputes: tuple = ()
    choices: tuple = ()
    team: str = "NS"
    line: str = "total"
    after: dict = field(default_factory=dict)
    start: tuple = (0, 0)
    picture: object = True     # the quiz's picture: True (the question's position), "start"
                               # (before the `before` moves) or False (none: it would show the answer)

    # ---- the position -------------------------------------------------------
    def text(self) -> str:
        """The position text (after replacing its rules, before the ``before`` moves)."""
        text = self.position_text
        if self.rules is not None:
            kept = [ln for ln in text.splitlines() if not ln.strip().lower().startswith("rules:")]
            text = f"rules: {self.rules}\n" + "\n".join(kept) + "\n"
        return text

    def start_position(self):
        """The position as staged (before the ``before`` moves)."""
        import tutor
        m = _DEAL.match(self.position_text)
        if m:
            return tutor.deal(seed=int(m.group(1)), rules=self.rules or "default")
        return tutor.Position.parse(self.text())

    def position(self):
        """The position the question is asked in."""
        pos = self.start_position()
        for mv in self.before:
            pos = pos.play(mv)
        return pos

    @property
    def hints(self) -> tuple:
        """Three steps: a nudge, the rule, the move (the rule step is taken from the
        rulebook when the lesson gives only two)."""
        given = tuple(self.hints_given)
        if len(given) == 2:
            rid = self.rule
            given = (given[0], f"The rule `{rid}`: {rule_text(rid)}", given[1])
        return given

    @property
    def answer(self):
        """The answer the lesson teaches, as one of ``choices``."""
        if self.kind == "judge":
            return "Legal" if self.expect == "legal" else "Illegal"
        return self.expect

    @property
    def options(self) -> tuple:
        if self.kind == "judge":
            return ("Legal", "Illegal")
        if self.kind == "parse":
            return ("accepted", "refused")
        return tuple(self.choices)

    # ---- asking the engine ----------------------------------------------------
    def check(self):
        """The engine's answer: the judge's `Ruling` for a move, else an `Outcome`."""
        import tutor
        if self.kind == "judge":
            return tutor.judge(self.position(), self.move)
        if self.kind == "parse":
            try:
                self.start_position()
            except tutor.PositionError as e:
                return Outcome("refused", self.rule, f"The text is refused: {e}")
            return Outcome("accepted", self.rule, "The text is a possible position.")
        pos = self.position()
        if self.kind == "outcome":
            if self.move:
                pos = pos.play(self.move)
            return Outcome(self.expect, self.rule, self._facts_text(pos), pos)
        sheet = tutor.score_hand(pos)
        if self.kind == "score":
            sh = sheet[self.team]
            points = sh.total if self.line == "total" else sh.points(self.line)
            return Outcome(points, self.rule, sheet_text(sheet), pos)
        if self.kind == "game":
            game = tutor.Game(pos.rules)
            game.totals = tuple(self.start)
            game.add_hand(pos)
            answer = "draw" if game.is_draw else (game.winner or "goes on")
            return Outcome(answer, self.rule,
                           f"Before the hand: NS {self.start[0]}, EW {self.start[1]}.\n"
                           + sheet_text(sheet) + "\n" + game.result_text(), pos)
        raise LessonError(f"{self.id}: unknown kind {self.kind!r}")

    def facts(self, pos) -> dict:
        """The values of the ``after`` keys in ``pos`` (from its text)."""
        lines = {}
        for ln in pos.to_text().splitlines():
            if ":" in ln:
                k, v = ln.split(":", 1)
                lines[k.strip()] = " ".join(v.split())
        out = {}
        for key in self.after:
            if key.startswith("count "):
                seat = key.split()[1]
                out[key] = str(len(pos.hand(seat)))
            else:
                out[key] = lines.get(key)
        return out

    def _facts_text(self, pos) -> str:
        facts = self.facts(pos)
        return "\n".join(f"{k}: {v}" for k, v in facts.items())

    def problems(self) -> list:
        """What is wrong with this exercise, checked against the engine ([] = fine)."""
        import tutor
        where = f"{self.lesson.key} {self.id}"
        out = []
        if self.rule not in _rulebook():
            out.append(f"{where}: rule {self.rule!r} is not a rule id of RULES.md")
        if len(self.hints) != 3:
            out.append(f"{where}: needs three hints (nudge, rule, move), has {len(self.hints)}")
        if self.kind != "judge" and self.answer not in self.options:
            out.append(f"{where}: expected answer {self.answer!r} is not among {self.options}")
        try:
            result = self.check()
        except tutor.TutorError as e:
            return out + [f"{where}: the engine raised {type(e).__name__}: {e}"]
        if self.kind == "judge":
            got = _verdict(result.legal)
            if got != self.expect:
                out.append(f"{where}: `{self.move}` expected {self.expect} ({self.rule}), "
                           f"the judge says {got} ({result.rule}): {result.explain()}")
            elif not result.legal and result.rule != self.rule:
                out.append(f"{where}: `{self.move}` illegal as expected, but by {result.rule}, "
                           f"not {self.rule}: {result.explain()}")
        elif self.kind == "outcome":
            facts = self.facts(result.position)
            for key, want in self.after.items():
                if facts[key] != " ".join(str(want).split()):
                    out.append(f"{where}: after `{self.move or '(no move)'}` {key} is "
                               f"{facts[key]!r}, the lesson says {want!r}")
        elif result.answer != self.answer:
            out.append(f"{where}: expected {self.answer!r}, the engine says {result.answer!r}")
        return out

    def confirmed_rules(self) -> set:
        """Rule ids the engine itself confirms through this exercise: the deciding rule of
        a refused move, the rules a legal move's ruling names (``reasons``), or the rule of
        a score/outcome/parse/game exercise whose answer the engine computed. Empty when
        the exercise disagrees with the engine."""
        if self.problems():
            return set()
        if self.kind == "judge":
            r = self.check()
            return {r.rule} if not r.legal else set(r.reasons)
        return {self.rule}

    def quiz(self):
        from .quiz import Quiz
        return Quiz(self)

    def __repr__(self) -> str:
        return f"<Exercise {self.lesson.key}:{self.id} {self.kind} ({self.rule})>"


def sheet_text(sheet) -> str:
    return "\n".join(sheet[t].text() for t in ("NS", "EW"))


# --------------------------------------------------------------------------- lessons

@dataclass
class Section:
    title: str
    text: str
    position: str | None = None        # a named position shown on the table ("try it")
    try_it: str = ""                   # what to try on the table
    exercises: tuple = ()              # exercise ids quizzed after this section


@dataclass
class Lesson:
    number: str
    slug: str
    title: str
    goal: str
    teaches: tuple
    disputes: tuple
    sections: list
    positions: dict                    # name -> {"text": ..., "caption": ...}
    exercises: list
    recap: tuple
    path: Path | None = None

    @property
    def key(self) -> str:
        return f"{self.number}-{self.slug}"

    def exercise(self, ex_id: str) -> Exercise:
        for ex in self.exercises:
            if ex.id == ex_id:
                return ex
        raise KeyError(f"lesson {self.key} has no exercise {ex_id!r}")

    def position(self, name: str):
        """A named position of the lesson, parsed."""
        import tutor
        if name not in self.positions:
            raise KeyError(f"lesson {self.key} has no position {name!r}")
        text = self.positions[name]["text"]
        m = _DEAL.match(text)
        if m:
            return tutor.deal(seed=int(m.group(1)))
        return tutor.Position.parse(text)

    def table(self, name: str, **kwargs):
        """The named position on the table widget (a picture if the widget is missing)."""
        from .view import table
        return table(self.position(name), **kwargs)

    def quiz(self, ex_id: str):
        return self.exercise(ex_id).quiz()

    def handouts(self, folder) -> list:
        """Print-outs for a class: every named position as an SVG diagram (``.svg``, or
        ``.txt`` in the notation if no diagram can be drawn), a question sheet and an
        answer key in markdown. Returns the paths written."""
        from ..engine.diagram import position_svg
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for name in self.positions:
            path = folder / f"{self.number}-{name}.svg"
            path.write_text(position_svg(self.position(name)), encoding="utf-8")
            paths.append(path)
        q = [f"# Lesson {int(self.number)}: {self.title}", "", self.goal, ""]
        a = [f"# Lesson {int(self.number)}: answers", ""]
        for i, ex in enumerate(self.exercises, 1):
            where = f" (diagram `{self.number}-{ex.position_ref}`)" if ex.position_ref else ""
            q += [f"{i}. {ex.prompt}{where}" + (f" — move: `{ex.move}`" if ex.move else ""),
                  "   Answer: " + " / ".join(map(str, ex.options)), ""]
            a += [f"{i}. **{ex.answer}** — `{ex.rule}`. {ex.reveal}", ""]
        for fname, lines in (("questions.md", q), ("answers.md", a)):
            path = folder / f"{self.number}-{fname}"
            path.write_text("\n".join(lines), encoding="utf-8")
            paths.append(path)
        return paths

    def problems(self) -> list:
        out = []
        for ex in self.exercises:
            out += ex.problems()
        return out

    def check_all(self) -> "CheckReport":
        """Every exercise of the lesson asked of the engine: a report for the teacher."""
        return CheckReport(self)

    def __repr__(self) -> str:
        return f"<Lesson {self.key}: {self.title} ({len(self.exercises)} exercises)>"


class CheckReport:
    """Plain-text report of a lesson's exercises against the engine (deterministic)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.rows = []
        for ex in lesson.exercises:
            probs = ex.problems()
            self.rows.append((ex.id, ex.kind, ex.rule, not probs))
        self.ok = all(r[3] for r in self.rows)

    def __repr__(self) -> str:
        w = max([len(r[0]) for r in self.rows] + [8])
        lines = [f"Lesson {self.lesson.key}: {len(self.rows)} exercises checked against the engine"]
        for ex_id, kind, rule, ok in self.rows:
            lines.append(f"  {'ok ' if ok else 'BAD'} {ex_id:<{w}} {rule}")
        lines.append("all agree with the rulebook" if self.ok else "SOME DISAGREE: see ENGINE-BUGS.md")
        return "\n".join(lines)


def _clean(text) -> str:
    return textwrap.dedent(str(text)).strip("\n") + "\n" if text else ""


def _lesson_from(data: dict, path: Path) -> Lesson:
    def need(d, key, where):
        if key not in d:
            raise LessonError(f"{path.name}: {where} needs `{key}`")
        return d[key]

    m = re.match(r"^(\d\d)-(.+)\.toml$", path.name)
    number, slug = (m.group(1), m.group(2)) if m else (str(data.get("number", "00")), path.stem)
    positions = {}
    for name, p in data.get("positions", {}).items():
        if not _NAME.match(name):
            raise LessonError(f"{path.name}: bad position name {name!r}")
        positions[name] = {"text": _clean(need(p, "text", f"position {name}")),
                           "caption": p.get("caption", "")}
    lesson = Lesson(number=number, slug=slug, title=need(data, "title", "the lesson"),
                    goal=need(data, "goal", "the lesson").strip(),
                    teaches=tuple(data.get("teaches", ())),
                    disputes=tuple(data.get("disputes", ())),
                    sections=[], positions=positions, exercises=[],
                    recap=tuple(data.get("recap", ())), path=path)
    for s in data.get("sections", []):
        lesson.sections.append(Section(title=need(s, "title", "a section"),
                                       text=_clean(s.get("text", "")),
                                       position=s.get("position"),
                                       try_it=_clean(s.get("try", "")),
                                       exercises=tuple(s.get("exercises", ()))))
    seen = set()
    for e in data.get("exercises", []):
        ex_id = need(e, "id", "an exercise")
        if ex_id in seen:
            raise LessonError(f"{path.name}: exercise id {ex_id!r} twice")
        seen.add(ex_id)
        kind = e.get("kind", "judge")
        if e.get("picture", True) not in (True, False, "start"):
            raise LessonError(f"{path.name} {ex_id}: picture must be true, false or \"start\"")
        if kind not in KINDS:
            raise LessonError(f"{path.name} {ex_id}: kind {kind!r} is not one of {KINDS}")
        ref = need(e, "position", f"exercise {ex_id}")
        if ref in positions:
            text, pref = positions[ref]["text"], ref
        elif _NAME.match(ref) and not _DEAL.match(ref):
            raise LessonError(f"{path.name} {ex_id}: no position named {ref!r}")
        else:
            text, pref = (ref.strip() if _DEAL.match(ref) else _clean(ref)), None
        if kind == "judge" and e.get("expect") not in ("legal", "illegal"):
            raise LessonError(f"{path.name} {ex_id}: expect must be 'legal' or 'illegal'")
        lesson.exercises.append(Exercise(
            id=ex_id, lesson=lesson, prompt=need(e, "prompt", f"exercise {ex_id}").strip(),
            kind=kind, position_text=text, position_ref=pref, move=e.get("move", ""),
            before=tuple(e.get("before", ())), rules=e.get("rules"),
            expect=need(e, "expect", f"exercise {ex_id}"), rule=need(e, "rule", f"exercise {ex_id}"),
            hints_given=tuple(need(e, "hints", f"exercise {ex_id}")),
            reveal=_clean(e.get("reveal", "")).strip(), disputes=tuple(e.get("disputes", ())),
            choices=tuple(e.get("choices", ())), team=e.get("team", "NS"),
            line=e.get("line", "total"), after=dict(e.get("after", {})),
            start=tuple(e.get("start", (0, 0))), picture=e.get("picture", True)))
    for s in lesson.sections:
        for ex_id in s.exercises:
            lesson.exercise(ex_id)          # KeyError -> a section names a missing exercise
        if s.position and s.position not in positions:
            raise LessonError(f"{path.name}: section {s.title!r} shows unknown position {s.position!r}")
    return lesson


def load_lesson(path) -> Lesson:
    path = Path(path)
    with open(path, "rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise LessonError(f"{path.name}: {e}") from None
    return _lesson_from(data, path)


@lru_cache(maxsize=1)
def _load_all() -> tuple:
    return tuple(load_lesson(p) for p in sorted(HERE.glob("[0-9][0-9]-*.toml")))


def load_lessons() -> list:
    """Every lesson, in curriculum order."""
    return list(_load_all())


def get(key) -> Lesson:
    """A lesson by number (``"06"``, ``6``), slug (``"frozen-pile"``) or both."""
    key = str(key)
    for lesson in _load_all():
        if key in (lesson.number, lesson.slug, lesson.key) or (key.isdigit() and int(key) == int(lesson.number)):
            return lesson
    raise KeyError(f"no lesson {key!r}; there are: " + ", ".join(l.key for l in _load_all()))


def __getattr__(name):                     # widgets only when asked for
    if name == "Quiz":
        from .quiz import Quiz
        return Quiz
    raise AttributeError(f"module 'tutor.lessons' has no attribute {name!r}")
