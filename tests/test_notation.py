"""Position text: parse, print, round trips, and every refusal with its line and column."""
import collections
import random
import time
import timeit

import pytest

import tutor
from tutor.engine.cards import ALL_CARDS, COPIES, Card, full_deck, sort_cards
from tutor.engine.errors import PositionError
from tutor.engine.notation import parse_position, position_text
from tutor.engine.formats import FOUR
from tutor.engine.position import Layout, Meld, Position
from tutor.engine.ruleset import Ruleset

SEATS = FOUR.seats

BIG = """\
# A wild card lies in the pile: it is frozen for everybody
rules: default              # or a list of variant flags: black-threes=never, initial-minimum=off
turn: S draw                # seat to act and phase: draw | drawn | melded
asked: -                    # the "may I go out?" question this turn: - | pending | yes | no
score: NS 1200, EW 3100     # running totals before this hand (default 0, 0)
S: KH KS 7D 7C JK 9S 4H     # a hand, card by card
N: 11                       # eleven unseen cards
W: QH QD + 9                # two known cards and nine unseen ones
NS: KD KC 2C; 8C 8D 8S      # the team's melds, ';' between melds; '-' for none
NS red3: 3H                 # the team's red threes
EW: -
pile: 5C 9D 2H 6S KH        # bottom first, top last
stock: rest                 # the unseen rest (default); or cards, top first: 3H 9C + rest; exactly 3H 9C; or - (empty)
opened: N                   # seats that have melded earlier in this hand (default: every seat of a team with melds)
seed: 7                     # deals the unseen cards; same seed, same cards
"""

# Every example value on NOTATION.md, each in a small position of its own.
SMALL_EXAMPLES = [
    "rules: default",
    "rules: black-threes=never, initial-minimum=off",
    "turn: S draw", "turn: S drawn", "turn: S melded",
    "asked: -", "asked: pending", "asked: yes", "asked: no",
    "score: NS 1200, EW 3100",
    "S: KH KS 7D 7C JK 9S 4H",
    "N: 11",
    "W: QH QD + 9",
    "N: 4C 4D",
    "NS: KD KC 2C; 8C 8D 8S",
    "NS: KD KC 2C\nNS red3: 3H",
    "EW: -",
    "pile: 5C 9D 2H 6S KH",
    "stock: rest",
    "stock: 3H 9C + rest",
    "NS: KD KC 2C; 8C 8D 8S\nopened: N",
    "seed: 7",
    "S: kh K♥ 10d TD",
]


def counts(cards):
    out = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def assert_whole_deal(pos):
    """deck.cards: every parsed position holds the 108 cards, each exactly as often as the deck."""
    assert pos.card_count() == 108
    assert counts(pos.all_cards()) == COPIES


# ---- the NOTATION.md examples --------------------------------------------------------------
def test_big_example_parses_to_108_cards():
    pos = tutor.Position.parse(BIG)
    assert_whole_deal(pos)
    assert pos.turn == "S" and pos.phase == "draw" and pos.asked == "-"
    assert pos.score == (1200, 3100)
    assert pos.hand("S") == sort_cards(Card(t) for t in "KH KS 7D 7C JK 9S 4H".split())
    assert [len(h) for h in pos.hands] == [11, 11, 7, 11]
    assert Card("QH") in pos.hand("W") and Card("QD") in pos.hand("W")
    assert pos.melds[0] == (Meld("K", sort_cards([Card("KD"), Card("KC"), Card("2C")])),
                            Meld("8", sort_cards([Card("8C"), Card("8D"), Card("8S")])))
    assert pos.melds[1] == ()
    assert pos.red3 == ((Card("3H"),), ())
    assert [c.text for c in pos.pile] == "5C 9D 2H 6S KH".split()
    assert pos.top == Card("KH")
    assert pos.opened == frozenset({"N"})
    assert pos.seed == 7
    assert pos.layout == Layout(
        shown=((), (), sort_cards(Card(t) for t in "KH KS 7D 7C JK 9S 4H".split()),
               sort_cards([Card("QH"), Card("QD")])),
        unseen=(11, 11, 0, 9), stock_shown=(), stock_rest=True)
    assert len(pos.stock) == 108 - 21 - 31


