"""Read-only views: dicts become mapping proxies, lists become tuples.

A view is handed to the table, to agents and to the search, and games share parts of it
between calls for speed; freezing it makes sharing safe by construction, since nobody can
change what another holder reads.  ``thaw`` gives plain JSON data back (for logs and saves),
and ``canonical`` a stable string of it (for comparing views).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

_SETTLED = (MappingProxyType, str, int, bool, float, type(None))  # nothing to freeze inside


def freeze(value: Any) -> Any:
    """``value`` with every dict made a read-only mapping and every list a tuple."""
    kind = type(value)
    if kind in _SETTLED:
        return value
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        if kind is tuple:
            for v in value:
                if type(v) not in _SETTLED:
                    break
            else:
                return value
        return tuple([freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Plain JSON data (dicts and lists) from a frozen value."""
    kind = type(value)  # the usual types first: the abstract Mapping test costs far more
    if kind is MappingProxyType or kind is dict:
        return {k: thaw(v) for k, v in value.items()}
    if kind is tuple or kind is list:
        return [thaw(v) for v in value]
    if kind in _SETTLED:
        return value
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


def canonical(value: Any) -> str:
    """A canonical JSON string of a (frozen or plain) value: sorted keys, no spaces.

    The text of ``thaw(value)``, written without building it: the encoder writes tuples as
    lists itself and asks :func:`_as_dict` for each mapping proxy (the Hint keys its cache
    by this text, so it is paid once a decision)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_as_dict)


def _as_dict(value: Any) -> dict[Any, Any]:
    if type(value) is MappingProxyType:
        return value.copy()
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


EMPTY: Mapping[str, Any] = MappingProxyType({})
