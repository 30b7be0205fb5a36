"""Save files: versioned JSON written atomically; broken or newer files are moved aside.

Every save is read through :mod:`tabletop.safe_read` (size and depth caps, regular files only)
and checked whole by :mod:`tabletop.controller.saving.save_check` before a menu offers it: its moves
replayed must give its snapshot.  An autosave is a snapshot plus its journal of later moves
(:mod:`tabletop.controller.saving.journal`); reading it merges the two.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import storage, text_gate
from tabletop.controller.saving import journal, save_check

FORMAT_VERSION = 1
KIND = "tabletop-save"

log = logging.getLogger("tabletop.controller.saving.saves")


class SaveError(Exception):
    """A save file that cannot be used; ``moved_to`` is where it was put aside (if it was)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write a whole save document atomically with its versioned ``format`` header."""
    storage.atomic_write_text(Path(path), json.dumps(document(data), separators=(",", ":")))
    stale = journal.journal_path(Path(path))
    if stale.exists():  # a whole save needs no journal; an old one would only confuse
        stale.unlink(missing_ok=True)


def write_new(folder: Path, stem: str, data: dict[str, Any]) -> Path:
    """Write a whole save as ``<stem>.json`` in ``folder``, or ``<stem>-2.json``, ``-3``…
    when that name is taken: an existing file is never overwritten.  Returns the path."""
    text = json.dumps(document(data), separators=(",", ":"))
    for n in range(1, 10_000):
        target = Path(folder) / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        if os.path.lexists(target) or os.path.lexists(journal.journal_path(target)):
            continue
        try:
            storage.write_new_text(target, text)
        except FileExistsError:
            continue
        return target
    raise OSError(f"no free name for {stem!r} in {folder}")


_IN_MEMORY = ("note", "_journal_from")  # fields of a read save that never go into a file


def document(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the ``format`` header first."""
    doc: dict[str, Any] = {"format": {"kind": KIND, "version": FORMAT_VERSION}}
    doc.update((k, v) for k, v in data.items() if k not in ("format", "journal", *_IN_MEMORY))
    return doc


def move_aside(path: Path, reason: str = "corrupt") -> Path | None:
    """Rename a bad file (and its journal) so it is kept but never offered; None if that failed."""
    path = Path(path)
    try:
        moved = storage.move_aside(path, reason=reason)
    except OSError:
        return None
    side = journal.journal_path(path)
    if side.exists():
        with contextlib.suppress(OSError):
            side.replace(journal.journal_path(moved))
    return moved


def _aside(path: Path, problem: str, reason: str) -> SaveError:
    moved = move_aside(path, reason)
    where = f"it was moved aside to {moved.name}" if moved else "it could not be moved aside"
    return SaveError(f"{text_gate.file_name(path)}: {problem}; {where}.", moved)


def read_save(path: Path) -> dict[str, Any]:
    """Read a save (its journal merged in) and check its fields.

    Raises :class:`SaveError` (the file moved aside) if it is unusable.  The returned dict has
    ``note`` set when a torn journal record was dropped.
    """
    path = Path(path)
    journal.flush_all(path)
    try:
        data = storage.read_json(path, KIND, FORMAT_VERSION)
    except storage.StorageError as e:
        raise _aside(path, e.problem, e.reason) from None
    if data is None:
        raise SaveError(f"{text_gate.file_name(path)}: no such save")
    problem = save_check.check_shape(data)
    if problem:
        raise _aside(path, f"the save is damaged: {problem}", "invalid")
    clean_names(data)
    data["note"] = ""
    token = data.get("journal")
    if isinstance(token, str):
        got = journal.read(journal.journal_path(path), token, len(data["actions"]))
        data[JOURNAL_FROM] = len(data["actions"])
        data["actions"] = data["actions"] + got.moves
        if got.moves:
            data.pop("snapshot", None)  # the journal's moves come after it: the replay decides
            data.pop("over", None)
        problem = save_check.check_shape(data)
        if problem:
            raise _aside(path, f"the save is damaged: {problem}", "invalid")
        if got.bad:
            data["note"] = _recover(path, data, got)
    return data


JOURNAL_FROM = "_journal_from"  # in a read save: the index of the first move from the journal


def _recover(path: Path, data: dict[str, Any], got: journal.Reading) -> str:
    """A journal with a bad record: the moves it gave go into the save itself, then the
    journal is moved aside (kept, never overwritten).  Returns the note for the player."""
    side = journal.journal_path(path)
    if got.moves:
        try:
            storage.atomic_write_text(path, json.dumps(document(data), separators=(",", ":")))
        except OSError as e:
            why = e.strerror or "it could not be written"
            left = f" The save could not be brought up to date ({why}); nothing was moved."
            return journal.describe(got, len(got.moves), left)
    try:
        moved = storage.move_aside(side, reason="damaged")
    except OSError as e:
        aside = f" It could not be moved aside ({e.strerror or 'unknown reason'})."
    else:
        aside = f" It was kept as {text_gate.file_name(moved)}."
    log.warning("journal of %s: %s", path, got.problem)
    return journal.describe(got, len(got.moves), aside)


