"""Keyboard input at the table, dispatched through :data:`tabletop.ui.keys.BINDINGS`.

A mixin of :class:`~tabletop.ui.table.scene.TableScene`: the table's key handlers (focus,
Enter, Esc, log scrolling, undo, hint, save, the all-AI controls, sound) and the keys of an
open chooser of options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.ui import keys

LOG_PAGE = 5  # log lines PgUp / PgDn scroll


class KeyboardInput:
    """Key presses at the table (mixed into the table scene)."""

    def _key(self, event: pygame.event.Event) -> None:
        """Dispatch a key through :data:`tabletop.ui.keys.BINDINGS` (the Keys sheet's list)."""
        if self.privacy is not None:
            if keys.find(event, "privacy") is not None:
                self.interaction.reveal()
                self.refresh()
            return
        if self.chooser and self._chooser_key(event):
            return
        b = keys.find(event, "table")
        if b is not None:
            self.key_handlers()[b.action](event)

    def key_handlers(self) -> dict[str, Callable[[pygame.event.Event], None]]:
        """The table's key handlers by binding action (a test checks they match the list)."""

        def ai_only(fn: Callable[[], Any]) -> Callable[[pygame.event.Event], None]:
            return lambda e: None if not self.match.all_ai else fn()

        return {
            "focus": self._key_focus,
            "enter": self._key_enter,
            "escape": self._key_escape,
            "log": self._key_log,
            "undo": lambda e: self.undo(),
            "hint": lambda e: self.request_hint(),
            "rules": lambda e: self.app.show_rules(self.match.game.info.id, self.match.options),
            "save": lambda e: self.save_named(),
            "pause": ai_only(self.toggle_pause),
            "step": ai_only(self.step_once),
            "fast": ai_only(self.toggle_fast),
            "sound": lambda e: self.toggle_sound(),
            "text_size": lambda e: self.step_text_scale(-1 if e.key in keys.SMALLER else 1),
            "voice": lambda e: self.toggle_read_aloud(),
            "guide": lambda e: self.toggle_guide(),
            "chat": lambda e: self.net.open_chat(),
        }

    def _key_focus(self, event: pygame.event.Event) -> None:
        if self.drawn.final_button is not None:  # the final scoring: Tab selects Continue
            self.ctl.focus_continue()
            return
        step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
        self.ctl.step_focus(step, len(self.legal))  # Tab chooses the move: the hint gives way

    def _key_enter(self, event: pygame.event.Event) -> None:
        if self.drawn.final_button is not None:
            # results need a click, or Tab then Enter: an Enter pressed for the last moves
            # must not run on past the final scoring (and into a rematch)
            if self.final_focus:
                self.open_results()
        elif (chooser := self.interaction.close()) is not None:
            b = chooser.options[min(chooser.pick, len(chooser.options) - 1)]
            self.apply(chooser.seat, b.payload)
        elif 0 <= self.focus < len(self.legal) and self.shown is not None:
            self.apply(self.shown, self.legal[self.focus])
        elif self.hint is not None and self.hint in self.legal and self.shown is not None:
            self.apply(self.shown, self.hint)

    def _key_escape(self, event: pygame.event.Event) -> None:
        ia = self.interaction
        if self.skip_banner():
            return
        if ia.zoom is not None:
            ia.unzoom()
        elif ia.chooser is not None:
            ia.close()
        elif self.dragging or self.selected:
            ia.drop()
        elif self.focus >= 0 or self.hint is not None:
            self.ctl.clear_choice()
        else:
            self.ask_to_leave()

    def _key_log(self, event: pygame.event.Event) -> None:
        """PgUp shows older log lines, PgDn newer ones (no further back than the oldest)."""
        page = LOG_PAGE if event.key == pygame.K_PAGEUP else -LOG_PAGE
        self.scroll_log(page)

    def _chooser_key(self, event: pygame.event.Event) -> bool:
        """Arrows move in the open chooser; typed digits or letters jump to a matching option."""
        b = keys.find(event, "chooser")
        chooser = self.interaction.chooser
        assert chooser is not None
        n = len(chooser.options)
        if b is not None and b.action == "pick":
            back = event.key in (pygame.K_UP, pygame.K_LEFT)
            self.interaction.pick((chooser.pick + (-1 if back else 1)) % n)
        elif b is not None and b.action == "erase":
            self.interaction.pick(chooser.pick, chooser.typed[:-1])
        else:
            ch = getattr(event, "unicode", "") or ""
            if not (ch.isalnum() and len(ch) == 1):
                return False
            typed = (chooser.typed + ch).lower()
            labels = [c.label.lower() for c in chooser.options]
            hits = [i for i, lb in enumerate(labels) if lb.startswith(typed)]
            if not hits:  # start a new entry with this key
                typed = ch.lower()
                hits = [i for i, lb in enumerate(labels) if lb.startswith(typed)]
            if not hits:
                return True
            # an exact number ("1" must not pick "10 coins") comes first
            exact = [i for i in hits if not labels[i][len(typed) : len(typed) + 1].isalnum()]
            self.interaction.pick((exact or hits)[0], typed)
        return True
