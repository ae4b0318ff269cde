"""The lessons: a curriculum stored as data per language, checked against the engine.

Each lesson is one TOML file in this folder, ``NN-slug.toml``, written in English: a title,
a goal, short sections of markdown, named positions in the notation of NOTATION.md, tasks
on the tables, exercises and a recap, plus the rule ids it ``teaches`` and the
``disputes`` (rows of DISPUTES.md) it stages. Every text has a stable id; a translation,
``<lang>/NN-slug.toml``, holds only the translated texts by those ids (tutor/lessons/texts.py,
and README.md here for writers). The notebooks are generated from these files
(``scripts/build_notebooks.py``), so the words live in one place.

    import tutor.lessons
    lesson = tutor.lessons.get("06")          # by number, slug or "06-frozen-pile"
    lesson = tutor.lessons.get("06", lang="sv")   # the Swedish texts over the English lesson
    ex = lesson.exercise("frozen-natural-joker")
    ex.check()                                # the judge's Ruling (or an Outcome)
    ex.problems()                             # [] when the engine agrees with the lesson
    lesson.section("what-frozen").tasks       # the tasks set on that section's table
    lesson.quiz("frozen-natural-joker")       # an ipywidgets quiz (imports ipywidgets lazily)
    tutor.lessons.missing_texts("sv")         # {lesson key: [text ids a translation lacks]}

Exercise kinds (``kind``, default ``judge``):

- ``judge``: a ``move`` in a ``position``; ``expect`` is ``legal`` or ``illegal`` and
  ``rule`` the rule id that decides. An illegal move must be refused with exactly that
  rule. A legal move must be legal, and its ruling must name ``rule`` among its
  ``reasons`` (the answer shown is the ruling: `tutor.lessons.answers`).
- ``score``: the hand's score sheet (``tutor.score_hand``) for ``team``; ``line`` is a
  sheet line (a rule id) or ``total``; ``expect`` the points; ``choices`` the answers offered.
- ``outcome``: what a legal ``move`` (or none) leads to; ``after`` maps keys of the
  position text (``turn``, ``S``, ``NS red3`` …, or ``count S``) to their expected value;
  ``expect`` is the right one of ``choices`` (the English choice: a translation's choices
  are the words shown for the English ones, at the same places).
- ``deck``: how many copies of ``card`` (``"KH"``, or ``"all"``: every card) the deck holds.
- ``parse``: is the position text a possible position at all? ``expect`` is
  ``accepted`` or ``refused`` (a PositionError). (Older lessons only: a learner should
  not be asked about position text.)
- ``game``: a game standing at ``start`` (one total per side: [NS, EW] for four; the question's
  position is staged with these running totals, so its diagram shows them) adds this hand's score;
  ``expect`` is ``NS``, ``EW``, ``draw`` or ``goes on`` (`GAME_ANSWERS`; ``choices``, if
  given, lists some of them). These are values, not words: the page shows them in words
  (the glossary's team names, the catalog's "nobody yet: the game goes on"), so a
  translation has no choices to translate and cannot change what is compared.

An answer is a **value** (`Exercise.values`: "legal", 45, "EW", an English choice) shown in
words (`Exercise.options`, the same places, in the lesson's language); the engine's answer
(`Outcome.answer`) is compared with ``expect`` by value. Wherever an answer is shown (the
quiz, the answer keys, the class's screens) it is the engine's, through
`tutor.lessons.answers`: a judge question's is the judge's ruling of its move.

A question's heading (the bold line above its prompt) is the kind's ("Legal or
illegal?", "How many points?" …), or the one its ``heading`` names (`HEADINGS`: a short
question of the catalog, such as ``how-many-cards`` for "How many cards?").

Every exercise can play ``before`` moves first, and ``rules`` replaces the position's
rule set (the same position under two rule sets).
"""
from __future__ import annotations

import re
import textwrap
import tomllib
from dataclasses import dataclass, field
from typing import ClassVar
from functools import lru_cache
from pathlib import Path

from ..engine.formats import FORMATS
from ..engine.plainwords import plain_rule_text
from ..engine.rulebook import rule_ids, rule_text, rules as _rulebook
from ..engine.scoring import LINE_NAMES, signed_points
from ..engine.words import Words
from ..i18n import LANGUAGES, N_, normalise as _lang, translator
from . import texts as _texts
from .tasks import Task

