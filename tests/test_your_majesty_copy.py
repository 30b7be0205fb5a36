"""The fast paths for the search: copies, determinizations and shared legal actions.

``copy`` copies lists by hand instead of pickling, ``determinize`` builds its state straight
from the view, and legal actions come from a cache: each must stay independent of what it
came from (a search mutates its states thousands of times while it keeps the view).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tabletop.ai.base import make_agent
from tabletop.engine import Rng, state_digest
from tabletop.engine.frozen import canonical
from tabletop.games.your_majesty import GAME
from tabletop.games.your_majesty.state import YMState
from tabletop.tools.sim import seat_rng


def _states(players: int, seed: int, every: int = 7) -> list[YMState]:
    """States along a greedy game (every ``every``-th decision), the last one finished."""
    s = GAME.new_game(players, seed, {"paycheck": "wealth"} if seed % 2 else {})
    agent = make_agent("greedy", GAME)
    rng = seat_rng(seed, 0)
    out = []
    step = 0
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        if step % every == 0:
            out.append(GAME.copy(s))
        a = agent.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng)
        GAME.apply(s, seat, a)
        step += 1
    return [*out, s]


def _mutables(x: Any, path: str = "state") -> dict[int, str]:
    """Every mutable object inside ``x`` (lists, dicts, dataclasses, the Rng) by identity."""
    found: dict[int, str] = {}
    if isinstance(x, list | dict) or dataclasses.is_dataclass(x) or hasattr(x, "next64"):
        found[id(x)] = path
    if isinstance(x, list):
        for i, v in enumerate(x):
            found.update(_mutables(v, f"{path}[{i}]"))
    elif isinstance(x, dict):
        for k, v in x.items():
            found.update(_mutables(v, f"{path}[{k!r}]"))
    elif dataclasses.is_dataclass(x):
        for f in dataclasses.fields(x):
            found.update(_mutables(getattr(x, f.name), f"{path}.{f.name}"))
    return found


def test_copy_is_equal_and_shares_nothing_mutable() -> None:
    checked = 0
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        for s in _states(players, seed):
            if s.pending is None and s.salon is None and not any(c.lingering for c in s.courts):
                continue  # keep the states with every optional part in use
            t = GAME.copy(s)
            assert state_digest(GAME, t) == state_digest(GAME, s)
            assert type(t) is YMState and t.rng == s.rng
            shared = _mutables(s).keys() & _mutables(t).keys()
            assert not shared, [_mutables(s)[i] for i in shared]
            checked += 1
    assert checked >= 10


def test_determinize_leaves_the_view_untouched() -> None:
    """A search mutates every determinized state but keeps using the same view."""
    s = _states(4, 5)[-2]
    seat = GAME.to_act(s)[0]
    view = GAME.view(s, seat)
    before = canonical(view)
    world = GAME.determinize(view, seat, Rng(1))
    in_view = _mutables(view)
    assert not in_view.keys() & _mutables(world).keys()
    for _ in range(30):
        if GAME.is_over(world):
            break
        who = GAME.to_act(world)[0]
        GAME._apply(world, who, GAME.legal_actions(world, who)[-1])
    assert canonical(view) == before


def test_legal_actions_are_shared_objects_that_name_their_table() -> None:
    s = next(
        t
        for t in _states(3, 4)
        if not GAME.is_over(t)
        and any(n in a.text for a in GAME.legal_actions(t, GAME.to_act(t)[0]) for n in t.names)
    )
    seat = GAME.to_act(s)[0]
    first = GAME.legal_actions(s, seat)
    again = GAME.legal_actions(GAME.copy(s), seat)
    assert len(first) > 3 and all(a is b for a, b in zip(first, again, strict=True))
    # another table's seat names: equal actions and gestures, texts naming those seats
    renamed = GAME.copy(s)
    renamed.names = [f"Court {i + 1}" for i in range(s.players)]
    world = GAME.determinize(GAME.view(renamed, seat), seat, Rng(2))
    theirs = GAME.legal_actions(world, seat)
    assert theirs == first
    changed = 0
    for a, b in zip(first, theirs, strict=True):
        assert a.gesture == b.gesture
        if a.text != b.text:
            changed += 1
            pairs = zip(s.names, renamed.names, strict=True)
            assert any(a.text.replace(old, new) == b.text for old, new in pairs), b.text
        else:
            assert not any(n in a.text for n in renamed.names)
    assert changed
    assert all(a.text == b.text for a, b in zip(first, GAME.legal_actions(s, seat), strict=True))
