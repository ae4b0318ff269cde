"""Errors the engine raises. All are `ValueError`s and say in words what is wrong.

An error's message is one of the engine's messages (declared below with `M` / `NM`, see
`tutor.engine.words`): a key and named fields, kept as they are and written only when
asked. ``str(err)`` is the English, ``err.text(lang)`` the same in another language:

    try:
        Position.parse(text)
    except PositionError as err:
        err.line, err.column        # where, counted from 1 (0: not in the text)
        err.key, err.fields         # "error:position.not-a-key", {"key": "foo", "keys": ...}
        err.message                 # the English without where it is
        err.text("sv")              # "rad 3, kolumn 1: …" in Swedish
        err.text("sv", where=False) # the message alone, to frame it in words of your own

An error raised with words instead of a key (``PositionError("…", line, column)``, as the
table does with words already in its language) keeps them as they are in every language.
"""
from __future__ import annotations

from .words import M, NM, MESSAGES, Words

__all__ = ["TutorError", "CardError", "RulesError", "PositionError", "MoveError", "IllegalMove"]


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input.

    `message` is the key of one of the engine's messages, with its `fields`; or a `Words`;
    or another error, whose message this one takes; or words as they are (no fields). The
    words are written only when asked (`str`, `text`, `message`): errors are cheap to raise."""

    def __init__(self, message="", /, **fields):
        if message.__class__ is str and message in MESSAGES:
            self.key, self.fields, self._plain = message, fields, None
        elif isinstance(message, TutorError):
            self.key, self.fields, self._plain = message.key, message.fields, message._plain
        elif isinstance(message, Words):
            self.key, self.fields, self._plain = message.key, message.fields, None
        elif fields:
            raise KeyError(f"no message {message!r} is declared (tutor.engine.errors)")
        else:       # words as they are: the same in every language
            self.key, self.fields, self._plain = None, {}, str(message)

    @property
    def message(self) -> str:
        """The message in English, without where it is."""
        return self.text("en", where=False)

    def text(self, lang: str | None = "en", where: bool = True) -> str:
        """The error in `lang`; with `where`, led by where it is (line, column) as `str` is."""
        if self.key is None:
            return self._plain
        return Words(self.key, **self.fields).text(lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class CardError(TutorError):
    """Text that is not a card."""


def type_name(value) -> str:
    """What a wrong argument is, for a message: its type's name, or None for None."""
    return "None" if value is None else type(value).__name__


def given(value) -> str:
    """A wrong argument as a message names it: its type and value (``str 'seven'``), or
    ``None``; a long value is cut to 40 characters."""
    return "None" if value is None else f"{type(value).__name__} {value!r:.40}"


def echo(text: str, most: int = 40) -> str:
    """`text` as a message quotes it back: whole if short, else its start and an ellipsis
    (a pasted page is not repeated whole)."""
    return text if len(text) <= most else text[:most - 1] + "…"


class RulesError(TutorError):
    """An unknown variant flag or value, or a variant that is not built yet."""


class PositionError(TutorError):
    """Position text that cannot be a position; `.line` and `.column` count from 1."""

    def __init__(self, message="", line: int = 0, column: int = 0, **fields):
        if message.__class__ is str and message in MESSAGES:        # quick: raised in parsing
            self.key, self.fields, self._plain = message, fields, None
        else:
            super().__init__(message, **fields)
        self.line, self.column = line, column

    def text(self, lang: str | None = "en", where: bool = True) -> str:
        message = super().text(lang)
        if where and self.line:
            return Words("error:position.where", line=self.line, column=self.column,
                         message=message).text(lang)
        return message


class MoveError(TutorError):
    """Move text that is not a move at all (an unknown word, a bad card); `.column` from 1."""

    def __init__(self, message="", column: int = 0, **fields):
        if message.__class__ is str and message in MESSAGES:        # quick: raised in parsing
            self.key, self.fields, self._plain = message, fields, None
        else:
            super().__init__(message, **fields)
        self.column = column

    def text(self, lang: str | None = "en", where: bool = True) -> str:
        message = super().text(lang)
        if where and self.column:
            return Words("error:move.where", column=self.column, message=message).text(lang)
        return message


