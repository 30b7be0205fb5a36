"""The autosave as a snapshot plus an append-only journal, written by a background thread.

Each applied move costs the render thread one queue put (O(1) at any game length).  A writer
thread appends the move to ``<save>.journal`` as one checksummed line, flushed and fsynced,
and now and then rewrites the snapshot (the whole save) atomically, after which the journal
starts afresh.  The journal's first line names the snapshot it continues (the match's token
and an epoch), so a journal left over from another match or an older snapshot is ignored.

Record line: ``<crc32 of the JSON, 8 hex digits> <compact JSON>\\n`` where the JSON is
``{"i": index, "seat": n, "action": {...}, "barrier": bool}``.  On load the snapshot's moves
are followed by the journal's records while they are whole, their checksum matches and their
index is the next one.  A record whose checksum is wrong but whose JSON is whole is kept when
a sound record follows it (the replay then decides), CRLF line ends and stray NUL bytes are
read through, and anything else that stops the reading (a torn last record, damage, a gap, a
journal that cannot be read) is reported with the moves recovered and lost: the moves it gave
are written into the save and the journal itself is kept aside (``saves.read_save``).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import queue
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import storage
from tabletop.safe_read import MB, FileProblem, Missing, read_regular

log = logging.getLogger("tabletop.controller.saving.journal")

SUFFIX = ".journal"
HEADER = "# tabletop-journal 1 "
MAX_JOURNAL_BYTES = 16 * MB
MAX_RECORD = 64 * 1024


def journal_path(save: Path) -> Path:
    """The journal beside a save file: ``autosave.json`` → ``autosave.json.journal``."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


def encode_record(record: dict[str, Any]) -> str:
    """One journal line for ``record``."""
    body = json.dumps(record, separators=(",", ":"), ensure_ascii=True)
    return f"{zlib.crc32(body.encode('ascii')):08x} {body}\n"


def decode_record(line: str) -> dict[str, Any] | None:
    """The record of one whole line, or ``None`` if it is torn or its checksum is wrong."""
    if not line.endswith("\n") or len(line) > MAX_RECORD:
        return None
    crc, _, body = line.rstrip("\r\n").partition(" ")
    try:
        if int(crc, 16) != zlib.crc32(body.encode("ascii")):
            return None
    except (ValueError, UnicodeEncodeError):
        return None
    return _body(body)


def _body(body: str) -> dict[str, Any] | None:
    """A record's JSON decoded and well formed (an index, a seat, a move), else ``None``."""
    try:
        record = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    i, seat, action = record.get("i"), record.get("seat"), record.get("action")
    if not isinstance(i, int) or isinstance(i, bool) or not isinstance(seat, int):
        return None
    if not isinstance(action, dict) or not isinstance(record.get("barrier", True), bool):
        return None
    return record


@dataclass
class Reading:
    """What a journal gave: the moves that follow the snapshot, and what was wrong.

    ``problem`` is "" for a whole journal; otherwise ``lost`` records could not be used and
    ``bad`` says the file should be moved aside (it is kept, never overwritten).
    ``unsure`` holds the indices of records kept although their checksum was damaged: their
    JSON was whole and later records follow them, so the replay decides.
    """

    moves: list[dict[str, Any]] = field(default_factory=list)
    problem: str = ""
    lost: int = 0
    bad: bool = False
    torn: bool = False
    unsure: list[int] = field(default_factory=list)


def read(path: Path, token: str, start: int) -> Reading:
    """The moves from index ``start`` on recorded in the journal that continues ``token``.

    A missing journal, or one continuing another snapshot, gives no moves and no problem.
    Line ends may be CRLF and stray NUL bytes (left by a crash on some file systems) are
    skipped.  A record whose checksum is wrong is kept only when its JSON is a whole record
    with the next index and a sound record follows it; otherwise reading stops there and
    the records after it are counted as lost.
    """
    try:
        raw = read_regular(path, MAX_JOURNAL_BYTES)
    except Missing:
        return Reading()
    except FileProblem as e:
        return Reading(problem=e.problem, bad=True)
    text = raw.replace(b"\x00", b"").decode("ascii", errors="replace")
    lines = text.split("\n")
    whole = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if not whole or whole[0].rstrip("\r\n") != HEADER + token:
        return Reading()
    out = Reading()
    records = [(n, line) for n, line in enumerate(whole[1:], start=2) if line.strip()]
    nxt = start
    for k, (n, line) in enumerate(records):
        rec = decode_record(line)
        if rec is None:
            rec = _unsure(line, records[k + 1 :], nxt)
            if rec is not None:
                out.unsure.append(nxt)
                out.problem = out.problem or f"was damaged at line {n}"
                out.bad = True
        if rec is None:
            out.torn = k == len(records) - 1 and not line.endswith("\n")
            what = "was cut short by the crash at" if out.torn else "was damaged at"
            out.problem = f"{what} line {n}"
            out.lost = len(records) - k
            out.bad = True
            return out
        i = rec["i"]
        if i < nxt:
            continue  # already in the snapshot
        if i > nxt:
            out.problem = f"has a gap before line {n}"
            out.lost = len(records) - k
            out.bad = True
            return out
        out.moves.append({k2: rec.get(k2) for k2 in ("seat", "action", "barrier")})
        nxt += 1
    return out


def _unsure(line: str, after: list[tuple[int, str]], nxt: int) -> dict[str, Any] | None:
    """A record with a damaged checksum, kept if its JSON is whole with index ``nxt`` and the
    next line is a sound record (so the damage did not cut the journal short)."""
    if not line.endswith("\n") or len(line) > MAX_RECORD or not after:
        return None
    rec = _body(line.rstrip("\r\n").partition(" ")[2])
    if rec is None or rec["i"] != nxt:
        return None
    follow = decode_record(after[0][1])
    return rec if follow is not None and follow["i"] == nxt + 1 else None


