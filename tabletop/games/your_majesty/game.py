"""Your Majesty on the rules kit.  The kit reads the declaration from the package's role
modules (zones, describe and rebuild from view.py, setup.py, flow.py with its quiet
advance, scoring.py's summary, ai.py); what follows is Your Majesty's own."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.your_majesty.scoring import breakdown, prestige
from tabletop.games.your_majesty.state import YMState


class YourMajesty(RulesGame, package=__package__):
    """Your Majesty (Sam A. Mustafa, 2nd edition 2023) for 2–6 players."""

    heuristic = "HeuristicAgent"
    heuristic_kinds = ("greedy", "heuristic")
    cache_views = True  # a state's views are kept until its next apply (they are read-only)

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

    def not_your_turn(self, state: YMState, seat: int) -> str:
        """Who is awaited."""
        who = self.to_act(state)
        if not who:
            return "The game is over."
        return f"It is not your decision now: waiting for {state.names[who[0]]}."

    def outcome(self, state: YMState) -> Outcome:
        """Prestige per seat, its breakdown, and the winners once over."""
        return Outcome(
            [prestige(state, i) for i in range(state.players)],
            list(state.winners),
            [breakdown(state, i) for i in range(state.players)],
        )
