"""Save files: versioned JSON written atomically; broken or newer files are moved aside."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop import storage

FORMAT_VERSION = 1
KIND = "tabletop-save"


class SaveError(Exception):
    """A save file that cannot be used; ``moved_to`` is where it was put aside (if it was)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write a save document atomically with its versioned ``format`` header.

    Compact JSON: the autosave runs after every action, on the render thread.
    """
    doc = {"format": {"kind": KIND, "version": FORMAT_VERSION}}
    doc.update((k, v) for k, v in data.items() if k != "format")
    storage.atomic_write_text(Path(path), json.dumps(doc, separators=(",", ":")))


def move_aside(path: Path) -> Path | None:
    """Rename a bad file so it is kept but never overwritten; None if that failed."""
    try:
        return storage.move_aside(Path(path))
    except OSError:
        return None


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file; raise :class:`SaveError` (file moved aside) if unusable."""
    path = Path(path)
    try:
        data = storage.read_json(path, KIND, FORMAT_VERSION)
    except storage.StorageError as e:
        moved = move_aside(path)
        raise SaveError(f"{path.name}: {e.problem}; it was moved aside", moved) from None
    if data is None:
        raise SaveError(f"{path}: no such save")
    problem = check_save(data)
    if problem:
        moved = move_aside(path)
        raise SaveError(f"{path.name}: {problem}; it was moved aside", moved)
    return data


def check_save(data: dict[str, Any]) -> str:
    """The problem with a decoded save ("" when it looks usable)."""
    for key, kind in (
        ("game", str),
        ("seed", int),
        ("players", int),
        ("actions", list),
        ("seats", list),
    ):
        if not isinstance(data.get(key), kind):
            return f"the save lacks a valid {key!r}"
    return ""


def peek(path: Path) -> dict[str, Any] | None:
    """A save's game id, seat names (AI seats marked), move count and whether it is over,
    for menus; ``None`` when the file is unusable.  Never moves anything aside."""
    try:
        data = storage.read_json(Path(path), KIND, FORMAT_VERSION)
    except storage.StorageError:
        return None
    if data is None or check_save(data):
        return None
    seats = [s for s in data["seats"] if isinstance(s, dict)]
    return {
        "game": data["game"],
        "names": [str(s.get("name", "")) for s in seats],
        "ai": [s.get("kind") == "ai" for s in seats],
        "moves": len(data["actions"]),
        "over": bool(data.get("over", False)),
    }