class IllegalMove(TutorError):
    """A well-formed move that the rules forbid here; `.ruling` says which rule and why."""

    def __init__(self, ruling=None):
        super().__init__()
        self.ruling = ruling

    def text(self, lang: str | None = "en", where: bool = True) -> str:
        """The rule id and the ruling's explanation in `lang`."""
        return f"{self.ruling.rule}: {self.ruling.explain(lang or 'en')}"


# ---- the messages -----------------------------------------------------------------------------
# Notation (rule ids in parentheses, 'quoted' text, keys and flags) stays as it is in every
# language; seats, teams and cards are written as the text writes them (N, NS, KH).

M("error:position.where", "line {line}, column {column}: {message}")
M("error:move.where", "column {column}: {message}")

# cards.py, ruleset.py
M("error:card.unknown",
  "'{text}' is not a card: write a rank (A K Q J 10 9 … 2) and a suit (C D H S), like KH or "
  "10D, or JK for a joker")
M("error:card.not-text",
  "a card is text like KH or 10D (JK for a joker), not {type}")
M("error:rules.unknown-flag", "'{name}' is not a variant flag; the flags are {flags}")
M("error:rules.bad-value", "variant flag {name} takes one of {values}, not '{value}'")
M("error:rules.twice",
  "variant flag {name} is given twice, {name}={first} and {name}={value}: keep one")
M("error:rules.only-with",
  "variant flag {name}={value} is played only with {needs}: add {needs}, or leave the flag out")

# notation.py: position text, line by line
M("error:position.not-text", "position text must be a string, not {type}")
M("error:position.not-a-position", "expected a Position or position text, not {type}")
M("error:position.third-card", "a third {card}: the deck holds only {copies} of it (deck.cards)")
M("error:position.fifth-joker", "a fifth joker: the deck holds only {copies} of it (deck.cards)")
M("error:position.too-many-copies",
  "one {card} too many: the {deck}-card deck of {players} players holds only {copies} of it "
  "(players.deck)")
M("error:position.too-many-cards",
  "that makes {total} cards, more than the {deck} of the deck (deck.cards)")
NM("error:position.too-many-unseen",
   "{count} unseen card for {seat}: that makes {total} cards, more than the {deck} of the "
   "deck (deck.cards)",
   "{count} unseen cards for {seat}: that makes {total} cards, more than the {deck} of the "
   "deck (deck.cards)")
M("error:position.stray-in-hand", "'{token}' does not belong in {seat}'s hand")
M("error:position.stray-in-red3", "'{token}' does not belong in {team}'s red threes")
M("error:position.stray-in-pile", "'{token}' does not belong in the pile")
M("error:position.stray-in-stock", "'{token}' does not belong in the stock")
M("error:position.not-a-line", "'{text}' is not a 'key: value' line; the keys are {keys}")
M("error:position.not-a-key", "'{key}' is not a key; the keys are {keys}")
M("error:position.not-at-table",
  "'{key}' is not at this table: {players} players sit at {seats} (players.sides); the keys "
  "are {keys}")
M("error:position.red3-per-seat",
  "'{key}': under red3-four=player each player's red threes have a line of their own "
  "(red3-four); the red threes' keys are {keys}")
M("error:position.red3-per-team",
  "'{key}': red threes lie in front of the team here (red3.score); the red threes' keys are "
  "{keys} (a line per player only with rules: red3-four=player)")
M("error:position.twice", "'{key}' is given twice (first on line {first})")
M("error:position.no-value", "'{key}:' needs a value: {hint}")
# what each key's value is, said when it is missing
M("error:position.hint.rules", "default, or variant flags like black-threes=never")
M("error:position.hint.turn", "the seat and the phase, like 'S draw'")
M("error:position.hint.asked", "-, pending, yes or no")
M("error:position.hint.score", "like 'NS 1200, EW 3100'")
M("error:position.hint.hand", "cards, a number of unseen cards, cards + a number, or - for none")
M("error:position.hint.melds", "melds separated by ';', or - for none")
M("error:position.hint.red3", "red threes, or - for none")
M("error:position.hint.pile", "its cards bottom first, or - for an empty pile")
M("error:position.hint.stock", "rest, cards then '+ rest', 'exactly' and cards, or - for empty")
M("error:position.hint.seats", "seats, or - for none")
M("error:position.hint.ranks", "ranks, or - for none")
M("error:position.hint.yes-no", "yes or no")
M("error:position.hint.out", "the seat that went out")
M("error:position.hint.seed", "a whole number")
M("error:position.hint.lone", "the seat of the lone hand (cutthroat)")
M("error:position.lone-how",
  "'{word}' is too much: 'lone:' names one seat, the lone hand (players.cutthroat)")
