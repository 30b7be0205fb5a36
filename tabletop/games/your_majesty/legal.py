"""Legal actions, grouped by action name (``apply`` checks only the group it needs).

The actions come from the table's :mod:`action_cache`, so listing them builds nothing new
once a table has seen them.  The order of the list is part of the game's behaviour (agents
choose by position), so it stays as it was: the main choices in the order of ``_main``,
cards in the order of their piles.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import Action
from tabletop.games.your_majesty.action_cache import (
    ABANDON_SALON,
    ALLOW_BLOCK,
    ALLOW_PLACE,
    DONE,
    END_TURN,
    HOLD_SALON,
    REFILL,
    TARGETING,
    YIELD,
    ActionCache,
    actions_for,
)
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.decks import can_draw_action
from tabletop.games.your_majesty.rules import barred, in_force, level_gates
from tabletop.games.your_majesty.scoring import max_hand, wealth
from tabletop.games.your_majesty.state import YMState

_CAT = catalog()

Generator = Callable[[YMState, int, ActionCache, str | None, str | None], list[Action]]


def to_act(s: YMState) -> list[int]:
    """Who decides now."""
    if s.over:
        return []
    if s.pending is not None:
        return [s.pending.seat]
    return [s.active]


def legal(s: YMState, seat: int, only: str | None = None, key: str | None = None) -> list[Action]:
    """Every legal action of ``seat``; ``only``/``key`` keep those of one name and one card uid."""
    p = s.pending
    if s.over or seat != (s.active if p is None else p.seat):
        return []
    if p is not None:
        gen = _PENDING[p.kind]
    elif s.salon is not None:
        gen = _salon_stage
    else:
        gen = _main
    return gen(s, seat, actions_for(s.names), only, key)


def _keep(items: list[int], key: str | None, letter: str) -> list[int]:
    """``items``, or (``key`` given) only the card whose uid is ``key``."""
    if key is None:
        return items
    return [i for i in items if key == f"{letter}{i}"]


# --- the active player's main choices --------------------------------------------------------
def _main(
    s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
) -> list[Action]:
    hand = s.hands[seat]
    used = s.used
    out: list[Action] = []
    if hand:
        if (only is None or only == "choose_colony") and "colony" not in used:
            out += map(acts["choose_colony", seat].__getitem__, _keep(s.colonies, key, "c"))
        if (
            (only is None or only == "draw_philosophe")
            and "philosophe" not in used
            and (s.phil_deck or s.phil_discard)
        ):
            out += map(acts["draw_philosophe", seat].__getitem__, _keep(hand, key, "a"))
        if (only is None or only == "propose_salon") and "salon" not in used and s.reforms:
            out += _salons(s, seat, acts, key)
        if (only is None or only == "play_event") and "event" not in used:
            out += _events(s, seat, acts, key)
        if (only is None or only == "campaign") and "campaign" not in used:
            out += _campaigns(s, seat, acts, key)
    if (
        (only is None or only == "refill")
        and "refill" not in used
        and len(hand) < max_hand(s, seat)
        and can_draw_action(s)
    ):
        out.append(REFILL)
    if only is None or only == "end_turn":
        out.append(END_TURN)
    return out


def _salons(s: YMState, seat: int, acts: ActionCache, key: str | None) -> list[Action]:
    """A salon for every unclaimed reform of a muse at the court, past the level gate."""
    phils = s.courts[seat].phils
    if not phils or wealth(s, seat) < 2 or in_force(s, "smallpox"):
        return []
    pm, rm, rl = _CAT.phil_muse, _CAT.reform_muse, _CAT.reform_level
    muses = {pm[p] for p in phils}
    row = acts["propose_salon", seat]
    out = []
    gates = None  # (level 3 open, level 5 open), found when first needed
    for r in _keep(s.reforms, key, "r"):
        if rm[r] not in muses:
            continue
        level = rl[r]
        if level > 1:
            if gates is None:
                gates = level_gates(s, seat)
            if not gates[level == 5]:
                continue
        out.append(row[r])
    return out


def _campaigns(s: YMState, seat: int, acts: ActionCache, key: str | None) -> list[Action]:
    """Every campaign card of the hand against every colony at another court."""
    camps = [a for a in _keep(s.hands[seat], key, "a") if TARGETING[a] == "campaign"]
    if not camps or in_force(s, "peace"):
        return []
    out: list[Action] = []
    for o in range(s.players):
        colonies = s.courts[o].colonies
        if o != seat and colonies:
            rows = [acts["campaign", seat, a, o] for a in camps]
            out += [row[c] for c in colonies for row in rows]
    return out


def _events(s: YMState, seat: int, acts: ActionCache, key: str | None) -> list[Action]:
    """Every event card of the hand with every target it may take."""
    out: list[Action] = []
    players = range(s.players)
    courts = s.courts
    for a in _keep(s.hands[seat], key, "a"):
        how = TARGETING[a]
        if how == "campaign":
            continue
        row = acts["play_event", seat, a]
        if how == "single":
            out.append(row[0])
        elif how == "other_seat":
            out += [row[o] for o in players if o != seat]
        elif how == "hand":
            out += [row[o] for o in players if o != seat and s.hands[o]]
        elif how == "other_phil":
            out += [row[p] for o in players if o != seat for p in courts[o].phils]
        elif how == "any_phil":
            out += [row[p] for court in courts for p in court.phils]
        elif how == "pension":
            out += map(row.__getitem__, s.phil_discard)
            if not s.phil_discard and s.phil_deck:
                out.append(row[-1])
        elif how == "other_colony":
            out += [row[c] for o in players if o != seat for c in courts[o].colonies]
        elif how == "slave_colony":
            slave = _CAT.slave
            out += [row[c] for court in courts for c in court.colonies if slave[c]]
        elif max_hand(s, seat) == 4:  # despot
            out.append(row[0])
    return out


# --- paying for a colony or a salon -----------------------------------------------------------
def _pay(
    s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
) -> list[Action]:
    if only is not None and only != "pay":
        return []
    return list(map(acts["pay", seat].__getitem__, _keep(s.hands[seat], key, "a")))


# --- the salon ------------------------------------------------------------------------------------
def _salon_stage(
    s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
) -> list[Action]:
    sal = s.salon
    assert sal is not None
    out: list[Action] = []
    count = len(sal.attendees)
    cap = wealth(s, sal.host)
    if count < cap:
        lingering = any(c.lingering for c in s.courts)
        if (only is None or only == "attend") and not (lingering and barred(s, seat)):
            row = acts["attend", seat]
            out += [row[p] for p in _keep(s.courts[seat].phils, key, "p") if p not in sal.attendees]
        if only is None or only == "invite":
            limit = 2 if "grandtour" in s.flags else 1
            for o in range(s.players):
                if o == seat or sal.guests_from.count(o) >= limit or (lingering and barred(s, o)):
                    continue
                row = acts["invite", o]
                out += [row[p] for p in _keep(s.courts[o].phils, key, "p") if p not in sal.asked]
    if 2 <= count <= cap and (only is None or only == "hold_salon"):
        out.append(HOLD_SALON)
    if count < 2 and (only is None or only == "abandon_salon"):
        out.append(ABANDON_SALON)
    return out


def _lend(
    s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
) -> list[Action]:
    p = s.pending
    assert p is not None
    out = []
    if only is None or only == "lend":
        out.append(acts["lend",][p.target])
    if only is None or only == "refuse":
        out.append(acts["refuse",][p.target])
    return out


def _answer(card_ok: str, name: str, decline: Action) -> Generator:
    """A passive answer: play a card of effect or category ``card_ok`` onto the target, or
    decline with a button."""

    def gen(
        s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
    ) -> list[Action]:
        p = s.pending
        assert p is not None
        kinds = _CAT.category if card_ok == "campaign" else _CAT.effect
        out = []
        if (only is None or only == name) and not (name != "cancel_place" and in_force(s, "peace")):
            out += [
                acts["answer", name, seat, a, p.target]
                for a in _keep(s.hands[seat], key, "a")
                if kinds[a] == card_ok
            ]
        if only is None or only == decline.name:
            out.append(decline)
        return out

    return gen


def _espionage(
    s: YMState, seat: int, acts: ActionCache, only: str | None, key: str | None
) -> list[Action]:
    p = s.pending
    assert p is not None
    out = []
    if (only is None or only == "take") and p.taken < 3 and len(s.hands[seat]) < max_hand(s, seat):
        out += map(acts["take", seat, p.target].__getitem__, _keep(s.hands[p.target], key, "a"))
    if only is None or only == "done":
        out.append(DONE)
    return out


_PENDING: dict[str, Generator] = {
    "pay": _pay,
    "lend": _lend,
    "defend": _answer("campaign", "defend", YIELD),
    "block": _answer("campaign", "block", ALLOW_BLOCK),
    "cancel_place": _answer("place", "cancel_place", ALLOW_PLACE),
    "espionage": _espionage,
}
