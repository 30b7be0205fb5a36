"""A minimal scene-stack app for headless runs (tests, benchmarks, screenshots)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.scene import Scene


class MiniApp:
    """Just enough of the app shell: a window, a scene stack and a frame function."""

    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Any = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.settings = settings if settings is not None else {"animation_speed": 4.0}
        self.stack: list[Scene] = []
        self.running = True

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Remove the top scene."""
        if self.stack:
            self.stack.pop().leave()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        """Swap the top scene."""
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def quit(self) -> None:
        """Stop the loop."""
        self.running = False

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> None:
        """One frame: events (given, or pygame's queue), update, draw, flip."""
        for e in pygame.event.get() if events is None else events:
            if e.type == pygame.QUIT:
                self.running = False
            elif self.top is not None:
                self.top.handle_event(e)
        if self.top is not None:
            self.top.update(dt)
            self.top.draw(self.screen)
        pygame.display.flip()
