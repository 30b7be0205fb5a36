"""No seed channel: under every command's defaults an agent cannot find its deal from its
own generator.

An agent is handed a generator and the public facts of the command that runs it (the
default deal seeds, every default AI seed the code ships).  The hunter below tries each
public way the generator could have been made; if one matches, it knows the deal's seed and
can deal every hidden card again.  Under the defaults it must find nothing; given the old
fixed default AI seed of ``simulate`` (a canary) it finds its deal in every game.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

import pytest
from toy_game import TOY

import tabletop.ai.tournament as tournament_module
import tabletop.tools.sim as sim_module
from tabletop import registry
from tabletop.cli import main
from tabletop.controller.match import Match, SeatConfig
from tabletop.engine import Action, Game, Rng
from tabletop.engine.play import DEFAULT_AI_SEED, derive_seed, seat_rng

pytestmark = pytest.mark.fairness

#: the AI seeds a hunter could know: every constant the code ships as a default
PUBLIC_AI_SEEDS = (DEFAULT_AI_SEED, 0, 1)
#: the commands' default first deal seeds (simulate: 0, tournament: 1)
SIM_SEED, TOURNAMENT_SEED = 0, 1
GAMES = 6


def _guesses(rng_state: int, seat: int, players: int) -> list[int]:
    """Deal seeds whose public AI seeding would have made a generator in ``rng_state``."""
    found = []
    for public in PUBLIC_AI_SEEDS:
        for i in range(GAMES):
            # simulate: game i's agents draw from seat_rng(A + i, seat), dealt SEED + i
            if seat_rng(public + i, seat).state == rng_state:
                found.append(SIM_SEED + i)
            # tournament: match g's agents from seat_rng(derive_seed(A, g), seat)
            if seat_rng(derive_seed(public, i), seat).state == rng_state:
                found.append(TOURNAMENT_SEED + i // players)
    return found


def _players(view: Any) -> int:
    public = view.get("public", view)
    players = public["players"]
    return players if isinstance(players, int) else len(players)


class Hunter:
    """Plays its first legal move; at its first decision tries to find its deal's seed."""

    name = "hunter"
    found: ClassVar[list[int]] = []
    asked = 0

    def __init__(self) -> None:
        self.first = True

    def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        if self.first:
            self.first = False
            type(self).asked += 1
            type(self).found += _guesses(rng.state, seat, _players(view))
        return legal[0]


@pytest.fixture
def hunters(monkeypatch: pytest.MonkeyPatch) -> type[Hunter]:
    monkeypatch.setattr(registry, "games", lambda: {"toy": TOY})
    monkeypatch.setattr(Hunter, "found", [])
    monkeypatch.setattr(Hunter, "asked", 0)
    for module in (sim_module, tournament_module):
        monkeypatch.setattr(module, "make_agent", lambda kind, game: Hunter())
    return Hunter


def _printed_ai_seed(out: str) -> int:
    found = re.search(r"--ai-seed (\d+)", out)
    assert found, out
    return int(found.group(1))


def test_simulate_defaults_leave_no_seed_channel(
    hunters: type[Hunter], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "toy", "-p", "2", "-n", str(GAMES), "--no-progress"]
    assert main(argv) == 0
    assert hunters.asked == 2 * GAMES and hunters.found == []
    first = _printed_ai_seed(capsys.readouterr().out)
    assert main(argv) == 0  # a fresh AI seed each run, printed with the table
    assert _printed_ai_seed(capsys.readouterr().out) != first
    # the canary: the fixed default AI seed simulate shipped before lets every agent find
    # its deal (game i, seed i) from its generator
    assert main([*argv, "--ai-seed", str(DEFAULT_AI_SEED)]) == 0
    assert sorted(hunters.found) == sorted(list(range(GAMES)) * 2)


def test_simulate_replays_from_the_printed_ai_seed(
    toy_only: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "toy", "-p", "3", "-n", "3", "--ai", "random", "--json"]
    assert main([*argv, "--no-progress"]) == 0
    first = json.loads(capsys.readouterr().out)
    again = ["--ai-seed", str(first["ai_seed"]), "--no-progress"]
    assert main([*argv, *again]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["ai_seed"] == first["ai_seed"]
    assert second["seats"] == first["seats"] and second["game_stats"] == first["game_stats"]


def test_tournament_defaults_leave_no_seed_channel(
    hunters: type[Hunter], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "toy", "--games", str(GAMES), "--ai", "random,greedy", "--quiet"]
    assert main(argv) == 0
    assert _printed_ai_seed(capsys.readouterr().out) not in PUBLIC_AI_SEEDS
    assert hunters.asked == 2 * GAMES and hunters.found == []
    assert main([*argv, "--ai-seed", str(DEFAULT_AI_SEED)]) == 0  # the canary: a public key
    assert len(hunters.found) == 2 * GAMES


def test_the_app_draws_a_secret_ai_key_per_match() -> None:
    seats = [SeatConfig("ai", "A", "easy"), SeatConfig("ai", "B", "easy")]
    a, b = Match(TOY, seats, seed=SIM_SEED), Match(TOY, seats, seed=SIM_SEED)
    seeds = {m.ai_seed_for(s, p) for m in (a, b) for s in (0, 1) for p in (0, 1)}
    assert len(seeds) == 8  # two matches of one deal share no AI seed
    for m in (a, b):
        for s in (0, 1):
            state = Rng(m.ai_seed_for(s)).state
            assert _guesses(state, s, 2) == []
            assert all(derive_seed(k, 0, s, 0) != m.ai_seed_for(s) for k in PUBLIC_AI_SEEDS)


@pytest.fixture
def toy_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "games", lambda: {"toy": TOY})
