"""Variant flags as data: a frozen `Ruleset` (RULES.md, "Variant flags").

Checks read the ruleset's fields; nothing else in the engine asks which variant is on. The
player count (`players`, with `three` and `six`) chooses a `Format` (formats.py), which knows
the seats, sides and numbers of that game; code asks the format, never the count.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import RulesError
from .formats import Format, format_for

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
    "red3-four": ("team", "player"),
    "players": ("4", "2", "3", "6"),
    "three": ("each-alone", "cutthroat"),
    "six": ("two-teams", "three-teams"),
    "cutthroat-canastas": ("2", "1"),
}
#: Combinations of flags the tutor does not play yet: refused in words, never played wrongly.
NOT_BUILT: dict = {}
#: A flag that changes only one table: its other values need this flag's value (else refused,
#: so a position never says a variant that is not played).
ONLY_WITH: dict[str, tuple[str, str]] = {
    "three": ("players", "3"),
    "six": ("players", "6"),
    "cutthroat-canastas": ("three", "cutthroat"),
}


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
    red3_four: str = "team"
    players: str = "4"
    three: str = "each-alone"
    six: str = "two-teams"
    cutthroat_canastas: str = "2"
    format: Format = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self):
        for name, values in FLAGS.items():      # a ruleset built by hand is checked as text is
            value = getattr(self, _attr(name))
            if not isinstance(value, str) or value not in values:
                raise RulesError("error:rules.bad-value", name=name, values=", ".join(values),
                                 value=value)
        for name, (other, needed) in ONLY_WITH.items():
            value = getattr(self, _attr(name))
            if value != FLAGS[name][0] and getattr(self, _attr(other)) != needed:
                raise RulesError("error:rules.only-with", name=name, value=value,
                                 needs=f"{other}={needed}")
        fmt = format_for(self.players, self.three, self.six, self.cutthroat_canastas)
        object.__setattr__(self, "format", fmt)
        # the format's lookups the engine makes on every move, one attribute away
        object.__setattr__(self, "seat_index", fmt.seat_index)
        object.__setattr__(self, "side_index", fmt.side_index)
        object.__setattr__(self, "side_of", fmt.side_of)
        # where each seat's red threes lie (`red3.score`, `red3-four`): one zone per side, or
        # under red3-four=player one per seat at a table of partners (the 800 needs one
        # player's four). Six players score by count (players.red3-six) and a player alone
        # (two, three, cutthroat) already has a zone of its own: the flag changes nothing there.
        per_seat = self.red3_four == "player" and fmt.has_partners and not fmt.red3_scale
        zones = fmt.seats if per_seat else fmt.side_names
        object.__setattr__(self, "red3_per_seat", per_seat)
        object.__setattr__(self, "red3_zones", zones)
        object.__setattr__(self, "red3_index", {
            seat: (fmt.seat_index[seat] if per_seat else fmt.side_index[fmt.side_of(seat)])
            for seat in fmt.seats})

    @classmethod
    def parse(cls, text: "str | Ruleset | None", combined: bool = True) -> "Ruleset":
        """``"default"`` or ``"wilds=not-outnumber, black-threes=never"``. `combined` False:
        each flag alone, not whether it fits the others (`ONLY_WITH`)."""
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
            if (name, value) in NOT_BUILT:
                raise RulesError(NOT_BUILT[name, value])
            if values.get(_attr(name), value) != value:     # players=2, players=3: which?
                raise RulesError("error:rules.twice", name=name, first=values[_attr(name)],
                                 value=value)
            values[_attr(name)] = value
        if not combined:                        # each flag alone: whether it fits the others aside
            values = {k: v for k, v in values.items() if k not in _COMBINED}
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
        return self.format.initial_minimum_for(score)

    def max_wilds(self, naturals: int) -> int:
        """Most wild cards a meld with `naturals` natural cards may hold (`meld.max-wilds`, `wilds`)."""
        return min(3, naturals) if self.wilds == "not-outnumber" else 3


#: The flags whose values depend on another's (`ONLY_WITH`), as dataclass fields.
_COMBINED = {flag.replace("-", "_") for flag in ONLY_WITH}


def _attr(flag: str) -> str:
    return flag.replace("-", "_")


DEFAULT = Ruleset()
assert {_attr(f) for f in FLAGS} <= {f.name for f in fields(Ruleset)}
#: The four-player format, the default game's.
FOUR = DEFAULT.format
