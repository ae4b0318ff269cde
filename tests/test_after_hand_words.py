"""Words after the hand (issue 37, item 3): once the hand is over, the table speaks of what
the pile was, never of what may happen next.

"Frozen for everybody" while nobody can move any more, "It is North's turn: press Play on",
"Nothing to play on: it is your turn", "no melds yet", "Wait: it is not your turn": each
status text of the table is read here for positions whose hand is over, at every player
count (four; two; three; three in cutthroat; six in two teams; six in three teams), ended
by going out and by the stock running out — the table in words (`describe`, every seat,
closed and open), the diagram's scene (its text labels, narrow and wide), the panel of a
learner's and a teacher's table (nothing pressed, the hint, "What can I do?", Play on), the
`Table` widget (its text alternative, the hand's label, the live region) and the game page
(prompt, status line, note, the sheet's words). None may say a phrase of `AHEAD`.

So that the check can fail, every phrase is shown to fire on a planted sentence, and the
same texts of positions whose hand is still on say each phrase the table says in play. Where
the pile held crosswise cards, the after-hand words say what the pile was.
"""
from __future__ import annotations

import html
import re

import pytest

import tutor
from tutor.autoplay import play_on
from tutor.engine.diagram import MIN_WIDTH, WIDTH, scene
from tutor.engine.generate import legal_moves
from tutor.engine.seatview import SeatView
from tutor.players import Player, SensiblePlayer
from tutor.table.describe import describe
from tutor.table.model import TableSession
from tutor.table.panel import panel_html

#: every player count the engine plays, by its rules text
COUNTS = {"4": "default", "2": "players=2", "3": "players=3",
          "3:cutthroat": "players=3, three=cutthroat", "6": "players=6",
          "6:three-teams": "players=6, six=three-teams"}

#: What may happen next, in English: said while the hand is on, never once it is over.
#: (name: (pattern, a wrong sentence of an after-hand table it must catch))
AHEAD = {
    "frozen for": (r"\bfrozen for\b",           # everybody, a team, a player not opened yet
                   "Laid crosswise in it: 2♥; it is frozen for everybody."),
    "is to draw": (r"\bis to (draw|take)\b", "North is to draw from the stock or take the pile."),
    "cannot take it": (r"\bcannot take (it|the pile)\b",
                       "A black three on top: the next player cannot take it."),
    "may meld": (r"\bmay (meld|discard|take)\b", "East has drawn and may meld or discard."),
    "must take": (r"\bmust (take|draw|meld|discard)\b", "West must take the pile."),
    "plays next": (r"\b(plays next|next player)\b", "South plays next."),
    "to play": (r"\bto play\b(?! on)",          # "North to play" (not the game's "press Next hand to play on")
                "North to play"),
    "turn": (r"(\bit is|'s|\byour) turn\b", "Nothing to play on: it is your turn."),
    "Play on": (r"\bpress Play on\b", "It is North's turn: press Play on to let the computer play."),
    "yet": (r"\bno melds? yet\b", "North–South: no melds yet."),
    "has drawn": (r"\bhas (drawn|melded) and\b",   # not the sheet's "the team has melded nothing"
                  "South has melded and may meld more or discard."),
    "draw or take": (r"\bdraw or take\b|\bmeld (more )?or discard\b", "to draw or take the pile"),
    "wait": (r"\bWait\b", "Wait: it is not your turn."),
    "turn mark": ("▶", "▶ North · 11 cards"),
    "BLOCKED": (r"\bBLOCKED\b", "BLOCKED: a black three on top"),
}
_AHEAD = {name: re.compile(pattern, re.IGNORECASE) for name, (pattern, _wrong) in AHEAD.items()}
#: phrases no status text of the table says in play today (it writes "is to take the pile",
#: and the game's "Wait: it is not your turn" comes only while a computer is to move, which
#: plays at once): each fires on its planted sentence
PLANTED_ONLY = {"must take", "wait"}
#: said by the table in play at every count, in the very texts read after the hand: so each
#: check of absence could fail (and did, on the table as it was: see the module doc)
ON_EVERYWHERE = set(AHEAD) - PLANTED_ONLY


