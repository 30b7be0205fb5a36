"""Rename a save: a text entry with Cancel / Rename; an existing name is refused, never
overwritten."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import pygame

from tabletop import text_gate
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.dialogs import MessageDialog


class RenameDialog(MessageDialog):
    """Type the new name; Rename (or Enter) does it, Cancel (or Esc) leaves the file alone."""

    def __init__(self, app: AppContext, path: Path, done: Callable[[Path], None]) -> None:
        super().__init__(
            app,
            "Rename this save",
            f"New name for “{text_gate.file_name(path, stem=True)}”:",
            buttons=(("Cancel", None), ("Rename", self.rename)),
        )
        self.path = Path(path)
        self.done = done
        self.typed = text_gate.file_name(path, stem=True)
        self.problem = ""
        self.entry = None

    def build(self) -> None:
        """The question, the entry (focused) and the buttons."""
        import pygame_gui

        from tabletop.controller.saving.save_files import MAX_NAME

        inner = self.framed(600, 340, 40, 44)
        bh = self.px(44)
        words = html.escape(self.problem or self.text)
        self.text_box(
            words, pygame.Rect(inner.x, inner.y + self.px(48), inner.w, self.px(86)), "#dialog_text"
        )
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(inner.x, inner.y + self.px(144), inner.w, self.px(40)),
            manager=self.ui,
            initial_text=self.typed,
        )
        self.entry.set_text_length_limit(MAX_NAME)
        self.entry_keys(self.entry)
        bw, gap = self.px(150), self.px(12)
        x = inner.right - 2 * bw - gap
        for i, (label, _) in enumerate(self.buttons):
            b = self.button(
                pygame.Rect(x + i * (bw + gap), inner.bottom - bh, bw, bh),
                label,
                lambda i=i: self.choose(i),
                object_id="#primary_button" if i == 1 else None,
            )
            if i == 1:
                self.default_button = b
        self.set_focus(0)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """Keep what is typed (the widgets are rebuilt on a resize)."""
        if self.entry is not None:
            self.typed = self.entry.get_text()

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._typing():
            self.typed = self.entry.get_text() if self.entry is not None else self.typed
            self.choose(1)
            return True
        return super()._key(event)

    def choose(self, index: int) -> None:
        """Cancel closes; Rename renames, or says why not and stays open."""
        if index == 0:
            self.app.pop()
            return
        self.rename()

    def rename(self) -> None:
        """Rename the file (refusing a name already taken)."""
        from tabletop.controller.saving.save_files import SaveFileError, rename

        if self.entry is not None:
            self.typed = self.entry.get_text()
        try:
            target = rename(self.path, self.typed)
        except SaveFileError as e:
            self.problem = str(e)
            self.rebuild()
            return
        self.app.pop()
        self.done(target)
