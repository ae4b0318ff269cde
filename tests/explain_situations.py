"""Staged (position text, move) pairs at the edges of the explanation templates (issue 9):
one card or several, a team that has not melded, an empty stock, a question already
answered. Together with the catalog tests' own situations they reach every template and
sentence piece; `tests/test_explain_words.py` pins the words of most of them.
"""
from __future__ import annotations

import tutor


def stock_of_red_threes(n: int) -> str:
    """A position whose stock holds exactly `n` red threes (the rest moved into the pile)."""
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9D 4C\nstock: 3H 3D 3H + rest\n")
    return pos.replace(stock=pos.stock[:n], pile=pos.pile + pos.stock[n:]).to_text()


#: South holds a whole canasta of kings; only North has melded (lesson 10's position)
CONCEALED = ("turn: S drawn\nopened: N\nS: KH KH KS KS KD KD KC 8S 4C\nN: 5D\n"
             "NS: 8H 8D 8C\nEW: QH QD QS\npile: 9C\n")
#: North–South have not melded; South can go out concealed with fours and fives (50 needed)
SEVERAL = ("turn: S drawn\nS: 5H 5H 5D 5D 5S 5S 5C 4C 4D 4H 9S\nNS: -\nEW: QH QD QS\n"
           "pile: 9D\n")
#: ... after South laid the fours (15 points) alone: South must now go out
SEVERAL_AFTER = ("turn: S melded\nstarted: 4\nbelow-minimum: yes\n"
                 "S: 5H 5H 5D 5D 5S 5S 5C 9S\nNS: 4C 4D 4H\nEW: QH QD QS\npile: 9D\n")

#: every card placed, two in the stock: a draw leaves one
ONE_LEFT = ("turn: S draw\nS: 4C 5D\nN: 6D\nNS: 9S 9C 9H\nNS red3: 3H 3D\nEW: QH QD QS\n"
            "EW red3: 3H 3D\npile: 6C 8D\nstock: KC 7H\nE: 45\nW: 46")

#: two players, one card left in the stock (the rest of it under the pile); and a red three
#: on top of the last card
TWO_LAST = ("rules: players=2\nturn: S draw\nS: 4C 5D 6H\nN: 6D + 91\nN melds: 9S 9C 9H\n"
            "S red3: 3H 3D\nS melds: QH QD QS\nN red3: 3H 3D\npile: 6C 8D\nstock: KC")
TWO_LAST_RED = TWO_LAST.replace("S red3: 3H 3D", "S red3: 3H").replace("stock: KC", "stock: 3D KC")