def test_big_example_round_trip():
    pos = tutor.Position.parse(BIG)
    text = pos.to_text()
    again = tutor.Position.parse(text)
    assert again == pos
    assert again.to_text() == text
    assert "W: QD QH + 9" in text and "N: 11" in text and "seed: 7" in text


def test_big_example_of_the_notation_document():
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "docs" / "NOTATION.md"
    block = path.read_text().split("```")[1]
    assert tutor.Position.parse(block) == tutor.Position.parse(BIG)


@pytest.mark.parametrize("text", SMALL_EXAMPLES)
def test_small_examples_round_trip(text):
    pos = parse_position(text)
    assert_whole_deal(pos)
    assert parse_position(position_text(pos)) == pos
    assert position_text(parse_position(position_text(pos))) == position_text(pos)


def test_defaults():
    pos = parse_position("")
    assert (pos.turn, pos.phase, pos.asked, pos.score) == ("N", "draw", "-", (0, 0))
    assert pos.rules == Ruleset()
    assert [len(h) for h in pos.hands] == [11] * 4
    assert pos.layout.unseen == (11, 11, 11, 11) and pos.seed == 0
    assert pos.pile == () and pos.melds == ((), ()) and pos.opened == frozenset()
    assert_whole_deal(pos)


def test_comments_blank_lines_case_and_symbols():
    a = parse_position("# hello\n\nTURN: s DRAWN   # c\nS: k♥ K♠ t♦\nns: kd kc 2c\nNs ReD3: 3h\n")
    b = parse_position("turn: S drawn\nS: KH KS 10D\nNS: KD KC 2C\nNS red3: 3H")
    assert a == b
    assert a.hand("S") == sort_cards([Card("KH"), Card("KS"), Card("10D")])


def test_suits_pasted_from_a_phone_or_a_font():
    """A phone writes K♥️ (the suit and an emoji selector), some fonts the white suits ♡ ♢ ♤ ♧,
    a card site 🃏 for the joker: each is the card it shows, in a position's text too. Columns
    count characters as Python does: the selector is one."""
    a = parse_position("turn: S drawn\nS: K♥\ufe0f 10♢ Q♤ 9♧ 🃏\nNS: KD KC 2C")
    b = parse_position("turn: S drawn\nS: KH 10D QS 9C JK\nNS: KD KC 2C")
    assert a == b
    with pytest.raises(PositionError) as err:
        parse_position("turn: S drawn\nS: K♥\ufe0f ZZ")
    assert (err.value.line, err.value.column) == (2, 8), err.value
    assert "'ZZ' is not a card" in str(err.value)


def test_a_long_bad_line_is_quoted_by_its_start():
    """A pasted page is not repeated whole in the message: its first 39 characters and '…'."""
    with pytest.raises(PositionError) as err:
        parse_position("turn: S drawn\n" + "x" * 500)
    assert (err.value.line, err.value.column) == (2, 1)
    assert str(err.value).startswith("line 2, column 1: '" + "x" * 39 + "…' is not a 'key: value' line")
    assert len(str(err.value)) < 300, len(str(err.value))


def test_hand_forms():
    pos = parse_position("N: KH KS 7D\nE: 5\nS: QH QD + 2\nW: -\nstock: rest")
    assert pos.hand("N") == sort_cards([Card("KH"), Card("KS"), Card("7D")])
    assert len(pos.hand("E")) == 5
    assert len(pos.hand("S")) == 4 and Card("QH") in pos.hand("S")
    assert pos.hand("W") == ()
    assert pos.layout.unseen == (0, 5, 2, 0)


def test_hands_are_sorted_by_deck_order():
    """deck.order: hands are shown sorted, red three, joker, two, A … 4, black three."""
    pos = parse_position("rules: red3-dealt=on-turn\nS: 3C 4H AS 2D JK 3H KC")
    assert [c.text for c in pos.hand("S")] == "3H JK 2D AS KC 4H 3C".split()
    assert "S: 3H JK 2D AS KC 4H 3C" in pos.to_text()


