"""Charts for the scoring notebook as inline SVG (no matplotlib, no widgets).

``sheet_chart(sheet)`` draws a hand's score sheet as horizontal bars, one group per team,
one bar per line (plus the total); ``game_chart(game)`` draws the running totals of a game
against the 5000 target. Both return a `Chart` (``_repr_svg_``, ``_repr_html_``, and a
deterministic text repr for nbval); ``chart.svg`` is the SVG text, ready to save.
"""
from __future__ import annotations

import html

LABELS = {"score.going-out": "going out", "goout.concealed": "concealed",
          "score.canastas": "canastas", "score.red-threes": "red threes",
          "score.table": "cards on table", "score.hand": "cards in hand"}
TEAM_COLOURS = {"NS": "#1f5fa8", "EW": "#b3541e"}


class Chart:
    def __init__(self, svg: str, text: str):
        self.svg, self.text = svg, text

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f"<div class='tutor-chart'>{self.svg}</div>"

    def save(self, path) -> str:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)
        return str(path)

    def __repr__(self) -> str:
        return self.text


def _bars(rows, title: str, width: int = 560) -> str:
    """rows: (label, value, colour); a zero line in the middle of the value range."""
    bar_h, gap, left, top = 20, 6, 140, 30
    lo = min([0] + [v for _, v, _ in rows])
    hi = max([0] + [v for _, v, _ in rows])
    span = (hi - lo) or 1
    plot = width - left - 70
    x0 = left + plot * (-lo) / span
    height = top + len(rows) * (bar_h + gap) + 10
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='12'>",
           f"<text x='{left}' y='18' font-weight='bold' font-size='14'>{html.escape(title)}</text>"]
    for i, (label, value, colour) in enumerate(rows):
        y = top + i * (bar_h + gap)
        w = plot * abs(value) / span
        x = x0 if value >= 0 else x0 - w
        out.append(f"<text x='{left - 8}' y='{y + 14}' text-anchor='end'>{html.escape(label)}</text>")
        out.append(f"<rect x='{x:.1f}' y='{y}' width='{max(w, 1):.1f}' height='{bar_h}' "
                   f"fill='{colour}' opacity='{0.55 if value < 0 else 0.9}'/>")
        tx = (x + w + 4) if value >= 0 else (x - 4)
        anchor = "start" if value >= 0 else "end"
        out.append(f"<text x='{tx:.1f}' y='{y + 14}' text-anchor='{anchor}'>{value:+d}</text>")
    out.append(f"<line x1='{x0:.1f}' y1='{top - 4}' x2='{x0:.1f}' y2='{height - 6}' stroke='#333'/>")
    out.append("</svg>")
    return "".join(out)


def sheet_chart(sheet, title: str = "Points of the hand") -> Chart:
    rows, text = [], [title]
    for team in ("NS", "EW"):
        colour = TEAM_COLOURS[team]
        for rule, points in sheet[team].lines:
            rows.append((f"{team} {LABELS.get(rule, rule)}", points, colour))
            text.append(f"  {team} {LABELS.get(rule, rule):<15} {points:+6d}")
        rows.append((f"{team} TOTAL", sheet[team].total, colour))
        text.append(f"  {team} {'TOTAL':<15} {sheet[team].total:+6d}")
    return Chart(_bars(rows, title), "\n".join(text))


def game_chart(game, title: str = "Running totals") -> Chart:
    rows, text = [], [title]
    ns = ew = 0
    for i, (_final, sheet) in enumerate(game.hands, 1):
        ns += sheet["NS"].total
        ew += sheet["EW"].total
        rows += [(f"hand {i} NS", ns, TEAM_COLOURS["NS"]), (f"hand {i} EW", ew, TEAM_COLOURS["EW"])]
        text.append(f"  hand {i}: NS {ns:6d}  EW {ew:6d}")
    rows.append((f"target", game.target, "#888"))
    text.append(f"  {game.result_text()}")
    return Chart(_bars(rows, title), "\n".join(text))
