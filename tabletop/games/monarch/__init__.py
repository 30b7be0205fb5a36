"""Monarch: rules, scoring, views and a greedy AI.  Exports ``GAME``."""

from tabletop.games.monarch.game import MonarchGame

GAME = MonarchGame()

__all__ = ["GAME", "MonarchGame"]
