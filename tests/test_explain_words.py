"""The words of the explanations, pinned in English and Swedish (issue 9).

A club referee found no wrong ruling, but explanations that told a learner something
wrong or vague. Each test here stages one of those positions and pins the WORDS (not only
the verdict) in both languages; the last ones pin positions at the edges of the templates
(one card or several, a team that has not melded, an empty stock, a question already
answered). The Swedish follows the Swedish source: giv, kasthögen, dragen hög, fryst,
"en wild card".
"""
from __future__ import annotations

import re

import pytest

import tutor
from explain_situations import CONCEALED, SEVERAL, SEVERAL_AFTER, stock_of_red_threes


def ruling(text: str, *moves: str):
    """The ruling of the last move, after playing the ones before it."""
    pos = tutor.Position.parse(text)
    for move in moves[:-1]:
        pos = pos.play(move)
    return tutor.judge(pos, moves[-1])


def words(text: str, *moves: str) -> tuple:
    r = ruling(text, *moves)
    return r.explain("en"), r.explain("sv")


def has(text: str, *pieces: str) -> None:
    for piece in pieces:
        assert piece in text, (piece, text)


def lacks(text: str, *pieces: str) -> None:
    for piece in pieces:
        assert piece not in text, (piece, text)


# ---- 1. meld.max-wilds: "even after it became a canasta" only for a canasta ----------------

def test_1_a_new_meld_with_four_wild_cards_never_was_a_canasta():
    en, sv = words("turn: S drawn\nS: 6C 6D 6H 6S 2C 2D JK JK 4C 9S\nNS: 8C 8D 8S\n",
                   "meld 6C 6D 6H 6S 2C 2D JK JK")
    has(en, "A new meld of sixes would hold 4 wild cards (2♣, 2♦, a joker and a joker)",
        "at most three wild cards")
    has(sv, "En ny giv av sexor skulle ha 4 wild cards", "högst tre wild cards")
    lacks(en, "canasta")
    lacks(sv, "canasta")


def test_1_a_fourth_wild_card_for_a_six_card_meld_says_nothing_of_a_canasta():
    en, sv = words("turn: S drawn\nS: 2D 4C 9S\nNS: KH KS KD JK 2C 2H\n", "meld K: 2D")
    has(en, "The king meld would hold 4 wild cards; a meld holds at most three wild cards")
    has(sv, "Given av kungar skulle ha 4 wild cards")
    lacks(en, "canasta")
    lacks(sv, "canasta")


def test_1_on_a_canasta_the_note_stays():
    en, sv = words("turn: S drawn\nS: 2D 4C 9S\nNS: KH KS KD KC JK 2C 2H\n", "meld K: 2D")
    has(en, "even after it became a canasta")
    has(sv, "även efter att den blivit en canasta")


# ---- 2. an answer after the question was answered -------------------------------------------

def test_2_north_cannot_answer_again_and_the_answer_binds():
    r = ruling("turn: S drawn\nasked: yes\nS: 9H 9D 4C\nNS: KH KS KD\n", "N: no")
    assert not r.legal and r.rule == "goout.binding"
    has(r.explain("en"), 'North has already answered yes to South\'s "may I go out?"',
        "the answer binds for this turn")
    has(r.explain("sv"), "Nord har redan svarat ”ja” på Syds ”får jag gå ut?”",
        "svaret är bindande")
    lacks(r.explain("en"), "Nobody asked")


# ---- 3. a frozen pile over a covered black three -------------------------------------------

def test_3_the_covered_black_three_and_the_frozen_pile_are_both_explained():
    r = ruling("turn: S draw\nS: 9H 9S 4C 5D\nNS: KH KS KD\npile: 2C 5C 3S 9D\n", "take 9H 9S")
    assert r.legal and r.rule == "pile.black-three"
    en, sv = r.explain("en"), r.explain("sv")
    has(en, "The black three 3♠ no longer blocks", "so it is frozen for everybody",
        "two natural nines from your hand (9♥ and 9♠), which is what a frozen pile needs")
    has(sv, "Den svarta trean 3♠ spärrar inte längre", "fryst för alla",
        "två riktiga nior ur handen (9♥ och 9♠), precis vad en fryst hög kräver")


