"""Figures about a finished game, for the summary of ``tabletop simulate``.

Numbers are averaged over a run, strings counted (see ``Game.summary_stats``).
"""

from __future__ import annotations

from tabletop.games.aristocracy.scoring import points, rank_key
from tabletop.games.aristocracy.state import MAX_YEARS, State

TIEBREAKS = ("points", "coins", "hand weight", "herald order")


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
