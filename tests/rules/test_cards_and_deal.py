"""The deck and the deal: deck.cards, deck.wild, deck.order, deck.values, deal.count,
deal.order, deal.upcard.

Positions are NOTATION.md text judged through the public API; each test names the
rule id it checks (RULE = ... or its test id). Shared positions: positions.py.
"""
import pytest
import tutor
from rulebook_helpers import (HAND_NS_OUT, P, RED3, WILD, assert_illegal, assert_legal,
                              cards_in, field, finished, hand, hand_size, line_sum, pile, play,
                              rank, turn)
from positions import KINGS_TABLE, explicit_deal, interleaved_108, stage


def test_deck_cards_108_cards_placed_explicitly_parse():
    RULE = "deck.cards"
    text = explicit_deal(interleaved_108())
    pos = tutor.Position.parse(text)
    assert turn(pos) == ("N", "draw"), RULE


def test_deck_cards_107_cards_refused_when_stock_is_listed():
    RULE = "deck.cards"
    cards = interleaved_108()
    cards.remove("5C")               # the deck would be one card short
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse(explicit_deal(cards))


def test_deck_cards_third_copy_refused():
    RULE = "deck.cards"
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: KH KH 4C\nNS: KH KS KD\nEW: -\npile: 9D\n")


def test_deck_cards_fifth_joker_refused_fourth_allowed():
    RULE = "deck.cards"
    P("""
        turn: S drawn
        S: JK JK 4C
        NS: KH KS JK
        EW: 9H 9S JK
        pile: 9D
    """)
    with pytest.raises(tutor.PositionError):
        tutor.Position.parse("turn: S drawn\nS: JK JK JK 4C\nNS: KH KS JK\n"
                             "EW: 9H 9S JK\npile: 9D\n")


def test_deck_wild_two_is_wild_in_a_meld():
    RULE = "deck.wild"
    assert_legal("""
        turn: S drawn
        S: 9H 9D 2S 4C 5D
        NS: KH KS KD
        EW: -
        pile: 10C
    """, "meld 9H 9D 2S")


def test_deck_wild_two_counts_as_a_wild_toward_max_wilds():
    RULE = "deck.wild"
    # 2 naturals + JK JK JK: a fourth wild, here a two, is one too many
    assert_illegal("""
        turn: S drawn
        S: 2S 4C 6D
        NS: KH KS KD; 9H 9D JK JK JK
        EW: -
        pile: 10C
    """, "meld 9: 2S", "meld.max-wilds")


def test_deck_wild_twos_cannot_form_their_own_meld():
    RULE = "deck.wild"
    assert_illegal("""
        turn: S drawn
        S: 2S 2S 2H 4C
        NS: KH KS KD
        EW: -
        pile: 10C
    """, "meld 2S 2S 2H", "meld.wild-alone")


def test_deck_order_hand_printed_highest_first():
    RULE = "deck.order"
    pos = P("""
        turn: S drawn
        S: 4H 3C JK KH 2C AD 10S
        NS: -
        EW: -
        pile: 9D
    """)
    ranks = [rank(c) for c in hand(pos, "S")]
    # joker, two, A K ... 4, black three (a two or an ace ranked low would differ)
    assert ranks == ["JK", "2", "A", "K", "10", "4", "3"], (RULE, ranks)


def test_deck_values_table_and_hand_points():
    RULE = "deck.values"
    sheet = tutor.score_hand(P("""
        turn: S melded
        S: JK 4C 3S
        N: 9H
        NS: AH AD 2C; 7H 7D 7C; KH KS KD
        EW: -
        pile: 10C
    """))
    # table: A A 2 = 60, 7 7 7 = 15, K K K = 30 -> 105
    # hands: JK 50 + 4 5 + black three 5 + 9 10 -> 70
    assert line_sum(sheet, "NS", "score.table") == 105, RULE
    assert line_sum(sheet, "NS", "score.hand") == -70, RULE
    assert sheet["NS"].total == 35, RULE


def test_deal_count_eleven_cards_each():
    RULE = "deal.count"
    for seed in range(6):
        pos = tutor.deal(seed=seed)
        sizes = [hand_size(pos, s) for s in "NESW"]
        assert sizes == [11, 11, 11, 11], (RULE, seed, sizes)


def test_deal_order_north_starts_and_play_goes_clockwise():
    RULE = "deal.order"
    pos = tutor.deal(seed=7)
    assert turn(pos) == ("N", "draw"), RULE
    pos = pos.play("draw")
    assert turn(pos)[0] == "N"
    discards = [m for m in tutor.legal_moves(pos) if str(m).startswith("discard")]
    assert discards, "after drawing, a discard must be possible"
    pos = pos.play(discards[0])
    assert turn(pos) == ("E", "draw"), RULE   # not W: the play goes clockwise


def test_deal_order_after_south_comes_west_then_north():
    RULE = "deal.order"
    pos = play(stage("""
        turn: S melded
        S: 4C 5D
    """, KINGS_TABLE, "pile: 10C"), "discard 4C")
    assert turn(pos) == ("W", "draw"), RULE
    pos = play(stage("""
        turn: W melded
        W: 4C 5D
    """, KINGS_TABLE, "pile: 10C"), "discard 4C")
    assert turn(pos) == ("N", "draw"), RULE