def ahead(text: str) -> list:
    """The phrases of `AHEAD` that `text` says."""
    return [name for name, pattern in _AHEAD.items() if pattern.search(text)]


# ---- the positions -----------------------------------------------------------------------------

class _Drawer(Player):
    """Draws and discards and never melds: its hands end when the stock runs out, with no
    meld on the table. `prefer(card, pos)`: the cards it discards first (a wild card freezes
    the pile, a black three blocks it); wild cards and black threes after every plain card."""

    def __init__(self, prefer):
        self.prefer = prefer

    def choose(self, pos):
        moves = legal_moves(pos)
        for kind in ("draw", "no"):
            for m in moves:
                if m.kind == kind:
                    return m
        discards = [m for m in moves if m.kind == "discard"]
        if discards:
            def rank(m):
                card = m.cards[0]
                return (not self.prefer(card, pos), card.is_wild or card.is_black_three)
            return min(discards, key=rank)
        return moves[0]


def _wild(card, _pos):
    return card.is_wild


def _black_three_last(card, pos):
    """Black threes kept for the discard after the stock's last card: the hand ends on one
    (the pile blocked) where that player holds one."""
    return card.is_black_three and not pos.stock


def _played(rules, players_for, seed):
    pos = tutor.deal(seed=seed, rules=rules)
    return play_on(pos, players_for(pos.format.seats, seed))


def _sensible(seats, seed):
    return {s: SensiblePlayer(seed=seed + k) for k, s in enumerate(seats)}


def _drawers(prefer):
    return lambda seats, _seed: {s: _Drawer(prefer) for s in seats}


@pytest.fixture(scope="module", params=list(COUNTS))
def hands(request):
    """(count, the hands played: lists of steps) — computer players' hands (most go out),
    and hands of players who only draw and discard (the stock runs out), discarding wild
    cards first (the pile freezes) or black threes last (one blocks the pile at the end)."""
    rules = COUNTS[request.param]
    played = [_played(rules, _sensible, seed) for seed in range(4)]
    played += [_played(rules, _drawers(_wild), seed) for seed in range(2)]
    played += [_played(rules, _drawers(_black_three_last), seed) for seed in range(2)]
    return request.param, played


def _over(played):
    ends = [steps[-1].after for steps in played]
    assert all(pos.phase == "over" for pos in ends)
    return ends


def _on(played, every=7):
    """Positions of the hands while they are on: every `every` moves, and each one with a
    crosswise card, a black three on top or an empty stock."""
    out = []
    for steps in played:
        for k, step in enumerate(steps):
            pos = step.before
            if k % every == 0 or pos.frozen_cards or not pos.stock or (
                    pos.pile and pos.pile[-1].is_black_three) or pos.phase != "draw":
                out.append(pos)
    return out


# ---- the texts -----------------------------------------------------------------------------------

