"""The move table: every kind of action a game offers, declared once.

A :class:`Move` says how its actions are generated in a state, how one is applied, why one
is refused (the words a player reads on a refused drop), how a player makes it (its
gesture kind) and whether applying it reveals hidden information (an undo barrier).  The
game's decision stack names the step being decided; :class:`Moves` offers the moves of
that step.  ``legal_actions``, ``apply`` and the refusal text all derive from the table.

Actions are immutable, so one object serves every state where the same action is legal:
:class:`Interned` builds each once per key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import BUTTON, CLICK, DRAG, Action
from tabletop.engine.events import Event

GESTURES = (DRAG, CLICK, BUTTON)

Generate = Callable[[Any, int], Iterable[Action]]
Apply = Callable[[Any, int, Action, list[Event]], None]
Refuse = Callable[[Any, int, Action], str]


@dataclass(frozen=True)
class Move:
    """One kind of action."""

    name: str
    steps: tuple[str, ...]  # the decision steps that offer it
    generate: Generate
    apply: Apply
    refuse: Refuse | None = None  # why an action of this kind is not legal now
    gesture: str = BUTTON  # drag | click | button
    reveals: bool = False  # applying it shows some seat what it could not see

    def __post_init__(self) -> None:
        if self.gesture not in GESTURES:
            raise ValueError(f"move {self.name}: unknown gesture {self.gesture!r}")


class Moves:
    """A game's move table."""

    def __init__(self, moves: Iterable[Move]) -> None:
        self.by_name: dict[str, Move] = {}
        by_step: dict[str, list[Move]] = {}
        for m in moves:
            if m.name in self.by_name:
                raise ValueError(f"move {m.name!r} declared twice")
            self.by_name[m.name] = m
            for step in m.steps:
                by_step.setdefault(step, []).append(m)
        self.by_step = {k: tuple(v) for k, v in by_step.items()}
        self._generators = {k: tuple(m.generate for m in v) for k, v in self.by_step.items()}

    def legal(self, state: Any, seat: int, step: str) -> list[Action]:
        """Every action of the moves offered at ``step``, in declaration order."""
        generators = self._generators.get(step, ())
        if len(generators) == 1:
            out = generators[0](state, seat)
            return out if isinstance(out, list) else list(out)
        acts: list[Action] = []
        for generate in generators:
            acts += generate(state, seat)
        return acts

    def refusal(self, state: Any, seat: int, action: Action) -> str:
        """The words refusing ``action``: its move's reason, or a general one."""
        move = self.by_name.get(action.name)
        if move is None:
            return f"{action.name!r} is not an action of this game."
        if move.refuse is not None:
            return move.refuse(state, seat, action)
        return f"{action} is not allowed now."


class Interned:
    """Actions made once per key by ``make(*key)`` and shared afterwards."""

    def __init__(self, make: Callable[..., Action]) -> None:
        self._make = make
        self.known: dict[Hashable, Action] = {}  # read it directly in a hot loop

    def __call__(self, *key: Hashable) -> Action:
        action = self.known.get(key)
        if action is None:
            action = self.known[key] = self._make(*key)
        return action

    def __len__(self) -> int:
        return len(self.known)
