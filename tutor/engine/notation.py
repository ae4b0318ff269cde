"""Position text (NOTATION.md): `parse_position(text)` and `position_text(pos)`.

The parser reads one ``key: value`` per line and checks the text in two passes: first the
words and cards of each line in text order (unknown keys and cards, a third KH, more than
108 cards), then what the lines say together (melds under the rules, red threes, who
opened, the unseen cards). Every problem is a `PositionError` with the 1-based line and
column of the offending token; nothing half-built ever leaves this module.

Unseen cards: the cards of the 108 that the text does not place form the *pool*. The pool
is sorted by `Card.order`, shuffled with ``shuffler(seed)`` (``random.Random(seed)`` for a seed of 0 or more) and dealt to the unseen
hand slots in seat order N E S W — skipping red threes unless ``red3-dealt=on-turn`` —
and whatever is left becomes the unseen rest of the stock, top first, in shuffled order.

A position keeps its `Layout` (how the text placed the cards) and its seed exactly when
the text had some unseen card: an unseen hand slot or a stock ending in ``+ rest``.
Concrete text — every hand listed, an exact stock — gives a position with no layout and
no seed, the same as a played or dealt position, so ``parse(to_text(p)) == p`` for both.

Extensions to NOTATION.md (docs/NOTATION-EXTENSIONS.md): ``started: K 7`` (ranks of the melds the player to move started
this turn), ``touched: 8`` (ranks of the team's melds from before this turn that the player
to move added to this turn: no concealed going out), ``below-minimum: yes`` (the team's
first meld was laid this turn below the minimum: the player must go out concealed this
turn, `meld.initial`) and ``out: S`` / ``out: S concealed`` (who went out; only with phase
``over``).
"""
from __future__ import annotations

import functools
import re

from .cards import ALL_CARDS, COPIES, DECK_SIZE, MELD_RANKS, Card, cards_text, shuffler, sort_cards
from .errors import CardError, PositionError, RulesError, echo, type_name
from .words import Words
from .formats import FORMATS
from .position import ASKED, PHASES, Layout, Meld, Position
from .ruleset import DEFAULT, FOUR, Ruleset

__all__ = ["parse_position", "position_text", "meld_problem"]

_HEAD_KEYS = ("rules", "turn", "asked", "score")
_TAIL_KEYS = ("pile", "stock", "opened", "started", "touched", "below-minimum", "out", "seed")


class _Keys:
    """The keys of a position text at one table (its `Format`): the seats' hands, the sides'
    melds and red threes. Keys are lower case; `zone[key]` says what a key holds."""

    def __init__(self, fmt, red3_zones=None):
        self.fmt = fmt
        # the red threes' zones: the sides, or under red3-four=player the seats
        red3_zones = fmt.sides if red3_zones is None else red3_zones
        self.red3_zones = red3_zones
        self.zone = {}                  # key -> ("hand", seat) | ("melds", side) | ("red3", zone)
        for seat in fmt.seats:
            self.zone[seat.lower()] = ("hand", seat)
        names = []
        for side in fmt.sides:
            # a player alone is a side named by the seat: its melds are written 'N melds:'
            melds_key = side if side not in fmt.seat_index else side + " melds"
            self.zone[melds_key.lower()] = ("melds", side)
            names.append(melds_key)
        shown = list(_HEAD_KEYS[:1]) + ["turn", "asked", "score"] + list(fmt.seats) + names
        shown += [zone + " red3" for zone in red3_zones]
        # cutthroat: 'lone:' names the lone hand once a player has taken the pile first
        lone = ("lone",) if fmt.has_lone_hand else ()
        shown += list(lone) + list(_TAIL_KEYS)
        for zone in red3_zones:
            self.zone[zone.lower() + " red3"] = ("red3", zone)
        self.all = frozenset(_HEAD_KEYS + _TAIL_KEYS + lone) | frozenset(self.zone)
        self.listed = ", ".join(shown)
        # the seats and sides of the other tables: named in words when written here
        self.elsewhere = ({k for f in FORMATS.values() for k in _Keys.zone_keys(f)} | {"lone"}
                          ) - self.all
        # a red3 line of the other reading (red3-four): a team's at a table that keeps them
        # per player, or a player's at a table that keeps them per team
        other = fmt.seats if red3_zones == fmt.sides else fmt.sides
        self.red3_other = ({z.lower() + " red3" for z in other} - self.all
                           if fmt.has_partners and not fmt.red3_scale else set())

    @staticmethod
    def zone_keys(fmt):
        keys = [s.lower() for s in fmt.seats]
        for side in fmt.sides:
            keys.append((side if side not in fmt.seat_index else side + " melds").lower())
            keys.append(side.lower() + " red3")
        return keys


_KEYS_OF = {}


def _keys(fmt, red3_zones=None) -> _Keys:
    red3_zones = fmt.sides if red3_zones is None else red3_zones
    keys = _KEYS_OF.get((fmt.key, red3_zones))
    if keys is None:
        keys = _KEYS_OF[fmt.key, red3_zones] = _Keys(fmt, red3_zones)
    return keys


