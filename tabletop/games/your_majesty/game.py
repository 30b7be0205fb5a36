"""Your Majesty, declared on the rules kit: zones, moves, flow, scoring, AI hooks."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.your_majesty import flow, view
from tabletop.games.your_majesty.data import GAME_ID
from tabletop.games.your_majesty.moves import MOVES
from tabletop.games.your_majesty.scoring import breakdown, prestige, summary_stats
from tabletop.games.your_majesty.setup import new_state
from tabletop.games.your_majesty.state import YMState


class YourMajesty(RulesGame):
    """Your Majesty (Sam A. Mustafa, 2nd edition 2023) for 2–6 players."""

    id = GAME_ID
    zones = view.ZONES
    moves = MOVES
    ai = ".ai"  # its agent and the search's hooks
    heuristic = "HeuristicAgent"
    heuristic_kinds = ("greedy", "heuristic")
    state_type = YMState
    cache_views = True  # a state's views are kept until its next apply (they are read-only)

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> YMState:
        """Removals for the player count, shuffled decks, four cards dealt to each seat."""
        return new_state(players, seed, options)

    def rules_figures(self, options: dict[str, Any]) -> dict[str, Any]:
        """``{goal}``: the victory condition under the Paycheck option (the guide's words)."""
        paycheck = options.get("paycheck", "off")
        if paycheck == "reform":
            goal = "Reach 20 prestige with at least one reform of level 3 or 5"
        elif paycheck == "wealth":
            goal = "Reach 16 prestige (philosophes count only up to your wealth)"
        else:
            goal = "Reach 20 prestige"
        return {"goal": goal}

    advance = staticmethod(flow.advance)  # the second action ends the turn; then victory

    # after a quiet apply ``advance`` has no event to read: the victory is looked for at the
    # end of a turn and after the moves that may change a court
    advance_quiet = staticmethod(flow.advance_quiet)

    def describe(self, state: YMState, seat: int | None) -> dict[str, Any]:
        """Prompt, seats, the public facts and the state as the seat may see it."""
        return view.describe(state, seat)

    from_view = view.rebuild  # a state from a seat's view (declared in view.py)

    def not_your_turn(self, state: YMState, seat: int) -> str:
        """Who is awaited."""
        who = self.to_act(state)
        if not who:
            return "The game is over."
        return f"It is not your decision now: waiting for {state.names[who[0]]}."

    def is_over(self, state: YMState) -> bool:
        """Whether the game has ended (asked several times a move: a plain method, which
        CPython 3.11 calls faster than an ``attrgetter`` kept on the class)."""
        return state.over

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
