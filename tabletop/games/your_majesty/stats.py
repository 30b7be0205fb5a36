"""Figures about a finished game, for ``tabletop simulate`` and the benchmarks."""

from __future__ import annotations

from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.scoring import ROUND_LIMIT, breakdown, may_win, prestige
from tabletop.games.your_majesty.state import YMState

WIN_PATHS = ("reforms", "philosophes", "several at once", "shared", "round limit")


def win_path(s: YMState) -> str:
    """How the game ended: one of :data:`WIN_PATHS`.

    ``several at once``: more than one seat met the victory condition in the same move and
    the highest took it alone; ``shared``: an exact tie; otherwise whether the winner's
    prestige came more from reforms or from philosophes.
    """
    if s.end_reason == "round_limit":
        return "round limit"
    if len(s.winners) > 1:
        return "shared"
    pts = [prestige(s, i) for i in range(s.players)]
    if sum(may_win(s, i, pts[i]) for i in range(s.players)) > 1:
        return "several at once"
    b = breakdown(s, s.winners[0])
    return "reforms" if b["reforms"] >= b["philosophes"] else "philosophes"


def summary_stats(s: YMState) -> dict[str, int | float | str]:
    """Rounds, win path and what a designer would look at, for a finished game."""
    cat = catalog()
    pts = sorted((prestige(s, i) for i in range(s.players)), reverse=True)
    claimed = [r for c in s.courts for r in c.reforms]
    out: dict[str, int | float | str] = {
        "win_path": win_path(s),
        "rounds": min(s.round, ROUND_LIMIT),
        "winner_prestige": pts[0],
        "lead_over_runner_up": pts[0] - pts[1],
        "reforms_implemented": len(claimed),
        "level_5_reforms": sum(cat.reforms[r].level == 5 for r in claimed),
        "philosophes_dead": len(s.dead),
        "philosophes_left_to_draw": len(s.phil_deck) + len(s.phil_discard),
        "salons_held": s.salons_held,
        "colonies_seized": s.seized,
    }
    if s.salons_held:
        out["salon_success_rate"] = round(s.salons_won / s.salons_held, 4)
    return out
