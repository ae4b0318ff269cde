"""The learner's table shows only what a seat may see; it is readable; keys and languages work.

Headless (no browser): the scene's primitives, the text alternative, hints and the computer's
explanations are checked as data. The same things in a real page: tests/browser/.
"""
import random
import re

import pytest

import tutor
from tutor.autoplay import play_on
from tutor.engine.diagram import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH, scene
from tutor.engine.formats import FOUR
SEATS = FOUR.seats
from tutor.engine.position import Meld
from tutor.engine.seatview import SeatView
from tutor.hints import hint
from tutor.i18n import LANGUAGES
from tutor.players import SensiblePlayer
from tutor.table.describe import describe

from scene_checks import check_text_and_contrast, label_problems
from table_positions import FROZEN

# ---- what a seat may see ----------------------------------------------------------------------



def test_seat_view_holds_only_what_the_seat_sees():
    pos = tutor.Position.parse(FROZEN)
    view = pos.seen_by("S")
    assert set(view.hands) == {"S"} and view.hand == pos.hand("S")
    assert view.counts == {s: len(pos.hand(s)) for s in SEATS}
    assert [c.text for c in view.pile] == ["2H", "KD"]          # crosswise, then the top
    assert view.pile_size == 5 and view.stock_size == len(pos.stock)
    assert view.is_frozen_for("NS") and view.top.text == "KD"
    teacher = SeatView.of(pos, "S", open=True)
    assert teacher.pile == pos.pile and set(teacher.hands) == set(SEATS)
    with pytest.raises(ValueError):
        pos.seen_by("X")


def _shuffle_hidden(pos, seat, rng):
    """A position the seat cannot tell from `pos`: every card it does not see (the other
    hands, the stock, the pile's buried cards that are not crosswise) dealt again at random,
    each zone keeping its size."""
    others = [s for s in SEATS if s != seat]
    buried = [i for i, c in enumerate(pos.pile[:-1]) if not (c.is_wild or c.is_red_three)]
    hidden = [c for s in others for c in pos.hand(s)] + list(pos.stock) + [pos.pile[i] for i in buried]
    rng.shuffle(hidden)
    pile = list(pos.pile)
    for i in buried:                    # a buried card must not be one that lies crosswise
        k = next(k for k, c in enumerate(hidden) if not (c.is_wild or c.is_red_three))
        pile[i] = hidden.pop(k)
    hands = list(pos.hands)
    for s in others:
        n = len(pos.hand(s))
        hands[SEATS.index(s)] = tuple(sorted(hidden[:n], key=lambda c: c.order))
        del hidden[:n]
    return pos.replace(hands=tuple(hands), pile=tuple(pile), stock=tuple(hidden))


def _positions(seeds=(3, 8), every=4):
    players = {s: SensiblePlayer(seed=k) for k, s in enumerate(SEATS)}
    for seed in seeds:
        start = tutor.deal(seed=seed)
        steps = play_on(start, players)
        for step in steps[::every]:
            yield step.before


def test_what_a_seat_reads_does_not_change_when_the_hidden_cards_do():
    """The drawing, the text alternative, the hint and the legal moves of the seat that acts
    are the same for two positions that differ only in cards that seat cannot see: none of
    them can be using a hidden card."""
    rng = random.Random(5)
    checked = 0
    for pos in _positions():
        seat = pos.actor
        other = _shuffle_hidden(pos, seat, rng)
        assert other.card_count() == 108 and other.seen_by(seat) == pos.seen_by(seat)
        if other == pos:
            continue
        assert scene(pos, viewer=seat).prims == scene(other, viewer=seat).prims
        assert describe(pos.seen_by(seat)) == describe(other.seen_by(seat))
        assert [str(m) for m in tutor.legal_moves(pos)] == [str(m) for m in tutor.legal_moves(other)]
        a, b = hint(pos), hint(other)
        assert (str(a.move), a.text, a.rules) == (str(b.move), b.text, b.rules), pos.to_text()
        checked += 1
    assert checked > 30


