"""Location abilities: signposts (attack, heal), the Castle-B exchange and the payouts."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import Event
from tabletop.engine.decisions import prompt
from tabletop.engine.events import QUIET, Recorded
from tabletop.engine.words import a, plural
from tabletop.games.majesty.data import INFIRMARY, LocationSide, catalog
from tabletop.games.majesty.state import (
    EXCHANGE,
    FROM_SEAT,
    HEAL,
    MajestyState,
    gain_meeples,
    gain_points,
    loc_zone,
    points_event,
    who,
)
from tabletop.games.majesty.view import move

SIDES: dict[str, tuple[LocationSide, ...]] = {}


def sides_in_play(sides: str) -> tuple[LocationSide, ...]:
    """The eight location sides named by the letters ``sides``."""
    out = SIDES.get(sides)
    if out is None:
        cat = catalog()
        out = SIDES[sides] = tuple(cat.location(i, x) for i, x in enumerate(sides))
    return out


def side_of(s: MajestyState, loc: int) -> LocationSide:
    """The side of location ``loc`` in play in this game."""
    return sides_in_play(s.sides)[loc]


def defence_location(s: MajestyState) -> int | None:
    """The location whose characters defend (the Guardhouse), if any side in play has one."""
    found = _DEFENCE.get(s.sides, -1)
    if found == -1:
        found = _DEFENCE[s.sides] = next(
            (loc for loc in range(INFIRMARY) if side_of(s, loc).signpost == "defend"), None
        )
    return found


_DEFENCE: dict[str, int | None] = {}  # sides -> the defending location


def start_resolution(
    s: MajestyState, seat: int, loc: int, events: list[Event], L: LocationSide | None = None
) -> None:
    """Resolve location ``loc`` (side ``L``) for ``seat`` from the top; may stop at a prompt."""
    s.resolving = loc
    L = L or side_of(s, loc)
    signpost = L.signpost
    if signpost:
        if signpost == "attack":
            attack(s, seat, loc, events)
        elif signpost == "heal" and heal(s, seat, events):
            return  # a split card waits for its owner's choice
    if L.exchange and (s.scores[seat] > 0 or s.meeples[seat] > 0):
        s.stack.append(prompt(EXCHANGE, seat, dir=0))
        return
    payout(s, seat, events, L)


def after_signpost(
    s: MajestyState, seat: int, events: list[Event], L: LocationSide | None = None
) -> None:
    """Continue after the signpost: open the exchange if there is one, else pay out."""
    L = L or side_of(s, s.resolving)
    if L.exchange and (s.scores[seat] > 0 or s.meeples[seat] > 0):
        s.stack.append(prompt(EXCHANGE, seat, dir=0))
        return
    payout(s, seat, events, L)


def _attacked(success: bool, seat: int, opp: int, say: Callable[..., str], *told: int) -> Event:
    data = {"attacker": seat, "defender": opp, "success": success}
    return Event("log", say(seat, opp, *told), data)


def _held(seat: int, opp: int, knights: int, guards: int) -> str:
    return (
        f"{who(seat)} attacks {who(opp)} with {plural(knights, 'Knight')}; "
        f"{plural(guards, 'Guard')} hold the line."
    )


def _nobody(seat: int, opp: int) -> str:
    return f"{who(seat)} attacks {who(opp)}, who has no character to lose."


def _wounds(seat: int, opp: int, knights: int, guards: int, target: int) -> str:
    return (
        f"{who(seat)} attacks {who(opp)} ({plural(knights, 'Knight')} against "
        f"{plural(guards, 'Guard')}): {who(opp)}'s {catalog().char_names[target]} "
        f"goes to the Infirmary."
    )


def attack(s: MajestyState, seat: int, loc: int, events: list[Event]) -> None:
    """Attack every opponent: fewer Guards than our Knights → their leftmost top card is wounded."""
    knights = len(s.realms[seat][loc])
    guard_loc = defence_location(s)
    for step in range(1, s.players):
        opp = (seat + step) % s.players
        guards = len(s.realms[opp][guard_loc]) if guard_loc is not None else 0
        realm = s.realms[opp]
        if guards >= knights:
            if events is QUIET:
                continue
            ev = Recorded()
            ev._call = (_attacked, False, seat, opp, _held, knights, guards)
            events.append(ev)
            continue
        for target in range(INFIRMARY):  # the leftmost location with a character
            if realm[target]:
                break
        else:
            if events is QUIET:
                continue
            ev = Recorded()
            ev._call = (_attacked, True, seat, opp, _nobody)
            events.append(ev)
            continue
        pile = realm[target]
        card = pile[-1]
        realm[target] = pile[:-1]
        realm[INFIRMARY] = realm[INFIRMARY] + (card,)
        if events is not QUIET:
            source, wounded = loc_zone(opp, target), loc_zone(opp, INFIRMARY)
            told = (seat, opp, knights, guards, target)
            move(s, card, source, wounded, events, _wounds, *told, face_up=False)


def heal(s: MajestyState, seat: int, events: list[Event]) -> bool:
    """Heal the top Infirmary card; True if it is a split card whose place must be chosen."""
    infirmary = s.realms[seat][INFIRMARY]
    if not infirmary:
        return False
    card = infirmary[-1]
    chars = catalog().chars[card]
    if len(chars) > 1:
        s.stack.append(prompt(HEAL, seat, card=card))
        return True
    place_healed(s, seat, chars[0], events)
    return False


def place_healed(s: MajestyState, seat: int, target: int, events: list[Event]) -> None:
    """Move the top Infirmary card back to ``target`` (no activation)."""
    cat = catalog()
    realm = s.realms[seat]
    card = realm[INFIRMARY][-1]
    realm[INFIRMARY] = realm[INFIRMARY][:-1]
    realm[target] = realm[target] + (card,)
    if events is not QUIET:
        told = (seat, cat.char_names[target], side_of(s, target).name)
        move(s, card, loc_zone(seat, INFIRMARY), loc_zone(seat, target), events, _healed, *told)


def _healed(seat: int, char_name: str, place: str) -> str:
    return f"{who(seat)} heals {a(char_name)}, who returns to the {place}."


def _gains(seat: int, n: int, what: str, place: str) -> str:
    return f"{who(seat)} gains {plural(n, what)} at the {place}."


def payout(s: MajestyState, seat: int, events: list[Event], L: LocationSide | None = None) -> None:
    """The location's points, meeples, bonus and every-player effect, in that order."""
    L = L or side_of(s, s.resolving)
    realm = s.realms[seat]
    # (the locations counted are one or two: a plain loop over them is several times
    # cheaper than ``sum(map(len, map(realm.__getitem__, ...)))``, whose map objects and
    # method wrapper cost more than the counting, 0.06-0.09 µs against 0.33 on CPython 3.11)
    pts = 0
    if L.points_per:
        for k in L.points_for:
            pts += len(realm[k])
        pts *= L.points_per
    if L.times_largest:
        pts *= max(map(len, realm[:INFIRMARY]))
    if L.infirmary_points:
        pts += L.infirmary_points * len(realm[INFIRMARY])
    if pts:  # (gain_points written out for the location's own points, with no call and no
        # told tuple: a checked four-player game about 2 % faster in majesty_bare.py)
        scores = s.scores
        score = scores[seat] = scores[seat] + pts
        gains = s.gains[seat]
        key = L.key
        gains[key] = gains.get(key, 0) + pts
        if events is not QUIET:
            ev = Recorded()
            ev._call = (_paid, seat, pts, score, L)
            events.append(ev)
    mp = 0
    if L.meeples_per:
        for k in L.meeples_for:
            mp += len(realm[k])
        mp *= L.meeples_per
    if mp:
        gain_meeples(s, seat, mp, events, _gains, seat, mp, "meeple", L.name)
    if L.bonus_needs and all(realm[k] for k in L.bonus_needs):
        gain_points(s, seat, L.bonus_points, L.key, events, _bonus, seat, L)
    need = L.all_need
    if need is not None:
        realms, share, key = s.realms, L.all_points, L.key
        for p in FROM_SEAT[s.players][seat]:
            if realms[p][need]:
                gain_points(s, p, share, key, events, _share, p, seat, L)


def _paid(seat: int, pts: int, score: int, L: LocationSide) -> Event:
    return points_event(seat, pts, L.key, score, _gains, (seat, pts, "point", L.name))


def _bonus(seat: int, L: LocationSide) -> str:
    need = " and ".join(catalog().char_names[k] for k in L.bonus_needs)
    return f"{who(seat)} has {need}: {L.bonus_points} more points at the {L.name}."


def _share(p: int, seat: int, L: LocationSide) -> str:
    name = catalog().char_names[L.all_need]  # type: ignore[index]
    whose = "their own" if p == seat else f"{who(seat)}'s"
    return (
        f"{who(p)} has {a(name)} and gains {plural(L.all_points, 'point')} from {whose} {L.name}."
    )
