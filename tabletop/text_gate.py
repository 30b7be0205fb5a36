"""One gate for every name that reaches the screen: player names, save names, card names.

A name may not hold control characters (NUL, ESC, line breaks…), lone surrogates (half of a
character, which cannot be drawn or written as UTF-8), or the invisible characters that turn
text around (right-to-left overrides and isolates); and it must show at least one letter,
digit, mark of punctuation or symbol (a name of zero-width joiners only has nothing to draw).

:func:`problem` says what is wrong with typed or read text (for refusing it on input),
:func:`clean` removes what is wrong (for text read from a file), and :func:`shown` is what a
renderer may safely draw of any string.  Pure Python, no imports from the rest of Tabletop.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

# U+202A..U+202E embeddings and overrides, U+2066..U+2069 isolates: they reorder what follows
DIRECTION_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
FALLBACK = "?"  # what a renderer draws for a string with nothing drawable in it
#: every character :func:`_bad` refuses, as one pattern: the control characters (category
#: Cc: U+0000..U+001F, U+007F..U+009F), the surrogates (Cs) and the direction marks
_BAD = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _bad(ch: str) -> str:
    """Why one character may not be in a name ("" when it may)."""
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return "a control character"
    if cat == "Cs":
        return "a broken character (half of a surrogate pair)"
    if ch in DIRECTION_MARKS:
        return "a character that reverses the direction of the text"
    return ""


def visible(ch: str) -> bool:
    """True for a character that draws something: a letter, digit, punctuation or symbol."""
    return unicodedata.category(ch)[0] in "LNPS"


def problem(text: str) -> str:
    """What is wrong with ``text`` as a name, in plain words ("" when it is fine).

    The empty string is fine here: whether a name may be left blank is the caller's rule.
    """
    if not isinstance(text, str):
        return "it is not text"
    if text.isascii() and text.isprintable():  # the common case, without a look per character
        return "" if not text or text.strip() else "it has no visible character"
    for ch in text:
        why = _bad(ch)
        if why:
            return f"it holds {why}"
    if text and not any(visible(ch) for ch in text):
        return "it has no visible character"
    return ""


def clean(text: str) -> str:
    """``text`` without what :func:`problem` refuses; "" when nothing visible is left."""
    if not isinstance(text, str):
        return ""
    kept = _BAD.sub("", text)  # (what a look per character with _bad would drop)
    if kept.isascii():  # printable ASCII draws something unless it is all spaces
        return kept if kept.strip(" ") else ""
    return kept if any(visible(ch) for ch in kept) else ""


def shown(text: object, lines: bool = False) -> str:
    """What a renderer may draw of any value: cleaned, never empty when something was given.
    Line breaks become spaces, unless ``lines`` (text that wraps, e.g. a tooltip)."""
    if not isinstance(text, str):
        text = str(text)
    if not text:
        return text
    if not lines:
        return clean(text.replace("\n", " ").replace("\t", " ")) or FALLBACK
    return "\n".join(clean(line.replace("\t", " ")) for line in text.split("\n")) or FALLBACK


def display_path_name(name: str) -> str:
    """A file name fit to show: bytes that were not UTF-8 (kept by Python as lone
    surrogates) become U+FFFD, then the name is cleaned."""
    fixed = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return shown(fixed)


def file_name(path: os.PathLike[str] | str, stem: bool = False) -> str:
    """The name (or the stem) of ``path`` fit to show in a message or a list."""
    p = Path(path)
    return display_path_name(p.stem if stem else p.name)
