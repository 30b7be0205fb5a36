"""Location abilities: signposts (attack, heal), the Castle-B exchange and the payouts."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.games.majesty.catalog import INFIRMARY, LocationSide, catalog
from tabletop.games.majesty.effects import gain_meeples, gain_points, loc_zone, move, plural, who
from tabletop.games.majesty.state import EXCHANGE, HEAL, NONE, MajestyState


def side_of(s: MajestyState, loc: int) -> LocationSide:
    """The side of location ``loc`` in play in this game."""
    return catalog().location(loc, s.sides[loc])


def defence_location(s: MajestyState) -> int | None:
    """The location whose characters defend (the Guardhouse), if any side in play has one."""
    for loc in range(INFIRMARY):
        if side_of(s, loc).signpost == "defend":
            return loc
    return None


def start_resolution(s: MajestyState, seat: int, loc: int, events: list[Event]) -> None:
    """Resolve location ``loc`` for ``seat`` from the top; may stop at a pending decision."""
    s.resolving = loc
    L = side_of(s, loc)
    if L.signpost == "attack":
        attack(s, seat, loc, events)
    elif L.signpost == "heal" and heal(s, seat, events):
        return  # a split card waits for its owner's choice
    after_signpost(s, seat, events)


def after_signpost(s: MajestyState, seat: int, events: list[Event]) -> None:
    """Continue after the signpost: open the exchange if there is one, else pay out."""
    L = side_of(s, s.resolving)
    if L.exchange and (s.scores[seat] > 0 or s.meeples[seat] > 0):
        s.pending, s.pending_dir = EXCHANGE, 0
        return
    s.pending = NONE
    payout(s, seat, events)


def attack(s: MajestyState, seat: int, loc: int, events: list[Event]) -> None:
    """Attack every opponent: fewer Guards than our Knights → their leftmost top card is wounded."""
    cat = catalog()
    knights = len(s.realms[seat][loc])
    guard_loc = defence_location(s)
    for step in range(1, s.players):
        opp = (seat + step) % s.players
        guards = len(s.realms[opp][guard_loc]) if guard_loc is not None else 0
        realm = s.realms[opp]
        if guards >= knights:
            events.append(
                Event(
                    "log",
                    f"{who(seat)} attacks {who(opp)} with {plural(knights, 'Knight')}; "
                    f"{plural(guards, 'Guard')} hold the line.",
                    {"attacker": seat, "defender": opp, "success": False},
                )
            )
            continue
        target = next((k for k in range(INFIRMARY) if realm[k]), None)
        if target is None:
            events.append(
                Event(
                    "log",
                    f"{who(seat)} attacks {who(opp)}, who has no character to lose.",
                    {"attacker": seat, "defender": opp, "success": True},
                )
            )
            continue
        card = realm[target].pop()
        realm[INFIRMARY].append(card)
        move(
            card,
            loc_zone(opp, target),
            loc_zone(opp, INFIRMARY),
            f"{who(seat)} attacks {who(opp)} ({plural(knights, 'Knight')} against "
            f"{plural(guards, 'Guard')}): {who(opp)}'s {cat.char_names[target]} "
            f"goes to the Infirmary.",
            events,
            face_up=False,
        )


def heal(s: MajestyState, seat: int, events: list[Event]) -> bool:
    """Heal the top Infirmary card; True if it is a split card whose place must be chosen."""
    infirmary = s.realms[seat][INFIRMARY]
    if not infirmary:
        return False
    card = infirmary[-1]
    chars = catalog().chars[card]
    if len(chars) > 1:
        s.pending, s.pending_card = HEAL, card
        return True
    place_healed(s, seat, chars[0], events)
    return False


def place_healed(s: MajestyState, seat: int, target: int, events: list[Event]) -> None:
    """Move the top Infirmary card back to ``target`` (no activation)."""
    cat = catalog()
    card = s.realms[seat][INFIRMARY].pop()
    s.realms[seat][target].append(card)
    s.pending_card = -1
    move(
        card,
        loc_zone(seat, INFIRMARY),
        loc_zone(seat, target),
        f"{who(seat)} heals a {cat.char_names[target]}, who returns to the "
        f"{side_of(s, target).name}.",
        events,
    )


def payout(s: MajestyState, seat: int, events: list[Event]) -> None:
    """The location's points, meeples, bonus and every-player effect, in that order."""
    cat = catalog()
    L = side_of(s, s.resolving)
    realm = s.realms[seat]
    pts = L.points_per * sum(len(realm[k]) for k in L.points_for)
    if L.times_largest:
        pts *= max(len(realm[k]) for k in range(INFIRMARY))
    pts += L.infirmary_points * len(realm[INFIRMARY])
    gain_points(
        s, seat, pts, L.key, f"{who(seat)} gains {plural(pts, 'point')} at the {L.name}.", events
    )
    mp = L.meeples_per * sum(len(realm[k]) for k in L.meeples_for)
    gain_meeples(s, seat, mp, f"{who(seat)} gains {plural(mp, 'meeple')} at the {L.name}.", events)
    if L.bonus_needs and all(realm[k] for k in L.bonus_needs):
        need = " and ".join(cat.char_names[k] for k in L.bonus_needs)
        gain_points(
            s,
            seat,
            L.bonus_points,
            L.key,
            f"{who(seat)} has {need}: {L.bonus_points} more points at the {L.name}.",
            events,
        )
    if L.all_need is not None:
        for step in range(s.players):
            p = (seat + step) % s.players
            if s.realms[p][L.all_need]:
                gain_points(
                    s,
                    p,
                    L.all_points,
                    L.key,
                    f"{who(p)} has a {cat.char_names[L.all_need]} and gains "
                    f"{plural(L.all_points, 'point')} from {who(seat)}'s {L.name}.",
                    events,
                )