def clean_names(data: dict[str, Any]) -> None:
    """Pass every seat name of a well-formed save through the text gate (in place): a name
    that cannot be drawn loses what cannot be drawn, and one with nothing left is blank."""
    for seat in data["seats"]:
        seat["name"] = text_gate.clean(seat.get("name", ""))


def _keep_verified(path: Path, data: dict[str, Any]) -> None:
    """Write a save cut back to the moves that replay; its journal (if any) is kept aside."""
    side = journal.journal_path(path)
    try:  # the save first (it no longer names the journal), then the journal aside
        storage.atomic_write_text(path, json.dumps(document(data), separators=(",", ":")))
        if os.path.lexists(side):
            storage.move_aside(side, reason="damaged")
    except OSError as e:  # the files stay as they were: the same moves are dropped next time
        log.warning("could not rewrite %s: %s", path, e)


def check_save(data: dict[str, Any]) -> str:
    """The problem with a decoded save's fields ("" when it looks usable)."""
    return save_check.check_shape(data)


@dataclass
class Loaded:
    """A save checked whole: its document, the replayed match and what was repaired."""

    data: dict[str, Any]
    verified: save_check.Verified
    note: str


def load_verified(path: Path, game: Any = None) -> Loaded:
    """Read and check a save whole (the replay must give its snapshot).

    A save whose snapshot or 'finished' mark disagrees with its moves is repaired in memory
    (``note`` says so); one that cannot be replayed is moved aside (:class:`SaveError`).
    """
    path = Path(path)
    data = read_save(path)
    first_journal = data.pop(JOURNAL_FROM, len(data["actions"]))
    dropped = ""
    try:
        try:
            verified = save_check.verify(data, game)
        except save_check.Unusable as e:
            if e.at is None or e.at < first_journal:
                raise
            # a move from the journal does not replay: keep the moves before it
            n = len(data["actions"]) - e.at
            del data["actions"][e.at :]
            dropped = (
                f"Move {e.at + 1} from the journal does not follow the rules, so it and the "
                f"{n - 1} after it were dropped; the game resumes after move {e.at}."
            )
            verified = save_check.verify(data, game)
    except save_check.Unusable as e:
        if e.reason == "unknown-game":  # not damaged: a later version may read it; kept
            raise SaveError(f"{text_gate.file_name(path)}: {e}.", None) from None
        raise _aside(path, str(e), e.reason) from None
    data.update(verified.repaired)
    if dropped:
        _keep_verified(path, data)
    notes = [n for n in (data.pop("note", ""), dropped, verified.note) if n]
    return Loaded(data, verified, " ".join(notes))


def peek(path: Path) -> dict[str, Any] | None:
    """A save's game id, seat names (AI seats marked), move count and whether it is over,
    for menus; ``None`` when the file is unusable.  Never moves anything aside."""
    try:
        data = storage.read_json(Path(path), KIND, FORMAT_VERSION)
    except storage.StorageError:
        return None
    if data is None or save_check.check_shape(data):
        return None
    clean_names(data)
    seats = data["seats"]
    moves = len(data["actions"])
    if isinstance(data.get("journal"), str):
        more, _ = journal.read_journal(journal.journal_path(Path(path)), data["journal"], moves)
        moves += len(more)
        if more:  # the flag was written before these moves
            data["actions"] = data["actions"] + more
            data.pop("over", None)
    return {
        "game": data["game"],
        "names": [str(s.get("name", "")) for s in seats],
        "ai": [s.get("kind") == "ai" for s in seats],
        "moves": moves,
        "over": _really_over(data),
    }


def _really_over(data: dict[str, Any]) -> bool:
    """Whether a save's game is over: a 'finished' mark is only believed once its moves,
    replayed, say so (a wrong mark would hide a game that Continue still resumes)."""
    if data.get("over") is not True:
        return False
    try:
        verified = save_check.verify(data)
    except save_check.Unusable:
        return True
    return bool(verified.repaired.get("over", True))


# --- what the menus may offer -----------------------------------------------------------

_CHECKED: dict[tuple[str, int, int], tuple[bool, str]] = {}


def offer_check(path: Path) -> tuple[bool, str]:
    """Whether the save at ``path`` will load, and a message for the player ("" if none).

    A damaged save is moved aside and the message says so; a save of a game this version does
    not have is kept where it is, just not offered (logged, no message).  The full check
    replays the game, so its verdict is remembered while the file and its journal stay as
    they are.
    """
    path = Path(path)
    try:
        st = path.lstat()
        side = journal.journal_path(path)
        extra = side.lstat().st_size if os.path.lexists(side) else -1
    except OSError:
        return False, ""
    key = (str(path), st.st_mtime_ns, st.st_size * 1_000_003 + extra)
    if key in _CHECKED:
        return _CHECKED[key]
    try:
        load_verified(path)
    except SaveError as e:
        log.warning("save not offered: %s", e)
        verdict = (False, str(e) if e.moved_to is not None else "")
        if e.moved_to is None:
            _CHECKED[key] = verdict
        return verdict
    except Exception:  # never let a menu fail on a file
        log.exception("checking %s", path)
        problem = "the save could not be checked (its moves do not replay)"
        return False, str(_aside(path, problem, "invalid"))
    _CHECKED[key] = (True, "")
    return True, ""
