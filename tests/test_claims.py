"""The claim checker (issue 20): every sentence a learner reads says only what is true in the
position it is said in.

Seeded hands are played by the computer players under every variant flag (and by players
that never go out, so that the stock runs out); before each move every sentence a learner
may read there is collected — the hint (the computer's reason and the judge's words), the
reason for the move played (`explain_choice`), the ruling's explanation, the table in words
(`describe`), the move in words, the rule text — and each factual claim a sentence makes is
checked against the position: frozen or not and why, stock empty or not, the minimum applies
or not, who melded, concealed or not, how many cards.

A claim is a pattern of the English words and a test of the position (`CLAIMS`). Each has a
planted wrong sentence that makes it fire (`PLANTED`), so a claim that cannot fail is a
failing test. The English is checked: the Swedish and Finnish sentences are the same
messages, chosen by the same code (tests/test_messages.py holds their fields to the English).

The quick run (one hand a variant and kind of player) takes a few seconds; the big run is
marked `slow`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

import tutor
from tutor.autoplay import play_on
from tutor.engine.deal import deal
from tutor.engine.generate import legal_moves
from tutor.engine.plainwords import move_words, plain_rule_text
from tutor.engine.ruleset import FLAGS
from tutor.hints import hint
from tutor.players import Player, RandomPlayer, SensiblePlayer, explain_choice
from tutor.table.describe import describe


# ---- what is said, and where ------------------------------------------------------------------

@dataclass
class Said:
    """A position a learner reads sentences about; `move` and `ruling` when they are about a
    move made there."""
    pos: object
    move: object = None
    ruling: object = None
    sentences: list = field(default_factory=list)

    @property
    def after(self):
        return self.ruling.after if self.ruling is not None and self.ruling.legal else None

    @property
    def seat(self):
        return self.pos.actor

    @property
    def team(self):
        return self.pos.team


def _team_melded(s: Said) -> bool:
    return bool(s.pos.team_melds(s.team))


def _opened(s: Said) -> bool:
    """Has the player to move opened, as the table's `opening` reads it: the team's melds, or
    under `opening=player` the player's own."""
    if s.pos.rules.opening == "player":
        return s.pos.turn in s.pos.opened
    return _team_melded(s)


def _minimum(s: Said) -> int:
    return s.pos.rules.initial_minimum_for(s.pos.team_score(s.team))


def _take_legal(s: Said) -> bool:
    return any(m.kind == "take" for m in legal_moves(s.pos))


def _stock_empty(s: Said) -> bool:
    return not s.pos.stock or (s.after is not None and not s.after.stock)


def _concealed_out(s: Said):
    after = s.after
    return None if after is None or after.phase != "over" or after.out != s.pos.turn else after.out_concealed


def _scored(s: Said):
    """The position a score sheet is about: the hand as the move ended it, else as it is."""
    after = s.after
    return after if after is not None and after.is_over else s.pos


def _red3_of(pos, seat: str) -> int:
    """The red threes `seat` laid (or holds, under red3-dealt=on-turn) under red3-four=player."""
    rules = pos.rules
    return (len(pos.red3[rules.red3_index[seat]]) + sum(1 for c in pos.hand(seat) if c.is_red_three)
            if rules.red3_per_seat else 0)


def _red3_split(pos) -> bool:
    """red3-four=player: a side holds all four red threes, no player of it laid all four."""
    if not pos.rules.red3_per_seat:
        return False
    for side in pos.format.sides:
        seats = pos.format.seats_of(side)
        if sum(_red3_of(pos, seat) for seat in seats) == 4:
            return all(_red3_of(pos, seat) < 4 for seat in seats)
    return False


@dataclass(frozen=True)
class Claim:
    name: str
    pattern: str
    holds: object               # (match, Said) -> bool

    def wrong(self, sentence: str, said: Said) -> list:
        return [m.group(0) for m in re.finditer(self.pattern, sentence) if not self.holds(m, said)]


