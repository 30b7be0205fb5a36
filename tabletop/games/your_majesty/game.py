"""Your Majesty, declared on the rules kit: zones, moves, flow, scoring, AI hooks."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from tabletop.engine import Action, Outcome, Rng
from tabletop.engine.events import QUIET
from tabletop.engine.kit import _LEGAL, _VIEWS, RulesGame  # the kit's caches on a state
from tabletop.games.your_majesty import flow, view
from tabletop.games.your_majesty.data import GAME_ID
from tabletop.games.your_majesty.moves import MOVES
from tabletop.games.your_majesty.scoring import breakdown, prestige, summary_stats
from tabletop.games.your_majesty.setup import new_state
from tabletop.games.your_majesty.state import YMState

# each move's apply by name, for the quiet apply of playouts
_APPLY = {name: move.apply for name, move in MOVES.by_name.items()}
# the one function listing a step's actions: its one-pass function, or its only move's
_LISTS = {
    step: MOVES.together.get(step) or moves[0].generate
    for step, moves in MOVES.by_step.items()
    if step in MOVES.together or len(moves) == 1
}


class YourMajesty(RulesGame):
    """Your Majesty (Sam A. Mustafa, 2nd edition 2023) for 2–6 players."""

    id = GAME_ID
    zones = view.ZONES
    moves = MOVES
    state_type = YMState
    cache_views = True  # a state's views are kept until its next apply (they are read-only)

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> YMState:
        """Removals for the player count, shuffled decks, four cards dealt to each seat."""
        return new_state(players, seed, options)

    advance = staticmethod(flow.advance)  # the second action ends the turn; then victory

    # --- the kit's protocol, for the frames of this game: each waits for one seat ---------
    def to_act(self, state: YMState) -> list[int]:
        """The seat the top decision waits for (nobody once the game is over)."""
        stack = state.stack
        if not stack or state.over:
            return []
        return stack[-1].seats[:1]

    def legal_actions(self, state: YMState, seat: int) -> list[Action]:
        """``RulesGame.legal_actions`` (cached the same way until the next apply), calling
        the step's list straight away: playouts and searches ask it before every move."""
        found = state.__dict__
        cached = found.get(_LEGAL)
        if cached is not None and cached[0] == seat:
            return cached[1]
        stack = state.stack
        if not stack or state.over:
            return []
        top = stack[-1]
        seats = top.seats
        if not seats or seats[0] != seat:
            return []
        step = top.step
        listing = _LISTS.get(step)
        acts = listing(state, seat) if listing is not None else MOVES.legal(state, seat, step)
        found[_LEGAL] = (seat, acts)
        return acts

    def _play(self, state: YMState, seat: int, action: Action) -> None:
        """Apply a legal action building no events (see ``RulesGame._play``): the victory
        is looked for at the end of a turn and after the moves that may change a court."""
        found = state.__dict__
        found.pop(_LEGAL, None)
        found.pop(_VIEWS, None)
        name = action.name
        _APPLY[name](state, seat, action, QUIET)
        flow.advance_quiet(state, name)

    def describe(self, state: YMState, seat: int | None) -> dict[str, Any]:
        """Prompt, seats, the public facts and the state as the seat may see it."""
        return view.describe(state, seat)

    def rebuild(self, view_: Mapping[str, Any], seat: int, rng: Rng) -> YMState:
        """The unseen action cards and philosophes dealt at random."""
        return view.rebuild(view_, seat, rng)

    def not_your_turn(self, state: YMState, seat: int) -> str:
        """Who is awaited."""
        who = self.to_act(state)
        if not who:
            return "The game is over."
        return f"It is not your decision now: waiting for {state.names[who[0]]}."

    # whether the game has ended: read straight off the state (asked several times a move)
    is_over = attrgetter("over")  # type: ignore[assignment]

    def outcome(self, state: YMState) -> Outcome:
        """Prestige per seat, its breakdown, and the winners once over."""
        return Outcome(
            [prestige(state, i) for i in range(state.players)],
            list(state.winners),
            [breakdown(state, i) for i in range(state.players)],
        )

    def summary_stats(self, state: YMState) -> dict[str, int | float | str]:
        """Rounds, win path, salons and more about a finished game."""
        return summary_stats(state)

    # --- AI ------------------------------------------------------------------------------------
    def heuristic_agent(self, kind: str) -> Any:
        """The heuristic agent for ``greedy`` (None for other kinds)."""
        if kind in ("greedy", "heuristic"):
            from tabletop.games.your_majesty.ai import HeuristicAgent

            return HeuristicAgent()
        return None

    def ai_hooks(self) -> dict[str, Any]:
        """Rollout policy, evaluation and heuristic for the generic search."""
        from tabletop.games.your_majesty.ai import hooks

        return hooks()
