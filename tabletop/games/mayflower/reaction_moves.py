"""Mayflower's reaction window (jokers, Enemy of my Enemy, Diplomacy) and the answer of a
seat called by Diplomacy.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.decisions import Frame, pass_
from tabletop.engine.events import LOG
from tabletop.engine.moves import Interned
from tabletop.games.mayflower import table
from tabletop.games.mayflower.commit_moves import (
    COUNTER,
    DIPLO_DECLINE,
    DIPLO_PARRY,
    DIPLOMACY_MOVE,
    ENEMY_MOVE,
    PASS,
    jokers_of,
    make_button,
    parry_action,
    uid_of,
)
from tabletop.games.mayflower.data import DIPLOMACY, ENEMY, catalog
from tabletop.games.mayflower.state import (
    ATTACK,
    DIPLO,
    REDIRECT,
    MayflowerState,
    who,
    zone,
)
from tabletop.games.mayflower.table import hand_suit, parry_options, threats
from tabletop.games.mayflower.values import (
    attack_value,
    has_jack,
    open_fight,
    power_of,
)
from tabletop.games.mayflower.view import card_name


# --- the reaction window ---------------------------------------------------------------------------
def _make_counter(joker: int, seat: int, play: int, target_card: int, what: str) -> Action:
    return Action.make(
        COUNTER,
        Gesture.drag(
            uid_of(joker), zone(seat, "hand"), uid_of(target_card) if target_card >= 0 else "gone"
        ),
        f"Play a joker against {what}",
        card=uid_of(joker),
        play=play,
    )


_counter = Interned(_make_counter)


def _make_redirect(seat: int, fight: int, club: int, old: int, new: int, worth: int) -> Action:
    return Action.make(
        ENEMY_MOVE,
        Gesture.drag(uid_of(club), zone(old, "front"), zone(new, "front")),
        f"Enemy of my Enemy: turn the {card_name(club)} from {who(old)} to {who(new)} (worth {worth})",
        fight=fight,
        target=new,
    )


_redirect = Interned(_make_redirect)


def _make_diplomacy(seat: int, fight: int, club: int, attacker: int, called: int) -> Action:
    text = f"Diplomacy: call {who(called)} to parry {who(attacker)}'s {card_name(club)}"
    choice = f"{who(called)} against {who(attacker)}'s {card_name(club)}"
    gesture = Gesture.button("Use Diplomacy…", choice=choice)
    return Action.make(DIPLOMACY_MOVE, gesture, text, fight=fight, seat=called)


_diplomacy = Interned(_make_diplomacy)
_PASS = make_button(PASS, "Pass")


def counters(s: MayflowerState, seat: int) -> list[Action]:
    """A joker against each play of the window made by someone else."""
    jokers = jokers_of(s, seat)
    if not jokers:
        return []
    out = []
    for pid in s.stack[-1].data["targets"]:
        p = s.plays[pid]
        if p["lost"] or p["seat"] == seat:
            continue
        what = table.describe_play(s, pid)
        for j in jokers:
            out.append(_counter(j, seat, pid, table.target_card(s, pid), what))
    return out


def _power_now(s: MayflowerState, seat: int, power: str) -> bool:
    """Whether the seat may use ``power`` in the window on top (after attacks are shown)."""
    frame = s.stack[-1]
    return (
        frame.data.get("base") == ATTACK
        and not s.power_used[seat]
        and not s.two_list
        and power_of(s, seat) == power
    )


def redirects(s: MayflowerState, seat: int) -> list[Action]:
    """Enemy of my Enemy: turn one open club of another player onto another living target
    (M12; never one of the seat's own clubs, M37)."""
    out: list[Action] = []
    if _power_now(s, seat, ENEMY):
        living = s.living()
        for f in s.fights:
            if not open_fight(f) or f["by"] == seat:
                continue
            for t in living:
                if t != f["by"] and t != f["to"]:
                    g = dict(f, to=t)
                    out.append(_redirect(seat, f["id"], f["club"], f["to"], t, attack_value(s, g)))
    return out


def diplomacies(s: MayflowerState, seat: int) -> list[Action]:
    """Diplomacy: call another living player to parry one attack on the seat (M11)."""
    out: list[Action] = []
    if _power_now(s, seat, DIPLOMACY):
        for f in threats(s, seat):
            for c in s.living():
                if c != seat and c != f["by"]:
                    out.append(_diplomacy(seat, f["id"], f["club"], f["by"], c))
    return out


def passes(s: MayflowerState, seat: int) -> list[Action]:
    """Let the window go by."""
    return [_PASS]


def reacts(s: MayflowerState, frame: Frame, seat: int) -> bool:
    """Whether the seat is asked in the window: judged on public facts alone, never on its
    hand (M38), so that who is asked, and how long a window stays open, tell nobody who holds
    a joker. Asked: a seat with cards in hand while a joker is still out of sight and the
    window holds a live play of someone else's; and a seat whose royal power can act now
    (royals and used powers are public). A seat asked with no answer can only pass."""
    if s.hands[seat] and s.jokers_played < _JOKERS:
        for pid in frame.data["targets"]:
            p = s.plays[pid]
            if not p["lost"] and p["seat"] != seat:
                return True
    if frame.data["base"] == ATTACK and s.stack[-1] is frame:
        return bool(redirects(s, seat) or diplomacies(s, seat))
    return False


_JOKERS = sum(1 for r in catalog().ranks if r == "joker")  # in the game; played ones are public


def apply_counter(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The joker leaves the game and waits in its own window to cancel its target."""
    table.play_joker(s, seat, catalog().index[action["card"]], int(action["play"]), events)


def apply_redirect(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Enemy of my Enemy is used; it takes effect once its window closes."""
    f = s.fights[int(action["fight"])]
    target = int(action["target"])
    what = f"to turn {who(f['by'])}'s {card_name(f['club'])} on {who(target)}"
    _use_power(s, seat, REDIRECT, "Enemy of my Enemy", what, f, target, events)


def apply_diplomacy(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """Diplomacy is used; once its window closes the called seat may parry."""
    f = s.fights[int(action["fight"])]
    called = int(action["seat"])
    what = f"to call {who(called)} against {who(f['by'])}'s {card_name(f['club'])}"
    _use_power(s, seat, DIPLO, "Diplomacy", what, f, called, events)


def _use_power(
    s: MayflowerState,
    seat: int,
    kind: str,
    power: str,
    what: str,
    fight: dict[str, Any],
    target: int,
    events: list[Event],
) -> None:
    """The seat's once-a-game power is used on ``fight``: said, then played into a window of
    its own (the play ``kind`` names ``target``)."""
    s.power_used[seat] = True
    events.append(Event(LOG, partial(_uses, seat, power, what), {"seat": seat}))
    pid = table.new_play(s, kind, seat, fight=fight["id"], target=target)
    table.open_window(s, [pid], play=pid)


def _uses(seat: int, power: str, what: str) -> str:
    return f"{who(seat)} uses {power} {what}."


def apply_pass(s: MayflowerState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat lets the window go by."""
    pass_(s.stack[-1])


# --- called by Diplomacy --------------------------------------------------------------------------
def diplomacy_spades(s: MayflowerState, seat: int, fight_id: int) -> list[tuple[int, bool, int]]:
    """The spades ``seat`` could parry fight ``fight_id`` with (its own bonuses, M32)."""
    f = s.fights[fight_id]
    jack = has_jack(s, seat) and not s.boosted_spade[seat]
    return parry_options(s, seat, f, hand_suit(s, seat, "s"), jack)


_DIPLO_DECLINE = make_button(DIPLO_DECLINE, "Decline")


_diplo_parry = Interned(partial(parry_action, DIPLO_PARRY))


def diplomacy_answers(s: MayflowerState, seat: int) -> list[Action]:
    """Parry the named attack with one of the seat's spades, or decline (M11)."""
    fight = s.stack[-1].data["fight"]
    club = s.fights[fight]["club"]
    return [_diplo_parry(c, seat, club, b, w) for c, b, w in diplomacy_spades(s, seat, fight)]


def diplomacy_declines(s: MayflowerState, seat: int) -> list[Action]:
    """Decline the call."""
    return [_DIPLO_DECLINE]


def apply_diplomacy_answer(
    s: MayflowerState, seat: int, action: Action, events: list[Event]
) -> None:
    """The called seat parries (a play with its own window) or declines."""
    frame = s.stack.pop()
    if action.name == DIPLO_DECLINE:
        text = f"{who(seat)} declines to parry for {who(frame.data['holder'])}."
        events.append(Event(LOG, text, {"seat": seat}))
        return
    card = catalog().index[action["card"]]
    pid = table.parry(s, seat, frame.data["fight"], card, bool(action["boost"]), events)
    table.open_window(s, [pid], play=pid)
