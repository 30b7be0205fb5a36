"""Engine speed: random playouts per second, and the cost of copying and JSON round trips.

    python benchmarks/engine.py [--game ID | --game module:ATTR] [--quick] [--seconds S] [--clock cpu|wall]
                                [--players 2 4]

Prints random-playout games/s at 2 and 4 players (clamped to the game's range; each step
generates the legal list and applies one action with ``game.play``, as the AI's rollouts do,
so no event or log sentence is built) and the
mean cost in µs of ``game.copy(state)`` and of a JSON round trip
(``state_to_json`` → ``json.dumps`` → ``json.loads`` → ``state_from_json``) for a
mid-game state (and, for the AI, of ``legal_actions``, ``view`` and ``determinize``).
``legal_actions`` is timed twice: *generated* (the state's cached list forgotten before each
call with ``game.touch``, so the moves list it afresh, as after every apply) and *cached*
(the list kept on the state handed back, as a second call on an unchanged state is).
Then the CPU cost of an action (listing plus ``play``) in each tenth of a game, averaged
over the play-outs of the largest player count: a cost that grows over a game shows there.
``--quick`` is a short run used by the test suite.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop import registry
from tabletop.engine import Game, Rng, state_digest

DEFAULT_GAME = "majesty"
# CPU time of this process (the default) is fair on a busy machine; wall time is what a user sees
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def resolve_game(name: str | None) -> Game:
    """A registered game id, or ``module:ATTR`` naming a Game object."""
    if name and ":" in name:
        module, _, attr = name.partition(":")
        return getattr(importlib.import_module(module), attr)
    games = registry.games()
    if name:
        return registry.get(name)
    if DEFAULT_GAME in games:
        return games[DEFAULT_GAME]
    if not games:
        raise KeyError("no game is registered; pass --game module:ATTR")
    return next(iter(games.values()))


def random_playout(game: Game, players: int, seed: int) -> tuple[Any, int]:
    """Play one game with uniformly random actions; the final state and its length."""
    state = game.new_game(players, seed)
    rng = Rng(seed ^ 0xBE7C4)
    steps = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
    return state, steps


def playout_speed(
    game: Game, players: int, budget: float, clock: Callable[[], float] = time.process_time
) -> dict[str, float]:
    """Games and actions per second of random playouts within about ``budget`` seconds."""
    games = actions = 0
    start = clock()
    while True:
        _, steps = random_playout(game, players, 1000 + games)
        games += 1
        actions += steps
        elapsed = clock() - start
        if elapsed >= budget:
            break
    return {
        "players": players,
        "games": games,
        "actions_per_game": actions / games,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
    }


def step_costs(
    game: Game, players: int, seed: int, clock: Callable[[], float] = time.process_time
) -> list[float]:
    """The seconds of each step (list the legal actions, ``play`` one) of a seeded random game."""
    state = game.new_game(players, seed)
    rng = Rng(seed ^ 0xBE7C4)
    costs = []
    while not game.is_over(state):
        t = clock()
        seat = game.to_act(state)[0]
        game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
        costs.append(clock() - t)
    return costs


def cost_by_tenth(
    game: Game, players: int, budget: float, clock: Callable[[], float] = time.process_time
) -> list[float]:
    """Mean µs of one play-out step (list the legal actions, ``play`` one) in each tenth of a
    game, over seeded random games played for about ``budget`` seconds."""
    total = [0.0] * 10
    count = [0] * 10
    spent = 0.0
    seed = 2000
    while spent < budget:
        costs = step_costs(game, players, seed, clock)
        for i, c in enumerate(costs):
            total[i * 10 // len(costs)] += c
            count[i * 10 // len(costs)] += 1
        spent += sum(costs)
        seed += 1
    return [1e6 * t / n if n else 0.0 for t, n in zip(total, count, strict=True)]


def mid_game_state(game: Game, players: int, seed: int = 7) -> tuple[Any, int]:
    """A state halfway through a random game (replayed to its middle)."""
    _, length = random_playout(game, players, seed)
    state = game.new_game(players, seed)
    rng = Rng(seed ^ 0xBE7C4)
    for _ in range(length // 2):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, length // 2


def legal_generated(game: Game, state: Any, seat: int) -> Callable[[], list[Any]]:
    """A call listing ``seat``'s legal actions afresh each time: the list a kit game keeps on
    the state until the next apply is forgotten first (``game.touch``)."""
    touch = getattr(game, "touch", None)

    def generated() -> list[Any]:
        if touch is not None:
            touch(state)
        return game.legal_actions(state, seat)

    return generated


def mean_cost_us(
    fn: Any, budget: float, min_runs: int = 20, clock: Callable[[], float] = time.process_time
) -> tuple[float, int]:
    """Mean µs of ``fn()`` over about ``budget`` seconds (and at least ``min_runs`` calls)."""
    runs = 0
    start = clock()
    while True:
        for _ in range(min_runs):
            fn()
        runs += min_runs
        elapsed = clock() - start
        if elapsed >= budget:
            return 1e6 * elapsed / runs, runs


def run(
    game: Game, budget: float, clock_name: str = "cpu", players: Sequence[int] = (2, 4)
) -> dict[str, Any]:
    """Every figure of the benchmark, as data (play-outs at each count of ``players``)."""
    clock = CLOCKS[clock_name]
    lo, hi = game.info.min_players, game.info.max_players
    counts = sorted({min(max(n, lo), hi) for n in players})
    playouts = [playout_speed(game, n, budget, clock) for n in counts]
    players = counts[-1]
    state, step = mid_game_state(game, players)
    copy_us, copy_runs = mean_cost_us(lambda: game.copy(state), budget / 2, clock=clock)

    def round_trip() -> Any:
        return game.state_from_json(json.loads(json.dumps(game.state_to_json(state))))

    if state_digest(game, round_trip()) != state_digest(game, state):
        raise AssertionError("the JSON round trip changed the state")
    json_us, json_runs = mean_cost_us(round_trip, budget / 2, min_runs=5, clock=clock)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    rng = Rng(5)
    extra = {
        "legal_actions": mean_cost_us(legal_generated(game, state, seat), budget / 4, clock=clock)[
            0
        ],
        "legal_actions_cached": mean_cost_us(
            lambda: game.legal_actions(state, seat), budget / 4, clock=clock
        )[0],
        "view": mean_cost_us(lambda: game.view(state, seat), budget / 4, clock=clock)[0],
        "determinize": mean_cost_us(
            lambda: game.determinize(view, seat, rng), budget / 4, clock=clock
        )[0],
    }
    size = len(json.dumps(game.state_to_json(state)))
    tenths = cost_by_tenth(game, players, budget, clock)
    return {
        "game": game.info.id,
        "clock": clock_name,
        "playouts": playouts,
        "state": {"players": players, "step": step, "json_bytes": size},
        "copy_us": copy_us,
        "copy_runs": copy_runs,
        "json_round_trip_us": json_us,
        "json_runs": json_runs,
        "other_us": extra,
        "step_us_by_tenth": tenths,
    }


def report(r: dict[str, Any]) -> str:
    """The figures as a small table."""
    lines = [
        f"engine benchmark: {r['game']} (random playouts, one core, {r['clock']} time)",
        f"{'players':>7} {'games':>6} {'actions/game':>13} {'games/s':>9} {'actions/s':>10}",
    ]
    for p in r["playouts"]:
        lines.append(
            f"{p['players']:>7} {p['games']:>6} {p['actions_per_game']:>13.1f} "
            f"{p['games_per_s']:>9.1f} {p['actions_per_s']:>10.0f}"
        )
    s = r["state"]
    where = (
        f"mid-game state: {s['players']} players, step {s['step']}, {s['json_bytes']} bytes of JSON"
    )
    lines += [
        where,
        f"{'game.copy(state)':<20} {r['copy_us']:>10.1f} µs  (mean of {r['copy_runs']})",
        f"{'JSON round trip':<20} {r['json_round_trip_us']:>10.1f} µs  (mean of {r['json_runs']})",
    ]
    lines += [f"{name + '()':<20} {us:>10.1f} µs" for name, us in r["other_us"].items()]
    tenths = r["step_us_by_tenth"]
    lines.append(
        f"µs an action by tenth of a game ({s['players']} players): "
        + " ".join(f"{t:.1f}" for t in tenths)
        + (f"  (last/first {tenths[-1] / tenths[0]:.2f})" if tenths[0] else "")
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help=f"game id (default {DEFAULT_GAME}) or module:ATTR")
    parser.add_argument("--quick", action="store_true", help="a short run (for tests)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="player counts (default 2 4)"
    )
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="cpu", help="what time to measure (default cpu)"
    )
    args = parser.parse_args(argv)
    try:
        game = resolve_game(args.game)
    except (KeyError, ImportError, AttributeError) as e:
        print(f"benchmarks/engine.py: {e}", file=sys.stderr)
        return 2
    result = run(game, 0.1 if args.quick else args.seconds, args.clock, args.players)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
