"""Wealth, prestige and the victory check."""

from __future__ import annotations

from functools import cache

from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.state import YMState

ROUND_LIMIT = 60


@cache
def _tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    cat = catalog()
    return tuple(p.prestige for p in cat.phils), tuple(r.level for r in cat.reforms)


@cache
def _abolition() -> int:
    return catalog().reform_named("Abolition of Slavery")


def abolished(s: YMState) -> bool:
    """Whether anybody has implemented Abolition of Slavery."""
    ab = _abolition()
    return any(ab in c.reforms for c in s.courts)


def wealth(s: YMState, seat: int) -> int:
    """Coins of the seat's colonies, less two per Hurricane aimed at it (never below 0)."""
    cat = catalog()
    coins = sum(cat.colonies[c].coins for c in s.courts[seat].colonies)
    if not any(c.lingering for c in s.courts):
        return coins
    for court in s.courts:
        for card, target in zip(court.lingering, court.linger_target, strict=True):
            if target == seat and cat.actions[card].effect == "hurricane":
                coins -= 2
    return max(0, coins)


def max_hand(s: YMState, seat: int) -> int:
    """Four, or five with Enlightened Despot."""
    return 5 if s.courts[seat].despot else 4


@cache
def _slaves() -> tuple[bool, ...]:
    return tuple(c.slave for c in catalog().colonies)


def breakdown(s: YMState, seat: int) -> dict[str, int]:
    """Prestige by source."""
    pp, rl = _tables()
    court = s.courts[seat]
    if s.options.get("paycheck") == "wealth":
        values = sorted((pp[p] for p in court.phils), reverse=True)[: wealth(s, seat)]
        phil_points = sum(values)
    else:
        phil_points = sum(pp[p] for p in court.phils)
    slave = _slaves()
    slaves = sum(1 for c in court.colonies if slave[c])
    if slaves and abolished(s):
        slaves = 0
    return {
        "philosophes": phil_points,
        "reforms": sum(rl[r] for r in court.reforms),
        "slave_colonies": -slaves,
    }


def prestige(s: YMState, seat: int) -> int:
    """Total prestige of a seat."""
    return sum(breakdown(s, seat).values())


def target(s: YMState) -> int:
    """Prestige needed to win."""
    return 16 if s.options.get("paycheck") == "wealth" else 20


def may_win(s: YMState, seat: int, points: int) -> bool:
    """Whether ``seat`` with ``points`` meets the victory condition."""
    if points < target(s):
        return False
    if s.options.get("paycheck") == "reform":
        cat = catalog()
        return any(cat.reforms[r].level >= 3 for r in s.courts[seat].reforms)
    return True


def check_victory(s: YMState) -> bool:
    """End the game if somebody reached the target; highest wins, exact ties share."""
    if s.over:
        return True
    pp, rl = _tables()
    goal = target(s)
    if all(sum(pp[p] for p in c.phils) + sum(rl[r] for r in c.reforms) < goal for c in s.courts):
        return False  # nobody can be there, even before slave colonies are counted
    pts = [prestige(s, i) for i in range(s.players)]
    able = [i for i in range(s.players) if may_win(s, i, pts[i])]
    if able:
        best = max(pts[i] for i in able)
        s.winners = [i for i in able if pts[i] == best]
        s.over = True
        s.end_reason = "prestige"
        s.pending = None
        return True
    return False


def end_by_round_limit(s: YMState) -> None:
    """The app's round limit: the highest prestige wins."""
    pts = [prestige(s, i) for i in range(s.players)]
    best = max(pts)
    s.winners = [i for i in range(s.players) if pts[i] == best]
    s.over = True
    s.end_reason = "round_limit"
    s.pending = None
