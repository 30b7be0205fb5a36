"""One table on the server: a :class:`~tabletop.controller.Match`, its seats and their tokens,
and the one message each seat (or spectator) is sent after every change.

The match is the only place the rules live: a move is decoded against the seat's legal
actions, refused with the engine's reason, or written to storage and then applied.  What a
seat is sent is built here and nowhere else (:meth:`ServerTable.message_for`): its view, its
legal actions when it is to act, the log lines it may read and the move number — never the
state, another seat's hidden cards, the deck order or a seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop.controller import Match, SeatConfig
from tabletop.engine import Game, Gesture, events_for
from tabletop.engine.actions import _GESTURE_KEYS
from tabletop.net import protocol, wire
from tabletop.net.storage import SeatRow, Storage, TableRow

OPEN = "open"  # a seat waiting for a friend
HUMAN = "human"  # a seat taken by a player (with a token)
AI = "ai"  # a seat the server's AI plays
LEVELS = ("easy", "normal", "hard")


def new_token() -> str:
    """A secret seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is stored of a token (the token itself never is)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_code(taken: set[str] | dict[str, Any]) -> str:
    """A fresh table code not in ``taken``."""
    while True:
        code = "".join(secrets.choice(protocol.CODE_ALPHABET) for _ in range(protocol.CODE_LENGTH))
        if code not in taken:
            return code


@dataclass(eq=False)
class Subscriber:
    """One connection watching a table as one seat (``None``: a spectator)."""

    conn: Any  # the server's connection object (has .send(text))
    seat: int | None
    sent: int = -1  # moves whose events it has been sent (-1: nothing yet: send in full)


@dataclass
class SeatState:
    """A seat's live facts beside its stored row."""

    row: SeatRow
    connected: int = 0  # connections holding the seat
    left_at: float | None = None  # when its last connection went (None: never joined or here)
    standin: str | None = None  # an AI level playing the seat while its player is away


