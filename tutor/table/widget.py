"""`Table`: the ipywidgets view over a `TableSession` (canvas, buttons, explanation, move box).

    from tutor.table import Table
    table = Table(text_or_position)                       # a learner's table: South's view
    table = Table(pos, mode="teacher", open_hands=True)   # everything, the position text to edit
    table = Table(pos, buttons=["draw", "take", "meld", "discard"], lang="sv")
    table.session.select(0); table.press("take")      # what the clicks and buttons do
    table.key("ArrowRight"); table.key(" "); table.key("Enter")    # what the keys do

Everything the learner does goes through the session's handlers; this module only wires
widgets to them and redraws on every change (one `hold_canvas` batch per redraw).

What a learner sees: the table is drawn from the bottom seat's view (`SeatView`): other
hands as backs, the pile's top and crosswise cards. In "learner" mode there is no position
text and no card-moving; hints, "What can I do?" and the move box's completions appear only
on the learner's own turn. "teacher" mode adds the position text and "Move cards".

What a learner reads: in "learner" mode the explanation panel says the verdict, the move in
words ("You take the pile with 9♥ and 9♠." — `tutor.engine.plainwords.move_words`) and the
engine's explanation; the rulebook's words and the rule ids sit in a small collapsed "The
rule" detail (a reference for teachers and disputes). The move box still takes move text,
and lists each legal move in words with the text it types. "teacher" mode shows the move
text and the rule ids as they are. The panel's data attributes (``data-rule``,
``data-legal``, the ``tutor-rule-id`` class) carry the notation in both modes.

The side column (`Table.side`, public): the settings, the move buttons, the tools, the
move box, the explanation and (teachers) the position text, in that order. `add_panel(widget)`
puts a panel above them — a lesson's task panel (tutor/lessons/page.py) — and the side then
stretches to the board's height: the panels at its top (in view with the table's top), the
buttons and the explanation at its bottom, beside the hand.

Screens: the table is a row that wraps — the board (canvas, keyboard line) and the side
(moves, move box, explanation). The canvas is drawn at the width it gets on screen (the
page reports it through `TableKeys`), 560–960 table pixels, so its text keeps its size;
wider, it is scaled up. Its height follows the page's: 770 table pixels where the page shows
860 or more at once, down to 664 on a shorter screen (`fit_height`), so that at 1280×800 a
lesson's table — its task panel at the top of the side, the hand at the bottom — fits on
screen whole. "Projector" scales the table up as far as the whole of it fits on the screen,
up to twice (`draw.projector_size`: about 1.5 at 1920×1080, every label 18 px and more),
keeps the side (task, buttons and ruling) beside it on screen while the table is (sticky:
Voila's page scrolls in a box that contains its fixed elements, so a side fixed to the
screen scrolled away), and sets the whole page in large print (tutor.table.keys). Colours
of the widgets come from JupyterLab's theme variables (light and dark).
"""
from __future__ import annotations

import html
import warnings

import ipywidgets as widgets
from ipycanvas import Canvas

from ..engine.diagram import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH, card_words
from ..engine.plainwords import without_rule_ids
from ..engine.position import Position
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, default_language, translator
from .describe import canvas_label, describe
from .draw import SCALE, draw_session, numpy_free_flush, projector_size, settle_heap
from .keys import TableKeys
from .looks import Looks
from .model import MODES, TableSession
from .panel import by_pointer_html, move_words_for, panel_html

BUTTONS = [
    # name, label, tooltip; a button is emphasised when the engine allows its kind of move
    # draw: its tooltip says how many cards a draw gives at this table (_count_tips)
    ("draw", N_("Draw"), None),
    ("take", N_("Take the pile"), N_("take the discard pile with the selected cards")),
    ("meld", N_("Meld"), N_("meld the selected cards")),
    ("group", N_("Next meld"), N_("put the selection aside as one meld of several")),
    ("add", N_("Add to meld"), N_("add the selected cards to the clicked meld")),
    ("discard", N_("Discard"), N_("discard the selected card")),
    # ask, yes, no: their tooltips say whether the player has a partner (_count_tips)
    ("ask", N_("May I go out?"), None),
    ("yes", N_("Yes"), None),
    ("no", N_("No"), None),
]
#: buttons that make a move of another kind ("add to meld" and "next meld" are melds)
_BUTTON_KIND = {"group": "meld", "add": "meld"}

