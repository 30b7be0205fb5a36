"""Where a checked Majesty step spends its time: the kit's protocol, the events, the rules.

    python benchmarks/majesty_split.py [--players 4] [--games 100] [--rounds 7]

Five loops play the same deals (``majesty_bare``'s deals and choices, sides A), interleaved
deal by deal in rotating order, CPU time:

* ``bare``: the floor (``majesty_bare.bare_game``);
* ``apply`` / ``play``: the engine through the protocol, as ``majesty_bare`` times it;
* ``rules+ev`` / ``rules``: Majesty's own take and end of turn (``moves.takes``,
  ``moves.apply_take``, ``flow.advance``) called directly, with an event list or ``QUIET``;
  a step the turn does not offer (a heal or exchange prompt) goes through the kit.

``apply - rules+ev`` is then what the kit's protocol costs a checked game (``is_over``,
``to_act``, ``legal_actions`` and ``apply`` around the rules), ``rules+ev - rules`` what
recording the events costs, and ``rules`` against ``bare`` what the rules themselves cost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # (majesty_bare, loaded from a test)

from majesty_bare import PICK, bare_game, engine_game

from tabletop import registry
from tabletop.engine import Rng
from tabletop.engine.events import QUIET
from tabletop.games.majesty.flow import advance
from tabletop.games.majesty.moves import apply_take, takes
from tabletop.games.majesty.state import TAKE_STEP


def rules_game(game: Any, players: int, seed: int, checked: bool) -> list[int]:
    """The deal through Majesty's own functions, the kit left out of every turn's take."""
    state = game.new_game(players, seed, {"sides": "A"})
    pick = Rng(seed ^ PICK)
    while not state.over:
        top = state.stack[-1]
        seat = top.seats[0]
        if top.step != TAKE_STEP:  # a prompt: through the kit
            action = pick.choice(game.legal_actions(state, seat))
            (game.apply if checked else game.play)(state, seat, action)
            continue
        action = pick.choice(takes(state, seat))
        state._legal = None
        events: list[Any] = [] if checked else QUIET
        apply_take(state, seat, action, events)
        advance(state, seat, events)
    return list(state.scores)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args(argv)
    game, n = registry.get("majesty"), args.players
    for seed in range(1000, 1010):  # the same games, or the figures mean nothing
        assert (
            rules_game(game, n, seed, True)
            == engine_game(game, n, seed, True)
            == bare_game(n, seed)
        )
    loops = {
        "bare": lambda seed: bare_game(n, seed),
        "apply": lambda seed: engine_game(game, n, seed, True),
        "play": lambda seed: engine_game(game, n, seed, False),
        "rules+ev": lambda seed: rules_game(game, n, seed, True),
        "rules": lambda seed: rules_game(game, n, seed, False),
    }
    names = list(loops)
    per_game: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(args.rounds):
        spent = dict.fromkeys(names, 0.0)
        for i in range(args.games):
            order = names[i % len(names) :] + names[: i % len(names)]
            for name in order:
                t = time.process_time()
                loops[name](1000 + i)
                spent[name] += time.process_time() - t
        for name in names:
            per_game[name].append(spent[name] / args.games * 1e6)
    print(f"{n} players, {args.rounds} rounds of {args.games} deals, CPU µs a game (median):")
    for name in names:
        ratio = statistics.median(
            b / x for b, x in zip(per_game["bare"], per_game[name], strict=True)
        )
        print(f"  {name:9} {statistics.median(per_game[name]):7.1f}  bare / this {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
