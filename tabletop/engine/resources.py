"""Find the shipped ``data/`` and ``art/`` folders in a checkout, a wheel or a frozen bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent  # .../tabletop


@cache
def root() -> Path:
    """The folder holding ``data/`` and ``art/``."""
    candidates = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen))
    candidates += [_PKG / "_bundled", _PKG.parent]
    for c in candidates:
        if (c / "data").is_dir():
            return c
    raise FileNotFoundError(f"cannot find the Tabletop data folder (looked in: {candidates})")


def data_dir() -> Path:
    """The ``data/`` folder (one sub-folder per game)."""
    return root() / "data"


def art_dir() -> Path:
    """The ``art/`` folder (original artwork, one sub-folder per game plus ``common``)."""
    return root() / "art"


def fonts_dir() -> Path:
    """Shipped fonts live in ``art/fonts``."""
    return art_dir() / "fonts"