_CARD = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9AKQJ])([♣♦♥♠CDHS])(?![\w♣♦♥♠])")
_SUIT = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def named_cards(text: str) -> set:
    """Every card a text names, as 'K♥' (written K♥ or KH); jokers are all alike."""
    return {rank + _SUIT.get(suit, suit) for rank, suit in _CARD.findall(text)}


def _seen(*views) -> set:
    return {c.pretty for v in views for c in v.visible_cards()}


def test_named_cards_reads_both_ways_of_writing_a_card():
    assert named_cards("take KH KS; the top card is 10♦, JK and 4C.") == {"K♥", "K♠", "10♦", "4♣"}
    assert named_cards("NS 1200, EW 3100; 3 cards; ASK, KHz") == set()


def test_over_a_random_game_the_learner_never_reads_a_hidden_card():
    """South plays the hinted moves against three computer players. Everything South reads —
    the panel (rulings, the computer's moves and explanations, hints, messages), the text
    alternative, the live region, the move box's completions and the canvas's labels — names
    only cards South can see, or saw in the move it describes."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    players = {s: SensiblePlayer(seed=k) for k, s in enumerate("WNE")}
    table = Table(tutor.deal(seed=21), viewer="S", players=players)
    s = table.session
    moves = 0

    def allowed():
        """What South sees now, and saw in the moves the panel still lists."""
        seen = _seen(s.position.seen_by("S"))
        for step in s.last_steps:
            seen |= _seen(step.before.seen_by("S"), step.after.seen_by("S"))
        if s.ruling is not None:
            seen |= _seen(s.ruling.position.seen_by("S"))
        return seen

    def check():
        ok = allowed()
        for text in (table.explanation.value, table.keyboard.announce, table.keyboard.description,
                     table.selection_label.value, " ".join(table.move_box.options)):
            assert named_cards(text) <= ok, (named_cards(text) - ok, text)
        labels = " ".join(p[3] for p in table.scene.prims if p[0] == "text")
        assert named_cards(labels) <= _seen(s.position.seen_by("S")), labels
        assert table.notation.value == ""                    # no position text for a learner

    while s.position.phase != "over" and moves < 400:
        if (s.position).actor == "S":
            table.press("hint")
            check()
            ruling = s.try_move(s.last_hint.move)
            assert ruling.legal
        else:
            table.press("playon")
        check()
        moves += 1
    assert s.position.phase == "over" and moves > 20


def test_a_hint_for_a_draw_does_not_name_the_red_three_on_the_stock():
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9S 4C 5D\nNS: KH KS KD\npile: 5C 7D\n"
                               "stock: 3D 8C + rest\nseed: 2")
    h = hint(pos)
    assert str(h.move) == "draw" and h.rules == ("turn.draw",)
    assert "3♦" not in h.text and "red three" not in h.text
    assert pos.play("draw").seen_by("S").team_red3("NS")[-1].text == "3D"   # it was there


def test_a_learner_gets_no_hint_or_move_list_on_another_seats_turn():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table(tutor.deal(seed=4), viewer="S")              # North is to move
    assert table.press("hint") is None and table.press("legal") == []
    assert "Play on" in table.explanation.value and table.move_box.options == ()
    assert not [b for b in table.buttons.values() if b.button_style == "primary"]
    teacher = Table(tutor.deal(seed=4), viewer="S", mode="teacher")
    assert teacher.press("hint") is not None and teacher.move_box.options
    assert "N: " in teacher.notation.value                     # the teacher's position text


# ---- readable: text size, contrast, fits -------------------------------------------------------

STAGED = [
    FROZEN,
    "turn: S draw\npile: 5C 9D 3S\nNS: 8C 8D 8S\n",                                   # blocked
    "turn: S drawn\nasked: pending\nS: KH KS 4C\nNS: 8C 8D 8S\npile: 5C",             # the question
    "turn: N drawn\nasked: yes\nNS: KH KS KD\npile: 5C",
    "turn: S draw\nNS: AH AD AS AC AH AD AS; 8C 8D 8S 8H 8C 8D JK; 9C 9D 9S; 5C 5D 5H; 6C 6D 6S; "
    "7C 7D 7S; 10C 10D 10S; QC QD QS\nNS red3: 3H 3D 3H 3D\npile: 4C 2H JK 6S KD JD 9H\n",
    "turn: W draw\nS: AH AD AS AC KH KD KS KC QH QD QS QC JH JD JS JC 10H 10D 10S 10C 9H 9D\n"
    "pile: 4C\nEW: 5C 5D 5S",
]


def _positions_to_read():
    for text in STAGED:
        yield tutor.Position.parse(text)
    final = tutor.Position.parse("turn: S drawn\nS: 9H 9D 9C 4C\nNS: AH AD AS AC AH AD AS\npile: 5C")
    yield final.play("meld 9H 9D 9C").play("discard 4C")          # the hand is over
    yield from _positions(seeds=(9,), every=25)


@pytest.mark.parametrize("width, height", [(MIN_WIDTH, HEIGHT), (760, HEIGHT), (WIDTH, HEIGHT),
                                           (MIN_WIDTH, MIN_HEIGHT), (840, 710), (WIDTH, MIN_HEIGHT)])
@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_canvas_text_is_12px_with_aa_contrast_and_inside_the_table(width, height, open_hands, lang):
    for pos in _positions_to_read():
        # the print palette (handouts) at the pictures' size, the screen's at every size
        for palette in ("screen", "print") if (width, height) == (WIDTH, HEIGHT) else ("screen",):
            check_text_and_contrast(scene(pos, viewer="S", open_hands=open_hands, width=width, height=height,
                                           lang=lang, selected=(0,), focus=0, palette=palette), height, pos)


SIZES = [(MIN_WIDTH, HEIGHT), (640, 700), (760, HEIGHT), (WIDTH, HEIGHT),
         (MIN_WIDTH, MIN_HEIGHT), (840, 710), (WIDTH, MIN_HEIGHT)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("open_hands", [False, True])
def test_labels_fit_and_keep_apart_in_every_language_and_size(lang, open_hands):
    """Every word of the table is measured in the table's font and fits what it is written
    on, and no two labels meet: in the three languages, at the widths and heights the
    table is drawn at (560-960 by 664-770), a learner's view and a teacher's."""
    problems = set()
    for pos in _positions_to_read():
        for width, height in SIZES:
            sc = scene(pos, viewer="S", open_hands=open_hands, width=width, height=height, lang=lang,
                       selected=(0,))
            problems |= {f"{width}x{height}: {p}" for p in label_problems(sc)}
    assert not problems, "\n".join(sorted(problems)[:40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_pictures_fit_their_labels(lang):
    """The pictures of the lessons' questions (and the handouts): every named position and
    every question's position of every lesson, drawn in the lesson's language as the quiz
    draws it (960 x 770, seen from the player to act); for print, its words read on paper."""
    import tutor.lessons
    from tutor.engine.moves import Move
    from tutor.engine.plainwords import actor
    pictures = []
    for lesson in tutor.lessons.load_lessons(lang):
        for name in lesson.positions:
            pos = lesson.position(name)
            pictures.append((f"{lesson.key} {name}", pos, pos.turn))
        for ex in lesson.exercises:
            if ex.kind in ("parse", "deck") or ex.picture is False or not ex.position_text:
                continue
            pos = ex.position()
            seat = actor(Move.parse(ex.move), pos) if ex.move else pos.turn
            pictures.append((f"{lesson.key} {ex.id}",
                             ex.start_position() if ex.picture == "start" else pos, seat))
    problems = set()
    for where, pos, seat in pictures:
        seat = seat if seat in SEATS else "S"
        problems |= {f"{where}: {p}" for p in label_problems(scene(pos, viewer=seat, lang=lang))}
        # for print the same drawing in other colours: its words read on white paper
        check_text_and_contrast(scene(pos, viewer=seat, lang=lang, palette="print"), HEIGHT, pos)
    assert len(pictures) > 150 and not problems, "\n".join(sorted(problems)[:40])


def test_the_label_check_finds_what_translators_found():
    """The check itself: the labels the translators saw collide are found when the layout
    does not measure them."""
    sc = scene(tutor.Position.parse(FROZEN), viewer="S", lang="sv")
    assert label_problems(sc) == []
    stock = next(p for p in sc.prims if p[0] == "text" and p[3] == "dragen hög")
    pile = next(p for p in sc.prims if p[0] == "text" and p[3] == "kasthögen")
    assert pile[1] - stock[1] > 84                                  # the old layout: 82
    squeezed = list(sc.prims)
    squeezed[squeezed.index(pile)] = pile[:1] + (stock[1] + 82,) + pile[2:]   # the same label, moved
    assert any("run into each other" in p for p in label_problems(sc._replace(prims=squeezed)))


def test_text_width_is_the_fonts_own():
    """`text_width` adds up DejaVu Sans's own advance widths: never less than the font
    draws (kerning makes it a little less), and within 4% of it."""
    from pathlib import Path

    from PIL import ImageFont as font          # Pillow comes with ipycanvas

    from tutor.engine.diagram import text_width
    from tutor.i18n import translator
    from tutor.engine.diagram import PHASE_WORDS
    here = Path("/usr/share/fonts/truetype/dejavu")
    assert (here / "DejaVuSans.ttf").is_file(), \
        "DejaVu Sans, the font the table is laid out for, is missing: apt-get install fonts-dejavu-core"
    fonts = {False: font.truetype(str(here / "DejaVuSans.ttf"), 100),
             True: font.truetype(str(here / "DejaVuSans-Bold.ttf"), 100)}
    texts = ["dragen hög", "kasthögen", "piilopakka", "avopakka", "ei punaisia kolmosia",
             "❄ frozen for everybody: 2♥ crosswise", "▶ Pohjoinen · 11 korttia", "“May I go out?”"]
    for lang in LANGUAGES:
        texts += [translator(lang).gettext(w) for w in PHASE_WORDS.values()]
    for text in texts:
        for bold, f in fonts.items():
            drawn = f.getlength(text) * 13 / 100
            assert drawn <= text_width(text, 13, bold) <= drawn * 1.04 + 1, (text, bold)


MANY_MELDS = """rules: players=2
turn: S draw
N melds: 7C 7D 7H 7S 7C 7D 2C; AH AD AS AC AH AD AS AC; QH QD QS QC QH QD QS QC 2D JK JK; JH JD JS JC JH JD 2H 2S JK; 10H 10D 10S 10C; 9H 9D 9S 9C; 8H 8D 8S 8C; 4H 4D 4S 4C; KH KD KS KC
S melds: 5C 5D 5S
pile: 6C
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_row_of_many_melds_keeps_the_canastas_words_and_the_cards_corners_in_sight(lang):
    """Four canastas and five open melds in one band on a phone (the table 560 wide): the
    melds overlap, but the open melds give way first, each keeping its cards' corner (the
    rank) in sight, and no canasta's words are covered by the meld beside it. (On a Finnish
    phone "8 korttia / puhdas" ran under the next canasta.)"""
    from tutor.engine.diagram import CORNER, MIN_TEXT, _canasta_words, text_width
    from tutor.i18n import translator
    pos = tutor.Position.parse(MANY_MELDS)
    melds = {m.rank: m for m in pos.team_melds("N")}
    row = sorted((r for r in scene(pos, viewer="S", width=MIN_WIDTH, lang=lang).regions
                  if r.kind == "meld" and r.key[0] == "N"), key=lambda r: r.x)
    assert len(row) == 9 and row[-1].x + row[-1].w <= MIN_WIDTH
    assert any(b.x < a.x + a.w for a, b in zip(row, row[1:])), "the row is squeezed"
    for here, beside in zip(row, row[1:]):
        meld = melds[here.key[1]]
        if meld.is_canasta:
            words = max(text_width(w, MIN_TEXT) for w in _canasta_words(meld, translator(lang)))
            assert beside.x >= here.x + (here.w + words) / 2 - 0.5, (lang, meld.rank, here, beside)
        else:
            assert beside.x - here.x >= CORNER, (lang, meld.rank, here, beside)


