"""Explanations in words, from message templates with named fields.

Each check carries a template key and fields (cards, ranks, numbers). The English
templates are written here, each with its key: ``T(key, english)``. A translation lives in
the language's gettext catalog (``tutor/i18n/locale/<lang>/LC_MESSAGES/tutor.po``), where
the key is the message's context; the catalog is read through `tutor.i18n`. Sentence
pieces that change with the situation are parts: ``P(name, english)``, and ``NP(name,
singular, plural)`` where a count decides the form (``ngettext``); a part's name is its
context in the catalog (template keys have a "/", part names none). A template whose
grammar changes with a number is ``NT(key, singular, plural, by)``: the field `by` (a count,
or a list of cards: "{cards} is" / "{cards} are", Finnish "korttia, jota" / "kortteja,
joita") chooses the form.

Format specs name how a field is written, from the language's glossary
(``tutor/i18n/glossary/<lang>.toml``): ``{rank:plural}`` → "kings", ``{rank:name}`` →
"king", ``{seat:name}`` → "North", ``{card:kind}`` → "wild card", ``{top:rank_plural}`` →
the plural of the card's rank, ``{cards:is_are}`` → "is" or "are"; a language may use more
forms of its own (Finnish cases: ``{seat:gen}``), each listed in its glossary. Without a
spec, cards are written as "K♥, K♠ and a joker". The fields are written by the tutor's one
formatter, `tutor.i18n.Translator.format` (the engine's other messages and the table's
words use it too).
"""
from __future__ import annotations

from ..i18n import translator

#: key -> the English template (the message id; the key is the catalog's context)
TEMPLATES: dict[str, str] = {}
#: name -> the English part: a string, or (singular, plural) for a part chosen by a count
PARTS: dict[str, str | tuple[str, str]] = {}
#: the suffix of a template's (or part's) key said to a player alone (two or three players:
#: a side of one seat, `players.sides`): "you" where the team's words say "your team"
ALONE = "~alone"


def T(key: str, english: str) -> None:
    """Declare the template of a check's message (extracted into the catalogs by Babel)."""
    TEMPLATES[key] = english


def P(name: str, english: str) -> None:
    """Declare a sentence piece that a template's field is filled with."""
    PARTS[name] = english


def NP(name: str, singular: str, plural: str) -> None:
    """Declare a sentence piece whose form depends on a count (gettext's ngettext)."""
    PARTS[name] = (singular, plural)


#: key -> (the English plural, the field that counts) of a template declared with NT
COUNTED: dict[str, tuple[str, str]] = {}


def NT(key: str, singular: str, plural: str, by: str) -> None:
    """Declare a template whose form a number decides (npgettext): the field `by`, a count
    or a list of cards (its length). Where the English reads right for both numbers its
    two forms are the same text, and a language whose grammar changes still has two."""
    TEMPLATES[key] = singular
    COUNTED[key] = (plural, by)


def _number(value) -> int:
    """The number a field counts: a list's length, or the number itself."""
    return len(value) if isinstance(value, (tuple, list)) else int(value)


# the hand and the seats
T("hand.end.out/over",
  "The hand is over: {seat:name} went out. Score it, then deal the next hand.")
T("hand.end.stock/over-staged",
  "The hand is over, as this position says: no more moves. Score it, then deal the next hand.")
T("hand.end.stock/over",
  "The hand is over: the stock ran out. Score it, then deal the next hand.")
T("turn.order/not-yours",
  "It is {turn:name}'s turn, not {seat:name}'s: only the player whose turn it is may act.")
T("turn.order/answer",
  "Only {expected:name}, the partner of the player who asked, answers \"may I go out?\" — not {seat:name}.")
T("turn.order/answer-next",
  "Only {expected:name}, the partner who plays next after {turn:name}, answers \"may I go out?\" — not {seat:name}.")
T("turn.draw/already",
  "You have already drawn this turn; a turn begins with exactly one draw or one take of the pile. Now meld or discard.")
T("turn.draw/first",
  "Draw first: a turn begins by drawing from the stock or taking the pile; nothing else may happen before that.")
T("red3.drawn/again",
  "The top card of the stock is a red three ({card}): it is laid out for your team at once and you draw again.")
T("red3.drawn/again-several",
  "The top cards of the stock are red threes ({cards}): each is laid out for your team at once and you draw again.")
T("hand.end.stock/red3-last",
  "The last card of the stock is a red three ({card}): it is laid out and scores as usual, and the hand ends — the stock is empty.")
T("hand.end.stock/red3-last-several",
  "The last cards of the stock are red threes ({cards}): they are laid out and score as usual, and the hand ends — the stock is empty.")
T("turn.draw/ok",
  "You draw the top card of the stock ({stock_left}). A turn begins with a draw.")
T("red3.dealt/on-turn!",
  "At this table red threes are laid out on the player's turn: you lay out {cards} for your team now, {replacement}.")
NT("turn.own-cards/missing",
   "{cards} {cards:is_are} not in your hand: you can only play cards from your own hand, each card once.",
   "{cards} {cards:is_are} not in your hand: you can only play cards from your own hand, each card once.", by="cards")
T("turn.meld/ok",
  "After drawing you may meld: {laid}.")
