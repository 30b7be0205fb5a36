"""Convert game-state dataclasses to plain JSON data and back.

States are dataclasses whose fields are ``int``, ``float``, ``str``, ``bool``, ``None``,
lists/tuples/dicts of those, nested dataclasses, or an :class:`~tabletop.engine.rng.Rng`.
Dicts with ``int`` keys are stored with string keys and converted back from the type hints.
"""

from __future__ import annotations

import dataclasses
import pickle
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, TypeVar, cast

from tabletop.engine.rng import Rng

T = TypeVar("T")


def to_plain(obj: Any) -> Any:
    """A JSON-ready copy of ``obj``."""
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    if isinstance(obj, Rng):
        return {"rng": obj.state}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, list | tuple):
        return [to_plain(v) for v in obj]
    if isinstance(obj, dict | MappingProxyType):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if isinstance(obj, set | frozenset):
        return sorted(to_plain(v) for v in obj)
    raise TypeError(f"cannot convert {type(obj).__name__} to plain data")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_plain` output."""
    return _converter(tp)(data)


def _same(data: Any) -> Any:
    return data


def _int(data: Any) -> Any:
    return int(data) if isinstance(data, str) else data


@cache
def _converter(tp: Any) -> Callable[[Any], Any]:
    """A function rebuilding values of type ``tp`` (built once per type, then reused)."""
    if tp is Any or tp in (float, str, bool, list, dict, tuple) or tp is type(None):
        return _same
    if tp is int:
        return _int
    if tp is Rng:
        return lambda data: Rng(data["rng"])
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _union([a for a in typing.get_args(tp) if a is not type(None)], tp)
    if dataclasses.is_dataclass(tp):
        return _dataclass(cast(type, tp))  # a hint names a class (never a dataclass instance)
    if origin is list:
        (a,) = typing.get_args(tp) or (Any,)
        item = _converter(a)
        return list if item is _same else lambda data: [item(v) for v in data]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            one = _converter(args[0])
            return lambda data: tuple(one(v) for v in data)
        each = [_converter(a) for a in args]
        return lambda data: tuple(c(v) for c, v in zip(each, data, strict=True))
    if origin is Mapping:  # read-only
        kt, vt = typing.get_args(tp) or (str, Any)
        key, value = _same if kt is str else _converter(kt), _converter(vt)
        return lambda data: MappingProxyType({key(k): value(v) for k, v in data.items()})
    if origin in (set, frozenset):
        (a,) = typing.get_args(tp)
        item = _converter(a)
        return lambda data: origin(item(v) for v in data)
    if origin is dict:
        kt, vt = typing.get_args(tp)
        key = _same if kt is str else _converter(kt)
        value = _converter(vt)
        return lambda data: {key(k): value(v) for k, v in data.items()}

    def refuse(data: Any) -> Any:
        raise TypeError(f"cannot rebuild {tp!r}")

    return refuse


def _union(args: list[Any], tp: Any) -> Callable[[Any], Any]:
    if len(args) == 1:
        inner = _converter(args[0])
        return lambda data: None if data is None else inner(data)

    def first_that_fits(data: Any) -> Any:
        if data is None:
            return None
        for a in args:
            try:
                return _converter(a)(data)
            except (TypeError, ValueError, KeyError):
                continue
        raise TypeError(f"no member of {tp} fits {data!r}")

    return first_that_fits


def _dataclass(tp: type) -> Callable[[Any], Any]:
    fields: list[tuple[str, Callable[[Any], Any]]] = []

    def build(data: Any) -> Any:
        if not fields:  # resolved on first use, so a class may refer to itself
            hints = _hints(tp)
            fields.extend(
                (f.name, _converter(hints[f.name])) for f in dataclasses.fields(tp) if f.init
            )
        return tp(**{name: conv(data[name]) for name, conv in fields if name in data})

    return build


def fast_copy(obj: T) -> T:
    """A deep copy through pickle (several times faster than ``copy.deepcopy``)."""
    return pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))
