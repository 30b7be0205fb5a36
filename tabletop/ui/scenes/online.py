"""Play online: host a table on this computer, join a friend's, or go back to a seat kept from
an earlier game.

*Host a table* starts the app's own table server (a child process that ends with the app) —
reachable from this computer only, unless *Let others on my network join* is on — and opens
the set-up form.  *Join* takes an address and a code, or a whole ``tabletop://`` link, and
opens that server's lobby.  The seats kept in the data folder rejoin a running game.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tabletop.net import protocol
from tabletop.net.client import parse_address
from tabletop.ui import fonts
from tabletop.ui.online_seats import KeptSeat, OnlinePrefs, load_prefs, save_prefs
from tabletop.ui.online_session import session
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.theme import TYPE_SIZES, mix

KEPT_SHOWN = 3  # kept seats listed


class OnlineScene(GuiScene):
    """The Play online menu (see the module docstring)."""

    heading = "Play online"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.prefs: OnlinePrefs = load_prefs()
        self.session = session(app)
        self.address = ""
        self.code = ""
        self._entries: dict[Any, str] = {}
        self._hosting: Any = None

    # --- the prefs ---------------------------------------------------------------------
    def _keep(self) -> None:
        note = save_prefs(self.prefs)
        if note:
            self.app.show_message("Not remembered", note)

    def toggle_lan(self) -> None:
        """Let others on the network join the table this app hosts (or not)."""
        self.prefs.lan = not self.prefs.lan
        self._keep()
        if self.session.hosting:  # listen again, wider or narrower (the tables are kept)
            self.session.host(self.prefs.lan)
        self.rebuild()

    # --- actions --------------------------------------------------------------------------
    def host(self) -> None:
        """The set-up form of a hosted table."""
        from tabletop.ui.scenes.host_setup import HostSetupScene

        self._keep()
        self.app.push(HostSetupScene(self.app, lan=self.prefs.lan))

    def stop_hosting(self) -> None:
        """End the hosted server (its unfinished tables come back when hosting again)."""
        self.session.stop_hosting()
        self.rebuild()

    def join(self) -> None:
        """Open the lobby of the server typed (a pasted link brings its code)."""
        from tabletop.ui.scenes.lobby import LobbyScene

        text = self.address.strip()
        if not text:
            self.app.show_message(
                "Where is the table?",
                "Type the host's address (such as 192.168.1.20:8765) or paste the "
                "tabletop:// link they sent.",
            )
            return
        try:
            url, code = parse_address(text)
        except ValueError as e:
            self.app.show_message("That address cannot be used", str(e))
            return
        typed = protocol.normal_code(self.code)
        code = typed or code
        if code and not protocol.valid_code(code):
            self.app.show_message(
                "Check the code",
                f"A table code has {protocol.CODE_LENGTH} letters and digits, such as "
                f"K7PQ2M; '{self.code.strip()}' is not one.",
            )
            return
        self._keep()
        self.app.push(LobbyScene(self.app, url, code))

    def rejoin(self, kept: KeptSeat) -> None:
        """Back to a kept seat (hosting again first when the table was hosted here)."""
        from tabletop.ui.scenes.waiting_room import WaitingRoomScene

        if kept.hosted:
            hosted = self.session.host(self.prefs.lan)
            if hosted.error:
                self.app.show_message("The table server did not start", hosted.error)
                return
            self.app.push(WaitingRoomScene(self.app, hosted=True, kept=kept))
        else:
            self.app.push(WaitingRoomScene(self.app, url=kept.server, kept=kept))

    def forget(self, kept: KeptSeat) -> None:
        """Drop a kept seat from the list (its token is gone for good)."""
        self.prefs.forget(kept.server, kept.code)
        self._keep()
        self.rebuild()

    def enter(self) -> None:
        """Read the kept seats again (a game may have been added or forgotten)."""
        self.prefs = load_prefs()
        super().enter()
        if self.ui is not None:
            self.rebuild()

    def update(self, dt: float) -> None:
        """Follow the hosted server's state (starting, listening, stopped)."""
        super().update(dt)
        h = self.session.hosted
        state = (h is not None and h.running, h.address if h else "", h.error if h else "")
        if state != self._hosting:
            self._hosting = state
            self.rebuild()

    # --- widgets ---------------------------------------------------------------------------
    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        area = self.content_rect(width=1120, top=118, bottom=96)
        gap = self.px(32)
        half = (area.w - gap) // 2
        top_h = self.px(330)
        return (
            pygame.Rect(area.x, area.y, half, top_h),
            pygame.Rect(area.x + half + gap, area.y, half, top_h),
        )

    def build(self) -> None:
        """Host on the left, Join on the right, the kept seats below, Back."""
        self._entries = {}
        left, right = self._columns()
        pad, row = self.px(18), self.px(40)
        inner = left.inflate(-2 * pad, -2 * pad)
        y = inner.y + self.px(118)
        on = self.prefs.lan
        self.button(
            pygame.Rect(inner.x, y, inner.w, row),
            f"Let others on my network join: {'Yes' if on else 'No'}",
            self.toggle_lan,
            object_id="#toggle_on" if on else None,
            tooltip="Yes: friends on the same network (or through a port you open) can reach "
            "your table. No: only this computer can.",
        )
        y = inner.bottom - row
        if self.session.hosting:
            half = (inner.w - self.px(10)) // 2
            self.button(pygame.Rect(inner.x, y, half, row), "Stop hosting", self.stop_hosting)
            self.button(
                pygame.Rect(inner.right - half, y, half, row),
                "Host a table…",
                self.host,
                object_id="#primary_button",
            )
        else:
            self.button(
                pygame.Rect(inner.x, y, inner.w, row),
                "Host a table…",
                self.host,
                object_id="#primary_button",
            )
        inner = right.inflate(-2 * pad, -2 * pad)
        y = inner.y + self.px(44)
        label_w = self.px(150)
        for key, label, text, hint, limit in (
            ("name", "Your name", self.prefs.name, "shown at the table", protocol.MAX_NAME),
            ("address", "Address or link", self.address, "192.168.1.20:8765 or tabletop://…", 200),
            ("code", "Table code", self.code, "K7PQ2M (or in the link)", 12),
        ):
            self.label(pygame.Rect(inner.x, y, label_w, row), label)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(inner.x + label_w, y, inner.w - label_w, row),
                manager=self.ui,
                initial_text=text,
                placeholder_text=hint,
            )
            entry.set_text_length_limit(limit)
            self._entries[entry] = key
            self.entry_keys(entry)
            y += row + self.px(12)
        find = self.button(
            pygame.Rect(inner.x, inner.bottom - row, inner.w, row),
            "Find the tables",
            self.join,
            object_id="#primary_button",
        )
        self._kept_rows(left, right)
        w, h = self.app.size
        bw, bh = self.px(180), self.px(46)
        self.default_button = find  # Enter after typing the address (Enter leaves the entry)
        self.button(pygame.Rect((w - bw) // 2, h - self.px(44) - bh, bw, bh), "Back", self.back)

    def _kept_rows(self, left: pygame.Rect, right: pygame.Rect) -> None:
        """Rejoin / Forget for each kept seat."""
        top = left.bottom + self.px(48)
        bw, row = self.px(110), self.px(36)
        self.kept_rects: list[tuple[pygame.Rect, KeptSeat]] = []
        for i, kept in enumerate(self.prefs.seats[:KEPT_SHOWN]):
            r = pygame.Rect(left.x, top + i * (row + self.px(8)), right.right - left.x, row)
            self.kept_rects.append((r, kept))
            self.button(
                pygame.Rect(r.right - 2 * bw - self.px(10), r.y, bw, row),
                "Rejoin",
                lambda k=kept: self.rejoin(k),
            )
            self.button(
                pygame.Rect(r.right - bw, r.y, bw, row), "Forget", lambda k=kept: self.forget(k)
            )

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """Typing goes into the prefs and the fields."""
        if event.type != pygame_gui.UI_TEXT_ENTRY_CHANGED:
            return
        key = self._entries.get(event.ui_element)
        if key == "name":
            self.prefs.name = protocol.clean_name(event.text, "")
        elif key == "address":
            self.address = event.text
        elif key == "code":
            self.code = event.text

    # --- drawing -------------------------------------------------------------------------------
    def _panel(self, surface: pygame.Surface, box: pygame.Rect, title: str) -> None:
        pal = self.app.palette
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*pal.felt_dark, 215), veil.get_rect(), border_radius=self.px(14))
        surface.blit(veil, box)
        edge = mix(pal.gold, pal.felt_dark, 0.4)
        pygame.draw.rect(surface, edge, box, max(1, self.px(2)), border_radius=self.px(14))
        head = fonts.font("display", self.px(TYPE_SIZES["heading"]))
        img = head.render(title, True, pal.gold_light)
        surface.blit(img, (box.x + self.px(18), box.y + self.px(12)))

    def host_words(self) -> list[str]:
        """What the Host panel says: what hosting means, or where friends find the table."""
        h = self.session.hosted
        if h is not None and h.running and h.address:
            shared = self.session.share_addresses()
            where = shared[0] if shared else "this computer"
            if self.prefs.lan:
                return [f"Hosting. Friends join at {where}", "with the code of your table."]
            return [
                f"Hosting at {where}, for this computer only.",
                "Turn the switch on for friends.",
            ]
        if h is not None and h.running:
            return ["Starting the table server…", ""]
        if h is not None and h.error:
            return ["The table server stopped:", h.error]
        return [
            "Run a table on this computer; friends join it",
            "with its address and a six-letter code.",
        ]

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The two panels, their words, and the kept seats."""
        pal = self.app.palette
        left, right = self._columns()
        self._panel(surface, left, "Host a table")
        self._panel(surface, right, "Join a table")
        body = fonts.font("body", self.px(TYPE_SIZES["body"]))
        small = fonts.font("body", self.px(TYPE_SIZES["small"]))
        y = left.y + self.px(62)
        for line in self.host_words():
            img = body.render(line, True, pal.ivory)
            if img.get_width() > left.w - self.px(36):
                img = pygame.transform.smoothscale_by(img, (left.w - self.px(36)) / img.get_width())
            surface.blit(img, (left.x + self.px(18), y))
            y += body.get_linesize()
        note = "Unfinished hosted games come back when you host again."
        img = small.render(note, True, pal.gold_light)
        surface.blit(img, (left.x + self.px(18), left.y + self.px(200)))
        if not self.prefs.seats:
            return
        title = fonts.font("bold", self.px(TYPE_SIZES["body"]))
        head = title.render("Your online games", True, pal.gold_light)
        surface.blit(head, (left.x, left.bottom + self.px(14)))
        for r, kept in getattr(self, "kept_rects", []):
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*pal.parchment, 230), veil.get_rect(), border_radius=self.px(8))
            surface.blit(veil, r)
            where = "hosted here" if kept.hosted else kept.server.split("://", 1)[-1]
            words = f"{kept.game or 'A game'} · table {kept.code} · {where} · seat {kept.seat + 1}"
            if kept.name:
                words += f" ({kept.name})"
            img = body.render(words, True, pal.ink)
            surface.blit(img, img.get_rect(midleft=(r.x + self.px(12), r.centery)))