NT("turn.discard/one-card",
   "A turn ends with exactly one card discarded; you offer {count} ({cards}).",
   "A turn ends with exactly one card discarded; you offer {count} ({cards}).", by="count")
T("turn.discard/last",
  "You discard {card}, the last discard of the hand.")
T("turn.discard/ok",
  "You discard {card}: a turn ends with exactly one card discarded, face up on the pile. {next:name} plays next.{note}")
# other player counts (players.*)
T("players.draw-two/ok",
  "You draw two cards from the stock ({stock_left}): with two players each turn draws two and still ends with one discard.")
T("players.draw-two/ok-red3",
  "You draw two cards from the stock; {cards} {cards:is_are} laid out in front of you at once and replaced ({stock_left}). With two players each turn draws two and still ends with one discard.")
T("players.draw-two/short",
  "Only one card is left in the stock: you take it and play on ({stock_left}).")
T("players.draw-two/short-red3",
  "The stock runs out as you draw: {cards} {cards:is_are} laid out in front of you, you take the one card left and play on ({stock_left}).")
T("players.two-canastas/short",
  "With {players} players going out needs two canastas, and your side has {have}: you may not go out yet; keep a card to discard.")
T("players.two-canastas/ok!",
  "Your side has {canastas_of}, and going out needs two canastas with {players} players.")
T("players.two-canastas/keep-one!",
  "Your side has {canastas_of}, and going out needs two canastas with {players} players: so you may meld down to one card, {card}, and go out by discarding it.")
# cutthroat for three (players.cutthroat)
T("players.draw-two/ok-cutthroat",
  "You draw two cards from the stock ({stock_left}): in cutthroat each turn draws two and still ends with one discard.")
T("players.draw-two/ok-red3-cutthroat",
  "You draw two cards from the stock; {cards} {cards:is_are} laid out in front of you at once and replaced ({stock_left}). In cutthroat each turn draws two and still ends with one discard.")
T("players.cutthroat/lone!",
  "{seat:name} is the first to take the pile, so {seat:name} now plays alone, and {first:name} and {second:name} are partners for the rest of the hand.")
T("players.cutthroat/stock-end!",
  "The stock is gone and nobody went out: in cutthroat this discard ends the hand.")
T("players.cutthroat/two-canastas-short",
  "In cutthroat going out needs two canastas, and your side has {have}: you may not go out yet; keep a card to discard.")
T("players.cutthroat/two-canastas!",
  "Your side has {canastas_of}, and going out needs two canastas in cutthroat.")
T("players.cutthroat/keep-one!",
  "Your side has {canastas_of}, and going out needs two canastas in cutthroat: so you may meld down to one card, {card}, and go out by discarding it.")
T("meld.initial/short-own",
  "In cutthroat your own score decides your first meld: it must count at least {minimum} points (your score is {score}); these cards count {points}.{taking_note}")
T("meld.initial/ok-own!",
  "It is your side's first meld: {points} points reach the minimum of {minimum} for your own score of {score}, which decides in cutthroat.")
T("meld.initial/ok-own!~alone",
  "It is your first meld: {points} points reach the minimum of {minimum} for your own score of {score}, which decides in cutthroat.")
T("players.sides/alone",
  "You play alone, so there is no partner to ask \"may I go out?\": go out whenever the rules allow it.")
# the empty stock
T("hand.end.stock/ends",
  "The stock is empty and you do not take the pile, so the hand ends here. Nobody went out, so nobody scores the going-out bonus.")
T("hand.end.stock/must-take",
  "The stock is empty, the pile is not frozen and its top card {top} fits your team's meld of {top:rank_plural}: you must take it.")
T("hand.end.stock/ends-at-once",
  "At this table the hand ends as soon as the player to draw finds the stock empty: the pile is not taken. Nobody went out, so nobody scores the going-out bonus.")
T("hand.end.stock/ends-variant",
  "At this table the hand ends as soon as the player to draw finds the stock empty: the pile cannot be taken then.")
# the pile
T("pile.empty/empty",
  "The discard pile is empty, so there is nothing to take. Draw from the stock.")
T("pile.empty/no-stock",
  "The discard pile is empty, so there is nothing to take, and the stock is empty too: the hand ends.")
T("pile.black-three/blocked",
  "A black three ({top}) lies on top of the pile: it blocks the next player, nobody may take the pile until another card covers it.")
T("pile.take.top-natural/wild",
  "The top card of the pile is {top}, a {top:kind}: the pile can only be taken when its top card is a natural card other than a three.")
T("pile.one-card/one",
  "You hold a single card ({card}) and the pile is a single card ({top}): a player with one card may not take a one-card pile.")
T("pile.frozen.wild/frozen!",
  "The pile holds {frozen_by}, laid crosswise, so it is frozen for everybody until it is taken.")
T("pile.frozen.team/frozen!",
  "Your team has not melded yet in this hand, so the pile is frozen for you.")
T("pile.frozen.team/frozen-player!",
  "At this table each player opens alone: you have not melded yet in this hand, so the pile is frozen for you.")
NT("pile.take.frozen/short",
   "{why}You offer {offered}, but a frozen pile needs two natural {rank:plural} from your hand to meld with the top {top}; wild cards do not help.",
   "{why}You offer {offered}, but a frozen pile needs two natural {rank:plural} from your hand to meld with the top {top}; wild cards do not help.", by="offered")
