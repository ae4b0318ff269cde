"""`python -m tutor judge|moves|score ... --lang sv|fi`: every word the command line prints is
in the chosen language, by default the environment's; a language it does not speak is bad
input (exit 2, in words).

The notation (moves, positions, N/E/S/W and NS/EW) and rule ids are the same in every
language, so they are taken out before looking for English words.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from i18n_helpers import LANGS, ROOT, english_words
from tutor.cli import main

FROZEN = ("# a wild card lies in the pile: frozen for everybody\nturn: S draw\n"
          "S: 9H 9S JK 4C\nNS: KH KS KD\nEW: QH QD QS\npile: 5C 2C 8D 9D\n")
OUT = ("turn: S over\nout: N\nNS: 9C 9D 9S 9H 9C 9D 9S\nNS red3: 3H\nN: -\nS: 4C KH\n"
       "EW: QH QD QS\n")


LANGUAGE_VARIABLES = ("TUTOR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def run(*args, env=None, stdin=""):
    """`python -m tutor ARGS...` in this process (tutor.cli.main) with the language variables
    of `env` only (default LANG=C.UTF-8): its exit code and what it printed (UTF-8 streams).
    One test runs the real command in a subprocess."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    with pytest.MonkeyPatch.context() as m:
        for name in LANGUAGE_VARIABLES:
            m.delenv(name, raising=False)
        for name, value in (env or {"LANG": "C.UTF-8"}).items():
            m.setenv(name, value)
        m.setattr(sys, "stdin", io.StringIO(stdin))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))
    return SimpleNamespace(returncode=code, stdout=texts[0], stderr=texts[1])


@pytest.fixture
def files(tmp_path):
    out = {}
    for name, text in (("frozen", FROZEN), ("out", OUT)):
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_text(text, encoding="utf-8")
    return out


