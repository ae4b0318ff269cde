"""How hard the property tests try: the full tier in CI and in `bash scripts/test.sh`, a
lighter one for a developer's `python -m pytest`.

The tier comes from TUTOR_HYPOTHESIS ("full" or "fast"); unset, it is "full" where CI is
set (the CI runner sets CI=true) and "fast" elsewhere. `examples(n)` is the number of
examples a test asked for (n) in the full tier and a fifth of it (at least 10) in the
fast one; tests/conftest.py loads the Hypothesis profile of the same name, for tests that
do not ask for a number.
"""
from __future__ import annotations

import os

TIER = os.environ.get("TUTOR_HYPOTHESIS") or ("full" if os.environ.get("CI") else "fast")
if TIER not in ("full", "fast"):
    raise ValueError(f"TUTOR_HYPOTHESIS={TIER!r}: use 'full' or 'fast'")


def examples(n: int) -> int:
    """`n` examples in the full tier, a fifth of them (at least 10) in the fast one."""
    return n if TIER == "full" else max(10, n // 5)
