"""Aristocracy measurements: speed, game length, safety-cap hits, greedy vs random, and
the property checks of ``tests/aristocracy_props.py`` over many seeded games.

    python benchmarks/aristocracy.py metrics --games 40
    python benchmarks/aristocracy.py properties --games 2000 [--start 0] [--log FILE]
    python benchmarks/aristocracy.py views [--games 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from aristocracy_props import play, setup_of

from tabletop.ai.base import RandomAgent
from tabletop.engine import Rng
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.ai import GreedyAgent


def match(seed: int, agents: list) -> tuple[list[int], int, bool, int]:
    """Play one game; return winners, years, capped, steps."""
    s = GAME.new_game(len(agents), seed)
    rng = Rng(seed)
    steps = 0
    while not GAME.is_over(s):
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, agents[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng))
        steps += 1
    return GAME.winners(s), s.year, s.capped, steps


def metrics(games: int) -> None:
    """Random and greedy self-play speed and length; greedy vs random win rate."""
    for label, make in (("random", RandomAgent), ("greedy", GreedyAgent)):
        for n in (2, 3, 4, 5):
            t = time.perf_counter()
            years = caps = steps = 0
            k = max(1, games // 4) if label == "random" else games
            for seed in range(k):
                _, y, c, st = match(seed, [make() for _ in range(n)])
                years, caps, steps = years + y, caps + c, steps + st
            dt = time.perf_counter() - t
            print(
                f"{label:6} {n}p: {k / dt:.2f} games/s, {steps / dt:.0f} steps/s, "
                f"mean {years / k:.1f} years, {steps / k:.0f} steps, cap hits {caps}/{k}",
                flush=True,
            )
    for n in (2, 3, 4):
        wins = total = caps = 0
        for seed in range(games):
            seat = seed % n
            agents = [RandomAgent() for _ in range(n)]
            agents[seat] = GreedyAgent()
            winners, _, c, _ = match(10_000 + seed, agents)
            total += 1
            caps += c
            wins += winners == [seat]
        print(f"greedy vs {n - 1} random: won {wins}/{total} (cap hits {caps})", flush=True)


def properties(games: int, start: int, log: str | None) -> None:
    """The CI's per-step property checks over more games (``--start 2000`` for new ones):
    game ``i`` has the setup of ``aristocracy_props.setup_of(i)``."""
    out = open(log, "a", encoding="utf-8") if log else sys.stdout  # noqa: SIM115
    t = time.process_time()
    caps = steps = 0
    for i in range(start, start + games):
        seed, n, options, eps, replay = setup_of(i)
        st = play(seed, n, options, eps, replay=replay)
        caps += st.capped
        steps += st.steps
        print(
            f"game {i} players {n} options {options} years {st.years} steps {st.steps} "
            f"capped {st.capped} (no card left: {st.dry})",
            file=out,
            flush=True,
        )
    dt = time.process_time() - t
    print(
        f"{games} games, {steps} steps, {caps} cap hits, {dt:.0f} s CPU ({dt / games:.3f} s a game)",
        file=out,
        flush=True,
    )


def views(games: int) -> None:
    """CPU µs per seat of ``view()`` (one seat at a time, as the AI and the table ask) and of
    ``views()`` (every seat together, as the property checks ask), best of five, over
    positions every 20 moves of greedy games for 2–5 players."""
    states = []
    for seed in range(games):
        for n in (2, 3, 4, 5):
            s = GAME.new_game(n, 300 + seed)
            rng, agent, k = Rng(seed), GreedyAgent(0.1), 0
            while not GAME.is_over(s):
                seat = rng.choice(GAME.to_act(s))
                legal = GAME.legal_actions(s, seat)
                GAME.apply(s, seat, agent.choose(GAME, GAME.view(s, seat), seat, legal, rng))
                k += 1
                if k % 20 == 0:
                    states.append(GAME.copy(s))
    seats = sum(s.players for s in states)
    for label, one in (
        ("view()", lambda s: [GAME.view(s, q) for q in range(s.players)]),
        ("views()", lambda s: GAME.views(s, range(s.players))),
    ):
        best = min(_cpu(lambda: [one(s) for s in states]) for _ in range(5))  # noqa: B023
        print(f"{label:8} {best / seats * 1e6:.1f} µs per seat ({len(states)} positions)")


def _cpu(work: Any) -> float:
    t = time.process_time()
    work()
    return time.process_time() - t


def main() -> None:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("what", choices=["metrics", "properties", "views"])
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--log", default=None)
    a = ap.parse_args()
    if a.what == "metrics":
        metrics(a.games or 40)
    elif a.what == "views":
        views(a.games or 4)
    else:
        properties(a.games or 2000, a.start, a.log)


if __name__ == "__main__":
    main()
