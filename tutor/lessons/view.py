"""Showing a position in a lesson: the table widget when it is there, else a picture.

Only imported when a notebook asks for a table or a quiz; ``import tutor`` and
``import tutor.lessons`` stay free of widgets.
"""
from __future__ import annotations

import re

from ..engine.diagram import position_svg
from ..i18n import default_language

_DEFAULT_LINES = re.compile(r"^(rules: default|asked: -|score: NS 0, EW 0|NS red3: -|EW red3: -|"
                            r"stock: rest|seed: \d+|opened: .*)$")


def short_text(pos) -> str:
    """The position text without the lines that only repeat defaults."""
    return "\n".join(ln for ln in pos.to_text().splitlines() if not _DEFAULT_LINES.match(ln))


def position_html(pos, viewer: str = "S", lang: str = "en") -> str:
    """The position's SVG diagram (tutor.engine.diagram) as `viewer` sees it, in a div, its
    words in `lang` (the lesson's language). Laid out 720 px wide and shown at that size
    where there is room; in a narrower box (a phone's 358 px) scaled down to the box's width,
    as the class pages do, never cut off (a phone's pinch zooms in on it)."""
    svg = position_svg(pos, viewer=viewer, lang=lang).replace(
        "<svg ", "<svg style='display:block;max-width:100%;height:auto' ", 1)
    return f"<div class='tutor-diagram' style='max-width:100%'>{svg}</div>"


class Picture:
    """A position shown as a picture (no clicking): used when the table widget is missing."""

    def __init__(self, pos, lang: str | None = None):
        self.pos = pos
        self.lang = lang or default_language()

    def _repr_html_(self) -> str:
        return position_html(self.pos, lang=self.lang)

    def __repr__(self) -> str:
        return short_text(self.pos)


def table(pos, viewer: str | None = None, lang: str | None = None, **kwargs):
    """``tutor.table.Table(pos)`` seen from the player to act, in `lang` (default: the
    environment's, `tutor.i18n.default_language`); a `Picture` if the table widget (or
    ipywidgets/ipycanvas) cannot be imported."""
    try:
        from tutor.table import Table
    except ImportError:
        return Picture(pos, lang=lang)
    return Table(pos, viewer=viewer or pos.turn, lang=lang, **kwargs)