CLAIMS = [
    # frozen or not, and why
    Claim("unfreezes", r"unfreezes the pile", lambda m, s: not s.pos.frozen_cards),
    Claim("crosswise", r"stays frozen all the same|laid crosswise, so it is frozen for everybody",
          lambda m, s: bool(s.pos.frozen_cards)),
    Claim("frozen-for-team", r"ha(?:s|ve) not melded yet in this hand, so the pile is frozen for you",
          lambda m, s: not _opened(s)),
    Claim("frozen-no-meld-seat", r"It is frozen for (North|East|South|West): no meld yet",
          lambda m, s: (s.pos.rules.opening == "player" or not s.pos.format.partners(s.pos.turn))
          and not _opened(s)
          and {"North": "N", "East": "E", "South": "S", "West": "W"}[m.group(1)] == s.pos.turn),
    Claim("frozen-no-meld-team", r"It is frozen for (North–South|East–West): no meld yet",
          lambda m, s: s.pos.rules.opening == "team" and not _team_melded(s)
          and {"North–South": "NS", "East–West": "EW"}[m.group(1)] == s.team),
    Claim("not-frozen", r"the pile is not frozen", lambda m, s: not s.pos.frozen_cards and _opened(s)),
    Claim("natural-pair-on-top", r"so the opponents need a natural pair", lambda m, s: False),
    # the stock
    Claim("draw-from-stock", r"[Dd]raws? from the stock|draw the top card of the stock",
          lambda m, s: bool(s.pos.stock)),
    Claim("stock-empty", r"[Tt]he stock is empty|with the stock empty", lambda m, s: _stock_empty(s)),
    Claim("leave-the-pile", r"[Ll]eaves? the pile", lambda m, s: not s.pos.stock and _take_legal(s)),
    Claim("stock-count", r"only (\d+) cards? left in the stock|Stock: (\d+) cards?\.",
          lambda m, s: int(m.group(1) or m.group(2)) == len(s.pos.stock)),
    # the first meld's minimum
    Claim("minimum-needed", r"at least (\d+) needed|must count at least (\d+) points",
          lambda m, s: s.pos.rules.initial_minimum == "on" and not _opened(s)
          and int(m.group(1) or m.group(2)) == _minimum(s)),
    Claim("must-reach-minimum", r"must reach the minimum",
          lambda m, s: s.pos.rules.initial_minimum == "on" and _minimum(s) > 0 and not _opened(s)),
    Claim("no-minimum-here", r"at this table it needs no minimum",
          lambda m, s: s.pos.rules.initial_minimum == "off"),
    Claim("team-first-meld", r"[Ii]t is (also )?your team's first meld",
          lambda m, s: not _team_melded(s) and s.pos.rules.opening == "team"),
    Claim("own-first-meld", r"[Ii]t is (also )?your first meld",
          lambda m, s: (s.pos.rules.opening == "player" or not s.pos.format.partners(s.pos.turn))
          and not _opened(s)),
    # the stock gives two cards a turn (players.draw-two), and has two to give
    Claim("draw-two", r"the two cards you draw",
          lambda m, s: s.pos.format.draw_count == 2 and len(s.pos.stock) >= 2),
    # the pile's size in a take's reason
    Claim("pile-size", r"Take the pile: (\d+) cards?", lambda m, s: int(m.group(1)) == len(s.pos.pile)),
    # concealed or not (the going out this move makes)
    Claim("concealed", r"[Yy]ou go out concealed", lambda m, s: _concealed_out(s) is not False),
    Claim("not-concealed", r"This is not a concealed going out", lambda m, s: _concealed_out(s) is not True),
    # why not concealed: under the default the player's own earlier melds, not the team's
    Claim("not-concealed-why", r"not concealed\W+(North–South|East–West|North|East|South|West|[Tt]he team)"
          r" had melded", lambda m, s: s.pos.rules.concealed == "team"
          or SEAT_NAMES.get(m.group(1)) == s.pos.turn),
    # red3-four=player: whose red threes, and the 800 only for one player's four
    Claim("red3-laid-by", r"all four red threes, laid by (North|East|South|West)",
          lambda m, s: _red3_of(_scored(s), SEAT_NAMES[m.group(1)]) == 4),
    Claim("red3-split", r"not all four laid by one player", lambda m, s: _red3_split(_scored(s))),
    Claim("red3-seat-line", r"(North|East|South|West)'s red threes: ",
          lambda m, s: _red3_of(s.pos, SEAT_NAMES[m.group(1)]) > 0),
    # a player alone (two or three players) hears "you", never of a team, side or partner
    Claim("team-words-alone", r"\b[Yy]our (?:team|side|partners?)\b|\bthe partner\b",
          lambda m, s: bool(s.pos.format.partners(s.pos.turn))),
    # "no canasta yet" only to a side that has none (with two or six players one of the two
    # needed is not "no canasta")
    Claim("no-canasta-yet", r"[Nn]o canasta yet|ha(?:s|ve) no canasta",
          lambda m, s: not any(x.is_canasta for x in s.pos.team_melds(s.team))),
]
SEAT_NAMES = {"North": "N", "East": "E", "South": "S", "West": "W"}


# ---- why a legal move is legal (issue 37): the rules a legal ruling cites -----------------------

from tutor.i18n import glossary as _glossary

RANK_CODES = {forms["plural"]: code for code, forms in _glossary("en")["rank"].items()}
SEAT_CODES = {forms["name"]: code for code, forms in _glossary("en")["seat"].items()}
_RANK_ANY = r"(?:aces|kings|queens|jacks|tens|nines|eights|sevens|sixes|fives|fours|threes|twos)"
_RANK = "(" + _RANK_ANY + ")"


