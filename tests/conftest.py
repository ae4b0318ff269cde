"""Test tiers (pyproject.toml, [tool.pytest.ini_options]): `python -m pytest` runs the fast
tier, everything not marked `slow`, `server` or `browser`; `bash scripts/test.sh` runs every
tier. Here: the Hypothesis profile of the tier (tests/hypothesis_tiers.py)."""
from __future__ import annotations

from hypothesis import settings

from hypothesis_tiers import TIER, examples

settings.register_profile("full", max_examples=100)
settings.register_profile("fast", max_examples=examples(100))
settings.load_profile(TIER)