def _rules_first(text: str):
    """The ruleset a text's `rules:` line names, read before the other lines (the table's
    seats and deck depend on it); None if it names none or is wrong (the line itself says
    what is wrong when it is read in its place)."""
    for raw in _LINE_BREAK.split(text):
        content = raw.split("#", 1)[0]
        key, colon, value = content.partition(":")
        if colon and key.strip().lower() == "rules":
            try:
                return Ruleset.parse(value.strip().lower())
            except RulesError:
                return None
    return None
_CARD_CACHE = Card._cache
_TOKEN = re.compile(r"[;,+]|[^\s;,+]+")
_INT = re.compile(r"[+-]?\d+\Z")            # \d: any decimal digit, as int() reads them
_COUNT = re.compile(r"\d+\Z")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")     # lines as editors count them (not str.splitlines)
#: Longest numbers the text may hold, in digits (leading zeros aside): far beyond any real
#: value and below Python's int/str conversion limit (at least 640 digits), so a number is
#: refused in words, never by `int()`. Scores stay below 10**15, exact as JSON numbers too.
SCORE_DIGITS = 15
SEED_DIGITS = 100
_POOL_ORDER = sort_cards(ALL_CARDS)
_RANK_ALIASES = {"T": "10"}


class _Line:
    __slots__ = ("no", "key", "keytext", "keycol", "valcol", "vstart", "tokens")

    def __init__(self, no, key, keytext, keycol, valcol, vstart, tokens):
        self.no, self.key, self.keytext = no, key, keytext
        self.keycol, self.valcol, self.tokens = keycol, valcol, tokens
        self.vstart = vstart        # column of the first character after the colon


