"""The rulebook's own words, looked up by rule id (from the copy of RULES.md in the package).

RULES.md is written in English; its rule texts are messages of the catalog like any other
(context ``rule:<id>``, added by ``python -m tutor.i18n.build update``), so
``rule_text(rule_id, lang="fi")`` gives the Finnish words of a rule. Rule ids, variant
flags and the notation in backticks stay as they are in every language.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..i18n import translator

_ROW = re.compile(r"^\| `([a-z0-9-]+(?:\.[a-z0-9-]+)+)` \| (.*) \|\s*$")
RULES_FILE = Path(__file__).with_name("RULES.md")


def rows(text: str):
    """(rule id, its text, line number) for every rule row of a rulebook's text."""
    for lineno, line in enumerate(text.splitlines(), 1):
        m = _ROW.match(line)
        if m:
            yield m.group(1), m.group(2), lineno


@lru_cache(maxsize=1)
def rules() -> dict[str, str]:
    """Every rule id of the rulebook, in its order, with its text (English)."""
    return {rid: text for rid, text, _ in rows(RULES_FILE.read_text(encoding="utf-8"))}


def context(rule_id: str) -> str:
    """The catalog context of a rule's text."""
    return f"rule:{rule_id}"


def rule_text(rule_id: str, lang: str | None = "en") -> str:
    """The rulebook's words for a rule id in `lang` ("" for an id the rulebook lacks).
    English is RULES.md as written; None is the environment's language."""
    text = rules().get(rule_id, "")
    if not text:
        return ""
    return translator(lang).pgettext(context(rule_id), text)


def rule_ids() -> tuple:
    return tuple(rules())
