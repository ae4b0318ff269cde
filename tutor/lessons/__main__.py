"""Tools for lesson writers and translators.

    python -m tutor.lessons check [NN]          # every question and task asked of the engine
    python -m tutor.lessons missing sv [NN]     # the texts a translation lacks, by id
    python -m tutor.lessons template sv NN      # a translation file to fill in (stdout)

Exit status: 0 when all is well, 1 when something is missing or wrong, 2 for bad input.
"""
from __future__ import annotations

import sys
import tomllib

from ..i18n import LANGUAGES
from . import LessonError, TranslationError, get, load_lessons, texts

USAGE = __doc__.split("\n\n")[1]


def _lessons(args, lang="en"):
    return [get(args[0], lang=lang)] if args else load_lessons(lang)


def check(args) -> int:
    bad = 0
    for lesson in _lessons(args):
        report = lesson.check_all()
        print(report)
        bad += not report.ok
        for problem in lesson.problems():
            print("  " + problem)
    return 1 if bad else 0


def missing(args) -> int:
    lang, rest = args[0], args[1:]
    lacking = 0
    for lesson in _lessons(rest, lang):
        if lesson.missing:
            lacking += len(lesson.missing)
            state = "no translation file" if not lesson.translated else "lacks"
            print(f"{lang}/{lesson.key}.toml: {state} ({len(lesson.missing)} texts)")
            for path in lesson.missing:
                print(f"  {path}")
    print(f"{lacking} texts to translate" if lacking else f"every lesson text is in {lang}")
    return 1 if lacking else 0


def template(args) -> int:
    """A translation file for a lesson: every text id, the English in a comment above an
    empty text (an empty text counts as missing until it is written)."""
    lang, key = args[0], args[1]
    lesson = get(key)
    with open(lesson.path, "rb") as f:
        data = texts.normalise(tomllib.load(f))
    print(f"# {lang}/{lesson.key}.toml: the {lang} texts of lesson {lesson.key} "
          "(see tutor/lessons/README.md, \"Translating a lesson\").")
    table = None
    for path, (container, field) in texts.slots(data).items():
        head, _, name = path.rpartition(".")
        if head != table and head:
            print(f"\n[{head}]")
            table = head
        english = container[field]
        for item in (english if isinstance(english, list) else [english]):
            lines = str(item).strip("\n").splitlines() or [""]
            mark = "- " if isinstance(english, list) else ""
            for i, line in enumerate(lines):
                print(f"# {mark if i == 0 else '  ' if mark else ''}{line}".rstrip())
        empty = "[" + ", ".join('""' for _ in english) + "]" if isinstance(english, list) else '""'
        print(f"{name} = {empty}")
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {"check": (check, 0), "missing": (missing, 1), "template": (template, 2)}
    if not argv or argv[0] not in commands or len(argv) - 1 < commands[argv[0]][1]:
        print(USAGE, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    if command != "check" and args[0] not in LANGUAGES[1:]:
        print(f"error: the language is one of {', '.join(LANGUAGES[1:])}, not {args[0]!r}",
              file=sys.stderr)
        return 2
    try:
        return commands[command][0](args)
    except KeyError as e:
        print(f"error: {e.args[0]}", file=sys.stderr)
        return 2
    except (LessonError, TranslationError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