# ---- 4. two queens while the opponents have queens ---------------------------------------

@pytest.mark.parametrize("move,en_count,sv_count", [
    ("meld QC QD", "Q♣ and Q♦ are only 2 cards", "Q♣ och Q♦ är bara 2 kort"),
    ("meld QC", "Q♣ is only 1 card", "Q♣ är bara 1 kort"),
])
def test_4_too_few_cards_and_north_south_may_start_their_own(move, en_count, sv_count):
    r = ruling("turn: S drawn\nS: QC QD 4C 9S\nNS: 8C 8D 8S\nEW: QH QH QS\n", move)
    assert not r.legal and r.rule == "meld.size"
    has(r.explain("en"), "A new meld needs at least three cards", en_count,
        "The meld of queens on the table is East–West's",
        "North–South may start a meld of queens of their own, with three cards")
    has(r.explain("sv"), "En ny giv kräver minst tre kort", sv_count, "Öst–Västs",
        "Nord–Syd kan börja en egen giv av damer, med tre kort")
    lacks(r.explain("en"), "belongs to")


def test_4_aiming_at_the_opponents_meld_is_still_meld_own_team():
    r = ruling("turn: S drawn\nS: QC 4C 9S\nNS: 8C 8D 8S\nEW: QH QH QS\n", "meld Q: QC")
    assert r.rule == "meld.own-team"
    has(r.explain("en"), "The queen meld belongs to East–West")     # the team's name, not "EW"
    has(r.explain("sv"), "Given av damer tillhör Öst–Väst")


# ---- 5. five queens for a frozen pile: the count matches the cards named -------------------

def test_5_the_count_matches_the_natural_cards_named():
    en, sv = words("turn: S draw\nS: QH QS QD QC QH 4C 5D\nNS: 8C 8D 8S\npile: 5C 2D QD\n",
                   "take QH QS QD QC QH")
    has(en, "5 natural queens from your hand (Q♥, Q♠, Q♦, Q♣ and Q♥); a frozen pile needs "
            "two of them")
    has(sv, "5 riktiga damer ur handen (Q♥, Q♠, Q♦, Q♣ och Q♥); en fryst hög kräver två av dem")
    lacks(en, "two natural queens")


def test_5_two_naturals_and_a_joker_still_read_as_before():
    en, sv = words("turn: S draw\nS: 9C 9D JK 4C 5D\nNS: KH KS KD\npile: 5C 2D 9H",
                   "take 9C 9D JK")
    has(en, "two natural nines from your hand (9♣ and 9♦) and a joker, which is what a "
            "frozen pile needs")
    has(sv, "två riktiga nior ur handen (9♣ och 9♦) och en joker")


# ---- 6. two wild cards onto a natural canasta ----------------------------------------------

def test_6_two_wild_cards_join_in_the_plural():
    en, sv = words("turn: S drawn\nS: JK 2C 4C 9S\nNS: KH KH KS KS KD KD KC\n", "meld K: JK 2C")
    has(en, "The 2 wild cards (a joker and 2♣) join your natural canasta of kings",
        "becomes mixed (300 instead of 500)")
    has(sv, "Du lägger 2 wild cards (en joker och 2♣) till er naturliga canasta av kungar")
    lacks(en, "The wild card joins")


def test_6_one_wild_card_in_the_singular():
    en, sv = words("turn: S drawn\nS: 2C 4C 9S\nNS: KH KH KS KS KD KD KC\n", "meld K: 2C")
    has(en, "The wild card (2♣) joins your natural canasta of kings")
    has(sv, "Du lägger en wild card (2♣) till er naturliga canasta av kungar")


# ---- 7. several red threes at once ----------------------------------------------------------

def test_7_the_last_cards_of_the_stock_both_red_threes_are_named():
    r = ruling(stock_of_red_threes(2), "draw")
    assert r.legal and r.rule == "hand.end.stock"
    has(r.explain("en"), "The last cards of the stock are red threes (3♥ and 3♦)",
        "the hand ends")
    has(r.explain("sv"), "De sista korten i dragen hög är röda treor (3♥ och 3♦)")
    after = r.after
    assert after.phase == "over" and len(after.team_red3("NS")) == 2


