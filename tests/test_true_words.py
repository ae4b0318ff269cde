"""Every sentence a learner reads is true (issue 20): the rule texts whole, bad move text
refused in words, the computer's reasons true in the position they are given in."""
from __future__ import annotations

import re

import pytest

from tutor.engine.plainwords import plain_rule_text
from tutor.engine.rulebook import rule_ids, rule_text
from tutor.engine.ruleset import FLAGS
from tutor.i18n import LANGUAGES

from rule_text_checks import CUT, _aside, _lost, _sentences

LANGS = LANGUAGES


@pytest.mark.parametrize("lang", LANGS)
def test_a_learner_reads_every_sentence_of_the_rulebook(lang):
    missing = []
    for rid in rule_ids():
        book = _aside(rule_text(rid, lang))
        if re.fullmatch(rf"\w+ {CUT}\.?", book):                 # "As `red3.score`."
            continue
        missing += [(rid, s) for s in _lost(book, _aside(plain_rule_text(rid, lang)))]
    assert not missing, missing


def test_the_sentence_check_finds_a_lost_sentence():
    book = _aside("One (`a.b`). Two, with `stock-out`, here. Three (see `c.d`).")
    assert _lost(book, "One. Two, with the rule for an empty stock, here. Three.") == []
    assert _lost(book, "One. Three.") == ["Two, with …, here"]
    assert _lost(book, "One.") == ["Two, with …, here", "Three"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_text_for_a_learner_cites_no_id(lang):
    for rid in rule_ids():
        text = plain_rule_text(rid, lang)
        cited = [i for i in rule_ids() if re.search(rf"(?<![\w.]){re.escape(i)}(?![\w-])", text)]
        assert "`" not in text and not cited, (rid, text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_text_for_a_teacher_starts_each_sentence_with_a_capital(lang):
    """An id said in words at a sentence's start is capitalised: "… six black threes. The
    rule of two natural cards …", not "… threes. the rule …" (players.deck, audit 7 #7)."""
    low = {rid: m.group(0) for rid in rule_ids()
           for m in [re.search(r"[.!?] +[a-zåäö]\w*", plain_rule_text(rid, lang))] if m}
    assert not low, low
    said = plain_rule_text("players.deck", lang)
    assert "black threes. the rule" not in said and "treor. regeln" not in said
    assert "kolmosta. sääntö" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_text_says_a_variant_setting_in_words(lang):
    """No raw flag setting: "Variant three = cutthroat" and "whatever stock-out says" were
    the backticked notation with its backticks taken off (players.cutthroat, audit 7 #7)."""
    for rid in rule_ids():
        text = plain_rule_text(rid, lang)
        raw = re.findall(r"\b([a-z0-9-]+) = ([a-z0-9-]+)\b", text)
        assert not [(f, v) for f, v in raw if f in FLAGS], (rid, raw)
        bare = [f for f in FLAGS if "-" in f and re.search(rf"(?<![\w“=-]){f}(?![\w”=-])", text)]
        assert not bare, (rid, bare)
    en = plain_rule_text("players.cutthroat", "en")
    assert en.startswith("Variant “cutthroat” for three players (")
    assert "whatever the club's rule for an empty stock says" in en


def test_the_black_three_rule_is_read_whole():
    text = plain_rule_text("meld.threes", "en")
    assert text.startswith("Red threes never form melds.")
    assert "Black threes may be melded only in the turn the player goes out" in text


# ---- 2. a meld group with no cards is bad move text -------------------------------------------
import tutor
from tutor.engine.errors import MoveError
from tutor.engine.moves import Group, Move

EIGHTS = """
turn: S drawn
S: 7H 7H 7D 7D 7S 7S 7C 9C KH KS
N: 4C 4D 4H
NS: 8C 8D 8S; KD KC KC
opened: N
pile: 6C KD
"""


@pytest.mark.parametrize("text", ["meld 8:", "meld 7H 7D 7S; 8:", "meld 8: ; 7H 7D 7S",
                                  "take KH KS; 8:", "take K: ; 8:", "meld NS 8:"])
def test_an_empty_meld_group_is_bad_move_text(text):
    with pytest.raises(MoveError) as info:
        Move.parse(text)
    assert isinstance(info.value, ValueError)
    en = info.value.text("en")
    assert "8:" in en and "lays no card" in en and info.value.column > 0
    for lang in ("sv", "fi"):
        said = info.value.text(lang)
        assert said != en and "lays no card" not in said and "8:" in said
    pos = tutor.Position.parse(EIGHTS)
    with pytest.raises(MoveError):
        tutor.judge(pos, text)
    with pytest.raises(MoveError):
        pos.play(text)


def test_a_built_move_with_an_empty_group_is_refused_in_words():
    for move in (Move("meld", (Group((), "8"),)),
                 Move("take", (Group(tuple(tutor.Card(c) for c in ("KH", "KS")), None), Group((), "8")))):
        with pytest.raises(MoveError) as info:
            Move.parse(move)
        assert "lays no card" in info.value.text("en")
        with pytest.raises(MoveError):
            tutor.judge(tutor.Position.parse(EIGHTS), move)


def test_the_plain_take_names_its_meld_alone():
    pos = tutor.Position.parse(EIGHTS.replace("S drawn", "S draw"))
    assert str(Move.parse("take K:")) == "take K:"
    assert tutor.judge(pos, "take K:").legal and tutor.judge(pos, "take").legal
    assert Move.parse(Move("take", (Group((), "K"),))) == Move("take", (Group((), "K"),))


def test_an_empty_group_spends_no_ask_and_keeps_concealed():
    pos = tutor.Position.parse(EIGHTS.replace(" KH KS", ""))
    with pytest.raises(MoveError):
        pos.play("meld 8:")                        # was: phase melded, too late to ask
    assert tutor.judge(pos, "ask").legal
    after = pos.play("meld 7H 7H 7D 7D 7S 7S 7C").play("discard 9C")
    assert after.out == "S" and after.out_concealed
    lines = dict(tutor.score_hand(after)["NS"].lines)
    assert lines["score.going-out"] + lines.get("goout.concealed", 0) == 200
    answered = pos.play("ask").play("no")
    with pytest.raises(MoveError):
        answered.play("meld 8:")
    assert all(g.cards or (m.kind == "take" and i == 0)
               for m in tutor.legal_moves(pos) for i, g in enumerate(m.groups))


# ---- 3. the computer's reasons hold in the position --------------------------------------------
from i18n_helpers import whole_deal  # noqa: E402

from tutor.players import SensiblePlayer, explain_choice  # noqa: E402


def _reason(text, move, lang="en"):
    pos = tutor.Position.parse(text)
    assert tutor.judge(pos, move).legal, move
    return explain_choice(pos, move, lang)


FIRST = "turn: S drawn\nS: KH KS KD QH QS QD 9C 8D 5C\nNS: -\nEW: 7C 7D 7S\npile: {pile}\n{extra}"


def test_a_first_meld_does_not_unfreeze_a_pile_with_a_wild_card_crosswise():
    crosswise = _reason(FIRST.format(pile="5C 2H 6S", extra=""), "meld KH KS KD; QH QS QD")
    assert "unfreezes" not in crosswise and "stays frozen" in crosswise
    assert "(60 points, at least 50 needed)" in crosswise
    for lang, frozen in (("sv", "fryst"), ("fi", "lukittu")):
        assert frozen in _reason(FIRST.format(pile="5C 2H 6S", extra=""), "meld KH KS KD; QH QS QD", lang)
    plain = _reason(FIRST.format(pile="5C 9D 6S", extra=""), "meld KH KS KD; QH QS QD")
    assert "unfreezes the pile for your team" in plain


def test_no_minimum_is_claimed_where_none_applies():
    off = _reason(FIRST.format(pile="5C 9D 6S", extra="rules: initial-minimum=off\n"), "meld 9C 8D 5C".replace(
        "9C 8D 5C", "KH KS KD"))
    assert "needed" not in off and "needs no minimum" in off
    # the first step of a concealed going out after drawing: below the minimum, allowed
    concealed = ("turn: S drawn\nS: 7H 7H 7D 7D 7S 7S 7C 4C 4D 4H 9C\nNS: -\nEW: 8C 8D 8S\n"
                 "pile: 5C 6D\n")
    step = _reason(concealed, "meld 4C 4D 4H")
    assert "at least" not in step and "going out concealed" in step
    take = ("rules: initial-minimum=off\nturn: S draw\nS: KH KS 9C 8D 5C\nNS: -\nEW: 7C 7D 7S\n"
            "pile: 5C 9D KD\n")
    assert "minimum" not in _reason(take, "take KH KS")
    assert "must reach the minimum" in _reason(take.replace("initial-minimum=off", "default\nscore: NS -100, EW 0"),
                                               "take KH KS")


def test_no_leave_the_pile_where_it_cannot_be_taken():
    ends = whole_deal("rules: stock-out=ends\nturn: S draw\nstock: -\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 7D\n")
    reason = SensiblePlayer().decide(tutor.Position.parse(ends))[1]
    assert "Leave the pile" not in reason and "ends" in reason
    wild = whole_deal("turn: S draw\nstock: -\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 2D\n")
    reason = SensiblePlayer().decide(tutor.Position.parse(wild))[1]
    assert "Leave the pile" not in reason and "cannot be taken" in reason
    takeable = whole_deal("turn: S draw\nstock: -\nS: 4C 7H 7S\nNS: KH KS KD\npile: 6C 7D\n")
    pos = tutor.Position.parse(takeable)
    assert any(m.kind == "take" for m in tutor.legal_moves(pos))
    assert explain_choice(pos, "draw").startswith("Leave the pile")


def test_a_wild_discard_does_not_claim_a_natural_pair_takes_it_on_top():
    text = "turn: S melded\nS: 2C 9H 4D 6S\nNS: KH KS KD\nEW: QC QD QH\npile: 5C 8D 9S\n"
    reason = _reason(text, "discard 2C")
    assert "so the opponents need a natural pair" not in reason
    assert "nobody can take the pile while a wild card lies on top" in reason
    frozen = _reason(text.replace("5C 8D 9S", "5C JK 9S"), "discard 2C")
    assert "frozen already" in frozen


# ---- 4. the lessons teach the default readings -------------------------------------------------
import tutor.lessons  # noqa: E402

#: A team's earlier melds given as the reason a going out is not concealed: the reading of
#: `concealed=team`, false under the default (the partner may have melded, goout.concealed).
_TEAM_REASON = re.compile(r"(North–South|[Tt]he team|Nord–Syd|[Ll]aget|Pohjoinen–Etelä|[Jj]oukkue)"
                          r" (had melded|hade meldat|oli pöydännyt)")


def _exercise_texts(ex):
    return [ex.prompt, ex.reveal, *ex.hints_given]


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_10_to_12_give_the_players_reading_of_concealed(lang):
    wrong = []
    for key in ("10", "11", "12"):
        lesson = tutor.lessons.get(key, lang)
        for ex in lesson.exercises:
            if "concealed=team" in (ex.rules or ""):
                continue
            wrong += [(key, ex.id, s) for s in _exercise_texts(ex) if _TEAM_REASON.search(s)
                      and re.search(r"concealed|dolt|suora", s)]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_6_lets_a_wild_card_join_the_natural_pair(lang):
    lesson = tutor.lessons.get("06", lang)
    text = " ".join(s.text for s in lesson.sections) + " ".join(lesson.recap)
    for wrong in ("No wild cards", "Inga wild cards", "Apukortit eivät\nkelpaa", "Apukortit eivät kelpaa"):
        assert wrong not in text
    pos = lesson.position("frozen-wild")
    assert tutor.judge(pos, "take 9H 9S JK").legal and not tutor.judge(pos, "take 9H JK").legal


# ---- 5. misleading words ----------------------------------------------------------------------
THREES = "turn: S drawn\nS: 3C 3C 3S 9H 9D 9C 4C\nNS: -\nEW: QH QD QS\npile: 6C\n"


def test_black_threes_as_a_first_meld_are_refused_for_not_going_out():
    for move in ("meld 3C 3C 3S", "meld 3C 3C 3S; 9H 9D 9C"):
        ruling = tutor.judge(tutor.Position.parse(THREES), move)
        assert not ruling.legal and ruling.rule == "meld.threes", ruling
        said = ruling.explain()
        assert "only in the turn you go out" in said and "count" not in said and "50" not in said


def test_black_threes_after_a_no_are_refused_for_the_no():
    pos = tutor.Position.parse(THREES.replace("NS: -", "NS: KH KH KD KD KS KS KC") + "asked: no\n")
    ruling = tutor.judge(pos, "meld 3C 3C 3S")
    assert not ruling.legal and ruling.rule == "goout.binding"
    assert "answered no" in ruling.explain() and "could not go out" not in ruling.explain()
    assert "svarade nej" in ruling.explain("sv") and "vastasi ”ei”" in ruling.explain("fi")


KINGS = "turn: S drawn\nS: KC KS 9H 9D 9C 4C 2H\nNS: KH KH KD JK\nEW: QH QD QS\npile: 6C\n"


def test_a_meld_is_named_once_a_rank():
    said = tutor.judge(tutor.Position.parse(KINGS), "meld KC; KS").explain()
    assert "a meld of kings:" in said and "kings and kings" not in said


def test_the_exchange_says_the_melded_wild_card_apart_from_the_card_offered():
    said = tutor.judge(tutor.Position.parse(KINGS), "exchange 9H JK").explain()
    assert "(a joker)" in said and "offer for it (9♥)" in said and "9♥ and a joker" not in said


def test_an_empty_stock_is_never_a_draw_from_the_stock():
    from tutor.table.describe import describe
    text = whole_deal("turn: S draw\nstock: -\nS: 4C 5D KH\nNS: KH KS KD\npile: 6C 7D\n")
    for rules, want in (("default", "is to take the pile, or the hand ends"),
                        ("stock-out=ends", "at this table the hand ends")):
        pos = tutor.Position.parse(f"rules: {rules}\n" + text)
        first = describe(pos.seen_by("S")).splitlines()[0]
        assert "draw from the stock" not in first and want in first, first
    ends = tutor.Position.parse("rules: stock-out=ends\n" + text)
    said = tutor.judge(ends, "draw").explain()
    assert "you do not take the pile" not in said and "the pile is not taken" in said
    empty = ("turn: S draw\nS: 9H 9D 4C\nNS: KH KS KD\nNS red3: 3H 3D\nEW red3: 3H 3D\npile: -\n"
             "stock: -\nE: 33\nW: 32\nN: 33")
    said = tutor.judge(tutor.Position.parse(empty), "take").explain()
    assert "Draw from the stock" not in said and "the stock is empty too" in said


# ---- 5b. the native review's slips, against the glossary ---------------------------------------
from pathlib import Path  # noqa: E402

from i18n_helpers import avoided  # noqa: E402
from tutor.i18n import translator  # noqa: E402

LESSONS = Path(tutor.__file__).parent / "lessons"


def _lesson_texts(lang):
    """Every translated line of the lessons and the sandbox, English comments aside."""
    for path in sorted((LESSONS / lang).glob("*.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith("#"):
                yield f"{path.name}:{n}", line


@pytest.mark.parametrize("lang", ("sv", "fi"))
def test_the_lessons_avoid_the_words_the_glossary_rejects(lang):
    found = [(where, word) for where, line in _lesson_texts(lang) for word, _ in avoided(line, lang)]
    if lang == "fi":     # "pöydä" is no form of pöydätä (ei pöytää, pöydätä)
        found += [(w, "pöydä") for w, line in _lesson_texts(lang) if re.search(r"(?<!\w)pöydä(?!\w)", line)]
    assert not found, found


def test_the_review_slips_are_caught_by_the_glossary():
    assert [w for w, _ in avoided("Du erbjuder 9♥.", "sv")] == ["Du erbjuder"]
    assert [w for w, _ in avoided("Du måste aldrig fråga.", "sv")] == ["måste aldrig"]
    assert [w for w, _ in avoided("med hjärter nio och jokern", "sv")] == ["hjärter nio"]
    assert [w for w, _ in avoided("joukkuetoveri on saanut pöydätä", "fi")] == ["saanut pöydätä"]
    assert [w for w, _ in avoided("voiton marginaali", "fi")] == ["marginaali"]
    assert avoided("Joukkuetoveri saa olla pöydännyt.", "fi") == []


def test_the_finnish_take_of_another_rank_says_the_top_card_does_not_fit():
    pos = tutor.Position.parse("turn: S draw\nS: KC KS 9H\nNS: 8C 8D 8S\npile: 6C 7D\n")
    said = tutor.judge(pos, "take KC KS").explain("fi")
    assert "eri numeroa" not in said and "samannumeroisia" in said


def test_finnish_ranks_take_a_case_ending_not_parentheses():
    pos = tutor.Position.parse(KINGS)
    said = tutor.judge(pos, "meld KC; KS").explain("fi")
    assert "on jo pöydällä kuninkaita" in said and "(kuninkaat)" not in said
    assert translator("fi").gettext("Describe the table") != "Kuvaile pöytä"


# ---- the other player counts (issue 18): a player alone, two canastas to go out ----------------

_KEEP_ONE = "turn: S drawn\nS: KH KS KD 4D\n{melds}pile: 5C 9D 6S\n"


@pytest.mark.parametrize("rules, melds, has", [
    ("players=2", "S melds: 8C 8D 8S 8H 8C 8D 8S\nN melds: 7C 7D 7S\n", "you have 1 canasta"),
    ("players=6", "T2: 8C 8D 8S 8H 8C 8D 8S\nT1: 7C 7D 7S\n", "your side has 1 canasta"),
    ("players=6", "T2: 8C 8D 8S 8H 8C 8D\nT1: 7C 7D 7S\n", "your side has none"),
])
def test_the_keep_one_refusal_says_how_many_of_the_two_canastas_the_side_has(rules, melds, has):
    """'Your team has no canasta yet' was said to a side holding one of the two it needs."""
    import tutor
    pos = tutor.Position.parse(f"rules: {rules}\n" + _KEEP_ONE.format(melds=melds))
    ruling = tutor.judge(pos, "meld KH KS KD")
    assert not ruling.legal and ruling.rule == "goout.keep-one"
    en = ruling.explain()
    assert "needs two canastas" in en and has in en and "no canasta" not in en, en
    assert "två canastor" in ruling.explain("sv") and "kaksi canastaa" in ruling.explain("fi")


def test_the_four_player_keep_one_refusal_is_unchanged():
    import tutor
    pos = tutor.Position.parse(_KEEP_ONE.format(melds="NS: 8C 8D 8S\nEW: 7C 7D 7S\n"))
    assert tutor.judge(pos, "meld KH KS KD").explain() == (
        "Your team has no canasta yet, so you may not go out and may not meld down to a single "
        "card: after your discard at least one card must stay in your hand.")


_ALONE = ("rules: players={n}\nturn: S drawn\nS: KH KS KD 8H 4D 5C\nS melds: 8C 8D 8S\n"
          "pile: 5C 9D 6S\n")


@pytest.mark.parametrize("lang, team, alone", [
    ("en", "your team", "You already have a meld of eights"),
    ("sv", "ert lag", "Du har redan en giv av åttor"),
    ("fi", "joukkue", "Sinulla on jo"),
])
@pytest.mark.parametrize("n", [2, 3])
def test_a_player_alone_hears_you_not_your_team(n, lang, team, alone):
    """With two or three players each plays alone: the explanation, the move in words and the
    computer's reason say "you", in every language."""
    import tutor
    from tutor.engine.plainwords import move_words
    from tutor.players import explain_choice
    pos = tutor.Position.parse(_ALONE.format(n=n))
    said = [tutor.judge(pos, "meld 8: 8H; KH KS KD").explain(lang),
            move_words("meld 8: 8H", position=pos, you=True, lang=lang),
            move_words("meld 8: 8H", position=pos, lang=lang),
            explain_choice(pos, "meld KH KS KD", lang)]
    assert alone in said[0], said[0]
    for text in said:
        assert team not in text.lower() and "partner" not in text and "lag" not in text.split(), text


@pytest.mark.parametrize("rules, words", [
    ("players=2", "Click one of your melds first, then Add to meld."),
    ("players=3", "Click one of your melds first, then Add to meld."),
    ("default", "Click one of your team's melds first, then Add to meld."),
])
def test_add_to_meld_without_a_meld_speaks_to_a_player_alone(rules, words):
    import tutor
    from tutor.table.model import TableSession
    pos = tutor.deal(0, rules)
    session = TableSession(pos, viewer=pos.format.seats[0])
    session.add_to()
    assert session.message == words


def test_a_wild_card_alone_is_sent_to_the_lone_players_own_meld():
    import tutor
    pos = tutor.Position.parse("rules: players=2\nturn: S drawn\nS: 2C 4C 9S\nS melds: KH KS KD\n")
    text = tutor.judge(pos, "meld 2C").explain()
    assert "Add it to your meld of the rank it should join" in text and "team" not in text, text
    four = tutor.Position.parse("turn: S drawn\nS: 2C 4C 9S\nNS: KH KS KD\n")
    assert "Add it to your team's meld of the rank it should join" in tutor.judge(four, "meld 2C").explain()
