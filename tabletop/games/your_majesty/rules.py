"""Rule predicates shared by the legal-move generator and the resolution code."""

from __future__ import annotations

from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.scoring import wealth
from tabletop.games.your_majesty.state import YMState


def lingering_effects(s: YMState) -> list[tuple[str, int, int]]:
    """(effect, player who played it, target seat or -1) for every lingering event in force."""
    out: list[tuple[str, int, int]] = []
    if not any(c.lingering for c in s.courts):
        return out
    acts = catalog().actions
    for seat, court in enumerate(s.courts):
        for card, tgt in zip(court.lingering, court.linger_target, strict=True):
            out.append((acts[card].effect, seat, tgt))
    return out


def in_force(s: YMState, effect: str) -> bool:
    """Whether a lingering event with ``effect`` is in force anywhere."""
    return any(e == effect for e, _, _ in lingering_effects(s))


def barred(s: YMState, seat: int) -> bool:
    """Whether a Lettre de Cachet keeps ``seat``'s philosophes from every salon."""
    return any(e == "lettre" and t == seat for e, _, t in lingering_effects(s))


def censorship(s: YMState, host: int) -> int:
    """Extra difficulty from Censorship cards played by other players."""
    return 2 * sum(1 for e, who, _ in lingering_effects(s) if e == "censorship" and who != host)


def level_gate_open(s: YMState, seat: int, level: int) -> bool:
    """A reform of ``level`` needs one of the level below, or half the players holding one."""
    if level <= 1:
        return True
    lower = 1 if level == 3 else 3
    reforms = catalog().reforms
    holders = [any(reforms[r].level == lower for r in c.reforms) for c in s.courts]
    return holders[seat] or 2 * sum(holders) >= s.players


def may_propose(s: YMState, seat: int, reform: int) -> bool:
    """Whether ``seat`` may start a salon for ``reform`` (before paying its card)."""
    cat = catalog()
    r = cat.reforms[reform]
    court = s.courts[seat]
    if not any(cat.phils[p].muse == r.muse for p in court.phils):
        return False
    return level_gate_open(s, seat, r.level)


def sophia(s: YMState) -> int:
    """Sophia of the salon being staged (Encyclopédie included)."""
    assert s.salon is not None
    cat = catalog()
    muse = cat.reforms[s.salon.reform].muse
    total = sum(2 if cat.phils[p].muse == muse else 1 for p in s.salon.attendees)
    return total + (2 if "encyclopedie" in s.flags else 0)


def base_difficulty(s: YMState) -> int:
    """Difficulty of the staged salon before the randomizer: level + scandals + Censorship."""
    assert s.salon is not None
    host = s.salon.host
    level = catalog().reforms[s.salon.reform].level
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
