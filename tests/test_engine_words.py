"""The engine's words through the catalog: every error message and every score-sheet line.

Each error keeps its English (`str(err)`, what NOTATION.md and the tests quote) and carries
its message as a key and named fields, written in any language by `err.text(lang)`; the
score sheet and a game's standing take a language too. Checked here: the English of every
message, exactly; every message reached and written through the catalog (a fake catalog
that marks what it was asked, by context and plural form); the fields of each message as
its English names them; the messages in `tutor.i18n.build.extract()`; plurals for 1 and
many; the error values themselves (wrapping, words as they are, pickling).
"""
from __future__ import annotations

import pickle
import re
import string

import pytest

import tutor
import tutor.i18n
from tutor import Card, Game, Move, Position, Ruleset, deal, score_hand
from tutor.engine import errors, words
from tutor.engine.errors import CardError, IllegalMove, MoveError, PositionError, RulesError, TutorError
from tutor.engine.moves import Group, parse_move
from tutor.engine.position import as_position
from tutor.engine.scoring import LINE_NAMES, TeamSheet
from tutor.engine.words import MESSAGES, Words

EMPTY_HANDS = "N: -\nE: -\nS: -\nW: -\n"


# ---- a fake catalog: what was asked of it, by context and form ------------------------------

class FakeCatalog(tutor.i18n.Translator):
    """A translator that writes each message as ``<context:form|{field} {field}>``: only its
    fields, so any English left in a text did not come through the catalog. Its fields are
    written as the real translator writes them (`Translator.format`, the English glossary)."""

    def __init__(self):
        super().__init__("en")
        self.lang = "xx"
        self.asked = []

    def _fields(self, text):
        return " ".join("{" + name + (":" + spec if spec else "") + "}"
                        for _, name, spec, _ in string.Formatter().parse(text) if name)

    def pgettext(self, context, message):
        self.asked.append((context, None))
        return f"<{context}|{self._fields(message)}>"

    def npgettext(self, context, singular, plural, n):
        form = "one" if n == 1 else "many"
        self.asked.append((context, form))
        return f"<{context}:{form}|{self._fields(singular if n == 1 else plural)}>"

    def gettext(self, message):
        return f"<{message}>"


@pytest.fixture
def fake(monkeypatch):
    catalog = FakeCatalog()
    monkeypatch.setattr(tutor.i18n, "translator", lambda lang=None: catalog)
    return catalog


def _english_left(text: str) -> list:
    """Words of three or more letters outside the fake's markup and its field values."""
    return re.findall(r"[A-Za-z]{3,}", re.sub(r"<[^|<>]*\|", " ", text))


# ---- every error, its English exactly as before -----------------------------------------------

