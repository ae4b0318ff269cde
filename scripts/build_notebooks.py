"""Build the notebooks from the lesson data (tutor/lessons/NN-slug.toml and its
translations) — the lesson text lives once, in the TOML files.

    python scripts/build_notebooks.py          # (re)write every notebook
    python scripts/build_notebooks.py --check  # exit 1 if a notebook is out of date

Per language (English in notebooks/, the others in notebooks/sv/ and notebooks/fi/, with
the same names): the lesson list ``00-lessons.ipynb``, the lessons ``NN-slug.ipynb``, the
"Play a game" page ``game.ipynb`` (tutor/game) and the sandbox (its words in
tutor/lessons[/<lang>]/sandbox.toml).
A lesson notebook is the goal, the sections as markdown, a one-line code cell per table
(with its tasks) and per question, the recap, the links to the next lesson and the list,
and a last cell that reads the progress afresh (tutor/lessons/page.py). Learners see no
code and no check: the teacher notebook checks every lesson against the engine (its
output is stored and compared by nbval, cell tag ``nbval-check-output``). Outputs are
stored ONLY for such checked cells, computed here in-process from the same code the
kernel runs. Also builds scoring.ipynb and teacher.ipynb (English).

One line of a notebook is the catalog's, not the lesson's: the comment on the first code
cell (`tutor.lessons.RUN_ALL`, for JupyterLab), in the notebook's language. After the
catalogs change, build the notebooks again (``--check`` says when they are stale).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import tutor  # noqa: E402
import tutor.lessons  # noqa: E402
from tutor.i18n import LANGUAGES, translator  # noqa: E402
from tutor.lessons.charts import sheet_chart  # noqa: E402

OUT = REPO / "notebooks"
CHECK = "nbval-check-output"
LIST = "00-lessons.ipynb"


def anchor(section_id: str) -> str:
    """The id a section's heading carries (tutor.lessons.page links to it)."""
    return f"tutor-s-{section_id}"


class NB:
    def __init__(self, name: str, title: str):
        # the title is the browser tab's and the learner view's "Running …" line
        self.name, self.title, self.cells = name, title, []

    def md(self, text: str):
        self.cells.append({"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")})

    def code(self, src: str, output: str | None = None, tags=(), result: str | None = None):
        cell = {"cell_type": "code", "execution_count": None, "metadata": {},
                "outputs": [], "source": src.strip("\n")}
        if tags:
            cell["metadata"]["tags"] = list(tags)
        if output is not None:
            cell["execution_count"] = 1
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": output + "\n"}]
        if result is not None:
            cell["execution_count"] = 1
            cell["outputs"] = [{"output_type": "execute_result", "execution_count": 1,
                                "metadata": {}, "data": {"text/plain": result}}]
        self.cells.append(cell)

    def json(self) -> str:
        for i, c in enumerate(self.cells):
            c["id"] = f"{self.name}-{i:02d}"
            src = c["source"]
            c["source"] = [ln for ln in src.splitlines(keepends=True)]
        nb = {"cells": self.cells,
              "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                          "language": "python", "name": "python3"},
                           "language_info": {"name": "python"}, "title": self.title},
              "nbformat": 4, "nbformat_minor": 5}
        return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def run_all(lang: str) -> str:
    """The first code cell's comment, in `lang`: how to run the page in JupyterLab."""
    return "# " + translator(lang).gettext(tutor.lessons.RUN_ALL) + "\n"


