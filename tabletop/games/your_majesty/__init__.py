"""Your Majesty (Sam A. Mustafa, 2nd edition 2023): rules, views, AI.  Exports ``GAME``."""

from tabletop.games.your_majesty.game import YourMajesty

GAME = YourMajesty()

__all__ = ["GAME", "YourMajesty"]