def _laid(s: Said, rank: str) -> list:
    """The cards `s.move` lays on `rank` (a take's top card among them)."""
    if s.move is None or s.move.kind not in ("meld", "take"):
        return []
    cards = []
    for i, group in enumerate(s.move.groups or ((),)):
        own = list(group.cards) if group else []
        if s.move.kind == "take" and i == 0:
            own = [s.pos.top] + own
        ranks = {c.rank for c in own if c.is_natural}
        if (group and group.rank or next(iter(ranks), None)) == rank:
            cards += own
    return cards


def _side_melds(pos, s: Said, rank: str) -> list:
    return [m for m in pos.team_melds(s.team) if m.rank == rank]


def _new_meld(m, s: Said) -> bool:
    """"… make a meld of kings: … and these are 3 cards": a meld the side did not have, of
    that many cards laid now, three or more."""
    rank, n = RANK_CODES[m.group(1)], int(m.group(2))
    return (s.after is not None and n >= 3 and len(_laid(s, rank)) == n
            and not _side_melds(s.pos, s, rank) and bool(_side_melds(s.after, s, rank)))


def _wilds_within(m, s: Said) -> bool:
    """"The meld of kings holds 2 wild cards and 3 natural cards: within the limits" (or "…
    may not outnumber"): the side's meld after the move holds that many, within the rules."""
    rank = RANK_CODES[m.group(1)]
    wilds = 1 if m.group(2) == "a wild card" else int(m.group(2).split()[0])
    naturals, outnumber = int(m.group(3)), m.group(4).startswith("at this table")
    fits = wilds <= (min(3, naturals) if outnumber else 3) and naturals >= 2
    return (s.after is not None and fits and outnumber == (s.pos.rules.wilds == "not-outnumber")
            and any(x.wilds == wilds and x.naturals == naturals for x in _side_melds(s.after, s, rank)))


def _canasta_grows(m, s: Said) -> bool:
    rank, n = RANK_CODES[m.group(1)], int(m.group(2))
    return (s.after is not None and any(x.is_canasta for x in _side_melds(s.pos, s, rank))
            and any(x.size == n for x in _side_melds(s.after, s, rank)))


def _ranks_listed(words: str) -> set:
    return {RANK_CODES[w] for w in re.split(r", | and ", words)}


def _canastas_named(m, s: Said) -> bool:
    """"Your team has canastas of kings and fours": exactly the side's canastas after the move."""
    pos = s.after if s.after is not None else s.pos
    return _ranks_listed(m.group(2)) == {x.rank for x in pos.team_melds(s.team) if x.is_canasta} \
        and (m.group(1) == "a canasta") == (len(_ranks_listed(m.group(2))) == 1)


def _meld_down(m, s: Said) -> bool:
    """"… so you may meld down to one card, 4♣, and go out by discarding it": one card left,
    that card, and the side has the canastas going out needs."""
    after = s.after
    if after is None:
        return False
    held = after.hand(s.pos.turn)
    canastas = sum(1 for x in after.team_melds(s.team) if x.is_canasta)
    return (len(held) == 1 and held[0].pretty == m.group(1)
            and canastas >= s.pos.format.canastas_to_go_out and s.pos.asked != "no")


def _reach_minimum(m, s: Said) -> bool:
    """"It is your team's first meld: 60 points reach the minimum of 50": the cards laid count
    that much, and the minimum is this side's."""
    points, minimum = int(m.group(1)), int(m.group(2))
    laid = [c for g in (s.move.groups if s.move is not None else ()) for c in g.cards]
    if s.move is not None and s.move.kind == "take":
        laid.append(s.pos.top)
    return (not _opened(s) and points >= minimum and points == sum(c.value for c in laid)
            and minimum == s.pos.rules.initial_minimum_for(s.pos.opening_score()))


def _discard_one(m, s: Said) -> bool:
    return (s.move is not None and s.move.kind == "discard" and s.move.cards[0].pretty == m.group(1)
            and s.after is not None and len(s.after.hand(s.pos.turn)) >= 1)


