"""Every message template the checks can name exists and renders; every rule id cited exists."""
from __future__ import annotations

import re
from pathlib import Path

import tutor
from tutor.engine.explain import TEMPLATES
from tutor.engine.rulebook import rule_ids

SOURCE = (Path(tutor.__file__).parent / "engine" / "checks.py").read_text()


def test_every_template_key_named_in_checks_exists():
    keys = set(re.findall(r'"([a-z0-9.-]+/[a-z0-9-]+!?)"', SOURCE))
    assert keys, "no template keys found"
    missing = sorted(k for k in keys if k not in TEMPLATES)
    assert not missing, missing


def test_every_template_belongs_to_a_rule_of_the_rulebook():
    ids = set(rule_ids())
    strays = sorted(k for k in TEMPLATES if k.split("/")[0] not in ids)
    assert not strays, strays


def test_explanations_name_the_cards_of_this_position():
    pos = tutor.Position.parse("turn: S draw\nS: KH JK 7D 7C 9S 4H 4D 10C QS JD 6H\n"
                               "NS: 8C 8D 8S\npile: 5C 2H 6S KD")
    text = tutor.judge(pos, "take KH JK").explain()
    for words in ("2♥", "K♥", "joker", "K♦", "two natural kings"):
        assert words in text, (words, text)


def test_unknown_language_falls_back_to_english():
    pos = tutor.Position.parse("turn: S draw\nS: KH KS 7D\npile: 5C KD")
    ruling = tutor.judge(pos, "take KH KS")
    assert ruling.explain("xx") == ruling.explain("en")


def _explain(text: str, move: str, lang: str = "en") -> str:
    return tutor.judge(tutor.Position.parse(text), move).explain(lang)


def test_a_frozen_take_names_the_natural_pair_apart_from_the_wild_card():
    text = _explain("turn: S draw\nS: 9C 9D JK 4C 5D\nNS: KH KS KD\npile: 5C 2D 9H",
                    "take 9C 9D JK")
    assert "two natural nines from your hand (9♣ and 9♦) and a joker" in text, text


def test_the_cards_under_the_top_are_counted_in_words():
    many = _explain("turn: S draw\nS: 9C 9D 4C 5D 6H\npile: 5C 6C 9H", "take 9C 9D")
    one = _explain("turn: S draw\nS: 9C 9D 4C 5D 6H\npile: 5C 9H", "take 9C 9D")
    alone = _explain("turn: S draw\nS: 9C 9D 4C 5D 6H\npile: 9H", "take 9C 9D")
    assert "not the 2 cards under it" in many, many
    assert "not the card under it" in one, one
    assert "only card of the pile" in alone and "0 cards" not in alone, alone


def test_one_red_three_and_several_are_worded_apart():
    base = "turn: S drawn\nS: 9C 9D 4C 5D 6H\npile: 9H"        # the move names them all the same
    assert "3♥ is a red three" in _explain(base, "discard 3H")
    assert "3♥ and 3♦ are red threes" in _explain(base, "meld 3H 3D 4C")
