"""The table's commands: the side panel's buttons, the chooser of options, undo, save, leave.

A mixin of :class:`~tabletop.ui.table.scene.TableScene`: buttons and keys both end here, and
so does the way to the results scene.
"""

from __future__ import annotations

import pygame

from tabletop.controller.saving import save_files
from tabletop.engine import Action
from tabletop.ui import typeset
from tabletop.ui.first_game import remember_choice
from tabletop.ui.table.seats import panel_boxes, small_rows
from tabletop.ui.table.widgets import Button
from tabletop.ui.theme import px

# what hovering the panel's small buttons says (a greyed one says why it is greyed)
UNDO_TIP = ("Undo (Ctrl+Z)", "Take back your last move.")
NO_UNDO_TIP = (
    "Nothing to undo",
    "A move that showed hidden cards (a card drawn, a hand seen) cannot be taken back, nor "
    "can another player's move.",
)
HINT_TIP = ("Hint (H)", "The move the Hard AI would play here, and why.")
NO_HINT_TIP = ("Hint (H)", "There is nothing for you to play now.")
SAVE_TIP = ("Save (Ctrl+S)", "Save the game to a new file; Load on the title screen resumes it.")
LEAVE_TIP = ("Leave (Esc)", "Back to the title screen, where Continue resumes this game.")
ONLINE_SAVE_TIP = ("Kept by the server", "The table's server keeps an online game move by move.")
ONLINE_LEAVE_TIP = ("Leave (Esc)", "Your seat waits: Play online on the title screen rejoins it.")
STANDIN_TIP = (
    "Let the AI play",
    "This player's connection is gone. After the grace period the AI plays their seat until "
    "they rejoin, so the game can go on.",
)


