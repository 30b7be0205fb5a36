"""Wealth, prestige and the victory check."""

from __future__ import annotations

from functools import cache

from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.state import YMState

ROUND_LIMIT = 60
_CAT = catalog()


@cache
def _abolition() -> int:
    return catalog().reform_named("Abolition of Slavery")


def abolished(s: YMState) -> bool:
    """Whether anybody has implemented Abolition of Slavery."""
    ab = _abolition()
    return any(ab in c.reforms for c in s.courts)


def wealth(s: YMState, seat: int) -> int:
    """Coins of the seat's colonies, less two per Hurricane aimed at it (never below 0)."""
    coins = sum(map(_CAT.coins.__getitem__, s.courts[seat].colonies))
    for court in s.courts:
        if court.lingering:
            return _after_hurricanes(s, seat, coins)
    return coins


def _after_hurricanes(s: YMState, seat: int, coins: int) -> int:
    effect = _CAT.effect
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
    court = s.courts[seat]
    if s.options.get("paycheck") == "wealth":
        values = sorted(map(_CAT.phil_prestige.__getitem__, court.phils), reverse=True)
        phil_points = sum(values[: wealth(s, seat)])
    else:
        phil_points = sum(map(_CAT.phil_prestige.__getitem__, court.phils))
    slaves = sum(map(_CAT.slave.__getitem__, court.colonies))
    if slaves and abolished(s):
        slaves = 0
    return phil_points, sum(map(_CAT.reform_level.__getitem__, court.reforms)), -slaves


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
    """End the game if somebody reached the target; highest wins, exact ties share."""
    if s.over:
        return True
    phil_points, reform_points = _CAT.phil_prestige.__getitem__, _CAT.reform_level.__getitem__
    goal = target(s)
    # only a seat whose philosophes and reforms reach the goal can be there (slave colonies
    # and the wealth paycheck only take points away); two and five points a card bound those
    near = [
        i
        for i, c in enumerate(s.courts)
        if 2 * len(c.phils) + 5 * len(c.reforms) >= goal
        and sum(map(phil_points, c.phils)) + sum(map(reform_points, c.reforms)) >= goal
    ]
    if not near:
        return False
    pts = {i: prestige(s, i) for i in near}
    able = [i for i in near if may_win(s, i, pts[i])]
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
