"""tutor.deal: a fresh hand by the rules (deck.*, deal.*, red3.dealt)."""
import random

import pytest

import tutor
from tutor.engine.cards import COPIES, Card, full_deck, sort_cards
from tutor.engine.deal import deal
from tutor.engine.position import Position
from tutor.engine.ruleset import Ruleset

SEEDS = range(200)


def counts(cards):
    out = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


@pytest.mark.parametrize("rules", ["default", "red3-dealt=on-turn"])
def test_deck_cards_108_always(rules):
    """deck.cards: 108 cards, each suit-rank twice, jokers four times — in every deal."""
    for seed in SEEDS:
        pos = deal(seed, rules)
        assert pos.card_count() == 108
        assert counts(pos.all_cards()) == COPIES


def test_deck_cards_counts_forbid_a_third_copy():
    """deck.cards: the deck never holds a third KH (nor a fifth joker)."""
    deck = full_deck()
    assert len(deck) == 108
    assert deck.count(Card("KH")) == 2 and deck.count(Card("JK")) == 4
    with pytest.raises(tutor.PositionError, match="a third KH"):
        Position.parse(deal(1).to_text().replace("pile: ", "pile: KH ", 1))


def test_deck_wild_jokers_and_twos():
    """deck.wild: jokers and all twos are wild; other cards (threes included) are natural."""
    wild = {c.text for c in set(full_deck()) if c.is_wild}
    assert wild == {"JK", "2C", "2D", "2H", "2S"}
    assert Card("3C").is_natural and Card("AS").is_natural and not Card("2H").is_natural


def test_deck_order_hands_sorted():
    """deck.order: hands are stored sorted: red three, joker, two, A K … 4, black three."""
    for seed in range(20):
        for rules in ("default", "red3-dealt=on-turn"):
            for hand in deal(seed, rules).hands:
                assert hand == sort_cards(hand)
    order = [Card(t) for t in "3H JK 2C AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C".split()]
    assert sort_cards(reversed(order)) == tuple(order)
    # a different order (plain rank order, threes together) is not the rulebook's
    assert sort_cards([Card("3C"), Card("3H"), Card("4C")]) != (Card("3C"), Card("3H"), Card("4C"))


def test_deck_values():
    """deck.values: joker 50; ace and two 20; K..8 10; 7..4 5; black three 5."""
    values = {t: Card(t).value for t in "JK AS 2D KH QH JH 10H 9H 8H 7H 6H 5H 4H 3C 3S".split()}
    assert values == {"JK": 50, "AS": 20, "2D": 20, "KH": 10, "QH": 10, "JH": 10, "10H": 10,
                      "9H": 10, "8H": 10, "7H": 5, "6H": 5, "5H": 5, "4H": 5, "3C": 5, "3S": 5}
    assert Card("AS").value != Card("KS").value       # aces are not tens


def test_deal_count_eleven_each():
    """deal.count: four players, 11 cards each — also after red threes are replaced."""
    for seed in SEEDS:
        for rules in ("default", "red3-dealt=on-turn"):
            assert [len(h) for h in deal(seed, rules).hands] == [11, 11, 11, 11]


def expected_deal(seed):
    shuffled = full_deck()
    random.Random(seed).shuffle(shuffled)
    return shuffled


def test_deal_order_one_at_a_time_clockwise_from_north():
    """deal.order: W deals, one card at a time N E S W; N (left of the dealer) draws first."""
    for seed in SEEDS:
        shuffled = expected_deal(seed)
        pos = deal(seed, "red3-dealt=on-turn")            # nothing replaced: pure dealing
        assert pos.turn == "N" and pos.phase == "draw" and pos.asked == "-"
        for i in range(4):
            assert pos.hands[i] == sort_cards(shuffled[i:44:4])


def test_deal_order_differs_from_dealing_in_blocks():
    """deal.order: not eleven cards at a time — the rotation gives different hands."""
    shuffled = expected_deal(0)
    pos = deal(0, "red3-dealt=on-turn")
    assert pos.hands[0] != sort_cards(shuffled[:11])


def test_red3_dealt_at_once_no_red_three_in_hands():
    """red3.dealt (at-once, default): laid out in front of the team and replaced."""
    laid = 0
    for seed in SEEDS:
        pos = deal(seed)
        assert not any(c.is_red_three for h in pos.hands for c in h)
        for zone in pos.red3:
            assert all(c.is_red_three for c in zone)
        laid += sum(len(z) for z in pos.red3)
    assert laid > 0


