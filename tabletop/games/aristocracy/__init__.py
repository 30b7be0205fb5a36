"""Aristocracy (Felix Leeb, CC BY-NC-SA 4.0): rules, views, determinization and AI."""

from tabletop.games.aristocracy.game import Aristocracy

GAME = Aristocracy()

__all__ = ["GAME", "Aristocracy"]
