"""Handouts that print: the questions of a lesson (or an evening) with their diagrams, and
a separate answer key, as PDF.

    python -m tutor.classroom.handouts --lessons 5-8 --lang sv --out handouts/
    # -> handouts/evening.pdf and handouts/evening-answers.pdf
    python -m tutor.classroom.handouts --lessons 6 --per-lesson --out handouts/
    # -> handouts/06-frozen-pile.pdf and handouts/06-frozen-pile-answers.pdf

The pages are HTML (`questions_html`, `answers_html`) printed to PDF by the browser's own
print engine (Chromium through Playwright: what the tests already use, and the same
layout a teacher gets from a browser's Print). The diagrams are the table's own drawing
(`tutor.engine.diagram.scene`) in its print palette (``palette="print"``: a white table,
dark text, outlined badges), so a class set does not empty a printer. Each question shows what the
lesson's quiz shows (no picture where it would give the answer away). The answer key
gives each answer as the quiz does (`tutor.lessons.answers`: a judge question's answer is
the judge's ruling of its move) and cites the rule the engine decides by, which is the rule
the table cites for that move.
"""
from __future__ import annotations

import argparse
import asyncio
import html
import os
import shutil
import sys
from pathlib import Path

from ..i18n import N_, translator
from ..engine.plainwords import move_words
from .pages import HtmlWords, inline_md
from .room import lesson as get_lesson

NO_PLAYWRIGHT = N_("Printing handouts needs the Python package playwright "
                   "(pip install playwright) and the Chromium browser.")
NO_BROWSER = N_("Printing handouts needs the Chromium browser: install it (on Debian or "
                "Ubuntu: apt-get install chromium), or set TUTOR_CHROMIUM to its path.")
VERDICTS = {"Legal": N_("Legal"), "Illegal": N_("Illegal")}

