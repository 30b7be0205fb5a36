"""A tiny schema language: one description validates YAML data and emits JSON Schema.

Errors name the file and the field path, e.g.
``data/majesty/cards.yaml: cards[3].count: expected a whole number ≥ 1, got 'four'``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.errors import DataError


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


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
    min_len: int = 1
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> str:
        if not isinstance(value, str):
            raise self._fail(file, path, f"expected text, got {_show(value)}")
        if len(value.strip()) < self.min_len:
            raise self._fail(file, path, "expected non-empty text")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": self.min_len, "description": self.description}


@dataclass
class Int(Spec):
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

    def check(self, value: Any, file: str, path: str) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if (
            not ok
            or (self.min is not None and value < self.min)
            or (self.max is not None and value > self.max)
        ):
            raise self._fail(file, path, f"expected {self._want()}, got {_show(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        s: dict[str, Any] = {"type": "integer", "description": self.description}
        if self.min is not None:
            s["minimum"] = self.min
        if self.max is not None:
            s["maximum"] = self.max
        return s


@dataclass
class Num(Spec):
    min: float | None = None
    max: float | None = None
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if (
            not ok
            or (self.min is not None and value < self.min)
            or (self.max is not None and value > self.max)
        ):
            lo = "" if self.min is None else f" from {self.min}"
            hi = "" if self.max is None else f" to {self.max}"
            raise self._fail(file, path, f"expected a number{lo}{hi}, got {_show(value)}")
        return float(value)

    def schema(self) -> dict[str, Any]:
        s: dict[str, Any] = {"type": "number", "description": self.description}
        if self.min is not None:
            s["minimum"] = self.min
        if self.max is not None:
            s["maximum"] = self.max
        return s


@dataclass
class Bool(Spec):
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> bool:
        if not isinstance(value, bool):
            raise self._fail(file, path, f"expected true or false, got {_show(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean", "description": self.description}


@dataclass
class Enum(Spec):
    values: tuple[Any, ...] = ()
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        if value not in self.values:
            allowed = ", ".join(map(str, self.values))
            raise self._fail(file, path, f"expected one of {allowed}, got {_show(value)}")
        return value

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.values), "description": self.description}


@dataclass
class AnyValue(Spec):
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        return value

    def schema(self) -> dict[str, Any]:
        return {"description": self.description}


@dataclass
class ListOf(Spec):
    item: Spec = field(default_factory=AnyValue)
    min_items: int = 0
    length: int | None = None
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self._fail(file, path, f"expected a list, got {_show(value)}")
        if self.length is not None and len(value) != self.length:
            raise self._fail(file, path, f"expected exactly {self.length} items, got {len(value)}")
        if len(value) < self.min_items:
            raise self._fail(
                file, path, f"expected at least {self.min_items} items, got {len(value)}"
            )
        return [self.item.check(v, file, f"{path}[{i}]") for i, v in enumerate(value)]

    def schema(self) -> dict[str, Any]:
        s: dict[str, Any] = {
            "type": "array",
            "items": self.item.schema(),
            "description": self.description,
        }
        if self.min_items:
            s["minItems"] = self.min_items
        if self.length is not None:
            s["minItems"] = s["maxItems"] = self.length
        return s


@dataclass
class MapOf(Spec):
    """A mapping with free keys (text) and values of one spec."""

    value: Spec = field(default_factory=AnyValue)
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self._fail(file, path, f"expected a mapping, got {_show(value)}")
        return {str(k): self.value.check(v, file, _join(path, str(k))) for k, v in value.items()}

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": self.value.schema(),
            "description": self.description,
        }


@dataclass
class OneOf(Spec):
    """The first alternative that accepts the value; errors come from the last one."""

    options: tuple[Spec, ...] = ()
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> Any:
        err: DataError | None = None
        for o in self.options:
            try:
                return o.check(value, file, path)
            except DataError as e:
                err = e
        assert err is not None
        raise err

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [o.schema() for o in self.options], "description": self.description}


@dataclass
class Record(Spec):
    """A mapping with known keys; unknown keys are refused."""

    required: dict[str, Spec] = field(default_factory=dict)
    optional: dict[str, Spec] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    description: str = ""

    def check(self, value: Any, file: str, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self._fail(file, path, f"expected a mapping, got {_show(value)}")
        out: dict[str, Any] = {}
        for k, spec in self.required.items():
            if k not in value:
                raise self._fail(file, _join(path, k), "missing required field")
            out[k] = spec.check(value[k], file, _join(path, k))
        for k, spec in self.optional.items():
            if k in value and value[k] is not None:
                out[k] = spec.check(value[k], file, _join(path, k))
            elif k in self.defaults:
                out[k] = self.defaults[k]
        known = set(self.required) | set(self.optional)
        for k in value:
            if k not in known:
                names = ", ".join(sorted(known))
                raise self._fail(
                    file, _join(path, str(k)), f"unknown field (known fields: {names})"
                )
        return out

    def schema(self) -> dict[str, Any]:
        props = {k: s.schema() for k, s in {**self.required, **self.optional}.items()}
        for k, d in self.defaults.items():
            if k in props and d is not None and not isinstance(d, dict | list):
                props[k]["default"] = d
        return {
            "type": "object",
            "properties": props,
            "required": list(self.required),
            "additionalProperties": False,
            "description": self.description,
        }


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
