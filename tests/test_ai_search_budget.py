"""The search's time cap counts the searching thread's CPU time, not the wall clock: a
machine busy with other work makes a decision slower, never weaker."""

from __future__ import annotations

import time
from typing import Any

from tabletop import registry
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine import Rng

MAJESTY = registry.get("majesty")


class _Waiting:
    """Majesty, but every determinize waits as if the core were busy elsewhere."""

    def __init__(self, game: Any, wait: float) -> None:
        self._game = game
        self._wait = wait

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: Any, seat: int, rng: Rng) -> Any:
        time.sleep(self._wait)  # wall time passes, this thread's CPU time does not
        return self._game.determinize(view, seat, rng)


def _position() -> tuple[Any, int]:
    state = MAJESTY.new_game(2, 3)
    seat = MAJESTY.to_act(state)[0]
    return state, seat


def test_waiting_for_the_core_does_not_cut_the_search_short() -> None:
    state, seat = _position()
    view = MAJESTY.view(state, seat)
    legal = MAJESTY.legal_actions(state, seat)
    # 20 iterations spend 0.4 s of wall time sleeping: a wall-clock cap of 0.2 s would stop
    # after about ten; the CPU cap lets all of them run
    search = ISMCTS(SearchConfig(iterations=20, time_limit=0.2, cutoff=4))
    result = search.search(_Waiting(MAJESTY, 0.02), view, seat, legal, Rng(1))
    assert result.iterations == 20 and not result.timed_out


def test_the_cap_still_stops_a_search_that_uses_the_cpu() -> None:
    state, seat = _position()
    view = MAJESTY.view(state, seat)
    legal = MAJESTY.legal_actions(state, seat)
    search = ISMCTS(SearchConfig(iterations=10**9, time_limit=0.05, cutoff=4))
    result = search.search(MAJESTY, view, seat, legal, Rng(1))
    assert result.timed_out and 0 < result.iterations < 10**9