class _Parse:
    """The state of one parse; `run()` returns the finished `Position`."""

    def __init__(self, text: str):
        self.text = text
        self.lines: dict[str, _Line] = {}
        self.copies = [0] * len(ALL_CARDS)
        self.placed = 0              # cards written anywhere
        self.unseen_total = 0        # unseen hand slots written so far
        self.rules = _rules_first(text) or DEFAULT
        fmt = self.fmt = self.rules.format
        self.keys = _keys(fmt, self.rules.red3_zones)
        self.deck = fmt.deck_size
        self.turn, self.phase = fmt.seats[0], "draw"
        self.asked = "-"
        self.score = (0,) * len(fmt.sides)
        n, m = len(fmt.seats), len(fmt.sides)
        self.shown: list = [None] * n                      # per seat: [(card, line, col)] or None
        self.unseen = [0] * n
        self.melds: list = [[] for _ in range(m)]          # per side: [[(card, line, col)], ...]
        self.red3: list = [[] for _ in self.rules.red3_zones]   # per side (or seat: red3-four)
        self.pile: list = []
        self.stock_shown: list = []
        self.stock_rest = True
        self.opened = None
        self.started: list = []                            # [(rank, line, col)]
        self.touched: list = []                            # [(rank, line, col)]
        self.below_minimum = False
        self.out = None
        self.out_concealed = False
        self.seed = None
        self.lone = None

    # ---- helpers ----------------------------------------------------------------
    def fail(self, message, line, column, **fields):
        """Stop with a `PositionError`: `message` a key of tutor.engine.errors, or `Words`."""
        raise PositionError(message, line, column, **fields)

    def card(self, tok, line, col):
        card = _CARD_CACHE.get(tok)
        if card is None:
            try:
                card = Card(tok)
            except CardError as exc:
                raise PositionError(exc, line, col) from None
        copies = self.copies
        n = copies[card.index] = copies[card.index] + 1
        if n > 2 and n > self.fmt.copies(card):
            # the first card too many: a third of its kind, or a fifth joker
            most = self.fmt.copies(card)
            if self.fmt.packs != 2:
                self.fail("error:position.too-many-copies", line, col, card=card.text,
                          copies=most, players=self.fmt.players, deck=self.deck)
            if card.rank == "JK":
                self.fail("error:position.fifth-joker", line, col, copies=most)
            self.fail("error:position.third-card", line, col, card=card.text, copies=most)
        self.placed += 1
        if self.unseen_total and self.placed + self.unseen_total > self.deck:
            self.check_total(line, col)
        return card

    def check_total(self, line, col, unseen=0, seat=None):
        total = self.placed + self.unseen_total
        if total > self.deck:
            if unseen:
                self.fail("error:position.too-many-unseen", line, col, count=unseen, seat=seat,
                          total=total, deck=self.deck)
            self.fail("error:position.too-many-cards", line, col, total=total, deck=self.deck)

    def cards(self, line, tokens, stray, **where):
        """Cards of a list (commas allowed between them); `stray` (with `where`) says that a
        '+' or ';' does not belong in it."""
        out = []
        for tok, col in tokens:
            if tok == ",":
                continue
            if tok in ("+", ";"):
                self.fail(stray, line, col, token=tok, **where)
            out.append((self.card(tok, line, col), line, col))
        return out

    # ---- pass 1: line by line -----------------------------------------------------
    def read(self):
        for no, raw in enumerate(_LINE_BREAK.split(self.text), 1):
            hash_at = raw.find("#")
            content = raw if hash_at < 0 else raw[:hash_at]
            if not content.strip():
                continue
            colon = content.find(":")
            start = len(content) - len(content.lstrip()) + 1
            if colon < 0:
                self.fail("error:position.not-a-line", no, start, text=echo(content.strip()),
                          keys=self.keys.listed)
            keytext = content[:colon].strip()
            key = " ".join(keytext.lower().split())
            if key not in self.keys.all:
                if key in self.keys.red3_other:         # red3-four: per team or per player
                    per_seat = self.rules.red3_per_seat
                    self.fail("error:position.red3-per-seat" if per_seat
                              else "error:position.red3-per-team", no, start, key=keytext,
                              keys=", ".join(z + " red3" for z in self.rules.red3_zones))
                if key in self.keys.elsewhere:
                    self.fail("error:position.not-at-table", no, start, key=keytext,
                              players=self.fmt.players, seats=" ".join(self.fmt.seats),
                              keys=self.keys.listed)
                self.fail("error:position.not-a-key", no, start, key=keytext,
                          keys=self.keys.listed)
            if key in self.lines:
                first = self.lines[key].no
                self.fail("error:position.twice", no, start, key=keytext, first=first)
            value = content[colon + 1:]
            tokens = [(m.group(), colon + 2 + m.start()) for m in _TOKEN.finditer(value)]
            valcol = tokens[0][1] if tokens else colon + 2
            line = self.lines[key] = _Line(no, key, keytext, start, valcol, colon + 2, tokens)
            if not tokens:
                hint = _EMPTY_HINT.get(key) or _ZONE_HINT[self.keys.zone[key][0]]
                self.fail("error:position.no-value", no, colon + 2, key=keytext,
                          hint=Words(hint))
            zone = self.keys.zone.get(key)
            if zone is None:
                getattr(self, "read_" + key.replace(" ", "_").replace("-", "_"))(line, value)
            elif zone[0] == "hand":
                self.read_hand(line, zone[1])
            elif zone[0] == "melds":
                self.read_team(line, zone[1])
            else:
                self.read_red3(line, zone[1])

    def read_rules(self, line, value):
        offset = line.vstart - 1
        pos = 0
        where = {}                              # flag name -> its column
        for item in value.replace(";", ",").split(","):
            col = offset + pos + (len(item) - len(item.lstrip())) + 1
            pos += len(item) + 1
            if not item.strip():
                continue
            where[item.strip().lower().partition("=")[0].strip()] = col
            try:
                Ruleset.parse(item.strip().lower(), combined=False)
            except RulesError as exc:
                raise PositionError(exc, line.no, col) from None
        try:
            self.rules = Ruleset.parse(value.strip().lower())
        except RulesError as exc:               # a flag that does not fit the others
            raise PositionError(exc, line.no, where.get(exc.fields.get("name"), line.valcol)) \
                from None

    def seat(self, word, line, col, key="error:position.not-a-seat"):
        """A seat of this table, or a `PositionError` naming the seats there are."""
        seat = word.upper()
        if seat not in self.fmt.seat_index:
            if self.fmt is FOUR:
                self.fail(key, line, col, seat=word)
            self.fail("error:position.not-a-seat-here", line, col, seat=word,
                      players=self.fmt.players, seats=" ".join(self.fmt.seats))
        return seat

    def read_turn(self, line, value):
        toks = line.tokens
        seat, col = toks[0]
        self.seat(seat, line.no, col)
        self.turn = seat.upper()
        if len(toks) >= 2:
            phase, pcol = toks[1]
            if phase.lower() not in PHASES:
                self.fail("error:position.not-a-phase", line.no, pcol, phase=phase)
            self.phase = phase.lower()
        if len(toks) > 2:
            self.fail("error:position.turn-too-long", line.no, toks[2][1], word=toks[2][0])

    def read_asked(self, line, value):
        word, col = line.tokens[0]
        if word.lower() not in ASKED or len(line.tokens) > 1:
            self.fail("error:position.not-an-answer", line.no, col, value=value.strip())
        self.asked = word.lower()

    def read_score(self, line, value):
        totals = {}
        toks = [tok for tok in line.tokens if tok[0] != ","]
        if len(toks) % 2:
            self.fail("error:position.score.not-a-score", line.no, line.valcol,
                      value=value.strip())
        for i in range(0, len(toks), 2):
            (team, tcol), (points, pcol) = toks[i], toks[i + 1]
            if team.upper() not in self.fmt.side_index:
                if self.fmt is FOUR:
                    self.fail("error:position.score.not-a-team", line.no, tcol, team=team)
                self.fail("error:position.score.not-a-side", line.no, tcol, team=team,
                          sides=" ".join(self.fmt.sides))
            if team.upper() in totals:
                self.fail("error:position.score.twice", line.no, tcol, team=team.upper())
            if not _INT.match(points):
                self.fail("error:position.score.not-a-number", line.no, pcol,
                          points=echo(points, 24))
            if _digits(points) > SCORE_DIGITS:
                self.fail("error:position.score.too-long", line.no, pcol, points=echo(points, 24),
                          digits=SCORE_DIGITS)
            totals[team.upper()] = int(points)
        self.score = tuple(totals.get(side, 0) for side in self.fmt.sides)

    def read_hand(self, line, seat):
        toks = line.tokens
        i = self.fmt.seat_index[seat]
        if len(toks) == 1 and toks[0][0] == "-":
            self.shown[i] = []
            return
        plus = [k for k, tok in enumerate(toks) if tok[0] == "+"]
        unseen = 0
        if plus:
            k = plus[0]
            rest = toks[k + 1:]
            if len(rest) != 1 or not _INT.match(rest[0][0]) or rest[0][0][0] in "+-":
                col = rest[0][1] if rest else toks[k][1]
                self.fail("error:position.unseen-after-plus", line.no, col, seat=seat)
            unseen, ucol = self.count(rest[0], seat, line.no), rest[0][1]
            toks = toks[:k]
        elif len(toks) == 1 and _COUNT.match(toks[0][0]):
            unseen, ucol = self.count(toks[0], seat, line.no), toks[0][1]
            toks = []
        shown = self.cards(line.no, toks, "error:position.stray-in-hand", seat=seat)
        self.shown[i] = shown
        if unseen:
            self.unseen[i] = unseen
            self.unseen_total += unseen
            self.check_total(line.no, ucol, unseen, seat)

    def count(self, tok, seat, line):
        """A number of unseen cards; more digits than the deck's 108 has is refused here."""
        word, col = tok
        if _digits(word) > len(str(self.deck)):
            self.fail("error:position.unseen-too-long", line, col, number=echo(word, 24), seat=seat,
                      deck=self.deck)
        return int(word)

    def read_team(self, line, team):
        toks = line.tokens
        if len(toks) == 1 and toks[0][0] == "-":
            return
        melds, current, sep = self.melds[self.fmt.side_index[team]], [], line.valcol
        for tok, col in toks + [(";", None)]:
            if tok == ";":
                if not current:
                    self.fail("error:position.empty-meld", line.no, sep if col is None else col,
                              team=team)
                melds.append(current)
                current, sep = [], col
            elif tok in (",", "+") or tok == "-":
                self.fail("error:position.stray-in-melds", line.no, col, token=tok, team=team)
            else:
                current.append((self.card(tok, line.no, col), line.no, col))

    def read_red3(self, line, team):
        toks = line.tokens
        if len(toks) == 1 and toks[0][0] == "-":
            return
        zone = self.red3[self.rules.red3_zones.index(team)]
        for card, no, col in self.cards(line.no, toks, "error:position.stray-in-red3", team=team):
            if not card.is_red_three:
                self.fail("error:position.not-a-red-three", no, col, card=card.text)
            zone.append((card, no, col))

    def read_pile(self, line, value):
        toks = line.tokens
        if len(toks) == 1 and toks[0][0] == "-":
            return
        self.pile = self.cards(line.no, toks, "error:position.stray-in-pile")

    def read_stock(self, line, value):
        toks = line.tokens
        words = [word.lower() for word, _ in toks]
        if words == ["-"] or words == ["exactly"]:
            self.stock_rest = False
            return
        if words == ["rest"]:
            return
        if words[0] == "exactly":
            self.stock_rest = False
            toks = toks[1:]
            if "rest" in words:
                col = toks[words.index("rest") - 1][1]
                self.fail("error:position.stock-exactly-rest", line.no, col)
        elif len(words) >= 2 and words[-2:] == ["+", "rest"]:
            toks = toks[:-2]
        else:
            self.stock_rest = False
            for (tok, col), word in zip(toks, words):
                if word in ("rest", "+"):
                    self.fail("error:position.stock-how", line.no, col)
        self.stock_shown = self.cards(line.no, toks, "error:position.stray-in-stock")

    def read_opened(self, line, value):
        toks = [tok for tok in line.tokens if tok[0] != ","]
        self.opened = []
        if len(toks) == 1 and toks[0][0] == "-":
            return
        for tok, col in toks:
            seat = self.seat(tok, line.no, col, "error:position.opened.not-a-seat")
            if seat in (s for s, _ in self.opened):
                self.fail("error:position.seat-twice", line.no, col, seat=seat)
            self.opened.append((seat, col))

    def read_started(self, line, value, into=None):
        into = self.started if into is None else into
        toks = [tok for tok in line.tokens if tok[0] != ","]
        if len(toks) == 1 and toks[0][0] == "-":
            return
        for tok, col in toks:
            rank = _RANK_ALIASES.get(tok.upper(), tok.upper())
            if rank not in MELD_RANKS:
                self.fail("error:position.not-a-meld-rank", line.no, col, rank=tok)
            if rank in (r for r, _, _ in into):
                self.fail("error:position.rank-twice", line.no, col, rank=rank)
            into.append((rank, line.no, col))

    def read_touched(self, line, value):
        self.read_started(line, value, into=self.touched)

    def read_below_minimum(self, line, value):
        word, col = line.tokens[0]
        if word.lower() not in ("yes", "no") or len(line.tokens) > 1:
            self.fail("error:position.below-minimum.not-yes-no", line.no, col,
                      value=echo(value.strip(), 24))
        self.below_minimum = word.lower() == "yes"

    def read_out(self, line, value):
        toks = line.tokens
        seat, col = toks[0]
        self.out = self.seat(seat, line.no, col)
        if len(toks) >= 2:
            if toks[1][0].lower() != "concealed" or len(toks) > 2:
                self.fail("error:position.out-how", line.no, toks[1][1], seat=self.out)
            self.out_concealed = True

    def read_lone(self, line, value):
        toks = line.tokens
        seat, col = toks[0]
        self.lone = self.seat(seat, line.no, col)
        if len(toks) > 1:
            self.fail("error:position.lone-how", line.no, toks[1][1], word=toks[1][0])

    def decided(self):
        """The table's format with its sides as decided (cutthroat: by `lone:`)."""
        return self.fmt.with_lone(self.lone)

    def side_melds(self, side) -> list:
        """The melds written for a side: a cutthroat partnership's are both players' zones."""
        index = self.fmt.side_index
        if side in index:
            return self.melds[index[side]]
        return [m for seat in self.decided().seats_of(side) for m in self.melds[index[seat]]]

    def read_seed(self, line, value):
        word, col = line.tokens[0]
        if len(line.tokens) > 1 or not _INT.match(word):
            self.fail("error:position.not-a-seed", line.no, col, value=echo(value.strip(), 24))
        if _digits(word) > SEED_DIGITS:
            self.fail("error:position.seed-too-long", line.no, col, seed=echo(word, 24),
                      digits=SEED_DIGITS)
        self.seed = int(word)

    # ---- pass 2: what the lines say together ----------------------------------------
    def check(self):
        rules, fmt = self.rules, self.fmt
        side_of = self.decided().side_of
        started = {r for r, _, _ in self.started}
        for i, shown in enumerate(self.shown):
            if shown and rules.red3_dealt != "on-turn":
                for card, no, col in shown:
                    if card.is_red_three:
                        self.fail("error:position.red-three-in-hand", no, col,
                                  seat=fmt.seats[i], card=card.text)
        for side, team in enumerate(fmt.sides):
            ranks = {}
            for meld in self.melds[side]:
                cards = [c for c, _, _ in meld]
                problem = meld_problem(cards, rules, black_threes_ok=(
                    self.phase == "over" or (team in (side_of(self.turn), self.turn)
                                             and "3" in started)))
                if problem:
                    message, k = problem
                    self.fail(message, meld[k][1], meld[k][2])
                rank = next(c.rank for c in cards if c.is_natural)
                if rank in ranks:
                    self.fail("error:position.two-melds", meld[0][1], meld[0][2], team=team,
                              rank=rank)
                ranks[rank] = meld
        if self.opened is not None:
            line = self.lines["opened"]
            for seat, col in self.opened:
                if not self.side_melds(side_of(seat)):
                    self.fail("error:position.opened.no-melds", line.no, col, seat=seat,
                              team=side_of(seat))
        team = side_of(self.turn)
        own = self.side_melds(team)
        for rank, no, col in self.started:
            if not any(c.rank == rank for m in own for c, _, _ in m):
                self.fail("error:position.started.no-meld", no, col, seat=self.turn, rank=rank,
                          team=team)
        for rank, no, col in self.touched:
            if not any(c.rank == rank for m in own for c, _, _ in m):
                self.fail("error:position.touched.no-meld", no, col, seat=self.turn, rank=rank,
                          team=team)
            if rank in started:
                self.fail("error:position.touched.started", no, col, seat=self.turn, rank=rank)
        if self.below_minimum:
            line = self.lines["below-minimum"]
            ranks = {next(c.rank for c, _, _ in m if c.is_natural) for m in own}
            if self.phase != "melded" or not ranks or not ranks <= started:
                self.fail("error:position.below-minimum.how", line.no, line.valcol,
                          seat=self.turn, team=team)
            for seat, col in self.opened or ():
                if side_of(seat) == team:
                    self.fail("error:position.below-minimum.opened", self.lines["opened"].no,
                              col, team=team, seat=seat)
        if self.asked != "-":
            line = self.lines["asked"]
            if not self.decided().partners(self.turn):
                self.fail("error:position.asked.alone", line.no, line.valcol, value=self.asked,
                          seat=self.turn)
        if self.lone is not None and not self.melds[fmt.side_index[self.lone]]:
            line = self.lines["lone"]           # took the pile (its top card melded) or went out
            self.fail("error:position.lone.no-melds", line.no, line.valcol, seat=self.lone)
        if self.out is not None:
            line = self.lines["out"]
            if self.phase != "over":
                self.fail("error:position.out.not-over", line.no, line.valcol, seat=self.turn)
            i = fmt.seat_index[self.out]
            if self.shown[i] is None or self.shown[i] or self.unseen[i]:
                self.fail("error:position.out.holds", line.no, line.valcol, seat=self.out)

    # ---- the unseen cards ---------------------------------------------------------------
    def deal_unseen(self):
        fmt = self.fmt
        for i in range(fmt.players):
            if self.shown[i] is None:        # a seat not mentioned: a dealt hand of unseen cards
                self.shown[i] = []
                self.unseen[i] = fmt.hand_size
                self.unseen_total += fmt.hand_size
        exact = not self.stock_rest
        anchor = self.lines.get("stock") or next(iter(self.lines.values()), None)
        where = (anchor.no, anchor.valcol) if anchor else (1, 1)
        if self.unseen_total + self.placed > self.deck:
            missing = [s for s in fmt.seats if s.lower() not in self.lines]
            if fmt is FOUR:
                self.fail("error:position.not-mentioned", *where, count=len(missing),
                          seats=", ".join(missing), total=self.unseen_total + self.placed,
                          deck=self.deck)
            self.fail("error:position.not-mentioned-here", *where, count=len(missing),
                      seats=", ".join(missing), total=self.unseen_total + self.placed,
                      deck=self.deck, hand=fmt.hand_size)
        if not self.unseen_total and exact:
            pool_size = self.deck - self.placed
            if pool_size:
                self.fail("error:position.nowhere", *where, count=pool_size,
                          cards=_pool_preview(self.copies, fmt.packs), deck=self.deck)
            return {i: () for i in range(fmt.players)}, (), False
        seed = 0 if self.seed is None else self.seed
        red_ok = self.rules.red3_dealt == "on-turn"
        dealt, rest, short = _deal_unseen(tuple(self.copies), tuple(self.unseen), seed, red_ok,
                                          fmt.packs)
        if short:
            self.fail("error:position.unseen-short", *where, count=short)
        if exact and rest:
            red = any(c.is_red_three for c in rest) and not red_ok
            self.fail("error:position.rest-nowhere", *where, count=len(rest),
                      cards=cards_text(sort_cards(rest)[:8]) + (" …" if len(rest) > 8 else ""),
                      note=Words("error:position.rest-red-three") if red else "")
        return dealt, tuple(rest), True

    def run(self) -> Position:
        self.read()
        self.check()
        dealt, rest, has_layout = self.deal_unseen()
        if (self.fmt.has_lone_hand and self.phase == "draw" and not self.stock_shown
                and not rest):
            line = self.lines.get("stock") or self.lines["turn"]
            self.fail("error:position.cutthroat.stock-empty", line.no, line.valcol,
                      seat=self.turn)
        shown = tuple(sort_cards(c for c, _, _ in s) for s in self.shown)
        hands = tuple(sort_cards(shown[i] + dealt[i]) if dealt[i] else shown[i]
                      for i in range(self.fmt.players))
        melds = tuple(tuple(Meld(next(c.rank for c, _, _ in m if c.is_natural),
                                 sort_cards(c for c, _, _ in m)) for m in team)
                      for team in self.melds)
        stock_shown = tuple(c for c, _, _ in self.stock_shown)
        if self.opened is None:         # a team whose first meld is this turn's: not opened
            fmt = self.fmt
            side = self.decided().side_of
            opened = frozenset(s for s in fmt.seats if self.side_melds(side(s)) and not (
                self.below_minimum and side(s) == side(self.turn)))
        else:
            opened = frozenset(s for s, _ in self.opened)
        layout = None
        seed = None
        if has_layout:
            layout = Layout(shown, tuple(self.unseen), stock_shown, self.stock_rest)
            seed = 0 if self.seed is None else self.seed
        return Position(
            turn=self.turn, phase=self.phase, asked=self.asked, rules=self.rules,
            score=self.score, hands=hands, melds=melds,
            red3=tuple(tuple(c for c, _, _ in z) for z in self.red3),
            pile=tuple(c for c, _, _ in self.pile), stock=stock_shown + rest,
            opened=opened, started=frozenset(r for r, _, _ in self.started),
            touched=frozenset(r for r, _, _ in self.touched), below_minimum=self.below_minimum,
            out=self.out, out_concealed=self.out_concealed, seed=seed, layout=layout,
            lone=self.lone)


