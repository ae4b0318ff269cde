"""Every message the code asks the catalog for is one Babel extracts.

A call like ``t.gettext("Join")`` written inside an f-string's braces (``f"<b>{t.gettext('Join')}</b>"``)
runs, but Babel's extractor does not see it under Python 3.11: the message never reaches the
.po files, and Swedish and Finnish learners read English. This test walks the code's syntax
trees, finds every call of a catalog function with a literal message, and checks that the
extracted catalog holds it (same context, same plural).
"""
from __future__ import annotations

import ast
from pathlib import Path

import tutor
from tutor.i18n.build import KEYWORDS, extract

PACKAGE = Path(tutor.__file__).resolve().parent


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _spec_args(spec):
    """(context position or None, message positions) of a Babel keyword spec, 0-based."""
    if spec is None:
        return None, [0]
    ctx, msgs = None, []
    for part in spec:
        if isinstance(part, tuple):
            ctx = part[0] - 1
        else:
            msgs.append(part - 1)
    return ctx, msgs


def calls():
    """(file:line, context, message id) of every catalog call with literal arguments."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in KEYWORDS:
                continue
            ctx_at, msg_at = _spec_args(KEYWORDS[name])
            args = node.args
            if len(args) <= max(msg_at + [ctx_at or 0]):
                continue
            msgs = [_literal(args[i]) for i in msg_at]
            ctx = _literal(args[ctx_at]) if ctx_at is not None else None
            if any(m is None for m in msgs) or (ctx_at is not None and ctx is None):
                continue                    # a variable: the message is marked where it is written
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            yield where, ctx, msgs[0] if len(msgs) == 1 else tuple(msgs)


def test_the_code_asks_for_messages():
    assert sum(1 for _ in calls()) > 300


def test_every_message_asked_for_is_extracted():
    catalog = extract()
    missing = [f"{where}: {msg!r}" + (f" (context {ctx!r})" if ctx else "")
               for where, ctx, msg in calls() if catalog.get(msg, context=ctx) is None]
    assert not missing, ("these catalog calls are invisible to Babel (inside an f-string's braces?): "
                         "move the call out of the f-string\n" + "\n".join(missing))
