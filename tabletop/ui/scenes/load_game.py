"""Load: the saved matches (newest first), each opened with ``launch.resume``."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tabletop.controller.saves import peek
from tabletop.ui import catalog, launch
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt

MAX_LISTED = 9


def saved_games() -> list[Path]:
    """The autosave (if any) and every ``*.json`` in the saves folder, newest first."""
    found = [p for p in launch.saves_dir().glob("*.json") if p.is_file()]
    found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    auto = launch.autosave_path()
    return ([auto] if auto.is_file() else []) + found


def describe(path: Path) -> str:
    """What a save holds, in a few words: ``<game name> · Ann vs 2 AI · 23 moves``."""
    info = peek(path)
    if info is None:
        return f"{path.stem} (unreadable)"
    game = catalog.games().get(info["game"])
    words = [game.info.name if game is not None else info["game"]]
    humans = [n for n, ai in zip(info["names"], info["ai"], strict=False) if not ai]
    ais = sum(info["ai"])
    people = ", ".join(humans) or "AI only"
    words.append(f"{people} vs {ais} AI" if humans and ais else people)
    n = info["moves"]
    words.append("finished" if info["over"] else f"{n} move{'s' if n != 1 else ''}")
    return " · ".join(words)


class LoadScene(GuiScene):
    """One button per save."""

    heading = "Load a game"

    def build(self) -> None:
        """The list and Back."""
        area = self.content_rect(width=900, bottom=100)
        w, h = self.app.size
        bh = self.px(44)
        back = self.button(
            pygame.Rect((w - self.px(180)) // 2, h - self.px(44) - bh, self.px(180), bh),
            "Back",
            self.back,
        )
        self.default_button = back
        saves = saved_games()
        if not saves:
            self.label(
                pygame.Rect(area.x, area.y, area.w, bh), "No saved games yet.", object_id="@value"
            )
            return
        auto = launch.autosave_path()
        for i, path in enumerate(saves[:MAX_LISTED]):
            when = time.strftime("%d %b %Y, %H:%M", time.localtime(path.stat().st_mtime))
            what = describe(path)
            name = f"Interrupted: {what}" if path == auto else what
            b = self.button(
                pygame.Rect(area.x, area.y + i * (bh + self.px(8)), area.w, bh),
                f"{name} — {when}",
                lambda p=path: self.open(p),
            )
            if i == 0:
                self.default_button = b
        if len(saves) > MAX_LISTED:
            self.label(
                pygame.Rect(area.x, area.y + MAX_LISTED * (bh + self.px(8)), area.w, self.px(24)),
                f"… and {len(saves) - MAX_LISTED} older saves in {launch.saves_dir()}",
                object_id="@subtle",
            )

    def open(self, path: Path) -> None:
        """Resume the chosen save."""
        attempt(self.app, "Cannot load this game", lambda: launch.resume(self.app, path))