T("pile.take.frozen/ok",
  "{why}You meld the top {top} with {naturals_from_hand}. You take the whole pile.")
NT("pile.take.unfrozen/pair",
   "The top {top} with {offered} from your hand makes a meld of {rank:plural}; the pile is not frozen, so {pair} enough. You take the whole pile.",
   "The top {top} with {offered} from your hand makes a meld of {rank:plural}; the pile is not frozen, so {pair} enough. You take the whole pile.", by="offered")
T("pile.take.unfrozen/to-meld",
  "The pile is not frozen and your team already has a meld of {rank:plural}: the top {top} joins it{with_note} and you take the whole pile.")
NT("pile.take.unfrozen/short",
   "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your team's {rank:name} meld. You offer {offered}.",
   "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your team's {rank:name} meld. You offer {offered}.", by="offered")
T("pile.take.whole/keep-top",
  "Taking the pile means melding its top card {top} at once — you cannot take it to keep for later. Your team has no meld of {rank:plural} and you offer no cards to meld it with.")
T("pile.black-three/covered",
  "The black three {three} no longer blocks: the {top} covers it, and the block lasts only while the black three is on top.")
T("meld.one-per-rank/theirs-too",
  "The opponents have a meld of {rank:plural}, but that does not stop you: each team has its own meld of a rank.")
NT("meld.naturals/take-wilds",
   "The top {top} with {offered} would be a new meld with only one natural card; a meld needs at least two naturals, so wild cards never start a meld with the top card. (Your team has no meld of {rank:plural} for the top card to join.)",
   "The top {top} with {offered} would be a new meld with only one natural card; a meld needs at least two naturals, so wild cards never start a meld with the top card. (Your team has no meld of {rank:plural} for the top card to join.)", by="offered")
# melds
NT("meld.size/take-rank",
   "The top card is {top}; {cards} cannot meld with it: a meld is cards of one rank.",
   "The top card is {top}; {cards} cannot meld with it: a meld is cards of one rank.", by="cards")
T("meld.size/take-aim",
  "The top card is {top}: taking the pile melds it, and it cannot join a meld of {rank:plural}, since a meld is cards of one rank.")
T("meld.size/mixed-ranks",
  "A meld is cards of a single rank; these mix {ranks:plural}. Lay each rank as a meld of its own.")
T("meld.size/short",
  "A new meld needs at least three cards; {cards} {cards:is_are} only {n_cards}, and your team has no meld of {rank:plural} to add to.")
T("meld.size/short-theirs",
  "A new meld needs at least three cards; {cards} {cards:is_are} only {n_cards}. The meld of {rank:plural} on the table is {team:name}'s, and you may not add to it: {own:name} may start a meld of {rank:plural} of their own, with three cards.")
NT("meld.naturals/one",
   "A meld needs at least two natural cards; among {cards} there is only {naturals} natural {rank:name}.",
   "A meld needs at least two natural cards; among {cards} there are only {naturals} natural {rank:plural}.",
   by="naturals")
T("meld.naturals/outnumber",
  "At this table wild cards may not outnumber the natural cards: the {rank:name} meld would hold {wilds} wild cards and {naturals} naturals.")
T("meld.max-wilds/too-many",
  "The {rank:name} meld would hold {wilds} wild cards; a meld holds at most three wild cards for its whole life{canasta_note}.")
T("meld.max-wilds/too-many-new",
  "A new meld of {rank:plural} would hold {wilds} wild cards ({wild_cards}); a meld holds at most three wild cards.")
T("meld.max-wilds/at-limit",
  "The {rank:name} meld now holds 3 wild cards and {naturals} natural cards: that is allowed, and it is the limit — a meld never takes a fourth wild card.")
T("meld.naturals/two",
  "Two natural {rank:plural} with {wild_cards} make a meld: a meld needs at least two natural cards, and this one has them.")
T("meld.wild-alone/alone",
  "You try to meld {cards} — {alone}: wild cards are never melded on their own.{how}")
T("meld.wild-alone/no-meld",
  "Your team has no meld of {rank:plural}, so {cards} cannot join one: a wild card added later must join an existing meld of your team.{theirs_note}{order_note}")
T("meld.wild-fixed/melded",
  "{cards} {cards:is_are} already in a meld: a melded wild card stays there for good, it can never be moved or used again.")
T("meld.wild-fixed/exchange",
  "A melded wild card ({wild}) can never be taken back or exchanged for a natural card, whatever you offer for it ({cards}).")
T("meld.wild-fixed/exchange-none",
  "Wild cards are never exchanged: a melded wild card can never be taken back for a natural card, whatever you offer for it ({cards}); and no meld on the table holds {wild}.")
NT("meld.one-per-rank/joined!",
   "Your team already has a meld of {ranks:plural}: the card joins it, since a team has one meld per rank.",
   "Your team already has a meld of {ranks:plural}: the cards join it, since a team has one meld per rank.",
   by="cards")
T("meld.one-per-rank/joined-several!",
  "Your team already has melds of {ranks:plural}: the cards join them, since a team has one meld per rank.")
T("meld.own-team/no-side",
  "“{name}” names no side at this table, so no meld of it: a meld is named by its side, here {sides}.")
