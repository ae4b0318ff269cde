"""The rulebook's own words, looked up by rule id (from the copy of RULES.md in the package)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_ROW = re.compile(r"^\| `([a-z0-9-]+(?:\.[a-z0-9-]+)+)` \| (.*) \|\s*$")


@lru_cache(maxsize=1)
def rules() -> dict[str, str]:
    """Every rule id of the rulebook, in its order, with its text."""
    text = (Path(__file__).with_name("RULES.md")).read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in map(_ROW.match, text.splitlines()) if m}


def rule_text(rule_id: str) -> str:
    return rules().get(rule_id, "")


def rule_ids() -> tuple:
    return tuple(rules())
