"""`python -m tutor judge FILE MOVE [--json] [--lang fi]`: judge a move in a position file.

Exit codes: 0 the move is legal, 1 it is illegal, 2 bad input (file, position or move text).
Also: `python -m tutor moves FILE` lists the legal moves, `python -m tutor score FILE`
prints the score sheet.

Every word printed is in the language of ``--lang`` (en, sv, fi), by default the
environment's (`tutor.i18n.default_language`: TUTOR_LANG, then the system's locale); the
help too, since the option is read before the parser is built. Moves and positions are
written in the notation (docs/NOTATION.md), which is the same in every language, and so
are rule ids; ``--json`` keeps its keys in English for programs and translates the
explanation and the rulebook's words.

Output that the terminal or pipe cannot encode (a Windows code page, a latin-1 locale,
PYTHONIOENCODING=ascii) falls back to the notation's ASCII card names (K♥ is written KH);
`--json` is then written with ASCII escapes, which is the same JSON.
"""
from __future__ import annotations

import argparse
import json
import sys
import unicodedata

from .engine.errors import MoveError, PositionError, TutorError
from .engine.scoring import LINE_NAMES
from .i18n import LANGUAGES, language_option, translator



def _parser(t) -> argparse.ArgumentParser:
    """The command line, its help in the language of `t`. A new subcommand adds its parser
    here (with ``parents=[lang]``) and its function to ``COMMANDS``."""
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=LANGUAGES, default=None,
                      help=t.gettext("the language to write in: en, sv or fi (default: the "
                                     "system's language)"))
    parser = argparse.ArgumentParser(
        prog="python -m tutor",
        description=t.gettext("The Canasta rules tutor on the command line: judge a move, "
                              "list the legal moves, score a hand."))
    sub = parser.add_subparsers(dest="command", required=True)
    j = sub.add_parser("judge", parents=[lang],
                       help=t.gettext("judge a move: is it legal, which rule, why"))
    j.add_argument("file", help=t.gettext("a position in the notation (or - for standard input)"))
    j.add_argument("move", help=t.gettext('a move in the notation, e.g. "take KH KS"'))
    j.add_argument("--json", action="store_true",
                   help=t.gettext("print the verdict, the rule, the explanation and the "
                                  "rulebook's words as JSON"))
    m = sub.add_parser("moves", parents=[lang], help=t.gettext("list the legal moves"))
    m.add_argument("file", help=t.gettext("a position in the notation (or - for standard input)"))
    s = sub.add_parser("score", parents=[lang],
                       help=t.gettext("the score sheet as if the hand ended now"))
    s.add_argument("file", help=t.gettext("a position in the notation (or - for standard input)"))
    sub.add_parser("class", help=t.gettext("serve the lessons to a room of learners "
                                           "(python -m tutor class --help)"))
    sub.add_parser("hub", help=t.gettext("try the lessons on a real JupyterHub on this computer "
                                         "(python -m tutor hub --help)"))
    return parser


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["class"]:               # the class server (tutor/classroom) has its own options
        from .classroom import main as class_main
        return class_main(argv[1:])
    if argv[:1] == ["hub"]:                 # a trial JupyterHub (tutor/classroom/hub)
        from .classroom.hub import main as hub_main
        return hub_main(argv[1:])
    chosen = language_option(argv)
    parser = _parser(translator(chosen if chosen in LANGUAGES else None))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    t = translator(args.lang)
    try:
        return COMMANDS[args.command](args, _load(args.file), t)
    except FileNotFoundError:
        return _error(t, t.gettext("there is no file {path}").format(path=args.file))
    except IsADirectoryError:
        return _error(t, t.gettext("{path} is a folder, not a position file").format(path=args.file))
    except UnicodeDecodeError:
        return _error(t, t.gettext("{path} is not text in UTF-8").format(path=args.file))
    except OSError as exc:
        return _error(t, t.gettext("{path} cannot be read: {reason}").format(
            path=args.file, reason=exc.strerror or exc))
    except TutorError as exc:
        return _error(t, _where(exc, t))


def judge_command(args, pos, t) -> int:
    from .engine.judge import judge
    ruling = judge(pos, args.move)
    explanation, book = ruling.explain(t.lang), ruling.rule_text(t.lang)
    if args.json:
        data = {"legal": ruling.legal, "rule": ruling.rule, "explanation": explanation,
                "rule_text": book}
        _say(json.dumps(data, ensure_ascii=not _encodes(sys.stdout, _SUITS)))
    else:
        verdict = t.gettext("legal: {move}") if ruling.legal else t.gettext("illegal: {move}")
        _say(verdict.format(move=ruling.move))
        _say(t.gettext("rule: {rule} — {rule_text}").format(rule=ruling.rule, rule_text=book))
        _say(explanation)
    return 0 if ruling.legal else 1


def moves_command(args, pos, t) -> int:
    from .engine.generate import legal_moves
    moves = legal_moves(pos)
    for move in moves:
        _say(str(move))
    if not moves:
        _say(t.gettext("no legal move: the hand is over"))
    return 0


def score_command(args, pos, t) -> int:
    from .engine.scoring import score_hand
    for team, sheet in score_hand(pos, t.lang).items():
        _say(f"{team}: {sheet.total}  ({t.side_name(team)})")
        for rule, points in sheet.lines:
            _say(f"  {t.gettext(LINE_NAMES[rule]):24} {points:+6d}  ({rule})")
    return 0


#: subcommand -> its function (args, position, translator) -> exit code
COMMANDS = {"judge": judge_command, "moves": moves_command, "score": score_command}


def _where(exc: TutorError, t) -> str:
    """An engine error in words, with where it is (line and column) in this language."""
    if isinstance(exc, PositionError) and exc.line:
        return t.gettext("line {line}, column {column}: {message}").format(
            line=exc.line, column=exc.column, message=exc.text(t.lang, where=False))
    if isinstance(exc, MoveError) and exc.column:
        return t.gettext("column {column} of the move: {message}").format(
            column=exc.column, message=exc.text(t.lang, where=False))
    return exc.text(t.lang)


def _error(t, message: str) -> int:
    _say(t.gettext("error: {message}").format(message=message), sys.stderr)
    return 2


def _load(path: str):
    from .engine.position import Position
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    return Position.parse(text)


_SUITS = "♣♦♥♠"
#: The notation's ASCII form of the suits, and plain stand-ins for the prose's punctuation.
_ASCII = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "—": "-", "–": "-", "…": "...", "→": "->",
          "“": '"', "”": '"', "’": "'", "×": "x"}


def _encoding(stream) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def _encodes(stream, text: str) -> bool:
    try:
        text.encode(_encoding(stream))
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _say(text: str, stream=None) -> None:
    """Print a line, never a UnicodeEncodeError: on stdout, a character the stream cannot
    encode becomes its ASCII form (suits as letters: K♥ is KH) or '?'; on stderr, where
    messages quote what the user typed, a backslash escape as Python writes it there."""
    stream = stream or sys.stdout
    if not _encodes(stream, text):
        encoding = _encoding(stream)
        if stream is sys.stderr:
            text = text.encode(encoding, "backslashreplace").decode(encoding)
        else:
            text = "".join(ch if _encodes(stream, ch) else _plain(ch, stream) for ch in text)
    print(text, file=stream)


def _plain(ch: str, stream) -> str:
    """A stand-in for a character the stream cannot encode: KH for K♥, a for å, else '?'."""
    if ch in _ASCII:
        return _ASCII[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and _encodes(stream, base) else "?"
