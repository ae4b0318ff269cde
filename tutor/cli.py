"""`python -m tutor judge FILE MOVE [--json] [--lang sv]`: judge a move in a position file.

Exit codes: 0 the move is legal, 1 it is illegal, 2 bad input (file, position or move text).
Also: `python -m tutor moves FILE` lists the legal moves, `python -m tutor score FILE`
prints the score sheet.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import TutorError


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
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
            from .judge import judge
            ruling = judge(pos, args.move)
            if args.json:
                data = ruling.as_dict(args.lang)
                print(json.dumps({k: data[k] for k in ("legal", "rule", "explanation")},
                                 ensure_ascii=False))
            else:
                print(f"{'legal' if ruling.legal else 'illegal'}: {ruling.move}")
                print(f"rule: {ruling.rule}")
                print(ruling.explain(args.lang))
            return 0 if ruling.legal else 1
        if args.command == "moves":
            from .generate import legal_moves
            for move in legal_moves(pos):
                print(move)
            return 0
        from .scoring import score_hand
        for team, sheet in score_hand(pos).items():
            print(f"{team}: {sheet.total}")
            for rule, points in sheet.lines:
                print(f"  {rule:20} {points:+d}")
        return 0
    except (TutorError, OSError, UnicodeDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _load(path: str):
    from .position import Position
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    return Position.parse(text)