def test_7_a_draw_that_brings_two_red_threes_names_both():
    r = ruling("turn: S draw\nS: 9H 9D 4C\nstock: 3H 3D 5C + rest\n", "draw")
    assert r.rule == "red3.drawn"
    has(r.explain("en"), "The top cards of the stock are red threes (3♥ and 3♦)",
        "you draw again")
    has(r.explain("sv"), "De översta korten i dragen hög är röda treor (3♥ och 3♦)")
    assert "5C" in [c.text for c in r.after.hand("S")]


def test_7_one_red_three_in_the_singular():
    en, sv = words(stock_of_red_threes(1), "draw")
    has(en, "The last card of the stock is a red three (3♥)")
    has(sv, "Sista kortet i dragen hög är en röd trea (3♥)")


# ---- 8. a "yes" when going out was never possible -------------------------------------------

def test_8_going_out_was_not_possible_when_asked():
    r = ruling("turn: S drawn\nasked: yes\nS: 9C 8D 4S 4C\nNS: KH KS KD\n", "discard 4C")
    assert r.legal
    en, sv = r.explain("en"), r.explain("sv")
    has(en, "you cannot go out this turn, and could not when you asked either",
        "play goes on")
    has(sv, "kunde inte heller när du frågade")
    lacks(en, "has become impossible")
    lacks(sv, "har blivit omöjligt")


# ---- 9. the wild cards that join with the top card are named --------------------------------

def test_9_the_wild_cards_beside_the_top_card_are_named():
    r = ruling("turn: S draw\nS: JK 2C 7D 7C 9S\nNS: KH KS KC\npile: 5C 6S KD\n", "take JK 2C")
    assert r.legal and r.rule == "pile.take.unfrozen"
    has(r.explain("en"), "the top K♦ joins it, with a joker and 2♣ from your hand, and you "
                         "take the whole pile")
    has(r.explain("sv"), "toppkortet K♦ läggs till den, tillsammans med en joker och 2♣ ur "
                         "handen, och du tar hela högen")


def test_9_without_cards_from_hand_nothing_is_added():
    en, _ = words("turn: S draw\nS: KH KS 7D 7C 9S\nNS: 8C 8D 8S\npile: 5C 6S 8H\n", "take")
    has(en, "the top 8♥ joins it and you take the whole pile")


# ---- 10. Swedish: "en wild card", and no odd phrases ---------------------------------------

def _swedish_engine_texts() -> list:
    from babel.messages.pofile import read_po
    from tutor.engine.explain import PARTS, TEMPLATES
    from tutor.i18n.build import po_path
    with open(po_path("sv"), "rb") as f:
        catalog = read_po(f, locale="sv")
    keys = set(TEMPLATES) | set(PARTS)
    texts = []
    for m in catalog:
        if m.context in keys:
            texts += list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
    return texts


def test_10_swedish_writes_en_wild_card_as_the_source():
    texts = _swedish_engine_texts()
    assert texts
    bad = [t for t in texts if re.search(r"\bett (\w+ )?wild card", t, re.I)]
    assert not bad, bad
    bad = [t for t in texts if re.search(r"(^|[.:;!?]\s)Wild cards duger", t)]
    assert not bad, bad
    bad = [t for t in texts if "från dragen hög" in t]
    assert not bad, bad


def test_10_swedish_wild_card_words_in_rulings():
    _, sv = words("turn: S drawn\nS: JK 9H 9D 4C 5D\nNS: KH KD KC\npile: 6C", "meld 9H 9D JK")
    has(sv, "en wild card")
    _, sv = words("turn: S drawn\nS: JK 9H 9D 4C 5D\nNS: KH KD KC\npile: 6C", "meld JK")
    has(sv, "en ensam wild card")
    _, sv = words("turn: S draw\nS: KH JK 7D 7C 9S 4H 4D 10C QS JD 6H\nNS: 8C 8D 8S\n"
                  "pile: 5C 2H 6S KD\n", "take KH JK")
    has(sv, "— wild cards duger inte till det")


# ---- 11. going out by adding to the partner's meld: why not concealed ---------------------

