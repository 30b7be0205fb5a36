"""Pinned behaviour: seeded games whose every step must stay exactly as recorded.

Each game (2–6 players, random, greedy and searching seats, every option) is played to its
end and digested step by step: the acting seat, its legal actions with their gestures and
texts, the action chosen, the events with their texts, data and redactions, the acting
seat's view; every ``DEEP``-th step also every seat's view, the spectator's, a
determinization of the acting seat's view and a copy; at the end the state as JSON, the
outcome and the summary figures.

The expected digests below were recorded by ``python tests/test_your_majesty_pinned.py``
from the UNCHANGED code (main at 146b915, before the speed work; re-recorded when the id
became ``your_majesty``, the views' ``game`` field being the only change), so any change of
behaviour -- a rule, a text, a gesture, a view, a determinization, an agent's choice --
fails here.  Re-record only for an intended change of behaviour, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.ai.base import make_agent
from tabletop.engine import Action, Event, Rng, state_digest
from tabletop.games.your_majesty import GAME
from tabletop.sim import seat_rng

DEEP = 15

# (players, seed, options, agent kinds cycled over the seats)
GAMES: list[tuple[int, int, dict[str, Any], tuple[str, ...]]] = [
    (2, 1, {}, ("greedy",)),
    (3, 2, {"faux_pas": True}, ("greedy",)),
    (4, 3, {"paycheck": "reform"}, ("greedy",)),
    (5, 4, {"paycheck": "wealth"}, ("greedy",)),
    (6, 5, {}, ("greedy",)),
    (2, 6, {"paycheck": "wealth", "faux_pas": True}, ("random",)),
    (3, 7, {}, ("random",)),
    (4, 8, {"faux_pas": True}, ("random", "greedy")),
    (5, 9, {"paycheck": "reform"}, ("greedy", "random", "random")),
    (6, 10, {"paycheck": "wealth"}, ("random", "greedy")),
    (3, 11, {}, ("mcts:12:8", "greedy", "random")),
]

EXPECTED: dict[int, str] = {
    0: "38b57f81249a9e656f5b1fb6c5ed32197bd7cf6f61e0ef3656af0cfbf6b54203",
    1: "24b27d3d32992aa50d2dc8dbcb15df06f41c77865225dd40d70ca06c4ebaf588",
    2: "54e865870b49a3e78cf1180bd33100a402396d4efdbba7c25c03ef25a047400e",
    3: "32e84623650ec01e7028f907ec376c8bc090aafa822a2b964118662b40d17882",
    4: "d0574ded51b55ef9bea9eef70bea187f55484dc7a13eb153561d0d964d2d7026",
    5: "447a122b3b40c345ce6e4a4c5fcf1e1d509069d2378a2c35ee712e5cbbb1accb",
    6: "a9aa2820d44c2c0e3207ff34f3cce41dd050f357e648407e56c02f5da2299e1a",
    7: "20d10b4de00902651d36734d2441f15df4d79f99c4f0f45db47d13c7d5b33db6",
    8: "733790bb71904113664e3ec87be71279e5aed47325a1801c7f570121a89f6ac4",
    9: "4d5593131f4b67fa99e4e65567d43f8bae0ae60e182d170a5e64f2c6bf1b1abd",
    10: "29f0afa1ecbc3955c8ae23226277921c70a01bffbf14d54516006b3ef9452c07",
}


def _gesture(a: Action) -> str:
    return json.dumps([a.name, a.to_json()["args"], a.gesture.to_json(), a.text], sort_keys=True)


def _event(e: Event | None) -> Any:
    if e is None:
        return None
    return [e.kind, e.text, e.data, e.private_to, _event(e.redacted)]


def _plain(x: Any) -> Any:
    """A read-only view's mapping proxies are written as the dicts they wrap."""
    return dict(x) if isinstance(x, Mapping) else str(x)


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, default=_plain).encode()


def play_digest(players: int, seed: int, options: dict[str, Any], kinds: tuple[str, ...]) -> str:
    """The digest of one whole game (see the module's docstring)."""
    h = hashlib.sha256()
    s = GAME.new_game(players, seed, options)
    agents = [make_agent(kinds[i % len(kinds)], GAME) for i in range(players)]
    rngs = [seat_rng(seed, i) for i in range(players)]
    step = 0
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        view = GAME.view(s, seat)
        h.update(_dump([step, seat, [_gesture(a) for a in legal], view]))
        if step % DEEP == 0:
            h.update(_dump([GAME.view(s, i) for i in [*range(players), None]]))
            world = GAME.determinize(view, seat, Rng(step))
            h.update(state_digest(GAME, world).encode())
            assert state_digest(GAME, GAME.copy(s)) == state_digest(GAME, s)
        action = agents[seat].choose(GAME, view, seat, legal, rngs[seat])
        events = GAME.apply(s, seat, action)
        h.update(_dump([action.key, [_event(e) for e in events]]))
        step += 1
    out = GAME.outcome(s)
    h.update(state_digest(GAME, s).encode())
    h.update(_dump([out.scores, out.winners, out.breakdown, GAME.summary_stats(s), step]))
    return h.hexdigest()


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_game_plays_exactly_as_recorded(index: int) -> None:
    assert play_digest(*GAMES[index]) == EXPECTED[index]


if __name__ == "__main__":  # record the digests (only from code whose behaviour is right)
    for i, g in enumerate(GAMES):
        print(f"    {i}: {play_digest(*g)!r},", flush=True)