def test_melds_keep_order_and_sort_cards():
    pos = parse_position("EW: 8S 2C 8D; KD KC 2C")
    assert [m.rank for m in pos.melds[1]] == ["8", "K"]
    assert [c.text for c in pos.melds[1][0].cards] == ["2C", "8D", "8S"]
    assert pos.opened == frozenset({"E", "W"})     # default: every seat of a team with melds


def test_pile_and_stock_in_written_order():
    pos = parse_position("pile: KH 5C 2D\nstock: 9C 3H + rest")
    assert [c.text for c in pos.pile] == ["KH", "5C", "2D"]
    assert [c.text for c in pos.stock[:2]] == ["9C", "3H"]
    assert pos.layout.stock_shown == (Card("9C"), Card("3H")) and pos.layout.stock_rest


# ---- unseen cards and the seed ----------------------------------------------------------------
def test_same_seed_same_cards_different_seed_different_cards():
    a, b = parse_position("seed: 3"), parse_position("seed: 3")
    c = parse_position("seed: 4")
    assert a == b
    assert a.hands != c.hands


def test_unseen_hands_get_no_red_threes_by_default():
    """red3.dealt: under at-once no red three is ever dealt into a hand; they go to the stock."""
    for seed in range(30):
        pos = parse_position(f"seed: {seed}")
        assert not any(c.is_red_three for h in pos.hands for c in h)
        assert sum(c.is_red_three for c in pos.stock) == 4


@pytest.mark.parametrize("rules", ["default", "players=2", "players=6"])
def test_red_threes_kept_out_of_hands_lie_anywhere_in_the_stock(rules):
    """The red threes the unseen hands may not hold are put back at random places in the stock,
    not all on top: a staged draw meets a red three about as often as after a real deal (one
    stock card in about twenty is a red three)."""
    on_top = sum(parse_position(f"rules: {rules}\nturn: S draw\npile: 4C\nseed: {seed}")
                 .stock[0].is_red_three for seed in range(300))
    assert on_top <= 30, on_top                 # was 155-198 of 300 with them all on top
    spread = collections.Counter(
        min(k for k, c in enumerate(parse_position(f"rules: {rules}\nseed: {seed}").stock)
            if c.is_red_three) for seed in range(300))
    assert max(spread) > 10                     # the first red three is sometimes deep down


def test_unseen_hands_may_get_red_threes_on_turn():
    """red3.dealt differs under red3-dealt=on-turn: red threes may be dealt into hands."""
    found = any(any(c.is_red_three for h in parse_position(
        f"rules: red3-dealt=on-turn\nseed: {s}").hands for c in h) for s in range(30))
    assert found


def test_seed_deals_pool_in_documented_order():
    """The pool sorted by card.order, shuffled by Random(seed), dealt N E S W, rest to stock."""
    pos = parse_position("N: 2\nE: 0\nS: 3\nW: 1\nstock: 5C + rest\nseed: 11")
    pool = sorted(full_deck(), key=lambda c: c.order)
    pool.remove(Card("5C"))
    random.Random(11).shuffle(pool)
    dealable = [c for c in pool if not c.is_red_three]
    assert pos.hand("N") == sort_cards(dealable[0:2])
    assert pos.hand("S") == sort_cards(dealable[2:5])
    assert pos.hand("W") == sort_cards(dealable[5:6])
    taken = dealable[:6]
    rest = list(pool)
    for c in taken:
        rest.remove(c)
    assert list(pos.stock) == [Card("5C")] + rest


def test_exact_stock_must_place_every_card():
    text = parse_position("seed: 5").to_text()
    concrete = tutor.deal(5).to_text()
    pos = parse_position(concrete)
    assert pos.layout is None and pos.seed is None
    assert_whole_deal(pos)
    # an exact stock with unseen hands: the pool fills exactly the unseen slots
    d = tutor.deal(5)
    lines = [l for l in concrete.splitlines() if not l.startswith("N:")] + ["N: 11"]
    pos = parse_position("\n".join(lines))
    assert pos.layout is not None and pos.layout.unseen == (11, 0, 0, 0)
    assert pos.hand("N") == d.hand("N")
    assert parse_position(pos.to_text()) == pos
    assert "seed: 5" in text


