"""The title scene: the game's name with its ornaments and the main menu."""

from __future__ import annotations

import os
from functools import partial
from importlib import import_module
from typing import Any

import pygame

import tabletop
from tabletop.ui import fonts, places
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.theme import TYPE_SIZES, mix

SUITS = "♠♥♦♣"
# the menu's buttons that open a scene: text, then the module and class of the scene
_OPENS = (
    ("New game", ("new_game", "NewGameScene")),
    ("Play online", ("online", "OnlineScene")),  # host a table or join one
    ("Load", ("load_game", "LoadScene")),
    ("Records", ("records_scene", "RecordsScene")),  # statistics and finished games
    ("Rules", ("rules", "RulesScene")),
    ("Settings", ("settings_scene", "SettingsScene")),
    ("Credits", ("credits", "CreditsScene")),
)


class TitleScene(GuiScene):
    """Continue, New game, Load, Rules, Settings, Credits, Quit.

    The app's first scene: its first frame is drawn before pygame_gui is imported (the
    menu as plain drawings in the widgets' colours), and the widgets take over on the
    next frame.
    """

    first_frame_plain = True
    _problems: list[str]
    _continue_ok: bool | None = None  # the autosave checked whole (None: not yet)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._problems = []
        super().__init__(*args, **kwargs)

    def menu(self) -> list[tuple[str, Any, bool, pygame.Rect]]:
        """(text, action, enabled, rect) of each menu button, top to bottom.

        Before the autosave has been checked (the plain first frame) Continue shows whether
        the file exists; the check, which replays the save, comes with the widgets.
        """
        w, _h = self.app.size
        ts = fonts.text_scale()
        bw, bh, gap = self.px(330), self.px(38 * ts), self.px(6)  # nine fit at 720 high
        can_continue = self._continue_ok
        if can_continue is None:
            can_continue = places.autosave_path().is_file()
        entries = [
            ("Continue", self.continue_game, can_continue),
            *((text, partial(self.open_scene, *where), True) for text, where in _OPENS),
            ("Quit", self.back, True),
        ]
        top = self.px(246 + TYPE_SIZES["heading"] * 1.3 * (ts - 1))  # under a taller motto
        room = self.keys_rect().top - self.px(30) - top
        cols = 1  # larger text: the column of buttons folds into two or three
        while cols < 3 and -(-len(entries) // cols) * (bh + gap) - gap > room:
            cols += 1
        rows = -(-len(entries) // cols)
        bw = min(bw, (w - self.px(120) - (cols - 1) * self.px(16)) // cols)
        col_gap = self.px(16)
        x = (w - cols * bw - (cols - 1) * col_gap) // 2
        width = cols * bw + (cols - 1) * col_gap
        self.menu_rect = pygame.Rect(x, top, width, rows * (bh + gap) - gap)
        return [
            (
                text,
                action,
                enabled,
                pygame.Rect(
                    x + (i // rows) * (bw + col_gap), top + (i % rows) * (bh + gap), bw, bh
                ),
            )
            for i, (text, action, enabled) in enumerate(entries)
        ]

    def keys_rect(self) -> pygame.Rect:
        """Where the Keys (F1) button sits, bottom left."""
        h = self.app.size[1]
        ts = fonts.text_scale()
        bh = self.px(34 * ts)
        return pygame.Rect(self.px(36), h - self.px(30) - bh, self.px(120 * ts), bh)

    def build(self) -> None:
        """The menu column."""
        self._continue_ok = self._can_resume()
        for text, action, enabled, rect in self.menu():
            b = self.button(rect, text, action, object_id="#menu_button", enabled=enabled)
            if self.default_button is None and enabled:
                self.default_button = b
        self.button(self.keys_rect(), "Keys (F1)", self.keys)
        self._resumable()

    def _can_resume(self) -> bool:
        """True when the autosave exists and was checked whole (a failing one is moved aside
        and its message kept for :meth:`enter` to show)."""
        auto = places.autosave_path()
        if not os.path.lexists(auto):
            return False
        from tabletop.controller.saving import (
            saves,
        )  # (the controller loads only for a real autosave)

        ok, problem = saves.offer_check(auto)
        if problem:
            self._problems.append(problem)
        return ok and auto.is_file()

    def _resumable(self) -> None:
        auto = places.autosave_path()
        if self._continue_ok and auto.is_file():
            from tabletop.ui.scenes.load_game import describe

            self.resumable = describe(auto)  # what Continue resumes
        else:
            self.resumable = ""

    def draw_plain(self, surface: pygame.Surface) -> None:
        """The menu buttons drawn in the theme's colours, before the widgets exist."""
        from tabletop.ui.gui_theme import plain_button

        for text, _action, enabled, rect in self.menu():
            plain_button(surface, rect, text, self.app.palette, self.scale, "display", enabled)
        plain_button(surface, self.keys_rect(), "Keys (F1)", self.app.palette, self.scale)

    def enter(self) -> None:
        """Rebuild when uncovered if the autosave appeared or vanished meanwhile; say why an
        autosave could not be offered."""
        if self.ui is None and self._waiting_for_widgets():
            super().enter()  # the plain first frame: the check comes with the widgets
            return
        can_continue = self._can_resume()
        if self.ui is not None and getattr(self, "_can_continue", can_continue) != can_continue:
            self.rebuild()
        else:
            super().enter()
        self._can_continue = can_continue
        self._report_problems()

    def update(self, dt: float) -> None:
        """Advance the widgets; once built after a plain first frame, say what the check found."""
        super().update(dt)
        if self.ui is not None:
            self._report_problems()

    def _report_problems(self) -> None:
        if self._problems:
            text = "\n\n".join(dict.fromkeys(self._problems))
            self._problems.clear()
            self.app.show_message("The interrupted game could not be used", text)

    # --- actions -------------------------------------------------------------------------
    def continue_game(self) -> None:
        """Resume the autosaved match."""
        from tabletop.ui import launch
        from tabletop.ui.scenes.dialogs import attempt

        attempt(
            self.app, "Cannot continue", lambda: launch.resume(self.app, places.autosave_path())
        )

    def open_scene(self, module: str, name: str) -> None:
        """Push the scene class ``name`` of ``tabletop.ui.scenes.<module>`` (imported on
        first use: the title's own frame loads none of them)."""
        scene = getattr(import_module(f"tabletop.ui.scenes.{module}"), name)
        self.app.push(scene(self.app))

    def keys(self) -> None:
        """Open the Keys sheet."""
        from tabletop.ui.scenes import keys_sheet

        keys_sheet.toggle(self.app)

    def back(self) -> None:
        """Esc or Quit: ask, then close the app."""
        from tabletop.ui.scenes.dialogs import confirm

        confirm(
            self.app,
            "Quit Tabletop?",
            "Close the window? A game in progress stays saved: Continue resumes it.",
            self.app.quit,
            yes="Quit",
        )

    # --- drawing -------------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        """The title treatment: name, motto, suit ornaments, and a panel behind the menu."""
        pal = self.app.palette
        w, h = surface.get_size()
        with fonts.unscaled():  # the name is the app's sign, already larger than any text
            hero = fonts.font("display", self.px(TYPE_SIZES["hero"]))
            suit_font = fonts.font("body", self.px(20))  # ornaments in their discs
        cx = w // 2
        y = self.px(58)
        for dx, dy, colour, alpha in (
            (3, 4, (0, 0, 0), 170),
            (0, 0, mix(pal.gold, pal.wood, 0.45), 255),
        ):
            img = hero.render("Tabletop", True, colour)
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(midtop=(cx + self.px(dx), y + self.px(dy))))
        img = hero.render("Tabletop", True, pal.gold_light)
        rect = img.get_rect(midtop=(cx - self.px(1), y - self.px(1)))
        surface.blit(img, rect)
        motto = fonts.font("display_italic", self.px(TYPE_SIZES["heading"]))
        m = motto.render("card games of the court", True, mix(pal.ivory, pal.gold_light, 0.4))
        my = rect.bottom + self.px(2)
        surface.blit(m, m.get_rect(midtop=(cx, my)))
        # Suit ornaments on a rule.
        ry = my + m.get_height() + self.px(20)
        self.draw_rule(surface, ry, self.px(230))
        colours = [pal.ivory, pal.crimson, pal.crimson, pal.ivory]
        spacing = self.px(44)
        for i, (ch, col) in enumerate(zip(SUITS, colours, strict=True)):
            sx = cx + (i - 1.5) * spacing * 2.2
            if i >= 2:
                sx += 0
            disc = pygame.Rect(0, 0, self.px(30), self.px(30))
            disc.center = (round(sx), ry)
            pygame.draw.circle(surface, pal.parchment, disc.center, disc.w // 2)
            pygame.draw.circle(surface, pal.gold, disc.center, disc.w // 2, max(1, self.px(1.5)))
            g = suit_font.render(ch, True, col if col != pal.ivory else pal.ink)
            surface.blit(g, g.get_rect(center=disc.center))
        # A dark panel behind the menu.
        if getattr(self, "menu_rect", None) is None:
            self.menu()  # the first frame, before the widgets are built
        panel = getattr(self, "menu_rect", None)
        if panel is not None:
            p = panel.inflate(self.px(56), self.px(44))
            veil = pygame.Surface(p.size, pygame.SRCALPHA)
            pygame.draw.rect(
                veil, (*pal.felt_dark, 200), veil.get_rect(), border_radius=self.px(16)
            )
            surface.blit(veil, p)
            pygame.draw.rect(
                surface,
                mix(pal.gold, pal.felt_dark, 0.4),
                p,
                max(1, self.px(2)),
                border_radius=self.px(16),
            )
        small = fonts.font("body", self.px(TYPE_SIZES["small"]))
        if panel is not None and getattr(self, "resumable", ""):
            note = small.render(f"Continue: {self.resumable}", True, pal.gold_light)
            top = panel.bottom + self.px(22) + self.px(6)
            surface.blit(note, note.get_rect(midtop=(cx, min(top, h - self.px(60)))))
        v = small.render(f"version {tabletop.__version__}", True, mix(pal.ivory, pal.felt, 0.5))
        surface.blit(v, v.get_rect(bottomright=(w - self.px(36), h - self.px(30))))