LEGAL_CLAIMS = [
    Claim("new-meld", r"make a meld of " + _RANK + r": a meld is three or more cards of one rank, "
          r"and these are (\d+) cards", _new_meld),
    Claim("wilds-within", r"The meld of " + _RANK + r" holds (a wild card|\d+ wild cards) and "
          r"(\d+) natural cards?: (within the limits|at this table wild cards may not outnumber)",
          _wilds_within),
    Claim("canasta-grows", r"The meld of " + _RANK + r" is a canasta already and now holds (\d+) cards",
          _canasta_grows),
    Claim("already-a-meld", r"(?:[Yy]our (?:team|side) already has|You already have) a meld of " + _RANK,
          lambda m, s: bool(_side_melds(s.pos, s, RANK_CODES[m.group(1)]))),
    Claim("canastas-named", r"(?:[Yy]our (?:team|side) has|You have) (a canasta|canastas) of "
          r"(" + _RANK_ANY + r"(?:(?:, | and )" + _RANK_ANY + r")*)", _canastas_named),
    Claim("meld-down", r"so you may meld down to one card, (\S+), and go out by discarding it",
          _meld_down),
    Claim("reach-minimum", r"(\d+) points reach the minimum of (\d+)", _reach_minimum),
    Claim("discard-one", r"You discard (\S+): a turn ends with exactly one card discarded", _discard_one),
    Claim("players-count", r"[Ww]ith (\d+) players", lambda m, s: int(m.group(1)) == s.pos.format.players),
    Claim("plays-next", r"face up on the pile\. (North|East|South|West|Northeast|Southeast|Southwest|"
          r"Northwest) plays next",
          lambda m, s: SEAT_CODES[m.group(1)] == s.pos.format.next_seat(s.pos.turn)),
]
CLAIMS += LEGAL_CLAIMS


def wrong_claims(sentence: str, said: Said) -> list:
    """(claim, words) for each claim of `sentence` that is false in `said`'s position."""
    return [(c.name, w) for c in CLAIMS for w in c.wrong(sentence, said)]


# ---- every claim fires on a planted wrong sentence --------------------------------------------

P = tutor.Position.parse
FROZEN = "turn: S drawn\nS: KH KS KD QH QS QD 9C\nNS: -\nEW: 7C 7D 7S\npile: 5C 2H 6S\n"
OPEN = "turn: S drawn\nS: KH KS 9C 4D\nNS: 8C 8D 8S\nEW: 7C 7D 7S\npile: 5C 9D 6S\n"
EMPTY = ("turn: S draw\nS: 4C 5D 9H\nNS: KH KS KD\nNS red3: 3H 3D\nEW red3: 3H 3D\npile: 6C 7D\n"
         "stock: -\nE: 33\nW: 30\nN: 33")

TWO = "rules: players=2\nturn: S drawn\nS: KH KS KD 4D\nS melds: 8C 8D 8S 8H 8C 8D 8S\nN melds: 7C 7D 7S\npile: 5C 9D 6S\n"

#: red3-four=player: North and South laid two red threes each
SPLIT = ("rules: red3-four=player\nturn: S drawn\nS: KH KS 9C 4D\nNS: 8C 8D 8S\nN red3: 3H 3D\n"
         "S red3: 3H 3D\nEW: 7C 7D 7S\npile: 5C 9D 6S\n")

#: claim -> (position text, a wrong sentence there, a true one)
PLANTED = {
    "red3-laid-by": (SPLIT, "+800  all four red threes, laid by North",
                     "+400  4 red threes × 100: not all four laid by one player"),
    "red3-split": (SPLIT.replace("N red3: 3H 3D\nS red3: 3H 3D", "N red3: 3H 3D 3H 3D"),
                   "+400  4 red threes × 100: not all four laid by one player",
                   "+800  all four red threes, laid by North"),
    "red3-seat-line": (SPLIT.replace("N red3: 3H 3D\nS red3: 3H 3D", "N red3: 3H 3D 3H 3D"),
                       "South's red threes: 3♥ and 3♦.", "North's red threes: 3♥, 3♦, 3♥ and 3♦."),
    "team-words-alone": (TWO, "Your team already has a meld of eights: the cards join it.",
                         "You already have a meld of eights: the cards join it."),
    "no-canasta-yet": (TWO, "Your team has no canasta yet, so you may not go out and may not meld "
                       "down to a single card.", "With 2 players going out needs two canastas, and "
                       "you have 1 canasta: you may not go out."),
    "unfreezes": (FROZEN, "It unfreezes the pile for your team.",
                  "The pile stays frozen all the same: a wild card or red three lies crosswise in it."),
    "crosswise": (OPEN, "The pile stays frozen all the same: a wild card lies crosswise in it.",
                  "It unfreezes the pile for your team."),
    "frozen-for-team": (OPEN, "Your team has not melded yet in this hand, so the pile is frozen for you.",
                        "You draw."),
    "frozen-no-meld-seat": (OPEN, "It is frozen for South: no meld yet.", "It is frozen."),
    "frozen-no-meld-team": (OPEN, "It is frozen for North–South: no meld yet.",
                            "It is frozen for East–West."),
    "not-frozen": (FROZEN, "The stock is full, the pile is not frozen.", "The pile is frozen."),
    "natural-pair-on-top": (OPEN, "Discard 2C: a wild card freezes the pile, so the opponents need a "
                            "natural pair to take it.", "Discard 2C: nobody can take the pile."),
    "draw-from-stock": (EMPTY, "Draw from the stock: the pile cannot be taken now.",
                        "The stock is empty and the pile cannot be taken: the hand ends."),
    "stock-empty": (OPEN, "The stock is empty: you end the hand.", "Draw from the stock."),
    "leave-the-pile": (EMPTY, "Leave the pile: with the stock empty the hand ends.",
                       "The stock is empty: you end the hand."),
    "stock-count": (EMPTY, "the hand is old (only 3 cards left in the stock)", "Stock: 0 cards."),
    "minimum-needed": ("rules: initial-minimum=off\n" + FROZEN,
                       "It is your team's first meld (60 points, at least 0 needed).",
                       "It is your team's first meld; at this table it needs no minimum."),
    "must-reach-minimum": (OPEN, "It is also your team's first meld, which must reach the minimum.",
                           "Take the pile."),
    "no-minimum-here": (FROZEN, "It is your team's first meld; at this table it needs no minimum.",
                        "It is your team's first meld (60 points, at least 50 needed)."),
    "team-first-meld": (OPEN, "It is your team's first meld (30 points, at least 50 needed).",
                        "Meld: 9♣ builds your meld."),
    "own-first-meld": (FROZEN, "It is your first meld (60 points, at least 50 needed).",
                       "It is your team's first meld (60 points, at least 50 needed)."),
    "not-concealed-why": (OPEN, "South went out, not concealed (North–South had melded long before): 100.",
                          "South went out, not concealed (South had melded earlier in this hand): 100."),
    "draw-two": (OPEN, "Draw from the stock: the two cards you draw are worth more than the pile "
                 "(3 cards).", "Draw from the stock."),
    "pile-size": (OPEN, "Take the pile: 7 cards for your meld of nines.",
                  "Take the pile: 3 cards for your meld of nines."),
}


