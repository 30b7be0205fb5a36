"""Majesty: For the Realm — rules, scoring, views and a greedy AI.  Exports ``GAME``."""

from tabletop.games.majesty.game import MajestyGame

GAME = MajestyGame()

__all__ = ["GAME", "MajestyGame"]
