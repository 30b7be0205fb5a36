"""The view ids of the zones that gestures and events name."""

from __future__ import annotations

from tabletop.games.your_majesty.catalog import catalog


def z(seat: int, name: str) -> str:
    """The view id of a seat zone."""
    return f"p{seat}.{name}"


def phil_zone(seat: int, phil: int) -> str:
    """The muse column of ``phil`` at ``seat``'s court."""
    return f"p{seat}.{catalog().phil_muse[phil]}"
