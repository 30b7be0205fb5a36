"""Where the app keeps matches: the autosave and the folder of named saves."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from tabletop import storage

log = logging.getLogger("tabletop.ui.places")

NOTES: list[str] = []  # what was done to make the saves folder usable, for the Load screen


def autosave_path() -> Path:
    """The autosave of the interrupted match."""
    return storage.data_dir() / "autosave.json"


def saves_dir() -> Path:
    """The folder of saved matches.  Something else in its place (a file, a pipe) is moved
    aside, like any unusable user file, and the folder made; :data:`NOTES` says so."""
    path = storage.data_dir() / "saves"
    if os.path.lexists(path) and (path.is_symlink() or not path.is_dir()):
        what = storage.what_is(path)
        try:
            moved = storage.move_aside(path, reason="not-a-folder")
        except OSError as e:
            raise storage.FolderProblem(path, f"{what} ({e.strerror})") from None
        note = (
            f"“saves” {what}; it was moved aside to {moved.name} and an empty saves folder "
            "was made."
        )
        log.warning("%s", note)
        NOTES.append(note)
    return storage.ensure_folder(path)