def _english(output: str, lang: str) -> list:
    """English words left in the output, with the notation and rule ids taken out."""
    prose = re.sub(r"\b(?:take|meld|discard|draw|ask|yes|no)\b(?: [A-Z0-9 :;]+)?$", " ",
                   output, flags=re.M)                     # a move echoed at a line's end
    return english_words(prose, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_judge_prints_every_word_in_the_language(files, lang):
    r = run("judge", str(files["frozen"]), "take 9H JK", "--lang", lang)
    assert r.returncode == 1, r.stderr
    assert "pile.take.frozen" in r.stdout and "9♥" in r.stdout, r.stdout
    assert not _english(r.stdout, lang), (_english(r.stdout, lang), r.stdout)
    ok = run("judge", str(files["frozen"]), "take 9H 9S", "--lang", lang)
    assert ok.returncode == 0 and not _english(ok.stdout, lang), ok.stdout


def test_judge_names_the_verdict_and_quotes_the_rulebook():
    for lang, verdict, rule_words in (
            ("en", "illegal: take 9H JK", "A frozen pile may be taken only"),
            ("sv", "inte tillåtet: take 9H JK", "En fryst kasthög får bara tas"),
            ("fi", "ei sallittu: take 9H JK", "Lukitun avopakan saa ottaa vain")):
        if lang == "fi":                      # once the real command, in a subprocess
            r = subprocess.run([sys.executable, "-m", "tutor", "judge", "-", "take 9H JK",
                                "--lang", lang], input=FROZEN, cwd=ROOT, capture_output=True,
                               text=True, encoding="utf-8", timeout=60)
        else:
            r = run("judge", "-", "take 9H JK", "--lang", lang, stdin=FROZEN)
        first, second = r.stdout.splitlines()[:2]
        assert first == verdict, (lang, r.stdout)
        assert second.startswith("rule: pile.take.frozen — " if lang == "en" else "") \
            and rule_words in second, (lang, second)


@pytest.mark.parametrize("lang", LANGS)
def test_json_keeps_its_keys_and_translates_the_words(files, lang):
    en = json.loads(run("judge", str(files["frozen"]), "take 9H JK", "--json").stdout)
    own = json.loads(run("judge", str(files["frozen"]), "take 9H JK", "--json", "--lang", lang).stdout)
    assert set(own) == set(en) == {"legal", "rule", "explanation", "rule_text"}
    assert own["rule"] == en["rule"] == "pile.take.frozen" and own["legal"] is en["legal"] is False
    for key in ("explanation", "rule_text"):
        assert own[key] != en[key] and not english_words(own[key], lang), (key, own[key])


@pytest.mark.parametrize("lang", LANGS)
def test_score_names_its_lines_in_the_language(files, lang):
    r = run("score", str(files["out"]), "--lang", lang)
    assert r.returncode == 0, r.stderr
    en = run("score", str(files["out"]))
    assert [re.findall(r"[+-]\d+|\d+", line) for line in r.stdout.splitlines()] == \
        [re.findall(r"[+-]\d+|\d+", line) for line in en.stdout.splitlines()], (r.stdout, en.stdout)
    for rule in ("score.going-out", "score.canastas", "score.red-threes", "score.table",
                 "score.hand"):
        assert rule in r.stdout, (rule, r.stdout)
    assert not _english(r.stdout, lang), (_english(r.stdout, lang), r.stdout)
    team = {"sv": "Nord–Syd", "fi": "Pohjoinen–Etelä"}[lang]
    assert team in r.stdout


@pytest.mark.parametrize("lang, names", [
    ("en", ("(North)", "(East)", "(South)", "(West)")), ("sv", ("(Nord)", "(Öst)", "(Syd)", "(Väst)")),
    ("fi", ("(Pohjoinen)", "(Itä)", "(Etelä)", "(Länsi)"))])
def test_score_names_a_player_alone_in_words(tmp_path, lang, names):
    """A side of one player is named like the other sides, in words: "N: -145  (North)"
    (it was "(N)", the notation's letter)."""
    two = tmp_path / "two.txt"
    two.write_text("rules: players=2\nturn: S drawn\nN: 4C KH\nS: 5D\nS melds: 9C 9D 9H\npile: 9S\n",
                   encoding="utf-8")
    three = tmp_path / "three.txt"
    three.write_text("rules: players=3\nturn: S drawn\nE: 4C\nS: 5D\nW: 6H\npile: 9S\n", encoding="utf-8")
    said = run("score", str(two), "--lang", lang).stdout + run("score", str(three), "--lang", lang).stdout
    heads = [line for line in said.splitlines() if not line.startswith(" ")]
    assert [line.split("  ")[1] for line in heads] == [names[0], names[2], names[1], names[2], names[3]]
    assert not re.search(r"\([NESW]\)", said), said


def test_moves_lists_the_notation_and_says_when_there_is_none(files):
    r = run("moves", str(files["frozen"]), "--lang", "fi")
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "draw", r.stdout
    over = run("moves", str(files["out"]), "--lang", "fi")
    assert over.returncode == 0 and over.stdout.strip() and not _english(over.stdout, "fi"), over.stdout


@pytest.mark.parametrize("env, lang", [({"TUTOR_LANG": "fi"}, "fi"), ({"LANG": "sv_SE.UTF-8"}, "sv"),
                                       ({"LANG": "C.UTF-8"}, "en")])
def test_the_language_comes_from_the_environment(files, env, lang):
    r = run("judge", str(files["frozen"]), "take 9H JK", "--json", env=env)
    chosen = json.loads(r.stdout)["explanation"]
    direct = json.loads(run("judge", str(files["frozen"]), "take 9H JK", "--json",
                            "--lang", lang).stdout)["explanation"]
    assert chosen == direct


def test_an_unknown_language_is_bad_input_in_words(files):
    r = run("judge", str(files["frozen"]), "take 9H JK", "--lang", "de")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--lang" in r.stderr and "'de'" in r.stderr and "fi" in r.stderr, r.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_errors_and_help_are_in_the_language(tmp_path, files, lang):
    bad = tmp_path / "bad.txt"
    bad.write_text("turn: S drawn\nS: KH KH 4C\nNS: -\nEW: -\npile: KH\n", encoding="utf-8")
    # the whole message, the command line's frame and the engine's words about the text
    for args, own in ((("judge", str(bad), "discard 4C"), None),
                      (("judge", str(tmp_path / "nope.txt"), "draw"), None),
                      (("judge", str(files["frozen"]), "flip 9H"), None)):
        r = run(*args, "--lang", lang)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        frame = ": ".join(r.stderr.strip().split(": ")[:own])
        frame = re.sub(r"\S+\.txt", " ", frame)
        # the move text's own keywords (draw, take, …) are the notation, quoted as typed
        left = set(english_words(frame, lang)) - {"draw", "take", "meld", "discard", "ask", "yes", "no"}
        assert frame and not left, (args, r.stderr)
    assert "5" in run("judge", str(bad), "discard 4C", "--lang", lang).stderr    # line 5
    helped = run("judge", "--help", "--lang", lang)
    assert helped.returncode == 0
    words = english_words(re.sub(r'\[.*?\]|--\w+|\{[a-z,]+\}|"[^"]*"', " ", helped.stdout), lang)
    assert set(words) <= {"usage", "positional", "arguments", "options", "show", "this", "help",
                          "message", "and", "exit"}, words      # argparse's own words
