"""Positions the table's tests share (tests/test_table_*.py, tests/browser/test_table_browser.py).

FROZEN: a learner's table on a frozen pile — 2♥ laid crosswise, K♦ on top; South holds K♥,
K♠ and a joker (a natural pair of kings takes it, the joker does not help); both teams
have a meld, North–South a red three, and the running totals are NS 1200, EW 3100.
"""

FROZEN = """\
turn: S draw
score: NS 1200, EW 3100
S: KH KS JK 7D 7C 9S 4H QH QD 5C 6C
NS: 8C 8D 8S
EW: 9C 9D 9H
NS red3: 3H
pile: 5C 9D 2H 6S KD
seed: 1
"""
