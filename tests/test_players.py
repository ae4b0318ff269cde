"""Computer players and hints: every choice is legal, the sensible player plays sensibly,
beats the random one, and a hint names a legal move with the rule that allows it."""
import random
import re
import time

import pytest

import tutor
from tutor.autoplay import play_hand, play_on
from tutor.hints import Hint, hint
from tutor.players import (Player, RandomPlayer, SensiblePlayer, explain_choice,
                           tournament)
from tutor.engine.rulebook import rule_ids


def _texts(moves):
    return {str(m) for m in moves}


def _mixed_players(seed):
    rng = random.Random(seed)
    return {s: (SensiblePlayer(seed * 4 + k) if rng.random() < 0.5 else RandomPlayer(seed * 4 + k))
            for k, s in enumerate("NESW")}


@pytest.mark.parametrize("seed", range(12))
def test_every_choice_is_a_legal_move(seed):
    """Players choose only among legal_moves, in many positions of whole hands."""
    pos = tutor.deal(seed)
    players = _mixed_players(seed)
    checked = 0
    while pos.phase != "over" and checked < 3000:
        legal = _texts(tutor.legal_moves(pos))
        seat = pos.actor
        move = players[seat].choose(pos)
        assert str(move) in legal, f"{players[seat]} chose {move} in\n{pos.to_text()}"
        # the other kind of player must also stay legal in the same position
        other = RandomPlayer(seed) if isinstance(players[seat], SensiblePlayer) else SensiblePlayer(seed)
        assert str(other.choose(pos)) in legal
        pos = pos.play(move)
        checked += 1
    assert pos.phase == "over"


@pytest.mark.parametrize("rules", ["black-threes=never, initial-minimum=off",
                                   "wilds=not-outnumber, stock-out=ends",
                                   "go-out-without-discard=concealed-only, concealed=team"])
def test_choices_are_legal_under_variants(rules):
    for seed in range(3):
        record = play_hand(_mixed_players(seed + 50), seed=seed, rules=rules)
        for step in record.steps:
            assert step.ruling.legal
        assert record.final.phase == "over"
        assert record.final.card_count() == 108


def test_random_player_is_uniform_and_seeded():
    pos = tutor.deal(4).play("draw")
    legal = _texts(tutor.legal_moves(pos))
    a = [str(RandomPlayer(7).choose(pos)) for _ in range(3)]
    b = [str(RandomPlayer(7).choose(pos)) for _ in range(3)]
    assert a == b
    player = RandomPlayer(1)
    seen = {str(player.choose(pos)) for _ in range(400)}
    assert seen <= legal
    assert len(seen) >= min(len(legal), 5)


def test_players_are_players():
    assert isinstance(RandomPlayer(), Player) and isinstance(SensiblePlayer(), Player)


# ---- the sensible player in staged positions ----------------------------------------------

def _pos(text):
    return tutor.Position.parse(text)


def test_takes_a_big_pile_that_fits_a_meld():
    pos = _pos("""turn: N draw
N: KH 7C 7D 9S 5H 4C
NS: KC KD KS
EW: QH QD QS
pile: 6C 8D 9H JC 10S 4S 5D AC KS
seed: 1
""")
    move, why = SensiblePlayer().decide(pos)
    assert move.kind == "take"
    assert "Take the pile: 9 cards" in why and "kings" in why


def test_draws_rather_than_spend_a_wild_card_on_a_small_pile():
    pos = _pos("""turn: N draw
N: JK 7C 9S 5H 4C QD
NS: KC KD KS
EW: -
pile: 6C
seed: 1
""")
    assert str(SensiblePlayer().choose(pos)) == "draw"


TWO_SMALL_PILE = """rules: players=2
turn: S draw
S: KH KS QD 9C 5D 4S
S melds: 8C 8D 8S
N melds: 7C 7D 7S
pile: 5C 8H
"""


def test_with_two_players_a_small_pile_is_not_worth_the_two_cards_drawn():
    """players.draw-two: the stock gives two cards a turn, so a pile of two that a four-player
    table would take (its top joins a meld) is left; a bigger one is still taken, and so is
    the small one when the stock has a single card left to draw."""
    pos = _pos(TWO_SMALL_PILE)
    move, reason = SensiblePlayer().decide(pos)
    assert str(move) == "draw" and "take" in {str(m) for m in tutor.legal_moves(pos)}
    assert reason == ("Draw from the stock: the two cards you draw are worth more than the pile "
                      "(2 cards).")
    four = _pos("turn: S draw\nS: KH KS QD 9C 5D 4S\nNS: 8C 8D 8S\nEW: 7C 7D 7S\npile: 5C 8H\n")
    assert str(SensiblePlayer().choose(four)) == "take"
    big = _pos(TWO_SMALL_PILE.replace("pile: 5C 8H", "pile: 5C 9D 4H JD 6C 8H"))
    assert str(SensiblePlayer().choose(big)) == "take"
    last = pos.replace(stock=pos.stock[:1])
    assert str(SensiblePlayer().choose(last)) == "take"