def test_exact_stock_missing_or_unplaced_cards():
    with pytest.raises(PositionError, match="placed nowhere") as e:
        parse_position("stock: exactly 9C\nN: -\nE: -\nS: -\nW: -")
    assert (e.value.line, e.value.column) == (1, 8)
    with pytest.raises(PositionError, match="placed nowhere"):
        parse_position("stock: 9C 9D")          # listed without + rest: exactly those
    with pytest.raises(PositionError, match="placed nowhere"):
        parse_position("stock: -")
    # the unseen slots want more cards than the text leaves (red threes cannot fill them)
    text = text_without_red_threes(tutor.deal(2)).replace("N: ", "N: 2 + ", 1)
    text = text.replace("N: 2 + ", "N: ", 1).replace("\nN: ", "\nN: ", 1)
    lines = text.splitlines()
    k = next(i for i, l in enumerate(lines) if l.startswith("N:"))
    lines[k] += " + 2"
    with pytest.raises(PositionError, match="2 unseen hand cards missing") as e:
        parse_position("\n".join(lines))
    assert e.value.line == next(i for i, l in enumerate(lines) if l.startswith("stock:")) + 1


def text_without_red_threes(pos):
    """Concrete text of `pos` with the four red threes taken out (so 4 cards are unplaced)."""
    def drop(cards):
        return tuple(c for c in cards if not c.is_red_three)
    bare = pos.replace(red3=((), ()), pile=drop(pos.pile), stock=drop(pos.stock),
                       hands=tuple(drop(h) for h in pos.hands))
    return position_text(bare)


# ---- concrete and played positions --------------------------------------------------------------
def test_concrete_text_gives_no_layout_and_no_seed():
    d = tutor.deal(9)
    text = d.to_text()
    assert "seed" not in text and "stock: exactly " in text
    pos = parse_position(text + "seed: 4\n")
    assert pos.layout is None and pos.seed is None
    assert pos == d


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("rules", ["default", "red3-dealt=on-turn",
                                   "wilds=not-outnumber, black-threes=never"])
def test_dealt_positions_round_trip(seed, rules):
    d = tutor.deal(seed, rules=rules, score=(seed * 100 - 500, 3000))
    assert Position.parse(d.to_text()) == d


def random_concrete(rng: random.Random) -> Position:
    """A random, consistent, fully placed position, built directly (not from text)."""
    rules = rng.choice([Ruleset(), Ruleset.parse("red3-dealt=on-turn"),
                        Ruleset.parse("wilds=not-outnumber, black-threes=never"),
                        Ruleset.parse("concealed=team, stock-out=ends")])
    deck = full_deck()
    rng.shuffle(deck)
    phase = rng.choice(["draw", "drawn", "melded", "over"])
    turn = rng.choice(SEATS)
    reds = [c for c in deck if c.is_red_three]
    wilds = [c for c in deck if c.is_wild]
    naturals = [c for c in deck if c.is_natural and not c.is_red_three]
    melds = ([], [])
    for t in (0, 1):
        ranks = rng.sample(["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"],
                           rng.randrange(0, 5))
        for rank in ranks:
            if rank == "3" and (phase != "over" or rules.black_threes == "never"):
                continue
            have = [c for c in naturals if c.rank == rank]
            if len(have) < 2:
                continue
            n = rng.randint(2, len(have))
            w = 0 if rank == "3" else rng.randint(0, min(rules.max_wilds(n), len(wilds)))
            if n + w < 3:
                if rank == "3" or not wilds or rules.max_wilds(n) < 1:
                    if n < 3:
                        continue
                else:
                    w = 1
            cards = have[:n] + [wilds.pop() for _ in range(w)]
            for c in have[:n]:
                naturals.remove(c)
            melds[t].append(Meld(rank, sort_cards(cards)))
    red3 = ([], [])
    rest = naturals + wilds
    for c in reds:
        where = rng.random()
        if where < 0.5:
            red3[rng.randrange(2)].append(c)
        else:
            rest.append(c)
    rng.shuffle(rest)
    hands = [[], [], [], []]
    pile, stock = [], []
    for c in rest:
        r = rng.random()
        if c.is_red_three and rules.red3_dealt != "on-turn":
            (pile if r < 0.3 else stock).append(c)
        elif r < 0.4:
            hands[rng.randrange(4)].append(c)
        elif r < 0.6:
            pile.append(c)
        else:
            stock.append(c)
    out, concealed = None, False
    if phase == "over" and rng.random() < 0.6:
        out = rng.choice(SEATS)
        stock.extend(hands[SEATS.index(out)])
        hands[SEATS.index(out)] = []
        concealed = rng.random() < 0.5
    opened = frozenset(s for s in SEATS if melds[0 if s in "NS" else 1] and rng.random() < 0.6)
    team = 0 if turn in "NS" else 1
    started = frozenset(m.rank for m in melds[team] if rng.random() < 0.4)
    return Position(turn=turn, phase=phase, asked=rng.choice(["-", "pending", "yes", "no"]),
                    rules=rules, score=(rng.randint(-2000, 9000), rng.randint(-2000, 9000)),
                    hands=tuple(sort_cards(h) for h in hands),
                    melds=tuple(tuple(m) for m in melds), red3=tuple(tuple(r) for r in red3),
                    pile=tuple(pile), stock=tuple(stock), opened=opened, started=started,
                    out=out, out_concealed=concealed)


