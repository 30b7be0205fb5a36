"""Scenes and the scene stack (title → new game → table → results, plus rules/settings).

A scene never changes game state in ``draw``.  The app calls, every frame:
``handle_event`` for each event, ``update(dt)``, then ``draw(surface)`` on the top scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

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

    # --- added by the app shell (additive; see tabletop/ui/app.py) ---------------------
    @property
    def scale(self) -> float:
        """Screen pixels per design pixel (1.0 at 1280×720, 3.0 at 3840×2160)."""
        ...

    @property
    def palette(self) -> Any:
        """The current :class:`tabletop.ui.theme.Palette` (colour-blind-safe if chosen)."""
        ...

    def make_ui(self) -> Any:
        """A themed ``pygame_gui.UIManager`` for the current size and scale."""
        ...

    def go_home(self) -> None:
        """Clear the stack back to the title scene."""
        ...

    def results_scene(self, match: Any) -> Scene:
        """The scene that shows how ``match`` ended (the table hands over to it)."""
        ...

    def show_message(self, title: str, text: str) -> None:
        """Push a modal message dialog over the current scene."""
        ...

    def confirm(self, title: str, text: str, on_yes: Callable[[], None], yes: str = "Yes") -> None:
        """Ask a yes/no question over the current scene; ``on_yes`` runs only when confirmed."""
        ...

    def toggle_keys(self) -> None:
        """Open the Keys sheet over the top scene, or close it if it is on top."""
        ...

    def save_settings(self) -> None:
        """Persist ``settings`` and apply what changed (fullscreen, palette)."""
        ...


class Scene:
    """Base class: override what you need.

    ``transparent`` scenes (dialogs) are drawn over the scene below them.  ``screen_kept``
    is set by the app before each ``draw``: True when the window still holds exactly what
    this scene drew in the previous frame (it alone was drawn, nothing else touched the
    window since), so the scene may redraw only what changed.
    """

    transparent: bool = False
    screen_kept: bool = False

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

    def busy(self) -> bool:
        """Whether something moves on its own (an animation, an AI thinking).

        While no scene is busy and the user does nothing, the app draws fewer frames.
        """
        return False
