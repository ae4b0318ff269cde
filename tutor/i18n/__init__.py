"""Words in the learner's language: gettext catalogs, a glossary, and choosing a language.

The tutor speaks English (`en`), Swedish (`sv`) and Finnish (`fi`), the languages of the
two source documents. This package is the bottom layer: it imports nothing from the rest
of `tutor`, so the engine, the widgets, the lessons and the class server all use it.

Sentences live in gettext catalogs, one per language
(``tutor/i18n/locale/<lang>/LC_MESSAGES/tutor.po``), compiled to ``.mo`` files when the
package is built or installed (``setup.py`` runs ``tutor.i18n.build``). The English text is
the message id, so English needs no catalog. Words that a sentence inflects (a rank's
plural, a seat's genitive in Finnish) come from the glossary of the language
(``tutor/i18n/glossary/<lang>.toml``): the seeds' own terms, kept in one place that every
translation uses.

    from tutor.i18n import translator
    t = translator("sv")
    t.gettext("Draw")                       # "Dra"
    t.ngettext("{n} card", "{n} cards", 3)  # the plural form the language needs
    t.pgettext("turn.draw/ok", english)     # a template, told apart by its context
    t.word("rank", "K", "plural")           # "kungar": a glossary form
    t.format("{seat:gen} vuoro", seat="S")  # "Etelän vuoro": a message and its fields

Fields and their forms. `Translator.format` fills a message's named fields the way
`str.format` does, except that a field's format spec may name a form of the glossary. It
is the one formatter of the tutor's messages (the engine's explanation templates, its
errors and score sheet; the table's and the lessons' words write theirs with
``t.format(t.gettext(message), **fields)``), so that a translation may write any field of
the English in the form its sentence needs (``{seat:gen}``, ``{rank:plural_part}``),
whichever message it is:

- a seat, rank, team or answer given as its code (``"S"``, ``"K"``, ``"NS"``, ``"yes"``):
  ``{seat:gen}`` is the glossary's form ``gen`` of that entry; without a spec the code is
  written as given (``{seat}`` -> ``S``, as the notation writes it);
- a card (duck typed: anything with ``rank``, ``pretty`` and ``is_red_three``, like
  `tutor.engine.cards.Card`): ``K♥``, a joker as the glossary's "a joker";
  ``{card:rank_plural}`` is a form of its rank, ``{card:kind}`` "wild card" or "red three";
- a list or tuple: its items written with the same spec and joined ("K♥, K♠ and a
  joker"; ``{ranks:plural}`` of ``("K", "Q")`` -> "kings and queens"); ``{cards:is_are}`` is
  "is" for one item, "are" for more;
- a piece of a sentence written in the same language: anything with a method
  ``words_in(t, spec)`` (`tutor.engine.words.Words`);
- anything else as ``format(value, spec)`` would write it (a number, a name already
  written: a name cannot be inflected, so a caller passes the code when the sentence may
  need another form).

This module imports nothing of the engine: cards and sentence pieces are known by their
shape.

Code marks a message where it is written and translates it where it is shown:
``N_("Draw")`` only marks (for tables of labels built at import), ``t.gettext(label)``
translates at display time, in the language of that table or lesson.
"""
from __future__ import annotations

import gettext as _gettext
import os
import string
import tomllib
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCALE_DIR = HERE / "locale"
GLOSSARY_DIR = HERE / "glossary"
DOMAIN = "tutor"

#: The languages the tutor speaks, English first (the fallback).
LANGUAGES = ("en", "sv", "fi")
#: Each language's name in itself, for a language picker.
LANGUAGE_NAMES = {"en": "English", "sv": "Svenska", "fi": "Suomi"}

__all__ = ["CODED", "LANGUAGES", "LANGUAGE_NAMES", "N_", "Translator", "default_language", "glossary",
           "language_option", "normalise", "translator"]


def N_(message: str) -> str:
    """Mark a message for the catalog without translating it (translate it where shown)."""
    return message


