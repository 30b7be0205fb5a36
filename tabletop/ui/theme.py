"""The one courtly theme: palette and type sizes shared by every scene.

Colours are RGB tuples.  ``scale`` turns a size in design pixels (1280×720 baseline) into
screen pixels, so everything stays readable from 1280×720 up to 3840×2160.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE_HEIGHT = 720
BASE_WIDTH = 1280


@dataclass(frozen=True)
class Palette:
    felt: tuple[int, int, int] = (22, 58, 46)  # deep green baize
    felt_dark: tuple[int, int, int] = (14, 40, 32)
    wood: tuple[int, int, int] = (74, 44, 28)  # table rim
    ink: tuple[int, int, int] = (33, 26, 20)  # text on parchment
    parchment: tuple[int, int, int] = (242, 232, 208)  # card faces, panels
    parchment_dark: tuple[int, int, int] = (214, 198, 164)
    gold: tuple[int, int, int] = (212, 175, 55)  # highlights, legal targets
    gold_light: tuple[int, int, int] = (240, 214, 120)
    crimson: tuple[int, int, int] = (128, 24, 40)  # accents, warnings
    royal: tuple[int, int, int] = (36, 52, 110)  # buttons
    royal_light: tuple[int, int, int] = (70, 92, 170)
    ivory: tuple[int, int, int] = (250, 246, 234)  # text on dark
    shadow: tuple[int, int, int] = (0, 0, 0)
    good: tuple[int, int, int] = (60, 150, 90)
    bad: tuple[int, int, int] = (190, 50, 50)
    # one colour per seat (seat i takes seats[i % len]); each seat's badge also carries its
    # own shape (``ui/table/seat_badge.py``), so the colours need not be told apart alone
    seats: tuple[tuple[int, int, int], ...] = (
        (176, 40, 52),  # crimson
        (44, 86, 176),  # royal blue
        (46, 128, 72),  # green
        (128, 66, 158),  # violet
        (206, 146, 34),  # amber
        (28, 138, 150),  # teal
    )


COURTLY = Palette()
# Colour-blind-safe variant: blue/orange instead of green/red for good/bad and targets.
COLOUR_SAFE = Palette(
    felt=(30, 48, 72),
    felt_dark=(20, 32, 50),
    gold=(240, 170, 40),
    good=(0, 114, 178),
    bad=(213, 94, 0),
    # Okabe and Ito's set, chosen to stay apart under the common colour-vision deficiencies
    seats=(
        (230, 159, 0),  # orange
        (86, 180, 233),  # sky blue
        (0, 158, 115),  # bluish green
        (240, 228, 66),  # yellow
        (0, 114, 178),  # blue
        (204, 121, 167),  # reddish purple
    ),
)


def palette(colour_safe: bool = False) -> Palette:
    """The palette for the current settings."""
    return COLOUR_SAFE if colour_safe else COURTLY


def scale_factor(height: int) -> float:
    """Screen pixels per design pixel for a window ``height`` pixels tall."""
    return max(0.75, height / BASE_HEIGHT)


def px(size: float, height: int) -> int:
    """A design size in screen pixels (at least 1)."""
    return max(1, round(size * scale_factor(height)))


def scale_for_size(size: tuple[int, int]) -> float:
    """Screen pixels per design pixel for a window of ``size`` (fits 1280×720 both ways)."""
    w, h = size
    return max(0.75, min(h / BASE_HEIGHT, w / BASE_WIDTH))


# Design sizes (pixels at 1280×720) of the type roles.
TYPE_SIZES: dict[str, int] = {
    "small": 13,
    "body": 16,
    "button": 18,
    "section": 22,
    "heading": 26,
    "title": 34,
    "hero": 84,
}


def hex_colour(rgb: tuple[int, ...], alpha: int | None = None) -> str:
    """``#rrggbb`` (or ``#rrggbbaa``) for pygame_gui themes."""
    text = "#" + "".join(f"{c:02x}" for c in rgb[:3])
    return text + (f"{alpha:02x}" if alpha is not None else "")


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