EDGE_SITUATIONS = [
    # opening=player (issue 20): the pile frozen for a player who has not opened, the
    # player's own first meld short of the minimum and reaching it
    ("rules: opening=player\nturn: S draw\nS: KH JK 9C 4C\nN: 5D 6D\nNS: 8H 8D 8C 8S\n"
     "EW: QH QD QS\npile: 5C 7S KC\nopened: N", "take KH JK"),
    ("rules: opening=player\nturn: S drawn\nS: 5H 5D 5S 9C 4C\nN: 5C 6D\nNS: 8H 8D 8C 8S\n"
     "EW: QH QD QS\npile: 6C\nopened: N", "meld 5H 5D 5S"),
    ("rules: opening=player\nturn: S drawn\nS: AH AD AS 9C 4C\nN: 5C 6D\nNS: 8H 8D 8C 8S\n"
     "EW: QH QD QS\npile: 6C\nopened: N", "meld AH AD AS"),
    # go-out-without-discard=whole-canasta: no new canasta from the hand
    ("rules: go-out-without-discard=whole-canasta\nturn: S drawn\nS: 9H 9D 9C\nN: 5D\n"
     "NS: AH AH AD AD AS AS AC\nEW: QH QD QS\npile: 6C", "meld 9H 9D 9C"),
    # black threes after the partner's "no"; an empty pile with an empty stock (issue 20)
    ("turn: S drawn\nasked: no\nS: 3C 3C 3S 9H 9D 9C 4C\nNS: KH KH KD KD KS KS KC\nEW: QH QD QS\n"
     "pile: 6C\n", "meld 3C 3C 3S"),
    ("turn: S drawn\nS: 3C 3C 3S 9H 9D 9C 4C\nNS: -\nEW: QH QD QS\npile: 6C\n", "meld 3C 3C 3S"),
    ("rules: stock-out=ends\nturn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\nNS red3: 3H 3D\n"
     "EW red3: 3H 3D\npile: 9S\nstock: -\nE: 33\nW: 31\nN: 33", "draw"),
    ("turn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\nNS red3: 3H 3D\nEW red3: 3H 3D\npile: -\nstock: -\nE: 33\nW: 32\nN: 33", "take"),
    # a question already answered
    ("turn: S drawn\nasked: yes\nS: 9H 9D 4C\nNS: KH KS KD\n", "N: no"),
    # several red threes on the stock, drawn or the last cards of it
    ("turn: S draw\nS: 9H 9D 4C\nstock: 3H 3D 5C + rest\n", "draw"),
    (stock_of_red_threes(2), "draw"),
    # red threes held under red3-dealt=on-turn: two of them; none replaced (empty stock)
    ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 3D 9H 9D 4C 5D\nNS: 9S 9C 9H\n"
     "pile: 6C 9D\nstock: KC 7H + rest", "draw"),
    ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C 5D\nN: 6D\nNS: 9S 9C 9H\n"
     "EW: QH QD QS\nEW red3: 3H 3D\npile: 6C 8D\nstock: KC\nE: 45\nW: 46", "draw"),
    # a red three offered in a take under red3-dealt=on-turn (laid out on the turn, not
    # at once); the stock left with one card after a draw
    ("rules: red3-dealt=on-turn\nturn: S draw\nS: 3H 9H 9D 4C\npile: 6C 9S\n", "take 3H 9H"),
    (ONE_LEFT, "draw"),
    # a new meld with four wild cards (never a canasta before)
    ("turn: S drawn\nS: 6C 6D 6H 6S 2C 2D JK JK 4C 9S\nNS: 8C 8D 8S\n",
     "meld 6C 6D 6H 6S 2C 2D JK JK"),
    # two wild cards onto a natural canasta; a meld completed as a mixed canasta
    ("turn: S drawn\nS: JK 2C 4C 9S\nNS: KH KH KS KS KD KD KC\n", "meld K: JK 2C"),
    ("turn: S drawn\nS: KC 2C 2H 2S 4C 9S 5D\nNS: KH KS KD\n", "meld KC 2C 2H 2S"),
    # the top card joins the team's meld with two wild cards from hand
    ("turn: S draw\nS: JK 2C 7D 7C 9S\nNS: KH KS KC\npile: 5C 6S KD\n", "take JK 2C"),
    # a frozen pile taken with five naturals; over a covered black three
    ("turn: S draw\nS: QH QS QD QC QH 4C 5D\nNS: 8C 8D 8S\npile: 5C 2D QD\n",
     "take QH QS QD QC QH"),
    ("turn: S draw\nS: 9H 9S 4C 5D\nNS: KH KS KD\npile: 2C 5C 3S 9D\n", "take 9H 9S"),
    # wild cards alone, the team not melded
    ("turn: S drawn\nS: 2C JK 4C 9S\nNS: -\n", "meld 2C JK"),
    # a concealed going out laid in several actions
    (SEVERAL, "meld 4C 4D 4H"),
    (SEVERAL_AFTER, "discard 9S"),
    # going out not concealed: cards on an older meld, the canasta the partner's,
    # concealed=team; and the move that spoils it
    ("turn: S melded\nopened: N\nstarted: K\ntouched: 8\nS: 4C\nN: 5D\n"
     "NS: 8H 8D 8C 8S; KH KH KS KS KD KD KC\nEW: QH QD QS\npile: 9C\n", "discard 4C"),
    ("turn: S melded\nopened: N\nstarted: 9\nS: 4C\nN: 5D\n"
     "NS: KH KH KS KS KD KD KC; 9C 9D 9S\nEW: QH QD QS\npile: 6C\n", "discard 4C"),
    ("rules: concealed=team\nturn: S melded\nopened: N\nstarted: K\nS: 4C\nN: 5D\n"
     "NS: 8H 8D 8C; KH KH KS KS KD KD KC\nEW: QH QD QS\npile: 9C\n", "discard 4C"),
    ("turn: S melded\nopened: N\nstarted: K\nS: 8S 4C 9D\nN: 5D\n"
     "NS: 8H 8D 8C; KH KH KS KS KD KD KC\nEW: QH QD QS\npile: 9C\n", "meld 8S"),
    # the groups of one action are laid left to right: a wild card before its meld
    ("turn: S drawn\nS: KH KS KD 2C 4C 9S\nNS: 8C 8D 8S\n", "meld K: 2C; KH KS KD"),
    ("turn: S drawn\nS: KH KS KD 2C 4C 9S\nNS: 8C 8D 8S\n", "meld 2C; KH KS KD"),
    # two, three and six players (players.*): two cards drawn, with a red three among them,
    # the last card of the stock; going out short of the second canasta, and with both;
    # a player alone asking
    ("rules: players=2\nturn: S draw\nS: 4C 5D 6H\npile: 9C\nstock: 7H 8D + rest\n", "draw"),
    ("rules: players=2\nturn: S draw\nS: 4C 5D 6H\npile: 9C\nstock: 7H 3H 8D + rest\n", "draw"),
    (TWO_LAST, "draw"),
    (TWO_LAST_RED, "draw"),
    ("rules: players=2\nturn: S drawn\nS: 9H\nS melds: KH KH KD KD KS KS KC\npile: 5C\n",
     "discard 9H"),
    ("rules: players=2\nturn: S drawn\nS: 9H\nS melds: KH KD KS\npile: 5C\n", "discard 9H"),
    ("rules: players=6\nturn: S drawn\nS: 9H\nT2: KH KH KD KD KS KS KC; QH QH QD QD QS QS QC\n"
     "pile: 5C\n", "discard 9H"),
    ("rules: players=3\nturn: S drawn\nS: 9H 9D 4C\npile: 5C\n", "ask"),
    # a take aimed at a meld of another rank than the top card's
    ("turn: S draw\nS: KH KS 2C 4C\nNS: 8C 8D 8S; QH QD QS\npile: 5C KD\n", "take Q: KH KS"),
]