M("error:position.not-a-seat", "'{seat}' is not a seat: N, E, S or W")
M("error:position.not-a-seat-here",
  "'{seat}' is not a seat at this table: {players} players sit at {seats} (players.sides)")
M("error:position.not-a-phase", "'{phase}' is not a phase: draw, drawn, melded or over")
M("error:position.turn-too-long",
  "'{word}' is too much: write the seat and the phase, like 'turn: S draw'")
M("error:position.not-an-answer",
  "'{value}' is not an answer to 'may I go out?': write -, pending, yes or no (goout.ask)")
M("error:position.score.not-a-score",
  "'{value}' is not a score: write the running totals like 'score: NS 1200, EW 3100'")
M("error:position.score.not-a-team",
  "'{team}' is not a team: NS or EW; write the running totals like 'score: NS 1200, EW 3100'")
M("error:position.score.not-a-side",
  "'{team}' is not a side at this table: the sides are {sides}; write the running totals of "
  "each")
M("error:position.score.twice",
  "{team} is scored twice; write the running totals like 'score: NS 1200, EW 3100'")
M("error:position.score.not-a-number",
  "'{points}' is not a number of points; write the running totals like "
  "'score: NS 1200, EW 3100'")
M("error:position.score.too-long",
  "'{points}' is too many points: a score has at most {digits} digits")
M("error:position.unseen-after-plus",
  "after '+' write how many unseen cards {seat} holds, like '{seat}: QH QD + 9'")
M("error:position.unseen-too-long",
  "{number} unseen cards for {seat}: more than the {deck} cards of the deck (deck.cards)")
M("error:position.empty-meld",
  "an empty meld in {team}'s melds: write the cards of each meld, ';' between melds, or - "
  "for none")
M("error:position.stray-in-melds",
  "'{token}' does not belong in {team}'s melds: write the cards of each meld, ';' between "
  "melds")
M("error:position.not-a-red-three",
  "{card} is not a red three: only 3H and 3D are laid out in front of a team (red3.dealt)")
M("error:position.stock-exactly-rest",
  "a stock that holds exactly the listed cards has no '+ rest'")
M("error:position.stock-how",
  "write the stock as 'rest', as cards then '+ rest' (like '3H 9C + rest'), as "
  "'exactly 3H 9C', or as - for an empty stock")
M("error:position.opened.not-a-seat", "'{seat}' is not a seat: N, E, S or W (or - for none)")
M("error:position.seat-twice", "{seat} is listed twice")
M("error:position.not-a-meld-rank", "'{rank}' is not a rank that melds: A K Q J 10 9 8 7 6 5 4 3")
M("error:position.rank-twice", "rank {rank} is listed twice")
M("error:position.below-minimum.not-yes-no",
  "'{value}' is not yes or no: 'below-minimum: yes' says the team's first meld was laid this "
  "turn below the minimum (meld.initial)")
M("error:position.out-how", "write 'out: {seat}' or 'out: {seat} concealed'")
M("error:position.not-a-seed", "'{value}' is not a seed: write a whole number, like 'seed: 7'")
M("error:position.seed-too-long", "'{seed}' is too long a seed: at most {digits} digits")

# notation.py: what the lines say together
M("error:position.red-three-in-hand",
  "a red three in a hand: {seat} holds {card}, but a red three is laid out as soon as it is "
  "dealt or drawn (red3.dealt, red3.drawn); put it in a red3 line")
M("error:position.two-melds",
  "{team} has two melds of {rank:plural}: a team has one meld of each rank, and more cards of "
  "it join that meld (meld.one-per-rank)")
