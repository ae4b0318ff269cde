"""The table's session model: state and handlers, no widgets (tested headless).

A `TableSession` holds the staged position (what `reset` returns to), the current one, an
undo/redo history, the selected hand cards (by index into the bottom seat's hand), the
meld targeted for 'add to meld', the last ruling, the viewer seat and the teaching flag.
Every handler changes the model and then tells the observers (`on_change`), so a view
only has to redraw. The engine decides every rule: handlers build move text and ask
`tutor.judge`; nothing here knows a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.judge import judge as _judge
from ..engine.cards import Card, sort_cards
from ..engine.errors import MoveError, PositionError, TutorError
from ..engine.position import Meld, Position
from ..i18n import translator

ZONES = ("hand", "pile", "stock", "meld", "red3")


@dataclass
class HistoryEntry:
    """One entry of the history: the position reached and what led there."""
    position: Position
    label: str
    ruling: object = None


MODES = ("learner", "teacher")


@dataclass
class TableSession:
    """`mode`: "learner" — the bottom seat's view: hints, legal moves and the move box only
    on its own turn (another seat's options would tell its hidden cards); "teacher" —
    everything, for staging what-ifs. `players`: computer players by seat; a computer
    partner answers "may I go out?" itself. `lang`: the language of messages."""
    staged: Position
    viewer: str = "S"
    open_hands: bool = False
    follow_turn: bool = False            # the bottom seat follows the player to move (hot seat)
    players: dict = field(default_factory=dict)   # seat -> computer player, for play_on
    mode: str = "learner"
    lang: str = "en"

    def __post_init__(self):
        if isinstance(self.staged, str):
            self.staged = Position.parse(self.staged)
        if self.mode not in MODES:
            raise ValueError(f"mode must be 'learner' or 'teacher', not {self.mode!r}")
        seats = self.staged.format.seats
        if self.viewer not in seats:
            raise ValueError(f"viewer must be a seat ({', '.join(seats[:-1])} or {seats[-1]}), "
                             f"not {self.viewer!r}")
        self.position: Position = self.staged
        self.past: list[HistoryEntry] = []        # undo stack: earlier positions
        self.future: list[HistoryEntry] = []      # redo stack
        self.selection: list[int] = []
        self.groups: list[list[int]] = []  # melds put aside with 'next meld' (';')
        self.target: tuple | None = None  # (team, rank) of a clicked meld
        self.ruling = None                 # the last ruling (legal or not)
        self.message: str = ""             # a short note when there is no ruling (bad input)
        self.text_error: PositionError | None = None
        self.legal_list: list[str] | None = None
        self.last_hint = None
        self.last_steps: list = []
        self.game = None                   # a tutor.Game once a game is started
        self._observers: list = []
        self._ruling_observers: list = []

    # ---- observers --------------------------------------------------------------------
    def on_change(self, callback) -> None:
        """`callback(session, what)` after every change; what: position|selection|ruling|text|info."""
        self._observers.append(callback)

    def _notify(self, what: str) -> None:
        for cb in list(self._observers):
            cb(self, what)

    def on_ruling(self, callback) -> None:
        """`callback(ruling)` for every Ruling that the learner's own action on the table
        produced (a button, a typed move, `try_move`), legal or illegal, after the session
        (and so the view) has updated. Not called for the computer's moves, undo, redo,
        replay or text that is not a move (`message` says what is wrong then): a guided
        task listens here for what the learner tried."""
        self._ruling_observers.append(callback)

    # ---- who is at the bottom ------------------------------------------------------------
    @property
    def bottom(self) -> str:
        """The seat drawn at the bottom, whose hand can be selected."""
        if self.follow_turn and self.position.phase != "over":
            return self.position.turn
        return self.viewer

    @property
    def hand(self) -> tuple:
        return self.position.hand(self.bottom)

    def selected_cards(self) -> list:
        hand = self.hand
        return [hand[i] for i in sorted(self.selection) if i < len(hand)]

    @property
    def t(self):
        return translator(self.lang)

    def view(self):
        """What the bottom seat sees (everything, with open hands): a SeatView."""
        from ..engine.seatview import SeatView
        return SeatView.of(self.position, self.bottom, open=self.open_hands)

    def actor(self) -> str:
        return self.position.actor

    def sees_options(self) -> bool:
        """May the table list the moves and hints of the seat that acts now? Always for a
        teacher; for a learner only on the bottom seat's own turn (or answer)."""
        return self.mode == "teacher" or self.actor() == self.bottom

    def over_words(self) -> str:
        """What a move, Play on or "What can I do?" is told once the hand is over: no turn
        is anybody's any more (not "it is your turn" or "press Play on")."""
        return self.t.gettext("The hand is over: no moves are left in it.")

    def _not_yours(self) -> str:
        t = self.t
        return t.format(t.gettext("It is {seat:name}'s turn: press Play on to let the computer play."),
                        seat=self.actor())

    def _prefix(self) -> str:
        """Moves are made by the bottom seat: when it is not its turn, say so ('W: meld …')."""
        return "" if self.bottom == self.position.turn else f"{self.bottom}: "

    # ---- selection ---------------------------------------------------------------------------
    def select(self, index: int) -> list:
        """Toggle the selection of hand card `index` (of the bottom seat's hand)."""
        if not 0 <= index < len(self.hand):
            raise IndexError(f"no card {index} in a hand of {len(self.hand)}")
        if index in self.selection:
            self.selection.remove(index)
        else:
            self.selection.append(index)
        self._notify("selection")
        return list(self.selection)

    def clear_selection(self) -> None:
        self.selection = []
        self.groups = []
        self._notify("selection")

    def set_target(self, team: str | None, rank: str | None = None) -> None:
        """Aim 'add to meld' at a team's meld (clicking it); None clears."""
        self.target = (team, rank) if team else None
        self._notify("selection")

    def next_group(self) -> None:
        """Put the selected cards aside as one meld of a several-meld action (';' in the text)."""
        if self.selection:
            self.groups.append(sorted(self.selection))
            self.selection = []
        self._notify("selection")

    def _group_texts(self) -> list[str]:
        hand = self.hand
        used = set()
        out = []
        for group in self.groups + [sorted(self.selection)]:
            idx = [i for i in group if i < len(hand) and i not in used]
            used.update(idx)
            if idx:
                out.append(" ".join(hand[i].text for i in idx))
        return out

    # ---- moves -------------------------------------------------------------------------------
    def try_move(self, text):
        """Judge `text` (or a Move) for the player to move. Legal: play it and record it in the
        history. Illegal: the position stays. Returns the Ruling (None for text that is not a
        move at all: then `message` says what is wrong)."""
        self.legal_list = None
        self.last_hint = None
        self.last_steps = []
        try:
            ruling = _judge(self.position, text)
        except MoveError as exc:
            self.ruling = None
            # the engine's words, in the table's language; a learner is not told a column
            self.message = exc.text(self.lang, where=self.mode != "learner")
            self._notify("ruling")
            return None
        self.ruling = ruling
        self.message = ""
        if ruling.legal:
            self._push(ruling.after, str(ruling.move), ruling)
            self.selection, self.groups = [], []
            self.target = None
            self._computer_answers()
            self._notify("position")
        else:
            self._notify("ruling")
        for cb in list(self._ruling_observers):
            cb(ruling)
        return ruling

    def _computer_answers(self) -> None:
        """After "may I go out?", a computer partner answers at once (a person answers with
        the Yes and No buttons)."""
        pos = self.position
        if pos.asked != "pending" or pos.actor not in self.players:
            return
        from .. import autoplay
        partner = pos.actor
        steps = autoplay.play_on(pos, {partner: self.players[partner]}, max_moves=1)
        for step in steps:
            self._push(step.after, f"{step.seat}: {step.move}", step.ruling)
        self.last_steps = list(steps)

    def _push(self, position: Position, label: str, ruling=None) -> None:
        self.past.append(HistoryEntry(self.position, label, ruling))
        self.future.clear()
        self.position = position

    def _need_cards(self, what: str) -> bool:
        if self.selection or self.groups:
            return True
        self.ruling = None
        self.message = self.t.gettext("Select cards in your hand first, then press {button}.").format(
            button=what)
        self._notify("ruling")
        return False

    def draw(self):
        return self.try_move(self._prefix() + "draw")

    def take(self):
        """Take the pile; the selected cards (and groups) meld with its top card."""
        groups = self._group_texts()
        return self.try_move(self._prefix() + ("take " + "; ".join(groups) if groups else "take"))

    def meld(self):
        """Meld the selection (and any groups put aside with `next_group`, ';' between)."""
        if not self._need_cards(self.t.gettext("Meld")):
            return None
        return self.try_move(self._prefix() + "meld " + "; ".join(self._group_texts()))

    def add_to(self, rank: str | None = None, team: str | None = None):
        """Add the selected cards to a meld: `rank`, or the clicked target."""
        if rank is None and self.target:
            team, rank = self.target
        if rank is None:
            self.ruling = None
            self.message = (self.t.gettext("Click one of your melds first, then Add to meld.")
                            if not self.position.format.partners(self.bottom) else
                            self.t.gettext("Click one of your team's melds first, then Add to meld."))
            self._notify("ruling")
            return None
        if not self._need_cards(self.t.gettext("Add to meld")):
            return None
        cards = " ".join(c.text for c in self.selected_cards())
        head = (f"{team} {rank}:" if team and team != self.position.format.side_of(self.bottom)
                else f"{rank}:")
        return self.try_move(self._prefix() + f"meld {head} {cards}")

    def discard(self):
        """Discard the selection: the engine judges it (one card ends the turn, `turn.discard`)."""
        cards = self.selected_cards()
        if not cards:
            self.ruling = None
            self.message = self.t.gettext("Select the card to discard first.")
            self._notify("ruling")
            return None
        return self.try_move(self._prefix() + "discard " + " ".join(c.text for c in cards))

    def ask(self):
        return self.try_move(self._prefix() + "ask")

    def answer(self, yes: bool):
        return self.try_move("yes" if yes else "no")

    def legal_moves(self) -> list[str]:
        """'What can I do?': every legal move here, as text."""
        from ..engine.generate import legal_moves
        if self.position.phase == "over":   # nobody's turn any more: no "It is North's turn"
            self.legal_list, self.message = None, self.over_words()
            self._notify("info")
            return []
        if not self.sees_options():
            self.legal_list, self.message = None, self._not_yours()
            self._notify("info")
            return []
        try:
            self.legal_list = [str(m) for m in legal_moves(self.position)]
        except TutorError as exc:
            self.legal_list = []
            self.message = str(exc)
        self._notify("info")
        return self.legal_list

    # ---- history -------------------------------------------------------------------------
    def _move_step(self, source: list, target: list) -> HistoryEntry:
        """Move one step from one history stack to the other; the position follows."""
        entry = source.pop()
        target.append(HistoryEntry(self.position, entry.label, entry.ruling))
        self.position = entry.position
        return entry

    def undo(self) -> bool:
        if not self.past:
            return False
        self._move_step(self.past, self.future)
        self._after_jump()
        return True

    def redo(self) -> bool:
        """Step forward again, showing the ruling of that step (how a replay is read)."""
        if not self.future:
            return False
        entry = self._move_step(self.future, self.past)
        self._after_jump(entry.ruling)
        return True

    def replay_start(self) -> int:
        """Go back to the start of the recorded steps, keeping them: each Redo then replays
        one step with its ruling. Returns how many steps can be replayed."""
        while self.past:
            self._move_step(self.past, self.future)
        self._after_jump()
        n = len(self.future)
        self.message = self.t.ngettext("Replay: {n} step; press Redo to step through it.",
                                       "Replay: {n} steps; press Redo to step through them.", n).format(n=n)
        self._notify("info")
        return len(self.future)

    def reset(self) -> None:
        """Back to the staged position; the history is cleared."""
        self.position = self.staged
        self.past.clear()
        self.future.clear()
        self._after_jump()

    def _after_jump(self, ruling=None) -> None:
        self.selection, self.groups, self.target = [], [], None
        self.ruling, self.message, self.legal_list, self.last_hint = ruling, "", None, None
        self.last_steps = []
        self.text_error = None
        self._notify("position")

    def new_hand(self, seed: int = 0, rules="default") -> Position:
        from ..engine.deal import deal
        self.staged = deal(seed=seed, rules=rules, score=self.position.score)
        self.reset()
        return self.staged

    # ---- a whole game -------------------------------------------------------------------------
    def start_game(self, seed: int = 0, rules=None, target: int | None = None) -> Position:
        """A new game to `target` (game.end; None: the table's own, 5000, or 10000 or 7500 for
        six, players.game-six): the first hand is dealt, totals start at 0. `rules` None: the
        table's own rules (its player count too: the New game button keeps the table's)."""
        from ..engine.scoring import Game
        self.game = Game(self.position.rules if rules is None else rules, target=target)
        self._seed = seed
        self.staged = self.game.next_deal(seed)
        self.reset()
        return self.staged

    def next_hand(self) -> Position | None:
        """Score the finished hand into the game's totals and deal the next one (the deal
        rotates, the new totals set the first meld's minimum). None once the game is over."""
        if self.position.phase != "over":
            self.message = self.t.gettext("Finish this hand first: the next hand is dealt when it is over.")
            self._notify("info")
            return None
        if self.game is None:
            self.start_game()
            return self.staged
        try:
            self.game.add_hand(self.position)
        except TutorError as exc:           # the text edited to another table or rules mid-game
            self.message = exc.text(self.lang)
            self._notify("info")
            return None
        if self.game.is_over:
            self.message = self.game_over_words()
            self._notify("info")
            return None
        self.staged = self.game.next_deal(self._seed + len(self.game.hands))
        self.reset()
        return self.staged

    def scored_game(self):
        """The game with the hand on the table counted once it is over: a copy of `game`
        with the finished hand added (the real game adds it when the next hand is dealt,
        `next_hand`). While the hand goes on, the game itself. None without a game."""
        g = self.game
        if g is None or self.position.phase != "over" or g.is_over:
            return g
        import copy
        after = copy.copy(g)
        after.hands = list(g.hands)
        try:
            after.add_hand(self.position)
        except TutorError:                  # not a hand of this game (its text edited): not counted
            return g
        return after

    def game_status(self) -> str:
        """Running totals, or the final result (winner and margin). Once the hand is over
        the totals count it and the dealer named is the next hand's."""
        g = self.scored_game()
        if g is None:
            return ""
        if g.is_over:
            return self.game_over_words(g)
        t = self.t
        over = self.position.phase == "over"
        hand = len(g.hands) if over else len(g.hands) + 1   # over: the finished hand is counted,
        if g.format.sides != ("NS", "EW"):                  # g.dealer deals the next
            words = (t.gettext("Game to {target}: hand {hand}, running totals {totals} "
                               "(next dealer {dealer:name}).") if over else
                     t.gettext("Game to {target}: hand {hand}, running totals {totals} (dealer {dealer:name})."))
            return t.format(words, target=g.target, hand=hand, totals=self._totals_words(g),
                            dealer=g.dealer)
        ns, ew = g.totals
        words = (t.gettext("Game to {target}: hand {hand}, running totals North–South {ns}, "
                           "East–West {ew} (next dealer {dealer:name}).") if over else
                 t.gettext("Game to {target}: hand {hand}, running totals North–South {ns}, "
                           "East–West {ew} (dealer {dealer:name})."))
        return t.format(words, target=g.target, hand=hand, ns=ns, ew=ew, dealer=g.dealer)

    def game_over_words(self, g=None) -> str:
        """The game's end for a learner (`g`, default the table's game): the totals and who
        won, by the teams' names, with no rule id and no team codes (`Game.result_text` is
        the notation's)."""
        g, t = g or self.game, self.t
        if g.format.sides != ("NS", "EW"):          # two, three or six players: every side
            words = [t.format(t.gettext("The game is over: {totals}."), totals=self._totals_words(g))]
        else:
            ns, ew = g.totals
            words = [t.format(t.gettext("The game is over: North–South {ns}, East–West {ew}."), ns=ns, ew=ew)]
        from ..lessons import game_result_words
        words.append(game_result_words(g, t))
        return " ".join(words)

    def _totals_words(self, g=None) -> str:
        """Every side's running total by its name: "North 1200, South 800", "Team 1 3400, …"."""
        t, g = self.t, g or self.game
        return ", ".join(t.format("{side} {total}", side=t.side_name(side), total=total)
                         for side, total in zip(g.format.sides, g.totals))

    # ---- what-if editing -------------------------------------------------------------------
    def set_text(self, text: str) -> bool:
        """Replace the position by edited text (undoable). Bad text: keep the last good
        position and expose the error (`text_error.line`, `.column`)."""
        try:
            pos = Position.parse(text)
        except PositionError as exc:
            self.text_error = exc
            self._notify("text")
            return False
        self.text_error = None
        if pos != self.position:
            self._push(pos, "edit")
            self.selection, self.groups, self.target = [], [], None
            self.ruling, self.message = None, ""
        self._notify("position")
        return True

    def move_card(self, card, from_zone: str, to_zone: str) -> Position:
        """Move one card between zones (what-if editing), keeping every card of the deck.

        Zones: ``hand:S``, ``pile``, ``stock``, ``meld:NS:K``, ``red3:NS`` (a bare ``hand``
        or ``meld:K`` means the bottom seat / its team). The result must still be a position
        the notation accepts; otherwise `PositionError` and nothing changes."""
        card = Card(card) if isinstance(card, str) else card
        zones = self._zones(self.position)
        src, dst = self._zone_key(from_zone), self._zone_key(to_zone)
        if src == dst:
            return self.position
        if card not in zones.setdefault(src, []):
            raise PositionError(self.t.gettext("{card} is not in {zone}").format(
                card=card.pretty, zone=from_zone))
        zones[src].remove(card) if src != "pile" else _remove_last(zones[src], card)
        zones.setdefault(dst, []).append(card)
        pos = self._rebuild(zones)
        text = pos.to_text()
        try:
            pos = Position.parse(text)
        except PositionError as exc:
            self.text_error = exc
            self._notify("text")
            raise
        assert pos.card_count() == pos.format.deck_size
        self.text_error = None
        self._push(pos, f"move {card.text} {from_zone} → {to_zone}")
        self.selection, self.groups, self.target, self.ruling = [], [], None, None
        self._notify("position")
        return pos

    def _zone_key(self, zone: str) -> tuple:
        parts = zone.split(":")
        kind = parts[0]
        if kind not in ZONES:
            # TRANSLATORS: the zones are notation (hand:S, pile, stock, meld:NS:K, red3:NS): keep them
            raise PositionError(self.t.gettext("“{zone}” is not a zone: hand:S, pile, stock, "
                                               "meld:NS:K, red3:NS").format(zone=zone))
        if kind == "hand":
            return ("hand", parts[1] if len(parts) > 1 else self.bottom)
        if kind == "meld":
            if len(parts) == 2:
                return ("meld", self.position.format.side_of(self.bottom), parts[1].upper())
            return ("meld", parts[1].upper(), parts[2].upper())
        if kind == "red3":
            rules = self.position.rules
            if rules.red3_per_seat:         # red3-four=player: a seat's own red threes
                named = parts[1].upper() if len(parts) > 1 else self.bottom
                if named in rules.format.side_index:    # a team: its seat at the bottom, or its first
                    seats = rules.format.seats_of(named)
                    named = self.bottom if self.bottom in seats else seats[0]
                return ("red3", named)
            return ("red3", parts[1] if len(parts) > 1 else self.position.format.side_of(self.bottom))
        return (kind,)

    @staticmethod
    def _zones(pos: Position) -> dict:
        zones = {("hand", s): list(pos.hand(s)) for s in pos.format.seats}
        for side, team in enumerate(pos.rules.format.sides):     # the zones (cutthroat: per player)
            for meld in pos.melds[side]:
                zones[("meld", team, meld.rank)] = list(meld.cards)
        for i, zone in enumerate(pos.rules.red3_zones):    # per side (per seat: red3-four)
            zones[("red3", zone)] = list(pos.red3[i])
        zones[("pile",)] = list(pos.pile)
        zones[("stock",)] = list(pos.stock)
        return zones

    def _rebuild(self, zones: dict) -> Position:
        pos = self.position
        melds = []
        fmt = pos.rules.format          # the zones (cutthroat: per player)
        for team in fmt.sides:
            order = [m.rank for m in pos.team_melds(team)]
            for key in zones:
                if key[0] == "meld" and key[1] == team and key[2] not in order:
                    order.append(key[2])
            melds.append(tuple(Meld(r, sort_cards(zones[("meld", team, r)])) for r in order
                               if zones.get(("meld", team, r))))
        return pos.replace(
            hands=tuple(sort_cards(zones[("hand", s)]) for s in fmt.seats),
            melds=tuple(melds),
            red3=tuple(tuple(zones[("red3", zone)]) for zone in pos.rules.red3_zones),
            pile=tuple(zones[("pile",)]),
            stock=tuple(zones[("stock",)]))

    # ---- computer help -----------------------------------------------------------------------
    def play_on(self, stop_at=None):
        """Let computer players move until it is the bottom seat's turn again (or the hand ends)."""
        from .. import autoplay, players as computer_players   # lazily: the computer players are only needed here
        seats = {s: self.players.get(s) or computer_players.SensiblePlayer()
                 for s in self.position.format.seats if s != self.bottom}
        stop = set(stop_at) if stop_at is not None else {self.bottom}
        steps = autoplay.play_on(self.position, seats, stop)
        for step in steps:
            self._push(step.after, f"{step.seat}: {step.move}", step.ruling)
        self.last_steps = list(steps)
        self.ruling = None                 # the steps are listed with their own rulings
        self.selection, self.groups, self.target = [], [], None
        self.message = (self.t.ngettext("{n} move played.", "{n} moves played.", len(steps)).format(n=len(steps))
                        if steps else self.over_words() if self.position.phase == "over"
                        else self.t.gettext("Nothing to play on: it is your turn."))
        self._notify("position")
        return steps

    def hint(self):
        """What a good player would do here, from the acting seat's view (tutor.hints)."""
        from .. import hints
        if self.position.phase == "over":   # before "It is North's turn": nobody's any more
            self.last_hint = None
            self.message = self.t.gettext("The hand is over: there is no move to hint.")
        elif not self.sees_options():
            self.last_hint, self.message = None, self._not_yours()
        else:
            self.last_hint = hints.hint(self.position, lang=self.lang)
        self._notify("info")
        return self.last_hint

    # ---- text --------------------------------------------------------------------------------
    def describe(self) -> str:
        """A developer's one-line summary, for ``repr(table)`` (the text/plain that nbval
        compares; a learner sees the widget, and the table in words is `tutor.table.describe`).
        English on purpose, in the notation's terms: it stays the same in every language."""
        pos = self.position
        n = len(pos.hand(self.bottom))
        return f"turn {pos.turn} {pos.phase}, {n} card{'s' if n != 1 else ''} in hand"

    def highlight(self) -> tuple:
        """Cards to highlight: those of the last ruling, or of the last hint."""
        if self.ruling is not None:
            return tuple(self.ruling.cards)
        if self.last_hint is not None:
            return self.last_hint.move.cards
        return ()


def _remove_last(cards: list, card) -> None:
    """Take a card out of the pile: the copy nearest the top."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] is card:
            del cards[i]
            return
