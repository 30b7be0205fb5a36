"""Safe files for settings and saves: user folders, atomic writes, versioned JSON, move-aside.

Pure Python (no pygame), so the controller can reuse it for saves.  Every folder can be
redirected with the environment variable ``TABLETOP_HOME`` (tests use a temporary folder):
``$TABLETOP_HOME/config``, ``$TABLETOP_HOME/data`` and ``$TABLETOP_HOME/logs``.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.safe_read import MB, FileProblem, Missing, parse_json, read_regular

APP_NAME = "tabletop"
HOME_ENV = "TABLETOP_HOME"


class StorageError(Exception):
    """A stored file cannot be used; the message says which file and why, in plain words.

    ``reason`` is a short tag put in the name of the file when it is moved aside.
    """

    reason = "corrupt"

    def __init__(self, path: Path, problem: str, reason: str | None = None) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem
        if reason:
            self.reason = reason


class FutureVersionError(StorageError):
    """The file was written by a newer version of Tabletop."""

    reason = "newer-version"


# Size caps per kind of file (a 1,000-move save is about 250 KB).
MAX_BYTES: dict[str, int] = {"tabletop-save": 8 * MB, "tabletop-settings": 1 * MB}
DEFAULT_MAX_BYTES = 4 * MB


def _reason_for(problem: str) -> str:
    """The tag naming a moved-aside file after what was wrong with it."""
    for words, tag in (
        ("too large", "too-large"),
        ("nests too deeply", "too-deep"),
        ("not a regular file", "not-a-file"),
        ("not a file", "not-a-file"),
        ("symbolic link", "not-a-file"),
        ("not UTF-8", "not-text"),
        ("not valid JSON", "not-json"),
    ):
        if words in problem:
            return tag
    return "corrupt"


# --- folders -----------------------------------------------------------------------------


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value) if value else None


class FolderProblem(OSError):
    """A user folder that cannot be used; ``str()`` names it and says why in plain words."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path} {problem}")
        self.path = Path(path)
        self.problem = problem


def what_is(path: Path | str) -> str:
    """What stands at ``path`` where a folder should be, in words."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "is in the way"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a folder"
    return "is a file, not a folder"


def ensure_folder(path: Path) -> Path:
    """Create the folder ``path`` if needed; :class:`FolderProblem` when that cannot be done."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise FolderProblem(path, what_is(path)) from None
    except OSError as e:
        why = (e.strerror or "unknown reason").lower()
        raise FolderProblem(path, f"cannot be created ({why})") from None
    if not path.is_dir():
        raise FolderProblem(path, what_is(path))
    return path


def writable_problem(path: Path) -> str:
    """Why files cannot be written in the folder ``path`` ("" when they can): a real try."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".write-check.", suffix=TMP_SUFFIX, dir=path)
    except OSError as e:
        return f"{path} cannot be written to ({(e.strerror or 'unknown reason').lower()})"
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    return ""


def _user_dir(sub: str, platform_dir: Callable[..., str]) -> Path:
    """``$TABLETOP_HOME/<sub>`` when set, else the platformdirs folder; created on demand.

    Raises :class:`FolderProblem` (an ``OSError``) when it cannot be made a folder."""
    home = _home()
    path = home / sub if home is not None else Path(platform_dir(APP_NAME, appauthor=False))
    return ensure_folder(path)


def user_folders_problem() -> str:
    """Why the app cannot keep its settings and games ("" when it can), in plain words."""
    try:
        folders = [config_dir(), data_dir()]
    except FolderProblem as e:
        return f"The folder {e}."
    for folder in folders:
        why = writable_problem(folder)
        if why:
            return f"The folder {why}."
    return ""


def config_dir() -> Path:
    """The user's settings folder (created on demand)."""
    import platformdirs

    return _user_dir("config", platformdirs.user_config_dir)


def data_dir() -> Path:
    """The user's data folder: saves, autosave, statistics (created on demand)."""
    import platformdirs

    return _user_dir("data", platformdirs.user_data_dir)


def log_dir() -> Path:
    """The user's log folder (created on demand); a folder in the system's temporary folder
    when that one cannot be used (a log is never worth stopping the app for)."""
    import platformdirs

    try:
        return _user_dir("logs", platformdirs.user_log_dir)
    except FolderProblem:
        return fallback_log_dir()


def fallback_log_dir() -> Path:
    """A log folder of this user's in the system's temporary folder."""
    return ensure_folder(Path(tempfile.gettempdir()) / f"{APP_NAME}-logs-{_user_tag()}")


def _user_tag() -> str:
    return str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")


# --- writing -------------------------------------------------------------------------------


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all-or-nothing: a temp file in the same folder, then replace."""
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def write_new_text(path: Path, text: str) -> None:
    """Write ``text`` all-or-nothing to ``path``, which must not exist yet.

    Raises :class:`FileExistsError` when it does: an existing file is never replaced, even
    one that appears while this is writing (the new name is claimed with a hard link, or with
    an exclusive create where the file system has no links).
    """
    path = Path(path)
    tmp = _synced_temp(path, text)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system: claim the name, then fill it
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(path.parent)


def _synced_temp(path: Path, text: str) -> str:
    """A temp file beside ``path`` holding ``text``, flushed to disk; its name is returned
    (removed again if the write fails)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the OS allows it (not on Windows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TMP_SUFFIX = ".tmp"


def remove_stale_temps(folder: Path) -> list[Path]:
    """Delete ``.<name>.*.tmp`` files left by an interrupted :func:`atomic_write_text`.

    Call it only while holding the instance lock (another instance's write may be under way).
    """
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for p in entries:
        if p.name.startswith(".") and p.name.endswith(TMP_SUFFIX):
            try:
                if p.is_file() and not p.is_symlink():
                    p.unlink()
                    removed.append(p)
            except OSError:
                continue
    return removed


def write_json(path: Path, kind: str, version: int, payload: dict[str, Any]) -> None:
    """Atomically write ``payload`` with a ``format`` header naming ``kind`` and ``version``."""
    doc = {"format": {"kind": kind, "version": version}, **payload}
    atomic_write_text(path, json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n")


def move_aside(path: Path, now: float | None = None, reason: str = "corrupt") -> Path:
    """Rename an unusable file to ``<name>.<reason>-<timestamp>`` (never overwriting); return it.

    The new name never ends in ``.json``, so the file leaves every list the app reads.
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{n}")
    os.replace(path, target)
    fsync_dir(path.parent)
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
        raw = read_regular(path, MAX_BYTES.get(kind, DEFAULT_MAX_BYTES))
        doc = parse_json(path, raw)
    except Missing:
        return None
    except FileProblem as e:
        raise StorageError(path, e.problem, _reason_for(e.problem)) from None
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
            moved = move_aside(path, reason=e.reason)
        except OSError as err:
            return None, f"{e} — and it could not be moved aside ({err}); it was left untouched."
        return None, f"{e}. It was moved aside to {moved.name} and defaults are used."