def test_11_the_going_out_says_it_is_not_concealed_and_why():
    r = ruling(CONCEALED, "meld KH KH KS KS KD KD KC", "meld 8S", "discard 4C")
    assert r.legal and r.after.out == "S" and not r.after.out_concealed
    has(r.explain("en"), "This is not a concealed going out (100, not 200): you added to "
                         "your team's meld of eights, laid before this turn")
    has(r.explain("sv"), "Du går inte ut dolt (100, inte 200): du lade kort till ert lags "
                         "giv av åttor")


def test_11_the_move_that_spoils_it_says_so():
    en, sv = words(CONCEALED, "meld KH KH KS KS KD KD KC", "meld 8S")
    has(en, "Adding to your team's meld of eights, laid before this turn, means you cannot "
            "go out concealed this turn")
    has(sv, "kan du inte gå ut dolt den här turen")


def test_11_going_out_with_the_last_meld_on_the_partners_meld():
    text = CONCEALED.replace(" 8S 4C\n", " 8S\n")
    r = ruling(text, "meld KH KH KS KS KD KD KC", "meld 8S")
    assert r.legal and r.after.out == "S" and not r.after.out_concealed
    has(r.explain("en"), "You meld every card and go out", "not a concealed going out",
        "meld of eights, laid before this turn")


def test_11_a_concealed_discard_says_concealed():
    r = ruling(CONCEALED.replace(" 8S 4C\n", " 4C\n"), "meld KH KH KS KS KD KD KC",
               "discard 4C")
    assert r.after.out_concealed
    has(r.explain("en"), "You go out concealed")
    has(r.explain("sv"), "Du går ut dolt")


# ---- 12. the computer's meld that completes a canasta -------------------------------------

def test_12_a_meld_completing_a_canasta_names_the_canasta():
    r = ruling("turn: S drawn\nS: KC 2C 2H 2S 4C 9S 5D\nNS: KH KS KD\n", "meld KC 2C 2H 2S")
    assert r.legal and r.rule == "meld.max-wilds"
    has(r.explain("en"), "3 wild cards", "With 7 cards the meld of kings is now a canasta: "
                                         "a mixed canasta, 300 besides its cards")
    has(r.explain("sv"), "Med 7 kort är given av kungar nu en canasta: en blandad canasta")
    assert "canasta.size" in r.reasons


def test_12_a_natural_canasta_too():
    en, sv = words("turn: S drawn\nS: 9H 9H 9D 9D 9C 9C 9S 4C 5D\nNS: KH KS KD\n",
                   "meld 9H 9H 9D 9D 9C 9C 9S")
    has(en, "With 7 cards the meld of nines is now a canasta: a natural canasta, 500")
    has(sv, "en naturlig canasta, 500 poäng")


# ---- 13. a wild card alone: what to do, in words for the table and for typing ---------------

def test_13_a_wild_card_alone_says_what_to_do_without_move_text():
    en, sv = words("turn: S drawn\nS: 2C 4C 9S\nNS: KH KS KD\n", "meld 2C")
    has(en, "Add it to your team's meld of the rank it should join")
    has(sv, "Lägg den till ert lags giv av den rang den ska höra till")
    lacks(en, "meld K:", "'meld")
    lacks(sv, "meld K:", "'meld")


def test_13_a_team_without_melds_is_told_to_meld_with_naturals():
    en, sv = words("turn: S drawn\nS: 2C JK 4C 9S\nNS: -\n", "meld 2C JK")
    has(en, "wild cards only", "Meld them with two or more natural cards of one rank: your "
                               "team has no meld yet")
    has(sv, "bara wild cards", "ert lag har ännu ingen giv")


# ---- the edges: one card or several, not melded, an empty stock, a question answered -------

def test_a_sentence_starting_with_a_joker_starts_with_a_capital():
    en, sv = words("turn: S draw\nS: KH KS 4C\nNS: 8C 8D 8S\npile: 5C 2H KD", "take JK")
    assert en.startswith("A joker is not in your hand"), en
    assert sv[0].isupper(), sv


