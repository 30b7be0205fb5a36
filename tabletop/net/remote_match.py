"""The client's stand-in for :class:`~tabletop.controller.Match`: the same questions, answered
from the server's messages.

The table draws a match's views and offers its legal actions; it does not know whether the
rules run here or on a server.  A :class:`RemoteMatch` keeps, per seat this client holds (and
for the spectator's view when it holds two or more, for the privacy screen), the last view,
legal actions and log the server sent.  A move is sent and answered later: :meth:`apply`
returns ``None`` and the change arrives through :meth:`poll` (with its events, so the table
animates it like a local move).  Hints run here, on the seat's own view.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop import registry
from tabletop.controller.match import SeatConfig
from tabletop.engine import Action, Event, Game, Gesture, IllegalAction, Outcome
from tabletop.engine.events import LOG
from tabletop.engine.play import derive_seed
from tabletop.net import wire
from tabletop.net.client import CONNECTED, FAILED, NetClient

REMOTE = "remote"  # the kind of a seat played at another computer


@dataclass
class Change:
    """What :meth:`RemoteMatch.poll` reports: a new state (with the events the shown seat may
    see, for animation), or a note to show (a refusal, an explanation, a chat line, the
    connection's state)."""

    kind: str  # "state" | "note" | "explained" | "status"
    seat: int | None = None
    events: list[Event] = field(default_factory=list)
    text: str = ""


@dataclass
class _SeatFeed:
    view: dict[str, Any] = field(default_factory=dict)
    legal: list[Action] = field(default_factory=list)
    undo: bool = False
    acted: int = 0  # moves this seat has made
    log: list[Event] = field(default_factory=list)


class RemoteMatch:
    """A match played on a server (see the module docstring)."""

    save_path = None
    load_note = ""
    is_remote = True

    def __init__(
        self, client: NetClient, code: str, tokens: dict[int, str], *, watch: bool = False
    ) -> None:
        self.client = client
        self.code = code
        self.tokens = dict(tokens)  # seat -> secret token (this client's seats)
        self.feeds: dict[int | None, _SeatFeed] = {}
        self.game: Game | None = None
        self.options: dict[str, Any] = {}
        self.seats: list[SeatConfig] = []
        self.seat_info: list[dict[str, Any]] = []
        self.seed = None  # the deal's seed stays on the server
        self.n = 0
        self._to_act: list[int] = []
        self._over = False
        self._outcome: Outcome | None = None
        self.started = False
        self.waiting = False  # a move or undo was sent and not yet answered
        self._sent_by: int | None = None  # ... by this seat
        self._acted = 0  # ... which had made this many moves
        self.listeners: list[Callable[[Any], None]] = []
        self._ai_key = secrets.randbits(63)  # the hint's own seed: nothing to do with the deal
        self._changes: list[Change] = []
        for seat, token in self.tokens.items():
            client.on_connect(f"{code}:{seat}", {"type": "rejoin", "code": code, "token": token})
        if watch or len(self.tokens) != 1:  # a spectator, or the privacy screen's view
            client.on_connect(f"{code}:watch", {"type": "watch", "code": code})
        for msg in client.on_connect_messages(code):
            client.send(msg)

    # --- feeding ------------------------------------------------------------------------
    def feed(self, msg: dict[str, Any]) -> None:
        """Take one server message meant for this table."""
        kind = msg.get("type")
        if kind == "state":
            self._take_state(msg)
        elif kind == "refused":
            self.waiting = False
            self._changes.append(Change("note", text=str(msg.get("reason", ""))))
        elif kind == "explained":
            self._changes.append(Change("explained", text=str(msg.get("reason", ""))))
        elif kind == "chat":
            line = f"{msg.get('name', '?')}: {msg.get('text', '')}"
            ev = Event(LOG, line, {"chat": True})
            for feed in self.feeds.values():
                feed.log.append(ev)
            self._changes.append(Change("chat", text=line))
        elif kind == "error":
            self.waiting = False
            self._changes.append(Change("note", text=str(msg.get("reason", ""))))
        elif kind == "_status":
            self.waiting = False  # a new connection: the server's next state tells all
            self._changes.append(Change("status", text=str(msg.get("reason", ""))))

    def _take_state(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        if msg.get("full") and self.game is None:
            self.game = registry.get(str(msg["game"]))
            self.options = dict(msg.get("options") or {})
        feed = self.feeds.setdefault(seat, _SeatFeed())
        events = [wire.event_from_wire(e) for e in msg.get("events", ())]
        if msg.get("full"):
            chats = [e for e in feed.log if e.data.get("chat")]
            feed.log = events + chats
        else:
            feed.log.extend(events)
        feed.view = msg.get("view") or {}
        feed.legal = [wire.action_from_wire(a) for a in msg.get("legal", ())]
        feed.undo = bool(msg.get("undo"))
        feed.acted = int(msg.get("acted") or 0)
        moved = int(msg.get("n", 0)) != self.n
        self.n = int(msg.get("n", 0))
        self._to_act = [int(s) for s in msg.get("to_act", ())]
        self._over = bool(msg.get("over"))
        self.started = bool(msg.get("started"))
        self.seat_info = list(msg.get("seats") or [])
        self.seats = [self._seat_config(i, s) for i, s in enumerate(self.seat_info)]
        out = msg.get("outcome")
        if isinstance(out, dict):
            self._outcome = Outcome(
                list(out.get("scores", [])),
                list(out.get("winners", [])),
                [dict(b) for b in out.get("breakdown", [])],
            )
        if (
            self.waiting
            and seat == self._sent_by
            and (msg.get("full") or msg.get("acted") != self._acted)
        ):
            self.waiting = False  # the answer to this client's move or undo
        self._changes.append(Change("state", seat, events if not msg.get("full") else []))
        if moved:
            for listener in list(self.listeners):
                listener(None)

    def _seat_config(self, i: int, info: dict[str, Any]) -> SeatConfig:
        name = str(info.get("name") or f"Player {i + 1}")
        if info.get("kind") == "ai":
            return SeatConfig("ai", name, str(info.get("level") or "normal"))
        if i in self.tokens:
            return SeatConfig("human", name)
        return SeatConfig(REMOTE, name)

    def poll(self) -> list[Change]:
        """Take in what the server sent; the changes since the last call."""
        for msg in self.client.poll():
            if msg.get("type") == "_status" or msg.get("code") in (None, self.code):
                self.feed(msg)
        out, self._changes = self._changes, []
        return out

    @property
    def ready(self) -> bool:
        """True once the server has sent a view of every seat this client holds."""
        return self.game is not None and all(s in self.feeds for s in self.tokens)

    @property
    def connected(self) -> bool:
        """True while the connection is up."""
        return self.client.status == CONNECTED

    @property
    def failed(self) -> str:
        """Why the connection gave up for good ("" while it has not)."""
        return self.client.reason if self.client.status == FAILED else ""

    # --- what the table asks ---------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def moves_played(self) -> int:
        """How many moves the table has seen."""
        return self.n

    def local_humans(self) -> list[int]:
        """The seats this client plays."""
        return sorted(self.tokens)

    def to_act(self) -> list[int]:
        """The seats that must decide now."""
        return list(self._to_act)

    def humans_to_act(self) -> list[int]:
        """This client's seats that must decide now."""
        return [s for s in self._to_act if s in self.tokens]

    def ai_to_act(self) -> list[int]:
        """None: the server plays the AI seats."""
        return []

    def legal(self, seat: int) -> list[Action]:
        """The legal actions the server sent for ``seat`` (none while a move is on its way)."""
        feed = self.feeds.get(seat)
        if feed is None or self.waiting:
            return []
        return list(feed.legal)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The last view of ``seat`` (the spectator's for ``None``)."""
        feed = self.feeds.get(seat)
        if feed is None:
            feed = self.feeds.get(None) or next(iter(self.feeds.values()), _SeatFeed())
        return feed.view

    def is_over(self) -> bool:
        """True once the server says the game has ended."""
        return self._over

    def outcome(self) -> Outcome:
        """The scores and winners the server sent (current scores while it runs)."""
        if self._outcome is not None:
            return self._outcome
        scores = [int(s.get("score", 0)) for s in self.view(None).get("seats", ())]
        return Outcome(scores or [0] * self.players, [])

    def log_for(self, seat: int | None) -> list[Event]:
        """The log lines ``seat`` has been sent, chat included."""
        feed = self.feeds.get(seat)
        return list(feed.log) if feed is not None else []

    @property
    def all_ai(self) -> bool:
        """False: a remote table always has someone at it."""
        return False

    def ai_seed_for(self, seat: int, purpose: int = 0) -> int:
        """The hint's seed: this client's own key and the move number (never the deal)."""
        return derive_seed(self._ai_key, self.n, seat, purpose)

    # --- acting -------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event] | None:
        """Send ``action`` for ``seat``; ``None`` (the change arrives through :meth:`poll`).
        Raises :class:`IllegalAction` when it cannot be sent."""
        reason = self.try_reason(seat, action)
        if reason:
            raise IllegalAction(reason)
        self.client.send(
            {
                "type": "move",
                "code": self.code,
                "token": self.tokens[seat],
                "n": self.n,
                "action": action.to_json(),
            }
        )
        self._expect(seat)
        return None

    def _expect(self, seat: int) -> None:
        """A move or undo of ``seat`` is on its way: no other until the server answers."""
        self.waiting = True
        self._sent_by = seat
        feed = self.feeds.get(seat)
        self._acted = feed.acted if feed is not None else 0

    def try_reason(self, seat: int, action: Action) -> str:
        """Why ``action`` cannot be sent now ("" if it can)."""
        if self._over:
            return "The game is over."
        if seat not in self.tokens:
            return "That seat is played at another computer."
        if self.waiting:
            return "Your last move is on its way to the table."
        if not self.connected:
            return "The connection to the table is down; it is coming back."
        if seat not in self._to_act:
            return "It is not your turn."
        feed = self.feeds.get(seat)
        if feed is None or action not in feed.legal:
            return "That move is not allowed now."
        return ""

    def drop_reason(self, seat: int, gesture: Gesture) -> str:
        """Asks the server for the rules' words (they arrive as an ``explained`` change)."""
        if seat in self.tokens:
            self.client.send(
                {
                    "type": "explain",
                    "code": self.code,
                    "token": self.tokens[seat],
                    "gesture": gesture.to_json(),
                }
            )
        return ""

    def can_undo(self, seat: int) -> bool:
        """Whether the server said ``seat`` may take back its last move."""
        feed = self.feeds.get(seat)
        return bool(feed and feed.undo and not self.waiting and self.connected)

    def undo(self, seat: int) -> bool:
        """Ask the server to take back ``seat``'s last move (the change comes by :meth:`poll`)."""
        if not self.can_undo(seat):
            return False
        self.client.send(
            {"type": "undo", "code": self.code, "token": self.tokens[seat], "n": self.n}
        )
        self._expect(seat)
        return True

    def chat(self, seat: int, text: str) -> None:
        """Say ``text`` at the table as ``seat``."""
        if seat in self.tokens and text.strip():
            self.client.send(
                {"type": "chat", "code": self.code, "token": self.tokens[seat], "text": text}
            )

    def hand_to_ai(self, seat: int, level: str = "normal") -> None:
        """Host only: let the server's AI play ``seat`` (open, or its player gone too long)."""
        host = next(iter(self.tokens.values()), "")
        self.client.send(
            {"type": "seat_ai", "code": self.code, "token": host, "seat": seat, "level": level}
        )

    # --- what a local match does that a remote one need not ------------------------------------
    def autosave(self) -> None:
        """Nothing: the server keeps the game."""

    def flush(self) -> None:
        """Nothing: the server keeps the game."""

    def save(self, path: Any = None) -> Any:
        """A network game is kept by its server."""
        raise OSError("an online game is kept by its server; it cannot be saved here")

    @property
    def save_error(self) -> str:
        """Nothing to report."""
        return ""

    def close(self) -> None:
        """Leave the table (the seat waits for a rejoin with the same token)."""
        for seat in self.tokens:
            self.client.on_connect(f"{self.code}:{seat}", None)
        self.client.on_connect(f"{self.code}:watch", None)
