"""The scene after the table: the app's results scene, or a plain one if it is missing."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.controller import Match
from tabletop.ui.scene import Scene
from tabletop.ui.table import fonts
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
        t = fonts.text("Results", px(34, h), pal.gold_light, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, px(40, h))))
        y = px(110, h)
        order = sorted(range(self.match.players), key=lambda i: -self.outcome.scores[i])
        for i in order:
            colour = pal.gold if i in self.outcome.winners else pal.ivory
            line = f"{self.match.seats[i].name}: {self.outcome.scores[i]}"
            img = fonts.text(line, px(22, h), colour, bold=i in self.outcome.winners)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += px(36, h)


def match_config(match: Match) -> Any:
    """The :class:`MatchConfig` that would start this match again (for a rematch)."""
    from tabletop.ui.match_config import HUMAN, MatchConfig
    from tabletop.ui.match_config import SeatConfig as MenuSeat

    seats = [MenuSeat(s.level if s.is_ai else HUMAN, s.name) for s in match.seats]
    return MatchConfig(match.game.info.id, seats, dict(match.options), match.seed)


def results_scene(app: Any, match: Match) -> Scene:
    """The app's results scene for ``match`` (a plain one if the shell has none)."""
    try:
        from tabletop.ui.scenes.results import ResultsScene  # provided by the app shell
    except ImportError:
        return PlainResults(app, match)
    names = [s.name for s in match.seats]
    return ResultsScene(app, match.game.info.name, names, match.outcome(), match_config(match))
