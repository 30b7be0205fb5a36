"""What each action card does when played, and the scandals its triggers erase.

The legal moves have checked the target; these functions change the state and record what
happened.  Cards that wait for an answer (A Place at Court, Colonial Rebellion, a campaign)
or a choice (Espionage) push their question on the decision stack; the caller counts the
action as taken once nothing is left to answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from tabletop.engine import Event
from tabletop.engine.events import QUIET
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.decks import draw_phil
from tabletop.games.your_majesty.state import (
    BLOCK,
    CANCEL,
    DEFEND,
    ESPIONAGE,
    YMState,
    ask,
    owner_of_colony,
    owner_of_phil,
)
from tabletop.games.your_majesty.view import move, phil_zone, say, z


@dataclass
class _Play:
    """One event card being resolved: who plays it, on what, and where its text goes."""

    s: YMState
    seat: int
    a: int  # the card
    tseat: int  # the seat it targets (-1: none)
    on: str | None  # the card it targets ("p3", "c1"), if any
    events: list[Event]
    src: str  # the zone it leaves (the player's hand)

    @property
    def me(self) -> str:
        return self.s.names[self.seat]

    @property
    def card(self) -> Any:
        return catalog().actions[self.a]

    @property
    def target(self) -> int:
        """The number of the card it targets (-1: none)."""
        return int(self.on[1:]) if self.on else -1


def play_event(
    s: YMState, seat: int, a: int, tseat: int, on: str | None, events: list[Event]
) -> None:
    """Resolve event card ``a`` played by ``seat`` on seat ``tseat`` or card ``on``: a scandal
    or a lingering card stays on the table, a few cards wait for an answer, the rest are
    discarded and then do what :data:`_DISCARDED` says."""
    s.hands[seat].remove(a)
    play = _Play(s, seat, a, tseat, on, events, z(seat, "hand") if events is not QUIET else "")
    effect = play.card.effect
    kept = _KEPT_BY_CATEGORY.get(play.card.category) or _KEPT.get(effect)
    if kept is not None:
        kept(play)
        return
    s.discard.append(a)
    text = partial("{} plays {}.".format, play.me, play.card.name)
    move(s, "a", a, play.src, "action_discard", text, events)
    _DISCARDED.get(effect, _nothing)(play)


# --- cards that stay where they are played ---------------------------------------------------
def _scandal(p: _Play) -> None:
    s, casanova = p.s, p.card.effect == "casanova"
    target = p.seat if casanova else p.tseat
    s.courts[target].scandals.append(p.a)
    text = partial("{} plays the scandal {} on {}.".format, p.me, p.card.name, s.names[target])
    move(s, "a", p.a, p.src, z(target, "scandals"), text, p.events)
    if casanova:
        phil = draw_phil(s)
        if phil is not None:
            s.courts[p.seat].phils.append(phil)
            text = partial("{} draws {}.".format, p.me, catalog().phils[phil].name)
            move(s, "p", phil, "phil_deck", phil_zone(p.seat, phil), text, p.events)


def _lingering(p: _Play) -> None:
    court = p.s.courts[p.seat]
    court.lingering.append(p.a)
    court.linger_target.append(p.tseat)
    whom = f" on {p.s.names[p.tseat]}" if p.tseat >= 0 else ""
    text = partial("{} plays {}{}.".format, p.me, p.card.name, whom)
    move(p.s, "a", p.a, p.src, z(p.seat, "events"), text, p.events)


def _despot(p: _Play) -> None:
    p.s.courts[p.seat].despot.append(p.a)
    text = partial("{} becomes an Enlightened Despot: hand limit five.".format, p.me)
    move(p.s, "a", p.a, p.src, z(p.seat, "events"), text, p.events)


def _answered(p: _Play) -> None:
    """A Place at Court (its owner may cancel it) or Colonial Rebellion (may be blocked)."""
    s, cat, place = p.s, catalog(), p.card.effect == "place"
    s.in_play.append(p.a)
    if place:
        owner, what = owner_of_phil(s, p.target), cat.phils[p.target].name
    else:
        owner, what = owner_of_colony(s, p.target), cat.colonies[p.target].name
    s.stack.append(ask(CANCEL if place else BLOCK, owner, target=p.target, card=p.a, owner=owner))
    text = partial("{} plays {} on {} of {}.".format, p.me, p.card.name, what, s.names[owner])
    move(s, "a", p.a, p.src, "play", text, p.events)


_KEPT_BY_CATEGORY: dict[str, Callable[[_Play], None]] = {
    "scandal": _scandal,
    "lingering": _lingering,
}
_KEPT: dict[str, Callable[[_Play], None]] = {
    "despot": _despot,
    "place": _answered,
    "rebellion": _answered,
}


# --- what a discarded card does -------------------------------------------------------------
def _espionage(p: _Play) -> None:
    p.s.stack.append(ask(ESPIONAGE, p.seat, target=p.tseat))
    # the spy now sees the hand: declared here, since no card moves
    say(f"{p.me} looks through the hand of {p.s.names[p.tseat]}.", p.events, reveal=True)


def _letters(p: _Play) -> None:
    s = p.s
    victim = s.hands[p.tseat]
    b = victim.pop(s.rng.randrange(len(victim)))
    s.hands[p.seat].append(b)
    them = s.names[p.tseat]
    text = partial("{} intercepts {} from {}.".format, p.me, catalog().actions[b].name, them)
    move(s, "a", b, z(p.tseat, "hand"), p.src, text, p.events,
         hidden_text=partial("{} intercepts a card from {}.".format, p.me, them),
         face_up=False, actor=p.seat)  # fmt: skip


def _mistress(p: _Play) -> None:
    s, court = p.s, p.s.courts[p.seat]
    n = len(court.scandals)
    for sc in court.scandals:
        s.discard.append(sc)
        if p.events is not QUIET:
            text = partial("{} is erased.".format, catalog().actions[sc].name)
            move(s, "a", sc, z(p.seat, "scandals"), "action_discard", text, p.events)
    court.scandals = []
    what = "1 scandal" if n == 1 else f"{n} scandals"
    say(f"A new royal mistress erases {what} at the court of {p.me}.", p.events)


def _phil_leaves(p: _Play) -> None:
    """Consumption (the philosopher dies) or Quarrel (he resigns to the discard)."""
    s, phil = p.s, p.target
    owner = owner_of_phil(s, phil)
    s.courts[owner].phils.remove(phil)
    name = catalog().phils[phil].name
    if p.card.effect == "consumption":
        s.dead.append(phil)
        text = partial("{} dies of consumption.".format, name)
        move(s, "p", phil, phil_zone(owner, phil), "removed", text, p.events)
    else:
        s.phil_discard.append(phil)
        text = partial("{} resigns from the court of {}.".format, name, s.names[owner])
        move(s, "p", phil, phil_zone(owner, phil), "phil_discard", text, p.events)


def _pension(p: _Play) -> None:
    s = p.s
    if p.on:
        phil: int | None = p.target
        s.phil_discard.remove(p.target)
        src_zone = "phil_discard"
    else:
        phil = draw_phil(s)
        src_zone = "phil_deck"
    if phil is not None:
        s.courts[p.seat].phils.append(phil)
        text = partial("{} pensions {}.".format, p.me, catalog().phils[phil].name)
        move(s, "p", phil, src_zone, phil_zone(p.seat, phil), text, p.events)


def _revolt(p: _Play) -> None:
    s, c = p.s, p.target
    owner = owner_of_colony(s, c)
    s.courts[owner].colonies.remove(c)
    s.colonies.append(c)
    s.colonies.sort()
    name = catalog().colonies[c].name
    text = partial("{} rises and breaks free of {}.".format, name, s.names[owner])
    move(s, "c", c, z(owner, "colonies"), "unclaimed_colonies", text, p.events)


def _salon_later(p: _Play) -> None:
    """L'Encyclopédie or the Grand Tour: a salon later this turn benefits."""
    p.s.flags.append(p.card.effect)
    say(f"{p.card.name}: a salon later this turn benefits.", p.events)


