"""Rules: per game, the summary, every section, the note on a reconstructed card list and
every ruling from ``data/<id>/game.yaml``.

Shown at once, filled in after: the first frame has Back (and the list of games when the
registry has been read); the games, if not yet read, then the long text follow on the next
frames (:meth:`~tabletop.ui.scenes.base.GuiScene.later`)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui import catalog, fonts
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.reading import esc, heading, small
from tabletop.ui.theme import TYPE_SIZES


def rules_html(game_id: str, scale: float, options: dict[str, Any] | None = None) -> str:
    """The whole rules text of one game as pygame_gui HTML, its figures (hand limit, building
    sizes…) as ``options`` decide them (the defaults when ``None``)."""
    try:
        data = catalog.game_data(game_id).game
        game = catalog.games().get(game_id)
    except Exception as e:  # a broken data file is shown, not raised
        return heading("Rules unavailable", scale) + esc(str(e))

    def fill(text: str) -> str:
        return game.rules_text(text, options) if game is not None else text

    parts = [heading(data.name, scale), esc(fill(data.summary))]
    for title, text in data.sections:
        parts.append("<br><br>" + heading(title, scale, 2) + esc(fill(text)))
    if data.reconstruction:
        parts.append("<br><br>" + heading("About the card list", scale, 2))
        parts.append("<b>Reconstructed card list.</b> " + esc(data.reconstruction))
    if data.rulings:
        parts.append("<br><br>" + heading("Rulings", scale, 2))
        parts.append(esc("How this app settles questions the printed rules leave open.") + "<br>")
        for r in data.rulings:
            line = (
                f"<br><b>{esc(r.id)}. {esc(r.question)}</b><br>{esc(fill(r.ruling))}"
                + (f"<br>{small('Source: ' + r.source, scale)}" if r.source else "")
                + "<br>"
            )
            parts.append(line)
    return "".join(parts)


class RulesScene(GuiScene):
    """A list of games on the left, the chosen game's rules on the right (scrollable)."""

    heading = "Rules"

    def __init__(
        self,
        app: AppContext,
        game_id: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.options = options  # the match's options (rules figures follow them), if any
        self.asked = game_id
        self.games: dict[str, Any] | None = None  # read on the first frame if not known yet
        self.game_id = game_id
        self.first = game_id
        self.body: Any = None  # the text, built after a frame has shown the scene
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        if catalog.ready():
            self._read_games()

    def _read_games(self) -> None:
        self.games = dict(catalog.games())
        ids = list(self.games)
        self.game_id = self.asked if self.asked in self.games else (ids[0] if ids else None)
        self.first = self.game_id

    def _games_read(self) -> None:
        """Fill: the registry read, the scene built again with the list of games."""
        self._read_games()
        self.rebuild()

    def _options_of(self, game_id: str) -> dict[str, Any] | None:
        """The match's options while its game is shown, else the defaults (``None``)."""
        return self.options if game_id == self.first else None

    def choose(self, game_id: str) -> None:
        """Show another game's rules."""
        self.game_id = game_id
        self.rebuild()

    def build(self) -> None:
        """Game buttons, the text, Back."""
        area = self.content_rect(width=1140, bottom=100)
        _w, h = self.app.size
        bh = self.px(44)
        back = self.button(
            pygame.Rect(area.x, h - self.px(44) - bh, self.px(180), bh), "Back", self.back
        )
        self.default_button = back
        self.body = None
        list_w = self.px(260)
        if self.games:  # as wide as the longest name at the text scale, up to 42 %
            face = fonts.font("body", self.px(TYPE_SIZES["button"]))
            widest = max(face.size(g.info.name)[0] for g in self.games.values())
            list_w = min(max(list_w, widest + self.px(28)), round(area.w * 0.42))
        bh = self.tx(44)
        self.text_rect = pygame.Rect(
            area.x + list_w + self.px(24), area.y, area.w - list_w - self.px(24), area.h
        )
        if self.games is None:
            self.pending_boxes["text"] = (self.text_rect, "")
            self.later(self._games_read)
            return
        if not self.games:
            self.label(pygame.Rect(area.x, area.y, area.w, bh), "No games are installed.")
            return
        for i, (gid, game) in enumerate(self.games.items()):
            b = self.button(
                pygame.Rect(area.x, area.y + i * (bh + self.px(8)), list_w, bh),
                game.info.name,
                lambda gid=gid: self.choose(gid),
                object_id="#toggle_on" if gid == self.game_id else None,
            )
            if gid == self.game_id:
                self.default_button = b
        game = self.games.get(self.game_id or "")
        self.pending_boxes["text"] = (self.text_rect, game.info.name if game is not None else "")
        self.later(self._fill_text, hold=False)

    def _fill_text(self) -> None:
        """Fill: the chosen game's rules in the scrollable text box."""
        self.body = self.text_box(
            rules_html(self.game_id, self.scale, self._options_of(self.game_id))
            if self.game_id
            else "",
            self.text_rect,
            long=True,
        )
        self.pending_boxes.pop("text", None)
        self.ui.update(0.0)
