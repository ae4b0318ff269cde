"""Who has opened, as the table's `opening` flag reads it (RULES.md, "Variant flags").

`opening=team` (the default): a team has opened once it has a meld — the pile is no longer
frozen for it (`pile.frozen.team`) and its first meld had to reach the minimum
(`meld.initial`). `opening=player` (the Finnish source as written): each player opens alone
— the pile is frozen for a player who has not melded yet in the hand, and each player's own
first meld must reach the minimum (by the team's score). A player has melded once a meld of
an earlier turn was laid (`opened`) or a meld of this turn (`started`, `touched`).
"""
from __future__ import annotations

__all__ = ["has_opened", "per_player"]


def per_player(pos) -> bool:
    """Does each player open alone at this table (`opening=player`)?"""
    return pos.rules.opening == "player"


def has_opened(pos, seat: str | None = None) -> bool:
    """Has `seat` (the player to move) opened: the team's melds, or under `opening=player`
    the player's own?"""
    seat = seat or pos.turn
    if per_player(pos):
        return seat in pos.opened or (seat == pos.turn and bool(pos.started or pos.touched))
    return bool(pos.team_melds(pos.format.side_of(seat)))
