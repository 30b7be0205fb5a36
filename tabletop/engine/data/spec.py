"""A tiny schema language: one description validates YAML data and emits JSON Schema.

Errors name the file and the field path, e.g.
``data/majesty/cards.yaml: cards[3].count: expected a whole number ≥ 1, got 'four'``.
Containers keep checking after a bad item, so one run reports every structural problem of
a file (raised together as :class:`DataErrors`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tabletop import text_gate
from tabletop.engine.errors import DataError

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Data limits: no field may go past these, even where its spec names no bound of its own, so
# that no data file can make a game build billions of cards or hold a novel in a name.
MAX_INT = 1_000_000
MAX_NUMBER = 1e9
MAX_TEXT = 20_000  # characters in one text field (a rules section is a few thousand)
MAX_ITEMS = 10_000  # items in one list, keys in one mapping


class DataErrors(DataError):
    """Several problems found in one pass; ``errors`` lists them, one message per line."""

    def __init__(self, errors: list[DataError]) -> None:
        first = errors[0]
        super().__init__(first.file, first.path, first.problem)
        self.errors = list(errors)
        self.args = ("\n".join(str(e) for e in self.errors),)

    def __str__(self) -> str:
        return self.args[0]


def flatten(error: DataError) -> list[DataError]:
    """The single problems inside ``error``."""
    return list(error.errors) if isinstance(error, DataErrors) else [error]


class Problems:
    """Collects :class:`DataError`s so that checking can go on after the first one."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Record a :class:`DataError` raised inside the block instead of propagating it."""
        try:
            yield
        except DataError as e:
            self.errors += flatten(e)

    def add(self, file: str, path: str, problem: str) -> None:
        """Record one problem."""
        self.errors.append(DataError(file, path, problem))

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self) -> None:
        """Raise the recorded problems (one :class:`DataError`, or :class:`DataErrors`)."""
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise DataErrors(self.errors)


def show(value: Any) -> str:
    """A value as it appears in an error message."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def _short(value: Any) -> str:
    """:func:`show`, cut to a readable length (a number may have thousands of digits)."""
    text = show(value) if not isinstance(value, int) or abs(value) < 10**15 else ""
    if not text:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    if description:
        schema["description"] = description
    return schema


def _bounded(kind: str, lo: float | None, hi: float | None, description: str) -> dict[str, Any]:
    s: dict[str, Any] = {"type": kind}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    return _described(s, description)


class Spec:
    """Base of all specs."""

    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        """Return the validated (and converted) value or raise :class:`DataError`."""
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        """The JSON Schema fragment for this spec."""
        raise NotImplementedError

    def _fail(self, file: str, path: str, problem: str) -> DataError:
        return DataError(file, path, problem)


@dataclass
class Str(Spec):
    """Text; ``min_len`` counts non-blank characters; ``pattern`` must match in full."""

    min_len: int = 1
    description: str = ""
    pattern: str | None = None
    pattern_words: str = ""
    max_len: int = MAX_TEXT

    def check(self, value: Any, file: str, path: str) -> str:
        """The text, if it is text of the right shape."""
        if not isinstance(value, str):
            raise self._fail(file, path, f"expected text, got {show(value)}")
        if len(value) > self.max_len:
            raise self._fail(
                file,
                path,
                f"text too long ({len(value):,} characters; the limit is {self.max_len:,})",
            )
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise self._fail(file, path, f"expected {self.pattern_words}, got {value!r}")
        why = text_gate.problem(value.replace("\n", " ").replace("\t", " ") or " ")
        if why and "visible" not in why:
            raise self._fail(file, path, f"the text cannot be shown: {why}")
        if len(value.strip()) < self.min_len:
            raise self._fail(file, path, "expected non-empty text")
        return value

    def schema(self) -> dict[str, Any]:
        """``type: string`` with a pattern (non-blank text needs a non-space character)."""
        s: dict[str, Any] = {"type": "string"}
        if self.pattern is not None:
            s["pattern"] = f"^(?:{self.pattern})$"
        elif self.min_len == 1:
            s["pattern"] = r"\S"
        elif self.min_len > 1:
            s["minLength"] = self.min_len
        s["maxLength"] = self.max_len
        return _described(s, self.description)


def identifier(description: str = "") -> Str:
    """An id: lower-case letters, digits, '-' and '_' (starting with a letter or digit)."""
    return Str(
        description=description or "an identifier: lower-case letters, digits, '-' and '_'",
        pattern=r"[a-z0-9][a-z0-9_-]*",
        pattern_words="an identifier (lower-case letters, digits, '-' and '_')",
    )


def art_path(description: str = "") -> Str:
    """A path under art/: relative, '/' separators, no '..'."""
    return Str(
        description=description or "a path under art/",
        pattern=r"(?!/)(?![A-Za-z]:)(?!.*(?:^|/)\.\.(?:/|$))[^\\:]+",
        pattern_words="a relative path under art/ with '/' separators, no '..' and no drive letter",
    )


@dataclass
class Int(Spec):
    """A whole number (``true``/``false`` are not numbers), optionally bounded."""

    min: int | None = None
    max: int | None = None
    description: str = ""

    def _want(self) -> str:
        if self.min is not None and self.max is not None:
            return f"a whole number from {self.min} to {self.max}"
        if self.min is not None:
            return f"a whole number ≥ {self.min}"
        if self.max is not None:
            return f"a whole number ≤ {self.max}"
        return "a whole number"

    @property
    def bounds(self) -> tuple[int, int]:
        """The range checked: the spec's own, within ±:data:`MAX_INT`."""
        lo = -MAX_INT if self.min is None else max(self.min, -MAX_INT)
        hi = MAX_INT if self.max is None else min(self.max, MAX_INT)
        return lo, hi

    def check(self, value: Any, file: str, path: str) -> int:
        """The number, if whole and in range."""
        ok = isinstance(value, int) and not isinstance(value, bool)
        if (
            not ok
            or (self.min is not None and value < self.min)
            or (self.max is not None and value > self.max)
        ):
            raise self._fail(file, path, f"expected {self._want()}, got {_short(value)}")
        lo, hi = self.bounds
        if not lo <= value <= hi:
            raise self._fail(
                file, path, f"{_short(value)} is past the data limit (from {lo:,} to {hi:,})"
            )
        return value

    def schema(self) -> dict[str, Any]:
        """``type: integer`` with bounds."""
        return _bounded("integer", *self.bounds, self.description)