def lesson_notebook(lesson) -> NB:
    """A lesson as the learner meets it: the lesson's words as markdown (in its language),
    each table and question one short code cell (hidden in the learner view). Words that
    are not the lesson's (the checklist, "Recap", the links) come from the catalog when the
    page runs, so that a notebook changes only when its lesson does."""
    nb = NB(f"{lesson.lang}-l{lesson.number}", lesson.title)
    nb.md(f"# {lesson.title}\n\n*{lesson.goal}*")
    nb.code(run_all(lesson.lang) + "from tutor.lessons.page import LessonPage\n"
            f'page = LessonPage("{lesson.number}", lang="{lesson.lang}"); page.header()')
    named = {ex_id for s in lesson.sections for ex_id in s.exercises}
    rest = [ex.id for ex in lesson.exercises if ex.id not in named]   # asked after the last section
    for i, s in enumerate(lesson.sections):
        nb.md(f'<a id="{anchor(s.id)}"></a>\n\n## {s.title}\n\n{s.text}')
        if s.position:
            nb.code(f'page.table("{s.id}")')
        for ex_id in list(s.exercises) + (rest if i + 1 == len(lesson.sections) else []):
            nb.code(f'page.quiz("{ex_id}")')
    nb.code("page.practice()")
    nb.code("page.recap()")
    nb.code("page.ready()")
    return nb


def list_notebook(lang: str) -> NB:
    """The lesson list (the learner view's first page)."""
    nb = NB(f"{lang}-list", translator(lang).gettext("Canasta: the rules, step by step"))
    nb.code(run_all(lang) + "from tutor.lessons.page import lesson_list\n"
            f'lessons = lesson_list(lang="{lang}"); lessons')
    nb.code("lessons.ready()")
    return nb


GAME = "game.ipynb"


def game_notebook(lang: str) -> NB:
    """The "Play a game" page (tutor/game): the learner's game against the computer, reached
    from the lesson list and the end of every lesson. Its one widget's text (the prompt of
    the settings, in the language) is stored and compared by nbval."""
    from tutor.game import GameModel
    t = translator(lang)
    nb = NB(f"{lang}-game", t.gettext("Play a game"))
    nb.code(run_all(lang) + "from tutor.game import game_page\n"
            f'game = game_page(lang="{lang}"); game', result=GameModel(lang=lang).describe(),
            tags=[CHECK])
    return nb


SANDBOX_POS = """turn: S draw
S: 9H 9S JK 4C
NS: KH KS KD
EW: QH QD QS
pile: 5C 2C 8D 9D"""
#: the sandbox's club table (red3-four=player): North and South laid two red threes each
VARIANT_POS = """rules: red3-four=player
turn: S drawn
S: 5H 5D 5S 4C
N: 6D 7C
NS: AH AH AD AD AS AS AC
N red3: 3H 3D
S red3: 3H 3D
EW: QH QD QS
pile: 9C"""
VARIANT_OUT = ("meld 5H 5D 5S", "discard 4C")


