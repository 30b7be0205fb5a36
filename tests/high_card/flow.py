"""What follows a move of High Card: the turn passes to the next seat holding cards, and the
game ends once every hand is empty."""

from __future__ import annotations

from high_card.state import PLAY, HighCardState
from tabletop.engine import Event
from tabletop.engine.decisions import turn


def advance(s: HighCardState, seat: int, events: list[Event]) -> None:
    """Pass the turn on (``events`` may be QUIET: the flow never reads them)."""
    s.stack.pop()
    for step in range(1, s.players + 1):
        nxt = (seat + step) % s.players
        if s.hands[nxt]:
            s.stack.append(turn(PLAY, nxt))
            return
    s.over = True