#: the legal-move claims: (position text, the move, a wrong sentence about it, the judge's own)
GROUND = ("turn: S drawn\nS: KH KS KD 9C 9D 2C 4D\nNS: 8C 8D 8S; QH QH QD QD QS QS QC\n"
          "EW: 7C 7D 7S\npile: 5C 9H 6S\n")
FIRST = GROUND.replace("NS: 8C 8D 8S; QH QH QD QD QS QS QC", "NS: -").replace(" 4D", " 4D 5H")
#: two players, each with two canastas: South melds down to one card
TWO_OUT = ("rules: players=2\nturn: N drawn\nN: 9H 9D 9S 4C\n"
           "N melds: AH AH AD AD AS AS AC; KH KH KD KD KS KS KC\npile: 5C\n")
PLANTED_LEGAL = {
    "new-meld": (GROUND, "meld KH KS KD", "K♥, K♠ and K♦ make a meld of kings: a meld is three or "
                 "more cards of one rank, and these are 4 cards."),
    "wilds-within": (GROUND, "meld 9C 9D 2C", "The meld of nines holds 2 wild cards and 2 natural "
                     "cards: within the limits."),
    "canasta-grows": (GROUND, "meld 8: 2C", "The meld of eights is a canasta already and now holds "
                      "4 cards."),
    "already-a-meld": (GROUND, "meld KH KS KD", "Your team already has a meld of kings: the cards join it."),
    "canastas-named": (GROUND, "meld KH KS KD", "Your team has canastas of queens and eights, so going "
                       "out is allowed."),
    "meld-down": (GROUND, "meld KH KS KD", "Your team has a canasta of queens, so you may meld down to "
                  "one card, 4♦, and go out by discarding it."),
    "reach-minimum": (FIRST, "meld KH KS KD; 9C 9D 2C",
                      "It is your team's first meld: 50 points reach the minimum of 50."),
    "discard-one": (GROUND, "discard 4D", "You discard 9♣: a turn ends with exactly one card discarded."),
    "players-count": (TWO_OUT, "meld 9H 9D 9S", "You have canastas of aces and kings, and going out "
                      "needs two canastas with 6 players."),
    "plays-next": (GROUND, "discard 4D", "You discard 4♦: a turn ends with exactly one card "
                   "discarded, face up on the pile. North plays next."),
}


@pytest.mark.parametrize("name", sorted(PLANTED_LEGAL))
def test_each_legal_move_claim_fires_on_a_planted_wrong_sentence(name):
    """A wrong sentence about a legal move fires its claim; the judge's own explanation of the
    same move fires none."""
    text, move, wrong = PLANTED_LEGAL[name]
    ruling = tutor.judge(P(text), move)
    assert ruling.legal, ruling.explain()
    said = Said(P(text), tutor.Move.parse(move), ruling)
    assert name in [n for n, _ in wrong_claims(wrong, said)], (name, wrong)
    assert not wrong_claims(ruling.explain(), said), (ruling.explain(), wrong_claims(ruling.explain(), said))