@pytest.mark.parametrize("seed", range(150))
def test_random_concrete_positions_round_trip(seed):
    pos = random_concrete(random.Random(seed))
    assert_whole_deal(pos)
    text = position_text(pos)
    again = Position.parse(text)
    assert again == pos
    assert again.to_text() == text


def random_layout_text(rng: random.Random) -> str:
    lines = [f"seed: {rng.randint(-5, 10**9)}", f"turn: {rng.choice(SEATS)} drawn"]
    used = set()
    for seat in SEATS:
        kind = rng.randrange(4)
        if kind == 0:
            continue                                  # 11 unseen
        shown = [c for c in rng.sample(ALL_CARDS, rng.randrange(0, 6))
                 if not c.is_red_three and c.text not in used]
        used.update(c.text for c in shown)
        unseen = rng.randrange(0, 9) if kind != 1 else 0
        cards = " ".join(c.text for c in shown)
        if kind == 1:
            lines.append(f"{seat}: {cards or '-'}")
        elif kind == 2:
            lines.append(f"{seat}: {unseen}")
        else:
            lines.append(f"{seat}: {cards} + {unseen}" if cards else f"{seat}: {unseen}")
    stock = [c.text for c in rng.sample(ALL_CARDS, 3) if c.text not in used]
    used.update(stock)
    if stock:
        lines.append(f"stock: {' '.join(stock)} + rest")
    pile = [c.text for c in rng.sample(ALL_CARDS, 4) if c.text not in used]
    if pile:
        lines.append(f"pile: {' '.join(pile)}")
    rng.shuffle(lines)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(100))
def test_random_layout_positions_round_trip(seed):
    pos = parse_position(random_layout_text(random.Random(seed)))
    assert_whole_deal(pos)
    assert pos.layout is not None and pos.seed is not None
    assert parse_position(position_text(pos)) == pos


def test_exact_stock_with_red_threes_left_over():
    """red3.dealt: red threes left unplaced cannot go into unseen hands of an exact stock."""
    lines = text_without_red_threes(tutor.deal(4)).splitlines()
    k = next(i for i, l in enumerate(lines) if l.startswith("E:"))
    lines[k] = "E: " + " ".join(lines[k].split()[1:-4]) + " + 4"   # 4 unseen, 8 in the pool
    with pytest.raises(PositionError, match="placed nowhere.*red3.dealt"):
        parse_position("\n".join(lines))
    lines[k] = lines[k].replace("+ 4", "+ 8")                         # on-turn: all 8 dealable
    on_turn = parse_position("rules: red3-dealt=on-turn\n" + "\n".join(
        l for l in lines if not l.startswith("rules:")))
    assert sum(c.is_red_three for c in on_turn.hand("E")) == 4
    assert_whole_deal(on_turn)


