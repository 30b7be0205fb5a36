"""The messages of network play: versioned JSON objects, one per WebSocket text frame.

Every message is an object with a ``type``.  What a client may send is listed in
:data:`CLIENT_MESSAGES` with the type of each field; :func:`parse_client` refuses anything
else with a sentence that says what was wrong (bad JSON, nesting too deep, an unknown type, a
missing or mistyped field, a string too long).  A request may carry ``ref`` (an integer) that
the answer repeats.  ``docs/network.md`` shows each message with an example.
"""

from __future__ import annotations

import json
from typing import Any

PROTOCOL = 1  # bumped whenever a message changes shape; hello refuses another version

MAX_DEPTH = 12  # nesting of objects and lists in a client message
MAX_TEXT = 200  # characters of a chat line
MAX_NAME = 24  # characters of a player's name
MAX_STRING = 400  # characters of any other string in a client message
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud without doubt
CODE_LENGTH = 6

READY = "Tabletop server listening on "  # the line a launcher waits for, then the address

# type -> {field: (python type(s), required?)}
CLIENT_MESSAGES: dict[str, dict[str, tuple[Any, bool]]] = {
    "hello": {"version": (int, True), "app": (str, False)},
    "list": {},
    "create": {
        "game": (str, True),
        "options": (dict, False),
        "seats": (list, True),
        "listed": (bool, False),
    },
    "join": {"code": (str, True), "seat": (int, False), "name": (str, False)},
    "rejoin": {"code": (str, True), "token": (str, True)},
    "watch": {"code": (str, True)},
    "leave": {"code": (str, True), "token": (str, True)},
    "move": {"code": (str, True), "token": (str, True), "n": (int, True), "action": (dict, True)},
    "undo": {"code": (str, True), "token": (str, True), "n": (int, False)},
    "explain": {"code": (str, True), "token": (str, True), "gesture": (dict, True)},
    "chat": {"code": (str, True), "token": (str, True), "text": (str, True)},
    "seat_ai": {
        "code": (str, True),
        "token": (str, True),
        "seat": (int, True),
        "level": (str, False),
    },
    "ping": {},
}

SERVER_MESSAGES = (
    "welcome",  # version, server, limits
    "error",  # reason, ref; fatal=true when the connection is closed after it
    "tables",  # tables: the lobby
    "created",  # code, seat, token
    "joined",  # code, seat, token (seat null for a spectator)
    "state",  # one seat's view of one table (see tabletop.net.table)
    "refused",  # code, reason, ref: a move, undo or request the rules or the table refuse
    "explained",  # reason, ref: why a gesture matches no legal move
    "chat",  # code, seat, name, text
    "pong",
)


class BadMessage(ValueError):
    """A client message that cannot be used; the text says why in plain words, and ``ref``
    is the request's own reference when it could be read (for the answer to repeat)."""

    ref: int | None = None


def _depth(value: Any, limit: int) -> int:
    """The nesting depth of ``value``; stops counting past ``limit``."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, d = stack.pop()
        if d > limit:
            return d
        deepest = max(deepest, d)
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def _strings_ok(value: Any, limit: int) -> bool:
    """Every string (and key) in ``value`` is at most ``limit`` characters and has no NUL."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) > limit or "\x00" in item:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _nesting_before_parse(text: str, limit: int) -> bool:
    """True when brackets nest deeper than ``limit`` (checked before ``json.loads``, which
    would otherwise recurse on a hostile frame of ``[[[[…``)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def parse_client(frame: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message; raises :class:`BadMessage` with the reason."""
    if isinstance(frame, bytes):
        raise BadMessage("Messages are JSON text frames, not binary ones.")
    if _nesting_before_parse(frame, MAX_DEPTH):
        raise BadMessage(f"The message nests deeper than {MAX_DEPTH} levels.")
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        raise BadMessage("The message is not valid JSON.") from None
    if not isinstance(msg, dict):
        raise BadMessage("A message is a JSON object with a 'type'.")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        shown = kind if isinstance(kind, str) and len(kind) < 40 else "?"
        raise BadMessage(f"Unknown message type '{shown}'.")
    if _depth(msg, MAX_DEPTH) > MAX_DEPTH:
        raise BadMessage(f"The message nests deeper than {MAX_DEPTH} levels.")
    if not _strings_ok(msg, MAX_STRING):
        raise BadMessage(f"A text in the message is longer than {MAX_STRING} characters.")
    ref = msg.get("ref")
    if ref is not None and (not isinstance(ref, int) or isinstance(ref, bool)):
        raise BadMessage("'ref' must be an integer.")
    try:
        _check_fields(kind, msg)
    except BadMessage as e:
        e.ref = ref
        raise
    return msg


def _check_fields(kind: str, msg: dict[str, Any]) -> None:
    for name, (types, required) in CLIENT_MESSAGES[kind].items():
        if name not in msg or msg[name] is None:
            if required:
                raise BadMessage(f"'{kind}' needs the field '{name}'.")
            continue
        value = msg[name]
        if not isinstance(value, types) or (types is int and isinstance(value, bool)):
            raise BadMessage(f"The field '{name}' of '{kind}' has the wrong type.")
    if kind == "chat" and len(msg["text"]) > MAX_TEXT:
        raise BadMessage(f"A chat line is at most {MAX_TEXT} characters.")


def clean_name(name: Any, fallback: str) -> str:
    """A player's name fit to show: printable characters only, trimmed, at most
    :data:`MAX_NAME` long; ``fallback`` when nothing is left."""
    if not isinstance(name, str):
        return fallback
    kept = "".join(ch for ch in name if ch.isprintable() and not _zero_width(ch))
    kept = " ".join(kept.split())[:MAX_NAME]
    return kept or fallback


def _zero_width(ch: str) -> bool:
    return ch in "\u200b\u200c\u200d\u2060\ufeff" or 0xD800 <= ord(ch) <= 0xDFFF


def clean_chat(text: str) -> str:
    """A chat line fit to show: printable characters, one line, at most :data:`MAX_TEXT`."""
    kept = "".join(ch if ch.isprintable() else " " for ch in text if not _zero_width(ch))
    return " ".join(kept.split())[:MAX_TEXT]


def encode(msg: dict[str, Any]) -> str:
    """A server or client message as compact JSON text."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def valid_code(code: str) -> bool:
    """Whether ``code`` has the shape of a table code."""
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def normal_code(text: str) -> str:
    """A table code as typed (any case, spaces, dashes) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch.isalnum())
