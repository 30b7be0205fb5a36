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

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from tabletop.engine.actions import BUTTON, CLICK, DRAG, Action
from tabletop.engine.events import Event

GESTURES = (DRAG, CLICK, BUTTON)

Generate = Callable[[Any, int], Iterable[Action]]
Apply = Callable[[Any, int, Action, list[Event]], None]
Refuse = Callable[[Any, int, Action], str]
T = TypeVar("T")  # what an Interned table makes per key: an action, or a row of them


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
    """A game's move table.

    ``together`` maps a step to one function giving the actions of all its moves in one pass
    over the state (the moves keep their own ``generate`` for anything that asks one move;
    the step's list must hold the same actions, in the declared order of the moves).
    ``single`` (a step's one generating function) and ``apply_of`` (each move's apply by
    name) are what the kit reads at every step of a play-out.
    """

    def __init__(
        self, moves: Iterable[Move], together: Mapping[str, Generate] | None = None
    ) -> None:
        self.together = dict(together or {})
        self.by_name: dict[str, Move] = {}
        by_step: dict[str, list[Move]] = {}
        for m in moves:
            if m.name in self.by_name:
                raise ValueError(f"move {m.name!r} declared twice")
            self.by_name[m.name] = m
            for step in m.steps:
                by_step.setdefault(step, []).append(m)
        self.by_step = {k: tuple(v) for k, v in by_step.items()}
        # each move's apply function by its name (read at every step of a play-out)
        self.apply_of = {name: m.apply for name, m in self.by_name.items()}
        self._generators = {k: tuple(m.generate for m in v) for k, v in self.by_step.items()}
        # the one function giving a step's actions: its one-pass function or its one move's
        self.single = dict(self.together)
        for step, gens in self._generators.items():
            if step not in self.single and len(gens) == 1:
                self.single[step] = gens[0]
        unknown = sorted(set(self.together) - set(self.by_step))
        if unknown:
            raise ValueError(f"steps {unknown} are generated together but offer no move")

    def legal(self, state: Any, seat: int, step: str) -> list[Action]:
        """Every action of the moves offered at ``step``, in declaration order."""
        single = self.single.get(step)
        if single is not None:
            out = single(state, seat)
            return out if type(out) is list else list(out)
        generators = self._generators.get(step, ())
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


class Interned(Generic[T]):
    """Actions made once per key by ``make(*key)`` and shared afterwards (or any immutable
    value made of them: a tuple of actions, one per card, say).

    ``row(*prefix)`` gives the actions whose keys start with ``prefix`` as a mapping from the
    last key part, made on first use: a hot loop reads a whole row at C speed
    (``map(row.__getitem__, cards)``).  With ``limit``, the actions of only the ``limit``
    latest first key parts are kept (a key may start with a match's own dealing of the card
    identities, whose actions would otherwise pile up match after match).
    """

    def __init__(self, make: Callable[..., T], limit: int | None = None) -> None:
        self._make = make
        self.limit = limit
        self.known: dict[Hashable, T] = {}  # read it directly in a hot loop
        self._rows: dict[tuple[Hashable, ...], _Row[T]] = {}
        # first key part -> the keys and row prefixes under it
        self._firsts: dict[Hashable, list[tuple[Hashable, ...]]] = {}

    def __call__(self, *key: Hashable) -> T:
        known = self.known
        action = known.get(key)
        if action is None:
            limit = self.limit
            if limit is not None:
                self._keep(key, limit)
            action = known[key] = self._make(*key)
        return action

    def row(self, *prefix: Hashable) -> Mapping[Hashable, T]:
        """The actions of the keys ``(*prefix, last)`` by ``last`` (made when first read)."""
        found = self._rows.get(prefix)
        if found is None:
            limit = self.limit
            if limit is not None:
                self._keep(prefix, limit)
            found = self._rows[prefix] = _Row(partial(self._make, *prefix))
        return found

    def _keep(self, key: tuple[Hashable, ...], limit: int) -> None:
        """Note a new key or row under its first part; forget the oldest part beyond limit."""
        firsts = self._firsts
        first = key[0] if key else None
        held = firsts.get(first)
        if held is None:
            while len(firsts) >= limit:
                for old in firsts.pop(next(iter(firsts))):
                    self.known.pop(old, None)
                    self._rows.pop(old, None)
            held = firsts[first] = []
        held.append(key)

    def __len__(self) -> int:
        return len(self.known) + sum(map(len, self._rows.values()))


class _Row(dict[Hashable, T]):
    """One row of an :class:`Interned`: missing actions are made on first read."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[Hashable], T]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, last: Hashable) -> T:
        action = self[last] = self._make(last)
        return action


class PerDeal:
    """Actions made once per key and kept on a *deal*, an object that the states of one
    match share, instead of in a module-level table: for a game whose action words name
    cards whose identities are dealt anew each match (a uid tells nothing of its card), so
    its actions differ from match to match and nothing outside a state may remember them.

    The deal has ``rows`` (a dict the actions are kept in) and ``cards`` (what ``make`` is
    given first: the identities its words read).  ``cards`` must not hold ``rows``: a row
    holds ``cards``, so a deal whose ``cards`` is itself would tie each match's actions in a
    reference cycle, freed only by the garbage collector's full passes (the conformance kit
    checks that a dropped game leaves none).  ``row(deal, *prefix)`` maps the key's last part
    to its action, made by ``make(deal.cards, *prefix, last)`` on first read.
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[..., Action]) -> None:
        self._make = make

    def row(self, deal: Any, *prefix: Hashable) -> Mapping[Hashable, Action]:
        """The actions of the keys ``(*prefix, last)`` of ``deal`` by ``last``."""
        key = (self, *prefix)
        found = deal.rows.get(key)
        if found is None:
            found = deal.rows[key] = _Row(partial(self._make, deal.cards, *prefix))
        return found
