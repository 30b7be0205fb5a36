"""What lies on the table: cards laid (fortifications, clubs, parries, hearts), the plays a
joker may cancel, the reaction windows that follow them, and what a cancel undoes.

Every card laid is a *play* (M15).  A play made alone (a helper's card, a royal power, a
favour call, a joker) opens its own reaction window; the plays of one reveal share one
window (M31).  A window that closes with everyone passing resolves its play; the window
under it then starts its round again.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.engine import Event
from tabletop.engine.decisions import reaction
from tabletop.engine.events import LOG
from tabletop.games.mayflower.data import catalog
from tabletop.games.mayflower.state import (
    CLUB,
    FORT,
    HEART,
    JOKER,
    PARRY,
    REACT,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.values import (
    attack_value,
    fortification,
    open_fight,
    played_value,
)
from tabletop.games.mayflower.view import card_name, move


def new_play(s: MayflowerState, kind: str, seat: int, **data: Any) -> int:
    """Record a play; its id."""
    pid = len(s.plays)
    s.plays.append({"id": pid, "kind": kind, "seat": seat, "lost": False, **data})
    return pid


def open_window(s: MayflowerState, targets: list[int], *, play: int = -1, base: str = "") -> None:
    """A reaction window round the living seats from the leader (``play`` resolves at its close)."""
    s.stack.append(reaction(REACT, s.living(), targets=list(targets), play=play, base=base))


# --- what a seat could play -------------------------------------------------------------------
def hand_suit(s: MayflowerState, seat: int, suit: str) -> list[int]:
    """The seat's cards of ``suit`` in hand."""
    suits = catalog().suits
    return [c for c in s.hands[seat] if suits[c] == suit]


def club_options(
    s: MayflowerState, seat: int, clubs: list[int], targets: list[int], jack: bool
) -> list[tuple[int, int, bool, int]]:
    """(club, target, boost, worth) for each of ``seat``'s ``clubs`` played at each of
    ``targets``: the club's value less the target's fortification (M8), and again with the
    Jack's +2 when ``jack``."""
    forts = [(t, fortification(s, t)) for t in targets]
    out = []
    for c in clubs:
        value = played_value(s, c, seat)
        for t, f in forts:
            out.append((c, t, False, value - f))
            if jack:
                out.append((c, t, True, value + 2 - f))
    return out


def parry_options(
    s: MayflowerState, seat: int, fight: dict, spades: list[int], jack: bool
) -> list[tuple[int, bool, int]]:
    """(spade, boost, worth) for every spade of ``seat`` able to parry ``fight`` (M9)."""
    need = attack_value(s, fight)
    out = []
    for c in spades:
        worth = played_value(s, c, seat)
        if worth >= need:
            out.append((c, False, worth))
        elif jack and worth + 2 >= need:
            out.append((c, True, worth + 2))
    return out


def threats(s: MayflowerState, seat: int) -> list[dict]:
    """Attacks on ``seat`` that could still hurt: standing, unparried, worth more than 0."""
    return [f for f in s.fights if f["to"] == seat and open_fight(f) and attack_value(s, f) > 0]


# --- laying cards ----------------------------------------------------------------------------
def fortify(s: MayflowerState, seat: int, card: int, events: list[Event]) -> int:
    """Lay ``card`` sideways before the seat's Royal; the play's id."""
    s.hands[seat].remove(card)
    s.forts[seat].append(card)
    s.by[card] = seat
    text = partial(_fortified, seat, card_name(card), fortification(s, seat))
    move(s, card, zone(seat, "hand"), zone(seat, "fort"), text, events)
    return new_play(s, FORT, seat, card=card, target=seat)


def _fortified(seat: int, name: str, f: int) -> str:
    return f"{who(seat)} fortifies with the {name}: every attack on them loses {f}."


def attack(
    s: MayflowerState, seat: int, card: int, target: int, boost: bool, events: list[Event]
) -> int:
    """Lay a club before ``target``'s Royal as one attack; the play's id."""
    s.hands[seat].remove(card)
    s.fronts[target].append(card)
    s.by[card] = seat
    if boost:
        s.boosted_club[seat] = True
    fight = {
        "id": len(s.fights),
        "club": card,
        "by": seat,
        "to": target,
        "boost": boost,
        "parry": -1,
        "pby": -1,
        "pboost": False,
        "lost": False,
        "plost": False,
        "result": "",
    }
    s.fights.append(fight)
    text = partial(_attacked, seat, target, card_name(card), attack_value(s, fight), boost)
    move(s, card, zone(seat, "hand"), zone(target, "front"), text, events)
    return new_play(s, CLUB, seat, card=card, fight=fight["id"], target=target)


def _attacked(seat: int, target: int, name: str, worth: int, boost: bool) -> str:
    jack = " (with the Jack's +2)" if boost else ""
    return f"{who(seat)} attacks {who(target)} with the {name}{jack}, worth {worth}."


def parry(
    s: MayflowerState, seat: int, fight_id: int, card: int, boost: bool, events: list[Event]
) -> int:
    """Lay a spade on the club of fight ``fight_id``; the play's id."""
    f = s.fights[fight_id]
    s.hands[seat].remove(card)
    s.fronts[f["to"]].append(card)
    s.by[card] = seat
    f["parry"], f["pby"], f["pboost"] = card, seat, boost
    if boost:
        s.boosted_spade[seat] = True
    worth = played_value(s, card, seat, boost)
    text = partial(_parried, seat, f["by"], f["to"], card_name(card), card_name(f["club"]), worth)
    move(s, card, zone(seat, "hand"), zone(f["to"], "front"), text, events)
    return new_play(s, PARRY, seat, card=card, fight=fight_id, target=f["to"])