def test_the_legal_move_claims_read_the_judges_sentences():
    """Each legal-move claim matches a sentence the judge says somewhere (a pattern that never
    matches the judge's words would check nothing)."""
    said = {
        "new-meld": ("meld KH KS KD", GROUND), "wilds-within": ("meld 8: 2C", GROUND),
        "canasta-grows": ("meld Q: 2C", GROUND), "already-a-meld": ("meld 8: 2C", GROUND),
        "canastas-named": ("meld KH KS KD; 9C 9D 2C", GROUND.replace(" 4D", "")),
        "meld-down": ("meld KH KS KD; 9C 9D 2C", GROUND),
        "reach-minimum": ("meld KH KS KD; 9C 9D 2C", FIRST),
        "discard-one": ("discard 4D", GROUND), "plays-next": ("discard 4D", GROUND),
        "players-count": ("meld 9H 9D 9S", TWO_OUT),
    }
    assert set(said) == {c.name for c in LEGAL_CLAIMS}
    for claim in LEGAL_CLAIMS:
        move, text = said[claim.name]
        ruling = tutor.judge(P(text), move)
        assert ruling.legal and re.search(claim.pattern, ruling.explain()), (claim.name, ruling.explain())


def _planted_concealed():
    """A concealed going out (only North had melded) and one that is not (South had)."""
    text = ("turn: S drawn\nopened: N\nS: KH KH KS KS KD KD KC 4C\nN: 5D\nNS: 8H 8D 8C\n"
            "EW: QH QD QS\npile: 9C\n")
    pos = P(text)
    out = pos.play("meld KH KH KS KS KD KD KC")
    said = Said(out, tutor.Move.parse("discard 4C"), tutor.judge(out, "discard 4C"))
    plain = P(text.replace("opened: N", "opened: N S"))
    out2 = plain.play("meld KH KH KS KS KD KD KC")
    said2 = Said(out2, tutor.Move.parse("discard 4C"), tutor.judge(out2, "discard 4C"))
    return said, said2


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_each_claim_fires_on_a_planted_wrong_sentence(name):
    text, wrong, right = PLANTED[name]
    said = Said(P(text))
    assert name in [n for n, _ in wrong_claims(wrong, said)], (name, wrong)
    assert name not in [n for n, _ in wrong_claims(right, said)], (name, right)


def test_the_concealed_claims_fire_on_planted_wrong_sentences():
    concealed, plain = _planted_concealed()
    assert concealed.after.out_concealed and not plain.after.out_concealed
    assert ("not-concealed", "This is not a concealed going out") in wrong_claims(
        "This is not a concealed going out (100, not 200): you melded before.", concealed)
    assert ("concealed", "You go out concealed") in wrong_claims("You go out concealed: the whole hand.", plain)
    assert not wrong_claims(concealed.ruling.explain(), concealed)
    assert not wrong_claims(plain.ruling.explain(), plain)


def test_every_claim_has_a_planted_mistake():
    assert {c.name for c in CLAIMS} == set(PLANTED) | set(PLANTED_LEGAL) | {"concealed", "not-concealed"}


# ---- the played hands ---------------------------------------------------------------------------

class Staller(Player):
    """A sensible player that never asks and never goes out while it can help it: the
    stock runs out (`hand.end.stock`)."""

    name = "staller"

    def __init__(self, seed: int = 0):
        self.sensible = SensiblePlayer(seed, ask_partner=False)
        self.seed = seed

    def choose(self, pos):
        move = self.sensible.choose(pos)
        if not self._ends(pos, move):
            return move
        for other in legal_moves(pos):
            if other.kind != "ask" and not self._ends(pos, other):
                return other
        return move

    @staticmethod
    def _ends(pos, move) -> bool:
        if move.kind == "ask":
            return True
        if move.kind == "yes":
            return True
        if move.kind in ("meld", "discard", "take"):
            after = tutor.judge(pos, move).after
            if after.phase == "over" and after.out is not None:
                return True
            # a meld down to one card, or of black threes, leads out in this turn
            held = len(after.hand(pos.turn))
            return move.kind != "discard" and (held <= 1 or any(c.is_black_three for c in move.cards))
        return False


def _variants() -> list:
    """The default and each flag's other values, one at a time (the player counts aside)."""
    out = ["default"]
    for flag, values in FLAGS.items():
        if flag in ("players", "three", "six", "cutthroat-canastas"):     # the player counts aside
            continue
        out += [f"{flag}={v}" for v in values[1:]]
    return out


def _hint_sentences(pos) -> tuple:
    """The hint's sentences, about the move it hints (its own `Said`)."""
    h = hint(pos)
    return Said(pos, h.move, h.ruling), [h.reason, h.explanation]


