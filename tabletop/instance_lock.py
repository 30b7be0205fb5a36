"""One running Tabletop per user folder: a lock file holding the owner's process id.

The lock is an OS lock on ``tabletop.lock`` (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), so it ends with its process however that process ends: a lock file left behind by a
crash or ``kill -9`` is simply taken over.  The pid written inside is only there to tell the
second instance who holds it.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

LOCK_NAME = "tabletop.lock"

log = logging.getLogger("tabletop.lock")

_held: dict[Path, int] = {}  # lock path -> open descriptor, for this process


class AlreadyRunning(Exception):
    """Another process holds the lock; ``pid`` is its process id (0 when unknown)."""

    def __init__(self, path: Path, pid: int) -> None:
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"Tabletop is already open ({who}) and is using {path.parent}.")
        self.path = path
        self.pid = pid


def _try_lock(fd: int) -> bool:
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _read_pid(path: Path) -> int:
    try:
        text = path.read_bytes()[:32].decode("ascii", errors="replace").strip()
        return int(text) if text.isdigit() else 0
    except OSError:
        return 0


def acquire(folder: Path) -> Path:
    """Take the lock of ``folder`` for this process (again is fine); return the lock file.

    Raises :class:`AlreadyRunning` when another live process holds it.
    """
    path = (Path(folder) / LOCK_NAME).absolute()
    if path in _held:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path) and (os.path.islink(path) or not os.path.isfile(path)):
        # a folder (or a link, a pipe) in its place could never be locked: keep it aside
        from tabletop import storage

        moved = storage.move_aside(path, reason="not-a-file")
        log.warning("%s was not a file; it was moved aside to %s", path, moved.name)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    if not _try_lock(fd):
        os.close(fd)
        raise AlreadyRunning(path, _read_pid(path))
    old = _read_pid(path)
    if old and old != os.getpid():
        log.info("took over the lock left by process %d, which is no longer running", old)
    os.lseek(fd, 0, os.SEEK_SET)
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    _held[path] = fd
    return path


def release(folder: Path) -> None:
    """Give the lock of ``folder`` back (the file stays; it is empty of meaning without a lock)."""
    path = (Path(folder) / LOCK_NAME).absolute()
    fd = _held.pop(path, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)
