"""Charts for the scoring notebook as inline SVG (no matplotlib, no widgets).

``sheet_chart(sheet)`` draws a hand's score sheet as horizontal bars, one group per side
(a team, or a player alone: every side of the table, 2, 3, 4 or 6 players), one bar per
line (plus the total); ``game_chart(game)`` draws the running totals of a game against its
target (5000; 10000 or 7500 for six). Both return a `Chart` (``_repr_svg_``, ``_repr_html_``, and a
deterministic text repr for nbval); ``chart.svg`` is the SVG text, ready to save.

Themes: in a notebook the chart is inline HTML, and its text and axis take JupyterLab's
theme colours (``--jp-content-font-color1``), so it reads in the dark theme too; the bars'
colours read on both. The standalone SVG (a file, an <img>) has a white card behind it.
"""
from __future__ import annotations

import html

from ..engine.scoring import LINE_NAMES as LABELS, signed_points    # the lines' names, as every sheet names them
from ..i18n import translator

TEAM_COLOURS = {"NS": "#3d7fd1", "EW": "#d0661f"}   # read on white and on JupyterLab's dark grey
#: the sides' colours in the table's order (the first two are the four-player teams')
SIDE_COLOURS = ("#3d7fd1", "#d0661f", "#2f8f5b")


def side_colour(side: str, sides) -> str:
    """A side's bar colour: its place among the table's sides (NS and EW keep theirs)."""
    return TEAM_COLOURS.get(side) or SIDE_COLOURS[list(sides).index(side) % len(SIDE_COLOURS)]
INK = "#1b1b1b"


class Chart:
    def __init__(self, svg: str, text: str):
        self.svg, self.text = svg, text

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        themed = self.svg.replace(f"fill='{INK}'", f"style='fill:var(--jp-content-font-color1, {INK})'", -1)
        themed = themed.replace(f"stroke='{INK}'", f"style='stroke:var(--jp-content-font-color1, {INK})'")
        themed = themed.replace("<path class='paper' ", "<path class='paper' visibility='hidden' ")
        return f"<div class='tutor-chart'>{themed}</div>"

    def save(self, path) -> str:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)
        return str(path)

    def __repr__(self) -> str:
        return self.text


def _label_width(text: str, size: int = 13) -> float:
    """About how wide a label is drawn (sans-serif: wide letters, narrow ones, an average)."""
    return sum(size * (0.3 if ch in " .,:;'ijl|()" else 0.62) for ch in text)


def _bars(rows, title: str, width: int = 560, plot: int = 420) -> str:
    """rows: (label, value, colour), or (label, value, colour, shown) where the value is
    written otherwise than as points won or lost (a target: "5000", not "+5000"); a zero line
    in the middle of the value range. The labels' column is as wide as the longest label (a
    language's words are longer or shorter); the bars and their values get at least `plot` px
    beside it."""
    bar_h, gap, top = 20, 6, 30
    left = max(140, int(max((_label_width(row[0]) for row in rows), default=0)) + 16)
    width = max(width, left + plot)
    lo = min([0] + [row[1] for row in rows])
    hi = max([0] + [row[1] for row in rows])
    span = (hi - lo) or 1
    plot = width - left - 70
    x0 = left + plot * (-lo) / span
    height = top + len(rows) * (bar_h + gap) + 10
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='13'>",
           f"<path class='paper' d='M0 0H{width}V{height}H0Z' fill='#ffffff'/>",
           f"<text x='{left}' y='18' font-weight='bold' font-size='14' fill='{INK}'>{html.escape(title)}</text>"]
    for i, (label, value, colour, *shown) in enumerate(rows):
        y = top + i * (bar_h + gap)
        w = plot * abs(value) / span
        x = x0 if value >= 0 else x0 - w
        out.append(f"<text x='{left - 8}' y='{y + 14}' text-anchor='end' fill='{INK}'>{html.escape(label)}</text>")
        out.append(f"<rect x='{x:.1f}' y='{y}' width='{max(w, 1):.1f}' height='{bar_h}' "
                   f"fill='{colour}' opacity='{0.55 if value < 0 else 0.9}'/>")
        # the value beside its bar, on the plus side of the zero line (a minus bar reaches
        # left toward the labels, so its value is written right of the zero line)
        tx = (x + w + 4) if value >= 0 else (x0 + 4)
        anchor = "start"
        out.append(f"<text x='{tx:.1f}' y='{y + 14}' text-anchor='{anchor}' fill='{INK}'>{shown[0] if shown else signed_points(value)}</text>")
    out.append(f"<line x1='{x0:.1f}' y1='{top - 4}' x2='{x0:.1f}' y2='{height - 6}' stroke='{INK}'/>")
    out.append("</svg>")
    return "".join(out)


def sheet_chart(sheet, title: str | None = None, lang: str = "en") -> Chart:
    """One group of bars per side of the sheet (`tutor.score_hand`: NS and EW for four, a
    player alone by the seat, T1, T2 … for six), in the table's order."""
    t = translator(lang)
    title = title or t.gettext("Points of the hand")
    rows, text = [], [title]
    sides = list(sheet)
    # the text form (the chart's repr, for nbval) writes the sides' letters as the notation does
    for team in sides:
        colour = side_colour(team, sides)
        for rule, points in sheet[team].lines:
            label = t.gettext(LABELS[rule]) if rule in LABELS else rule
            # TRANSLATORS: a bar's label in the scoring chart: a team's name and a line of its score sheet
            rows.append((t.format(t.gettext("{team:name}: {line}"), team=team, line=label), points, colour))
            text.append(f"  {team} {label:<20} {points:+6d}")
        total = t.gettext("TOTAL")
        rows.append((t.format(t.gettext("{team:name}: {line}"), team=team, line=total), sheet[team].total, colour))
        text.append(f"  {team} {total:<20} {sheet[team].total:+6d}")
    return Chart(_bars(rows, title), "\n".join(text))


def game_chart(game, title: str | None = None, lang: str = "en", narrow: bool = False) -> Chart:
    """Every side's running total after each hand, and the game's target. `narrow`: about
    320 px wide instead of 560 (a side column: the game page's guide), its text the same size."""
    t = translator(lang)
    title = title or t.gettext("Running totals")
    rows, text = [], [title]
    sides = list(game.format.sides)
    totals = [0] * len(sides)
    for i, (_final, sheet) in enumerate(game.hands, 1):
        totals = [total + sheet[side].total for side, total in zip(sides, totals)]
        hand = t.gettext("hand {n}").format(n=i)
        # TRANSLATORS: a bar's label in the chart of a game: the team's running total after hand {n}
        rows += [(t.format(t.gettext("hand {n}: {team:name}"), n=i, team=team), total,
                  side_colour(team, sides)) for team, total in zip(sides, totals)]
        text.append(f"  {hand}: " + "  ".join(f"{side} {total:6d}" for side, total in zip(sides, totals)))
    rows.append((t.gettext("target"), game.target, "#757575", str(game.target)))   # a total to reach
    text.append(f"  {game.result_text(lang)}")
    return Chart(_bars(rows, title, *((300, 170) if narrow else ())), "\n".join(text))
