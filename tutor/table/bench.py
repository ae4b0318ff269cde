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


def position():
    from ..engine.position import Position
    return Position.parse(MID_HAND)


def measure(n: int = 50, open_hands: bool = False) -> dict:
    """Median ms over `n` redraws of a mid-hand position, and bytes per redraw."""
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
        session = TableSession(position(), viewer="S", open_hands=open_hands)
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


if __name__ == "__main__":
    print(measure())
    print("open hands:", measure(open_hands=True))
