"""The texts of a lesson, by stable id, and their translations.

A lesson file (``tutor/lessons/NN-slug.toml``) is written in English. Every text a learner
reads in it has a stable id, a dotted path built from the ids the file gives:

    title, goal
    recap.<id>
    positions.<name>.caption
    sections.<id>.title / .text / .try
    sections.<id>.tasks.<id>.do / .nudge / .done
    exercises.<id>.prompt / .hints / .reveal / .choices

A translation (``tutor/lessons/<lang>/NN-slug.toml``) holds only texts, as TOML tables
along the same paths (``[sections.what-frozen]`` with ``title = ...``). Everything else —
positions, moves, answers, rule ids — stays in the English file, so a translation cannot
change what the engine checks. Lists (hints, choices) are translated whole and keep their
length; translated choices keep their order: they are the words shown for the English
choices, which stay the answers' values (kept under `VALUES`), so the answer is the choice
at the same place. A "who wins?" question's choices are values, not texts (its words are
the catalog's and the glossary's): it has none to translate.

Files written before section ids existed (the lessons not yet converted) get ids made from
their section titles and recap numbers ``1``, ``2`` …, so that they can be translated too.
"""
from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent

SECTION_TEXTS = ("title", "text", "try")
TASK_TEXTS = ("do", "nudge", "done")
EXERCISE_TEXTS = ("prompt", "hints", "reveal", "choices")
#: where `merge` keeps an exercise's English choices, the values its answers are compared by
VALUES = "_values"


class TranslationError(ValueError):
    """A translation file that names texts the lesson does not have, or lists of the
    wrong length."""


def slug(text: str) -> str:
    """'What "frozen" means' -> 'what-frozen-means' (an id made from a title)."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def normalise(data: dict) -> dict:
    """The lesson data in today's shape: every section has an ``id``, the recap is a table
    of ids. Older files are converted in memory (the file is not changed)."""
    recap = data.get("recap", {})
    if isinstance(recap, list):
        data["recap"] = {str(i): text for i, text in enumerate(recap, 1)}
    seen = set()
    for s in data.get("sections", []):
        sid = s.get("id") or slug(s.get("title", ""))
        base, n = sid, 2
        while sid in seen:
            sid, n = f"{base}-{n}", n + 1
        seen.add(sid)
        s["id"] = sid
    return data


def slots(data: dict) -> dict:
    """Every translatable text of (normalised) lesson data: ``{path: (container, field)}``,
    in the order a reader meets them."""
    out = {}

    def add(path, container, field):
        if field in container and container[field] not in ("", [], None):
            out[path] = (container, field)

    add("title", data, "title")
    add("goal", data, "goal")
    for name, p in data.get("positions", {}).items():
        add(f"positions.{name}.caption", p, "caption")
    for s in data.get("sections", []):
        for f in SECTION_TEXTS:
            add(f"sections.{s['id']}.{f}", s, f)
        for task in s.get("tasks", []):
            for f in TASK_TEXTS:
                add(f"sections.{s['id']}.tasks.{task.get('id')}.{f}", task, f)
    for e in data.get("exercises", []):
        for f in EXERCISE_TEXTS:
            if f == "choices" and (e.get("kind") == "game"
                                   or not any(isinstance(c, str) for c in e.get("choices", ()))):
                continue                       # numbers and a game's values need no translation
            add(f"exercises.{e.get('id')}.{f}", e, f)
    recap = data.get("recap", {})
    for rid in recap:
        add(f"recap.{rid}", recap, rid)
    return out


def flatten(tree: dict, prefix: str = "") -> dict:
    """A translation file's nested tables as ``{dotted path: text or list}``."""
    out = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, path + "."))
        else:
            out[path] = value
    return out


def translation_path(lesson_file: Path, lang: str) -> Path:
    return lesson_file.parent / lang / lesson_file.name


def load_translation(path: Path) -> dict:
    """The texts of a translation file; empty ones (a template not filled in yet) count as
    missing."""
    with open(path, "rb") as f:
        try:
            tree = flatten(tomllib.load(f))
        except tomllib.TOMLDecodeError as e:
            raise TranslationError(f"{path.parent.name}/{path.name}: {e}") from None
    return {k: v for k, v in tree.items()
            if not (v == "" or (isinstance(v, list) and any(x == "" for x in v)))}


def merge(data: dict, texts: dict, where: str) -> None:
    """Put translated texts into (normalised) lesson data, in place. A path the lesson
    does not have, or a list of another length, is a `TranslationError`."""
    places = slots(data)
    unknown = sorted(set(texts) - set(places))
    if unknown:
        raise TranslationError(f"{where}: no such text in the English lesson: " + ", ".join(unknown))
    for path, text in texts.items():
        container, field = places[path]
        old = container[field]
        if isinstance(old, list) != isinstance(text, list) or (isinstance(old, list) and len(old) != len(text)):
            raise TranslationError(f"{where}: {path} must be " + (
                f"a list of {len(old)} texts, as in English" if isinstance(old, list) else "one text"))
        if field == "choices":
            container.setdefault(VALUES, old)  # the answers stay the English choices
        container[field] = text


def missing(data: dict, texts: dict) -> list:
    """The paths of the texts a translation lacks, in reading order."""
    return [p for p in slots(data) if p not in texts]
