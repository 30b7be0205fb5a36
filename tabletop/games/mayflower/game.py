"""Mayflower on the rules kit.  The kit reads the declaration from the package's role modules
(zones and rebuild from view.py, moves.py, setup.py, flow.py, ai.py); what follows is
Mayflower's own."""

from __future__ import annotations

from typing import Any

from tabletop.engine import DRAG, Gesture, Outcome
from tabletop.engine.kit import RulesGame
from tabletop.games.mayflower import prompts, view
from tabletop.games.mayflower.moves import action_for_drop
from tabletop.games.mayflower.state import MayflowerState
from tabletop.games.mayflower.values import diamond_cards, diamond_total


class MayflowerGame(RulesGame, package=__package__):
    """Mayflower (wisdump.work, 2025) for 2–6 players."""

    def seen_to_act(self, state: MayflowerState, seat: int | None) -> tuple[int, ...]:
        """In an open window the others' views name nobody (M38): a seat sees itself asked,
        or no one (who is asked follows from public facts, but a view only says that answers
        are awaited)."""
        if view.window_open(state):
            return (seat,) if seat is not None and seat in self.to_act(state) else ()
        return tuple(self.to_act(state))

    def describe(self, state: MayflowerState, seat: int | None) -> dict[str, Any]:
        """Prompt, seats and the public facts (see :mod:`.view` and :mod:`.prompts`)."""
        return view.describe(state, seat, prompts.prompt_text(state, seat), prompts.waiting(state))

    def outcome(self, state: MayflowerState) -> Outcome:
        """Diamond totals, a breakdown (diamonds on the table and in hand, then the
        tie-breaks and whether the seat was eliminated) and the winners."""
        scores = [diamond_total(state, p) for p in range(state.players)]
        shown = [diamond_total(state, p, hand=False) for p in range(state.players)]
        breakdown = [
            {
                "diamonds": shown[p],
                "hand_diamonds": scores[p] - shown[p],
                "diamond_cards": diamond_cards(state, p),
                "hp": state.hp[p],
                "eliminated": int(state.out[p] != 0),
            }
            for p in range(state.players)
        ]
        return Outcome(scores, list(state.winners) if state.over else [], breakdown)

    def summary_stats(self, state: MayflowerState) -> dict[str, int | float | str]:
        """How the game ended, eliminations, jokers played, seasons played."""
        return {
            "end": state.end,
            "eliminations": len(state.log_eliminated),
            "jokers": state.jokers_played,
            "seasons": state.season,
        }

    def explain_gesture(self, state: MayflowerState, seat: int, gesture: Gesture) -> str:
        """Why a card dropped at the table is refused, in the rules' own words."""
        if not self.is_over(state) and seat in self.to_act(state) and gesture.kind == DRAG:
            action = action_for_drop(state, seat, gesture.card, gesture.target)
            if action is not None:
                if any(a == action for a in self.legal_actions(state, seat)):
                    return "That card can go there; drop it again."
                return self.why_illegal(state, seat, action)
        return super().explain_gesture(state, seat, gesture)