def _sentences(pos, move, ruling) -> list:
    """Every sentence a learner may read before `move` in `pos` (English), the hint aside."""
    seat = pos.actor
    said = []
    said.append(explain_choice(pos, move))
    said.append(ruling.explain())
    said.append(describe(pos.seen_by(seat)))
    said.append(move_words(move, position=pos))
    said.append(move_words(move, position=pos, you=True))
    if ruling.legal and ruling.after.is_over:          # the score sheet the hand ends with
        said += [sheet.text() for sheet in tutor.score_hand(ruling.after).values()]
    return said          # the rule text is general: it is read whole (`_rule_text_whole`)


def _rule_text_whole(rule: str) -> list:
    """The rulebook's sentences of `rule` that the learner's rule text lacks."""
    from rule_text_checks import _aside, _sentences as sentences
    from tutor.engine.rulebook import rule_text
    book = _aside(rule_text(rule))
    if re.fullmatch(r"\w+", book):                  # "As `red3.score`.": the other rule's text
        return []
    learner = _aside(plain_rule_text(rule))
    return [s for s in sentences(book) if s not in learner]


def check_hand(players: dict, seed: int, rules: str, every: int = 1) -> tuple:
    """(sentences checked, [wrong claims]) over a hand played from `deal(seed, rules)`."""
    pos = deal(seed, rules)
    steps = play_on(pos, players, max_moves=3000)
    wrong, count = [], 0
    for i, step in enumerate(steps):
        if i % every:
            continue
        said = Said(step.before, step.move, step.ruling)
        wrong += [(rules, seed, str(step.move), "rule-text", lost, step.ruling.rule, "")
                  for lost in _rule_text_whole(step.ruling.rule)]
        hinted, hint_words = _hint_sentences(step.before)
        for about, sentence in ([(said, x) for x in _sentences(step.before, step.move, step.ruling)]
                                + [(hinted, x) for x in hint_words]):
            count += 1
            for name, words in wrong_claims(sentence, about):
                wrong.append((rules, seed, str(about.move), name, words, sentence,
                              step.before.to_text()))
    return count, wrong, steps[-1].after if steps else pos


KINDS = {"sensible": lambda seed: {s: SensiblePlayer(seed + k) for k, s in enumerate("NESW")},
         "staller": lambda seed: {s: Staller(seed + k) for k, s in enumerate("NESW")},
         "random": lambda seed: {s: RandomPlayer(seed + k) for k, s in enumerate("NESW")}}


@pytest.mark.parametrize("rules", _variants())
def test_the_played_hands_say_only_true_things(rules):
    total, wrong, stock_out = 0, [], 0
    for kind, make in KINDS.items():
        count, bad, final = check_hand(make(1), 1, rules, every=2)
        total += count
        wrong += bad
        stock_out += not final.stock
    assert total > 100
    assert stock_out >= 1, "no hand ran the stock out"
    assert not wrong, "\n\n".join(" | ".join(map(str, w)) for w in wrong[:5])


#: the other player counts (issue 18): a side of one seat (two, three players), two canastas
#: to go out (two, six players), sides of three and of two seats (six players)
COUNTS = ["players=2", "players=3", "players=6", "players=6, six=three-teams"]


def _kinds_for(rules: str) -> dict:
    seats = tutor.Ruleset.parse(rules).format.seats
    return {name: (lambda seed, kind=kind: {s: kind(seed + k) for k, s in enumerate(seats)})
            for name, kind in (("sensible", SensiblePlayer), ("staller", Staller),
                               ("random", RandomPlayer))}


@pytest.mark.parametrize("rules", COUNTS)
def test_the_played_hands_of_every_count_say_only_true_things(rules):
    """Lone players hear "you" (no team, side or partner), and "no canasta yet" is said
    only to a side that has none."""
    total, wrong = 0, []
    for kind, make in _kinds_for(rules).items():
        count, bad, _ = check_hand(make(1), 1, rules, every=2)
        total += count
        wrong += bad
    assert total > 100
    assert not wrong, "\n\n".join(" | ".join(map(str, w)) for w in wrong[:5])


@pytest.mark.slow
@pytest.mark.parametrize("rules", COUNTS)
def test_many_played_hands_of_every_count_say_only_true_things(rules):
    wrong = []
    for seed in range(2, 8):
        for kind, make in _kinds_for(rules).items():
            wrong += check_hand(make(seed), seed, rules)[1]
    assert not wrong, "\n\n".join(" | ".join(map(str, w)) for w in wrong[:5])


@pytest.mark.slow
@pytest.mark.parametrize("rules", _variants())
def test_many_played_hands_say_only_true_things(rules):
    wrong = []
    for seed in range(2, 8):
        for kind, make in KINDS.items():
            wrong += check_hand(make(seed), seed, rules)[1]
    assert not wrong, "\n\n".join(" | ".join(map(str, w)) for w in wrong[:5])


# ---- the lessons' questions -------------------------------------------------------------------

