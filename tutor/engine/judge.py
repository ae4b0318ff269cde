"""The judge: is this move legal here, which rule decides, and what happens if it is played.

`judge(position, move)` runs the checks of the move's kind in order (checks.py, one per
rule id) and stops at the first that fails. The ruling keeps every check it ran, so a
legal move can be explained as well as an illegal one. A legal ruling also knows the
position after the move (built only when asked for), which is what `Position.play`
returns — what the tutor says and what the engine does cannot differ.
"""
from __future__ import annotations

from . import checks as C
from .moves import Move
from .position import Position, as_position
from .ruling import Check, Ruling


class _Stop(Exception):
    """A check failed: the ruling is decided."""


class Trial:
    """One move being judged: the position, the move, the checks run so far."""

    __slots__ = ("pos", "move", "cards", "team", "hand", "rest", "checks", "plan")

    def __init__(self, pos: Position, move: Move):
        self.pos = pos
        self.move = move
        groups = move.groups                                          # every card the move names:
        self.cards = (groups[0].cards if len(groups) == 1 else        # (one group is the usual)
                      tuple(c for g in groups for c in g.cards))
        self.rest = None        # the hand without those cards, once own_cards has checked them
        self.team = pos.team
        self.hand = pos.hand()
        self.checks: list[Check] = []
        self.plan = None

    def need(self, check: Check | None) -> Check | None:
        """Record a check; stop judging if it failed."""
        if check is not None:
            self.checks.append(check)
            if not check.ok:
                raise _Stop
        return check


def judge(position: Position, move) -> Ruling:
    """Judge `move` (text or `Move`) in `position` (a Position or its text). Bad move text
    raises `MoveError`."""
    if not isinstance(position, Position):
        position = as_position(position)
    return judge_built(position, Move.parse(move))


def judge_built(position: Position, move: Move) -> Ruling:
    """`judge` for a well-formed `Move` built by the engine itself (generate.py): the checks
    of `Move.parse` on a hand-built Move are skipped, as these cannot fail."""
    trial = Trial(position, move)
    try:
        decisive = _JUDGES[move.kind](trial)
    except _Stop:
        return Ruling(position, move, trial.checks, trial.checks[-1])
    plan = trial.plan
    return Ruling(position, move, trial.checks, decisive,
                  (lambda: C.after_plan(position, plan)) if plan is not None else None)


def _common(t: Trial) -> None:
    """Checks every move passes first: the hand is not over, the right seat acts."""
    pos, move = t.pos, t.move
    if pos.phase == "over":
        t.need(C.hand_over(pos))
    if move.kind in ("yes", "no"):
        t.need(C.answer_needs_question(pos, move))
        if move.seat is not None:
            t.need(C.turn_order(pos, move.seat, pos.actor, answering=True))
        return
    if move.seat is not None and move.seat != pos.turn:
        t.need(C.turn_order(pos, move.seat, pos.turn))
    if pos.asked == "pending":
        t.need(C.question_pending(pos))


def _judge_draw(t: Trial) -> Check:
    _common(t)
    t.need(C.turn_draw_phase(t))
    if not t.pos.stock:
        decisive = t.need(C.stock_out_draw(t))
        C.red3_on_turn(t)
        t.plan = C.Plan("end-stock")
        return decisive
    decisive = t.need(C.draw_ok(t))
    C.red3_on_turn(t)
    t.plan = C.Plan("draw")
    return decisive


def _judge_take(t: Trial) -> Check:
    _common(t)
    t.need(C.turn_draw_phase(t))
    t.need(C.stock_out_take(t))
    t.need(C.pile_empty(t))
    t.need(C.pile_black_three(t))
    t.need(C.pile_top_natural(t))
    t.need(C.pile_one_card(t))
    t.need(C.red_threes_stay_out(t))
    t.need(C.own_cards(t))
    t.need(C.take_group_aim(t))
    t.need(C.take_wilds_only(t))
    decisive = t.need(C.take_frozen(t)) or t.need(C.take_unfrozen(t))
    C.red3_on_turn(t)
    plan = C.lay_groups(t, taking=True)
    C.cutthroat_first_take(t)
    C.after_laying(t, plan)
    t.plan = plan
    return C.permitting(t, plan, decisive)


def _judge_meld(t: Trial) -> Check:
    _common(t)
    t.need(C.turn_draw_phase(t))
    t.need(C.red_threes_stay_out(t))
    t.need(C.own_cards(t))
    plan = C.lay_groups(t, taking=False)
    C.after_laying(t, plan)
    t.plan = plan
    return C.permitting(t, plan, C.turn_meld(t, plan))


def _judge_discard(t: Trial) -> Check:
    _common(t)
    t.need(C.turn_draw_phase(t))
    t.need(C.one_discard(t))
    t.need(C.red_threes_stay_out(t))
    t.need(C.own_cards(t))
    t.plan = plan = C.Plan("discard", hand=t.rest)
    plan.laid = t.cards[0]
    if not plan.hand:
        t.need(C.goout_binding_no(t))
        melds = t.pos.team_melds(t.team)
        t.need(C.goout_canasta(t, sum(1 for m in melds if m.is_canasta)
                               >= t.pos.rules.format.canastas_to_go_out, melds))
        plan.out = True
        return t.need(C.goout_last_card(t))
    t.need(C.must_go_out(t, plan))
    C.cutthroat_stock_end(t)
    return t.need(C.turn_discard(t))


def _judge_ask(t: Trial) -> Check:
    _common(t)
    decisive = t.need(C.ask_ok(t))
    t.plan = C.Plan("ask")
    return decisive


def _judge_answer(t: Trial) -> Check:
    _common(t)
    decisive = t.need(C.answer_ok(t))
    t.plan = C.Plan(t.move.kind)
    return decisive


def _judge_exchange(t: Trial) -> Check:
    _common(t)
    return t.need(C.wild_fixed(t))


_JUDGES = {"draw": _judge_draw, "take": _judge_take, "meld": _judge_meld,
           "discard": _judge_discard, "ask": _judge_ask, "yes": _judge_answer,
           "no": _judge_answer, "exchange": _judge_exchange}
