"""Package texts derived from the game registry at build time, so they name only shipped games.

Used by ``packaging/linux/deb.py`` (the control file's description, the menu entry's keywords);
``python packaging/metadata.py`` prints them.
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BASE_KEYWORDS = ("cards", "card game", "card table", "hot-seat")


def game_names() -> list[str]:
    """The names of the games this build ships, in menu order."""
    from tabletop import registry

    return [g.info.name for g in registry.games().values()]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def description(names: list[str] | None = None) -> str:
    """The long description: the shipped games by name, wrapped for a Debian control file."""
    names = game_names() if names is None else names
    games = f"for {_listed(names)}" if names else "for court-themed card games"
    text = (
        f"Tabletop lays out a card table {games}, played against local computer opponents "
        "or hot-seat with friends at one screen."
    )
    return "\n".join(textwrap.wrap(text, 72))


def keywords(names: list[str] | None = None) -> str:
    """The .desktop ``Keywords=`` value: generic words, then each shipped game's name words."""
    names = game_names() if names is None else names
    words: list[str] = list(BASE_KEYWORDS)
    for name in names:
        full = name.lower().replace(";", " ")
        short = re.split(r"[:(]", full)[0].strip()
        for w in (short, full):
            if w and w not in words:
                words.append(w)
    return ";".join(words) + ";"


if __name__ == "__main__":
    print(description())
    print(keywords())