@pytest.mark.parametrize("height", [MIN_HEIGHT, 690, 710, 740, HEIGHT])
def test_a_shorter_table_keeps_its_rows_apart(height):
    """The rows of a table drawn shorter (a short screen) keep their order and room: the
    partner's hand, the opponents' melds, the middle row (stock and pile with their counts,
    the status box, two marks), the team's melds, the learner's label and hand (a selected
    card lifted 12 px), inside the felt."""
    from tutor.engine.diagram import rows
    y = rows(height)
    assert y["top_hand"] + 56 < y["band1"]
    assert y["band1_end"] - y["band1"] >= 128 and y["band2_end"] - y["band2"] >= 128
    assert y["band1_end"] < y["box"] and y["band1_end"] < y["stock"] - 14 - 7
    assert y["stock"] + y["count"] + 7 < y["marks"] and y["box"] + y["box_h"] < y["marks"]
    assert y["badge"] + 26 <= y["box_h"] and y["box_lines"][-1] + 7 < y["badge"]
    assert y["marks"] + 27 + 25 <= y["band2"]
    assert y["column_end"] <= y["band2_end"] and y["side_label"] + 19 + 10 < y["column"]
    assert y["band2_end"] <= y["bottom_label"] - 10 and y["bottom_label"] + 11 <= y["hand"] - 12 + 1
    assert y["hand"] + 80 <= height - 12


