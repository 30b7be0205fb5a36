"""What each action card does when played, and the scandals its triggers erase.

The legal moves have checked the target; these functions change the state and record what
happened.  Cards that wait for an answer (A Place at Court, Colonial Rebellion, a campaign)
or a choice (Espionage) push their question on the decision stack; the caller counts the
action as taken once nothing is left to answer.
"""

from __future__ import annotations

from functools import partial

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


def play_event(
    s: YMState, seat: int, a: int, tseat: int, on: str | None, events: list[Event]
) -> None:
    """Resolve event card ``a`` played by ``seat`` on seat ``tseat`` or card ``on``."""
    cat = catalog()
    card = cat.actions[a]
    e = card.effect
    me = s.names[seat]
    s.hands[seat].remove(a)
    court = s.courts[seat]
    src = z(seat, "hand") if events is not QUIET else ""
    if card.category == "scandal":
        target = seat if e == "casanova" else tseat
        s.courts[target].scandals.append(a)
        text = partial("{} plays the scandal {} on {}.".format, me, card.name, s.names[target])
        move(s, "a", a, src, z(target, "scandals"), text, events)
        if e == "casanova":
            p = draw_phil(s)
            if p is not None:
                court.phils.append(p)
                text = partial("{} draws {}.".format, me, cat.phils[p].name)
                move(s, "p", p, "phil_deck", phil_zone(seat, p), text, events)
        return
    if card.category == "lingering":
        court.lingering.append(a)
        court.linger_target.append(tseat)
        whom = f" on {s.names[tseat]}" if tseat >= 0 else ""
        text = partial("{} plays {}{}.".format, me, card.name, whom)
        move(s, "a", a, src, z(seat, "events"), text, events)
        return
    if e == "despot":
        court.despot.append(a)
        text = partial("{} becomes an Enlightened Despot: hand limit five.".format, me)
        move(s, "a", a, src, z(seat, "events"), text, events)
        return
    if e in ("place", "rebellion"):
        s.in_play.append(a)
        target = int(on[1:]) if on else -1
        if e == "place":
            owner, what = owner_of_phil(s, target), cat.phils[target].name
        else:
            owner, what = owner_of_colony(s, target), cat.colonies[target].name
        s.stack.append(
            ask(CANCEL if e == "place" else BLOCK, owner, target=target, card=a, owner=owner)
        )
        text = partial("{} plays {} on {} of {}.".format, me, card.name, what, s.names[owner])
        move(s, "a", a, src, "play", text, events)
        return
    s.discard.append(a)
    move(s, "a", a, src, "action_discard", partial("{} plays {}.".format, me, card.name), events)
    if e == "espionage":
        s.stack.append(ask(ESPIONAGE, seat, target=tseat))
        # the spy now sees the hand: declared here, since no card moves
        say(f"{me} looks through the hand of {s.names[tseat]}.", events, reveal=True)
    elif e == "letters":
        victim = s.hands[tseat]
        b = victim.pop(s.rng.randrange(len(victim)))
        s.hands[seat].append(b)
        move(
            s,
            "a",
            b,
            z(tseat, "hand"),
            src,
            partial("{} intercepts {} from {}.".format, me, cat.actions[b].name, s.names[tseat]),
            events,
            hidden_text=partial("{} intercepts a card from {}.".format, me, s.names[tseat]),
            face_up=False,
            actor=seat,
        )
    elif e == "mistress":
        n = len(court.scandals)
        for sc in court.scandals:
            s.discard.append(sc)
            if events is not QUIET:
                text = partial("{} is erased.".format, cat.actions[sc].name)
                move(s, "a", sc, z(seat, "scandals"), "action_discard", text, events)
        court.scandals = []
        what = "1 scandal" if n == 1 else f"{n} scandals"
        say(f"A new royal mistress erases {what} at the court of {me}.", events)
    elif e in ("consumption", "quarrel"):
        p = int(on[1:]) if on else -1
        owner = owner_of_phil(s, p)
        s.courts[owner].phils.remove(p)
        if e == "consumption":
            s.dead.append(p)
            text = partial("{} dies of consumption.".format, cat.phils[p].name)
            move(s, "p", p, phil_zone(owner, p), "removed", text, events)
        else:
            s.phil_discard.append(p)
            text = partial(
                "{} resigns from the court of {}.".format, cat.phils[p].name, s.names[owner]
            )
            move(s, "p", p, phil_zone(owner, p), "phil_discard", text, events)
    elif e == "pension":
        if on:
            p: int | None = int(on[1:])
            s.phil_discard.remove(p)  # type: ignore[arg-type]
            src_zone = "phil_discard"
        else:
            p = draw_phil(s)
            src_zone = "phil_deck"
        if p is not None:
            court.phils.append(p)
            text = partial("{} pensions {}.".format, me, cat.phils[p].name)
            move(s, "p", p, src_zone, phil_zone(seat, p), text, events)
    elif e == "revolt":
        c = int(on[1:]) if on else -1
        owner = owner_of_colony(s, c)
        s.courts[owner].colonies.remove(c)
        s.colonies.append(c)
        s.colonies.sort()
        text = partial(
            "{} rises and breaks free of {}.".format, cat.colonies[c].name, s.names[owner]
        )
        move(s, "c", c, z(owner, "colonies"), "unclaimed_colonies", text, events)
    elif e in ("encyclopedie", "grandtour"):
        s.flags.append(e)
        say(f"{card.name}: a salon later this turn benefits.", events)


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
