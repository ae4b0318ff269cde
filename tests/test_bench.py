"""The benchmark runs and prints its four engine figures (the numbers are not judged here:
timings belong in the benchmark's output, not in tests)."""
from __future__ import annotations

import re

from tutor import bench


def test_the_benchmark_prints_every_figure(capsys):
    assert bench.main(["--seconds", "0.3", "--positions", "4"]) == 0
    out = capsys.readouterr().out
    for label, unit in [("judge", "µs"), ("legal_moves", "µs"), ("random hands", "hands/s"),
                        ("import tutor", "ms"), ("table redraw_ms_median", "")]:
        assert re.search(rf"^{label}:\s+(median\s+)?\d+(\.\d+)?\s*{unit}", out, re.M), (label, out)
    for rules in bench.COUNTS:
        assert re.search(rf"^  {re.escape(rules)}:\s+judge\s+\d+\.\d µs, legal_moves\s+\d+\.\d µs, "
                         rf"random hands\s+\d+\.\d/s", out, re.M), (rules, out)
    for count in ("2 players", "3 players", "6 players", "6 players, three teams"):   # the other tables
        assert re.search(rf"^table redraw, {count}: median \d+(\.\d+)? ms .* \d+ bytes in 1 message", out,
                         re.M), (count, out)


def test_a_failed_class_run_names_the_servers_tracebacks():
    """A learner's request that failed: the bench prints what the server's log said (the last
    line of each different traceback, after the request it came with)."""
    from tutor.classroom.bench import server_errors
    log = ("[I] start\n[E] GET /voila/render/00-lessons.ipynb 500\nTraceback (most recent call last):\n"
           "  File \"x.py\", line 1\n    boom()\nKeyError: 'kernel'\n[I] fine\n"
           "Traceback (most recent call last):\n  File \"y.py\"\nKeyError: 'kernel'\n")
    assert server_errors(log) == ["[E] GET /voila/render/00-lessons.ipynb 500 -> KeyError: 'kernel'",
                                  "[I] fine -> KeyError: 'kernel'"]
    assert server_errors("[I] all well\n") == []