def test_discards_a_black_three_to_block():
    pos = _pos("""turn: N drawn
N: 3C JK 7C 7D 9S 5H 4C
NS: KC KD KS
EW: QH QD QS
pile: 6C 8D
seed: 1
""")
    assert str(SensiblePlayer().choose(pos)) == "discard 3C"


def test_does_not_feed_the_opponents_meld_nor_throw_a_wild_card():
    pos = _pos("""turn: N drawn
N: 2C QC 9S 9D 5H
NS: KC KD KS
EW: QH QD QS
pile: 6C 8D 7H 4D 10C
seed: 1
""")
    move = SensiblePlayer().choose(pos)
    assert str(move) == "discard 5H", str(move)


def test_builds_a_meld_toward_a_canasta():
    pos = _pos("""turn: N drawn
N: KH QC 9S 9D 5H 4C
NS: KC KD KS; 8C 8D 8S
EW: QH QD QS
pile: 6C
seed: 1
""")
    move, why = SensiblePlayer().decide(pos)
    assert str(move) == "meld KH" and "king" in why


def test_keeps_wild_cards_unless_they_complete_a_canasta():
    base = """turn: N drawn
N: 2C 9S 9D 5H 4C 6H
NS: {meld}
EW: QH QD QS
pile: 6C
seed: 1
"""
    far = SensiblePlayer().choose(_pos(base.format(meld="KC KD KS")))
    assert far.kind != "meld"
    near = SensiblePlayer().choose(_pos(base.format(meld="KC KD KS KH KC KD")))
    assert str(near) == "meld K: 2C"


def test_meets_the_first_meld_minimum_with_several_melds():
    pos = _pos("""turn: N drawn
N: KH KS KD 9S 9D 9H 5H 4C
NS: -
EW: QH QD QS
pile: 6C
seed: 1
""")
    move = SensiblePlayer().choose(pos)
    assert move.kind == "meld" and len(move.groups) == 2
    assert tutor.judge(pos, move).rule == "meld.initial"


PENDING = """turn: N drawn
asked: pending
score: NS 0, EW 0
N: KH KS KD 5C 5D 5S 9H
NS: AC AD AH AS 2C 2D JK
EW: {ew}
seed: 3
"""


def test_answers_yes_when_the_team_is_ahead():
    pos = _pos(PENDING.format(ew="QH QD QS"))
    assert pos.actor == "S"
    assert str(SensiblePlayer().choose(pos)) == "yes"


def test_answers_no_when_behind_in_a_young_hand():
    pos = _pos(PENDING.format(ew="QH QD QS QC QD QS QH; JH JD JS JC JD JS JH; AC AD 2H"))
    assert str(SensiblePlayer().choose(pos)) == "no"


def test_asks_then_goes_out_when_ahead():
    pos = _pos(PENDING.format(ew="QH QD QS")).replace(asked="-")
    player = SensiblePlayer()
    assert str(player.choose(pos)) == "ask"
    steps = play_on(pos, {s: SensiblePlayer() for s in "NESW"})
    assert steps[0].seat == "N" and str(steps[1].move) == "yes" and steps[1].seat == "S"
    final = steps[-1].after
    assert final.phase == "over" and final.out == "N"
    assert all(step.seat == "N" for step in steps[2:])


def test_melds_down_when_the_opponents_are_close_to_going_out():
    pos = _pos("""turn: N drawn
N: 2C 9S 9D 5H 4C 6H KH
E: 4D 4H
NS: KC KD KS
EW: QH QD QS QC QD QS QH
pile: 6C
seed: 1
""")
    move = SensiblePlayer().choose(pos)
    assert move.kind == "meld"


