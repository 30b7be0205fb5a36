"""Before a new match replaces the autosave: ask about an unfinished one (keep, discard, cancel)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from tabletop.controller.saving import journal, saves
from tabletop.ui import catalog, launch
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.dialogs import MessageDialog

log = logging.getLogger("tabletop.ui.unfinished")


def unfinished_text(path: Path) -> str:
    """The question's first line, e.g. "A game of <game> with Ada and Hugo, 15 moves in, is
    unfinished." ("" when the autosave holds no unfinished match).  The game's name stands
    on its own: "Your <game> game" would glue "Your" to a name that may begin with it."""
    journal.flush_all(path)
    info = saves.peek(path)
    if info is None or info["over"]:
        return ""
    game = catalog.games().get(info["game"])
    name = game.info.name if game is not None else info["game"]
    people = [n for n in info["names"] if n]
    if len(people) > 1:
        who = f" with {', '.join(people[:-1])} and {people[-1]}"
    else:
        who = f" with {people[0]}" if people else ""
    n = info["moves"]
    return f"A game of {name}{who}, {n} move{'s' * (n != 1)} in, is unfinished."


def keep(path: Path) -> Path:
    """Move the autosave (journal merged) into the saves folder; return where it went."""
    data = saves.read_save(path)
    data.pop("note", None)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = saves.write_new(launch.saves_dir(), f"{data['game']}-{stamp}", data)
    discard(path)
    return target


def discard(path: Path) -> None:
    """Delete the autosave and its journal."""
    journal.flush_all(path)
    for p in (path, journal.journal_path(path)):
        p.unlink(missing_ok=True)


def before_new_match(app: AppContext, go: Callable[[], None]) -> None:
    """Run ``go`` (start a match) at once, or after the player chose what becomes of the
    unfinished match in the autosave: keep it in Saved games, discard it, or cancel."""
    path = launch.autosave_path()
    text = unfinished_text(path) if path.is_file() else ""
    if not text:
        go()
        return

    def kept() -> None:
        try:
            where = keep(path)
        except (OSError, saves.SaveError) as e:
            app.show_message("Could not keep the game", f"{e}\nNothing was started.")
            return
        log.info("unfinished match kept as %s", where)
        go()

    def dropped() -> None:
        try:
            discard(path)
        except OSError as e:
            app.show_message("Could not discard the game", f"{e}\nNothing was started.")
            return
        go()

    app.push(
        MessageDialog(
            app,
            "Unfinished game",
            f"{text}\n\nKeep it: it moves to Saved games (Load), and the new game starts.\n"
            "Discard it: it is deleted, and the new game starts.",
            buttons=(("Cancel", None), ("Discard it", dropped), ("Keep it", kept)),
        )
    )
