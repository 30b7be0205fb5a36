"""The AI seats' jobs at the table: asked, answered, held until played, or dropped.

Jobs are tagged with the table's state token, so an answer to a state that has since
changed is dropped — except in a phase where several seats decide at once (a secret
commit): there every AI seat is asked together, and another seat's move does not cancel the
others' thinking, so the phase takes the slowest seat's time, not the sum.  An answer is
played only while its seat is still to act and its move still legal (the controller checks).

:class:`AiJobs` is a part of the table's controller (``controller.py``); its state is
written here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tabletop.engine import Action

Token = tuple[int, int]  # (the table's state token, the seat asked)


class AiJobs:
    """The AI jobs of one table (see the module docstring)."""

    def __init__(self) -> None:
        self.pending: dict[Any, int] = {}  # AI jobs in flight (or answered) → seat
        self.held: list[tuple[int, Action]] = []  # AI answers waiting to be played
        self.together: set[Any] = set()  # jobs asked while several seats decide at once

    def __bool__(self) -> bool:
        """Whether a job is in flight or an answer waits."""
        return bool(self.pending or self.held)

    def asked(self, seat: int) -> bool:
        """Whether ``seat`` was asked already (in this state, or earlier in the same phase)."""
        return seat in self.pending.values()

    def ask(self, token: Token, seat: int, together: bool) -> None:
        """``seat`` is asked under ``token`` (``together``: in a simultaneous phase)."""
        self.pending[token] = seat
        if together:
            self.together.add(token)

    def answered(self, token: Any, action: Action | None, now: int) -> None:
        """An answer came: held to be played unless it is stale (``now``: the state token)."""
        seat = self.pending.get(token)
        stale = token[0] != now and token not in self.together
        if seat is None or action is None or stale:
            self.pending.pop(token, None)
            return
        self.held.append((seat, action))

    def forget(self, mover: int | None, to_act: Collection[int]) -> None:
        """After a move by ``mover`` (``None``: any other change, such as undo) drop the jobs
        and answers it made stale; those of the other seats in ``to_act`` deciding in the
        same simultaneous phase stand."""
        keep = {
            token: seat
            for token, seat in self.pending.items()
            if mover is not None and token in self.together and seat != mover and seat in to_act
        }
        self.pending = keep
        self.together &= set(keep)
        self.held = [(seat, a) for seat, a in self.held if seat in keep.values()]

    def next_answer(self) -> tuple[int, Action] | None:
        """The first answer waiting to be played, taken off the list."""
        return self.held.pop(0) if self.held else None

    def drop_seat(self, seat: int) -> None:
        """``seat``'s answer no longer fits the table: its jobs go (it is asked again)."""
        self.pending = {t: s for t, s in self.pending.items() if s != seat}

    def thinking(self, busy: Collection[Any]) -> set[int]:
        """Seats whose job is among the worker's ``busy`` ones."""
        return {seat for token, seat in self.pending.items() if token in busy}
