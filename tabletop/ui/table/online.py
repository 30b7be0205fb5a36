"""What the table does when its match is played on a server (a ``RemoteMatch``).

A mixin of :class:`~tabletop.ui.table.scene.TableScene`.  The table asks a remote match the
same questions as a local one; the differences live here: each frame the match is polled
(never waited on) and what arrived is shown — another seat's move animates like a local one,
refusals, the rules' explanations, chat lines and the connection's state become toasts or log
lines.  T opens a one-line chat input; the host may let the AI play a seat whose player has
gone.  A local match has no ``poll`` and none of this runs.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.net.protocol import MAX_TEXT
from tabletop.ui import typeset
from tabletop.ui.table.widgets import panel
from tabletop.ui.theme import px


def seat_state(match: Any, seat: int) -> str:
    """Words for a remote seat's presence: ``disconnected 2 min`` / ``AI stands in`` / ""."""
    infos = getattr(match, "seat_info", None) or []
    info = infos[seat] if 0 <= seat < len(infos) else {}
    if not info:
        return ""
    if info.get("kind") == "open":
        return "open seat"
    if info.get("kind") == "human" and info.get("level"):
        return f"AI {info['level']} stands in"
    if info.get("connected", True):
        return ""
    away = int(info.get("away") or 0)
    if away >= 120:
        return f"disconnected {away // 60} min"
    return "disconnected" if away < 5 else f"disconnected {away} s"


