"""Statistics from the record of finished games: per player name and game.

For every (player, game): games played, wins (a shared victory counts as a win), the average
and best score, and the same games split by the strongest AI level that sat against the
player (``people`` when no AI played).  Pure Python; the statistics screen and
``tabletop stats`` both read :func:`player_stats` and so show the same figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tabletop.controller.history.records import Records

LEVEL_ORDER = ("random", "easy", "normal", "hard")
PEOPLE = "people"


@dataclass
class Against:
    """Games and wins against one kind of opposition."""

    games: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    """One player's figures in one game."""

    name: str
    game: str
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    against: dict[str, Against] = field(default_factory=dict)

    @property
    def average(self) -> float:
        """The mean score."""
        return self.total / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        """Wins per game (0 to 1)."""
        return self.wins / self.games if self.games else 0.0

    def against_text(self) -> str:
        """``easy 3/4, hard 1/5`` (wins/games per opposition, weakest first)."""
        keys = sorted(self.against, key=_level_rank)
        return ", ".join(f"{k} {self.against[k].wins}/{self.against[k].games}" for k in keys)


def _level_rank(level: str) -> tuple[int, str]:
    if level == PEOPLE:
        return (-1, level)
    if level in LEVEL_ORDER:
        return (LEVEL_ORDER.index(level), level)
    return (len(LEVEL_ORDER), level)


def strongest(levels: Iterable[str]) -> str:
    """The strongest of some AI levels (``people`` for none)."""
    found = sorted(set(levels), key=_level_rank)
    return found[-1] if found else PEOPLE


def player_stats(records: Records, include_ai: bool = False) -> list[PlayerStats]:
    """Figures per (player name, game), by game then most games first.

    AI seats are left out unless ``include_ai`` (then named ``Hugo (AI, hard)``)."""
    games: dict[int, list[tuple[str, str, str, str | None, int, bool]]] = {}
    for gid, game, name, kind, level, score, winner in records.seat_rows():
        games.setdefault(gid, []).append((game, name, kind, level, score, winner))
    table: dict[tuple[str, str], PlayerStats] = {}
    for seats in games.values():
        for i, (game, name, kind, level, score, winner) in enumerate(seats):
            is_ai = kind == "ai"
            if is_ai and not include_ai:
                continue
            who = f"{name} (AI, {level})" if is_ai else name
            st = table.setdefault((who, game), PlayerStats(who, game))
            st.games += 1
            st.wins += int(winner)
            st.total += score
            st.best = score if st.best is None else max(st.best, score)
            rivals = [s[3] or "" for j, s in enumerate(seats) if j != i and s[2] == "ai"]
            a = st.against.setdefault(strongest(rivals), Against())
            a.games += 1
            a.wins += int(winner)
    return sorted(table.values(), key=lambda s: (s.game, -s.games, s.name.lower()))


def format_table(stats: list[PlayerStats], game_name: Callable[[str], str] = str) -> str:
    """The statistics as plain text, one block per game."""
    if not stats:
        return "No finished games recorded yet."
    lines: list[str] = []
    width = max(12, *(len(s.name) for s in stats))
    current = None
    for s in stats:
        if s.game != current:
            current = s.game
            if lines:
                lines.append("")
            lines.append(game_name(s.game))
            lines.append(
                f"  {'player':<{width}} {'games':>5} {'wins':>5} {'win %':>6} {'avg':>6} "
                f"{'best':>5}  against (wins/games)"
            )
        best = "—" if s.best is None else str(s.best)
        lines.append(
            f"  {s.name:<{width}} {s.games:>5} {s.wins:>5} {100 * s.win_rate:>5.0f}% "
            f"{s.average:>6.1f} {best:>5}  {s.against_text()}"
        )
    return "\n".join(lines)
