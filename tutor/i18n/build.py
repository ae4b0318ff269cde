"""Build the catalogs with Babel: extract the messages, update each .po, compile the .mo.

    python -m tutor.i18n.build            # compile every .po to .mo (what an install does)
    python -m tutor.i18n.build update     # extract the messages of the code, update every .po
    python -m tutor.i18n.build update --lang sv   # ... only the Swedish one
    python -m tutor.i18n.build check      # exit 1 if a .po lacks a message or has a stale one

Babel is needed only here (it comes with the notebook and test extras, and is a build
requirement of the package); the tutor reads the compiled .mo files with the standard
library's gettext. ``setup.py`` imports this file by its path to compile the catalogs when
the package is built or installed.

The messages are found in the code by their markers: ``_``, ``gettext``, ``ngettext``,
``pgettext``, ``npgettext``, ``N_`` (mark only) and ``T`` / ``P`` (the explanation templates
and their parts, keyed by their context: ``T("turn.draw/ok", "You draw …")``; ``NT`` and
``NP`` declare one with a singular and a plural), ``M`` /
``NM`` (the engine's other words, its errors and score sheet, also keyed by their context:
``M("error:move.unknown", "'{word}' is not a move; …")``, tutor/engine/words.py). The rulebook's
rule texts (the rows of ``tutor/engine/RULES.md``) are messages too, with the context
``rule:<id>``: ``tutor.engine.rulebook.rule_text(id, lang)`` reads them through the catalog.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
LOCALE_DIR = HERE / "locale"
DOMAIN = "tutor"
TRANSLATED = ("sv", "fi")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "N_": None, "T": ((1, "c"), 2),
            "P": ((1, "c"), 2), "NP": ((1, "c"), 2, 3), "NT": ((1, "c"), 2, 3),
            "M": ((1, "c"), 2),
            "NM": ((1, "c"), 2, 3)}
#: What is scanned: the Python of the package (the lessons' words are data per language).
METHOD_MAP = [("**.py", "python")]


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract():
    """Every message the code marks, as a Babel Catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="canasta-tutor", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), METHOD_MAP, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(f"tutor/{filename}", lineno)], auto_comments=comments,
                    context=context)
    for context, text, lineno in _rulebook_rows():
        catalog.add(text, None, [("tutor/engine/RULES.md", lineno)], context=context,
                    auto_comments=[RULE_COMMENT])
    return catalog


#: What a translator of a rule text is told (the rule texts are RULES.md's table rows).
RULE_COMMENT = ("The rulebook's text of this rule (tutor/engine/RULES.md). Keep the ids, "
                "variant flags and notation in `backticks` as they are.")


def _rulebook_rows():
    """(context, text, line) of each rule of the package's RULES.md, read by the engine's own
    parser. Only extracting needs the engine; compiling (what an install runs) reads nothing
    but the .po files."""
    from tutor.engine.rulebook import RULES_FILE, context, rows
    return [(context(rid), text, lineno)
            for rid, text, lineno in rows(RULES_FILE.read_text(encoding="utf-8"))]


def _read(path: Path, lang: str):
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update(langs=TRANSLATED) -> None:
    """Bring each .po up to date with the code: new messages added (empty), changed ones
    marked fuzzy with the old translation kept as a suggestion, gone ones kept obsolete."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = extract()
    for lang in langs:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = _read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=False)
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_output=False, include_previous=True,
                     omit_header=False)
        print(f"updated {path.relative_to(PACKAGE.parent)}: {len(catalog)} messages")


def problems(lang: str, which=None) -> list[str]:
    """What a .po lacks against the code: missing, untranslated, fuzzy or stale messages,
    each said with where the code writes it. `which` (a message -> bool) narrows the check
    to some messages, e.g. the explanation templates."""
    template = extract()
    catalog = _read(po_path(lang), lang)
    out = []
    for msg in template:
        if not msg.id or (which and not which(msg)):
            continue
        have = catalog.get(msg.id, context=msg.context)
        where = (f"{lang}: {':'.join(map(str, msg.locations[0])) + ': ' if msg.locations else ''}"
                 f"{msg.context + ' | ' if msg.context else ''}{_first(msg.id)!r}")
        if have is None:
            out.append(f"{where} is missing (run python -m tutor.i18n.build update --lang {lang})")
        elif have.fuzzy:
            out.append(f"{where} is fuzzy: the English changed, check the translation")
        elif not (all(have.string) if isinstance(have.string, (tuple, list)) else have.string):
            out.append(f"{where} is not translated")
    for msg in catalog:
        if msg.id and (not which or which(msg)) and template.get(msg.id, context=msg.context) is None:
            out.append(f"{lang}: {_first(msg.id)!r} is no longer in the code (run update)")
    return out


def _first(msgid) -> str:
    return msgid[0] if isinstance(msgid, (tuple, list)) else msgid


def compile_catalogs(locale_dir: Path = LOCALE_DIR, quiet: bool = False) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/tutor.po`` under `locale_dir` to its .mo."""
    from babel.messages.mofile import write_mo

    written = []
    for po in sorted(Path(locale_dir).glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = po.parent.parent.name
        catalog = _read(po, lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            mo.write_bytes(buf.getvalue())
        written.append(mo)
    if not quiet:
        print(f"compiled {len(written)} catalogs: {', '.join(p.parent.parent.name for p in written)}")
    return written


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv else "compile"
    if command == "compile":
        compile_catalogs()
        return 0
    if command == "update":
        langs = [argv[argv.index("--lang") + 1]] if "--lang" in argv else TRANSLATED
        update(langs)
        compile_catalogs()
        return 0
    if command == "check":
        found = [p for lang in TRANSLATED for p in problems(lang)]
        for p in found:
            print(p)
        print(f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
