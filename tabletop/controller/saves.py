"""Save files: versioned JSON written atomically; broken or newer files are moved aside."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1
KIND = "tabletop-save"


class SaveError(Exception):
    """A save file that cannot be used; ``moved_to`` is where it was put aside (if it was)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


def _storage() -> Any:
    try:
        from tabletop import storage
    except ImportError:
        return None
    return storage


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` atomically (temp file in the same folder + replace)."""
    path = Path(path)
    storage = _storage()
    writer = getattr(storage, "write_json_atomic", None) or getattr(storage, "write_json", None)
    if writer is not None:
        writer(path, data)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad-<time>`` so it is kept but never overwritten."""
    path = Path(path)
    storage = _storage()
    mover = getattr(storage, "move_aside", None)
    if mover is not None:
        return mover(path)
    target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file; raise :class:`SaveError` (file moved aside) if unusable."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        moved = move_aside(path)
        raise SaveError(
            f"{path.name}: the save is damaged ({e}); it was moved aside", moved
        ) from None
    problem = check_save(data)
    if problem:
        moved = move_aside(path)
        raise SaveError(f"{path.name}: {problem}; it was moved aside", moved)
    return data


def check_save(data: Any) -> str:
    """The problem with a decoded save ("" when it looks usable)."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        return "this is not a Tabletop save"
    version = data.get("format")
    if not isinstance(version, int):
        return "the save has no format version"
    if version > FORMAT_VERSION:
        return f"the save was written by a newer Tabletop (format {version}, this one reads {FORMAT_VERSION})"
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