def test_the_lessons_questions_say_only_true_things_of_their_positions():
    """Every prompt, hint and answer of a lesson's question, checked against the position the
    question is asked in (and the ruling of its move)."""
    from tutor.lessons import load_lessons
    wrong, count = [], 0
    for lesson in load_lessons("en"):
        for ex in lesson.exercises:
            try:
                pos = ex.position()
            except Exception:           # a question with no position (a deck question)
                continue
            ruling = tutor.judge(pos, ex.move) if ex.move and ex.kind in ("judge", "outcome") else None
            said = Said(pos, tutor.Move.parse(ex.move) if ruling else None, ruling)
            for sentence in (ex.prompt, ex.reveal, *ex.hints_given):
                count += 1
                wrong += [(lesson.key, ex.id, name, words) for name, words in wrong_claims(sentence, said)]
    assert count > 400
    assert not wrong, wrong


# ---- every legal move: the rule that allows it, in true words (issue 37) ------------------------

#: every player count the engine plays: four, two, three each alone, cutthroat, six in two teams
#: of three and in three teams of two
EVERY_COUNT = ["default", "players=2", "players=3", "players=3, three=cutthroat", "players=6",
               "players=6, six=three-teams"]


def legal_move_faults(pos) -> list:
    """For every legal move listed in `pos`: the ruling must be legal, name a rule other than
    the bare turn step (`turn.meld`: a meld or take cites the rule its cards satisfy), and
    its explanation must make no claim that is false here. [(move, fault)]"""
    from tutor.engine.generate import legal_rulings
    faults = []
    for ruling in legal_rulings(pos):
        move = str(ruling.move)
        if not ruling.legal:
            faults.append((move, f"listed but judged illegal ({ruling.rule})"))
        elif ruling.rule == "turn.meld":
            faults.append((move, "cites only the turn step turn.meld"))
        said = Said(pos, ruling.move, ruling)
        faults += [(move, f"{name}: {words!r} in {ruling.explain()!r}")
                   for name, words in wrong_claims(ruling.explain(), said)]
    return faults


def random_play_faults(rules: str, seeds) -> tuple:
    """(legal moves checked, [faults]) over random hands from `deal(seed, rules)`, every legal
    move listed at every step."""
    import random
    from tutor.engine.generate import legal_moves
    checked, faults = 0, []
    for seed in seeds:
        pos, rng = deal(seed, rules), random.Random(seed)
        while pos.phase != "over":
            moves = legal_moves(pos)
            checked += len(moves)
            faults += [(rules, seed, pos.to_text(), *fault) for fault in legal_move_faults(pos)]
            pos = pos.play(rng.choice(moves))
    return checked, faults


def test_a_planted_turn_step_ruling_is_a_fault(monkeypatch):
    """The check finds a legal meld explained by its turn step alone (as before issue 37)."""
    from tutor.engine import checks
    pos = P(GROUND)
    assert not legal_move_faults(pos)
    monkeypatch.setattr(checks, "_permitting", lambda trial, plan, default: default)
    found = legal_move_faults(pos)
    assert ("meld KD KH KS", "cites only the turn step turn.meld") in found, found


@pytest.mark.parametrize("rules", EVERY_COUNT)
def test_every_listed_legal_move_names_its_rule_in_true_words(rules):
    checked, faults = random_play_faults(rules, range(3))
    assert checked > 500
    assert not faults, "\n\n".join(" | ".join(map(str, f)) for f in faults[:5])


@pytest.mark.slow
@pytest.mark.parametrize("rules", EVERY_COUNT)
def test_every_legal_move_of_200_random_hands_names_its_rule_in_true_words(rules):
    """The issue's measure: 200 random hands at each player count, every legal move listed at
    every step."""
    checked, faults = random_play_faults(rules, range(1000, 1200))
    assert checked > 40000
    assert not faults, "\n\n".join(" | ".join(map(str, f)) for f in faults[:5])


def test_every_legal_move_of_the_lessons_positions_names_its_rule_in_true_words():
    """The lessons' scripted positions: every named table, every question's position, and each
    table's position after every task's example."""
    from tutor.lessons import load_lessons
    from tutor.lessons.tasks import start_positions
    faults, positions = [], 0
    for lesson in load_lessons("en"):
        staged = []
        for name in lesson.positions:
            pos = lesson.position(name)
            tasks = [task for task in lesson.tasks if task.position == name]
            staged += [pos] + (start_positions(pos, tasks) if tasks else [])
        for ex in lesson.exercises:
            try:
                staged.append(ex.position())
            except Exception:           # a question with no position (a deck question)
                continue
        for pos in staged:
            positions += 1
            faults += [(lesson.key, *fault) for fault in legal_move_faults(pos)]
    assert positions > 200
    assert not faults, "\n".join(" | ".join(map(str, f)) for f in faults[:5])
