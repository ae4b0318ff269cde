"""`Table`: the ipywidgets view over a `TableSession` (canvas, buttons, explanation, notation).

    from tutor.table import Table
    t = Table(text_or_position, viewer="S", open_hands=False)
    t                                # shows the table; t.session is the model
    t.session.select(0); t.session.take()   # what the buttons and clicks do

Everything the learner does goes through the session's handlers; this module only wires
widgets to them and redraws on every change (one `hold_canvas` batch per redraw).
"""
from __future__ import annotations

import html

import ipywidgets as W
from ipycanvas import Canvas

from ..engine.diagram import HEIGHT, WIDTH
from ..engine.position import SEAT_NAMES, Position
from ..engine.rulebook import rule_text
from .draw import SCALE, draw_session
from .model import TableSession

_BUTTONS = [
    # name, label, tooltip; a button is emphasised when the engine allows its kind of move
    ("draw", "Draw", "draw the top card of the stock"),
    ("take", "Take the pile", "take the discard pile with the selected cards"),
    ("meld", "Meld", "meld the selected cards"),
    ("group", "Next meld ;", "put the selection aside as one meld of several"),
    ("add", "Add to meld", "add the selected cards to the clicked meld"),
    ("discard", "Discard", "discard the selected card"),
    ("ask", "May I go out?", "ask the partner"),
    ("yes", "Yes", "the partner answers yes"),
    ("no", "No", "the partner answers no"),
]
#: buttons that make a move of another kind ("add to meld" and "next meld" are melds)
_BUTTON_KIND = {"group": "meld", "add": "meld"}

_TOOLS = [
    ("legal", "What can I do?", "list the legal moves here"),
    ("hint", "Hint", "a sensible move and why"),
    ("playon", "Play on", "let the computer play the other seats until your turn"),
    ("undo", "Undo", "take back the last step"),
    ("redo", "Redo", "step forward again"),
    ("reset", "Reset", "back to the staged position"),
    ("replay", "Replay", "back to the start of the steps: Redo replays them one by one with their rulings"),
    ("nexthand", "Next hand", "score the finished hand into the game and deal the next one"),
    ("newgame", "New game", "a new game to 5000: running totals, a winner and a margin"),
    ("clear", "Clear selection", "unselect every card"),
    ("edit", "Move cards", "what-if: click a card, then the zone it goes to (108 cards stay)"),
]


