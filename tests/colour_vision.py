"""Colour-vision deficiency simulation and the "told apart" check of the colour test.

Dichromacy is simulated with the matrices of Machado, Oliveira and Fernandes (2009) at
severity 1.0, applied to linear RGB (sRGB decoded, the matrix applied, clipped, encoded
again). Colour difference is CIE76: the Euclidean distance in CIELAB (D65 white).

Two colour-coded elements are told apart when, for normal vision and for each simulated
deficiency, their colours differ by at least :data:`THRESHOLD`, or else when each carries a
non-colour cue (a shape, pattern or letter), the two cues differ, and both were found drawn.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

Colour = tuple[int, int, int]

# Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out)
MACHADO: dict[str, np.ndarray] = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
         [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
         [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
         [0.004733, 0.691367, 0.303900]]
    ),
}  # fmt: skip
VISIONS = ("normal", *MACHADO)
# CIE76 distance two marks must keep to be told apart by colour alone at a glance (about
# five times a just-noticeable difference of 2.3)
THRESHOLD = 12.0

_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
     [0.0193339, 0.1191920, 0.9503041]]
)  # fmt: skip
_WHITE = np.array([0.95047, 1.0, 1.08883])


def to_linear(rgb: Colour) -> np.ndarray:
    c = np.asarray(rgb[:3], dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(lin: np.ndarray) -> Colour:
    c = np.clip(lin, 0.0, 1.0)
    c = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    return tuple(round(float(v) * 255) for v in c)  # type: ignore[return-value]


def simulate(rgb: Colour, vision: str) -> Colour:
    """``rgb`` as seen with ``vision`` (``normal`` or a key of :data:`MACHADO`)."""
    if vision == "normal":
        return tuple(rgb[:3])  # type: ignore[return-value]
    return to_srgb(MACHADO[vision] @ to_linear(rgb))


def lab(rgb: Colour) -> np.ndarray:
    xyz = _XYZ @ to_linear(rgb) / _WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(a: Colour, b: Colour) -> float:
    """CIE76 difference of two sRGB colours."""
    return float(np.linalg.norm(lab(a) - lab(b)))


def closest(a: Colour, b: Colour) -> tuple[float, str]:
    """The smallest difference of ``a`` and ``b`` over :data:`VISIONS`, and for which."""
    return min((delta_e(simulate(a, v), simulate(b, v)), v) for v in VISIONS)


def confusable(rgb: Colour, vision: str) -> Colour:
    """A colour visibly different from ``rgb`` that ``vision`` sees as the same (moved along
    the null direction of its matrix, in linear RGB): for the canary test."""
    m = MACHADO[vision]
    null = np.linalg.svd(m)[2][-1]
    lin = to_linear(rgb)
    for t in (0.25, -0.25, 0.15, -0.15, 0.1, -0.1):  # the largest move that stays in gamut
        moved = lin + t * null / np.abs(null).max()
        if (moved >= 0).all() and (moved <= 1).all():
            return to_srgb(moved)
    raise ValueError(f"no confusable colour for {rgb} in gamut")


@dataclass(frozen=True)
class Mark:
    """One colour-coded element: what it is, its colour, its non-colour cue (``None``:
    none) and whether the cue was found drawn."""

    name: str
    colour: Colour
    cue: str | None = None
    drawn: bool = False


def not_apart(marks: list[Mark], threshold: float = THRESHOLD) -> list[str]:
    """Every pair of ``marks`` that neither colour (under every vision) nor a drawn,
    distinct cue tells apart."""
    out = []
    for a, b in itertools.combinations(marks, 2):
        de, vision = closest(a.colour, b.colour)
        if de >= threshold:
            continue
        if a.cue and b.cue and a.cue != b.cue and a.drawn and b.drawn:
            continue
        why = "no distinct cue" if not (a.cue and b.cue and a.cue != b.cue) else "cue not drawn"
        out.append(f"{a.name} / {b.name}: ΔE {de:.1f} for {vision} and {why}")
    return out