BEHIND_AT_THREE = """rules: players=3
turn: S drawn
E: AC KS QD QS 10H 8H 7C 7H 7S 6C 6S 3C 3S 3S
S: JK 2C 2S 9D
W: KD 10D 5H 3C
E melds: JK 6C 6D 6D 6H 6H 6S; 9C 9D 9H; 2H 2H QC QC QD QH; JC JD JD JH JS; KC KC KH KH; 5C 5C 5D 5D 5H 5S 5S; 4C 4C 4D 4S 4S
E red3: 3D
S melds: 2S AD AD; 8C 8D 8D 8H; 7C 7D 7S
S red3: 3D
W melds: 2D AH AH AS; 10H 10S 10S; 9C 9H 9S 9S
pile: -
"""
BEHIND_AT_FOUR = """turn: N drawn
N: JK 2C 2S 9D
E: 11
S: 9
W: 10
NS: 2S AD AD; 8C 8D 8D 8H; 7C 7D 7S
EW: JK 6C 6D 6D 6H 6H 6S; 9C 9D 9H; 2H 2H QC QC QD QH; JC JD JD JH JS; KC KC KH KH; 5C 5C 5D 5D 5H 5S 5S
pile: -
"""


@pytest.mark.parametrize("text, words", [
    (BEHIND_AT_THREE, "going out now you would not lead this hand."),
    (BEHIND_AT_FOUR, "going out now your team would not lead this hand.")])
def test_does_not_meld_down_to_one_card_whose_discard_would_go_out_behind(text, words):
    """Three wild cards would complete the meld of eights as a canasta, leaving one card:
    its discard would go out, and the other side leads by far. The computer keeps its cards
    and discards, and says why; the claim holds on the score sheet of that going out."""
    pos = tutor.Position.parse(text)
    canasta = tutor.Move.parse("meld 8: JK 2C 2S")
    assert tutor.judge(pos, canasta).legal
    out = pos.play(canasta).play("discard 9D")
    sheet = tutor.score_hand(out)
    assert out.phase == "over" and out.out == pos.turn
    assert sheet[pos.team].total < max(sheet[side].total for side in sheet if side != pos.team)
    move, why = SensiblePlayer().decide(pos)
    assert move.kind == "discard" and str(move) == "discard 9D", (move, why)
    assert why.startswith("Discard 9♦: ") and why.endswith(
        " Keep more than one card: with one card left, its discard would go out, and " + words), why
    assert pos.play(move).phase != "over"


def test_melds_down_to_one_card_and_goes_out_when_ahead():
    """The same hand with the other side's melds gone: leading, the computer goes out."""
    pos = tutor.Position.parse(BEHIND_AT_THREE.replace(BEHIND_AT_THREE.splitlines()[5],
                                                       "E melds: 9C 9D 9H"))
    move, why = SensiblePlayer().decide(pos)
    assert why.startswith("Go out: going out now you would lead this hand"), why
    steps = play_on(pos, {seat: SensiblePlayer() for seat in "ESW"}, max_moves=4)
    assert steps[-1].after.phase == "over" and steps[-1].after.out == "S"


def test_choices_are_fast():
    records = [play_hand({s: SensiblePlayer(k) for k, s in enumerate("NESW")}, seed=s)
               for s in range(3)]
    positions = [st.before for r in records for st in r.steps]
    player = SensiblePlayer()
    t0 = time.perf_counter()
    for pos in positions:
        player.choose(pos)
    per_move = (time.perf_counter() - t0) / len(positions)
    assert per_move < 0.02, f"{per_move * 1000:.2f} ms per move"   # typical: ~1 ms


# ---- hints ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_hint_is_a_legal_move_citing_a_rule(seed):
    record = play_hand(_mixed_players(seed + 100), seed=seed)
    ids = set(rule_ids())
    for step in record.steps[::5]:
        h = hint(step.before)
        assert isinstance(h, Hint)
        assert h.ruling.legal
        assert str(h.move) in _texts(tutor.legal_moves(step.before))
        # a draw is hinted as a plain draw: the seat cannot know the card it brings
        rule = "turn.draw" if h.move.kind == "draw" and step.before.stock else h.ruling.rule
        # ... and a take over a buried black three by the take's own rule: the seat does not
        # see the card under the top
        if h.ruling.decisive.key == "pile.black-three/covered":
            rule = next(c.rule for c in h.ruling.checks if c.ok and c.rule.startswith("pile.take"))
        assert h.rules and h.rules[0] == rule and h.rules[0] in ids
        assert f"({rule})" in h.text
        assert h.seat == (step.before).actor


def test_hint_text_takes_the_pile():
    pos = _pos("""turn: N draw
N: KH 7C 7D 9S 5H 4C
NS: KC KD KS
EW: QH QD QS
pile: 6C 8D 9H JC 10S 4S 5D AC KS
seed: 1
""")
    h = hint(pos)
    assert str(h.move) == "take"
    assert h.text.startswith("Take the pile: 9 cards for your meld of kings. (pile.take.unfrozen)")