HERE = Path(__file__).resolve().parent
KINDS = ("judge", "score", "outcome", "deck", "parse", "game")
#: the answers of a judge question and of a parse question: value -> words (translated
#: where shown)
VERDICTS = {"legal": N_("Legal"), "illegal": N_("Illegal")}
PARSES = {"accepted": N_("accepted"), "refused": N_("refused")}
#: the answers of a "who wins?" question, in order: value -> words (None: the team's name
#: in the glossary, `tutor/i18n/glossary/<lang>.toml`)
GAME_ANSWERS = {
    "NS": None,
    "EW": None,
    # TRANSLATORS: an answer to "Who wins the game?": the game ends with equal totals
    "draw": N_("nobody: a drawn game"),
    # TRANSLATORS: an answer to "Who wins the game?": no team has reached the target yet
    "goes on": N_("nobody yet: the game goes on"),
}
#: the comment on a lesson notebook's first code cell, for whoever opens it in JupyterLab
#: (scripts/build_notebooks.py writes it in the notebook's language)
# TRANSLATORS: a comment in a notebook's code, read in JupyterLab. "Run ▸ Run All Cells" is
# JupyterLab's menu and menu item: write them as JupyterLab names them in its language.
RUN_ALL = N_("JupyterLab: Run ▸ Run All Cells (the learner view runs them by itself)")
#: a question's heading, the short question in bold above its prompt: by kind, or the one
#: an exercise names (``heading = "how-many-cards"``)
HEADINGS = {
    "judge": N_("Legal or illegal?"),
    "score": N_("How many points?"),
    "outcome": N_("What happens?"),
    "deck": N_("How many?"),
    "parse": N_("Possible or impossible?"),
    "game": N_("Who wins?"),
    "how-many-cards": N_("How many cards?"),
    "how-many-melds": N_("How many melds?"),
    "who-plays-next": N_("Who plays next?"),
    "which-card": N_("Which card comes first?"),
    "on-the-table": N_("What is on the table?"),
    "where": N_("Where does it go?"),
    "dealer": N_("What does the dealer do?"),
}
#: every side's code of every player count (a game question's choices may name them)
_SIDES = {side for fmt in FORMATS.values() for side in fmt.sides}
_DEAL = re.compile(r"^\s*deal\s+(\d+)\s*$")
_NAME = re.compile(r"^[A-Za-z0-9_-]+$")

__all__ = ["Lesson", "Section", "Exercise", "Task", "Outcome", "LessonError", "load_lessons",
           "get", "missing_texts", "rule_ids", "rule_text", "plain_rule_text", "dispute_rows",
           "Quiz", "GAME_ANSWERS", "HEADINGS"]


class LessonError(ValueError):
    """A lesson file that does not follow the schema."""


