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

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from tabletop import registry
from tabletop.ai import openspiel_bridge as bridge
from tabletop.ai.hooks import default_evaluate, hooks_for

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


def _random_state_after(os_game: object, steps: int, seed: int) -> object:
    """A state after the deal and ``steps`` uniformly random moves (or the end)."""
    rs = np.random.RandomState(seed)
    state = os_game.new_initial_state()
    state.apply_action(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rs.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_truncated_evaluator_uses_the_games_evaluation(game: Game) -> None:
    os_game = bridge.load(game, game.info.min_players)
    players = os_game.num_players()
    state = _random_state_after(os_game, 6, seed=3)
    assert not state.is_terminal()
    hook = hooks_for(game).evaluate or default_evaluate
    # no rollout: exactly the game's own value of the position
    at_once = bridge.TruncatedRolloutEvaluator(0, np.random.RandomState(0)).evaluate(state)
    assert at_once.shape == (players,)
    assert at_once.tolist() == pytest.approx(hook(game, state.inner))
    # a short rollout: a value per seat in [0, 1], and the searched state is left alone
    before = str(state)
    values = bridge.TruncatedRolloutEvaluator(12, np.random.RandomState(1)).evaluate(state)
    assert values.shape == (players,) and all(0.0 <= v <= 1.0 for v in values)
    assert str(state) == before
    prior = bridge.TruncatedRolloutEvaluator(12).prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)


def test_truncated_evaluator_gives_the_returns_at_the_end() -> None:
    game = registry.get("aristocracy")
    os_game = bridge.load(game, 2)
    state = _random_state_after(os_game, 10**5, seed=4)
    assert state.is_terminal()
    values = bridge.TruncatedRolloutEvaluator(24, np.random.RandomState(0)).evaluate(state)
    assert values.tolist() == state.returns() and sum(values) == pytest.approx(1.0)
    # before the end the hook's softmax still shares one win between the seats
    mid = _random_state_after(os_game, 200, seed=4)
    values = bridge.TruncatedRolloutEvaluator(24, np.random.RandomState(0)).evaluate(mid)
    assert sum(values) == pytest.approx(1.0)


def test_ismcts_bot_with_the_truncated_evaluator_plays_a_legal_move() -> None:
    game = registry.get("aristocracy")
    os_game = bridge.load(game, 2)
    state = _random_state_after(os_game, 60, seed=5)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    rs = np.random.RandomState(6)
    evaluator = bridge.TruncatedRolloutEvaluator(16, rs)
    bot = ismcts.ISMCTSBot(
        os_game, evaluator, 2.0, 40, random_state=rs, allow_inconsistent_action_sets=True
    )
    policy = bot.run_search(state)
    assert bot._root_node.total_visits == 39  # the first simulation only expands the root
    action = bot.step(state)
    assert action in state.legal_actions()
    assert {a for a, _ in policy} == set(state.legal_actions())
