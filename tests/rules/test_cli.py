"""`python -m tutor judge FILE MOVE [--json]`: exit 0 legal, 1 illegal, 2 bad input.

The command's `tutor.cli.main` runs in the test's process (its output captured); one test
runs the real `python -m tutor` in a subprocess."""
import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from tutor.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FROZEN = """# a wild card lies in the pile: frozen for everybody
turn: S draw
S: 9H 9S JK 4C
NS: KH KS KD
EW: QH QD QS
pile: 5C 2C 8D 9D
"""


@pytest.fixture
def run(capsys):
    """`python -m tutor judge ARGS...` in this process: its exit code, stdout and stderr."""
    def judge(*args):
        code = main(["judge", *args])
        out, err = capsys.readouterr()
        return SimpleNamespace(returncode=code, stdout=out, stderr=err)
    return judge


@pytest.fixture
def frozen(tmp_path):
    p = tmp_path / "frozen.txt"
    p.write_text(FROZEN)
    return str(p)


def test_python_dash_m_tutor_exits_with_the_verdict(frozen):
    """The real command, in a subprocess: the exit code is the verdict."""
    def command(*args):
        return subprocess.run([sys.executable, "-m", "tutor", "judge", *args],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    illegal, legal = command(frozen, "take 9H JK"), command(frozen, "take 9H 9S")
    assert illegal.returncode == 1 and "pile.take.frozen" in illegal.stdout, illegal
    assert legal.returncode == 0, legal


def test_cli_illegal_exit_1_names_rule(run, frozen):
    r = run(frozen, "take 9H JK")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "pile.take.frozen" in r.stdout


def test_cli_legal_exit_0(run, frozen):
    r = run(frozen, "take 9H 9S")
    assert r.returncode == 0, (r.stdout, r.stderr)


def test_cli_json(run, frozen):
    r = run(frozen, "take 9H JK", "--json")
    assert r.returncode == 1, (r.stdout, r.stderr)
    data = json.loads(r.stdout)
    assert data["legal"] is False
    assert data["rule"] == "pile.take.frozen"
    assert isinstance(data["explanation"], str) and data["explanation"].strip()


def test_cli_json_legal(run, frozen):
    r = run(frozen, "take 9H 9S", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["legal"] is True and data["rule"] == "pile.take.frozen"


def test_cli_lang_sv(run, frozen):
    r = run(frozen, "take 9H JK", "--lang", "sv")
    assert r.returncode == 1
    assert "pile.take.frozen" in r.stdout


def test_cli_bad_position_exit_2_no_traceback(run, tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("turn: S drawn\nS: KH KH 4C\nNS: -\nEW: -\npile: KH\n")
    r = run(str(p), "discard 4C")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout
    assert "5" in (r.stderr + r.stdout)          # says where: line 5


def test_cli_missing_file_exit_2(run, tmp_path):
    r = run(str(tmp_path / "nope.txt"), "draw")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout


def test_cli_bad_move_text_exit_2(run, frozen):
    r = run(frozen, "flip 9H")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout


def test_cli_lang_sv_explains_in_swedish(run, frozen):
    en = run(frozen, "take 9H JK", "--json")
    sv = run(frozen, "take 9H JK", "--json", "--lang", "sv")
    assert sv.returncode == 1
    e, s = json.loads(en.stdout), json.loads(sv.stdout)
    assert s["rule"] == e["rule"] == "pile.take.frozen"
    assert s["explanation"] != e["explanation"], "--lang sv gave the English text"
