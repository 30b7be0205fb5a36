"""The kit's field declaration: a state's copy and JSON derived from its dataclass fields.

A game's state is a dataclass; its type hints already say how deep each field goes
(``list[int]``, ``list[list[int]]``, ``list[Frame]``, ``list[Court]``, an ``Rng``...).
:func:`declare` reads them once and writes two plain functions for the class, which it also
installs on it (``clone``, ``to_json``, ``from_json`` and ``__deepcopy__``; a state class
derives from :class:`Declared`, which names them for type checkers):

* **copy** — every list and dict copied as deep as its hint goes, nested dataclasses copied
  the same way, frames through ``Frame.clone``, immutable values (numbers, strings, tuples,
  read-only mappings, ``Any``) shared.  The code is generated field by field, so it runs as
  fast as a copy written by hand, and it sets attributes one by one (never an object's
  ``__dict__``: see :mod:`tabletop.engine.kit`).
* **JSON** — the same walk gives plain data (an ``Rng`` as ``{"rng": state}``, tuples as
  lists, frames in the shape :func:`tabletop.engine.decisions.to_json` gives);
  ``from_json`` rebuilds through :func:`tabletop.engine.plain.from_plain` and copies, so
  the state shares nothing with the data it was read from.

What a game truly needs beyond that it declares, never re-implements:

* ``shallow`` — fields whose list a copy copies but whose items it shares (items never
  changed in place, such as frames that a game replaces whole instead of editing);
  ``each`` — a field's own copier of one element (a faster frame copy, say);
* ``carry`` — attributes outside the fields that a copy keeps when present (a cache of
  what never changes during a match);
* ``json`` — a game's own ``(to_json, from_json)`` pair where its saves keep a shape of
  their own (Your Majesty writes its stack in the rulebook's words, as its views do);
* ``upgrade`` — a function turning older saved data into today's shape before it is read;
  ``loaded`` — a function finishing a state read from JSON (given the state and the data).

Rebuilding a state from a view is declared next to the zones (:mod:`tabletop.engine.rebuild`).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType, UnionType
from typing import TYPE_CHECKING, Any, ClassVar, Self

from tabletop.engine.decisions import Frame
from tabletop.engine.plain import from_plain, to_plain
from tabletop.engine.rng import Rng

_SCALARS = (int, str, bool, float, type(None))


class Fields:
    """The derived copy and JSON of one state class (see the module's docstring)."""

    def __init__(
        self,
        cls: type,
        *,
        shallow: Iterable[str] = (),
        each: Mapping[str, Callable[[Any], Any]] | None = None,
        carry: Iterable[str] = (),
        upgrade: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        loaded: Callable[[Any, dict[str, Any]], None] | None = None,
        json: tuple[Callable[[Any], dict[str, Any]], Callable[[Any], Any]] | None = None,
    ) -> None:
        self.cls = cls
        self.names = tuple(f.name for f in dataclasses.fields(cls))
        self.hints = typing.get_type_hints(cls)
        self.shallow = frozenset(shallow)
        self.each = dict(each or {})
        self.carry = tuple(carry)
        self.upgrade = upgrade
        self.loaded = loaded
        unknown = (self.shallow | set(self.each)) - set(self.names)
        if unknown:
            raise ValueError(f"{cls.__name__}: no such fields {sorted(unknown)}")
        self.copy: Callable[[Any], Any] = _Writer(self, copying=True).function()
        self.to_json: Callable[[Any], dict[str, Any]] = _Writer(self, copying=False).function()
        self.own_json = json
        if json is not None:
            self.to_json = json[0]

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """A state from :meth:`to_json` output (older shapes through ``upgrade``)."""
        if self.own_json is not None:
            return self.own_json[1](data)
        plain = dict(data)
        if self.upgrade is not None:
            plain = self.upgrade(plain)
        state = self.copy(from_plain(self.cls, plain))
        if self.loaded is not None:
            self.loaded(state, plain)
        return state


class Declared:
    """The base of a state class given to :func:`declare`: it names what ``declare``
    installs on the class (functions written for that class alone), so that a type checker
    sees them; at run time it adds nothing."""

    FIELDS: ClassVar[Fields]

    if TYPE_CHECKING:

        def clone(self) -> Self:
            """An independent copy, as deep as the fields' hints go."""
            ...

        def to_json(self) -> dict[str, Any]:
            """The state as plain JSON data."""
            ...

        @staticmethod
        def from_json(data: Mapping[str, Any]) -> Any:
            """A state from :meth:`to_json` output."""
            ...


def declare(cls: type, **how: Any) -> Fields:
    """Derive ``cls``'s copy and JSON (see :class:`Fields`) and install them on it as
    ``clone``, ``to_json``, ``from_json`` and ``__deepcopy__``; and the kit's two caches
    (``_legal``, ``_views``: see :mod:`.kit`) as class attributes, None, which is what a
    state never asked (a new state, a copy) reads."""
    fields = Fields(cls, **how)
    cls._legal = cls._views = None  # type: ignore[attr-defined]
    copy, to_json = fields.copy, fields.to_json
    cls.clone = lambda self: copy(self)  # type: ignore[attr-defined]
    cls.to_json = lambda self: to_json(self)  # type: ignore[attr-defined]
    cls.from_json = staticmethod(fields.from_json)  # type: ignore[attr-defined]
    cls.__deepcopy__ = lambda self, memo: copy(self)  # type: ignore[attr-defined]
    cls.FIELDS = fields  # type: ignore[attr-defined]
    return fields


# --- the code writer ---------------------------------------------------------------------------
def _shares(tp: Any) -> bool:
    """Whether a value of type ``tp`` is never changed in place (a copy may share it)."""
    if tp is Any or tp in _SCALARS:
        return True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, UnionType):
        return all(_shares(a) for a in typing.get_args(tp))
    if origin is tuple or tp is tuple:
        return all(_shares(a) for a in typing.get_args(tp) if a is not Ellipsis)
    if origin is typing.Literal:
        return True
    return origin in (Mapping, frozenset) or tp in (MappingProxyType, frozenset)