#: key -> what its value is (a message of tutor.engine.errors), said when the value is missing
_EMPTY_HINT = {
    "rules": "error:position.hint.rules", "turn": "error:position.hint.turn",
    "asked": "error:position.hint.asked", "score": "error:position.hint.score",
    "pile": "error:position.hint.pile", "stock": "error:position.hint.stock",
    "opened": "error:position.hint.seats", "started": "error:position.hint.ranks",
    "touched": "error:position.hint.ranks", "below-minimum": "error:position.hint.yes-no",
    "out": "error:position.hint.out", "seed": "error:position.hint.seed",
    "lone": "error:position.hint.lone",
}
_ZONE_HINT = {"hand": "error:position.hint.hand", "melds": "error:position.hint.melds",
              "red3": "error:position.hint.red3"}


@functools.lru_cache(maxsize=64)     # a parsed position's to_text deals the same again
def _deal_unseen(copies: tuple, unseen: tuple, seed: int, red_ok: bool, packs: int = 2):
    """Deal the pool (the cards `copies` does not count) to the unseen hand slots.

    The pool in `Card.order`, shuffled with ``shuffler(seed)`` (``random.Random(seed)`` for a seed of 0 or more), is dealt to the seats
    in turn order (N E S W for four), `unseen[i]` cards each, red threes skipped unless
    `red_ok` (each then put back at a random place in the stock). Returns ``(dealt, rest, short)``: the cards per seat (a tuple per seat), the
    rest of the stock in shuffled order, and how many hand slots the pool could not fill.
    """
    pool = [c for c in _POOL_ORDER for _ in range(_copies(c, packs) - copies[c.index])]
    rng = shuffler(seed)
    rng.shuffle(pool)
    dealt = []
    skipped = []                    # red threes passed over while dealing the hands
    short = 0
    it = iter(pool)
    for i in range(len(unseen)):
        need = unseen[i]
        got = []
        while need:
            card = next(it, None)
            if card is None:
                break
            if card.is_red_three and not red_ok:
                skipped.append(card)
                continue
            got.append(card)
            need -= 1
        short += need
        dealt.append(tuple(got))
    rest = list(it)
    for card in skipped:            # each at a random place in the stock, not all on top
        rest.insert(rng.randrange(len(rest) + 1), card)
    return tuple(dealt), tuple(rest), short


