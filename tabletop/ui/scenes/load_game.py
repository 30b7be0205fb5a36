"""Load: the saved matches (newest first), each opened with ``launch.resume``."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from tabletop.controller.saves import offer_check as check_for_offer
from tabletop.controller.saves import peek
from tabletop.ui import catalog, launch
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt

MAX_LISTED = 9


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def saved_games() -> list[Path]:
    """The autosave (if any) and every ``*.json`` in the saves folder, newest first
    (unchecked: see :func:`offered`)."""
    found = [p for p in launch.saves_dir().glob("*.json") if os.path.lexists(p)]
    found.sort(key=_mtime, reverse=True)
    auto = launch.autosave_path()
    return ([auto] if os.path.lexists(auto) else []) + found


def offered(limit: int = MAX_LISTED) -> tuple[list[Path], int, list[str]]:
    """The saves to list (each checked whole, at most ``limit``), how many more exist, and
    the messages of those that failed (moved aside, never offered)."""
    shown: list[Path] = []
    problems: list[str] = []
    more = 0
    for path in saved_games():
        if len(shown) >= limit:
            more += 1
            continue
        ok, problem = check_for_offer(path)
        if problem:
            problems.append(problem)
        if ok and path.is_file():
            shown.append(path)
    return shown, more, problems


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
        saves, more, self.problems = offered()
        if not saves:
            self.label(
                pygame.Rect(area.x, area.y, area.w, bh), "No saved games yet.", object_id="@value"
            )
            return
        auto = launch.autosave_path()
        for i, path in enumerate(saves):
            when = time.strftime("%d %b %Y, %H:%M", time.localtime(_mtime(path)))
            what = describe(path)
            name = f"Interrupted: {what}" if path == auto else what
            b = self.button(
                pygame.Rect(area.x, area.y + i * (bh + self.px(8)), area.w, bh),
                f"{name} — {when}",
                lambda p=path: self.open(p),
            )
            if i == 0:
                self.default_button = b
        if more:
            self.label(
                pygame.Rect(area.x, area.y + MAX_LISTED * (bh + self.px(8)), area.w, self.px(24)),
                f"… and {more} older saves in {launch.saves_dir()}",
                object_id="@subtle",
            )

    def enter(self) -> None:
        """Show, once, why some saves were not listed."""
        super().enter()
        problems = getattr(self, "problems", [])
        if problems:
            self.problems = []
            self.app.show_message(
                "Some saves could not be used",
                "These were moved aside (kept, but no longer listed):\n\n" + "\n\n".join(problems),
            )

    def open(self, path: Path) -> None:
        """Resume the chosen save."""
        attempt(self.app, "Cannot load this game", lambda: launch.resume(self.app, path))
