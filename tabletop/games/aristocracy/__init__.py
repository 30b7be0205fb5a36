"""Aristocracy (Felix Leeb, CC BY-NC-SA 4.0): rules, view, determinization and AI."""

from tabletop.games.aristocracy.game import GAME

__all__ = ["GAME"]
