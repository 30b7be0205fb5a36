"""The CPU cap is checked inside a play-out, not only between play-outs: a search whose cap
passes in the middle of a long play-out stops there, so a decision overruns its cap by at
most one move of a play-out.  The clock is injected (a counter that ticks one "second" each
time it is read), so nothing here depends on the machine's speed."""

from __future__ import annotations

import gc
from dataclasses import replace
from typing import Any

import pytest

from tabletop import registry
from tabletop.ai.ismcts import ISMCTS
from tabletop.ai.levels import level_config
from tabletop.ai.paired import PairedSearch
from tabletop.ai.positions import random_position
from tabletop.engine import Rng

#: the cap, in ticks of the injected clock: a handful of play-out steps
CAP = 6.0


class _Ticking:
    """A clock that moves on by one each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


class _Counting:
    """A game that counts the moves played on it (in the tree and in play-outs)."""

    def __init__(self, game: Any) -> None:
        self.inner = game
        self.played = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def play(self, state: Any, seat: int, action: Any) -> Any:
        self.played += 1
        return self.inner.play(state, seat, action)

    def _play(self, state: Any, seat: int, action: Any) -> Any:
        self.played += 1
        return self.inner._play(state, seat, action)

    def _apply(self, state: Any, seat: int, action: Any) -> Any:
        self.played += 1
        return self.inner._apply(state, seat, action)


def _position(gid: str, players: int, seed: int, steps: int) -> tuple[Any, Any, int, list[Any]]:
    game = registry.get(gid)
    s = random_position(game, players, seed, steps)
    seat = game.to_act(s)[0]
    return game, game.view(s, seat), seat, game.legal_actions(s, seat)


def test_a_paired_play_out_is_cut_when_the_cap_passes_in_its_middle() -> None:
    """Mayflower's Hard plays every world out to the end of the game (hundreds of moves a
    candidate); with the cap passing after a few clock reads, the first play-out stops
    within a move of it, the world is left out and the search reports the time out."""
    game, view, seat, legal = _position("mayflower", 3, 10, 15)
    hard = level_config("hard", game)
    assert hard is not None and hard.paired and hard.cutoff == -1
    counting = _Counting(game)
    search = PairedSearch(replace(hard, time_limit=CAP), clock=_Ticking())
    result = search.search(counting, view, seat, legal, Rng(3))
    assert result.timed_out
    assert result.iterations == 0  # the cut world is not counted half-compared
    assert result.action in legal
    assert counting.played <= CAP + 1


def test_the_same_paired_search_without_the_cap_plays_far_longer() -> None:
    """The control: uncapped, one world's play-outs take many more moves than the cap allows
    (so the test above shows a cut, not a short game)."""
    game, view, seat, legal = _position("mayflower", 3, 10, 15)
    hard = level_config("hard", game)
    assert hard is not None
    counting = _Counting(game)
    PairedSearch(replace(hard, time_limit=None, iterations=1)).search(
        counting, view, seat, legal, Rng(3)
    )
    assert counting.played > 10 * CAP


def test_a_tree_play_out_is_cut_when_the_cap_passes_in_its_middle() -> None:
    """Majesty's tree search with play-outs to the end of the game (no cut-off): the cap
    passes during the first iteration's play-out, which stops within a move of it; the
    iteration's value is the evaluation of where the play-out stopped."""
    game, view, seat, legal = _position("majesty", 3, 3, 4)
    hard = level_config("hard", game)
    assert hard is not None and not hard.paired
    cfg = replace(hard, time_limit=CAP, cutoff=-1)
    counting = _Counting(game)
    result = ISMCTS(cfg, clock=_Ticking()).search(counting, view, seat, legal, Rng(3))
    assert result.timed_out and result.iterations == 1
    assert counting.played <= CAP + 1
    uncapped = _Counting(game)
    ISMCTS(replace(cfg, time_limit=None, iterations=1)).search(uncapped, view, seat, legal, Rng(3))
    assert uncapped.played > 3 * CAP


class _FreezeWatch:
    """A clock that notes, each time it is read, how many objects the collector skips."""

    def __init__(self) -> None:
        self.now = 0.0
        self.frozen: list[int] = []

    def __call__(self) -> float:
        self.frozen.append(gc.get_freeze_count())
        self.now += 1e-9
        return self.now


@pytest.mark.parametrize("gid", ["majesty", "mayflower"])
def test_the_heap_is_frozen_for_the_collector_while_a_search_runs(gid: str) -> None:
    """A full collection traverses the whole heap in one piece (0.07 s of CPU measured in a
    6-player Mayflower decision), which no reading of the cap's clock can interrupt: during
    a search the objects older than it are frozen (``gc.freeze``), and unfrozen after."""
    game, view, seat, legal = _position(gid, 3, 10, 15)
    cfg = level_config("hard", game)
    assert cfg is not None
    before = gc.get_freeze_count()
    watch = _FreezeWatch()
    search = PairedSearch if cfg.paired else ISMCTS
    search(replace(cfg, time_limit=1.0, iterations=3), clock=watch).search(
        game, view, seat, legal, Rng(3)
    )
    assert len(watch.frozen) > 2
    assert min(watch.frozen[1:]) > before  # every read inside the search loop
    assert gc.get_freeze_count() == before