T("turn.order/no-seat",
  "There is no seat {seat} at this table: the seats here are {seats}.")
T("meld.own-team/theirs",
  "The {rank:name} meld belongs to {team:name}: you may add only to your own team's melds.")
NT("meld.threes/never",
   "At this table black threes are never melded, not even to go out: {cards} cannot be laid.",
   "At this table black threes are never melded, not even to go out: {cards} cannot be laid.", by="cards")
T("meld.threes/wild",
  "A meld of black threes takes no wild cards ({wilds}).")
NT("meld.threes/not-out",
   "Black threes may be melded only in the turn you go out, and after this meld you could not go out this turn with the {left} card left.",
   "Black threes may be melded only in the turn you go out, and after this meld you could not go out this turn with the {left} cards left.", by="left")
T("meld.threes/no-canasta",
  "Black threes may be melded only in the turn you go out, and your team has no canasta, so you cannot go out this turn.")
T("meld.threes/must-go-out!",
  "You must now go out this turn: black threes may be melded only in the turn you go out.")
T("meld.threes/must-go-out",
  "You melded black threes this turn, which is allowed only in the turn you go out: this move would keep you in.")
NT("meld.threes/short",
   "Black threes are melded only as three or four of them, in the turn you go out; {cards} {cards:is_are} too few.",
   "Black threes are melded only as three or four of them, in the turn you go out; {cards} {cards:is_are} too few.", by="cards")
T("red3.no-meld/played",
  "{cards} {red_what}: red threes are bonus cards, laid out at once — never melded, held or discarded.")
T("red3.no-meld/played-on-turn",
  "{cards} {red_what}: red threes are bonus cards, never melded or discarded. At this table a red three is laid out on its player's turn, when the player draws or takes the pile.")
T("meld.threes/ok!",
  "Black threes may be melded because you go out this turn.")
T("meld.initial/short",
  "Your team's first meld of the hand must count at least {minimum} points (your team's score is {score}); these cards count {points}.{taking_note}")
T("meld.initial/short-player",
  "At this table each player opens alone: your own first meld of the hand must count at least {minimum} points (your team's score is {score}); these cards count {points}.{taking_note}")
T("meld.initial/ok-player!",
  "At this table each player opens alone: it is your first meld, and {points} points reach the minimum of {minimum} for your team's score of {score}.")
T("meld.initial/ok!",
  "It is your team's first meld: {points} points reach the minimum of {minimum} for a score of {score}.")
T("meld.initial/concealed!",
  "Only {points} points, below the first meld's minimum of {minimum}, but going out concealed after drawing from the stock needs no minimum.")
T("meld.initial/concealed-later!",
  "Only {points} points, below the first meld's minimum of {minimum}: allowed, because you drew from the stock and can still go out concealed this turn, and going out concealed needs no minimum. Now you must go out this turn: meld the rest of your hand (keeping at most one card to discard); a move that keeps you in is refused.")
T("meld.initial/must-go-out",
  "Your team's first meld, laid this turn, did not reach the minimum of {minimum}; that is allowed only for going out concealed this turn, and this move would keep you in. Meld the rest of your hand, keeping at most one card to discard.")
T("red3.from-pile/laid!",
  "The pile held {cards}: a red three found in the pile is laid out for your team, with no replacement.")
# canastas
T("canasta.mixed/now",
  "{wilds_join} your natural canasta of {rank:plural}: it is allowed, and the canasta becomes mixed (300 instead of 500).")
T("meld.size/new!",
  "{cards} make a meld of {rank:plural}: a meld is three or more cards of one rank, and these are {n_cards}.")
T("meld.max-wilds/within!",
  "The meld of {rank:plural} holds {wild_cards} and {n_naturals}: within the limits, since a meld needs at least two natural cards and holds at most three wild cards.")
T("meld.naturals/not-outnumber!",
  "The meld of {rank:plural} holds {wild_cards} and {n_naturals}: at this table wild cards may not outnumber the natural cards, and these do not.")
T("canasta.size/grows!",
  "The meld of {rank:plural} is a canasta already and now holds {n_cards}: a meld has no upper size limit.")
T("canasta.size/complete!",
  "With {size} cards the meld of {rank:plural} is now a canasta: {kind}.")
# going out
T("goout.canasta/none",
  "Your team has no canasta yet, so you may not go out: keep a card to discard.")
T("goout.canasta/ok!",
  "Your team has {canastas_of}, so going out is allowed.")
T("goout.canasta/keep-one!",
  "Your team has {canastas_of}, so you may meld down to one card, {card}, and go out by discarding it.")
T("goout.last-card/ok",
  "You discard your last card, {card}, and go out: the hand ends.")
T("goout.no-discard/ok",
  "You meld every card and go out without a discard: the hand ends.")
T("goout.no-discard/whole-canasta",
  "At this table you may meld your whole hand without a discard only when this turn lays a new meld of seven or more cards wholly from your hand; keep a card to discard.")
T("goout.no-discard/concealed-only",
  "At this table you may meld your whole hand without a discard only when going out concealed; keep a card to discard.")
T("goout.concealed/ok",
  "You meld your whole hand in one turn, with a canasta, having melded nothing before: you go out concealed (100 + 100).")
T("goout.concealed/ok!",
  "You go out concealed: the whole hand in one turn, with a canasta (100 + 100).")
