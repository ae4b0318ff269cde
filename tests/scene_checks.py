"""Checks of a drawn scene shared by the table's tests (tests/test_table_view.py,
tests/test_table_counts.py): every text readable (size, contrast, inside the table) and
every label fitting what it is written on, never covered, never running into another."""
from __future__ import annotations

from tutor.engine.diagram import MIN_TEXT

__all__ = ["check_text_and_contrast", "contrast", "label_problems"]


def _rgba(colour):
    if colour.startswith("rgba("):
        r, g, b, a = (float(x) for x in colour[5:-1].split(","))
        return r, g, b, a
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), 1.0


def _luminance(rgb):
    def f(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _background(rects, x, y):
    """The colour under (x, y): the filled rectangles drawn before, composed in order."""
    colour = (255, 255, 255)
    for rx, ry, rw, rh, fill in rects:
        if rx <= x <= rx + rw and ry <= y <= ry + rh:
            r, g, b, a = _rgba(fill)
            colour = tuple(a * c + (1 - a) * o for c, o in zip((r, g, b), colour))
    return colour


def check_text_and_contrast(sc, height, pos):
    """Every text at least MIN_TEXT px, reading at 4.5:1 on what it is drawn on, inside the table."""
    assert sc.height == height
    rects = []
    for p in sc.prims:
        if p[0] == "rect":
            _, x, y, w, h, _r, fill, _stroke, _lw = p
            assert -1 <= x and x + w <= sc.width + 4 and -1 <= y and y + h <= sc.height + 4, p
            if fill:
                rects.append((x, y, w, h, fill))
        elif p[0] == "text":
            _, x, y, text, size, colour, bold, align = p
            assert size >= MIN_TEXT, p
            ratio = contrast(_rgba(colour)[:3], _background(rects, x, y))
            assert ratio >= 4.5, (text, colour, round(ratio, 2), pos.to_text())
            assert 0 <= x <= sc.width and 0 <= y <= sc.height, p


_SHADOWS = {"rgba(0,0,0,0.28)", "rgba(0,0,0,0.30)"}


def _is_card(rect) -> bool:
    """A card's face or back, or a closed canasta: things that lie over each other."""
    from tutor.engine.diagram import BACK, CARD, WILD_TINT
    _, _x, _y, _w, _h, r, fill, *_ = rect
    return fill in (CARD, WILD_TINT, BACK) or (fill in ("#b71c1c", "#212121") and r == 5)


def label_problems(sc) -> list:
    """What is wrong with the words of a scene, each text measured (`text_width`): a text
    that runs out of what it is written on (the felt, a meld band, the status box, a pill,
    a card), a label that something drawn later covers, two labels that meet. The words
    on cards are let be where a card covers them (a fanned hand, stacked melds)."""
    from tutor.engine.diagram import text_width
    problems, rects, labels = [], [], []
    for i, p in enumerate(sc.prims):
        if p[0] == "rect" and p[6] and p[6] not in _SHADOWS:
            _, x, y, w, h, *_rest = p
            rects.append((i, x, y, x + w, y + h, _is_card(p), p[6]))
        elif p[0] == "text":
            _, x, y, text, size, _c, bold, align = p
            w = text_width(text, size, bold)
            x0 = x - (w / 2 if align == "center" else w if align == "right" else 0)
            box = (x0, y - size / 2, x0 + w, y + size / 2)
            cx = (box[0] + box[2]) / 2
            under = next((r for r in reversed(rects) if r[1] <= cx <= r[3] and r[2] <= y <= r[4]), None)
            if under is None:
                problems.append(f"{text!r} is off the table")
                continue
            if not (under[1] - 1 <= box[0] and box[2] <= under[3] + 1 and under[2] - 1 <= box[1]
                    and box[3] <= under[4] + 1):
                problems.append(f"{text!r} ({box[0]:.0f}..{box[2]:.0f}, {box[1]:.0f}..{box[3]:.0f}) runs out "
                                f"of the {under[6]} it is on ({under[1]:.0f}..{under[3]:.0f}, "
                                f"{under[2]:.0f}..{under[4]:.0f})")
            if not under[5]:
                labels.append((i, box, text))

    def meet(a, b):
        return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1

    for k, (i, box, text) in enumerate(labels):
        for j, *r, _card, fill in rects:
            if j > i and meet(box, r):
                problems.append(f"{text!r} is covered by a {fill} drawn over it")
        for _j, other, text2 in labels[k + 1:]:
            if meet(box, other):
                problems.append(f"{text!r} and {text2!r} run into each other")
    return problems
