"""The table as a drawing: one layout, emitted as SVG here or onto an ipycanvas by the widget.

No widget imports: `scene(pos, ...)` computes the table once as a list of drawing
primitives (plain tuples) plus the hit regions that clicks are tested against;
`position_svg` writes the primitives as SVG (``Position._repr_svg_``, printable handouts)
and `tutor.table.draw` sends the same primitives to a canvas.

What is drawn is a seat's view (`tutor.engine.seatview.SeatView`): the viewer's own hand
face up, the other hands as backs with their counts, every meld and red three, the pile's
top card and the cards laid crosswise in it, the stock's size. A card the view does not
hold cannot be drawn. The teacher's view (``open_hands=True``) holds every card: all hands
face up and the whole pile fanned.

Primitives (coordinates in CSS pixels of a width × height table):

    ("rect", x, y, w, h, radius, fill, stroke, line_width)     fill/stroke may be None
    ("text", x, y, text, size, colour, bold, align)             align: left | center | right;
                                                                y is the text's middle
    ("line", x1, y1, x2, y2, colour, line_width)

Layout, seen from the `viewer` at the bottom: the partner at the top, the next player
(clockwise N → E → S → W) on the left, the one before on the right; the opponents'
melds in a band under the top hand, the viewer's team's melds in a band above the
viewer's hand; in the middle the stock, the discard pile (wild cards and red threes
crosswise), the status (whose turn, phase, scores, "may I go out?") and the frozen or
blocked mark. The width adapts from `MIN_WIDTH` (560) to `WIDTH` (960) (the widget draws at the width
it is shown at, so that text keeps its size), the height from `MIN_HEIGHT` (664) to `HEIGHT`
(770) (the widget draws shorter on a short screen, so that a lesson's table, its task and
the hand fit at 1280×800: the meld bands and the middle row give up the room, every text
keeps its size); every text is at least `MIN_TEXT` px and every colour pair reads at 4.5:1
(WCAG AA) — tests/test_table_view.py checks both, at every width and height.
"""
from __future__ import annotations

from html import escape
from typing import NamedTuple

from ..i18n import N_, translator
from .cards import SUIT_SYMBOLS
from .position import next_seat, other_team, partner_of, team_of
from .scoring import ALL_RED_THREES
from .seatview import SeatView

WIDTH, HEIGHT = 960, 770
MIN_WIDTH = 560
MIN_HEIGHT = 664
MIN_TEXT = 12

FELT = "#17572f"
FELT_DARK = "#124726"
RIM = "#5b3a1e"
INK = "#f4f1e6"          # text on the felt
MUTED = "#cfe3d3"        # secondary text on the felt
GOLD = "#ffd54f"         # the player to move, a finished hand
CARD = "#ffffff"
CARD_EDGE = "#8a8a8a"
WILD_TINT = "#fff3c4"
WILD_INK = "#7a5500"
RED = "#c62828"
BLACK = "#1b1b1b"
JOKER = "#6a1b9a"
BACK = "#23408e"
BACK_EDGE = "#dfe6ff"
HIGHLIGHT = "#ff9800"
SELECT = "#1e88e5"
FOCUS = "#ffeb3b"
FROZEN = "#01579b"
BLOCKED = "#b71c1c"
YES = "#1b5e20"
SHADOW = "rgba(0,0,0,0.28)"
BAND = "rgba(0,0,0,0.18)"
BOX = "rgba(0,0,0,0.35)"

TEAM_NAMES = {"NS": "North–South", "EW": "East–West"}    # English; shown via the glossary
PHASE_WORDS = {"draw": N_("to draw or take the pile"), "drawn": N_("drew: meld or discard"),
               "melded": N_("melded: meld more or discard"), "over": N_("the hand is over")}


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


def seat_name(seat: str, t) -> str:
    return t.word("seat", seat)


def team_name(team: str, t) -> str:
    return t.word("team", team)


def card_words(card, t) -> str:
    """A card as a screen reader should say it: 'K♥', 'joker' (the glossary's word)."""
    return t.word("rank", "JK") if card.rank == "JK" else card.pretty


# ---- cards ------------------------------------------------------------------------------

def _suit_colour(card) -> str:
    if card.rank == "JK":
        return JOKER
    return RED if card.is_red else BLACK


