"""Every word of the table area comes from the catalog (or the glossary), in the table's language.

The check is a pseudo-language: while a test runs, "fi" is a translator that marks the
literal text of every message it is asked for (``"Say yes: {reason}."`` becomes
``"⟦Say yes: ⟧{reason}⟦.⟧"``), and every glossary word and list separator. What is left of
a text once the marked parts are taken out is what did not come through the catalog: it
may hold numbers, cards, rule ids and seat letters (the notation), never a word. So a
sentence glued in code, an English f-string or a plural made with ``'s' if n != 1`` shows up
as the words left, whatever the real Finnish catalog has translated by now.

The English is checked as it reads (tests/test_players.py, test_table_*.py keep their
sentences), and the messages are checked in the catalog's template (`extract`), with their
named fields, which is what translators get.
"""
from __future__ import annotations

import re
import string

import pytest

import tutor
from html import escape as html_escape

from tutor import i18n
from tutor.autoplay import Replay, play_hand, play_on
from tutor.engine.cards import Card
from tutor.engine.diagram import card_words, position_svg, scene
from tutor.hints import hint
from tutor.engine.scoring import LINE_NAMES
from tutor.i18n import LANGUAGES, Translator, translator
from tutor.players import RandomPlayer, SensiblePlayer, explain_choice

OPEN, CLOSE = "⟦", "⟧"


def _mark(message: str) -> str:
    """The literal text of a message marked, its fields left as they are."""
    try:
        parts = list(string.Formatter().parse(message))
    except ValueError:
        return OPEN + message + CLOSE
    out = []
    for literal, name, spec, conv in parts:
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if name is not None:
            out.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


class Pseudo(Translator):
    """English, with every message's literal text and every glossary word marked."""

    def __init__(self):
        super().__init__("en")
        self.lang = "fi"

    def gettext(self, message):
        return _mark(super().gettext(message))

    _ = gettext

    def ngettext(self, singular, plural, n):
        return _mark(super().ngettext(singular, plural, n))

    def pgettext(self, context, message):
        return _mark(super().pgettext(context, message))

    def npgettext(self, context, singular, plural, n):
        return _mark(super().npgettext(context, singular, plural, n))

    def word(self, kind, value, form="name"):
        found = super().word(kind, value, form)
        known = self.terms.get(kind, {}).get(str(value)) is not None    # "a joker" is English's own word
        return OPEN + found + CLOSE if known else found

    def join(self, items):
        items = [str(i) for i in items]
        if not items:
            return OPEN + self.terms["list"]["nothing"] + CLOSE
        if len(items) == 1:
            return items[0]
        sep, last = OPEN + self.terms["list"]["sep"] + CLOSE, OPEN + self.terms["list"]["last"] + CLOSE
        return sep.join(items[:-1]) + last + items[-1]


@pytest.fixture
def pseudo(monkeypatch):
    """While the test runs, "fi" is the pseudo-language (every caller of `translator`)."""
    real, fake = i18n.load_translator, Pseudo()
    monkeypatch.setattr(i18n, "load_translator", lambda lang: fake if lang == "fi" else real(lang))
    return fake


_NOTATION = re.compile(
    r"<code[^>]*>.*?</code>"                                # moves and rule ids shown as code
    r"|<[^>]+>|&[a-z]+;|&#\d+;"                             # markup
    r"|\b[a-z0-9-]+(?:\.[a-z0-9*-]+)+\b"                    # rule ids (pile.take.frozen)
    r"|(?<![\w♣♦♥♠])(?:10|[2-9AKQJ])[♣♦♥♠CDHS](?![\w♣♦♥♠])|\bJK\b"   # cards
    r"|\b(?:hand|meld|red3):[\w:]+"                         # the zones of moving cards
    r"|\b(?:NS|EW|[NESW])\b"                                # seats and teams as letters
    r"|\b(?:10|[2-9AKQJ])\b",                               # a rank's index on a card's face
    re.S)
#: the notation's move words: a move quoted in a sentence ("North played {move}.") stays
MOVE_WORDS = {"draw", "take", "meld", "discard", "ask", "yes", "no"}


def left_over(text: str) -> list:
    """The words of `text` that did not come through the catalog or the glossary."""
    rest = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
    rest = _NOTATION.sub(" ", rest)
    return [w for w in re.findall(r"[^\W\d_]+", rest) if w not in MOVE_WORDS]


def assert_all_words_translated(text: str, what: str = ""):
    words = left_over(text)
    assert not words, f"{what}: {words} not through the catalog in:\n{text}"


