"""Emit the shared scene primitives (tutor.engine.diagram) onto an ipycanvas Canvas.

One `hold_canvas()` batch per redraw; the canvas backing store is `SCALE` times the
table's CSS size (crisp text), so coordinates are scaled once with a transform.

Speed: the Canvas's Python methods and attribute setters cost 5–80 µs each (traitlets
validation and notification); a table is about 2000 commands. So `commands()` builds the
protocol commands ipycanvas itself would queue (same codes from `ipycanvas.canvas.COMMANDS`
and `Canvas.ATTRS`) as plain lists, and `emit` hands them to the canvas manager's batch.
This relies on the canvas manager's batch (`_commands_cache`, `_current_canvas`), which is
private to ipycanvas (checked with 0.14.3): if it changes, the tests in
tests/test_table_model.py fail loudly rather than the table staying blank.
"""
from __future__ import annotations

import gc

from ..engine.diagram import HEIGHT, SHADOW, WIDTH, scene as _scene

SCALE = 2
FONT_FAMILY = "sans-serif"      # short: the font is re-sent often; DejaVu Sans on Debian


#: "no shadow": the shortest colour the canvas reads as fully transparent (sent twice per card)
NO_SHADOW = "#0000"


def commands(prims, width, height, scale=SCALE) -> list:
    """The primitives as ipycanvas protocol commands, in their shortest form the front end
    reads: ``[code, args]`` (the count of binary buffers that the Canvas methods append,
    always 0 here, is left out, as ipycanvas's own attribute changes ``[SET, [attr, value]]``
    do) and ``[code]`` for a command without arguments (beginPath, closePath, fill, stroke:
    the front end's ``executeCommand(name, args = [])``). Measured: a six-player table with
    open hands 42.2 KB as the Canvas methods would send it, 36 KB so (issue 21: ≤ 40 KB).
    An attribute is sent only when it differs from the last value sent (fill, stroke, font,
    line width, alignment, shadow). A card's shadow primitive becomes a canvas shadow under
    the card's fill (two short attribute changes instead of a path). Rounded rectangles are
    paths (arcTo): the protocol has no roundRect."""
    from ipycanvas.canvas import COMMANDS, Canvas
    A = Canvas.ATTRS
    SET = COMMANDS["set"]
    BEGIN, MOVE, ARC, CLOSE = COMMANDS["beginPath"], COMMANDS["moveTo"], COMMANDS["arcTo"], COMMANDS["closePath"]
    FILL, STROKE, FRECT, SRECT = COMMANDS["fill"], COMMANDS["stroke"], COMMANDS["fillRect"], COMMANDS["strokeRect"]
    TEXT, LINE = COMMANDS["fillText"], COMMANDS["strokeLine"]
    a_fill, a_stroke, a_font, a_lw = A["fill_style"], A["stroke_style"], A["font"], A["line_width"]
    a_align, a_shadow = A["text_align"], A["shadow_color"]
    out = [[COMMANDS["setTransform"], [scale, 0, 0, scale, 0, 0]],
           [COMMANDS["clearRect"], [0, 0, width, height]],
           [SET, [A["text_baseline"], "middle"]], [SET, [A["line_join"], "round"]],
           [SET, [A["shadow_offset_x"], 2 * scale]], [SET, [A["shadow_offset_y"], 2 * scale]],
           [SET, [A["shadow_blur"], 3 * scale]], [SET, [a_shadow, NO_SHADOW]]]
    add = out.append
    cur_fill = cur_stroke = cur_font = cur_lw = cur_align = None
    want_shadow = False
    for p in prims:
        kind = p[0]
        if kind == "rect":
            _, x, y, w, h, r, fill, stroke, lw = p
            if fill == SHADOW and not stroke:
                want_shadow = True
                continue
            x, y, w, h = int(round(x)), int(round(y)), int(round(w)), int(round(h))
            rounded = r and r > 0.5
            if rounded:
                r = int(min(r, w / 2, h / 2))
                add([BEGIN])
                add([MOVE, [x + r, y]])
                add([ARC, [x + w, y, x + w, y + h, r]])
                add([ARC, [x + w, y + h, x, y + h, r]])
                add([ARC, [x, y + h, x, y, r]])
                add([ARC, [x, y, x + w, y, r]])
                add([CLOSE])
            if fill:
                if cur_fill != fill:
                    add([SET, [a_fill, fill]])
                    cur_fill = fill
                if want_shadow:
                    add([SET, [a_shadow, SHADOW]])
                add([FILL] if rounded else [FRECT, [x, y, w, h]])
                if want_shadow:
                    add([SET, [a_shadow, NO_SHADOW]])
                    want_shadow = False
            if stroke:
                if cur_stroke != stroke:
                    add([SET, [a_stroke, stroke]])
                    cur_stroke = stroke
                if cur_lw != lw:
                    add([SET, [a_lw, lw]])
                    cur_lw = lw
                add([STROKE] if rounded else [SRECT, [x, y, w, h]])
        elif kind == "text":
            _, x, y, text, size, colour, bold, align = p
            font = f"{'bold ' if bold else ''}{int(size)}px {FONT_FAMILY}"
            if cur_font != font:
                add([SET, [a_font, font]])
                cur_font = font
            if cur_fill != colour:
                add([SET, [a_fill, colour]])
                cur_fill = colour
            if cur_align != align:
                add([SET, [a_align, align]])
                cur_align = align
            add([TEXT, [text, int(round(x)), int(round(y))]])
        elif kind == "line":
            _, x1, y1, x2, y2, colour, lw = p
            if cur_stroke != colour:
                add([SET, [a_stroke, colour]])
                cur_stroke = colour
            if cur_lw != lw:
                add([SET, [a_lw, lw]])
                cur_lw = lw
            add([LINE, [int(round(x1)), int(round(y1)), int(round(x2)), int(round(y2))]])
    return out


