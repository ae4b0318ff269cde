"""The table widget: `Table` (ipywidgets + ipycanvas) over `TableSession` (headless model).

`TableSession` and the drawing primitives (tutor.engine.diagram) import no widget library;
`Table` imports ipywidgets/ipycanvas when first asked for.
"""
from .model import TableSession

__all__ = ["Table", "TableSession"]


def __getattr__(name):
    if name == "Table":
        from .widget import Table
        return Table
    raise AttributeError(name)