#: (position text, str(PositionError)): one case per message of the notation at least
POSITION_ERRORS = [
    ('turn: S draw\nS: KH KH KH\n',
     'line 2, column 10: a third KH: the deck holds only 2 of it (deck.cards)'),
    ('S: JK JK JK JK JK\n',
     'line 1, column 16: a fifth joker: the deck holds only 4 of it (deck.cards)'),
    ('foo bar\n',
     "line 1, column 1: 'foo bar' is not a 'key: value' line; the keys are rules, turn, asked, score, N, E, S, W, NS, EW, NS red3, EW red3, pile, stock, opened, started, touched, below-minimum, out, seed"),
    ('foo: bar\n',
     "line 1, column 1: 'foo' is not a key; the keys are rules, turn, asked, score, N, E, S, W, NS, EW, NS red3, EW red3, pile, stock, opened, started, touched, below-minimum, out, seed"),
    ('turn: S\nturn: N\n',
     "line 2, column 1: 'turn' is given twice (first on line 1)"),
    ('turn:\n',
     "line 1, column 6: 'turn:' needs a value: the seat and the phase, like 'S draw'"),
    ('rules:\n',
     "line 1, column 7: 'rules:' needs a value: default, or variant flags like black-threes=never"),
    ('asked:\n',
     "line 1, column 7: 'asked:' needs a value: -, pending, yes or no"),
    ('score:\n',
     "line 1, column 7: 'score:' needs a value: like 'NS 1200, EW 3100'"),
    ('N:\n',
     "line 1, column 3: 'N:' needs a value: cards, a number of unseen cards, cards + a number, or - for none"),
    ('NS:\n',
     "line 1, column 4: 'NS:' needs a value: melds separated by ';', or - for none"),
    ('NS red3:\n',
     "line 1, column 9: 'NS red3:' needs a value: red threes, or - for none"),
    ('pile:\n',
     "line 1, column 6: 'pile:' needs a value: its cards bottom first, or - for an empty pile"),
    ('stock:\n',
     "line 1, column 7: 'stock:' needs a value: rest, cards then '+ rest', 'exactly' and cards, or - for empty"),
    ('opened:\n',
     "line 1, column 8: 'opened:' needs a value: seats, or - for none"),
    ('started:\n',
     "line 1, column 9: 'started:' needs a value: ranks, or - for none"),
    ('touched:\n',
     "line 1, column 9: 'touched:' needs a value: ranks, or - for none"),
    ('below-minimum:\n',
     "line 1, column 15: 'below-minimum:' needs a value: yes or no"),
    ('out:\n',
     "line 1, column 5: 'out:' needs a value: the seat that went out"),
    ('seed:\n',
     "line 1, column 6: 'seed:' needs a value: a whole number"),
    ('rules: players=3, three=cutthroat\nlone:\n',
     "line 2, column 6: 'lone:' needs a value: the seat of the lone hand (cutthroat)"),
    ('EW:\n',
     "line 1, column 4: 'EW:' needs a value: melds separated by ';', or - for none"),
    ('EW red3:\n',
     "line 1, column 9: 'EW red3:' needs a value: red threes, or - for none"),
    ('rules: red3-four=player\nNS red3: 3H\n',
     "line 2, column 1: 'NS red3': under red3-four=player each player's red threes have a line "
     "of their own (red3-four); the red threes' keys are N red3, E red3, S red3, W red3"),
    ('N red3: 3H\n',
     "line 1, column 1: 'N red3': red threes lie in front of the team here (red3.score); the red "
     "threes' keys are NS red3, EW red3 (a line per player only with rules: red3-four=player)"),
    ('W:\n',
     "line 1, column 3: 'W:' needs a value: cards, a number of unseen cards, cards + a number, or - for none"),
    ('rules: foo=bar\n',
     "line 1, column 8: 'foo' is not a variant flag; the flags are black-threes, initial-minimum, go-out-without-discard, concealed, wilds, red3-dealt, stock-out, opening, red3-four, players, three, six, cutthroat-canastas"),
    ('rules: wilds=foo\n',
     "line 1, column 8: variant flag wilds takes one of max-three, not-outnumber, not 'foo'"),
    ('rules: players=3, three=cutthroat\nlone: S\n',
     "line 2, column 7: S cannot be the lone hand with no melds: the lone hand took the pile "
     "first, melding its top card, or went out (players.cutthroat); write S's melds, or leave "
     "'lone:' out"),
    ('rules: players=3, three=cutthroat\nlone: S W\n',
     "line 2, column 9: 'W' is too much: 'lone:' names one seat, the lone hand (players.cutthroat)"),
    ('rules: players=2, three=cutthroat\n',
     "line 1, column 19: variant flag three=cutthroat is played only with players=3: add "
     "players=3, or leave the flag out"),
    ('rules: players=2\nturn: N drawn\nasked: pending\n',
     "line 3, column 8: 'asked: pending' cannot be: N plays alone, and a player alone has no "
     "partner to ask \"may I go out?\" (players.sides): write 'asked: -'"),
    ('rules: players=3, three=cutthroat\nturn: E draw\nE: 33\nS: 33\nW: 33\nE melds: 9H 9S 9S\n'
     'S red3: 3D 3D 3H 3H\npile: 5D 9C\nstock: -\n',
     "line 9, column 8: In cutthroat nobody draws from an empty stock: the discard after the "
     "last stock card ends the hand (players.cutthroat); write 'turn: E over', or put cards in "
     "the stock"),
    ('turn: X draw\n',
     "line 1, column 7: 'X' is not a seat: N, E, S or W"),
    ('turn: S fly\n',
     "line 1, column 9: 'fly' is not a phase: draw, drawn, melded or over"),
    ('turn: S draw now\n',
     "line 1, column 14: 'now' is too much: write the seat and the phase, like 'turn: S draw'"),
    ('asked: maybe\n',
     "line 1, column 8: 'maybe' is not an answer to 'may I go out?': write -, pending, yes or no (goout.ask)"),
    ('score: NS\n',
     "line 1, column 8: 'NS' is not a score: write the running totals like 'score: NS 1200, EW 3100'"),
    ('score: XY 100\n',
     "line 1, column 8: 'XY' is not a team: NS or EW; write the running totals like 'score: NS 1200, EW 3100'"),
    ('score: NS 1, NS 2\n',
     "line 1, column 14: NS is scored twice; write the running totals like 'score: NS 1200, EW 3100'"),
    ('score: NS abc\n',
     "line 1, column 11: 'abc' is not a number of points; write the running totals like 'score: NS 1200, EW 3100'"),
    ('score: NS 1234567890123456\n',
     "line 1, column 11: '1234567890123456' is too many points: a score has at most 15 digits"),
    ('N: KH + \n',
     "line 1, column 7: after '+' write how many unseen cards N holds, like 'N: QH QD + 9'"),
    ('N: 1234\n',
     'line 1, column 4: 1234 unseen cards for N: more than the 108 cards of the deck (deck.cards)'),
    ('NS: KH KS KD; ; 9C 9D 9S\n',
     "line 1, column 15: an empty meld in NS's melds: write the cards of each meld, ';' between melds, or - for none"),
    ('NS: KH KS KD,\n',
     "line 1, column 13: ',' does not belong in NS's melds: write the cards of each meld, ';' between melds"),
    ('NS red3: 3H 4C\n',
     'line 1, column 13: 4C is not a red three: only 3H and 3D are laid out in front of a team (red3.dealt)'),
    ('NS red3: 3H + 3D\n',
     "line 1, column 13: '+' does not belong in NS's red threes"),
    ('pile: 4C ; 5C\n',
     "line 1, column 10: ';' does not belong in the pile"),
    ('stock: exactly 4C + rest\n',
     "line 1, column 21: a stock that holds exactly the listed cards has no '+ rest'"),
    ('stock: 4C rest 5C\n',
     "line 1, column 11: write the stock as 'rest', as cards then '+ rest' (like '3H 9C + rest'), as 'exactly 3H 9C', or as - for an empty stock"),
    ('opened: X\n',
     "line 1, column 9: 'X' is not a seat: N, E, S or W (or - for none)"),
    ('opened: N N\nNS: KH KS KD\n',
     'line 1, column 11: N is listed twice'),
    ('started: Z\n',
     "line 1, column 10: 'Z' is not a rank that melds: A K Q J 10 9 8 7 6 5 4 3"),
    ('started: K K\n',
     'line 1, column 12: rank K is listed twice'),
    ('below-minimum: maybe\n',
     "line 1, column 16: 'maybe' is not yes or no: 'below-minimum: yes' says the team's first meld was laid this turn below the minimum (meld.initial)"),
    ('out: S later\n',
     "line 1, column 8: write 'out: S' or 'out: S concealed'"),
    ('seed: x\n',
     "line 1, column 7: 'x' is not a seed: write a whole number, like 'seed: 7'"),
    ('seed: 1' + '0' * 120 + '\n',
     "line 1, column 7: '10000000000000000000000…' is too long a seed: at most 100 digits"),
    ('S: 3H 4C\n',
     'line 1, column 4: a red three in a hand: S holds 3H, but a red three is laid out as soon as it is dealt or drawn (red3.dealt, red3.drawn); put it in a red3 line'),
    ('NS: 3H 4C 5C\n',
     'line 1, column 5: a red three in a meld: 3H is laid out in front of the team, never melded (red3.no-meld)'),
    ('NS: JK 2C 2D\n',
     'line 1, column 5: a meld needs a rank: JK 2C 2D has no natural card (meld.wild-alone)'),
    ('NS: KH QH JH\n',
     'line 1, column 8: a meld holds one rank: KH and QH cannot meld together (meld.size)'),
    ('NS: KH KS\n',
     'line 1, column 5: a meld of 2 cards: KH KS; a meld is at least three cards (meld.size)'),
    ('NS: KH\n',
     'line 1, column 5: a meld of 1 card: KH; a meld is at least three cards (meld.size)'),
    ('NS: KH 2C 2D\n',
     'line 1, column 5: KH 2C 2D has only one natural card: a meld needs at least two (meld.naturals)'),
    ('rules: wilds=not-outnumber\nNS: KH KS 2C 2D 2H\n',
     'line 2, column 17: KH KS 2C 2D 2H has 3 wild cards: wild cards may not outnumber the 2 natural cards (meld.naturals, variant wilds=not-outnumber)'),
    ('NS: KH KS 2C 2D 2H 2S\n',
     'line 1, column 20: KH KS 2C 2D 2H 2S has 4 wild cards: a meld holds at most three wild cards (meld.max-wilds)'),
    ('rules: black-threes=never\nNS: 3C 3S 3C\n',
     'line 2, column 5: black threes never meld under variant black-threes=never (meld.threes)'),
    ('turn: S over\nNS: 3C 3S 2C\n',
     'line 2, column 11: a meld of black threes takes no wild card: 3C 3S 2C (meld.threes)'),
    ('NS: 3C 3S 3C\n',
     "line 1, column 5: black threes are melded only in the turn the player goes out: 3C 3S 3C (meld.threes); write 'started: 3' or phase over"),
    ('NS: KH KS KD; KC KH KS\n',
     'line 1, column 15: NS has two melds of kings: a team has one meld of each rank, and more cards of it join that meld (meld.one-per-rank)'),
    ('opened: N\n',
     'line 1, column 9: N cannot have opened: NS has no melds'),
    ('started: K\n',
     'line 1, column 10: N cannot have started a meld of kings this turn: NS has no such meld'),
    ('touched: K\n',
     'line 1, column 10: N cannot have added to a meld of kings this turn: NS has no such meld'),
    ('turn: S melded\nNS: KH KS KD\nstarted: K\ntouched: K\n',
     "line 4, column 10: S started the meld of kings this turn, so it is not a meld from before this turn: list it in 'started' only"),
    ('below-minimum: yes\n',
     "line 1, column 16: 'below-minimum: yes' says N laid NS's first meld this turn: write 'turn: N melded' and list every meld of NS in 'started'"),
    ('turn: S melded\nNS: KH KS KD\nstarted: K\nbelow-minimum: yes\nopened: N\n',
     "line 5, column 9: 'below-minimum: yes' says NS melded first in this turn, so N cannot have opened before"),
    ('out: S\n',
     "line 1, column 6: 'out:' says who went out, so the hand must be over: write 'turn: N over'"),
    ('turn: S over\nout: S\nS: KH\n',
     "line 2, column 6: S went out, so S holds no cards: write 'S: -'"),
    ('N: ²',
     "line 1, column 4: '²' is not a card: write a rank (A K Q J 10 9 … 2) and a suit (C D H S), like KH or 10D, or JK for a joker"),
    ('N: KH ; 4C\n',
     "line 1, column 7: ';' does not belong in N's hand"),
    ('stock: 4C ; 5C\n',
     "line 1, column 11: ';' does not belong in the stock"),
    # the seats, sides and deck of other player counts (players.sides, players.deck)
    ('rules: players=2\nturn: S draw\nE: 4C\n',
     "line 3, column 1: 'E' is not at this table: 2 players sit at N S (players.sides); the keys are rules, turn, asked, score, N, S, N melds, S melds, N red3, S red3, pile, stock, opened, started, touched, below-minimum, out, seed"),
    ('rules: players=2\nturn: E draw\n',
     "line 2, column 7: 'E' is not a seat at this table: 2 players sit at N S (players.sides)"),
    ('rules: players=6\nturn: S draw\nscore: NS 10\n',
     "line 3, column 8: 'NS' is not a side at this table: the sides are T1 T2; write the running totals of each"),
    ('rules: players=6\nturn: S draw\nS: JH JH JH JH 4C\n',
     'line 3, column 13: one JH too many: the 162-card deck of 6 players holds only 3 of it (players.deck)'),
    ('rules: players=2\nturn: S draw\nS: 95\n',
     'line 1, column 8: N not mentioned, so 15 unseen cards each: that makes 110 cards, more than the 108 of the deck; write those hands'),
]


