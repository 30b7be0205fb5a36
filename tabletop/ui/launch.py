"""Where menus hand over to the table: start a new match, or resume a saved one.

The table/controller side fills these in.  Until then they raise :class:`NotImplementedError`,
which the menus show in a dialog.  Contract:

- ``start_match(app, config)``: build the match from a :class:`MatchConfig` (game id, seats with
  kind and name, resolved options, seed or ``None``) and push/replace the table scene on
  ``app`` (an :class:`~tabletop.ui.scene.AppContext`).  Raise an exception with a plain-words
  message if it cannot start (the menu shows it).
- ``resume(app, path)``: load the save file at ``path`` (the autosave for *Continue*, or a file
  chosen in *Load*) and show its table.
- ``autosave_path()`` / ``saves_dir()``: where the controller writes; *Continue* is enabled
  when the autosave exists, *Load* lists ``*.json`` in the saves folder.
- At the end of a match the table pushes
  ``tabletop.ui.scenes.results.ResultsScene(app, game_name, names, outcome, config)``.
"""

from __future__ import annotations

from pathlib import Path

from tabletop import storage
from tabletop.ui.match_config import MatchConfig
from tabletop.ui.scene import AppContext

NOT_READY = "The card table is not built yet in this version, so a match cannot {what}."


def autosave_path() -> Path:
    """The autosave of the interrupted match."""
    return storage.data_dir() / "autosave.json"


def saves_dir() -> Path:
    """The folder of saved matches."""
    path = storage.data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def start_match(app: AppContext, config: MatchConfig) -> None:
    """Open the table for a new match described by ``config``."""
    raise NotImplementedError(NOT_READY.format(what="start"))


def resume(app: AppContext, path: Path) -> None:
    """Open the table for the match saved at ``path``."""
    raise NotImplementedError(NOT_READY.format(what="be resumed"))
