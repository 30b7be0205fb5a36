"""Whether the table's first-game guide starts on: the player's choice for the title, else
the settings and the record of finished games (no pygame)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.controller.history import records


def guide_starts_on(settings: Any, game_id: str, humans: int, record: Path | None = None) -> bool:
    """On when a person plays and either they turned it on for this title with G, or the
    guide is on in the settings, they never turned it off for this title, and the record
    holds no finished game of it with a person in a seat.  A record that cannot be read
    counts as no game: the guide helps rather than stays silent."""
    if humans <= 0:
        return False
    chosen = getattr(settings, "guide_titles", {}) or {}
    if isinstance(chosen.get(game_id), bool):
        return bool(chosen[game_id])
    if not getattr(settings, "guide", True):
        return False
    return records.played_by_a_person(game_id, record) is not True


def remember_choice(settings: Any, game_id: str, on: bool) -> None:
    """G at the table: keep the guide on or off for this title in later games."""
    titles = getattr(settings, "guide_titles", None)
    if isinstance(titles, dict):
        titles[game_id] = on
