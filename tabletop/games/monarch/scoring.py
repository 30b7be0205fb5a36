"""Final scoring (the reminder card's reconstruction) and the winners with MO2's tie-break."""

from __future__ import annotations

from functools import partial

from tabletop.engine import Event
from tabletop.engine.events import GAME_OVER, PHASE
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.state import MonarchState, plural, who


def winners_of(scores: list[int], left: list[int]) -> list[int]:
    """The most crowns; among equals the most food and gold left; then a shared reign (MO2)."""
    best = max(scores)
    tied = [p for p, v in enumerate(scores) if v == best]
    most = max(left[p] for p in tied)
    return [p for p in tied if left[p] == most]


def leftovers(s: MonarchState) -> list[int]:
    """Food and gold left, per sister (the tie-break)."""
    return [s.food[p] + s.gold[p] for p in range(s.players)]


def _scored(seat: int, parts: dict[str, int]) -> str:
    total = sum(parts.values())
    return (
        f"{who(seat)}: {plural(parts['court'], 'crown')} in court, {parts['banners']} from "
        f"banners, {parts['guests']} for guests — {plural(total, 'crown')}."
    )


def _over(names: str, verb: str, crowns: int) -> str:
    return f"{names} {verb} with {plural(crowns, 'crown')}."


def final_scoring(s: MonarchState, events: list[Event]) -> None:
    """Score every court, banner and guest, and mark the game over."""
    why = "a court is full" if s.ended == "court" else f"{s.round} rounds have been played"
    events.append(Event(PHASE, f"The game ends: {why}.", {"name": "final_scoring"}))
    scores = []
    for p in range(s.players):
        parts = fx.breakdown(s, p)
        scores.append(sum(parts.values()))
        events.append(Event(PHASE, partial(_scored, p, parts), {"seat": p, **parts}))
    s.over = True
    win = winners_of(scores, leftovers(s))
    names = " and ".join(who(p) for p in win)
    verb = "share the throne" if len(win) > 1 else "will reign"
    events.append(
        Event(
            GAME_OVER,
            partial(_over, names, verb, scores[win[0]]),
            {"scores": scores, "winners": win},
        )
    )