def sandbox(lang: str = "en") -> NB:
    """The sandbox in `lang`: its words from tutor/lessons[/<lang>]/sandbox.toml, the same
    code in every language but for ``lang="sv"`` on each table, explanation and log line."""
    import tomllib
    folder = tutor.lessons.HERE if lang == "en" else tutor.lessons.HERE / lang
    words = tomllib.loads((folder / "sandbox.toml").read_text(encoding="utf-8"))
    alone = "" if lang == "en" else f'lang="{lang}"'       # the argument, alone or after others
    after = f", {alone}" if alone else ""
    nb = NB("sandbox" if lang == "en" else f"{lang}-sandbox", words["title"])
    md = lambda key: nb.md(words[key])                   # noqa: E731
    md("intro")
    nb.code("import tutor\nfrom tutor.lessons.view import table")
    md("position")
    nb.code(f'text = """\n{SANDBOX_POS}\n"""\npos = tutor.Position.parse(text)\ntable(pos{after})')
    pos = tutor.Position.parse(SANDBOX_POS)
    r = tutor.judge(pos, "take 9H JK")
    md("judge")
    nb.code('ruling = tutor.judge(pos, "take 9H JK")\nprint(ruling.legal, ruling.rule)\n'
            f'print(ruling.explain({alone}))',
            output=f"{r.legal} {r.rule}\n{r.explain(lang)}", tags=[CHECK])
    pos2 = tutor.Position.parse(SANDBOX_POS.replace("pile: 5C 2C 8D 9D", "pile: 5C 8D 9D"))
    r2 = tutor.judge(pos2, "take 9H JK")
    md("what_if")
    nb.code('what_if = tutor.Position.parse(text.replace("pile: 5C 2C 8D 9D", "pile: 5C 8D 9D"))\n'
            'ruling = tutor.judge(what_if, "take 9H JK")\nprint(ruling.legal, ruling.rule)\n'
            f'print(ruling.explain({alone}))',
            output=f"{r2.legal} {r2.rule}\n{r2.explain(lang)}", tags=[CHECK])
    md("play_on")
    nb.code(f'after = what_if.play("take 9H JK")\ntable(after{after})')
    md("legal_moves")
    nb.code("[str(m) for m in tutor.legal_moves(after)]")
    md("deal")
    nb.code(f"table(tutor.deal(seed=7){after})")
    md("computer")
    nb.code('from tutor.table import Table\nfrom tutor.players import SensiblePlayer\n'
            'computer = {seat: SensiblePlayer(seed=1) for seat in "WNE"}\n'
            f'Table(tutor.deal(seed=3), viewer="S", players=computer{after})')
    md("without_table")
    start = tutor.deal(seed=3)
    from tutor.autoplay import play_on
    from tutor.players import SensiblePlayer
    steps = play_on(start, {seat: SensiblePlayer(seed=1) for seat in "WNE"}, stop_at={"S"})
    lines = "\n".join(step.text(lang) for step in steps)
    nb.code('from tutor.autoplay import play_on\n'
            'steps = play_on(tutor.deal(seed=3), computer, stop_at={"S"})\n'
            f'for step in steps:\n    print(step.text({alone}))',
            output=lines, tags=[CHECK])
    md("game")
    nb.code(f'game_table = Table(tutor.deal(seed=11), viewer="S", players=computer{after})\n'
            'game_table.session.start_game(seed=11)\ngame_table')
    md("counts")
    nb.code(f'from tutor.lessons.counts import game_at\ngame_at({alone})')
    md("counts_without_table")
    from tutor.autoplay import play_hand
    from tutor.lessons.counts import COUNTS, hand_words
    said = []
    for _key, (rules, _words) in COUNTS.items():
        seats = tutor.Ruleset.parse(rules).format.seats
        said.append(hand_words(play_hand({s: SensiblePlayer(seed=1) for s in seats}, seed=5,
                                         rules=rules), lang))
    nb.code('from tutor.autoplay import play_hand\nfrom tutor.lessons.counts import COUNTS, hand_words\n'
            'for rules, _words in COUNTS.values():\n'
            '    seats = tutor.Ruleset.parse(rules).format.seats\n'
            '    hand = play_hand({seat: SensiblePlayer(seed=1) for seat in seats}, seed=5, rules=rules)\n'
            f'    print(hand_words(hand{after}))',
            output="\n".join(said), tags=[CHECK])
    # a club's rules on the `rules:` line: the seeds' readings (RULES.md, "Variant flags")
    md("variants")
    nb.code(f'club = """\n{VARIANT_POS}\n"""\nhand = tutor.Position.parse(club)\ntable(hand{after})')
    final = tutor.Position.parse(VARIANT_POS).play(VARIANT_OUT[0]).play(VARIANT_OUT[1])
    nb.code(f'final = hand.play("{VARIANT_OUT[0]}").play("{VARIANT_OUT[1]}")\n'
            f'print(tutor.score_hand(final{after})["NS"])',
            output=str(tutor.score_hand(final, lang)["NS"]), tags=[CHECK])
    md("variants_usual")
    usual_text = VARIANT_POS.replace("rules: red3-four=player", "rules: default").replace(
        "N red3: 3H 3D\nS red3: 3H 3D", "NS red3: 3H 3D 3H 3D")
    usual = tutor.Position.parse(usual_text).play(VARIANT_OUT[0]).play(VARIANT_OUT[1])
    nb.code('usual = club.replace("rules: red3-four=player", "rules: default")\n'
            'usual = usual.replace("N red3: 3H 3D\\nS red3: 3H 3D", "NS red3: 3H 3D 3H 3D")\n'
            f'final = tutor.Position.parse(usual).play("{VARIANT_OUT[0]}").play("{VARIANT_OUT[1]}")\n'
            f'print(tutor.score_hand(final{after})["NS"])',
            output=str(tutor.score_hand(usual, lang)["NS"]), tags=[CHECK])
    return nb


