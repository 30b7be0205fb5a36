"""Make the table's sounds: short, soft 16-bit mono WAVs synthesised from sines and noise.

Only the standard library and a fixed seed, so the same files come out every time:

    python art/common/sounds/make_sounds.py [OUT_DIR]   # default: this folder

Every sound starts and ends at silence (soft attack, smooth decay: no clicks) and peaks well
below full scale; the app's volume setting scales them further.
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 22050
SEED = 1605  # any fixed number: the noise is part of the sound


def seconds(n: float) -> int:
    """Samples in ``n`` seconds."""
    return max(1, round(n * RATE))


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Raised-cosine attack of ``attack`` s, then an exponential decay (time constant
    ``decay`` s) that is faded to exactly zero over the last 15 % of the sound."""
    a = max(1, seconds(attack))
    tail = max(1, n * 15 // 100)
    out = []
    for i in range(n):
        v = 0.5 - 0.5 * math.cos(math.pi * i / a) if i < a else math.exp(-(i - a) / RATE / decay)
        if i >= n - tail:
            v *= 0.5 + 0.5 * math.cos(math.pi * (i - (n - tail)) / tail)
        out.append(v)
    return out


def noise(n: int, rng: random.Random, low: float, high: float) -> list[float]:
    """Band-limited noise (``low``–``high`` Hz): white noise through a two-pole low-pass,
    less its own low-pass at ``low`` (a gentle high-pass), so no hiss is left on top."""
    ka = 1 - math.exp(-2 * math.pi * high / RATE)
    kb = 1 - math.exp(-2 * math.pi * low / RATE)
    a1 = a2 = b = 0.0
    out = []
    for _ in range(n):
        x = rng.uniform(-1, 1)
        a1 += ka * (x - a1)  # low-pass at `high`, twice
        a2 += ka * (a1 - a2)
        b += kb * (a2 - b)  # low-pass at `low`, taken away: a band
        out.append(a2 - b)
    return out


def tone(
    n: int, freq: float | Callable[[float], float], partials: Iterable[tuple[float, float]]
) -> list[float]:
    """A sum of sine partials ``(ratio, gain)`` over a fundamental (fixed, or a function of
    time for a glide)."""
    parts = list(partials)
    phase = 0.0
    out = []
    for i in range(n):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(sum(g * math.sin(r * phase) for r, g in parts))
    return out


def shaped(samples: list[float], env: list[float]) -> list[float]:
    """Samples times an envelope."""
    return [s * e for s, e in zip(samples, env, strict=True)]


def mix(length: int, *layers: tuple[float, list[float]]) -> list[float]:
    """Layers ``(start seconds, samples)`` summed into ``length`` samples."""
    out = [0.0] * length
    for start, samples in layers:
        at = seconds(start) if start else 0
        for i, s in enumerate(samples[: max(0, length - at)]):
            out[at + i] += s
    return out


def note(freq: float, length: float, attack: float, decay: float, bright: float) -> list[float]:
    """A soft bell or horn note; ``bright`` weighs the upper partials."""
    n = seconds(length)
    partials = [(1, 1.0), (2, 0.35 * bright), (3, 0.18 * bright), (4, 0.06 * bright)]
    return shaped(tone(n, freq, partials), envelope(n, attack, decay))


def swish(rng: random.Random, length: float, low: float, high: float, attack: float):
    """A card sliding over felt: a band of noise that swells and fades."""
    n = seconds(length)
    return shaped(noise(n, rng, low, high), envelope(n, attack, length / 3))


def pitch(semitones_from_a4: int) -> float:
    """Equal-tempered frequency."""
    return 440.0 * 2 ** (semitones_from_a4 / 12)


C5, D5, E5, G5, B5, C6 = (pitch(s) for s in (3, 5, 7, 10, 14, 15))


def make(rng: random.Random) -> dict[str, tuple[float, list[float]]]:
    """Every sound: name → (peak level, samples)."""
    sounds: dict[str, tuple[float, list[float]]] = {}
    sounds["pick"] = (0.22, swish(rng, 0.09, 500, 2200, 0.03))
    sounds["slide"] = (0.20, swish(rng, 0.16, 400, 1800, 0.05))
    sounds["deal"] = (0.16, swish(rng, 0.08, 700, 2600, 0.015))
    n = seconds(0.12)
    thump = shaped(tone(n, lambda t: 220 - 400 * t, [(1, 1.0)]), envelope(n, 0.004, 0.025))
    tap = swish(rng, 0.05, 900, 2800, 0.003)
    sounds["drop"] = (0.30, mix(n, (0, thump), (0, [0.7 * s for s in tap])))
    n = seconds(0.11)
    flick = swish(rng, 0.04, 1100, 3200, 0.004)
    sounds["flip"] = (0.20, mix(n, (0, flick), (0.045, swish(rng, 0.06, 600, 2200, 0.006))))
    n = seconds(0.04)
    sounds["click"] = (0.10, shaped(tone(n, 1750, [(1, 1.0)]), envelope(n, 0.003, 0.008)))
    n = seconds(0.2)  # a wooden "tock": a low note that falls a little, and dies quickly
    wood = tone(n, lambda t: 330 - 180 * t, [(1, 1.0), (2.7, 0.25)])
    sounds["refuse"] = (0.28, shaped(wood, envelope(n, 0.004, 0.04)))
    n = seconds(0.75)
    sounds["turn"] = (
        0.22,
        mix(n, (0, note(E5, 0.45, 0.008, 0.16, 0.5)), (0.16, note(B5, 0.59, 0.008, 0.2, 0.5))),
    )
    n = seconds(1.5)  # a short courtly flourish: up the chord, the top note held
    horn = [(0, C5, 0.22), (0.13, E5, 0.22), (0.26, G5, 0.22), (0.39, C6, 1.1)]
    sounds["fanfare"] = (
        0.30,
        mix(n, *((at, note(f, length, 0.02, length / 2.5, 1.0)) for at, f, length in horn)),
    )
    n = seconds(1.3)  # the same voice, gently down to rest
    fall = [(0, G5, 0.3), (0.22, E5, 0.3), (0.44, D5, 0.3), (0.66, C5, 0.64)]
    sounds["game_over"] = (
        0.24,
        mix(n, *((at, note(f, length, 0.025, length / 2.5, 0.7)) for at, f, length in fall)),
    )
    return sounds


def write(path: Path, samples: list[float], peak: float) -> None:
    """Normalise to ``peak`` of full scale and write a 16-bit mono WAV."""
    top = max(abs(s) for s in samples) or 1.0
    data = array.array("h", (round(32767 * peak * s / top) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def main(argv: list[str]) -> int:
    """Write every sound into the folder given (or this one)."""
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    for name, (peak, samples) in make(random.Random(SEED)).items():
        write(out / f"{name}.wav", samples, peak)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