TranslationError = _texts.TranslationError


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
    """The engine's answer to a non-move exercise: ``answer`` is a value (one of the
    exercise's `values`), ``text`` says it in the lesson's language."""
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
    """A question of a lesson. What differs by kind — the answers offered, how the engine
    answers, what makes the engine disagree — is in one small class per kind below
    (`EXERCISE_KINDS`: ``judge``, ``score``, ``outcome``, ``deck``, ``parse``, ``game``);
    this class holds the rest."""
    kind: ClassVar[str] = ""
    id: str
    lesson: "Lesson"
    prompt: str
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
    card: str = ""             # a deck question's card ("KH", or "all")
    team: str = "NS"
    line: str = "total"
    after: dict = field(default_factory=dict)
    start: tuple = (0, 0)
    picture: object = True     # the quiz's picture: True (the question's position), "start"
                               # (before the `before` moves) or False (none: it would show the answer)
    values: tuple = ()         # the answers as values, at the places of `choices` (the English
                               # choices; a translation's choices are their words)
    heading: str = ""          # a key of HEADINGS ("" : the kind's)

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

    def seen_by(self, pos=None) -> str:
        """The seat whose view the question's picture shows (the quiz, the handouts): the
        player who makes its move (`plainwords.actor`: the partner who answers a question),
        else the player to move in `pos` (default: `position()`)."""
        from ..engine.moves import Move
        from ..engine.plainwords import actor
        pos = self.position() if pos is None else pos
        if self.move:
            try:
                return actor(Move.parse(self.move), pos)
            except ValueError:
                pass
        return pos.turn

    @property
    def hints(self) -> tuple:
        """Three steps: a nudge, the rule, the move (the rule step is the rulebook's words
        when the lesson gives only two)."""
        given = tuple(self.hints_given)
        if len(given) == 2:
            t = translator(self.lesson.lang)
            rule = t.gettext("The rule: {text}").format(text=plain_rule_text(self.rule, self.lesson.lang))
            given = (given[0], rule, given[1])
        return given

    @property
    def answer(self):
        """The answer the lesson teaches, in words: the one of ``options`` at the place of
        ``expect`` among ``values``."""
        return self.label(self.expect)

    @property
    def answers(self) -> tuple:
        """The answers offered, as values (what is compared): "legal"/"illegal", points,
        "NS"/"EW"/"draw"/"goes on", or the English choices of an outcome question."""
        return tuple(self.values or self.choices)

    @property
    def options(self) -> tuple:
        """The answers offered in words, in the lesson's language (the places of `answers`)."""
        return tuple(self.choices)

    def label(self, value):
        """An answer value in words (as the page shows it); a value not offered as it is."""
        for v, words in zip(self.answers, self.options):
            if v == value or str(v) == str(value):
                return words
        return value

    def value_of(self, choice):
        """The value of an answer given in words or as a value (None: not an answer here)."""
        for v, words in zip(self.answers, self.options):
            if choice == v or str(choice) in (str(v), str(words)):
                return v
        return None

    @property
    def heading_text(self) -> str:
        """The question's short heading, in the lesson's language."""
        return translator(self.lesson.lang).gettext(HEADINGS[self.heading or self.kind])

    # ---- asking the engine ----------------------------------------------------
    def check(self):
        """The engine's answer: the judge's `Ruling` for a move, else an `Outcome`."""
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
        out += self._expect_problems(where)
        if len(self.options) != len(self.answers):
            out.append(f"{where}: {len(self.options)} choices in words for {len(self.answers)} answers")
        try:
            result = self.check()
        except tutor.TutorError as e:
            return out + [f"{where}: the engine raised {type(e).__name__}: {e}"]
        return out + self._result_problems(where, result)

    def _expect_problems(self, where: str) -> list:
        """The taught answer must be one of the answers offered."""
        if self.expect not in self.answers:
            return [f"{where}: expected answer {self.expect!r} is not among {self.answers}"]
        return []

    def _result_problems(self, where: str, result) -> list:
        """Where the engine's answer (`check`) and the lesson's disagree."""
        if result.answer != self.expect:
            return [f"{where}: expected {self.expect!r}, the engine says {result.answer!r}"]
        return []

    def key_rule(self, result=None) -> str:
        """The rule an answer is said to rest on, wherever a key or a teacher's note names
        one (the print key, the markdown key of `Lesson.handouts`, the quiz's "For teachers"):
        the rule the engine's answer (`result`, else `check`) decides by, which is the rule
        the table cites for the same move — what the tutor says is what the engine does."""
        result = self.check() if result is None else result
        return result.rule

    def key_rules(self, result=None) -> tuple:
        """The rules a teacher's note names (the quiz's "For teachers", the answer keys, the
        teacher's view): the deciding rule (`key_rule`) first, then the lesson's own `rule`
        where it differs and the engine's answer names it among its ``reasons`` (a legal
        meld decided by `turn.meld` that a lesson asks about as `meld.size`). A rule the
        engine does not name is never cited as the answer's."""
        result = self.check() if result is None else result
        first = self.key_rule(result)
        named = getattr(result, "reasons", ())
        return (first,) + ((self.rule,) if self.rule != first and self.rule in named else ())

    def confirmed_rules(self) -> set:
        """Rule ids the engine itself confirms through this exercise: the deciding rule of
        a refused move, the rules a legal move's ruling names (``reasons``), or the rule of
        a score/outcome/parse/game exercise whose answer the engine computed. Empty when
        the exercise disagrees with the engine."""
        if self.problems():
            return set()
        return self._confirmed()

    def _confirmed(self) -> set:
        return {self.rule}

    @property
    def item(self) -> str:
        """The progress item: ``quiz:<exercise id>``."""
        return f"quiz:{self.id}"

    def quiz(self, **kwargs):
        from .quiz import Quiz
        return Quiz(self, **kwargs)

    def __repr__(self) -> str:
        return f"<Exercise {self.lesson.key}:{self.id} {self.kind} ({self.rule})>"


