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
card; all re-recorded when determinize began to remove philosophes muse by muse, which
every digest samples -- the golden transcripts, which do not, still match; and again when
the private draw line became third person, "Seat 1 draws X." for "You draw X."; game 10
re-recorded in issue 19 when the search's rollouts began to stage salons as a host would, and
again when Hard, whose settings ``mcts:12:8`` takes, became the paired search: the same digest
before and after the engine speed work merged on top of it), so any change of
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
    0: "ec6998119c24a09cfbd7aa5b00beaf67e8eb5b9d6d9ffcdfccd827d9158f27f9",
    1: "1a7d171d3706e4cf0a9a215851bd745a502d280bfe5e6f1e11dfd8f986ced6f0",
    2: "e07618cff02c57235092841a0c457537c34fde50f9f96fdaae1a444ab584ea1b",
    3: "64dc695485135b8ee28b2b56ad085c95b576605a89a044242967ef1f0514b201",
    4: "8ec60c868356a275e2aa22dbc5a5c16d1e60968f50986d424fb05291413acbb4",
    5: "23106f2fa1a16a1f313281ac94c23496cec17ef3ea00fa13d05f96b55d87deb1",
    6: "382f88cf588fdcf4acbf3817747f7b9163e0b0844a32357926cac5b39bcf3e1b",
    7: "dd71c6c7d01b4c2efe7174cf60ff94132d5a8a9a7eca35fb05213f58c22cf922",
    8: "be999adc26d694ae233827137e3c671aeb893a1a77d7ea78cd4b8b823e616200",
    9: "be7cdfeb3dba00fb9e27442dc9b4a3a9695c953e18378f74781e535ecc62183e",
    10: "ef50ba63db88a7941261934cd32ed80fc38233e477b93ac023fd4752f2fdf1a2",
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