def _full():
    """A dealt hand's concrete text, its lines, and the stock's cards."""
    text = deal(1).to_text()
    lines = [l for l in text.splitlines() if not l.startswith("stock")]
    stock = [l for l in text.splitlines() if l.startswith("stock")][0].split()[2:]
    return lines, stock


def _without(lines, *keys):
    return [l for l in lines if not l.startswith(keys)]


def _seat_cards(lines, seat):
    return next(l for l in lines if l.startswith(seat + ":")).split()[1:]


def _unseen_short(extra):
    """deal(2) with the red threes taken out and `extra` unseen cards added to N's hand."""
    out = []
    for l in deal(2).to_text().splitlines():
        key, _, value = l.partition(":")
        if key in ("NS red3", "EW red3"):
            l = key + ": -"
        elif key in ("N", "E", "S", "W", "pile", "stock"):
            value = " ".join(t for t in value.split() if t not in ("3H", "3D")) or "-"
            l = key + ": " + value + (extra if key == "N" else "")
        out.append(l)
    return "\n".join(out) + "\n"


def _counted_cases():
    """Texts whose messages count (the unseen cards, the exact stock): built from a deal."""
    lines, stock = _full()
    n = _seat_cards(lines, "N")
    no_n = _without(lines, "N:")
    return [
        (_unseen_short(" + 1"), "line 14, column 8: 1 unseen hand card missing: the cards the text "
         "does not place are too few for the unseen hands (red threes are never dealt into a hand, "
         "red3.dealt)"),
        (_unseen_short(" + 2"), "line 14, column 8: 2 unseen hand cards missing: the cards the text "
         "does not place are too few for the unseen hands (red threes are never dealt into a hand, "
         "red3.dealt)"),
        ("\n".join(no_n) + "\nstock: exactly " + " ".join(stock + n) + "\nN: 1\n",
         "line 15, column 4: 1 unseen card for N: that makes 109 cards, more than the 108 of the "
         "deck (deck.cards)"),
        ("\n".join(no_n) + "\nstock: exactly " + " ".join(stock + n) + "\nN: 3\n",
         "line 15, column 4: 3 unseen cards for N: that makes 111 cards, more than the 108 of the "
         "deck (deck.cards)"),
        ("N: 100\nS: KH KS KD KC QH QS QD QC JH\n",
         "line 2, column 28: that makes 109 cards, more than the 108 of the deck (deck.cards)"),
        ("\n".join(no_n) + "\nstock: exactly " + " ".join(stock + n) + "\n",
         "line 14, column 8: N not mentioned, so 11 unseen cards each: that makes 119 cards, more "
         "than the 108 of the deck (deck.cards); write those hands"),
        ("\n".join(_without(no_n, "E:")) + "\nstock: exactly " + " ".join(
            stock + n + _seat_cards(lines, "E")) + "\n",
         "line 13, column 8: N, E not mentioned, so 11 unseen cards each: that makes 130 cards, "
         "more than the 108 of the deck (deck.cards); write those hands"),
        ("\n".join(lines) + "\nstock: exactly " + " ".join(stock[1:]) + "\n",
         "line 15, column 8: the stock is listed exactly, but 1 card is placed nowhere: 9S; every "
         "card of the 108 must be placed (deck.cards), or write '+ rest' after the stock"),
        ("\n".join(lines) + "\nstock: exactly " + " ".join(stock[5:]) + "\n",
         "line 15, column 8: the stock is listed exactly, but 5 cards are placed nowhere: AS 9S 9S "
         "7H 4C; every card of the 108 must be placed (deck.cards), or write '+ rest' after the "
         "stock"),
        ("\n".join(no_n) + "\nstock: exactly " + " ".join(stock[1:]) + "\n",
         "line 14, column 8: the stock is listed exactly, but 1 card is placed nowhere: JC; place "
         "it, or write '+ rest' after the stock"),
        ("\n".join(no_n) + "\nstock: exactly " + " ".join(stock[2:]) + "\n",
         "line 14, column 8: the stock is listed exactly, but 2 cards are placed nowhere: QD 8H; "
         "place them, or write '+ rest' after the stock"),
        ("\n".join(_without(lines, "N:", "NS red3", "EW red3")) + "\nN: 11\nstock: exactly "
         + " ".join(stock) + "\n",
         "line 13, column 8: the stock is listed exactly, but 3 cards are placed nowhere: 3D 3H 3H "
         "(a red three is never dealt into a hand, red3.dealt); place them, or write '+ rest' "
         "after the stock"),
    ]


