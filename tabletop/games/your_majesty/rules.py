"""Rule predicates shared by the legal-move generator and the resolution code."""

from __future__ import annotations

from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.scoring import wealth
from tabletop.games.your_majesty.state import YMState


def lingering_effects(s: YMState) -> list[tuple[str, int, int]]:
    """(effect, player who played it, target seat or -1) for every lingering event in force."""
    out: list[tuple[str, int, int]] = []
    effect = catalog().effect
    for seat, court in enumerate(s.courts):
        if court.lingering:
            for card, tgt in zip(court.lingering, court.linger_target, strict=True):
                out.append((effect[card], seat, tgt))
    return out


def in_force(s: YMState, effect: str) -> bool:
    """Whether a lingering event with ``effect`` is in force anywhere."""
    for court in s.courts:
        if court.lingering:
            effects = catalog().effect
            return any(effects[a] == effect for c in s.courts for a in c.lingering)
    return False


def barred(s: YMState, seat: int) -> bool:
    """Whether a Lettre de Cachet keeps ``seat``'s philosophes from every salon."""
    return any(e == "lettre" and t == seat for e, _, t in lingering_effects(s))


def censorship(s: YMState, host: int) -> int:
    """Extra difficulty from Censorship cards played by other players."""
    return 2 * sum(1 for e, who, _ in lingering_effects(s) if e == "censorship" and who != host)


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
    assert s.salon is not None
    cat = catalog()
    muse, pm = cat.reform_muse[s.salon.reform], cat.phil_muse
    total = sum(2 if pm[p] == muse else 1 for p in s.salon.attendees)
    return total + (2 if "encyclopedie" in s.flags else 0)


def base_difficulty(s: YMState) -> int:
    """Difficulty of the staged salon before the randomizer: level + scandals + Censorship."""
    assert s.salon is not None
    host = s.salon.host
    level = catalog().reform_level[s.salon.reform]
    return level + len(s.courts[host].scandals) + censorship(s, host)


def salon_capacity(s: YMState) -> int:
    """How many philosophes may attend: the host's wealth."""
    assert s.salon is not None
    return wealth(s, s.salon.host)


def owner_of_phil(s: YMState, phil: int) -> int:
    """The seat whose court holds ``phil``, or -1."""
    for i, c in enumerate(s.courts):
        if phil in c.phils:
            return i
    return -1


def owner_of_colony(s: YMState, colony: int) -> int:
    """The seat whose court holds ``colony``, or -1."""
    for i, c in enumerate(s.courts):
        if colony in c.colonies:
            return i
    return -1
