"""`python -m tutor judge FILE MOVE [--json] [--lang sv]`: judge a move in a position file.

Exit codes: 0 the move is legal, 1 it is illegal, 2 bad input (file, position or move text).
Also: `python -m tutor moves FILE` lists the legal moves, `python -m tutor score FILE`
prints the score sheet.

Output that the terminal or pipe cannot encode (a Windows code page, a latin-1 locale,
PYTHONIOENCODING=ascii) falls back to the notation's ASCII card names (K♥ is written KH);
`--json` is then written with ASCII escapes, which is the same JSON.
"""
from __future__ import annotations

import argparse
import json
import sys
import unicodedata

from .engine.errors import TutorError


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["class"]:               # the class server has options of its own
        from .classroom import main as class_main
        return class_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("class", help="serve the lessons to a room (python -m tutor class --help)")
    j = sub.add_parser("judge", help="judge a move: is it legal, which rule, why")
    j.add_argument("file", help="a position in the notation (or - for standard input)")
    j.add_argument("move", help='a move, e.g. "take KH KS"')
    j.add_argument("--json", action="store_true", help="print {legal, rule, explanation}")
    j.add_argument("--lang", default="en", help="language of the explanation (en, sv)")
    m = sub.add_parser("moves", help="list the legal moves")
    m.add_argument("file")
    s = sub.add_parser("score", help="the score sheet as if the hand ended now")
    s.add_argument("file")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    try:
        pos = _load(args.file)
        if args.command == "judge":
            from .engine.judge import judge
            ruling = judge(pos, args.move)
            if args.json:
                data = ruling.as_dict(args.lang)
                fields = {k: data[k] for k in ("legal", "rule", "explanation")}
                _say(json.dumps(fields, ensure_ascii=not _encodes(sys.stdout, _SUITS)))
            else:
                _say(f"{'legal' if ruling.legal else 'illegal'}: {ruling.move}")
                _say(f"rule: {ruling.rule}")
                _say(ruling.explain(args.lang))
            return 0 if ruling.legal else 1
        if args.command == "moves":
            from .engine.generate import legal_moves
            for move in legal_moves(pos):
                _say(str(move))
            return 0
        from .engine.scoring import score_hand
        for team, sheet in score_hand(pos).items():
            _say(f"{team}: {sheet.total}")
            for rule, points in sheet.lines:
                _say(f"  {rule:20} {points:+d}")
        return 0
    except (TutorError, OSError, UnicodeDecodeError) as exc:
        _say(f"error: {exc}", sys.stderr)
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
