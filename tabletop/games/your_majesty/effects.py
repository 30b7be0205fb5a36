"""What each event card does when played (targets were checked by the legal moves)."""

from __future__ import annotations

from tabletop.engine import Event
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.decks import draw_phil
from tabletop.games.your_majesty.log import hidden_move, log, move
from tabletop.games.your_majesty.rules import owner_of_colony, owner_of_phil
from tabletop.games.your_majesty.state import Pending, YMState
from tabletop.games.your_majesty.zones import phil_zone, z


def play_event(s: YMState, seat: int, a: int, tseat: int, on: str | None) -> list[Event]:
    """Resolve event card ``a`` played by ``seat``; return the events.

    Sets ``s.pending`` for events that wait for an answer; the caller finishes the action
    when nothing is pending.
    """
    cat = catalog()
    card = cat.actions[a]
    e = card.effect
    me = s.names[seat]
    s.hands[seat].remove(a)
    court = s.courts[seat]
    out: list[Event] = []
    src = z(seat, "hand")
    if card.category == "scandal":
        target = seat if e == "casanova" else tseat
        s.courts[target].scandals.append(a)
        out.append(
            move(
                f"{me} plays the scandal {card.name} on {s.names[target]}.",
                f"a{a}",
                src,
                z(target, "scandals"),
            )
        )
        if e == "casanova":
            p = draw_phil(s)
            if p is not None:
                court.phils.append(p)
                out.append(
                    move(
                        f"{me} draws {cat.phils[p].name}.", f"p{p}", "phil_deck", phil_zone(seat, p)
                    )
                )
        return out
    if card.category == "lingering":
        court.lingering.append(a)
        court.linger_target.append(tseat)
        whom = f" on {s.names[tseat]}" if tseat >= 0 else ""
        out.append(move(f"{me} plays {card.name}{whom}.", f"a{a}", src, z(seat, "events")))
        return out
    if e == "despot":
        court.despot.append(a)
        out.append(
            move(
                f"{me} becomes an Enlightened Despot: hand limit five.",
                f"a{a}",
                src,
                z(seat, "events"),
            )
        )
        return out
    if e in ("place", "rebellion"):
        s.in_play.append(a)
        target = int(on[1:]) if on else -1
        owner = owner_of_phil(s, target) if e == "place" else owner_of_colony(s, target)
        kind = "cancel_place" if e == "place" else "block"
        s.pending = Pending(kind, owner, target=target, card=a, owner=owner)
        what = cat.phils[target].name if e == "place" else cat.colonies[target].name
        out.append(
            move(f"{me} plays {card.name} on {what} of {s.names[owner]}.", f"a{a}", src, "play")
        )
        return out
    s.discard.append(a)
    out.append(move(f"{me} plays {card.name}.", f"a{a}", src, "action_discard"))
    if e == "espionage":
        s.pending = Pending("espionage", seat, target=tseat)
        out.append(log(f"{me} looks through the hand of {s.names[tseat]}."))
    elif e == "letters":
        victim = s.hands[tseat]
        b = victim.pop(s.rng.randrange(len(victim)))
        s.hands[seat].append(b)
        out.append(
            hidden_move(
                f"{me} intercepts {cat.actions[b].name} from {s.names[tseat]}.",
                f"{me} intercepts a card from {s.names[tseat]}.",
                f"a{b}",
                z(tseat, "hand"),
                z(seat, "hand"),
                (seat, tseat),
            )
        )
    elif e == "mistress":
        n = len(court.scandals)
        for sc in court.scandals:
            s.discard.append(sc)
            out.append(
                move(
                    f"{cat.actions[sc].name} is erased.",
                    f"a{sc}",
                    z(seat, "scandals"),
                    "action_discard",
                )
            )
        court.scandals = []
        what = "1 scandal" if n == 1 else f"{n} scandals"
        out.append(log(f"A new royal mistress erases {what} at the court of {me}."))
    elif e in ("consumption", "quarrel"):
        p = int(on[1:]) if on else -1
        owner = owner_of_phil(s, p)
        s.courts[owner].phils.remove(p)
        if e == "consumption":
            s.dead.append(p)
            out.append(
                move(
                    f"{cat.phils[p].name} dies of consumption.",
                    f"p{p}",
                    phil_zone(owner, p),
                    "removed",
                )
            )
        else:
            s.phil_discard.append(p)
            out.append(
                move(
                    f"{cat.phils[p].name} resigns from the court of {s.names[owner]}.",
                    f"p{p}",
                    phil_zone(owner, p),
                    "phil_discard",
                )
            )
    elif e == "pension":
        if on:
            p = int(on[1:])
            s.phil_discard.remove(p)
            src_zone = "phil_discard"
        else:
            p = draw_phil(s)
            src_zone = "phil_deck"
        if p is not None:
            court.phils.append(p)
            out.append(
                move(f"{me} pensions {cat.phils[p].name}.", f"p{p}", src_zone, phil_zone(seat, p))
            )
    elif e == "revolt":
        c = int(on[1:]) if on else -1
        owner = owner_of_colony(s, c)
        s.courts[owner].colonies.remove(c)
        s.colonies.append(c)
        s.colonies.sort()
        out.append(
            move(
                f"{cat.colonies[c].name} rises and breaks free of {s.names[owner]}.",
                f"c{c}",
                z(owner, "colonies"),
                "unclaimed_colonies",
            )
        )
    elif e in ("encyclopedie", "grandtour"):
        s.flags.append(e)
        out.append(log(f"{card.name}: a salon later this turn benefits."))
    return out