#: (move text, str(MoveError))
MOVE_ERRORS = [
    ('', 'an empty move: type one of draw, take, meld, discard, ask, yes, no'),
    ('   ', 'an empty move: type one of draw, take, meld, discard, ask, yes, no'),
    ('N:', "column 3: 'N:' needs a move after the seat, like 'N: draw'"),
    ('fly', "column 1: 'fly' is not a move; the moves are draw, take, meld, discard, ask, yes, no"),
    ('draw KH', "column 6: 'draw' takes no cards"),
    ('meld', "column 1: 'meld' needs cards: meld KH KS 2C"),
    ('discard K: 9H', "column 1: 'discard' takes a card from your hand, not a meld: discard 9H"),
    ('exchange KH', "column 1: 'exchange' takes two cards: the card from hand and the melded wild card"),
    ('meld KH X Y: 2C', "column 6: 'KH X Y:' should name a meld's rank, like 'K:'"),
    ('meld Z: 2C', "column 6: 'Z' is not the rank of a meld (A K Q J 10 … 4 3)"),
    ('meld ZZ', "column 6: 'ZZ' is not a card: write a rank (A K Q J 10 9 … 2) and a suit (C D H S), like KH or 10D, or JK for a joker"),
    ('meld KH;;', "column 9: an empty meld between ';'"),
    ('meld KH KS KC; 8:', "column 16: '8:' lays no card: after a meld's rank come the cards from your "
     "hand that join it, like 'K: KC 2S' (only a take may name the meld its top card joins and add "
     "nothing: 'take K:')"),
    ('S: meld', "column 4: 'meld' needs cards: meld KH KS 2C"),
    ('ask 9H', "column 5: 'ask' takes no cards"),
    (5, "a move is text like 'draw' or 'meld KH KS 2C', not int"),
    (None, "a move is text like 'draw' or 'meld KH KS 2C', not None"),
]

