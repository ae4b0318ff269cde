"""A lighter kernel for pages with no code: ``python -m tutor.classroom.kernel -f FILE``.

The class server (and the learner view) start their pages' kernels with this instead of
``ipykernel_launcher``: the same IPython kernel, without what a page with no code cannot
use, measured per kernel (PSS, a lesson page; docs/CLASSROOM.md):

- **no debugger**: ipykernel loads debugpy and pydevd at start (about 100 modules) for
  JupyterLab's debugger; a learner's page has no code to debug (and no way to ask);
- **numpy and Pillow only when something needs them**: ipycanvas imports both when it is
  imported, for images and arrays the tables never send (the table's drawing is plain
  numbers and text, and `tutor.table.draw.numpy_free_flush` sends its batches without
  numpy). They are imported at their first use (`lazy_import`): the first use of either
  loads it, as before.

`RoomKernelSpecManager` gives Voila this launcher for the notebooks' ``python3`` kernel.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types

from jupyter_client.kernelspec import KernelSpecManager

#: Imported lazily in a page's kernel: loaded at their first use.
LAZY = ("numpy", "PIL.Image")
#: Not available in a page's kernel (an import of it fails, as if it were not installed).
BLOCKED = ("debugpy",)


class _Later(types.ModuleType):
    """A module that is imported at its first use: its attributes come from the real module,
    imported then. ``import name`` again finds this one (its ``__spec__`` is set, so the
    import system does not load it: the standard library's LazyLoader does, in Python
    3.11, on ``import`` itself)."""

    def __init__(self, name: str, spec):
        super().__init__(name)
        self.__spec__ = spec
        self.__file__ = spec.origin          # read of every module by ipykernel at start

    def __getattr__(self, attr):
        real = self.__dict__.get("_real_module")
        if real is None:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            real = importlib.import_module(self.__name__)
            self.__dict__["_real_module"] = real
            parent, _, child = self.__name__.rpartition(".")
            if parent and getattr(sys.modules.get(parent), child, None) is self:
                setattr(sys.modules[parent], child, real)
        return getattr(real, attr)


def lazy_import(name: str) -> None:
    """Put a module `name` imported at its first use in ``sys.modules``; nothing if it is
    loaded already or not installed."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return
    if spec is None:
        return
    module = _Later(name, spec)
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


def lighten() -> None:
    for name in BLOCKED:
        sys.modules.setdefault(name, None)        # `import debugpy` raises ImportError
    for name in LAZY:
        lazy_import(name)


def _settle_formatter(app) -> None:
    """IPython's text formatter adds a printer for numpy's floats when it first formats
    something, if numpy is in ``sys.modules`` (then importing it): made now, before numpy
    is there to be imported at its first use."""
    try:
        app.shell.display_formatter.formatters["text/plain"].type_printers
    except (AttributeError, KeyError):
        pass


class RoomKernelSpecManager(KernelSpecManager):
    """The kernel specs as installed, but a Python kernel started by ipykernel's launcher
    is started by this module's instead (the same interpreter and connection file)."""

    def get_kernel_spec(self, kernel_name: str):
        spec = super().get_kernel_spec(kernel_name)
        argv = list(spec.argv)
        if "ipykernel_launcher" in argv and argv[argv.index("ipykernel_launcher") - 1] == "-m":
            argv[argv.index("ipykernel_launcher")] = "tutor.classroom.kernel"
            spec.argv = argv
        return spec


#: A preheated kernel (Voila's pool, ``TUTOR_KERNEL_KEY`` in its environment) runs its page
#: at this lower priority: refilling the pool while learners click must not slow their
#: pages. Its learner's page takes it back to normal where the system allows
#: (``tutor.lessons.page.wait_for_learner``).
POOL_NICE = 10


def main() -> None:
    if os.environ.get("TUTOR_KERNEL_KEY"):
        try:
            os.nice(POOL_NICE)
        except OSError:
            pass
    for name in BLOCKED:
        sys.modules.setdefault(name, None)
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    app.initialize()
    _settle_formatter(app)
    lighten()
    app.start()


if __name__ == "__main__":
    main()
