"""Plays a spoken WAV through ``pygame.mixer`` on a channel of its own, so reading aloud can be
cut at once.

On Linux, pyttsx3's eSpeak NG driver plays what it synthesised by running ``aplay`` inside
eSpeak's own thread: nothing can stop it half-way.  The speaker therefore has eSpeak write the
utterance to a file and plays that file here, where :meth:`MixerVoice.stop` silences it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame

from tabletop.ui.sound import SILENT_DRIVERS

log = logging.getLogger("tabletop.ui.speech")

VOICE_CHANNEL = 11  # the last of the 12 channels sound.py opens; reserved for the voice


class MixerVoice:
    """One utterance at a time on a reserved mixer channel."""

    def __init__(self) -> None:
        self.broken: str | None = None
        self._channel: pygame.mixer.Channel | None = None

    def ready(self) -> bool:
        """Whether the mixer is open (it is opened here when it is not yet)."""
        if self._channel is not None:
            return True
        if self.broken:
            return False
        driver = os.environ.get("SDL_AUDIODRIVER", "").strip().lower()
        if driver in SILENT_DRIVERS:
            self.broken = f"SDL_AUDIODRIVER is {driver!r}"
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() <= VOICE_CHANNEL:
                pygame.mixer.set_num_channels(VOICE_CHANNEL + 1)
            pygame.mixer.set_reserved(VOICE_CHANNEL + 1)  # the app's sounds never take it
            self._channel = pygame.mixer.Channel(VOICE_CHANNEL)
        except Exception as e:  # no audio device, a failing driver
            self.broken = f"{type(e).__name__}: {e}"
            log.info("reading aloud plays through eSpeak itself: %s", self.broken)
            return False
        return True

    def play(self, path: Path) -> bool:
        """Start playing ``path``; whether it started."""
        if not self.ready() or self._channel is None:
            return False
        try:
            self._channel.play(pygame.mixer.Sound(str(path)))
        except Exception as e:
            log.warning("a spoken line could not be played: %s", e)
            return False
        return True

    def playing(self) -> bool:
        """Whether the voice is still sounding."""
        return self._channel is not None and bool(self._channel.get_busy())

    def stop(self) -> None:
        """Cut the voice short."""
        if self._channel is not None:
            self._channel.stop()