#: (a Move built by hand, str(MoveError))
BUILT_MOVES = [
    (lambda: Move("fly"), "'fly' is not a kind of move: a Move's kind is one of draw, take, meld, "
     "discard, ask, yes, no, exchange (Move.parse reads move text)"),
    (lambda: Move("draw", (), "X"), "Move seat 'X': a seat is one of N, NE, E, SE, S, SW, W, NW, or "
     "None for the player to move"),
    (lambda: Move("meld", "KH"), "the groups of a meld move are a tuple of Group, not str"),
    (lambda: Move("meld", (5,)), "a meld move holds Group(cards, rank, team) values, not int 5"),
    (lambda: Move("meld", (Group("KH"),)), "the cards of a group are a tuple of cards, not str 'KH'"),
    (lambda: Move("meld", (Group((5,)),)), "5 is not a card: a group holds Card values or card "
     "text like 'KH'"),
    (lambda: Move("meld", (Group(("ZZ",)),)), "'ZZ' is not a card: write a rank (A K Q J 10 9 … 2) "
     "and a suit (C D H S), like KH or 10D, or JK for a joker"),
    (lambda: Move("meld", (Group(("KH",), "Z"),)), "'Z' is not the rank of a meld: one of A K Q J "
     "10 9 8 7 6 5 4 3"),
    (lambda: Move("meld", (Group(("KH",), None, "NS"),)), "Group team 'NS': a group aimed at a meld "
     "names its rank and may name the side, one of NS, EW, N, S, E, W, T1, T2, T3, WS, ES"),
    (lambda: Move("meld", (Group((), None),)), "an empty group: a group holds cards, or names the "
     "meld they join"),
    (lambda: Move("draw", (Group(("KH",)),)), "'draw' takes no cards"),
    (lambda: Move("meld", [], None), "'meld' needs cards: meld KH KS 2C"),
    (lambda: Move("discard", (Group(("KH",), "K"),)), "'discard' takes a card from your hand, not "
     "a meld: discard 9H"),
    (lambda: Move("exchange", (Group(("KH",)),)), "'exchange' takes two cards: the card from hand "
     "and the melded wild card"),
]

#: (a call with bad arguments, its error class, str(error))
API_ERRORS = [
    (lambda: Card(None), CardError, "a card is text like KH or 10D (JK for a joker), not None"),
    (lambda: Game(target=0), TutorError, "target must be a whole number of points above 0, like "
     "Game(target=5000), not int 0"),
    (lambda: Game().add_hand(deal(seed=1, rules="players=2")), TutorError,
     "this hand was played at another table (its sides are N, S; the game's are NS, EW)"),
    # a hand in progress: its score is not the hand's (it was added to the totals)
    (lambda: Game(rules="players=2").add_hand(deal(seed=1, rules="players=2")), TutorError,
     "this hand is not over (N is to play): a game adds a hand only once it has ended (game.end)"),
    # the same seats (E, S, W), another game: three each alone into a cutthroat game
    (lambda: Game(rules="players=3, three=cutthroat").add_hand(
        "rules: players=3\nturn: S over\nout: S\nS: -\nS melds: 9C 9D 9H\nE: 4C\nW: 5D"), TutorError,
     "this hand was played under other rules (players=3; the game's are players=3, three=cutthroat)"),
    (lambda: deal(seed=1, rules="players=6", dealer="X"), TutorError,
     "'X' is not a seat: the dealer is one of N, NE, SE, S, SW, NW"),
    (lambda: Ruleset.parse("players=2, players=3"), RulesError, "variant flag players is given "
     "twice, players=2 and players=3: keep one"),
    (lambda: Ruleset(three="cutthroat"), RulesError, "variant flag three=cutthroat is played "
     "only with players=3: add players=3, or leave the flag out"),
    (lambda: Card("ZZ"), CardError, "'ZZ' is not a card: write a rank (A K Q J 10 9 … 2) and a "
     "suit (C D H S), like KH or 10D, or JK for a joker"),
    (lambda: Ruleset.parse("x=y"), RulesError, "'x' is not a variant flag; the flags are "
     "black-threes, initial-minimum, go-out-without-discard, concealed, wilds, red3-dealt, "
     "stock-out, opening, red3-four, players, three, six, cutthroat-canastas"),
    (lambda: Ruleset.parse("wilds=3"), RulesError, "variant flag wilds takes one of max-three, "
     "not-outnumber, not '3'"),
    (lambda: deal(seed=1, rules="players=3, three=cutthroat", score=(0, 0)), TutorError,
     "score must be the running totals of the 3 sides at this table, one number each, not "
     "tuple (0, 0)"),
    (lambda: deal(seed="7"), TutorError, "seed must be a whole number, like deal(seed=7), not str "
     "'7' (text: convert it with int() first)"),
    (lambda: deal(seed=None), TutorError, "seed must be a whole number, like deal(seed=7), not None"),
    (lambda: Card("Z" * 500), CardError, "'" + "Z" * 39 + "…' is not a card: write a rank (A K Q J 10 "
     "9 … 2) and a suit (C D H S), like KH or 10D, or JK for a joker"),
    (lambda: deal(seed=7.5), TutorError, "seed must be a whole number, like deal(seed=7), not "
     "float 7.5"),
    (lambda: deal(rules=5), TutorError, "rules must be variant text like 'black-threes=never', "
     "'default' or a Ruleset, not int 5"),
    (lambda: deal(dealer="X"), TutorError, "'X' is not a seat: the dealer is one of N, E, S, W"),
    (lambda: deal(score=5), TutorError, "score must be the two teams' running totals (NS, EW), "
     "like score=(1200, 3100), not int 5"),
    (lambda: deal(score=(1, "2")), TutorError, "score must be a whole number, like score=(1200, "
     "3100), not str '2' (text: convert it with int() first)"),
    (lambda: deal(score=(10 ** 20, 0)), TutorError, "score 1e+20 is too large: a running total "
     "has at most 15 digits"),
    (lambda: deal(rules="players=3", score=(1, 2)), TutorError, "score must be the running "
     "totals of the 3 sides at this table, one number each, not tuple (1, 2)"),
    (lambda: as_position(5), TutorError, "expected a Position or position text, not int"),
    (lambda: Position.parse(b"x"), PositionError, "position text must be a string, not bytes"),
]