def _card(out, card, x, y, w, h, t, *, full=True, mark=None, crosswise=False, flat=False):
    """A face-up card; `mark` is an outline colour (selected, highlighted)."""
    r = max(3, w // 9)
    out.append(("rect", x + 2, y + 2, w, h, r, SHADOW, None, 0))
    tint = WILD_TINT if card.is_wild else CARD
    out.append(("rect", x, y, w, h, r, tint, mark or CARD_EDGE, 3 if mark else 1))
    colour = _suit_colour(card)
    small = max(MIN_TEXT, int(min(w, h) * 0.30))
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
        word = (t.word("rank", "JK") if card.rank == "JK" else
                t.gettext("wild") if card.is_wild else None)
        if word:
            out.append(("text", x + w / 2, y + h * 0.88, word, MIN_TEXT,
                        JOKER if card.rank == "JK" else WILD_INK, True, "center"))


def _back(out, x, y, w, h):
    r = max(3, w // 9)
    out.append(("rect", x + 2, y + 2, w, h, r, SHADOW, None, 0))
    out.append(("rect", x, y, w, h, r, BACK, "#0d1b4a", 1))
    out.append(("rect", x + 4, y + 4, w - 8, h - 8, max(2, r - 2), None, BACK_EDGE, 1))


def _label(out, x, y, text, size=13, colour=INK, bold=False, align="left"):
    out.append(("text", x, y, text, max(MIN_TEXT, size), colour, bold, align))


def text_width(text, size, bold=False) -> float:
    """A generous estimate of a label's width in the table's sans-serif font (DejaVu Sans:
    about 0.55 of the size per character, 0.62 in bold)."""
    return len(text) * size * (0.62 if bold else 0.55)


def _badge(out, x, y, w, h, fill, text, colour="#ffffff", size=12, limit=None):
    """A pill with centred bold text; widened (about its centre) when the text needs it.
    `limit`: the right edge the pill must stay within (a box at the table's edge): a text
    that would cross it goes on two lines, the pill growing upwards from its bottom edge,
    and is moved left if it still does (a language's words may be longer than English)."""
    need = text_width(text, size, bold=True) + h
    lines = [text]
    if limit is not None and need > w and x + w + (need - w) / 2 > limit and " " in text:
        lines = _two_lines(text)
        need = max(text_width(line, size, bold=True) for line in lines) + h
    if need > w:
        x, w = x - (need - w) / 2, need
    if limit is not None and x + w > limit:
        x = limit - w
    if len(lines) == 1:
        out.append(("rect", x, y, w, h, h / 2, fill, None, 0))
        out.append(("text", x + w / 2, y + h / 2 + 1, text, size, colour, True, "center"))
        return
    line_h = size + 2
    tall = 2 * line_h + 6
    y = y + h - tall
    out.append(("rect", x, y, w, tall, h / 2, fill, None, 0))
    for k, line in enumerate(lines):
        out.append(("text", x + w / 2, y + 3 + line_h * (k + 0.5) + 1, line, size, colour, True, "center"))


def _two_lines(text: str) -> list:
    """A text split at the space nearest its middle."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


# ---- zones ------------------------------------------------------------------------------

def _fan(n, width, card_w, max_step):
    """Step between overlapping cards so that n cards fit in `width`."""
    if n <= 1:
        return 0
    return max(4.0, min(max_step, (width - card_w) / (n - 1)))


def _hand_row(out, regions, view, seat, x0, x1, y, w, h, t, selected=(), highlight=(),
              clickable=False, focus=None):
    n = view.counts[seat]
    if not n:
        return
    cards = view.hands.get(seat)
    if cards is None:                      # not seen: backs
        shown = min(n, 9)
        step = _fan(shown, x1 - x0, w, w * 0.32)
        x = (x0 + x1) / 2 - (step * (shown - 1) + w) / 2
        for i in range(shown):
            _back(out, x + i * step, y, w, h)
        return
    step = _fan(n, x1 - x0, w, w + 4)
    x = (x0 + x1) / 2 - (step * (n - 1) + w) / 2
    hl = list(highlight)
    ring = None
    for i, card in enumerate(cards):
        sel = i in selected
        mark = SELECT if sel else None
        if card in hl and not sel:
            mark = HIGHLIGHT
            hl.remove(card)
        cx = x + i * step
        cy = y - (12 if sel else 0)
        _card(out, card, cx, cy, w, h, t, full=(i == n - 1 or step >= w), mark=mark)
        if clickable:
            regions.append(Region("hand", (seat, i), cx, cy, step if i < n - 1 else w, h))
        if focus == i:
            ring = (cx, cy, card, mark)
    if ring is not None:                   # the keyboard's card: lifted whole, with a ring
        cx, cy, card, mark = ring
        _card(out, card, cx, cy, w, h, t, full=True, mark=mark)
        out.append(("rect", cx - 4, cy - 4, w + 8, h + 8, 8, None, FOCUS, 4))
        out.append(("rect", cx - 1, cy - 1, w + 2, h + 2, 6, None, BLACK, 1.5))


def _hand_column(out, view, seat, x, y0, y1, w, h, t, highlight=(), backs_end=None):
    n = view.counts[seat]
    if not n:
        return
    cards = view.hands.get(seat)
    if cards is None:                      # a short stack of backs: the label says how many
        k = min(n, 5)
        step = 8                           # closer on a short table: the stack ends by `backs_end`
        if backs_end is not None and k > 1:
            step = min(8, max(2, (backs_end - y0 - h) / (k - 1)))
        for i in range(k):
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
        _card(out, card, x + c * (w * 0.55) - (w * 0.28 if cols == 2 else 0), y0 + k * step, w, h, t,
              full=(k == per - 1 or i == n - 1), mark=mark, flat=True)


def _meld(out, regions, team, meld, x, y, w, h, max_h, highlight, targeted, t, focused=False):
    """One meld as an overlapping column; a canasta as a closed pile (red natural, black mixed)."""
    if meld.is_canasta:
        w += 8                              # a closed pile: room for its words
        natural = meld.is_natural_canasta
        fill = "#b71c1c" if natural else "#212121"
        for k in (4, 2):
            out.append(("rect", x + k, y + k, w, h, 5, "rgba(0,0,0,0.30)", None, 0))
        out.append(("rect", x, y, w, h, 5, fill, HIGHLIGHT if targeted else "#f5f5f5",
                    3 if targeted else 1.5))
        _label(out, x + w / 2, y + h * 0.30, meld.rank, int(h * 0.30), "#ffffff", True, "center")
        _label(out, x + w / 2, y + h * 0.60,
               t.ngettext("{n} card", "{n} cards", meld.size).format(n=meld.size),
               MIN_TEXT, "#ffffff", False, "center")
        _label(out, x + w / 2, y + h * 0.84, t.gettext("natural") if natural else t.gettext("mixed"),
               MIN_TEXT, GOLD if natural else "#e0e0e0", False, "center")
        total = h
    else:
        n = meld.size
        step = _fan(n, max_h, h, 17)
        hl = list(highlight)
        for i, card in enumerate(meld.cards):
            mark = None
            if card in hl:
                mark = HIGHLIGHT
                hl.remove(card)
            _card(out, card, x, y + i * step, w, h, t, full=(i == n - 1), mark=mark, flat=True)
        total = step * (n - 1) + h
        if targeted:
            out.append(("rect", x - 3, y - 3, w + 6, total + 6, 6, None, HIGHLIGHT, 3))
    if focused:
        out.append(("rect", x - 6, y - 6, w + 12, total + 12, 8, None, FOCUS, 4))
    regions.append(Region("meld", (team, meld.rank), x, y, w, total))


def _band(out, regions, view, team, x0, y0, x1, y1, highlight, target, t, focus=None):
    out.append(("rect", x0, y0, x1 - x0, y1 - y0, 10, BAND, None, 0))
    regions.append(Region("band", team, x0, y0, x1 - x0, y1 - y0))
    title = t.gettext("{team} melds").format(team=team_name(team, t))
    _label(out, x0 + 10, y0 + 12, title, 13, MUTED, True)
    ns, ew = view.score
    score = t.gettext("score {points}").format(points=ns if team == "NS" else ew)
    _label(out, x0 + 22 + text_width(title, 13, True), y0 + 12, score, 13, INK, False)
    # red threes, right end
    red3 = view.team_red3(team)
    rx = x1 - 112
    _label(out, rx, y0 + 12, t.gettext("red threes") if red3 else t.gettext("no red threes"), 12, MUTED)
    for i, card in enumerate(red3):
        _card(out, card, rx + i * 24, y0 + 26, 32, 44, t, full=(i == len(red3) - 1))
    if len(red3) == 4:
        _label(out, rx, y0 + 84, t.gettext("all four: {points}").format(points=ALL_RED_THREES),
               12, GOLD, True)
    melds = view.team_melds(team)
    if not melds:
        _label(out, (x0 + rx) / 2, (y0 + y1) / 2 + 6, t.gettext("no melds yet"), 13, MUTED, False, "center")
        return
    w, h = 48, 60
    avail = rx - 12 - (x0 + 10)
    step = min(w + 14, avail / len(melds))
    for i, meld in enumerate(melds):
        _meld(out, regions, team, meld, x0 + 10 + i * step, y0 + 28, w, h, y1 - y0 - 34,
              highlight, target == (team, meld.rank), t, focused=(focus == (team, meld.rank)))


def _pile(out, regions, view, x0, x1, y, w, h, highlight, t, count=92):
    pile = view.pile
    size = view.pile_size
    _label(out, x0, y - 14, t.gettext("discard pile"), 13, MUTED, True)
    _label(out, x0, y + count, t.ngettext("{n} card", "{n} cards", size).format(n=size), 13, INK, True)
    if not pile:
        out.append(("rect", x0, y, w, h, 6, None, MUTED, 1))
        _label(out, x0 + w / 2, y + h / 2, t.gettext("empty"), 12, MUTED, False, "center")
        regions.append(Region("pile", None, x0, y, w, h))
        return
    widths = [h if (c.is_wild or c.is_red_three) else w for c in pile]
    n = len(pile)
    # every card shows a strip; crosswise cards a wider one so they stay visible; when
    # they do not fit, the strips shrink so that the top card still ends inside the row
    base = 22.0
    strips = sum(min(base + (wd - w), wd) for wd in widths[:-1])
    room = (x1 - x0) - widths[-1]
    scale = min(1.0, max(0.0, room) / strips) if strips else 1.0
    x = x0
    hl = list(highlight)
    for i, card in enumerate(pile):
        cross = card.is_wild or card.is_red_three
        cw, ch = (h, w) if cross else (w, h)
        cy = y + (h - ch) / 2
        mark = HIGHLIGHT if (i == n - 1 or cross) and card in hl else None
        _card(out, card, x, cy, cw, ch, t, full=(i == n - 1), mark=mark, crosswise=cross)
        if i < n - 1:
            x += min(base + (cw - w), cw) * scale
    regions.append(Region("pile", None, x0, y, x + w - x0, h))
    if pile[-1].is_black_three:
        out.append(("line", x - 4, y - 4, x + w + 4, y + h + 4, "rgba(229,57,53,0.85)", 4))
        out.append(("line", x + w + 4, y - 4, x - 4, y + h + 4, "rgba(229,57,53,0.85)", 4))


#: where things sit from top to bottom, at the full height and at the shortest one; a
#: height between them sits between them (the hand keeps its size, the bands and the
#: middle row give up the room)
_ROWS = {               # name: (at HEIGHT, at MIN_HEIGHT)
    "top_label": (28, 24), "top_hand": (44, 38), "top_region": (18, 14),
    "band1": (112, 104), "band1_end": (272, 232),
    "side_label": (124, 116), "column": (164, 156), "column_end": (630, 526),
    "box": (282, 242), "box_h": (142, 110), "box_lines": ((20, 44, 68, 88), (17, 37, 56, 72)),
    "badge": (106, 80), "stock": (306, 260), "count": (92, 88), "marks": (428, 356),
    "band2": (482, 410), "band2_end": (642, 538),
    "bottom_label": (656, 550), "bottom_region": (644, 540), "hand": (678, 572),
}


def rows(height: int = HEIGHT) -> dict:
    """The table's rows (y coordinates) at `height` (clamped to MIN_HEIGHT..HEIGHT)."""
    h = max(MIN_HEIGHT, min(HEIGHT, int(height)))
    f = (h - MIN_HEIGHT) / (HEIGHT - MIN_HEIGHT)

    def mix(full, short):
        if isinstance(full, tuple):
            return tuple(mix(a, b) for a, b in zip(full, short))
        return round(short + (full - short) * f)
    return {name: mix(*pair) for name, pair in _ROWS.items()}


def scene(pos, viewer="S", open_hands=False, highlight=(), selected=(), target=None,
          width=WIDTH, height=HEIGHT, note=None, lang="en", focus=None) -> Scene:
    """The whole table as primitives and click regions (see the module doc).

    `pos` is a Position (seen by `viewer`; every card when `open_hands`) or a SeatView.
    `width` is clamped to MIN_WIDTH..WIDTH, `height` to MIN_HEIGHT..HEIGHT. `focus` is the
    keyboard's place: a hand index, or a (team, rank) meld."""
    view = pos if isinstance(pos, SeatView) else SeatView.of(pos, viewer, open=open_hands)
    t = translator(lang)
    out: list = []
    regions: list = []
    W, H = max(MIN_WIDTH, min(WIDTH, int(width))), max(MIN_HEIGHT, min(HEIGHT, int(height)))
    y = rows(H)
    at = seats_around(view.seat)
    hl = tuple(highlight)
    # felt and rim
    out.append(("rect", 0, 0, W, H, 22, RIM, None, 0))
    out.append(("rect", 7, 7, W - 14, H - 14, 17, FELT_DARK, None, 0))
    out.append(("rect", 12, 12, W - 24, H - 24, 14, FELT, "rgba(255,255,255,0.10)", 2))

    turn = view.turn
    over = view.phase == "over"

    def seat_label(seat, x, y, lines=False):
        n = view.counts[seat]
        name = seat_name(seat, t)
        if seat == view.seat:
            name = t.gettext("{seat} (you)").format(seat=name)
        count = t.ngettext("{n} card", "{n} cards", n).format(n=n)
        active = seat == turn and not over
        texts = [name, count] if lines else [f"{name} · {count}"]
        colour = INK
        if active:
            texts[0] = "▶ " + texts[0]
            tw = max(text_width(x, 13, True) for x in texts) + 16
            th = 21 * len(texts)
            out.append(("rect", x - tw / 2, y - 10, tw, th, 10, GOLD, None, 0))
            colour = "#3e2a00"
        for k, text in enumerate(texts):
            _label(out, x, y + 1 + 19 * k, text, 13, colour, k == 0, "center")

    narrow = W < 800
    bx0 = 112 if narrow else 150           # the meld bands and the middle row
    bx1 = W - bx0
    # --- top seat (partner) and the two sides
    top = at["top"]
    seat_label(top, W / 2, y["top_label"])
    _hand_row(out, regions, view, top, bx0, bx1, y["top_hand"], 40, 56, t, highlight=hl)
    regions.append(Region("seat", top, bx0, y["top_region"], bx1 - bx0, 84))
    for side in ("left", "right"):
        seat = at[side]
        cx = 24 if side == "left" else W - 24 - 44
        seat_label(seat, cx + 22 + (14 if side == "left" else -14), y["side_label"], lines=True)
        # a stack of backs ends above the middle row, which runs under it on a narrow table
        _hand_column(out, view, seat, cx, y["column"], y["column_end"], 44, 60, t, highlight=hl,
                     backs_end=y["box"] - 10)
        regions.append(Region("seat", seat, cx - 10, y["band1"], 90, y["column_end"] - y["band1"] + 2))

    # --- melds: opponents under the top hand, own team above the viewer's hand
    own = team_of(view.seat)
    opp = other_team(own)
    _band(out, regions, view, opp, bx0, y["band1"], bx1, y["band1_end"], hl, target, t, focus)
    _band(out, regions, view, own, bx0, y["band2"], bx1, y["band2_end"], hl, target, t, focus)

    # --- middle: stock, pile, status, marks; across the whole table when the side hands
    # are short stacks of backs, between the bands when they are open columns
    stacks = all(at[side] not in view.hands for side in ("left", "right"))
    mx0, mx1 = (24, W - 24) if stacks and narrow else (92, W - 92) if narrow else (bx0, bx1)
    my = y["stock"]
    sx = mx0 + 8
    _label(out, sx, my - 14, t.gettext("stock"), 13, MUTED, True)
    if view.stock_size:
        for k in range(min(4, 1 + view.stock_size // 20)):
            _back(out, sx + k * 2, my - k * 2, 54, 76)
    else:
        out.append(("rect", sx, my, 54, 76, 6, None, MUTED, 1))
        _label(out, sx + 27, my + 38, t.gettext("empty"), 12, MUTED, False, "center")
    regions.append(Region("stock", None, sx, my - 8, 62, 84))
    _label(out, sx, my + y["count"], t.ngettext("{n} card", "{n} cards", view.stock_size).format(
        n=view.stock_size), 13, INK, True)

    bw = 200 if not narrow else 186
    bx, by, bh = mx1 - bw, y["box"], y["box_h"]
    line1, line2, line3, line4 = y["box_lines"]
    px0, px1 = sx + 82, bx - 16
    _pile(out, regions, view, px0, px1, my, 54, 76, hl, t, count=y["count"])

    # status box
    out.append(("rect", bx, by, bw, bh, 10, BOX, "rgba(255,255,255,0.25)", 1))
    if over:
        _label(out, bx + 12, by + line1, t.gettext("Hand over"), 15, GOLD, True)
        who = (t.gettext("{seat} went out").format(seat=seat_name(view.out, t)) if view.out
               else t.gettext("the stock ran out"))
        _label(out, bx + 12, by + line2, who, 13, INK)
    else:
        _label(out, bx + 12, by + line1, t.gettext("{seat} to play").format(seat=seat_name(turn, t)),
               15, GOLD, True)
        _label(out, bx + 12, by + line2, t.gettext(PHASE_WORDS.get(view.phase, view.phase)), 13, INK)
    ns, ew = view.score
    # TRANSLATORS: the running totals in a narrow box: the teams' short names (North–South, East–West) and their points
    _label(out, bx + 12, by + line3, t.gettext("NS {ns}   EW {ew}").format(ns=ns, ew=ew), 13, INK, True)
    _label(out, bx + 12, by + line4, t.gettext("running totals"), 12, MUTED)
    asked = view.asked
    if asked == "pending":
        _badge(out, bx + 8, by + y["badge"], bw - 16, 26, GOLD,
               t.gettext("“May I go out?” {seat}?").format(seat=seat_name(partner_of(turn), t)),
               "#3e2a00", 13, limit=W - 14)
    elif asked in ("yes", "no"):
        _badge(out, bx + 8, by + y["badge"], bw - 16, 26, YES if asked == "yes" else BLOCKED,
               t.gettext("partner said yes") if asked == "yes" else t.gettext("partner said no"),
               size=13, limit=W - 14)

    # the marks under the middle row: frozen for everybody / for a team, blocked
    marks = []
    if view.crosswise:
        names = " ".join(c.pretty for c in view.crosswise[:4])
        marks.append((FROZEN, t.gettext("❄ frozen for everybody: {cards} crosswise").format(cards=names)))
    elif view.pile_size and not over and view.is_frozen_for(team_of(turn)):
        marks.append((FROZEN, t.gettext("❄ frozen for {team}: no meld yet").format(
            team=team_name(team_of(turn), t))))
    if view.top is not None and view.top.is_black_three:
        marks.append((BLOCKED, t.gettext("BLOCKED: a black three on top")))
    for k, (fill, text) in enumerate(marks):
        _badge(out, (bx0 + bx1) / 2 - 150, y["marks"] + 27 * k, 300, 25, fill, text, size=13)
    if note:
        _label(out, bx + 12, by + bh + 12, note[:30], 12, MUTED)

    # --- the viewer's hand
    bottom = at["bottom"]
    seat_label(bottom, W / 2, y["bottom_label"])
    # the seat region first: the hand regions after it win the hit test (`Scene.hit`)
    regions.append(Region("seat", bottom, 40, y["bottom_region"], W - 80, 118))
    _hand_row(out, regions, view, bottom, 40, W - 40, y["hand"], 56, 80, t, selected, hl,
              clickable=True, focus=focus if isinstance(focus, int) else None)
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


def position_svg(pos, viewer="S", open_hands=False, highlight=(), scale=0.75, lang="en") -> str:
    """A clean SVG of the table seen from `viewer` (others' hands face down unless `open_hands`)."""
    sc = scene(pos, viewer=viewer, open_hands=open_hands, highlight=highlight, lang=lang)
    return prims_to_svg(sc.prims, sc.width, sc.height, scale)


__all__ = ["Region", "Scene", "WIDTH", "HEIGHT", "MIN_WIDTH", "MIN_HEIGHT", "MIN_TEXT", "rows", "scene", "seats_around", "position_svg",
           "prims_to_svg"]