@dataclass(eq=False)
class ServerTable:
    """A table: the match, its seats, who watches it (see the module docstring)."""

    code: str
    game: Game
    match: Match
    seats: list[SeatState]
    storage: Storage
    listed: bool = True
    started: bool = False
    created: float = field(default_factory=time.time)
    subscribers: list[Subscriber] = field(default_factory=list)
    creator: str = ""  # the address that made it (for the per-address limit)
    coder: wire.ViewCoder = field(default_factory=wire.ViewCoder)
    _acted: tuple[Any, list[int]] = (None, [])  # (last move, each seat's moves) for message_for

    # --- making and restoring ------------------------------------------------------------
    @classmethod
    def create(
        cls,
        code: str,
        game: Game,
        seats: list[SeatRow],
        options: dict[str, Any] | None,
        storage: Storage,
        *,
        listed: bool = True,
        creator: str = "",
    ) -> ServerTable:
        """A new table, stored before it is returned."""
        seed = secrets.randbits(62)
        ai_key = secrets.randbits(63)
        match = Match(game, [_config(s) for s in seats], seed, options, ai_key=ai_key)
        row = TableRow(
            code, game.info.id, dict(match.options), seed, ai_key, len(seats), listed, time.time()
        )
        row.seats = seats
        storage.create_table(row)
        table = cls(code, game, match, [SeatState(s) for s in seats], storage, listed)
        table.creator = creator
        table._maybe_start()
        return table

    @classmethod
    def restore(cls, row: TableRow, game: Game, storage: Storage) -> ServerTable:
        """A stored table rebuilt move by move (after a restart)."""
        match = Match(
            game, [_config(s) for s in row.seats], row.seed, row.options, ai_key=row.ai_key
        )
        for seat, action in row.moves:
            match.apply(seat, game.action_from_json(match.state, seat, action))
        table = cls(row.code, game, match, [SeatState(s) for s in row.seats], storage, row.listed)
        table.started = row.started
        table.created = row.created
        now = time.time()
        for s in table.seats:  # everyone is away until they reconnect
            if s.row.kind == HUMAN:
                s.left_at = now
        return table

    # --- questions ----------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of moves played (the next move's number)."""
        return len(self.match.history)

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` proves, or ``None``."""
        h = token_hash(token)
        for s in self.seats:
            if s.row.token_hash and hmac.compare_digest(s.row.token_hash, h):
                return s.row.seat
        return None

    def host_seat(self) -> int | None:
        """The seat of the player who made the table."""
        return next((s.row.seat for s in self.seats if s.row.host), None)

    def ai_level(self, seat: int) -> str | None:
        """The AI level that plays ``seat`` now (its own or a stand-in), else ``None``."""
        s = self.seats[seat]
        if s.row.kind == AI:
            return s.row.level
        return s.standin

    def ai_due(self) -> list[int]:
        """Seats the server's AI must decide for now."""
        if not self.started or self.match.is_over():
            return []
        return [s for s in self.match.to_act() if self.ai_level(s) is not None]

    def open_seats(self) -> list[int]:
        """Seats still waiting for a player."""
        return [s.row.seat for s in self.seats if s.row.kind == OPEN]

    def lobby_entry(self) -> dict[str, Any]:
        """The table as the lobby lists it (no token, seed or card)."""
        return {
            "code": self.code,
            "game": self.game.info.id,
            "name": self.game.info.name,
            "players": len(self.seats),
            "started": self.started,
            "over": self.match.is_over(),
            "moves": self.n,
            "seats": self.seats_public(),
        }

    def seats_public(self) -> list[dict[str, Any]]:
        """Each seat's public facts: name, kind, level, whether taken and connected."""
        now = time.time()
        out = []
        for s in self.seats:
            out.append(
                {
                    "seat": s.row.seat,
                    "name": s.row.name,
                    "kind": s.row.kind,
                    "level": s.row.level if s.row.kind == AI else (s.standin or ""),
                    "connected": s.row.kind != HUMAN or s.connected > 0,
                    "away": 0 if s.left_at is None or s.connected else int(now - s.left_at),
                    "host": s.row.host,
                }
            )
        return out

    # --- seats ----------------------------------------------------------------------------
    def take_seat(self, seat: int | None, name: str) -> tuple[int, str]:
        """Give an open seat (the first if ``seat`` is None) to a player: ``(seat, token)``;
        raises ValueError with the reason when it cannot."""
        opened = self.open_seats()
        if not opened:
            raise ValueError("Every seat at this table is taken.")
        if seat is None:
            seat = opened[0]
        if seat not in opened:
            raise ValueError(f"Seat {seat + 1} is not open.")
        token = new_token()
        row = self.seats[seat].row
        row.kind, row.token_hash = HUMAN, token_hash(token)
        row.name = protocol.clean_name(name, f"Player {seat + 1}")
        self.storage.save_seat(self.code, row)
        self.match.seats[seat] = _config(row)
        self._maybe_start()
        return seat, token

    def release(self, seat: int) -> bool:
        """A player leaves before the game has begun: the seat is open again (its token no
        longer proves anything).  The host's seat, or any seat once play began, is kept."""
        s = self.seats[seat]
        if self.started or s.row.host or s.row.kind != HUMAN:
            return False
        s.row.kind, s.row.token_hash, s.row.name = OPEN, None, f"Player {seat + 1}"
        s.left_at = None
        self.storage.save_seat(self.code, s.row)
        self.match.seats[seat] = _config(s.row)
        return True

    def set_ai(self, by: int, seat: int, level: str, grace: float) -> str:
        """The host hands ``seat`` to the AI: an open seat before the game, or a player's
        seat once they have been away longer than ``grace`` seconds.  "" or the reason."""
        if by != self.host_seat():
            return "Only the player who made the table may hand a seat to the AI."
        if not 0 <= seat < len(self.seats):
            return "There is no such seat."
        if level not in LEVELS:
            level = "normal"
        s = self.seats[seat]
        if s.row.kind == OPEN:
            s.row.kind, s.row.level = AI, level
            s.row.name = f"AI ({level.title()})"
            self.storage.save_seat(self.code, s.row)
            self.match.seats[seat] = _config(s.row)
            self._maybe_start()
            return ""
        if s.row.kind == HUMAN:
            if s.connected:
                return f"{s.row.name} is still at the table."
            away = time.time() - (s.left_at or time.time())
            if away < grace:
                return f"{s.row.name} may come back for {int(grace - away) + 1} more seconds."
            s.standin = level
            return ""
        return "That seat is already played by the AI."

    def _maybe_start(self) -> None:
        if not self.started and not self.open_seats():
            self.started = True
            self.storage.mark_started(self.code)

    # --- moves ------------------------------------------------------------------------------
    def move(self, seat: int, n: int, data: dict[str, Any]) -> str:
        """Play ``data`` (an action's JSON) for ``seat`` as move ``n``: "" or the reason."""
        if not self.started:
            return "The game starts when every seat is taken."
        if self.match.is_over():
            return "The game is over."
        if n > self.n or (n < self.n and any(p.seat == seat for p in self.match.history[n:])):
            # a move chosen before this seat's own latest one (a message sent twice): never
            # applied again; other seats' moves in between do not matter if it is still legal
            return "The table has moved on since then; look again."
        try:
            action = self.game.action_from_json(self.match.state, seat, data)
        except Exception:
            return "That is not a move of this game."
        reason = self.match.try_reason(seat, action)
        if reason:
            return reason
        self.storage.add_move(self.code, self.n, seat, action.to_json())  # committed first
        self.match.apply(seat, action)
        if self.match.is_over():
            self.record_end()
        return ""

    def record_end(self) -> None:
        """Store that the game is over, with its result among the finished games."""
        out = self.match.outcome()
        self.storage.finish(self.code, [s.name for s in self.match.seats], out.scores, out.winners)

    def undo(self, seat: int) -> str:
        """Take back ``seat``'s last move: "" or the reason."""
        if self.ai_level(seat) is not None:
            return "The AI is playing this seat."
        if not self.match.can_undo(seat):
            if self.match.is_over():
                return "The game is over."
            return (
                "Only your own last move may be taken back, while no one has moved since and "
                "no card has been revealed since."
            )
        self.storage.remove_move(self.code, self.n - 1)
        self.match.undo(seat)
        for sub in self.subscribers:
            sub.sent = -1  # the log lost a move: everyone is sent the whole of it again
        return ""

    def explain(self, seat: int, gesture: dict[str, Any]) -> str:
        """Why a gesture of ``seat`` matches no legal move, in the rules' words."""
        try:
            given: dict[str, Any] = {k: gesture.get(k) for k in _GESTURE_KEYS}  # unchecked
            g = Gesture(**given)
            if not isinstance(g.kind, str):
                raise TypeError
        except TypeError:
            return "That is not a gesture of this table."
        return self.match.drop_reason(seat, g)

    # --- what is sent -----------------------------------------------------------------------
    def acted(self, seat: int | None) -> int:
        """How many moves ``seat`` has made (0 for a spectator)."""
        if seat is None:
            return 0
        history = self.match.history
        last = (len(history), history[-1] if history else None)
        if self._acted[0] != last:
            counts = [0] * len(self.seats)
            for p in history:
                counts[p.seat] += 1
            self._acted = (last, counts)
        return self._acted[1][seat]

    def text_for(self, sub: Subscriber) -> str:
        """:meth:`message_for` as the JSON text that is sent."""
        return wire.message_text(self.message_for(sub), self.coder)

    def message_for(self, sub: Subscriber) -> dict[str, Any]:
        """The ``state`` message for one subscriber; marks its events as sent."""
        m = self.match
        seat = sub.seat
        full = sub.sent < 0 or sub.sent > self.n
        first = 0 if full else sub.sent
        events = [
            wire.event_to_wire(e) for p in m.history[first:] for e in events_for(p.events, seat)
        ]
        sub.sent = self.n
        over = m.is_over()
        acts = seat is not None and self.started and not over and seat in m.to_act()
        mine = acts and seat is not None and self.ai_level(seat) is None
        msg: dict[str, Any] = {
            "type": "state",
            "code": self.code,
            "seat": seat,
            "n": self.n,
            "full": full,
            "started": self.started,
            "over": over,
            "to_act": list(m.to_act()) if self.started and not over else [],
            "view": m.view(seat),
            "legal": (
                [wire.action_to_wire(a) for a in m.legal(seat)]
                if mine and seat is not None  # (``mine`` holds only for a seat)
                else []
            ),
            "undo": bool(seat is not None and self.ai_level(seat) is None and m.can_undo(seat)),
            "events": events,
            "seats": self.seats_public(),
            "acted": self.acted(seat),
        }
        if full:
            msg["game"] = self.game.info.id
            msg["options"] = dict(m.options)
            msg["players"] = m.players
        if over:
            out = m.outcome()
            msg["outcome"] = {
                "scores": list(out.scores),
                "winners": list(out.winners),
                "breakdown": [dict(b) for b in out.breakdown],
            }
        return msg


def _config(row: SeatRow) -> SeatConfig:
    """The match's seat for a stored one (an open seat plays as a human once taken)."""
    if row.kind == AI:
        return SeatConfig("ai", row.name, row.level)
    return SeatConfig("human", row.name)