class OnlineTable:
    """The table's side of a match played on a server (mixed into the table scene)."""

    net_stamp = 0  # bumped when something the chrome shows arrived (seats, chat)
    chat_open = False
    chat_text = ""
    _chat_swallow = False
    _net_sent: tuple[str | None, pygame.Rect | None] | None = None  # own move on its way
    _net_overlay = False  # the chat box or the banner was drawn last frame

    @property
    def online(self) -> bool:
        """True when the match is played on a server."""
        return bool(getattr(self.match, "is_remote", False))

    # --- what arrives ------------------------------------------------------------------
    def poll_server(self) -> None:
        """Take what the server sent since the last frame (never waits)."""
        poll = getattr(self.match, "poll", None)
        if poll is None:
            return
        for change in poll():
            if change.kind == "state":
                self._arrived(change)
            elif change.kind == "explained":
                if change.text:  # the rules' words go before the places the card may go
                    rest = self.toast.strip() if self.toast_t > 0 else ""
                    self.show_toast(f"{self.names_in(change.text)} {rest}".strip())
            elif change.kind == "note":
                self._net_sent = None
                if change.text:
                    self.show_toast(self.names_in(change.text))
                    self.cue("refuse")
                self.refresh()
            elif change.kind == "chat":
                self.net_stamp += 1
                self.ctl.log_to_end()
                self.show_toast(change.text)
            elif change.kind == "status":  # the banner says when it is down
                self.net_stamp += 1
                up = bool(self.match.connected)
                if up and getattr(self, "_net_down", False):
                    self.show_toast("Connected to the table again.")
                self._net_down = not up
                self.refresh()

    def sent(self, card: str | None, rect: pygame.Rect | None) -> None:
        """This table's move is on its way (``card`` dropped from ``rect``): its answer
        animates from there."""
        self._net_sent = (card, rect)

    def _arrived(self, change: Any) -> None:
        """A new state of the table: animate it when it is a move the shown seat saw."""
        m = self.match
        if change.seat != self.shown and change.seat in self.humans:
            return  # another of this client's seats: its own change comes for the shown one
        before = getattr(self, "_net_moves", None)
        self._net_moves = m.moves_played
        self.net_stamp += 1
        if before == m.moves_played and not change.events:
            self.refresh()  # who is connected, a seat handed to the AI: the chrome redraws
            return
        old, old_slots = self._before_move()
        sent = self._net_sent
        own = sent is not None and not m.waiting  # the answer to this table's own move
        dropped = None
        if own and sent is not None:
            self._net_sent = None
            dropped, rect = sent
            if dropped and rect is not None:
                old[dropped] = rect
        if change.events:
            self.cue(self._move_sound(change.events, dropped))
        self._after_change(own=own)
        if change.events:
            self._animate(old, old_slots, change.events)
        if m.is_over():
            self._forget_kept_seat()

    def _forget_kept_seat(self) -> None:
        """The game has ended: Play online no longer offers to rejoin it."""
        kept = getattr(self.match, "kept_as", None)
        if kept is None:
            return
        from tabletop.ui.online_seats import load_prefs, save_prefs

        prefs = load_prefs()
        prefs.forget(*kept)
        save_prefs(prefs)
        self.match.kept_as = None

    def net_busy(self) -> bool:
        """A move on its way to the server (the frames keep coming for its answer)."""
        return bool(getattr(self.match, "waiting", False)) or self.chat_open

    def handle_event(self, event: pygame.event.Event) -> None:
        """The open chat line takes the keys; everything else goes to the table."""
        if not self._chat_event(event):
            super().handle_event(event)  # type: ignore[misc]

    # --- chat ------------------------------------------------------------------------------
    def open_chat(self) -> None:
        """T: a one-line input over the table (Enter says it, Esc closes it)."""
        if not self.online:
            self.show_toast("Chat is for online tables: Play online on the title screen.")
            return
        if not getattr(self.match, "tokens", None):
            self.show_toast("Spectators watch in silence: only players may chat.")
            return
        self.chat_open = True
        self.chat_text = ""
        self._chat_swallow = True  # the "t" that opened it comes next, as typed text

    def _chat_event(self, event: pygame.event.Event) -> bool:
        """Typing into the open chat line; True when the event was used."""
        if not self.chat_open:
            return False
        if event.type == pygame.TEXTINPUT:
            swallow, self._chat_swallow = self._chat_swallow, False
            if not (swallow and event.text.lower() == "t"):
                self.chat_text = (self.chat_text + event.text)[:MAX_TEXT]
            return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.KEYUP
        self._chat_swallow = False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text = self.chat_text.strip()
            seat = self.viewer if self.viewer in self.humans else self.humans[0]
            if text:
                self.match.chat(seat, text)
            self.chat_open = False
        elif event.key == pygame.K_ESCAPE:
            self.chat_open = False
        elif event.key == pygame.K_BACKSPACE:
            self.chat_text = self.chat_text[:-1]
        return True

    def _typing(self) -> bool:
        """True while the chat line takes the keys (the app then leaves "?" to it)."""
        return self.chat_open

    # --- seats -------------------------------------------------------------------------------
    def is_host(self) -> bool:
        """Whether this client made the table (and may hand a seat to the AI)."""
        infos = getattr(self.match, "seat_info", None) or []
        return any(
            infos[s].get("host") for s in getattr(self.match, "tokens", {}) if s < len(infos)
        )

    def away_seats(self) -> list[int]:
        """Seats of players at other computers whose connection is gone."""
        infos = getattr(self.match, "seat_info", None) or []
        return [
            i
            for i, info in enumerate(infos)
            if info.get("kind") == "human"
            and not info.get("connected", True)
            and not info.get("level")
            and i not in self.humans
        ]

    def hand_to_ai(self, seat: int) -> None:
        """The host lets the server's AI play ``seat`` until its player comes back."""
        self.match.hand_to_ai(seat, "normal")
        name = self.match.seats[seat].name
        self.show_toast(f"Asked the table to let the AI play for {name} until they return.")

    # --- drawing ---------------------------------------------------------------------------
    def draw_online(self, surface: pygame.Surface) -> None:
        """The chat line and, while the connection is down, a banner over the table."""
        shown = False
        h = self.size[1]
        pad = px(8, h)
        if self.online and not self.match.connected:
            reason = self.match.failed or (
                f"{self.match.client.reason or 'The connection to the table is down.'} "
                "Trying again…"
            )
            img = typeset.text(reason, px(15, h), self.pal.ivory, bold=True)
            r = img.get_rect(center=self.table_rect.center)  # nothing can be played meanwhile
            box = r.inflate(4 * pad, 2 * pad)
            surface.blit(panel(box.size, self.pal.crimson, self.pal.gold, 235, px(6, h)), box)
            surface.blit(img, r)
            shown = True
        if self.chat_open:
            t = self.table_rect
            box = pygame.Rect(t.x + pad * 4, t.bottom - px(64, h), t.w - pad * 8, px(40, h))
            surface.blit(panel(box.size, self.pal.felt_dark, self.pal.gold, 245, px(6, h)), box)
            said = typeset.text("Say: ", px(15, h), self.pal.gold_light, bold=True)
            surface.blit(said, said.get_rect(midleft=(box.x + pad, box.centery)))
            room = box.w - said.get_width() - 3 * pad
            text = self.chat_text + "_"
            while len(text) > 1 and typeset.measure(text, px(15, h)) > room:
                text = text[1:]  # the end of a long line stays in sight
            img = typeset.text(text, px(15, h), self.pal.ivory)
            surface.blit(img, img.get_rect(midleft=(box.x + pad + said.get_width(), box.centery)))
            hint = typeset.text("Enter says it · Esc closes", px(12, h), self.pal.gold_light)
            surface.blit(hint, hint.get_rect(bottomright=(box.right - pad, box.y - px(2, h))))
            shown = True
        if shown or self._net_overlay:
            touched = getattr(self.app, "screen_touched", None)
            if callable(touched):
                touched()  # the next frame is drawn whole: nothing of the box stays behind
        self._net_overlay = shown