M("error:position.opened.no-melds", "{seat} cannot have opened: {team} has no melds")
M("error:position.started.no-meld",
  "{seat} cannot have started a meld of {rank:plural} this turn: {team} has no such meld")
M("error:position.touched.no-meld",
  "{seat} cannot have added to a meld of {rank:plural} this turn: {team} has no such meld")
M("error:position.touched.started",
  "{seat} started the meld of {rank:plural} this turn, so it is not a meld from before this "
  "turn: list it in 'started' only")
M("error:position.below-minimum.how",
  "'below-minimum: yes' says {seat} laid {team}'s first meld this turn: write "
  "'turn: {seat} melded' and list every meld of {team} in 'started'")
M("error:position.below-minimum.opened",
  "'below-minimum: yes' says {team} melded first in this turn, so {seat} cannot have opened "
  "before")
M("error:position.asked.alone",
  "'asked: {value}' cannot be: {seat} plays alone, and a player alone has no partner to ask "
  "\"may I go out?\" (players.sides): write 'asked: -'")
M("error:position.lone.no-melds",
  "{seat} cannot be the lone hand with no melds: the lone hand took the pile first, melding "
  "its top card, or went out (players.cutthroat); write {seat}'s melds, or leave 'lone:' out")
M("error:position.cutthroat.stock-empty",
  "In cutthroat nobody draws from an empty stock: the discard after the last stock card ends "
  "the hand (players.cutthroat); write 'turn: {seat} over', or put cards in the stock")
M("error:position.out.not-over",
  "'out:' says who went out, so the hand must be over: write 'turn: {seat} over'")
M("error:position.out.holds", "{seat} went out, so {seat} holds no cards: write '{seat}: -'")
# (the English of both forms is the same; a language may need two)
NM("error:position.not-mentioned",
   "{seats} not mentioned, so 11 unseen cards each: that makes {total} cards, more than the "
   "{deck} of the deck (deck.cards); write those hands",
   "{seats} not mentioned, so 11 unseen cards each: that makes {total} cards, more than the "
   "{deck} of the deck (deck.cards); write those hands")
NM("error:position.not-mentioned-here",
   "{seats} not mentioned, so {hand} unseen cards each: that makes {total} cards, more than "
   "the {deck} of the deck; write those hands",
   "{seats} not mentioned, so {hand} unseen cards each: that makes {total} cards, more than "
   "the {deck} of the deck; write those hands")
NM("error:position.nowhere",
   "the stock is listed exactly, but {count} card is placed nowhere: {cards}; every card of "
   "the {deck} must be placed (deck.cards), or write '+ rest' after the stock",
   "the stock is listed exactly, but {count} cards are placed nowhere: {cards}; every card of "
   "the {deck} must be placed (deck.cards), or write '+ rest' after the stock")
NM("error:position.unseen-short",
   "{count} unseen hand card missing: the cards the text does not place are too few for the "
   "unseen hands (red threes are never dealt into a hand, red3.dealt)",
   "{count} unseen hand cards missing: the cards the text does not place are too few for the "
   "unseen hands (red threes are never dealt into a hand, red3.dealt)")
NM("error:position.rest-nowhere",
   "the stock is listed exactly, but {count} card is placed nowhere: {cards}{note}; place it, "
   "or write '+ rest' after the stock",
   "the stock is listed exactly, but {count} cards are placed nowhere: {cards}{note}; place "
   "them, or write '+ rest' after the stock")
M("error:position.rest-red-three", " (a red three is never dealt into a hand, red3.dealt)")

# notation.py: a meld that cannot lie on the table (meld_problem)
M("error:meld.red-three",
  "a red three in a meld: {card} is laid out in front of the team, never melded (red3.no-meld)")
M("error:meld.no-natural", "a meld needs a rank: {cards} has no natural card (meld.wild-alone)")
M("error:meld.two-ranks",
  "a meld holds one rank: {first} and {other} cannot meld together (meld.size)")
NM("error:meld.short",
   "a meld of {count} card: {cards}; a meld is at least three cards (meld.size)",
   "a meld of {count} cards: {cards}; a meld is at least three cards (meld.size)")
M("error:meld.one-natural",
  "{cards} has only one natural card: a meld needs at least two (meld.naturals)")