def normalise(lang: str | None) -> str:
    """A supported language code from a locale or header value ('sv_SE.UTF-8' -> 'sv',
    'fi-FI' -> 'fi'); anything else is English."""
    if not lang:
        return "en"
    code = str(lang).strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return code if code in LANGUAGES else "en"


def _accept_language(header: str) -> list[str]:
    """The languages of an HTTP Accept-Language header, most wanted first."""
    ranked = []
    for i, part in enumerate(header.split(",")):
        bits = part.strip().split(";")
        if not bits[0]:
            continue
        q = 1.0
        for b in bits[1:]:
            if b.strip().startswith("q="):
                try:
                    q = float(b.strip()[2:])
                except ValueError:
                    q = 0.0
        ranked.append((-q, i, bits[0]))
    return [code for _, _, code in sorted(ranked)]


def default_language(environ=None) -> str:
    """The language to start in, from the environment, falling back to English.

    In order: ``TUTOR_LANG`` (set by the launcher and the class server), the browser's
    ``Accept-Language`` (``HTTP_ACCEPT_LANGUAGE``, which Voila passes to a page's kernel),
    then the system's ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``. The first one
    naming a language the tutor speaks wins; "C" and "POSIX" name none.
    """
    env = os.environ if environ is None else environ
    candidates = [env.get("TUTOR_LANG", "")]
    candidates += _accept_language(env.get("HTTP_ACCEPT_LANGUAGE", ""))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        candidates += env.get(var, "").split(":")
    for value in candidates:
        code = str(value).strip().lower().replace("-", "_").split(".")[0].split("_")[0]
        if code in LANGUAGES:
            return code
    return "en"


def language_option(argv, option: str = "--lang") -> str | None:
    """The value of a command line's language option (``--lang fi`` or ``--lang=fi``), as
    typed, or None: read before the parser is built, so that its help and its errors are
    in that language. The parser still checks the value."""
    argv = list(argv)
    for i, arg in enumerate(argv):
        if arg == option and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(option + "="):
            return arg.split("=", 1)[1]
    return None


@lru_cache(maxsize=None)
def _catalog(lang: str):
    """The compiled catalog of a language (English: none, the message ids are English)."""
    if lang == "en":
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])
    except OSError:
        raise CatalogMissing(lang) from None


class CatalogMissing(RuntimeError):
    """A language's compiled catalog (.mo) is not there: the package was not built."""

    def __init__(self, lang: str):
        super().__init__(
            f"the {LANGUAGE_NAMES.get(lang, lang)} catalog has not been compiled "
            f"(no {LOCALE_DIR / lang / 'LC_MESSAGES' / (DOMAIN + '.mo')}); reinstall the "
            f"package (pip install -e .) or run: python -m tutor.i18n.build")