_TOOLS = [
    ("legal", N_("What can I do?"), N_("list the legal moves here")),
    ("hint", N_("Hint"), N_("a sensible move and why")),
    ("playon", N_("Play on"), N_("let the computer play the other seats until your turn")),
    ("undo", N_("Undo"), N_("take back the last step")),
    ("redo", N_("Redo"), N_("step forward again")),
    ("reset", N_("Reset"), N_("back to the staged position")),
    ("replay", N_("Replay"), N_("back to the start of the steps: Redo replays them one by one with their rulings")),
    ("nexthand", N_("Next hand"), N_("score the finished hand into the game and deal the next one")),
    ("newgame", N_("New game"), None),      # the table's game target: _count_tips
    ("clear", N_("Clear selection"), N_("unselect every card")),
    ("edit", N_("Move cards"), None),       # the table's deck: _count_tips
]
numpy_free_flush()                  # the table's drawing without numpy (see draw.py)


def no_code_page() -> bool:
    """Whether this kernel serves a page with no code (Voila, the learner view and the class:
    Voila names itself in every kernel it starts, ``VOILA_PREHEAT``)."""
    import os
    return "VOILA_PREHEAT" in os.environ


#: what each mode may show; `buttons=` picks among them
MODE_BUTTONS = {
    "learner": tuple(n for n, *_ in BUTTONS + _TOOLS if n != "edit"),
    "teacher": tuple(n for n, *_ in BUTTONS + _TOOLS),
}
_LABELS = {n: (label, tip) for n, label, tip in BUTTONS + _TOOLS}

_STYLE = """<style>
.tutor-table { --tutor-font-size: 14px; --tutor-good: #1b7a3a; --tutor-bad: #b3261e;
  --tutor-dim: #595959; --tutor-hint-bg: #fff8e1; --tutor-hint-edge: #ff8f00;
  gap: 8px 16px; align-items: flex-end; color: var(--jp-ui-font-color1, #1b1b1b); }
body[data-jp-theme-light="false"] .tutor-table { --tutor-good: #81c995; --tutor-bad: #f2a49c;
  --tutor-dim: #b0b0b0; --tutor-hint-bg: #3a3000; --tutor-hint-edge: #ffb300; }
.tutor-board { flex: 3 1 540px; min-width: 0; max-width: 960px; }
.tutor-side { flex: 1 1 280px; min-width: 260px; max-width: 560px; gap: 4px; }
.tutor-canvas { display: block; width: 100% !important; height: auto !important; }
.tutor-canvas:focus { scroll-margin: -10000px; }
.tutor-explanation, .tutor-selection, .tutor-table .widget-html-content {
  font-size: var(--tutor-font-size); line-height: 1.45; color: var(--jp-ui-font-color1, #1b1b1b); }
.tutor-explanation { background: var(--jp-layout-color1, #fff); padding: 4px 10px;
  border: 1px solid var(--jp-border-color1, #bdbdbd); min-height: 90px; }
.tutor-explanation code { color: var(--jp-content-font-color1, #1b1b1b);
  background: var(--jp-layout-color2, #eee); }
.tutor-good { color: var(--tutor-good); } .tutor-bad { color: var(--tutor-bad); }
.tutor-verdict-good { border-left: 5px solid var(--tutor-good); padding-left: 8px; }
.tutor-verdict-bad { border-left: 5px solid var(--tutor-bad); padding-left: 8px; }
.tutor-note { color: var(--tutor-dim); }
.tutor-hint { background: var(--tutor-hint-bg); border-left: 4px solid var(--tutor-hint-edge);
  padding: 2px 6px; color: var(--jp-ui-font-color1, #1b1b1b); }
.tutor-table .jupyter-button.tutor-dim { color: var(--tutor-dim); font-style: italic; }
.tutor-table .jupyter-button { font-size: var(--tutor-font-size); }
.tutor-table .tutor-move-box, .tutor-move-box input { min-width: 0; }
.tutor-ruling .tutor-rule { margin-top: 2px; color: var(--tutor-dim); }
.tutor-ruling .tutor-rule summary { cursor: pointer; }
.tutor-has-panel .tutor-side { align-self: stretch; }
.tutor-has-panel .tutor-panels { margin-bottom: auto; padding-bottom: 8px; gap: 4px; }
.tutor-projector { --tutor-font-size: 24px; }
.tutor-projector .jupyter-button { height: auto; padding: 4px 12px; }
.tutor-table.tutor-projector { flex-flow: row nowrap !important; align-items: flex-start; }
.tutor-projector .tutor-board { max-width: none; flex: 1 1 auto; }
.tutor-projector .tutor-side { position: sticky; top: 0; align-self: flex-start; flex: 0 0 auto;
  width: min(34vw, 660px); max-width: none; max-height: 100vh; overflow-y: auto; z-index: 10;
  padding: 8px; box-sizing: border-box; background: var(--jp-layout-color1, #fff);
  border-left: 2px solid var(--jp-border-color1, #bdbdbd); }
</style>"""


