"""The engine's words besides the explanations: its errors' messages and the score sheet's.

Each is a message of the catalog with a key (its context there) and named fields, declared
where it is written and rendered in a language only when asked:

    M(key, english)                 declare a message (Babel extracts it, the key as context)
    NM(key, singular, plural)       one whose form the field ``count`` decides (ngettext)
    Words(key, **fields)            a message with its fields: ``.text(lang)``, ``str()`` English

English is the message id, so ``Words(...).text("en")`` is the English with the fields
filled in; another language reads its catalog (``tutor/i18n/locale``). The fields are
written by `tutor.i18n.Translator.format`, the formatter of every message: as they are
(text, a number, a card's text), or in a form of the language's glossary when the message
names one: ``{rank:plural}`` -> "kings" / "kungar", ``{seat:name}`` -> "South" / "Syd",
``{seat:gen}`` -> "Etelän" (``tutor/i18n/glossary/<lang>.toml``). A translation may name
another form of a field than the English does. A field may be a `Words` itself, a piece of
the sentence, written in the same language.

The keys start with what speaks: ``error:`` (the errors of `tutor.engine.errors`),
``sheet:`` (a hand's score sheet), ``game:`` (a game's standing). Nothing here imports
`tutor.i18n` before a message is written, so `import tutor` stays quick.
"""
from __future__ import annotations

__all__ = ["MESSAGES", "M", "NM", "Words", "write"]

#: key -> the English: a text, or (singular, plural) for a message a count decides
MESSAGES: dict[str, str | tuple[str, str]] = {}


def M(key: str, english: str) -> str:
    """Declare a message (a Babel keyword: extracted into the catalogs with `key` as context)."""
    MESSAGES[key] = english
    return key


def NM(key: str, singular: str, plural: str) -> str:
    """Declare a message whose form depends on its field ``count`` (gettext's ngettext)."""
    MESSAGES[key] = (singular, plural)
    return key


class Words:
    """One message and its fields, written in a language when asked (`text`)."""

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields):
        if key not in MESSAGES:
            raise KeyError(f"no message {key!r} is declared (tutor.engine.words.M)")
        self.key, self.fields = key, fields

    def text(self, lang: str | None = "en") -> str:
        """The message in `lang` (English for a language the tutor does not speak)."""
        from ..i18n import translator
        return write(self, translator(lang or "en"))

    def words_in(self, t, spec: str = "") -> str:
        """Written as a field of another message (`tutor.i18n.Translator.write`)."""
        return write(self, t)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        fields = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"Words({self.key!r}{fields})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Words) and (self.key, self.fields) == (other.key, other.fields)

    __hash__ = None


def write(words: Words, t) -> str:
    """`words` in the language of the translator `t` (a `tutor.i18n.Translator`)."""
    english = MESSAGES[words.key]
    if isinstance(english, tuple):
        text = t.npgettext(words.key, english[0], english[1], words.fields["count"])
    else:
        text = t.pgettext(words.key, english)
    return t.format(text, **words.fields)