def test_position_text_exact_format():
    pos = parse_position("turn: E melded\nasked: yes\nscore: EW -35\nN: 4C 4D\n"
                         "E: QH + 3\nEW: KD KC 2C\nstarted: K\nstock: 9C + rest\nseed: 12\n"
                         "S: 2\nW: -\nopened: -\n"
                         "rules: black-threes=never, wilds=not-outnumber")
    assert pos.to_text() == (
        "rules: black-threes=never, wilds=not-outnumber\n"
        "turn: E melded\n"
        "asked: yes\n"
        "score: NS 0, EW -35\n"
        "N: 4C 4D\n"
        "E: QH + 3\n"
        "S: 2\n"
        "W: -\n"
        "NS: -\n"
        "NS red3: -\n"
        "EW: 2C KC KD\n"
        "EW red3: -\n"
        "pile: -\n"
        "stock: 9C + rest\n"
        "opened: -\n"
        "started: K\n"
        "seed: 12\n")


def test_over_and_out_lines():
    pos = parse_position("turn: S over\nS: -\nNS: KH KS KC KD 2C 2D JK\nout: S concealed")
    assert pos.out == "S" and pos.out_concealed and pos.is_over
    assert "out: S concealed" in pos.to_text()
    assert parse_position(pos.to_text()) == pos
    plain = parse_position("turn: S over\nS: -\nNS: KH KS KC\nout: s")
    assert plain.out == "S" and not plain.out_concealed
    ended = parse_position("turn: S over\nN: -\nE: -\nS: -\nW: -\nstock: rest")
    assert ended.out is None and "out:" not in ended.to_text()


def test_played_position_round_trips_through_replace():
    d = tutor.deal(3)
    card = d.hand("N")[0]
    moved = d.replace(hands=(d.hands[0][1:],) + d.hands[1:], pile=d.pile + (card,),
                      turn="E", opened=frozenset())
    assert moved.layout is None and moved.seed is None
    assert Position.parse(moved.to_text()) == moved


def test_stale_layout_is_written_concretely():
    pos = parse_position("N: KH + 2")
    from dataclasses import replace
    broken = replace(pos, hands=(pos.hands[0][:1],) + pos.hands[1:])
    text = position_text(broken)
    assert f"N: {broken.hands[0][0].text}\n" in text and "seed" not in text


# ---- refusals: PositionError with line and column ------------------------------------------------
ERRORS = [
    # text, line, column, words in the message
    ("turn: S draw\nfoo: 3", 2, 1, "'foo' is not a key"),
    ("turn: S draw\nturn: N draw", 2, 1, "given twice"),
    ("no colon here", 1, 1, "not a 'key: value' line"),
    ("S:", 1, 3, "needs a value"),
    ("S: KH KX", 1, 7, "'KX' is not a card"),
    ("pile: 5C\nS: KH KH\nN: 7D KH", 3, 7, "a third KH"),
    ("S: JK JK\nN: JK JK JK", 2, 10, "a fifth joker"),
    ("N: 40\nE: 40\nS: 40", 3, 4, "more than the 108"),
    ("N: 40\nE: 40\nS: 20", 1, 0, "more than the 108"),
    ("NS: JK 2C", 1, 5, "a meld needs a rank: JK 2C has no natural card"),
    ("NS: KH KS 8C", 1, 11, "one rank"),
    ("EW: KH KS", 1, 5, "meld.size"),
    ("NS: KH 2C 2D", 1, 5, "meld.naturals"),
    ("NS: KH KS 2C 2D JK JK", 1, 20, "meld.max-wilds"),
    ("rules: wilds=not-outnumber\nNS: KH KS 2C 2D JK", 2, 17, "wilds=not-outnumber"),
    ("NS: KH KS KC; 8C 8D 8S; KD 2C KC", 1, 25, "meld.one-per-rank"),
    ("NS: 3H KS KC", 1, 5, "red3.no-meld"),
    ("S: KH 3D", 1, 7, "a red three in a hand"),
    ("NS red3: 3H 3C", 1, 13, "3C is not a red three"),
    ("turn: S think", 1, 9, "'think' is not a phase: draw, drawn, melded or over"),
    ("turn: X draw", 1, 7, "'X' is not a seat"),
    ("turn: S draw now", 1, 14, "too much"),
    ("asked: maybe", 1, 8, "goout.ask"),
    ("score: NS 12x0, EW 3", 1, 11, "not a number"),
    ("score: NS 1200, XY 3", 1, 17, "not a team"),
    ("score: NS 1200, NS 3", 1, 17, "twice"),
    ("score: 1200", 1, 8, "not a score"),
    ("seed: 7.5", 1, 7, "not a seed"),
    ("seed: 7 8", 1, 7, "not a seed"),
    ("rules: black-threes=sometimes", 1, 8, "black-threes takes one of"),
    ("rules: initial-minimum=off, bogus=1", 1, 29, "'bogus' is not a variant flag"),
    ("rules: players=3, three=cutthroat\nlone: S W", 2, 9, "one seat"),
    ("lone: S", 1, 1, "not at this table"),
    ("out: S", 1, 6, "the hand must be over"),
    ("turn: S over\nNS: KH KS KC\nout: S", 3, 6, "holds no cards"),
    ("turn: S over\nS: -\nout: S sideways", 3, 8, "concealed"),
    ("out: Q", 1, 6, "'Q' is not a seat"),
    ("opened: N X", 1, 11, "not a seat"),
    ("opened: N", 1, 9, "N cannot have opened"),
    ("started: K", 1, 10, "has no such meld"),
    ("NS: KH KS KC\nstarted: Z", 2, 10, "not a rank"),
    ("NS: KH KS KC;;8C 8D 8S", 1, 14, "an empty meld"),
    ("N: KH + x", 1, 9, "after '+'"),
    ("stock: exactly 9C + rest", 1, 21, "no '+ rest'"),
    ("stock: 9C rest", 1, 11, "write the stock"),
    ("pile: 9C + 3", 1, 10, "does not belong"),
    ("NS: 3C 3S 3C", 1, 5, "meld.threes"),
    ("turn: S over\nNS: 3C 3S 2C", 2, 11, "meld.threes"),
    ("rules: black-threes=never\nturn: S over\nNS: 3C 3S 3C", 3, 5, "black-threes=never"),
]


