"""Turn flow: finishing an action, ending a turn, the start of the next one."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.log import log, move
from tabletop.games.your_majesty.scoring import ROUND_LIMIT, end_by_round_limit
from tabletop.games.your_majesty.state import YMState
from tabletop.games.your_majesty.zones import z


def finish_action(s: YMState, kind: str) -> list[Event]:
    """Count an action as taken; the second one ends the turn."""
    s.used.append(kind)
    if len(s.used) >= 2:
        return end_turn(s)
    return []


def end_turn(s: YMState) -> list[Event]:
    """Pass to the next player, who first discards their own lingering events."""
    s.used = []
    s.flags = []
    s.active = (s.active + 1) % s.players
    out = []
    if s.active == s.first:
        s.round += 1
        if s.round > ROUND_LIMIT:
            end_by_round_limit(s)
            return [log(f"The round limit ({ROUND_LIMIT}) is reached.")]
    court = s.courts[s.active]
    cat = catalog()
    for a in court.lingering:
        s.discard.append(a)
        out.append(
            move(
                f"{cat.actions[a].name} is over.", f"a{a}", z(s.active, "events"), "action_discard"
            )
        )
    court.lingering = []
    court.linger_target = []
    out.append(log(f"Turn: {s.names[s.active]}."))
    return out


def erase_by_trigger(s: YMState, seat: int, reform_name: str | None) -> list[Event]:
    """Erase the seat's scandals whose trigger just happened (a reform, or '@colony')."""
    cat = catalog()
    court = s.courts[seat]
    keep, out = [], []
    for sc in court.scandals:
        why = cat.actions[sc].erased_by
        hit = (reform_name == "@colony" and why == "@colony") or (
            reform_name not in (None, "@colony") and why in (reform_name, "@any")
        )
        if hit:
            s.discard.append(sc)
            out.append(
                move(
                    f"{cat.actions[sc].name} is erased.",
                    f"a{sc}",
                    z(seat, "scandals"),
                    "action_discard",
                )
            )
        else:
            keep.append(sc)
    court.scandals = keep
    return out
