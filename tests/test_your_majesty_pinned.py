"""Pinned behaviour: seeded games whose every step must stay exactly as recorded.

Each game (2–6 players, random, greedy and searching seats, every option) is played to its
end and digested step by step: the acting seat, its legal actions with their gestures and
texts, the action chosen, the events with their texts, data and redactions, the acting
seat's view; every ``DEEP``-th step also every seat's view, the spectator's, a
determinization of the acting seat's view and a copy; at the end the state as JSON, the
outcome and the summary figures.

The expected digests below were recorded by ``python tests/test_your_majesty_pinned.py``
from the UNCHANGED code (main at 146b915, before the speed work; re-recorded when the id
became ``your_majesty``, the views' ``game`` field being the only change; games 0-4 and 8-10
re-recorded in issue 19 when the heuristic began to weigh A Place at Court and the payment
card), so any change of
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

DEEP = 15


def _seat_rng(seed: int, seat: int) -> Rng:
    """The agents' generators as the play loop made them before issue 19 (which now seeds
    them from an AI seed apart from the deal): kept here so the digests pin the rules and
    the agents, not the loop's seeding."""
    return Rng(Rng(((seed & (2**64 - 1)) << 8) ^ (seat + 1) ^ 0x7AB1E70B).next64())


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
    0: "e7ad08b730fbba8dfa3764f6f68b6ac46e6d02d446adaceec65d34bb133b1026",
    1: "572f0df82ec90ac58226a26cd2122b25b181a0a16bbb7797245aee6d42c23099",
    2: "9bc1f8a8564215b971b8809290279ec4c9fb18f8d9c4119e262fe0bfa4073f18",
    3: "e236c8a0cfde5fa1baf0916dc00a2496479d92c7d527fa0f5e41e63e06999b30",
    4: "65d14ee8218030d481df4f532a4d92a0a1b2da814d502b0e688cd72727d53c05",
    5: "447a122b3b40c345ce6e4a4c5fcf1e1d509069d2378a2c35ee712e5cbbb1accb",
    6: "a9aa2820d44c2c0e3207ff34f3cce41dd050f357e648407e56c02f5da2299e1a",
    7: "20d10b4de00902651d36734d2441f15df4d79f99c4f0f45db47d13c7d5b33db6",
    8: "bf6d3f15544fcbc41745e3487db80dfa21c38d6ac385f8367abe62e345bc71cd",
    9: "b405070fba72d10579eb0899a1f86cd48c67d63d192df58a66a57e21cb4634de",
    10: "2d3c198831b8131c5bf74e38b4fc261984784a49ae939c57d2ad155e4f7f244b",
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
    rngs = [_seat_rng(seed, i) for i in range(players)]
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
