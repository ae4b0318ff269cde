"""Variant flags as data: a frozen `Ruleset` (RULES.md, "Variant flags").

Checks read the ruleset's fields; nothing else in the engine asks which variant is on.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .errors import RulesError

#: flag name in the notation -> allowed values, default first.
FLAGS: dict[str, tuple[str, ...]] = {
    "black-threes": ("going-out", "never"),
    "initial-minimum": ("on", "off"),
    "go-out-without-discard": ("always", "concealed-only", "whole-canasta"),
    "concealed": ("player", "team"),
    "wilds": ("max-three", "not-outnumber"),
    "red3-dealt": ("at-once", "on-turn"),
    "stock-out": ("must-take", "ends"),
    "opening": ("team", "player"),
    "players": ("4", "2", "3", "6"),
}
BUILT_PLAYER_COUNTS = ("4",)

#: `meld.initial`: (lowest cumulative score, minimum count), highest first.
INITIAL_MINIMUMS = ((3000, 120), (1500, 90), (0, 50), (None, 15))


@dataclass(frozen=True)
class Ruleset:
    black_threes: str = "going-out"
    initial_minimum: str = "on"
    go_out_without_discard: str = "always"
    concealed: str = "player"
    wilds: str = "max-three"
    red3_dealt: str = "at-once"
    stock_out: str = "must-take"
    opening: str = "team"
    players: str = "4"

    @classmethod
    def parse(cls, text: "str | Ruleset | None") -> "Ruleset":
        """``"default"`` or ``"wilds=not-outnumber, black-threes=never"``."""
        if isinstance(text, Ruleset):
            return text
        if text is None or text.strip() in ("", "default"):
            return DEFAULT
        values = {}
        for item in text.replace(";", ",").split(","):
            item = item.strip()
            if not item or item == "default":
                continue
            name, sep, value = (s.strip() for s in item.partition("="))
            if name not in FLAGS:
                raise RulesError("error:rules.unknown-flag", name=name, flags=", ".join(FLAGS))
            if not sep or value not in FLAGS[name]:
                raise RulesError("error:rules.bad-value", name=name, values=", ".join(FLAGS[name]),
                                 value=value)
            if name == "players" and value not in BUILT_PLAYER_COUNTS:
                raise RulesError("error:rules.players", players=value)
            values[_attr(name)] = value
        return cls(**values)

    def to_text(self) -> str:
        changed = [f"{name}={getattr(self, _attr(name))}" for name in FLAGS
                   if getattr(self, _attr(name)) != FLAGS[name][0]]
        return ", ".join(changed) if changed else "default"

    def __str__(self) -> str:
        return self.to_text()

    def initial_minimum_for(self, score: int) -> int:
        """The first meld's minimum for a team whose running total is `score` (`meld.initial`)."""
        if self.initial_minimum == "off":
            return 0
        for lowest, minimum in INITIAL_MINIMUMS:
            if lowest is None or score >= lowest:
                return minimum
        return 15  # pragma: no cover - the table ends with None

    def max_wilds(self, naturals: int) -> int:
        """Most wild cards a meld with `naturals` natural cards may hold (`meld.max-wilds`, `wilds`)."""
        return min(3, naturals) if self.wilds == "not-outnumber" else 3


def _attr(flag: str) -> str:
    return flag.replace("-", "_")


DEFAULT = Ruleset()
assert {_attr(f) for f in FLAGS} <= {f.name for f in fields(Ruleset)}
