"""The kit's derived copy, JSON and rebuild-from-view hold for every registered game.

Along seeded games, at several points: the derived JSON goes through text and back to the
same state; the derived copy is the same state and shares no list or dict with it (but the
items a game declares ``shallow``); and the state the declared ``from_view`` rebuilds from the
view of a seat deciding now (as the agents and the search rebuild it) shows that seat the
very same view.  (A seat not asked may see less than a rebuild needs: Mayflower's open
window names nobody to those it does not ask, and Aristocracy shows a rival's spent stall
cards among its hand's cards but not in its hand count.)  The last tests plant a dropped field in a
declaration and a copy that shares a list, and assert the checks see them.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from conformance import positions
from high_card import GAME as HIGH_CARD

from tabletop import registry
from tabletop.engine import Game, Rng, state_digest
from tabletop.engine.decisions import Frame
from tabletop.engine.frozen import canonical
from tabletop.engine.kit import RulesGame
from tabletop.engine.rebuild import FromView

#: the registered games and the template game of the docs (``tests/high_card``)
GAMES: dict[str, Game] = {**registry.games(), HIGH_CARD.info.id: HIGH_CARD}
CASES = [
    pytest.param(game, n, id=f"{gid}-{n}p")
    for gid, game in GAMES.items()
    for n in sorted({game.info.min_players, game.info.max_players})
]
SEED = 7
EVERY = 5  # a check every this many moves
LIMIT = 160  # moves looked at per game


def _mutable_shared(a: Any, b: Any, skip: frozenset[str], path: str = "") -> list[str]:
    """The paths at which ``a`` and ``b`` hold the same list, dict or dataclass object."""
    if a is None or isinstance(a, int | float | str | bool | tuple | frozenset):
        return []
    if a is b and (isinstance(a, list | dict) or dataclasses.is_dataclass(a)):
        return [path or "the state"]
    out: list[str] = []
    if isinstance(a, Frame):  # a frame's data is copied one level deep (games replace the
        # lists of a secret choice whole, never edit them: ``Frame.clone``)
        out += [f"{path}.{k}" for k in ("seats", "done", "data") if getattr(a, k) is getattr(b, k)]
        out += [
            f"{path}.data[{k!r}]"
            for k, v in a.data.items()
            if v is b.data.get(k) and isinstance(v, list | dict)
        ]
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            if f.name not in skip:
                out += _mutable_shared(getattr(a, f.name), getattr(b, f.name), frozenset(), f.name)
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            out += _mutable_shared(x, y, frozenset(), f"{path}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() & b.keys():
            out += _mutable_shared(a[k], b[k], frozenset(), f"{path}[{k!r}]")
    return out


def derived_parts_hold(game: Game, players: int, seed: int) -> list[str]:
    """JSON, copy and rebuild-from-view checked along one seeded game (see the docstring)."""
    fields = getattr(game.state_type, "FIELDS", None)
    if not isinstance(game, RulesGame) or fields is None or game.from_view is None:
        return [f"{game.info.id} declares no fields or from_view"]
    problems: list[str] = []
    for step, state, _seat, _action, _events in positions(game, players, seed, limit=LIMIT):
        if step % EVERY:
            continue
        digest = state_digest(game, state)
        back = game.state_from_json(json.loads(json.dumps(game.state_to_json(state))))
        if state_digest(game, back) != digest:
            problems.append(f"step {step}: the state changes through JSON")
        twin = game.copy(state)
        if state_digest(game, twin) != digest:
            problems.append(f"step {step}: the copy differs")
        shared = _mutable_shared(state, twin, fields.shallow)
        if shared:
            problems.append(f"step {step}: the copy shares {shared[:3]}")
        for seat in game.to_act(state):
            view = game.view(state, seat)
            try:
                rebuilt = game.rebuild(view, seat, Rng(1000 * step + seat))
                same = canonical(game.view(rebuilt, seat)) == canonical(view)
            except Exception as e:  # (a broken declaration may fail outright)
                problems.append(f"step {step}, seat {seat}: rebuilding fails: {e!r}")
                continue
            if not same:
                problems.append(f"step {step}, seat {seat}: the rebuilt state shows another view")
        if problems:
            break
    return problems


@pytest.mark.parametrize(("game", "players"), CASES)
def test_derived_json_copy_and_rebuild_hold(game: Game, players: int) -> None:
    assert derived_parts_hold(game, players, SEED) == []


def _without(declared: FromView, part: str, field: str) -> FromView:
    """``declared`` with ``field`` left out of its ``part`` (``zones``, ``hooks``...)."""
    how = {k: dict(v) if isinstance(v, dict) else v for k, v in declared.how.items()}
    del how[part][field]
    return FromView(declared.cls, **how)


@pytest.mark.parametrize(
    ("gid", "part", "field"),
    [
        ("mayflower", "public", "phase"),  # read from the phase's name, not its id
        ("monarch", "seats", "gold"),  # read from a public key the view does not have
        ("aristocracy", "public", "farm"),  # read from a key the view does not have
        ("majesty", "seats", "scores"),
    ],
)
def test_a_field_dropped_from_the_declaration_is_caught(
    gid: str, part: str, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.games()[gid]
    assert isinstance(game, RulesGame) and game.from_view is not None
    monkeypatch.setattr(type(game), "from_view", _without(game.from_view, part, field))
    assert derived_parts_hold(game, game.info.min_players, SEED) != []


def test_a_copy_sharing_a_list_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.games()["monarch"]
    fields = game.state_type.FIELDS
    real = fields.copy

    def sharing(state: Any) -> Any:
        twin = real(state)
        twin.food = state.food  # the planted bug: one list left shared
        return twin

    monkeypatch.setattr(fields, "copy", sharing)
    problems = derived_parts_hold(game, 2, SEED)
    assert problems and "shares ['food']" in problems[0]


def _old_forms(gid: str, players: int) -> list[tuple[Any, dict[str, Any]]]:
    """States along a seeded game with their JSON in the shape saved before the decision
    stack (the stack written as the fields it replaced)."""
    game = registry.games()[gid]
    out = []
    for step, state, *_ in positions(game, players, SEED, limit=200):
        if step % 2:
            continue
        data = game.state_to_json(state)
        del data["stack"]
        if gid == "majesty":
            data.update(current=state.current, pending=state.pending)
            data.update(pending_dir=state.pending_dir, pending_card=state.pending_card)
        else:  # (a save of that time knew no picks outside the pick, like play)
            if state.step == "pick" or state.picks or state.commit() is not None:
                continue
            data.update(step=state.step, ready=state.ready, active=state.active, sub=state.sub)
        out.append((state, json.loads(json.dumps(data))))
    return out


@pytest.mark.parametrize("gid", ["majesty", "aristocracy"])
def test_a_save_made_before_the_decision_stack_loads_through_its_hook(gid: str) -> None:
    game = registry.games()[gid]
    forms = _old_forms(gid, 3)
    assert len(forms) > 5
    for state, old in forms:
        assert state_digest(game, game.state_from_json(old)) == state_digest(game, state)
