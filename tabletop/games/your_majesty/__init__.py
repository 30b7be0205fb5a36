"""Your Majesty (Sam A. Mustafa, 2nd edition 2023): rules, view, AI hooks."""

from tabletop.games.your_majesty.game import GAME, YourMajesty

__all__ = ["GAME", "YourMajesty"]