T("goout.concealed/ok-two",
  "You meld your whole hand in one turn, with two canastas, having melded nothing before: you go out concealed (100 + 100).")
T("goout.concealed/ok-two!",
  "You go out concealed: the whole hand in one turn, with two canastas (100 + 100).")
T("goout.concealed/not!",
  "This is not a concealed going out (100, not 200): {reason}.")
T("goout.concealed/spoiled!",
  "Adding to your team's meld of {ranks:plural}, laid before this turn, means you cannot go out concealed this turn.")
T("goout.keep-one/one-left",
  "Your team has no canasta yet, so you may not go out and may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.binding/no",
  "Your partner answered no: you may not go out this turn.")
T("goout.binding/no-black-threes",
  "Your partner answered no, so you may not go out this turn, and black threes may be melded only in the turn you go out.")
T("goout.binding/no-keep-one",
  "Your partner answered no, so you may not go out this turn: you may not meld down to a single card ({card}), since after your discard a card must stay in your hand.")
T("goout.binding/yes",
  "Your partner answered yes, so you must go out this turn; this move would leave you unable to.")
T("goout.binding/impossible!",
  "Your partner said yes, but you cannot go out this turn, and could not when you asked either, so play goes on (clubs charge 100).")
T("goout.binding/answered",
  "{partner:name} has already answered {given:name} to {turn:name}'s \"may I go out?\": the answer binds for this turn and is not given again.")
T("goout.binding/answer",
  "{partner:name} answers {answer:name}; the answer binds {seat:name} for this turn.")
T("goout.ask/ok",
  "You may ask {partner:name} \"may I go out?\" now, right after drawing and before melding; the answer will bind you.")
T("goout.ask/before-draw",
  "Ask after drawing or taking the pile, not before.")
T("goout.ask/too-late",
  "Too late to ask: the question is allowed only right after drawing, before melding anything else this turn.")
T("goout.ask/one-card",
  "You hold a single card ({card}) after taking the pile, and that is the one time you may not ask: a binding \"no\" would leave you no legal move, since discarding or melding your last card empties your hand.")
T("goout.ask/twice",
  "You have asked already this turn (the answer was {answer:name}): at most once a turn.")
T("goout.ask/answer",
  "The question \"may I go out?\" is waiting for its answer, so the partner may answer {answer:name}.")
T("goout.ask/pending",
  "You asked \"may I go out?\": {partner:name} must answer yes or no first.")
T("turn.order/nobody-asked",
  "Nobody asked \"may I go out?\", so there is nothing to answer {answer:name} to: it is {turn:name}'s turn, and only a partner answering the question may speak out of turn.")

# ---- the parts: pieces of sentences that depend on the situation -------------------------
P("pair.naturals", "two naturals are")
P("pair.mixed", "a natural and a wild card are")
P("discard.black-three", " A black three on top blocks the next player from taking the pile.")
P("discard.wild", " A wild card in the pile freezes it for everybody.")
P("max-wilds.canasta", ", even after it became a canasta")
P("wild-alone.theirs", " The meld of that rank on the table is the opponents'.")
NP("order.later", " The groups of one action are laid left to right, each judged where it is laid: lay the meld of {rank:plural} first, then add the wild card.",
   " The groups of one action are laid left to right, each judged where it is laid: lay the meld of {rank:plural} first, then add the wild cards.")
NP("order.later-any", " The groups of one action are laid left to right, each judged where it is laid: put the wild card after the meld it should join.",
   " The groups of one action are laid left to right, each judged where it is laid: put the wild cards after the meld they should join.")
NP("wild-alone.add", " Add it to your team's meld of the rank it should join, or meld it with two or more natural cards of one rank.",
   " Add them to your team's meld of the rank they should join, or meld them with two or more natural cards of one rank.")
NP("wild-alone.new", " Meld it with two or more natural cards of one rank: your team has no meld yet to add it to.",
   " Meld them with two or more natural cards of one rank: your team has no meld yet to add them to.")
NP("initial.taking", " Only the top card {top} counts, not the card under it.",
   " Only the top card {top} counts, not the {pile_rest} cards under it.")
P("initial.taking.alone", " The top card {top} is the only card of the pile.")
P("initial.canasta", " A canasta's bonus does not count toward the minimum: only the cards' points do.")
P("frozen.wilds", " and {cards}")
P("frozen.pair", "two natural {rank:plural} from your hand ({pair}){wild_note}, which is what a frozen pile needs")
P("frozen.more", "{count} natural {rank:plural} from your hand ({pair}){wild_note}; a frozen pile needs two of them")
NP("to-meld.with", ", with {cards} from your hand,", ", with {cards} from your hand,")
NP("mixed.wilds", "The wild card ({cards}) joins", "The {count} wild cards ({cards}) join")
P("canasta.natural", "a natural canasta, 500 besides its cards")
P("canasta.mixed", "a mixed canasta, 300 besides its cards")
P("not-concealed.touched", "you added to your team's meld of {ranks:plural}, laid before this turn")
P("not-concealed.canasta", "the canasta is not one of the melds you laid this turn")
P("not-concealed.canastas", "a concealed going out must lay both canastas in this turn, and the melds you laid this turn do not hold two canastas")
P("not-concealed.team", "at this table your partner must not have melded before in the hand either, and {partner:name} had")
NP("cards", "{count} card", "{count} cards")
NP("stock.left", "{count} card is left there", "{count} cards are left there")
P("stock.left.none", "it is empty now")
NP("canastas.have", "{count} canasta", "{count} canastas")
NP("canastas.of", "a canasta of {ranks:plural}", "canastas of {ranks:plural}")
NP("naturals", "{count} natural card", "{count} natural cards")
P("canastas.none", "none")
NP("red3.replace", "with a replacement from the stock", "with a replacement from the stock for each while it lasts")
P("red3.no-replacement", "with no replacement: the stock is empty")
NP("wild-cards", "a wild card", "{count} wild cards")
NP("alone", "a wild card alone", "wild cards only")
NP("red3", "is a red three", "are red threes")

