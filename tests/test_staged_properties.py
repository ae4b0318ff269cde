"""Properties on *staged* positions: random position text of the kind a teacher writes
(not reached by play): any seat to move, any phase, a question pending or answered,
small known hands, random melds and canastas for both teams, red threes laid out, a pile
with a wild card or a black three on top or buried, an empty stock with every card placed,
and random variant flags.

What must hold on every position the parser accepts:
1. `legal_moves` never raises, and lists something unless the hand is over — for
   positions play can reach (`could_arise_in_play`). A teacher may stage one that play
   cannot reach ("South holds one card and no canasta, after drawing") to ask why going
   out is refused; there the rules may leave no legal move, and the parser accepts it;
2. every listed move is legal by `judge`, and playing it keeps 108 cards and a text that
   round-trips;
3. the listing equals judging every candidate (the shortcuts of `tutor.engine.generate` off);
4. `judge` on random move text from the hand raises nothing but `MoveError`, and an illegal
   move's explanation renders in English and Swedish without template braces;
5. at phase over, `score_hand` works and each team's lines sum to its total.
The parser itself may refuse a position (`PositionError`), never fail otherwise.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, note, settings, strategies as st

import tutor
from hypothesis_tiers import examples

SETTINGS = settings(max_examples=examples(400), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

SEATS = "NESW"
SUITS = "CDHS"
NATURAL_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
FLAG_CHOICES = ["black-threes=never", "initial-minimum=off",
                "go-out-without-discard=concealed-only", "concealed=team",
                "wilds=not-outnumber", "red3-dealt=on-turn", "stock-out=ends"]


def _deck() -> dict:
    avail = {}
    for rank in NATURAL_RANKS + ["3", "2"]:
        for suit in SUITS:
            avail[rank + suit] = 2
    avail["JK"] = 4
    return avail


class _Cards:
    """The cards still free to place while building a text."""

    def __init__(self):
        self.avail = _deck()

    def left(self, pred=lambda c: True):
        return [c for c, n in self.avail.items() if n and pred(c)]

    def take(self, draw, pred=lambda c: True):
        choices = sorted(self.left(pred))
        if not choices:
            return None
        card = draw(st.sampled_from(choices))
        self.avail[card] -= 1
        return card

    def remaining(self) -> int:
        return sum(self.avail.values())


def _rank(card):
    return card[:-1] if card != "JK" else "JK"


def _is_wild(card):
    return card == "JK" or card[0] == "2"


def _is_black3(card):
    return card in ("3C", "3S")


def _is_red3(card):
    return card in ("3H", "3D")


def _natural(card):
    return not _is_wild(card) and not _is_red3(card) and not _is_black3(card)


@st.composite
def staged(draw):
    """Position text and a short description of how it was built."""
    deck = _Cards()
    lines = []
    flags = draw(st.lists(st.sampled_from(FLAG_CHOICES), max_size=3, unique=True))
    on_turn = "red3-dealt=on-turn" in flags
    never3 = "black-threes=never" in flags
    outnumber = "wilds=not-outnumber" in flags
    lines.append("rules: " + (", ".join(flags) or "default"))
    turn = draw(st.sampled_from(SEATS))
    phase = draw(st.sampled_from(["draw", "draw", "drawn", "drawn", "melded", "melded", "over"]))
    lines.append(f"turn: {turn} {phase}")
    team_to_move = "NS" if turn in "NS" else "EW"
    if phase == "drawn":
        asked = draw(st.sampled_from(["-", "-", "pending", "yes", "no"]))
    elif phase == "melded":
        asked = draw(st.sampled_from(["-", "-", "yes", "no"]))
    else:
        asked = draw(st.sampled_from(["-"] * 6 + ["pending", "yes", "no"]))   # rarely odd
    if asked != "-" or draw(st.booleans()):
        lines.append(f"asked: {asked}")
    if draw(st.integers(0, 3)) == 0:
        ns, ew = (draw(st.sampled_from([-300, 0, 1200, 1500, 2995, 3000, 4800]))
                  for _ in range(2))
        lines.append(f"score: NS {ns}, EW {ew}")

    # melds of both teams
    threes_team = None
    started = []
    for team in ("NS", "EW"):
        n_melds = draw(st.sampled_from([0, 0, 1, 1, 2, 2, 3, 4]))
        ranks = draw(st.lists(st.sampled_from(NATURAL_RANKS), min_size=n_melds,
                              max_size=n_melds, unique=True))
        melds = []
        for rank in ranks:
            naturals_free = deck.left(lambda c, r=rank: _rank(c) == r)
            if len(naturals_free) < 2:
                continue
            canasta = draw(st.integers(0, 3)) == 0
            n_nat = draw(st.integers(max(2, 4 if canasta else 2), 8))
            most_w = 3 if not outnumber else min(3, n_nat)
            n_wild = draw(st.integers(0, most_w))
            if canasta and n_nat + n_wild < 7:
                n_nat = min(8, 7 - n_wild if 7 - n_wild >= n_nat else n_nat)
                if n_nat + n_wild < 7:
                    n_wild = min(most_w, 7 - n_nat)
            if n_nat + n_wild < 3:
                n_nat = 3
            cards = []
            for _ in range(n_nat):
                c = deck.take(draw, lambda c, r=rank: _rank(c) == r)
                if c is not None:
                    cards.append(c)
            for _ in range(n_wild):
                c = deck.take(draw, _is_wild)
                if c is not None:
                    cards.append(c)
            if draw(st.integers(0, 30)) == 0:       # now and then a bad meld for the parser
                c = deck.take(draw)
                if c is not None:
                    cards.append(c)
            melds.append(" ".join(draw(st.permutations(cards))))
        # black threes, rarely: only legal with 'started: 3' or phase over
        if draw(st.integers(0, 12)) == 0 and len(deck.left(_is_black3)) >= 3:
            k = draw(st.integers(3, 4))
            melds.append(" ".join(filter(None, (deck.take(draw, _is_black3) for _ in range(k)))))
            threes_team = team
        if melds:
            lines.append(f"{team}: " + "; ".join(melds))
        elif draw(st.booleans()):
            lines.append(f"{team}: -")
        if team == team_to_move and melds and phase in ("drawn", "melded") \
                and draw(st.integers(0, 4)) == 0:
            started.append(_rank(melds[0].split()[0]) if not _is_wild(melds[0].split()[0])
                           else next(_rank(c) for c in melds[0].split() if not _is_wild(c)))
    if threes_team == team_to_move and phase != "over" and draw(st.booleans()):
        started.append("3")
    if started:
        lines.append("started: " + " ".join(dict.fromkeys(started)))

    # red threes laid out
    for team in ("NS", "EW"):
        k = draw(st.integers(0, 2))
        reds = list(filter(None, (deck.take(draw, _is_red3) for _ in range(k))))
        if reds:
            lines.append(f"{team} red3: " + " ".join(reds))

    # the pile: bottom first, top last
    size = draw(st.sampled_from([0, 1, 1, 2, 3, 4, 5, 8]))
    pile = []
    for _ in range(size):
        kind = draw(st.sampled_from(["nat"] * 8 + ["wild", "black3"]))
        pred = {"nat": _natural, "wild": _is_wild, "black3": _is_black3}[kind]
        c = deck.take(draw, pred)
        if c is not None:
            pile.append(c)
    top = draw(st.sampled_from(["any"] * 6 + ["wild", "black3", "melded"]))
    if top != "any" and pile:
        if top == "melded" and lines:
            # a top card of a rank some team has melded
            melded = [_rank(c) for l in lines if l.startswith(("NS:", "EW:"))
                      for c in l.split(":", 1)[1].split() if _natural(c)]
            if melded:
                r = draw(st.sampled_from(sorted(set(melded))))
                c = deck.take(draw, lambda c: _rank(c) == r and _natural(c))
                if c:
                    pile.append(c)
        else:
            c = deck.take(draw, _is_wild if top == "wild" else _is_black3)
            if c:
                pile.append(c)
    if pile or draw(st.booleans()):
        lines.append("pile: " + (" ".join(pile) if pile else "-"))

    # hands
    hands = {}
    for seat in SEATS:
        mode = draw(st.sampled_from(["unmentioned", "count", "known", "known+count"])
                    if seat != turn else st.sampled_from(["known"] * 4 + ["known+count"]))
        hand_pred = (lambda c: True) if on_turn else (lambda c: not _is_red3(c))
        if mode == "unmentioned":
            hands[seat] = None
            continue
        known = []
        if mode in ("known", "known+count"):
            k = draw(st.integers(0, 8))
            # bias: pairs and triples of a rank, so melds and takes are possible
            while len(known) < k:
                if known and draw(st.integers(0, 2)) == 0:
                    r = _rank(draw(st.sampled_from(known)))
                    c = deck.take(draw, lambda c, r=r: _rank(c) == r and hand_pred(c))
                else:
                    c = deck.take(draw, hand_pred)
                if c is None:
                    break
                known.append(c)
        count = draw(st.integers(0, 11)) if mode in ("count", "known+count") else 0
        hands[seat] = [known, count]

    # the stock
    stock_kind = draw(st.sampled_from(["rest"] * 5 + ["-", "-", "-", "cards", "exactly"]))
    stock_cards = []
    if stock_kind in ("cards", "exactly"):
        for _ in range(draw(st.integers(1, 3))):
            c = deck.take(draw, hand_pred)
            if c is not None:
                stock_cards.append(c)
    if stock_kind in ("-", "exactly"):
        # every card must be placed: red threes (never dealt into a hand) go to the teams
        if not on_turn:
            for c in deck.left(_is_red3):
                while deck.avail[c]:
                    deck.avail[c] -= 1
                    team = draw(st.sampled_from(["NS", "EW"]))
                    key = f"{team} red3: "
                    for i, l in enumerate(lines):
                        if l.startswith(key):
                            lines[i] = l + " " + c
                            break
                    else:
                        lines.append(key + c)
        slots = [s for s in SEATS if hands[s] is None or (hands[s][1] and s != turn)]
        if not slots:
            slots = [s for s in SEATS if s != turn]
        for s in slots:
            if hands[s] is None:
                hands[s] = [[], 0]
        # distribute the pool among the slots (resetting their counts)
        pool = deck.remaining() - sum(hands[s][1] for s in SEATS if s not in slots)
        if pool < 0:
            for s in SEATS:
                if s not in slots:
                    hands[s][1] = 0
            pool = deck.remaining()
        cuts = sorted(draw(st.lists(st.integers(0, pool), min_size=len(slots) - 1,
                                    max_size=len(slots) - 1)))
        bounds = [0] + cuts + [pool]
        for s, a, b in zip(slots, bounds, bounds[1:]):
            hands[s][1] = b - a
    for seat in SEATS:
        h = hands[seat]
        if h is None:
            continue
        known, count = h
        if known and count:
            lines.append(f"{seat}: {' '.join(known)} + {count}")
        elif known:
            lines.append(f"{seat}: {' '.join(known)}")
        elif count:
            lines.append(f"{seat}: {count}")
        else:
            lines.append(f"{seat}: -")
    if stock_kind == "-":
        lines.append("stock: -")
    elif stock_kind == "exactly":
        lines.append("stock: exactly " + " ".join(stock_cards) if stock_cards else "stock: -")
    elif stock_kind == "cards" and stock_cards:
        lines.append("stock: " + " ".join(stock_cards) + " + rest")
    if draw(st.integers(0, 5)) == 0:
        teams_with = [l.split(":")[0] for l in lines if l.startswith(("NS:", "EW:"))
                      and not l.endswith("-")]
        seats = [s for s in SEATS if ("NS" if s in "NS" else "EW") in teams_with]
        chosen = draw(st.lists(st.sampled_from(seats), unique=True)) if seats else []
        lines.append("opened: " + (" ".join(chosen) if chosen else "-"))
    if phase == "over" and draw(st.booleans()):
        out = draw(st.sampled_from(SEATS))
        # the one who went out holds nothing
        lines = [l for l in lines if not l.startswith(out + ":")] + [f"{out}: -", f"out: {out}"]
    lines.append(f"seed: {draw(st.integers(0, 1000))}")
    # now and then the lines in another order (the notation allows any order)
    order = draw(st.permutations(lines)) if draw(st.integers(0, 4)) == 0 else lines
    return "\n".join(order) + "\n"


def _parse(text):
    try:
        return tutor.Position.parse(text)
    except tutor.PositionError:
        assume(False)


def everything_judged(pos) -> list:
    """The legal moves found by judging every candidate (no shortcut): the reference path."""
    return tutor.legal_moves(pos, shortcuts=False)


@st.composite
def move_texts(draw, hand):
    kind = draw(st.sampled_from(["draw", "take", "meld", "meld", "discard", "ask", "yes", "no"]))
    if kind in ("draw", "ask", "yes", "no"):
        return kind
    pool = [c.text for c in hand] or ["KH"]
    extra = draw(st.sampled_from(["JK", "2C", "KH", "3S", "3H", "5D"]))
    if kind == "discard":
        return "discard " + draw(st.sampled_from(pool + [extra]))
    n = draw(st.integers(0, 3) if kind == "take" else st.integers(1, 5))
    cards = [draw(st.sampled_from(pool + [extra] if draw(st.integers(0, 8)) == 0 else pool))
             for _ in range(n)]
    groups = [cards]
    if len(cards) >= 4 and draw(st.booleans()):
        cut = draw(st.integers(1, len(cards) - 1))
        groups = [cards[:cut], cards[cut:]]
    parts = []
    for g in groups:
        if draw(st.integers(0, 5)) == 0 and g:
            rank = draw(st.sampled_from(["K", "7", "A", "4"]))
            parts.append(f"{rank}: " + " ".join(g))
        else:
            parts.append(" ".join(g))
    return (kind + " " + "; ".join(parts)).strip()


def could_arise_in_play(pos) -> bool:
    """Does the position meet what play guarantees about the player to move? The question
    comes after the draw and before any meld; after drawing a player holds two cards or
    more, or one with a team canasta and no "no" from the partner (goout.keep-one); a
    player who has melded has a team meld on the table; red threes held (red3-dealt=on-turn)
    are laid out by the draw."""
    hand, team = pos.hand(), pos.team
    if pos.phase == "draw":
        return pos.asked == "-"
    if any(c.is_red_three for c in hand):
        return False
    if pos.phase == "melded" and (pos.asked == "pending" or not pos.team_melds(team)):
        return False
    if len(hand) >= 2:
        return True
    return len(hand) == 1 and pos.has_canasta(team) and pos.asked != "no"


def check_position(text, draw_move, stuck_ok=False):
    """Every property on one staged position; `draw_move(hand)` gives a random move text."""
    pos = _parse(text)
    assert pos.card_count() == 108
    assert tutor.Position.parse(pos.to_text()) == pos, "round trip"

    # 1. listing never raises; a hand in play always has a move
    moves = tutor.legal_moves(pos)
    if pos.phase != "over" and not stuck_ok and could_arise_in_play(pos):
        assert moves, "the player is stuck"

    # 2. every listed move is legal and plays to a whole, round-tripping position
    for move in moves:
        ruling = tutor.judge(pos, move)
        assert ruling.legal, ("listed move is illegal", str(move), ruling.rule)
        after = pos.play(move)
        assert after.card_count() == 108, ("cards not conserved", str(move))
        assert tutor.Position.parse(after.to_text()) == after, ("round trip after", str(move))

    # 3. the shortcuts list exactly what judging every candidate lists
    assert [str(m) for m in moves] == [str(m) for m in everything_judged(pos)], "shortcuts"

    # 4. random move text: a ruling or a MoveError; explanations render
    for _ in range(6):
        move_text = draw_move(pos.hand())
        try:
            ruling = tutor.judge(pos, move_text)
        except tutor.MoveError:
            continue
        if not ruling.legal:
            for lang in ("en", "sv"):
                words = ruling.explain(lang)
                assert words and "{" not in words and "}" not in words, \
                    ("braces", ruling.rule, move_text, lang, words)
        else:
            after = pos.play(move_text)
            assert after.card_count() == 108, ("cards not conserved", move_text)

    # 5. scoring at the end of the hand
    if pos.phase == "over":
        sheet = tutor.score_hand(pos)
        for team in ("NS", "EW"):
            assert sum(p for _, p in sheet[team].lines) == sheet[team].total, "score lines"


@SETTINGS
@given(staged(), st.data())
def test_staged_positions(text, data):
    note(text)
    check_position(text, lambda hand: data.draw(move_texts(hand), label="move"))


@SETTINGS
@given(staged())
def test_the_parser_refuses_only_in_words(text):
    """Staged text is either a position or a PositionError, nothing else."""
    try:
        tutor.Position.parse(text)
    except tutor.PositionError:
        pass


@pytest.mark.parametrize("text, move, rule", [
    # one card after drawing and no canasta: going out is refused, and nothing else is left
    ("turn: S drawn\nS: 5C\n", "discard 5C", "goout.canasta"),
    # one card after the partner's "no": going out is refused this turn
    ("turn: S drawn\nasked: no\nS: 5C\nNS: 7H 7D 7C 7S 7H 7D 7C\n", "discard 5C",
     "goout.binding"),
])
def test_a_staged_position_play_cannot_reach_may_leave_no_move_but_says_why(text, move, rule):
    pos = tutor.Position.parse(text)
    assert not could_arise_in_play(pos)
    assert tutor.legal_moves(pos) == []
    ruling = tutor.judge(pos, move)
    assert not ruling.legal and ruling.rule == rule and ruling.explain()
