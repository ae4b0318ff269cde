"""Rulings: the judge's answer to one move, keeping every check it ran.

A `Check` is one rule applied to this move: the rule id, whether it passed, and the named
fields of its message template (see `explain.py`). The ruling's `rule` is the id that
decided it: the first failed check, or for a legal move the most specific rule that
permitted it. Text is only rendered when `explain()` is called.
"""
from __future__ import annotations

from typing import NamedTuple

from .words import M, MESSAGES, Words

# the ruling as a notebook shows it (`Ruling._repr_html_`)
M("ruling:legal", "Legal")
M("ruling:illegal", "Illegal")
M("ruling:verdict", "{verdict}: {move} — rule {rule}")


#: the turn's steps (RULES.md, "The turn"): a legal meld names its step among its reasons,
#: after the rules that allow it; a draw's and a discard's step is the rule that allows them
STEP_RULES = ("turn.draw", "turn.meld", "turn.discard")


class Check(NamedTuple):
    rule: str
    ok: bool
    key: str                 # message template (explain.TEMPLATES)
    fields: dict
    cards: tuple = ()        # the cards concerned, for highlighting on the table


class Ruling:
    """`legal`, the deciding `rule`, every `check`; `explain()` renders the reason in words."""

    __slots__ = ("position", "move", "legal", "_checks", "decisive", "_effect", "_after", "_cite")

    def __init__(self, position, move, checks, decisive, effect=None, cite=None):
        self.position = position
        self.move = move
        self._checks = tuple(checks)
        self.decisive = decisive               # the Check that decided
        self.legal = decisive.ok
        self._effect = effect                  # a callable building the position after
        self._after = None
        self._cite = cite                      # a callable giving the checks cited beside

    @property
    def checks(self) -> tuple:
        """Every check the judge ran, in order, and the passed ones a legal move cites beside
        its deciding rule (built on first reading: most rulings are never read)."""
        if self._cite is not None:
            self._checks += tuple(self._cite())
            self._cite = None
        return self._checks

    @property
    def rule(self) -> str:
        return self.decisive.rule

    @property
    def reasons(self) -> tuple:
        """Rule ids that shaped the verdict: the deciding one first, then the supporting ones
        cited in the explanation, then the turn's step (`turn.meld`), then any failed."""
        ids = [self.decisive.rule]
        for check in self.checks:
            if check is not self.decisive and check.key.endswith("!") and check.rule not in ids:
                ids.append(check.rule)
        for check in self.checks:                   # the turn's step the move belongs to
            if check.ok and check.rule in STEP_RULES and check.rule not in ids:
                ids.append(check.rule)
        for check in self.checks:
            if not check.ok and check.rule not in ids:
                ids.append(check.rule)
        return tuple(ids)

    @property
    def cards(self) -> tuple:
        """Cards to highlight: those of the deciding check, else every card the move names."""
        return self.decisive.cards or (self.move.cards if self.move else ())

    @property
    def after(self):
        """The position after a legal move (None for an illegal one)."""
        if not self.legal:
            return None
        if self._after is None:
            self._after = self._effect()
        return self._after

    def explain(self, lang: str = "en") -> str:
        from .explain import render_ruling
        return render_ruling(self, lang)

    def rule_text(self, lang: str = "en") -> str:
        """The rulebook's own words for the deciding rule, in `lang` (English: RULES.md)."""
        from .rulebook import rule_text
        return rule_text(self.rule, lang)

    def as_dict(self, lang: str = "en") -> dict:
        return {"legal": self.legal, "rule": self.rule, "explanation": self.explain(lang),
                "move": str(self.move) if self.move else None, "reasons": list(self.reasons)}

    def __bool__(self) -> bool:
        return self.legal

    def __repr__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        return f"<Ruling {verdict} {self.move} ({self.rule})>"

    def _repr_html_(self) -> str:
        """The ruling in a notebook, in the notebook's language (`tutor.i18n.translator()`:
        TUTOR_LANG, the browser's, the system's): the verdict, the move, the rule, why."""
        import html
        from ..i18n import translator
        t = translator()
        colour = "#1b7a3a" if self.legal else "#b3261e"
        verdict = Words("ruling:legal" if self.legal else "ruling:illegal").text(t.lang)
        head = t.format(html.escape(t.pgettext("ruling:verdict", MESSAGES["ruling:verdict"]),
                                    quote=False),
                        verdict=f"<b style='color:{colour}'>{html.escape(verdict)}</b>",
                        move=f"<code>{html.escape(str(self.move))}</code>",
                        rule=f"<code>{html.escape(self.rule)}</code>")
        return (f"<div style='border-left:4px solid {colour};padding:4px 10px'>"
                f"{head}<br>{html.escape(self.explain(t.lang))}</div>")
