"""Lingering events in force: Peace Treaty, Smallpox, Lettre de Cachet, Censorship, Hurricane.

A lingering event lies in its player's ``events`` zone until that player's next turn; these
predicates tell the rules which are in force and on whom.
"""

from __future__ import annotations

from tabletop.games.your_majesty.data import catalog
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
