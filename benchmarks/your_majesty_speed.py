"""Your Majesty engine speed for the search: µs of CPU per call on mid-game states.

Run: ``.venv/bin/python benchmarks/your_majesty_speed.py [--rounds N] [--json]``

The states are taken every 25 decisions from seeded games of the greedy agent at 2–6
players (the kind of position a search starts from).  For each state the script times
``legal_actions`` (the seat to act), ``apply`` (checked, as the table does it) and
``_apply`` (unchecked, as the search does it) of every legal action on fresh copies,
``copy``, ``view`` and ``determinize`` of the acting seat's view.  Figures are CPU time
(``time.process_time``), the best of ``--rounds`` passes (15 by default: a pass is short, and
on a busy machine only the best of many is steady); the number of calls is printed beside
each.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from tabletop.ai.base import make_agent
from tabletop.engine import Rng
from tabletop.games.your_majesty import GAME
from tabletop.tools.sim import seat_rng

EVERY = 25


def positions(games_per_count: int = 2) -> list[Any]:
    """Mid-game states of greedy games (every :data:`EVERY` decisions), 2–6 players."""
    out = []
    agent = make_agent("greedy", GAME)
    for players in range(2, 7):
        for seed in range(games_per_count):
            s = GAME.new_game(players, seed)
            rngs = [seat_rng(seed, i) for i in range(players)]
            step = 0
            while not GAME.is_over(s):
                (seat,) = GAME.to_act(s)
                legal = GAME.legal_actions(s, seat)
                a = agent.choose(GAME, GAME.view(s, seat), seat, legal, rngs[seat])
                if step % EVERY == 0 and step:
                    out.append(GAME.copy(s))
                GAME.apply(s, seat, a)
                step += 1
    return out


def _best(rounds: int, run: Callable[[], int]) -> tuple[float, int]:
    """(best µs per call, calls per pass) of ``run`` (which returns its number of calls)."""
    best = float("inf")
    calls = 0
    for _ in range(rounds):
        c0 = time.process_time()
        calls = run()
        best = min(best, (time.process_time() - c0) / calls * 1e6)
    return best, calls


def measure(states: list[Any], rounds: int) -> dict[str, tuple[float, int]]:
    """µs per call and calls per pass for each operation."""
    seats = [GAME.to_act(s)[0] for s in states]
    legals = [GAME.legal_actions(s, seat) for s, seat in zip(states, seats, strict=True)]
    views = [GAME.view(s, seat) for s, seat in zip(states, seats, strict=True)]

    def legal() -> int:
        for s, seat in zip(states, seats, strict=True):
            GAME.legal_actions(s, seat)
        return len(states)

    def copies() -> int:
        for s in states:
            GAME.copy(s)
        return len(states)

    def applying(checked: bool) -> Callable[[], int]:
        work = [
            (s, seat, a) for s, seat, acts in zip(states, seats, legals, strict=True) for a in acts
        ]

        def run() -> int:
            fresh = [GAME.copy(s) for s, _, _ in work]
            c0 = time.process_time()
            for t, (_, seat, a) in zip(fresh, work, strict=True):
                (GAME.apply if checked else GAME._apply)(t, seat, a)
            run.spent = time.process_time() - c0  # type: ignore[attr-defined]
            return len(work)

        return run

    def view() -> int:
        for s, seat in zip(states, seats, strict=True):
            GAME.view(s, seat)
        return len(states)

    def determinize() -> int:
        rng = Rng(7)
        for v, seat in zip(views, seats, strict=True):
            GAME.determinize(v, seat, rng)
        return len(states)

    out = {
        "legal_actions": _best(rounds, legal),
        "copy": _best(rounds, copies),
        "view": _best(rounds, view),
        "determinize": _best(rounds, determinize),
    }
    for name, checked in (("apply", True), ("_apply", False)):
        run = applying(checked)
        best = float("inf")
        for _ in range(rounds):
            n = run()
            best = min(best, run.spent / n * 1e6)  # type: ignore[attr-defined]
        out[name] = (best, n)
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    states = positions()
    figures = measure(states, args.rounds)
    if args.json:
        print(json.dumps({k: round(v[0], 2) for k, v in figures.items()}))
        return
    print(f"your_majesty engine: {len(states)} mid-game states, 2–6 players, CPU µs per call")
    for name, (us, calls) in figures.items():
        print(f"  {name:<14}{us:9.1f} µs  ({calls} calls a pass, best of {args.rounds})")


if __name__ == "__main__":
    main()
