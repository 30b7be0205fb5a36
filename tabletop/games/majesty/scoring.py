"""Final scoring: Infirmary, variety, majorities, and the side-B Infirmary penalty."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.engine.events import GAME_OVER, PHASE
from tabletop.engine.words import plural
from tabletop.games.majesty.data import INFIRMARY, catalog
from tabletop.games.majesty.state import MajestyState, gain_points, loc_zone, who
from tabletop.games.majesty.view import move


def leaders(counts: list[int]) -> list[int]:
    """Seats with the highest count, if that count is at least 1 (ties all lead)."""
    best = max(counts)
    return [i for i, c in enumerate(counts) if c == best] if best >= 1 else []


def winners_of(scores: list[int]) -> list[int]:
    """Seats with the most points (a tie shares the victory)."""
    best = max(scores)
    return [i for i, v in enumerate(scores) if v == best]


def final_scoring(s: MajestyState, events: list[Event]) -> None:
    """Score the end of the game in rulebook order and mark the game over."""
    events.append(Event(PHASE, "Final scoring.", {"name": "final_scoring"}))
    infirmary = catalog().location(INFIRMARY, s.sides[INFIRMARY])
    wounded = [len(r[INFIRMARY]) for r in s.realms]  # counted before step 1 empties them
    # 1. Infirmary
    for p in range(s.players):
        n = wounded[p]
        gain_points(
            s,
            p,
            -infirmary.penalty_per_card * n,
            "infirmary",
            f"{who(p)} loses {plural(infirmary.penalty_per_card * n, 'point')} "
            f"for {plural(n, 'wounded character')}.",
            events,
        )
        pile = s.realms[p][INFIRMARY]
        s.realms[p][INFIRMARY] = ()
        for card in reversed(pile):  # from the top down
            s.removed.append(card)
            move(s, card, loc_zone(p, INFIRMARY), "removed", "", events, face_up=False)
    # 2. Variety
    for p in range(s.players):
        k = sum(1 for loc in range(INFIRMARY) if s.realms[p][loc])
        gain_points(
            s,
            p,
            k * k,
            "variety",
            f"{who(p)} has characters at {plural(k, 'location')}: {k} × {k} = {k * k} points.",
            events,
        )
    # 3. Majority
    for loc in range(INFIRMARY):
        L = catalog().location(loc, s.sides[loc])
        if L.majority is None:
            continue
        for p in leaders([len(r[loc]) for r in s.realms]):
            gain_points(
                s,
                p,
                L.majority,
                "majority",
                f"{who(p)} has the most characters at the {L.name}: {L.majority} points.",
                events,
            )
    # 4. Infirmary with a value (side B): the most wounded characters lose it
    if infirmary.majority is not None:
        for p in leaders(wounded):
            gain_points(
                s,
                p,
                infirmary.majority,
                "infirmary_b",
                f"{who(p)} has the most wounded characters: {infirmary.majority} points.",
                events,
            )
    s.over = True
    win = winners_of(s.scores)
    names = " and ".join(who(p) for p in win)
    verb = "share the victory" if len(win) > 1 else "wins"
    events.append(
        Event(
            GAME_OVER,
            f"{names} {verb} with {plural(s.scores[win[0]], 'point')}.",
            {"scores": list(s.scores), "winners": win},
        )
    )
