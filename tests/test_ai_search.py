"""The generic search: undo moves are never searched or played; a level's noise."""

from __future__ import annotations

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.hint import HintAgent
from tabletop.ai.hooks import hooks_for, without_undo
from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.levels import EASY_NOISE, level_config
from tabletop.engine import Action, Rng

ARISTOCRACY = registry.get("aristocracy")


def _stall_with_a_card(seed: int) -> tuple[object, int]:
    """An Aristocracy state where the seat to act forms its stall and has put a card in it."""
    game = ARISTOCRACY
    state = game.new_game(2, seed)
    greedy = make_agent("greedy", game)
    rng = Rng(seed)
    for _ in range(400):
        (seat, *_) = game.to_act(state)
        legal = game.legal_actions(state, seat)
        names = {a.name for a in legal}
        if "stall_take" in names and "stall_ready" in names:
            return state, seat
        game.apply(state, seat, greedy.choose(game, game.view(state, seat), seat, legal, rng))
    raise AssertionError("no stall with a card in it reached")


def test_undo_moves_are_left_out_only_while_something_else_is_legal() -> None:
    undo = frozenset({"stall_take"})
    assert hooks_for(ARISTOCRACY).undo_actions == {"ball_take", "stall_take"}
    take = Action.make("stall_take", None, "", card=1)
    ready = Action.make("stall_ready", None, "")
    assert without_undo([take, ready], undo) == [ready]
    assert without_undo([take], undo) == [take]


def test_search_never_takes_a_card_back_out_of_its_stall() -> None:
    # without the hook, 4 of these 24 choices take a card back (measured)
    for seed in (4, 7):
        state, seat = _stall_with_a_card(seed)
        view = ARISTOCRACY.view(state, seat)
        legal = ARISTOCRACY.legal_actions(state, seat)
        for kind in ("mcts:30", "easy"):
            for k in range(6):
                a = make_agent(kind, ARISTOCRACY).choose(ARISTOCRACY, view, seat, legal, Rng(k))
                assert a.name != "stall_take", (kind, a)


def test_a_levels_noise_makes_random_moves_at_its_rate_and_never_an_undo() -> None:
    state, seat = _stall_with_a_card(4)
    view = ARISTOCRACY.view(state, seat)
    legal = ARISTOCRACY.legal_actions(state, seat)
    noisy = ISMCTSAgent("noisy", SearchConfig(iterations=1, time_limit=None, noise=0.5))
    searched = 0
    for k in range(40):
        a = noisy.choose(ARISTOCRACY, view, seat, legal, Rng(k))
        assert a in legal and a.name != "stall_take"
        searched += noisy.last is not None
        noisy.last = None
    # about half the choices searched, the others were random moves
    assert 10 <= searched <= 30
    normal = level_config("normal", ARISTOCRACY)
    assert normal is not None and 0 < normal.noise < EASY_NOISE
    assert level_config("hard", ARISTOCRACY).noise == 0
    hint = make_agent("hint", ARISTOCRACY)  # Hard's search (budget and CPU cap), no blunders
    assert isinstance(hint, HintAgent) and hint.search.config == level_config("hard", ARISTOCRACY)
