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
every digest samples -- the golden transcripts, which do not, still match), so any change of
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
    0: "d0595516975fbb8c580cf5c38c7ad2e696e23589671e0454fa66b40242c85f5f",
    1: "9d363d7a4732f1c0420e20e57b2179e5ac720ebf34bf418fdb0ae5bf4e20cf6f",
    2: "3b8ea71f691cd15632877e973b98118e29cc9be53f09cc100b2c20e8f19c3613",
    3: "28857deba3489c941114c8b7b8b79f42a20e467e5661f2dec052354e43210ce9",
    4: "fd62b5f1b2a723c5536065143cb823cc10fbc0f991a103e2e70775d4361d75e2",
    5: "7742a0ee51cf244dc2e44dff1fdcd222584a725c455c835f147c1fbd6bb36433",
    6: "9c4c38162e455a7828d12b5c1f6269a410dc182eeacde7cf2bde80d2544feabc",
    7: "d4a3dc6ddd976166b4501a40a647a70975a6f9a4f665262858963f9710af35a6",
    8: "91bf0ab14a8198d2100b074538e79df42f38a8dbd45600fab7920db7acbcea87",
    9: "840aea7b5eed1b3ca6fd7cc27fcac55002d37f51c1f604d4825940511986d6bb",
    10: "eba732c19534c6c90d85d410379b21c394b8f22bd9bb14f18c90d277876c52bc",
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