class Commands:
    """What the panel's buttons (and their keys) do (mixed into the table scene)."""

    def _build_buttons(self) -> None:
        h = self.size[1]
        pad = px(8, h)
        x = self.side_rect.x + pad
        w = self.side_rect.w - 2 * pad
        bh = typeset.grown(30, h)
        y = self._actions_top()
        self.buttons = []
        for label, acts in self.presses.items():
            self.buttons.append(
                Button(pygame.Rect(x, y, w, bh), self.names_in(label), ("act", acts))
            )
            y += bh + pad // 2
        if self.online and self.net.is_host() and not self.match.is_over():
            for seat in self.net.away_seats():  # the host may let the AI stand in for them
                name = self.match.seats[seat].name
                self.buttons.append(
                    Button(
                        pygame.Rect(x, y, w, bh),
                        f"Let the AI play for {name}",
                        ("standin", seat),
                        extra={"tip": STANDIN_TIP},
                    )
                )
                y += bh + pad // 2
        can_undo = self.viewer is not None and self.match.can_undo(self.viewer)
        small = [
            ("Undo", "undo", can_undo, UNDO_TIP if can_undo else NO_UNDO_TIP),
            ("Hint", "hint", bool(self.legal), HINT_TIP if self.legal else NO_HINT_TIP),
            ("Save", "save", not self.online, ONLINE_SAVE_TIP if self.online else SAVE_TIP),
            ("Leave", "leave", True, self._online_leave_tip() if self.online else LEAVE_TIP),
        ]
        per_row = 4 if small_rows(self) == 1 else 2  # two rows of two at a large text scale
        part = (w - (per_row - 1) * (pad // 2)) // per_row
        for i, (label, what, ok, tip) in enumerate(small):
            col, row = i % per_row, i // per_row
            r = pygame.Rect(
                x + col * (part + pad // 2), y + pad // 2 + row * (bh + pad // 2), part, bh
            )
            self.buttons.append(Button(r, label, (what, None), enabled=ok, extra={"tip": tip}))
        y += (4 // per_row - 1) * (bh + pad // 2)
        self.log_top = y + bh + 2 * pad
        if self.match.all_ai and not self.match.is_over():
            half = (w - pad // 2) // 2
            label = "Resume (Space)" if self.paused else "Pause (Space)"
            self.buttons.append(
                Button(pygame.Rect(x, self.log_top, half, bh), label, ("pause", None))
            )
            label = "Normal speed (F)" if self.fast else "Fast (F)"
            r = pygame.Rect(x + w - half, self.log_top, half, bh)
            self.buttons.append(Button(r, label, ("fast", None)))
            self.log_top += bh + pad

    def _online_leave_tip(self) -> tuple[str, str]:
        """Leave's tip at an online table: the seat waits; the table's code for friends."""
        title, text = ONLINE_LEAVE_TIP
        link = getattr(self.match, "link", "") or f"table {self.match.code}"
        return title, f"{text} This table: {link}"

    def _actions_top(self) -> int:
        return panel_boxes(self)[2] + px(6, self.size[1])

    def _press(self, b: Button) -> None:
        what, acts = b.payload
        if what == "act":
            self._act(acts, b.rect.center)
        elif what == "undo":
            self.undo()
        elif what == "hint":
            self.request_hint()
        elif what == "pause":
            self.toggle_pause()
        elif what == "fast":
            self.toggle_fast()
        elif what == "standin":
            self.net.hand_to_ai(acts)
        elif what == "save":
            self.save_named()
        elif what == "leave":  # the autosave stays: the title offers to continue
            self.leave_table()

    def _act(
        self, actions: list[Action], at: tuple[int, int], from_rect: pygame.Rect | None = None
    ) -> None:
        """One action applies at once; several open the chooser at ``at``."""
        seat = self.shown
        if seat is None or not actions:
            return
        if len(actions) == 1:
            self.apply(seat, actions[0], from_rect)
            return
        h = self.size[1]
        bh, pad = typeset.grown(28, h), px(6, h)
        labels = [self.names_in(a.gesture.choice or a.text) for a in actions]
        w = (
            max(typeset.text(lb, px(14, h), self.pal.ivory, True).get_width() for lb in labels)
            + 4 * pad
        )
        # as many columns as needed to fit the window (a long list of bids, say)
        n = len(actions)
        fit = max(1, (self.size[1] - 3 * pad) // (bh + pad))
        cols = min(-(-n // fit), max(1, self.size[0] // (w + pad)))
        rows = -(-n // cols)
        w = min(w, (self.size[0] - (cols + 1) * pad) // cols)
        total_w = cols * (w + pad) - pad
        total = rows * (bh + pad) + pad
        x = min(max(0, at[0] - total_w // 2), self.size[0] - total_w)
        y = min(max(0, at[1] - total // 2), self.size[1] - total)
        options = [
            Button(
                pygame.Rect(x + (i // rows) * (w + pad), y + pad + (i % rows) * (bh + pad), w, bh),
                lb,
                a,
            )
            for i, (lb, a) in enumerate(zip(labels, actions, strict=True))
        ]
        self.interaction.choose(tuple(options), seat, from_rect)

    def undo(self) -> None:
        """Take back the shown seat's last action if allowed."""
        seat = self.viewer
        if seat is None or self.privacy is not None:
            return
        if self.match.undo(seat):
            self.cue("slide")
            self.ctl.still()
            self._after_change()
        else:
            self.show_toast("Nothing to undo: hidden cards were revealed or another player moved.")

    def toggle_pause(self) -> None:
        """All-AI games: stop or go on playing."""
        self.ctl.toggle_pause()
        self._build_buttons()

    def step_once(self) -> None:
        """All-AI games: pause after playing one more move."""
        self.ctl.step_once()
        self._build_buttons()

    def toggle_fast(self) -> None:
        """All-AI games: play on without waiting or animating, or back to watching."""
        self.ctl.toggle_fast()
        self._build_buttons()

    def toggle_sound(self) -> None:
        """M: sound off or back on (kept in the settings), said in a toast."""
        flip = getattr(self.app, "toggle_sound", None)
        if callable(flip):
            on = flip()
            self.show_toast("Sound on (M mutes it)." if on else "Sound off (M turns it on).")

    def step_text_scale(self, step: int) -> None:
        """Ctrl + / Ctrl −: the text one step larger or smaller (kept in the settings; the
        cards keep their size), said in a toast."""
        stepper = getattr(self.app, "step_text_scale", None)
        if callable(stepper):
            percent = stepper(step)
            self.show_toast(f"Text at {percent} % (Ctrl + / Ctrl − change it).")

    def toggle_read_aloud(self) -> None:
        """V: read aloud on or off (kept in the settings), said in a toast (and aloud)."""
        from tabletop.ui import speech

        s = self.app.settings
        s.read_aloud = not s.read_aloud
        keep = getattr(self.app, "keep_settings", None)
        if callable(keep):
            keep()
        problem = speech.engine_problem() if s.read_aloud else None
        if problem:
            self.show_toast(problem)
        else:
            self.show_toast("Read aloud on (V stops it)." if s.read_aloud else "Read aloud off.")

    def toggle_guide(self) -> None:
        """G: the first-game guide on or off, kept for this title's later games, said in a
        toast."""
        on = self.ctl.flip_guide()
        remember_choice(self.app.settings, self.match.game.info.id, on)
        keep = getattr(self.app, "keep_settings", None)
        if callable(keep):
            keep()
        title = self.data.game.name
        self.show_toast(
            f"Guide on, and kept on for {title} (G hides it)."
            if on
            else f"Guide off, and kept off for {title} (G shows it again)."
        )

    def leave_table(self) -> None:
        """Back to the title; the autosave stays, so the title offers to continue (an online
        seat waits on its server: Play online offers to rejoin it)."""
        if self.online:  # the others see the seat empty; its token rejoins it later
            from tabletop.ui.online_session import leave_seats

            leave_seats(self.match)
        go_home = getattr(self.app, "go_home", None)
        if callable(go_home):
            go_home()
        else:
            self.app.pop()

    def ask_to_leave(self) -> None:
        """Esc with nothing to cancel: leave the table after a yes (the game is autosaved)."""
        if self.online and not self.match.is_over():
            text = (
                "Your seat waits for you on the table's server: Play online on the title "
                "screen takes you back to it."
            )
        elif self.match.is_over() or self.match.save_path is None:
            text = "Leave this table and go back to the title screen?"
        else:
            text = "The game is saved: Continue on the title screen resumes it."
        self.app.confirm("Leave the table?", text, self.leave_table, yes="Leave")

    def save_named(self) -> None:
        """Write the match to a new file in the saves folder."""
        import time

        from tabletop.controller.saving import saves
        from tabletop.ui.places import saves_dir

        if self.online:
            self.show_toast("The table's server keeps this online game; nothing to save here.")
            return
        stem = f"{self.match.game.info.id}-{time.strftime('%Y%m%d-%H%M%S')}"
        try:  # a name already taken (a clock set back) gets "-2", never overwrites
            path = saves.write_new(saves_dir(), stem, self.match.to_json())
        except OSError as e:
            self.show_toast(f"The game could not be saved: {e.strerror or e}")
            return
        self.show_toast(f"Saved as {path.name}")

    def open_results(self) -> None:
        """Leave for the app's results scene."""
        if not self.ctl.open_results():
            return
        if self.match.save_path is not None and self.match.is_over():
            # nothing left to continue: the autosave and its journal go, after the writer
            # thread has finished (an unlink alone raced a queued snapshot that wrote it back)
            try:
                save_files.delete(self.match.save_path)
            except save_files.SaveFileError as e:
                self.show_toast(str(e))
        self.app.replace(self.app.results_scene(self.match))
