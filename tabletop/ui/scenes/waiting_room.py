"""The waiting room of an online table: its code and link to pass on, who sits where, and
the table itself once every seat is taken.

It sends what brought the player here — a new table (``create``), a seat (``join``), a
remembered seat (``rejoin``, through the :class:`RemoteMatch`) or watching — and polls the
answers each frame; nothing waits on the network.  The host may give an open seat to the AI.
"""

from __future__ import annotations

import itertools
import logging
from typing import Any

import pygame

from tabletop.net.client import FAILED, table_link
from tabletop.net.remote_match import RemoteMatch
from tabletop.ui import fonts, typeset
from tabletop.ui.online_seats import HOSTED, KeptSeat, load_prefs, save_prefs
from tabletop.ui.online_session import leave_seats, session
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.theme import TYPE_SIZES, mix

log = logging.getLogger("tabletop.ui.waiting_room")
_REFS = itertools.count(1)
COPIED_TIME = 2.5


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is none (a headless display)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, TypeError):
        return False
    return True


def open_online_table(app: AppContext, match: RemoteMatch) -> None:
    """The table of a started online game (recorded in Records when it ends, for a player)."""
    from tabletop.controller.history import records
    from tabletop.ui.first_game import guide_starts_on
    from tabletop.ui.table.scene import TableScene

    guide = False
    if match.tokens and match.game is not None:
        match.listeners.append(records.recorder(match))
        guide = guide_starts_on(app.settings, match.game.info.id, len(match.tokens))
    app.replace(TableScene(app, match, guide=guide))


