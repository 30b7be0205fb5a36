"""Undo barriers: the steps that showed hidden information, which undo may never cross."""

from __future__ import annotations

from tabletop.engine import Event, Game
from tabletop.engine.events import REVEAL


def is_barrier(event: Event) -> bool:
    """Whether one event shows hidden information.

    A game may decide explicitly with ``data["barrier"]``; otherwise a REVEAL and an event
    with a private part (a card only one seat may see) are barriers.
    """
    flag = event.data.get("barrier") if isinstance(event.data, dict) else None
    if flag is not None:
        return bool(flag)
    return event.kind == REVEAL or event.private_to is not None


def step_is_barrier(game: Game, events: list[Event]) -> bool:
    """Whether undo may not cross the step that gave ``events``.

    A game on the rules kit says so itself (its moves and zones declare what reveals);
    for the others, the events are read as :func:`is_barrier` does.
    """
    revealed = getattr(game, "revealed", None)
    if revealed is not None:
        return bool(revealed(events))
    return any(is_barrier(e) for e in events)
