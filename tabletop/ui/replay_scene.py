"""The replay scene: a finished or saved game at the table, as one seat saw it, step by step.

The table draws a match; here the match is :class:`ReplayMatch`, a read-only stand-in that
answers with the position the replay is at: the chosen seat's view and log only
(:class:`~tabletop.controller.replay.Replay`), no legal moves, no AI, no saving.  Keys:
Left / Right step back / forward, Home / End go to the start / the end, Tab shows the game
as the next seat saw it (then, once the game is over, with every hand open), Esc closes.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.controller.match import SeatConfig
from tabletop.controller.replay import Replay
from tabletop.engine import Action, Event, IllegalAction, Outcome
from tabletop.ui import keys, typeset
from tabletop.ui.table import paint
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.widgets import Button
from tabletop.ui.theme import px

OPEN = "open"  # the seat choice that shows every hand (finished games only)


class ReplayMatch:
    """A match frozen at one position of a replay; what the table reads of it."""

    save_path = None
    all_ai = False
    load_note = ""

    def __init__(self, replay: Replay, step: int | None = None) -> None:
        self.replay = replay
        self.game = replay.game
        self.players = replay.players
        self.seed = replay.seed
        self.options = replay.options
        self.seats = [SeatConfig(s.kind, s.name, s.level or "normal") for s in replay.seats]
        self.step = replay.length if step is None else max(0, min(step, replay.length))

    @property
    def history(self) -> list[tuple[int, Action]]:
        """The moves up to the position (the table's log cache keys on its length)."""
        return self.replay.moves[: self.step]

    @property
    def moves_played(self) -> int:
        """How many moves lead to the position."""
        return self.step

    def local_humans(self) -> list[int]:
        """Nobody plays a replay."""
        return []

    def view(self, seat: int | None) -> Any:
        """The seat's view at the position."""
        return self.replay.view(self.step, seat)

    def log_for(self, seat: int | None) -> list[Event]:
        """The seat's log up to the position."""
        return self.replay.log(self.step, seat)

    def to_act(self) -> list[int]:
        """Who was to move at the position (public)."""
        return list(self.game.to_act(self.replay.state_at(self.step)))

    def humans_to_act(self) -> list[int]:
        """Nobody moves in a replay."""
        return []

    ai_to_act = humans_to_act

    def legal(self, seat: int) -> list[Action]:
        """No moves in a replay."""
        return []

    def is_over(self) -> bool:
        """True at the last position of a finished game."""
        return self.replay.finished and self.step == self.replay.length

    def outcome(self) -> Outcome:
        """The scores at the position."""
        return self.game.outcome(self.replay.state_at(self.step))

    def can_undo(self, seat: int) -> bool:
        """Nothing to undo."""
        return False

    def undo(self, seat: int) -> bool:
        """Nothing to undo."""
        return False

    def apply(self, seat: int, action: Action) -> list[Event]:
        """A replay takes no moves."""
        raise IllegalAction("This is a replay: nothing can be played.")

    def try_reason(self, seat: int, action: Action) -> str:
        """Why nothing can be played."""
        return "This is a replay: nothing can be played."

    drop_reason = try_reason


class _NoWorker:
    """The AI worker's place at a replay table: nobody thinks."""

    busy: frozenset[Any] = frozenset()

    def prepare(self, game: Any) -> None:
        """Nothing to warm up."""

    def poll(self, key: Any) -> list[Any]:
        """No answers."""
        return []

    def submit(self, *args: Any, **kwargs: Any) -> None:
        """Never asked."""


class ReplayScene(TableScene):
    """The table at one position of a replay, with step buttons and keys."""

    seat_mark = "  (watched)"  # the viewer watches this seat; it is not theirs to play
    addresses_seat = False

    def __init__(self, app: Any, replay: Replay, seat: int | None = 0, step: int = 0) -> None:
        self.rm = ReplayMatch(replay, step)
        self.replay = replay
        if seat is None and not replay.may_reveal():
            seat = 0
        self.seat_choice: int | str = OPEN if seat is None else seat
        super().__init__(app, self.rm, worker=_NoWorker())  # type: ignore[arg-type]
        self.humans = []
        # Several people at one screen and a game still going: each seat's cards wait behind
        # the hand-off screen, as they do at the table.
        people = sum(not s.is_ai for s in replay.seats)
        self.hand_off = self.imperfect and people > 1 and not replay.finished
        self.viewer = None if seat is None else seat
        self._hand_over()
        self.refresh()

    # --- what the table would do differently ---------------------------------------------
    def _choose_viewer(self) -> None:
        """The seat shown is the one chosen, never the one to move."""

    def _hand_over(self) -> None:
        """The hand-over screen for the seat shown, when seats' cards wait behind it."""
        if self.hand_off and self.viewer is not None:
            self.interaction.hand_over(self.viewer)
        else:
            self.interaction.reveal()

    def update(self, dt: float) -> None:
        """Animations only: no AI, no final scoring overlay."""
        super().update(dt)
        self.final_t = -1.0

    def busy(self) -> bool:
        """Cards sliding or a toast showing."""
        return bool(self.tweens or self.ghosts or self.toast_t > 0)

    def seat_label(self) -> str:
        """``as Ada saw it`` / ``every hand open``."""
        if self.viewer is None:
            return "every hand open" if self.replay.may_reveal() else "as a spectator"
        return f"as {self.rm.seats[self.viewer].name} saw it"

    def _build_buttons(self) -> None:
        """Step buttons in the side panel, where the table has its moves."""
        h = self.size[1]
        pad = px(8, h)
        x = self.side_rect.x + pad
        w = self.side_rect.w - 2 * pad
        bh = px(30, h)
        y = self._actions_top()
        quarter = (w - 3 * (pad // 2)) // 4
        row = [
            ("|◀", "first", self.rm.step > 0),
            ("◀", "back", self.rm.step > 0),
            ("▶", "forward", self.rm.step < self.replay.length),
            ("▶|", "last", self.rm.step < self.replay.length),
        ]
        self.buttons = [
            Button(
                pygame.Rect(x + i * (quarter + pad // 2), y, quarter, bh), label, (what, None), ok
            )
            for i, (label, what, ok) in enumerate(row)
        ]
        y += bh + pad // 2
        half = (w - pad // 2) // 2
        self.buttons.append(Button(pygame.Rect(x, y, half, bh), "Next seat (Tab)", ("seat", None)))
        self.buttons.append(
            Button(pygame.Rect(x + w - half, y, half, bh), "Close (Esc)", ("close", None))
        )
        self.log_top = y + bh + 2 * pad

    def _press(self, b: Button) -> None:
        what = b.payload[0]
        if what == "first":
            self.go(0)
        elif what == "back":
            self.go(self.rm.step - 1)
        elif what == "forward":
            self.go(self.rm.step + 1)
        elif what == "last":
            self.go(self.replay.length)
        elif what == "seat":
            self.next_seat()
        elif what == "close":
            self.app.pop()

    def _key(self, event: pygame.event.Event) -> None:
        """The replay's keys, then the table's Esc, log and sound keys (all in the Keys sheet)."""
        if self.privacy is not None and keys.find(event, "privacy") is not None:
            self.interaction.reveal()
            self.refresh()
            return
        b = keys.find(event, "replay")
        if b is not None:
            key = event.key
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.go(self.rm.step + (1 if key == pygame.K_RIGHT else -1))
            elif key in (pygame.K_HOME, pygame.K_END):
                self.go(0 if key == pygame.K_HOME else self.replay.length)
            elif key == pygame.K_TAB:
                self.next_seat(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        b = keys.find(event, "table")
        if b is None:
            return
        if b.action == "escape":
            if not self.interaction.unzoom():
                self.app.pop()
        elif b.action == "log":
            self._key_log(event)
        elif b.action == "sound":
            self.toggle_sound()

    # --- moving through the game ----------------------------------------------------------
    def choices(self) -> list[int | str]:
        """The seats to show in turn, then every hand open once the game is over."""
        out: list[int | str] = list(range(self.rm.players))
        if self.replay.may_reveal():
            out.append(OPEN)
        return out

    def next_seat(self, by: int = 1) -> None:
        """Show the game as the next seat saw it."""
        options = self.choices()
        i = options.index(self.seat_choice) if self.seat_choice in options else 0
        self.seat_choice = options[(i + by) % len(options)]
        self.viewer = None if self.seat_choice == OPEN else int(self.seat_choice)
        if self.hand_off:
            self._hand_over()
        self.tweens.clear()
        self.ghosts.clear()
        self.interaction.unzoom()
        self._after_change(own=True)

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (one step forward slides the cards)."""
        step = max(0, min(step, self.replay.length))
        if step == self.rm.step:
            return
        forward = step == self.rm.step + 1
        old = {s.uid: s.rect for s in self.sprites if s.uid}
        assert self.layout is not None
        slots = {
            zid: self.layout.slots(box, max(1, self.zone_counts.get(zid, 0)))[-1]
            for zid, box in self.layout.zones.items()
        }
        self.tweens.clear()
        self.ghosts.clear()
        self.rm.step = step
        self._after_change(own=True)
        if forward:
            events = self.replay.events[step - 1]
            self.cue(self._move_sound(events, None))
            self._animate(old, slots, events)

    # --- drawing -------------------------------------------------------------------------
    def replay_line(self) -> str:
        """The words across the top: whose eyes, which move, what happened."""
        r, step = self.replay, self.rm.step
        head = f"Replay, {self.seat_label()} — move {step} of {r.length}"
        mover = r.mover(step)
        if mover is not None:
            head += f" ({self.rm.seats[mover].name})"
        if step == 0:
            return f"{head}: the set-up · → steps forward"
        return f"{head} · {paint.turn_line(self)}"

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the replay's line over the turn line."""
        super().draw(surface)
        if self.privacy is not None:
            return  # the hand-off screen covers everything
        h = self.size[1]
        strip = pygame.Rect(0, 0, self.table_rect.w, self.top_h)
        surface.fill(self.pal.felt_dark, strip)
        pygame.draw.line(
            surface, self.pal.gold, strip.bottomleft, strip.bottomright, max(1, px(1, h))
        )
        line = self.replay_line()
        room = strip.w - px(24, h)
        img = typeset.fit(line, px(15, h), room, self.pal.gold_light, bold=True, min_size=px(11, h))
        surface.blit(img, img.get_rect(midleft=(px(12, h), strip.centery)))
        self.drawn.cards.dirty = None  # the strip is not in the cached layer: draw whole
