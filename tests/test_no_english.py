"""No English left in Swedish or Finnish: every explanation template, over the staged
situations and over every position the rule tests judge, and every rule text of the rulebook.

The rule tests (tests/rules, except the command-line ones) are run once in a subprocess with
`i18n_helpers` as a pytest plugin that records each (position, move) the engine judged;
each is judged again here and every check of its ruling is explained in both languages.
A sentence fails when a word of the English stop-list (i18n_helpers.ENGLISH) is left in
it, once notation, rule ids, flags and cards are taken out. The counts are printed (run
with -s): templates x languages x positions.
"""
from __future__ import annotations

from collections import defaultdict

import pytest

import tutor
from i18n_helpers import LANGS, SITUATIONS, english_words, record_rule_test_positions
from tutor.engine import explain
from tutor.engine.rulebook import rule_ids, rule_text


@pytest.fixture(scope="module")
def rule_test_positions():
    pairs, summary = record_rule_test_positions()
    assert len(pairs) > 500, f"the rule tests judged only {len(pairs)} positions ({summary})"
    return pairs, summary


def _explain_all(pairs):
    """{lang: {template key: [(English words left, text, move, position)]}}, the keys
    reached, and the number of checks explained."""
    left = {lang: defaultdict(list) for lang in LANGS}
    reached, checks = set(), 0
    for text, move in pairs:
        pos = tutor.Position.parse(text)
        ruling = tutor.judge(pos, move)
        for check in ruling.checks + (() if ruling.decisive in ruling.checks else (ruling.decisive,)):
            checks += 1
            # render_ruling says a check to a player alone (two, three players) in its
            # "~alone" words and to a team in the others, chosen by the seat alone: a check
            # reached here is said both ways, and both are checked
            for alone in (False, True):
                key = check.key + explain.ALONE if alone and check.key + explain.ALONE \
                    in explain.TEMPLATES else check.key
                reached.add(key)
                fields = dict(check.fields, player_alone=True) if alone else check.fields
                for lang in LANGS:
                    said = explain.render(check.key, fields, lang)
                    words = english_words(said, lang)
                    if words or "{" in said:
                        left[lang][key].append((words, said, move, text))
    return left, reached, checks


def _report(left, lang) -> str:
    lines = []
    for key, cases in sorted(left[lang].items()):
        words, said, move, text = cases[0]
        lines.append(f"{lang}: {key} ({len(cases)} positions) leaves {sorted(set(words))} "
                     f"in: {said!r}\n    move {move!r} in:\n    " + text.strip().replace("\n", "\n    "))
    return "\n".join(lines)


@pytest.mark.slow       # runs tests/rules again, in a subprocess, under a recorder
def test_no_english_over_the_staged_situations_and_the_rule_test_positions(rule_test_positions):
    pairs, summary = rule_test_positions
    every = list(dict.fromkeys(list(SITUATIONS) + pairs))
    left, reached, checks = _explain_all(every)
    print(f"\nexplanation templates: {len(explain.TEMPLATES)}, parts: {len(explain.PARTS)}; "
          f"reached {len(reached & set(explain.TEMPLATES))} templates over "
          f"{len(SITUATIONS)} staged situations + {len(pairs)} rule-test positions "
          f"({summary}) = {len(every)} positions, {checks} checks; each explained in "
          f"{len(LANGS)} languages ({', '.join(LANGS)}): {checks * len(LANGS)} sentences")
    for lang in LANGS:
        print(f"  {lang}: {sum(map(len, left[lang].values()))} sentences with English left, "
              f"in {len(left[lang])} templates")
    unreached = sorted(set(explain.TEMPLATES) - reached)
    assert not unreached, f"templates no position reaches: {unreached}"
    report = "\n".join(_report(left, lang) for lang in LANGS if left[lang])
    assert not report, "English left (translate the template in the .po):\n" + report


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_in_the_rule_texts(lang):
    left = {rid: english_words(rule_text(rid, lang), lang) for rid in rule_ids()}
    left = {rid: words for rid, words in left.items() if words}
    print(f"\n{lang}: {len(rule_ids())} rule texts, {len(left)} with English left")
    assert not left, "\n".join(f"{lang}: {rid}: {words}: {rule_text(rid, lang)!r}"
                               for rid, words in left.items())


def test_the_stop_list_finds_english_and_spares_the_notation():
    assert english_words("You draw the top card of the stock.", "fi") == \
        ["You", "draw", "the", "top", "card", "of", "the", "stock"]
    assert english_words("Lisää apukortti siirrolla 'meld K: 2C' (stock-out=ends) "
                         "`pile.take.frozen` K♥ JK.", "fi") == []
    assert english_words("Du erbjuder 9♥ och en joker; wild cards duger inte, din hand.", "sv") == []
    assert english_words("Du erbjuder 9♥ and en joker.", "sv") == ["and"]
