"""The player count in plain words, for the sandbox and the class: two, three, four or six
at the table (RULES.md, "Player counts").

    COUNTS                       # the choices, in order: (key, rules, words)
    rules_for("6:three-teams")   # "players=6, six=three-teams"
    count_words("2", "sv")       # "Två spelare, var för sig"
    game_at(count="2", lang="fi")   # a whole game against the computer players (widgets)

A count's key is its format's (`tutor.engine.formats.FORMATS`): ``"2"``, ``"3"``, ``"4"``,
``"6"`` (two teams of three), ``"6:three-teams"`` and ``"3:cutthroat"`` (the first to take
the pile plays alone against the other two, `players.cutthroat`).
"""
from __future__ import annotations

from ..engine.formats import FORMATS
from ..engine.scoring import signed_points
from ..i18n import N_, translator

#: key -> (the rules that choose it, its words)
COUNTS = {
    # TRANSLATORS: a choice of the sandbox's "How many players?": each plays alone
    "2": ("players=2", N_("Two players, each alone")),
    # TRANSLATORS: a choice of the sandbox's "How many players?": each plays alone
    "3": ("players=3", N_("Three players, each alone")),
    "4": ("default", N_("Four players, two teams of two")),
    "6": ("players=6", N_("Six players, two teams of three")),
    "6:three-teams": ("players=6, six=three-teams", N_("Six players, three teams of two")),
    # TRANSLATORS: a choice of the sandbox's "How many players?": cutthroat, the first to take
    # the pile plays alone against the other two
    "3:cutthroat": ("players=3, three=cutthroat",
                    N_("Three players, cutthroat (the first to take the pile plays alone)")),
}
# TRANSLATORS: the label of the sandbox's choice of the player count
HOW_MANY = N_("How many players?")


def default_count() -> str:
    """The count a class chose (``python -m tutor class --players 2`` sets TUTOR_PLAYERS in
    every learner's kernel), else four."""
    import os
    try:
        return key_for(os.environ.get("TUTOR_PLAYERS") or "4")
    except ValueError:
        return "4"


def key_for(count) -> str:
    """A count's key from what a user may write: 2, "2", "6", "6:three-teams",
    "6-three-teams", "three-teams", "3:cutthroat", "cutthroat" (ValueError for a count that
    is not played)."""
    text = str(count).strip().lower().replace("-three-teams", ":three-teams")
    text = text.replace("-cutthroat", ":cutthroat")
    if text == "three-teams":
        text = "6:three-teams"
    if text == "cutthroat":
        text = "3:cutthroat"
    if text not in COUNTS:
        raise ValueError(f"{count!r} is not a player count here; the counts are "
                         + ", ".join(COUNTS))
    return text


def rules_for(count) -> str:
    """The rules line that chooses `count` (``"default"`` for four)."""
    return COUNTS[key_for(count)][0]


def count_words(count, lang: str = "en") -> str:
    """The count in plain words, in `lang`."""
    return translator(lang).gettext(COUNTS[key_for(count)][1])


def side_name(side: str, lang: str = "en") -> str:
    """A side in words: a team's name ("North–South", "Team 1"), or the seat's name for a
    player alone ("South")."""
    t = translator(lang)
    return t.word("team", side) if side in t.terms.get("team", {}) else t.word("seat", side)


def hand_words(record, lang: str = "en") -> str:
    """A hand the computer players played (`tutor.autoplay.HandRecord`) in one line of words:
    the count, who went out and each side's points ("Two players, each alone: South went
    out; North −85, South +1240")."""
    t = translator(lang)
    fmt = record.final.rules.format        # (cutthroat: the table's, not the sides decided)
    key = next(k for k in COUNTS if FORMATS[k] is fmt)
    points = ", ".join(f"{side_name(side, lang)} {signed_points(sheet.total)}"
                       for side, sheet in record.sheet.items())
    if record.final.out:
        # TRANSLATORS: a hand the computer played: "{count}: South went out; North −85, South +1240"
        words = t.gettext("{count}: {seat:name} went out; {points}")
    else:
        # TRANSLATORS: a hand the computer played, ended with the stock: "{count}: nobody went out; …"
        words = t.gettext("{count}: nobody went out; {points}")
    return t.format(words, count=t.gettext(COUNTS[key][1]), seat=record.final.out or "",
                    points=points)


def game_at(count=None, seed: int = 11, lang: str | None = None, chooser: bool = True):
    """A table with a whole game at `count` players: you sit South, the computer players play
    the other seats (Play on, Hint, the computer's reasons), the score sheet after each hand
    and the game to the count's target (5000; 10000 or 7500 for six). With `chooser`, a
    drop-down above it offers every count in words and deals a new game when it changes.
    `count` None: the class's count (`default_count`), else four."""
    import ipywidgets as widgets

    from ..i18n import default_language
    from ..players import SensiblePlayer
    from ..table import Table
    from ..engine.deal import deal

    lang = translator(lang or default_language()).lang
    t = translator(lang)
    box = widgets.VBox()
    box.add_class("tutor-count-game")

    def build(key: str):
        rules = rules_for(key)
        fmt = FORMATS[key]
        computer = {seat: SensiblePlayer(seed=1) for seat in fmt.seats if seat != "S"}
        table = Table(deal(seed=seed, rules=rules), viewer="S", players=computer, lang=lang)
        table.session.start_game(seed=seed, rules=rules, target=fmt.game_target)
        # TRANSLATORS: above the sandbox's game: you sit South, the computer plays the others
        words = t.ngettext("You sit South; the computer plays the other seat. Game to {target}.",
                           "You sit South; the computer plays the other {n} seats. Game to {target}.",
                           len(computer))
        note = widgets.HTML(t.format(words, n=len(computer), target=fmt.game_target))
        note.add_class("tutor-count-note")
        box.table = table
        return [note, table]

    key = default_count() if count is None else key_for(count)
    if chooser:
        pick = widgets.Dropdown(options=[(t.gettext(words), k) for k, (_r, words) in COUNTS.items()],
                                value=key, description=t.gettext(HOW_MANY),
                                style={"description_width": "initial"})
        pick.add_class("tutor-count-choice")
        # the question and the choice on one line where both fit, else the choice on its own
        # line as wide as its longest words (a phone cut "Six players, three teams of two")
        # (a dropdown's box is one line high: wrapped, it grows, or the choice is drawn over
        # the words below it, as a phone showed)
        style = widgets.HTML("<style>.tutor-count-game .tutor-count-choice { flex-wrap: wrap; row-gap: 4px;"
                             " max-width: 100%; height: auto; }"
                             ".tutor-count-game .tutor-count-choice select { flex: 1 0 auto; max-width: 100%;"
                             " height: var(--jp-widgets-inline-height); }</style>",
                       layout=widgets.Layout(display="none"))

        def changed(change):
            box.children = [pick] + build(change["new"]) + [style]
        pick.observe(changed, "value")
        box.chooser = pick
        box.children = [pick] + build(key) + [style]
    else:
        box.children = build(key)
    return box
