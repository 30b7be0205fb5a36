"""What the rules ask of a seat's buildings: whether the Build under way may stop or is
over, and Glory's test.  Read by the flow, the moves and the view alike, so it sits below
them all (it knows only the state)."""

from __future__ import annotations

from tabletop.games.aristocracy.state import Building, State


def done_ok(s: State, b: Building) -> bool:
    """Whether the Build under way may stop: a whole farm, estate or château, bigger than
    the building was."""
    n = len(b.cards)
    if s.sub_start == 0:
        return s.farm <= n <= s.farm + 2
    return s.sub_start < n <= s.farm + 2


def building_finished(s: State, p: int) -> bool:
    """Whether the Build under way is over: it may stop and nothing more can be added."""
    _, b = s.find(s.sub_building)
    can_add = len(b.cards) < s.farm + 2 and (s.hands[p] or s.stalls[p])
    return done_ok(s, b) and not can_add


def glory_ok(s: State, seat: int) -> bool:
    """At least one complete château and a second one, two complete estates or three farms."""
    kinds = [s.kind(b) for b in s.buildings[seat] if s.complete(b)]
    ch, es, fa = kinds.count(2), kinds.count(1), kinds.count(0)
    return ch >= 1 and (ch >= 2 or es >= 2 or fa >= 3)