@pytest.mark.parametrize("width", [MIN_WIDTH, 700, WIDTH])
@pytest.mark.parametrize("height", [MIN_HEIGHT, 710, HEIGHT])
def test_the_side_stacks_end_above_the_middle_row(width, height):
    """On a narrow table the middle row (the stock, the status box) runs under the side
    players' stacks of backs: on a short one too, the stacks end above it."""
    from tutor.engine.diagram import BACK, rows, text_width
    y = rows(height)
    found = 0
    for pos in _positions_to_read():
        sc = scene(pos.seen_by("S"), width=width, height=height)
        backs = [p for p in sc.prims if p[0] == "rect" and p[6] == BACK and p[3] == 44
                 and y["band1"] < p[2] < y["band2"]]
        stock = [p for p in sc.prims if p[0] == "text" and p[3] == "stock"]
        for _, x, top, w, h, *_rest in backs:
            assert top + h <= y["box"] - 4, (width, height, top + h)
            for _t, sx, sy, text, size, *_more in stock:
                apart = sx > x + w or sx + text_width(text, size, True) < x or sy - size / 2 > top + h
                assert apart, (width, height, "the stock's label under a stack")
        found += len(backs)
    assert found > 20


def test_the_table_is_drawn_as_tall_as_the_page_allows():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    from tutor.table.widget import fit_height
    assert fit_height(0) == HEIGHT and fit_height(1080) == HEIGHT and fit_height(860) == HEIGHT
    assert fit_height(800) == 710 and fit_height(768) == 678 and fit_height(600) == MIN_HEIGHT
    assert fit_height(1080, zoom=2) == MIN_HEIGHT
    table = Table(PAIR)
    assert table.scene.height == HEIGHT and table.canvas.height == 2 * HEIGHT
    table.keyboard.set_state({"board_width": 840, "viewport_height": 800})      # what the page says
    assert (table.table_width, table.table_height) == (840, 710)
    assert table.scene.height == 710 and table.canvas.height == 1420 and table.canvas.width == 1680
    # the hand is where it is drawn: a click on a card selects it
    card = next(r for r in table.scene.regions if r.kind == "hand")
    table.click((card.x + 4) * 2, (card.y + card.h / 2) * 2)
    assert table.session.selection == [card.key[1]]
    table.keyboard.set_state({"viewport_height": 1080})
    assert table.table_height == HEIGHT and table.scene.height == HEIGHT