def _nothing(p: _Play) -> None:
    """A card whose whole effect is being played (its text says so)."""


_DISCARDED: dict[str, Callable[[_Play], None]] = {
    "espionage": _espionage,
    "letters": _letters,
    "mistress": _mistress,
    "consumption": _phil_leaves,
    "quarrel": _phil_leaves,
    "pension": _pension,
    "revolt": _revolt,
    "encyclopedie": _salon_later,
    "grandtour": _salon_later,
}


def send_campaign(s: YMState, seat: int, card: int, col: int, events: list[Event]) -> None:
    """Campaign ``card`` of ``seat`` goes into play against colony ``col``; its owner answers."""
    cat = catalog()
    owner = owner_of_colony(s, col)
    s.hands[seat].remove(card)
    s.in_play.append(card)
    s.stack.append(ask(DEFEND, owner, target=col, card=card, owner=owner))
    if events is QUIET:
        return
    text = partial(
        "{} sends {} against {} of {}.".format,
        s.names[seat],
        cat.actions[card].name,
        cat.colonies[col].name,
        s.names[owner],
    )
    move(s, "a", card, z(seat, "hand"), "play", text, events)


def erase_by_trigger(s: YMState, seat: int, reform_name: str | None, events: list[Event]) -> None:
    """Erase the seat's scandals whose trigger just happened (a reform, or '@colony')."""
    cat = catalog()
    court = s.courts[seat]
    if not court.scandals:
        return
    keep = []
    for sc in court.scandals:
        why = cat.actions[sc].erased_by
        hit = (reform_name == "@colony" and why == "@colony") or (
            reform_name not in (None, "@colony") and why in (reform_name, "@any")
        )
        if hit:
            s.discard.append(sc)
            if events is not QUIET:
                text = partial("{} is erased.".format, cat.actions[sc].name)
                move(s, "a", sc, z(seat, "scandals"), "action_discard", text, events)
        else:
            keep.append(sc)
    court.scandals = keep
