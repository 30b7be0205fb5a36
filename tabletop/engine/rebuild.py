"""The kit's rebuild of a state from a seat's view (``determinize``), from a declaration.

A view shows a seat every field of the state in one of a few places; a game declares which,
field by field, and :class:`FromView` builds the state back:

* ``zones`` — the field holds cards of the zone table: its zone id (``"p{seat}.hand"`` for a
  field with one list per seat; several ids are laid end to end).  Hidden cards are dealt by
  the game's ``deal`` (usually :meth:`~tabletop.engine.zones.Zones.deal`), which returns the
  filled zones by id.
* ``seats`` — one value per seat, read from ``view["seats"][seat]`` along a path of keys.
* ``view`` — a key of the view itself (``over``).
* ``public`` — a key of ``view["public"]`` with another name than the field's.
* ``hooks`` — a function of the :class:`Seen` (the view, the seat, the dealt zones, the
  random generator, the fields read so far) for what the view shows in a form of its own
  (uids to turn back into cards, a decision stack to read back, a secret to sample).
* the ``rng`` field is a generator forked from the one given; every other field is read from
  ``view["public"]`` (or the mapping ``facts(view)`` names) under its own name, converted by
  its type hint.

The order never changes: the deal, the hooks in the order of the fields, the generator
forked, the rest, then ``finish(state, seen)`` (what must see the whole state).  A game
whose re-deal draws in this order re-deals the same worlds from the same generator.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

from tabletop.engine.frozen import thaw
from tabletop.engine.plain import from_plain
from tabletop.engine.rng import Rng

_SCALARS = (int, str, bool, float, type(None))


class Seen:
    """What a hook may read while a state is rebuilt from a view."""

    __slots__ = ("filled", "players", "public", "rest", "rng", "seat", "values", "view")

    def __init__(self, view: Mapping[str, Any], seat: int, rng: Rng) -> None:
        self.view = view
        self.public: Mapping[str, Any] = view["public"]
        self.seat = seat
        self.rng = rng
        self.filled: dict[str, list[int]] = {}  # the dealt zones, by id
        self.rest: Any = None  # what ``deal`` gave besides the zones (cards left over...)
        self.values: dict[str, Any] = {}  # the fields read so far
        self.players = 0  # (known once the hooks have run)


Deal = Callable[[Seen], "dict[str, list[int]] | tuple[dict[str, list[int]], Any]"]


class FromView:
    """A state class's rebuild from a view (see the module's docstring)."""

    def __init__(
        self,
        cls: type,
        *,
        deal: Deal,
        zones: Mapping[str, str | Sequence[str]] | None = None,
        seats: Mapping[str, Sequence[str]] | None = None,
        view: Mapping[str, str] | None = None,
        public: Mapping[str, str] | None = None,
        hooks: Mapping[str, Callable[[Seen], Any]] | None = None,
        finish: Callable[[Any, Seen], None] | None = None,
        facts: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None,
    ) -> None:
        self.cls = cls
        self.facts = facts
        self.how: dict[str, Any] = {  # the declaration as given
            "deal": deal,
            "zones": zones,
            "seats": seats,
            "view": view,
            "public": public,
            "hooks": hooks,
            "finish": finish,
            "facts": facts,
        }
        self.deal = deal
        self.finish = finish
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        declared = {**(zones or {}), **(seats or {}), **(view or {}), **(public or {})}
        unknown = (set(declared) | set(hooks or {})) - set(names)
        if unknown:
            raise ValueError(f"{cls.__name__}: no such fields {sorted(unknown)}")
        self.hooks = [(n, f) for n, f in (hooks or {}).items()]
        self.hooks.sort(key=lambda item: names.index(item[0]))
        # the other fields, each with the function reading it from the view
        self.reads: list[tuple[str, Callable[[Seen], Any]]] = []
        for name in names:
            if hooks and name in hooks:
                continue
            hint = hints[name]
            read: Callable[[Seen], Any]
            if hint is Rng:
                read = _fork
            elif zones and name in zones:
                ids = zones[name]
                read = _zone_reader((ids,) if isinstance(ids, str) else tuple(ids))
            elif seats and name in seats:
                (item,) = typing.get_args(hint) or (Any,)  # (a list, one item per seat)
                read = _seats_reader(tuple(seats[name]), _converter(item))
            elif view and name in view:
                read = _view_reader(view[name], _converter(hint))
            else:
                read = _public_reader((public or {}).get(name, name), _converter(hint))
            self.reads.append((name, read))

    def __call__(self, view: Mapping[str, Any], seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view``, its hidden cards dealt with ``rng``."""
        seen = Seen(view, seat, rng)
        if self.facts is not None:
            seen.public = self.facts(view)
        dealt = self.deal(seen)
        if isinstance(dealt, tuple):
            seen.filled, seen.rest = dealt
        else:
            seen.filled = dealt
        values = seen.values
        for name, hook in self.hooks:
            values[name] = hook(seen)
        public = seen.public
        seen.players = public["players"] if "players" in public else len(view["seats"])
        for name, read in self.reads:
            values[name] = read(seen)
        state = self.cls(**values)
        if self.finish is not None:
            self.finish(state, seen)
        return state


