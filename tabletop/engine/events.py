"""Events: what happened, for animation and the log.

An event is public unless ``private_to`` names the seats that may see it in full; every
other seat sees ``redacted`` instead (or nothing, if ``redacted`` is ``None``).

The log sentence may be given as a string or as a function of no arguments that makes it:
searches apply millions of actions whose sentences nobody reads, so a game passes a
function and the sentence is built the first time ``text`` is read.  ``reveal`` marks an
event that shows some seat a card it could not see before: undo never crosses one.

A checked ``apply`` builds every event, yet most are never read (a search's checked step, a
replay that only wants the final state).  A hot path may record a :class:`Later` instead: the
function that makes the event and its arguments, called the first time any field is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MOVE = "move"  # data: card (uid|None), card_id (definition|None), source, target, face_up
POINTS = "points"  # data: seat, delta, reason
REVEAL = "reveal"  # data: cards
LOG = "log"  # only text
PHASE = "phase"  # data: name
GAME_OVER = "game_over"  # data: scores, winners

Text = str | Callable[[], str]
# a sentence given with what it tells: a string, or a function of the told values (see said)
Say = str | Callable[..., str]


def said(say: Say, told: tuple[Any, ...]) -> Text:
    """The sentence ``say`` makes of ``told``: ``say(*told)``, or ``say`` itself (a string,
    or a function of nothing, made when read) when nothing is told."""
    if isinstance(say, str) or not told:
        return say
    return say(*told)


class Event:
    """One thing that happened, with a sentence for the log.

    Events are shared between the log, the table and every seat's redacted copy: treat
    them as immutable (nothing may change one once made).
    """

    __slots__ = ("_text", "data", "kind", "private_to", "redacted", "reveal")

    kind: str
    data: dict[str, Any]
    private_to: tuple[int, ...] | None
    redacted: Event | None
    reveal: bool

    def __init__(
        self,
        kind: str,
        text: Text = "",
        data: dict[str, Any] | None = None,
        private_to: tuple[int, ...] | None = None,
        redacted: Event | None = None,
        reveal: bool = False,
    ) -> None:
        self.kind = kind
        self._text = text
        self.data = {} if data is None else data
        self.private_to = private_to
        self.redacted = redacted
        self.reveal = reveal

    @property
    def text(self) -> str:
        """The log sentence (built on first reading when given as a function)."""
        text = self._text
        if not isinstance(text, str):
            text = self._text = text()
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.text, self.data, self.private_to, self.redacted, self.reveal)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # data is a dict

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.data!r}, private_to={self.private_to})"

    def for_seat(self, seat: int | None) -> Event | None:
        """The version of this event that ``seat`` may see (``None`` = spectator)."""
        if self.private_to is None or (seat is not None and seat in self.private_to):
            return self
        return self.redacted

    def to_json(self) -> dict[str, Any]:
        """A JSON object for logs and saves (public part only)."""
        return {"kind": self.kind, "text": self.text, "data": self.data}


_FIELDS = frozenset(Event.__slots__)


class Later(Event):
    """An event made when one of its fields is first read: ``make(*args)`` returns the
    :class:`Event` it stands for (every field is copied from it then).

    ``make`` must depend on ``args`` alone, and they must never change (numbers, strings,
    tuples, a text function over such): the event may be read long after the state moved
    on.  Until then a ``Later`` costs one small object; nothing tells it from the event it
    stands for (equality, pickling, JSON and redaction all read its fields).

    It keeps ``(make, *args)`` as one tuple, ``_call``.  A hot loop that records many makes
    them as :class:`Recorded` instead, with no ``__init__`` in Python.
    """

    __slots__ = ("_call",)

    def __init__(self, make: Callable[..., Event], *args: Any) -> None:
        self._call = (make, *args)

    def __getattr__(self, name: str) -> Any:
        # called only for a field not set yet: make the event and copy every field over
        if name not in _FIELDS:
            raise AttributeError(name)
        make, *args = self._call
        made = make(*args)
        for field in _FIELDS:
            setattr(self, field, getattr(made, field))
        return getattr(self, name)


class Recorded(Later):
    """A :class:`Later` for the hottest recording loops, written in two statements::

        ev = Recorded()
        ev._call = (make, *args)  # what Later(make, *args) keeps

    ``Recorded()`` runs no Python code (object's own ``__init__``), which is most of what
    ``Later(make, *args)`` costs: about 0.2 µs an event, with some 240 events in a
    four-player game of Majesty.  Everything else is the Later's.
    """

    __slots__ = ()
    __init__ = object.__init__  # (no Python frame: C speed)


class _Quiet(list):
    """The event list of a quiet apply: it keeps nothing (see :data:`QUIET`)."""

    __slots__ = ()

    def append(self, item: Any) -> None:
        pass

    def extend(self, items: Any) -> None:
        pass

    def insert(self, index: Any, item: Any) -> None:
        pass

    def __iadd__(self, items: Any) -> _Quiet:  # type: ignore[misc]
        return self


# The events of a quiet apply (``Game.play``): playouts and searches apply millions of
# actions whose events nobody reads.  Appending to it keeps nothing, and a game may test
# ``events is QUIET`` to skip building an event (and its sentence) at all.  Game logic must
# never read its own events back when they are QUIET: the conformance kit checks that a
# quiet game ends in the same state as one that builds every event.
QUIET: list[Event] = _Quiet()


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """Filter and redact a list of events for one viewer."""
    out = []
    for e in events:
        v = e.for_seat(seat)
        if v is not None:
            out.append(v)
    return out
