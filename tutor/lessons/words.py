"""A move in a learner's words: kept here for old imports; the words live in
`tutor.engine.plainwords`, shared by the lessons and the table."""
from __future__ import annotations

from ..engine.plainwords import cards_words, move_words

__all__ = ["move_words", "cards_words"]
