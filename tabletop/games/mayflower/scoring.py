"""The end of the game: the last player standing, or the diamonds after season four (M26),
or, when everyone falls at once, the diamonds of those just eliminated (M34)."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.engine.events import GAME_OVER
from tabletop.engine.words import plural
from tabletop.games.mayflower.state import (
    END_ALL_OUT,
    END_DIAMONDS,
    END_LAST,
    MayflowerState,
    who,
)
from tabletop.games.mayflower.values import diamond_cards, diamond_total


def rank_key(s: MayflowerState, seat: int) -> tuple[int, int, int]:
    """What decides between players: diamonds, then hit points, then diamond cards (M26)."""
    return (diamond_total(s, seat), s.hp[seat], diamond_cards(s, seat))


def best_of(s: MayflowerState, seats: list[int]) -> list[int]:
    """The seats among ``seats`` that rank first (several share the win)."""
    keys = {p: rank_key(s, p) for p in seats}
    top = max(keys.values())
    return [p for p in seats if keys[p] == top]


def finish(s: MayflowerState, alive: list[int], events: list[Event]) -> None:
    """One player is left: they win at once."""
    _over(s, alive, END_LAST, f"{who(alive[0])} is the last player standing and wins.", events)


def finish_all_out(s: MayflowerState, falling: list[int], events: list[Event]) -> None:
    """Everyone fell at once: the richest of them wins (M34)."""
    win = best_of(s, falling)
    text = f"Nobody is left standing; {_names(win)} {_verb(win)} on diamonds."
    _over(s, win, END_ALL_OUT, text, events)


def final_scoring(s: MayflowerState, events: list[Event]) -> None:
    """After season four: the survivor with the most diamonds wins (M26)."""
    win = best_of(s, s.living())
    total = diamond_total(s, win[0])
    text = f"{_names(win)} {_verb(win)} with {plural(total, 'diamond point')}."
    _over(s, win, END_DIAMONDS, text, events)


def _names(seats: list[int]) -> str:
    return " and ".join(who(p) for p in seats)


def _verb(seats: list[int]) -> str:
    return "share the victory" if len(seats) > 1 else "wins"


def _over(s: MayflowerState, win: list[int], end: str, text: str, events: list[Event]) -> None:
    s.over = True
    s.winners = list(win)
    s.end = end
    s.stack = []
    scores = [diamond_total(s, p) for p in range(s.players)]
    events.append(Event(GAME_OVER, text, {"scores": scores, "winners": list(win), "end": end}))