def _dealt_piles(seeds):
    for seed in seeds:
        pos = tutor.deal(seed=seed)
        yield seed, pos, pile(pos)


def test_deal_upcard_top_is_never_wild_or_red_three():
    RULE = "deal.upcard"
    for seed, pos, p in _dealt_piles(range(0, 60)):
        assert p, (RULE, seed, "empty pile after the deal")
        top = p[-1]
        assert top not in WILD and top not in RED3, (RULE, seed, p)
        for under in p[:-1]:
            # only wild cards and red threes are turned over and covered
            assert under in WILD or under in RED3, (RULE, seed, p)


def test_deal_upcard_wild_is_covered_and_freezes_the_pile():
    RULE = "deal.upcard"
    found = None
    for seed, pos, p in _dealt_piles(range(0, 300)):
        if len(p) >= 2:
            found = (seed, pos, p)
            break
    assert found, "no deal with a covered upcard in 300 seeds: deal.upcard never covers"
    seed, pos, p = found
    top = p[-1]
    # frozen for everybody: every legal take melds the top card with two naturals
    for m in tutor.legal_moves(pos):
        text = str(m)
        if text.startswith("take"):
            first = text[4:].split(";")[0]
            used = cards_in(first)
            naturals = [c for c in used if c not in WILD and rank(c) == rank(top)]
            assert len(naturals) >= 2, (RULE, seed, text)


def test_card_spellings():
    RULE = "deck.cards"
    pos = P("""
        turn: S drawn
        S: th k\u2665 jk 9\u2660 10d
        NS: KH KS KD
        EW: -
        pile: 9C
    """)
    assert sorted(hand(pos, "S")) == sorted(["10H", "KH", "JK", "9S", "10D"])
    text = pos.to_text()
    s_line = [l for l in text.splitlines() if l.startswith("S:")][0]
    assert "10H" in s_line and "KH" in s_line and "JK" in s_line, s_line


def test_deal_order_the_deal_rotates_between_hands_of_a_game():
    RULE = "deal.order"
    # "The deal rotates clockwise; the player left of the dealer starts":
    # hand 1 starts with N (dealer W), hand 2 with E (dealer N), hand 3 with S.
    from rulebook_helpers import HAND_NS_OUT, finished
    game = tutor.Game()
    first = game.next_deal(seed=1)
    assert turn(first) == ("N", "draw"), RULE
    game.add_hand(finished(HAND_NS_OUT))
    second = game.next_deal(seed=2)
    assert field(second, "score").replace(" ", "") == "NS1235,EW1130", "meld.initial follows totals"
    assert turn(second) == ("E", "draw"), RULE
    game.add_hand(finished(HAND_NS_OUT))
    third = game.next_deal(seed=3)
    assert turn(third) == ("S", "draw"), RULE


# ---------------------------------------------------------------------------
# deal.upcard: "After the dealt red threes are replaced (red3.dealt), the top card of the
# stock starts the discard pile."
# ---------------------------------------------------------------------------

#: Seeds whose upcard (with no red three replaced) is a plain card: the order of the cards after
#: the deal is compared on those; a crosswise upcard turns more cards and is tested elsewhere.
PLAIN_UPCARD_SEEDS = [s for s in range(80) if len(tutor.deal(s, rules="red3-dealt=on-turn").pile) == 1]


def test_enough_seeds_have_a_plain_upcard():
    assert len(PLAIN_UPCARD_SEEDS) >= 50


@pytest.mark.parametrize("seed", PLAIN_UPCARD_SEEDS)
def test_the_upcard_is_turned_after_the_dealt_red_threes_are_replaced(seed):
    RULE = "deal.upcard"
    at_once = tutor.deal(seed)
    on_turn = tutor.deal(seed, rules="red3-dealt=on-turn")     # same shuffle, none replaced
    k = len(at_once.red3[0]) + len(at_once.red3[1])
    # the cards after the deal, in order: on_turn's upcard, then its stock from the top.
    # At once, the first k of them replaced the red threes; the upcard comes after them
    after_deal = (on_turn.pile[0],) + on_turn.stock
    assert at_once.pile[0] == after_deal[k], RULE
    dealt_to_hands = sorted(c.text for h in at_once.hands for c in h)
    replacements = after_deal[:k]
    for card in replacements:
        assert card.text in dealt_to_hands or card.is_red_three, RULE


def test_some_seed_deals_red_threes():
    assert any(tutor.deal(seed).red3 != ((), ()) for seed in range(60))


def test_deck_cards_every_seed_its_own_shuffle():
    """A negative seed is a seed of its own: deal(seed=-1) is not deal(seed=1) (Python's
    random.Random(-1) shuffles as random.Random(1) does), nor is 'seed: -1' in a text; the
    same seed deals the same cards, and the text keeps it."""
    assert tutor.deal(seed=-1).hands != tutor.deal(seed=1).hands
    assert tutor.deal(seed=-1) == tutor.deal(seed=-1)
    assert sorted(c.text for c in tutor.deal(seed=-1).all_cards()) == sorted(
        c.text for c in tutor.deal(seed=1).all_cards())
    minus, plus = (tutor.Position.parse(f"seed: {s}") for s in (-7, 7))
    assert minus.hands != plus.hands
    assert tutor.Position.parse(minus.to_text()) == minus and "seed: -7" in minus.to_text()
