"""Scoring: complete buildings only; ties by coins, hand weight, herald order."""

from __future__ import annotations

from tabletop.engine import Outcome
from tabletop.games.aristocracy.state import State

POINTS = (1, 2, 3)  # farm, estate, château


def points(s: State, seat: int) -> int:
    """Victory points of a seat's complete buildings."""
    return sum(POINTS[s.kind(b)] for b in s.buildings[seat] if s.complete(b))


def hand_weight(s: State, seat: int) -> int:
    """Total weight of the cards in hand (the second tiebreaker)."""
    return sum(s.weight(c) for c in s.hands[seat])


def rank_key(s: State, seat: int) -> tuple[int, int, int, int]:
    """Orders the seats at the end, best first: points, coins, hand weight, herald order."""
    return (-points(s, seat), -s.coins[seat], -hand_weight(s, seat), s.order().index(seat))


def outcome(s: State) -> Outcome:
    """Scores, a breakdown per seat, and the single winner once the game is over."""
    scores = [points(s, p) for p in range(s.players)]
    order = s.order()
    breakdown = []
    for p in range(s.players):
        kinds = [s.kind(b) for b in s.buildings[p] if s.complete(b)]
        breakdown.append(
            {
                "farms": kinds.count(0),
                "estates": kinds.count(1),
                "chateaux": kinds.count(2),
                "coins": s.coins[p],
                "hand_weight": hand_weight(s, p),
                "herald_order": order.index(p),
                "capped": int(s.capped),
            }
        )
    winners: list[int] = []
    if s.over:
        winners = [min(range(s.players), key=lambda p: rank_key(s, p))]
    return Outcome(scores, winners, breakdown)
