"""Scoring: complete buildings only; ties by coins, hand weight, herald order.  And the
figures of a finished game for ``tabletop simulate``."""

from __future__ import annotations

from tabletop.engine import Outcome
from tabletop.games.aristocracy.data import MAX_YEARS, POINTS
from tabletop.games.aristocracy.state import State

TIEBREAKS = ("points", "coins", "hand weight", "herald order")


def points(s: State, seat: int) -> int:
    """Victory points of a seat's complete buildings (a building still smaller than a farm,
    mid-Build, scores nothing however well its cards match)."""
    farm = s.farm
    return sum(
        POINTS[len(b.cards) - farm]
        for b in s.buildings[seat]
        if len(b.cards) >= farm and s.complete(b)
    )


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


# --- figures of a finished game ----------------------------------------------------------------
def decided_by(s: State) -> str:
    """Which comparison of ruling A23 put the winner ahead of the runner-up."""
    first, second = sorted(rank_key(s, p) for p in range(s.players))[:2]
    return next(what for what, a, b in zip(TIEBREAKS, first, second, strict=True) if a != b)


def summary_stats(s: State) -> dict[str, int | float | str]:
    """Years played, how the game ended, what the seats built and what decided the winner."""
    n = s.players
    complete = [[s.kind(b) for b in s.buildings[p] if s.complete(b)] for p in range(n)]
    built = sum(len(bs) for bs in s.buildings)
    winner = min(range(n), key=lambda p: rank_key(s, p))
    out: dict[str, int | float | str] = {
        "years": min(s.year, MAX_YEARS),
        "phases": 3 * MAX_YEARS if s.capped else 3 * (s.year - 1) + s.royal + 1,
        "end": "safety cap" if s.capped else "glory",
        "buildings per seat": built / n,
        "complete buildings per seat": sum(map(len, complete)) / n,
        "complete châteaux per seat": sum(k.count(2) for k in complete) / n,
        "winner's points": points(s, winner),
        "coins per seat": sum(s.coins) / n,
        "decided by": decided_by(s),
    }
    if not s.capped:
        out["Glory claimer's win rate"] = int(winner == s.ended_by)
    return out