def test_hint_for_the_partner_answering():
    h = hint(_pos(PENDING.format(ew="QH QD QS")))
    assert str(h.move) == "yes" and h.seat == "S" and "goout.binding" in h.text


def test_hint_on_a_finished_hand_is_refused():
    final = play_hand({s: RandomPlayer(k) for k, s in enumerate("NESW")}, seed=2).final
    with pytest.raises(ValueError):
        hint(final)


def test_explain_choice_for_any_legal_move():
    pos = tutor.deal(9).play("draw")
    for move in tutor.legal_moves(pos):
        text = explain_choice(pos, move)
        assert isinstance(text, str) and text


# ---- the reasons in words (the table's rough edges, found by translators) -------------------

_NOTATION = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9AKQJ])[CDHS](?![\w♣♦♥♠])|\bJK\b")


def test_the_reasons_write_cards_as_the_explanations_do():
    """'Discard 10♣', '… with 9♥ and 9♠', a joker by the glossary's word: never the
    notation's 10C, 9H 9S or JK, in any language; over whole hands of sensible play."""
    seen = set()
    for seed in range(3):
        record = play_hand({s: SensiblePlayer(k) for k, s in enumerate("NESW")}, seed=seed)
        for step in record.steps:
            for lang in ("en", "fi"):
                move, why = SensiblePlayer().decide(step.before, lang)
                assert not _NOTATION.search(why), why
            seen.add(move.kind)
    assert {"take", "meld", "discard"} <= seen
    pos = _pos("""turn: N drawn
N: 10C KH KS KD 9S 9D 5H 4C
NS: 8C 8D 8S
EW: QH QD QS
pile: 6C
seed: 1
""")
    assert "Discard 10♣" in explain_choice(pos, "discard 10C")
    take = _pos("turn: N draw\nN: 9H 9S JK 5C 6D 7H\nNS: 8C 8D 8S\nEW: QH QD QS\npile: 4C 5D 9D\nseed: 1\n")
    assert "for a new meld of nines with 9♥ and 9♠" in explain_choice(take, "take 9H 9S")
    assert "9♥ and a joker" in explain_choice(take, "take 9H JK")


def test_a_card_on_a_canasta_is_not_counted_toward_one():
    """'(9 of 7 cards)' was said of a meld that already was a canasta."""
    pos = _pos("""turn: N drawn
N: KH KS 9S 9D 5H 4C
NS: KC KD KC KD KS 2C JK; 8C 8D 8S
EW: QH QD QS
pile: 6C
seed: 1
""")
    why = explain_choice(pos, "meld K: KH KS")
    assert "of 7 cards" not in why and "toward" not in why
    assert "K♥ and K♠ go on your canasta of kings (9 cards now)" in why
    base = """turn: N drawn
N: 8H 9S 9D 5H 4C
NS: 8C 8D 8S 8H 8C
EW: QH QD QS
pile: 6C
seed: 1
"""
    near = _pos(base)
    assert "8♥ builds your meld of eights toward a canasta (6 of 7 cards)" in explain_choice(near, "meld 8: 8H")
    assert "completes" in explain_choice(_pos(base.replace("8S 8H 8C", "8S 8H 8C 8S")), "meld 8: 8H")


def test_saying_no_is_explained_by_why_the_partner_would_say_no():
    """explain_choice of "no" gave the reason for going out ('Saying no: going out now your
    team would lead …'), arguing against itself."""
    ahead = _pos(PENDING.format(ew="QH QD QS"))
    assert str(SensiblePlayer().choose(ahead)) == "yes"
    no = explain_choice(ahead, "no")
    assert no.startswith("Saying no keeps the hand going, so that your team can build more first")
    assert "a good partner would say yes: going out now your team would lead" in no
    behind = _pos(PENDING.format(ew="QH QD QS QC QD QS QH; JH JD JS JC JD JS JH; AC AD 2H"))
    yes = explain_choice(behind, "yes")
    assert yes.startswith("Saying yes lets North go out") and "would say no: your team would trail" in yes


