"""Save files: versioned JSON written atomically; broken or newer files are moved aside."""

from __future__ import annotations

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
    """Write a save document atomically with its versioned ``format`` header."""
    payload = {k: v for k, v in data.items() if k != "format"}
    storage.write_json(Path(path), KIND, FORMAT_VERSION, payload)


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
