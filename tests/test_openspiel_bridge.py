"""Every game as an OpenSpiel game passes OpenSpiel's own random simulation test."""

from __future__ import annotations

import importlib.util

import pytest
from ai_support import ai_games

from tabletop.engine import Game

if importlib.util.find_spec("pyspiel") is None:
    pytest.skip(
        "OpenSpiel is not installed: `pip install .[openspiel]` to run the bridge tests",
        allow_module_level=True,
    )

import pyspiel

from tabletop.ai import openspiel_bridge as bridge

GAMES = ai_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_random_sim_test_passes(game: Game) -> None:
    # random play runs long in some games (thousands of decisions): one simulation each
    os_game = bridge.load(game, game.info.min_players)
    pyspiel.random_sim_test(os_game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_resampled_states_share_the_information_state(game: Game) -> None:
    os_game = bridge.load(game, game.info.min_players)
    state = os_game.new_initial_state()
    state.apply_action(7)
    rng = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    steps = 0
    while not state.is_terminal() and steps < 12:
        player = state.current_player()
        info = state.information_state_string(player)
        sample = state.resample_from_infostate(player, rng)
        assert sample.information_state_string(player) == info
        assert sample.legal_actions() == state.legal_actions()
        state.apply_action(state.legal_actions()[steps % len(state.legal_actions())])
        steps += 1
    assert steps > 0


def test_action_codes_are_stable_and_distinct() -> None:
    from tabletop.engine import Action

    acts = [Action.make("take", slot=i) for i in range(300)]
    codes = bridge.code_actions(acts)
    assert len(codes) == 300 and sorted(codes.values(), key=lambda a: a.key) == sorted(
        acts, key=lambda a: a.key
    )
    assert bridge.code_actions(list(reversed(acts))) == codes
    assert all(0 <= c < bridge.ACTION_SPACE for c in codes)
