"""Helpers for the rulebook tests (tests/rules).

Everything here uses the public contract of NOTATION.md only:
Position.parse / to_text, judge, play, legal_moves, score_hand, deal.
Positions are written in the NOTATION.md text format.  Before a staged
position goes to the engine, `P` checks it by hand-made rules of the deck
(no card more than twice, jokers at most four) so that a typo in a TEST is
reported as a test bug, not blamed on the engine.
"""
import re
import textwrap
from collections import Counter

import tutor

CARD_RE = re.compile(r"^(JK|(?:10|[2-9TJQKA])[CDHS\u2663\u2666\u2665\u2660])$", re.I)
SUITS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
ZONE_KEYS = {"N", "E", "S", "W", "NS", "EW", "NS RED3", "EW RED3", "PILE", "STOCK"}
WILD = {"JK", "2C", "2D", "2H", "2S"}
RED3 = {"3H", "3D"}
RANK_ORDER = ["JK", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
VALUES = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10,
          "8": 10, "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}


def norm(tok):
    """Canonical ASCII form of a card token, or None if it is not a card."""
    t = tok.strip().upper()
    if not CARD_RE.match(t):
        return None
    if t == "JK":
        return t
    suit = SUITS.get(t[-1], t[-1])
    rank = t[:-1]
    if rank == "T":
        rank = "10"
    return rank + suit


def rank(card):
    return "JK" if card == "JK" else card[:-1]


def value(card):
    return VALUES[rank(card)]


def _lines(text):
    out = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or ":" not in line:
            continue
        key, val = line.split(":", 1)
        out.append((key.strip().upper(), val.strip()))
    return out


def listed_cards(text):
    """Every card the text places explicitly (hands, melds, red threes, pile, stock)."""
    cards = []
    for key, val in _lines(text):
        if key in ZONE_KEYS:
            for tok in re.split(r"[\s;,]+", val):
                c = norm(tok) if tok else None
                if c:
                    cards.append(c)
    return cards


def check_staging(text):
    counts = Counter(listed_cards(text))
    for card, n in counts.items():
        limit = 4 if card == "JK" else 2
        assert n <= limit, "TEST BUG: %s appears %d times in the staged position" % (card, n)


def clean(text):
    return textwrap.dedent(text).strip("\n") + "\n"


def P(text):
    """Parse a staged position (after checking the staging itself)."""
    text = clean(text)
    check_staging(text)
    return tutor.Position.parse(text)


def full_deal(text, seats=("E", "W")):
    """Complete a position whose stock is listed exactly: the seats in `seats`
    get unseen-card counts so that the text places all 108 cards."""
    text = clean(text)
    n = 108 - len(listed_cards(text))
    assert n >= 0, "TEST BUG: more than 108 cards listed"
    k = len(seats)
    counts = [n // k + (1 if i < n % k else 0) for i in range(k)]
    extra = "".join("%s: %d\n" % (s, c) for s, c in zip(seats, counts))
    return text + extra


RULE_IDS = set("""
deck.cards deck.wild deck.order deck.values deal.count deal.order deal.upcard
red3.dealt red3.drawn red3.from-pile red3.no-meld red3.score
turn.draw turn.meld turn.discard turn.order turn.own-cards
meld.size meld.naturals meld.max-wilds meld.wild-alone meld.wild-fixed meld.one-per-rank
meld.own-team meld.threes meld.initial
canasta.size canasta.natural canasta.mixed canasta.both-count
pile.take.whole pile.take.top-natural pile.black-three pile.frozen.team pile.frozen.wild
pile.take.frozen pile.take.unfrozen pile.empty pile.one-card
goout.canasta goout.last-card goout.no-discard goout.ask goout.binding goout.keep-one
goout.concealed hand.end.out hand.end.stock
score.going-out score.canastas score.red-threes score.table score.hand game.end
players.sides players.deck players.draw-two players.two-canastas players.red3-six players.game-six
players.cutthroat
""".split())


def J(text, move):
    return tutor.judge(P(text), move)


def assert_illegal(text_or_pos, move, rule):
    pos = P(text_or_pos) if isinstance(text_or_pos, str) else text_or_pos
    r = tutor.judge(pos, move)
    assert r.rule in RULE_IDS, "ruling names %r, not a rule id of RULES.md" % (r.rule,)
    assert r.legal is False, "expected %r to be ILLEGAL (%s), engine says legal (rule %r)" % (
        move, rule, r.rule)
    if isinstance(rule, (set, frozenset, tuple, list)):
        assert r.rule in rule, "%r: illegal as expected, but rule %r not in %r" % (move, r.rule, rule)
    else:
        assert r.rule == rule, "%r: illegal as expected, but rule %r != %r" % (move, r.rule, rule)
    # the refusal also has to come out of play(), with the same ruling
    try:
        pos.play(move)
    except tutor.IllegalMove as e:
        assert e.ruling.legal is False
        assert e.ruling.rule == r.rule
    else:
        raise AssertionError("play(%r) did not raise IllegalMove" % move)
    return r


def assert_legal(text_or_pos, move, rule=None):
    pos = P(text_or_pos) if isinstance(text_or_pos, str) else text_or_pos
    r = tutor.judge(pos, move)
    assert r.rule is None or r.rule in RULE_IDS, "ruling names %r, not a RULES.md id" % (r.rule,)
    assert r.legal is True, "expected %r to be LEGAL, engine refuses it with rule %r: %s" % (
        move, r.rule, _explain(r))
    if rule is not None:
        if isinstance(rule, (set, frozenset, tuple, list)):
            assert r.rule in rule, "%r legal as expected, but rule %r not in %r" % (move, r.rule, rule)
        else:
            assert r.rule == rule, "%r legal as expected, but rule %r != %r" % (move, r.rule, rule)
    return r


def _explain(r):
    try:
        return r.explain()
    except Exception as e:  # pragma: no cover - only for messages
        return "<explain() failed: %r>" % e


def play(pos, *moves):
    if isinstance(pos, str):
        pos = P(pos)
    for m in moves:
        pos = pos.play(m)
    return pos


# ---- reading a position back through its printed text -------------------

def text_of(pos):
    return pos.to_text()


def field(pos, key):
    for k, v in _lines(text_of(pos)):
        if k == key.upper():
            return v
    return None


def turn(pos):
    """(seat, phase) from the printed `turn:` line."""
    v = field(pos, "turn")
    assert v is not None, "position text has no turn: line"
    parts = v.split()
    return parts[0].upper(), parts[1].lower()


def phase(pos):
    return turn(pos)[1]


def cards_in(value):
    if value is None:
        return []
    out = []
    for tok in re.split(r"[\s;,]+", value):
        c = norm(tok) if tok else None
        if c:
            out.append(c)
    return out


def hand(pos, seat):
    """Known cards of a seat's hand (printed form)."""
    return cards_in(field(pos, seat))


def hand_size(pos, seat):
    v = field(pos, seat)
    if v is None:
        return 11
    toks = v.split()
    n = len(cards_in(v))
    # unseen counts: "11" or "QH QD + 9"
    for i, t in enumerate(toks):
        if t.isdigit() and (i == 0 or toks[i - 1] == "+"):
            n += int(t)
    return n


def melds(pos, team):
    v = field(pos, team)
    if v is None or v.strip() == "-":
        return []
    return [cards_in(m) for m in v.split(";") if cards_in(m)]


def meld_rank(m):
    nat = [rank(c) for c in m if c not in WILD]
    return nat[0] if nat else None


def meld_of(pos, team, r):
    ms = [m for m in melds(pos, team) if meld_rank(m) == r]
    return ms


def red3(pos, team):
    """A team's red threes as printed: its `NS red3:` line, or under `red3-four=player` its
    players' lines (`N red3:` then `S red3:`)."""
    value = field(pos, team + " red3")
    if value is None and team in ("NS", "EW"):
        return cards_in(field(pos, team[0] + " red3")) + cards_in(field(pos, team[1] + " red3"))
    return cards_in(value)


def pile(pos):
    return cards_in(field(pos, "pile"))


# ---- score sheets --------------------------------------------------------

GOING_OUT = {"score.going-out", "goout.concealed"}
CANASTA = {"score.canastas", "canasta.natural", "canasta.mixed", "canasta.both-count"}
RED3_IDS = {"score.red-threes", "red3.score"}


def line_sum(sheet, team, ids):
    for rid, pts in sheet[team].lines:
        assert rid in RULE_IDS, "score line names %r, not a rule id of RULES.md" % (rid,)
    if isinstance(ids, str):
        ids = {ids}
    return sum(pts for rid, pts in sheet[team].lines if rid in ids)


def line_ids(sheet, team):
    return {rid for rid, pts in sheet[team].lines}


# ---- finished hands with fully known scores (game.end) ------------------

HAND_NS_OUT = """
    turn: S drawn
    S: 4C
    N: 5D
    E: 6D
    W: 6H
    NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC
    EW: 9H 9H 9S 9S 9D 9D 9C; 8H 8H 8S 8S 8D 8D 8C
    pile: 7C
"""
# S discards 4C and goes out: NS 100 + 2 x 570 - 5 = 1235; EW 2 x 570 - 10 = 1130

HAND_EW_OUT = """
    turn: W drawn
    W: 4C
    E: 5D
    N: 6D
    S: 6H
    NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC
    EW: 9H 9H 9S 9S 9D 9D 9C; 8H 8H 8S 8S 8D 8D 8C
    pile: 7C
"""
# W goes out: EW 1235, NS 1130

HAND_EW_BIG = """
    turn: W drawn
    W: 4C
    E: 6D
    N: 5D
    S: 6H
    NS: KH KH KS KS KD KD KC
    EW: 9H 9H 9S 9S 9D 9D 9C; 8H 8H 8S 8S 8D 8D 8C; 10H 10H 10S 10S 10D 10D 10C
    pile: 7C
"""
# W goes out: EW 100 + 3 x 500 + 210 - 5 = 1805; NS 570 - 10 = 560

HAND_EQUAL = """
    turn: S drawn
    S: 4C
    N: 10D
    E: 5C
    W: 5H
    NS: KH KH KS KS KD KD KC
    EW: 9H 9H 9S 9S 9D 9D 9C
    EW red3: 3H
    pile: 7C
"""
# S goes out: NS 100 + 570 - 10 = 660; EW 570 + 100 - 10 = 660


def finished(text):
    out = P(text).play("discard 4C")
    assert phase(out) == "over", "staged hand did not end by going out"
    return out
