"""One careful way to read a file the user (or a data folder) controls.

Nothing a file can hold gets past :func:`read_regular` and :func:`parse_json` as anything but a
:class:`FileProblem` with a short, plain-words ``problem``: only regular files are opened (no
directories, FIFOs, devices; a symbolic link only when it stays inside a given folder), the
size is capped before anything is read, and JSON is refused when it nests too deep.  Pure
Python, no imports from the rest of Tabletop, so the engine and the app can both use it.
"""

from __future__ import annotations

import itertools
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MB = 1024 * 1024
JSON_MAX_DEPTH = 64


class FileProblem(Exception):
    """A file that cannot be used: ``path`` and what is wrong with it, in plain words."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


class Missing(FileProblem):
    """The file does not exist."""


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{max(1, round(n / 1024))} KB"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def _reason(e: OSError) -> str:
    return (e.strerror or str(e) or type(e).__name__).lower()


def _check_link(path: Path, inside: Path | None) -> None:
    """A symbolic link is followed only when ``inside`` is given and it resolves inside it."""
    if inside is None:
        raise FileProblem(path, "is a symbolic link; only plain files are read here")
    try:
        target = path.resolve(strict=True)
        root = Path(inside).resolve()
    except (OSError, RuntimeError) as e:  # a loop, or a link to nothing
        why = "a loop of symbolic links" if "loop" in str(e).lower() else "a broken link"
        raise FileProblem(path, f"is {why}") from None
    if not target.is_relative_to(root):
        raise FileProblem(path, f"is a symbolic link to {target}, outside {root}")


def _open_regular(path: Path, inside: Path | None) -> int:
    """A file descriptor of the regular file ``path``, opened without blocking on a FIFO."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise Missing(path, "does not exist") from None
    except (OSError, ValueError) as e:
        why = _reason(e) if isinstance(e, OSError) else str(e)
        raise FileProblem(path, f"cannot be read ({why})") from None
    if stat.S_ISLNK(st.st_mode):
        _check_link(path, inside)
    elif not stat.S_ISREG(st.st_mode):
        raise FileProblem(path, _kind(st.st_mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Missing(path, "does not exist") from None
    except OSError as e:
        raise FileProblem(path, f"cannot be read ({_reason(e)})") from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as e:
        os.close(fd)
        raise FileProblem(path, f"cannot be read ({_reason(e)})") from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise FileProblem(path, _kind(mode))
    return fd


def read_regular(path: Path | str, max_bytes: int, *, inside: Path | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    Raises :class:`Missing` when there is no such file and :class:`FileProblem` for anything
    else (a folder, a FIFO or device, a symbolic link not allowed, too large, unreadable).
    Never blocks on a FIFO: it is opened non-blocking and refused.
    """
    path = Path(path)
    fd = _open_regular(path, inside)
    try:
        st = os.fstat(fd)
        if st.st_size > max_bytes:
            raise FileProblem(
                path, f"is too large ({_size(st.st_size)}; the limit is {_size(max_bytes)})"
            )
        chunks: list[bytes] = []
        got = 0
        while got <= max_bytes:
            chunk = os.read(fd, min(MB, max_bytes + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > max_bytes:
            raise FileProblem(path, f"is too large (the limit is {_size(max_bytes)})")
        return b"".join(chunks)
    except OSError as e:
        raise FileProblem(path, f"cannot be read ({_reason(e)})") from None
    finally:
        os.close(fd)


def text_lines(path: Path | str, max_bytes: int, max_line: int) -> Iterator[str]:
    """The lines of the UTF-8 text file ``path``, read as they are needed (never all at once).

    The file is opened like :func:`read_regular` (regular files only, never blocking); a file
    over ``max_bytes``, a line over ``max_line`` bytes or bytes that are not UTF-8 raise
    :class:`FileProblem` naming the line.
    """
    path = Path(path)
    fd = _open_regular(path, None)
    try:
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise FileProblem(
                path, f"is too large ({_size(size)}; the limit is {_size(max_bytes)})"
            )
        with os.fdopen(os.dup(fd), "rb") as f:
            total = 0
            for n in itertools.count(1):
                raw = f.readline(max_line + 1)
                if not raw:
                    return
                total += len(raw)
                if total > max_bytes:
                    raise FileProblem(path, f"is too large (the limit is {_size(max_bytes)})")
                if len(raw) > max_line:
                    raise FileProblem(
                        path, f"has a line too long (line {n}, over {_size(max_line)})"
                    )
                try:
                    yield raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise FileProblem(path, f"is not UTF-8 text (line {n})") from None
    except OSError as e:
        raise FileProblem(path, f"cannot be read ({_reason(e)})") from None
    finally:
        os.close(fd)


def too_deep(value: Any, max_depth: int) -> bool:
    """True when lists and objects inside ``value`` nest more than ``max_depth`` levels."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return False


def parse_json(path: Path | str, raw: bytes, max_depth: int = JSON_MAX_DEPTH) -> Any:
    """Decode UTF-8 JSON; every failure (bad text, bad JSON, too deep) is a :class:`FileProblem`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(path, "is not UTF-8 text") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileProblem(path, f"is not valid JSON (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise FileProblem(path, f"nests too deeply (more than {max_depth} levels)") from None
    except MemoryError:
        raise FileProblem(path, "is too large to read") from None
    except Exception as e:  # e.g. a number too long to convert; never let it escape
        raise FileProblem(path, f"is not valid JSON ({type(e).__name__})") from None
    if too_deep(value, max_depth):
        raise FileProblem(path, f"nests too deeply (more than {max_depth} levels)")
    return value


def read_json_file(
    path: Path | str, max_bytes: int, max_depth: int = JSON_MAX_DEPTH, *, inside: Path | None = None
) -> Any:
    """:func:`read_regular` then :func:`parse_json`."""
    return parse_json(path, read_regular(path, max_bytes, inside=inside), max_depth)


def not_a_file_to_write(path: Path | str) -> str:
    """Why ``path`` cannot take a written file: "" when it is a regular file or does not
    exist yet; else what it is (a folder, a FIFO that would block, a device…)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return ""
    except (OSError, ValueError) as e:
        return f"cannot be reached ({_reason(e) if isinstance(e, OSError) else e})"
    return "" if stat.S_ISREG(mode) else _kind(mode)
