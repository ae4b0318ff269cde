"""Benchmark: `python -m tutor.bench` prints the engine's speed (and the table's, if the
notebook packages are installed). Figures, not pass/fail: timed tests would be flaky.

- judge: median time of one `judge` call on mid-hand positions (without rendering text)
- legal_moves: median time on mid-hand positions
- random hands/s: complete four-player hands, random legal move each step (legal_moves + play)
- import time of `import tutor` in a fresh interpreter
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


#: the other player counts, measured beside the four-player figures (RULES.md "Player counts")
COUNTS = ("players=2", "players=3", "players=6", "players=6, six=three-teams",
          "players=3, three=cutthroat")


def _mid_hand_positions(count: int, seed: int = 1, rules="default") -> list:
    import tutor
    rng = random.Random(seed)
    out = []
    s = 0
    while len(out) < count:
        pos = tutor.deal(seed=s, rules=rules)
        s += 1
        for _ in range(rng.randrange(20, 80)):
            moves = tutor.legal_moves(pos)
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        if pos.phase != "over":
            out.append(pos)
    return out


def _median_us(fn, items, repeat=5) -> float:
    """Median over `items` of each item's fastest of `repeat` calls. The repeats are spread
    over rounds through all items, not run back to back, so a slow spell of a shared
    machine (seen here: ±40% for seconds at a time) does not hit every sample of an item."""
    best = [float("inf")] * len(items)
    clock = time.perf_counter
    for _ in range(repeat):
        for i, item in enumerate(items):
            t0 = clock()
            fn(item)
            best[i] = min(best[i], clock() - t0)
    return statistics.median(best) * 1e6


def bench_judge(positions) -> float:
    import tutor
    rng = random.Random(3)
    cases = []
    for pos in positions:
        moves = tutor.legal_moves(pos)
        cases.append((pos, rng.choice(moves)))               # a legal move
        hand = pos.hand()
        cases.append((pos, f"meld {hand[0].text} {hand[-1].text}"))  # usually illegal
    return _median_us(lambda c: tutor.judge(c[0], c[1]).legal, cases)


def bench_legal_moves(positions) -> float:
    import tutor
    return _median_us(tutor.legal_moves, positions, repeat=3)


def bench_random_hands(seconds: float = 10.0, rules="default") -> tuple[float, float, float, float]:
    """Hands per second, moves per hand, and the mean µs per move spent listing the legal
    moves and playing the chosen one."""
    import tutor
    rng = random.Random(7)
    hands = moves_made = 0
    listing = playing = 0.0
    clock = time.perf_counter
    t0 = clock()
    while clock() - t0 < seconds:
        pos = tutor.deal(seed=hands, rules=rules)
        while pos.phase != "over":
            t1 = clock()
            moves = tutor.legal_moves(pos)
            t2 = clock()
            pos = pos.play(rng.choice(moves))
            playing += clock() - t2
            listing += t2 - t1
            moves_made += 1
        hands += 1
    elapsed = clock() - t0
    return (hands / elapsed, moves_made / hands, listing / moves_made * 1e6,
            playing / moves_made * 1e6)


def bench_import(runs: int = 7) -> float:
    """`import tutor` in a fresh interpreter, with bytecode cached as a normal install has it
    (the first run writes it; PYTHONDONTWRITEBYTECODE is cleared for these runs)."""
    import os
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(runs + 1):
        out = subprocess.run([sys.executable, "-c",
                              "import time; t=time.perf_counter(); import tutor; "
                              "print(time.perf_counter()-t)"], capture_output=True, text=True,
                             check=True, env=env)
        times.append(float(out.stdout))
    return statistics.median(times[1:]) * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time for the random-hands figure")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--tournament", type=int, default=0,
                        help="also play N hands sensible vs random players")
    parser.add_argument("--class", dest="room", action="store_true",
                        help="only the class server under load (tutor/classroom/bench.py; "
                             "--learners N, --minutes M)")
    args, rest = parser.parse_known_args(argv)
    if args.room:
        from .classroom.bench import main as class_bench
        return class_bench(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    positions = _mid_hand_positions(args.positions)
    print(f"positions: {len(positions)} mid-hand positions from seeded random play")
    print(f"judge:            median {bench_judge(positions):8.1f} µs per call (target <= 20)")
    print(f"legal_moves:      median {bench_legal_moves(positions):8.1f} µs per call (target <= 50)")
    rate, per_hand, listing, playing = bench_random_hands(args.seconds)
    print(f"random hands:     {rate:8.1f} hands/s ({per_hand:.0f} moves per hand; per move "
          f"{listing:.0f} µs legal_moves + {playing:.0f} µs play) (target >= 500)")
    print(f"import tutor:     {bench_import():8.1f} ms (target <= 60)")
    print("other player counts (the same measures, a quarter of the time for random hands):")
    for rules in COUNTS:
        others = _mid_hand_positions(max(12, args.positions // 2), rules=rules)
        rate, per_hand, listing, playing = bench_random_hands(args.seconds / 4, rules)
        print(f"  {rules + ':':28s} judge {bench_judge(others):6.1f} µs, legal_moves "
              f"{bench_legal_moves(others):6.1f} µs, random hands {rate:6.1f}/s "
              f"({per_hand:.0f} moves per hand)")
    try:
        from .table.bench import measure
    except ImportError as exc:
        print(f"table redraw:     not measured ({exc})")
    else:
        for name, value in measure().items():
            print(f"table {name}: {value}")
        from .table.bench import measure_counts
        for name, m in measure_counts(n=20).items():      # the table of two, three and six
            print(f"table redraw, {name}: median {m['redraw_ms_median']} ms (max {m['redraw_ms_max']}), "
                  f"{m['bytes_per_redraw']} bytes in {m['messages_per_redraw']} message "
                  f"(target <= 10 ms, <= 40000 bytes, one message)")
    timings = Path(__file__).resolve().parent.parent / "tests/browser/screenshots/table-timings.json"
    if timings.exists():
        import json
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(timings.stat().st_mtime))
        for name, value in json.loads(timings.read_text()).items():
            print(f"table {name}: {value} (measured in the page by the browser tests, {stamp}; "
                  f"target <= 50)")
    else:
        print("table click-to-explanation: run the browser tests (tests/browser) to measure it")
    lessons = timings.with_name("lesson-timings.json")
    if lessons.exists():
        import json
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(lessons.stat().st_mtime))
        for name, value in json.loads(lessons.read_text()).items():
            print(f"{name}: {value} (browser tests, {stamp}; first usable table: target <= 10 s)")
    else:
        print("lessons, time to the first usable table: run tests/browser/test_lessons_browser.py")
    if args.tournament:
        from .players import tournament
        result = tournament(hands=args.tournament)
        for name, value in result.items():
            print(f"tournament {name}: {value}")
        for rules in COUNTS:
            result = tournament(hands=args.tournament, rules=rules)
            apart = (f"; against each random side apart {result['pairwise_win_rate']:.1%}"
                     if result["pairwise_win_rate"] != result["win_rate"] else "")
            print(f"tournament {rules}: sensible side wins {result['win_rate']:.1%} of "
                  f"{result['hands']} hands (average hand {result['avg_score_sensible']:.0f} "
                  f"against the best random side's {result['avg_score_random']:.0f}{apart})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
