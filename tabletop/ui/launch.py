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

from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop.ui.match_config import MatchConfig
from tabletop.ui.places import autosave_path, saves_dir
from tabletop.ui.scene import AppContext

__all__ = ["autosave_path", "resume", "saves_dir", "start_match"]


def _table(app: AppContext, match: Any) -> None:
    from tabletop.controller.history import records
    from tabletop.ui.first_game import guide_starts_on
    from tabletop.ui.table.scene import TableScene

    match.listeners.append(records.recorder(match))  # every finished game is recorded
    humans = sum(not s.is_ai for s in match.seats)
    guide = guide_starts_on(app.settings, match.game.info.id, humans)
    app.push(TableScene(app, match, guide=guide))


def start_match(app: AppContext, config: MatchConfig) -> None:
    """Open the table for a new match described by ``config``."""
    from tabletop import registry
    from tabletop.controller import Match

    try:
        game = registry.get(config.game_id)
    except KeyError as e:
        raise ValueError(str(e).strip("'\"")) from None
    seats = [replace(s, name=name) for s, name in zip(config.seats, config.names, strict=True)]
    match = Match(game, seats, config.seed, config.options, save_path=autosave_path())
    match.autosave()
    _table(app, match)


def resume(app: AppContext, path: Path) -> None:
    """Open the table for the match saved at ``path``."""
    from tabletop.controller import Match, SaveError

    try:
        match = Match.load(path, save_path=autosave_path())
    except SaveError as e:
        raise ValueError(str(e)) from None
    match.autosave()
    _table(app, match)
    if match.load_note:
        app.show_message("The game was repaired", match.load_note)
