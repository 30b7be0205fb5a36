"""Results: the score breakdown per player and per scoring step, winners highlighted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tabletop.engine.data.models import ScoreRow
from tabletop.engine.game import Outcome
from tabletop.engine.score_sheet import TIEBREAK_HEADING, TOTAL, SheetRow, sheet
from tabletop.engine.score_sheet import pretty as pretty
from tabletop.ui import fonts, launch, sound
from tabletop.ui.match_config import MatchConfig
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.dialogs import attempt
from tabletop.ui.theme import TYPE_SIZES, mix
from tabletop.ui.winners import winners_sentence

__all__ = ["ResultsScene", "match_config", "scene_for_match", "winners_sentence"]


def step_names(outcome: Outcome) -> list[str]:
    """Every scoring step named in the breakdown, in order of first appearance."""
    names: list[str] = []
    for seat in outcome.breakdown:
        for key in seat:
            if key not in names:
                names.append(key)
    return names


class ResultsScene(GuiScene):
    """Final scores; Rematch (same seats and options, new deal) and Back to menu."""

    heading = "Results"

    def __init__(
        self,
        app: AppContext,
        game_name: str,
        names: Sequence[str],
        outcome: Outcome,
        config: MatchConfig | None = None,
        rows: Mapping[str, ScoreRow | tuple[str, str]] | None = None,
    ) -> None:
        super().__init__(app)
        # breakdown key → its row in layout.yaml scoring (or just its words and help)
        self.rows = {
            k: v if isinstance(v, ScoreRow) else ScoreRow(label=v[0], help=v[1])
            for k, v in (rows or {}).items()
        }
        self.row_rects: dict[str, pygame.Rect] = {}
        self.help_shown = ""  # the explanation drawn under the table last frame
        self.mouse = (-1, -1)
        self.game_name = game_name
        self.names = list(names)
        self.outcome = outcome
        self.config = config
        self.steps = step_names(outcome)
        self.sheet: list[SheetRow] = sheet(outcome, self.rows, len(self.names))
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.sounded = False
        self.replay_from: Any = None  # the match, for Replay
        self.record_note = ""  # why the game could not be recorded, said once

    def ending_sound(self) -> str:
        """``game_over`` when humans played and none of them won, else the ``fanfare``."""
        seats = self.config.seats if self.config is not None else []
        humans = {i for i, seat in enumerate(seats) if not seat.is_ai}
        return "game_over" if humans and not humans & set(self.outcome.winners) else "fanfare"

    def enter(self) -> None:
        """Build, and sound the ending once."""
        super().enter()
        if not self.sounded:
            self.sounded = True
            sound.play(self.app, self.ending_sound())
        if self.record_note:
            note, self.record_note = self.record_note, ""
            self.app.show_message("The record of finished games", note)

    def build(self) -> None:
        """Buttons; the table is drawn in :meth:`draw_extra`."""
        area = self.content_rect(width=1000, top=150, bottom=100)
        self.table_rect = area
        w, h = self.app.size
        bw, bh = self.px(200), self.px(46)
        y = h - self.px(44) - bh
        shift = (bw + self.px(20)) // 2 if self.replay_from is not None else 0
        self.button(
            pygame.Rect(w // 2 - bw - self.px(10) - shift, y, bw, bh),
            "Back to menu",
            self.app.go_home,
        )
        if self.replay_from is not None:
            self.button(pygame.Rect(w // 2 + self.px(10) - shift, y, bw, bh), "Replay", self.replay)
        self.button(
            pygame.Rect(w // 2 + self.px(10) + shift, y, bw, bh),
            "Rematch",
            self.rematch,
            object_id="#primary_button",
            enabled=self.config is not None,
        )
        # no default button: Enter alone (pressed on for the last moves) must not leave the
        # results unread; a click, or Tab to a button and then Enter, does

    def back(self) -> None:
        """Esc: back to the menu."""
        self.app.go_home()

    def rematch(self) -> None:
        """The same match with a fresh deal."""
        if self.config is None:
            return
        config = self.config.with_seed(None)
        attempt(self.app, "Cannot start the rematch", lambda: launch.start_match(self.app, config))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Remember where the pointer is (a row under it explains itself), then as usual."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        super().handle_event(event)

    def row_words(self, step: str) -> str:
        """A row's words: the game's own (layout.yaml ``scoring``), else the key tidied."""
        row = self.rows.get(step)
        return (row.label if row is not None else "") or pretty(step)

    def replay(self) -> None:
        """Watch the game again, as the first person at the table saw it: from the record of
        finished games, or from the match itself when it could not be recorded."""
        from tabletop.ui.replay_open import open_match_replay, open_record_replay

        match = self.replay_from
        gid = getattr(match, "record_id", None)
        if gid is not None:
            try:
                open_record_replay(self.app, gid)
                return
            except Exception:  # the record went missing meanwhile: the match has the moves
                pass
        attempt(self.app, "Cannot replay", lambda: open_match_replay(self.app, match))

    def winners_text(self) -> str:
        """``Ada wins`` / ``Ada and Bo share the victory``."""
        return winners_sentence(self.names, self.outcome.winners)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Subtitle and the score table."""
        pal = self.app.palette
        w = surface.get_width()
        sub = fonts.font("display_italic", self.px(TYPE_SIZES["heading"]))
        line = sub.render(f"{self.game_name} — {self.winners_text()}", True, pal.ivory)
        surface.blit(line, line.get_rect(midtop=(w // 2, self.px(112))))
        area = self.table_rect
        rows: list[SheetRow | None] = list(self.sheet)  # None: the tie-breaks' heading
        first_apart = next((i for i, r in enumerate(rows) if r is not None and r.apart), None)
        if first_apart is not None:
            rows.insert(first_apart, None)
        n = max(1, len(self.names))
        row_h = min(self.px(38), max(self.px(20), (area.h - self.px(48)) // (len(rows) + 1)))
        first_w = min(self.px(300), area.w // 3)
        col_w = (area.w - first_w) // n
        height = row_h * (len(rows) + 1) + self.px(16)
        box = pygame.Rect(area.x, area.y, area.w, height)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*pal.parchment, 242), veil.get_rect(), border_radius=self.px(10))
        surface.blit(veil, box)
        pygame.draw.rect(surface, pal.gold, box, max(1, self.px(2)), border_radius=self.px(10))
        size = self.px(TYPE_SIZES["body"])
        body = fonts.font("body", size)
        bold = fonts.font("bold", size)
        italic = fonts.font("display_italic", size + self.px(3))
        top = box.y + self.px(8)
        winners = set(self.outcome.winners)
        for i in range(n):
            col = pygame.Rect(area.x + first_w + i * col_w, top, col_w, height - self.px(16))
            if i in winners:
                pygame.draw.rect(
                    surface, mix(pal.gold, pal.parchment, 0.45), col, border_radius=self.px(6)
                )
                pygame.draw.rect(surface, pal.gold, col, max(1, self.px(2)), self.px(6))
            name = ("★ " if i in winners else "") + self.names[i]
            img = bold.render(name, True, pal.ink)
            if img.get_width() > col_w - self.px(8):
                img = pygame.transform.smoothscale_by(img, (col_w - self.px(8)) / img.get_width())
            surface.blit(img, img.get_rect(center=(col.centerx, top + row_h // 2)))
        self.row_rects = {}
        muted = mix(pal.ink, pal.parchment, 0.35)
        for r, row in enumerate(rows):
            y = top + (r + 1) * row_h
            if row is None:  # the heading that sets the tie-breaks apart
                veil = pygame.Surface((area.w - self.px(8), row_h), pygame.SRCALPHA)
                veil.fill((*pal.parchment_dark, 255))
                surface.blit(veil, (area.x + self.px(4), y))
                head = italic.render(TIEBREAK_HEADING, True, pal.ink)
                surface.blit(head, (area.x + self.px(18), y + (row_h - head.get_height()) // 2))
                continue
            total = row.kind == TOTAL
            if not total:
                self.row_rects[row.key] = pygame.Rect(area.x, y, area.w, row_h)
            pygame.draw.line(
                surface,
                mix(pal.ink, pal.parchment, 0.7 if not total else 0.2),
                (area.x + self.px(12), y),
                (area.right - self.px(12), y),
                max(1, self.px(1 if not total else 2)),
            )
            font = bold if total else body
            ink = muted if row.apart else pal.ink
            label = font.render(row.label, True, ink)
            surface.blit(label, (area.x + self.px(18), y + (row_h - label.get_height()) // 2))
            for i in range(n):
                v = row.cells[i] if i < len(row.cells) else "—"
                img = font.render(v, True, pal.crimson if total and i in winners else ink)
                if img.get_width() > col_w - self.px(8):
                    img = pygame.transform.smoothscale_by(
                        img, (col_w - self.px(8)) / img.get_width()
                    )
                cx = area.x + first_w + i * col_w + col_w // 2
                surface.blit(img, img.get_rect(center=(cx, y + row_h // 2)))
        self._row_help(surface, box)

    def _row_help(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Under the table: what the row under the pointer counts (from the game's data)."""
        step = next((k for k, r in self.row_rects.items() if r.collidepoint(self.mouse)), None)
        row = self.rows.get(step) if step else None
        text = row.help if row is not None else ""
        self.help_shown = text
        if not text:
            return
        pal = self.app.palette
        size = self.px(TYPE_SIZES["body"])
        font = fonts.font("body", size)
        words = f"{self.row_words(step or '')}: {text}"
        lines, line = [], ""
        for word in words.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= box.w - self.px(24) or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
        y = box.bottom + self.px(12)
        for ln in lines:
            img = font.render(ln, True, pal.ivory)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()


def match_config(match: Any) -> MatchConfig:
    """The :class:`MatchConfig` that would start this match again (for a rematch)."""
    return MatchConfig(match.game.info.id, list(match.seats), dict(match.options), match.seed)


def scene_for_match(app: AppContext, match: Any) -> ResultsScene:
    """The results scene after ``match`` (what the table hands over to)."""
    from tabletop.controller.game_data import game_data

    names = [s.name for s in match.seats]
    try:
        scoring = game_data(match.game).layout.scoring
    except Exception:  # a game without data (a test toy) still has its results
        scoring = {}
    rows = dict(scoring)
    online = getattr(match, "is_remote", False)  # no rematch or replay: the server has the game
    config = None if online else match_config(match)
    scene = ResultsScene(app, match.game.info.name, names, match.outcome(), config, rows=rows)
    scene.replay_from = None if online else match
    scene.record_note = getattr(match, "record_note", "")
    return scene
