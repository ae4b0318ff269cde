"""Reading a rule text as sentences, ids and parentheses aside (tests/test_true_words.py,
tests/test_claims.py): which sentences of the rulebook a learner's text lacks."""
from __future__ import annotations

import re

from tutor.engine.ruleset import FLAGS

__all__ = ["CUT", "_aside", "_lost", "_sentences"]

CUT = "\x00"     # where an id cited in a sentence stood: the learner's text says it in words


def _aside(text: str) -> str:
    """A rule text with its ids and parentheses aside: a parenthesis that cites an id goes
    whole, any other keeps its words; an id, flag or setting cited in the sentence leaves a cut
    (`CUT`: the words on each side must be there, whatever words say the id), the notation
    keeps its words (`draw`); spaces are made single."""
    text = re.sub(r"\s*\(([^()]*)\)", lambda m: "" if "`" in m.group(1) else " " + m.group(1), text)
    text = re.sub(r"`([a-z0-9-]+)`\s*=\s*`[a-z0-9-]+`",        # a setting: "`three` = `cutthroat`"
                  lambda m: CUT if m.group(1) in FLAGS else m.group(0), text)
    text = re.sub(r"`([^`]+)`", lambda m: CUT if "." in m.group(1) or m.group(1) in FLAGS else m.group(1),
                  text)
    return re.sub(r"\s+", " ", text).strip()


def _sentences(text: str) -> list:
    return [s.strip(" .") for s in re.split(r"(?<=[.!?])\s+", text) if s.strip(" .")]


def _lost(book: str, learner: str) -> list:
    """The sentences of `book` (`_aside`) that `learner` lacks: each piece between cuts,
    in order."""
    lost = []
    for sentence in _sentences(book):
        at = 0
        for piece in (p.strip(" .,") for p in sentence.split(CUT)):
            found = learner.find(piece, at) if piece else at
            if found < 0:
                lost.append(sentence.replace(CUT, "…"))
                break
            at = found + len(piece)
    return lost
