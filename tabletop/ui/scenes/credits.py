"""Credits: each game's designer, publisher and credits, which card lists are reconstructions,
and the fonts and libraries the app ships with."""

from __future__ import annotations

import pygame

from tabletop.ui import catalog
from tabletop.ui.scenes.base import GuiScene
from tabletop.ui.scenes.reading import esc, heading

APP_CREDITS = (
    "Tabletop is an unofficial fan-made table for playing these games at home. The games "
    "belong to their designers and publishers; buy the real thing.\n\n"
    "Fonts: DejaVu Sans (Bitstream Vera licence, DejaVu changes public domain) and "
    "EB Garamond by Georg Duffner (SIL Open Font License 1.1); licences in art/fonts.\n\n"
    "Built with pygame-ce, pygame_gui, PyYAML and platformdirs. The damask backdrop is drawn "
    "by the app; its sounds are synthesised by our own script (art/common/sounds)."
)


def credits_html(scale: float) -> str:
    """Every game's credits, then the app's, as pygame_gui HTML."""
    parts = []
    for gid, game in catalog.games().items():
        try:
            d = catalog.game_data(gid).game
        except Exception as e:
            parts.append(heading(game.info.name, scale, 2) + esc(str(e)) + "<br><br>")
            continue
        lines = [heading(d.name, scale, 2)]
        who = []
        if d.designer:
            who.append(f"Designed by {d.designer}")
        if d.publisher:
            who.append(f"published by {d.publisher}")
        if who:
            lines.append(esc(", ".join(who) + (f" ({d.year})" if d.year else "") + "."))
        if d.credits:
            lines.append("<br>" + esc(d.credits))
        if d.reconstruction:
            lines.append("<br><b>Reconstructed card list.</b> " + esc(d.reconstruction))
        parts.append("<br>".join(lines) + "<br><br>")
    if not parts:
        parts.append(esc("No games are installed.") + "<br><br>")
    parts.append(heading("Tabletop", scale, 2) + esc(APP_CREDITS))
    return "".join(parts)


class CreditsScene(GuiScene):
    """One scrollable page of credits."""

    heading = "Credits"

    def build(self) -> None:
        """The text and Back."""
        area = self.content_rect(width=900, bottom=100)
        w, h = self.app.size
        bh = self.px(44)
        self.default_button = self.button(
            pygame.Rect((w - self.px(180)) // 2, h - self.px(44) - bh, self.px(180), bh),
            "Back",
            self.back,
        )
        self.body = None
        self.pending_boxes["text"] = (area, "")
        self.later(lambda: self._fill_text(area), hold=False)

    def _fill_text(self, area: pygame.Rect) -> None:
        """Fill: the credits text, laid out after the scene has been shown."""
        self.body = self.text_box(credits_html(self.scale), area, long=True)
        self.pending_boxes.pop("text", None)
        self.ui.update(0.0)