def _raised(fn):
    with pytest.raises(TutorError) as info:
        fn()
    return info.value


def _every_error():
    """(the error, its English) for every case above."""
    out = [(_raised(lambda: Position.parse(text)), want)
           for text, want in POSITION_ERRORS + _counted_cases()]
    out += [(_raised(lambda: parse_move(text)), want) for text, want in MOVE_ERRORS]
    out += [(_raised(lambda: Move.parse(build())), want) for build, want in BUILT_MOVES]
    out += [(_raised(fn), want) for fn, _, want in API_ERRORS]
    return out


@pytest.mark.parametrize("text, want", POSITION_ERRORS)
def test_position_errors_read_as_before(text, want):
    err = _raised(lambda: Position.parse(text))
    assert str(err) == want == err.text("en")
    assert want == f"line {err.line}, column {err.column}: {err.message}"


def test_counted_position_errors_read_as_before_with_the_right_plural():
    for text, want in _counted_cases():
        err = _raised(lambda: Position.parse(text))
        assert str(err) == want, text


@pytest.mark.parametrize("text, want", MOVE_ERRORS)
def test_move_errors_read_as_before(text, want):
    err = _raised(lambda: parse_move(text))
    assert isinstance(err, MoveError) and str(err) == want == err.text("en")
    assert want == (f"column {err.column}: " if err.column else "") + err.message


@pytest.mark.parametrize("build, want", BUILT_MOVES)
def test_built_move_errors_read_as_before(build, want):
    assert str(_raised(lambda: Move.parse(build()))) == want


@pytest.mark.parametrize("call, cls, want", API_ERRORS)
def test_api_errors_read_as_before(call, cls, want):
    err = _raised(call)
    assert type(err) is cls and str(err) == want == err.message


def test_every_error_message_is_reached():
    """The cases above raise every error message the engine declares."""
    reached = {err.key for err, _ in _every_error()}
    for err, _ in _every_error():
        reached |= {v.key for v in err.fields.values() if isinstance(v, Words)}
    declared = {k for k in MESSAGES if k.startswith("error:")}
    declared -= {"error:position.where", "error:move.where"}       # the frame of every message
    assert declared - reached == set()


# ---- through the catalog, in any language ------------------------------------------------------

def test_every_error_is_written_through_the_catalog(fake):
    """In another language no word of an error's English is left: each message, its frame
    (line, column) and its pieces come from the catalog, by their key."""
    for err, english in _every_error():
        said = err.text("xx")
        assert f"<{err.key}" in said, (english, said)
        if getattr(err, "line", 0):
            assert said.startswith("<error:position.where|"), said
        elif getattr(err, "column", 0):
            assert said.startswith("<error:move.where|"), said
        values = [str(v) for v in err.fields.values() if not isinstance(v, Words)]
        values += [fake.word("rank", v, "plural") for v in values]     # {rank:plural}: the glossary's
        left = [w for w in _english_left(said) if w not in " ".join(values)]
        assert not left, (english, said, left)
        assert err.text("xx", where=False) != said or not (getattr(err, "line", 0) or
                                                           getattr(err, "column", 0))


def test_each_error_has_exactly_the_fields_its_english_names():
    for err, english in _every_error():
        template = MESSAGES[err.key]
        forms = template if isinstance(template, tuple) else (template,)
        names = {name for text in forms for _, name, _, _ in string.Formatter().parse(text) if name}
        if isinstance(template, tuple):
            names.add("count")                  # chooses the form (it may not be written)
        assert set(err.fields) == names, (err.key, sorted(err.fields), sorted(names))


def test_plural_errors_choose_their_form_by_the_count(fake):
    one = _raised(lambda: Position.parse("NS: KH\n"))
    two = _raised(lambda: Position.parse("NS: KH KS\n"))
    assert (one.key, one.fields["count"], two.fields["count"]) == ("error:meld.short", 1, 2)
    assert one.text("xx") == "<error:position.where|1 5 <error:meld.short:one|1 KH>>"
    assert two.text("xx") == "<error:position.where|1 5 <error:meld.short:many|2 KH KS>>"