def emit(canvas, prims, width, height, scale=SCALE) -> int:
    """Queue the drawing of `prims` on `canvas`; call inside `hold_canvas()` so that it
    leaves as one message. Returns the number of commands."""
    cmds = commands(prims, width, height, scale)
    mgr = canvas._canvas_manager
    mgr.send_command(canvas, cmds[0])            # names the canvas (switchCanvas) if needed
    if mgr._caching and mgr._current_canvas is canvas:
        mgr._commands_cache.extend(cmds[1:])     # what send_command does, command by command
    else:
        for c in cmds[1:]:
            mgr.send_command(canvas, c)
    return len(cmds)


#: on the projector, what the board shows above the canvas (the selection line in large
#: print; the keys' line is hidden there) and a margin, in CSS px
PROJECTOR_ABOVE = 64
#: the projector's largest scale
PROJECTOR_ZOOM = 2.0


def projector_size(shown: int, room: int) -> tuple:
    """The table's (width, height) in table pixels on the projector, for a canvas `shown`
    CSS px wide on a page that shows `room` px at once (0: not known yet): scaled up as
    far as the whole table, down to the hand, fits on the screen, up to `PROJECTOR_ZOOM`
    (at 1920×1080, with the side pinned at the right, about 1.5: the shortest table,
    1240 px wide and 1000 tall; a 12 px label 18 px). The width is what the scale leaves
    of the width shown (the canvas fills it), the height the shortest table's or more."""
    from ..engine.diagram import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH
    zoom = PROJECTOR_ZOOM if room <= 0 else max(1.0, min(PROJECTOR_ZOOM, (room - PROJECTOR_ABOVE) / MIN_HEIGHT))
    width = max(MIN_WIDTH, min(WIDTH, int(shown / zoom)))
    scale = shown / width                    # what the page shows: the canvas fills the width
    height = HEIGHT if room <= 0 else max(MIN_HEIGHT, min(HEIGHT, int((room - PROJECTOR_ABOVE) / scale)))
    return width, height


_flush_patched = False


def numpy_free_flush() -> bool:
    """ipycanvas turns each batch of drawing commands into bytes through numpy (the JSON
    text, ``np.frombuffer``, a memoryview) and tests every argument of its drawing methods
    against ``np.ndarray``: a kernel that draws a table then holds numpy (7 MiB of a lesson
    kernel's 50) for nothing, the table's commands being plain numbers and text. These are
    the same bytes (compact JSON, ``{"shape": [n], "dtype": "uint8"}`` and the buffer)
    without numpy; arrays and lists still go through ipycanvas's own code. Done once per
    kernel; False when ipycanvas no longer has these functions (then nothing changes).
    Private to ipycanvas (checked with 0.14.3): tests/test_table_model.py compares both."""
    global _flush_patched
    if _flush_patched:
        return True
    import json

    import ipycanvas.canvas as cv
    own_populate = getattr(cv, "populate_args", None)
    if own_populate is None or getattr(cv, "commands_to_buffer", None) is None:
        return False

    def commands_to_buffer(commands):
        data = json.dumps(commands, separators=(",", ":"), ensure_ascii=False,
                          default=_json_default).encode()
        return {"shape": (len(data),), "dtype": "uint8"}, memoryview(data)

    def populate_args(arg, args, buffers):
        if arg is None or isinstance(arg, (bool, int, float, str)):
            args.append(arg)
        else:
            own_populate(arg, args, buffers)

    cv.commands_to_buffer = commands_to_buffer
    cv.populate_args = populate_args
    _flush_patched = True
    return True


def _json_default(value):
    """What orjson's numpy option did: arrays and numpy numbers as plain JSON."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON")


_heap_settled = False


def settle_heap() -> None:
    """Put what the kernel holds so far (ipykernel, ipywidgets, the engine, the lesson: tens
    of thousands of long-lived objects) out of the cyclic garbage collector's way
    (`gc.freeze`), once per process. Otherwise Python's full collections walk all of it
    every few dozen redraws: a 10–20 ms pause inside a click's answer (measured: worst
    12–21 ms of 50 redraws, 0.8 ms with the collector off). Objects are still freed when
    their last reference goes; objects made later are collected as usual."""
    global _heap_settled
    if not _heap_settled:
        _heap_settled = True
        gc.collect()
        gc.freeze()


def draw_session(canvas, session, scale=SCALE, width=None, lang="en", focus=None, height=None):
    """Compute the scene of a TableSession (the bottom seat's view) and draw it; returns the
    Scene (for hit tests). `width`: the table's width in table pixels (560-960); `height`:
    its height (664-770)."""
    from ipycanvas import hold_canvas
    view = session.view()
    game = session.scored_game() if getattr(session, "game", None) is not None else None
    if game is not None and view.phase == "over":
        view = view._replace(score=game.totals)      # a game's totals count the hand just over
    sc = _scene(view, highlight=session.highlight(), selected=tuple(session.selection),
                target=session.target, width=width or WIDTH, height=height or HEIGHT, lang=lang,
                focus=focus)
    with hold_canvas():
        emit(canvas, sc.prims, sc.width, sc.height, scale)
    return sc
