"""Canasta rules tutor: an engine that knows the rulebook and says why.

    import tutor
    pos = tutor.Position.parse(text)          # PositionError on bad text
    ruling = tutor.judge(pos, "take KH KS")   # .legal, .rule, .explain()
    after = pos.play("take KH KS")            # IllegalMove if the rules forbid it
    tutor.legal_moves(pos); tutor.score_hand(pos); tutor.deal(seed=7)

The engine uses the standard library only; the widgets live in `tutor.table` and
import ipywidgets/ipycanvas only when used.
"""
from .engine.cards import Card
from .engine.errors import CardError, IllegalMove, MoveError, PositionError, RulesError, TutorError
from .engine.position import Meld, Position
from .engine.formats import FORMATS, Format
from .engine.ruleset import Ruleset
from .engine.moves import Move
from .engine.ruling import Check, Ruling
from .engine.judge import judge
from .engine.generate import legal_moves, legal_rulings
from .engine.deal import deal
from .engine.scoring import Game, score_hand
from .engine.goout import can_go_out

__all__ = ["Card", "Check", "CardError", "Game", "IllegalMove", "Meld", "Move", "MoveError",
           "Position", "PositionError", "Ruleset", "Ruling", "RulesError", "FORMATS", "Format",
           "TutorError", "can_go_out", "deal", "judge", "legal_moves", "legal_rulings", "score_hand"]
__version__ = "0.1.0"
