"""`GameView`: the "Play a game" page over a `GameModel` (tutor/game/model.py).

Two parts, one shown at a time:

- the **settings**: each setting of `GameModel.settings()` a row of buttons (the chosen one
  marked), and "Start the game";
- the **table**: a learner's `tutor.table.Table` seen from the chosen seat, with the guide
  at the top of its side column (`Table.add_panel`): what to do now, what just happened,
  and at the end of a hand the score sheet of every side with the running totals, their
  chart against the game's target (`tutor.lessons.charts.game_chart`) and "Next hand".

Only the table's buttons that mean something now are shown (`GameModel.buttons`); the
table's language menu, projector switch and move box are not (the move box completes move
text). The ruling's collapsed "The rule" detail (rule ids) and the table's own score
sheet and game line (the guide shows them) are hidden by the page's style.
Every click goes through the model's handlers; this module only wires and draws.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ..i18n import translator
from ..table.panel import side_sheet_html
from .model import GameModel

LIST = "00-lessons.ipynb"
#: the table's buttons the game may show (GameModel.buttons picks among them)
TABLE_BUTTONS = ("draw", "take", "meld", "group", "add", "discard", "ask", "yes", "no", "hint",
                 "clear")

PAGE_STYLE = """<style>
.tutor-game-page { gap: 6px; color: var(--jp-ui-font-color1, #1b1b1b); }
.tutor-game-page .tutor-rule, .tutor-game-page .tutor-explanation .tutor-sheet,
.tutor-game-page .tutor-explanation .tutor-game, .tutor-game-page .tutor-typed,
.tutor-game-page .tutor-settings { display: none !important; }
.tutor-game-page .tutor-explanation:not(:has(.tutor-ruling, .tutor-hint, .tutor-message,
  .tutor-legal)) { display: none !important; }
.tutor-game-setting { align-items: center; gap: 4px; flex-wrap: wrap; }
.tutor-game-setting .widget-html { min-width: 200px; font-weight: bold; }
.tutor-game-guide { font-size: 15px; line-height: 1.45; }
.tutor-game-prompt { border-left: 5px solid var(--jp-brand-color1, #1976d2); padding: 2px 8px;
  background: var(--jp-layout-color2, #eef3fb); }
.tutor-game-log ol { margin: 2px 0 2px 0; padding-left: 28px; }
.tutor-game-sheet table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
.tutor-game-sheet td { padding: 0 8px 0 0; }
.tutor-game-sheet .tutor-game-totals { font-weight: bold; margin-top: 4px; }
.tutor-game-sheet .tutor-chart svg { max-width: 100%; height: auto; margin-top: 6px; }
.tutor-game-page .jupyter-button { font-size: 14px; }
/* an option's words are never cut short: a long one wraps (a phone, Finnish) */
.tutor-game-page .jupyter-button.tutor-game-option { white-space: normal; height: auto;
  min-height: 28px; max-width: 100%; line-height: 1.3; padding-top: 4px; padding-bottom: 4px;
  text-overflow: clip; text-align: left; }
.tutor-game-page .jupyter-button.mod-success { background-color: #2e7d32; }  /* white on it: 5.1:1 */
</style>"""


class GameView(widgets.VBox):
    """The game page: settings, then the table with its guide."""

    def __init__(self, model: GameModel | None = None, **kwargs):
        self.model = model if model is not None else GameModel()
        self.table = None
        self.head = widgets.HTML()
        self.head.add_class("tutor-game-head")
        # the settings
        self.option_buttons = {}              # (setting, value) -> Button
        self.setting_titles = {}
        self.setting_rows = {}                # setting -> its row (hidden where it changes nothing)
        rows = []
        for setting in self.model.settings():
            title = widgets.HTML()
            self.setting_titles[setting.name] = title
            buttons = []
            for value, _words in setting.options:
                b = widgets.Button(layout=widgets.Layout(width="auto"))
                b.add_class("tutor-game-option")
                b.add_class(f"tutor-game-{setting.name}-{value}")
                b.on_click(lambda _b, n=setting.name, v=value: self.model.choose(n, v))
                self.option_buttons[(setting.name, value)] = b
                buttons.append(b)
            row = widgets.HBox([title, *buttons], layout=widgets.Layout(flex_flow="row wrap"))
            row.add_class("tutor-game-setting")
            self.setting_rows[setting.name] = row
            rows.append(row)
        self.start_button = self._button("tutor-game-start", lambda: self.model.start(), "success")
        self.setup = widgets.VBox([*rows, self.start_button])
        self.setup.add_class("tutor-game-setup")
        # the guide, beside the table
        self.prompt = widgets.HTML()
        self.prompt.add_class("tutor-game-prompt")
        self.story = widgets.HTML()
        self.story.add_class("tutor-game-log")
        self.sheet_box = widgets.HTML()
        self.sheet_box.add_class("tutor-game-sheet")
        self.next_button = self._button("tutor-game-next", self.model.next_hand, "primary")
        self.new_button = self._button("tutor-game-new", self.model.new_game)
        self.guide = widgets.VBox([self.prompt, self.story, self.sheet_box,
                                   widgets.HBox([self.next_button, self.new_button],
                                                layout=widgets.Layout(flex_flow="row wrap"))],
                                  layout=widgets.Layout(width="100%"))
        self.guide.add_class("tutor-game-guide")
        self.play_area = widgets.VBox([], layout=widgets.Layout(width="100%"))
        self.play_area.add_class("tutor-game-play")
        style = widgets.HTML(PAGE_STYLE, layout=widgets.Layout(display="none"))
        super().__init__([self.head, self.setup, self.play_area, style],
                         layout=widgets.Layout(width="100%"), **kwargs)
        self.add_class("tutor-game-page")
        self.model.on_change(lambda _m: self.refresh())
        self.refresh()

    @staticmethod
    def _button(cls, action, style=""):
        b = widgets.Button(layout=widgets.Layout(width="auto"), button_style=style)
        b.add_class(cls)
        b.on_click(lambda _b: action())
        return b

    @property
    def t(self):
        return translator(self.model.lang)

    # ---- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        m = self.model
        setup = m.stage == "setup"
        self.setup.layout.display = None if setup else "none"
        self.play_area.layout.display = "none" if setup else None
        if setup:
            # the settings first, the intro's words last (a page that shows the words shows
            # the buttons of the chosen count)
            self._refresh_setup()
            self._refresh_head()
            return
        self._refresh_head()        # the status first, then the table and the guide's step
        if self.table is None or self.table.session is not m.session:
            self._new_table()
        self._refresh_play()

    def _refresh_head(self) -> None:
        m, t = self.model, self.t
        title, back = t.gettext("Play a game"), t.gettext("All lessons")
        self.head.value = (
            f"<div style='display:flex;justify-content:space-between;align-items:baseline'>"
            f"<h1 style='margin:4px 0'>{html.escape(title)}</h1>"
            f"<a class='tutor-to-list' href='{LIST}'>← {html.escape(back)}</a></div>"
            + (f"<p class='tutor-game-status'>{html.escape(m.status())}</p>" if m.stage != "setup" else
               "<p class='tutor-game-intro'>" + html.escape(m.intro()) + "</p>"))

    def _refresh_setup(self) -> None:
        m, t = self.model, self.t
        for setting in m.settings():
            self.setting_rows[setting.name].layout.display = None if m.applies(setting) else "none"
            self.setting_titles[setting.name].value = html.escape(t.gettext(setting.title))
            offered = m.options(setting)          # the seats of the chosen count
            for value, _w in setting.options:
                b = self.option_buttons[(setting.name, value)]
                b.layout.display = None if value in offered else "none"
                chosen = m.choices[setting.name] == value
                b.description = m.option_words(setting, value)
                b.button_style = "primary" if chosen else ""
                b.icon = "check" if chosen else ""
                b.tooltip = t.gettext("chosen") if chosen else ""
        self.start_button.description = t.gettext("Start the game")

    def _new_table(self) -> None:
        from ..table import Table
        m = self.model
        self.table = Table(m.session, lang=m.lang, mode="learner", buttons=list(TABLE_BUTTONS))
        self.table.add_class("tutor-game-table")
        # the table's buttons, keys and clicks act on the session; the model follows its
        # rulings (GameModel._on_ruling) and the buttons follow the selection
        self.table.session.on_change(self._on_session)
        self.table.add_panel(self.guide)
        self.play_area.children = [self.table]

    def _on_session(self, _session, what) -> None:
        if what in ("selection", "info"):    # a card clicked, a hint: the buttons follow
            self._show_buttons()

    def _show_buttons(self) -> None:
        wanted = set(self.model.buttons())
        for name in TABLE_BUTTONS:
            self.table.show_button(name, name in wanted)

    def _refresh_play(self) -> None:
        m, t = self.model, self.t
        self._show_buttons()
        self.table.refresh_panel()
        # data-step: the moves made this hand (a test waits for its clicks' answer by it)
        steps = len(m.session.past)
        self.prompt.value = (f"<div class='tutor-game-step' data-step='{steps}' data-stage='{m.stage}'>"
                             "<b>" + html.escape(m.prompt()) + "</b></div>") + (
            f"<div class='tutor-game-note'>{html.escape(m.note)}</div>" if m.note else "")
        if m.happened:
            items = "".join(f"<li>{html.escape(line)}</li>" for line in m.happened)
            said = t.gettext("What just happened:")
            self.story.value = (f"<div><b>{html.escape(said)}</b>"
                              f"<ol>{items}</ol></div>")
        else:
            self.story.value = ""
        sheet = m.sheet()
        self.sheet_box.value = (self._sheet_html(sheet) + m.chart()._repr_html_()) if sheet else ""
        self.next_button.description = t.gettext("Next hand")
        self.next_button.layout.display = None if m.stage == "hand-over" else "none"
        self.new_button.description = t.gettext("New game")

    def _sheet_html(self, sheet) -> str:
        t = self.t
        title = t.gettext("Score sheet")
        parts = [f"<div><b>{html.escape(title)}</b> "
                 f"({html.escape(sheet['how'])})</div>"]
        for head, _total, lines in sheet["teams"]:
            parts.append(side_sheet_html(head, [(None, points, words) for words, points in lines]))
        parts.append(f"<div class='tutor-game-totals'>{html.escape(sheet['totals_words'])}</div>")
        if sheet["result"]:
            parts.append(f"<div class='tutor-game-result'><b>{html.escape(sheet['result'])}</b></div>")
        elif sheet["next_dealer"]:
            parts.append(f"<div>{html.escape(sheet['next_dealer'])}</div>")
        return "".join(parts)

    # ---- text form (nbval compares it) -----------------------------------------------------------
    def __repr__(self) -> str:
        return self.model.describe()

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
        return data