class _FixedAnswers(Exercise):
    """A kind whose answers are always the same two: `ANSWERS` (value -> words)."""
    ANSWERS: ClassVar[dict] = {}

    @property
    def answers(self) -> tuple:
        return tuple(self.ANSWERS)

    @property
    def options(self) -> tuple:
        t = translator(self.lesson.lang)
        return tuple(t.gettext(v) for v in self.ANSWERS.values())


class JudgeExercise(_FixedAnswers):
    """Legal or illegal? The judge's `Ruling` of the move answers (and is the answer shown:
    `tutor.lessons.answers`); a refusal must be by the lesson's rule, a legal ruling must
    name it among its reasons."""
    kind = "judge"
    ANSWERS = VERDICTS

    def check(self):
        import tutor
        return tutor.judge(self.position(), self.move)

    def _expect_problems(self, where: str) -> list:
        return []                   # the loader admits only "legal" and "illegal"

    def _result_problems(self, where: str, result) -> list:
        got = _verdict(result.legal)
        if got != self.expect:
            return [f"{where}: `{self.move}` expected {self.expect} ({self.rule}), "
                    f"the judge says {got} ({result.rule}): {result.explain()}"]
        if not result.legal and result.rule != self.rule:
            return [f"{where}: `{self.move}` illegal as expected, but by {result.rule}, "
                    f"not {self.rule}: {result.explain()}"]
        if result.legal and self.rule not in result.reasons:
            # the answer shown is the ruling: a lesson may not ask about a rule it never names
            return [f"{where}: `{self.move}` legal as expected, but the ruling names "
                    f"{', '.join(result.reasons)}, not {self.rule}: {result.explain()}"]
        return []

    def _confirmed(self) -> set:
        r = self.check()
        return {r.rule} if not r.legal else set(r.reasons)


class ParseExercise(_FixedAnswers):
    """Is this text a possible position? The notation's reader answers."""
    kind = "parse"
    ANSWERS = PARSES

    def check(self):
        import tutor
        try:
            self.start_position()
        except tutor.PositionError as e:
            return Outcome("refused", self.rule, f"The text is refused: {e}")
        return Outcome("accepted", self.rule, "The text is a possible position.")


class DeckExercise(Exercise):
    """How many cards (or copies of `card`) does the deck of the ruleset's format hold?"""
    kind = "deck"

    def check(self):
        import tutor
        from ..engine.cards import Card
        t = translator(self.lesson.lang)
        fmt = tutor.Ruleset.parse(self.rules or "default").format    # players.deck
        if self.card == "all":
            n = fmt.deck_size
            return Outcome(n, self.rule, t.ngettext("The deck holds {n} card.",
                                                    "The deck holds {n} cards.", n).format(n=n))
        card = Card(self.card)
        n = fmt.copies(card)
        return Outcome(n, self.rule, t.ngettext("The deck holds {n} copy of {card}.",
                                                "The deck holds {n} copies of {card}.", n)
                       .format(n=n, card=card.pretty))


class OutcomeExercise(Exercise):
    """What happens? The position after the move, its ``after`` facts as the lesson says."""
    kind = "outcome"

    def check(self):
        pos = self.position()
        if self.move:
            pos = pos.play(self.move)
        return Outcome(self.expect, self.rule, self._facts_text(pos), pos)

    def _result_problems(self, where: str, result) -> list:
        out = []
        facts = self.facts(result.position)
        for key, want in self.after.items():
            if facts[key] != " ".join(str(want).split()):
                out.append(f"{where}: after `{self.move or '(no move)'}` {key} is "
                           f"{facts[key]!r}, the lesson says {want!r}")
        return out


