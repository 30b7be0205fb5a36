"""Seeded random playouts: every game finishes and keeps every invariant.

For 2, 3 and 4 players on side A, side B, mixed layouts and the combined deck (2,100 games
in all): 12 characters each, all 60 cards in exactly one place after every action, the
final score equals the sum of the logged gains and of the breakdown, no view ever shows a
face-down card (every view in the first games of a batch, one view per action after
that, with a scan of every string of it after every eighth action), and JSON round-trips and replays reproduce the states.
CI plays a third of each batch (every third game and the every-step ones: 720 games);
``TABLETOP_FULL_PROPERTIES=1`` plays all.
"""

from __future__ import annotations

import json
import os

import pytest
from majesty_support import all_cards, hidden_uids, json_round_trip, leaked

from tabletop.engine import Rng, state_digest
from tabletop.engine.events import POINTS
from tabletop.games.majesty import GAME
from tabletop.games.majesty.data import CHARACTERS_PER_PLAYER

ALL = list(range(60))
JSON_EVERY_STEP = 4  # the first games of each batch round-trip after every action
FULL_SCAN_EVERY = 8  # other games scan every string of a view after every 8th action
FULL = os.environ.get("TABLETOP_FULL_PROPERTIES", "") == "1"  # else CI's third of the games


def play(players: int, seed: int, options: dict, every_step: bool) -> None:
    """One random game with all invariant checks."""
    s = GAME.new_game(players, seed, options)
    rng = Rng(seed * 7919 + players)
    moves = []
    logged = [0] * players
    takes = [0] * players
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        assert legal
        action = rng.choice(legal)
        for e in GAME.apply(s, seat, action):
            if e.kind == POINTS:
                logged[e.data["seat"]] += e.data["delta"]
        takes[seat] += action.name == "take"
        moves.append((seat, json.loads(json.dumps(action.to_json()))))
        assert sorted(all_cards(s)) == ALL
        viewer = len(moves) % (players + 1)
        view = GAME.view(s, viewer if viewer < players else None)
        assert all(c["card"] is None and c["uid"] is None for c in view["zones"]["deck"]["cards"])
        shown = {c["uid"] for z in view["zones"].values() for c in z["cards"]}
        hidden = hidden_uids(s)
        assert not hidden & shown
        if every_step or len(moves) % FULL_SCAN_EVERY == 0:  # every string of the view
            assert not leaked(view, hidden)
        assert logged == s.scores
        if every_step:
            for seat_view in range(players):
                assert not leaked(GAME.view(s, seat_view), hidden)
            assert state_digest(GAME, json_round_trip(s)) == state_digest(GAME, s)
    assert takes == [CHARACTERS_PER_PLAYER] * players
    placed = sum(len(loc) for realm in s.realms for loc in realm) + len(s.removed)
    assert placed == CHARACTERS_PER_PLAYER * players
    out = GAME.outcome(s)
    assert out.scores == logged == [sum(b.values()) for b in out.breakdown]
    assert out.winners == [p for p in range(players) if out.scores[p] == max(out.scores)]
    digest = state_digest(GAME, s)
    assert state_digest(GAME, json_round_trip(s)) == digest
    assert state_digest(GAME, GAME.replay(players, seed, options, moves)) == digest


BATCHES = [
    ("2p-A", [2], {"sides": "A"}, 300),
    ("2p-B", [2], {"sides": "B"}, 300),
    ("3p-A", [3], {"sides": "A"}, 250),
    ("3p-B", [3], {"sides": "B"}, 250),
    ("4p-A", [4], {"sides": "A"}, 200),
    ("4p-B", [4], {"sides": "B"}, 200),
    ("mixed-layout", [2, 3, 4], {"sides": "mixed", "layout": "ABBAABAB"}, 240),
    ("mixed-random", [2, 3, 4], {"sides": "mixed"}, 210),
    ("combined-deck", [2, 3, 4], {"sides": "B", "combined_deck": True}, 150),
]


def games_of(name: str, counts: list[int], options: dict, games: int) -> list[tuple]:
    """The games a batch plays: (players, seed, options, every_step)."""
    return [
        (counts[g % len(counts)], 1000 * len(name) + g, options, g < JSON_EVERY_STEP)
        for g in range(games)
    ]


def played_of(batch: tuple) -> list[tuple]:
    """The games of a batch this run plays: CI every third one (and the first games, which
    check every step), TABLETOP_FULL_PROPERTIES=1 all of them."""
    return [g for i, g in enumerate(games_of(*batch)) if FULL or i % 3 == 0 or g[3]]


@pytest.mark.slow
@pytest.mark.parametrize("name,counts,options,games", BATCHES, ids=[b[0] for b in BATCHES])
def test_random_games_keep_every_invariant(name, counts, options, games) -> None:
    for players, seed, opts, every_step in played_of((name, counts, options, games)):
        play(players, seed, opts, every_step)


def test_batches_hold_two_thousand_different_games_and_the_run_every_side() -> None:
    """The batches hold at least 2,000 different games (no seed repeated at the same player
    count and options); the games this run plays have every player count on every side, the
    combined deck and a fixed layout at every count, and checks at every step in each batch."""
    held = [g for b in BATCHES for g in games_of(*b)]
    distinct = {(p, seed, json.dumps(o, sort_keys=True)) for p, seed, o, _ in held}
    assert len(distinct) == len(held) >= 2000
    played = [g for b in BATCHES for g in played_of(b)]
    sides = {(p, o["sides"], "layout" in o, "combined_deck" in o) for p, _, o, _ in played}
    want = {(p, s, False, False) for p in (2, 3, 4) for s in ("A", "B", "mixed")}
    assert sides == want | {(p, "mixed", True, False) for p in (2, 3, 4)} | {
        (p, "B", False, True) for p in (2, 3, 4)
    }
    assert all(sum(g[3] for g in played_of(b)) == JSON_EVERY_STEP for b in BATCHES)
