"""Saved games as files the Load screen shows: what each holds, renaming and deleting.

:func:`summary` tells two saves apart — seats with their scores, where the game stood (the
game's first status line, e.g. its round), moves, and the time saved to the second.  It reads
a save checked whole (:func:`saves.load_verified`, remembered while the file is unchanged);
the scores are the public ones (a spectator's view), never a hidden figure.

Renaming and deleting take the save's journal with it and never overwrite another file.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import storage, text_gate
from tabletop.controller.saving import journal, saves

MAX_NAME = 60


class SaveFileError(Exception):
    """A rename or delete that cannot be done; the message says why in plain words."""


@dataclass(frozen=True)
class SaveSummary:
    """What the Load screen shows of one save."""

    path: Path
    game: str  # game id
    names: list[str]
    ai: list[bool]
    scores: list[int | None]
    where: str  # "Round 4 of at most 60", "" when the game says nothing
    moves: int
    over: bool
    saved: float  # modification time

    def seats_text(self) -> str:
        """``Ada 12 · Hugo (AI) 9``."""
        parts = []
        for name, ai, score in zip(self.names, self.ai, self.scores, strict=False):
            who = f"{name} (AI)" if ai else name
            parts.append(who if score is None else f"{who} {score}")
        return " · ".join(parts)

    def when_text(self) -> str:
        """The time saved, to the second: ``24 Nov 2026, 15:42:07``."""
        return time.strftime("%d %b %Y, %H:%M:%S", time.localtime(self.saved))

    def progress_text(self) -> str:
        """``Round 3 of at most 60 · 41 moves`` or ``finished · 80 moves``."""
        n = f"{self.moves} move{'s' * (self.moves != 1)}"
        head = "finished" if self.over else self.where
        return f"{head} · {n}" if head else n


_CACHE: dict[tuple[str, int, int], SaveSummary] = {}


def _where(game: Any, view: Any) -> str:
    """The first status line of the game's layout that the public facts fill."""
    public = view.get("public") or {}
    try:
        from tabletop.controller.game_data import game_data

        layout = game_data(game).layout
    except Exception:
        layout = None
    if layout is not None:
        for line in layout.filled_status(public):
            return line
    for key in ("round", "year", "season", "turn"):  # no status line: a common counter
        value = public.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{key.capitalize()} {value}"
    return ""


def summary(path: Path) -> SaveSummary:
    """What the save at ``path`` holds (raises :class:`saves.SaveError` like loading does)."""
    path = Path(path)
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    found = _CACHE.get(key)
    if found is not None:
        return found
    loaded = saves.load_verified(path)
    data, v = loaded.data, loaded.verified
    view = v.game.view(v.state, None)
    seats_view = list(view.get("seats") or ())
    scores: list[int | None] = []
    for i in range(len(data["seats"])):
        score = seats_view[i].get("score") if i < len(seats_view) else None
        scores.append(score if isinstance(score, int) and not isinstance(score, bool) else None)
    out = SaveSummary(
        path,
        str(data["game"]),
        [str(s.get("name", "")) for s in data["seats"]],
        [s.get("kind") == "ai" for s in data["seats"]],
        scores,
        _where(v.game, view),
        len(data["actions"]),
        bool(v.game.is_over(v.state)),
        st.st_mtime,
    )
    _CACHE[key] = out
    return out


_BAD = re.compile(r'[<>:"/\\|?*]')
# names Windows keeps for devices, with or without an extension: "nul", "COM1", "con.txt"
_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|(COM|LPT)[0-9¹²³])(\..*)?", re.I)


def clean_name(name: str) -> str:
    """A file stem from what the player typed; raises :class:`SaveFileError` if unusable."""
    why = text_gate.problem(name)
    if why and "visible" not in why:
        raise SaveFileError(f"That name cannot be used: {why}.")
    stem = _BAD.sub("", name).strip().strip(".")
    if stem.lower().endswith(".json"):
        stem = stem[:-5].rstrip()
    if not stem or text_gate.problem(stem):
        raise SaveFileError("Type a name with at least one letter or digit.")
    if len(stem) > MAX_NAME:
        raise SaveFileError(f"A name may have at most {MAX_NAME} characters.")
    if _RESERVED.fullmatch(stem.rstrip(" .")):
        raise SaveFileError(f"“{stem}” is a name Windows keeps for a device. Choose another name.")
    return stem


def rename(path: Path, new_name: str) -> Path:
    """Rename a save (and its journal) to ``<new_name>.json`` in the same folder; never over
    another file.  Returns the new path."""
    path = Path(path)
    target = path.with_name(clean_name(new_name) + ".json")
    if target == path:
        return path
    if os.path.lexists(target) and not _same_file(path, target):
        raise SaveFileError(
            f"There is already a save called “{text_gate.file_name(target, stem=True)}”. Choose another name."
        )
    if not path.is_file():
        raise SaveFileError(f"{text_gate.file_name(path)} is no longer there.")
    journal.flush_all(path)
    side = journal.journal_path(path)
    try:
        os.replace(path, target)
        if os.path.lexists(side):
            os.replace(side, journal.journal_path(target))
    except OSError as e:
        raise SaveFileError(
            f"{text_gate.file_name(path)} could not be renamed: {e.strerror or e}"
        ) from None
    storage.fsync_dir(path.parent)
    return target


def _same_file(a: Path, b: Path) -> bool:
    """True when two names are the same file (a change of case on a case-blind disk)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def delete(path: Path) -> None:
    """Delete a save and its journal."""
    path = Path(path)
    journal.flush_all(path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise SaveFileError(
            f"{text_gate.file_name(path)} could not be deleted: {e.strerror or e}"
        ) from None
    journal.journal_path(path).unlink(missing_ok=True)
    storage.fsync_dir(path.parent)
