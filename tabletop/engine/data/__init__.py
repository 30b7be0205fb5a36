"""Card data: YAML files → validated, typed models."""

from tabletop.engine.data.loader import load_game_data, read_yaml, shipped_data, validate_tree
from tabletop.engine.data.models import CardDef, GameData, GameDef, LayoutDef, Ruling, Zone

__all__ = [
    "CardDef",
    "GameData",
    "GameDef",
    "LayoutDef",
    "Ruling",
    "Zone",
    "load_game_data",
    "read_yaml",
    "shipped_data",
    "validate_tree",
]
