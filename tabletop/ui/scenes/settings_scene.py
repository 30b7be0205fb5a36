"""Settings: animation speed, card size, text scale, fullscreen, the colour-blind-safe
palette, sound and its volume, the first-game guide, reading aloud and its speed, and reduced
motion.  Every change is applied and saved at once.  Only settings the app acts on are
offered.  Rows grow with the text scale; where they no longer fit the window they are shown
a page at a time (a "More settings" button turns the page)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from tabletop.ui import fonts, sound, speech
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.settings import (
    ANIMATION_SPEEDS,
    CARD_SIZES,
    SPEECH_RATES,
    TEXT_SCALES,
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
    ("text_scale", "Text scale", tuple(f"{p} %" for p in TEXT_SCALES)),
    ("volume", "Volume", tuple(VOLUMES)),
    ("speech_rate", "Reading speed", SPEECH_RATES),
)
# the rows top to bottom (and in the keyboard order)
ROWS: tuple[str, ...] = (
    "animation_speed", "reduced_motion", "card_size", "text_scale", "fullscreen", "colour_safe",
    "guide", "sound", "volume", "read_aloud", "speech_rate",
)  # fmt: skip


def _shown(key: str, value: Any) -> str:
    """A setting's value as its drop-down shows it ("150 %" for a text scale of 150)."""
    return f"{value} %" if key == "text_scale" else str(value)


def _stored(key: str, shown: str) -> Any:
    """A drop-down's choice as the setting keeps it (150 for "150 %")."""
    if key == "text_scale":
        digits = shown.split()[0] if shown.split() else ""
        return int(digits) if digits.isdigit() else 100
    return shown


class SettingsScene(GuiScene):
    """One row per setting; Back returns."""

    heading = "Settings"
    page = 0  # which page of rows shows, where they do not all fit

    def build(self) -> None:
        """Labels on the left, controls on the right."""
        self._menus: dict[Any, str] = {}
        ts = fonts.text_scale()
        area = self.content_rect(width=720 * min(ts, 1.5), bottom=100)
        w, h = self.app.size
        row, gap = self.px(36 * ts), self.px(7)
        bh, bw = self.px(44 * min(ts, 1.5)), self.px(180 * ts)
        back_top = h - self.px(44) - bh
        self.sound_note = self._sound_note()
        self.voice_note = self._voice_note()
        shown = [n for n in (self.sound_note, self.voice_note) if n]
        notes = self.px(18 * ts) * len(shown) + self.px(26 * ts)  # and the path, under the rows

        def fits(n: int, paged: bool) -> bool:
            bottom = area.y + n * (row + gap) - gap
            if paged:  # the notes clear of Back and the page turner
                return bottom + notes <= back_top
            return bottom <= back_top - self.px(8) and bottom + notes <= h - self.px(20)

        per_page = len(ROWS)
        if not fits(per_page, False):
            per_page = max([1] + [n for n in range(1, len(ROWS)) if fits(n, True)])
        pages = [ROWS[i : i + per_page] for i in range(0, len(ROWS), per_page)]
        self.page = min(self.page, len(pages) - 1)
        label_w = round(area.w * 0.58)
        ctrl = pygame.Rect(area.x + label_w, 0, area.w - label_w, row)
        panel = pygame.Rect(area.x - self.px(28), area.y - self.px(18), area.w + self.px(56), 0)
        y = area.y
        s = self.app.settings
        choices = {key: (text, options) for key, text, options in CHOICES}
        toggles = dict(TOGGLES)
        for key in pages[self.page]:
            if key in choices:
                text, options = choices[key]
                self.label(pygame.Rect(area.x, y, label_w, row), text)
                now = _shown(key, getattr(s, key))
                menu = pygame_gui.elements.UIDropDownMenu(
                    list(options), now, ctrl.move(0, y), manager=self.ui
                )
                self._menus[menu] = key
                self.menu_keys(menu, list(options), now, self._chooser(key))
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
        for note in (self.sound_note, self.voice_note):
            if note:
                self.label(
                    pygame.Rect(area.x, y - self.px(8), area.w, self.px(22 * ts)), note, "@subtle"
                )
                y += self.px(18 * ts)
        self.label(
            pygame.Rect(area.x, y + self.px(4), area.w, self.px(22 * ts)),
            f"Saved in {settings_path()}",
            object_id="@subtle",
        )
        panel.height = y + self.px(40) - panel.y
        self.panel_rect = panel
        bottom = back_top
        if len(pages) > 1:  # Back and the page turner side by side
            self.default_button = self.button(
                pygame.Rect(w // 2 - bw - self.px(8), bottom, bw, bh), "Back", self.back
            )
            more = "More settings" if self.page + 1 < len(pages) else "First settings"
            self.button(pygame.Rect(w // 2 + self.px(8), bottom, bw, bh), more, self._turn)
            self.pages = len(pages)
            return
        self.pages = 1
        self.default_button = self.button(
            pygame.Rect((w - bw) // 2, bottom, bw, bh), "Back", self.back
        )

    def _turn(self) -> None:
        """Show the next page of rows (after the last, the first)."""
        self.page = (self.page + 1) % max(1, self.pages)
        self.rebuild()

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
            setattr(self.app.settings, key, _stored(key, value))
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
