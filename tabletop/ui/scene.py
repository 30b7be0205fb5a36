"""Scenes and the scene stack (title → new game → table → results, plus rules/settings).

A scene never changes game state in ``draw``.  The app calls, every frame:
``handle_event`` for each event, ``update(dt)``, then ``draw(surface)`` on the top scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame


class AppContext(Protocol):
    """What a scene may ask of the app."""

    settings: Any  # tabletop.ui.settings.Settings

    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def replace(self, scene: Scene) -> None: ...
    def quit(self) -> None: ...
    @property
    def size(self) -> tuple[int, int]: ...


class Scene:
    """Base class: override what you need."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Stopped being the top scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild layouts."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change game state."""
