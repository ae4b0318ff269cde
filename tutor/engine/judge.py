"""The judge: is this move legal here, which rule decides, and what happens if it is played.

`judge(position, move)` runs the checks of the move's kind in order (checks.py, one per
rule id) and stops at the first that fails. The ruling keeps every check it ran, so a
legal move can be explained as well as an illegal one. A legal ruling also knows the
position after the move (built only when asked for), which is what `Position.play`
returns — what the tutor says and what the engine does cannot differ.
"""
from __future__ import annotations

from . import checks
from .moves import Move
from .position import Position, as_position
from .ruling import Check, Ruling


class _Stop(Exception):
    """A check failed: the ruling is decided."""


class Trial:
    """One move being judged: the position, the move, the checks run so far."""

    __slots__ = ("pos", "move", "cards", "team", "hand", "rest", "checks", "plan", "cite")

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
        self.cite = None        # builds the passed checks a legal move cites, when read

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
    if not any(check is decisive for check in trial.checks):
        trial.checks.append(decisive)      # the ruling keeps the check that decided it too
    return Ruling(position, move, trial.checks, decisive,
                  (lambda: checks.after_plan(position, plan)) if plan is not None else None,
                  trial.cite)


def _common(trial: Trial) -> None:
    """Checks every move passes first: the hand is not over, the right seat acts."""
    pos, move = trial.pos, trial.move
    if pos.phase == "over":
        trial.need(checks.hand_over(pos))
    if move.kind in ("yes", "no"):
        trial.need(checks.answer_needs_question(pos, move))
        if move.seat is not None:
            trial.need(checks.turn_order(pos, move.seat, pos.actor, answering=True))
        return
    if move.seat is not None and move.seat != pos.turn:
        trial.need(checks.turn_order(pos, move.seat, pos.turn))
    if pos.asked == "pending":
        trial.need(checks.question_pending(pos))


def _judge_draw(trial: Trial) -> Check:
    _common(trial)
    trial.need(checks.turn_draw_phase(trial))
    if not trial.pos.stock:
        decisive = trial.need(checks.stock_out_draw(trial))
        checks.red3_on_turn(trial)
        trial.plan = checks.Plan("end-stock")
        return decisive
    decisive = trial.need(checks.draw_ok(trial))
    checks.red3_on_turn(trial)
    trial.plan = checks.Plan("draw")
    return decisive


def _judge_take(trial: Trial) -> Check:
    _common(trial)
    trial.need(checks.turn_draw_phase(trial))
    trial.need(checks.stock_out_take(trial))
    trial.need(checks.pile_empty(trial))
    trial.need(checks.pile_black_three(trial))
    trial.need(checks.pile_top_natural(trial))
    trial.need(checks.pile_one_card(trial))
    trial.need(checks.red_threes_stay_out(trial))
    trial.need(checks.own_cards(trial))
    trial.need(checks.take_group_aim(trial))
    trial.need(checks.take_wilds_only(trial))
    decisive = trial.need(checks.take_frozen(trial)) or trial.need(checks.take_unfrozen(trial))
    checks.red3_on_turn(trial)
    plan = checks.lay_groups(trial, taking=True)
    checks.cutthroat_first_take(trial)
    checks.after_laying(trial, plan)
    trial.plan = plan
    return checks.permitting(trial, plan, decisive)


def _judge_meld(trial: Trial) -> Check:
    _common(trial)
    trial.need(checks.turn_draw_phase(trial))
    trial.need(checks.red_threes_stay_out(trial))
    trial.need(checks.own_cards(trial))
    plan = checks.lay_groups(trial, taking=False)
    checks.after_laying(trial, plan)
    trial.plan = plan
    step = checks.turn_meld(trial, plan)    # the turn's step allows melding now: kept in the
    trial.checks.append(step)               # ruling's checks, cited only if nothing else is
    return checks.permitting(trial, plan, step)


def _judge_discard(trial: Trial) -> Check:
    _common(trial)
    trial.need(checks.turn_draw_phase(trial))
    trial.need(checks.one_discard(trial))
    trial.need(checks.red_threes_stay_out(trial))
    trial.need(checks.own_cards(trial))
    trial.plan = plan = checks.Plan("discard", hand=trial.rest)
    plan.laid = trial.cards[0]
    if not plan.hand:
        trial.need(checks.goout_binding_no(trial))
        melds = trial.pos.team_melds(trial.team)
        canastas = sum(1 for m in melds if m.is_canasta)
        trial.need(checks.goout_canasta(
            trial, canastas >= trial.pos.rules.format.canastas_to_go_out, melds))
        plan.out = True
        return trial.need(checks.goout_last_card(trial))
    trial.need(checks.must_go_out(trial, plan))
    checks.cutthroat_stock_end(trial)
    return trial.need(checks.turn_discard(trial))


def _judge_ask(trial: Trial) -> Check:
    _common(trial)
    decisive = trial.need(checks.ask_ok(trial))
    trial.plan = checks.Plan("ask")
    return decisive


def _judge_answer(trial: Trial) -> Check:
    _common(trial)
    decisive = trial.need(checks.answer_ok(trial))
    trial.plan = checks.Plan(trial.move.kind)
    return decisive


def _judge_exchange(trial: Trial) -> Check:
    _common(trial)
    return trial.need(checks.wild_fixed(trial))


_JUDGES = {"draw": _judge_draw, "take": _judge_take, "meld": _judge_meld,
           "discard": _judge_discard, "ask": _judge_ask, "yes": _judge_answer,
           "no": _judge_answer, "exchange": _judge_exchange}