def read_journal(path: Path, token: str, start: int) -> tuple[list[dict[str, Any]], str]:
    """:func:`read` as ``(moves, note)``; the note says what went wrong ("" if nothing)."""
    got = read(path, token, start)
    if not got.problem:
        return got.moves, ""
    return got.moves, describe(got, len(got.moves))


def describe(got: Reading, recovered: int, aside: str = "") -> str:
    """A note for the player: what was wrong with the journal and how many moves came back."""
    moves = f"{recovered} move{'s' * (recovered != 1)}"
    if got.lost:
        lost = f"{got.lost} could not be" if got.lost != 1 else "1 could not be"
        counted = f"{moves} from it {'was' if recovered == 1 else 'were'} recovered and {lost}"
    elif got.moves or recovered:
        counted = f"{moves} from it {'was' if recovered == 1 else 'were'} recovered"
    else:
        counted = "none of its moves could be recovered"
    if got.torn:
        head = "The last move written was cut short by the crash and dropped"
    else:
        head = f"The journal of moves {got.problem}"
    return f"{head}: {counted}.{aside}"


IDLE_SECONDS = 5.0  # a writer thread with nothing to do for this long ends (restarted on demand)


class AutosaveWriter:
    """The thread that owns one autosave's files; every method may be called from the UI thread.

    ``snapshot(doc, count, token, actions)`` rewrites the save: ``doc`` holds every field but
    ``actions``; ``count`` says how many moves it covers, and ``actions`` (when given) replaces
    the moves known so far.  Then the journal restarts under ``token``.  ``append(record)`` adds
    one move.  ``acknowledged`` is the number of moves known to be on disk; ``error`` the last
    failure in words ("" when all is well).  Use :func:`writer_for` to get one.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.journal = journal_path(self.path)
        self.acknowledged = 0
        self.error = ""
        self._encoded: list[str] = []  # every move's JSON, for the next snapshot
        self._token = ""
        self._file: Any = None
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._alive = False

    # --- the UI side -------------------------------------------------------------------
    def snapshot(
        self,
        doc: dict[str, Any],
        count: int,
        token: str,
        actions: list[dict[str, Any]] | None = None,
    ) -> None:
        """Queue a snapshot of the first ``count`` moves (drops any later ones)."""
        self._put("snapshot", (doc, count, token, actions))

    def append(self, record: dict[str, Any]) -> None:
        """Queue one move for the journal."""
        self._put("append", record)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything queued is on disk; False on timeout."""
        done = threading.Event()
        self._put("flush", done)
        return done.wait(timeout)

    def _put(self, what: str, arg: Any) -> None:
        with self._lock:
            self._queue.put((what, arg))
            if not self._alive:
                self._alive = True
                threading.Thread(target=self._run, name="autosave", daemon=True).start()

    # --- the writer thread -------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            try:
                what, arg = self._queue.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self._lock:
                    if self._queue.empty():
                        self._close_file()
                        self._alive = False
                        return
                continue
            if what == "flush":
                arg.set()
                continue
            try:
                if what == "snapshot":
                    self._write_snapshot(*arg)
                    self.error = ""
                elif self._append(arg):
                    self.error = ""
            except Exception as e:  # a full disk, a removed folder: report, keep going
                self.error = f"Autosave failed: {e}"
                log.warning("%s", self.error)

    def _close_file(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def _write_snapshot(
        self, doc: dict[str, Any], count: int, token: str, actions: list[dict[str, Any]] | None
    ) -> None:
        if actions is not None:
            self._encoded = [json.dumps(a, separators=(",", ":")) for a in actions]
        del self._encoded[count:]
        head = json.dumps({**doc, "journal": token}, separators=(",", ":"))
        text = f'{head[:-1]},"actions":[{",".join(self._encoded)}]}}'
        storage.atomic_write_text(self.path, text)
        self._close_file()
        self._token = ""
        storage.atomic_write_text(self.journal, HEADER + token + "\n")
        self._token = token
        self.acknowledged = count

    def _append(self, record: dict[str, Any]) -> bool:
        """Journal one move; False when there is no journal (the last snapshot failed)."""
        move = {k: record[k] for k in ("seat", "action", "barrier")}
        self._encoded.append(json.dumps(move, separators=(",", ":")))
        if not self._token:
            return False  # no snapshot on disk: the next one will hold this move
        if self._file is None:
            self._file = open(self.journal, "a", encoding="ascii", newline="\n")  # noqa: SIM115
        self._file.write(encode_record(record))
        self._file.flush()
        os.fsync(self._file.fileno())
        self.acknowledged = record["i"] + 1
        return True


_WRITERS: dict[Path, AutosaveWriter] = {}
_WRITERS_LOCK = threading.Lock()


def writer_for(path: Path) -> AutosaveWriter:
    """The one writer of the autosave at ``path`` in this process."""
    key = Path(path).absolute()
    with _WRITERS_LOCK:
        if key not in _WRITERS:
            _WRITERS[key] = AutosaveWriter(key)
        return _WRITERS[key]


def flush_all(path: Path | None = None) -> None:
    """Write out every writer (or the one for ``path``): before reading an autosave, at exit."""
    key = Path(path).absolute() if path is not None else None
    for p, w in list(_WRITERS.items()):
        if key is None or p == key:
            w.flush()


atexit.register(flush_all)
