"""Names of zones and card uids as they appear in views and gestures."""

from __future__ import annotations

DRAW, DISCARD, SHOP, MARKET, ROYAL = "draw", "discard", "shop", "market", "royal"


def uid(c: int) -> str:
    """The view uid of physical card ``c``."""
    return f"c{c}"


def hand(p: int) -> str:
    """Zone of a seat's hand."""
    return f"p{p}.hand"


def stall(p: int) -> str:
    """Zone of a seat's stall."""
    return f"p{p}.stall"


def offer(p: int) -> str:
    """Zone of the cards a seat has secretly set aside (Tax discards, Ball contributions)."""
    return f"p{p}.offer"


def buildings(p: int) -> str:
    """Zone of a seat's buildings."""
    return f"p{p}.buildings"


def coins(p: int) -> str:
    """Zone where a seat's coins lie."""
    return f"p{p}.coins"
