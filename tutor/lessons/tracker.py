"""One learner's progress through one lesson, kept in the progress store.

The lesson page gives a `Tracker` to each of its tables and questions: they `record` every
try, and the page's checklist listens (`on_change`) to tick what is done. The store is
`tutor.progress.ProgressStore` (SQLite in the Jupyter data dir), opened once per kernel;
when it cannot be opened at all (a read-only home, say) the lessons still work and the
page says, in words, that progress is not kept.

In Voila's preheated kernels a page is run before its learner asks for it, so what it read
from the store may be old by then: the page calls `refresh` once the request has come.
"""
from __future__ import annotations

import sqlite3

from ..i18n import N_, translator

NOT_KEPT = N_("Your progress cannot be saved on this computer ({reason}), so it will not be "
              "kept after you close the lesson.")

_store = None
_store_error = None
DEFAULT = object()        # Tracker(store=DEFAULT): the kernel's store (None: keep nothing)


def open_store():
    """The kernel's progress store (opened once), or None when it cannot be opened."""
    global _store, _store_error
    if _store is None and _store_error is None:
        from ..progress import ProgressStore
        try:
            _store = ProgressStore()
        except (OSError, sqlite3.Error) as e:
            _store_error = str(e) or type(e).__name__
        import os
        if _store is not None and os.environ.get("TUTOR_HUB_SERVICE"):
            # on a JupyterHub: the teacher's service hears of every try too
            from ..classroom.hub.report import mirrored
            _store = mirrored(_store)
    return _store


def use_store(store) -> None:
    """Use this store from now on (the tests give one in a temporary folder)."""
    global _store, _store_error
    _store, _store_error = store, None


class Tracker:
    """Progress of the current learner in lesson `lesson_key`."""

    def __init__(self, lesson_key: str, store=DEFAULT, learner: str | None = None):
        self.lesson = lesson_key
        self.store = open_store() if store is DEFAULT else store
        self._given = learner
        self.learner = learner
        self._done = set()
        self._observers = []
        self.refresh(notify=False)

    def refresh(self, notify: bool = True) -> None:
        """Read the learner's progress again (and who the learner is)."""
        from ..progress import current_learner
        self.learner = self._given or current_learner()
        self._done = self.store.done(self.learner, self.lesson) if self.store else set()
        if notify:
            self._notify()

    def on_change(self, callback) -> None:
        self._observers.append(callback)

    def _notify(self) -> None:
        for cb in list(self._observers):
            cb(self)

    def is_done(self, item: str) -> bool:
        return item in self._done

    @property
    def done(self) -> set:
        return set(self._done)

    def record(self, item: str, kind: str, right: bool, counts: bool = True) -> None:
        """One try at a task (kind "task") or a question (kind "question"); a right try that
        does not count (`counts`, a question's second try) is kept but marks nothing done."""
        if self.store is not None and self.learner:        # "": a class page with nobody yet
            self.store.record(self.learner, self.lesson, item, kind, right, counts=counts)
        if right and counts and item not in self._done:
            self._done.add(item)
            self._notify()

    def missed(self) -> list:
        """The questions of this lesson tried and not done yet (to bring back)."""
        return self.store.missed(self.learner, self.lesson) if self.store is not None else []

    def visit(self) -> None:
        """The learner is on this lesson now (where "continue" leads, until an item is done)."""
        if self.store is not None and self.learner:
            place = self.store.last_place(self.learner)
            if place is None or place[0] != self.lesson:
                self.store.set_place(self.learner, self.lesson, "")

    def notice(self, lang: str = "en") -> str | None:
        """Why progress started afresh or is not kept, in words; None when all is well."""
        t = translator(lang)
        if self.store is None:
            return t.gettext(NOT_KEPT).format(reason=_store_error or "?")
        return self.store.notice_text(t.gettext)
