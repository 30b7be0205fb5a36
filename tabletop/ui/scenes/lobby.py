"""The lobby of a table server: its open tables (game, seats, who is waiting), refreshed every
few seconds, each to join or watch; a table code given in Join is offered even when unlisted.

The list comes from ``list`` messages sent through the app's connection to that server and
polled each frame; an unreachable host or another version is said in words.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from tabletop.net.client import CONNECTED, FAILED
from tabletop.ui import fonts
from tabletop.ui.online_seats import load_prefs
from tabletop.ui.online_session import session
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.theme import TYPE_SIZES, mix

REFRESH = 3.0  # seconds between two asks for the list
ROWS = 6  # tables shown
_REFS = itertools.count(1)


def seats_words(entry: dict[str, Any]) -> str:
    """``Ada (host) · open · AI (Normal)`` for a lobby entry's seats (``(away)``: a player
    whose connection is gone)."""
    out = []
    for s in entry.get("seats") or []:
        if s.get("kind") == "open":
            out.append("open")
        else:
            name = str(s.get("name") or "?")
            if s.get("kind") == "ai" and "AI" not in name:
                name += " (AI)"
            if s.get("host"):
                name += " (host)"
            if s.get("kind") == "human" and not s.get("connected", True):
                name += " (away)"
            out.append(name)
    return " · ".join(out)


def state_words(entry: dict[str, Any]) -> str:
    """``waiting for 2 players`` / ``playing, move 14``."""
    waiting = sum(1 for s in entry.get("seats") or [] if s.get("kind") == "open")
    if not entry.get("started"):
        return f"waiting for {waiting} player{'s' if waiting != 1 else ''}"
    return f"playing, move {int(entry.get('moves') or 0) + 1}"


class LobbyScene(GuiScene):
    """The tables of one server (see the module docstring)."""

    heading = "Tables"

    def __init__(self, app: AppContext, url: str, code: str = "") -> None:
        super().__init__(app)
        self.url = url
        self.code = code
        self.session = session(app)
        self.client = self.session.client(url)
        self.tables: list[dict[str, Any]] = []
        self.listed = False  # a list has arrived
        self.wait = 0.0  # seconds to the next ask
        self.ref: int | None = None
        self.problem = ""
        self._shown: Any = None

    # --- each frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Ask for the list every few seconds; take the answers."""
        super().update(dt)
        c = self.client
        for msg in c.poll():
            if msg.get("type") == "tables":
                self.tables = [t for t in msg.get("tables") or [] if isinstance(t, dict)]
                self.listed = True
            elif msg.get("type") == "error" and msg.get("fatal"):
                self.problem = str(msg.get("reason", ""))
        if c.status == FAILED:
            self.problem = self.problem or c.reason
        self.wait -= dt
        if c.status == CONNECTED and self.wait <= 0 and not self.problem:
            self.ref = next(_REFS)
            c.send({"type": "list", "ref": self.ref})
            self.wait = REFRESH
        shown = (self.problem, c.status, c.reason, self._entries_key())
        if shown != self._shown:
            self._shown = shown
            self.rebuild()

    def _entries_key(self) -> tuple[Any, ...]:
        return tuple((t.get("code"), state_words(t), seats_words(t)) for t in self.rows())

    def rows(self) -> list[dict[str, Any]]:
        """The tables shown: the code asked for first (listed or not), then the others."""
        rows = [t for t in self.tables if t.get("code") == self.code]
        if self.code and not rows:
            rows = [{"code": self.code, "name": "", "unlisted": True}]
        rows += [t for t in self.tables if t.get("code") != self.code]
        return rows[:ROWS]

    def busy(self) -> bool:
        """The list refreshes on its own."""
        return True

    def status_words(self) -> str:
        """How the connection stands, in words."""
        c = self.client
        if self.problem:
            return self.problem
        if c.status == CONNECTED:
            server = f" ({c.server})" if c.server else ""
            if not self.listed:
                return f"Connected{server}; asking for the tables…"
            n = len(self.tables)
            return f"Connected{server}. {n} open table{'s' if n != 1 else ''}; refreshed every few seconds."
        return c.reason or "Connecting…"

    # --- actions --------------------------------------------------------------------------
    def join(self, entry: dict[str, Any]) -> None:
        """Take the first open seat of a table."""
        from tabletop.ui.scenes.waiting_room import WaitingRoomScene

        name = load_prefs().name
        msg = {"type": "join", "code": str(entry["code"]), "name": name}
        self.app.push(
            WaitingRoomScene(
                self.app, url=self.url, request=msg, game_name=str(entry.get("name") or "")
            )
        )

    def watch(self, entry: dict[str, Any]) -> None:
        """Watch a table: the public view only."""
        from tabletop.ui.scenes.waiting_room import WaitingRoomScene

        self.app.push(WaitingRoomScene(self.app, url=self.url, watch=str(entry["code"])))

    def retry(self) -> None:
        """Connect again after a failure."""
        self.problem = ""
        self.client = self.session.client(self.url)
        self.wait = 0.0
        self.rebuild()

    def back(self) -> None:
        """Esc or Back: to Play online (a connection that never came up stops trying)."""
        if self.client.status != CONNECTED:
            self.session.drop_client(self.url)
        self.app.pop()

    def enter(self) -> None:
        """Uncovered: ask for a fresh list at once."""
        super().enter()
        self.wait = 0.0

    # --- widgets and drawing -----------------------------------------------------------------
    def build(self) -> None:
        """A row per table with Join and Watch; Back (and Try again after a failure)."""
        area = self.content_rect(width=1060, top=150, bottom=110)
        w, h = self.app.size
        bw, bh = self.px(120), self.px(40)
        self.row_rects: list[tuple[pygame.Rect, dict[str, Any]]] = []
        step = self.px(62)
        for i, entry in enumerate(self.rows() if not self.problem else []):
            row = pygame.Rect(area.x, area.y + i * step, area.w, step - self.px(8))
            self.row_rects.append((row, entry))
            open_seat = entry.get("unlisted") or any(
                s.get("kind") == "open" for s in entry.get("seats") or []
            )
            y = row.centery - bh // 2
            self.button(
                pygame.Rect(row.right - 2 * bw - self.px(20), y, bw, bh),
                "Join",
                lambda e=entry: self.join(e),
                object_id="#primary_button",
                enabled=bool(open_seat),
                tooltip=None if open_seat else "Every seat is taken: you may watch.",
            )
            self.button(
                pygame.Rect(row.right - bw - self.px(10), y, bw, bh),
                "Watch",
                lambda e=entry: self.watch(e),
            )
        by = h - self.px(44) - self.px(46)
        self.default_button = self.button(
            pygame.Rect(w // 2 - self.px(190), by, self.px(180), self.px(46)), "Back", self.back
        )
        self.button(
            pygame.Rect(w // 2 + self.px(10), by, self.px(180), self.px(46)),
            "Try again" if self.problem else "Refresh",
            self.retry,
        )

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The server's address and state, then the table rows."""
        pal = self.app.palette
        area = self.content_rect(width=1060, top=150, bottom=110)
        body = fonts.font("body", self.px(TYPE_SIZES["body"]))
        bold = fonts.font("bold", self.px(TYPE_SIZES["body"]))
        small = fonts.font("body", self.px(TYPE_SIZES["small"]))
        where = bold.render(f"Server {self.url.split('://', 1)[-1]}", True, pal.gold_light)
        surface.blit(where, (area.x, self.px(104)))
        colour = pal.gold_light if self.problem else pal.ivory
        status = small.render(self.status_words(), True, colour)
        sx = area.x + where.get_width() + self.px(18)
        surface.blit(status, (sx, self.px(104) + (where.get_height() - status.get_height()) // 2))
        if self.problem:
            img = body.render(
                "Check the address with the host, and that their table is open.", True, pal.ivory
            )
            surface.blit(img, (area.x, area.y))
            return
        if self.listed and not self.row_rects:
            img = body.render(
                "No open tables here yet. Ask the host for their table's code.", True, pal.ivory
            )
            surface.blit(img, (area.x, area.y))
        for row, entry in getattr(self, "row_rects", []):
            veil = pygame.Surface(row.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*pal.parchment, 235), veil.get_rect(), border_radius=self.px(8))
            surface.blit(veil, row)
            if entry.get("unlisted"):
                title = f"Table {entry['code']}"
                sub = "Not in the list (a private table, or not there): Join asks for it by code."
            else:
                title = f"{entry.get('name', '?')} · {entry.get('players', '?')} players · "
                title += f"table {entry['code']} · {state_words(entry)}"
                sub = seats_words(entry)
            x = row.x + self.px(14)
            room = row.w - 2 * self.px(120) - self.px(60)
            t = bold.render(title, True, pal.ink)
            if t.get_width() > room:
                t = pygame.transform.smoothscale_by(t, room / t.get_width())
            surface.blit(t, (x, row.y + self.px(5)))
            s = small.render(sub, True, mix(pal.ink, pal.parchment, 0.25))
            if s.get_width() > room:
                s = pygame.transform.smoothscale_by(s, room / s.get_width())
            surface.blit(s, (x, row.bottom - s.get_height() - self.px(5)))