def _parried(seat: int, attacker: int, target: int, name: str, club: str, worth: int) -> str:
    whose = "" if seat == target else f" for {who(target)}"
    return f"{who(seat)} parries {who(attacker)}'s {club} with the {name} (worth {worth}){whose}."


def heal(s: MayflowerState, seat: int, target: int, card: int, events: list[Event]) -> int:
    """Lay a heart on ``target`` (the seat itself, or one who agreed); the play's id."""
    s.hands[seat].remove(card)
    s.heals[target].append(card)
    s.by[card] = seat
    worth = played_value(s, card, seat)
    text = partial(_healed, seat, target, card_name(card), worth)
    move(s, card, zone(seat, "hand"), zone(target, "heal"), text, events)
    return new_play(s, HEART, seat, card=card, target=target)


def _healed(seat: int, target: int, name: str, worth: int) -> str:
    whom = "" if seat == target else f" on {who(target)}"
    return f"{who(seat)} plays the {name}{whom} to heal {worth}."


# --- jokers ------------------------------------------------------------------------------------
def play_joker(s: MayflowerState, seat: int, card: int, target: int, events: list[Event]) -> int:
    """A joker leaves the game at once and waits, in its own window, to cancel ``target``."""
    s.hands[seat].remove(card)
    s.gone.append(card)
    s.jokers_played += 1
    text = partial(_joker, seat, describe_play(s, target))
    move(s, card, zone(seat, "hand"), "gone", text, events)
    pid = new_play(s, JOKER, seat, card=card, target=target)
    open_window(s, [pid], play=pid)
    return pid


def _joker(seat: int, what: str) -> str:
    return f"{who(seat)} plays a joker against {what}."


def cancel(s: MayflowerState, pid: int, events: list[Event]) -> None:
    """A joker resolves: the play ``pid`` has no effect; a card it laid goes aside (M31)."""
    p = s.plays[pid]
    p["lost"] = True
    kind = p["kind"]
    card = p.get("card", -1)
    text = partial(_cancelled, describe_play(s, pid))
    if kind == FORT:
        s.forts[p["seat"]].remove(card)
        s.spent.append(card)
        move(s, card, zone(p["seat"], "fort"), "spent", text, events)
    elif kind in (CLUB, PARRY):
        f = s.fights[p["fight"]]
        f["lost" if kind == CLUB else "plost"] = True
        s.fronts[f["to"]].remove(card)
        s.spent.append(card)
        move(s, card, zone(f["to"], "front"), "spent", text, events)
    elif kind == HEART:
        s.heals[p["target"]].remove(card)
        s.spent.append(card)
        move(s, card, zone(p["target"], "heal"), "spent", text, events)
    else:
        events.append(Event(LOG, text, {"play": pid}))


def _cancelled(what: str) -> str:
    return f"The joker cancels {what}."


def redirect(s: MayflowerState, fight_id: int, target: int, events: list[Event]) -> None:
    """Move a club onto another target (Enemy of my Enemy)."""
    f = s.fights[fight_id]
    old = f["to"]
    s.fronts[old].remove(f["club"])
    s.fronts[target].append(f["club"])
    f["to"] = target
    text = partial(_redirected, f["by"], old, target, card_name(f["club"]), attack_value(s, f))
    move(s, f["club"], zone(old, "front"), zone(target, "front"), text, events)


def _redirected(by: int, old: int, new: int, club: str, worth: int) -> str:
    return f"{who(by)}'s {club} turns from {who(old)} to {who(new)}, now worth {worth}."


# --- words ---------------------------------------------------------------------------------------
def describe_play(s: MayflowerState, pid: int) -> str:
    """A play in words ("Player 2's 9 of Clubs against Player 3")."""
    p = s.plays[pid]
    kind, seat = p["kind"], p["seat"]
    if kind == FORT:
        return f"{who(seat)}'s fortification ({card_name(p['card'])})"
    if kind == CLUB:
        return f"{who(seat)}'s {card_name(p['card'])} against {who(s.fights[p['fight']]['to'])}"
    if kind == PARRY:
        return f"{who(seat)}'s parry with the {card_name(p['card'])}"
    if kind == HEART:
        return f"{who(seat)}'s {card_name(p['card'])} healing {who(p['target'])}"
    if kind == JOKER:
        return f"{who(seat)}'s joker"
    if kind == "redirect":
        return f"{who(seat)}'s Enemy of my Enemy"
    if kind == "diplomacy":
        return f"{who(seat)}'s Diplomacy"
    return f"{who(seat)}'s call of a favour"


def target_card(s: MayflowerState, pid: int) -> int:
    """The card a joker is dropped on to cancel play ``pid`` (a power: its Royal)."""
    p = s.plays[pid]
    card = p.get("card", -1)
    if card >= 0:
        return card
    royal = s.royals[p["seat"]]
    return royal[0] if royal else -1


def show_diamond(s: MayflowerState, seat: int, card: int, events: list[Event]) -> None:
    """A diamond goes from the hand on show behind the Royal."""
    s.hands[seat].remove(card)
    s.diamonds[seat].append(card)
    text = partial(_shows, seat, card_name(card))
    move(s, card, zone(seat, "hand"), zone(seat, "diamonds"), text, events)


def _shows(seat: int, name: str) -> str:
    return f"{who(seat)} shows the {name}."
