"""A class or club evening: ``python -m tutor class`` serves the lessons to a room.

    python -m tutor class --lessons 5-8 --lang sv      # or: tutor class ...
    python -m tutor class --players 2                  # a club that plays two-handed
    python -m tutor class --players 3 --three cutthroat   # three, the first to take the pile alone

prints an address and a room code; learners on the same network open the address in a
browser, type their name and the code, and get the lesson list and every lesson in the
learner view (Voila: no code, the tables working), each in a kernel of their own. The
teacher's view (the password is printed too; the browser that opens is already in) shows
who is in, their progress through tonight's lessons, and puts a question on every screen.
Ctrl-C stops it all. docs/CLASSROOM.md is the teacher's guide, and says what to run for
a bigger club.

The parts: `room` (the room's rules, over the progress store), `auth` (who may do what),
`kernels` (a kernel per page, for its learner), `pages` (the room's own pages), `app`
(Voila, narrowed for a room), `handouts` (PDF handouts), `bench` (the load figures).
Nothing outside this package imports it: the lessons learn who their learner is from the
kernel's environment (``tutor.progress.current_learner()``).
"""
from __future__ import annotations

import argparse
import os
import re
import signal
import sys
from pathlib import Path

from ..i18n import LANGUAGES, N_, language_option, translator

from ..lessons.serve import ROOT as REPO_NOTEBOOKS    # the lesson notebooks (per language)
DEFAULT_PORT = 8866

NO_NOTEBOOKS = N_("error: no lesson notebooks in {folder}. Give the folder with --notebooks.")
BAD_LESSONS = N_("error: {text!r} does not name lessons. Write them like 5-8 or 5,6,9; "
                 "there are lessons {first} to {last}.")
BAD_LANG = N_("error: the lessons speak {languages}, not {lang!r}.")
BAD_COUNT = N_("error: --{flag} {value} is played only with --players {players}: add --players "
               "{players}, or leave --{flag} out.")
ENGLISH_NOTEBOOKS = N_("note: there are no lesson notebooks in this language yet ({folder}); "
                       "the lessons are served in English, the tables in the chosen language.")


def parse_lessons(text: str | None) -> list[str]:
    """``"5-8"``, ``"5,6,9"``, ``"06-frozen-pile"`` or ``"all"`` -> lesson keys, in order."""
    from .. import lessons
    every = [les.key for les in lessons.load_lessons()]
    if not text or text.strip().lower() == "all":
        return every
    chosen = []
    for part in re.split(r"[,\s]+", text.strip()):
        m = re.fullmatch(r"(\d+)-(\d+)", part)
        numbers = range(int(m.group(1)), int(m.group(2)) + 1) if m else [part]
        for n in numbers:
            try:
                key = lessons.get(n).key
            except KeyError:
                raise ValueError(part) from None
            if key not in chosen:
                chosen.append(key)
    if not chosen:
        raise ValueError(text)
    return chosen


def in_language(folder: Path, lang: str) -> bool:
    """Whether the lesson folder has notebooks of `lang` (English ones at its top, the
    others in ``<lang>/``, as tutor.lessons.serve lays them out)."""
    return lang == "en" or any((folder / lang).glob("[0-9][0-9]-*.ipynb"))


def players_key(players: str = "4", six: str | None = None, three: str | None = None) -> str:
    """The count's key (tutor.lessons.counts.COUNTS) of ``--players``, ``--six`` and ``--three``
    (None: not given). A ``--six`` without ``--players 6`` or a ``--three`` without
    ``--players 3`` is refused, as the rules refuse ``players=4, six=three-teams``: ValueError
    (flag, value, players), which `main` says in words."""
    for flag, value, needs in (("six", six, "6"), ("three", three, "3")):
        if value is not None and players != needs:
            raise ValueError(flag, value, needs)
    if players == "6" and six == "three-teams":
        return "6:three-teams"
    if players == "3" and three == "cutthroat":
        return "3:cutthroat"
    return players


