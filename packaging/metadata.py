"""Package texts derived from the game registry at build time, so they name only shipped games.

Used by ``packaging/linux/deb.py`` (the control file's description, the menu entry's keywords);
``python packaging/metadata.py`` prints them.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import time
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BASE_KEYWORDS = ("cards", "card game", "card table", "hot-seat")
APP_ID = "io.github.tabletop.Tabletop"  # AppStream id, also the macOS bundle identifier
METAINFO = Path(__file__).resolve().parent / "linux" / f"{APP_ID}.metainfo.xml"


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


def release_date() -> str:
    """The build's date, ``YYYY-MM-DD``: ``SOURCE_DATE_EPOCH`` if set (reproducible), else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return time.strftime("%Y-%m-%d", time.gmtime(int(epoch) if epoch else None))


def metainfo(version: str, names: list[str] | None = None, date: str | None = None) -> str:
    """The AppStream metainfo XML: the template with the version, date and shipped games."""
    names = game_names() if names is None else names
    games = f"for {_listed(names)}" if names else "for court-themed card games"
    para = (
        f"Tabletop lays out a card table {games}, played against local computer opponents "
        "or hot-seat with friends at one screen."
    )
    text = "\n".join(f"      {line}" for line in textwrap.wrap(escape(para), 88))
    return (
        METAINFO.read_text("utf-8")
        .replace("@DESCRIPTION@", f"    <p>\n{text}\n    </p>")
        .replace("@VERSION@", escape(version))
        .replace("@DATE@", date or release_date())
    )


if __name__ == "__main__":
    print(description())
    print(keywords())