class ScoreExercise(Exercise):
    """How many points? A line (or the total) of the `team`'s score sheet."""
    kind = "score"

    def check(self):
        import tutor
        pos, lang = self.position(), self.lesson.lang
        sh = tutor.score_hand(pos, lang)[self.team]
        points = sh.total if self.line == "total" else sh.points(self.line)
        return Outcome(points, self.rule, team_lines(sh, self.line, lang), pos)


class GameExercise(Exercise):
    """Who wins the game? The hand added to the `start` totals."""
    kind = "game"

    @property
    def answers(self) -> tuple:
        return tuple(self.values or self.choices or self.game_answers())

    @property
    def options(self) -> tuple:
        t = translator(self.lesson.lang)
        return tuple(_game_words(v, t) for v in self.answers)

    def start_position(self):
        """The position as staged, its running totals those the game stands at before the
        hand (`start`): the question's diagram shows the totals its prompt states (it
        showed 0 and 0 where the prompt said 4200 and 4500)."""
        pos = super().start_position()
        start = tuple(self.start)
        if len(start) == len(pos.score) and pos.score != start:
            pos = pos.replace(score=start)
        return pos

    def game_answers(self) -> tuple:
        """A "who wins?" question's answers: each side of the position's table (North–South
        and East–West for four; the teams or the players alone of other counts), then a
        drawn game and "the game goes on"."""
        sides = self.start_position().format.sides
        return tuple(sides) + ("draw", "goes on")

    def check(self):
        import tutor
        pos, lang = self.position(), self.lesson.lang
        game = tutor.Game(pos.rules)
        game.totals = tuple(self.start)
        game.add_hand(pos)
        answer = "draw" if game.is_draw else (game.winner or "goes on")
        return Outcome(answer, self.rule, game_lines(game, self.start, lang), pos)


#: the kinds of question, each its class: the loader makes an exercise of its kind's class
EXERCISE_KINDS = {cls.kind: cls for cls in (JudgeExercise, ScoreExercise, OutcomeExercise,
                                            DeckExercise, ParseExercise, GameExercise)}
assert tuple(EXERCISE_KINDS) == KINDS


_points = signed_points          # +100, −10, 0: as every score sheet writes points


def team_lines(sh, line: str = "total", lang: str = "en") -> str:
    """One team's score-sheet lines in words, in `lang` (the asked line, or every line and
    the total), without rule ids: what a score question explains. A line the sheet does
    not have is said with its name and 0."""
    rows = [(words, points) for rule, points, words in sh.items_in(lang) if line in ("total", rule)]
    if not rows and line in LINE_NAMES:
        rows = [(translator(lang).gettext(LINE_NAMES[line]), 0)]
    out = [f"{words}: {_points(points)}" for words, points in rows]
    if line == "total":
        out.append(f"{Words('sheet:total').text(lang)}: {_points(sh.total)}")
    return "\n".join(out)


def side_words(side: str, t) -> str:
    """A side in words: a team's name (the glossary's: "North–South", "Team 1"), or the seat's
    name for a player who plays alone ("South")."""
    return t.side_name(side)


def game_result_words(game, t) -> str:
    """Who won a finished game, in words (the one renderer of it: the lessons, the table, the
    game page and the chart): "East–West win the game, by 310 points.", "North wins …" for a
    player alone, or who share the highest total in a drawn game. No codes, no rule id."""
    if game.winner is None:
        best = max(game.totals)
        tied = [side for side, total in zip(game.format.sides, game.totals) if total == best]
        if tied == list(game.format.sides) and len(tied) == 2 and game.format.has_partners:
            return t.format(t.gettext("Both teams have {total}: the game is drawn."), total=best)
        return t.format(t.gettext("{sides} share the highest total, {total}: the game is drawn."),
                        sides=t.join([side_words(side, t) for side in tied]), total=best)
    if len(game.format.seats_of(game.winner)) == 1:
        # TRANSLATORS: {seat:name} is a player who plays alone ("North")
        return t.format(t.gettext("{seat:name} wins the game, by {margin} points."),
                        seat=game.winner, margin=game.margin)
    # TRANSLATORS: {team:name} is a team ("East–West"); any form of the glossary's
    # may be written ({team:gen} …, tutor/i18n/glossary/<lang>.toml)
    return t.format(t.gettext("{team:name} win the game, by {margin} points."),
                    team=game.winner, margin=game.margin)