# ---- keys, the move box, languages, the partner --------------------------------------------------

PAIR = "turn: S draw\nS: 4C 9H 9S KH\nNS: KC KD KS\nEW: QH QD QS\npile: 5C 7D 9D\nseed: 4\n"


def test_projector_size_fits_the_screen_up_to_twice():
    """The projector's table: as large as the whole of it fits on the screen, up to twice
    (issue 22: at 1920×1080 it was drawn twice the size, 1329 px tall, the hand off screen)."""
    from tutor.engine.diagram import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH
    from tutor.table.draw import PROJECTOR_ABOVE, projector_size
    for shown, room in ((1240, 1080), (1190, 1080), (800, 720), (1700, 1440), (1240, 2000)):
        width, height = projector_size(shown, room)
        assert MIN_WIDTH <= width <= WIDTH and MIN_HEIGHT <= height <= HEIGHT
        scale = shown / width
        assert 1 <= scale <= 2.01
        if room >= PROJECTOR_ABOVE + MIN_HEIGHT * scale:      # the screen can hold it: it does
            assert height * scale + PROJECTOR_ABOVE <= room + 2, (shown, room, width, height)
    width, height = projector_size(1240, 1080)
    assert 1240 / width * 12 >= 18 and height == MIN_HEIGHT     # 1920×1080: 1.5 times
    assert projector_size(1240, 2000) == (620, HEIGHT)          # a tall screen: twice
    assert projector_size(1240, 0) == (620, HEIGHT)             # not known yet: twice


