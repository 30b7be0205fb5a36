"""The scene after the table: the app's results scene, or a plain one if it is missing."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.controller import Match
from tabletop.ui import typeset
from tabletop.ui.scene import Scene
from tabletop.ui.theme import palette, px


class PlainResults(Scene):
    """Final scores and winners; any click or key goes back."""

    def __init__(self, app: Any, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.outcome = match.outcome()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Leave on a click or a key."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Names and scores, winners in crimson."""
        pal = palette()
        w, h = surface.get_size()
        surface.fill(pal.felt_dark)
        t = typeset.text("Results", px(34, h), pal.gold_light, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, px(40, h))))
        y = px(110, h)
        order = sorted(range(self.match.players), key=lambda i: -self.outcome.scores[i])
        for i in order:
            colour = pal.gold if i in self.outcome.winners else pal.ivory
            line = f"{self.match.seats[i].name}: {self.outcome.scores[i]}"
            img = typeset.text(line, px(22, h), colour, bold=i in self.outcome.winners)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += px(36, h)
