"""A small, portable, serialisable random number generator (SplitMix64).

Game states carry one of these, so a game replays bit for bit from its seed on every
Python version and platform, and the state is a single integer in JSON.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
# the rejection limit for each range size a shuffle meets (computed once, not per draw)
_LIMITS = [0] + [_MASK - (_MASK + 1) % n for n in range(1, 1025)]


class Rng:
    """SplitMix64: fast, tiny state, good enough statistical quality for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias).

        The draws of :meth:`next64`, written out inline (playouts call this once a step).
        """
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        limit = _LIMITS[n] if n < 1025 else _MASK - (_MASK + 1) % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence (the draw of ``randrange(len(seq))``)."""
        n = len(seq)
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        limit = _LIMITS[n] if n < 1025 else _MASK - (_MASK + 1) % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return seq[z % n]

    def shuffle(self, seq: MutableSequence[T], tail: int | None = None) -> None:
        """Fisher–Yates shuffle in place.

        The same draws as ``randrange(i + 1)`` for each ``i`` from the top, written out inline:
        the searches determinize thousands of times a second and this is their hottest loop.
        With ``tail``, only the last ``tail`` places are drawn (the first ``tail`` steps): they
        then hold a uniformly random sample of the cards in random order, and the rest stays
        in no particular order (for a caller who takes the tail and shuffles the rest later).
        """
        s = self.state
        limits = _LIMITS
        stop = 0 if tail is None else max(0, len(seq) - 1 - tail)
        for i in range(len(seq) - 1, stop, -1):
            n = i + 1
            limit = limits[n] if n < 1025 else _MASK - (_MASK + 1) % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """A generator in the same state."""
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state})"
