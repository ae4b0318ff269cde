"""Table speed for the benchmark: `measure()` -> Python-side redraw time and bytes per redraw.

A redraw is `draw_session`: the scene computed from the position (tutor.engine.diagram) and sent
as ONE `hold_canvas()` batch. With no front end connected, the message ipycanvas would
send is captured at its canvas manager (`_send_custom`: the JSON command buffer built by
`ipycanvas.utils.commands_to_buffer`, plus any binary buffers) and its size counted.
"""
from __future__ import annotations

import statistics
import time

MID_HAND = """\
turn: S drawn
score: NS 1250, EW 2300
N: 9
E: 7
S: JK 2D AS KH KS QH QD 10C 9S 7C 7D 6C 5H 4H
W: 10
NS: AH AD AC 2C; 8C 8D 8S 8H 8C 8D JK; 6H 6D 6S
NS red3: 3H
EW: KD KC KD; 9D 9H 9C 9H 2S; 5C 5D 5S 5D 5C 2H 2C
EW red3: 3D
pile: 4C JD 2H 10H QS 7S JC 4D 3C 10S 9D 6C
seed: 11
"""

#: the same kind of moment at the other counts: `measure(text=...)`, `measure_counts()`
MID_HANDS = {
    "2 players": """\
rules: players=2
turn: S drawn
score: N 1250, S 2300
N: 8
S: JK AH KH QS 8D 8H 6H 6S 5S 9C 4D 4D 3C 3S KD
N melds: 2D 8C 8H 8S; AC AS AS; 6C 6C 6D; 2H 2S 10C 10D 10H 10H 10S; 7H 7S 7S; QD QH QS; 5C 5C 5H
N red3: 3D
S melds: JK 9C 9D 9D 9H 9H; 7C 7D 7D; KC KD KS; JD JD JH
S red3: 3H
pile: 4C 2H 9S JC 4H QC 3C 10S 7C 5D
seed: 11
""",
    "3 players": """\
rules: players=3
turn: S drawn
score: E 1250, S 2300, W 600
E: 9
S: 2H 9D 9D 8S 6D 6S 4D JK AH KH QS 8D 5S
W: 11
E melds: 7H 7S 7S; 2S 9C 9H; QD QH QS; 6C 6C 6H; 8C 8D 8H
E red3: 3H
S melds: JK 5C 5H 5S; 7C 7D 7D; KC KD KS; 10D 10H 10H 10S
S red3: -
W melds: AC AS AS; JC JD JH
W red3: 3D
pile: 4C 2D 9S JC 4H QC 3C 10S 7C 5D
seed: 11
""",
    "6 players": """\
rules: players=6
turn: S drawn
score: T1 1250, T2 2300
N: 12
NE: 13
SE: 9
S: JK 2D AS AH KH KS QH QD 10C 9S 7C 7D 6C 5H 4H
SW: 13
NW: 11
T1: AH AD AC 2C; 8C 8D 8S 8H 8C 8D JK; 6H 6D 6S; KD KC KD; 9D 9H 9C 9H 2S; 5C 5D 5S 5D 5C 2H 2C; QS QC QH
T1 red3: 3H 3D
T2: JC JD JS; 7H 7S 7C 7D 7H 7S 2D; 10H 10D 10S; 4C 4D 4S 4C; AS AD AH 2H; 6C 6C 6D JK
T2 red3: 3D 3H 3H
pile: 4C JD 2H 10H QS 7S JC 4D 3C 10S 9D 6H
seed: 11
""",
    "6 players, three teams": """\
rules: players=6, six=three-teams
turn: S drawn
score: T1 1250, T2 2300, T3 600
N: 12
NE: 13
SE: 9
S: KH KS JC JH JS 10S 8C 7C 6C 6S 5S 4H 9H
SW: 13
NW: 11
T1: JK 4C 4D 4D 4S 4S; 5C 5D 5H 5S; 9C 9C 9S; 10C 10D 10H
T1 red3: 3H
T2: 2C AC AD AH AH AS AS; QC QC QD QD QH QS QS; 7C 7D 7H 7H 7H 7S; JC JD JD JS; 6C 6C 6H
T2 red3: -
T3: JK QC QH QH; KC KC KD KS; 5C 5D 5H 5H 5S; 2C 10D 10S; 9H 9S 9S; 2H 8D 8D 8H 8H 8S 8S
T3 red3: 3D 3D
pile: 4C JD 2H 10H QS 7S JC 4D 3C 10S 9D 6H
seed: 11
""",
}


def position(text=MID_HAND):
    from ..engine.position import Position
    return Position.parse(text)


def measure(n: int = 50, open_hands: bool = False, text: str = MID_HAND) -> dict:
    """Median ms over `n` redraws of a mid-hand position (`text`: four players by default),
    and bytes per redraw."""
    from ipycanvas import Canvas
    from ipycanvas.utils import commands_to_buffer

    from .draw import SCALE, draw_session, settle_heap
    from .model import TableSession
    from ..engine.diagram import HEIGHT, WIDTH

    canvas = Canvas(width=WIDTH * SCALE, height=HEIGHT * SCALE)
    manager = canvas._canvas_manager
    sizes = []
    original = manager._send_custom

    def capture(command, buffers=()):
        _meta, buf = commands_to_buffer(command)
        sizes.append(len(bytes(buf)) + sum(len(bytes(b)) for b in buffers))

    manager._send_custom = capture
    try:
        session = TableSession(position(text), viewer="S", open_hands=open_hands)
        session.select(0)
        session.take()                      # an illegal try: a ruling with highlighted cards
        draw_session(canvas, session)       # warm up
        settle_heap()                       # as the first Table of a kernel does
        sizes.clear()
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            draw_session(canvas, session)
            times.append((time.perf_counter() - t0) * 1000)
    finally:
        manager._send_custom = original
    return {
        "redraw_ms_median": round(statistics.median(times), 2),
        "redraw_ms_max": round(max(times), 2),
        "bytes_per_redraw": max(sizes),
        "messages_per_redraw": len(sizes) // n,
        "redraws": n,
    }


def measure_counts(n: int = 50) -> dict:
    """`measure` at two, three and six players (learner's view and open hands): name -> figures."""
    out = {}
    for name, text in MID_HANDS.items():
        out[name] = measure(n, text=text)
        out[name + ", open hands"] = measure(n, open_hands=True, text=text)
    return out


if __name__ == "__main__":
    print(measure())
    print("open hands:", measure(open_hands=True))
    for name, figures in measure_counts().items():
        print(f"{name}:", figures)
