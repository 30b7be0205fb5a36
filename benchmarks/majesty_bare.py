"""Majesty through the engine against a bare loop of the same rules, interleaved deal by deal.

    python benchmarks/majesty_bare.py [--players 2 4] [--games 200] [--rounds 9]

The *bare loop* is the floor: the rules of Majesty (any location sides) written as one plain
function over lists and ints, with no kit, no state object, no actions, no events and no log
sentences; each step lists its choices as tuples in the engine's order and picks one with the
same seeded generator, so it plays exactly the games the engine plays (``check`` compares
every final score; it runs first).  The engine plays each deal two ways: the checked
``game.apply`` (events and log sentences built, as the table and the log use it) and the
quiet ``game.play`` (the AI's play-outs), each step listing the legal actions first.

Each round plays ``--games`` deals (1000 onwards); for each deal the three loops run back to
back, their order rotating, each timed in CPU seconds (``time.process_time``).  A round's
ratio is the bare loop's time over the engine's (1.0: as fast as the floor); the median and
p95 of the rounds' ratios and speeds are printed, and last ``ratio R``: the checked apply's
median ratio at the smallest player count asked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from tabletop import registry
from tabletop.engine import Rng
from tabletop.games.majesty.data import (
    CHARACTERS_PER_PLAYER,
    DISPLAY_SIZE,
    INFIRMARY,
    SET_ASIDE,
    START_MEEPLES,
    TIER_CARDS,
    catalog,
)

PICK = 0xBE7C4  # the choices' generator is seeded with seed ^ PICK, as benchmarks/engine.py


def bare_game(players: int, seed: int, sides: str = "AAAAAAAA") -> list[int]:
    """One random game of Majesty (``sides``: a letter per location) as plain code; the
    final scores."""
    cat = catalog()
    chars_of, spaces = cat.chars, cat.worker_spaces
    rng = Rng(seed)
    tier1, tier2 = list(TIER_CARDS[1]), list(TIER_CARDS[2])
    rng.shuffle(tier2)
    rng.shuffle(tier1)
    deck = tier2 + tier1[: SET_ASIDE[players]]
    display = [deck.pop() for _ in range(DISPLAY_SIZE)]
    waiting = [0] * DISPLAY_SIZE
    seat = rng.randrange(players)
    realms: list[list[list[int]]] = [[[] for _ in range(8)] for _ in range(players)]
    meeples = [START_MEEPLES] * players
    scores = [0] * players
    locs = [cat.location(i, x) for i, x in enumerate(sides)]
    guard = next((k for k in range(INFIRMARY) if locs[k].signpost == "defend"), None)
    options = _options(len(chars_of))
    pick = Rng(seed ^ PICK)
    # every turn a seat takes one card and no card ever leaves its realm, so the game ends
    # when the last seat takes its twelfth: after twelve turns each
    for _ in range(CHARACTERS_PER_PLAYER * players):
        # take a card: slot i costs i meeples, placed as one of its characters
        affordable = min(len(display), meeples[seat] + 1)
        opts = [o for i in range(affordable) for o in options[i][display[i]]]
        slot, ch = pick.choice(opts)
        for i in range(slot):
            waiting[i] += 1
        card = display.pop(slot)
        meeples[seat] += waiting.pop(slot) - slot
        realm = realms[seat]
        realm[ch].append(card)
        loc = locs[ch]
        signpost = loc.signpost
        if signpost == "attack":
            knights = len(realm[ch])
            for step in range(1, players):
                opp = realms[(seat + step) % players]
                if guard is not None and len(opp[guard]) >= knights:
                    continue
                for k in range(INFIRMARY):
                    if opp[k]:
                        opp[INFIRMARY].append(opp[k].pop())
                        break
        elif signpost == "heal" and realm[INFIRMARY]:
            healed = realm[INFIRMARY].pop()
            back = chars_of[healed]
            realm[pick.choice(back) if len(back) > 1 else back[0]].append(healed)
        if loc.exchange and (scores[seat] > 0 or meeples[seat] > 0):
            way = 0
            while True:
                opts2 = ["buy"] if scores[seat] > 0 and way >= 0 else []
                if meeples[seat] > 0 and way <= 0:
                    opts2.append("sell")
                opts2.append("done")
                what = pick.choice(opts2)
                if what == "done":
                    break
                way = 1 if what == "buy" else -1
                meeples[seat] += way
                scores[seat] -= way
        # the payout
        pts = 0
        if loc.points_per:
            for k in loc.points_for:
                pts += len(realm[k])
            pts *= loc.points_per
            if loc.times_largest:
                pts *= max(map(len, realm[:INFIRMARY]))
        if loc.infirmary_points:
            pts += loc.infirmary_points * len(realm[INFIRMARY])
        scores[seat] += pts
        if loc.meeples_per:
            for k in loc.meeples_for:
                meeples[seat] += loc.meeples_per * len(realm[k])
        if loc.bonus_needs and all(realm[k] for k in loc.bonus_needs):
            scores[seat] += loc.bonus_points
        if loc.all_need is not None:
            for p in range(players):
                if realms[p][loc.all_need]:
                    scores[p] += loc.all_points
        # the end of the turn
        if meeples[seat] > spaces:
            scores[seat] += meeples[seat] - spaces
            meeples[seat] = spaces
        if deck:
            display.append(deck.pop())
            waiting.append(0)
        seat = (seat + 1) % players
    # the final scoring
    infirmary = locs[INFIRMARY]
    wounded = [len(r[INFIRMARY]) for r in realms]
    for p in range(players):
        scores[p] -= infirmary.penalty_per_card * wounded[p]
        kinds = sum(1 for k in range(INFIRMARY) if realms[p][k])
        scores[p] += kinds * kinds
    for k in range(INFIRMARY):
        if locs[k].majority is not None:
            counts = [len(r[k]) for r in realms]
            if max(counts) >= 1:
                for p in range(players):
                    scores[p] += locs[k].majority if counts[p] == max(counts) else 0
    if infirmary.majority is not None and max(wounded) >= 1:
        for p in range(players):
            scores[p] += infirmary.majority if wounded[p] == max(wounded) else 0
    return scores


@cache
def _options(cards: int) -> list[list[tuple[tuple[int, int], ...]]]:
    """Per display slot, per card: its choices ``(slot, character)`` (made once, as the
    engine keeps its takes)."""
    chars_of = catalog().chars
    return [
        [tuple((i, ch) for ch in chars_of[c]) for c in range(cards)] for i in range(DISPLAY_SIZE)
    ]


def engine_game(game: Any, players: int, seed: int, checked: bool, sides: str = "A") -> list[int]:
    """The same deal through the engine (``apply`` if ``checked``, else ``play``); ``sides``
    is the game's option (``A`` or ``B``)."""
    state = game.new_game(players, seed, {"sides": sides})
    pick = Rng(seed ^ PICK)
    step = game.apply if checked else game.play
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        step(state, seat, pick.choice(game.legal_actions(state, seat)))
    return list(state.scores)