# --- the readers of one field ------------------------------------------------------------------
_MOST_SEATS = 16


def _fork(seen: Seen) -> Rng:
    return seen.rng.fork()


def _zone_reader(ids: tuple[str, ...]) -> Callable[[Seen], Any]:
    """The cards of a field: one zone, several end to end, or one list per seat."""
    if "{seat}" in ids[0]:
        each = [_zone_reader(tuple(i.format(seat=p) for i in ids)) for p in range(_MOST_SEATS)]
        return lambda seen: [read(seen) for read in each[: seen.players]]
    if len(ids) == 1:
        (zid,) = ids
        return lambda seen: seen.filled[zid]

    def joined(seen: Seen) -> list[int]:
        out: list[int] = []
        for i in ids:
            out += seen.filled[i]
        return out

    return joined


def _seats_reader(keys: tuple[str, ...], convert: Callable[[Any], Any]) -> Callable[[Seen], Any]:
    if len(keys) == 1 and convert is _same:
        (k,) = keys
        return lambda seen: [s[k] for s in seen.view["seats"]]
    if len(keys) == 2 and convert is _same:
        k1, k2 = keys
        return lambda seen: [s[k1][k2] for s in seen.view["seats"]]
    return lambda seen: [convert(_path(s, keys)) for s in seen.view["seats"]]


def _view_reader(key: str, convert: Callable[[Any], Any]) -> Callable[[Seen], Any]:
    return lambda seen: convert(seen.view[key])


def _public_reader(key: str, convert: Callable[[Any], Any]) -> Callable[[Seen], Any]:
    if convert is _same:
        return lambda seen: seen.public[key]
    return lambda seen: convert(seen.public[key])


def _path(value: Any, keys: tuple[str, ...]) -> Any:
    for k in keys:
        value = value[k]
    return value


def _same(value: Any) -> Any:
    return value


def _converter(hint: Any) -> Callable[[Any], Any]:
    """How a value read from a (read-only) view becomes a field of type ``hint``: written out
    for lists, tuples, dicts and dataclasses (a re-deal reads them by the thousand), else
    through :func:`~tabletop.engine.plain.from_plain`."""
    if hint in _SCALARS:
        return _same
    if hint is Any:
        return thaw
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (list, tuple) and args and (origin is list or args[-1] is Ellipsis):
        make = list if origin is list else tuple
        if args[0] in _SCALARS:
            return make
        item = _converter(args[0])
        return lambda value: make([item(v) for v in value])
    if origin in (dict, Mapping) and args and args[0] is str:
        value_of = _converter(args[1])
        if origin is dict:
            return dict if value_of is _same else lambda v: {k: value_of(x) for k, x in v.items()}
        return lambda v: MappingProxyType({k: value_of(x) for k, x in v.items()})
    if dataclasses.is_dataclass(hint):
        cls = cast(type, hint)  # a hint names a class (``is_dataclass`` also admits instances)
        hints = typing.get_type_hints(cls)
        each = [(f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls) if f.init]
        return lambda v: cls(**{name: conv(v[name]) for name, conv in each if name in v})
    return lambda value: from_plain(hint, thaw(value))
