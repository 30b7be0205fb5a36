"""Load: the saved matches (newest first), each told apart and opened with ``launch.resume``.

Each row says what the save holds (:mod:`tabletop.controller.saving.save_files`): the game, the seats
with their scores, where the game stood, the moves and the time saved to the second.  Beside
it: *Replay* (the game so far, as the first person at the table saw it), *Rename* and
*Delete*, both asked first; nothing is overwritten.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tabletop import text_gate
from tabletop.controller.saving.saves import offer_check as check_for_offer
from tabletop.controller.saving.saves import peek
from tabletop.ui import catalog, launch, places
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt, confirm
from tabletop.ui.scenes.rename_dialog import RenameDialog

MAX_LISTED = 9  # checked per visit (each check replays the save)
PAGE = 5  # rows on one screen


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


def _game_name(game_id: str) -> str:
    game = catalog.games().get(game_id)
    return game.info.name if game is not None else game_id


def describe(path: Path) -> str:
    """What a save holds, in a few words: ``<game name> · Ann vs 2 AI · 23 moves``."""
    info = peek(path)
    if info is None:
        return f"{text_gate.file_name(path, stem=True)} (unreadable)"
    words = [_game_name(info["game"])]
    humans = [n for n, ai in zip(info["names"], info["ai"], strict=False) if not ai]
    ais = sum(info["ai"])
    people = ", ".join(humans) or "AI only"
    words.append(f"{people} vs {ais} AI" if humans and ais else people)
    n = info["moves"]
    words.append("finished" if info["over"] else f"{n} move{'s' if n != 1 else ''}")
    return " · ".join(words)


def row_texts(path: Path, auto: Path | None = None) -> tuple[str, str]:
    """The two lines of a row: ``The Game — Ada 12 · Hugo (AI) 9`` and
    ``Round 3 · 41 moves · saved 24 Nov 2026, 15:42:07 · game-2026….json``."""
    from tabletop.controller import SaveError
    from tabletop.controller.saving import save_files

    try:
        s = save_files.summary(path)
    except (SaveError, OSError) as e:
        return f"{text_gate.file_name(path, stem=True)} (cannot be read)", str(e)
    head = f"{_game_name(s.game)} — {s.seats_text()}"
    if path == auto:
        head = f"Interrupted: {head}"
    where = "the game you left" if path == auto else text_gate.file_name(path)
    return head, f"{s.progress_text()} · saved {s.when_text()} · {where}"


class LoadScene(GuiScene):
    """One row per save: open it, replay it, rename or delete it."""

    heading = "Load a game"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.page = 0
        self.saves: list[Path] | None = None  # checked once per visit (see refresh)
        self.more = 0
        self.problems: list[str] = []

    def refresh(self) -> None:
        """Check the saves again (after a rename or a delete) and rebuild."""
        self.saves = None
        self.rebuild()

    def _check(self) -> None:
        """Fill: check the saves (each replayed whole), then build the rows and say why some
        could not be listed."""
        try:
            self.saves, self.more, problems = offered()
        except OSError as e:  # the saves folder cannot be made: say so, list nothing
            self.saves, self.more, problems = [], 0, [str(e)]
        self.problems += places.NOTES + problems
        places.NOTES.clear()
        self.rebuild()
        self._report()

    def build(self) -> None:
        """The rows, paging, and Back (the rows once the saves are checked, after a first
        frame has shown the scene)."""
        area = self.content_rect(width=1120, bottom=100)
        w, h = self.app.size
        bh = self.px(44)
        back = self.button(
            pygame.Rect((w - self.px(180)) // 2, h - self.px(44) - bh, self.px(180), bh),
            "Back",
            self.back,
        )
        self.default_button = back
        self.rows: list[tuple[Path, str, str]] = []
        if self.saves is None:
            self.label(
                pygame.Rect(area.x, area.y, area.w, bh), "Checking the saves…", object_id="@subtle"
            )
            self.later(self._check)
            return
        if not self.saves:
            self.label(
                pygame.Rect(area.x, area.y, area.w, bh), "No saved games yet.", object_id="@value"
            )
            return
        pages = (len(self.saves) + PAGE - 1) // PAGE
        self.page = max(0, min(self.page, pages - 1))
        auto = launch.autosave_path()
        small_w, gap = self.px(104), self.px(8)
        main_w = area.w - 3 * (small_w + gap)
        row_h = bh + self.px(24) + self.px(10)
        first = self.page * PAGE
        for i, path in enumerate(self.saves[first : first + PAGE]):
            y = area.y + i * row_h
            head, sub = row_texts(path, auto)
            self.rows.append((path, head, sub))
            b = self.button(
                pygame.Rect(area.x, y, main_w, bh),
                head,
                lambda p=path: self.open(p),
                tooltip=f"Resume: {sub}",
            )
            if i == 0:
                self.default_button = b
            x = area.x + main_w + gap
            for label, action, ok in (
                ("Replay", lambda p=path: self.replay(p), True),
                ("Rename", lambda p=path: self.ask_rename(p), path != auto),
                ("Delete", lambda p=path: self.ask_delete(p), True),
            ):
                self.button(pygame.Rect(x, y, small_w, bh), label, action, enabled=ok)
                x += small_w + gap
            self.label(
                pygame.Rect(area.x + self.px(8), y + bh, area.w, self.px(24)), sub, "@subtle"
            )
        y = area.y + PAGE * row_h
        if pages > 1:
            nav_w = self.px(150)
            self.button(
                pygame.Rect(area.x, y, nav_w, self.px(34)),
                "◀ Newer",
                lambda: self.turn(-1),
                enabled=self.page > 0,
            )
            self.button(
                pygame.Rect(area.right - nav_w, y, nav_w, self.px(34)),
                "Older ▶",
                lambda: self.turn(1),
                enabled=self.page < pages - 1,
            )
            self.label(
                pygame.Rect(area.x + nav_w, y, area.w - 2 * nav_w, self.px(34)),
                f"page {self.page + 1} of {pages}",
                "@subtle",
            )
        if self.more:
            self.label(
                pygame.Rect(area.x, y + self.px(36), area.w, self.px(24)),
                f"… and {self.more} older saves in {launch.saves_dir()}",
                object_id="@subtle",
            )

    def turn(self, by: int) -> None:
        """Show the next or previous page of saves."""
        self.page += by
        self.rebuild()

    def enter(self) -> None:
        """Show, once, why some saves were not listed."""
        super().enter()
        self._report()

    def _report(self) -> None:
        if self.problems:
            problems, self.problems = self.problems, []
            self.app.show_message(
                "Some saves could not be used",
                "These were moved aside (kept, but no longer listed):\n\n" + "\n\n".join(problems),
            )

    # --- actions ---------------------------------------------------------------------------
    def open(self, path: Path) -> None:
        """Resume the chosen save."""
        attempt(self.app, "Cannot load this game", lambda: launch.resume(self.app, path))

    def replay(self, path: Path) -> None:
        """Watch the saved game so far, as the first person at the table saw it."""
        from tabletop.ui.replay_open import open_save_replay

        attempt(self.app, "Cannot replay this game", lambda: open_save_replay(self.app, path))

    def ask_delete(self, path: Path) -> None:
        """Delete, once confirmed."""
        head, sub = row_texts(path, launch.autosave_path())
        confirm(
            self.app,
            "Delete this save?",
            f"{head}\n{sub}\n\nThe file is deleted for good.",
            lambda: self.delete(path),
            yes="Delete",
        )

    def delete(self, path: Path) -> None:
        """Delete the save now."""
        from tabletop.controller.saving import save_files

        if attempt(self.app, "Cannot delete this save", lambda: save_files.delete(path)):
            self.refresh()

    def ask_rename(self, path: Path) -> None:
        """Ask for the new name (the dialog's Rename button confirms)."""
        self.app.push(RenameDialog(self.app, path, self.renamed))

    def renamed(self, path: Path) -> None:
        """A save was renamed: list it again."""
        self.refresh()
