"""Pinned behaviour: seeded games whose every step must stay exactly as recorded.

Each game (2–6 players, random, greedy and searching seats, every option) is played to its
end and digested step by step: the acting seat, its legal actions with their gestures and
texts, the action chosen, the events with their texts, data and redactions, the acting
seat's view; every ``DEEP``-th step also every seat's view, the spectator's, a
determinization of the acting seat's view and a copy; at the end the state as JSON, the
outcome and the summary figures.

The expected digests below were recorded by ``python tests/test_your_majesty_pinned.py``
from the UNCHANGED code (main at 146b915, before the speed work), so any change of
behaviour -- a rule, a text, a gesture, a view, a determinization, an agent's choice --
fails here.  Re-record only for an intended change of behaviour, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
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
    0: "fffc9873da06874b4431e13661987bfb561071fcdc19f4ce8636bf8642690130",
    1: "69406cb6c347b81e7f82573b788efb24efb085abf9d889791a907a843bd81f8f",
    2: "5c900ce3caa235c3cfb3c7f47d8097cb37000545a3e80f578e7315819ce62b42",
    3: "360a4c7eb0dd8c91e540618a0c4075e4bedf773c911cfe0a28596d20cff4cb45",
    4: "a2e1070debac7d00968e49ffec2c0a2886434a265818f34919dddf23a470663b",
    5: "24b8b601226459e3784bd3f3b9143251681c21cdc624eea08d75a31d4c23fefa",
    6: "0dc36a9b2fc3e41ea929f086ace44593a49a2c26ae6108acdd7fa009f52b1d7a",
    7: "5aad2292e583440ee34b3e1a19005966dc2cb2e1cec644c388e768c48224a9e5",
    8: "48a4024023e0442f33f66850e1d97dc001e14cc420986c09e566cdbe6aad3703",
    9: "e3bc54b0e9ad6c73d80baa98438dae4d41f1bb238d09cfc2fb19a376aa4312c4",
    10: "4888e611533e8efd687cc574b6f4d54833c6f50a7032fba9cdbd967b3f055231",
}


def _gesture(a: Action) -> str:
    return json.dumps([a.name, a.to_json()["args"], a.gesture.to_json(), a.text], sort_keys=True)


def _event(e: Event | None) -> Any:
    if e is None:
        return None
    return [e.kind, e.text, e.data, e.private_to, _event(e.redacted)]


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, default=str).encode()


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
