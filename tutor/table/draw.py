"""Emit the shared scene primitives (tutor.diagram) onto an ipycanvas Canvas.

One `hold_canvas()` batch per redraw; the canvas backing store is `SCALE` times the
table's CSS size (crisp text), so coordinates are scaled once with a transform. Attribute
changes are sent only when the value differs from the last one sent in this batch
(fill, stroke, font, line width, alignment): on a table of 100 cards that halves the message.
Rounded rectangles are paths (arcTo) since the canvas protocol has no roundRect.
"""
from __future__ import annotations

from ..diagram import scene as _scene

SCALE = 2
FONT_FAMILY = "'DejaVu Sans', 'Segoe UI Symbol', Arial, sans-serif"


def _rounded(canvas, x, y, w, h, r):
    r = min(r, w / 2, h / 2)
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _q(v):
    """Coordinates to a short JSON form (halves: the backing store is 2x)."""
    v = round(v * 2) / 2
    return int(v) if v == int(v) else v


class _State:
    """The canvas attributes last sent, so equal values are not sent again."""
    __slots__ = ("fill", "stroke", "font", "lw", "align")

    def __init__(self):
        self.fill = self.stroke = self.font = self.lw = self.align = None


def emit(canvas, prims, width, height, scale=SCALE) -> None:
    """Draw `prims` on `canvas` (must be called inside `hold_canvas()`)."""
    st = _State()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    canvas.clear_rect(0, 0, width, height)
    canvas.text_baseline = "middle"
    canvas.line_join = "round"
    for p in prims:
        kind = p[0]
        if kind == "rect":
            _, x, y, w, h, r, fill, stroke, lw = p
            x, y, w, h = _q(x), _q(y), _q(w), _q(h)
            if r and r > 0.5:
                _rounded(canvas, x, y, w, h, _q(r))
                if fill:
                    if st.fill != fill:
                        canvas.fill_style = st.fill = fill
                    canvas.fill()
                if stroke:
                    if st.stroke != stroke:
                        canvas.stroke_style = st.stroke = stroke
                    if st.lw != lw:
                        canvas.line_width = st.lw = lw
                    canvas.stroke()
            else:
                if fill:
                    if st.fill != fill:
                        canvas.fill_style = st.fill = fill
                    canvas.fill_rect(x, y, w, h)
                if stroke:
                    if st.stroke != stroke:
                        canvas.stroke_style = st.stroke = stroke
                    if st.lw != lw:
                        canvas.line_width = st.lw = lw
                    canvas.stroke_rect(x, y, w, h)
        elif kind == "text":
            _, x, y, text, size, colour, bold, align = p
            font = f"{'bold ' if bold else ''}{int(size)}px {FONT_FAMILY}"
            if st.font != font:
                canvas.font = st.font = font
            if st.fill != colour:
                canvas.fill_style = st.fill = colour
            if st.align != align:
                canvas.text_align = st.align = align
            canvas.fill_text(text, _q(x), _q(y))
        elif kind == "line":
            _, x1, y1, x2, y2, colour, lw = p
            if st.stroke != colour:
                canvas.stroke_style = st.stroke = colour
            if st.lw != lw:
                canvas.line_width = st.lw = lw
            canvas.stroke_line(_q(x1), _q(y1), _q(x2), _q(y2))


def draw_session(canvas, session, scale=SCALE):
    """Compute the scene for a TableSession and draw it; returns the Scene (for hit tests)."""
    from ipycanvas import hold_canvas
    pos = session.position
    sc = _scene(pos, viewer=session.bottom, open_hands=session.open_hands,
                highlight=session.highlight(), selected=tuple(session.selection),
                target=session.target)
    with hold_canvas():
        emit(canvas, sc.prims, sc.width, sc.height, scale)
    return sc