# ---- said to a player alone (two or three players, `players.sides`): "you", not "your team"
T("red3.drawn/again~alone",
  "The top card of the stock is a red three ({card}): it is laid out in front of you at once and you draw again.")
T("red3.drawn/again-several~alone",
  "The top cards of the stock are red threes ({cards}): each is laid out in front of you at once and you draw again.")
T("red3.dealt/on-turn!~alone",
  "At this table red threes are laid out on the player's turn: you lay out {cards} in front of you now, {replacement}.")
T("hand.end.stock/must-take~alone",
  "The stock is empty, the pile is not frozen and its top card {top} fits your meld of {top:rank_plural}: you must take it.")
T("pile.frozen.team/frozen!~alone",
  "You have not melded yet in this hand, so the pile is frozen for you.")
T("pile.take.unfrozen/to-meld~alone",
  "The pile is not frozen and you already have a meld of {rank:plural}: the top {top} joins it{with_note} and you take the whole pile.")
NT("pile.take.unfrozen/short~alone",
   "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your {rank:name} meld. You offer {offered}.",
   "To take the pile you must meld its top card {top} at once: with two {rank:plural} from hand, or one {rank:name} and a wild card, or on your {rank:name} meld. You offer {offered}.", by="offered")
T("pile.take.whole/keep-top~alone",
  "Taking the pile means melding its top card {top} at once — you cannot take it to keep for later. You have no meld of {rank:plural} and you offer no cards to meld it with.")
NT("meld.naturals/take-wilds~alone",
   "The top {top} with {offered} would be a new meld with only one natural card; a meld needs at least two naturals, so wild cards never start a meld with the top card. (You have no meld of {rank:plural} for the top card to join.)",
   "The top {top} with {offered} would be a new meld with only one natural card; a meld needs at least two naturals, so wild cards never start a meld with the top card. (You have no meld of {rank:plural} for the top card to join.)", by="offered")
T("meld.size/short~alone",
  "A new meld needs at least three cards; {cards} {cards:is_are} only {n_cards}, and you have no meld of {rank:plural} to add to.")
T("meld.wild-alone/no-meld~alone",
  "You have no meld of {rank:plural}, so {cards} cannot join one: a wild card added later must join a meld you already have.{theirs_note}{order_note}")
T("meld.one-per-rank/theirs-too~alone",
  "An opponent has a meld of {rank:plural}, but that does not stop you: each player has a meld of a rank of their own.")
NT("meld.one-per-rank/joined-partners!",
   "The card joins your side's meld of {ranks:plural}; where you and your partner each hold a meld of a rank, it joins your own unless you name your partner's.",
   "The cards join your side's meld of {ranks:plural}; where you and your partner each hold a meld of a rank, they join your own unless you name your partner's.",
   by="cards")
NT("meld.one-per-rank/joined!~alone",
   "You already have a meld of {ranks:plural}: the card joins it, since a player has one meld per rank.",
   "You already have a meld of {ranks:plural}: the cards join it, since a player has one meld per rank.",
   by="cards")
T("meld.one-per-rank/joined-several!~alone",
  "You already have melds of {ranks:plural}: the cards join them, since a player has one meld per rank.")
T("meld.own-team/theirs~alone",
  "The {rank:name} meld belongs to {team:name}: you may add only to your own melds.")
T("meld.threes/no-canasta~alone",
  "Black threes may be melded only in the turn you go out, and you have no canasta, so you cannot go out this turn.")
T("meld.initial/short~alone",
  "Your first meld of the hand must count at least {minimum} points (your score is {score}); these cards count {points}.{taking_note}")
T("meld.initial/ok!~alone",
  "It is your first meld: {points} points reach the minimum of {minimum} for a score of {score}.")
T("meld.initial/must-go-out~alone",
  "Your first meld, laid this turn, did not reach the minimum of {minimum}; that is allowed only for going out concealed this turn, and this move would keep you in. Meld the rest of your hand, keeping at most one card to discard.")
T("red3.from-pile/laid!~alone",
  "The pile held {cards}: a red three found in the pile is laid out in front of you, with no replacement.")
T("goout.canasta/none~alone",
  "You have no canasta yet, so you may not go out: keep a card to discard.")
T("goout.canasta/ok!~alone",
  "You have {canastas_of}, so going out is allowed.")
T("goout.canasta/keep-one!~alone",
  "You have {canastas_of}, so you may meld down to one card, {card}, and go out by discarding it.")