@dataclass
class Num(Spec):
    """Any number, optionally bounded; converted to ``float``."""

    min: float | None = None
    max: float | None = None
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> float:
        """The number as a float, if in range."""
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if (
            not ok
            or (self.min is not None and value < self.min)
            or (self.max is not None and value > self.max)
        ):
            lo = "" if self.min is None else f" from {self.min:g}"
            hi = "" if self.max is None else f" to {self.max:g}"
            raise self._fail(file, path, f"expected a number{lo}{hi}, got {_short(value)}")
        if not -MAX_NUMBER <= value <= MAX_NUMBER:  # also refuses .nan and .inf
            raise self._fail(
                file, path, f"{_short(value)} is past the data limit (±{MAX_NUMBER:g})"
            )
        return float(value)

    def schema(self) -> dict[str, Any]:
        """``type: number`` with bounds."""
        lo = -MAX_NUMBER if self.min is None else self.min
        hi = MAX_NUMBER if self.max is None else self.max
        return _bounded("number", lo, hi, self.description)


@dataclass
class Bool(Spec):
    """``true`` or ``false``."""

    description: str = ""

    def check(self, value: Any, file: str, path: str) -> bool:
        """The boolean."""
        if not isinstance(value, bool):
            raise self._fail(file, path, f"expected true or false, got {show(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        """``type: boolean``."""
        return _described({"type": "boolean"}, self.description)


@dataclass
class Enum(Spec):
    """One of a fixed set of values."""

    values: tuple[Any, ...] = ()
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        """The value, if it is one of ``values`` (``True`` never passes for ``1``)."""
        if not any(value == v and type(value) is type(v) for v in self.values):
            allowed = ", ".join(map(str, self.values))
            raise self._fail(file, path, f"expected one of {allowed}, got {show(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        """``enum``."""
        return _described({"enum": list(self.values)}, self.description)


@dataclass
class AnyValue(Spec):
    """Anything at all."""

    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        """The value unchanged."""
        return value

    def schema(self) -> dict[str, Any]:
        """The empty schema."""
        return _described({}, self.description)


@dataclass
class ListOf(Spec):
    """A list whose items all follow ``item``."""

    item: Spec = field(default_factory=AnyValue)
    min_items: int = 0
    length: int | None = None
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> list[Any]:
        """The checked items (every bad item is reported)."""
        if not isinstance(value, list):
            raise self._fail(file, path, f"expected a list, got {show(value)}")
        if len(value) > MAX_ITEMS:
            raise self._fail(
                file, path, f"too many items ({len(value):,}; the limit is {MAX_ITEMS:,})"
            )
        if self.length is not None and len(value) != self.length:
            raise self._fail(file, path, f"expected exactly {self.length} items, got {len(value)}")
        if len(value) < self.min_items:
            raise self._fail(
                file, path, f"expected at least {self.min_items} items, got {len(value)}"
            )
        problems = Problems()
        out = []
        for i, v in enumerate(value):
            with problems.guard():
                out.append(self.item.check(v, file, f"{path}[{i}]"))
        problems.raise_if_any()
        return out

    def schema(self) -> dict[str, Any]:
        """``type: array``."""
        s: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            s["minItems"] = self.min_items
        s["maxItems"] = MAX_ITEMS
        if self.length is not None:
            s["minItems"] = s["maxItems"] = self.length
        return _described(s, self.description)


@dataclass
class MapOf(Spec):
    """A mapping with free keys and values of one spec.

    ``keys`` checks each key's text (YAML keys such as ``2`` arrive as numbers and are
    turned into text first, as JSON would).
    """

    value: Spec = field(default_factory=AnyValue)
    description: str = ""
    keys: Str | None = None

    def check(self, value: Any, file: str, path: str) -> dict[str, Any]:
        """The mapping with text keys and checked values."""
        if not isinstance(value, dict):
            raise self._fail(file, path, f"expected a mapping, got {show(value)}")
        if len(value) > MAX_ITEMS:
            raise self._fail(
                file, path, f"too many entries ({len(value):,}; the limit is {MAX_ITEMS:,})"
            )
        problems = Problems()
        out = {}
        for k, v in value.items():
            where = _join(path, str(k))
            with problems.guard():
                if self.keys is not None:
                    self.keys.check(str(k), file, where)
                out[str(k)] = self.value.check(v, file, where)
        problems.raise_if_any()
        return out

    def schema(self) -> dict[str, Any]:
        """``type: object`` with ``additionalProperties`` (and ``propertyNames``)."""
        s: dict[str, Any] = {"type": "object", "additionalProperties": self.value.schema()}
        s["maxProperties"] = MAX_ITEMS
        if self.keys is not None:
            s["propertyNames"] = self.keys.schema()
        return _described(s, self.description)


@dataclass
class OneOf(Spec):
    """The first alternative that accepts the value; errors come from the last one."""

    options: tuple[Spec, ...] = ()
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        """The value as the first fitting alternative converts it.

        When none fits, the error of an alternative of the value's own shape is raised
        (a mapping's problem, not "expected text"), else the last one's.
        """
        errors: list[DataError] = []
        for o in self.options:
            try:
                return o.check(value, file, path)
            except DataError as e:
                errors.append(e)
        shaped = [e for e in errors if not _wrong_shape(e, value)]
        raise (shaped or errors)[-1]

    def schema(self) -> dict[str, Any]:
        """``anyOf`` (a single alternative is inlined)."""
        if len(self.options) == 1:
            return _described(self.options[0].schema(), self.description)
        return _described({"anyOf": [o.schema() for o in self.options]}, self.description)


def _wrong_shape(error: DataError, value: Any) -> bool:
    """Whether ``error`` only says the value has another shape than the spec wanted."""
    return (
        error.problem.startswith("expected ")
        and error.problem.endswith(f"got {show(value)}")
        and (error.problem.startswith(("expected a mapping", "expected text", "expected a list")))
    )


@dataclass
class Record(Spec):
    """A mapping with known keys; unknown keys are refused (with a suggestion)."""

    required: dict[str, Spec] = field(default_factory=dict)
    optional: dict[str, Spec] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> dict[str, Any]:
        """The checked mapping with defaults filled in (every bad field is reported)."""
        if not isinstance(value, dict):
            raise self._fail(file, path, f"expected a mapping, got {show(value)}")
        problems = Problems()
        known = [*self.required, *self.optional]
        for k in value:
            if k not in known:
                problems.add(file, _join(path, str(k)), unknown_field(str(k), known))
        out: dict[str, Any] = {}
        for k, spec in self.required.items():
            if k not in value:
                problems.add(file, _join(path, k), "missing required field")
                continue
            with problems.guard():
                out[k] = spec.check(value[k], file, _join(path, k))
        for k, spec in self.optional.items():
            if k in value and value[k] is None and isinstance(spec, Int | Num):
                problems.add(file, _join(path, k), "expected a number, got null")
            elif k in value and value[k] is not None:
                with problems.guard():
                    out[k] = spec.check(value[k], file, _join(path, k))
            elif k in self.defaults:
                out[k] = self.defaults[k]
        problems.raise_if_any()
        return out

    def schema(self) -> dict[str, Any]:
        """``type: object`` with ``properties``, ``required`` and no other keys.

        Optional fields may also be ``null`` (the validator treats that as absent).
        """
        props = {k: s.schema() for k, s in self.required.items()}
        for k, s in self.optional.items():
            sub = s.schema()
            d = self.defaults.get(k)
            if d is not None and (d or not isinstance(d, dict | list)):
                sub["default"] = d
            props[k] = sub if isinstance(s, Int | Num) else _or_null(sub)  # numbers: no null
        out: dict[str, Any] = {"type": "object", "properties": props}
        if self.required:
            out["required"] = list(self.required)
        out["additionalProperties"] = False
        return _described(out, self.description)


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema, widened to accept ``null`` too."""
    out = dict(schema)
    if isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    elif "enum" in out:
        out["enum"] = [*out["enum"], None]
    elif "anyOf" in out:
        out["anyOf"] = [*out["anyOf"], {"type": "null"}]
    return out


def unknown_field(key: str, known: list[str]) -> str:
    """The message for an unknown key, with the closest known name when there is one."""
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
    hint = f"did you mean {close[0]!r}? " if close else ""
    names = ", ".join(sorted(known)) or "none"
    return f"unknown field ({hint}known fields: {names})"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
