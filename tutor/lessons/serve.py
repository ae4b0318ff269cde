"""The learner view: the lesson notebooks served by Voila, the lesson list first.

    python -m tutor.lessons.serve [--lang sv] [--port 8866] [--no-browser]

(``bash scripts/lessons.sh`` sets up the environment and runs this.) The browser opens on
the lesson list of the language (``--lang``, else ``tutor.i18n.default_language()``):
``/voila/render/00-lessons.ipynb``, or ``sv/00-lessons.ipynb`` … Each page is a notebook run
by Voila with no code on it; its links lead to the other lessons.

`voila_config` holds the learner view's Voila settings, in one place for this launcher and
the class server (tutor/classroom):

- the notebooks **folder** is served as a tree: ``voila one.ipynb`` serves only that
  notebook, and a link to the next lesson answers 403;
- no code and no tracebacks on the page (``strip_sources``, ``show_tracebacks``);
- **preheated kernels** for the pages a learner opens first — the lesson list and lesson 1
  of the language: Voila starts a kernel for each of them and runs the notebook before
  anybody asks, so the first table is on screen at once (after each use Voila heats the
  next one). Every other page starts its kernel when asked. A preheated page reads the
  learner's progress again once the learner has arrived (``page.ready()``, the notebooks'
  last cell);
- a page **left** frees its kernel at once: Voila 0.5's page asks to shut its kernel down
  when it is left (a beacon carrying the ``_xsrf`` cookie), and the page handler
  (`LearnerPageHandler`) sets that cookie, through tornado's ``handler.xsrf_token`` as the
  class server's page handler does — without it the request is refused (403);
- kernels of pages that could not say so (a browser that crashed) are **culled** after five
  idle minutes.
"""
from __future__ import annotations

import argparse
import sys
import threading
import webbrowser
from pathlib import Path

from ..i18n import LANGUAGES, default_language, translator

ROOT = Path(__file__).resolve().parents[2] / "notebooks"
LIST = "00-lessons.ipynb"
CULL_AFTER = 300          # seconds a kernel with no page may stay idle


def start_page(lang: str) -> str:
    """The lesson list of `lang`, relative to the served folder."""
    return LIST if lang == "en" else f"{lang}/{LIST}"


def first_pages(lang: str, root: Path = ROOT) -> list:
    """The pages a learner opens first: the list and lesson 1 (these are preheated)."""
    where = "" if lang == "en" else f"{lang}/"
    ones = sorted((root / where).glob("01-*.ipynb")) if (root / where).is_dir() else []
    return [start_page(lang)] + [where + p.name for p in ones[:1]]


def voila_config(root: Path = ROOT, lang: str = "en", preheat=None):
    """The learner view's Voila settings (a traitlets Config): `root` served as a tree,
    no code, the pages `preheat` (default: `first_pages`) run before they are asked for:
    a list of pages (one kernel each kept ready) or {page: how many kernels to keep ready}."""
    from traitlets.config import Config
    pages = first_pages(lang, Path(root)) if preheat is None else preheat
    sizes = dict(pages) if isinstance(pages, dict) else {page: 1 for page in pages}
    c = Config()
    c.Voila.root_dir = str(root)
    c.VoilaConfiguration.strip_sources = True
    c.VoilaConfiguration.show_tracebacks = False
    # the pages' kernels without what a page with no code cannot use (the class's lighter
    # kernel: tutor/classroom/kernel.py)
    c.VoilaConfiguration.kernel_spec_manager_class = "tutor.classroom.kernel.RoomKernelSpecManager"
    c.MappingKernelManager.cull_idle_timeout = CULL_AFTER
    c.MappingKernelManager.cull_interval = 60
    c.MappingKernelManager.cull_connected = False     # a page still open keeps its kernel
    sizes = {page: n for page, n in sizes.items() if n > 0}
    if sizes:
        c.VoilaConfiguration.preheat_kernel = True
        pools = {"default": {"pool_size": 0}}
        pools.update({page: {"pool_size": n} for page, n in sizes.items()})
        c.VoilaKernelManager.kernel_pools_config = pools
    return c


def page_handler_class():
    """`LearnerPageHandler`: Voila's page handler, setting the ``_xsrf`` cookie (imports
    Voila when asked)."""
    from voila.tornado.handler import TornadoVoilaHandler

    class LearnerPageHandler(TornadoVoilaHandler):
        """Voila's page handler, which also sets tornado's ``_xsrf`` cookie: Voila's page
        sends it back with its "shut my kernel down" request when the page is left."""

        async def get(self, path=None):
            self.xsrf_token             # tornado sets the cookie when the token is first read
            return await super().get(path=path)

    return LearnerPageHandler


def _app_class():
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    page_handler = page_handler_class()

    class LessonsVoila(Voila):
        """Voila, opening the browser on the lesson list instead of the folder's file list,
        its pages setting the cookie that lets a page left free its kernel."""

        start_page = LIST

        def init_handlers(self):
            return [(spec[0], page_handler, *spec[2:]) if spec[1] is TornadoVoilaHandler else spec
                    for spec in super().init_handlers()]

        def launch_browser(self):
            try:
                browser = webbrowser.get(self.browser or None)
            except webbrowser.Error as e:
                self.log.warning("No web browser found: %s.", e)
                return
            url = f"{self.connection_url.rstrip('/')}/voila/render/{self.start_page}"
            threading.Thread(target=lambda: browser.open(url, new=self.webbrowser_open_new),
                             daemon=True).start()

    return LessonsVoila


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutor.lessons.serve",
                                 description="The Canasta lessons in the learner view (Voila).")
    ap.add_argument("--lang", choices=LANGUAGES, default=None,
                    help="the language of the lessons (default: the system's, else English)")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--ip", default="127.0.0.1")
    ap.add_argument("--no-browser", action="store_true", help="do not open a browser")
    ap.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    lang = args.lang or default_language()
    t = translator(lang)
    if not (args.root / start_page(lang)).is_file():
        print(t.gettext("error: the lesson notebooks are missing ({path}); build them with: "
                        "python scripts/build_notebooks.py").format(path=args.root / start_page(lang)),
              file=sys.stderr)
        return 2
    app_class = _app_class()
    c = voila_config(args.root, lang)
    c.Voila.port = args.port
    c.Voila.ip = args.ip
    c.Voila.open_browser = not args.no_browser
    app = app_class(config=c)
    app.start_page = start_page(lang)
    app.initialize([str(args.root)])
    print(t.gettext("The lessons: {url}   (stop with Ctrl-C)").format(
        url=f"http://{args.ip}:{app.port}/voila/render/{start_page(lang)}"), flush=True)
    app.start()
    return 0


if __name__ == "__main__":
    sys.exit(main())
