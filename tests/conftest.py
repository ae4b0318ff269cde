"""Test tiers (pyproject.toml, [tool.pytest.ini_options]): `python -m pytest` runs the fast
tier, everything not marked `slow`, `server` or `browser`; `bash scripts/test.sh` runs every
tier. Here: the Hypothesis profile of the tier (tests/hypothesis_tiers.py)."""
from __future__ import annotations

import pytest
from hypothesis import settings

from hypothesis_tiers import TIER, examples

settings.register_profile("full", max_examples=100)
settings.register_profile("fast", max_examples=examples(100))
settings.load_profile(TIER)


# A test that starts servers or a browser waits on other processes; one that never answers
# must fail with a traceback, not hold the whole run until CI's own limit (pytest-timeout).
SERVER_TEST_LIMIT_S = 600


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if (item.get_closest_marker("server") or item.get_closest_marker("browser")) \
                and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SERVER_TEST_LIMIT_S))


#: The fast tier, as pyproject.toml's addopts selects it.
FAST_TIER = "not slow and not server and not browser"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """`python -m pytest` with no arguments runs the fast tier on both cores (pytest-xdist),
    as `-n 2` would: under a minute here. Named files, another tier (`-m`), an explicit
    `-n`, and the xdist workers themselves run as asked."""
    option = config.option
    if (getattr(option, "numprocesses", "missing") is None and not hasattr(config, "workerinput")
            and option.markexpr == FAST_TIER and config.args_source == pytest.Config.ArgsSource.TESTPATHS
            and not option.collectonly and not option.usepdb):
        option.numprocesses = 2
        if option.dist == "no":
            option.dist = "load"