M("error:meld.outnumber",
  "{cards} has {wilds} wild cards: wild cards may not outnumber the {naturals} natural cards "
  "(meld.naturals, variant wilds=not-outnumber)")
M("error:meld.max-wilds",
  "{cards} has {wilds} wild cards: a meld holds at most three wild cards (meld.max-wilds)")
M("error:meld.threes-never",
  "black threes never meld under variant black-threes=never (meld.threes)")
M("error:meld.threes-wild", "a meld of black threes takes no wild card: {cards} (meld.threes)")
M("error:meld.threes-not-out",
  "black threes are melded only in the turn the player goes out: {cards} (meld.threes); "
  "write 'started: 3' or phase over")

# moves.py: move text
M("error:move.not-text", "a move is text like 'draw' or 'meld KH KS 2C', not {type}")
M("error:move.empty", "an empty move: type one of {moves}")
M("error:move.seat-alone", "'{seat}:' needs a move after the seat, like '{seat}: draw'")
M("error:move.unknown", "'{word}' is not a move; the moves are {moves}")
M("error:move.no-cards", "'{kind}' takes no cards")
M("error:move.meld-needs-cards", "'meld' needs cards: meld KH KS 2C")
M("error:move.discard-meld", "'discard' takes a card from your hand, not a meld: discard 9H")
M("error:move.exchange-two",
  "'exchange' takes two cards: the card from hand and the melded wild card")
M("error:move.group-head", "'{head}:' should name a meld's rank, like 'K:'")
M("error:move.group-rank", "'{rank}' is not the rank of a meld (A K Q J 10 … 4 3)")
M("error:move.empty-meld", "an empty meld between ';'")
M("error:move.empty-group",
  "'{group}' lays no card: after a meld's rank come the cards from your hand that join it, "
  "like 'K: KC 2S' (only a take may name the meld its top card joins and add nothing: "
  "'take K:')")
# moves.py: a Move built by hand (Python values, written as Python writes them)
M("error:move.built.kind",
  "{kind} is not a kind of move: a Move's kind is one of {kinds} (Move.parse reads move text)")
M("error:move.built.seat",
  "Move seat {seat}: a seat is one of {seats}, or None for the player to move")
M("error:move.built.groups", "the groups of a {kind} move are a tuple of Group, not {type}")
M("error:move.built.group",
  "a {kind} move holds Group(cards, rank, team) values, not {given}")
M("error:move.built.cards", "the cards of a group are a tuple of cards, not {given}")
M("error:move.built.card",
  "{value} is not a card: a group holds Card values or card text like 'KH'")
M("error:move.built.rank", "{rank} is not the rank of a meld: one of {ranks}")
M("error:move.built.team",
  "Group team {team}: a group aimed at a meld names its rank and may name the side, one of "
  "{sides}")
M("error:move.built.empty-group",
  "an empty group: a group holds cards, or names the meld they join")

# deal.py: the arguments of deal()
M("error:deal.rules",
  "rules must be variant text like 'black-threes=never', 'default' or a Ruleset, not "
  "{given}")
M("error:deal.dealer", "{value} is not a seat: the dealer is one of {seats}")
M("error:deal.seed-whole", "seed must be a whole number, like deal(seed=7), not {given}{hint}")
M("error:game.target",
  "target must be a whole number of points above 0, like Game(target=5000), not {given}")
M("error:game.hand-table",
  "this hand was played at another table (its sides are {hand}; the game's are {game})")
M("error:game.hand-rules",
  "this hand was played under other rules ({hand}; the game's are {game})")
M("error:game.hand-not-over",
  "this hand is not over ({seat} is to play): a game adds a hand only once it has ended (game.end)")
M("error:deal.score-whole",
  "score must be a whole number, like score=(1200, 3100), not {given}{hint}")
M("error:deal.text-hint", " (text: convert it with int() first)")
M("error:deal.score",
  "score must be the two teams' running totals (NS, EW), like score=(1200, 3100), not "
  "{given}")
M("error:deal.score-sides",
  "score must be the running totals of the {sides} sides at this table, one number each, not "
  "{given}")
M("error:deal.score-too-large",
  "score {points} is too large: a running total has at most {digits} digits")