def test_red3_dealt_replacement_from_stock_top():
    """red3.dealt: each red three dealt is replaced from the stock top, repeatedly."""
    for seed in SEEDS:
        shuffled = expected_deal(seed)
        if not any(c.is_red_three for c in shuffled[:44]):
            continue
        pos = deal(seed)
        ns = [c for k, c in enumerate(shuffled[:44]) if c.is_red_three and k % 4 in (0, 2)]
        ew = [c for k, c in enumerate(shuffled[:44]) if c.is_red_three and k % 4 in (1, 3)]
        assert len(pos.red3[0]) >= len(ns) and len(pos.red3[1]) >= len(ew)
        # the hands hold the dealt cards minus red threes plus replacements off the top
        taken = len(pos.red3[0]) + len(pos.red3[1])
        dealt = [c for c in shuffled[:44 + taken] if not c.is_red_three]
        assert sorted(c for h in pos.hands for c in h) == sorted(dealt)
        return
    pytest.fail("no seed dealt a red three")


def test_red3_dealt_repeats_while_replacement_is_red():
    """red3.dealt: a replacement that is itself a red three is laid out and replaced too."""
    for seed in range(3000):
        shuffled = expected_deal(seed)
        if sum(c.is_red_three for c in shuffled[:44]) >= 1 and shuffled[44].is_red_three:
            pos = deal(seed)
            assert sum(len(z) for z in pos.red3) >= 2
            assert not any(c.is_red_three for h in pos.hands for c in h)
            assert pos.card_count() == 108
            return
    pytest.fail("no such seed found")


def test_red3_dealt_on_turn_differs():
    """red3.dealt differs under red3-dealt=on-turn: red threes stay in the hands."""
    seen = False
    for seed in SEEDS:
        pos = deal(seed, "red3-dealt=on-turn")
        assert pos.red3 == ((), ())
        seen |= any(c.is_red_three for h in pos.hands for c in h)
    assert seen


def test_deal_upcard_natural_turned_alone():
    """deal.upcard: a natural upcard starts the pile alone (not frozen)."""
    for seed in SEEDS:
        pos = deal(seed)
        assert pos.top.is_natural and not pos.top.is_red_three
        if len(pos.pile) == 1:
            assert not pos.frozen_cards
            return
    pytest.fail("no seed with a single upcard")


def test_deal_upcard_wild_or_red_three_stays_crosswise():
    """deal.upcard: a wild upcard or red three stays, another card is turned on top (frozen)."""
    found = 0
    for seed in range(400):
        pos = deal(seed)
        assert all(c.is_wild or c.is_red_three for c in pos.pile[:-1])
        if len(pos.pile) > 1:
            found += 1
            assert pos.frozen_cards == pos.pile[:-1]
            assert pos.is_frozen_for("NS") and pos.is_frozen_for("EW")
    assert found


def test_deal_upcard_is_stock_top_after_dealing():
    for seed in SEEDS:
        pos = deal(seed, "red3-dealt=on-turn")
        shuffled = expected_deal(seed)
        n = len(pos.pile)
        assert list(pos.pile) == shuffled[44:44 + n]
        assert list(pos.stock) == shuffled[44 + n:]


def test_same_seed_same_deal_different_seeds_differ():
    assert deal(7) == deal(7)
    assert deal(7).to_text() == deal(7).to_text()
    assert deal(7) != deal(8)
    hands = {deal(s).hands for s in range(50)}
    assert len(hands) == 50


def test_deal_is_concrete_and_round_trips():
    pos = deal(5, "black-threes=never", score=(1500, -20))
    assert pos.layout is None and pos.seed is None
    assert pos.rules == Ruleset.parse("black-threes=never")
    assert pos.score == (1500, -20) and isinstance(pos.score, tuple)
    assert pos.melds == ((), ()) and pos.opened == frozenset() and pos.started == frozenset()
    assert Position.parse(pos.to_text()) == pos


def test_deal_accepts_ruleset_and_refuses_bad_flags():
    r = Ruleset.parse("red3-dealt=on-turn")
    assert deal(3, r) == deal(3, "red3-dealt=on-turn")
    with pytest.raises(tutor.RulesError):
        deal(3, "red3-dealt=sometimes")


def test_deal_order_the_player_left_of_the_dealer_starts():
    """deal.order: whoever deals, the player on the dealer's left draws first."""
    for dealer, first in (("W", "N"), ("N", "E"), ("E", "S"), ("S", "W")):
        pos = tutor.deal(5, dealer=dealer)
        assert pos.turn == first and pos.card_count() == 108
    try:
        tutor.deal(5, dealer="X")
    except ValueError as exc:
        assert "seat" in str(exc)
    else:
        raise AssertionError("an unknown dealer was accepted")


def test_deal_order_rotates_through_a_game():
    """deal.order: the deal rotates clockwise from hand to hand."""
    game = tutor.Game()
    starters = []
    for seed in range(5):
        pos = game.next_deal(seed)
        starters.append(pos.turn)
        game.hands.append((pos, None))          # count the hand without scoring it
    assert starters == ["N", "E", "S", "W", "N"]