HAND = tutor.lessons.get("11").positions["finished"]["text"].strip()


def scoring() -> NB:
    nb = NB("scoring", "Scoring a hand")
    nb.md("""# Scoring: the score sheet and a chart of a hand's points

A finished hand is scored line by line for each team (lesson 11): going out, canastas, red
threes and the cards on the table count for the team; the cards left in the hands count
against it.""")
    nb.code("import tutor\nfrom tutor.lessons.charts import sheet_chart, game_chart\nfrom tutor.lessons.view import table")
    nb.md("## The hand\n\nSouth is about to go out: the nines, then the four.")
    nb.code(f'hand = tutor.Position.parse("""\n{HAND}\n""")\nfinal = hand.play("meld 9H 9D 9C").play("discard 4C")\ntable(final)')
    final = tutor.Position.parse(HAND).play("meld 9H 9D 9C").play("discard 4C")
    sheet = tutor.score_hand(final)
    nb.md("## The score sheet")
    nb.code('sheet = tutor.score_hand(final)\nprint(sheet["NS"])\nprint(sheet["EW"])',
            output=f"{sheet['NS']}\n{sheet['EW']}", tags=[CHECK])
    nb.md("## The chart\n\nOne bar per line of the sheet; bars to the left are minus points.")
    nb.code("sheet_chart(sheet)")
    nb.md("## A game to 5000\n\nThe same hand played over and over: after how many hands is the game over?")
    game = tutor.Game()
    while not game.is_over:
        game.add_hand(final)
    nb.code("game = tutor.Game()\nwhile not game.is_over:\n    game.add_hand(final)\nprint(game.result_text())",
            output=game.result_text(), tags=[CHECK])
    nb.code("game_chart(game)")
    nb.md("""## Your turn

Change the hand (say, leave the joker in South's hand instead of West's) and run the cells
again: which lines change? To save the chart for a handout:
`sheet_chart(sheet).save("hand-chart.svg")`.""")
    return nb


