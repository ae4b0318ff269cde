"""Every sentence a learner reads is true (issue 20): the rule texts whole, bad move text
refused in words, the computer's reasons true in the position they are given in."""
from __future__ import annotations

import re

import pytest

from tutor.engine.plainwords import plain_rule_text
from tutor.engine.rulebook import rule_ids, rule_text
from tutor.engine.ruleset import FLAGS

LANGS = ("en", "sv", "fi")


def _aside(text: str) -> str:
    """A rule text with its ids and parentheses aside: a parenthesis that cites an id goes
    whole, any other keeps its words; an id or flag cited in the sentence goes, the
    notation keeps its words (`draw`); spaces are made single."""
    text = re.sub(r"\s*\(([^()]*)\)", lambda m: "" if "`" in m.group(1) else " " + m.group(1), text)
    text = re.sub(r"`([^`]+)`", lambda m: "" if "." in m.group(1) or m.group(1) in FLAGS else m.group(1), text)
    return re.sub(r"\s+", " ", text).strip()


def _sentences(text: str) -> list:
    return [s.strip(" .") for s in re.split(r"(?<=[.!?])\s+", text) if s.strip(" .")]


@pytest.mark.parametrize("lang", LANGS)
def test_a_learner_reads_every_sentence_of_the_rulebook(lang):
    missing = []
    for rid in rule_ids():
        book = _aside(rule_text(rid, lang))
        if re.fullmatch(r"\w+ [a-z0-9.-]+\.?", book):             # "As red3.score."
            continue
        learner = _aside(plain_rule_text(rid, lang))
        for sentence in _sentences(book):
            if sentence not in learner:
                missing.append((rid, sentence))
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_text_for_a_learner_cites_no_id(lang):
    for rid in rule_ids():
        text = plain_rule_text(rid, lang)
        cited = [i for i in rule_ids() if re.search(rf"(?<![\w.]){re.escape(i)}(?![\w-])", text)]
        assert "`" not in text and not cited, (rid, text)


def test_the_black_three_rule_is_read_whole():
    text = plain_rule_text("meld.threes", "en")
    assert text.startswith("Red threes never form melds.")
    assert "Black threes may be melded only in the turn the player goes out" in text