#: Browsers looked for, in order (TUTOR_CHROMIUM first); else Playwright's own, if installed.
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class HandoutError(RuntimeError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def text(self, lang: str) -> str:
        return translator(lang).gettext(self.message)


# ---- the diagram, for print ------------------------------------------------------------------

def diagram_svg(pos, scale: float = 0.45, lang: str = "en", viewer: str = "S") -> str:
    """The table's own drawing in its print palette (`tutor.engine.diagram`, ``palette=
    "print"``: white paper, dark words, outlined badges), its words in `lang`."""
    from ..engine.diagram import position_svg
    return position_svg(pos, viewer=viewer, scale=scale, lang=lang, palette="print")


# ---- the pages ----------------------------------------------------------------------------------

_CSS = """
@page{size:A4;margin:14mm 14mm 16mm 14mm}
body{font-family:'DejaVu Sans',Arial,sans-serif;font-size:10.5pt;color:#111;line-height:1.4}
h1{font-size:17pt;margin:0 0 4pt}h2{font-size:13pt;margin:14pt 0 4pt}
.goal{color:#333;margin:0 0 8pt}.name{margin:6pt 0 10pt;color:#333}
.q{break-inside:avoid;page-break-inside:avoid;margin:0 0 12pt;padding-top:6pt;border-top:1px solid #bbb}
.q svg{display:block;margin:4pt 0;max-width:100%;height:auto}
.choices span{display:inline-block;margin-right:18pt}
.lesson{break-before:page;page-break-before:always}.lesson:first-child{break-before:auto;page-break-before:auto}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:4pt;vertical-align:top;text-align:left}
code{font-family:'DejaVu Sans Mono',monospace;font-size:95%}
.rule{font-family:'DejaVu Sans Mono',monospace;white-space:nowrap}
"""


def _doc(title: str, body: str, lang: str) -> str:
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{_CSS}</style></head><body>{body}</body></html>")


def _picture(ex):
    """What the lesson's quiz shows for a question (None where it would give the answer)."""
    if ex.kind == "parse" or ex.picture is False:
        return None
    return ex.start_position() if ex.picture == "start" else ex.position()


def _heading(t, les) -> str:
    return t.gettext("Lesson {number}: {title}").format(number=int(les.number), title=les.title)


def questions_html(keys, lang: str = "en") -> str:
    """Every question of the lessons `keys`, with its diagram and a place to answer."""
    t = translator(lang)
    w = HtmlWords(t)
    parts = []
    for key in keys:
        les = get_lesson(key, lang)
        qs = []
        for i, ex in enumerate(les.exercises, 1):
            pos = _picture(ex)
            # seen by the player who moves, as the lesson's quiz and the class's screens show it
            pic = diagram_svg(pos, lang=lang, viewer=ex.seen_by()) if pos is not None else (
                f"<pre>{html.escape(ex.text())}</pre>" if ex.kind == "parse" else "")
            move = (f"<p>{w['The move:']} <b>{html.escape(move_words(ex.move, lang=lang, position=ex.position()))}</b></p>"
                    if ex.move else "")
            choices = "".join(f"<span>☐ {html.escape(t.gettext(VERDICTS.get(str(c), str(c))))}</span>"
                              for c in ex.options)
            qs.append(f"<div class='q'><p><b>{i}.</b> {inline_md(ex.prompt)}</p>{pic}{move}"
                      f"<p class='choices'>{choices}</p></div>")
        parts.append(f"<section class='lesson'><h1>{html.escape(_heading(t, les))}</h1>"
                     f"<p class='goal'>{inline_md(les.goal)}</p>"
                     f"<p class='name'>{w['Name:']} ________________________</p>"
                     f"{''.join(qs)}</section>")
    return _doc(t.gettext("Questions"), "".join(parts), lang)


def answer_rows(les, lang: str = "en") -> list[dict]:
    """Each question's answer as the engine gives it (`tutor.lessons.answers.answer`: a judge
    question's is the judge's ruling of its move, its verdict and explanation, never the
    lesson's rule text), the lesson's own words after it (``reveal``), and the rules it rests
    on: ``rule`` the deciding one (`Exercise.key_rule`: the one the table cites), ``rules``
    with the lesson's rule besides where the ruling names it (`Exercise.key_rules`, as the
    markdown key and the quiz's teachers' note name them)."""
    from ..lessons.answers import answer, answer_html
    rows = []
    for i, ex in enumerate(les.exercises, 1):
        result = ex.check()             # every kind of question is answered by the engine
        a = answer(ex, result, lang)
        rows.append({"n": i, "id": ex.id, "answer": a.words, "rule": a.rules[0], "rules": a.rules,
                     "why": a.why, "why_html": answer_html(ex, result, lang, verdict=False), "reveal": a.reveal})
    return rows


def answers_html(keys, lang: str = "en") -> str:
    """The answer key of the lessons `keys` (a separate document: hand it out afterwards):
    each question's answer, the rules it rests on, and why — the engine's words (the judge's
    ruling), then the lesson's."""
    t = translator(lang)
    w = HtmlWords(t)
    parts = []
    for key in keys:
        les = get_lesson(key, lang)
        rows = "".join(
            f"<tr><td>{r['n']}</td><td><b>{html.escape(r['answer'])}</b></td>"
            f"<td class='rule'>{'<br>'.join(html.escape(x) for x in r['rules'])}</td>"
            f"<td>{r['why_html']}{(' ' + inline_md(r['reveal'])) if r['reveal'] else ''}</td></tr>"
            for r in answer_rows(les, lang))
        parts.append(f"<section class='lesson'><h1>{w['Answer key']} — "
                     f"{html.escape(_heading(t, les))}</h1><table><tr><th>#</th>"
                     f"<th>{w['Answer']}</th><th>{w['Rule']}</th>"
                     f"<th>{w['Why']}</th></tr>{rows}</table></section>")
    return _doc(t.gettext("Answer key"), "".join(parts), lang)


# ---- printing ------------------------------------------------------------------------------------

def find_browser() -> str | None:
    """A Chromium to print with: TUTOR_CHROMIUM, then the usual names on PATH."""
    given = os.environ.get("TUTOR_CHROMIUM")
    if given and os.access(given, os.X_OK):
        return given
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


async def print_pdf(documents: list[str]) -> list[bytes]:
    """Each HTML document printed to PDF by one headless Chromium."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        raise HandoutError(NO_PLAYWRIGHT) from None
    browser_path = find_browser()
    async with async_playwright() as pw:
        try:
            browser = await pw.chromium.launch(
                executable_path=browser_path, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                      "--disable-background-networking", "--disable-component-update",
                      "--disable-sync", "--no-first-run"])
        except Exception:                           # noqa: BLE001 - no browser to be had
            raise HandoutError(NO_BROWSER) from None
        try:
            out = []
            for doc in documents:
                page = await browser.new_page()
                await page.set_content(doc, wait_until="load")
                out.append(await page.pdf(format="A4", print_background=False,
                                          prefer_css_page_size=True))
                await page.close()
            return out
        finally:
            await browser.close()


async def evening_pdf(keys, lang: str = "en") -> tuple[bytes, bytes]:
    """(questions, answer key) of the lessons `keys` as two PDFs."""
    q, a = await print_pdf([questions_html(keys, lang), answers_html(keys, lang)])
    return q, a


def write_handouts(keys, out_dir, lang: str = "en", per_lesson: bool = False,
                   html_only: bool = False) -> list[Path]:
    """Write the handouts (PDF, or the HTML with ``html_only``) into `out_dir`."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    groups = [([k], get_lesson(k, lang).key) for k in keys] if per_lesson else [(list(keys), "evening")]
    docs, names = [], []
    for group, stem in groups:
        docs += [questions_html(group, lang), answers_html(group, lang)]
        names += [f"{stem}", f"{stem}-answers"]
    if html_only:
        datas = [d.encode("utf-8") for d in docs]
        suffix = ".html"
    else:
        datas = asyncio.run(print_pdf(docs))
        suffix = ".pdf"
    paths = []
    for name, data in zip(names, datas):
        path = out_dir / f"{name}{suffix}"
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv=None) -> int:
    from . import parse_lessons
    from ..i18n import LANGUAGES, default_language
    args_in = list(sys.argv[1:] if argv is None else argv)
    t = translator(default_language())
    p = argparse.ArgumentParser(prog="python -m tutor.classroom.handouts",
                                description=t.gettext("Print the questions of lessons, with "
                                                      "their diagrams, and an answer key, as PDF."))
    p.add_argument("--lessons", default="all", help=t.gettext("e.g. 5-8 or 5,6,9 (default: all)"))
    p.add_argument("--lang", default=default_language(), choices=LANGUAGES)
    p.add_argument("--out", default="handouts", help=t.gettext("the folder to write to"))
    p.add_argument("--per-lesson", action="store_true", help=t.gettext("one PDF per lesson"))
    p.add_argument("--html", action="store_true", help=t.gettext("write HTML instead (print it from a browser)"))
    try:
        args = p.parse_args(args_in)
    except SystemExit as exc:
        return 2 if exc.code else 0
    t = translator(args.lang)
    try:
        keys = parse_lessons(args.lessons)
    except ValueError:
        print(t.gettext("error: {text!r} does not name lessons; write them like 5-8 or 5,6,9.")
              .format(text=args.lessons), file=sys.stderr)
        return 2
    try:
        paths = write_handouts(keys, args.out, args.lang, args.per_lesson, args.html)
    except HandoutError as e:
        print(t.gettext("error: {reason}").format(reason=e.text(args.lang)), file=sys.stderr)
        return 2
    except OSError as e:
        print(t.gettext("error: could not write to {folder}: {reason}").format(
            folder=args.out, reason=e.strerror), file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
