"""The passive answers (to a campaign, a Colonial Rebellion, A Place at Court) and the
cards taken by Espionage.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tabletop.engine import Action, Event
from tabletop.engine.events import QUIET
from tabletop.games.your_majesty.action_rows import (
    ALLOW_BLOCK,
    ALLOW_PLACE,
    ANSWERS,
    DONE,
    TAKES,
    YIELD,
)
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.flow import took
from tabletop.games.your_majesty.lingering import in_force
from tabletop.games.your_majesty.scoring import max_hand
from tabletop.games.your_majesty.state import (
    BLOCK,
    DEFEND,
    YMState,
)
from tabletop.games.your_majesty.turn_moves import discard_from_hand
from tabletop.games.your_majesty.view import move, phil_zone, say, z


# --- answers to a campaign, a Colonial Rebellion, A Place at Court --------------------------------
def answers_of(card_ok: str, name: str) -> Callable[[YMState, int], list[Action]]:
    """Play a card of effect (or category) ``card_ok`` onto the target, to thwart it."""

    def gen(s: YMState, seat: int) -> list[Action]:
        if name != "cancel_place" and in_force(s, "peace"):
            return []
        cat = catalog()
        kinds = cat.category if card_ok == "campaign" else cat.effect
        target = s.stack[-1].data["target"]
        known = ANSWERS.known
        return [
            known.get((name, seat, a, target)) or ANSWERS(name, seat, a, target)
            for a in s.hands[seat]
            if kinds[a] == card_ok
        ]

    gen.__doc__ = f"Answer with a card of {card_ok!r} ({name})."
    return gen


def apply_answer(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The passive player answers with a card: the attempt fails."""
    q = s.stack.pop()
    discard_from_hand(s, seat, int(action["card"][1:]), "to answer", events)
    s.discard += s.in_play
    s.in_play = []
    if events is not QUIET:
        say(partial("{} thwarts the attempt.".format, s.names[seat]), events)
    took(s, "campaign" if q.step == DEFEND else "event")


def then_button(
    gen: Callable[[YMState, int], list[Action]], last: Action
) -> Callable[..., list[Action]]:
    """The actions of ``gen`` and then ``last``, in one pass (a step offering an answer and a
    button that lets the attempt happen)."""

    def together(s: YMState, seat: int) -> list[Action]:
        out = gen(s, seat)
        out.append(last)
        return out

    return together


def yields(s: YMState, seat: int) -> list[Action]:
    """Let the campaign take the colony."""
    return [YIELD]


def allows(s: YMState, seat: int) -> list[Action]:
    """Let the Colonial Rebellion or A Place at Court happen."""
    return [ALLOW_BLOCK if s.stack[-1].step == BLOCK else ALLOW_PLACE]


def apply_decline(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The passive player lets it happen: the colony or the philosophe changes hands."""
    q = s.stack.pop()
    s.discard += s.in_play
    s.in_play = []
    actor = s.active
    cat = catalog()
    t, owner = q.data["target"], q.data["owner"]
    if q.step == DEFEND:
        s.seized += 1
        s.courts[owner].colonies.remove(t)
        s.courts[actor].colonies.append(t)
        if events is not QUIET:
            text = partial("{} seizes {}.".format, s.names[actor], cat.colonies[t].name)
            move(s, "c", t, z(owner, "colonies"), z(actor, "colonies"), text, events)
        took(s, "campaign")
        return
    if q.step == BLOCK:
        s.courts[owner].colonies.remove(t)
        s.colonies.append(t)
        s.colonies.sort()
        text = partial("{} breaks free of {}.".format, cat.colonies[t].name, s.names[owner])
        move(s, "c", t, z(owner, "colonies"), "unclaimed_colonies", text, events)
    else:  # A Place at Court
        s.courts[owner].phils.remove(t)
        s.courts[actor].phils.append(t)
        text = partial("{} moves to the court of {}.".format, cat.phils[t].name, s.names[actor])
        move(s, "p", t, phil_zone(owner, t), phil_zone(actor, t), text, events)
    took(s, "event")


# --- Espionage ------------------------------------------------------------------------------------
def takes(s: YMState, seat: int) -> list[Action]:
    """Take a card of the spied hand (three at most, up to the hand limit)."""
    d = s.stack[-1].data
    if d["taken"] >= 3 or len(s.hands[seat]) >= max_hand(s, seat):
        return []
    victim = d["target"]
    row = TAKES.known.get((seat, victim)) or TAKES(seat, victim)
    return [row[a] for a in s.hands[victim]]


def apply_take(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The card changes hands (the other seats see only that one did)."""
    q = s.stack[-1]
    victim = q.data["target"]
    card = int(action["card"][1:])
    name = catalog().actions[card].name
    move(
        s,
        "a",
        card,
        z(victim, "hand"),
        z(seat, "hand"),
        partial("{} takes {} from {}.".format, s.names[seat], name, s.names[victim]),
        events,
        hidden_text=partial("{} takes a card from {}.".format, s.names[seat], s.names[victim]),
        face_up=False,
        actor=seat,
    )
    s.hands[victim].remove(card)
    s.hands[seat].append(card)
    q.data["taken"] += 1
    if q.data["taken"] >= 3 or not s.hands[victim] or len(s.hands[seat]) >= max_hand(s, seat):
        s.stack.pop()
        took(s, "event")


def dones(s: YMState, seat: int) -> list[Action]:
    """Stop taking cards."""
    return [DONE]


def apply_done(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Espionage is over."""
    s.stack.pop()
    took(s, "event")