class WaitingRoomScene(GuiScene):
    """One online table before its game starts (see the module docstring)."""

    heading = "Waiting room"

    def __init__(
        self,
        app: AppContext,
        *,
        url: str = "",
        request: dict[str, Any] | None = None,
        hosted: bool = False,
        kept: KeptSeat | None = None,
        watch: str = "",
        game_name: str = "",
    ) -> None:
        super().__init__(app)
        self.session = session(app)
        self.url = url  # "" for the table server this app hosts (its address comes later)
        self.hosted = hosted
        self.request = dict(request) if request else None
        self.kept = kept
        self.watch = watch  # the code of a table to watch
        self.game_name = game_name  # to show in Play online's list of kept seats
        self.ref: int | None = None
        self.match: RemoteMatch | None = None
        self.problem = ""
        self.status = "Starting the table server…" if hosted else "Connecting…"
        self.copied_t = 0.0
        self._shown: Any = None

    # --- where things stand ------------------------------------------------------------
    def server_url(self) -> str:
        """The address this app reaches the table at ("" while the hosted server starts)."""
        return self.session.host_url if self.hosted else self.url

    def link(self) -> str:
        """The ``tabletop://`` link friends paste into Join."""
        if self.match is None:
            return ""
        if self.hosted:
            shared = self.session.share_addresses()
            return f"tabletop://{shared[0]}/{self.match.code}" if shared else ""
        return table_link(self.url, self.match.code)

    def is_host(self) -> bool:
        """Whether this player made the table."""
        m = self.match
        return m is not None and any(
            m.seat_info[s].get("host") for s in m.tokens if s < len(m.seat_info)
        )

    # --- each frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Send what is due, take the answers, open the table once the game starts."""
        super().update(dt)
        self.copied_t = max(0.0, self.copied_t - dt)
        if self.problem:
            return
        url = self.server_url()
        if not url:
            h = self.session.hosted
            if h is None or h.error or not h.running:
                self.fail((h.error if h else "") or "The table server stopped.")
            return
        if self.match is None:
            self._before_seat(self.session.client(url))
        if self.match is not None:  # it follows its own connection from here
            self._seated()
        self._refresh_widgets()

    def _before_seat(self, client: Any) -> None:
        if self.kept is not None:
            self._open(self.kept.code, {self.kept.seat: self.kept.token})
            return
        if self.watch:
            self._open(self.watch, {}, watch=True)
            return
        if self.request is not None and self.ref is None:
            self.ref = next(_REFS)
            client.send({**self.request, "ref": self.ref})
        self.status = "Connecting…" if client.status != "connected" else "Asking for a seat…"
        if client.reason and client.status != "connected":
            self.status = client.reason
        batch = client.poll()
        for i, msg in enumerate(batch):
            kind = msg.get("type")
            if msg.get("ref") == self.ref and kind in ("created", "joined"):
                self._taken(msg)
                for rest in batch[i + 1 :]:
                    if self.match is not None and rest.get("code") == self.match.code:
                        self.match.feed(rest)
                return
            if msg.get("ref") == self.ref and kind == "error":
                self.fail(str(msg.get("reason", "The server refused.")))
                return
            if kind == "_status" and msg.get("status") == FAILED:
                self.fail(str(msg.get("reason", "")))
                return

    def _taken(self, msg: dict[str, Any]) -> None:
        """A seat is ours: remember its token, then follow the table."""
        code, seat, token = str(msg["code"]), int(msg["seat"]), str(msg["token"])
        prefs = load_prefs()
        server = HOSTED if self.hosted else self.url
        prefs.remember(KeptSeat(server, code, seat, token, self.game_name, prefs.name))
        note = save_prefs(prefs)
        if note:
            log.warning("%s", note)
        self._open(code, {seat: token})

    def _open(self, code: str, tokens: dict[int, str], watch: bool = False) -> None:
        client = self.session.client(self.server_url())
        self.match = RemoteMatch(client, code, tokens, watch=watch)
        if tokens:  # the seat kept in Play online, forgotten when the game ends
            self.match.kept_as = (HOSTED if self.hosted else self.url, code)  # type: ignore[attr-defined]
        self.status = "Waiting for the table…"

    def _seated(self) -> None:
        m = self.match
        assert m is not None
        for change in m.poll():
            if change.kind in ("note", "status") and change.text:
                self.status = change.text
                if m.game is None and change.kind == "note":
                    self.fail(change.text)  # the table is gone, or the token is not valid
                    return
        if m.failed:
            self.fail(m.failed)
            return
        m.link = self.link()  # type: ignore[attr-defined]  # recorded with the game
        if m.game is not None and self.kept is not None and m.game.info.name != self.kept.game:
            self._keep_game_name(m.game.info.name)
        if not m.connected:  # it reconnects by itself; say so meanwhile
            self.status = m.client.reason or "Connecting to the table…"
        elif m.started and m.ready:
            open_online_table(self.app, m)
        elif m.game is not None:
            self.status = self._waiting_words()

    def _keep_game_name(self, name: str) -> None:
        assert self.kept is not None
        self.kept.game = name
        prefs = load_prefs()
        prefs.remember(self.kept)
        save_prefs(prefs)

    def _waiting_words(self) -> str:
        m = self.match
        assert m is not None
        open_seats = sum(1 for s in m.seat_info if s.get("kind") == "open")
        if open_seats:
            friends = "one more player" if open_seats == 1 else f"{open_seats} more players"
            return f"The game starts when every seat is taken: waiting for {friends}."
        return "Every seat is taken: the game is starting…"

    def fail(self, reason: str) -> None:
        """Show why the table cannot be reached or joined."""
        self.problem = reason or "The table cannot be reached."
        self.status = self.problem
        if self.kept is not None and ("token" in reason or "no table" in reason):
            self.problem += " The seat was forgotten."
            prefs = load_prefs()
            prefs.forget(self.kept.server, self.kept.code)
            save_prefs(prefs)
        self.rebuild()

    def _refresh_widgets(self) -> None:
        m = self.match
        shown = (
            self.problem,
            self.is_host(),
            tuple((s.get("kind"), s.get("name")) for s in (m.seat_info if m else [])),
            bool(self.link()),
        )
        if shown != self._shown:
            self._shown = shown
            self.rebuild()

    def busy(self) -> bool:
        """Answers may arrive at any moment: keep the frames coming."""
        return not self.problem

    # --- actions --------------------------------------------------------------------------
    def copy_link(self) -> None:
        """Put the table's link on the clipboard (Ctrl+C)."""
        link = self.link()
        if link and copy_text(link):
            self.copied_t = COPIED_TIME
        elif link:
            self.app.show_message("Copy the link", f"Give your friends this link:\n\n{link}")

    def seat_to_ai(self, seat: int) -> None:
        """Host: the AI takes an open seat."""
        if self.match is not None:
            self.match.hand_to_ai(seat, "normal")

    def back(self) -> None:
        """Leave the waiting room (a taken seat stays: Play online rejoins it)."""
        if self.match is not None:
            leave_seats(self.match)
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Ctrl+C copies the link; the rest as in every menu."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_c
            and event.mod & pygame.KMOD_CTRL
            and not self._typing()
        ):
            self.copy_link()
            return
        super().handle_event(event)

    # --- widgets and drawing -----------------------------------------------------------------
    def build(self) -> None:
        """Copy link, a button per open seat for the host, Leave."""
        area = self.content_rect(width=900, top=118, bottom=96)
        w, h = self.app.size
        bw, bh = self.px(200), self.px(46)
        self.seat_rows: list[pygame.Rect] = []
        m = self.match
        if m is not None and self.link():
            self.button(
                pygame.Rect(area.right - bw, area.y + self.px(62), bw, self.px(38)),
                "Copy link (Ctrl+C)",
                self.copy_link,
            )
        top = area.y + self.px(150)
        for i, info in enumerate(m.seat_info if m is not None else []):
            row = pygame.Rect(area.x, top + i * self.px(44), area.w, self.px(38))
            self.seat_rows.append(row)
            if self.is_host() and info.get("kind") == "open" and not self.problem:
                self.button(
                    pygame.Rect(row.right - bw, row.y, bw, row.h),
                    "Let the AI play it",
                    lambda s=i: self.seat_to_ai(s),
                )
        self.default_button = self.button(
            pygame.Rect((w - bw) // 2, h - self.px(44) - bh, bw, bh), "Leave", self.back
        )

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The code and link, the seats, the status line."""
        pal = self.app.palette
        area = self.content_rect(width=900, top=118, bottom=96)
        m = self.match
        body = fonts.font("body", self.px(TYPE_SIZES["body"]))
        bold = fonts.font("bold", self.px(TYPE_SIZES["body"]))
        small = fonts.font("body", self.px(TYPE_SIZES["small"]))
        y = area.y
        if m is not None:
            game = m.game.info.name if m.game is not None else "…"
            big = fonts.font("display", self.px(TYPE_SIZES["heading"] * 1.3))
            line = big.render(f"{game} · table {m.code}", True, pal.gold_light)
            surface.blit(line, (area.x, y))
            link = self.link()
            words = link if link else "(the table's address is on its way)"
            surface.blit(bold.render(words, True, pal.ivory), (area.x, y + self.px(66)))
            tip = "Friends choose Play online → Join and paste this link, or type the address "
            tip += "and the code."
            if self.hosted and not self.session.lan:
                tip = "Only this computer reaches this table: in Play online, let others on "
                tip += "your network join."
            if self.copied_t > 0:
                tip = "The link is on the clipboard."
            surface.blit(small.render(tip, True, pal.gold_light), (area.x, y + self.px(104)))
            self._draw_seats(surface, body, bold)
        colour = pal.crimson if self.problem else pal.ivory
        status = typeset.lines(self.status, body, area.w) if self.status.split() else []
        sy = (
            self.app.size[1]
            - self.px(44)
            - self.px(46)
            - self.px(16)
            - len(status) * (body.get_linesize())
        )
        for text in status:
            img = body.render(text, True, colour if not self.problem else pal.gold_light)
            if self.problem:
                pad = self.px(6)
                back = img.get_rect(midtop=(area.centerx, sy)).inflate(2 * pad, pad)
                pygame.draw.rect(surface, pal.crimson, back, border_radius=self.px(6))
            surface.blit(img, img.get_rect(midtop=(area.centerx, sy)))
            sy += body.get_linesize()

    def _draw_seats(self, surface: pygame.Surface, body: Any, bold: Any) -> None:
        pal = self.app.palette
        m = self.match
        assert m is not None
        for i, (info, row) in enumerate(zip(m.seat_info, self.seat_rows, strict=False)):
            mine = i in m.tokens
            veil = pygame.Surface(row.size, pygame.SRCALPHA)
            fill = pal.parchment if mine else pal.parchment_dark
            pygame.draw.rect(veil, (*fill, 235), veil.get_rect(), border_radius=self.px(8))
            surface.blit(veil, row)
            name = str(info.get("name") or f"Player {i + 1}")
            kind = info.get("kind")
            if kind == "open":
                words, who = "open — waiting for a friend", "Open seat"
            elif kind == "ai":
                words, who = "played by the AI on the table's server", name
            elif info.get("connected", True):
                words, who = "here", name
            else:
                words, who = "not connected", name
            if info.get("host"):
                who += " (host)"
            if mine:
                who += " — you"
            img = bold.render(f"{i + 1}.  {who}", True, pal.ink)
            surface.blit(img, img.get_rect(midleft=(row.x + self.px(12), row.centery)))
            note = body.render(words, True, mix(pal.ink, pal.parchment, 0.3))
            x = row.x + self.px(12) + max(img.get_width() + self.px(24), int(row.w * 0.42))
            surface.blit(note, note.get_rect(midleft=(x, row.centery)))