def _digits(number: str) -> int:
    """How many digits a number written in the text has, leading zeros and sign aside."""
    return len(number.lstrip("+-").lstrip("0"))


def _copies(card, packs: int) -> int:
    return COPIES[card] if packs == 2 else (2 * packs if card.rank == "JK" else packs)


def _pool_preview(copies, packs: int = 2) -> str:
    missing = [c.text for c in _POOL_ORDER for _ in range(_copies(c, packs) - copies[c.index])]
    return " ".join(missing[:8]) + (" …" if len(missing) > 8 else "")


def meld_problem(cards, rules: Ruleset, black_threes_ok: bool = True):
    """Why `cards` cannot lie on the table as one meld under `rules`, or None.

    Returns ``(message, index)``: the message (`Words`, naming the rule id) and the index of
    the card it is about. `black_threes_ok` says whether a meld of black threes may lie on
    the table at all (only in the turn the player goes out, `meld.threes`).
    """
    for k, card in enumerate(cards):
        if card.is_red_three:
            return Words("error:meld.red-three", card=card.text), k
    naturals = [k for k, c in enumerate(cards) if c.is_natural]
    if not naturals:
        return Words("error:meld.no-natural", cards=cards_text(cards)), 0
    rank = cards[naturals[0]].rank
    for k in naturals:
        if cards[k].rank != rank:
            return Words("error:meld.two-ranks", first=cards[naturals[0]].text,
                         other=cards[k].text), k
    if len(cards) < 3:
        return Words("error:meld.short", count=len(cards), cards=cards_text(cards)), 0
    if len(naturals) < 2:
        return Words("error:meld.one-natural", cards=cards_text(cards)), 0
    wilds = [k for k, c in enumerate(cards) if c.is_wild]
    most = rules.max_wilds(len(naturals))
    if len(wilds) > most:
        if rules.wilds == "not-outnumber" and most < 3:
            return Words("error:meld.outnumber", cards=cards_text(cards), wilds=len(wilds),
                         naturals=len(naturals)), wilds[most]
        return Words("error:meld.max-wilds", cards=cards_text(cards), wilds=len(wilds)), wilds[most]
    if rank == "3":
        if rules.black_threes == "never":
            return Words("error:meld.threes-never"), naturals[0]
        if wilds:
            return Words("error:meld.threes-wild", cards=cards_text(cards)), wilds[0]
        if not black_threes_ok:
            return Words("error:meld.threes-not-out", cards=cards_text(cards)), naturals[0]
    return None


