"""One layout and one style model for many widgets that look alike.

ipywidgets gives every widget a `Layout` and a style model of its own, and a page sends every
model to the browser when it loads: lesson 5's tables and questions made 808 models, 293 of
them layouts (about 300 KB of their state), and thirty learners opening the page at once
each wait for all of them. Widgets that look alike and never change their look share one
model from a `Looks` (ipywidgets shows one layout model under many widgets). A widget whose
look changes later (shown, then hidden) is given another shared look, never a changed one:
`Looks.layout(...)` models must not be edited.

    looks = Looks()
    a = widgets.Button(layout=looks.layout(width="auto"), style=looks.style(widgets.ButtonStyle))
    b = widgets.Button(layout=looks.layout(width="auto"), style=looks.style(widgets.ButtonStyle))
    a.layout is b.layout          # True
"""
from __future__ import annotations

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["Looks"]


class Looks:
    """The shared layout and style models of one part of a page (a table, a question)."""

    def __init__(self):
        self._made = {}

    def layout(self, **css) -> widgets.Layout:
        """The one `Layout` with exactly these properties (not to be edited)."""
        key = ("Layout",) + tuple(sorted(css.items()))
        if key not in self._made:
            self._made[key] = widgets.Layout(**css)
        return self._made[key]

    def style(self, kind: type) -> widgets.Widget:
        """The one style model of `kind` (`widgets.ButtonStyle`, `HTMLStyle`, ...)."""
        key = ("style", kind)
        if key not in self._made:
            self._made[key] = kind()
        return self._made[key]

    def html(self, value: str = "") -> widgets.HTML:
        """An HTML widget with the shared plain layout and style."""
        return widgets.HTML(value, layout=self.layout(), style=self.style(HTMLStyle))

    def button(self, description: str = "", **kwargs) -> widgets.Button:
        """A button as wide as its words, with the shared layout and style."""
        kwargs.setdefault("layout", self.layout(width="auto"))
        return widgets.Button(description=description, style=self.style(widgets.ButtonStyle),
                              **kwargs)
