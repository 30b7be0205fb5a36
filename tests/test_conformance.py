"""The conformance kit over every registered game and player count.

What every game must do, whatever its rules: end, conserve its cards, survive JSON and
replay, hide what a seat may not see, decide alike in states a seat cannot tell apart,
refuse without changing anything, make every reveal an undo barrier, and leave no reference
cycle behind once dropped.  A new game gets
all of this by being registered.  The last tests plant each bug a check guards against and
assert the check sees it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import canaries
import conformance as ck
import pytest
from fair_worlds import SHIPPED_LEVELS
from high_card import GAME as HIGH_CARD
from high_card.game import HighCardGame
from high_card.moves import apply_play, plays, refuse
from high_card.state import PLAY, HighCardState

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.controller.match import step_is_barrier
from tabletop.engine import Action, Game, Rng
from tabletop.engine.frozen import canonical
from tabletop.engine.moves import Move, Moves
from tabletop.engine.play import PlayError, play, seat_rng
from tabletop.games.majesty import GAME as MAJESTY
from tabletop.games.majesty.game import MajestyGame

#: the registered games and the template game of the docs (``tests/high_card``)
GAMES: dict[str, Game] = {**registry.games(), HIGH_CARD.info.id: HIGH_CARD}
CASES = [
    pytest.param(game, n, id=f"{gid}-{n}p")
    for gid, game in GAMES.items()
    for n in range(game.info.min_players, game.info.max_players + 1)
]


def _check(problems: list[str]) -> None:
    if problems and problems[0].endswith("is not on the rules kit"):
        pytest.skip(problems[0])
    assert problems == []


@pytest.mark.parametrize(("game", "players"), CASES)
def test_seeded_random_and_heuristic_games_end(game: Game, players: int) -> None:
    _check(ck.game_ends(game, players, 11, ["random"]))
    _check(ck.game_ends(game, players, 12, ["greedy", "random"]))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_turn_offers_a_move(game: Game, players: int) -> None:
    _check(ck.every_turn_offers_a_move(game, players, 15))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_cards_are_conserved(game: Game, players: int) -> None:
    _check(ck.conserved(game, players, 21))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_json_round_trip_and_replay_reproduce_every_state(game: Game, players: int) -> None:
    _check(ck.round_trips(game, players, 31))


#: the shipped levels and the Hint, each with an iteration budget in place of its CPU cap
SHIPPED_AT_A_BUDGET = [f"shipped:{level}:40" for level in SHIPPED_LEVELS]
fairness = pytest.mark.fairness


@fairness
@pytest.mark.parametrize(("game", "players"), CASES)
def test_no_view_names_a_hidden_card(game: Game, players: int) -> None:
    _check(ck.views_hide(game, players, 41))


@fairness
@pytest.mark.parametrize(("game", "players"), CASES)
def test_agents_decide_alike_in_states_a_seat_cannot_tell_apart(game: Game, players: int) -> None:
    _check(ck.same_decisions(game, players, 51, ["greedy", "mcts:40:4"]))


@fairness
@pytest.mark.parametrize(("game", "players"), CASES)
def test_shipped_agents_decide_alike_in_isolated_worlds(game: Game, players: int) -> None:
    """What ships: Easy, Normal, Hard and the Hint with their own settings (noise, rollout
    policy, prior, evaluation, anchor, paired candidates, the Hint's filter and point count),
    an iteration budget in place of the CPU cap so that each decision is reproducible (one
    position at five and six seats, where Mayflower's play-outs to the end are long)."""
    samples = 2 if players <= 4 else 1
    _check(ck.same_decisions(game, players, 53, SHIPPED_AT_A_BUDGET, samples=samples))


@pytest.mark.parametrize("game", [pytest.param(g, id=gid) for gid, g in GAMES.items()])
def test_no_later_move_rewrites_an_old_events_data(game: Game) -> None:
    # the most seats: the most favour trades, fights and plays to share with the state
    _check(ck.events_keep_their_data(game, game.info.max_players, 7))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_refused_actions_leave_the_state_untouched(game: Game, players: int) -> None:
    _check(ck.refusals_keep_state(game, players, 61))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_reveal_is_an_undo_barrier(game: Game, players: int) -> None:
    _check(ck.reveals_are_barriers(game, players, 71, lambda g, ev: step_is_barrier(g, ev)))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_quiet_play_ends_in_the_states_of_apply(game: Game, players: int) -> None:
    _check(ck.quiet_play_matches(game, players, 81))
    _check(ck.quiet_play_matches(game, players, 82, "greedy"))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_dropped_game_leaves_no_reference_cycles(game: Game, players: int) -> None:
    _check(ck.leaves_no_cycles(game, players, 91))


# --- the checks catch the bugs they guard against ---------------------------------------------
SHIPPED = ["greedy", "mcts:40:4", "easy"]


@fairness
def test_the_view_check_reads_every_string_of_a_view() -> None:
    """The hidden-card check reads each string of a view's text, also after an empty string
    (a pattern pairing quotes one after another went out of step there and missed the rest)
    and beside an escaped quote; a uid inside a longer string is not a string of its own."""
    text = canonical({"a": "", "b": ["c7"], "c": 'say "c8"', "d": "c9", "e": ""})
    assert {"", "a", "c7", "c9", "e"} <= ck.strings_in(text)
    assert "c8" not in ck.strings_in(text)
    assert ck.strings_in(canonical({"a": "", "b": "c7"})) == {"", "a", "b", "c7"}


def test_a_view_that_names_the_deck_order_is_caught() -> None:
    assert ck.views_hide(canaries.LeakyView(), 2, 41, limit=5)
    assert ck.views_hide(MAJESTY, 2, 41, limit=5) == []


@fairness
def test_a_determinize_that_copies_the_real_state_is_caught() -> None:
    game = canaries.CopyingDeal()
    state = game.new_game(2, 5)
    game.legal_actions(state, game.to_act(state)[0])
    _other, problems = ck.redealt(game, state, game.to_act(state)[0])
    assert problems and "no re-deal changed every hidden part" in problems[0]


@fairness
def test_an_agent_peeking_through_the_game_object_is_caught() -> None:
    game = canaries.HonestCopyingDeal()
    problems = ck.same_decisions(game, 2, 51, [canaries.deck_peeker], samples=4)
    assert problems and "deck_peeker agent decided differently" in problems[0]
    assert ck.same_decisions(game, 2, 51, SHIPPED, samples=2) == []


@fairness
def test_an_agent_peeking_through_a_module_level_cache_is_caught() -> None:
    # the cache is filled by the real game before the agent decides (as Aristocracy's action
    # cache keyed by the real deal once was); the agent reads the first deal it holds
    game = canaries.CachingDeal()
    problems = ck.same_decisions(game, 2, 51, [canaries.cache_peeker], samples=4)
    assert problems and "cache_peeker agent decided differently" in problems[0]
    assert ck.same_decisions(game, 2, 51, SHIPPED, samples=2) == []


@fairness
def test_an_agent_recovering_the_deal_from_its_generator_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # plant the old seeding: each agent's generator one (invertible) SplitMix step from the
    # deal's seed; the peeker inverts it, deals the game again and reads the deck
    monkeypatch.setattr(ck, "loop_rng", canaries.leaky_seat_rng)
    problems = ck.same_decisions(MAJESTY, 2, 51, [canaries.seed_peeker], samples=4)
    assert problems and "seed_peeker agent decided differently" in problems[0]
    monkeypatch.undo()  # the shipped seeding: the generator tells nothing about the deal
    assert ck.same_decisions(MAJESTY, 2, 51, [canaries.seed_peeker], samples=4) == []


def _planted(part: str, level: str) -> Any:
    """The shipped ``level`` (at the check's budget) with a peek planted in ``part``."""
    return partial(canaries.planted, part, level, 40)


@fairness
@pytest.mark.parametrize(
    ("part", "game_id", "level", "samples"),
    [
        # Normal in Your Majesty keeps the heuristic's move unless its search is confident:
        # the peek in its rollouts shows in few decisions, so more of them are asked
        ("policy", "your_majesty", "normal", 8),
        ("policy", "monarch", "hard", 4),
        ("evaluate", "majesty", "normal", 4),
        # (Majesty's filter names only moves that score nothing now, which the Hint no
        # longer hides: a peek there changes little; Your Majesty's salon filter it is)
        ("futile", "your_majesty", "hint", 4),
        ("greedy", "your_majesty", "hard", 4),
        ("greedy", "aristocracy", "easy", 4),
        # (Mayflower's reaction windows ask every seat that might answer, M38, so more of
        # the positions sampled are a lone Pass, where no peek can show)
        ("greedy", "mayflower", "hard", 8),
    ],
)
def test_a_peek_planted_in_a_shipped_agents_part_is_caught(
    part: str, game_id: str, level: str, samples: int
) -> None:
    """A rollout policy, an evaluation hook, the Hint's filter or the greedy agent that reads
    the real state (through a channel the world opens: the first state its game was asked
    about) makes the shipped agent decide differently in the two worlds."""
    game = registry.get(game_id)
    problems = ck.same_decisions(game, 2, 51, [_planted(part, level)], samples=samples)
    assert problems and "decided differently" in problems[0]


@fairness
def test_play_loop_seeds_agents_apart_from_the_deal() -> None:
    """What ``ck.loop_rng`` assumes: the loop's generators depend on the AI seed alone."""

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.first: int | None = None

        def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
            if self.first is None:
                self.first = rng.state
            return legal[0]

    def first_states(deal: int, ai_seed: int) -> list[int | None]:
        spies = [Spy(), Spy()]
        play(MAJESTY, 2, deal, None, spies, ai_seed=ai_seed)
        return [spy.first for spy in spies]

    same_ai = first_states(3, ck.AI_SEED)
    assert same_ai == first_states(4, ck.AI_SEED) == [seat_rng(ck.AI_SEED, s).state for s in (0, 1)]
    assert first_states(3, ck.AI_SEED + 1) != same_ai
    # the generator cannot be walked back to its seeds: no SplitMix step from either
    assert canaries.recover_deal_seed(Rng(same_ai[0]), 0) not in (3, ck.AI_SEED)


def test_a_reveal_not_marked_as_a_barrier_is_caught() -> None:
    assert ck.reveals_are_barriers(MAJESTY, 2, 71, lambda g, ev: False)
    assert ck.reveals_are_barriers(MAJESTY, 2, 71, lambda g, ev: step_is_barrier(g, ev)) == []


def test_a_quiet_play_that_skips_a_change_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.games.majesty.locations as locations
    from tabletop.engine.events import QUIET

    real = locations.gain_points

    def forgetful(
        s: Any, seat: int, delta: int, reason: str, events: Any, say: Any = "", *told: Any
    ) -> None:
        if events is not QUIET:  # the planted bug: points are lost when nobody logs them
            real(s, seat, delta, reason, events, say, *told)

    assert ck.quiet_play_matches(MAJESTY, 2, 81) == []
    monkeypatch.setattr(locations, "gain_points", forgetful)
    assert ck.quiet_play_matches(MAJESTY, 2, 81)


def test_a_deal_cycle_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.games.aristocracy.state as state

    aristocracy = registry.games()["aristocracy"]
    assert ck.leaves_no_cycles(aristocracy, 2, 91) == []
    real = state.Deal.__init__

    def tied(self: Any, card_of: tuple[str, ...]) -> None:  # the planted bug: rows hold the deal
        real(self, card_of)
        self.cards = self

    monkeypatch.setattr(state.Deal, "__init__", tied)
    assert ck.leaves_no_cycles(aristocracy, 2, 91)


def test_a_refusal_that_changes_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    class Careless(MajestyGame):
        def why_illegal(self, state: Any, seat: int, action: Action) -> str:
            state.turn += 1  # a refusal must never do this
            return "no"

    assert ck.refusals_keep_state(Careless(), 2, 61)


class _Stuck(HighCardGame):
    """High Card with a planted bug: a seat down to its last card is offered nothing."""

    @staticmethod
    def _plays(s: HighCardState, seat: int) -> list[Action]:
        return [] if len(s.hands[seat]) == 1 else plays(s, seat)

    moves = Moves([Move("play", (PLAY,), _plays, apply_play, refuse)])


def test_a_turn_with_no_legal_move_is_refused_naming_the_game_seat_and_step() -> None:
    assert ck.every_turn_offers_a_move(HIGH_CARD, 2, 15) == []
    stuck = _Stuck()
    problems = ck.every_turn_offers_a_move(stuck, 2, 15)
    assert problems and "High Card: seat " in problems[0], problems
    assert "at the step 'play' but has no legal action" in problems[0]
    with pytest.raises(PlayError, match=r"High Card: seat \d must act at the step 'play'"):
        play(stuck, 2, 15, None, [make_agent("random", stuck)] * 2)