def _positions(seed: int, n: int = 400):
    """The positions of a hand played by sensible players (every kind of decision)."""
    start = tutor.deal(seed)
    steps = play_on(start, {s: SensiblePlayer(seed=seed) for s in "NESW"}, max_moves=n)
    return [start] + [st.after for st in steps if st.after.phase != "over"]


# ---- the pseudo-language itself ------------------------------------------------------------------

def test_the_pseudo_language_finds_glued_english_and_spares_the_notation(pseudo):
    t = translator("fi")
    assert left_over(t.gettext("Hint: {text}").format(text="the pile, KH KS (pile.take.unfrozen)")) == [
        "the", "pile"]
    assert left_over(t.gettext("Legal") + ": " + "K♥ 10♦ JK, N and EW") == ["and"]
    assert left_over(t.ngettext("{n} card", "{n} cards", 3).format(n=3)) == []
    n = 3
    assert left_over(f"{n} card{'s' if n != 1 else ''}") == ["cards"]
    assert left_over(t.join([t.word("rank", "K", "plural"), t.word("seat", "N")])) == []


# ---- the computer's reasons and hints (tutor/players.py, tutor/hints.py) --------------------------

@pytest.mark.parametrize("seed", [3, 11])
def test_every_reason_of_the_sensible_player_comes_from_the_catalog(pseudo, seed):
    said = 0
    for pos in _positions(seed):
        move, reason = SensiblePlayer(seed=seed).decide(pos, lang="fi")
        assert_all_words_translated(reason, f"decide {move}")
        english = SensiblePlayer(seed=seed).decide(pos)[1]
        assert OPEN not in english and english.strip()
        said += 1
    assert said > 40


def test_explain_choice_of_every_legal_move_comes_from_the_catalog(pseudo):
    kinds = set()
    for pos in _positions(5, 120)[::3]:
        for move in tutor.legal_moves(pos)[:25]:
            text = explain_choice(pos, move, lang="fi")
            assert_all_words_translated(text, f"explain_choice {move}")
            kinds.add(move.kind)
    assert {"draw", "take", "meld", "discard"} <= kinds


def test_the_answer_to_may_i_go_out_and_going_out_come_from_the_catalog(pseudo):
    text = ("turn: S drawn\nscore: NS 0, EW 0\nS: KH KS KD 5C 5D 5S 9H\n"
            "NS: AC AD AH AS 2C 2D JK\nEW: QH QD QS\nseed: 3\n")
    pos = tutor.Position.parse(text)
    asked = pos.play("ask")
    for p in (pos, asked, asked.play("yes")):
        move, reason = SensiblePlayer().decide(p, lang="fi")
        assert_all_words_translated(reason, str(move))
        for other in tutor.legal_moves(p)[:10]:
            assert_all_words_translated(explain_choice(p, other, lang="fi"), str(other))
    assert "Say" in SensiblePlayer().decide(asked)[1]                 # the English reads as before


def test_a_hint_is_in_the_language_asked_for(pseudo):
    for pos in _positions(7, 80)[::4]:
        h = hint(pos, lang="fi")
        assert_all_words_translated(h.text, f"hint {h.move}")
        assert OPEN in h.reason and OPEN in h.explanation


def test_a_player_whose_decide_takes_no_language_still_hints():
    class Old(SensiblePlayer):
        def decide(self, pos):                      # a player written before `lang`
            return super().decide(pos)

    pos = tutor.deal(2)
    assert hint(pos, Old(), lang="sv").move == hint(pos, lang="sv").move
    assert hint(pos, RandomPlayer(1), lang="sv").text


def test_the_players_name_ranks_and_seats_with_the_glossary(pseudo):
    """Real Swedish: a black three's discard names the next seat in Swedish."""
    pos = tutor.Position.parse("turn: S drawn\nS: 3C 9H 9D 4D KH\nNS: AH AD AS\nEW: QH QD QS\n"
                               "pile: 5C 7D\nseed: 2")
    sv = explain_choice(pos, "discard 3C", lang="sv")
    assert "Väst" in sv and "West" not in sv                  # the next player, in the glossary's word
    assert "West" in explain_choice(pos, "discard 3C")
    king = explain_choice(pos, "discard KH")                 # the rank's word, one and many
    assert "your only king " in king and "meld of kings" in king, king


# ---- playing on and the replay (tutor/autoplay.py) ---------------------------------------------

def test_steps_and_the_replay_come_from_the_catalog(pseudo):
    record = play_hand({s: SensiblePlayer(seed=2) for s in "NESW"}, seed=2)
    replay = Replay(record)
    for line in replay.lines("fi")[:60]:
        assert_all_words_translated(line, "step")
    assert_all_words_translated(replay.text("fi").splitlines()[-1], "replay")


