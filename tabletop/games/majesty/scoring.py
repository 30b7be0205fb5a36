"""Final scoring: Infirmary, variety, majorities, and the side-B Infirmary penalty."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import Event
from tabletop.engine.events import GAME_OVER, PHASE, QUIET, Recorded
from tabletop.engine.words import plural
from tabletop.engine.zones import plain_move
from tabletop.games.majesty.data import INFIRMARY
from tabletop.games.majesty.locations import sides_in_play
from tabletop.games.majesty.state import MajestyState, gain_points, loc_zone, who
from tabletop.games.majesty.view import ROUTES, route


def leaders(counts: Sequence[int]) -> list[int]:
    """Seats with the highest count, if that count is at least 1 (ties all lead)."""
    best = max(counts)
    return [i for i, c in enumerate(counts) if c == best] if best >= 1 else []


def winners_of(scores: list[int]) -> list[int]:
    """Seats with the most points (a tie shares the victory)."""
    best = max(scores)
    return [i for i, v in enumerate(scores) if v == best]


def final_scoring(s: MajestyState, events: list[Event]) -> None:
    """Score the end of the game in rulebook order and mark the game over."""
    quiet = events is QUIET  # (no sentence is made where nobody reads it)
    if not quiet:
        ev = Recorded()
        ev._call = (Event, PHASE, "Final scoring.", {"name": "final_scoring"})
        events.append(ev)
    sides = sides_in_play(s.sides)
    infirmary = sides[INFIRMARY]
    realms, players = s.realms, s.players
    wounded = [len(r[INFIRMARY]) for r in realms]  # counted before step 1 empties them
    # 1. Infirmary
    penalty = infirmary.penalty_per_card
    for p in range(players):
        n = wounded[p]
        gain_points(s, p, -penalty * n, "infirmary", events, _wounded, p, penalty * n, n)
        realm = realms[p]
        pile = realm[INFIRMARY]
        realm[INFIRMARY] = ()
        if pile:
            s.removed += reversed(pile)  # from the top down
            if not quiet:  # (view.move written out: one route for the pile)
                key = (players, loc_zone(p, INFIRMARY), "removed")
                gone = ROUTES.get(key) or route(*key)
                for card in reversed(pile):
                    ev = Recorded()
                    ev._call = (plain_move, gone, card, False, "", ())
                    events.append(ev)
    # 2. Variety
    for p in range(players):
        k = sum(map(bool, realms[p][:INFIRMARY]))
        gain_points(s, p, k * k, "variety", events, _variety, p, k)
    # 3. Majority (each location's counts, seat by seat, from one pass over the realms)
    counts = list(zip(*[map(len, r) for r in realms], strict=True))
    for loc in range(INFIRMARY):
        L = sides[loc]
        if L.majority is None:
            continue
        for p in leaders(counts[loc]):
            gain_points(s, p, L.majority, "majority", events, _most, p, L.name, L.majority)
    # 4. Infirmary with a value (side B): the most wounded characters lose it
    if infirmary.majority is not None:
        for p in leaders(wounded):
            points = infirmary.majority
            gain_points(s, p, points, "infirmary_b", events, _most_wounded, p, points)
    s.over = True
    if quiet:
        return
    ev = Recorded()
    ev._call = (_game_over, tuple(s.scores))
    events.append(ev)


def _game_over(scores: tuple[int, ...]) -> Event:
    win = winners_of(list(scores))
    names = " and ".join(who(p) for p in win)
    verb = "share the victory" if len(win) > 1 else "wins"
    text = f"{names} {verb} with {plural(scores[win[0]], 'point')}."
    return Event(GAME_OVER, text, {"scores": list(scores), "winners": win})


def _wounded(p: int, points: int, n: int) -> str:
    return f"{who(p)} loses {plural(points, 'point')} for {plural(n, 'wounded character')}."


def _variety(p: int, k: int) -> str:
    return f"{who(p)} has characters at {plural(k, 'location')}: {k} × {k} = {k * k} points."


def _most(p: int, name: str, points: int) -> str:
    return f"{who(p)} has the most characters at the {name}: {points} points."


def _most_wounded(p: int, points: int) -> str:
    return f"{who(p)} has the most wounded characters: {points} points."
