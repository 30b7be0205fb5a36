"""Monarch on the rules kit.  The kit reads the declaration from the package's role modules
(zones, describe and rebuild from view.py, moves.py, setup.py, flow.py, ai.py); what
follows is Monarch's own."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Gesture, Outcome
from tabletop.engine.actions import DRAG
from tabletop.engine.kit import RulesGame
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import CARDS, COURT, catalog
from tabletop.games.monarch.moves import ACQUIRE, FLY, card_of
from tabletop.games.monarch.scoring import leftovers, winners_of
from tabletop.games.monarch.state import MonarchState


class MonarchGame(RulesGame, package=__package__):
    """Monarch (Flanagan, Seidman, Downs, 2015) for 2–4 players."""

    def outcome(self, state: MonarchState) -> Outcome:
        """Crowns, their breakdown (court, banners, guests, food and gold left) and the winners."""
        parts = [fx.breakdown(state, p) for p in range(state.players)]
        scores = [sum(b.values()) for b in parts]
        left = leftovers(state)
        breakdown = [dict(b, left=left[p]) for p, b in enumerate(parts)]
        winners = winners_of(scores, left) if state.over else []
        return Outcome(scores, winners, breakdown)

    def summary_stats(self, state: MonarchState) -> dict[str, int | float | str]:
        """How the game ended, its length, and how each pay-together Moon went (a Moon is
        resolved at most once a game: it goes to the box)."""
        out: dict[str, int | float | str] = {
            "end": state.ended or "unfinished",
            "rounds": state.round,
            "turns": state.turns,
        }
        cat = catalog()
        for moon in cat.market:
            c = cat.cards[moon]
            if c.pledge:
                paid = state.moons.get(f"{c.id}:paid", 0)
                unpaid = state.moons.get(f"{c.id}:unpaid", 0)
                out[c.name] = "paid" if paid else "unpaid" if unpaid else "not drawn"
        return out

    def explain_gesture(self, state: MonarchState, seat: int, gesture: Gesture) -> str:
        """A refused drop gets the rules' reason (a lower improvement, a full court …)."""
        if self.is_over(state) or seat not in self.to_act(state) or gesture.kind != DRAG:
            return super().explain_gesture(state, seat, gesture)
        if gesture.source == "banners":
            return self.why_illegal(state, seat, Action.make(FLY, banner=gesture.card))
        if gesture.source != "row":
            return super().explain_gesture(state, seat, gesture)
        if gesture.target is None:  # picked up, not dropped: the rule keeping it in the row
            return self._row_card_stays(state, seat, gesture)
        target = gesture.target or ""
        args: dict[str, Any] = {"card": gesture.card}
        if card_of(target) >= 0:
            args.update(to="court", replace=target)
        elif target == f"p{seat}.court":
            args["to"] = "court"
        else:
            args["to"] = target
        return self.why_illegal(state, seat, Action.make(ACQUIRE, **args))

    def _row_card_stays(self, state: MonarchState, seat: int, gesture: Gesture) -> str:
        """Why a market card no drop could take is stuck: its cost, a full court, no land."""
        if any(a.gesture.card == gesture.card for a in self.legal_actions(state, seat)):
            return super().explain_gesture(state, seat, gesture)
        c = card_of(gesture.card or "")
        if c < 0 or c not in state.row:
            return super().explain_gesture(state, seat, gesture)
        if CARDS[c].kind == COURT:
            targets = ["court"]
        else:
            targets = [f"land.{i + 1}" for i in range(len(state.lands))] + ["discard"]
        reasons = [
            self.why_illegal(state, seat, Action.make(ACQUIRE, card=gesture.card, to=to))
            for to in targets
        ]
        # a land of the wrong kind says nothing of this card: a cost or a cover rule does
        fitting = [r for r in reasons if " improvement; land " not in r]
        return (fitting or reasons)[0]

    def state_to_json(self, state: MonarchState) -> dict[str, Any]:
        """The state as plain JSON data."""
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> MonarchState:
        """Rebuild a state from :meth:`state_to_json` output (the catalog built first: the
        rules index its per-card lists, which a process that never dealt has not filled)."""
        catalog()
        return MonarchState.from_json(data)