def _game():
    game = tutor.Game(target=1500)
    pos = tutor.Position.parse("turn: S drawn\nS: 9H 9D 9C 4C\nNS: AH AH AD AD AS AS AC; KH KS KD\n"
                               "NS red3: 3H\nEW: QH QD QS\npile: 6C")
    final = pos.play("meld 9H 9D 9C").play("discard 4C")
    while not game.is_over:
        game.add_hand(final)
    return game


# ---- the table (tutor/table) ---------------------------------------------------------------------

def _table_texts(table) -> dict:
    return {"panel": table.explanation.value, "live region": table.keyboard.announce,
            "selection": table.selection_label.value, "keys": table.keyboard.label,
            "keys help": table.keyboard.help, "description": table.keyboard.description,
            "canvas": "\n".join(p[3] for p in table.scene.prims if p[0] == "text"),
            "buttons": " / ".join(b.description + " " + b.tooltip for b in table.buttons.values())}


def test_everything_the_table_says_over_a_hand_comes_from_the_catalog(pseudo):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    players = {s: SensiblePlayer(seed=k) for k, s in enumerate("WNE")}
    table = Table(tutor.deal(seed=21), viewer="S", players=players, lang="fi")
    s = table.session
    s.start_game(seed=21, target=1500)
    checked = 0
    while s.position.phase != "over" and checked < 300:
        if (s.position).actor == "S":
            table.press("hint")
            for what, text in _table_texts(table).items():
                assert_all_words_translated(text, what)
            move = s.last_hint.move
            if move.kind == "meld" and s.position.team_melds("NS"):
                s.set_target("NS", s.position.team_melds("NS")[0].rank)     # "target: …"
            s.try_move(move)
        else:
            table.press("playon")
        for what, text in _table_texts(table).items():
            assert_all_words_translated(text, what)
        checked += 1
    assert s.position.phase == "over"
    html = table.explanation.value
    assert "tutor-sheet" in html and "tutor-game" in html                  # the score sheet, the game
    assert_all_words_translated(html, "score sheet")
    for press in ("undo", "redo", "replay", "nexthand", "legal"):
        table.press(press)
        assert_all_words_translated(table.explanation.value, press)


def test_illegal_moves_bad_text_and_messages_come_from_the_catalog(pseudo):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D", lang="fi")
    table.session.select(2)
    table.press("take")                                        # illegal: a ruling
    table.press("meld")
    for text in ("take 77", "meld KH KS: 2C 2C ;;", "1234"):      # no words of the learner's own
        table.move_box.value = text
        table.play_typed()
        assert "tutor-message" in table.explanation.value          # said in words …
        assert_all_words_translated(table.explanation.value, text)  # … in the table's language
    for what, text in _table_texts(table).items():
        assert_all_words_translated(text, what)


def test_bad_position_text_is_said_in_the_tables_language(pseudo):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D", mode="teacher", lang="fi")
    table.notation.value = "turn: S draw\nS: 9H 9S 4C 77\n"
    assert "tutor-bad" in table.text_error.value
    assert_all_words_translated(table.text_error.value, "position text")


def test_moving_cards_and_a_language_switch_come_from_the_catalog(pseudo):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D", mode="teacher", lang="en")
    table.press("hint")
    assert OPEN not in table.explanation.value
    table.language.value = "fi"                              # the hint is said again, in "fi"
    assert OPEN in table.session.last_hint.text
    assert_all_words_translated(table.explanation.value, "hint after the switch")
    for bad in (lambda: table.session.move_card("AS", "hand:S", "pile"),
                lambda: table.session.move_card("9H", "42", "pile")):
        with pytest.raises(tutor.PositionError) as exc:
            bad()
        assert_all_words_translated(exc.value.message, "move cards")
    table.buttons["edit"].value = True
    assert_all_words_translated(table.explanation.value, "move cards")


def test_the_target_names_the_team_and_reads_in_english():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S drawn\nS: KC 4C 5D\nNS: KH KS KD\npile: 5C", lang="en")
    table.session.set_target("NS", "K")
    assert "target: the meld of kings (North–South)" in table.selection_label.value
    sv = Table("turn: S drawn\nS: KC 4C 5D\nNS: KH KS KD\npile: 5C", lang="sv")
    sv.session.set_target("NS", "K")
    assert "Nord–Syd" in sv.selection_label.value and "NS" not in sv.selection_label.value


