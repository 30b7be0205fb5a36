"""Mayflower — a courtiers' war over four seasons: rules on the kit, views, a greedy AI.

Exports ``GAME``.
"""

from tabletop.games.mayflower.game import MayflowerGame

GAME = MayflowerGame()

__all__ = ["GAME", "MayflowerGame"]