def _code(text: str) -> str:
    """Rulebook text with its `rule.ids` shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


class Table(W.VBox):
    """A Canasta table for one position: click cards, press moves, read the ruling."""

    def __init__(self, position_or_text, viewer: str = "S", open_hands: bool = False,
                 display_width: int = 820, follow_turn: bool = False, players=None,
                 show_text: bool = True, **kwargs):
        if isinstance(position_or_text, TableSession):
            self.session = position_or_text
        else:
            pos = position_or_text
            if isinstance(pos, str):
                pos = Position.parse(pos)
            self.session = TableSession(pos, viewer=viewer, open_hands=open_hands,
                                        follow_turn=follow_turn, players=dict(players or {}))
        self.scene = None
        self._picked = None              # what-if editing: (card, zone) picked, waiting for a zone
        self._syncing = False
        height = round(display_width * HEIGHT / WIDTH)
        self.canvas = Canvas(width=WIDTH * SCALE, height=HEIGHT * SCALE,
                             layout=W.Layout(width=f"{display_width}px", height=f"{height}px",
                                             min_width=f"{display_width}px", flex="0 0 auto"))
        self.canvas.add_class("tutor-canvas")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(self._on_client_ready)

        self.buttons = {}
        for name, label, tip in _BUTTONS:
            self.buttons[name] = self._button(name, label, tip)
        for name, label, tip in _TOOLS:
            if name == "edit":
                b = W.ToggleButton(description=label, tooltip=tip, layout=W.Layout(width="auto"))
                b.add_class("tutor-btn-edit")
                b.observe(self._on_edit_toggle, "value")
                self.buttons[name] = b
            else:
                self.buttons[name] = self._button(name, label, tip)
        self.selection_label = W.HTML(layout=W.Layout(min_height="22px"))
        self.selection_label.add_class("tutor-selection")
        self.explanation = W.HTML(layout=W.Layout(flex="1 1 auto", min_height="90px",
                                                  padding="4px 10px", border="1px solid #ccc"))
        self.explanation.add_class("tutor-explanation")
        self.notation = W.Textarea(value=self.session.position.to_text(), continuous_update=False,
                                   layout=W.Layout(width="330px", height="260px"))
        self.notation.add_class("tutor-notation")
        self.notation.observe(self._on_text, "value")
        self.text_error = W.HTML(layout=W.Layout(width="330px"))
        self.text_error.add_class("tutor-text-error")

        moves = W.HBox([self.buttons[n] for n, *_ in _BUTTONS], layout=W.Layout(flex_flow="row wrap"))
        tools = W.HBox([self.buttons[n] for n, *_ in _TOOLS], layout=W.Layout(flex_flow="row wrap"))
        moves.add_class("tutor-moves")
        tools.add_class("tutor-tools")
        side = W.VBox([W.HTML("<b>Position</b> (edit me: what if…?)"), self.notation, self.text_error],
                      layout=W.Layout(flex="0 0 340px"))
        side.layout.display = None if show_text else "none"
        lower = W.HBox([self.explanation, side], layout=W.Layout(width=f"{display_width}px"))
        # ipycanvas focuses the canvas on mouse down (no preventScroll) and only then reads
        # where the canvas is: with the table's top scrolled out of view, the browser scrolled
        # the canvas into view first and the click landed on the wrong card (or on nothing).
        # A scroll margin far outside the focused canvas tells the browser it is always "in
        # view" (only while focused: scrollIntoView of an unfocused canvas works as usual).
        style = W.HTML("<style>.tutor-canvas:focus { scroll-margin: -10000px; }</style>",
                       layout=W.Layout(display="none"))
        super().__init__([self.canvas, self.selection_label, moves, tools, lower, style], **kwargs)
        self.add_class("tutor-table")
        self.session.on_change(self._on_change)
        self.refresh()

    # ---- wiring ------------------------------------------------------------------------------
    def _button(self, name, label, tip):
        b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto"))
        b.add_class(f"tutor-btn-{name}")
        b.on_click(lambda _b, n=name: self.press(n))
        return b

    def press(self, name: str):
        """What a button does (also callable from Python and tests)."""
        s = self.session
        actions = {
            "draw": s.draw, "take": s.take, "meld": s.meld, "group": s.next_group,
            "add": s.add_to, "discard": s.discard, "ask": s.ask,
            "yes": lambda: s.answer(True), "no": lambda: s.answer(False),
            "legal": s.legal_moves, "hint": s.hint, "playon": s.play_on,
            "undo": lambda: self._step(s.undo, "Nothing to undo: this is the staged position."),
            "redo": lambda: self._step(s.redo, "Nothing to redo."),
            "reset": s.reset, "clear": s.clear_selection,
            "replay": s.replay_start, "nexthand": s.next_hand, "newgame": s.start_game,
        }
        return actions[name]()

    def _step(self, action, nothing: str):
        """Undo / redo; with nothing to step through, say so. The buttons stay enabled: a
        button disabled under the pointer drops the page's focus to the document body, and
        the next click in the notebook then moves the focus (and may scroll) first."""
        done = action()
        if not done:
            self.session.message = nothing
            self.refresh_panel()
        return done

    def _on_change(self, session, what):
        self.refresh_panel()               # the words first: they are what the learner waits for
        if what in ("position", "selection", "ruling"):
            self.redraw()
        if what == "position":
            self._sync_text()

    def _on_client_ready(self, *_):
        # A new front end (page reload, Voila, a reopened notebook) starts with a blank canvas
        # and a canvas manager that knows no current canvas: make the next batch name it.
        mgr = getattr(self.canvas, "_canvas_manager", None)
        if mgr is not None and hasattr(mgr, "_current_canvas"):
            mgr._current_canvas = None
        self.redraw()

    def _on_mouse_down(self, x, y):
        if self.scene is None:
            return
        tx, ty = x / SCALE, y / SCALE
        region = self.scene.hit(tx, ty)
        if region is None:
            return
        if self.buttons["edit"].value:
            self._edit_click(region)
            return
        if region.kind == "hand":
            self.session.select(region.key[1])
        elif region.kind == "meld":
            team, rank = region.key
            same = self.session.target == (team, rank)
            self.session.set_target(None if same else team, rank)

    # ---- what-if: move cards by clicking ---------------------------------------------------------
    def _on_edit_toggle(self, change):
        self._picked = None
        self.session.message = ("Move cards: click a card (hand, pile top, meld, stock), then where it goes."
                                if change["new"] else "")
        self.refresh_panel()

    def _edit_click(self, region):
        s = self.session
        pos = s.position
        if self._picked is None:
            card = zone = None
            if region.kind == "hand":
                seat, i = region.key
                card, zone = pos.hand(seat)[i], f"hand:{seat}"
            elif region.kind == "pile" and pos.pile:
                card, zone = pos.pile[-1], "pile"
            elif region.kind == "stock" and pos.stock:
                card, zone = pos.stock[0], "stock"
            elif region.kind == "meld":
                team, rank = region.key
                meld = pos.meld_of(team, rank)
                card, zone = meld.cards[-1], f"meld:{team}:{rank}"
            if card is not None:
                self._picked = (card, zone)
                s.message = f"Picked {card.pretty} from {zone}: now click where it goes."
            self.refresh_panel()
            return
        card, src = self._picked
        self._picked = None
        dst = {"hand": lambda: f"hand:{region.key[0]}", "seat": lambda: f"hand:{region.key}",
               "pile": lambda: "pile", "stock": lambda: "stock",
               "meld": lambda: f"meld:{region.key[0]}:{region.key[1]}",
               "band": lambda: f"meld:{region.key}:{card.rank}"}[region.kind]()
        try:
            s.move_card(card, src, dst)
            s.message = f"Moved {card.pretty}: {src} → {dst}."
        except ValueError as exc:
            s.message = f"Cannot move {card.pretty} there: {exc}"
        self.refresh_panel()

    # ---- text --------------------------------------------------------------------------------
    def _on_text(self, change):
        if self._syncing:
            return
        self.session.set_text(change["new"])
        self.refresh_panel()

    def _sync_text(self):
        text = self.session.position.to_text()
        if self.notation.value != text:
            self._syncing = True
            try:
                self.notation.value = text
            finally:
                self._syncing = False

    # ---- drawing -----------------------------------------------------------------------------
    def redraw(self):
        self.scene = draw_session(self.canvas, self.session)
        return self.scene

    def refresh(self):
        self.redraw()
        self._sync_text()
        self.refresh_panel()

    def refresh_panel(self):
        s = self.session
        pos = s.position
        # the words first: each widget change is its own message, and this is the one awaited
        self.explanation.value = self._panel_html()
        kinds = self._legal_kinds(pos)
        for name, *_ in _BUTTONS:
            wanted = _BUTTON_KIND.get(name, name) in kinds
            self.buttons[name].button_style = "primary" if wanted else ""
        for name, steps in (("undo", s.past), ("redo", s.future)):
            # greyed, not disabled (see _step)
            self.buttons[name].style.text_color = "" if steps else "#9e9e9e"
        sel = s.selected_cards()
        parts = []
        if s.groups:
            groups = s._group_texts()
            parts.append("melds put aside: " + " ; ".join(groups[:-1] if sel else groups))
        parts.append("selected: " + (" ".join(c.pretty for c in sel) if sel else "nothing (click your cards)"))
        if s.target:
            parts.append(f"target: {s.target[0]} {s.target[1]} meld")
        self.selection_label.value = (f"<span style='font-size:13px'>{SEAT_NAMES[s.bottom]}'s hand — "
                                      + html.escape(" · ".join(parts)) + "</span>")
        err = s.text_error
        if err is not None:
            self.text_error.value = (f"<div style='color:#b3261e'><b>line {err.line}, column {err.column}</b>: "
                                     f"{html.escape(err.message)}<br><i>the table shows the last good position</i></div>")
        else:
            self.text_error.value = ""

    def _legal_kinds(self, pos) -> set:
        """The kinds of move the engine allows here (the buttons to emphasise), once per position."""
        if getattr(self, "_kinds_for", None) is not pos:
            from ..engine.generate import legal_moves
            self._kinds_for, self._kinds = pos, {m.kind for m in legal_moves(pos)}
        return self._kinds

    def _panel_html(self) -> str:
        s = self.session
        out = []
        r = s.ruling
        if r is not None:
            colour = "#1b7a3a" if r.legal else "#b3261e"
            verdict = "Legal" if r.legal else "Illegal"
            others = [x for x in r.reasons if x != r.rule]
            out.append(
                f"<div class='tutor-ruling' data-rule='{r.rule}' data-legal='{str(r.legal).lower()}' "
                f"style='border-left:5px solid {colour};padding-left:8px'>"
                f"<b style='color:{colour}'>{verdict}</b>: <code>{html.escape(str(r.move))}</code><br>"
                f"<b>Rule <code class='tutor-rule-id'>{r.rule}</code></b>: "
                f"<i>{_code(rule_text(r.rule))}</i><br>"
                f"<span class='tutor-why'>{html.escape(r.explain())}</span>"
                + (f"<br><small>also: {', '.join(f'<code>{x}</code>' for x in others)}</small>" if others else "")
                + (f"<br><small class='tutor-undo-note' style='color:#555'>The table has moved on: "
                   "<b>Undo</b> takes the move back, to try another.</small>"
                   if r.legal and s.past and s.past[-1].ruling is r else "")
                + "</div>")
        if s.last_steps:
            rows = "".join(
                f"<li><b>{SEAT_NAMES[st.seat]}</b>: <code>{html.escape(str(st.move))}</code> — "
                f"<code>{st.ruling.rule}</code>. <i>To {SEAT_NAMES[st.seat]}:</i> "
                f"“{html.escape(st.ruling.explain())}”</li>"       # the explanation says "you"
                for st in s.last_steps[-12:])
            skipped = len(s.last_steps) - 12
            out.append("<div class='tutor-steps'><b>The computer played:</b>"
                       + (f" <small>({skipped} earlier moves: Undo to see them)</small>" if skipped > 0 else "")
                       + f"<ol style='margin:2px 0 2px 18px;padding:0'>{rows}</ol></div>")
        if s.message:
            out.append(f"<div class='tutor-message'>{html.escape(s.message)}</div>")
        if s.position.phase == "over":
            out.append(self._sheet_html())
        if s.game is not None:
            out.append(f"<div class='tutor-game'><b>Game:</b> {html.escape(s.game_status())}</div>")
        if s.legal_list is not None:
            if s.legal_list:
                chips = " ".join(f"<code>{html.escape(m)}</code>" for m in s.legal_list[:40])
                more = f" … and {len(s.legal_list) - 40} more" if len(s.legal_list) > 40 else ""
                out.append(f"<div class='tutor-legal'><b>You can:</b> {chips}{more}</div>")
            else:
                out.append("<div class='tutor-legal'><b>No legal move</b> here.</div>")
        h = s.last_hint
        if h is not None:
            rules = ", ".join(f"<code>{x}</code>" for x in h.rules)
            out.append(f"<div class='tutor-hint'><b>Hint:</b> <code>{html.escape(str(h.move))}</code> — "
                       f"{html.escape(h.text)} {rules}</div>")
        if not out:
            pos = s.position
            out.append(f"<div style='color:#555'>{SEAT_NAMES[pos.turn]} to play ({pos.phase}). "
                       "Click cards in your hand, then press a move. Every try is judged here.</div>")
        # the widget's HTML inherits a 28px line height (one button row): text needs less
        return f"<div style='line-height:1.45'>{''.join(out)}</div>"

    def _sheet_html(self) -> str:
        """The hand's score sheet, line by line with rule ids (score_hand)."""
        from ..engine.scoring import score_hand
        pos = self.session.position
        how = (f"{SEAT_NAMES[pos.out]} went out" + (" concealed" if pos.out_concealed else "")
               if pos.out else "the stock ran out")
        parts = []
        for team, sheet in score_hand(pos).items():
            # one team under the other: side by side the rule ids wrapped in the narrow panel
            rows = "".join(f"<tr><td style='white-space:nowrap;padding-right:8px'><code>{rule}</code></td>"
                           f"<td style='padding-right:8px'>{html.escape(words)}</td>"
                           f"<td style='text-align:right;white-space:nowrap'>{points:+d}</td></tr>"
                           for rule, points, words in sheet.items)
            parts.append(f"<div style='margin-top:4px'><b>{team}: {sheet.total}</b>"
                         f"<table style='font-size:12px;line-height:1.3'>{rows}</table></div>")
        return (f"<div class='tutor-sheet'><b>The hand is over</b> ({how}). Score sheet:"
                f"{''.join(parts)}</div>")

    # ---- text form ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Table({self.session.describe()})"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
        return data