def _plain_already(tp: Any) -> bool:
    """Whether a value of type ``tp`` is plain JSON data as it is (a number, a string...)."""
    if tp in _SCALARS:
        return True
    origin = typing.get_origin(tp)
    return origin in (typing.Union, UnionType) and all(map(_plain_already, typing.get_args(tp)))


class _Writer:
    """Writes the copy (``copying``) or the to-JSON function of a declaration's class and
    of every dataclass its fields hold, as Python source run once."""

    def __init__(self, fields: Fields, copying: bool) -> None:
        self.fields = fields
        self.copying = copying
        self.env: dict[str, Any] = {
            "_new": object.__new__,
            "_rng": _copy_rng,
            "_list": list.copy,
            "_dict": dict.copy,
            "_plain": to_plain,
            "_frame_copy": Frame.clone,
            "_frame_json": _frame_json,
        }
        self.lines: list[str] = []
        self.done: dict[type, str] = {}
        self.depth = 0

    def function(self) -> Callable[[Any], Any]:
        name = self.dataclass(self.fields.cls, top=True)
        exec("\n".join(self.lines), self.env)
        return self.env[name]

    def dataclass(self, cls: type, top: bool = False) -> str:
        found = self.done.get(cls)
        if found is not None:
            return found
        name = self.done[cls] = f"_{'copy' if self.copying else 'json'}_{cls.__name__}"
        hints = self.fields.hints if top else typing.get_type_hints(cls)
        body: list[str] = []
        names = tuple(f.name for f in dataclasses.fields(cls))
        for field in names:
            src = f"s.{field}"
            if top and field in self.fields.each:
                key = f"_each_{field}"
                self.env[key] = self.fields.each[field]
                expr = f"list(map({key}, {src}))" if self.copying else self.expr(hints[field], src)
            elif top and field in self.fields.shallow and self.copying:
                expr = f"{src}[:]"
            else:
                expr = self.expr(hints[field], src)
            body.append(f"    t.{field} = {expr}" if self.copying else f"    {field!r}: {expr},")
        if self.copying:
            head = [f"def {name}(s):", f"    t = _new(_cls_{name})"]
            self.env[f"_cls_{name}"] = cls
            tail = []
            if top:
                for attr in self.fields.carry:
                    tail.append(f"    _v = getattr(s, {attr!r}, None)")
                    tail.append(f"    if _v is not None: t.{attr} = _v")
            self.lines += [*head, *body, *tail, "    return t", ""]
        else:
            self.lines += [f"def {name}(s):", "    return {", *body, "    }", ""]
        return name

    def expr(self, tp: Any, src: str) -> str:
        """Source of the copy (or the plain data) of ``src``, a value of type ``tp``."""
        copying = self.copying
        if tp is Rng:
            return f"_rng({src})" if copying else f"{{'rng': {src}.state}}"
        if tp is Frame:
            return f"_frame_copy({src})" if copying else f"_frame_json({src})"
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, UnionType) and not _shares(tp):
            inner = [a for a in args if a is not type(None)]
            if len(inner) == 1:
                return f"(None if {src} is None else {self.expr(inner[0], src)})"
        if copying and _shares(tp):
            return src
        if not copying:
            if tp is Any:
                return f"_plain({src})"
            if tp in _SCALARS or (origin in (typing.Union, UnionType) and _shares(tp)):
                return src
            if origin is tuple:
                return self.sequence(args[0] if args else Any, src)
            if origin is Mapping or tp is MappingProxyType:
                return f"_plain(dict({src}))"
            if origin is frozenset or tp is frozenset:
                return f"_plain({src})"
        if dataclasses.is_dataclass(tp):
            return f"{self.dataclass(tp)}({src})"  # type: ignore[arg-type]
        if origin is list:
            return self.sequence(args[0] if args else Any, src)
        if origin is dict:
            value = args[1] if args else Any
            key = "k" if not args or args[0] is str else "str(k)"
            if copying and _shares(value):
                return f"{src}.copy()"
            if not copying and key == "k" and _plain_already(value):
                return f"{src}.copy()"
            v = self.var()
            return f"{{{key}: {self.expr(value, v)} for k, {v} in {src}.items()}}"
        if not copying:
            return f"_plain({src})"
        raise TypeError(f"{self.fields.cls.__name__}: no copy for a field of type {tp!r}")

    def sequence(self, item: Any, src: str) -> str:
        if self.copying and _shares(item):
            return f"{src}[:]"
        if self.copying and typing.get_origin(item) in (list, dict):
            inner = typing.get_args(item)
            if not inner or _shares(inner[-1]):  # (a list of lists of numbers, say: in C)
                return f"list(map(_{typing.get_origin(item).__name__}, {src}))"
        if not self.copying and _plain_already(item):
            return f"list({src})"
        v = self.var()
        each = self.expr(item, v)
        if self.copying and each.endswith(f"({v})") and each[: -len(v) - 2].isidentifier():
            return f"list(map({each[: -len(v) - 2]}, {src}))"  # (one call per item: in C)
        return f"[{each} for {v} in {src}]"

    def var(self) -> str:
        self.depth += 1
        return f"x{self.depth}"


def _copy_rng(r: Rng) -> Rng:
    """A generator in the same state (made without its constructor)."""
    new = _new(Rng)
    new.state = r.state
    return new


_new = object.__new__


def _frame_json(f: Frame) -> dict[str, Any]:
    """A frame as plain data (the shape of :func:`tabletop.engine.decisions.to_json`)."""
    return {
        "kind": f.kind,
        "step": f.step,
        "seats": f.seats[:],
        "at": f.at,
        "done": f.done[:],
        "data": to_plain(f.data),
    }
