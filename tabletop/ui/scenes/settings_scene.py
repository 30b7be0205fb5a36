"""Settings: animation speed, card size, fullscreen, the colour-blind-safe palette, sound and
its volume, the first-game guide, reading aloud and its speed, and reduced motion.  Every
change is applied and saved at once.  Only settings the app acts on are offered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from tabletop.ui import sound, speech
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.settings import (
    ANIMATION_SPEEDS,
    CARD_SIZES,
    SPEECH_RATES,
    VOLUMES,
    settings_path,
)

TOGGLES: tuple[tuple[str, str], ...] = (
    ("fullscreen", "Fullscreen (F11)"),
    ("colour_safe", "Colour-blind-safe colours"),
    ("sound", "Sound (M at the table)"),
    ("guide", "Guide in a first game (G)"),
    ("read_aloud", "Read aloud (V at the table)"),
    ("reduced_motion", "Reduced motion (cards jump)"),
)
CHOICES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("animation_speed", "Animation speed", tuple(ANIMATION_SPEEDS)),
    ("card_size", "Card size", tuple(CARD_SIZES)),
    ("volume", "Volume", tuple(VOLUMES)),
    ("speech_rate", "Reading speed", SPEECH_RATES),
)
# the rows top to bottom (and in the keyboard order)
ROWS: tuple[str, ...] = (
    "animation_speed", "reduced_motion", "card_size", "fullscreen", "colour_safe", "guide",
    "sound", "volume", "read_aloud", "speech_rate",
)  # fmt: skip


class SettingsScene(GuiScene):
    """One row per setting; Back returns."""

    heading = "Settings"

    def build(self) -> None:
        """Labels on the left, controls on the right."""
        self._menus: dict[Any, str] = {}
        area = self.content_rect(width=720, bottom=100)
        w, h = self.app.size
        row, gap = self.px(36), self.px(7)
        label_w = round(area.w * 0.58)
        ctrl = pygame.Rect(area.x + label_w, 0, area.w - label_w, row)
        panel = pygame.Rect(area.x - self.px(28), area.y - self.px(18), area.w + self.px(56), 0)
        y = area.y
        s = self.app.settings
        choices = {key: (text, options) for key, text, options in CHOICES}
        toggles = dict(TOGGLES)
        for key in ROWS:
            if key in choices:
                text, options = choices[key]
                self.label(pygame.Rect(area.x, y, label_w, row), text)
                menu = pygame_gui.elements.UIDropDownMenu(
                    list(options), getattr(s, key), ctrl.move(0, y), manager=self.ui
                )
                self._menus[menu] = key
                self.menu_keys(menu, list(options), getattr(s, key), self._chooser(key))
            else:
                self.label(pygame.Rect(area.x, y, label_w, row), toggles[key])
                on = bool(getattr(s, key))
                self.button(
                    ctrl.move(0, y),
                    "On" if on else "Off",
                    self._toggler(key),
                    object_id="#toggle_on" if on else None,
                )
            y += row + gap
        self.sound_note = self._sound_note()
        self.voice_note = self._voice_note()
        for note in (self.sound_note, self.voice_note):
            if note:
                self.label(
                    pygame.Rect(area.x, y - self.px(8), area.w, self.px(22)), note, "@subtle"
                )
                y += self.px(18)
        self.label(
            pygame.Rect(area.x, y + self.px(4), area.w, self.px(22)),
            f"Saved in {settings_path()}",
            object_id="@subtle",
        )
        panel.height = y + self.px(40) - panel.y
        self.panel_rect = panel
        bh = self.px(44)
        self.default_button = self.button(
            pygame.Rect((w - self.px(180)) // 2, h - self.px(44) - bh, self.px(180), bh),
            "Back",
            self.back,
        )

    def _sound_note(self) -> str:
        """Words when sound is switched on but cannot be heard ("" otherwise)."""
        working = getattr(getattr(self.app, "sound", None), "working", None)
        if not self.app.settings.sound or working is None or working():
            return ""
        return "Sound is on, but no sound device works here: nothing will be heard."

    def _voice_note(self) -> str:
        """Words when Read aloud is on but no speech engine answers: what to install."""
        if not self.app.settings.read_aloud:
            return ""
        return speech.engine_problem() or ""

    def _toggler(self, key: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self.app.settings, key, not getattr(self.app.settings, key))
            self.app.save_settings()
            self._preview(key)

        return flip

    def _chooser(self, key: str) -> Callable[[str], None]:
        def choose(value: str) -> None:
            setattr(self.app.settings, key, value)
            self.app.save_settings()  # rebuilds every scene, so the menu shows the value
            self._preview(key)

        return choose

    def _preview(self, key: str) -> None:
        """Sound switched on or its volume changed: let the player hear it."""
        if key in ("sound", "volume"):
            sound.play(self.app, "turn")
        if key in ("read_aloud", "speech_rate") and self.app.settings.read_aloud:
            from tabletop.ui import narration

            narration.speaker(self.app).say("Reading aloud, at this speed.", None)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """A drop-down changed: store and save."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = self._menus.get(event.ui_element)
            if key is not None:
                self._chooser(key)(event.text)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """A dark panel behind the rows."""
        pal = self.app.palette
        r = getattr(self, "panel_rect", None)
        if r is None:
            return
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*pal.felt_dark, 200), veil.get_rect(), border_radius=self.px(14))
        surface.blit(veil, r)
