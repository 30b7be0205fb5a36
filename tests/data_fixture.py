"""Copy the small valid fixture game to a temporary folder and break one thing in it."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAME = "sample"


def copy_fixture(tmp: Path) -> Path:
    """A fresh copy of ``data/sample`` (and ``art/``) under ``tmp``; returns the game folder."""
    shutil.copytree(FIXTURES / "data" / GAME, tmp / "data" / GAME)
    shutil.copytree(FIXTURES / "art", tmp / "art")
    return tmp / "data" / GAME


def edit(folder: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``folder/file`` by ``new``."""
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")
