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
blocked mark. Two, three and six players (`_round`): no side columns; the others sit in a
row across the top in turn order from the left (two: the opponent over the whole table;
three: each over half of it; six: a plate each — name, "your partner" or the team, a short
stack of backs and the count — edged in its side's colour, `SIDE_COLOURS`), each side's
melds in a band under its player (two, three) or edged in its colour (six: the opponents'
one or two bands under the plates, the viewer's above the hand); the bands and the middle
row span the table. The width adapts from `MIN_WIDTH` (560) to `WIDTH` (960) (the widget draws at the width
it is shown at, so that text keeps its size), the height from `MIN_HEIGHT` (664) to `HEIGHT`
(770) (the widget draws shorter on a short screen, so that a lesson's table, its task and
the hand fit at 1280×800: the meld bands and the middle row give up the room, every text
keeps its size); every text is at least `MIN_TEXT` px and every colour pair reads at 4.5:1
(WCAG AA) — tests/test_table_view.py checks both, at every width and height.

Words are measured, not guessed: `text_width` adds up the advance widths of the table's
font (DejaVu Sans, the widest of the usual sans-serifs), and every label is laid out for
the words of its language (`fit`: a smaller size down to `MIN_TEXT`, two lines, or the room
it needs): the pile starts right of the stock's words, the status box is as wide as its
lines in that language (narrower where the pile needs the room, its lines wrapping), the
red threes' column as wide as its words, a band's title drops its score to the column's
foot when the row is full. tests/test_table_view.py measures every text of every size in
English, Swedish and Finnish, and of every lesson picture: each inside what it is written
on, no two meeting.

`palette="print"` draws the same scene for paper (the class handouts): white, ink-light,
outlined (`PRINT_FILLS`, `in_print`).
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import NamedTuple

from ..i18n import N_, translator
from .cards import SUIT_SYMBOLS
from .ruleset import FOUR
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
#: each side's colour at a table of teams (six players): the edge of its players' plates
#: and of its band, and the words that name it; light on the felt, dark on paper (`PRINT_INK`)
SIDE_COLOURS = ("#8fd0ff", "#ffc46b", "#f9a9d0")
SHADOW = "rgba(0,0,0,0.28)"
BAND = "rgba(0,0,0,0.18)"
BOX = "rgba(0,0,0,0.35)"

#: The print palette (``scene(..., palette="print")``, the class handouts): the same
#: drawing on white paper, ink-light. Dark areas (the rim and felt, the meld bands, the
#: status box, the badges, card backs, closed canastas) become white with an outline of
#: their colour (a grey where that is near black); light text on them becomes dark; the
#: shadows go. Cards, suits and light tints stay.
PRINT_FILLS = {          # screen fill: (print fill, outline)
    RIM: ("#ffffff", "#555555"), FELT_DARK: ("#ffffff", None), FELT: ("#ffffff", None),
    BAND: ("#f5f5f5", "#9e9e9e"), BOX: ("#ffffff", "#757575"), BACK: ("#ffffff", BACK),
    FROZEN: ("#ffffff", FROZEN), BLOCKED: ("#ffffff", BLOCKED), YES: ("#ffffff", YES),
    "#212121": ("#ffffff", "#555555"),
}
PRINT_STROKES = {"rgba(255,255,255,0.10)": None, "rgba(255,255,255,0.25)": "#757575",
                 BACK_EDGE: BACK, MUTED: "#9e9e9e", "#f5f5f5": None, FOCUS: BLACK}
PRINT_INK = {INK: "#1b1b1b", MUTED: "#424242", GOLD: "#5a4a00", "#ffffff": "#1b1b1b",
             "#e0e0e0": "#1b1b1b", SIDE_COLOURS[0]: "#0d47a1", SIDE_COLOURS[1]: "#7a4100",
             SIDE_COLOURS[2]: "#880e4f"}
PRINT_DROP = {SHADOW, "rgba(0,0,0,0.30)"}

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


def seats_around(viewer: str, fmt=FOUR) -> dict:
    """Where each seat sits on the screen, from the table's format (formats.py), the viewer
    at the bottom and the others clockwise from the left: ``{"bottom": seat, "left": seats,
    "top": seats, "right": seats}``, each side a tuple of seats (empty where nobody sits).
    Four: one seat a place; two: the other player on top; three: the others left and right;
    six: two on the left, one on top, two on the right. (The four-player table is drawn from
    these places; two, three and six sit in a row across the top instead: `_round`.)"""
    seats = fmt.seats
    i, n = fmt.seat_index[viewer], len(seats)
    others = [seats[(i + k) % n] for k in range(1, n)]
    if n == 2:
        return {"bottom": viewer, "left": (), "top": (others[0],), "right": ()}
    if n == 3:
        return {"bottom": viewer, "left": (others[0],), "top": (), "right": (others[1],)}
    half = (n - 2) // 2                 # 4: one a side, 6: two a side
    return {"bottom": viewer, "left": tuple(others[:half]), "top": (others[half],),
            "right": tuple(others[half + 1:])}


def seat_name(seat: str, t) -> str:
    return t.word("seat", seat)


def team_name(team: str, t) -> str:
    return t.word("team", team)


def card_words(card, t) -> str:
    """A card as a learner reads it, and a screen reader says it: 'K♥', a joker by the
    glossary's word ('a joker', 'en joker', 'jokeri'), as the explanations write it
    (`tutor.i18n.Translator.write`; `tutor.engine.plainwords.cards_words` for several)."""
    return t.write(card)


# ---- cards ------------------------------------------------------------------------------

def _suit_colour(card) -> str:
    if card.rank == "JK":
        return JOKER
    return RED if card.is_red else BLACK


def _card(out, card, x, y, w, h, t, *, full=True, mark=None, crosswise=False, flat=False, shadow=True):
    """A face-up card; `mark` is an outline colour (selected, highlighted). `shadow=False`:
    none (a card that the next one of a stack covers but for a strip: fewer bytes to send)."""
    r = max(3, w // 9)
    if shadow:
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
        if word and text_width(word, MIN_TEXT, True) <= w - 2:      # else the index says it
            out.append(("text", x + w / 2, y + h * 0.88, word, MIN_TEXT,
                        JOKER if card.rank == "JK" else WILD_INK, True, "center"))


def _back(out, x, y, w, h):
    r = max(3, w // 9)
    out.append(("rect", x + 2, y + 2, w, h, r, SHADOW, None, 0))
    out.append(("rect", x, y, w, h, r, BACK, "#0d1b4a", 1))
    out.append(("rect", x + 4, y + 4, w - 8, h - 8, max(2, r - 2), None, BACK_EDGE, 1))


def _label(out, x, y, text, size=13, colour=INK, bold=False, align="left"):
    out.append(("text", x, y, text, max(MIN_TEXT, size), colour, bold, align))


# ---- measuring the words ----------------------------------------------------------------
#
# The canvas and the SVG write in the sans-serif font of the page: DejaVu Sans on Debian,
# the widest of the usual ones (Arial, Helvetica, Segoe UI and Liberation Sans are
# narrower), so a label measured in it fits in any of them. Its advance widths, in
# hundredths of the font size, rounded up, of every character the three languages write
# (from DejaVuSans.ttf and DejaVuSans-Bold.ttf, version 2.37; tests/test_table_view.py
# measures them again where the fonts are installed). A character not listed counts as a
# whole em.
_GLYPHS = (
    ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNO'
    'PQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~¡'
    '¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒ'
    'ÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ–—‘'
    '’“”„…•♠♥♦♣★❄▶✓✗←→↑↓€ŠšŽž'
)
_REGULAR = """
 32  41  46  84  64  96  78  28  40  40  50  84  32  37  32  34  64  64  64  64  64  64  64  64
 64  64  34  34  84  84  84  54 100  69  69  70  78  64  58  78  76  30  30  66  56  87  75  79
 61  79  70  64  62  74  69  99  69  62  69  40  34  40  84  50  50  62  64  55  64  62  36  64
 64  28  28  58  28  98  64  62  64  64  42  53  40  64  60  82  60  60  53  64  34  64  84  41
 64  64  64  64  34  50  50 100  48  62  84 100  50  50  84  41  41  50  64  64  32  50  41  48
 62  97  97  97  54  69  69  69  69  69  69  98  70  64  64  64  64  30  30  30  30  78  75  79
 79  79  79  79  84  79  74  74  74  74  62  61  63  62  62  62  62  62  62  99  55  62  62  62
 62  28  28  28  28  62  64  62  62  62  62  62  84  62  64  64  64  64  60  64  60  50 100  32
 32  52  52  52 100  59  90  90  90  90  90  84  77  84  84  84  84  84  84  64  64  53  69  53
"""
_BOLD = """
 35  46  53  84  70 101  88  31  46  46  53  84  38  42  38  37  70  70  70  70  70  70  70  70
 70  70  40  40  84  84  84  59 100  78  77  74  84  69  69  83  84  38  38  78  64 100  84  86
 74  86  78  73  69  82  78 111  78  73  73  46  37  46  84  50  50  68  72  60  72  68  44  72
 72  35  35  67  35 105  72  69  72  72  50  60  48  72  66  93  65  66  59  72  37  72  84  46
 70  70  64  70  37  50  50 100  57  65  84 100  50  50  84  44  44  50  74  64  38  50  44  57
 65 104 104 104  59  78  78  78  78  78  78 109  74  69  69  69  69  38  38  38  38  84  84  86
 86  86  86  86  84  86  82  82  82  82  73  74  72  68  68  68  68  68  68 105  60  68  68  68
 68  35  35  35  35  69  72  69  69  69  69  69  84  69  72  72  72  72  66  72  66  50 100  38
 38  66  66  66 100  64  90  90  90  90  90  84  77  84  84  84  84  84  84  70  73  60  73  59
"""


def _advances(table: str) -> dict:
    return dict(zip("".join(_GLYPHS), map(int, table.split())))


_ADVANCE = {False: _advances(_REGULAR), True: _advances(_BOLD)}


def text_width(text, size, bold=False) -> float:
    """A label's width in px at `size` px: the sum of its characters' advance widths in
    DejaVu Sans (a little more than the browser draws: no kerning, widths rounded up)."""
    adv = _ADVANCE[bool(bold)]
    return sum(adv.get(ch, 100) for ch in text) * size / 100


def _split(text: str) -> list:
    """A text on two lines, cut at the space that makes the longer line shortest."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return [text]
    cut = min(spaces, key=lambda i: max(len(text[:i]), len(text[i + 1:])))
    return [text[:cut], text[cut + 1:]]


def fit(text, size, room, bold=False, lines=1) -> tuple:
    """How `text` fits `room` px: ``(size, [line, ...])`` at the largest size from `size`
    down to `MIN_TEXT` that fits on one line; else, when `lines` allows it, on two lines
    (cut at a space) at the largest size that fits them; else at `MIN_TEXT` as it is (too
    wide: tests/test_table_view.py finds it)."""
    for s in range(int(size), MIN_TEXT - 1, -1):
        if text_width(text, s, bold) <= room:
            return s, [text]
    if lines > 1 and " " in text:
        two = _split(text)
        for s in range(int(size), MIN_TEXT - 1, -1):
            if max(text_width(line, s, bold) for line in two) <= room:
                return s, two
        return MIN_TEXT, two
    return MIN_TEXT, [text]


def badge_pill(out, x, y, w, h, fill, text, colour="#ffffff", size=12, limit=None) -> float:
    """A pill with centred bold text; widened (about its centre) when the text needs it.
    `limit`: the left and right edges the pill must stay within (the status box, the middle
    row): a text too long for one line between them goes on two lines, the pill growing
    upwards from its bottom edge, and the pill moves to stay within them (a language's
    words may be longer than English). Returns the pill's top."""
    lines = [text]
    need = text_width(text, size, bold=True) + h
    if limit is not None and need > limit[1] - limit[0]:
        size, lines = fit(text, size, limit[1] - limit[0] - h, bold=True, lines=2)
        need = max(text_width(line, size, bold=True) for line in lines) + h
    if need > w:
        x, w = x - (need - w) / 2, need
    if limit is not None:
        x = max(limit[0], min(x, limit[1] - w))
    if len(lines) == 1:
        out.append(("rect", x, y, w, h, h / 2, fill, None, 0))
        out.append(("text", x + w / 2, y + h / 2 + 1, text, size, colour, True, "center"))
        return y
    line_h = size + 1
    tall = 2 * line_h + 4
    y = y + h - tall
    out.append(("rect", x, y, w, tall, h / 2, fill, None, 0))
    for k, line in enumerate(lines):
        out.append(("text", x + w / 2, y + 2 + line_h * (k + 0.5) + 1, line, size, colour, True, "center"))
    return y


def _count(n, t) -> str:
    return t.ngettext("{n} card", "{n} cards", n).format(n=n)


# ---- zones ------------------------------------------------------------------------------

def _fan(n, width, card_w, max_step):
    """Step between overlapping cards so that n cards fit in `width`."""
    if n <= 1:
        return 0
    return max(4.0, min(max_step, (width - card_w) / (n - 1)))


def _hand_row(out, regions, view, seat, x0, x1, y, w, h, t, selected=(), highlight=(),
              clickable=False, focus=None, shadows=True):
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
        _card(out, card, cx, cy, w, h, t, full=(i == n - 1 or step >= w), mark=mark,
              shadow=shadows or i == n - 1 or step >= w)
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


def _canasta_words(meld, t) -> tuple:
    """What a closed canasta says: its size and its kind."""
    return (t.ngettext("{n} card", "{n} cards", meld.size).format(n=meld.size),
            t.gettext("natural") if meld.is_natural_canasta else t.gettext("mixed"))


def _meld_width(meld, w, t) -> float:
    """A meld's width: a card's, or a closed canasta's, wider, with room for its words."""
    if not meld.is_canasta:
        return w
    return max(w + 8, *(text_width(words, MIN_TEXT) + 8 for words in _canasta_words(meld, t)))


def _meld(out, regions, team, meld, x, y, w, h, max_h, highlight, targeted, t, focused=False,
          shadows=True):
    """One meld as an overlapping column; a canasta as a closed pile (red natural, black mixed)."""
    if meld.is_canasta:
        natural = meld.is_natural_canasta
        count, kind = _canasta_words(meld, t)
        w = _meld_width(meld, w, t)
        fill = "#b71c1c" if natural else "#212121"
        for k in (4, 2):
            out.append(("rect", x + k, y + k, w, h, 5, "rgba(0,0,0,0.30)", None, 0))
        out.append(("rect", x, y, w, h, 5, fill, HIGHLIGHT if targeted else "#f5f5f5",
                    3 if targeted else 1.5))
        _label(out, x + w / 2, y + h * 0.30, meld.rank, int(h * 0.30), "#ffffff", True, "center")
        _label(out, x + w / 2, y + h * 0.60, count, MIN_TEXT, "#ffffff", False, "center")
        _label(out, x + w / 2, y + h * 0.84, kind, MIN_TEXT, GOLD if natural else "#e0e0e0", False, "center")
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
            _card(out, card, x, y + i * step, w, h, t, full=(i == n - 1), mark=mark, flat=True,
                  shadow=shadows or i == n - 1)
        total = step * (n - 1) + h
        if targeted:
            out.append(("rect", x - 3, y - 3, w + 6, total + 6, 6, None, HIGHLIGHT, 3))
    if focused:
        out.append(("rect", x - 6, y - 6, w + 12, total + 12, 8, None, FOCUS, 4))
    regions.append(Region("meld", (team, meld.rank), x, y, w, total))


def _band(out, regions, view, team, x0, y0, x1, y1, highlight, target, t, focus=None, compact=False,
          colour=None):
    """A team's melds: its name and score at the top left, its red threes in a column at
    the right end, the melds between. Every label is measured: the column is as wide as
    its words; a title too long for the row beside them drops to 12 px, and its score goes
    to the foot of the column (the status box has the scores too).

    `compact` (two, three and six players, whose bands may be half the table wide): the red
    threes' column takes at most about a third of the band, its cards closer together, so
    that the melds keep their room. `colour`: the side's colour (a table of teams), an edge
    down the band's left and its title's words."""
    out.append(("rect", x0, y0, x1 - x0, y1 - y0, 10, BAND, None, 0))
    regions.append(Region("band", team, x0, y0, x1 - x0, y1 - y0))
    if colour is not None:
        out.append(("rect", x0 + 3, y0 + 8, 4, y1 - y0 - 16, 0, colour, None, 0))
    red3 = view.team_red3(team)
    scale = view.rules.format.red3_scale
    bonus = None
    sign = 1 if view.team_melds(team) else -1   # red3.score: minus while the side has no meld
    if len(red3) == 4 and not scale and _one_players_four(view, team):
        bonus = t.gettext("all four: {points}").format(points=sign * ALL_RED_THREES)
    elif scale and len(red3) >= 5:          # six players: five and six score more (players.red3-six)
        bonus = (t.gettext("five: {points}") if len(red3) == 5 else
                 t.gettext("all six: {points}")).format(points=sign * scale[len(red3)])
    who = None                              # red3-four=player: who laid them ("North 2" a line)
    if bonus is None and red3 and view.rules.red3_per_seat:
        who = _red3_who(view, team, t)
    step = 24
    if compact:
        cap = max(76, (x1 - x0) * 0.3)
        # its words on two lines where one is too long (the cards then lie a line lower)
        size, red_words = fit(t.gettext("red threes") if red3 else t.gettext("no red threes"), 12,
                              cap - 8, lines=2)
        if len(red3) > 1:
            step = min(24, (cap - 8 - 32) / (len(red3) - 1))
        col = max(max(text_width(line, size) for line in red_words) + 8,
                  32 + step * (len(red3) - 1) + 8 if red3 else 0)
        if bonus is not None:
            bonus_size, lines = fit(bonus, 12, col - 8, bold=True, lines=2)
            col = max(col, max(text_width(line, bonus_size, True) for line in lines) + 8)
        elif who is not None:
            col = max(col, max(text_width(line, fit(line, 12, col - 8)[0]) for line in who) + 8)
    else:
        # the red threes' column: four cards (104 px) or its words, the wider
        size, red_words = fit(t.gettext("red threes") if red3 else t.gettext("no red threes"), 12,
                              104, lines=1 if red3 else 2)
        col = max(112, max(text_width(line, size) for line in red_words) + 8)
    rx = x1 - col
    for k, line in enumerate(red_words):
        _label(out, rx, y0 + 12 + 14 * k, line, size, MUTED)
    down = 14 * (len(red_words) - 1) if red3 else 0
    for i, card in enumerate(red3):
        _card(out, card, rx + i * step, y0 + 26 + down, 32, 44, t, full=(i == len(red3) - 1))
    if bonus is not None:
        four_size, four = fit(bonus, 12, col - 8, bold=True, lines=2)
        for k, line in enumerate(four):
            _label(out, rx, y0 + 84 + down + 14 * k, line, four_size, GOLD, True)
    elif who is not None:                   # a line per player who laid red threes
        for k, line in enumerate(who):
            _label(out, rx, y0 + 84 + down + 14 * k, line, fit(line, 12, col - 8)[0], MUTED, False)
    # the title and the score, on the row left of the column's words
    title = t.format(t.gettext("{team:name} melds"), team=team)
    score = t.gettext("score {points}").format(points=view.team_score(team))
    words = colour or MUTED
    tx = x0 + 10 + (4 if colour is not None else 0)
    room = rx - 10 - tx
    lower = 0                               # a title on two lines moves the melds down
    if text_width(title, 13, True) + 12 + text_width(score, 13) <= room:
        _label(out, tx, y0 + 12, title, 13, words, True)
        _label(out, tx + 12 + text_width(title, 13, True), y0 + 12, score, 13, INK, False)
    elif not compact:
        title_size, _ = fit(title, 13, room, bold=True)
        _label(out, tx, y0 + 12, title, title_size, words, True)
        _label(out, rx, y1 - 12, score, 13, INK, False)
    else:
        # a narrow band: the title on two lines if need be; the score at the column's foot,
        # unless the red threes' bonus is there (the status box has the scores too)
        title_size, lines = fit(title, 13, room, bold=True, lines=2)
        for k, line in enumerate(lines):
            _label(out, tx, y0 + 12 + 14 * k, line, title_size, words, True)
        lower = 14 * (len(lines) - 1)
        if bonus is None and who is None:
            _label(out, rx, y1 - 12, score, fit(score, 13, col - 4)[0], INK, False)
    melds = view.team_melds(team)
    if not melds:
        # the hand over: none was laid (no "yet": nobody melds any more)
        empty = t.gettext("no melds") if view.phase == "over" else t.gettext("no melds yet")
        _label(out, (x0 + rx) / 2, (y0 + y1) / 2 + 6, empty, 13, MUTED, False, "center")
        return
    w, h = 48, 60
    avail = rx - 12 - tx
    widths = [_meld_width(m, w, t) for m in melds]
    x = tx
    for meld, mw, gap in zip(melds, widths, _meld_gaps(melds, widths, avail, w) + [0.0]):
        _meld(out, regions, team, meld, x, y0 + 28 + lower, w, h, y1 - y0 - 34 - lower,
              highlight, target == (team, meld.rank), t, focused=(focus == (team, meld.rank)),
              shadows=not compact)
        x += mw + gap


#: how much of an open meld's card stays in sight when the next meld overlaps it: its corner,
#: where the rank and suit are written
CORNER = 22


def _meld_gaps(melds, widths, avail, card_w) -> list:
    """The room after each meld but the last, so that the last ends within `avail`: 14 px,
    or closer. When they do not fit, the open melds overlap first, down to their cards'
    corner (`CORNER`), and a closed canasta stays whole, its words readable; what is still
    missing the canastas share, as far as an open meld gives way; beyond that (a long row in
    a narrow band), all overlap evenly."""
    if len(melds) < 2:
        return []
    spare = avail - sum(widths)
    even = min(14.0, spare / (len(melds) - 1))
    if even >= 0:
        return [even] * (len(melds) - 1)
    covered = [not m.is_canasta for m in melds[:-1]]
    opened = sum(covered)
    open_gap = max(CORNER - card_w, spare / opened) if opened else 0.0
    missing = spare - open_gap * opened
    closed = len(covered) - opened
    closed_gap = missing / closed if missing < 0 and closed else 0.0
    if missing < 0 and (not closed or closed_gap < CORNER - card_w):
        return [even] * (len(melds) - 1)
    return [open_gap if c else closed_gap for c in covered]


# ---- two, three and six players ---------------------------------------------------------

#: how far from the table's edge the others' row, the bands and the middle row start (two,
#: three and six players: no side columns)
ROUND_X = 20


def _round(out, regions, view, W, y, t, highlight, target, focus, seat_label):
    """The others and the sides' melds at a table of two, three or six (four: `scene`).

    The others sit in a row across the top, in turn order from the left (the next player
    first), as round a table seen from the viewer's seat. A player alone (two, three) is
    named over a row of backs with the player's melds under them: two, one over the whole
    table; three, the two halves of it. At six each player is a plate — the name, "your
    partner" or the team's name, a short stack of backs and the count (every card face up
    when the hands are open) — edged in the side's colour, and each side's melds are a band
    edged in the same colour: the opponents' under the plates (two bands side by side for
    three teams), the viewer's above the viewer's hand."""
    fmt = view.rules.format
    seats, me = fmt.seats, view.seat
    i, n = fmt.seat_index[me], len(seats)
    others = [seats[(i + k) % n] for k in range(1, n)]
    own = fmt.side_of(me)
    x0, x1 = ROUND_X, W - ROUND_X
    if not fmt.has_partners:
        span = (x1 - x0 - 8 * (len(others) - 1)) / len(others)
        for k, seat in enumerate(others):
            sx0 = x0 + k * (span + 8)
            seat_label(seat, sx0 + span / 2, y["top_label"])
            _hand_row(out, regions, view, seat, sx0 + 8, sx0 + span - 8, y["top_hand"], 40, 56, t,
                      highlight=highlight, shadows=False)
            regions.append(Region("seat", seat, sx0, y["top_region"], span, 84))
            _band(out, regions, view, fmt.side_of(seat), sx0, y["band1"], sx0 + span, y["band1_end"],
                  highlight, target, t, focus, compact=True)
        _band(out, regions, view, own, x0, y["band2"], x1, y["band2_end"], highlight, target, t, focus,
              compact=True)
        return
    colours = {side: SIDE_COLOURS[k % len(SIDE_COLOURS)] for k, side in enumerate(fmt.sides)}
    partners = fmt.partners(me)
    span = (x1 - x0 - 5 * (len(others) - 1)) / len(others)
    top, bottom = y["top_region"] - 4, y["band1"] - 6
    opps = []
    for k, seat in enumerate(others):
        side = fmt.side_of(seat)
        if side != own and side not in opps:
            opps.append(side)
        words = t.gettext("your partner") if seat in partners else team_name(side, t)
        px0 = x0 + k * (span + 5)
        _plate(out, view, seat, px0, top, px0 + span, bottom, t, colours[side], words, highlight)
        regions.append(Region("seat", seat, px0, top, span, bottom - top))
    span = (x1 - x0 - 8 * (len(opps) - 1)) / len(opps)
    for k, side in enumerate(opps):
        bx = x0 + k * (span + 8)
        _band(out, regions, view, side, bx, y["band1"], bx + span, y["band1_end"], highlight, target, t,
              focus, compact=True, colour=colours[side])
    _band(out, regions, view, own, x0, y["band2"], x1, y["band2_end"], highlight, target, t, focus,
          compact=True, colour=colours[own])


def _plate(out, view, seat, x0, y0, x1, y1, t, colour, words, highlight=()):
    """One of the others at a table of six: a plate edged in the side's colour with the
    seat's name (on gold, ▶ marked, while it is to play), `words` (its side) in the side's
    colour, and its hand: a short stack of backs with the count beside it; open, the cards
    written out on a white panel (13 cards and more fanned in a plate a fifth of the table
    wide would hide their faces, and cost the redraw a card's shapes each)."""
    out.append(("rect", x0, y0, x1 - x0, y1 - y0, 8, BAND, None, 0))
    out.append(("rect", x0 + 3, y0 + 6, 4, y1 - y0 - 12, 0, colour, None, 0))
    left = x0 + 10
    room = x1 - 6 - left
    cx = (left + x1 - 6) / 2
    name = seat_name(seat, t)
    if seat == view.turn and view.phase != "over":
        text = "▶ " + name
        size, _ = fit(text, 13, room - 12, bold=True)
        if text_width(text, size, True) > room - 12:      # too narrow for the mark: the gold says it
            text = name
            size, _ = fit(text, 13, room - 12, bold=True)
        pill = min(room, text_width(text, size, True) + 12)
        out.append(("rect", cx - pill / 2, y0 + 3, pill, 19, 9, GOLD, None, 0))
        _label(out, cx, y0 + 13, text, size, "#3e2a00", True, "center")
    else:
        size, _ = fit(name, 13, room, bold=True)
        _label(out, cx, y0 + 13, name, size, INK, True, "center")
    n = view.counts[seat]
    count = _count(n, t)
    cards = view.hands.get(seat)
    if cards is not None:                   # open: the count beside the side's words, if it fits
        both = f"{words} · {count}"
        words = both if text_width(both, 12) <= room else words
    size, _ = fit(words, 12, room)
    _label(out, cx, y0 + 29, words, size, colour, False, "center")
    top = y0 + 37
    if cards is None:
        if text_width(count, 12) > room / 2:
            count = str(n)
        wide = text_width(count, 12)
        ch = max(30, min(44, y1 - 4 - top))
        cw = round(ch * 0.72)
        k = min(n, 4)
        stack = cw + 4 * (k - 1) if k else 0
        sx = cx - (stack + (6 if k else 0) + wide) / 2
        for j in range(k - 1):              # the backs under the top one: their edges show
            out.append(("rect", sx + 4 * j, top, cw, ch, 0, BACK, "#0d1b4a", 1))
        if k:
            _back(out, sx + 4 * (k - 1), top, cw, ch)
        _label(out, sx + stack + (6 if k else 0), top + ch / 2, count, 12, INK)
        return
    if not cards:
        return
    out.append(("rect", left, top, room, y1 - 3 - top, 4, CARD, CARD_EDGE, 1))
    lines = max(1, int((y1 - 3 - top - 4) // 14))
    hl = list(highlight)
    texts = [(f"{c.rank}{'★' if c.rank == 'JK' else SUIT_SYMBOLS[c.suit]}", c) for c in cards]
    x, line, k = left + 4, 0, 0
    words = []                              # written after, a colour at a time: fewer bytes
    while k < len(texts):
        text, card = texts[k]
        w = text_width(text, 12, True)
        rest = len(texts) - k
        more = f"+{rest}"
        last_line = line == lines - 1
        # on the last line, keep room for "+n" unless every card left fits
        fits_all = x + sum(text_width(tx, 12, True) + 4 for tx, _c in texts[k:]) - 4 <= left + room - 4
        if x + w > left + room - 4 or (last_line and not fits_all
                                        and x + w + 4 + text_width(more, 12, True) > left + room - 4):
            if last_line:
                words.append((x, top + 9 + 14 * line, more, BLACK))
                break
            x, line = left + 4, line + 1
            continue
        ty = top + 9 + 14 * line
        if card in hl:
            hl.remove(card)
            out.append(("rect", x - 2, ty - 7, w + 4, 14, 3, None, HIGHLIGHT, 2))
        words.append((x, ty, text, _suit_colour(card)))
        x += w + 4
        k += 1
    for x, ty, text, ink in sorted(words, key=lambda word: word[3]):
        _label(out, x, ty, text, 12, ink, True)


def _pile(out, regions, view, x0, x1, y, w, h, highlight, t, count=92, shadows=True):
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
        _card(out, card, x, cy, cw, ch, t, full=(i == n - 1), mark=mark, crosswise=cross,
              shadow=shadows or i == n - 1)
        if i < n - 1:
            x += min(base + (cw - w), cw) * scale
    regions.append(Region("pile", None, x0, y, x + w - x0, h))
    if view.blocked:                # crossed out: the next player may not take it
        out.append(("line", x - 4, y - 4, x + w + 4, y + h + 4, "rgba(229,57,53,0.85)", 4))
        out.append(("line", x + w + 4, y - 4, x - 4, y + h + 4, "rgba(229,57,53,0.85)", 4))


@lru_cache(maxsize=16)
def _status_width(t, seats=FOUR.seats) -> float:
    """The widest line the status box writes in the language of `t` (any seat of the table,
    any phase), but its totals (a translator is made once a language: cached by it)."""
    widths = [text_width(t.format(t.gettext("{seat:name} to play"), seat=s), 15, True) for s in seats]
    widths += [text_width(t.format(t.gettext("{seat:name} went out"), seat=s), 13) for s in seats]
    widths += [text_width(t.gettext("Hand over"), 15, True), text_width(t.gettext("the stock ran out"), 13),
               text_width(t.gettext("running totals"), 12)]
    widths += [text_width(t.gettext(words), 13) for words in PHASE_WORDS.values()]
    return max(widths)


def _status(out, view, t, bx, by, bw, bh, y, totals, badge):
    """The status box: whose turn and what they are to do (or how the hand ended), the
    running totals, a badge for "may I go out?" at its foot. A line too long for the box
    (a box squeezed on a narrow table) shrinks to 12 px and wraps; the lines under it move
    down, and the caption of the totals gives way to the badge if they would meet."""
    out.append(("rect", bx, by, bw, bh, 10, BOX, "rgba(255,255,255,0.25)", 1))
    line1, line2, line3, line4 = y["box_lines"]
    room = bw - 24
    if view.phase == "over":
        title = t.gettext("Hand over")
        words = (t.format(t.gettext("{seat:name} went out"), seat=view.out) if view.out
                 else t.gettext("the stock ran out"))
    else:
        title = t.format(t.gettext("{seat:name} to play"), seat=view.turn)
        words = t.gettext(PHASE_WORDS.get(view.phase, view.phase))
    size, lines = fit(title, 15, room, bold=True)
    _label(out, bx + 12, by + line1, title, size, GOLD, True)
    size, lines = fit(words, 13, room, lines=2)
    for k, line in enumerate(lines):
        _label(out, bx + 12, by + line2 - (len(lines) - 1) * 2 + (size + 2) * k, line, size, INK)
    # the lines under a wrapped one move down as far as its second line needs
    last = line2 - (len(lines) - 1) * 2 + (size + 2) * (len(lines) - 1) + size / 2
    down = max(0, last + 2 - (line3 - 6.5))
    size, _ = fit(totals, 13, room, bold=True)
    _label(out, bx + 12, by + line3 + down, totals, size, INK, True)
    top = by + bh
    if badge is not None:
        fill, text, colour = badge
        top = badge_pill(out, bx + 8, by + y["badge"], bw - 16, 26, fill, text, colour, 13,
                         limit=(bx + 4, bx + bw - 4))
    caption = t.gettext("running totals")
    size, _ = fit(caption, 12, room)
    if by + line4 + down + size / 2 <= top - 2:
        _label(out, bx + 12, by + line4 + down, caption, size, MUTED)


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


def in_print(prims) -> list:
    """The primitives in the print palette (`PRINT_FILLS`): white paper, dark words."""
    out = []
    for p in prims:
        kind = p[0]
        if kind == "rect":
            _, x, y, w, h, r, fill, stroke, lw = p
            if fill in PRINT_DROP:
                continue
            if fill in PRINT_FILLS:
                fill, edge = PRINT_FILLS[fill]
                if edge is not None and (stroke is None or stroke in PRINT_STROKES):
                    stroke, lw = edge, max(lw or 0, 1.2)
            if stroke in PRINT_STROKES:
                stroke = PRINT_STROKES[stroke]
            if fill is None and stroke is None:
                continue
            out.append(("rect", x, y, w, h, r, fill, stroke, lw))
        elif kind == "text":
            _, x, y, text, size, colour, bold, align = p
            out.append(("text", x, y, text, size, PRINT_INK.get(colour, colour), bold, align))
        else:
            out.append(p)
    return out


def scene(pos, viewer="S", open_hands=False, highlight=(), selected=(), target=None,
          width=WIDTH, height=HEIGHT, note=None, lang="en", focus=None, palette="screen") -> Scene:
    """The whole table as primitives and click regions (see the module doc).

    `pos` is a Position (seen by `viewer`; every card when `open_hands`) or a SeatView.
    `width` is clamped to MIN_WIDTH..WIDTH, `height` to MIN_HEIGHT..HEIGHT. `focus` is the
    keyboard's place: a hand index, or a (team, rank) meld. `palette`: "screen" (the felt)
    or "print" (white paper, ink-light: `PRINT_FILLS`)."""
    if palette not in ("screen", "print"):
        raise ValueError(f"palette must be 'screen' or 'print', not {palette!r}")
    view = pos if isinstance(pos, SeatView) else SeatView.of(pos, viewer, open=open_hands)
    t = translator(lang)
    out: list = []
    regions: list = []
    W, H = max(MIN_WIDTH, min(WIDTH, int(width))), max(MIN_HEIGHT, min(HEIGHT, int(height)))
    y = rows(H)
    fmt = view.rules.format
    at = seats_around(view.seat, fmt)
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
        if view.lone is not None:       # cutthroat: the lone hand and the partners, once decided
            if seat == view.lone:
                name = t.format(t.gettext("{seat:name} (you, alone)") if seat == view.seat
                                else t.gettext("{seat:name} (alone)"), seat=seat)
            elif seat == view.seat:
                name = t.format(t.gettext("{seat:name} (you)"), seat=seat)
            elif seat in view.format.partners(view.seat):
                name = t.format(t.gettext("{seat:name} (your partner)"), seat=seat)
        elif seat == view.seat:
            name = t.format(t.gettext("{seat:name} (you)"), seat=seat)
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
    if fmt is FOUR:
        bx0 = 112 if narrow else 150           # the meld bands and the middle row
        bx1 = W - bx0
        # --- top seat (partner) and the two sides
        for top in at["top"]:
            seat_label(top, W / 2, y["top_label"])
            _hand_row(out, regions, view, top, bx0, bx1, y["top_hand"], 40, 56, t, highlight=hl)
            regions.append(Region("seat", top, bx0, y["top_region"], bx1 - bx0, 84))
        for side in ("left", "right"):
            column = at[side]
            cx = 24 if side == "left" else W - 24 - 44
            # two seats a side (six players) share the side's height, the nearer one lower
            height = (y["column_end"] - y["side_label"]) / max(1, len(column))
            for k, seat in enumerate(column if side == "right" else column[::-1]):
                y0 = y["side_label"] + k * height
                shift = y0 - y["side_label"]
                seat_label(seat, cx + 22 + (14 if side == "left" else -14), y0, lines=True)
                # a stack of backs ends above the middle row, which runs under it on a narrow table
                end = y["column_end"] if len(column) < 2 else y0 + height - 8
                _hand_column(out, view, seat, cx, y["column"] + shift, end, 44, 60, t, highlight=hl,
                             backs_end=y["box"] - 10 if len(column) < 2 else min(y["box"] - 10, end))
                regions.append(Region("seat", seat, cx - 10, y["band1"] + shift, 90,
                                      (y["column_end"] - y["band1"] + 2) / max(1, len(column))))

        # --- melds: opponents under the top hand (side by side when there are two opposing
        # sides), own team above the viewer's hand
        own = fmt.side_of(view.seat)
        opps = [s for s in fmt.sides[fmt.side_index[own] + 1:] + fmt.sides[:fmt.side_index[own]]]
        span = (bx1 - bx0 - 8 * (len(opps) - 1)) / len(opps)
        for k, opp in enumerate(opps):
            x0 = bx0 + k * (span + 8)
            _band(out, regions, view, opp, x0, y["band1"], x0 + span, y["band1_end"], hl, target, t,
                  focus)
        _band(out, regions, view, own, bx0, y["band2"], bx1, y["band2_end"], hl, target, t, focus)

        # --- middle: stock, pile, status, marks; across the whole table when the side hands
        # are short stacks of backs, between the bands when they are open columns
        stacks = all(s not in view.hands for side in ("left", "right") for s in at[side])
        mx0, mx1 = (24, W - 24) if stacks and narrow else (92, W - 92) if narrow else (bx0, bx1)
    else:
        # two, three and six players (`_round`): the others in a row across the top, in
        # turn order from the left, each side's melds under its players; the bands and
        # the middle row across the whole table
        bx0, bx1 = ROUND_X, W - ROUND_X
        _round(out, regions, view, W, y, t, hl, target, focus, seat_label)
        mx0, mx1 = bx0, bx1
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
    _label(out, sx, my + y["count"], _count(view.stock_size, t), 13, INK, True)

    # the pile starts right of the stock's words (its name, its count of up to 108 cards)
    px0 = sx + max(82, 12 + text_width(t.gettext("stock"), 13, True),
                   12 + text_width(_count(fmt.deck_size, t), 13, True))
    # the status box is as wide as its words in this language, while the pile keeps room
    # for its top card laid crosswise; narrower, its words wrap
    badge = None
    if view.asked == "pending":
        badge = (GOLD, t.format(t.gettext("“May I go out?” {seat:name}?"), seat=view.format.answerer(turn)), "#3e2a00")
    elif view.asked in ("yes", "no"):
        badge = (YES if view.asked == "yes" else BLOCKED,
                 t.gettext("partner said yes") if view.asked == "yes" else t.gettext("partner said no"), "#ffffff")
    if fmt is FOUR:
        ns, ew = view.score
        # TRANSLATORS: the running totals in a narrow box: the teams' short names (North–South, East–West) and their points
        totals = t.gettext("NS {ns}   EW {ew}").format(ns=ns, ew=ew)
    elif t.lang == "en":    # the sides' codes as the notation writes them: N 1200   S 300
        totals = "   ".join(f"{side} {points}" for side, points in zip(fmt.sides, view.score))
    else:                   # the codes are English letters: the sides' names instead
        totals = "   ".join(f"{t.side_name(side)} {points}"
                            for side, points in zip(fmt.sides, view.score))
    need = max(_status_width(t, fmt.seats), text_width(totals, 13, True)) + 24
    if badge is not None:
        need = max(need, text_width(badge[1], 13, True) + 26 + 16)
    bw = max(186 if narrow else 200, min(need, mx1 - (px0 + 76 + 16)))
    bx, by, bh = mx1 - bw, y["box"], y["box_h"]
    px1 = bx - 16
    # (two, three and six players: no shadows under the cards the next one covers, fewer bytes)
    _pile(out, regions, view, px0, px1, my, 54, 76, hl, t, count=y["count"], shadows=fmt is FOUR)
    _status(out, view, t, bx, by, bw, bh, y, totals, badge)

    # the marks under the middle row: frozen for everybody / for a team, blocked. Once the
    # hand is over they say what the pile was, not who may take it: nobody draws any more
    # (the marks of a team or a player not opened yet, and BLOCKED, go: `SeatView.blocked`)
    marks = []
    room = mx1 - mx0
    if view.crosswise:
        if over:
            # TRANSLATORS: the hand is over: the mark under the pile says what it was
            text = t.format(t.gettext("❄ the pile was frozen: {cards} crosswise"), cards=view.crosswise[:4])
        else:
            text = t.format(t.gettext("❄ frozen for everybody: {cards} crosswise"), cards=view.crosswise[:4])
        if text_width(text, 13, True) + 25 > room:        # too long to name them: count them
            n = len(view.crosswise)
            text = (t.ngettext("❄ the pile was frozen: {n} card crosswise",
                               "❄ the pile was frozen: {n} cards crosswise", n) if over else
                    t.ngettext("❄ frozen for everybody: {n} card crosswise",
                               "❄ frozen for everybody: {n} cards crosswise", n)).format(n=n)
        marks.append((FROZEN, text))
    elif view.pile_size and not over and view.rules.opening == "player":
        if view.frozen_for_player():        # opening=player: each player opens alone
            marks.append((FROZEN, t.format(t.gettext("❄ frozen for {seat:name}: no meld yet"), seat=turn)))
    elif view.pile_size and not over and view.is_frozen_for(view.format.side_of(turn)):
        # the side as decided (a cutthroat partnership is one side once the pile was taken)
        marks.append((FROZEN, t.format(t.gettext("❄ frozen for {team:name}: no meld yet"),
                                       team=view.format.side_of(turn))))
    if view.blocked:
        marks.append((BLOCKED, t.gettext("BLOCKED: a black three on top")))
    for k, (fill, text) in enumerate(marks):
        badge_pill(out, (bx0 + bx1) / 2 - 150, y["marks"] + 27 * k, 300, 25, fill, text, size=13,
                   limit=(mx0, mx1))
    if note:
        size, (line, *_) = fit(note, 12, bw - 24)
        _label(out, bx + 12, by + bh + 12, line, size, MUTED)

    # --- the viewer's hand
    bottom = at["bottom"]
    seat_label(bottom, W / 2, y["bottom_label"])
    # the seat region first: the hand regions after it win the hit test (`Scene.hit`)
    regions.append(Region("seat", bottom, 40, y["bottom_region"], W - 80, 118))
    _hand_row(out, regions, view, bottom, 40, W - 40, y["hand"], 56, 80, t, selected, hl,
              clickable=True, focus=focus if isinstance(focus, int) else None, shadows=fmt is FOUR)
    return Scene(in_print(out) if palette == "print" else out, regions, W, H)


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


def position_svg(pos, viewer="S", open_hands=False, highlight=(), scale=1.0, lang="en",
                 palette="screen", width=720, height=MIN_HEIGHT) -> str:
    """A clean SVG of the table seen from `viewer` (others' hands face down unless
    `open_hands`), in `palette` ("print": for paper). Laid out `width` wide and shown at
    `scale`: at the default 720 at 1:1 its words are as large as the table's (12 px or more),
    where a full-width scene shown smaller would shrink them below that; at the short table's
    height it takes little more room on the page than that smaller full-width scene did."""
    sc = scene(pos, viewer=viewer, open_hands=open_hands, highlight=highlight, lang=lang,
               palette=palette, width=width, height=height)
    return prims_to_svg(sc.prims, sc.width, sc.height, scale)


__all__ = ["Region", "Scene", "WIDTH", "HEIGHT", "MIN_WIDTH", "MIN_HEIGHT", "MIN_TEXT", "PRINT_FILLS", "fit",
           "in_print", "rows", "scene", "seats_around", "position_svg", "prims_to_svg", "text_width"]


def _one_players_four(view, team: str) -> bool:
    """Do the team's four red threes score 800: always, but under `red3-four=player` only
    when one player laid all four (`red3.score`)."""
    rules = view.rules
    if not rules.red3_per_seat:
        return True
    return any(len(view.red3[rules.red3_index[s]]) == 4 for s in rules.format.seats_of(team))


def _red3_who(view, team: str, t) -> list:
    """`red3-four=player`: how many red threes each player of the team laid, in words, a
    line a player ("North 2", "South 2"), under the team's red threes."""
    rules = view.rules
    counts = [(seat, len(view.red3[rules.red3_index[seat]])) for seat in rules.format.seats_of(team)]
    # TRANSLATORS: also the picture under red3-four=player: the red threes a player laid ("North 2")
    return [t.format(t.gettext("{seat:name} {count}"), seat=seat, count=n)
            for seat, n in counts if n]
