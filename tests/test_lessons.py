"""The lessons against the rulebook and the engine.

- every rule id of RULES.md is taught (some lesson's `teaches`) and confirmed by the
  engine through some exercise (a refused move decided by it, a legal move whose ruling
  names it, or a score/outcome/parse/game answer the engine computed);
- every row 1..40 of DISPUTES.md is staged as an exercise with a rule id the row names;
- every exercise's expected ruling matches `tutor.judge`.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import tutor
import tutor.lessons
from tutor.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"                       # the project's copies of the shared documents
RULES_MD = DOCS / "RULES.md"
DISPUTES_MD = DOCS / "DISPUTES.md"
SHARED = REPO.parent / "shared"            # beside the checkout, where it was laid out
ROW = re.compile(r"^\| `([a-z0-9-]+(?:\.[a-z0-9-]+)+)` \|")

LESSONS = tutor.lessons.load_lessons()
EXERCISES = [ex for lesson in LESSONS for ex in lesson.exercises]


def rulebook_ids() -> list:
    return [m.group(1) for m in map(ROW.match, RULES_MD.read_text(encoding="utf-8").splitlines()) if m]


def dispute_rows() -> dict:
    return tutor.lessons.dispute_rows(DISPUTES_MD)


def test_the_curriculum_is_numbered_lessons_in_order():
    numbers = [l.number for l in LESSONS]
    assert numbers == [f"{i:02d}" for i in range(1, len(numbers) + 1)], numbers
    for lesson in LESSONS:
        assert lesson.goal and lesson.recap and lesson.sections and lesson.exercises, lesson.key


def test_package_rulebook_is_the_shared_one():
    assert tutor.lessons.rule_ids() == tuple(rulebook_ids())
    packaged = (REPO / "tutor" / "engine" / "RULES.md").read_text()
    assert packaged == RULES_MD.read_text()
    for name in ("RULES.md", "DISPUTES.md"):                    # no drift from shared/
        if (SHARED / name).exists():
            assert (SHARED / name).read_text() == (DOCS / name).read_text(), name
    # NOTATION.md is shared's word for word; the project's extensions have a page of their own
    if (SHARED / "NOTATION.md").exists():
        assert (DOCS / "NOTATION.md").read_text() == (SHARED / "NOTATION.md").read_text()
    assert (DOCS / "NOTATION-EXTENSIONS.md").read_text().startswith(
        "# Position and move text: this project's extensions")


def test_every_rule_id_is_taught():
    taught = {r for l in LESSONS for r in l.teaches}
    missing = [r for r in rulebook_ids() if r not in taught]
    assert not missing, "rule ids no lesson teaches: " + ", ".join(missing)
    unknown = sorted(taught - set(rulebook_ids()))
    assert not unknown, "lessons teach ids that are not in RULES.md: " + ", ".join(unknown)


def test_every_rule_id_is_exercised_and_confirmed_by_the_engine():
    confirmed, named = set(), set()
    for ex in EXERCISES:
        named.add(ex.rule)
        confirmed |= ex.confirmed_rules()
    not_named = [r for r in rulebook_ids() if r not in named]
    not_confirmed = [r for r in rulebook_ids() if r not in confirmed]
    assert not not_named, "rule ids no exercise is about: " + ", ".join(not_named)
    assert not not_confirmed, ("rule ids no exercise gets the engine to confirm: "
                               + ", ".join(not_confirmed))


def test_every_rule_a_lesson_teaches_has_an_exercise_somewhere():
    named = {ex.rule for ex in EXERCISES}
    for lesson in LESSONS:
        missing = [r for r in lesson.teaches if r not in named]
        assert not missing, f"{lesson.key} teaches {missing} but no exercise is about them"


def test_every_dispute_is_staged_with_its_rule():
    rows = dispute_rows()
    assert sorted(rows) == list(range(1, 41)), sorted(rows)
    staged = {}
    for ex in EXERCISES:
        for d in ex.disputes:
            staged.setdefault(d, []).append(ex)
    missing = [d for d in rows if d not in staged]
    wrong = [f"#{d} (table: {rows[d][2]}, exercises: {[(e.id, e.rule) for e in staged[d]]})"
             for d in rows if d in staged and not any(e.rule in rows[d][2] for e in staged[d])]
    assert not missing, "disputes not staged as an exercise: " + ", ".join(map(str, missing))
    assert not wrong, "disputes staged with another rule id than the table's: " + "; ".join(wrong)
    for lesson in LESSONS:
        own = sorted({d for ex in lesson.exercises for d in ex.disputes})
        assert sorted(lesson.disputes) == own, f"{lesson.key}: disputes = {own} expected"


def _key(ex):
    return f"{ex.lesson.key}:{ex.id}"


@pytest.mark.parametrize("ex", [pytest.param(ex, id=_key(ex)) for ex in EXERCISES])
def test_exercise_agrees_with_the_engine(ex):
    problems = ex.problems()
    assert not problems, "\n".join(problems)


def test_every_exercise_has_three_hints_a_prompt_and_a_reveal():
    for ex in EXERCISES:
        assert len(ex.hints) == 3 and all(h.strip() for h in ex.hints), _key(ex)
        assert ex.prompt and ex.reveal, _key(ex)
        assert ex.answer in ex.options, (_key(ex), ex.answer, ex.options)


def test_variants_lesson_asks_the_same_position_under_two_rule_sets():
    lesson = tutor.lessons.get("12")
    pairs = {}
    for ex in lesson.exercises:
        pairs.setdefault((ex.position_text, ex.move, tuple(ex.before)), []).append(ex)
    flags = set()
    for group in pairs.values():
        if len(group) >= 2:
            answers = {str(e.check().legal if e.kind == "judge" else e.check().answer) for e in group}
            assert len(answers) == 2, [_key(e) for e in group]
            flags |= {e.rules.split("=")[0] for e in group if e.rules}
    assert flags == {"wilds", "black-threes", "initial-minimum", "go-out-without-discard",
                     "concealed", "red3-dealt", "stock-out", "opening"}, flags


def test_lookup_by_number_slug_and_key():
    assert tutor.lessons.get("06") is tutor.lessons.get(6) is tutor.lessons.get("frozen-pile") is tutor.lessons.get("06-frozen-pile")
    with pytest.raises(KeyError):
        tutor.lessons.get("99")


def test_import_tutor_and_lessons_stay_widget_free():
    import subprocess
    code = ("import sys, tutor, tutor.lessons; l = tutor.lessons.get('06'); "
            "l.exercise('frozen-natural-joker').check(); "
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_check_report_is_deterministic_text():
    r1, r2 = repr(tutor.lessons.get("06").check_all()), repr(tutor.lessons.get("06").check_all())
    assert r1 == r2 and "0x" not in r1 and r1.endswith("all agree with the rulebook")


# ---------------------------------------------------------------- lessons in today's format
# Every lesson has tasks on every table and a learner's words (tutor/lessons/README.md): all
# were converted, and a new lesson is written so from the start.
CONVERTED = tuple(lesson.number for lesson in LESSONS)
ENGINE_WORDS = re.compile(r"`|\bengine\b|\bnotation\b|\bcolumn \d|\baccepted\b|\brefused\b|"
                          r"Finnish source|\b(?:take|meld|discard|draw) (?:[0-9AKQJ]{1,2}[CDHS]|JK)\b",
                          re.I)


def _texts(lesson):
    import tomllib
    from tutor.lessons import texts
    data = texts.normalise(tomllib.loads(lesson.path.read_text(encoding="utf-8")))
    for path, (container, field) in texts.slots(data).items():
        value = container[field]
        for text in (value if isinstance(value, list) else [value]):
            yield path, str(text)


@pytest.mark.parametrize("number", CONVERTED)
def test_converted_lesson_speaks_a_learners_words(number):
    lesson = tutor.lessons.get(number)
    ids = set(rulebook_ids())
    bad = []
    for path, text in _texts(lesson):
        if (ENGINE_WORDS.search(text) or any(rid in text for rid in ids)
                or re.search(r"\b[a-z][a-z0-9-]*\.\*(?!\*)", text)):          # `red3.*`
            bad.append(f"{path}: {text[:90]}")
    assert not bad, "a learner's page holds engine words, move text or rule ids:\n" + "\n".join(bad)


@pytest.mark.parametrize("number", CONVERTED)
def test_converted_lesson_sets_a_task_on_every_table(number):
    lesson = tutor.lessons.get(number)
    tables = [s for s in lesson.sections if s.position]
    assert tables and lesson.sections[0].position, "the lesson opens with a table"
    for s in tables:
        assert s.tasks, f"{lesson.key} section {s.id}: a table with no task"
        assert not s.try_it, f"{lesson.key} section {s.id}: the old 'try' words are replaced by tasks"
        assert s.buttons, f"{lesson.key} section {s.id}: name the buttons its tasks need"
        assert {t.move for t in s.tasks} <= set(s.buttons), (s.id, s.buttons)
    for ex in lesson.exercises:
        assert ex.kind != "parse", f"{ex.id}: no questions about position text"
        assert len(ex.hints_given) == 3, f"{ex.id}: three hints in the lesson's own words"


def test_every_task_agrees_with_the_engine():
    checked = 0
    for lesson in LESSONS:
        for task, problems in lesson.task_problems():
            assert not problems, "\n".join(problems)
            checked += 1
    assert checked >= 9


# ---------------------------------------------------------------- every language, by value
# A translation holds only words: what is checked (positions, moves, answers) stays the
# English file's. These ask the engine about every lesson as each language loads it.
LANGS = LANGUAGES


@pytest.mark.parametrize("lang,key", [pytest.param(lang, lesson.key, id=f"{lang}-{lesson.key}")
                                      for lang in LANGS for lesson in LESSONS])
def test_every_lesson_in_every_language_agrees_with_the_engine(lang, key):
    lesson = tutor.lessons.get(key, lang=lang)
    problems = lesson.problems()
    assert not problems, f"{lang}/{key}:\n" + "\n".join(problems)


def test_answers_are_values_shown_in_the_lessons_words():
    for lang in LANGS:
        for lesson in tutor.lessons.load_lessons(lang):
            for ex in lesson.exercises:
                assert len(ex.answers) == len(ex.options), _key(ex)
                assert ex.expect in ex.answers, (lang, _key(ex), ex.expect, ex.answers)
                assert ex.answer == ex.options[ex.answers.index(ex.expect)], (lang, _key(ex))
                assert ex.value_of(ex.answer) == ex.expect and ex.value_of(ex.expect) == ex.expect
    en, fi = tutor.lessons.get("11").exercise("both-pass-5000"), tutor.lessons.get("11", lang="fi").exercise("both-pass-5000")
    assert en.answers == fi.answers == ("NS", "EW", "draw", "goes on") and fi.expect == "EW"
    assert en.options[:2] == ("North–South", "East–West") and en.answer == "East–West"
    assert "the game goes on" in tutor.lessons.get("11").exercise("goes-on").answer
    assert fi.options[:2] == ("Pohjoinen–Etelä", "Itä–Länsi") and fi.answer == "Itä–Länsi"
    assert fi.check().answer == "EW"
    # a translated outcome question: its words are the translation's, its value the English
    sv = tutor.lessons.get("12", lang="sv").exercise("red3-at-once")
    assert sv.expect == tutor.lessons.get("12").exercise("red3-at-once").expect and sv.answer != sv.expect


def test_a_game_questions_choices_are_values(tmp_path):
    text = (REPO / "tutor/lessons/11-scoring.toml").read_text()
    bad = tmp_path / "11-scoring.toml"
    bad.write_text(text.replace('expect = "goes on"', 'choices = ["NS", "EW", "nobody"]\nexpect = "goes on"'))
    with pytest.raises(tutor.lessons.LessonError, match="values"):
        tutor.lessons.load_lesson(bad)


CODES = re.compile(r"\bNS\b|\bEW\b|\(|\)")


@pytest.mark.parametrize("lang", LANGS)
def test_score_and_game_answers_are_in_the_lessons_language_without_codes(lang):
    """What a score or "who wins?" question explains: the sheet's lines in the lesson's
    language, the teams by their names, no rule id (that is the "For teachers" note)."""
    from tutor.engine.words import Words
    from tutor.i18n import translator
    t = translator(lang)
    ids = set(rulebook_ids())
    total = Words("sheet:total").text(lang)
    seen = set()
    for lesson in tutor.lessons.load_lessons(lang):
        for ex in lesson.exercises:
            if ex.kind not in ("score", "game"):
                continue
            text = ex.check().explain(lang)
            seen.add(ex.kind)
            assert text.strip(), f"{lang} {_key(ex)}: nothing explained"
            assert not CODES.search(text) and not any(rid in text for rid in ids), (lang, _key(ex), text)
            if ex.kind == "score" and ex.line == "total":
                assert text.splitlines()[-1].startswith(total + ": "), (lang, _key(ex), text)
            if ex.kind == "game":
                sides = ex.position().format.sides           # every side, by its name
                assert all(tutor.lessons.side_words(side, t) + ":" in text for side in sides), text
    assert seen == {"score", "game"}
    if lang != "en":                  # the sheet's lines are the engine's, in the language
        text = tutor.lessons.get("11", lang=lang).exercise("ns-total").check().explain(lang)
        assert "cards in the melds" not in text and not text.splitlines()[-1].startswith("total:"), text


def test_a_game_answer_says_both_totals_and_the_result():
    text = tutor.lessons.get("11").exercise("both-pass-5000").check().explain()
    assert text.splitlines() == ["North–South: 4500 + 890 = 5390", "East–West: 4900 + 635 = 5535",
                                 "East–West win the game, by 145 points."]
    assert "the game goes on" in tutor.lessons.get("11").exercise("goes-on").check().explain()


def test_a_game_line_writes_minus_totals_and_hands_with_the_minus_sign():
    game = tutor.Game()
    game.totals = (-200, 300)
    assert tutor.lessons.game_lines(game, (100, -50)).splitlines()[:2] == [
        "North–South: 100 \u2212 300 = \u2212200", "East–West: \u221250 + 350 = 300"]


GAME_QUESTIONS = [pytest.param(lesson.key, ex.id, id=f"{lesson.key}:{ex.id}")
                  for lesson in LESSONS for ex in lesson.exercises if ex.kind == "game"]


@pytest.mark.parametrize("key,ex_id", GAME_QUESTIONS)
def test_a_game_questions_diagram_shows_the_totals_its_prompt_states(key, ex_id):
    """The diagram beside "who wins?" shows the running totals the game stands at before
    the hand (13 six-game said 4200 and 4500 while its diagram read T1 0, T2 0; audit 9 #5)."""
    import re
    from tutor.engine.diagram import position_svg
    from tutor.classroom.handouts import _picture
    ex = tutor.lessons.get(key).exercise(ex_id)
    pic = _picture(ex)
    assert pic.score == tuple(ex.start) and ex.position().score == tuple(ex.start)
    words = " ".join(re.sub(r"<[^>]+>", " ", position_svg(pic)).split())
    sides = pic.format.sides
    assert " ".join(f"{s} {n}" for s, n in zip(sides, ex.start)) + " running totals" in words
    for n in ex.start:
        assert str(n) in ex.prompt.replace("**", "")


def test_the_six_player_game_question_shows_4200_and_4500():
    ex = tutor.lessons.get("13").exercise("six-game")
    assert "Team 1 has 4200 and Team 2 has 4500" in ex.prompt
    assert ex.start_position().score == (4200, 4500)
    assert ex.check().explain().splitlines()[:2] == ["Team 1: 4200 − 350 = 3850", "Team 2: 4500 + 920 = 5420"]


def test_a_score_line_the_sheet_does_not_have_is_said_with_0():
    text = tutor.lessons.get("10").exercise("concealed-spoiled").check().explain()
    assert text == "going out concealed: 0"


def test_a_question_carries_its_own_heading():
    assert tutor.lessons.get("02").exercise("eleven-cards").heading_text == "How many cards?"
    assert tutor.lessons.get("02").exercise("clockwise").heading_text == "Who plays next?"
    assert tutor.lessons.get("02").exercise("discard-one").heading_text == "What happens?"     # the kind's
    assert tutor.lessons.get("06").exercise("frozen-natural-joker").heading_text == "Legal or illegal?"
    for lesson in LESSONS:
        for ex in lesson.exercises:
            assert ex.heading in ("", *tutor.lessons.HEADINGS) and ex.heading != ex.kind, _key(ex)


def test_an_unknown_heading_is_refused(tmp_path):
    text = (REPO / "tutor/lessons/02-deal-and-turn.toml").read_text()
    bad = tmp_path / "02-deal-and-turn.toml"
    bad.write_text(text.replace('heading = "how-many-cards"', 'heading = "How many cards?"'))
    with pytest.raises(tutor.lessons.LessonError, match="heading"):
        tutor.lessons.load_lesson(bad)


# ---------------------------------------------------------------- lesson 13: two, three and six
def test_player_counts_lesson_teaches_every_players_id_and_stages_every_count():
    lesson = tutor.lessons.get("13")
    players_ids = [r for r in rulebook_ids() if r.startswith("players.")]
    assert set(players_ids) <= set(lesson.teaches), players_ids
    confirmed = set().union(*(ex.confirmed_rules() for ex in lesson.exercises))
    assert set(players_ids) <= confirmed, sorted(set(players_ids) - confirmed)
    counts = {lesson.position(s.position).format.key for s in lesson.sections if s.position}
    assert counts == {"2", "3", "6"}, counts


def _task_ruling(lesson, section_id, task_id):
    """The judge's ruling on a task's example, where the task starts on its table."""
    from tutor.lessons.tasks import start_positions
    section = lesson.section(section_id)
    starts = start_positions(lesson.position(section.position), list(section.tasks))
    task = next(t for t in section.tasks if t.id == task_id)
    return tutor.judge(starts[section.tasks.index(task)], task.example)


def test_player_counts_lesson_tasks_say_why_in_every_language():
    lesson = tutor.lessons.get("13")
    draw = _task_ruling(lesson, "two", "draw")                  # two cards from the stock
    assert draw.legal and len(draw.after.hand("S")) == 17 and "two cards" in draw.explain()
    ask = _task_ruling(lesson, "two", "ask")                    # nobody to ask, and why
    assert not ask.legal and ask.rule == "players.sides" and "alone" in ask.explain()
    out = _task_ruling(lesson, "two-canastas", "meld-all")      # one canasta is not enough
    assert not out.legal and out.rule == "players.two-canastas" and "two canastas" in out.explain()
    for ruling in (ask, out):
        words = {lang: ruling.explain(lang) for lang in LANGS}
        assert len(set(words.values())) == 3 and all(words.values()), words
    take = _task_ruling(lesson, "six-deck", "take")             # three kings of hearts
    assert take.legal and sum(c.text == "KH" for m in take.after.team_melds("T2") for c in m.cards) == 3
    asked = lesson.position("six-ask").play("ask")              # the partner who plays next
    assert asked.actor == "NW" and "Northwest" in _task_ruling(lesson, "six-partner", "ask").explain()
    assert lesson.position("six-deck").card_count() == 162


def test_player_counts_lesson_teaches_cutthroat_as_played_here():
    for lang in LANGS:
        lesson = tutor.lessons.get("13", lang=lang)
        text = lesson.section("cutthroat").text
        assert "cutthroat" in text.lower()
        assert "7500" in text
    lesson = tutor.lessons.get("13")
    assert "this tutor\nplays it too" in lesson.section("cutthroat").text
    pos = lesson.position("cutthroat-take")
    assert pos.rules.three == "cutthroat" and pos.lone is None
    after = pos.play("take 9H 9D")                      # the first take: the lone hand
    assert after.lone == "S" and after.format.partners("E") == ("W",)


# ---- words that match their positions (audit 7 #1, #2, #7) ------------------------------------
@pytest.mark.parametrize("lang,fives", [("en", "three fives"), ("sv", "tre femmor"),
                                        ("fi", "kolme viitosta")])
def test_the_six_player_red_three_question_counts_the_fives_it_shows(lang, fives):
    ex = tutor.lessons.get("13", lang=lang).exercise("six-red3-four")
    team = ex.position().melds[ex.position().format.sides.index("T2")]
    assert [len(m.cards) for m in team if m.rank == "5"] == [3]
    assert fives in ex.prompt and "five fives" not in ex.prompt


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("section", ["two", "three"])
def test_a_player_alone_is_not_told_to_ask_a_partner(lang, section):
    """At two and three players nobody can be asked: the task asks whether the learner may
    go out, never "ask your partner" (sv "fråga din partner", fi "kysyä joukkuetoveriltasi")."""
    lesson = tutor.lessons.get("13", lang=lang)
    sec = lesson.section(section)
    task = next(t for t in sec.tasks if t.id == "ask")
    assert not lesson.position(sec.position).format.partners("S")
    for wrong in ("ask your partner", "ask a partner", "fråga din partner", "fråga en partner",
                  "joukkuetoveriltasi", "joukkuetoverilta"):
        assert wrong not in task.do.lower(), task.do


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_team_codes_the_game_section_names_are_on_its_diagrams(lang):
    """Lesson 11's "A game to 5000" says what NS and EW stand for: the codes its questions'
    diagrams write under the table, beside the running totals (it said "as on the table"
    while nothing its questions showed had the codes)."""
    import re
    from tutor.lessons.view import position_html
    lesson = tutor.lessons.get("11", lang=lang)
    sec = lesson.section("game")
    codes = re.findall(r"\*\*([^*]+)\*\*", sec.text.split("\n\n")[-1])
    assert len(codes) == 2
    for ex_id in sec.exercises:
        ex = lesson.exercise(ex_id)
        words = " ".join(re.sub(r"<[^>]+>", " ", position_html(ex.position(), lang=lang)).split())
        for code, total in zip(codes, ex.start):
            assert f"{code} {total}" in words, (ex_id, code, words[-120:])
