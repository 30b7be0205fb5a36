"""Records: statistics per player and game with a small chart, and the latest finished games
(each can be replayed).  The figures are :func:`tabletop.controller.history.stats.player_stats`, the
same that ``tabletop stats`` prints."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pygame

from tabletop.ui import catalog, fonts
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt
from tabletop.ui.theme import TYPE_SIZES, mix

ROWS = 7  # statistics rows on the screen
RECENT = 4  # finished games listed for replay
ALL = ""


def game_name(game_id: str) -> str:
    """The game's name, or its id when this version does not have it."""
    game = catalog.games().get(game_id)
    return game.info.name if game is not None else game_id


def recent_text(record: Any) -> str:
    """``The Game, 24 Nov 2026 15:40:12 — ★ Ada 52 · Hugo (AI, hard) 47``."""
    when = time.strftime("%d %b %Y %H:%M:%S", time.localtime(record.finished))
    seats = " · ".join(f"{'★ ' if s.winner else ''}{s.who()} {s.score}" for s in record.seats)
    return f"{game_name(record.game)}, {when} — {seats}"


class RecordsScene(GuiScene):
    """The statistics table, a chart of wins against games, the latest games to replay."""

    heading = "Records"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.game = ALL
        self.stats: list[Any] = []
        self.games: list[str] = []
        self.recent: list[Any] = []
        self.note = ""
        self.ai_only = False  # every finished game was played by AI seats alone
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.loaded = False  # the record is read after a first frame (see build)

    def _read(self) -> None:
        """Fill: read the record, then build with its figures (and say what it had to)."""
        self.load()
        self.rebuild()
        self._say_note()

    def load(self) -> None:
        """Read the record (a damaged file is moved aside and said so)."""
        from tabletop.controller.history.records import Records, RecordsError
        from tabletop.controller.history.stats import player_stats

        try:
            with Records() as records:
                self.note = records.note
                everything = player_stats(records)
                # games with no person at the table count too, as their AI seats' figures
                # (else the table would say "no finished games" above a list of them)
                self.ai_only = not everything and records.count() > 0
                if self.ai_only:
                    everything = player_stats(records, include_ai=True)
                self.recent = records.recent(RECENT, self.game or None)
        except (RecordsError, OSError, sqlite3.Error) as e:
            self.note = f"The record of finished games could not be read: {e}"
            everything, self.recent = [], []
        self.games = sorted({s.game for s in everything})
        chosen = [s for s in everything if not self.game or s.game == self.game]
        self.stats = sorted(chosen, key=lambda s: -s.games)  # stable: by game within
        self.loaded = True

    def enter(self) -> None:
        """Build; say once if the record had to be moved aside."""
        super().enter()
        self._say_note()

    def _say_note(self) -> None:
        if self.note:
            note, self.note = self.note, ""
            self.app.show_message("The record of finished games", note)

    def build(self) -> None:
        """Game filter, replay buttons, Back; the table and chart are drawn."""
        area = self.content_rect(width=1160, top=112, bottom=96)
        w, h = self.app.size
        bh = self.px(40)
        if not self.loaded:
            self.later(self._read)
        filter_w = self.px(300)
        label = f"Game: {game_name(self.game) if self.game else 'all games'}"
        self.button(
            pygame.Rect(area.x, area.y, filter_w, self.px(34)),
            label,
            self.next_game,
            enabled=len(self.games) > 1 or bool(self.game),
        )
        heading = self.table_heading()
        if heading:
            self.label(
                pygame.Rect(area.x + filter_w, area.y, area.w - filter_w, self.px(34)),
                heading,
                "@subtle",
            )
        top = area.y + self.px(44)
        table_h = self.px(34) * (ROWS + 1) + self.px(12)
        split = area.x + int(area.w * 0.64)
        self.table_rect = pygame.Rect(area.x, top, split - area.x - self.px(16), table_h)
        self.chart_rect = pygame.Rect(split, top, area.right - split, table_h)
        y = top + table_h + self.px(12)
        if self.recent:
            self.label(
                pygame.Rect(area.x, y, area.w, self.px(26)), "Latest finished games", "@subtle"
            )
            y += self.px(28)
        row_h = max(self.px(30), min(bh, (h - y - self.px(100)) // max(1, RECENT)))
        for i, record in enumerate(self.recent):
            online = not getattr(record, "replayable", True)  # its moves stay on the server
            self.button(
                pygame.Rect(area.x, y + i * (row_h + self.px(6)), area.w, row_h),
                f"{'Played online' if online else 'Replay'}: {recent_text(record)}",
                lambda gid=record.id: self.replay(gid),
                enabled=not online,
                tooltip="An online game's deal and moves stay on its server: no replay here."
                if online
                else None,
            )
        back = self.button(
            pygame.Rect((w - self.px(180)) // 2, h - self.px(40) - bh, self.px(180), bh),
            "Back",
            self.back,
        )
        self.default_button = back

    def table_heading(self) -> str:
        """The words beside the game filter: whose figures the table shows ("" for all)."""
        if self.ai_only:
            return "No person has finished a game yet: the figures of the AI seats"
        if len(self.stats) > ROWS:
            return (
                f"The {ROWS} players with most games; `tabletop stats` lists all {len(self.stats)}"
            )
        return ""

    def empty_text(self) -> str:
        """What the empty table says ("" when it has figures)."""
        if self.stats:
            return ""
        if self.recent:  # (filtered to a game whose players are all AI seats, say)
            return "No figures for these games: see the list below."
        return "No finished games yet: play one to the end."

    def next_game(self) -> None:
        """Show the next game's figures (then all games again)."""
        options = [ALL, *self.games]
        i = options.index(self.game) if self.game in options else 0
        self.game = options[(i + 1) % len(options)]
        self.load()
        self.rebuild()

    def replay(self, game_id: int) -> None:
        """Replay a recorded game."""
        from tabletop.ui.replay_open import open_record_replay

        attempt(self.app, "Cannot replay this game", lambda: open_record_replay(self.app, game_id))

    # --- drawing -------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        """The statistics table and the chart."""
        self.draw_table(surface, self.table_rect)
        self.draw_chart(surface, self.chart_rect)

    def _panel(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[int, Any]:
        """The veiled, gold-edged panel behind a table or chart; returns the text size and
        body font written in it."""
        pal = self.app.palette
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*pal.parchment, 242), veil.get_rect(), border_radius=self.px(10))
        surface.blit(veil, box)
        pygame.draw.rect(surface, pal.gold, box, max(1, self.px(2)), border_radius=self.px(10))
        size = self.px(TYPE_SIZES["small"])
        return size, fonts.font("body", size)

    def draw_table(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Player, game, games, wins, average, best, against whom."""
        if box.w <= 0:
            return
        size, body = self._panel(surface, box)
        pal = self.app.palette
        bold = fonts.font("bold", size)
        if not self.stats:
            img = body.render(self.empty_text() if self.loaded else "Reading…", True, pal.ink)
            surface.blit(img, img.get_rect(center=box.center))
            return
        cols = [("Player", 0.0), ("Game", 0.18), ("Games", 0.43), ("Wins", 0.51), ("Avg", 0.58),
                ("Best", 0.66), ("Against (wins/games)", 0.73)]  # fmt: skip
        pad = self.px(12)
        inner = box.inflate(-2 * pad, 0)
        row_h = self.px(34)
        y = box.y + self.px(6)

        def cell(text: str, col: int, font: Any, colour: Any) -> None:
            x0 = inner.x + int(cols[col][1] * inner.w)
            x1 = inner.x + int(cols[col + 1][1] * inner.w) if col + 1 < len(cols) else inner.right
            img = font.render(text, True, colour)
            if img.get_width() > x1 - x0 - self.px(6):
                img = pygame.transform.smoothscale_by(img, (x1 - x0 - self.px(6)) / img.get_width())
            surface.blit(img, (x0, y + (row_h - img.get_height()) // 2))

        for c, (name, _) in enumerate(cols):
            cell(name, c, bold, pal.ink)
        for s in self.stats[:ROWS]:
            y += row_h
            pygame.draw.line(
                surface, mix(pal.ink, pal.parchment, 0.7), (inner.x, y), (inner.right, y)
            )
            values = [s.name, game_name(s.game), str(s.games), str(s.wins),
                      f"{s.average:.1f}", "—" if s.best is None else str(s.best),
                      s.against_text()]  # fmt: skip
            for c, v in enumerate(values):
                cell(v, c, body, pal.ink)

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Wins out of games, one bar per row of the table."""
        if box.w <= 0:
            return
        size, body = self._panel(surface, box)
        pal = self.app.palette
        title = fonts.font("bold", size).render("Wins out of games", True, pal.ink)
        surface.blit(title, (box.x + self.px(12), box.y + self.px(8)))
        rows = self.stats[:ROWS]
        if not rows:
            return
        most = max(s.games for s in rows)
        top = box.y + self.px(8) + title.get_height() + self.px(8)
        bar_h = min(self.px(26), (box.bottom - top - self.px(8)) // len(rows) - self.px(6))
        label_w = int(box.w * 0.4)
        x0 = box.x + self.px(12) + label_w
        full = box.right - self.px(16) - x0 - self.px(40)
        for i, s in enumerate(rows):
            y = top + i * (bar_h + self.px(6))
            name = body.render(f"{s.name} · {game_name(s.game)}", True, pal.ink)
            if name.get_width() > label_w - self.px(6):
                name = pygame.transform.smoothscale_by(
                    name, (label_w - self.px(6)) / name.get_width()
                )
            surface.blit(name, (box.x + self.px(12), y + (bar_h - name.get_height()) // 2))
            games_w = max(2, round(full * s.games / most))
            wins_w = round(full * s.wins / most)
            pygame.draw.rect(
                surface, mix(pal.ink, pal.parchment, 0.75), (x0, y, games_w, bar_h),
                border_radius=self.px(3),
            )  # fmt: skip
            if wins_w:
                pygame.draw.rect(
                    surface, pal.gold, (x0, y, wins_w, bar_h), border_radius=self.px(3)
                )
            figure = body.render(f"{s.wins}/{s.games}", True, pal.ink)
            surface.blit(
                figure, (x0 + games_w + self.px(6), y + (bar_h - figure.get_height()) // 2)
            )