T("goout.concealed/spoiled!~alone",
  "Adding to your meld of {ranks:plural}, laid before this turn, means you cannot go out concealed this turn.")
T("goout.keep-one/one-left~alone",
  "You have no canasta yet, so you may not go out and may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.keep-one/one-left-two",
  "With {players} players going out needs two canastas, and your side has {have}: you may not go out, so you may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.keep-one/one-left-two~alone",
  "With {players} players going out needs two canastas, and you have {have}: you may not go out, so you may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.keep-one/one-left-cutthroat",
  "In cutthroat going out needs two canastas, and your side has {have}: you may not go out, so you may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("goout.keep-one/one-left-cutthroat~alone",
  "In cutthroat going out needs two canastas, and you have {have}: you may not go out, so you may not meld down to a single card: after your discard at least one card must stay in your hand.")
T("players.two-canastas/short~alone",
  "With {players} players going out needs two canastas, and you have {have}: you may not go out yet; keep a card to discard.")
T("players.two-canastas/ok!~alone",
  "You have {canastas_of}, and going out needs two canastas with {players} players.")
T("players.two-canastas/keep-one!~alone",
  "You have {canastas_of}, and going out needs two canastas with {players} players: so you may meld down to one card, {card}, and go out by discarding it.")
T("players.cutthroat/two-canastas!~alone",
  "You have {canastas_of}, and going out needs two canastas in cutthroat.")
T("players.cutthroat/keep-one!~alone",
  "You have {canastas_of}, and going out needs two canastas in cutthroat: so you may meld down to one card, {card}, and go out by discarding it.")
NP("wild-alone.add~alone", " Add it to your meld of the rank it should join, or meld it with two or more natural cards of one rank.",
   " Add them to your meld of the rank they should join, or meld them with two or more natural cards of one rank.")
NP("wild-alone.new~alone", " Meld it with two or more natural cards of one rank: you have no meld yet to add it to.",
   " Meld them with two or more natural cards of one rank: you have no meld yet to add them to.")
P("not-concealed.touched~alone", "you added to your meld of {ranks:plural}, laid before this turn")


def _part(name: str, t, n: int | None = None, **fields) -> str:
    """A part in words; `n` chooses the form of a part declared with NP."""
    english = PARTS[name]
    if isinstance(english, tuple):
        text = t.npgettext(name, english[0], english[1], n)
    else:
        text = t.pgettext(name, english)
    return t.format(text, **fields)


def _derived(key: str, fields: dict, t) -> dict:
    """Extra fields some templates need, computed from the check's own fields."""
    f = dict(fields)
    if key.startswith("pile.take.frozen"):
        cause = ("pile.frozen.wild/frozen!" if "frozen_by" in f else
                 "pile.frozen.team/frozen-player!" if f.get("player") else "pile.frozen.team/frozen!")
        f["why"] = _render(cause, fields, t) + " "
    if key == "pile.take.unfrozen/pair":
        both_natural = f["naturals"] >= 2 and not f["wilds"]
        f["pair"] = _part("pair.naturals" if both_natural else "pair.mixed", t)
    if key == "turn.meld/ok":
        f["laid"] = "; ".join(t.write(cards) for _, cards in f["laid"])
    if key == "turn.discard/ok":
        f["note"] = (_part("discard.black-three", t) if f["black_three"] else
                     _part("discard.wild", t) if f["wild"] else "")
    if key == "meld.max-wilds/too-many":
        f["canasta_note"] = _part("max-wilds.canasta", t) if f["canasta"] else ""
    if key == "meld.wild-alone/no-meld":
        f["theirs_note"] = _part("wild-alone.theirs", t) if f.get("theirs") else ""
        f["order_note"] = (_part("order.later", t, len(f["cards"]), rank=f["rank"])
                           if f.get("later") else "")
    if key in ("meld.initial/short", "meld.initial/short-player", "meld.initial/short-own"):
        rest = f["pile_rest"]
        if not f["taking"]:
            f["taking_note"] = ""
        elif rest:
            f["taking_note"] = _part("initial.taking", t, rest, top=f["top"], pile_rest=rest)
        else:
            f["taking_note"] = _part("initial.taking.alone", t, top=f["top"])
        if f.get("canasta"):
            f["taking_note"] += _part("initial.canasta", t)
    if key == "meld.naturals/two":
        n = f["wilds"]
        f["wild_cards"] = _part("wild-cards", t, n, count=n)
    if key == "meld.wild-alone/alone":
        n = len(f["cards"])
        f["alone"] = _part("alone", t, n)
        f["how"] = (_part("order.later-any", t, n) if f.get("later") else
                    _part(("wild-alone.add" if f.get("team_melds") else "wild-alone.new")
                          + (ALONE if f.get("player_alone") else ""), t, n))
    if key in ("meld.max-wilds/within!", "meld.naturals/not-outnumber!"):
        f["wild_cards"] = _part("wild-cards", t, f["wilds"], count=f["wilds"])
        f["n_naturals"] = _part("naturals", t, f["naturals"], count=f["naturals"])
    if "ranks" in f and "canastas" in f:      # the side's canastas (checks.goout_canasta)
        f["canastas_of"] = _part("canastas.of", t, len(f["ranks"]), ranks=f["ranks"])
    if key in ("meld.size/short", "meld.size/short-theirs", "meld.size/new!", "canasta.size/grows!"):
        n = f["size"]
        f["n_cards"] = _part("cards", t, n, count=n)
    if key.startswith("players.draw-two/"):
        n = f["left"]
        f["stock_left"] = _part("stock.left", t, n, count=n) if n else _part("stock.left.none", t)
    if (key.startswith("players.two-canastas/") or key.startswith("players.cutthroat/two-")
            or key.startswith("goout.keep-one/one-left-")):
        n = f["canastas"]
        f["have"] = _part("canastas.have", t, n, count=n) if n else _part("canastas.none", t)
    if key == "turn.draw/ok":
        # the stock as the player sees it after the draw (`left`: with the red threes held
        # under red3-dealt=on-turn replaced); given only the stock before it, a plain draw
        n = f["left"] if "left" in f else f["stock"] - 1
        f["stock_left"] = _part("stock.left", t, n, count=n) if n else _part("stock.left.none", t)
    if key == "pile.take.frozen/ok":
        naturals = tuple(c for c in f["offered"] if c.is_natural)
        wilds = tuple(c for c in f["offered"] if c.is_wild)
        f["naturals_from_hand"] = _part(
            "frozen.pair" if len(naturals) == 2 else "frozen.more", t, count=len(naturals),
            rank=f["rank"], pair=naturals,
            wild_note=_part("frozen.wilds", t, cards=wilds) if wilds else "")
    if key == "pile.take.unfrozen/to-meld":
        offered = f["offered"]
        f["with_note"] = _part("to-meld.with", t, len(offered), cards=offered) if offered else ""
    if key == "canasta.mixed/now":
        n = len(f["wilds"])
        f["wilds_join"] = _part("mixed.wilds", t, n, count=n, cards=f["wilds"])
    if key == "canasta.size/complete!":
        f["kind"] = _part("canasta.mixed" if f["mixed"] else "canasta.natural", t)
    if key == "goout.concealed/not!":
        why = "not-concealed." + f["why"]
        why += ALONE if f.get("player_alone") and why + ALONE in PARTS else ""
        f["reason"] = _part(why, t, ranks=f.get("ranks", ()),
                            partner=f.get("partner"))
    if key == "red3.dealt/on-turn!":
        n = len(f["cards"])
        f["replacement"] = (_part("red3.replace", t, n) if f.get("stock", 1)
                            else _part("red3.no-replacement", t))
    if key.startswith("red3.no-meld/played"):
        f["red_what"] = _part("red3", t, len(f["cards"]))
    return f


