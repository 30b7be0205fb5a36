"""What the table does when its match is played on a server (a ``RemoteMatch``).

:class:`OnlineTable` is a part of the table scene (``scene.net``), beside its controller.  The
table asks a remote match the same questions as a local one; the differences live here: each
frame the match is polled (never waited on) and what arrived is shown — another seat's move
animates like a local one, refusals, the rules' explanations, chat lines and the connection's
state become toasts or log lines.  T opens a one-line chat input; the host may let the AI
play a seat whose player has gone.  A local match has no ``poll`` and none of this runs.

Its state is declared in ``__init__`` and written here only; it acts on the table through
the scene's methods (:class:`OnlineHost`), never by setting the scene's fields.
"""

from __future__ import annotations

from typing import Any, Protocol

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


class OnlineHost(Protocol):
    """What the online part asks of the scene."""

    app: Any
    match: Any
    humans: list[int]
    viewer: int | None
    size: tuple[int, int]
    pal: Any
    table_rect: pygame.Rect

    @property
    def shown(self) -> int | None: ...
    @property
    def toast(self) -> str: ...
    @property
    def toast_t(self) -> float: ...
    def show_toast(self, text: str) -> None: ...
    def names_in(self, text: str) -> str: ...
    def cue(self, name: str | None) -> None: ...
    def refresh(self) -> None: ...
    def log_to_end(self) -> None: ...
    def _before_move(self) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect]]: ...
    def _after_change(self, own: bool = True, mover: int | None = None) -> None: ...
    def _move_sound(self, events: list[Any], dropped: str | None) -> str | None: ...
    def _animate(
        self, old: dict[str, pygame.Rect], old_slots: dict[str, pygame.Rect], events: list[Any]
    ) -> None: ...


