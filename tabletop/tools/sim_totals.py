"""Running totals of a run of headless games: what a summary needs, without the games.

A long ``simulate`` keeps only its first few results; the rest are counted here as they
finish (wins, score sums, lengths, the games' own figures), so the run's memory does not
grow with its length.  Sums are exact (integers and fractions), so a mean or a deviation
read from the totals is the one the full list of results would give.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol


class Result(Protocol):
    """What the totals read of one game's result (:class:`tabletop.tools.sim.GameResult`)."""

    scores: list[int]
    winners: list[int]
    length: int
    stats: dict[str, int | float | str]


@dataclass
class Totals:
    """The sums of some games' results, per seat where it applies."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    score_sum: list[Fraction] = field(default_factory=list)
    score_squares: list[Fraction] = field(default_factory=list)
    length: int = 0
    figures: dict[str, tuple[Fraction, int]] = field(default_factory=dict)  # key -> sum, count
    tallies: dict[str, dict[str, int]] = field(default_factory=dict)  # key -> value -> count

    def __post_init__(self) -> None:
        zero = Fraction(0)
        self.wins = self.wins or [0.0] * self.players
        self.score_sum = self.score_sum or [zero] * self.players
        self.score_squares = self.score_squares or [zero] * self.players

    def add(self, r: Result) -> None:
        """Count one game."""
        self.games += 1
        for s in r.winners:
            self.wins[s] += 1 / len(r.winners)
        for s in range(self.players):
            x = Fraction(r.scores[s])
            self.score_sum[s] += x
            self.score_squares[s] += x * x
        self.length += r.length
        for key, value in r.stats.items():
            if isinstance(value, str):
                tally = self.tallies.setdefault(key, {})
                tally[value] = tally.get(value, 0) + 1
            else:
                total, n = self.figures.get(key, (Fraction(0), 0))
                self.figures[key] = (total + Fraction(value), n + 1)

    def copy(self) -> Totals:
        """Totals that can be added to without changing these."""
        return Totals(
            self.players,
            self.games,
            list(self.wins),
            list(self.score_sum),
            list(self.score_squares),
            self.length,
            dict(self.figures),
            {k: dict(v) for k, v in self.tallies.items()},
        )

    def score_stats(self) -> list[tuple[float, float]]:
        """(mean, sample standard deviation) of the final score, per seat."""
        n = self.games
        out = []
        for total, squares in zip(self.score_sum, self.score_squares, strict=True):
            mean = float(total / n) if n else 0.0
            var = (squares - total * total / n) / (n - 1) if n > 1 else Fraction(0)
            out.append((mean, math.sqrt(var)))
        return out

    def means(self) -> dict[str, Any]:
        """The mean of each number the games reported (over the games that reported it)."""
        return {k: float(total / n) for k, (total, n) in self.figures.items()}