def parse_position(text: str) -> Position:
    """A position from its text (NOTATION.md); `PositionError` says what is wrong and where."""
    if not isinstance(text, str):
        raise PositionError("error:position.not-text", type=type_name(text))
    if text.startswith("\ufeff"):          # a byte-order mark (Notepad's "UTF-8 with BOM")
        text = text[1:]
    return _Parse(text).run()


# ---- writing ----------------------------------------------------------------------------
def _cards(cards) -> str:
    return cards_text(cards) if cards else "-"


def _layout_fits(pos: Position, layout) -> bool:
    """Whether the layout's text re-parses to `pos`: its seed must deal exactly the unseen
    cards `pos` holds. Only a position copied around `Position.replace` (which drops the
    layout) can hold a stale one, e.g. via `dataclasses.replace`."""
    try:
        unseen = tuple(layout.unseen)
        n = len(layout.stock_shown)
        if not (any(unseen) or layout.stock_rest) or type(pos.seed) is not int:
            return False        # such text would parse to no layout or another seed
        if tuple(pos.stock[:n]) != tuple(layout.stock_shown) or (
                not layout.stock_rest and len(pos.stock) != n):
            return False
        copies = [0] * len(ALL_CARDS)
        for zone in (*layout.shown, *(m.cards for side in pos.melds for m in side), *pos.red3,
                     pos.pile, layout.stock_shown):
            for card in zone:
                copies[card.index] += 1
        packs = pos.rules.format.packs
        if any(k > _copies(card, packs) for card, k in zip(ALL_CARDS, copies)):
            return False
        for hand, shown, count in zip(pos.hands, layout.shown, unseen):
            if len(hand) != len(shown) + count or shown != sort_cards(shown):
                return False
        dealt, rest, short = _deal_unseen(tuple(copies), unseen, pos.seed,
                                          pos.rules.red3_dealt == "on-turn", packs)
        if short or pos.stock[n:] != rest or (rest and not layout.stock_rest):
            return False
        return all(hand == (sort_cards(shown + dealt[i]) if dealt[i] else tuple(shown))
                   for i, (hand, shown) in enumerate(zip(pos.hands, layout.shown)))
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        return False