def _render(key: str, fields: dict, t) -> str:
    # a player alone (two or three players, `players.sides`) hears "you", not "your team"
    words = key + ALONE if fields.get("player_alone") and key + ALONE in TEMPLATES else key
    if words in COUNTED:
        plural, by = COUNTED[words]
        template = t.npgettext(words, TEMPLATES[words], plural, _number(fields[by]))
    else:
        template = t.pgettext(words, TEMPLATES[words])
    text = t.format(template, **_derived(key, fields, t))
    return text[:1].upper() + text[1:]     # a sentence may start with a field: "a joker is …"


def render(key: str, fields: dict, lang: str = "en") -> str:
    """The message of a check in words, in `lang` (English for a language it does not speak)."""
    return _render(key, fields, translator(lang or "en"))


#: decisive messages that already say the cards join the team's meld of their rank
_JOINS = ("pile.take.unfrozen/to-meld", "canasta.mixed/now")


def render_ruling(ruling, lang: str = "en") -> str:
    """The deciding check in words; for a legal move also the checks worth citing."""
    t = translator(lang or "en")
    pos = ruling.position
    if not pos.format.partners(pos.turn):           # a player alone: "you", not "your team"
        ruling = _Alone(ruling)
    decisive = ruling.decisive
    parts = [_render(decisive.key, decisive.fields, t)]
    if ruling.legal and decisive.key != "pile.take.frozen/ok":
        # a take cited for another rule (a covered black three, going out, the first meld)
        # still says what the frozen pile needed
        frozen = next((c for c in ruling.checks if c.key == "pile.take.frozen/ok"), None)
        if frozen is not None:
            parts.append(_render(frozen.key, frozen.fields, t))
    if ruling.legal:
        for check in ruling.checks:
            if check is not decisive and check.key.endswith("!") and check.ok \
                    and not check.key.startswith("pile.frozen") \
                    and not (check.key == "meld.one-per-rank/joined!" and decisive.key in _JOINS):
                parts.append(_render(check.key, check.fields, t))
    return " ".join(parts)


class _AloneCheck:
    """A check as said to a player alone: its fields carry ``player_alone`` (`_render`)."""

    def __init__(self, check):
        self._check = check
        self.fields = dict(check.fields, player_alone=True)

    def __getattr__(self, name):
        return getattr(self._check, name)


class _Alone:
    """A ruling whose checks are said to a player alone."""

    def __init__(self, ruling):
        self.legal = ruling.legal
        self.checks = tuple(_AloneCheck(c) for c in ruling.checks)
        self.decisive = next((mine for mine, c in zip(self.checks, ruling.checks)
                              if c is ruling.decisive), None) or _AloneCheck(ruling.decisive)
