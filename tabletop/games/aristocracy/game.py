"""Aristocracy on the rules kit.  The kit reads the declaration from the package's role
modules (zones and describe from view.py, moves/, setup.py, flow.py, scoring.py, ai.py); what
follows is Aristocracy's own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.engine.kit import RulesGame
from tabletop.games.aristocracy import rebuild
from tabletop.games.aristocracy.state import State


class Aristocracy(RulesGame, package=__package__):
    """Felix Leeb's Aristocracy (2018) for 2–5 players: bid, trade and build matching estates."""

    from_view = rebuild.rebuild  # a state from a seat's view (its own file, rebuild.py)

    def views(self, state: State, seats: Iterable[int | None]) -> list[Any]:
        """The views of several seats."""
        return [self.view(state, q) for q in seats]
