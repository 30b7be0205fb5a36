"""Where the app keeps matches: the autosave and the folder of named saves."""

from __future__ import annotations

from pathlib import Path

from tabletop import storage


def autosave_path() -> Path:
    """The autosave of the interrupted match."""
    return storage.data_dir() / "autosave.json"


def saves_dir() -> Path:
    """The folder of saved matches."""
    path = storage.data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