@pytest.mark.parametrize("text,line,column,words", ERRORS)
def test_errors_say_what_and_where(text, line, column, words):
    with pytest.raises(PositionError) as e:
        parse_position(text)
    assert words in e.value.message
    assert e.value.line == line if column else e.value.line >= 1
    if column:
        assert e.value.column == column
    assert isinstance(e.value, ValueError)
    assert f"line {e.value.line}, column {e.value.column}" in str(e.value)


def test_mentioned_rules_in_meld_errors():
    """Each refusal that a rule forbids names the rule id."""
    with pytest.raises(PositionError, match=r"\(meld\.one-per-rank\)"):
        parse_position("EW: 7C 7D 7S; 7H 7S 2D")


def test_permitted_counterparts():
    """The same rules permitting: each pair to the refusals above."""
    # deck.cards: two of each card, four jokers
    parse_position("S: KH KH JK JK\nN: JK JK")
    # meld.size / meld.naturals / meld.max-wilds: 2 naturals + 3 wilds is a meld by default
    pos = parse_position("NS: KH KS 2C 2D JK")
    assert pos.melds[0][0].wilds == 3
    # variant wilds=not-outnumber: 3 naturals + 3 wilds still fine
    parse_position("rules: wilds=not-outnumber\nNS: KH KS KD 2C 2D JK")
    # meld.one-per-rank: the opponents may hold a meld of the same rank
    pos = parse_position("NS: KH KS KC\nEW: KD KD 2C")
    assert pos.meld_of("NS", "K") and pos.meld_of("EW", "K")
    # red3.dealt: under red3-dealt=on-turn a dealt red three waits in the hand
    assert Card("3D") in parse_position("rules: red3-dealt=on-turn\nS: KH 3D").hand("S")
    # meld.threes: black threes melded in the going-out turn
    parse_position("turn: S over\nNS: 3C 3S 3C")
    parse_position("turn: S melded\nNS: 3C 3S 3C 3S\nstarted: 3")
    # goout.ask: every answer is fine
    for a in ("-", "pending", "yes", "no", "YES"):
        parse_position(f"asked: {a}")
    # negative scores
    assert parse_position("score: NS -50, EW -1200").score == (-50, -1200)
    assert parse_position("score: EW 5").score == (0, 5)


