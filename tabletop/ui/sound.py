"""The app's sounds: short WAVs from ``art/common/sounds`` (made by ``make_sounds.py`` there),
played through ``pygame.mixer``.

The mixer opens on the first sound asked for while sound is on.  If it cannot open (no audio
device, a driver that fails) or SDL's audio driver is ``dummy`` (tests, CI and headless runs,
where nothing could be heard), sound stays off for the session and one log line says
why: a missing or broken sound never stops the app.  The same sound is played at most once per
``MIN_GAP`` seconds, so a deal of twenty cards is one soft swish, not twenty clicks.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from tabletop.engine import resources

log = logging.getLogger("tabletop.ui.sound")

# name → what it is for (the file is art/common/sounds/<name>.wav)
SOUNDS: dict[str, str] = {
    "pick": "a card picked up to drag",
    "drop": "a card dropped where it may go",
    "slide": "a card sliding to its new place",
    "deal": "several cards dealt or moved at once",
    "flip": "cards turned face up",
    "refuse": "a move refused (the reason is shown)",
    "turn": "the shown human seat's turn begins",
    "fanfare": "a human player won",
    "game_over": "the game ended without a human winner",
    "click": "a menu button",
}
MIN_GAP = 0.06  # seconds between two plays of the same sound
SILENT_DRIVERS = frozenset({"dummy"})  # SDL_AUDIODRIVER values that mean "no sound wanted"


def sounds_dir() -> Path:
    """Where the WAVs live."""
    return resources.art_dir() / "common" / "sounds"


class SoundPlayer:
    """Plays named sounds at the volume the settings ask for (see the module docstring).

    ``settings`` is read at every play (``volume_factor``: 0 = off), so a change in the
    Settings scene or the M key takes effect at once.
    """

    def __init__(
        self,
        settings: Any,
        clock: Callable[[], float] = time.monotonic,
        folder: Path | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.folder = folder
        self.ready = False  # the mixer is open
        self.broken: str | None = None  # why sound is off for this session
        self.sounds: dict[str, Any] = {}  # name → pygame.mixer.Sound (None: failed to load)
        self.last: dict[str, float] = {}  # name → when it last played
        self.played: list[str] = []  # names played, newest last (the last 50)

    @property
    def volume(self) -> float:
        """0–1 from the settings (0 = off)."""
        try:
            return max(0.0, min(1.0, float(getattr(self.settings, "volume_factor", 0.0))))
        except (TypeError, ValueError):
            return 0.0

    def _open(self) -> bool:
        if self.ready or self.broken:
            return self.ready
        driver = os.environ.get("SDL_AUDIODRIVER", "").strip().lower()
        if driver in SILENT_DRIVERS:
            self.broken = f"SDL_AUDIODRIVER is {driver!r}"
            log.info("sound is off: %s", self.broken)
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(12)
        except Exception as e:  # pygame.error, or anything a driver raises
            self.broken = f"{type(e).__name__}: {e}"
            log.info("sound is off: the audio mixer could not open (%s)", self.broken)
            return False
        self.ready = True
        return True

    def working(self) -> bool:
        """Whether sound can be heard in this session (opens the mixer to find out);
        ``broken`` then says why not."""
        return self._open()

    def _load(self, name: str) -> Any:
        if name not in self.sounds:
            path = (self.folder or sounds_dir()) / f"{name}.wav"
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except Exception as e:
                self.sounds[name] = None
                log.warning("sound %s could not be loaded from %s: %s", name, path, e)
        return self.sounds[name]

    def play(self, name: str) -> bool:
        """Play ``name`` unless sound is off, it played less than ``MIN_GAP`` ago, or it
        cannot be played; return whether it was started.  Never raises."""
        volume = self.volume
        if volume <= 0:
            return False
        now = self.clock()
        if now - self.last.get(name, -1e9) < MIN_GAP:
            return False
        if not self._open():
            return False
        try:
            sound = self._load(name)
            if sound is None:
                return False
            sound.set_volume(volume)
            sound.play()
        except Exception as e:
            log.warning("sound %s failed to play: %s", name, e)
            return False
        self.last[name] = now
        self.played = [*self.played[-49:], name]
        return True

    def stop(self) -> None:
        """Silence whatever is playing (sound switched off)."""
        if self.ready:
            try:
                pygame.mixer.stop()
            except Exception as e:
                log.warning("could not stop the sounds: %s", e)


def play(app: Any, name: str) -> None:
    """Play ``name`` through the app's player, if the app has one (test apps may not)."""
    player = getattr(app, "sound", None)
    if player is not None:
        player.play(name)
