"""What the app remembers of online play: the player's name, whether hosting is open to the
network, and the secret token of every seat taken at a table server, so reopening the app
can rejoin a game still running (no pygame).

The file is ``online.json`` in the user data folder, written atomically like the settings;
a damaged one is moved aside and a fresh one started.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from tabletop import storage

KIND = "tabletop-online"
VERSION = 1
FILE_NAME = "online.json"
KEEP = 20  # seats remembered (the oldest are forgotten first)
HOSTED = "hosted"  # the server of a seat at a table this app hosts (its port may change)

log = logging.getLogger("tabletop.ui.online_seats")


@dataclass
class KeptSeat:
    """One seat taken at a table server, with the token that proves it."""

    server: str  # ws:// address, or HOSTED for a table hosted by this app
    code: str
    seat: int
    token: str
    game: str = ""  # the game's name, to show
    name: str = ""  # the player's name at that table
    at: float = 0.0  # when it was taken or last played

    @property
    def hosted(self) -> bool:
        """True for a table this app hosts."""
        return self.server == HOSTED


@dataclass
class OnlinePrefs:
    """Everything :mod:`online_seats` keeps."""

    name: str = ""
    lan: bool = False  # hosting lets others on the network join (binds every address)
    seats: list[KeptSeat] = field(default_factory=list)

    def remember(self, seat: KeptSeat) -> None:
        """Keep ``seat`` (replacing the same table's entry), newest first."""
        seat.at = seat.at or time.time()
        self.forget(seat.server, seat.code)
        self.seats.insert(0, seat)
        del self.seats[KEEP:]

    def forget(self, server: str, code: str) -> None:
        """Drop the seat kept for table ``code`` at ``server``."""
        self.seats = [s for s in self.seats if (s.server, s.code) != (server, code)]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"name": self.name, "lan": self.lan, "seats": [asdict(s) for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OnlinePrefs:
        """Decode :meth:`to_json`; anything malformed is left out."""
        out = cls()
        if isinstance(data.get("name"), str):
            out.name = data["name"][:24]
        out.lan = data.get("lan") is True
        names = {f.name: f.type for f in fields(KeptSeat)}
        for raw in data.get("seats") or []:
            if not isinstance(raw, dict):
                continue
            try:
                kept = KeptSeat(**{k: raw[k] for k in names if k in raw})
            except TypeError:
                continue
            if (
                isinstance(kept.server, str)
                and isinstance(kept.code, str)
                and isinstance(kept.token, str)
                and isinstance(kept.seat, int)
            ):
                out.seats.append(kept)
        return out


def prefs_path() -> Path:
    """Where the file lives."""
    return storage.data_dir() / FILE_NAME


def load_prefs(path: Path | None = None) -> OnlinePrefs:
    """The kept online facts (empty when there are none or the file was moved aside)."""
    path = path or prefs_path()
    try:
        doc, message = storage.load_or_move_aside(path, KIND, VERSION)
    except OSError as e:
        log.warning("online seats not read: %s", e)
        return OnlinePrefs()
    if message:
        log.warning("%s", message)
    if not isinstance(doc, dict) or not isinstance(doc.get("online"), dict):
        return OnlinePrefs()
    return OnlinePrefs.from_json(doc["online"])


def save_prefs(prefs: OnlinePrefs, path: Path | None = None) -> str:
    """Write the file; "" or why it could not be written."""
    try:
        storage.write_json(path or prefs_path(), KIND, VERSION, {"online": prefs.to_json()})
    except OSError as e:
        log.warning("online seats not written: %s", e)
        return f"The seat could not be remembered: {e}"
    return ""
