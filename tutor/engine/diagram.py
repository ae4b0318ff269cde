"""The table as a drawing: one layout, emitted as SVG here or onto an ipycanvas by the widget.

No widget imports: `scene(pos, ...)` computes the table once as a list of drawing
primitives (plain tuples) plus the hit regions that clicks are tested against;
`position_svg` writes the primitives as SVG (``Position._repr_svg_``, printable handouts)
and `tutor.table.draw` sends the same primitives to a canvas.

Primitives (coordinates in CSS pixels of a WIDTH × HEIGHT table):

    ("rect", x, y, w, h, radius, fill, stroke, line_width)     fill/stroke may be None
    ("text", x, y, text, size, colour, bold, align)             align: left | center | right;
                                                                y is the text's middle
    ("line", x1, y1, x2, y2, colour, line_width)

Layout, seen from the `viewer` at the bottom: the partner at the top, the next player
(clockwise N → E → S → W) on the left, the one before on the right; the opponents'
melds in a band under the top hand, the viewer's team's melds in a band above the
viewer's hand; in the middle the stock, the discard pile fanned (wild cards and red threes
crosswise), the frozen mark, and the status: whose turn, phase, scores, "may I go out?".
"""
from __future__ import annotations

from html import escape
from typing import NamedTuple

from .cards import SUIT_SYMBOLS
from .position import SEAT_NAMES, next_seat, other_team, partner_of, team_of
from .scoring import ALL_RED_THREES

WIDTH, HEIGHT = 960, 770

FELT = "#1f6b3c"
FELT_DARK = "#17542f"
RIM = "#5b3a1e"
INK = "#f4f1e6"          # text on the felt
MUTED = "#b9d3bf"
CARD = "#ffffff"
CARD_EDGE = "#8a8a8a"
WILD_TINT = "#fff3c4"
RED = "#c62828"
BLACK = "#1b1b1b"
JOKER = "#6a1b9a"
BACK = "#23408e"
BACK_EDGE = "#dfe6ff"
HIGHLIGHT = "#ff9800"
SELECT = "#1e88e5"
FROZEN = "#4fc3f7"
SHADOW = "rgba(0,0,0,0.28)"

TEAM_NAMES = {"NS": "North–South", "EW": "East–West"}


class Region(NamedTuple):
    """A clickable area: kind (hand, meld, band, pile, stock, seat), key, box."""
    kind: str
    key: object
    x: float
    y: float
    w: float
    h: float

    def contains(self, x, y) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


class Scene(NamedTuple):
    prims: list
    regions: list
    width: int
    height: int

    def hit(self, x, y) -> Region | None:
        """The topmost region at (x, y) in table pixels, or None."""
        for region in reversed(self.regions):
            if region.contains(x, y):
                return region
        return None


def seats_around(viewer: str) -> dict:
    """Where each seat sits on the screen: bottom, left, top, right."""
    left = next_seat(viewer)
    return {"bottom": viewer, "left": left, "top": partner_of(viewer), "right": partner_of(left)}


# ---- cards ------------------------------------------------------------------------------

def _suit_colour(card) -> str:
    if card.rank == "JK":
        return JOKER
    return RED if card.is_red else BLACK