def check(game: Any, players: int, seeds: range, sides: str = "A") -> None:
    """Raise unless the bare loop and the engine score every deal of ``seeds`` alike, with
    every location on side ``sides``."""
    for seed in seeds:
        bare = bare_game(players, seed, sides * 8)
        engine = engine_game(game, players, seed, True, sides)
        if bare != engine:
            raise AssertionError(f"deal {seed} at {players}: bare {bare}, engine {engine}")


def one_round(game: Any, players: int, games: int) -> dict[str, float]:
    """CPU seconds of each loop over the round's deals, their order rotating deal by deal."""
    loops: dict[str, Callable[[int], Any]] = {
        "bare": lambda seed: bare_game(players, seed),
        "apply": lambda seed: engine_game(game, players, seed, True),
        "play": lambda seed: engine_game(game, players, seed, False),
    }
    names = list(loops)
    spent = dict.fromkeys(names, 0.0)
    for i in range(games):
        order = names[i % 3 :] + names[: i % 3]
        for name in order:
            t = time.process_time()
            loops[name](1000 + i)
            spent[name] += time.process_time() - t
    return spent


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Check the bare loop, then print each player count's figures and ``ratio R``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--games", type=int, default=200, help="deals per round")
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args(argv)
    game = registry.get("majesty")
    print(f"command: python {' '.join(sys.argv)}")
    headline = None
    for players in args.players:
        check(game, players, range(1000, 1000 + min(args.games, 50)))
        engine_game(game, players, 999, True)  # warm-up
        rounds = [one_round(game, players, args.games) for _ in range(args.rounds)]
        print(f"{players} players, {args.rounds} rounds of {args.games} deals (CPU time):")
        for name in ("bare", "apply", "play"):
            speed = [args.games / r[name] for r in rounds]
            line = (
                f"  {name:6} games/s median {statistics.median(speed):8.0f} p95 {p95(speed):8.0f}"
            )
            if name != "bare":
                ratio = [r["bare"] / r[name] for r in rounds]
                line += (
                    f" | ratio to bare median {statistics.median(ratio):.2f} "
                    f"(p95 {p95(ratio):.2f}, lowest {min(ratio):.2f})"
                )
                if name == "apply" and headline is None:
                    headline = statistics.median(ratio)
            print(line)
    print(f"ratio {headline:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