def _visible(markup: str) -> str:
    """The words of panel HTML; the rulebook's own words quoted in a ruling's rule detail
    (in <i>) are the rule, not the table's status."""
    markup = re.sub(r"<i>.*?</i>", " ", markup, flags=re.S)
    markup = re.sub(r"<(?:br|/\w+)[^>]*>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _scene_texts(view, width) -> str:
    return "\n".join(p[3] for p in scene(view, width=width).prims if p[0] == "text")


def status_texts(pos, seats=None, press=True) -> list:
    """(where, text) for every status text of the table at `pos`: the table in words and the
    scene for each seat (closed; the first also open), the panel of a learner's and a
    teacher's table with nothing pressed, after the hint, "What can I do?" and Play on."""
    seats = seats or pos.format.seats
    out = []
    for k, seat in enumerate(seats):
        views = [SeatView.of(pos, seat)] + ([SeatView.of(pos, seat, open=True)] if k == 0 else [])
        for view in views:
            out.append((f"describe {seat}", describe(view)))
            for width in ((MIN_WIDTH, WIDTH) if k < 2 else (WIDTH,)):
                out.append((f"scene {seat} {width}", _scene_texts(view, width)))
    for viewer in (pos.turn, seats[-1]):
        for mode in ("learner", "teacher"):
            s = TableSession(pos, viewer=viewer, mode=mode)
            learner = mode == "learner"
            out.append((f"panel {mode} {viewer}", _visible(panel_html(s, "en", learner))))
            if not press:
                continue
            for name, action in (("hint", s.hint), ("legal", s.legal_moves), ("playon", s.play_on)):
                if name == "playon" and pos.phase != "over":
                    continue                 # in play it plays on: the texts of other positions
                action()
                out.append((f"panel {mode} {viewer} {name}", _visible(panel_html(s, "en", learner))))
    return out


def _said(texts) -> dict:
    """phrase name -> the first (where, line) that says it."""
    found = {}
    for where, text in texts:
        for line in text.splitlines():
            for name in ahead(line):
                found.setdefault(name, (where, line))
    return found


# ---- the checks --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(AHEAD))
def test_each_phrase_fires_on_a_wrong_sentence(name):
    wrong = AHEAD[name][1]
    assert name in ahead(wrong), (name, wrong)
    # and the after-hand words this change writes say none of them
    for right in ("The hand is over: East went out.",
                  "Discard pile: 5 cards, the top card is 3♣. Laid crosswise in it: 2♠; the pile was frozen.",
                  "❄ the pile was frozen: 2♠ crosswise", "❄ the pile was frozen: 5 cards crosswise",
                  "North–South: no melds.", "no melds", "The hand is over: no moves are left in it.",
                  "The hand is over: there is no move to hint.", "Hand over", "the stock ran out",
                  "West asked “may I go out?”: East said yes.",
                  "The hand is over. Here is the score sheet; press Next hand to play on.",
                  "Game to 5000: hand 1, running totals North–South 0, East–West 0 (next dealer North)."):
        assert ahead(right) == [], (right, ahead(right))


def test_the_positions_cover_both_ends_and_the_pile_at_every_count(hands):
    """The hands read: some end by going out, some by the stock running out; some end on a
    pile with crosswise cards, one on a black three, some with a side that never melded; in
    play, a pile frozen by a crosswise card, a black three on top and an empty stock."""
    count, played = hands
    ends = _over(played)
    assert any(p.out for p in ends) and any(not p.out for p in ends), count
    assert any(p.frozen_cards for p in ends), count
    assert any(p.pile and p.pile[-1].is_black_three for p in ends), count
    assert any(not p.team_melds(side) for p in ends for side in p.format.sides), count
    on = _on(played)
    assert any(p.frozen_cards for p in on) and any(not p.stock for p in on), count
    assert any(p.pile and p.pile[-1].is_black_three for p in on), count


def test_after_the_hand_no_status_text_says_what_may_happen_next(hands):
    count, played = hands
    wrong = []
    for pos in _over(played):
        for where, text in status_texts(pos):
            wrong += [f"{count} {where}: {name!r} in {line!r}"
                      for line in text.splitlines() for name in ahead(line)]
    assert not wrong, f"{len(wrong)} after-hand texts say what may happen next:\n" + "\n".join(
        dict.fromkeys(wrong))


def test_in_play_the_same_texts_say_what_may_happen_next(hands):
    """The check above can fail: the table in play says each phrase of `ON_EVERYWHERE` in
    the texts read after the hand."""
    count, played = hands
    said = {}
    for pos in _on(played):
        said.update({k: v for k, v in _said(status_texts(pos, press=True)).items() if k not in said})
        if ON_EVERYWHERE <= set(said):
            break
    missing = ON_EVERYWHERE - set(said)
    assert not missing, (count, missing)


def test_after_the_hand_the_crosswise_cards_are_what_the_pile_was(hands):
    """Where the pile held crosswise cards, the table in words and the mark under the pile say
    what the pile was; while the hand is on they say it is frozen for everybody."""
    count, played = hands
    ends = [p for p in _over(played) if p.frozen_cards]
    assert ends, count
    for pos in ends:
        for seat in pos.format.seats:
            words = describe(pos.seen_by(seat))
            assert "; the pile was frozen." in words and "Laid crosswise in it: " in words, (count, words)
        marks = [p[3] for p in scene(pos.seen_by(pos.format.seats[0])).prims
                 if p[0] == "text" and p[3].startswith("❄")]
        assert len(marks) == 1 and marks[0].startswith("❄ the pile was frozen: "), (count, marks)
        assert marks[0].endswith(" crosswise")
    on = next(p for p in _on(played) if p.frozen_cards)
    assert "it is frozen for everybody" in describe(on.seen_by(on.format.seats[0]))


def test_after_the_hand_a_side_without_melds_has_none_not_none_yet(hands):
    count, played = hands
    for pos in _over(played):
        for side in pos.format.sides:
            if not pos.team_melds(side):
                view = pos.seen_by(pos.format.seats_of(side)[0])
                assert ": no melds." in describe(view), (count, side)
                assert "no melds" in _scene_texts(view, WIDTH).splitlines()
                return
    pytest.fail(f"{count}: no hand ended with a side that never melded")


def test_the_table_widget_after_the_hand(hands):
    """The `Table` widget's own words: its text alternative, the hand's label and the live
    region, after Play on, the hint and "What can I do?" on a finished hand."""
    pytest.importorskip("ipywidgets")
    from tutor.table import Table
    count, played = hands
    wrong = []
    for pos in _over(played)[::3]:
        seat = pos.format.seats[-1] if pos.turn == pos.format.seats[0] else pos.format.seats[0]
        table = Table(pos, viewer=seat, lang="en")
        for name in ("playon", "hint", "legal", "draw"):
            table.press(name)
            texts = [(name + " description", table.keyboard.description),
                     (name + " label", table.keyboard.label),
                     (name + " said", table.keyboard.announce),
                     (name + " panel", _visible(table.explanation.value))]
            if name == "draw":               # the ruling of a move tried: the rule's own words aside
                texts = texts[:2]
            wrong += [f"{count} {w}: {n!r} in {line!r}" for n, (w, line) in _said(texts).items()]
    assert not wrong, "\n".join(wrong)


def test_the_game_page_after_the_hand(hands):
    """The game page at the end of a hand, at every count: its prompt, its status line, the
    note a move pressed after the hand gets, the sheet's words and the table's panel."""
    from tutor.game.model import GameModel
    count, _played = hands
    game = GameModel(lang="en", seed=3)
    game.choose("players", count)
    game.start()
    players = _sensible(game.format.seats, 3)
    moves = 0
    while game.stage == "play":
        assert game.my_turn()
        game.play(players[game.seat].choose(game.position))
        moves += 1
        assert moves < 500
    assert game.stage in ("hand-over", "game-over") and game.position.phase == "over"
    assert game.buttons() == ()
    game.draw()
    assert game.note == "The hand is over: no moves are left in it."
    sheet = game.sheet()
    texts = [("prompt", game.prompt()), ("status", game.status()), ("note", game.note),
             ("how", sheet["how"]), ("next dealer", sheet["next_dealer"]),
             ("panel", _visible(panel_html(game.session, "en", True)))]
    game.hint()
    texts.append(("hint", _visible(panel_html(game.session, "en", True))))
    said = _said(texts)
    assert not said, (count, said)


@pytest.mark.parametrize("lang, was, frozen_for_all", [
    ("sv", "kasthögen var fryst", "fryst för alla"),
    ("fi", "avopakka oli lukittu", "lukittu kaikilta")])
def test_after_the_hand_the_pile_was_frozen_in_every_language(lang, was, frozen_for_all):
    """The Swedish and Finnish tables say it too (the catalogs' words: tutor/i18n/GLOSSARY.md)."""
    pos = _over([_played("default", _drawers(_wild), 0)])[0]
    assert pos.frozen_cards
    view = pos.seen_by("S")
    words = describe(view, lang)
    assert was in words and frozen_for_all not in words, words
    marks = [p[3] for p in scene(view, lang=lang).prims if p[0] == "text" and p[3].startswith("❄")]
    assert len(marks) == 1 and was in marks[0] and frozen_for_all not in marks[0], marks