def build_parser(t) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tutor class",
        description=t.gettext("Serve the Canasta lessons to a room: learners join from "
                              "their browsers with a room code."))
    p.add_argument("--lessons", default="all",
                   help=t.gettext("tonight's lessons, e.g. 5-8 or 5,6,9 (default: all)"))
    p.add_argument("--lang", default=None,
                   help=t.gettext("language of the lessons and pages: en, sv or fi"))
    p.add_argument("--players", choices=("2", "3", "4", "6"), default="4",
                   help=t.gettext("players at tonight's tables: 2 or 3 (each alone), 4 or 6; "
                                  "the lesson list and the sandbox's game deal at that count "
                                  "(default: 4)"))
    p.add_argument("--six", choices=("two-teams", "three-teams"), default=None,
                   help=t.gettext("with --players 6: two teams of three (default) or three "
                                  "teams of two"))
    p.add_argument("--three", choices=("each-alone", "cutthroat"), default=None,
                   help=t.gettext("with --players 3: each alone (default) or cutthroat (the "
                                  "first to take the pile plays alone against the other two)"))
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=t.gettext("port to serve on"))
    p.add_argument("--ip", default="0.0.0.0",
                   help=t.gettext("address to listen on (default: every network of this computer)"))
    p.add_argument("--no-browser", action="store_true",
                   help=t.gettext("do not open the teacher's view in a browser"))
    p.add_argument("--code", default=None, help=t.gettext("the room code (default: a new one)"))
    p.add_argument("--room", default=None,
                   help=t.gettext("the room's name: the same name keeps its learners and "
                                  "progress (default: today's date)"))
    p.add_argument("--store", default=None,
                   help=t.gettext("the progress file of the class (default: in the Jupyter data folder)"))
    p.add_argument("--notebooks", default=None, help=t.gettext("the folder of lesson notebooks"))
    p.add_argument("--cull-minutes", type=float, default=30.0,
                   help=t.gettext("close a learner's page kernel after this many idle minutes"))
    p.add_argument("--expect", type=int, default=None,
                   help=t.gettext("how many learners will come: their first pages are made ready "
                                  "before they arrive (default: as many as this computer's memory "
                                  "holds, at most 30; 0: none)"))
    p.add_argument("--log-level", default="WARN", help=argparse.SUPPRESS)
    return p


#: Memory a preheated page's kernel takes (MiB, measured: docs/CLASSROOM.md), and how many
#: kernels the pool holds per learner expected (the lesson list and tonight's first lesson).
KERNEL_MIB = 40
POOL_PER_LEARNER = 2


def default_expect(available_mib: int | None = None) -> int:
    """How many learners' first pages to make ready: at most 30, and no more than a third
    of the memory free now holds (the pool's kernels wait all evening)."""
    if available_mib is None:
        available_mib = _available_mib()
    return max(2, min(30, available_mib // 3 // (KERNEL_MIB * POOL_PER_LEARNER)))


def _available_mib() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2 ** 20
    except (AttributeError, ValueError, OSError):
        return 4096


def main(argv=None) -> int:
    """``python -m tutor class [options]``: run a class until Ctrl-C. Exit 2 on bad input."""
    argv = list(sys.argv[1:] if argv is None else argv)
    from ..i18n import default_language
    lang_arg = language_option(argv)
    lang = lang_arg or default_language()
    t = translator(lang if lang in LANGUAGES else "en")
    parser = build_parser(t)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    if lang_arg and lang_arg not in LANGUAGES:
        print(t.gettext(BAD_LANG).format(languages=", ".join(LANGUAGES), lang=lang_arg), file=sys.stderr)
        return 2
    try:
        count = players_key(args.players, args.six, args.three)
    except ValueError as e:
        flag, value, players = e.args
        print(t.gettext(BAD_COUNT).format(flag=flag, value=value, players=players), file=sys.stderr)
        return 2
    try:
        keys = parse_lessons(args.lessons)
    except ValueError as e:
        from .. import lessons
        every = lessons.load_lessons()
        print(t.gettext(BAD_LESSONS).format(text=str(e), first=int(every[0].number),
                                            last=int(every[-1].number)), file=sys.stderr)
        return 2
    folder = Path(args.notebooks).resolve() if args.notebooks else REPO_NOTEBOOKS
    if not any(folder.glob("[0-9][0-9]-*.ipynb")):
        print(t.gettext(NO_NOTEBOOKS).format(folder=folder), file=sys.stderr)
        return 2
    if not in_language(folder, lang):
        print(t.gettext(ENGLISH_NOTEBOOKS).format(folder=folder / lang), file=sys.stderr)
    # tonight's player count: every learner's kernel inherits it (tutor.lessons.counts)
    os.environ["TUTOR_PLAYERS"] = count
    from .app import make_app
    from .room import Room
    password = os.environ.pop("TUTOR_TEACHER_PASSWORD", None)
    room = Room.open(args.store, name=args.room, code=args.code, teacher_password=password,
                     lessons=keys, lang=lang)
    expect = default_expect() if args.expect is None else max(0, min(args.expect, 200))
    app = make_app(room, folder, port=args.port, ip=args.ip, open_browser=not args.no_browser,
                   cull_minutes=args.cull_minutes, log_level=args.log_level, expect=expect)
    # Ctrl-C stops the class even when the shell started it with SIGINT ignored (in the
    # background, from a script): Python then leaves it ignored unless told otherwise.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    app.start()
    return 0
