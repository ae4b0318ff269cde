"""Scoring a hand (`score.*`) and a game of hands to 5000 (`game.end`).

`score_hand(pos, lang)` scores the position as if the hand ended now: the going-out bonus
only when `pos.out` is set. Each team's `TeamSheet` has `lines`, ``(rule id, points)`` pairs
in a fixed order, and `items`, the same lines with a few words each in `lang` (English by
default; `sheet.items_in(lang)` and `sheet.text(lang)` write them in another language):

- ``score.going-out``   100 to the team that went out (`pos.out`)
- ``goout.concealed``   100 more when it went out concealed (`pos.out_concealed`)
- ``score.canastas``    500 per natural, 300 per mixed canasta (`canasta.natural`,
  `canasta.mixed`; the cards' own values count besides, `canasta.both-count`)
- ``score.red-threes``  100 each, 800 for all four; minus if the team has no melds
  (`red3.score`); under ``red3-four=player`` the 800 only when one player laid all four. A red three still in a hand (variant ``red3-dealt=on-turn``) counts as
  laid out: the variant does not change the score.
- ``score.table``       the point values (`deck.values`) of every card in the team's melds
- ``score.hand``        minus the point values of the cards in both partners' hands

Zero lines are left out, except ``score.table`` and ``score.hand`` which are always there.

`LINE_NAMES` names the lines by rule id for every sheet that shows them (the command line's,
the table's, the scoring chart): ``t.gettext(LINE_NAMES[rule])`` in the language shown.
`Game.result_text(lang)` says a game's standing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .deal import deal
from .position import as_position, Position
from .ruleset import Ruleset
from .words import M, NM, Words

__all__ = ["LINE_NAMES", "TeamSheet", "score_hand", "Game", "signed_points"]


def signed_points(points: int) -> str:
    """Points as every score sheet writes them: +100, \u221210 (a minus sign, not a hyphen), 0."""
    return f"{points:+d}".replace("-", "\u2212") if points else "0"


def N_(message: str) -> str:
    """Mark a message for the catalog (as tutor.i18n.N_, without importing the catalogs)."""
    return message


#: The name of each line of a score sheet, by rule id, the same on every sheet (translated
#: where shown: ``translator(lang).gettext(LINE_NAMES[rule])``). The rule id is shown beside
#: the name where there is room: it is what the rulebook calls the line.
LINE_NAMES = {
    "score.going-out": N_("going out"),
    "goout.concealed": N_("going out concealed"),
    "score.canastas": N_("canastas"),
    "score.red-threes": N_("red threes"),
    "score.table": N_("cards in the melds"),
    "score.hand": N_("cards left in hand"),
}

# The words of each line (tutor.engine.words): seats in the glossary's words, numbers as they are.
M("sheet:going-out", "{seat:name} went out")
M("sheet:concealed", "{seat:name} went out concealed")
NM("sheet:natural-canastas", "{count} natural canasta × {bonus}", "{count} natural canastas × {bonus}")
NM("sheet:mixed-canastas", "{count} mixed canasta × {bonus}", "{count} mixed canastas × {bonus}")
M("sheet:both-canastas", "{natural} + {mixed}")
M("sheet:all-red-threes", "all four red threes")
NM("sheet:red-threes", "{count} red three × {bonus}", "{count} red threes × {bonus}")
M("sheet:all-red-threes-minus", "all four red threes, minus: the team has melded nothing")
# red3-four=player: the 800 only for one player's four; a team's four laid by two players
M("sheet:all-red-threes-one", "all four red threes, laid by {seat:name}")
M("sheet:all-red-threes-one-minus",
  "all four red threes, laid by {seat:name}, minus: the team has melded nothing")
M("sheet:red-threes-split", "{count} red threes × {bonus}: not all four laid by one player")
M("sheet:red-threes-split-minus",
  "{count} red threes × {bonus}: not all four laid by one player, minus: the team has "
  "melded nothing")
NM("sheet:red-threes-minus",
   "{count} red three × {bonus}, minus: the team has melded nothing",
   "{count} red threes × {bonus}, minus: the team has melded nothing")
# the same said of a player alone (two players, three each alone, cutthroat): no team to name
M("sheet:all-red-threes-minus-alone", "all four red threes, minus: {seat:name} has melded nothing")
NM("sheet:red-threes-minus-alone",
   "{count} red three × {bonus}, minus: {seat:name} has melded nothing",
   "{count} red threes × {bonus}, minus: {seat:name} has melded nothing")
NM("sheet:table", "{count} card in the melds", "{count} cards in the melds")
NM("sheet:hand",
   "{count} card left in {first:name} and {second:name}'s hands",
   "{count} cards left in {first:name} and {second:name}'s hands")
NM("sheet:hand-alone", "{count} card left in {first:name}'s hand",
   "{count} cards left in {first:name}'s hand")
NM("sheet:hand-three",
   "{count} card left in {first:name}, {second:name} and {third:name}'s hands",
   "{count} cards left in {first:name}, {second:name} and {third:name}'s hands")
NM("sheet:red-threes-six", "{count} red three: {points}",
   "{count} red threes: {points}")
NM("sheet:red-threes-six-minus",
   "{count} red three: {points}, minus: the team has melded nothing",
   "{count} red threes: {points}, minus: the team has melded nothing")
M("sheet:total", "total")
# a game's standing (Game.result_text); NS and EW are the teams as the notation writes them
NM("game:goes-on",
   "NS {ns}, EW {ew} after {count} hand: the game goes on to {target} (game.end)",
   "NS {ns}, EW {ew} after {count} hands: the game goes on to {target} (game.end)")
M("game:drawn", "NS {ns}, EW {ew}: a drawn game (game.end)")
M("game:won", "NS {ns}, EW {ew}: {winner} wins by {margin} (game.end)")
# the same at a table of other sides: {totals} is "N 1200, S 3100, E −30" (a minus sign as on the sheets)
NM("game:goes-on-sides",
   "{totals} after {count} hand: the game goes on to {target} (game.end)",
   "{totals} after {count} hands: the game goes on to {target} (game.end)")
M("game:drawn-sides", "{totals}: a drawn game (game.end)")
M("game:won-sides", "{totals}: {winner} wins by {margin} (game.end)")

GOING_OUT = 100
CONCEALED_EXTRA = 100
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
RED_THREE = 100
ALL_RED_THREES = 800


@dataclass(frozen=True)
class TeamSheet:
    team: str
    lines: tuple        # ((rule id, points), ...)
    items: tuple        # ((rule id, points, words), ...), the words in `lang`
    total: int
    #: each line's words as a message (tutor.engine.words.Words), to write in any language
    messages: tuple = field(default=(), compare=False, repr=False)
    lang: str = "en"

    def points(self, rule: str) -> int:
        """The points of one line (0 when the sheet has no such line)."""
        return sum(p for r, p in self.lines if r == rule)

    def items_in(self, lang: str | None = None) -> tuple:
        """`items` with the words in `lang` (None: the sheet's own language)."""
        if lang is None or lang == self.lang:
            return self.items
        return tuple((rule, points, words.text(lang))
                     for (rule, points), words in zip(self.lines, self.messages))

    def text(self, lang: str | None = None) -> str:
        """The sheet in words: the team, a row per line (points, words, rule id), the total;
        in `lang` (None: the sheet's own language)."""
        rows = [f"{self.team}"]
        rows += [f"  {points:+6d}  {words}  ({rule})" for rule, points, words in self.items_in(lang)]
        total = Words("sheet:total").text(lang or self.lang)
        rows.append(f"  {self.total:+6d}  {total}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.text()


def _team_sheet(pos: Position, team: str, lang: str, side: str | None = None) -> TeamSheet:
    """The sheet of `team` (a zone of the position: a side, or in cutthroat a player). In
    cutthroat (`players.cutthroat`) `side` is the player's side as decided: its melds, its
    going out and its hands count for the player; the red threes only the player's own."""
    fmt = pos.rules.format
    index = fmt.side_index[team]
    melds = pos.melds[index]
    red_seats = seats = fmt.seats_of(team)
    if side is not None:
        fmt = pos.format
        melds = pos.team_melds(side)
        seats = fmt.seats_of(side)
        team_of_out = side
    else:
        team_of_out = team
    lines = []          # (rule id, points, Words)
    if pos.out is not None and fmt.side_of(pos.out) == team_of_out:
        lines.append(("score.going-out", GOING_OUT, Words("sheet:going-out", seat=pos.out)))
        if pos.out_concealed:
            lines.append(("goout.concealed", CONCEALED_EXTRA,
                          Words("sheet:concealed", seat=pos.out)))
    natural = sum(1 for m in melds if m.is_natural_canasta)
    mixed = sum(1 for m in melds if m.is_mixed_canasta)
    if natural or mixed:
        words = natural_words = Words("sheet:natural-canastas", count=natural,
                                      bonus=NATURAL_CANASTA)
        if mixed:
            words = Words("sheet:mixed-canastas", count=mixed, bonus=MIXED_CANASTA)
            if natural:
                words = Words("sheet:both-canastas", natural=natural_words, mixed=words)
        lines.append(("score.canastas", natural * NATURAL_CANASTA + mixed * MIXED_CANASTA,
                      words))
    threes = (len(pos.team_red3(team)) if pos.rules.red3_per_seat else len(pos.red3[index])
              ) + sum(1 for s in red_seats for c in pos.hand(s) if c.is_red_three)
    if threes:
        minus = "-minus" if not melds else ""
        if fmt.red3_scale:                  # players.red3-six
            points = fmt.red3_scale[threes]
            words = Words("sheet:red-threes-six" + minus, count=threes, points=points)
            lines.append(("score.red-threes", -points if minus else points, words))
        elif threes == 4 and pos.rules.red3_per_seat:       # red3-four=player
            points, words = _red3_by_seat(pos, red_seats, minus)
            lines.append(("score.red-threes", -points if minus else points, words))
        else:
            points = ALL_RED_THREES if threes == 4 else RED_THREE * threes
            # a player alone is named: "minus: South has melded nothing", not "the team"
            alone = dict(seat=seats[0]) if minus and len(seats) == 1 else {}
            minus_words = minus + ("-alone" if alone else "")
            words = (Words("sheet:all-red-threes" + minus_words, **alone) if threes == 4 else
                     Words("sheet:red-threes" + minus_words, count=threes, bonus=RED_THREE, **alone))
            lines.append(("score.red-threes", -points if minus else points, words))
    table = sum(m.points for m in melds)
    cards = sum(len(m.cards) for m in melds)
    lines.append(("score.table", table, Words("sheet:table", count=cards)))
    held = [c for s in seats for c in pos.hand(s) if not c.is_red_three]
    hand_words = {1: "sheet:hand-alone", 2: "sheet:hand", 3: "sheet:hand-three"}[len(seats)]
    lines.append(("score.hand", -sum(c.value for c in held),
                  Words(hand_words, count=len(held),
                        **dict(zip(("first", "second", "third"), seats)))))
    return TeamSheet(team=team, lines=tuple((r, p) for r, p, _ in lines),
                     items=tuple((r, p, w.text(lang)) for r, p, w in lines),
                     total=sum(p for _, p, _ in lines),
                     messages=tuple(w for _, _, w in lines), lang=lang)


def _red3_by_seat(pos: Position, seats: tuple, minus: str) -> tuple:
    """`red3-four=player` (the Finnish source: "samalla pelaajalla"): a team's four red
    threes score 800 only when one player laid all four, else 100 each. A red three still
    in a hand (``red3-dealt=on-turn``) counts for the player who holds it."""
    index = pos.rules.red3_index
    for seat in seats:
        own = len(pos.red3[index[seat]]) + sum(1 for c in pos.hand(seat) if c.is_red_three)
        if own == 4:
            return ALL_RED_THREES, Words("sheet:all-red-threes-one" + minus, seat=seat)
    return 4 * RED_THREE, Words("sheet:red-threes-split" + minus, count=4, bonus=RED_THREE)


def score_hand(pos: Position, lang: str = "en") -> dict:
    """``{"NS": TeamSheet, "EW": TeamSheet}``: the hand scored as if it ended now, one sheet
    per side of the table (keyed by the side's name), each line's words in `lang`."""
    pos = as_position(pos)
    if pos.rules.format.has_lone_hand:
        # cutthroat (players.cutthroat): one sheet per player — the lone hand its own total,
        # each partner the partnership's, the red threes only the player's own; with the pile
        # never taken and nobody out, each player alone
        side_of = pos.format.side_of
        return {seat: _team_sheet(pos, seat, lang or "en", side_of(seat))
                for seat in pos.rules.format.sides}
    return {team: _team_sheet(pos, team, lang or "en") for team in pos.rules.format.sides}


class Game:
    """A game of hands until a side reaches the target (5000, `game.end`; 10000 or 7500 for
    six, `players.game-six`): `target` None is the table's own."""

    def __init__(self, rules="default", target: int | None = None):
        from .deal import rules_arg
        from .errors import TutorError, given
        self.rules = rules_arg(rules)
        self.format = self.rules.format
        if target is not None and (isinstance(target, bool) or not isinstance(target, int)
                                   or target < 1):
            raise TutorError("error:game.target", given=given(target))
        self.target = self.format.game_target if target is None else target
        self.totals = (0,) * len(self.format.sides)
        self.hands: list = []       # [(final position, sheet), ...]

    def add_hand(self, final: Position) -> dict:
        """Score a finished hand and add it to the running totals; returns its sheet."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.result_text()}")
        from .errors import TutorError
        final = as_position(final)
        if final.rules.format.sides != self.format.sides:
            raise TutorError("error:game.hand-table", hand=", ".join(final.rules.format.sides),
                             game=", ".join(self.format.sides))
        if final.rules != self.rules:       # the same seats, another game: each alone into cutthroat
            raise TutorError("error:game.hand-rules", hand=final.rules.to_text(), game=self.rules.to_text())
        if final.phase != "over":           # its score is not the hand's yet
            raise TutorError("error:game.hand-not-over", seat=final.turn)
        sheet = score_hand(final)
        self.totals = tuple(total + sheet[side].total
                            for side, total in zip(self.format.sides, self.totals))
        self.hands.append((final, sheet))
        return sheet

    @property
    def dealer(self) -> str:
        """Who deals the next hand: W first (for four), then clockwise (`deal.order`)."""
        seats = self.format.seats
        return seats[(seats.index(self.format.dealer) + len(self.hands)) % len(seats)]

    def next_deal(self, seed: int = 0) -> Position:
        """The next hand, dealt by the next dealer with the running totals as its score (so
        `meld.initial` follows them)."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.result_text()}")
        return deal(seed, self.rules, score=self.totals, dealer=self.dealer)

    @property
    def is_over(self) -> bool:
        return max(self.totals) >= self.target

    @property
    def winner(self) -> str | None:
        """The side with the highest total (``"NS"`` or ``"EW"``) once the game is over; None
        while it goes on or for a draw (the highest total shared)."""
        if not self.is_over or self.is_draw:
            return None
        return self.format.sides[self.totals.index(max(self.totals))]

    @property
    def is_draw(self) -> bool:
        best = max(self.totals)
        return self.is_over and self.totals.count(best) > 1

    @property
    def margin(self) -> int:
        """The winner's lead over the next side (0 for a draw)."""
        first, second = sorted(self.totals, reverse=True)[:2]
        return first - second

    def result_text(self, lang: str | None = "en") -> str:
        """The running totals and whether the game goes on, is drawn or won, in `lang`."""
        if len(self.totals) != 2 or self.format.sides != ("NS", "EW"):
            totals = ", ".join(f"{side} {points}".replace("-", "\u2212")   # −30, as below
                               for side, points in zip(self.format.sides, self.totals))
            if not self.is_over:
                words = Words("game:goes-on-sides", totals=totals, count=len(self.hands),
                              target=self.target)
            elif self.winner is None:
                words = Words("game:drawn-sides", totals=totals)
            else:
                words = Words("game:won-sides", totals=totals, winner=self.winner,
                              margin=self.margin)
            return words.text(lang)
        ns, ew = self.totals
        if not self.is_over:
            words = Words("game:goes-on", ns=ns, ew=ew, count=len(self.hands),
                          target=self.target)
        elif self.winner is None:
            words = Words("game:drawn", ns=ns, ew=ew)
        else:
            words = Words("game:won", ns=ns, ew=ew, winner=self.winner, margin=self.margin)
        return words.text(lang)

    def __repr__(self) -> str:
        return f"<Game {self.result_text()}>"
