"""The decision stack: who must decide now, and what about.

A game keeps a list of :class:`Frame` in its state (``state.stack``); the top frame is the
decision being waited for, and ``to_act`` is read off it.  Five kinds cover every game:

* ``TURN`` — one seat's turn (``seats[0]``).
* ``PROMPT`` — one seat is asked one question (lend a card? defend? where does it go?).
* ``REACTION`` — after an action, every seat in ``seats`` is asked in order whether to
  react; each passes or reacts.  A reaction pushes a new frame on top (a counter to a
  counter), so the last played resolves first.  The frame ends when every seat passed.
* ``PLEDGE`` — seats in order each pledge toward ``data["need"]``; the round ends when the
  total reaches it or every seat has been asked.
* ``COMMIT`` — every seat in ``seats`` chooses in secret, in any order; ``data["secret"]``
  holds the choices, which views hide until every seat has committed and the game reveals.

``step`` is the game's own name for the decision; it selects the moves offered (see
:mod:`tabletop.engine.moves`).  Frames are plain data and travel in saves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

TURN = "turn"
PROMPT = "prompt"
REACTION = "reaction"
PLEDGE = "pledge"
COMMIT = "commit"
KINDS = (TURN, PROMPT, REACTION, PLEDGE, COMMIT)


@dataclass
class Frame:
    """One decision being waited for."""

    kind: str
    step: str
    seats: list[int]
    at: int = 0  # REACTION / PLEDGE: index in ``seats`` of the seat asked now
    done: list[int] = field(default_factory=list)  # seats that passed, pledged or committed
    data: dict[str, Any] = field(default_factory=dict)

    def acting(self) -> list[int]:
        """The seats that must decide now on this frame."""
        kind = self.kind
        if kind == COMMIT:
            done = self.done
            return [s for s in self.seats if s not in done] if done else self.seats[:]
        if kind in (TURN, PROMPT):
            return self.seats[:1]
        return [self.seats[self.at]] if self.at < len(self.seats) else []

    def waits_for(self, seat: int) -> bool:
        """Whether ``seat`` must decide now on this frame (``seat in acting()``, cheaper)."""
        kind = self.kind
        if kind == COMMIT:
            return seat in self.seats and seat not in self.done
        if kind in (TURN, PROMPT):
            return bool(self.seats) and self.seats[0] == seat
        return self.at < len(self.seats) and self.seats[self.at] == seat

    @property
    def seat(self) -> int:
        """The one seat of a turn or a prompt (the asked seat of a reaction or pledge)."""
        acting = self.acting()
        return acting[0] if acting else -1

    def clone(self) -> Frame:
        """An independent copy (``data`` copied one level deep, lists and dicts inside copied).

        Made without the constructor and its fields set one by one, in the order of the
        class (a copy of a state copies frames by the dozen)."""
        new = _new(Frame)
        new.kind = self.kind
        new.step = self.step
        new.seats = self.seats[:]
        new.at = self.at
        new.done = self.done[:]
        data = self.data
        new.data = (
            {
                k: (v[:] if v.__class__ is list else v.copy() if v.__class__ is dict else v)
                for k, v in data.items()
            }
            if data
            else {}
        )
        return new


_new = object.__new__
#: a frame's fields, in the order of the class (the keys of :func:`to_json`)
_FIELDS = tuple(f.name for f in fields(Frame))


# --- making frames -------------------------------------------------------------------------
def turn(step: str, seat: int, **data: Any) -> Frame:
    """The turn of ``seat``."""
    return Frame(TURN, step, [seat], data=data)


def prompt(step: str, seat: int, **data: Any) -> Frame:
    """A question to ``seat``."""
    return Frame(PROMPT, step, [seat], data=data)


def reaction(step: str, order: list[int], **data: Any) -> Frame:
    """A window in which each seat of ``order`` in turn may react or pass."""
    return Frame(REACTION, step, list(order), data=data)


def pledge(step: str, order: list[int], need: int, **data: Any) -> Frame:
    """A round in which each seat of ``order`` pledges toward ``need``."""
    return Frame(PLEDGE, step, list(order), data={"need": need, "total": 0, **data})


def commit(step: str, seats: list[int], **data: Any) -> Frame:
    """A secret choice by every seat of ``seats``, revealed together."""
    return Frame(COMMIT, step, list(seats), data={"secret": {}, **data})


# --- advancing them ------------------------------------------------------------------------
def pass_(frame: Frame) -> bool:
    """The asked seat passes (REACTION / PLEDGE); True when the frame is finished."""
    frame.done.append(frame.seats[frame.at])
    frame.at += 1
    return frame.at >= len(frame.seats)


def give(frame: Frame, amount: int) -> bool:
    """The asked seat pledges ``amount``; True when the need is met or all were asked."""
    seat = frame.seats[frame.at]
    frame.data["total"] = frame.data.get("total", 0) + amount
    frame.data.setdefault("given", {})[str(seat)] = amount
    frame.done.append(seat)
    frame.at += 1
    return frame.data["total"] >= frame.data["need"] or frame.at >= len(frame.seats)


def put(frame: Frame, seat: int, choice: Any) -> bool:
    """``seat`` commits ``choice`` in secret (COMMIT); True when every seat has committed."""
    if seat in frame.done:
        raise ValueError(f"seat {seat + 1} has already committed")
    frame.data["secret"][str(seat)] = choice
    frame.done.append(seat)
    return len(frame.done) == len(frame.seats)


def secret(frame: Frame, seat: int) -> Any:
    """What ``seat`` committed (``None`` if nothing yet)."""
    return frame.data["secret"].get(str(seat))


def to_act(stack: list[Frame]) -> list[int]:
    """The seats the top of ``stack`` waits for (nobody when the stack is empty)."""
    return stack[-1].acting() if stack else []


def public(frame: Frame, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may know of a frame: a commit's secrets only its own."""
    out: dict[str, Any] = {
        "kind": frame.kind,
        "step": frame.step,
        "seats": list(frame.seats),
        "acting": frame.acting(),
        "done": list(frame.done),
    }
    data = dict(frame.data)
    if frame.kind == COMMIT and "secret" in data:
        mine = data["secret"].get(str(viewer)) if viewer is not None else None
        data["secret"] = {} if mine is None else {str(viewer): mine}
    out["data"] = data
    return out


def to_json(frame: Frame) -> dict[str, Any]:
    """A frame as plain JSON data (the shape the generic converter gives): its fields by
    name, copied as :meth:`Frame.clone` copies them."""
    f = frame.clone()
    return {name: getattr(f, name) for name in _FIELDS}


def from_json(data: dict[str, Any]) -> Frame:
    """A frame from :func:`to_json` output."""
    held = data.get("data")
    return Frame(
        str(data["kind"]),
        str(data["step"]),
        [int(s) for s in data["seats"]],
        int(data.get("at", 0)),
        [int(s) for s in data.get("done", ())],
        {  # copied one level deep, as ``Frame.clone`` copies
            k: (v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in held.items()
        }
        if held
        else {},
    )