def test_the_rulebook_quote_is_in_the_tables_language():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.engine.plainwords import plain_rule_text
    from tutor.engine.rulebook import rule_text
    from tutor.table import Table
    from tutor.table.panel import code_html
    learner = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D", lang="sv")
    learner.session.select(2)
    learner.press("take")
    rule = learner.session.ruling.rule
    assert html_escape(plain_rule_text(rule, "sv")) in learner.explanation.value
    table = Table("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D", lang="en", mode="teacher")
    table.session.select(2)
    table.press("take")
    rule = table.session.ruling.rule
    assert code_html(rule_text(rule, "en")) in table.explanation.value
    table.language.value = "sv"
    assert rule_text(rule, "sv") != rule_text(rule, "en")              # translated (tutor.po)
    assert code_html(rule_text(rule, "sv")) in table.explanation.value
    assert code_html(rule_text(rule, "en")) not in table.explanation.value


def test_the_live_region_says_a_hint_and_a_verdict_in_one_message_each():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table(tutor.deal(seed=3), viewer="N")
    table.press("hint")
    assert table.keyboard.announce.startswith("Hint: " + table.session.last_hint.text[:20])
    table.session.try_move("discard AS")                    # not this phase: illegal
    assert table.keyboard.announce.startswith("Illegal: ")


def test_the_score_sheet_is_in_the_tables_language():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S drawn\nS: 9H 9D 9C 4C\nN: 5D 7C\nNS: AH AH AD AD AS AS AC; KH KS KD\n"
                  "NS red3: 3H\nEW: QH QD QS\npile: 6C")
    table.session.try_move("meld 9H 9D 9C")
    table.session.try_move("discard 4C")
    html = table.explanation.value
    sheet = tutor.score_hand(table.session.position)
    for rule, points, words in sheet["NS"].items + sheet["EW"].items:
        # a learner's sheet says each line in words; its rule id is data (teachers: code)
        assert f"data-rule='{rule}'" in html and html_escape(words) in html
        assert f"<code>{rule}</code>" in Table(table.session.position, mode="teacher").explanation.value
    assert "North–South: 890" in html and "East–West: " in html
    sv = Table(table.session.position, lang="sv")
    for rule, points, words in tutor.score_hand(sv.session.position, "sv")["NS"].items:
        assert html_escape(words) in sv.explanation.value             # the engine's words, in Swedish
    assert "Nord–Syd: 890" in sv.explanation.value


# ---- the drawing (tutor/engine/diagram.py) and the charts (tutor/lessons/charts.py) ----------------

def test_the_drawing_comes_from_the_catalog(pseudo):
    texts = []
    for pos in _positions(9, 200)[::10]:
        for open_hands in (False, True):
            for width in (560, 960):
                sc = scene(pos.seen_by("S"), lang="fi", width=width) if not open_hands else \
                    scene(pos, viewer="S", open_hands=True, lang="fi", width=width)
                # in the order drawn: a label wrapped on two lines is one text again
                texts.append(" ".join(p[3] for p in sc.prims if p[0] == "text"))
    for text in set(texts):
        assert_all_words_translated(text, "canvas")
    svg = position_svg(_positions(9, 40)[-1], lang="fi")
    assert_all_words_translated(" ".join(re.findall(r">([^<>]+)</text>", svg)), "svg")


def test_a_joker_is_named_with_the_glossarys_word():
    joker = Card("JK")
    assert card_words(joker, translator("en")) == "a joker"                  # as the explanations write it
    assert card_words(joker, translator("sv")) == "en joker"
    assert card_words(joker, translator("fi")) == translator("fi").word("term", "a joker") == "jokeri"
    assert card_words(Card("KH"), translator("fi")) == "K♥"


def test_the_charts_come_from_the_catalog_and_name_the_teams(pseudo):
    from tutor.lessons.charts import game_chart, sheet_chart
    sheet = tutor.score_hand(_game().hands[-1][0])
    for chart in (sheet_chart(sheet, lang="fi"), game_chart(_game(), lang="fi")):
        labels = re.findall(r">([^<>]+)</text>", chart.svg)
        assert labels
        for label in labels:
            assert_all_words_translated(label, "chart")


def test_the_charts_read_in_english_with_the_teams_names():
    from tutor.lessons.charts import game_chart, sheet_chart
    sheet = tutor.score_hand(_game().hands[-1][0])
    labels = re.findall(r">([^<>]+)</text>", sheet_chart(sheet).svg)
    assert "North–South: going out" in labels and "East–West: TOTAL" in labels
    assert "NS TOTAL" in repr(sheet_chart(sheet))                  # the text form keeps the letters
    labels = re.findall(r">([^<>]+)</text>", game_chart(_game()).svg)
    assert "hand 1: North–South" in labels and "hand 1: East–West" in labels
    # the labels' column is as wide as its longest label: no label runs off the left edge
    svg = sheet_chart(sheet, lang="fi").svg
    left = float(re.search(r"<text x='(\d+)' y='\d+' text-anchor='end'", svg).group(1))
    assert left >= 140


