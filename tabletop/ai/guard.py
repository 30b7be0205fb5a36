"""A game wrapper proving that agents only ever work from views.

``ViewOnlyGame(game)`` behaves like ``game`` but remembers the real states of a match
(:meth:`protect`).  While armed (``with guard.armed(): agent.choose(...)``) any protocol
call on a protected state raises :class:`StateLeak`, and ``determinize`` accepts only
plain JSON views.  Determinized states the agent builds for itself are unaffected.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from tabletop.engine import Action, Game, Outcome, Rng
from tabletop.engine.frozen import canonical


class StateLeak(AssertionError):
    """An agent touched the real state of a match."""


class ViewOnlyGame:
    """Delegates to ``inner``; refuses calls on protected states while armed."""

    def __init__(self, inner: Game) -> None:
        self.inner = inner
        self.info = inner.info
        self.state_type = getattr(inner, "state_type", None)
        self._real: list[Any] = []
        self._armed = False
        self.calls = 0  # protocol calls made while armed (proof that the agent worked)

    def protect(self, state: Any) -> Any:
        """Mark ``state`` as a real state agents may not touch; returns it."""
        self._real.append(state)
        return state

    @contextmanager
    def armed(self) -> Iterator[None]:
        """Within this block, touching a protected state raises :class:`StateLeak`."""
        self._armed = True
        try:
            yield
        finally:
            self._armed = False

    def _check(self, state: Any, what: str) -> None:
        if self._armed:
            self.calls += 1
            if any(state is r for r in self._real):
                raise StateLeak(f"agent code called {what} on the real state")

    # --- the protocol, guarded --------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new state (protected, since it is a real one)."""
        if self._armed:
            raise StateLeak("agent code started a new real game")
        return self.protect(self.inner.new_game(players, seed, options))

    def to_act(self, state: Any) -> list[int]:
        """Guarded ``to_act``."""
        self._check(state, "to_act")
        return self.inner.to_act(state)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Guarded ``legal_actions``."""
        self._check(state, "legal_actions")
        return self.inner.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: Action) -> list[Any]:
        """Guarded ``apply``."""
        self._check(state, "apply")
        return self.inner.apply(state, seat, action)

    def _apply(self, state: Any, seat: int, action: Action) -> list[Any]:
        self._check(state, "_apply")
        return self.inner._apply(state, seat, action)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Guarded ``view``."""
        self._check(state, "view")
        return self.inner.view(state, seat)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
        """``determinize`` from a plain JSON view only."""
        if self._armed:
            if not isinstance(view, Mapping):
                raise StateLeak("determinize was given something other than a view")
            canonical(view)  # a view is plain JSON data: no state object inside
        return self.inner.determinize(view, seat, rng)

    def is_over(self, state: Any) -> bool:
        """Guarded ``is_over``."""
        self._check(state, "is_over")
        return self.inner.is_over(state)

    def outcome(self, state: Any) -> Outcome:
        """Guarded ``outcome``."""
        self._check(state, "outcome")
        return self.inner.outcome(state)

    def scores(self, state: Any) -> list[int]:
        """Guarded ``scores``."""
        self._check(state, "scores")
        return self.inner.scores(state)

    def winners(self, state: Any) -> list[int]:
        """Guarded ``winners``."""
        self._check(state, "winners")
        return self.inner.winners(state)

    def copy(self, state: Any) -> Any:
        """Guarded ``copy``."""
        self._check(state, "copy")
        return self.inner.copy(state)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """Guarded ``state_to_json``."""
        self._check(state, "state_to_json")
        return self.inner.state_to_json(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