def test_a_move_by_keys_alone():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    from tutor.table.keys import KEYS
    assert "Tab" not in KEYS                                    # Tab leaves the table
    table = Table(PAIR)
    heard = []
    table.session.on_ruling(heard.append)
    hand = [c.text for c in table.session.hand]
    table.key("Home")
    for _ in range(hand.index("9H")):
        table.key("ArrowRight")
    table.key(" ")
    table.key("ArrowRight")
    table.key(" ")                                              # 9H and 9S selected
    assert [c.text for c in table.session.selected_cards()] == ["9H", "9S"]
    assert table.keyboard.selected == [hand.index("9H"), hand.index("9S")]
    table.key("Enter")                                          # before the draw: take the pile
    assert heard and heard[-1].legal and str(heard[-1].move) == "take 9H 9S"
    assert "Legal" in table.keyboard.announce and "9♦" in table.keyboard.announce
    # after it: a king onto the team's meld with ↑ (the melds), Space (aim), ↓, Space, Enter
    table.key("ArrowUp")
    table.key(" ")
    assert table.session.target == ("NS", "K")
    table.key("ArrowDown")
    for _ in range(20):
        if table.session.hand[table.cursor].text == "KH":
            break
        table.key("ArrowRight")
    table.key(" ")
    table.key("Enter")
    assert str(heard[-1].move) == "meld K: KH" and heard[-1].legal
    table.key(" ")
    table.key("Escape")
    assert table.session.selection == []