# ---- one table of score lines; the messages translators get ----------------------------------------

def test_every_score_sheet_names_its_lines_from_one_table():
    from tutor import cli
    from tutor.lessons import charts
    assert charts.LABELS is LINE_NAMES
    assert cli.LINE_NAMES is LINE_NAMES


@pytest.fixture(scope="module")
def template():
    import babel  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.i18n.build import extract
    return extract()


def _fields(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("message, fields, where", [
    ("Say yes: {reason}.", {"reason"}, "tutor/players.py"),
    (("Take the pile: {n} card for your meld of {rank:plural}.",
      "Take the pile: {n} cards for your meld of {rank:plural}."), {"n", "rank"}, "tutor/players.py"),
    (("Draw from the stock: the pile ({n} card) is not worth the cards it would cost from your hand.",
      "Draw from the stock: the pile ({n} cards) is not worth the cards it would cost from your hand."),
     {"n"}, "tutor/players.py"),
    (("only {n} {rank:name} is unseen", "only {n} {rank:plural} are unseen"), {"n", "rank"},
     "tutor/players.py"),
    ("Discard {card}: a black three blocks {seat:name} from taking the pile.", {"card", "seat"},
     "tutor/players.py"),
    ("Discard {card}: {reasons}.", {"card", "reasons"}, "tutor/players.py"),
    ("Meld: {melds}.", {"melds"}, "tutor/players.py"),
    ("{seat}: {move} — legal ({rule}). To {seat}: “{explanation}”", {"seat", "move", "rule", "explanation"},
     "tutor/autoplay.py"),
    ("target: the meld of {rank:plural} ({team:name})", {"rank", "team"}, "tutor/table/widget.py"),
    ("Hint: {text}", {"text"}, "tutor/table/widget.py"),
    ("Rule {rule}: {text}", {"rule", "text"}, "tutor/table/panel.py"),
    ("also: {rules}", {"rules"}, "tutor/table/panel.py"),
    ("Illegal: {explanation}", {"explanation"}, "tutor/table/widget.py"),
    ("To {seat:name}: “{explanation}”", {"seat", "explanation"}, "tutor/table/panel.py"),
    ("NS {ns}   EW {ew}", {"ns", "ew"}, "tutor/engine/diagram.py"),
    ("{team:name}: {line}", {"team", "line"}, "tutor/lessons/charts.py"),
    ("hand {n}: {team:name}", {"n", "team"}, "tutor/lessons/charts.py"),
    ("{team:name}: {points}", {"team", "points"}, "tutor/table/panel.py"),
    ("{seat:name} to play", {"seat"}, "tutor/engine/diagram.py"),
    (("{seat:name} takes the pile with {cards}.", "{seat:name} takes the pile with {cards}."),
     {"seat", "cards"}, "tutor/engine/plainwords.py"),
    ("{seat:name} has drawn and may meld or discard.", {"seat"}, "tutor/table/describe.py"),
])
def test_the_messages_are_in_the_catalogs_template_with_their_fields(template, message, fields, where):
    key = message[0] if isinstance(message, tuple) else message
    msg = template.get(key)
    assert msg is not None, f"{key!r} is not extracted"
    texts = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
    assert tuple(texts) == (message if isinstance(message, tuple) else (message,))
    assert set().union(*map(_fields, texts)) == fields
    assert any(path == where for path, _ in msg.locations), msg.locations


def test_the_english_the_code_no_longer_writes_is_gone_from_the_template(template):
    gone = ["target: {team} meld of {ranks}", "Hint:", "joker", "concealed", "cards on table",
            "cards in hand"]
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    assert "Hint:" in ids                            # still the panel's heading
    assert not {g for g in gone if g != "Hint:"} & ids


@pytest.mark.parametrize("width", [560, 760, 960])
@pytest.mark.parametrize("asked", ["pending", "yes", "no"])
def test_a_longer_translation_of_a_badge_stays_in_its_pill_and_the_status_box(asked, width):
    """The status box's badge ("partner said yes") sits at the box's foot, at the table's
    right edge: the box is as wide as a longer text (Finnish "joukkuetoveri vastasi
    ”kyllä”"), and where it cannot be, the text goes on two lines inside it."""
    from tutor.engine.diagram import BOX, badge_pill, text_width
    pos = tutor.Position.parse(f"turn: S drawn\nasked: {asked}\nS: KH KS 4C\nNS: 8C 8D 8S\npile: 5C")
    for lang in LANGUAGES:
        for view in (pos.seen_by("S"), pos.seen_by("S").__class__.of(pos, "S", open=True)):
            prims = scene(view, width=width, lang=lang).prims
            box = next(p for p in prims if p[0] == "rect" and p[6] == BOX)
            pills = [(i, p) for i, p in enumerate(prims) if p[0] == "rect" and 340 <= p[2] < 420 and p[3] > 100
                     and p[5] >= 12.5]
            assert len(pills) == 1, (lang, pills)
            i, (_, x, y, w, h, *_rest) = pills[0]
            texts = [p for p in prims[i + 1:i + 3] if p[0] == "text" and abs(p[1] - (x + w / 2)) < 1]
            assert texts and box[1] <= x and x + w <= box[1] + box[3] <= width - 8, (lang, x, w)
            for _, tx, ty, text, size, *_more in texts:
                half = text_width(text, size, bold=True) / 2
                assert x <= tx - half and tx + half <= x + w and y <= ty <= y + h, (lang, text)
    out = []
    text = "a very long badge text of many words here"
    right = 400 + text_width(text, 12, bold=True)                  # one line and the pill's ends: too wide
    top = badge_pill(out, 400, 100, 150, 26, "#000", text, limit=(400, right))
    rect, first, second = out
    assert rect[2] + rect[4] == 126 and top == rect[2] and first[3] and second[3]
    assert 400 <= rect[1] and rect[1] + rect[3] <= right


# ---- a move in words, and what a learner's panel says (tutor/engine/plainwords.py) ----------------

def test_a_move_is_said_in_words_to_the_player_and_of_a_seat():
    from tutor.engine.plainwords import move_words
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\npile: 5C 9D")
    said = {text: (move_words(text, "S"), move_words(text, "S", you=True)) for text in
            ("draw", "take", "take 9H 9S", "meld 9H 9S JK", "meld K: KC", "meld EW Q: QC; 9H 9S 9D",
             "discard 4C", "ask", "yes", "no", "W: draw")}
    assert said["take 9H 9S"] == ("South takes the pile with 9♥ and 9♠.", "You take the pile with 9♥ and 9♠.")
    assert said["take"][1] == "You take the pile, with no cards from your hand."
    assert said["draw"] == ("South draws from the stock.", "You draw from the stock.")
    assert said["meld 9H 9S JK"][1] == "You meld 9♥, 9♠ and a joker."          # as the explanations write it
    assert said["meld K: KC"][1] == "You meld K♣ onto your team's kings."
    assert said["meld EW Q: QC; 9H 9S 9D"][1] == "You meld Q♣ onto East–West's queens; 9♥, 9♠ and 9♦."
    assert said["discard 4C"][1] == "You discard 4♣."
    assert said["ask"][1] == "You ask your partner: “May I go out?”"
    assert said["yes"] == ("South answers yes.", "You answer yes.")
    assert said["W: draw"][0] == "West draws from the stock."          # the seat the move names
    assert move_words(tutor.Move.parse("take 9H 9S"), "N", lang="sv").startswith("Nord ")
    assert tutor.judge(pos, "take 9H 9S").legal


def test_every_move_in_words_comes_from_the_catalog(pseudo):
    from tutor.engine.plainwords import move_words
    kinds = set()
    for pos in _positions(13, 200)[::5]:
        for move in tutor.legal_moves(pos)[:30]:
            for you in (False, True):
                text = move_words(move, pos.turn, lang="fi", you=you)
                assert_all_words_translated(text, f"{move} (you={you})")
                assert OPEN in text
            kinds.add(move.kind)
    for text in ("meld K: KC", "meld EW Q: QC", "take", "yes", "no", "ask"):
        for you in (False, True):
            assert_all_words_translated(move_words(text, "S", lang="fi", you=you), text)
    assert {"draw", "take", "meld", "discard"} <= kinds


def test_rule_ids_cited_in_a_sentence_are_taken_out_for_a_learner():
    from tutor.engine.plainwords import plain_rule_text, without_rule_ids
    assert without_rule_ids("Draw: the pile cannot be taken (pile.black-three). (turn.draw) You draw.") == \
        "Draw: the pile cannot be taken. You draw."
    assert without_rule_ids("Two (pile.take.frozen, pile.frozen.wild) here (a pair).") == "Two here (a pair)."
    assert "`" not in plain_rule_text("turn.draw") and "pile.take" not in plain_rule_text("turn.draw")
    import tutor.lessons
    assert tutor.lessons.plain_rule_text is plain_rule_text                       # one place, shared


_CARD_TEXT = re.compile(r"\b(?:10|[2-9AKQJ])[CDHS]\b")
_RULE_ID = re.compile(r"\b[a-z0-9-]+(?:\.[a-z0-9*-]+)+\b")


def _visible(html: str) -> str:
    """What a learner reads without opening anything: no collapsed details, no markup."""
    from html import unescape
    text = re.sub(r"<details.*?</details>", " ", html, flags=re.S)
    text = re.sub(r"<(?:br|/li|/div|/ol|/ul)[^>]*>", " ", text)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", text)))


def test_a_learners_panel_says_the_move_in_words_and_keeps_ids_in_the_rule_detail():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\nEW: QH QD QS\npile: 5C 2C 8D 9D")
    s = table.session
    s.try_move("take 9H JK")
    html = table.explanation.value
    shown = _visible(html)
    assert shown.strip().startswith("Illegal: You take the pile with 9♥ and a joker.")
    assert "frozen for everybody" in shown
    assert not _CARD_TEXT.search(shown) and not _RULE_ID.search(shown) and "take 9H" not in shown
    # the rule, collapsed: the rulebook's words and the ids, for teachers and disputes
    detail = re.search(r"<details class='tutor-rule'>(.*?)</details>", html, re.S).group(1)
    assert "<summary><small>The rule</small></summary>" in detail
    assert "<code class='tutor-rule-id'>pile.take.frozen</code>" in detail
    assert "Wild cards do not help" in detail and "<code>pile.frozen.wild</code>" in detail
    # the data the browser tests read
    assert "data-rule='pile.take.frozen'" in html and "data-legal='false'" in html
    s.try_move("take 9H 9S")
    shown = _visible(table.explanation.value)
    assert shown.strip().startswith("Legal: You take the pile with 9♥ and 9♠.")
    assert "Undo takes the move back" in shown
    table.press("undo")
    table.press("legal")
    shown = _visible(table.explanation.value)
    assert "You take the pile with 9♥ and 9♠." in shown and not _CARD_TEXT.search(shown)
    # a teacher reads the move text and the ids as they are
    teacher = Table(s.staged, mode="teacher")
    teacher.session.try_move("take 9H JK")
    html = teacher.explanation.value
    assert "<code>take 9H JK</code>" in html and "Rule <code class='tutor-rule-id'>pile.take.frozen</code>" in html
    assert "<details" not in html


def test_over_a_hand_a_learner_reads_no_move_text_and_no_rule_ids():
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    players = {s: SensiblePlayer(seed=k) for k, s in enumerate("WNE")}
    table = Table(tutor.deal(seed=8), viewer="S", players=players)
    s = table.session
    checked = 0
    while s.position.phase != "over" and checked < 200:
        if (s.position).actor == "S":
            table.press("legal")
            move = tutor.legal_moves(s.position)[-1]
            s.try_move(move)
        else:
            table.press("playon")
        html = table.explanation.value
        # the computer's and the player's moves, the legal moves: in words (hints aside: the
        # players' reasons are tutor/players.py's)
        shown = _visible(re.sub(r"<div class='tutor-hint'.*?</div>", "", html, flags=re.S))
        assert not _CARD_TEXT.search(shown) and not _RULE_ID.search(shown), shown
        assert "<code>" not in re.sub(r"<details.*?</details>", "", html, flags=re.S)
        said = table.keyboard.announce
        assert not _CARD_TEXT.search(said) and not _RULE_ID.search(said), said
        checked += 1
    assert checked > 10
    sheet = table.explanation.value
    assert s.position.phase != "over" or ("tutor-sheet" in sheet and not _RULE_ID.search(_visible(sheet)))


def test_a_learners_move_box_and_panel_come_from_the_catalog(pseudo):
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table("turn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\nEW: QH QD QS\npile: 5C 2C 8D 9D", lang="fi")
    assert_all_words_translated(table.move_box.placeholder, "placeholder")
    assert table.move_box.options
    for option in table.move_box.options:
        assert_all_words_translated(option, "completion")
    table.session.try_move("take 9H 4C")
    assert_all_words_translated(table.explanation.value, "learner's ruling")
    table.move_box.value = table.move_box.options[1]
    assert table.play_typed().legal
    assert_all_words_translated(table.explanation.value, "learner's legal ruling")


# ---- one way of writing cards and turns for a learner (translators' and writers' reports) ----------

def test_the_frozen_banner_names_a_joker_as_the_explanations_do():
    """The banner said "JK crosswise"; it names the cards as the explanation below it does."""
    pos = tutor.Position.parse("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C JK 8D 9D")
    for lang, joker in (("en", "a joker"), ("sv", "en joker"), ("fi", "jokeri")):
        texts = [p[3] for p in scene(pos.seen_by("S"), lang=lang).prims if p[0] == "text"]
        banner = next(x for x in texts if x.startswith("❄"))
        assert joker in banner and "JK" not in banner, banner
        assert joker in tutor.judge(pos, "take 9H 9S").explain(lang) or lang != "en"
    # four crosswise cards on the narrowest teacher's table: too long to name, counted
    many = tutor.Position.parse("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C JK 2C 3H JK 8D 9D")
    texts = [p[3] for p in scene(many, viewer="S", open_hands=True, width=560).prims if p[0] == "text"]
    assert "❄ frozen for everybody: 4 cards crosswise" in texts
    texts = [p[3] for p in scene(many.seen_by("S"), width=960).prims if p[0] == "text"]
    assert "❄ frozen for everybody: a joker, 2♣, 3♥ and a joker crosswise" in texts


def test_a_learners_buttons_carry_no_notation():
    """"Next meld ;" carried the notation's ';'."""
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    from tutor.table.widget import BUTTONS
    assert dict((name, label) for name, label, _tip in BUTTONS)["group"] == "Next meld"
    for lang in LANGUAGES:
        table = Table(PAIR_AND_JOKER, lang=lang)
        for name, button in table.buttons.items():
            assert ";" not in button.description, (lang, name, button.description)


PAIR_AND_JOKER = "turn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\nEW: QH QD QS\npile: 5C 8D 9D\nseed: 4\n"


def test_the_table_in_words_says_whose_turn_it_is_in_one_sentence():
    """"South to play: drew: meld or discard." had two colons."""
    from tutor.table.describe import describe
    base = "S: 9H 9S JK 4C\nNS: KH KS KD\npile: 5C 8D 9D\nseed: 4\n"
    said = {phase: describe(tutor.Position.parse(f"turn: S {phase}\n" + base).seen_by("S")).splitlines()[0]
            for phase in ("draw", "drawn", "melded")}
    assert said == {"draw": "You are South. South is to draw from the stock or take the pile.",
                    "drawn": "You are South. South has drawn and may meld or discard.",
                    "melded": "You are South. South has melded and may meld more or discard."}
    view = tutor.Position.parse("turn: W drawn\n" + base).seen_by("S")
    assert describe(view).splitlines()[0] == "You are South. West has drawn and may meld or discard."
    assert "a joker" in describe(view)                      # the hand, as the explanations write it


def test_a_draw_on_an_empty_stock_is_said_as_what_it_does():
    """On an empty stock 'draw' is no draw: the player leaves the pile and the hand ends
    (hand.end.stock); under stock-out=ends the hand simply ends."""
    from i18n_helpers import whole_deal

    from tutor.engine.plainwords import move_words
    pos = tutor.Position.parse(whole_deal("turn: S draw\nstock: -\nS: 4C 7H 7S\nNS: KH KS KD\npile: 6C 7D\n"))
    assert not pos.stock and tutor.judge(pos, "draw").legal and tutor.judge(pos, "take 7H 7S").legal
    assert move_words("draw", "S", you=True, position=pos) == \
        "You leave the pile, and the hand ends: the stock is empty."
    assert move_words("draw", "W", position=pos) == "West leaves the pile, and the hand ends: the stock is empty."
    assert move_words("draw", "S", you=True) == "You draw from the stock."            # without the position
    ends = tutor.Position.parse(whole_deal("rules: stock-out=ends\nturn: S draw\nstock: -\nS: 4C 5D KH\n"
                                       "NS: KH KS KD\npile: 6C 7D\n"))
    assert move_words("draw", "S", you=True, position=ends) == "The stock is empty: you end the hand."
    assert move_words("draw", "S", position=ends) == "The stock is empty: South ends the hand."
    # a pile nobody can take (no pair of sevens, nothing to add to): no pile to leave
    untakeable = tutor.Position.parse(whole_deal("turn: S draw\nstock: -\nS: 4C 5D 9H\nNS: KH KS KD\npile: 6C 7D\n"))
    assert not any(m.kind == "take" for m in tutor.legal_moves(untakeable))
    assert move_words("draw", "S", you=True, position=untakeable) == "The stock is empty: you end the hand."
    stocked = tutor.Position.parse("turn: S draw\nS: 9H 9S 4C\nNS: KH KS KD\npile: 5C 9D")
    assert move_words("draw", "S", you=True, position=stocked) == "You draw from the stock."
    # the table says it so: the move box's completions and the legal moves
    import ipywidgets  # noqa: F401  (the [test] extra installs it: a missing one fails)
    from tutor.table import Table
    table = Table(pos)
    assert any(o.startswith("You leave the pile, and the hand ends") for o in table.move_box.options)
    assert not any(o.startswith("You draw from the stock") for o in table.move_box.options)
