"""Safe files for settings and saves: user folders, atomic writes, versioned JSON, move-aside.

Pure Python (no pygame), so the controller can reuse it for saves.  Every folder can be
redirected with the environment variable ``TABLETOP_HOME`` (tests use a temporary folder):
``$TABLETOP_HOME/config``, ``$TABLETOP_HOME/data`` and ``$TABLETOP_HOME/logs``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

APP_NAME = "tabletop"
HOME_ENV = "TABLETOP_HOME"


class StorageError(Exception):
    """A stored file cannot be used; the message says which file and why, in plain words."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


class FutureVersionError(StorageError):
    """The file was written by a newer version of Tabletop."""


# --- folders -----------------------------------------------------------------------------


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value) if value else None


def _user_dir(sub: str, platform_dir: Callable[..., str]) -> Path:
    """``$TABLETOP_HOME/<sub>`` when set, else the platformdirs folder; created on demand."""
    home = _home()
    path = home / sub if home is not None else Path(platform_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """The user's settings folder (created on demand)."""
    import platformdirs

    return _user_dir("config", platformdirs.user_config_dir)


def data_dir() -> Path:
    """The user's data folder: saves, autosave, statistics (created on demand)."""
    import platformdirs

    return _user_dir("data", platformdirs.user_data_dir)


def log_dir() -> Path:
    """The user's log folder (created on demand)."""
    import platformdirs

    return _user_dir("logs", platformdirs.user_log_dir)


# --- writing -------------------------------------------------------------------------------


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all-or-nothing: a temp file in the same folder, then replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_json(path: Path, kind: str, version: int, payload: dict[str, Any]) -> None:
    """Atomically write ``payload`` with a ``format`` header naming ``kind`` and ``version``."""
    doc = {"format": {"kind": kind, "version": version}, **payload}
    atomic_write_text(path, json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n")


def move_aside(path: Path, now: float | None = None) -> Path:
    """Rename an unusable file to ``<name>.corrupt-<timestamp>`` (never overwriting); return it."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


# --- reading -------------------------------------------------------------------------------


def read_json(path: Path, kind: str, version: int) -> dict[str, Any] | None:
    """Read a file written by :func:`write_json`; ``None`` if it does not exist.

    Raises :class:`StorageError` when it is not JSON, not of this ``kind`` or malformed, and
    :class:`FutureVersionError` when its version is newer than ``version``.  The returned
    dict keeps the ``format`` header so callers can migrate older versions.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise StorageError(path, f"cannot be read ({e.strerror or e})") from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StorageError(path, "is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise StorageError(path, f"is not valid JSON (line {e.lineno}, column {e.colno})") from None
    if not isinstance(doc, dict):
        raise StorageError(path, "does not hold a JSON object")
    fmt = doc.get("format")
    if not isinstance(fmt, dict):
        raise StorageError(path, "has no 'format' header; it was not written by Tabletop")
    if fmt.get("kind") != kind:
        raise StorageError(path, f"holds {fmt.get('kind')!r} data, expected {kind!r}")
    found = fmt.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise StorageError(path, f"has an invalid format version {found!r}")
    if found > version:
        raise FutureVersionError(
            path,
            f"was written by a newer Tabletop (format version {found}; this version reads up "
            f"to {version})",
        )
    return doc


def load_or_move_aside(
    path: Path, kind: str, version: int
) -> tuple[dict[str, Any] | None, str | None]:
    """Read a versioned JSON file; an unusable one is moved aside.

    Returns ``(document or None, message or None)``: the message explains, in words, what
    was wrong and where the file went.
    """
    try:
        return read_json(path, kind, version), None
    except StorageError as e:
        try:
            moved = move_aside(path)
        except OSError as err:
            return None, f"{e} — and it could not be moved aside ({err}); it was left untouched."
        return None, f"{e}. It was moved aside to {moved.name} and defaults are used."