def test_the_messages_are_in_the_catalog_template():
    """`python -m tutor.i18n.build update` will find every message, with its key as context
    and both forms of a plural one (the M and NM markers are Babel keywords)."""
    from tutor.i18n.build import extract
    catalog = extract()
    for key, english in MESSAGES.items():
        msgid = english[0] if isinstance(english, tuple) else english
        found = catalog.get(msgid, context=key)
        assert found is not None, key
        assert (tuple(found.id) if isinstance(english, tuple) else found.id) == english, key
    for name in LINE_NAMES.values():
        assert catalog.get(name) is not None, name


def test_errors_in_swedish_fall_back_to_english_until_translated():
    """A message with no translation yet reads in English (gettext's fallback), never fails."""
    err = _raised(lambda: Position.parse("foo: bar\n"))
    said = err.text("sv")
    assert said.endswith(err.text("sv", where=False)) and "'foo'" in said


# ---- the error values --------------------------------------------------------------------------

def test_an_error_keeps_its_key_fields_and_where():
    err = _raised(lambda: Position.parse("turn: S draw\nturn: N\n"))
    assert (err.key, err.fields, err.line, err.column) == (
        "error:position.twice", {"key": "turn", "first": 1}, 2, 1)
    assert err.message == "'turn' is given twice (first on line 1)"
    assert repr(err) == f"PositionError({str(err)!r})"
    assert isinstance(err, ValueError)


def test_a_wrapped_error_keeps_the_message_of_the_error_it_wraps():
    card = _raised(lambda: Card("ZZ"))
    err = PositionError(card, 3, 4)
    assert (err.key, err.fields) == (card.key, card.fields)
    assert str(err) == f"line 3, column 4: {card}"
    move = MoveError(card, 5)
    assert str(move) == f"column 5: {card}"


def test_words_given_as_they_are_stay_in_every_language(fake):
    """The table raises PositionError with words already in its language: kept as they are,
    led by where they are in the language asked."""
    err = PositionError("KH ei ole kädessä", 2, 3)
    assert err.key is None and err.fields == {}
    assert err.text("xx") == "<error:position.where|{line} {column} {message}>".format(
        line=2, column=3, message="KH ei ole kädessä")
    assert err.text("xx", where=False) == "KH ei ole kädessä"
    assert str(TutorError("plain")) == "plain" and str(PositionError("plain")) == "plain"


def test_words_given_as_they_are_read_in_english_with_where():
    assert str(PositionError("KH ei ole kädessä", 2, 3)) == "line 2, column 3: KH ei ole kädessä"
    assert str(MoveError("as is", 4)) == "column 4: as is"
    with pytest.raises(KeyError):
        TutorError("not a declared message", field=1)


def test_errors_pickle_with_their_message():
    for err, english in _every_error()[:5] + [(PositionError("as is", 1, 2), "line 1, column 2: as is")]:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == english


def test_an_illegal_move_is_explained_in_the_language_asked():
    pos = Position.parse("turn: S draw\nS: KH JK 7D 7C 9S 4H 4D 10C QS JD 6H\n"
                         "NS: 8C 8D 8S\npile: 5C 2H 6S KD\n")
    with pytest.raises(IllegalMove) as info:
        pos.play("take KH JK")
    err = info.value
    assert str(err) == f"pile.take.frozen: {err.ruling.explain()}"
    assert err.text("sv") == f"pile.take.frozen: {err.ruling.explain('sv')}" != str(err)
    assert "fryst" in err.text("sv")


# ---- the score sheet ---------------------------------------------------------------------------

FINAL = """turn: S drawn
S: 9H 9D 9C 4C
N: 5D 7C
E: 4H 4S 10C
W: JK 6D
NS: AH AH AD AD AS AS AC; KH KS KD
NS red3: 3H
EW: QH QD QS; 8H 8D 2C
pile: 6C
"""


def _final():
    return Position.parse(FINAL).play("meld 9H 9D 9C").play("discard 4C")


def test_the_sheet_in_english():
    sheet = score_hand(_final())
    assert sheet["NS"].text() == "\n".join([
        "NS",
        "    +100  South went out  (score.going-out)",
        "    +500  1 natural canasta × 500  (score.canastas)",
        "    +100  1 red three × 100  (score.red-threes)",
        "    +200  13 cards in the melds  (score.table)",
        "     -10  2 cards left in North and South's hands  (score.hand)",
        "    +890  total"])
    assert [w for _, _, w in sheet["EW"].items] == ["6 cards in the melds",
                                                     "5 cards left in East and West's hands"]