def test_a_translation_may_inflect_the_ranks_and_seats_of_a_reason(monkeypatch):
    """The reasons pass a rank's or a seat's code, not a word already written: a Finnish
    message may ask for the form its sentence needs ({rank:plural_part}, {seat:abl})."""
    from tutor.i18n import translator
    fi = translator("fi")
    real_n, real = fi.ngettext, fi.gettext
    own = {"Take the pile: {n} cards for your meld of {rank:plural}.":
           "Ota avopakka: {n} korttia, ja pöytäykseesi tulee lisää {rank:plural_part}.",
           "Discard {card}: a black three blocks {seat:name} from taking the pile.":
           "Laita {card} avopakkaan: musta kolmonen estää avopakan ottamisen {seat:abl}."}
    monkeypatch.setattr(fi, "ngettext", lambda a, b, n: own.get(b if n != 1 else a) or real_n(a, b, n))
    monkeypatch.setattr(fi, "gettext", lambda m: own.get(m) or real(m))
    take = _pos("turn: N draw\nN: KH 7C 7D 9S 5H 4C\nNS: KC KD KS\nEW: QH QD QS\n"
                "pile: 6C 8D 9H JC 10S 4S 5D AC KS\nseed: 1\n")
    assert explain_choice(take, "take", "fi").startswith(
        "Ota avopakka: 9 korttia, ja pöytäykseesi tulee lisää kuninkaita.")
    block = _pos("turn: N drawn\nN: 3C JK 7C 7D 9S 5H 4C\nNS: KC KD KS\nEW: QH QD QS\npile: 6C 8D\nseed: 1\n")
    assert explain_choice(block, "discard 3C", "fi") == \
        "Laita 3♣ avopakkaan: musta kolmonen estää avopakan ottamisen Idältä."


# ---- the measurement --------------------------------------------------------------------

def test_sensible_beats_random_in_a_short_tournament():
    result = tournament(hands=40, seed=0)
    print(result)
    # Under a fair coin, P(at least 28 wins of 40) < 1 %; the measured rate is about 95 %.
    assert result["sensible_wins"] >= 28, result
    assert result["avg_score_sensible"] > result["avg_score_random"]
    assert result["hands"] == 40
    assert result["ms_per_move"] > 0


# ---- an engine gap met while building the players ------------------------------------------

CONCEALED_SEVERAL = """turn: N drawn
asked: {asked}
score: NS 3000, EW 0
N: 4C 4C 4D 4D 4H 4H 4S 5C 5D 5S 9H
NS: -
EW: QH QD QS
pile: 6C
seed: 3
"""


def test_the_sensible_player_goes_out_concealed_with_several_melds_below_the_minimum():
    """N can go out concealed with fours and fives, 50 < 120 (exempt as concealed): the
    first meld may be laid alone below the minimum while N can still go out this turn
    (meld.initial), so asking and going out meld by meld work."""
    pos = _pos(CONCEALED_SEVERAL.format(asked="-"))
    assert tutor.can_go_out(pos)
    player = SensiblePlayer()
    for _ in range(8):
        if pos.phase == "over":
            break
        pos = pos.play(player.choose(pos))
    assert pos.phase == "over" and pos.out == "N" and pos.out_concealed


def test_legal_moves_lists_the_concealed_going_out_meld_by_meld():
    """The whole going out in one action is legal, but listed meld by meld (NOTATION.md: an
    action of several melds only where no single meld would be legal)."""
    pos = _pos(CONCEALED_SEVERAL.format(asked="yes"))
    assert tutor.judge(pos, "meld 4C 4C 4D 4D 4H 4H 4S; 5C 5D 5S").legal
    listed = [str(m) for m in tutor.legal_moves(pos)]
    assert "meld 4C 4C 4D 4D 4H 4H 4S" in listed and "meld 5C 5D 5S" in listed, listed
    assert not any(";" in m for m in listed), listed


def test_the_computer_values_red_threes_as_the_sheet_does_under_red3_four_player():
    """What the computer reckons a team has on the table (`players.table_points`) counts the
    red threes as the score sheet does: under red3-four=player a 2+2 split is 400, one
    player's four 800 (red3.score)."""
    from tutor.players import table_points
    club = ("rules: red3-four=player\nturn: S drawn\nS: 5H 5D 5S 4C\nN: 6D 7C\n"
            "NS: AH AH AD AD AS AS AC\nN red3: 3H 3D\nS red3: 3H 3D\nEW: QH QD QS\npile: 9C\n")
    for text in (club, club.replace("N red3: 3H 3D\nS red3: 3H 3D", "N red3: 3H 3D 3H 3D")):
        pos = tutor.Position.parse(text)
        sheet = tutor.score_hand(pos)["NS"]
        red = dict(sheet.lines)["score.red-threes"]
        assert red in (400, 800)
        melds = sum(p for rule, p in sheet.lines if rule in ("score.canastas", "score.table"))
        assert table_points(pos.seen_by("S"), "NS") == melds + red
