"""Tasks on a lesson's table: "Take the pile", "Show why the joker does not help: try it".

A section that shows a table sets tasks on it, one after the other, as lichess Learn does.
Each task says in plain words what to do (``do``); what the learner then does on the table
is judged by the engine, and the task is done when the ruling is the one the task asks for:

- ``move``: the kind of move (``draw``, ``take``, ``meld``, ``discard``, ``ask``, ``yes``, ``no``);
- ``expect``: ``legal`` (do it) or ``illegal`` (show why it is not allowed: try it);
- ``rule``: for ``illegal``, the rule that must refuse it; for ``legal``, a rule the ruling
  must name among its reasons (optional);
- ``uses``: cards the move must use (optional), e.g. ``["2C"]`` for "meld with the two";
- ``example``: a move that does the task; the tests play it against the engine, and
  "Show me" selects its cards on the table.

A legal move that is not the task is taken back at once (the table stays where the task
starts) and the learner is told why; the task's ``nudge`` is shown after a wrong try.
``reset = true`` puts the table back to its staged position before the task starts: after
the task before it, the learner first sees what their move did, then presses "Next step".

`TaskRun` follows one table's `TableSession` through ``session.on_ruling`` and keeps no
widgets: the lesson page draws it (tutor/lessons/page.py), the tests drive it headless.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

MOVE_KINDS = ("draw", "take", "meld", "discard", "ask", "yes", "no")


@dataclass
class Task:
    id: str
    number: int                 # 1, 2 … among the tasks on this table's position
    position: str               # the name of the table's position
    do: str
    move: str
    expect: str
    rule: str = ""
    uses: tuple = ()
    example: str = ""
    nudge: str = ""
    done: str = ""
    reset: bool = False

    @property
    def item(self) -> str:
        """The progress item: ``task:<position>:<n>``."""
        return f"task:{self.position}:{self.number}"

    def matches(self, ruling) -> bool:
        """Whether this ruling is what the task asks for."""
        move = ruling.move
        if move.kind != self.move or bool(ruling.legal) != (self.expect == "legal"):
            return False
        if self.rule:
            if self.expect == "illegal" and ruling.rule != self.rule:
                return False
            if self.expect == "legal" and self.rule not in ruling.reasons:
                return False
        if self.uses:
            held = Counter(c.text for c in move.cards)
            if any(held[c] < n for c, n in Counter(self.uses).items()):
                return False
        return True

    def problems(self, position) -> list:
        """What is wrong with this task in `position` (where it starts), asked of the engine."""
        import tutor
        where = f"task {self.position}:{self.number} ({self.id})"
        if self.move not in MOVE_KINDS:
            return [f"{where}: move must be one of {MOVE_KINDS}, not {self.move!r}"]
        if self.expect not in ("legal", "illegal"):
            return [f"{where}: expect must be 'legal' or 'illegal'"]
        if not self.example:
            return [f"{where}: needs an example move (the tests play it)"]
        try:
            ruling = tutor.judge(position, self.example)
        except tutor.TutorError as e:
            return [f"{where}: example {self.example!r}: {e}"]
        if not self.matches(ruling):
            return [f"{where}: the example {self.example!r} does not do the task: the judge says "
                    f"{'legal' if ruling.legal else 'illegal'} ({ruling.rule}, reasons "
                    f"{', '.join(ruling.reasons)}): {ruling.explain()}"]
        return []


def start_positions(staged, tasks) -> list:
    """Where each task starts when the ones before it were done by their examples."""
    out, pos = [], staged
    for task in tasks:
        if task.reset:
            pos = staged
        out.append(pos)
        ruling = _judge(pos, task.example)
        if ruling.legal:
            pos = ruling.after
    return out


def _judge(pos, move):
    from ..engine.judge import judge
    return judge(pos, move)


class TaskRun:
    """The tasks of one table, followed on its session.

    ``state`` after each ruling: ``"right"`` (the task is done; ``current`` moved on),
    ``"wrong"`` (a refused move), ``"back"`` (a legal move that is not the task, taken
    back), ``"finished"`` (every task done). ``waiting``: the next task starts from the
    staged position, and the table stays as it is until `go_on` (the "Next step" button).
    ``on_change(callback)``: ``callback(run)`` after every change.
    ``record(task, right)`` is called for every try (the lesson page keeps progress).
    """

    def __init__(self, session, tasks, done=(), record=None):
        self.session = session
        self.tasks = list(tasks)
        self.done = set()               # the items of the tasks done (now or before)
        self.record = record
        self.state = ""                 # "", "right", "wrong", "back", "finished"
        self.last = None                # the last ruling judged for a task
        self.last_task = None           # the task that ruling was judged for
        self.misses = 0                 # wrong tries at the current task
        self.waiting = False
        self._observers = []
        self._quiet = False
        self._starts = start_positions(session.staged, self.tasks)
        self.staged = session.staged
        self.current = 0
        self.resume(done)
        session.on_ruling(self._ruled)

    def resume(self, done) -> None:
        """Tasks done before (progress read from the store): tick them and start at the
        first one not done, where it starts — unless the learner has begun on this table."""
        self.done |= {task.item for task in self.tasks if task.item in set(done)}
        if self.session.past or self.state:
            return
        first = next((i for i, task in enumerate(self.tasks) if task.item not in self.done),
                     len(self.tasks))
        if first != self.current:
            self.current = first
            if first < len(self.tasks):
                self._set_start(self._starts[first])
            self._notify()

    # ---- what the page shows --------------------------------------------------------
    @property
    def task(self):
        return self.tasks[self.current] if self.current < len(self.tasks) else None

    @property
    def finished(self) -> bool:
        return self.current >= len(self.tasks)

    def on_change(self, callback) -> None:
        self._observers.append(callback)

    def _notify(self) -> None:
        for cb in list(self._observers):
            cb(self)

    # ---- following the table -----------------------------------------------------------
    def _ruled(self, ruling) -> None:
        task = self.task
        if self._quiet or self.waiting or task is None or ruling is None:
            return
        self.last, self.last_task = ruling, task
        right = task.matches(ruling)
        if self.record:
            self.record(task, right)
        if right:
            self.done.add(task.item)
            self.misses = 0
            self.current += 1
            if self.session.selection:         # a refused try keeps its cards selected:
                self._quiet = True             # the next step starts with none
                try:
                    self.session.clear_selection()
                finally:
                    self._quiet = False
            self.state = "finished" if self.finished else "right"
            self.waiting = self.task is not None and self.task.reset
        else:
            self.misses += 1
            self.state = "wrong"
            if ruling.legal:                   # not the task: back to where it starts
                self.state = "back"
                self._quiet = True
                try:
                    self.session.undo()
                finally:
                    self._quiet = False
        self._notify()

    def _set_start(self, position, reset=True) -> None:
        """Make `position` where Reset returns to (and go there, with `reset`)."""
        self.session.staged = position
        if reset:
            self._quiet = True
            try:
                self.session.reset()
            finally:
                self._quiet = False

    def go_on(self) -> None:
        """The "Next step" button: the table back to its staged position for the next task."""
        if self.waiting:
            self.waiting = False
            self._set_start(self.staged)
            self.state = ""
            self._notify()

    def show_me(self) -> list:
        """Select the example's cards on the table (the learner then presses the button).
        Returns the cards selected."""
        task = self.task
        if task is None:
            return []
        from ..engine.moves import Move
        want = list(Move.parse(task.example).cards)
        self.session.clear_selection()
        hand = list(self.session.hand)
        picked = []
        for card in want:
            for i, held in enumerate(hand):
                if held is card and i not in self.session.selection:
                    self.session.select(i)
                    picked.append(card)
                    break
        return picked

    def again(self) -> None:
        """Start this table's tasks again from the first (what was done stays done)."""
        self.current, self.misses, self.state, self.last = 0, 0, "", None
        self.waiting = False
        self._set_start(self.staged)
        self._notify()
