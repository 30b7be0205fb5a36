"""Salons: who may host one (muse and level gate), sophia, difficulty, capacity and chance."""

from __future__ import annotations

from tabletop.engine.decisions import Frame
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.lingering import censorship
from tabletop.games.your_majesty.scoring import wealth
from tabletop.games.your_majesty.state import YMState


def level_gates(s: YMState, seat: int) -> tuple[bool, bool]:
    """Whether reforms of level 3 and of level 5 are open to ``seat``: each needs one of the
    level below at its court, or half the players holding one."""
    bit = catalog().level_bit  # 1, 2 and 4 for levels 1, 3 and 5
    ones = threes = 0  # courts holding a level-1 reform, and twice those holding a level 3
    mine = 0
    for i, court in enumerate(s.courts):
        held = 0
        for r in court.reforms:
            held |= bit[r]
        ones += held & 1
        threes += held & 2
        if i == seat:
            mine = held
    return bool(mine & 1 or 2 * ones >= s.players), bool(mine & 2 or threes >= s.players)


def open_levels(s: YMState, seat: int, bit: tuple[int, ...]) -> int:
    """The levels of reform open to ``seat`` as bits of ``bit`` (``Catalog.level_bit``): 1
    (level 1, always), 2 (level 3) and 4 (level 5), as :func:`level_gates` finds them
    (written out: every turn's list asks, and most courts hold no reform)."""
    courts = s.courts
    mine = 0
    for r in courts[seat].reforms:
        mine |= bit[r]
    if mine & 3 == 3:  # a level 1 and a level 3 of its own open both gates
        return 7
    ones = threes = 0  # courts holding a level-1 reform, and twice those holding a level 3
    for court in courts:
        if court.reforms:
            held = 0
            for r in court.reforms:
                held |= bit[r]
            ones += held & 1
            threes += held & 2
    n = s.players
    return 1 | (2 if mine & 1 or 2 * ones >= n else 0) | (4 if mine & 2 or threes >= n else 0)


def level_gate_open(s: YMState, seat: int, level: int) -> bool:
    """Whether a reform of ``level`` is open to ``seat`` (see :func:`level_gates`)."""
    if level <= 1:
        return True
    return level_gates(s, seat)[level == 5]


def may_propose(s: YMState, seat: int, reform: int) -> bool:
    """Whether ``seat`` may start a salon for ``reform`` (before paying its card)."""
    cat = catalog()
    muse, pm = cat.reform_muse[reform], cat.phil_muse
    if not any(pm[p] == muse for p in s.courts[seat].phils):
        return False
    return level_gate_open(s, seat, cat.reform_level[reform])


def sophia(s: YMState) -> int:
    """Sophia of the salon being staged (Encyclopédie included)."""
    f = s.salon_frame
    assert f is not None
    return sophia_of(s, f)


def sophia_of(s: YMState, f: Frame) -> int:
    """Sophia of the salon of frame ``f``."""
    cat = catalog()
    muse, pm = cat.reform_muse[f.data["reform"]], cat.phil_muse
    total = sum(2 if pm[p] == muse else 1 for p in f.data["attendees"])
    return total + (2 if "encyclopedie" in s.flags else 0)


def base_difficulty(s: YMState) -> int:
    """Difficulty of the staged salon before the randomizer: level + scandals + Censorship."""
    f = s.salon_frame
    assert f is not None
    return base_difficulty_of(s, f)


def base_difficulty_of(s: YMState, f: Frame) -> int:
    """Difficulty of the salon of frame ``f`` before the randomizer."""
    host = f.seats[0]
    level = catalog().reform_level[f.data["reform"]] + len(s.courts[host].scandals)
    for court in s.courts:
        if court.lingering:  # (Censorship is a lingering event: none, no need to look)
            return level + censorship(s, host)
    return level


def salon_capacity(s: YMState) -> int:
    """How many philosophes may attend: the host's wealth."""
    f = s.salon_frame
    assert f is not None
    return wealth(s, f.seats[0])


def salon_chance(soph: int, base: int, faux_pas: bool) -> float:
    """Probability that a salon succeeds, for a uniform randomizer 1–6."""
    wins = sum(1 for r in range(1, 7) if soph > base + r and not (faux_pas and r == 6))
    return wins / 6
