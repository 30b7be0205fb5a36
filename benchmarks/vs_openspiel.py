"""Our Hard AI against OpenSpiel's Python ``ISMCTSBot`` at equal CPU time per decision.

    python benchmarks/vs_openspiel.py [--game ID] [--games 20] [--time 1.0] [--players 2]
                                      [--os-cutoff K]

Both sides get ``--time`` seconds of CPU time per decision (the deciding thread's
``time.thread_time``, so other work on the machine changes neither side's budget): ours
through its CPU-time cap with no iteration limit, OpenSpiel's bot through a simulation count
adapted to its measured speed (the simulations past the deadline do nothing; it always runs
two, so in long games it overshoots — both sides' CPU times are printed, with the bot's
simulations per decision).  Seats alternate between
matches.  Needs ``pip install .[openspiel]``.

The bot's evaluator is OpenSpiel's ``RandomRolloutEvaluator`` (uniformly random moves to the
end of the game) unless ``--os-cutoff K`` is given: then it plays at most K random moves and
judges the position with our game's evaluation hook (``TruncatedRolloutEvaluator``), the
value our own search uses at its cut-off.  Long games need it: a random Aristocracy game
never completes a château and runs ~2,300 steps to the 25-year cap, so a full rollout takes
a large part of a second and the bot could not be held to equal time.  With the cut-off both
sides judge positions with the same evaluation, and the match compares the searches.

``--check-cutoff N`` plays that bot (rollouts cut after ``--os-cutoff`` moves) against the
same bot with full random rollouts instead, both at N simulations a decision: whether the
cut-off weakens OpenSpiel's side (only where full rollouts are affordable, as in Majesty).
"""

from __future__ import annotations

import argparse
import math
import os
import secrets
import sys
import time
from dataclasses import replace
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tabletop import registry
from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.levels import level_config
from tabletop.ai.openspiel_bridge import TruncatedRolloutEvaluator, code_actions, load
from tabletop.ai.tournament import quantile, wilson
from tabletop.engine import Game, Rng
from tabletop.engine.play import DEFAULT_AI_SEED, derive_seed

#: the clock of both budgets: CPU time of the deciding thread (ours is capped by it too)
CLOCK = time.thread_time