class OnlineTable:
    """The table's side of a match played on a server (the scene's ``net``)."""

    def __init__(self, scene: OnlineHost) -> None:
        self.scene = scene
        self.stamp = 0  # bumped when something the chrome shows arrived (seats, chat)
        self.chat_open = False
        self.chat_text = ""
        self._chat_swallow = False
        self._sent: tuple[str | None, pygame.Rect | None] | None = None  # own move on its way
        self._moves: int | None = None  # moves played at the last state that arrived
        self._down = False  # the connection was down at the last status
        self.overlay = False  # the chat box or the banner was drawn last frame

    @property
    def match(self) -> Any:
        """The scene's match."""
        return self.scene.match

    @property
    def online(self) -> bool:
        """True when the match is played on a server."""
        return bool(getattr(self.match, "is_remote", False))

    # --- what arrives ------------------------------------------------------------------
    def poll(self) -> None:
        """Take what the server sent since the last frame (never waits)."""
        poll = getattr(self.match, "poll", None)
        if poll is None:
            return
        for change in poll():
            if change.kind == "state":
                self._arrived(change)
            elif change.kind == "explained":
                if change.text:  # the rules' words go before the places the card may go
                    rest = self.scene.toast.strip() if self.scene.toast_t > 0 else ""
                    self.scene.show_toast(f"{self.scene.names_in(change.text)} {rest}".strip())
            elif change.kind == "note":
                self._sent = None
                if change.text:
                    self.scene.show_toast(self.scene.names_in(change.text))
                    self.scene.cue("refuse")
                self.scene.refresh()
            elif change.kind == "chat":
                self.stamp += 1
                self.scene.log_to_end()
                self.scene.show_toast(change.text)
            elif change.kind == "status":  # the banner says when it is down
                self.stamp += 1
                up = bool(self.match.connected)
                if up and self._down:
                    self.scene.show_toast("Connected to the table again.")
                self._down = not up
                self.scene.refresh()

    def sent(self, card: str | None, rect: pygame.Rect | None) -> None:
        """This table's move is on its way (``card`` dropped from ``rect``): its answer
        animates from there."""
        self._sent = (card, rect)

    def _arrived(self, change: Any) -> None:
        """A new state of the table: animate it when it is a move the shown seat saw."""
        m = self.match
        if change.seat != self.scene.shown and change.seat in self.scene.humans:
            return  # another of this client's seats: its own change comes for the shown one
        before = self._moves
        self._moves = m.moves_played
        self.stamp += 1
        if before == m.moves_played and not change.events:
            self.scene.refresh()  # who is connected, a seat handed to the AI: the chrome redraws
            return
        old, old_slots = self.scene._before_move()
        sent = self._sent
        own = sent is not None and not m.waiting  # the answer to this table's own move
        dropped = None
        if own and sent is not None:
            self._sent = None
            dropped, rect = sent
            if dropped and rect is not None:
                old[dropped] = rect
        if change.events:
            self.scene.cue(self.scene._move_sound(change.events, dropped))
        self.scene._after_change(own=own)
        if change.events:
            self.scene._animate(old, old_slots, change.events)
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

    def busy(self) -> bool:
        """A move on its way to the server (the frames keep coming for its answer)."""
        return bool(getattr(self.match, "waiting", False)) or self.chat_open

    # --- chat ------------------------------------------------------------------------------
    def open_chat(self) -> None:
        """T: a one-line input over the table (Enter says it, Esc closes it)."""
        if not self.online:
            self.scene.show_toast("Chat is for online tables: Play online on the title screen.")
            return
        if not getattr(self.match, "tokens", None):
            self.scene.show_toast("Spectators watch in silence: only players may chat.")
            return
        self.chat_open = True
        self.chat_text = ""
        self._chat_swallow = True  # the "t" that opened it comes next, as typed text

    def chat_event(self, event: pygame.event.Event) -> bool:
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
            seat = (
                self.scene.viewer
                if self.scene.viewer in self.scene.humans
                else self.scene.humans[0]
            )
            if text:
                self.match.chat(seat, text)
            self.chat_open = False
        elif event.key == pygame.K_ESCAPE:
            self.chat_open = False
        elif event.key == pygame.K_BACKSPACE:
            self.chat_text = self.chat_text[:-1]
        return True

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
            and i not in self.scene.humans
        ]

    def hand_to_ai(self, seat: int) -> None:
        """The host lets the server's AI play ``seat`` until its player comes back."""
        self.match.hand_to_ai(seat, "normal")
        name = self.match.seats[seat].name
        self.scene.show_toast(f"Asked the table to let the AI play for {name} until they return.")

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The chat line and, while the connection is down, a banner over the table."""
        shown = False
        h = self.scene.size[1]
        pad = px(8, h)
        if self.online and not self.match.connected:
            reason = self.match.failed or (
                f"{self.match.client.reason or 'The connection to the table is down.'} "
                "Trying again…"
            )
            img = typeset.text(reason, px(15, h), self.scene.pal.ivory, bold=True)
            r = img.get_rect(center=self.scene.table_rect.center)  # nothing can be played meanwhile
            box = r.inflate(4 * pad, 2 * pad)
            surface.blit(
                panel(box.size, self.scene.pal.crimson, self.scene.pal.gold, 235, px(6, h)), box
            )
            surface.blit(img, r)
            shown = True
        if self.chat_open:
            t = self.scene.table_rect
            box = pygame.Rect(t.x + pad * 4, t.bottom - px(64, h), t.w - pad * 8, px(40, h))
            surface.blit(
                panel(box.size, self.scene.pal.felt_dark, self.scene.pal.gold, 245, px(6, h)), box
            )
            said = typeset.text("Say: ", px(15, h), self.scene.pal.gold_light, bold=True)
            surface.blit(said, said.get_rect(midleft=(box.x + pad, box.centery)))
            room = box.w - said.get_width() - 3 * pad
            text = self.chat_text + "_"
            while len(text) > 1 and typeset.measure(text, px(15, h)) > room:
                text = text[1:]  # the end of a long line stays in sight
            img = typeset.text(text, px(15, h), self.scene.pal.ivory)
            surface.blit(img, img.get_rect(midleft=(box.x + pad + said.get_width(), box.centery)))
            hint = typeset.text("Enter says it · Esc closes", px(12, h), self.scene.pal.gold_light)
            surface.blit(hint, hint.get_rect(bottomright=(box.right - pad, box.y - px(2, h))))
            shown = True
        if shown or self.overlay:
            touched = getattr(self.scene.app, "screen_touched", None)
            if callable(touched):
                touched()  # the next frame is drawn whole: nothing of the box stays behind
        self.overlay = shown
