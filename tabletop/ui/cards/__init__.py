"""Card faces and backs composed from cards.yaml, cached per size."""

from tabletop.ui.cards.faces import CardArt

__all__ = ["CardArt"]