def _game_words(value, t) -> str:
    """A "who wins?" answer in words: a side's name (the glossary's), or the catalog's words."""
    if value in ("draw", "goes on"):
        return t.gettext(GAME_ANSWERS[value])
    return side_words(value, t)


def game_lines(game, start, lang: str = "en") -> str:
    """A game's standing after a hand, in `lang`: each team's total before the hand, the
    hand's score and the new total (North–South: 4500 + 890 = 5390), then who wins, or
    that the game goes on. No team codes, no rule id (that is the "For teachers" note)."""
    t = translator(lang)
    out = []
    for team, before, total in zip(game.format.sides, start, game.totals):
        hand = total - before
        sign = "+" if hand >= 0 else "\u2212"
        out.append(t.format("{side}: {before} {sign} {hand} = {total}", side=side_words(team, t),
                            before=before, sign=sign, hand=abs(hand), total=total))
    if not game.is_over:
        out.append(t.format(t.gettext("Nobody has {target} yet: the game goes on with a new deal."),
                            target=game.target))
    else:
        out.append(game_result_words(game, t))
    return "\n".join(out)


# --------------------------------------------------------------------------- lessons

@dataclass
class Section:
    id: str
    title: str
    text: str
    position: str | None = None        # a named position shown on the table
    try_it: str = ""                   # older lessons: what to try on the table, unchecked
    exercises: tuple = ()              # exercise ids quizzed after this section
    tasks: tuple = ()                  # Task: what to do on the table, one after the other
    buttons: tuple = ()                # the table's buttons (the tasks' needs); () = all


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
    lang: str = "en"
    translated: bool = True            # False: no translation file, the texts are English
    missing: tuple = ()                # text ids the translation lacks (English shown)

    @property
    def key(self) -> str:
        return f"{self.number}-{self.slug}"

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(f"lesson {self.key} has no section {section_id!r}")

    @property
    def tasks(self) -> list:
        return [task for s in self.sections for task in s.tasks]

    def items(self) -> list:
        """The progress items of the lesson in reading order: each section's tasks, then
        its questions (``task:<position>:<n>``, ``quiz:<id>``), then the other questions."""
        out, seen = [], set()
        for s in self.sections:
            out += [task.item for task in s.tasks]
            for ex_id in s.exercises:
                seen.add(ex_id)
                out.append(f"quiz:{ex_id}")
        out += [ex.item for ex in self.exercises if ex.id not in seen]
        return out

    def section_items(self, section: Section) -> list:
        return [task.item for task in section.tasks] + [f"quiz:{e}" for e in section.exercises]

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
        kwargs.setdefault("lang", self.lang)
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
            path.write_text(position_svg(self.position(name), lang=self.lang), encoding="utf-8")
            paths.append(path)
        from .answers import answer
        q = [f"# Lesson {int(self.number)}: {self.title}", "", self.goal, ""]
        a = [f"# Lesson {int(self.number)}: answers", ""]
        for i, ex in enumerate(self.exercises, 1):
            where = f" (diagram `{self.number}-{ex.position_ref}`)" if ex.position_ref else ""
            q += [f"{i}. {ex.prompt}{where}" + (f" — move: `{ex.move}`" if ex.move else ""),
                  "   Answer: " + " / ".join(map(str, ex.options)), ""]
            # the engine's answer (a judge question: the ruling), then the lesson's words
            ans = answer(ex)
            rules = ", ".join(f"`{r}`" for r in ans.rules)
            why = " ".join(x for x in (ans.why.replace("\n", "; "), ans.reveal) if x)
            a += [f"{i}. **{ans.words}** — {rules}. {why}", ""]
        for fname, lines in (("questions.md", q), ("answers.md", a)):
            path = folder / f"{self.number}-{fname}"
            path.write_text("\n".join(lines), encoding="utf-8")
            paths.append(path)
        return paths

    def task_problems(self) -> list:
        """[(task, [problems])] for every task on the lesson's tables, each played from
        where it starts when the tasks before it were done by their examples."""
        from .tasks import start_positions
        out = []
        for name in dict.fromkeys(task.position for task in self.tasks):
            tasks = [task for task in self.tasks if task.position == name]
            try:
                starts = start_positions(self.position(name), tasks)
            except Exception as e:       # noqa: BLE001 - reported in words
                out += [(task, [f"{self.key} tasks on {name}: {type(e).__name__}: {e}"]) for task in tasks]
                continue
            out += [(task, [f"{self.key} {p}" for p in task.problems(pos)])
                    for task, pos in zip(tasks, starts)]
        return out

    def problems(self) -> list:
        """What is wrong with the lesson's exercises and tasks, asked of the engine."""
        out = []
        for ex in self.exercises:
            out += ex.problems()
        for _task, probs in self.task_problems():
            out += probs
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
        for task, probs in lesson.task_problems():
            self.rows.append((task.item, "task", task.rule or task.move, not probs))
        self.ok = all(r[3] for r in self.rows)

    def __repr__(self) -> str:
        w = max([len(r[0]) for r in self.rows] + [8])
        tasks = sum(r[1] == "task" for r in self.rows)
        lines = [f"Lesson {self.lesson.key}: {len(self.rows) - tasks} exercises and {tasks} table "
                 "tasks checked against the engine"]
        for ex_id, kind, rule, ok in self.rows:
            lines.append(f"  {'ok ' if ok else 'BAD'} {ex_id:<{w}} {rule}")
        lines.append("all agree with the rulebook" if self.ok
                     else "SOME DISAGREE with the engine: ex.problems() says how")
        return "\n".join(lines)


