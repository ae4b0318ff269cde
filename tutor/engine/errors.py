"""Errors the engine raises. All are `ValueError`s and say in words what is wrong."""
from __future__ import annotations


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input."""


class CardError(TutorError):
    """Text that is not a card."""


class RulesError(TutorError):
    """An unknown variant flag or value, or a variant that is not built yet."""


class PositionError(TutorError):
    """Position text that cannot be a position; `.line` and `.column` count from 1."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        self.message, self.line, self.column = message, line, column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)


class MoveError(TutorError):
    """Move text that is not a move at all (an unknown word, a bad card); `.column` from 1."""

    def __init__(self, message: str, column: int = 0):
        self.message, self.column = message, column
        super().__init__((f"column {column}: " if column else "") + message)


class IllegalMove(TutorError):
    """A well-formed move that the rules forbid here; `.ruling` says which rule and why."""

    def __init__(self, ruling):
        self.ruling = ruling
        super().__init__(f"{ruling.rule}: {ruling.explain()}")