#: what the board shows above the canvas (the selection line, the keys line and "Describe the
#: table"), with a margin: the canvas gets the page's height less this
ABOVE_CANVAS = 90


def fit_height(room: int, zoom: int = 1) -> int:
    """The table's height in table pixels for a page that shows `room` pixels at once (0:
    not known yet): as tall as fits, between MIN_HEIGHT and HEIGHT. At 1280×800 a table
    with its task panel (the side column, as tall as the board) and the hand then fit on
    screen together; at 1080 and more the table is full height."""
    if room <= 0:
        return HEIGHT
    return max(MIN_HEIGHT, min(HEIGHT, (room - ABOVE_CANVAS) // zoom))


def _session_for(position_or_text, lang: str, *, viewer, mode, open_hands, follow_turn,
                 players) -> TableSession:
    """The table's session: the one given (in the table's language), or a new one over the
    position (a `Position` or its text)."""
    if isinstance(position_or_text, TableSession):
        position_or_text.lang = lang
        return position_or_text
    pos = position_or_text
    if isinstance(pos, str):
        pos = Position.parse(pos)
    return TableSession(pos, viewer=viewer or pos.turn, open_hands=open_hands,
                        follow_turn=follow_turn, players=dict(players or {}), mode=mode, lang=lang)


def _shown_buttons(mode: str, buttons) -> tuple:
    """The buttons a table of `mode` shows: the mode's own, or those asked for among them."""
    shown = MODE_BUTTONS[mode]
    if buttons is None:
        return shown
    unknown = [b for b in buttons if b not in shown]
    if unknown:
        raise ValueError(f"no button {', '.join(map(repr, unknown))} in {mode} mode; "
                         f"the buttons are: {', '.join(shown)}")
    return tuple(buttons)


def _button_row(buttons: dict, names, cls: str):
    """The buttons `names` in one wrapping row of class `cls`."""
    box = widgets.HBox([buttons[n] for n in names], layout=widgets.Layout(flex_flow="row wrap"))
    box.add_class(cls)
    return box


class Table(widgets.Box):
    """A Canasta table for one position: click cards or use the keys, press moves, read the ruling."""

    def __init__(self, position_or_text, *, lang: str | None = None, mode: str = "learner",
                 viewer: str | None = None, buttons=None, players=None, open_hands: bool = False,
                 follow_turn: bool = False, show_text: bool | None = None, projector: bool = False,
                 **kwargs):
        if mode not in MODES:
            raise ValueError(f"mode must be 'learner' or 'teacher', not {mode!r}")
        self.lang = translator(lang).lang if lang else default_language()
        self.session = _session_for(position_or_text, self.lang, viewer=viewer, mode=mode,
                                    open_hands=open_hands, follow_turn=follow_turn, players=players)
        self.mode = self.session.mode
        self.shown = _shown_buttons(self.mode, buttons)
        self.scene = None
        self.cursor = 0                   # the keyboard's place: a hand index, or ("meld", team, rank)
        self._picked = None              # what-if editing: (card, zone) picked, waiting for a zone
        self._syncing = False
        self._kinds_for = None
        self._typed = {}                 # a completion in words -> the move text it stands for

        # the keys line above the canvas: the canvas's bottom (the hand) is then the row's
        # bottom, level with the side's buttons and explanation
        self.looks = Looks()             # the layout and style models its buttons share
        self.board = self._board()
        self.buttons = self._buttons()
        settings = self._settings(projector)
        moves = _button_row(self.buttons, [n for n, *_ in BUTTONS], "tutor-moves")
        tools = _button_row(self.buttons, [n for n, *_ in _TOOLS], "tutor-tools")
        typed = self._typed_move()
        self.explanation = widgets.HTML(layout=widgets.Layout(width="auto"))
        self.explanation.add_class("tutor-explanation")
        teacher = show_text if show_text is not None else self.mode == "teacher"
        if teacher and self.mode != "teacher":
            raise ValueError("the position text is shown in teacher mode only (it lists every hand)")
        text_box = self._text_box(teacher)
        #: the panels `add_panel` puts at the top of the side column
        self.panels = widgets.VBox([], layout=widgets.Layout(width="100%"))
        self.panels.add_class("tutor-panels")
        #: the side column's own parts, under the panels, in their order
        self.side_parts = (settings, moves, tools, typed, self.explanation, text_box)
        #: the side column (public): panels, settings, moves, tools, move box, explanation, text
        self.side = widgets.VBox(list(self.side_parts))
        self.side.add_class("tutor-side")
        style = widgets.HTML(_STYLE, layout=widgets.Layout(display="none"))
        super().__init__([self.board, self.side, style],
                         layout=widgets.Layout(display="flex", flex_flow="row wrap", width="100%"), **kwargs)
        self.add_class("tutor-table")
        if projector:
            self.add_class("tutor-projector")
        self.session.on_change(self._on_change)
        self.session.on_ruling(self._announce)
        self._words()
        self.refresh()
        settle_heap()               # redraws without the collector's pauses (draw.settle_heap)

    # ---- the parts, built once -------------------------------------------------------------
    def _board(self):
        """The board: the selection line, the keyboard (tutor.table.keys) and the canvas."""
        self.canvas = Canvas(width=WIDTH * SCALE, height=HEIGHT * SCALE,
                             layout=widgets.Layout(width="100%", height="auto"))
        self.canvas.add_class("tutor-canvas")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(self._on_client_ready)
        self.table_width = WIDTH               # the table's width in table pixels (from the page)
        self.table_height = HEIGHT             # and its height (shorter on a short screen)
        self.keyboard = TableKeys()
        self.keyboard.on_msg(self.on_keys_message)
        self.keyboard.observe(self._on_board_width, ["board_width", "viewport_height"])
        self.keyboard.observe(lambda _change: self.redraw(), "active")
        self.selection_label = widgets.HTML(layout=widgets.Layout(min_height="22px"))
        self.selection_label.add_class("tutor-selection")
        board = widgets.VBox([self.selection_label, self.keyboard, self.canvas])
        board.add_class("tutor-board")
        return board

    def _buttons(self) -> dict:
        """Every move and tool button by name; those not shown in this table are hidden."""
        buttons = {}
        for name, *_ in BUTTONS + _TOOLS:
            if name == "edit":
                b = widgets.ToggleButton()
                b.observe(self._on_edit_toggle, "value")
            else:
                b = self.looks.button()
                b.on_click(lambda _b, n=name: self.press(n))
            b.add_class(f"tutor-btn-{name}")
            buttons[name] = b
        self.buttons = buttons
        for name in buttons:
            self.show_button(name, name in self.shown)
        return buttons

    def show_button(self, name: str, shown: bool = True) -> None:
        """Show or hide the button `name` (its layout is one the table's buttons share)."""
        look = dict(width="auto") if shown else dict(width="auto", display="none")
        self.buttons[name].layout = self.looks.layout(**look)

    def _settings(self, projector: bool):
        """The language menu and the projector switch."""
        self.language = widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                                         value=self.lang, layout=widgets.Layout(width="auto"))
        self.language.add_class("tutor-language")
        self.language.observe(self._on_language, "value")
        self.projector = widgets.ToggleButton(value=projector, layout=widgets.Layout(width="auto"))
        self.projector.add_class("tutor-btn-projector")
        self.projector.observe(self._on_projector, "value")
        settings = widgets.HBox([self.language, self.projector],
                                layout=widgets.Layout(flex_flow="row wrap"))
        settings.add_class("tutor-settings")
        return settings

    def _typed_move(self):
        """The move box (a move typed, or picked from the completions in words) and Play."""
        self.move_box = widgets.Combobox(options=[], ensure_option=False, continuous_update=True,
                                         layout=widgets.Layout(flex="1 1 160px", width="auto"))
        self.move_box.add_class("tutor-move-box")
        with warnings.catch_warnings():
            # Enter in the box plays the move; ipywidgets 8 deprecates on_submit in favour of
            # continuous_update=False, which would also play a half-typed move on blur
            warnings.simplefilter("ignore", DeprecationWarning)
            self.move_box.on_submit(lambda _w: self.play_typed())
        self.play_button = widgets.Button(layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.play_button.add_class("tutor-btn-play")
        self.play_button.on_click(lambda _b: self.play_typed())
        typed = widgets.HBox([self.move_box, self.play_button], layout=widgets.Layout(width="100%"))
        typed.add_class("tutor-typed")
        return typed

    def _text_box(self, shown: bool):
        """The position text (teachers only: it lists every hand), its title and its error line."""
        self.notation = widgets.Textarea(continuous_update=False,
                                         layout=widgets.Layout(width="100%", height="260px"))
        self.notation.add_class("tutor-notation")
        if self.mode == "teacher":
            self.notation.value = self.session.position.to_text()
            self.notation.observe(self._on_text, "value")
        self.notation_title = widgets.HTML()
        self.text_error = widgets.HTML(layout=widgets.Layout(width="auto"))
        self.text_error.add_class("tutor-text-error")
        text_box = widgets.VBox([self.notation_title, self.notation, self.text_error],
                                layout=widgets.Layout(width="100%", display=None if shown else "none"))
        text_box.add_class("tutor-text")
        return text_box

    # ---- panels ------------------------------------------------------------------------------
    def add_panel(self, widget):
        """Put `widget` at the top of the side column, above the settings and the moves (after
        the panels added before it); returns it. A lesson puts its task panel here: in view
        with the table's top, while the buttons and the explanation stay at the side's bottom,
        beside the hand. The widget gets the class ``tutor-panel``."""
        widget.add_class("tutor-panel")
        self.panels.children = (*self.panels.children, widget)
        self.side.children = (self.panels, *self.side_parts)
        self.add_class("tutor-has-panel")
        return widget

    # ---- words ---------------------------------------------------------------------------------
    @property
    def t(self):
        return translator(self.lang)

    @property
    def learner(self) -> bool:
        """Whether the table speaks to a learner: moves in words, rule ids tucked away."""
        return self.mode == "learner"

    def _move_words(self, move, position=None) -> str:
        """A move in the learner's words, said to the bottom seat when it is theirs."""
        return move_words_for(self.session, self.lang, move, position)

    def _words(self):
        """Every label in the table's language (again after a language switch)."""
        t = self.t
        for name, b in self.buttons.items():
            label, tip = _LABELS[name]
            b.description = t.gettext(label)
            if tip is not None:
                b.tooltip = t.gettext(tip)
        self._sync_tips()
        self.language.description = t.gettext("Language")
        self.projector.description = t.gettext("Projector")
        self.projector.tooltip = t.gettext("large print for a class: twice the size, the ruling kept on screen")
        self.move_box.placeholder = (t.gettext("type or pick a move") if self.learner
                                     else t.gettext("type a move, e.g. take KH KS"))
        self.move_box.description = t.gettext("Move")
        self.play_button.description = t.gettext("Play")
        self.play_button.tooltip = t.gettext("play the move typed in the box")
        self.notation_title.value = "<b>{}</b>".format(html.escape(t.gettext("Position (edit me: what if…?)")))
        self.keyboard.help = t.gettext("Keys: ← → cards, ↑ ↓ hand or melds, Space select, Enter play, "
                                   "Esc clear, Tab next control")
        self.keyboard.describe_label = t.gettext("Describe the table")
        self.keyboard.lang = self.lang

    def _count_tips(self) -> dict:
        """The tooltips that depend on the table's count: the cards a draw gives (two at two
        players and in cutthroat, `players.draw-two`), the game target of New game (5000;
        10000 for six in two teams, 7500 for three teams and cutthroat), the deck that Move
        cards keeps (108 or 162 cards), and whether the bottom seat has a partner to ask
        "may I go out?" and to answer it (two players, three each alone, cutthroat's lone hand
        and, before the partnership forms, every cutthroat player play alone)."""
        t = self.t
        pos = self.session.position
        fmt = pos.rules.format
        tips = {"draw": t.gettext("draw the top two cards of the stock") if fmt.draw_count == 2
                else t.gettext("draw the top card of the stock"),
                "newgame": t.format(t.gettext("a new game to {target}: running totals, a winner and a margin"),
                                    target=fmt.game_target),
                "edit": t.format(t.gettext("what-if: click a card, then the zone it goes to ({cards} cards stay)"),
                                 cards=fmt.deck_size)}
        if pos.format.partners(self.session.bottom):
            tips.update(ask=t.gettext("ask the partner"), yes=t.gettext("the partner answers yes"),
                        no=t.gettext("the partner answers no"))
        else:
            tips.update(ask=t.gettext("you play alone here: there is no partner to ask"),
                        yes=t.gettext("a partner's yes: you play alone here, nobody asks you"),
                        no=t.gettext("a partner's no: you play alone here, nobody asks you"))
        return tips

    def _sync_tips(self) -> None:
        """Set the count's tooltips (again when the position changes: another count typed in,
        a cutthroat partnership formed)."""
        for name, tip in self._count_tips().items():
            if self.buttons[name].tooltip != tip:
                self.buttons[name].tooltip = tip

    def _on_language(self, change):
        self.lang = change["new"]
        self.session.lang = self.lang
        if self.session.last_hint is not None:     # the hint shown, said again in the language
            from ..hints import hint
            self.session.last_hint = hint(self.session.position, lang=self.lang)
        self._words()
        self.refresh()

    def _on_projector(self, change):
        if change["new"]:
            self.add_class("tutor-projector")
        else:
            self.remove_class("tutor-projector")
        self._set_width(self.keyboard.board_width)

    # ---- wiring ------------------------------------------------------------------------------
    def press(self, name: str):
        """What a button does (also callable from Python and tests)."""
        s = self.session
        t = self.t
        actions = {
            "draw": s.draw, "take": s.take, "meld": s.meld, "group": s.next_group,
            "add": s.add_to, "discard": s.discard, "ask": s.ask,
            "yes": lambda: s.answer(True), "no": lambda: s.answer(False),
            "legal": s.legal_moves, "hint": s.hint, "playon": s.play_on,
            "undo": lambda: self._step(s.undo, t.gettext("Nothing to undo: this is the staged position.")),
            "redo": lambda: self._step(s.redo, t.gettext("Nothing to redo.")),
            "reset": s.reset, "clear": s.clear_selection,
            "replay": s.replay_start, "nexthand": s.next_hand, "newgame": s.start_game,
        }
        return actions[name]()

    def play_typed(self):
        """Play the move typed in the move box (the engine judges it like any other)."""
        text = self.move_box.value.strip()
        if not text:
            self.session.message = self.t.gettext("Type a move in the box first, e.g. draw.")
            self.refresh_panel()
            return None
        ruling = self.session.try_move(self._typed.get(text, text))
        if ruling is not None and ruling.legal:
            self.move_box.value = ""
        return ruling

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
            self._sync_moves()
        if session.ruling is None and what in ("position", "info", "ruling"):
            self._announce(None)            # messages, hints, the computer's moves

    def _announce(self, ruling):
        """Say the latest ruling (or message) in the live region, in plain words."""
        s = self.session
        t = self.t
        parts = []
        if ruling is not None:
            verdict = (t.gettext("Legal: {explanation}") if ruling.legal
                       else t.gettext("Illegal: {explanation}"))
            parts.append(verdict.format(explanation=ruling.explain(self.lang)))
        for st in s.last_steps[-4:]:
            if self.learner:
                parts.append(self._move_words(st.move, st.ruling.position))
            else:
                parts.append(t.format(t.gettext("{seat:name} played {move}."), seat=st.seat, move=st.move))
        if s.message:
            parts.append(s.message)
        if s.last_hint is not None:
            text = s.last_hint.text
            if self.learner:                 # the reason names the move; no rule ids
                text = without_rule_ids(text)
            parts.append(t.gettext("Hint: {text}").format(text=text))
        if parts:
            self.keyboard.say(" ".join(parts))

    def _on_client_ready(self, *_):
        # A new front end (page reload, Voila, a reopened notebook) starts with a blank canvas
        # and a canvas manager that knows no current canvas: make the next batch name it.
        mgr = getattr(self.canvas, "_canvas_manager", None)
        if mgr is not None and hasattr(mgr, "_current_canvas"):
            mgr._current_canvas = None
        self.redraw()

    def _on_board_width(self, _change):
        self._set_width(self.keyboard.board_width)

    def _set_width(self, shown: int):
        """Draw the table at the width the page shows it and as tall as the page's height
        allows (`fit_height`); on the projector larger, as large as the whole table fits on
        the screen (`draw.projector_size`)."""
        if shown <= 0:
            return
        if self.projector.value:
            width, height = projector_size(shown, self.keyboard.viewport_height)
        else:
            width = max(MIN_WIDTH, min(WIDTH, shown))
            height = fit_height(self.keyboard.viewport_height)
        if (width, height) != (self.table_width, self.table_height):
            self.table_width, self.table_height = width, height
            self.canvas.width, self.canvas.height = width * SCALE, height * SCALE
            self.redraw()

    def click(self, x, y):
        """A click on the canvas at (x, y) in the canvas's backing-store pixels (the table's
        pixels times SCALE), as the canvas reports a mouse press: selects the card, aims at
        the meld, or moves a card in the edit mode."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x, y):
        if self.scene is None:
            return
        region = self.scene.hit(x / SCALE, y / SCALE)
        if region is None:
            return
        if self.buttons["edit"].value:
            self._edit_click(region)
            return
        if region.kind == "hand":
            self.cursor = region.key[1]
            self.session.select(region.key[1])
        elif region.kind == "meld":
            team, rank = region.key
            same = self.session.target == (team, rank)
            self.session.set_target(None if same else team, rank)

    # ---- the keyboard ----------------------------------------------------------------------------
    def on_keys_message(self, _widget, content, _buffers):
        """What a message of the keyboard widget (tutor.table.keys) does: a key, a tap on
        the canvas (as a click), a card of the touch tray picked; anything else is ignored."""
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "key":
            self.key(content.get("key", ""))
        elif event == "tap":                 # a tap on the canvas (touch: tutor.table.keys)
            x, y = content.get("x"), content.get("y")
            if isinstance(x, (int, float)) and isinstance(y, (int, float)):
                self._on_mouse_down(x, y)
        elif event == "pick":                # a card of the touch tray, by its place in the hand
            i = content.get("index")
            if isinstance(i, int) and 0 <= i < len(self.session.hand):
                self.cursor = i
                self.session.select(i)

    def _melds_row(self) -> list:
        team = self.session.position.format.side_of(self.session.bottom)
        return [(team, m.rank) for m in self.session.position.team_melds(team)]

    def key(self, key: str):
        """What a key does on the table: ← → move between the cards of the row (the hand, or
        the team's melds after ↑), Space selects the card (or aims Add to meld at the meld),
        Enter plays the selection (draw or take the pile before drawing; then discard one
        card, add to the aimed meld, or meld several), Esc clears the selection."""
        self.keyboard.active = True          # keys come from the focused hand
        s = self.session
        hand = len(s.hand)
        melds = self._melds_row()
        on_melds = isinstance(self.cursor, tuple)
        if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            row = len(melds) if on_melds else hand
            if not row:
                return None
            i = melds.index(self.cursor[1:]) if on_melds and self.cursor[1:] in melds else \
                (self.cursor if not on_melds else 0)
            i = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": row - 1}[key]
            i = max(0, min(row - 1, i))
            self.cursor = ("meld",) + melds[i] if on_melds else i
        elif key == "ArrowUp" and melds:
            self.cursor = ("meld",) + melds[0]
        elif key == "ArrowDown":
            self.cursor = 0
        elif key == " ":
            if on_melds:
                team, rank = self.cursor[1:]
                s.set_target(None if s.target == (team, rank) else team, rank)
            elif 0 <= self.cursor < hand:
                s.select(self.cursor)
            return None
        elif key == "Enter":
            return self.press(self._enter_action())
        elif key == "Escape":
            s.clear_selection()
            return None
        else:
            return None
        self.redraw()
        self._sync_keys()
        return None

    def _enter_action(self) -> str:
        """The button Enter presses: what the selection asks for in this phase."""
        s = self.session
        if s.position.phase == "draw":
            return "take" if (s.selection or s.groups) else "draw"
        if s.target and s.selection:
            return "add"
        if len(s.selection) == 1 and not s.groups:
            return "discard"
        return "meld"

    def _sync_keys(self):
        s = self.session
        t = self.t
        hand = s.hand
        if not isinstance(self.cursor, tuple) and self.cursor >= len(hand):
            self.cursor = max(0, len(hand) - 1)
        self.keyboard.cards = [card_words(c, t) for c in hand]
        self.keyboard.show_hand(hand)
        self.keyboard.selected = sorted(s.selection)
        self.keyboard.focus = self.cursor if not isinstance(self.cursor, tuple) else -1
        seat = s.bottom
        if isinstance(self.cursor, tuple):
            _, team, rank = self.cursor
            alone = not s.position.format.partners(seat)          # two or three players
            self.keyboard.label = t.format(
                t.gettext("{seat:name}'s meld of {rank:plural}: Space aims Add to meld at it") if alone else
                t.gettext("{seat:name}'s team's meld of {rank:plural}: Space aims Add to meld at it"),
                seat=seat, rank=rank)
        else:
            self.keyboard.label = t.format(t.ngettext("{seat:name}'s hand, {n} card", "{seat:name}'s hand, {n} cards",
                                                      len(hand)), seat=seat, n=len(hand))
        view = s.view()
        self.keyboard.description = describe(view, self.lang)
        self.keyboard.canvas_label = canvas_label(view, self.lang)

    def _sync_moves(self):
        """The move box completes the legal moves, where the learner may know them."""
        s = self.session
        self._typed = {}
        if s.sees_options() and s.position.phase != "over":
            texts = self._legal_texts(s.position)[:300]
            if self.learner:
                # each move in words, with the text it types (the box plays either); on a
                # page with no code (Voila's learner view) in words only: no notation there
                notation = not no_code_page()
                for text, move in zip(texts, self._moves):
                    label = f"{self._move_words(move)} ({text})" if notation else self._move_words(move)
                    if label in self._typed and self._typed[label] != text:
                        label = f"{label} ({sum(k.startswith(label) for k in self._typed) + 1})"
                    self._typed[label] = text
                self.move_box.options = tuple(self._typed)
            else:
                self.move_box.options = tuple(texts)
        else:
            self.move_box.options = ()

    # ---- what-if: move cards by clicking ---------------------------------------------------------
    def _on_edit_toggle(self, change):
        self._picked = None
        self.session.message = (self.t.gettext("Move cards: click a card (hand, pile top, meld, stock), "
                                               "then where it goes.") if change["new"] else "")
        self.refresh_panel()

    def _edit_click(self, region):
        s = self.session
        t = self.t
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
                s.message = t.gettext("Picked {card} from {zone}: now click where it goes.").format(
                    card=card.pretty, zone=zone)
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
            s.message = t.gettext("Moved {card}: {source} → {target}.").format(
                card=card.pretty, source=src, target=dst)
        except ValueError as exc:
            s.message = t.gettext("Cannot move {card} there: {why}").format(card=card.pretty, why=exc)
        self.refresh_panel()

    # ---- text --------------------------------------------------------------------------------
    def _on_text(self, change):
        if self._syncing:
            return
        self.session.set_text(change["new"])
        self.refresh_panel()

    def _sync_text(self):
        if self.mode != "teacher":
            return                           # the text lists every hand: teachers only
        text = self.session.position.to_text()
        if self.notation.value != text:
            self._syncing = True
            try:
                self.notation.value = text
            finally:
                self._syncing = False

    # ---- drawing -----------------------------------------------------------------------------
    def redraw(self):
        # the keyboard's ring: only while the hand has the focus (a mouse user sees none)
        focus = None if not self.keyboard.active else \
            self.cursor if not isinstance(self.cursor, tuple) else self.cursor[1:]
        self.scene = draw_session(self.canvas, self.session, width=self.table_width,
                                  height=self.table_height, lang=self.lang, focus=focus)
        self.keyboard.show_hand(self.session.hand, self.scene)     # the touch tray
        return self.scene

    def refresh(self):
        self.redraw()
        self._sync_text()
        self._sync_moves()
        self.refresh_panel()

    def refresh_panel(self):
        s = self.session
        t = self.t
        pos = s.position
        # the words first: each widget change is its own message, and this is the one awaited
        self.explanation.value = self.panel_html()
        self._sync_tips()
        # another seat's options would tell its cards; "yes" and "no" tell nothing
        kinds = self._legal_kinds(pos) if s.sees_options() or pos.asked == "pending" else set()
        for name, *_ in BUTTONS:
            wanted = _BUTTON_KIND.get(name, name) in kinds
            self.buttons[name].button_style = "primary" if wanted else ""
        for name, steps in (("undo", s.past), ("redo", s.future)):
            # dimmed, not disabled (see _step)
            if steps:
                self.buttons[name].remove_class("tutor-dim")
            else:
                self.buttons[name].add_class("tutor-dim")
        sel = s.selected_cards()
        parts = []
        if s.groups:
            groups = s._group_texts()
            if self.learner:                 # the cards as the explanations write them
                from ..engine.cards import Card
                groups = [t.write([Card(c) for c in g.split()]) for g in groups]
            parts.append(html.escape(t.gettext("melds put aside: {groups}").format(
                groups=("; " if self.learner else " ; ").join(groups[:-1] if sel else groups))))
        cards = t.write(sel) if self.learner else " ".join(c.pretty for c in sel)
        parts.append(html.escape(t.gettext("selected: {cards}").format(cards=cards)) if sel
                     else by_pointer_html(   # how to select: with a mouse and keys, or a finger
                         t.gettext("selected: nothing (click your cards, or use the keys)"),
                         t.gettext("selected: nothing (tap your cards)")))
        if s.target:
            parts.append(html.escape(t.format(t.gettext("target: the meld of {rank:plural} ({team:name})"),
                                              team=s.target[0], rank=s.target[1])))
        self.selection_label.value = (     # each part escaped already
            "<span>" + html.escape(t.format(t.gettext("{seat:name}'s hand"), seat=s.bottom))
            + " — " + " · ".join(parts) + "</span>")
        err = s.text_error
        if err is not None:
            self.text_error.value = (
                "<div class='tutor-bad'><b>" + html.escape(t.gettext("line {line}, column {column}").format(
                    line=err.line, column=err.column)) + f"</b>: {html.escape(err.text(self.lang, where=False))}<br><i>"
                + html.escape(t.gettext("the table shows the last good position")) + "</i></div>")
        else:
            self.text_error.value = ""
        self._sync_keys()

    def _legal_texts(self, pos) -> list:
        self._legal_kinds(pos)
        return self._texts

    def _legal_kinds(self, pos) -> set:
        """The kinds of move the engine allows here (the buttons to emphasise), once per position."""
        if self._kinds_for is not pos:
            from ..engine.generate import legal_moves
            moves = legal_moves(pos) if pos.phase != "over" else []
            self._kinds_for, self._kinds = pos, {m.kind for m in moves}
            self._moves = moves
            self._texts = [str(m) for m in moves]
        return self._kinds

    def panel_html(self) -> str:
        """The panel's HTML for this table's session, language and mode (tutor/table/panel.py)."""
        return panel_html(self.session, self.lang, self.learner)

    # ---- text form ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Table({self.session.describe()})"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
        return data
