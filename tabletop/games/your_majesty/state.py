"""The state of a game of Your Majesty: plain lists of small integers and a decision stack.

The stack holds the active seat's turn at the bottom (``data["used"]``: the kinds of action
taken this turn) and above it what is being waited for: the payment of a colony or a salon,
the salon being staged by its host, and the questions put to one seat (lend a philosophe?
defend a colony? stop A Place at Court or a Colonial Rebellion? which cards to take by
Espionage?).  Every question frame carries the same data fields (``purpose``, ``target``,
``card``, ``owner``, ``taken``), the salon frame its reform, attendees, their courts and the
philosophes asked for.

The JSON form is the one saved before the decision stack (``active``, ``used``, ``pending``,
``salon``): the stack is rebuilt from it, so old saves load and new ones read the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tabletop.engine import Rng
from tabletop.engine.decisions import PROMPT, TURN, Frame
from tabletop.engine.fields import Declared, declare

# decision steps: the turn, then the frames pushed above it
MAIN = "main"  # the active seat's turn: up to two actions of different kinds
PAY = "pay"  # pay a card for the colony or salon chosen (data: purpose, target)
SALON = "salon"  # the host stages a salon (data: reform, attendees, guests_from, asked)
LEND = "lend"  # a salon asks the owner for a philosophe (data: target, owner)
DEFEND = "defend"  # a campaign against a colony: its owner may answer (target, card, owner)
BLOCK = "block"  # a Colonial Rebellion: the colony's owner may answer with a campaign
CANCEL = "cancel_place"  # A Place at Court: the philosophe's owner may answer in kind
ESPIONAGE = "espionage"  # the spy takes cards from the hand of seat ``target``
QUESTIONS = (PAY, LEND, DEFEND, BLOCK, CANCEL, ESPIONAGE)  # the old ``pending`` decisions

_NEW = object.__new__  # an object made without its constructor (fields then set one by one)
_QUESTION = {"purpose": "", "target": -1, "card": -1, "owner": -1, "taken": 0}


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


@dataclass(frozen=True)
class Pending:
    """A read-only picture of the question awaited (the top frame), as saves name it."""

    kind: str
    seat: int
    purpose: str = ""
    target: int = -1
    card: int = -1
    owner: int = -1
    taken: int = 0


@dataclass(frozen=True)
class Salon:
    """A read-only picture of the salon being staged (its frame), as saves name it."""

    host: int
    reform: int
    attendees: tuple[int, ...] = ()
    guests_from: tuple[int, ...] = ()
    asked: tuple[int, ...] = ()


@dataclass
class YMState(Declared):
    """Everything about one game, hidden parts included."""

    players: int
    rng: Rng
    options: Mapping[str, Any]  # read-only: shared by copies
    names: tuple[str, ...]  # the seats' names (a tuple: shared by copies)
    deck: list[int]
    stack: list[Frame]
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
    first: int = 0
    round: int = 1
    flags: list[str] = field(default_factory=list)  # encyclopedie / grandtour this turn
    in_play: list[int] = field(default_factory=list)  # action cards being resolved
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    last_salon: list[int] = field(default_factory=list)  # [sophia, difficulty, randomizer, ok]
    # running counts for the end-of-game figures (``scoring.summary_stats``)
    salons_held: int = 0
    salons_won: int = 0
    seized: int = 0  # colonies taken by a campaign

    # --- the decision stack, read as the rulebook speaks of it ---------------------------
    @property
    def active(self) -> int:
        """The seat whose turn it is."""
        return self.stack[0].seats[0]

    @active.setter
    def active(self, seat: int) -> None:
        self.stack[0].seats[0] = seat

    @property
    def used(self) -> list[str]:
        """The kinds of action the active seat has taken this turn."""
        return self.stack[0].data["used"]

    @used.setter
    def used(self, kinds: list[str]) -> None:
        self.stack[0].data["used"] = list(kinds)

    @property
    def question(self) -> Frame | None:
        """The question awaited (a frame of :data:`QUESTIONS`), or ``None``."""
        top = self.stack[-1]
        return top if top.step in QUESTIONS else None

    @property
    def salon_frame(self) -> Frame | None:
        """The frame of the salon being staged, or ``None``."""
        for f in self.stack:
            if f.step == SALON:
                return f
        return None

    @property
    def pending(self) -> Pending | None:
        """The question awaited, as a read-only record (``None`` when there is none)."""
        q = self.question
        return None if q is None else Pending(q.step, q.seats[0], **q.data)

    @property
    def salon(self) -> Salon | None:
        """The salon being staged, as a read-only record (``None`` when there is none)."""
        f = self.salon_frame
        if f is None:
            return None
        d = f.data
        return Salon(
            f.seats[0],
            d["reform"],
            tuple(d["attendees"]),
            tuple(d["guests_from"]),
            tuple(d["asked"]),
        )


def _to_json(s: YMState) -> dict[str, Any]:
    """Plain JSON data: the fields, with the stack written as active/used/pending/salon."""
    out = public_fields(s)
    out["rng"] = {"rng": s.rng.state}
    out["deck"] = s.deck[:]
    out["phil_deck"] = s.phil_deck[:]
    out["phil_removed"] = s.phil_removed[:]
    out["hands"] = [h[:] for h in s.hands]
    return out


def _from_json(data: Any) -> YMState:
    """A state from :func:`_to_json` output."""
    return restore(
        data,
        Rng(data["rng"]["rng"]),
        list(data["deck"]),
        list(data["phil_deck"]),
        list(data["phil_removed"]),
        data["hands"],
    )


_LISTS = (
    "discard",
    "colonies_removed",
    "colonies",
    "reforms",
    "phil_discard",
    "dead",
    "flags",
    "in_play",
    "winners",
    "last_salon",
)
_SCALARS = (
    "players",
    "reshuffle_in",
    "first",
    "round",
    "over",
    "end_reason",
    "salons_held",
    "salons_won",
    "seized",
)
COURT_FIELDS = ("phils", "colonies", "reforms", "scandals", "lingering", "linger_target", "despot")


def _same(value: Any) -> Any:
    return value


def public_fields(
    s: YMState, seq: Callable[[Any], Any] = list, wrap: Callable[[Any], Any] = _same
) -> dict[str, Any]:
    """The state as plain data but for the decks, the hands and the unseen removals (the
    caller adds those, whole or as counts); the stack as ``active``/``used``/``pending``/
    ``salon``.  Sequences are made by ``seq`` (copied lists, or tuples) and mappings wrapped
    by ``wrap`` (a read-only view wraps them in mapping proxies)."""
    # (read by name, never through ``__dict__``: see :func:`_frame`)
    out: dict[str, Any] = {k: getattr(s, k) for k in _SCALARS}
    for k in _LISTS:
        out[k] = seq(getattr(s, k))
    out["options"] = dict(s.options) if wrap is _same else s.options
    out["names"] = seq(s.names)
    out["courts"] = seq([wrap({k: seq(getattr(c, k)) for k in COURT_FIELDS}) for c in s.courts])
    turn = s.stack[0]
    out["active"] = turn.seats[0]
    out["used"] = seq(turn.data["used"])
    q = s.question
    out["pending"] = None if q is None else wrap({"kind": q.step, "seat": q.seats[0], **q.data})
    f = s.salon_frame
    out["salon"] = (
        None
        if f is None
        else wrap(
            {
                "host": f.seats[0],
                "reform": f.data["reform"],
                "attendees": seq(f.data["attendees"]),
                "guests_from": seq(f.data["guests_from"]),
                "asked": seq(f.data["asked"]),
            }
        )
    )
    return out


def restore(
    d: Any, rng: Rng, deck: list[int], phil_deck: list[int], removed: list[int], hands: Any
) -> YMState:
    """A state from :func:`public_fields` data (plain or read-only) and the hidden parts
    (lists of the caller's, taken as they are)."""
    t = _NEW(YMState)
    # (fields set one by one, in the order of the class: see :func:`_frame`)
    t.players = d["players"]
    t.rng = rng
    t.options = MappingProxyType(dict(d["options"]))
    t.names = tuple(d["names"])
    t.deck = deck
    t.stack = stack_of(d["active"], d["used"], d["pending"], d["salon"])
    t.discard = list(d["discard"])
    t.reshuffle_in = d["reshuffle_in"]
    t.phil_deck = phil_deck
    t.phil_discard = list(d["phil_discard"])
    t.phil_removed = removed
    t.dead = list(d["dead"])
    t.colonies_removed = list(d["colonies_removed"])
    t.colonies = list(d["colonies"])
    t.reforms = list(d["reforms"])
    t.hands = [list(h) for h in hands]
    t.courts = [_court(c) for c in d["courts"]]
    t.first = d["first"]
    t.round = d["round"]
    t.flags = list(d["flags"])
    t.in_play = list(d["in_play"])
    t.over = d["over"]
    t.winners = list(d["winners"])
    t.end_reason = d["end_reason"]
    t.last_salon = list(d["last_salon"])
    t.salons_held = d["salons_held"]
    t.salons_won = d["salons_won"]
    t.seized = d["seized"]
    return t


def _court(c: Any) -> Court:
    court = _NEW(Court)
    court.phils = list(c["phils"])
    court.colonies = list(c["colonies"])
    court.reforms = list(c["reforms"])
    court.scandals = list(c["scandals"])
    court.lingering = list(c["lingering"])
    court.linger_target = list(c["linger_target"])
    court.despot = list(c["despot"])
    return court


def _frame(kind: str, step: str, seat: int, data: dict[str, Any]) -> Frame:
    """A frame of one seat (made without the dataclass' own constructor: saves and
    determinizations build many).  Its fields are set one by one, never as a ``__dict__``:
    an object given a dictionary reads its attributes more slowly ever after."""
    f = _NEW(Frame)
    f.kind = kind
    f.step = step
    f.seats = [seat]
    f.at = 0
    f.done = []
    f.data = data
    return f


def stack_of(active: int, used: Any, pending: Any, salon: Any) -> list[Frame]:
    """The decision stack described by the saved ``active``/``used``/``pending``/``salon``."""
    stack = [_frame(TURN, MAIN, int(active), {"used": list(used)})]
    if salon is not None:
        data = {
            "reform": int(salon["reform"]),
            "attendees": list(salon["attendees"]),
            "guests_from": list(salon["guests_from"]),
            "asked": list(salon["asked"]),
        }
        stack.append(_frame(PROMPT, SALON, int(salon["host"]), data))
    if pending is not None:
        data = {k: pending[k] for k in _QUESTION}
        stack.append(_frame(PROMPT, str(pending["kind"]), int(pending["seat"]), data))
    return stack


def turn_frame(seat: int) -> Frame:
    """The turn of ``seat``, no action taken yet."""
    return Frame(TURN, MAIN, [seat], data={"used": []})


def ask(
    step: str,
    seat: int,
    purpose: str = "",
    target: int = -1,
    card: int = -1,
    owner: int = -1,
    taken: int = 0,
) -> Frame:
    """A question to ``seat`` (one of :data:`QUESTIONS`), every data field present (those
    of ``_QUESTION``, in its order)."""
    data = {"purpose": purpose, "target": target, "card": card, "owner": owner, "taken": taken}
    return _frame(PROMPT, step, seat, data)


def salon_frame(host: int, reform: int) -> Frame:
    """The salon ``host`` stages for ``reform``, nobody attending yet."""
    return _frame(
        PROMPT, SALON, host, {"reform": reform, "attendees": [], "guests_from": [], "asked": []}
    )


def owner_of_phil(s: YMState, phil: int) -> int:
    """The seat whose court holds ``phil``, or -1."""
    for i, c in enumerate(s.courts):
        if phil in c.phils:
            return i
    return -1


def owner_of_colony(s: YMState, colony: int) -> int:
    """The seat whose court holds ``colony``, or -1."""
    for i, c in enumerate(s.courts):
        if colony in c.colonies:
            return i
    return -1


# Its copy (``clone``: every list, court and frame copied, the read-only options and names
# shared) derived from the fields; its JSON its own (the stack in the rulebook's words).
FIELDS = declare(YMState, json=(_to_json, _from_json))