def test_the_move_box_completes_the_legal_moves_and_plays_what_is_typed():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    teacher = Table(PAIR, mode="teacher")
    assert set(teacher.move_box.options) == {str(m) for m in tutor.legal_moves(teacher.session.position)}
    assert "take KH KS" in teacher.move_box.placeholder
    table = Table(PAIR)
    # a learner's completions: each move in words, with the text it types
    moves = [str(m) for m in tutor.legal_moves(table.session.position)]
    assert len(table.move_box.options) == len(moves)
    for option, text in zip(table.move_box.options, moves):
        assert option.endswith(f"({text})") and option.startswith("You ")
    assert "You take the pile with 9♥ and 9♠. (take 9H 9S)" in table.move_box.options
    assert "KH" not in table.move_box.placeholder and "take" not in table.move_box.placeholder
    table.move_box.value = "You take the pile with 9♥ and 9♠. (take 9H 9S)"      # picked
    ruling = table.play_typed()
    assert ruling.legal and str(ruling.move) == "take 9H 9S" and table.move_box.value == ""
    table.session.undo()
    table.move_box.value = "take 9h 9s"                                          # typed
    ruling = table.play_typed()
    assert ruling.legal and table.move_box.value == ""
    table.move_box.value = "meld ZZ"
    assert table.play_typed() is None and "ZZ" in table.explanation.value   # said in words
    table.move_box.value = ""
    table.play_typed()
    assert "Type a move" in table.explanation.value


def test_the_language_switch_redraws_labels_and_the_explanation():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table(FROZEN, lang="en")
    table.session.select(0)
    table.press("take")
    english = table.explanation.value
    assert table.session.ruling.explain("en") .split(":")[0] in english
    labels = [p[3] for p in table.scene.prims if p[0] == "text"]
    assert "discard pile" in labels and "kasthögen" not in labels
    table.language.value = "sv"
    assert table.session.ruling.explain("sv")[:40] in table.explanation.value
    assert table.explanation.value != english
    assert table.keyboard.description == describe(table.session.view(), "sv")
    labels = [p[3] for p in table.scene.prims if p[0] == "text"]        # the labels redrawn
    assert "kasthögen" in labels and "discard pile" not in labels


def test_buttons_and_mode_are_checked_in_words():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    lesson = Table(PAIR, buttons=["draw", "take", "meld", "discard"])
    visible = {n for n, b in lesson.buttons.items() if b.layout.display != "none"}
    assert visible == {"draw", "take", "meld", "discard"}
    with pytest.raises(ValueError, match="no button 'edit' in learner mode"):
        Table(PAIR, buttons=["draw", "edit"])
    with pytest.raises(ValueError, match="mode must be"):
        Table(PAIR, mode="god")
    with pytest.raises(ValueError, match="teacher mode only"):
        Table(PAIR, show_text=True)


def test_a_computer_partner_answers_may_i_go_out_itself():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    text = ("turn: S drawn\nscore: NS 0, EW 0\nS: KH KS KD 5C 5D 5S 9H\n"
            "NS: AC AD AH AS 2C 2D JK\nEW: QH QD QS\nseed: 3\n")
    table = Table(text, players={s: SensiblePlayer() for s in "WNE"})
    heard = []
    table.session.on_ruling(heard.append)
    table.press("ask")
    pos = table.session.position
    assert pos.asked in ("yes", "no") and [str(r.move) for r in heard] == ["ask"]
    assert table.session.last_steps[-1].seat == "N"
    assert "North" in table.explanation.value
    # with no computer partner, the learner answers for the partner (a person)
    alone = Table(text)
    alone.press("ask")
    assert alone.session.position.asked == "pending"
    assert {n for n, b in alone.buttons.items() if b.button_style == "primary"} == {"yes", "no"}


def test_redraw_follows_the_width_the_page_reports():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table(FROZEN)
    table.keyboard.board_width = 640
    assert table.scene.width == 640 and table.canvas.width == 1280
    table.keyboard.board_width = 1500
    assert table.scene.width == WIDTH
    table.projector.value = True                                # half the width, scaled by two
    assert table.scene.width == 750 and "tutor-projector" in table._dom_classes
    table.keyboard.board_width = 300
    assert table.scene.width == MIN_WIDTH