@pytest.mark.parametrize("seed", range(60))
def test_garbled_text_never_crashes(seed):
    """Random edits of good text give a position or a PositionError, never another exception."""
    rng = random.Random(seed)
    text = list(BIG)
    pieces = [":", ";", "+", "-", "#", "\n", " ", "KH", "JK", "3H", "rest", "exactly", "over",
              "11", "99", "x", "♥", "T", ","]
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(text))
        if rng.random() < 0.5:
            del text[k]
        else:
            text.insert(k, rng.choice(pieces))
    try:
        pos = parse_position("".join(text))
    except PositionError as e:
        assert e.line >= 1 and e.column >= 1 or e.line == 0
    else:
        assert_whole_deal(pos)
        assert parse_position(pos.to_text()) == pos


def test_non_text_is_refused():
    with pytest.raises(PositionError):
        parse_position(None)


def test_parsing_is_fast():
    """A typical position parses well under a millisecond."""
    d = tutor.deal(1).to_text()
    for text in (BIG, d):
        best = min(timeit.repeat(lambda: parse_position(text), number=200, repeat=5,
                                 timer=time.process_time)) / 200   # CPU time: robust to load
        assert best < 1e-3, best


# ---- touched: and below-minimum: (the concealed going out, goout.concealed, meld.initial) -----

CONCEALED_TURN = """\
turn: S drawn
opened: N
S: KH KH KS KS KD KD KC 8S 4C
N: 5D
NS: 8H 8D 8C
EW: QH QD QS
pile: 9C
"""


def test_touched_is_written_while_the_turn_lasts_and_the_seat_opens_at_its_end():
    pos = Position.parse(CONCEALED_TURN).play("meld KH KH KS KS KD KD KC").play("meld 8S")
    assert pos.touched == frozenset({"8"}) and pos.started == frozenset({"K"})
    assert "touched: 8" in pos.to_text() and "S" not in pos.opened
    assert Position.parse(pos.to_text()) == pos
    out = pos.play("discard 4C")
    assert out.out == "S" and not out.out_concealed


def test_touched_opens_the_seat_when_the_turn_ends():
    pos = Position.parse(CONCEALED_TURN).play("meld 8S")
    assert pos.touched == frozenset({"8"})
    nxt = pos.play("discard 4C")
    assert "S" in nxt.opened and not nxt.touched and not nxt.started


def test_below_minimum_is_written_and_read_back():
    pos = Position.parse("turn: S drawn\nS: 5H 5H 5D 5D 5S 5S 5C 4C 4D 4H 9S\nNS: -\n"
                         "EW: QH QD QS\npile: 9D\n").play("meld 4C 4D 4H")
    assert pos.below_minimum and "below-minimum: yes" in pos.to_text()
    assert "S" not in pos.opened
    assert Position.parse(pos.to_text()) == pos
    again = Position.parse("turn: S melded\nstarted: 4\nbelow-minimum: yes\n"
                           "S: 5H 5H 5D 5D 5S 5S 5C 9S\nNS: 4C 4D 4H\nEW: QH QD QS\npile: 9D\n")
    assert again.below_minimum and not ({"N", "S"} & again.opened)   # NS opened this turn
    assert not Position.parse(again.to_text().replace("below-minimum: yes",
                                                      "below-minimum: no")).below_minimum


@pytest.mark.parametrize("text,words", [
    ("turn: S drawn\nstarted: 4\nbelow-minimum: yes\nNS: 4C 4D 4H\n", "melded"),
    ("turn: S melded\nbelow-minimum: yes\nNS: 4C 4D 4H\n", "started"),
    ("turn: S melded\nstarted: 4\nbelow-minimum: maybe\nNS: 4C 4D 4H\n", "yes or no"),
    ("turn: S melded\nstarted: 4\nbelow-minimum: yes\nopened: N\nNS: 4C 4D 4H\n",
     "cannot have opened"),
    ("turn: S melded\ntouched: 9\nNS: 4C 4D 4H\n", "no such meld"),
    ("turn: S melded\nstarted: 4\ntouched: 4\nNS: 4C 4D 4H\n", "'started' only"),
    ("turn: S melded\ntouched: X\nNS: 4C 4D 4H\n", "not a rank"),
])
def test_touched_and_below_minimum_refusals(text, words):
    with pytest.raises(PositionError, match=words) as e:
        Position.parse(text)
    assert e.value.line >= 1 and e.value.column >= 1
