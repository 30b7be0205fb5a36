"""The Majesty game object: the engine protocol wired to the rule modules."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Event, Game, GameInfo, Outcome, Rng
from tabletop.games.majesty import rules, view
from tabletop.games.majesty.catalog import catalog
from tabletop.games.majesty.scoring import winners_of
from tabletop.games.majesty.setup import new_state
from tabletop.games.majesty.state import BREAKDOWN_FINAL, BREAKDOWN_PLAY, MajestyState


def _info() -> GameInfo:
    g = catalog().data.game
    return GameInfo(
        id=g.id,
        name=g.name,
        min_players=g.min_players,
        max_players=g.max_players,
        information=g.information,
        simultaneous=g.simultaneous,
        options=g.options,
        designer=g.designer,
        summary=g.summary,
    )


class MajestyGame(Game):
    """Majesty: For the Realm (Marc André, 2017) for 2–4 players."""

    info = _info()
    state_type = MajestyState

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> MajestyState:
        """A fresh, seeded game."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(f"Majesty is for 2 to 4 players, not {players}")
        return new_state(players, seed, self.info.resolve_options(options))

    def to_act(self, state: MajestyState) -> list[int]:
        """The active seat (nobody once the game is over)."""
        return [] if state.over else [state.current]

    def legal_actions(self, state: MajestyState, seat: int) -> list[Action]:
        """Takes from the display, or the pending exchange / heal choices."""
        return rules.legal_actions(state, seat)

    def _apply(self, state: MajestyState, seat: int, action: Action) -> list[Event]:
        """Apply a checked action."""
        return rules.apply_action(state, seat, action)

    def why_illegal(self, state: MajestyState, seat: int, action: Action) -> str:
        """The reason in plain words."""
        return rules.why_illegal(state, seat, action)

    def view(self, state: MajestyState, seat: int | None) -> dict[str, Any]:
        """Everything but the deck order (see :meth:`Game.view`)."""
        return view.build_view(state, seat, self.to_act(state))

    def determinize(self, view_: dict[str, Any], seat: int, rng: Rng) -> MajestyState:
        """A state consistent with the view; the deck order per tier is sampled."""
        return view.determinize(view_, seat, rng)

    def is_over(self, state: MajestyState) -> bool:
        """True after final scoring."""
        return state.over

    def outcome(self, state: MajestyState) -> Outcome:
        """Scores, the named breakdown (play reasons + final steps) and the winners."""
        keys = BREAKDOWN_PLAY + BREAKDOWN_FINAL
        breakdown = [{k: g.get(k, 0) for k in keys} for g in state.gains]
        winners = winners_of(state.scores) if state.over else []
        return Outcome(list(state.scores), winners, breakdown)

    def copy(self, state: MajestyState) -> MajestyState:
        """A deep copy (hand-written, cheaper than pickling)."""
        return state.clone()

    def state_to_json(self, state: MajestyState) -> dict[str, Any]:
        """The state as plain JSON data (same shape as the generic converter)."""
        return state.to_json()

    def state_from_json(self, data: dict[str, Any]) -> MajestyState:
        """Rebuild a state from :meth:`state_to_json` output."""
        return MajestyState.from_json(data)

    def heuristic_agent(self, kind: str) -> Any:
        """``greedy`` → the greedy agent; other kinds are unknown here."""
        if kind == "greedy":
            from tabletop.games.majesty.ai import GreedyAgent

            return GreedyAgent()
        return None
