"""Wealth, prestige, the victory check, and the figures of a finished game."""

from __future__ import annotations

from functools import cache

from tabletop.games.your_majesty.data import ROUND_LIMIT, catalog
from tabletop.games.your_majesty.state import QUESTIONS, YMState

WIN_PATHS = ("reforms", "philosophes", "several at once", "shared", "round limit")


@cache
def _abolition() -> int:
    return catalog().reform_named("Abolition of Slavery")


def abolished(s: YMState) -> bool:
    """Whether anybody has implemented Abolition of Slavery."""
    ab = _abolition()
    return any(ab in c.reforms for c in s.courts)


def wealth(s: YMState, seat: int) -> int:
    """Coins of the seat's colonies, less two per Hurricane aimed at it (never below 0)."""
    each = catalog().coins
    coins = 0
    for c in s.courts[seat].colonies:
        coins += each[c]
    for court in s.courts:
        if court.lingering:
            return _after_hurricanes(s, seat, coins)
    return coins


def _after_hurricanes(s: YMState, seat: int, coins: int) -> int:
    effect = catalog().effect
    hit = False
    for court in s.courts:
        for card, target in zip(court.lingering, court.linger_target, strict=True):
            if target == seat and effect[card] == "hurricane":
                coins -= 2
                hit = True
    return max(0, coins) if hit else coins


def max_hand(s: YMState, seat: int) -> int:
    """Four, or five with Enlightened Despot."""
    return 5 if s.courts[seat].despot else 4


def _parts(s: YMState, seat: int) -> tuple[int, int, int]:
    """Prestige of the seat's philosophes, of its reforms, and less its slave colonies."""
    cat = catalog()
    court = s.courts[seat]
    if s.options.get("paycheck") == "wealth":
        values = sorted(map(cat.phil_prestige.__getitem__, court.phils), reverse=True)
        phil_points = sum(values[: wealth(s, seat)])
    else:
        phil_points = sum(map(cat.phil_prestige.__getitem__, court.phils))
    slaves = sum(map(cat.slave.__getitem__, court.colonies))
    if slaves and abolished(s):
        slaves = 0
    return phil_points, sum(map(cat.reform_level.__getitem__, court.reforms)), -slaves


def breakdown(s: YMState, seat: int) -> dict[str, int]:
    """Prestige by source."""
    phils, reforms, slaves = _parts(s, seat)
    return {"philosophes": phils, "reforms": reforms, "slave_colonies": slaves}


def prestige(s: YMState, seat: int) -> int:
    """Total prestige of a seat."""
    return sum(_parts(s, seat))


def target(s: YMState) -> int:
    """Prestige needed to win."""
    return 16 if s.options.get("paycheck") == "wealth" else 20


def may_win(s: YMState, seat: int, points: int) -> bool:
    """Whether ``seat`` with ``points`` meets the victory condition."""
    if points < target(s):
        return False
    if s.options.get("paycheck") == "reform":
        levels = catalog().reform_level
        return any(levels[r] >= 3 for r in s.courts[seat].reforms)
    return True


def check_victory(s: YMState) -> bool:
    """End the game if somebody reached the target; highest wins, exact ties share.

    True once the game is over (also when it ended before).
    """
    if s.over:
        return True
    # (the goal of ``target``, inlined: a quiet apply asks this after every move)
    goal = 16 if s.options.get("paycheck") == "wealth" else 20
    # only a seat whose philosophes and reforms reach the goal can be there (slave colonies
    # and the wealth paycheck only take points away); two points a philosophe and five a
    # reform bound those, which rules out nearly every court without a sum
    near = None
    for i, c in enumerate(s.courts):
        n = 2 * len(c.phils)
        if n + 5 * len(c.reforms) >= goal:
            cat = catalog()
            levels, worth = cat.reform_level, cat.phil_prestige
            r = sum([levels[x] for x in c.reforms])
            if n + r >= goal and sum([worth[p] for p in c.phils]) + r >= goal:
                if near is None:
                    near = []
                near.append(i)
    if near is None:
        return False
    pts = {i: prestige(s, i) for i in near}
    able = [i for i in near if may_win(s, i, pts[i])]
    if able:
        best = max(pts[i] for i in able)
        _end(s, [i for i in able if pts[i] == best], "prestige")
        return True
    return False


def end_by_round_limit(s: YMState) -> None:
    """The app's round limit: the highest prestige wins."""
    pts = [prestige(s, i) for i in range(s.players)]
    best = max(pts)
    _end(s, [i for i in range(s.players) if pts[i] == best], "round_limit")


def _end(s: YMState, winners: list[int], reason: str) -> None:
    """The game is over: winners named, and no question awaits an answer any more."""
    s.winners = winners
    s.over = True
    s.end_reason = reason
    if s.stack[-1].step in QUESTIONS:
        s.stack.pop()


# --- figures of a finished game -------------------------------------------------------------
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
