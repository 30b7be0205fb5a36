"""The state of a game of Your Majesty: plain dataclasses of small integers."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from tabletop.engine import Rng


@dataclass
class Court:
    """What lies face up in front of one player."""

    phils: list[int] = field(default_factory=list)
    colonies: list[int] = field(default_factory=list)
    reforms: list[int] = field(default_factory=list)
    scandals: list[int] = field(default_factory=list)
    lingering: list[int] = field(default_factory=list)  # action cards played by this seat
    linger_target: list[int] = field(default_factory=list)  # parallel: target seat or -1
    despot: list[int] = field(default_factory=list)  # Enlightened Despot cards


@dataclass
class Pending:
    """A decision waiting for ``seat`` (the active player or a passive one)."""

    kind: str  # pay | lend | defend | cancel_place | block | espionage
    seat: int
    purpose: str = ""  # pay: colony | salon
    target: int = -1  # colony / reform / philosophe index, or a seat (espionage)
    card: int = -1  # the action card in play (campaign, A Place at Court, Rebellion)
    owner: int = -1  # owner of the targeted card
    taken: int = 0  # espionage: cards taken so far


@dataclass
class Salon:
    """A salon being staged by the active player."""

    host: int
    reform: int
    attendees: list[int] = field(default_factory=list)  # philosophes, own and guests
    guests_from: list[int] = field(default_factory=list)  # owner seat of each attendee
    asked: list[int] = field(default_factory=list)  # philosophes already asked for


@dataclass
class YMState:
    """Everything about one game, hidden parts included."""

    players: int
    rng: Rng
    options: dict[str, Any]
    names: list[str]
    deck: list[int]
    discard: list[int] = field(default_factory=list)
    reshuffle_in: bool = False  # the Reshuffle card has joined the action deck
    phil_deck: list[int] = field(default_factory=list)
    phil_discard: list[int] = field(default_factory=list)
    phil_removed: list[int] = field(default_factory=list)  # removed unseen at set-up
    dead: list[int] = field(default_factory=list)  # philosophes removed by Consumption
    colonies_removed: list[int] = field(default_factory=list)
    colonies: list[int] = field(default_factory=list)  # unclaimed
    reforms: list[int] = field(default_factory=list)  # unclaimed
    hands: list[list[int]] = field(default_factory=list)
    courts: list[Court] = field(default_factory=list)
    active: int = 0
    first: int = 0
    round: int = 1
    used: list[str] = field(default_factory=list)  # action kinds used this turn
    flags: list[str] = field(default_factory=list)  # encyclopedie / grandtour this turn
    in_play: list[int] = field(default_factory=list)  # action cards being resolved
    pending: Pending | None = None
    salon: Salon | None = None
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    last_salon: list[int] = field(default_factory=list)  # [sophia, difficulty, randomizer, ok]
    # running counts for the end-of-game figures (``stats.summary_stats``)
    salons_held: int = 0
    salons_won: int = 0
    seized: int = 0  # colonies taken by a campaign


_CLASSES = (Court, Pending, Salon, YMState)
_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in _CLASSES}
LIST_FIELDS = {
    cls: tuple(f.name for f in fields(cls) if str(f.type).startswith("list")) for cls in _CLASSES
}


def fields_copied(obj: Any) -> dict[str, Any]:
    """The fields of ``obj`` (a court, pending, salon or state) as a dict, each list copied."""
    d = obj.__dict__.copy()
    for k in LIST_FIELDS[type(obj)]:
        d[k] = d[k][:]
    return d


def _clone(obj: Any) -> Any:
    """A new object of the same dataclass with each list field copied (scalars shared)."""
    new = object.__new__(type(obj))
    new.__dict__ = fields_copied(obj)
    return new


def restore(cls: type, data: dict[str, Any]) -> Any:
    """An object of dataclass ``cls`` from its fields as plain data, each list copied (the
    nested dataclasses and the Rng are the caller's to set)."""
    new = object.__new__(cls)
    d = {k: data[k] for k in _FIELDS[cls]}
    for k in LIST_FIELDS[cls]:
        d[k] = list(d[k])
    new.__dict__ = d
    return new


def copy_state(s: YMState) -> YMState:
    """An independent copy of ``s``: every list, court, pending and salon copied.

    Strings, numbers and the card catalogue are immutable and shared, so this is a deep copy
    many times cheaper than pickling.
    """
    t = _clone(s)
    t.rng = s.rng.copy()
    t.options = dict(s.options)
    t.hands = [h[:] for h in s.hands]
    t.courts = [_clone(c) for c in s.courts]
    if s.pending is not None:
        t.pending = _clone(s.pending)
    if s.salon is not None:
        t.salon = _clone(s.salon)
    return t
