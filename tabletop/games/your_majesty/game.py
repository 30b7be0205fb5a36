"""The Your Majesty game object: the engine protocol over the rules of this package."""

from __future__ import annotations

from typing import Any

from tabletop.engine import (
    IMPERFECT,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
)
from tabletop.engine.events import GAME_OVER
from tabletop.games.your_majesty import legal as L
from tabletop.games.your_majesty import view as V
from tabletop.games.your_majesty.catalog import GAME_ID, catalog
from tabletop.games.your_majesty.resolve import apply_action
from tabletop.games.your_majesty.scoring import breakdown, check_victory, prestige
from tabletop.games.your_majesty.setup import new_state
from tabletop.games.your_majesty.state import YMState, copy_state
from tabletop.games.your_majesty.stats import summary_stats


def _info() -> GameInfo:
    g = catalog().data.game
    return GameInfo(
        id=g.id,
        name=g.name,
        min_players=g.min_players,
        max_players=g.max_players,
        information=IMPERFECT,
        simultaneous=False,
        options=tuple(
            OptionSpec(o.key, o.label, o.default, o.choices, o.kind, o.help) for o in g.options
        ),
        designer=g.designer,
        summary=g.summary,
    )


_KEYS = ("card", "cost", "colony", "reform", "phil")


class YourMajesty(Game):
    """Your Majesty (2nd edition) for 2–6 players."""

    info = _info()
    state_type = YMState

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> YMState:
        """A fresh, seeded game."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(
                f"{self.info.name} takes {self.info.min_players}–{self.info.max_players} players"
            )
        return new_state(players, seed, self.info.resolve_options(options))

    def to_act(self, state: YMState) -> list[int]:
        """The seat deciding now (a passive player while an answer is awaited)."""
        return L.to_act(state)

    def legal_actions(self, state: YMState, seat: int) -> list[Action]:
        """Every legal action of ``seat``."""
        return L.legal(state, seat)

    def apply(self, state: YMState, seat: int, action: Action) -> list[Event]:
        """Check ``action`` against the legal actions of its kind, then apply it."""
        if state.over:
            raise IllegalAction("The game is over.")
        if seat not in L.to_act(state):
            raise IllegalAction(self.not_your_turn(state, seat))
        key = next((v for k, v in action.args if k in _KEYS), None)
        for candidate in L.legal(state, seat, only=action.name, key=key):
            if candidate == action:
                return self._apply(state, seat, candidate)
        raise IllegalAction(self.why_illegal(state, seat, action))

    def _apply(self, state: YMState, seat: int, action: Action) -> list[Event]:
        events = apply_action(state, seat, action)
        if check_victory(state):
            names = " and ".join(state.names[w] for w in state.winners)
            events.append(
                Event(
                    GAME_OVER,
                    f"The glory of Enlightenment goes to {names}.",
                    {"scores": self.scores(state), "winners": list(state.winners)},
                )
            )
        return events

    def not_your_turn(self, state: YMState, seat: int) -> str:
        """Who is awaited."""
        who = L.to_act(state)
        return (
            f"It is not your decision now: waiting for {state.names[who[0]]}."
            if who
            else "The game is over."
        )

    def why_illegal(self, state: YMState, seat: int, action: Action) -> str:
        """Explain a refusal in words."""
        p = state.pending
        if p is not None:
            return f"{action} is not possible now: an answer is awaited ({V.prompt(state, seat)})"
        if action.name in state.used and action.name != "end_turn":
            return "You already took that kind of action this turn."
        kinds = {
            "choose_colony": "colony",
            "draw_philosophe": "philosophe",
            "play_event": "event",
            "campaign": "campaign",
            "propose_salon": "salon",
            "refill": "refill",
        }
        if kinds.get(action.name) in state.used:
            return "You may not take the same kind of action twice in one turn."
        return f"{action} is not allowed now (a card, a target or a rule is missing)."

    def view(self, state: YMState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see."""
        return V.view(state, seat)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> YMState:
        """A state consistent with ``view``, hidden cards sampled."""
        return V.determinize(view, seat, rng)

    def copy(self, state: YMState) -> YMState:
        """An independent copy (lists copied, immutable parts shared)."""
        return copy_state(state)

    def is_over(self, state: YMState) -> bool:
        """Whether the game has ended."""
        return state.over

    def outcome(self, state: YMState) -> Outcome:
        """Prestige per seat, its breakdown, and the winners once over."""
        return Outcome(
            [prestige(state, i) for i in range(state.players)],
            list(state.winners),
            [breakdown(state, i) for i in range(state.players)],
        )

    def summary_stats(self, state: YMState) -> dict[str, int | float | str]:
        """Rounds, win path, salons and more about a finished game (``stats.py``)."""
        return summary_stats(state)

    def ai_hooks(self) -> dict[str, Any]:
        """Rollout policy, evaluation and heuristic for the generic search."""
        from tabletop.games.your_majesty.ai_hooks import ai_hooks

        return ai_hooks(self)

    def heuristic_agent(self, kind: str) -> Any:
        """The heuristic agent for ``greedy`` (None for other kinds)."""
        from tabletop.games.your_majesty.ai import HeuristicAgent

        return HeuristicAgent() if kind in ("greedy", "heuristic") else None


GAME = YourMajesty()
assert GAME.info.id == GAME_ID
