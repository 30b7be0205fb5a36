"""Opening a replay from the places that offer one: results, the record, a save file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.ui.scene import AppContext


def first_seat(seats: list[Any]) -> int:
    """The seat a replay opens with: the first person at the table (else seat 0)."""
    return next((i for i, s in enumerate(seats) if not getattr(s, "is_ai", False)), 0)


def open_match_replay(app: AppContext, match: Any) -> None:
    """Replay a match just played (from its history)."""
    from tabletop.controller.replay import Replay
    from tabletop.ui.replay_scene import ReplayScene

    replay = Replay.of_match(match)
    app.push(ReplayScene(app, replay, first_seat(replay.seats)))


def open_record_replay(app: AppContext, game_id: int) -> None:
    """Replay a game from the record of finished games."""
    from tabletop import registry
    from tabletop.controller.history.records import Records
    from tabletop.controller.replay import Replay
    from tabletop.ui.replay_scene import ReplayScene

    with Records() as records:
        record = records.get(game_id)
    if record is None:
        raise ValueError("That game is no longer in the record.")
    if not record.replayable:
        raise ValueError("That game was played online: its deal and moves stay on its server.")
    try:
        game = registry.get(record.game)
    except KeyError:
        raise ValueError(f"This version of Tabletop has no game {record.game!r}.") from None
    replay = Replay.of_record(record, game)
    app.push(ReplayScene(app, replay, first_seat(replay.seats)))


def open_save_replay(app: AppContext, path: Path) -> None:
    """Replay a saved game up to where it was saved (checked whole first, like Load)."""
    from tabletop.controller import Match, SaveError
    from tabletop.ui.replay_scene import ReplayScene

    try:
        match = Match.load(path)
    except SaveError as e:
        raise ValueError(str(e)) from None
    from tabletop.controller.replay import Replay

    replay = Replay.of_match(match)
    app.push(ReplayScene(app, replay, first_seat(replay.seats), step=replay.length))
