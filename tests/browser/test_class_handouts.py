"""Handouts that print: ``python -m tutor.classroom.handouts`` makes the PDFs (Chromium's
print engine); poppler's ``pdftoppm`` renders their pages to PNG and ``pdftotext`` reads
them back. The pages are ink-light (white, no felt), the questions come with their
diagrams and no answers, and the separate answer key cites, row by row, the rule the
judge decides by. PNGs: tests/browser/screenshots/handouts-*.png."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

import tutor
from browser_harness import SCREENSHOTS
from tutor.classroom.room import lesson

LESSONS = ("06", "07")
FELT = (0x1F, 0x6B, 0x3C)


@pytest.fixture(scope="module")
def poppler(_prerequisites):
    for tool in ("pdftoppm", "pdftotext"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} not found: apt-get install -y poppler-utils (.ci/run does)",
                        pytrace=False)


@pytest.fixture(scope="module")
def handouts(tmp_path_factory, poppler):
    out = tmp_path_factory.mktemp("handouts")
    run = subprocess.run([sys.executable, "-m", "tutor.classroom.handouts", "--lessons", "6-7",
                          "--lang", "en", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(out / "evening.pdf"), str(out / "evening-answers.pdf")]
    return out


def _pages(pdf, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(SCREENSHOTS / name)], check=True,
                   timeout=120)
    return sorted(SCREENSHOTS.glob(f"{name}-*.png"))


def _text(pdf):
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True, timeout=120).stdout


def _ink(png):
    """(share of near-white pixels, share of felt-green pixels, share of dark pixels)."""
    px = np.asarray(Image.open(png).convert("RGB"), dtype=int).reshape(-1, 3)
    white = np.all(px > 235, axis=1).mean()
    felt = np.all(np.abs(px - FELT) < 25, axis=1).mean()
    dark = (px.sum(axis=1) < 200).mean()
    return white, felt, dark


def test_question_pages_are_ink_light_with_their_diagrams(handouts):
    pages = _pages(handouts / "evening.pdf", "handouts-questions")
    questions = sum(len(lesson(k).exercises) for k in LESSONS)
    assert 2 <= len(pages) <= questions + 1            # about two questions a page
    for png in pages:
        white, felt, dark = _ink(png)
        assert white > 0.80, f"{png.name}: only {white:.0%} of the page is paper"
        assert felt < 0.002, f"{png.name}: felt green on {felt:.1%} of the page"
        assert 0.0005 < dark < 0.10, f"{png.name}: {dark:.2%} dark pixels"
    text = _text(handouts / "evening.pdf")
    for key in LESSONS:
        les = lesson(key)
        assert f"Lesson {int(les.number)}: {les.title}" in text
        for ex in les.exercises:
            words = re.sub(r"[`*]", "", ex.prompt).split()[:6]
            assert " ".join(words) in " ".join(text.split()), f"{les.key} {ex.id} is missing"
    assert text.count("The move:") == sum(bool(ex.move) for k in LESSONS for ex in lesson(k).exercises)
    # each move said in words, as the lesson's question says it, not in move text
    flat = " ".join(text.split())
    assert "South takes the pile with 9♥ and a joker." in flat and "take 9♥" not in flat
    assert "Answer key" not in text and "pile.take.frozen" not in text   # no answers on it
    # the diagrams are drawings (cards with their suits), not blank boxes
    assert "North" in text and "♥" in text


def test_the_answer_key_is_separate_and_cites_the_rules_the_table_cites(handouts):
    pages = _pages(handouts / "evening-answers.pdf", "handouts-answers")
    assert pages
    for png in pages:
        assert _ink(png)[0] > 0.85
    text = _text(handouts / "evening-answers.pdf")
    rows = re.findall(r"^\s*(\d+)\s+(Legal|Illegal|\S+)\s+([a-z0-9]+(?:\.[a-z0-9-]+)+)\b", text, re.M)
    expected = []
    for key in LESSONS:
        for i, ex in enumerate(lesson(key).exercises, 1):
            if ex.kind == "judge":
                ruling = tutor.judge(ex.position(), ex.move)
                expected.append((str(i), "Legal" if ruling.legal else "Illegal", ruling.rule))
            else:
                expected.append((str(i), str(ex.answer), ex.check().rule))
    assert rows == expected
    assert "Answer key — Lesson 6: The frozen pile" in text


def test_one_pdf_per_lesson(tmp_path, poppler):
    run = subprocess.run([sys.executable, "-m", "tutor.classroom.handouts", "--lessons", "6",
                          "--per-lesson", "--out", str(tmp_path)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["06-frozen-pile-answers.pdf", "06-frozen-pile.pdf"]
    assert "Lesson 7" not in _text(tmp_path / "06-frozen-pile.pdf")


def test_bad_lessons_are_refused_in_words(tmp_path):
    run = subprocess.run([sys.executable, "-m", "tutor.classroom.handouts", "--lessons", "42",
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "does not name lessons" in run.stderr and "Traceback" not in run.stderr
