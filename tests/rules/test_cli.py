"""`python -m tutor judge FILE MOVE [--json]`: exit 0 legal, 1 illegal, 2 bad input."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FROZEN = """# a wild card lies in the pile: frozen for everybody
turn: S draw
S: 9H 9S JK 4C
NS: KH KS KD
EW: QH QD QS
pile: 5C 2C 8D 9D
"""


def run(*args):
    return subprocess.run([sys.executable, "-m", "tutor", "judge"] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.fixture
def frozen(tmp_path):
    p = tmp_path / "frozen.txt"
    p.write_text(FROZEN)
    return str(p)


def test_cli_illegal_exit_1_names_rule(frozen):
    r = run(frozen, "take 9H JK")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "pile.take.frozen" in r.stdout


def test_cli_legal_exit_0(frozen):
    r = run(frozen, "take 9H 9S")
    assert r.returncode == 0, (r.stdout, r.stderr)


def test_cli_json(frozen):
    r = run(frozen, "take 9H JK", "--json")
    assert r.returncode == 1, (r.stdout, r.stderr)
    data = json.loads(r.stdout)
    assert data["legal"] is False
    assert data["rule"] == "pile.take.frozen"
    assert isinstance(data["explanation"], str) and data["explanation"].strip()


def test_cli_json_legal(frozen):
    r = run(frozen, "take 9H 9S", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["legal"] is True and data["rule"] == "pile.take.frozen"


def test_cli_lang_sv(frozen):
    r = run(frozen, "take 9H JK", "--lang", "sv")
    assert r.returncode == 1
    assert "pile.take.frozen" in r.stdout


def test_cli_bad_position_exit_2_no_traceback(tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("turn: S drawn\nS: KH KH 4C\nNS: -\nEW: -\npile: KH\n")
    r = run(str(p), "discard 4C")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout
    assert "5" in (r.stderr + r.stdout)          # says where: line 5


def test_cli_missing_file_exit_2(tmp_path):
    r = run(str(tmp_path / "nope.txt"), "draw")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout


def test_cli_bad_move_text_exit_2(frozen):
    r = run(frozen, "flip 9H")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout


def test_cli_lang_sv_explains_in_swedish(frozen):
    en = run(frozen, "take 9H JK", "--json")
    sv = run(frozen, "take 9H JK", "--json", "--lang", "sv")
    assert sv.returncode == 1
    e, s = json.loads(en.stdout), json.loads(sv.stdout)
    assert s["rule"] == e["rule"] == "pile.take.frozen"
    assert s["explanation"] != e["explanation"], "--lang sv gave the English text"
