"""The player's settings, persisted as versioned JSON in the user config folder (no pygame)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from tabletop import storage

KIND = "tabletop-settings"
VERSION = 1
FILE_NAME = "settings.json"

ANIMATION_SPEEDS: dict[str, float] = {"Slow": 0.5, "Normal": 1.0, "Fast": 2.0, "Instant": 0.0}
CARD_SIZES: dict[str, float] = {"Small": 0.85, "Medium": 1.0, "Large": 1.2}
VOLUMES: dict[str, float] = {"Low": 0.3, "Medium": 0.6, "High": 1.0}
TEXT_SCALES: tuple[int, ...] = (100, 125, 150, 175, 200)  # percent of the designed type size
SPEECH_RATES = ("Slow", "Normal", "Fast")  # words per minute: tabletop.ui.speech.RATES


@dataclass
class Settings:
    """Everything the player can change in the Settings scene."""

    animation_speed: str = "Normal"  # a key of ANIMATION_SPEEDS
    fullscreen: bool = False
    card_size: str = "Medium"  # a key of CARD_SIZES
    colour_safe: bool = False  # colour-blind-safe palette
    confirm_end_turn: bool = True  # kept for old files; nothing asks yet
    sound: bool = True  # the table's sounds (M at the table mutes them)
    volume: str = "Medium"  # a key of VOLUMES
    last_setup: dict[str, Any] = field(default_factory=dict)  # the New game form, as left
    guide: bool = True  # the first-game guide shows in a player's first game of each title
    guide_titles: dict[str, bool] = field(default_factory=dict)  # G at the table: game id → kept
    read_aloud: bool = False  # the table is read aloud by the system voice (V at the table)
    speech_rate: str = "Normal"  # one of SPEECH_RATES
    reduced_motion: bool = False  # no pulses, flights or shakes: cards jump to their places
    text_scale: int = 100  # percent, one of TEXT_SCALES: all text, not the cards

    @property
    def animation_factor(self) -> float:
        """Animation speed multiplier (0 = instant)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @property
    def card_scale(self) -> float:
        """Card size multiplier."""
        return CARD_SIZES.get(self.card_size, 1.0)

    @property
    def volume_factor(self) -> float:
        """Sound volume, 0–1 (0 when sound is off)."""
        return VOLUMES.get(self.volume, VOLUMES["Medium"]) if self.sound else 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Settings from JSON; unknown keys are ignored, wrong types fall back to defaults."""
        s = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(s, f.name)
            if isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(s, f.name, value)
            elif isinstance(value, type(default)):
                setattr(s, f.name, value)
        if s.animation_speed not in ANIMATION_SPEEDS:
            s.animation_speed = "Normal"
        if s.card_size not in CARD_SIZES:
            s.card_size = "Medium"
        if s.volume not in VOLUMES:
            s.volume = "Medium"
        if s.speech_rate not in SPEECH_RATES:
            s.speech_rate = "Normal"
        if isinstance(s.text_scale, bool) or s.text_scale not in TEXT_SCALES:
            s.text_scale = 100
        s.guide_titles = {
            k: v for k, v in s.guide_titles.items() if isinstance(k, str) and isinstance(v, bool)
        }
        return s


def settings_path() -> Path:
    """Where the settings file lives."""
    return storage.config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none); a corrupt or newer file is moved aside.

    Returns ``(settings, message)``; ``message`` is set when the file had to be moved aside.
    """
    path = path or settings_path()
    doc, message = storage.load_or_move_aside(path, KIND, VERSION)
    if doc is None:
        return Settings(), message
    data = doc.get("settings")
    if not isinstance(data, dict):
        try:
            moved = storage.move_aside(path, reason="invalid")
        except OSError as e:
            return Settings(), f"{path}: has no 'settings' object ({e}); defaults are used."
        return Settings(), (
            f"{path}: has no 'settings' object. It was moved aside to {moved.name} and "
            "defaults are used."
        )
    try:
        return Settings.from_json(data), None
    except Exception:  # never let a settings file stop the start
        return Settings(), f"{path}: its values could not be used; defaults are used."


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically; return the path."""
    path = path or settings_path()
    storage.write_json(path, KIND, VERSION, {"settings": settings.to_json()})
    return path