def test_red_threes_laid_on_turn_with_an_empty_stock_get_no_replacement():
    text = ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\nN: 6D\nNS: 9S 9C 9H\n"
            "EW: QH QD QS\nEW red3: 3H 3D\npile: 6C 8D\nstock: KC\nE: 45\nW: 46")
    en, sv = words(text, "draw")
    has(en, "At this table red threes are laid out on the player's turn: you lay out 3♥ for "
            "your team now, with no replacement: the stock is empty")
    has(sv, "utan ersättningskort: dragen hög är tom")
    assert "replacement from the stock" not in en


def test_red_threes_laid_on_turn_one_or_several():
    one, _ = words("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\n"
                   "NS: 9S 9C 9H\npile: 6C 9D\nstock: KC 7H + rest", "draw")
    two, _ = words("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 3D 9H 9D 4C 5D\n"
                   "NS: 9S 9C 9H\npile: 6C 9D\nstock: KC 7H + rest", "draw")
    has(one, "you lay out 3♥ for your team now, with a replacement from the stock.")
    has(two, "3♦ and 3♥", "with a replacement from the stock for each while it lasts")


def _empty_stock(text: str) -> str:
    """`text` with an empty stock and every card placed: the four red threes go to EW, and
    N, E and W get unseen cards."""
    text += "stock: -\nEW red3: 3H 3H 3D 3D\n"
    n = 108 - len(re.findall(r"(?<![\w])(?:JK|(?:10|[2-9JQKA])[CDHS])(?![\w])", text))
    return text + f"N: {n // 3}\nE: {n // 3}\nW: {n - 2 * (n // 3)}\n"


def test_the_stock_ends_with_nobody_going_out():
    en, sv = words(_empty_stock("turn: S draw\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C 7D\n"),
                   "draw")
    has(en, "Nobody went out, so nobody scores the going-out bonus")
    has(sv, "Ingen har gått ut, så ingen får bonusen för att gå ut")


def test_the_forced_take_names_the_meld_of_that_rank():
    en, sv = words(_empty_stock("turn: S draw\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C KC\n"),
                   "draw")
    has(en, "fits your team's meld of kings: you must take it")
    has(sv, "passar ert lags giv av kungar")


def test_the_groups_of_one_action_in_the_other_order():
    r = ruling("turn: S drawn\nS: KH KS KD 2C 4C 9S\nNS: 8C 8D 8S\n", "meld K: 2C; KH KS KD")
    assert not r.legal and r.rule == "meld.wild-alone"
    has(r.explain("en"), "The groups of one action are laid left to right",
        "lay the meld of kings first, then add the wild card")
    has(r.explain("sv"), "från vänster till höger", "lägg ut given av kungar först")
    ok = ruling("turn: S drawn\nS: KH KS KD 2C 4C 9S\nNS: 8C 8D 8S\n", "meld KH KS KD; K: 2C")
    assert ok.legal
    lacks(ok.explain("en"), "already has a meld of kings")     # laid in this very action


def test_an_untargeted_wild_card_before_its_meld():
    en, sv = words("turn: S drawn\nS: KH KS KD 2C 4C 9S\nNS: 8C 8D 8S\n", "meld 2C; KH KS KD")
    has(en, "put the wild card after the meld it should join")
    has(sv, "lägg din wild card efter den giv den ska höra till")


def test_asking_with_one_card_after_taking_the_pile_cites_the_exception():
    pos = tutor.Position.parse("turn: S draw\nS: KH KS 4C\nNS: 9H 9D 9C; AH AH AD AD AS AS AC\n"
                               "EW: QH QD QS\npile: 5C KD\n").play("take KH KS")
    assert len(pos.hand("S")) == 2          # 4C and the 5C from under the top
    pos = tutor.Position.parse("turn: S draw\nS: KH KS\nNS: 9H 9D 9C; AH AH AD AD AS AS AC\n"
                               "EW: QH QD QS\npile: 5C KD\n").play("take KH KS")
    assert pos.hand("S") == (tutor.Card("5C"),) and pos.phase == "drawn"
    r = tutor.judge(pos, "ask")
    assert not r.legal and r.rule == "goout.ask"
    has(r.explain("en"), "You hold a single card (5♣) after taking the pile, and that is the "
                         "one time you may not ask", 'a binding "no" would leave you no legal '
                                                     "move")
    has(r.explain("sv"), "det enda tillfälle då du inte får fråga")