def teacher() -> NB:
    nb = NB("teacher", "For teachers and clubs")
    lessons = tutor.lessons.load_lessons()
    lesson_list = "\n".join(f"| {int(l.number)} | [{l.title}]({l.key}.ipynb) | {len(l.exercises)} | "
                            f"{', '.join(map(str, l.disputes)) or '–'} |" for l in lessons)
    nb.md(f"""# For teachers and clubs

The {len(lessons)} lessons below take a newcomer from the cards to a scored game, one idea per lesson. Every
lesson has a goal, short explanations, positions on the table to try moves on, questions
answered *before* the ruling is revealed, hints in three steps and a recap.

| # | lesson | questions | disputes staged |
|---|---|---|---|
{lesson_list}

## A 45-minute class or club evening

| minutes | what | how |
|---|---|---|
| 0–5 | Welcome, teams, the goal of the evening | Show the lesson's goal on the projector |
| 5–15 | Explain with the table | Go through the sections; on each table, let the room call out a move and click it — the explanation panel gives the rule |
| 15–30 | \"Legal or illegal?\" | Read each question aloud; everybody votes by raising a hand **before** you click the answer; use the Hint button when the room is stuck |
| 30–40 | Play a position | Deal the lesson's position as real cards (use the printed diagram) and let a table of the position's count play it out: four players, or two, three or six for lesson 13 (the game page deals every count); you walk around as the judge |
| 40–45 | Recap | Read the recap; hand out the question sheet as homework |

For a club evening on rules disputes, take lessons 6, 7 and 10: they stage most of the
situations players argue about. Lesson 12 shows the variant flags: settle with your club
which ones you play before the tournament.

## The learner view

`bash scripts/lessons.sh` opens the lessons as learners see them: Voila shows each notebook
as a clean web page — text, tables with their tasks and questions, no code — starting
with the lesson list. Every button works as in JupyterLab. On a shared screen use the
browser's full-screen mode. `bash scripts/lessons.sh --lab` opens JupyterLab instead
(this notebook, the sandbox, and the lessons' code for what-ifs).

## Printing position diagrams

Every position can be saved as an SVG picture, which any browser prints sharply at any
size. The next cell writes all diagrams of a lesson, a question sheet and an answer key
into the folder `handouts/`:""")
    nb.code('import tutor, tutor.lessons\npaths = tutor.lessons.get("06").handouts("handouts/06")\n'
            "print(len(paths), 'files, e.g.', paths[0].name)",
            output=f"{len(tutor.lessons.get('06').positions) + 2} files, e.g. 06-frozen-wild.svg", tags=[CHECK])
    nb.md("""A single position, written in the notation, saved as SVG:""")
    nb.code('pos = tutor.Position.parse("""\nturn: S draw\nS: 9H 9S JK 4C\nNS: KH KS KD\n'
            'EW: QH QD QS\npile: 5C 2C 8D 9D\n""")\nopen("handouts/frozen.svg", "w").write(pos._repr_svg_())\npos')
    nb.md("""For a **PNG** (for slides or a club newsletter), open the SVG in Chromium and take a
screenshot, or convert it on the command line:

```
chromium --headless --screenshot=frozen.png --window-size=900,600 handouts/frozen.svg
```

The question sheets (`NN-questions.md`) print well from JupyterLab (open the file,
right-click ▸ *Show Markdown Preview*, then print), and the answer keys (`NN-answers.md`)
name the rule id of every answer, so that a dispute at the table can be settled with the
rulebook.

## Staging your own positions

Write a position in the notation (see the [sandbox](sandbox.ipynb)) and check it with the
judge before the class. Lessons are data: to add a question to a lesson, add an
`[[exercises]]` entry to `tutor/lessons/NN-slug.toml` and run
`python scripts/build_notebooks.py`; `pytest tests/test_lessons.py` then checks your
question against the engine (tutor/lessons/README.md tells how lessons are written).

## Every lesson checked against the engine

The next cell asks the engine every question and every table task of every lesson and
says whether it agrees with the lesson (the answers themselves are in the answer keys).""")
    nb.code("import tutor.lessons\nfor lesson in tutor.lessons.load_lessons():\n    print(lesson.check_all())",
            output="\n".join(repr(lesson.check_all()) for lesson in tutor.lessons.load_lessons()), tags=[CHECK])
    return nb


def build() -> dict:
    """{path under notebooks/: text}: per language the list and the lessons (English at the
    top, the others in sv/ and fi/) with their sandboxes, and the scoring and teacher notebooks."""
    books = {}
    for lang in LANGUAGES:
        where = "" if lang == "en" else f"{lang}/"
        lessons = tutor.lessons.load_lessons(lang)
        books[where + LIST] = list_notebook(lang).json()
        for lesson in lessons:
            books[f"{where}{lesson.key}.ipynb"] = lesson_notebook(lesson).json()
        books[where + "sandbox.ipynb"] = sandbox(lang).json()
        books[where + GAME] = game_notebook(lang).json()
    books["scoring.ipynb"] = scoring().json()
    books["teacher.ipynb"] = teacher().json()
    return books


def main(argv) -> int:
    books = build()
    OUT.mkdir(exist_ok=True)
    stale = [name for name, text in books.items()
             if not (OUT / name).exists() or (OUT / name).read_text(encoding="utf-8") != text]
    if "--check" in argv:
        if stale:
            print("out of date (run python scripts/build_notebooks.py):", ", ".join(stale))
            return 1
        print(f"{len(books)} notebooks up to date")
        return 0
    for name in stale:
        (OUT / name).parent.mkdir(parents=True, exist_ok=True)
        (OUT / name).write_text(books[name], encoding="utf-8")
    print(f"wrote {len(stale)} of {len(books)} notebooks in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