def _clean(text) -> str:
    return textwrap.dedent(str(text)).strip("\n") + "\n" if text else ""


def _lesson_from(data: dict, path: Path, lang: str = "en", translated: bool = True,
                 missing: tuple = ()) -> Lesson:
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
                    recap=tuple(data.get("recap", {}).values()), path=path, lang=lang,
                    translated=translated, missing=tuple(missing))
    numbers = {}                           # tasks are numbered per position: task:<position>:<n>
    for s in data.get("sections", []):
        where = f"section {s['id']!r}"
        if not _NAME.match(s["id"]):
            raise LessonError(f"{path.name}: bad section id {s['id']!r}")
        table = s.get("table", s.get("position"))
        if table is not None and table not in positions:
            raise LessonError(f"{path.name}: {where} shows unknown position {table!r}")
        tasks = []
        for task in s.get("tasks", []):
            if table is None:
                raise LessonError(f"{path.name}: {where} sets tasks but shows no table")
            tid = need(task, "id", f"a task of {where}")
            if not _NAME.match(tid) or any(x.id == tid for x in tasks):
                raise LessonError(f"{path.name}: {where}: task id {tid!r} bad or twice")
            numbers[table] = numbers.get(table, 0) + 1
            tasks.append(Task(id=tid, number=numbers[table], position=table,
                              do=_clean(need(task, "do", f"task {tid}")).strip(),
                              move=need(task, "move", f"task {tid}"),
                              expect=need(task, "expect", f"task {tid}"), rule=task.get("rule", ""),
                              uses=tuple(task.get("uses", ())), example=need(task, "example", f"task {tid}"),
                              nudge=_clean(task.get("nudge", "")).strip(),
                              done=_clean(task.get("done", "")).strip(), reset=bool(task.get("reset", False))))
        lesson.sections.append(Section(id=s["id"], title=need(s, "title", where),
                                       text=_clean(s.get("text", "")), position=table,
                                       try_it=_clean(s.get("try", "")),
                                       exercises=tuple(s.get("exercises", ())),
                                       tasks=tuple(tasks), buttons=tuple(s.get("buttons", ()))))
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
        if kind == "deck":
            text, pref = "", None
            if not e.get("card"):
                raise LessonError(f"{path.name} {ex_id}: a deck question needs `card`")
        else:
            ref = need(e, "position", f"exercise {ex_id}")
            if ref in positions:
                text, pref = positions[ref]["text"], ref
            elif _NAME.match(ref) and not _DEAL.match(ref):
                raise LessonError(f"{path.name} {ex_id}: no position named {ref!r}")
            else:
                text, pref = (ref.strip() if _DEAL.match(ref) else _clean(ref)), None
        if kind == "judge" and e.get("expect") not in ("legal", "illegal"):
            raise LessonError(f"{path.name} {ex_id}: expect must be 'legal' or 'illegal'")
        if kind == "game" and not set(e.get("choices", ())) <= set(GAME_ANSWERS) | _SIDES:
            raise LessonError(f"{path.name} {ex_id}: a game question's choices are values, "
                              f"some of {list(GAME_ANSWERS)} or another count's sides "
                              "(the page says them in words)")
        if e.get("heading", kind) not in HEADINGS:
            raise LessonError(f"{path.name} {ex_id}: heading {e['heading']!r} is not one of "
                              + ", ".join(HEADINGS))
        lesson.exercises.append(EXERCISE_KINDS[kind](
            id=ex_id, lesson=lesson, prompt=need(e, "prompt", f"exercise {ex_id}").strip(),
            position_text=text, position_ref=pref, move=e.get("move", ""),
            before=tuple(e.get("before", ())), rules=e.get("rules"),
            expect=need(e, "expect", f"exercise {ex_id}"), rule=need(e, "rule", f"exercise {ex_id}"),
            hints_given=tuple(need(e, "hints", f"exercise {ex_id}")),
            reveal=_clean(e.get("reveal", "")).strip(), disputes=tuple(e.get("disputes", ())),
            choices=tuple(e.get("choices", ())), card=e.get("card", ""), team=e.get("team", "NS"),
            line=e.get("line", "total"), after=dict(e.get("after", {})),
            start=tuple(e.get("start", (0, 0))), picture=e.get("picture", True),
            values=tuple(e.get(_texts.VALUES, e.get("choices", ()))), heading=e.get("heading", "")))
    for s in lesson.sections:
        for ex_id in s.exercises:
            lesson.exercise(ex_id)          # KeyError -> a section names a missing exercise
    return lesson


