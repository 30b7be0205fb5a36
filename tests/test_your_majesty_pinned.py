"""Pinned behaviour: seeded games whose every step must stay exactly as recorded.

Each game (2–6 players, random, greedy and searching seats, every option) is played to its
end and digested step by step: the acting seat, its legal actions with their gestures and
texts, the action chosen, the events with their texts, data and redactions, the acting
seat's view; every ``DEEP``-th step also every seat's view, the spectator's, a
determinization of the acting seat's view and a copy; at the end the state as JSON, the
outcome and the summary figures.

The expected digests below were recorded by ``python tests/test_your_majesty_pinned.py``
from the UNCHANGED code (main at 146b915, before the speed work; re-recorded when the id
became ``your_majesty``, the views' ``game`` field being the only change; re-recorded when
determinize began to remove philosophes muse by muse, the sampled determinizations and the
searching seats' choices being the only change -- the golden transcripts still match), so any change of
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
    0: "35e91f353daa0cc5b779522af402761684d251de8d152640bf945e17e4823094",
    1: "d882ed0820329b4f2429e7b5f407ff36c8c2c248d759027c7396a9cc98360e44",
    2: "cb4451d7a2764a377bab171a23ad92a044f2ace3c67096e1bd0512ddad197f88",
    3: "4a45e8153ab75477b74f2541608c9744ed578b9ed4ab0453ce4f15419dd20124",
    4: "3e2d96bcbdc1b37ccfcdf2024e0c6d1b5cb9031267b23f9c013878eb3e986c3f",
    5: "b60816cf1f1733534564ab2a3594253225776edd052259f0e973d97db8c469c1",
    6: "e42d56eebbc9f905c06e1785f1220937cc213778626e71793f65e52c200d76d1",
    7: "0fe06a3c2acc8d45af49213915433ecf4391eeea0e657edcc28a46fb91977348",
    8: "b80ed13b25625b6fc0912573e6d0939085ff0114097aefc46aaeb2a45166fdba",
    9: "32f65cb24e551e4b8dd76cccea4f5d362a5a5baf51012f6447fd2b06c5596a87",
    10: "c0ef88b6dea419986cd8f4f956145b046031e2b17a9929925177df9eb6b024fc",
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