def _card(out, card, x, y, w, h, *, full=True, mark=None, crosswise=False, flat=False):
    """A face-up card; `mark` is an outline colour (selected, highlighted)."""
    r = max(3, w // 9)
    out.append(("rect", x + 2, y + 2, w, h, r, SHADOW, None, 0))
    tint = WILD_TINT if card.is_wild else CARD
    out.append(("rect", x, y, w, h, r, tint, mark or CARD_EDGE, 3 if mark else 1))
    colour = _suit_colour(card)
    small = max(10, int(min(w, h) * 0.30))
    rank = card.rank
    suit = "★" if card.rank == "JK" else SUIT_SYMBOLS[card.suit]
    if crosswise or flat:
        # laid sideways, or stacked downwards: a one-line index along the top edge
        out.append(("text", x + 4, y + small * 0.62 + 2, f"{rank}{suit}", small, colour, True, "left"))
        if full:
            big = int(min(w * 0.62, h * 0.45))
            out.append(("text", x + w / 2, y + h * 0.62, suit, big, colour, False, "center"))
        return
    left = x + 3 + (small * 0.35 if len(rank) == 1 else small * 0.62)
    out.append(("text", left, y + small * 0.62 + 2, rank if rank != "JK" else "J", small, colour, True, "center"))
    if rank == "JK":
        out.append(("text", left, y + small * 1.55 + 2, "K", small, colour, True, "center"))
        out.append(("text", left, y + small * 2.5 + 2, "★", small, colour, False, "center"))
    else:
        out.append(("text", left, y + small * 1.55 + 2, suit, small, colour, False, "center"))
    if full:
        big = int(min(w * 0.62, h * 0.45))
        out.append(("text", x + w * 0.58, y + h * 0.60, suit, big, colour, False, "center"))
        if card.rank == "JK":
            out.append(("text", x + w * 0.58, y + h * 0.88, "joker", max(8, int(w * 0.2)), JOKER, True, "center"))
        elif card.is_wild:
            out.append(("text", x + w * 0.58, y + h * 0.88, "wild", max(8, int(w * 0.2)), "#9a6b00", True, "center"))


def _back(out, x, y, w, h):
    r = max(3, w // 9)
    out.append(("rect", x + 2, y + 2, w, h, r, SHADOW, None, 0))
    out.append(("rect", x, y, w, h, r, BACK, "#0d1b4a", 1))
    out.append(("rect", x + 4, y + 4, w - 8, h - 8, max(2, r - 2), None, BACK_EDGE, 1))


def _label(out, x, y, text, size=13, colour=INK, bold=False, align="left"):
    out.append(("text", x, y, text, size, colour, bold, align))


def text_width(text, size, bold=False) -> float:
    """A generous estimate of a label's width in the table's sans-serif font (DejaVu Sans:
    about 0.55 of the size per character, 0.62 in bold)."""
    return len(text) * size * (0.62 if bold else 0.55)


def _badge(out, x, y, w, h, fill, text, colour="#ffffff", size=12):
    """A pill with centred bold text; widened (about its centre) when the text needs it."""
    need = text_width(text, size, bold=True) + h
    if need > w:
        x, w = x - (need - w) / 2, need
    out.append(("rect", x, y, w, h, h / 2, fill, None, 0))
    out.append(("text", x + w / 2, y + h / 2 + 1, text, size, colour, True, "center"))


# ---- zones ------------------------------------------------------------------------------

def _fan(n, width, card_w, max_step):
    """Step between overlapping cards so that n cards fit in `width`."""
    if n <= 1:
        return 0
    return max(4.0, min(max_step, (width - card_w) / (n - 1)))


def _hand_row(out, regions, pos, seat, x0, x1, y, w, h, face_up, selected=(), highlight=(),
              clickable=False):
    cards = pos.hand(seat)
    n = len(cards)
    if not n:
        return
    if not face_up:
        shown = min(n, 9)
        step = _fan(shown, x1 - x0, w, w * 0.32)
        x = (x0 + x1) / 2 - (step * (shown - 1) + w) / 2
        for i in range(shown):
            _back(out, x + i * step, y, w, h)
        return
    step = _fan(n, x1 - x0, w, w + 4)
    x = (x0 + x1) / 2 - (step * (n - 1) + w) / 2
    hl = list(highlight)
    for i, card in enumerate(cards):
        sel = i in selected
        mark = SELECT if sel else None
        if card in hl and not sel:
            mark = HIGHLIGHT
            hl.remove(card)
        cx = x + i * step
        cy = y - (12 if sel else 0)
        _card(out, card, cx, cy, w, h, full=(i == n - 1 or step >= w), mark=mark)
        if clickable:
            regions.append(Region("hand", (seat, i), cx, cy, step if i < n - 1 else w, h))


def _hand_column(out, pos, seat, x, y0, y1, w, h, face_up, highlight=()):
    cards = pos.hand(seat)
    n = len(cards)
    if not n:
        return
    if not face_up:
        shown = min(n, 9)
        step = _fan(shown, y1 - y0, h, h * 0.22)
        for i in range(shown):
            _back(out, x, y0 + i * step, w, h)
        return
    cols = 1 if n <= 12 else 2
    per = -(-n // cols)
    step = _fan(per, y1 - y0, h, h * 0.36)
    hl = list(highlight)
    for i, card in enumerate(cards):
        c, k = divmod(i, per)
        mark = None
        if card in hl:
            mark = HIGHLIGHT
            hl.remove(card)
        _card(out, card, x + c * (w * 0.55) - (w * 0.28 if cols == 2 else 0), y0 + k * step, w, h,
              full=(k == per - 1 or i == n - 1), mark=mark, flat=True)


def _meld(out, regions, team, meld, x, y, w, h, max_h, highlight, targeted):
    """One meld as an overlapping column; a canasta as a closed pile (red natural, black mixed)."""
    if meld.is_canasta:
        natural = meld.is_natural_canasta
        fill = "#b71c1c" if natural else "#212121"
        for k in (4, 2):
            out.append(("rect", x + k, y + k, w, h, 5, "rgba(0,0,0,0.30)", None, 0))
        out.append(("rect", x, y, w, h, 5, fill, HIGHLIGHT if targeted else "#f5f5f5",
                    3 if targeted else 1.5))
        _label(out, x + w / 2, y + h * 0.34, meld.rank, int(h * 0.32), "#ffffff", True, "center")
        _label(out, x + w / 2, y + h * 0.64, f"{meld.size} cards", 10, "#ffffff", False, "center")
        _label(out, x + w / 2, y + h * 0.84, "natural" if natural else "mixed",
               10, "#ffd54f" if natural else "#bdbdbd", True, "center")
        regions.append(Region("meld", (team, meld.rank), x, y, w, h))
        return
    n = meld.size
    step = _fan(n, max_h, h, 17)
    hl = list(highlight)
    for i, card in enumerate(meld.cards):
        mark = None
        if card in hl:
            mark = HIGHLIGHT
            hl.remove(card)
        _card(out, card, x, y + i * step, w, h, full=(i == n - 1), mark=mark, flat=True)
    total = step * (n - 1) + h
    if targeted:
        out.append(("rect", x - 3, y - 3, w + 6, total + 6, 6, None, HIGHLIGHT, 3))
    regions.append(Region("meld", (team, meld.rank), x, y, w, total))


def _band(out, regions, pos, team, x0, y0, x1, y1, highlight, target, title):
    out.append(("rect", x0, y0, x1 - x0, y1 - y0, 10, "rgba(0,0,0,0.13)", None, 0))
    regions.append(Region("band", team, x0, y0, x1 - x0, y1 - y0))
    _label(out, x0 + 10, y0 + 11, f"{TEAM_NAMES[team]} melds", 12, MUTED, True)
    _label(out, x0 + 150, y0 + 11, title, 12, INK, False)
    # red threes, right end
    red3 = pos.team_red3(team)
    rx = x1 - 118
    _label(out, rx, y0 + 11, "red threes" if red3 else "no red threes", 11, MUTED)
    for i, card in enumerate(red3):
        _card(out, card, rx + i * 26, y0 + 24, 30, 42, full=(i == len(red3) - 1))
    if len(red3) == 4:
        _label(out, rx, y0 + 80, f"all four: {ALL_RED_THREES}", 11, "#ffd54f", True)
    melds = pos.team_melds(team)
    if not melds:
        _label(out, (x0 + rx) / 2, (y0 + y1) / 2 + 6, "no melds yet", 13, MUTED, False, "center")
        return
    w, h = 42, 58
    avail = rx - 12 - (x0 + 10)
    step = min(w + 10, avail / len(melds))
    for i, meld in enumerate(melds):
        _meld(out, regions, team, meld, x0 + 10 + i * step, y0 + 24, w, h, y1 - y0 - 30,
              highlight, target == (team, meld.rank))


def _pile(out, regions, pos, x0, x1, y, w, h, highlight):
    pile = pos.pile
    _label(out, x0, y - 12, f"discard pile · {len(pile)} card{'s' if len(pile) != 1 else ''}",
           12, MUTED, True)
    if not pile:
        out.append(("rect", x0, y, w, h, 6, None, MUTED, 1))
        _label(out, x0 + w / 2, y + h / 2, "empty", 11, MUTED, False, "center")
        regions.append(Region("pile", None, x0, y, w, h))
        return
    widths = [h if (c.is_wild or c.is_red_three) else w for c in pile]
    n = len(pile)
    # every card shows a strip; crosswise cards a wider one so they stay visible
    base = 22.0
    need = sum(min(base + (wd - w), wd) for wd in widths[:-1]) + widths[-1]
    scale = min(1.0, (x1 - x0) / need) if need else 1.0
    x = x0
    hl = list(highlight)
    for i, card in enumerate(pile):
        cross = card.is_wild or card.is_red_three
        cw, ch = (h, w) if cross else (w, h)
        cy = y + (h - ch) / 2
        mark = None
        if i == n - 1 and card in hl:
            mark = HIGHLIGHT
        elif cross and card in hl:
            mark = HIGHLIGHT
        _card(out, card, x, cy, cw, ch, full=(i == n - 1), mark=mark, crosswise=cross)
        if i < n - 1:
            x += max(5.0, min(base + (cw - w), cw) * scale)
    regions.append(Region("pile", None, x0, y, x + w - x0, h))
    top = pile[-1]
    tx = x
    _label(out, tx + w / 2, y + h + 13, "top card", 11, MUTED, False, "center")
    if top.is_black_three:
        out.append(("line", tx - 4, y - 4, tx + w + 4, y + h + 4, "rgba(229,57,53,0.85)", 4))
        out.append(("line", tx + w + 4, y - 4, tx - 4, y + h + 4, "rgba(229,57,53,0.85)", 4))
        _badge(out, tx - 45, y + h + 22, w + 90, 20, "#e53935", "BLOCKED: black three on top", size=11)


def scene(pos, viewer="S", open_hands=False, highlight=(), selected=(), target=None,
          width=WIDTH, height=HEIGHT, note=None) -> Scene:
    """The whole table as primitives and click regions (see the module doc)."""
    out: list = []
    regions: list = []
    W, H = width, height
    at = seats_around(viewer)
    hl = tuple(highlight)
    # felt and rim
    out.append(("rect", 0, 0, W, H, 22, RIM, None, 0))
    out.append(("rect", 7, 7, W - 14, H - 14, 17, FELT_DARK, None, 0))
    out.append(("rect", 12, 12, W - 24, H - 24, 14, FELT, "rgba(255,255,255,0.10)", 2))

    turn = pos.turn
    over = pos.phase == "over"

    def seat_label(seat, x, y, align):
        n = len(pos.hand(seat))
        name = SEAT_NAMES[seat]
        you = " (you)" if seat == viewer else ""
        active = seat == turn and not over
        text = f"{name}{you} · {n} card{'s' if n != 1 else ''}"
        if active:
            tw = len(text) * 7.2 + 26
            bx = x - (tw / 2 if align == "center" else (tw - 8 if align == "right" else 8))
            out.append(("rect", bx, y - 10, tw, 21, 10, "#ffd54f", None, 0))
            _label(out, x, y + 1, "▶ " + text, 13, "#3e2a00", True, align)
        else:
            _label(out, x, y + 1, text, 13, INK, True, align)

    # --- top seat (partner) and the two sides
    top = at["top"]
    seat_label(top, W / 2, 30, "center")
    _hand_row(out, regions, pos, top, 160, W - 160, 44, 40, 56, open_hands, highlight=hl)
    regions.append(Region("seat", top, 160, 20, W - 320, 82))
    for side, x, align in (("left", 22, "left"), ("right", W - 22, "right")):
        seat = at[side]
        seat_label(seat, x + (48 if side == "left" else -48), 124, "center")
        cx = 32 if side == "left" else W - 32 - 44
        _hand_column(out, pos, seat, cx, 142, 630, 44, 60, open_hands, highlight=hl)
        regions.append(Region("seat", seat, cx - 10, 112, 124, 520))

    # --- melds: opponents under the top hand, own team above the viewer's hand
    own = team_of(viewer)
    opp = other_team(own)
    ns, ew = pos.score
    scores = {"NS": ns, "EW": ew}
    _band(out, regions, pos, opp, 150, 112, W - 150, 272, hl, target, f"score {scores[opp]}")
    _band(out, regions, pos, own, 150, 482, W - 150, 642, hl, target, f"score {scores[own]}")

    # --- middle: stock, pile, status
    my = 308
    sx = 160
    _label(out, sx, my - 12, f"stock · {len(pos.stock)}", 12, MUTED, True)
    if pos.stock:
        for k in range(min(4, 1 + len(pos.stock) // 20)):
            _back(out, sx + k * 2, my - k * 2, 54, 76)
    else:
        out.append(("rect", sx, my, 54, 76, 6, None, MUTED, 1))
        _label(out, sx + 27, my + 38, "empty", 11, MUTED, False, "center")
    regions.append(Region("stock", None, sx, my - 8, 62, 84))
    _label(out, sx + 27, my + 90, f"{len(pos.stock)} left", 12, INK, True, "center")

    px0, px1 = 240, 590
    _pile(out, regions, pos, px0, px1, my, 54, 76, hl)
    frozen = pos.frozen_cards
    if frozen:
        names = " ".join(c.pretty for c in frozen)
        _badge(out, px0, my + 126, 340, 24, "#0277bd", f"❄ FROZEN for everybody: {names} crosswise"[:52], size=12)
    elif pos.pile and not over:
        team = team_of(turn)
        if pos.is_frozen_for(team):             # no wild card in it: pile.frozen.team
            _badge(out, px0, my + 126, 340, 24, "#01579b",
                   f"❄ frozen for {TEAM_NAMES[team]} (no meld yet)", size=12)

    # status box
    bx, by, bw, bh = 620, 290, 190, 160
    out.append(("rect", bx, by, bw, bh, 10, "rgba(0,0,0,0.30)", "rgba(255,255,255,0.25)", 1))
    phase_words = {"draw": "to draw or take the pile", "drawn": "drew: meld or discard",
                   "melded": "melded: meld more or discard", "over": "the hand is over"}
    if over:
        _label(out, bx + 12, by + 20, "Hand over", 15, "#ffd54f", True)
        who = f"{SEAT_NAMES[pos.out]} went out" if pos.out else "the stock ran out"
        _label(out, bx + 12, by + 42, who, 12, INK)
    else:
        _label(out, bx + 12, by + 20, f"{SEAT_NAMES[turn]} to play", 15, "#ffd54f", True)
        _label(out, bx + 12, by + 42, phase_words.get(pos.phase, pos.phase), 12, INK)
    _label(out, bx + 12, by + 68, f"NS {ns}   EW {ew}", 13, INK, True)
    _label(out, bx + 12, by + 88, "running totals", 10, MUTED)
    asked = pos.asked
    if asked == "pending":
        _badge(out, bx + 8, by + 104, bw - 16, 24, "#fdd835",
               f"“May I go out?” {SEAT_NAMES[partner_of(turn)]}?", "#3e2a00", 12)
    elif asked in ("yes", "no"):
        _badge(out, bx + 8, by + 104, bw - 16, 24, "#43a047" if asked == "yes" else "#e53935",
               f"partner said {asked.upper()}", size=12)
    if note:
        _label(out, bx + 12, by + bh - 8, note[:30], 10, MUTED)

    # --- the viewer's hand
    bottom = at["bottom"]
    seat_label(bottom, W / 2, 656, "center")
    # the seat region first: the hand regions after it win the hit test (`Scene.hit`)
    regions.append(Region("seat", bottom, 40, 644, W - 80, 118))
    _hand_row(out, regions, pos, bottom, 40, W - 40, 678, 56, 80, True, selected, hl, clickable=True)
    return Scene(out, regions, W, H)


# ---- SVG ------------------------------------------------------------------------------------

_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


def _num(v) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _svg_colour(c):
    if c is None:
        return "none", ""
    if c.startswith("rgba("):
        r, g, b, a = c[5:-1].split(",")
        return f"rgb({r},{g},{b})", a
    return c, ""


def prims_to_svg(prims, width, height, scale=1.0) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width * scale)}" '
             f'height="{_num(height * scale)}" viewBox="0 0 {width} {height}" '
             f'font-family="{_FONT}">']
    for p in prims:
        kind = p[0]
        if kind == "rect":
            _, x, y, w, h, r, fill, stroke, lw = p
            f, fa = _svg_colour(fill)
            s, sa = _svg_colour(stroke)
            attrs = f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{_num(r)}" fill="{f}"'
            if fa:
                attrs += f' fill-opacity="{fa}"'
            if stroke:
                attrs += f' stroke="{s}" stroke-width="{_num(lw)}"'
                if sa:
                    attrs += f' stroke-opacity="{sa}"'
            parts.append(f"<rect {attrs}/>")
        elif kind == "text":
            _, x, y, text, size, colour, bold, align = p
            anchor = {"left": "start", "center": "middle", "right": "end"}[align]
            weight = ' font-weight="bold"' if bold else ""
            parts.append(f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" fill="{colour}" '
                         f'text-anchor="{anchor}" dominant-baseline="central"{weight}>'
                         f"{escape(text)}</text>")
        elif kind == "line":
            _, x1, y1, x2, y2, colour, lw = p
            c, ca = _svg_colour(colour)
            op = f' stroke-opacity="{ca}"' if ca else ""
            parts.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                         f'stroke="{c}"{op} stroke-width="{_num(lw)}" stroke-linecap="round"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def position_svg(pos, viewer="S", open_hands=False, highlight=(), scale=0.75) -> str:
    """A clean SVG of the table seen from `viewer` (others' hands face down unless `open_hands`)."""
    sc = scene(pos, viewer=viewer, open_hands=open_hands, highlight=highlight)
    return prims_to_svg(sc.prims, sc.width, sc.height, scale)


__all__ = ["Region", "Scene", "WIDTH", "HEIGHT", "scene", "seats_around", "position_svg",
           "prims_to_svg"]