def _read(path: Path) -> dict:
    with open(path, "rb") as f:
        try:
            return _texts.normalise(tomllib.load(f))
        except tomllib.TOMLDecodeError as e:
            raise LessonError(f"{path.name}: {e}") from None


def load_lesson(path, lang: str = "en") -> Lesson:
    """A lesson file, in `lang`: the English file with the translation's texts over it
    (``<lang>/NN-slug.toml`` beside it; without one the texts stay English)."""
    path = Path(path)
    lang = _lang(lang)
    data = _read(path)
    translated, lacking = True, ()
    if lang != "en":
        tpath = _texts.translation_path(path, lang)
        translated = tpath.exists()
        texts = _texts.load_translation(tpath) if translated else {}
        lacking = tuple(_texts.missing(data, texts))
        _texts.merge(data, texts, f"{lang}/{path.name}")
    return _lesson_from(data, path, lang, translated, lacking)


@lru_cache(maxsize=None)
def _load_all(lang: str = "en") -> tuple:
    return tuple(load_lesson(p, lang) for p in sorted(HERE.glob("[0-9][0-9]-*.toml")))


def load_lessons(lang: str = "en") -> list:
    """Every lesson, in curriculum order, in `lang`."""
    return list(_load_all(_lang(lang)))


def get(key, lang: str = "en") -> Lesson:
    """A lesson by number (``"06"``, ``6``), slug (``"frozen-pile"``) or both, in `lang`."""
    key = str(key)
    lessons = _load_all(_lang(lang))
    for lesson in lessons:
        if key in (lesson.number, lesson.slug, lesson.key) or (key.isdigit() and int(key) == int(lesson.number)):
            return lesson
    raise KeyError(f"no lesson {key!r}; there are: " + ", ".join(l.key for l in lessons))


def missing_texts(lang: str) -> dict:
    """``{lesson key: [text ids]}``: every text the `lang` translation lacks (a lesson
    without a translation file lacks all of its texts)."""
    return {lesson.key: list(lesson.missing) for lesson in load_lessons(lang) if lesson.missing}


def __getattr__(name):                     # widgets only when asked for
    if name == "Quiz":
        from .quiz import Quiz
        return Quiz
    raise AttributeError(f"module 'tutor.lessons' has no attribute {name!r}")