@lru_cache(maxsize=None)
def glossary(lang: str) -> dict:
    """The glossary of a language: its terms and the forms sentences inflect them in,
    over the English glossary (so a missing form reads in English, and a test finds it)."""
    lang = normalise(lang)
    with open(GLOSSARY_DIR / "en.toml", "rb") as f:
        base = tomllib.load(f)
    if lang == "en":
        return base
    with open(GLOSSARY_DIR / f"{lang}.toml", "rb") as f:
        own = tomllib.load(f)
    return _merge(base, own)


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        out[key] = _merge(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return out


#: the glossary's tables whose entries a field may name by their code (`Translator.write`)
CODED = ("seat", "rank", "team", "answer")


class _Fields(string.Formatter):
    """str.format, with each field written by `Translator.write` (a glossary form as spec)."""

    def __init__(self, t: "Translator"):
        self.write = t.write

    def format_field(self, value, spec):
        return self.write(value, spec)


class Translator:
    """One language's catalog and glossary. Cheap to get: `translator(lang)` caches it."""

    def __init__(self, lang: str):
        self.lang = normalise(lang)
        self._t = _catalog(self.lang)
        self.terms = glossary(self.lang)
        #: code -> its table, for the tables of `CODED` ("S" -> "seat", "K" -> "rank")
        self._codes = {code: kind for kind in CODED for code in self.terms.get(kind, {})}
        self._formatter = _Fields(self)

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def side_name(self, side: str) -> str:
        """A side by its name: a team's ("North–South", "Team 1"), or the seat's for a player
        who plays alone ("South")."""
        return self.word("team", side) if side in self.terms.get("team", {}) else self.word("seat", side)

    def word(self, kind: str, value: str, form: str = "name") -> str:
        """A glossary form: ``word("rank", "K", "plural")``, ``word("seat", "N")``.

        Kinds with values (rank, seat, team, answer) are tables of forms; a plain term
        (``word("term", "wild card")``) is a table of forms too. An unknown value is given
        back as it is (a card text, a number)."""
        entry = self.terms.get(kind, {}).get(str(value))
        if entry is None:
            return str(value)
        if isinstance(entry, str):
            return entry
        if form in entry:
            return entry[form]
        return entry.get("name", str(value))

    def format(self, message: str, /, **fields) -> str:
        """`message` (a text of this language, from the catalog) with its named fields
        filled in, each written by `write` in the form its spec names: ``{seat:gen}``,
        ``{rank:plural}``, ``{top:rank_plural}``, ``{cards:is_are}`` (module doc)."""
        return self._formatter.vformat(message, (), fields)

    def write(self, value, spec: str = "") -> str:
        """One field's value in words, in the form `spec` names (see the module doc): a
        code of a seat, rank, team or answer in a glossary form, a card, a list of them, a
        piece of a sentence (``words_in``), a minus number with a minus sign (−85, as the
        score sheets write it), or anything else as ``format`` writes it."""
        if value.__class__ is str:
            if spec and spec.isidentifier():
                kind = self._codes.get(value)
                return self.word(kind, value, spec) if kind is not None else value
            return format(value, spec)
        if isinstance(value, (tuple, list)):
            if spec == "is_are":
                return self.terms["grammar"]["is" if len(value) == 1 else "are"]
            return self.join([self.write(v, spec) for v in value])
        words_in = getattr(value, "words_in", None)
        if words_in is not None:
            return words_in(self, spec)
        if hasattr(value, "is_red_three") and hasattr(value, "pretty"):      # a card
            if spec == "kind":
                return self.word("term", "red three" if value.is_red_three else "wild card")
            if spec.startswith("rank_"):
                return self.word("rank", value.rank, spec[5:])
            return self.word("term", "a joker") if value.rank == "JK" else value.pretty
        if value.__class__ is int and value < 0 and not spec:
            return "\u2212" + str(-value)        # a minus total: the sheets' minus sign
        if spec and spec.isidentifier():
            kind = self._codes.get(str(value))
            if kind is not None:
                return self.word(kind, str(value), spec)
        try:
            return format(value, spec)
        except (TypeError, ValueError):     # a form asked of a value that has none
            return str(value)

    def join(self, items) -> str:
        """'a, b and c' in this language."""
        items = [str(i) for i in items]
        if not items:
            return self.terms["list"]["nothing"]
        if len(items) == 1:
            return items[0]
        return self.terms["list"]["sep"].join(items[:-1]) + self.terms["list"]["last"] + items[-1]

    def __repr__(self) -> str:
        return f"translator({self.lang!r})"


@lru_cache(maxsize=None)
def load_translator(lang: str) -> Translator:
    """The translator of a language code as `normalise` gives it, loaded once. `translator`
    asks it on every call: a test may stand another translator in for a language here."""
    return Translator(lang)


def translator(lang: str | None = None) -> Translator:
    """The translator of `lang` (a code like 'sv', a locale like 'fi_FI'); None: the
    environment's language (`default_language`)."""
    return load_translator(normalise(lang) if lang else default_language())