def position_text(pos: Position) -> str:
    """The position as text: ``parse_position(position_text(p)) == p``."""
    layout = pos.layout
    if layout is not None and not _layout_fits(pos, layout):
        layout = None
    fmt = pos.rules.format
    out = [f"rules: {pos.rules.to_text() if isinstance(pos.rules, Ruleset) else pos.rules}",
           f"turn: {pos.turn} {pos.phase}",
           f"asked: {pos.asked}",
           "score: " + ", ".join(f"{side} {points}" for side, points in zip(fmt.sides, pos.score))]
    for i, seat in enumerate(fmt.seats):
        if layout is None:
            out.append(f"{seat}: {_cards(pos.hands[i])}")
        else:
            shown, unseen = layout.shown[i], layout.unseen[i]
            if not unseen:
                out.append(f"{seat}: {_cards(shown)}")
            elif not shown:
                out.append(f"{seat}: {unseen}")
            else:
                out.append(f"{seat}: {_cards(shown)} + {unseen}")
    rules = pos.rules
    per_seat = isinstance(rules, Ruleset) and rules.red3_per_seat
    for side, team in enumerate(fmt.sides):
        melds = pos.melds[side]
        key = team if team not in fmt.seat_index else team + " melds"
        out.append(f"{key}: " + ("; ".join(_cards(m.cards) for m in melds) if melds else "-"))
        if per_seat:        # red3-four=player: each seat's red threes, the team's seats in turn
            out += [f"{seat} red3: {_cards(pos.red3[rules.red3_index[seat]])}"
                    for seat in fmt.seats_of(team)]
        else:
            out.append(f"{team} red3: {_cards(pos.red3[side])}")
    if pos.lone is not None:
        out.append(f"lone: {pos.lone}")
    out.append(f"pile: {_cards(pos.pile)}")
    if layout is None:
        out.append(f"stock: exactly {_cards(pos.stock)}" if pos.stock else "stock: -")
    elif layout.stock_rest:
        out.append(f"stock: {_cards(layout.stock_shown)} + rest" if layout.stock_shown
                   else "stock: rest")
    else:
        out.append(f"stock: exactly {_cards(layout.stock_shown)}" if layout.stock_shown
                   else "stock: -")
    opened = [s for s in fmt.seats if s in pos.opened]
    out.append(f"opened: {' '.join(opened) if opened else '-'}")
    if pos.started:
        out.append("started: " + " ".join(r for r in MELD_RANKS if r in pos.started))
    if pos.touched:
        out.append("touched: " + " ".join(r for r in MELD_RANKS if r in pos.touched))
    if pos.below_minimum:
        out.append("below-minimum: yes")
    if pos.out:
        out.append(f"out: {pos.out}{' concealed' if pos.out_concealed else ''}")
    if layout is not None:
        out.append(f"seed: {0 if pos.seed is None else pos.seed}")
    return "\n".join(out) + "\n"
