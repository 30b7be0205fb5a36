"""Move sequences drawn by hypothesis: any legal moves, from any deal, keep the invariants.

A sequence is a list of picks (each picks one of the legal actions of the seat to act); after
every move the copy taken before it is untouched, the state survives JSON, every card of a
kit game lies in one zone, and no view (the acting seat's, a spectator's) names a card it may
not identify; at the end the moves replay to the same state.  Seeded games by agents are the
conformance kit's (``test_conformance.py``); what hypothesis adds is shrinking: a failure is
reported as the shortest sequence of picks that shows it, which the planted bug below proves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conformance import hidden_uids
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from toy_game import ToyGame, ToyState

from tabletop import registry
from tabletop.engine import Game, state_digest
from tabletop.engine.frozen import canonical
from tabletop.engine.kit import RulesGame

PICKS = st.lists(st.integers(0, 63), max_size=30)
SETTINGS = settings(
    max_examples=15,
    deadline=None,
    derandomize=True,  # the same sequences on every run: CI is reproducible
    database=None,
    suppress_health_check=list(HealthCheck),
)


def problem(game: Game, players: int, seed: int, picks: list[int]) -> str | None:
    """Play ``picks`` from the seeded deal; the first broken invariant, or None."""
    state = game.new_game(players, seed)
    kit = isinstance(game, RulesGame)
    universe = (
        sorted(c for z in game.zones.contents(state, players).values() for c in z) if kit else []
    )
    moves: list[tuple[int, Any]] = []
    for n, pick in enumerate(picks):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if not legal:
            return f"move {n}: seat {seat} is to act with no legal move"
        action = legal[pick % len(legal)]
        before, copy = state_digest(game, state), game.copy(state)
        game.apply(state, seat, action)
        moves.append((seat, json.loads(json.dumps(action.to_json()))))
        if state_digest(game, copy) != before:
            return f"move {n}: applying {action} changed the copy taken before it"
        back = game.state_from_json(json.loads(json.dumps(game.state_to_json(state))))
        if state_digest(game, back) != state_digest(game, state):
            return f"move {n}: the state changes through JSON"
        if kit:
            now = sorted(c for z in game.zones.contents(state, players).values() for c in z)
            if now != universe:
                return f"move {n}: {len(now)} cards in zones, {len(universe)} at set-up"
            for viewer in (seat, None):
                text = canonical(game.view(state, viewer))
                shown = hidden_uids(game, state, viewer) & set(_quoted(text))
                if shown:
                    return f"move {n}: the view of {viewer} names hidden {sorted(shown)[:3]}"
    again = game.new_game(players, seed)
    for seat, data in moves:
        game.apply(again, seat, game.action_from_json(again, seat, data))
    if state_digest(game, again) != state_digest(game, state):
        return "the moves replay to another state"
    return None


def _quoted(text: str) -> list[str]:
    return text.split('"')[1::2]


def _deals(game: Game) -> st.SearchStrategy[tuple[int, int]]:
    players = st.integers(game.info.min_players, game.info.max_players)
    return st.tuples(players, st.integers(0, 2**20))


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_any_legal_moves_keep_the_invariants(game_id: str) -> None:
    game = registry.get(game_id)

    @SETTINGS
    @given(deal=_deals(game), picks=PICKS)
    def check(deal: tuple[int, int], picks: list[int]) -> None:
        found = problem(game, *deal, picks)
        assert found is None, found

    check()


class _LosesTheThirdPileCard(ToyGame):
    """A planted bug: JSON drops the pile's third card, so only three moves or more show it."""

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        s = super().state_from_json(data)
        if len(s.pile) >= 3:
            del s.pile[2]
        return s


def test_a_planted_bug_shrinks_to_its_shortest_sequence() -> None:
    game = _LosesTheThirdPileCard()
    assert problem(game, 2, 1, [0, 0]) is None
    deal, picks = find(
        st.tuples(_deals(game), PICKS),
        lambda case: problem(game, *case[0], case[1]) is not None,
        settings=settings(SETTINGS, max_examples=200),
    )
    assert picks == [0, 0, 0] and deal == (2, 0)
    assert problem(game, *deal, picks) == "move 2: the state changes through JSON"