@pytest.mark.parametrize("text, team, words", [
    (EMPTY_HANDS + "NS: KH KH KS KS KD KD KC", "NS", "1 natural canasta × 500"),
    (EMPTY_HANDS + "NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC", "NS", "2 natural canastas × 500"),
    (EMPTY_HANDS + "NS: KH KH KS KS KD KD JK", "NS", "1 mixed canasta × 300"),
    (EMPTY_HANDS + "NS: KH KH KS KS KD KD JK; QH QH QS QS QD QD 2C", "NS", "2 mixed canastas × 300"),
    (EMPTY_HANDS + "NS: KH KH KS KS KD KD JK; 8C 8C 8D 8D 8H 8H 8S", "NS",
     "1 natural canasta × 500 + 1 mixed canasta × 300"),
    (EMPTY_HANDS + "EW red3: 3H\nEW: 9C 9D 9H", "EW", "1 red three × 100"),
    (EMPTY_HANDS + "EW red3: 3H 3D 3D\nEW: 9C 9D 9H", "EW", "3 red threes × 100"),
    (EMPTY_HANDS + "EW red3: 3H", "EW", "1 red three × 100, minus: the team has melded nothing"),
    (EMPTY_HANDS + "EW red3: 3H 3D", "EW", "2 red threes × 100, minus: the team has melded nothing"),
    (EMPTY_HANDS + "EW red3: 3H 3H 3D 3D\nEW: 9C 9D 9H", "EW", "all four red threes"),
    (EMPTY_HANDS + "EW red3: 3H 3H 3D 3D", "EW", "all four red threes, minus: the team has melded nothing"),
    # a player alone is named, not called a team (two players, three each alone, cutthroat)
    ("rules: players=2\nturn: S drawn\nS: 4C\nS red3: 3H 3D\npile: 9C", "S",
     "2 red threes × 100, minus: South has melded nothing"),
    ("rules: players=2\nturn: S drawn\nS: 4C\nN red3: 3H", "N", "1 red three × 100, minus: North has melded nothing"),
    ("rules: players=3\nturn: S drawn\nS: 4C\nW red3: 3H 3D 3H 3D\npile: 9C", "W",
     "all four red threes, minus: West has melded nothing"),
    ("rules: players=3, three=cutthroat\nturn: S drawn\nS: 4C\nE red3: 3H 3D\npile: 9C", "E",
     "2 red threes × 100, minus: East has melded nothing"),
])
def test_sheet_lines_with_a_count_say_one_and_many_right(text, team, words):
    rule = "score.red-threes" if "red3" in text else "score.canastas"
    items = {r: w for r, _, w in score_hand(Position.parse(text))[team].items}
    assert items[rule] == words


def test_cards_on_the_table_and_in_hand_one_and_many():
    one = score_hand(Position.parse("N: 4C\nE: -\nS: -\nW: -\nNS: 7C 7D 7H"))["NS"]
    assert [w for _, _, w in one.items] == ["3 cards in the melds",
                                            "1 card left in North and South's hands"]
    ew = score_hand(Position.parse("N: -\nE: 4C 5C\nS: -\nW: -\nEW: -"))["EW"]
    assert [w for _, _, w in ew.items] == ["0 cards in the melds",
                                           "2 cards left in East and West's hands"]


def test_every_sheet_line_is_written_through_the_catalog(fake):
    pos = _final().replace(out_concealed=True)
    sheet = score_hand(pos)["NS"]
    said = sheet.text("xx")
    for line in said.splitlines()[1:]:
        assert re.fullmatch(r" +[+-]\d+  <sheet:[^<>]*>(  \(\S+\))?", line), line
    assert "<sheet:going-out|South>" in said and "<sheet:concealed|South>" in said
    assert "<sheet:natural-canastas:one|1 500>" in said
    assert "<sheet:table:many|13>" in said and "<sheet:hand:many|2 North South>" in said
    assert sheet.text() == score_hand(pos)["NS"].text("en")       # the English is the sheet's own


def test_a_sheet_in_another_language():
    pos = _final()
    en, sv = score_hand(pos), score_hand(pos, lang="sv")
    for team in ("NS", "EW"):
        assert sv[team].lines == en[team].lines and sv[team].total == en[team].total
        assert sv[team].lang == "sv" and sv[team].items == en[team].items_in("sv")
        assert sv[team].text() == en[team].text("sv")
        assert en[team].items_in() == en[team].items_in("en") == en[team].items
    assert "Syd" in sv["NS"].text() and "South" not in sv["NS"].text()     # the glossary's seats
    assert sv["NS"].items[0][2].startswith("Syd")


def test_line_names_cover_every_line_a_sheet_has():
    seen = set()
    for text in ("turn: S over\nout: S concealed\n" + EMPTY_HANDS + "NS: KH KH KS KS KD KD 2C\n"
                 "NS red3: 3H",):
        for sheet in score_hand(Position.parse(text)).values():
            seen |= {rule for rule, _ in sheet.lines}
    assert seen == set(LINE_NAMES)
    assert LINE_NAMES["score.hand"] == "cards left in hand"


# ---- a game's standing -------------------------------------------------------------------------

# a hand over with nobody out (the stock ran out): a game adds only a hand that has ended
EVEN = "turn: S over\n" + EMPTY_HANDS + ("NS: KH KH KS KS KD KD KC; QH QH QS QS QD QD QC\nNS red3: 3H 3H\n"
                      "EW: JH JH JS JS JD JD JC; 10H 10H 10S 10S 10D 10D 10C\nEW red3: 3D 3D\n")


def test_game_result_in_english_one_and_many_hands():
    game = Game()
    assert game.result_text() == "NS 0, EW 0 after 0 hands: the game goes on to 5000 (game.end)"
    game.add_hand(Position.parse(EVEN))
    assert game.result_text() == "NS 1340, EW 1340 after 1 hand: the game goes on to 5000 (game.end)"
    game.add_hand(Position.parse(EVEN))
    assert game.result_text() == "NS 2680, EW 2680 after 2 hands: the game goes on to 5000 (game.end)"
    for _ in range(2):
        game.add_hand(Position.parse(EVEN))
    assert game.result_text() == "NS 5360, EW 5360: a drawn game (game.end)"


def test_game_result_through_the_catalog(fake):
    game = Game()
    game.add_hand(Position.parse(EVEN))
    assert game.result_text("xx") == "<game:goes-on:one|1340 1340 1 5000>"
    game.totals = (5560, 5360)
    assert game.result_text("xx") == "<game:won|5560 5360 NS 200>"
    game.totals = (5000, 5000)
    assert game.result_text("xx") == "<game:drawn|5000 5000>"
