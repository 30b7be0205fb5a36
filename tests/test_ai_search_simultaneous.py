"""The search over a simultaneous decision whose seats' options change as others move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine import Action, Event, Game, GameInfo, Outcome, Rng
from tabletop.engine.game import IMPERFECT

A, B, NEXT = Action.make("a"), Action.make("b"), Action.make("next")


@dataclass
class _State:
    players: int = 2
    round: int = 0
    waiting: list[int] = field(default_factory=lambda: [0, 1])
    points: list[int] = field(default_factory=lambda: [0, 0])


class _Rush(Game):
    """Both seats decide at once; seat 0's ``a`` ends the round for seat 1 as well, and the
    next round offers only ``next``: seat 1's choice made beforehand is no longer legal."""

    info = GameInfo("rush", "Rush", 2, 2, IMPERFECT, True)
    state_type = _State

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> _State:
        return _State()

    def to_act(self, state: _State) -> list[int]:
        return [] if self.is_over(state) else list(state.waiting)

    def legal_actions(self, state: _State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [A, B] if state.round == 0 else [NEXT]

    def _apply(self, state: _State, seat: int, action: Action) -> list[Event]:
        state.points[seat] += action == A
        state.waiting.remove(seat)
        if action == A or not state.waiting:
            state.round += 1
            state.waiting = [0, 1]
        return []

    def view(self, state: _State, seat: int | None) -> dict[str, Any]:
        return {"round": state.round, "waiting": list(state.waiting), "points": state.points}

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> _State:
        return _State(2, view["round"], list(view["waiting"]), list(view["points"]))

    def is_over(self, state: _State) -> bool:
        return state.round >= 3

    def outcome(self, state: _State) -> Outcome:
        best = max(state.points)
        return Outcome(list(state.points), [p for p in (0, 1) if state.points[p] == best])


def test_a_seat_whose_chosen_move_became_illegal_is_searched_without_error() -> None:
    game = _Rush()
    state = game.new_game(2, 1)
    search = ISMCTS(SearchConfig(iterations=60, time_limit=None, cutoff=-1))
    result = search.search(game, game.view(state, 1), 1, game.legal_actions(state, 1), Rng(3))
    assert result.action in (A, B)
    assert result.iterations == 60