def test_the_first_table_of_a_kernel_puts_the_start_up_heap_out_of_the_collectors_way():
    """Python's full collections walked the kernel's long-lived objects every few dozen
    redraws (10–20 ms pauses in a click's answer); the first Table freezes them (draw.settle_heap),
    once: a second table freezes nothing more."""
    import subprocess
    import sys
    code = ("import gc, tutor\n"
            "from tutor.table import Table\n"
            "assert gc.get_freeze_count() == 0\n"
            "Table(tutor.deal(seed=1))\n"
            "first = gc.get_freeze_count()\n"
            "Table(tutor.deal(seed=2))\n"
            "print(first, gc.get_freeze_count())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, second = map(int, out.stdout.split())
    assert first > 10_000 and second <= first, out.stdout      # (frozen objects still get freed)


def test_on_a_page_with_no_code_the_move_box_speaks_words_only(monkeypatch):
    """Voila's learner view and the class show no notation: the completions are the moves
    in words ("You take the pile with 9♥ and 9♠."), and picking one plays its move."""
    import ipywidgets  # noqa: F401
    from tutor.table import Table
    monkeypatch.setenv("VOILA_PREHEAT", "False")               # Voila names itself in its kernels
    table = Table(PAIR)
    moves = [str(m) for m in tutor.legal_moves(table.session.position)]
    assert len(table.move_box.options) == len(moves) == len(set(table.move_box.options))
    assert "You take the pile with 9♥ and 9♠." in table.move_box.options
    for option in table.move_box.options:
        assert option.startswith("You ") and not any(f"({m})" in option for m in moves)
    table.move_box.value = "You take the pile with 9♥ and 9♠."
    ruling = table.play_typed()
    assert ruling.legal and str(ruling.move) == "take 9H 9S"


def test_the_tables_buttons_share_their_looks_and_each_shows_or_hides_alone():
    """A table's buttons share one layout and one style model (fewer models for a page to
    send: tutor/table/looks.py); hiding one button hides that one only."""
    from tutor.table.widget import Table
    table = Table(FROZEN, buttons=("draw", "take", "hint"))
    shown = [b for b in table.buttons.values() if b.layout.display != "none"]
    hidden = [b for b in table.buttons.values() if b.layout.display == "none"]
    assert len(shown) >= 2 and hidden
    assert len({id(b.layout) for b in shown}) == 1 and len({id(b.layout) for b in hidden}) == 1
    plain = [b for n, b in table.buttons.items() if n != "edit"]
    assert len({id(b.style) for b in plain}) == 1
    first, second = [n for n, b in table.buttons.items() if b.layout.display != "none"][:2]
    table.show_button(first, False)
    assert table.buttons[first].layout.display == "none"
    assert table.buttons[second].layout.display != "none"
    table.show_button(first)
    assert table.buttons[first].layout.display != "none"


def test_a_lesson_page_sends_fewer_widget_models_than_one_per_part():
    """Lesson 5's page (four tables, seven questions) holds under 600 widget models; each
    button and text with a layout and a style of its own made 808."""
    import ipywidgets as widgets
    from tutor.lessons.page import LessonPage
    before = set(widgets.widgets.widget._instances)
    page = LessonPage("05", lang="en")
    page.header()
    for section in ("why-take-the-pile", "with-cards-from-your-hand",
                    "the-top-card-and-your-team-s-melds", "when-the-pile-cannot-be-taken"):
        page.table(section)
    for quiz in ("keep-top", "natural-and-wild", "two-wilds", "onto-meld", "joker-on-top",
                 "empty-pile", "one-and-one"):
        page.quiz(quiz)
    made = set(widgets.widgets.widget._instances) - before
    assert 300 < len(made) < 600, len(made)