#: the bot's first simulation only expands its root, so it needs two before it can answer
MIN_SIMULATIONS = 2


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS bot held to a CPU-time budget (or a simulation count) per decision."""

    def __init__(
        self,
        game: Any,
        seconds: float,
        seed: int,
        cutoff: int | None = None,
        simulations: int | None = None,
    ) -> None:
        rs = np.random.RandomState(seed)
        evaluator = (
            mcts.RandomRolloutEvaluator(1, rs)
            if cutoff is None
            else TruncatedRolloutEvaluator(cutoff, rs)
        )
        super().__init__(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=10,
            random_state=rs,
            allow_inconsistent_action_sets=True,
        )
        self.seconds = seconds
        self.fixed = simulations  # a fixed count per decision instead of the time budget
        self.rate = 20.0  # simulations per second, re-measured after every decision
        self.deadline = 0.0
        self.done = 0
        self.depth = 0
        self.simulations: list[int] = []

    def run_search(self, state: Any) -> Any:
        """Search until the deadline."""
        if self.fixed:
            self.deadline = math.inf
            self._max_simulations = self.fixed
        else:
            self.deadline = CLOCK() + self.seconds
            self._max_simulations = max(2, int(self.rate * self.seconds * 1.5) + 2)
        self.done = 0
        t0 = CLOCK()
        policy = super().run_search(state)
        used = max(min(CLOCK(), self.deadline) - t0, 1e-3)
        if self.done:
            self.rate = self.done / used
        self.simulations.append(self.done)
        return policy

    def sample_root_state(self, state: Any) -> Any:
        """A determinization, or (past the deadline) the state itself: no more work."""
        if self.done >= MIN_SIMULATIONS and CLOCK() > self.deadline:
            return state.clone()
        return super().sample_root_state(state)

    def run_simulation(self, state: Any) -> Any:
        """One simulation while time remains (the bot recurses: only the top call counts)."""
        if self.depth:
            return super().run_simulation(state)
        if self.done >= MIN_SIMULATIONS and CLOCK() > self.deadline:
            return None
        self.done += 1
        self.depth += 1
        try:
            return super().run_simulation(state)
        finally:
            self.depth -= 1


def play(
    game: Game,
    players: int,
    seed: int,
    ours: int,
    seconds: float,
    times: dict[str, list[float]],
    cutoff: int | None = None,
    ai_seed: int = DEFAULT_AI_SEED,
) -> float:
    """One match; returns our share of the win and adds each side's CPU seconds per decision
    (and the bot's simulation counts under ``"simulations"``).  Both sides' random numbers
    come from ``ai_seed``, the deal and our seat through a one-way hash, never from the deal
    alone."""
    os_game, state = _dealt(game, players, seed)
    agent = ISMCTSAgent(
        "hard", replace(level_config("hard", game), iterations=10**9, time_limit=seconds)
    )
    bots = {
        p: TimedISMCTSBot(os_game, seconds, derive_seed(ai_seed, seed, ours, p) % 2**32, cutoff)
        for p in range(players)
    }
    rng = Rng(derive_seed(ai_seed, seed, ours, players))
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        t0 = CLOCK()
        if len(legal) == 1:
            state.apply_action(int(legal[0]))
            continue
        if p == ours:
            inner = state.inner
            acts = game.legal_actions(inner, p)
            choice = agent.choose(game, game.view(inner, p), p, acts, rng)
            code = next(c for c, a in code_actions(acts).items() if a == choice)
        else:
            code = bots[p].step(state)
        times["ours" if p == ours else "openspiel"].append(CLOCK() - t0)
        state.apply_action(int(code))
    for bot in bots.values():
        times["simulations"] += bot.simulations
    return state.returns()[ours]


def _dealt(game: Game, players: int, seed: int) -> tuple[Any, Any]:
    """The OpenSpiel game and its state after deal ``seed``."""
    os_game = load(game, players)
    state = os_game.new_initial_state()
    state.apply_action(seed % os_game.max_chance_outcomes())
    return os_game, state


def play_cutoff_check(
    game: Game, players: int, seed: int, cut_seat: int, cutoff: int, simulations: int
) -> float:
    """The bot with rollouts cut after ``cutoff`` moves (at ``cut_seat``) against the bot with
    full rollouts, ``simulations`` each a decision; returns the first one's share of the win."""
    os_game, state = _dealt(game, players, seed)
    bots = {
        p: TimedISMCTSBot(
            os_game, 0.0, seed * 10 + p, cutoff if p == cut_seat else None, simulations
        )
        for p in range(players)
    }
    while not state.is_terminal():
        legal = state.legal_actions()
        p = state.current_player()
        state.apply_action(int(legal[0] if len(legal) == 1 else bots[p].step(state)))
    return state.returns()[cut_seat]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print our win rate per game."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game id (default: every game)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--time", type=float, default=1.0, help="seconds per decision, both sides")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--ai-seed",
        type=int,
        default=None,
        help="seeds both sides' searches apart from the deals (default: drawn afresh and "
        "printed; give it again to replay the same matches)",
    )
    ap.add_argument(
        "--os-cutoff",
        type=int,
        default=None,
        metavar="K",
        help="the bot's rollouts stop after K random moves and our evaluation judges the "
        "position (default: OpenSpiel's random rollouts to the end)",
    )
    ap.add_argument(
        "--check-cutoff",
        type=int,
        default=None,
        metavar="N",
        help="instead: the bot with --os-cutoff against the bot with full rollouts, "
        "N simulations a decision each",
    )
    args = ap.parse_args(argv)
    games = [registry.get(g) for g in args.game] if args.game else list(registry.games().values())
    if args.check_cutoff:
        return check_cutoff(games, args)
    rollouts = "to the end" if args.os_cutoff is None else f"cut after {args.os_cutoff} moves"
    ai_seed = secrets.randbits(63) if args.ai_seed is None else args.ai_seed
    print(
        f"Hard vs OpenSpiel ISMCTSBot (random rollouts {rollouts}), {args.time:.2f} s of CPU "
        f"per decision, {args.players} players, --seed {args.seed} --ai-seed {ai_seed}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    for game in games:
        t0 = time.perf_counter()
        wins = 0.0
        times: dict[str, list[float]] = {"ours": [], "openspiel": [], "simulations": []}
        for k in range(args.games):
            seed = args.seed + k // args.players
            wins += play(
                game,
                args.players,
                seed,
                k % args.players,
                args.time,
                times,
                args.os_cutoff,
                ai_seed,
            )
            sys.stderr.write(f"\r{game.info.id}: {k + 1}/{args.games}, won {wins:.1f}")
            sys.stderr.flush()
        sys.stderr.write("\n")
        lo, hi = wilson(wins, args.games)
        print(
            f"{game.info.id:<14} {100 * wins / args.games:5.1f}% "
            f"(95% CI {100 * lo:.1f}–{100 * hi:.1f}%) over {args.games} games, "
            f"{time.perf_counter() - t0:.0f} s; CPU seconds per decision, median/p95: ours "
            f"{quantile(times['ours'], 0.5):.2f}/{quantile(times['ours'], 0.95):.2f}, OpenSpiel "
            f"{quantile(times['openspiel'], 0.5):.2f}/{quantile(times['openspiel'], 0.95):.2f}; "
            f"OpenSpiel simulations per decision, median/p5: "
            f"{quantile(times['simulations'], 0.5):.0f}/{quantile(times['simulations'], 0.05):.0f}"
        )
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


def check_cutoff(games: list[Game], args: argparse.Namespace) -> int:
    """Print the cut-off bot's win rate against the full-rollout bot, per game."""
    if args.os_cutoff is None:
        raise SystemExit("--check-cutoff needs --os-cutoff K")
    print(
        f"OpenSpiel ISMCTSBot, rollouts cut after {args.os_cutoff} moves vs to the end, "
        f"{args.check_cutoff} simulations a decision, {args.players} players; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    for game in games:
        t0 = time.process_time()
        wins = sum(
            play_cutoff_check(
                game,
                args.players,
                args.seed + k // args.players,
                k % args.players,
                args.os_cutoff,
                args.check_cutoff,
            )
            for k in range(args.games)
        )
        lo, hi = wilson(wins, args.games)
        print(
            f"{game.info.id:<14} cut-off bot {100 * wins / args.games:5.1f}% "
            f"(95% CI {100 * lo:.1f}–{100 * hi:.1f}%) over {args.games} games, "
            f"{time.process_time() - t0:.0f} s CPU"
        )
    return 0


if __name__ == "__main__":
    pyspiel.load_game("tic_tac_toe")  # fail early if OpenSpiel is broken
    raise SystemExit(main())
