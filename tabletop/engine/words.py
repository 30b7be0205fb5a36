"""Small helpers for the sentences games write: counted nouns and the indefinite article.

Every game builds its log lines and prompts from names held in its data (a character, a land,
a card).  The article in front of such a name depends on how the name sounds, so it is chosen
here once instead of being written as a fixed "a" in each sentence.
"""

from __future__ import annotations

# Words starting with a vowel letter but a consonant sound, and the reverse (checked by prefix,
# in lower case).  Court, land and card names are the words that reach these helpers.
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "eu", "ewe", "uran")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")


def article(word: str) -> str:
    """``"an"`` before a vowel sound, ``"a"`` otherwise (``article("Innkeeper") == "an"``)."""
    low = word.strip().lower()
    if not low:
        return "a"
    if low.startswith(_VOWEL_SOUND):
        return "an"
    if low.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def a(word: str) -> str:
    """The word with its indefinite article: ``a("Innkeeper") == "an Innkeeper"``."""
    return f"{article(word)} {word}"


def capital_a(word: str) -> str:
    """As :func:`a`, to open a sentence: ``capital_a("Innkeeper") == "An Innkeeper"``."""
    return f"{article(word).capitalize()} {word}"


def plural(n: int, word: str, same: tuple[str, ...] = ()) -> str:
    """``1 point`` / ``3 points``; a word in ``same`` (say food or gold) never takes an s."""
    if abs(n) == 1 or word in same:
        return f"{n} {word}"
    return f"{n} {word}s"
