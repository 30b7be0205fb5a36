"""Applying a legal action to the state."""

from __future__ import annotations

from tabletop.engine import Action, Event
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.decks import draw_action, draw_phil
from tabletop.games.your_majesty.effects import play_event
from tabletop.games.your_majesty.log import hidden_move, log, move
from tabletop.games.your_majesty.rules import (
    base_difficulty,
    owner_of_colony,
    owner_of_phil,
    sophia,
)
from tabletop.games.your_majesty.scoring import max_hand
from tabletop.games.your_majesty.state import Pending, Salon, YMState
from tabletop.games.your_majesty.turn import end_turn, erase_by_trigger, finish_action
from tabletop.games.your_majesty.zones import phil_zone, z


def _idx(u: str) -> int:
    return int(u[1:])


def apply_action(s: YMState, seat: int, a: Action) -> list[Event]:
    """Mutate ``s`` by the (already checked) action ``a`` of ``seat``."""
    return _HANDLERS[a.name](s, seat, a)


def _discard_from_hand(s: YMState, seat: int, card: int, why: str) -> Event:
    s.hands[seat].remove(card)
    s.discard.append(card)
    name = catalog().actions[card].name
    return move(
        f"{s.names[seat]} discards {name} {why}.", f"a{card}", z(seat, "hand"), "action_discard"
    )


def _choose_colony(s: YMState, seat: int, a: Action) -> list[Event]:
    s.pending = Pending("pay", seat, purpose="colony", target=_idx(a["colony"]))
    return [log(f"{s.names[seat]} reaches for {catalog().colonies[s.pending.target].name}.")]


def _propose_salon(s: YMState, seat: int, a: Action) -> list[Event]:
    s.pending = Pending("pay", seat, purpose="salon", target=_idx(a["reform"]))
    return [log(f"{s.names[seat]} plans a salon for {catalog().reforms[s.pending.target].name}.")]


def _pay(s: YMState, seat: int, a: Action) -> list[Event]:
    p = s.pending
    assert p is not None
    s.pending = None
    out = [_discard_from_hand(s, seat, _idx(a["cost"]), "as the cost")]
    cat = catalog()
    if p.purpose == "colony":
        s.colonies.remove(p.target)
        s.courts[seat].colonies.append(p.target)
        out.append(
            move(
                f"{s.names[seat]} claims {cat.colonies[p.target].name}.",
                f"c{p.target}",
                "unclaimed_colonies",
                z(seat, "colonies"),
            )
        )
        out += erase_by_trigger(s, seat, "@colony")
        return out + finish_action(s, "colony")
    s.reforms.remove(p.target)
    s.salon = Salon(seat, p.target)
    out.append(
        move(
            f"{s.names[seat]} hosts a salon for {cat.reforms[p.target].name}.",
            f"r{p.target}",
            "unclaimed_reforms",
            "salon",
        )
    )
    return out


def _draw_philosophe(s: YMState, seat: int, a: Action) -> list[Event]:
    out = [_discard_from_hand(s, seat, _idx(a["cost"]), "as the cost")]
    p = draw_phil(s)
    if p is not None:
        s.courts[seat].phils.append(p)
        out.append(
            move(
                f"{s.names[seat]} draws {catalog().phils[p].name}.",
                f"p{p}",
                "phil_deck",
                phil_zone(seat, p),
            )
        )
    return out + finish_action(s, "philosophe")


def _refill(s: YMState, seat: int, a: Action) -> list[Event]:
    out = []
    cat = catalog()
    while len(s.hands[seat]) < max_hand(s, seat):
        c = draw_action(s)
        if c is None:
            break
        s.hands[seat].append(c)
        out.append(
            hidden_move(
                f"You draw {cat.actions[c].name}.",
                f"{s.names[seat]} draws a card.",
                f"a{c}",
                "action_deck",
                z(seat, "hand"),
                (seat,),
            )
        )
    return out + finish_action(s, "refill")


def _end_turn(s: YMState, seat: int, a: Action) -> list[Event]:
    return end_turn(s)


def _play_event(s: YMState, seat: int, a: Action) -> list[Event]:
    out = play_event(s, seat, _idx(a["card"]), a.get("seat", -1), a.get("on"))
    if s.pending is None:
        out += finish_action(s, "event")
    return out


def _campaign(s: YMState, seat: int, a: Action) -> list[Event]:
    card, col = _idx(a["card"]), _idx(a["on"])
    owner = owner_of_colony(s, col)
    s.hands[seat].remove(card)
    s.in_play.append(card)
    s.pending = Pending("defend", owner, target=col, card=card, owner=owner)
    cat = catalog()
    return [
        move(
            f"{s.names[seat]} sends {cat.actions[card].name} against {cat.colonies[col].name} of {s.names[owner]}.",
            f"a{card}",
            z(seat, "hand"),
            "play",
        )
    ]


def _close_in_play(s: YMState) -> None:
    s.discard += s.in_play
    s.in_play = []


def _answer(s: YMState, seat: int, a: Action) -> list[Event]:
    """The passive player answers with a card: the attempt fails."""
    p = s.pending
    assert p is not None
    s.pending = None
    out = [_discard_from_hand(s, seat, _idx(a["card"]), "to answer")]
    _close_in_play(s)
    out.append(log(f"{s.names[seat]} thwarts the attempt."))
    kind = "campaign" if p.kind == "defend" else "event"
    return out + finish_action(s, kind)


def _decline(s: YMState, seat: int, a: Action) -> list[Event]:
    """The passive player lets it happen."""
    p = s.pending
    assert p is not None
    s.pending = None
    _close_in_play(s)
    actor = s.active
    cat = catalog()
    out: list[Event] = []
    if p.kind == "defend":
        s.seized += 1
        s.courts[p.owner].colonies.remove(p.target)
        s.courts[actor].colonies.append(p.target)
        out.append(
            move(
                f"{s.names[actor]} seizes {cat.colonies[p.target].name}.",
                f"c{p.target}",
                z(p.owner, "colonies"),
                z(actor, "colonies"),
            )
        )
        return out + finish_action(s, "campaign")
    if p.kind == "block":
        s.courts[p.owner].colonies.remove(p.target)
        s.colonies.append(p.target)
        s.colonies.sort()
        out.append(
            move(
                f"{cat.colonies[p.target].name} breaks free of {s.names[p.owner]}.",
                f"c{p.target}",
                z(p.owner, "colonies"),
                "unclaimed_colonies",
            )
        )
    else:  # cancel_place
        s.courts[p.owner].phils.remove(p.target)
        s.courts[actor].phils.append(p.target)
        out.append(
            move(
                f"{cat.phils[p.target].name} moves to the court of {s.names[actor]}.",
                f"p{p.target}",
                phil_zone(p.owner, p.target),
                phil_zone(actor, p.target),
            )
        )
    return out + finish_action(s, "event")


def _take(s: YMState, seat: int, a: Action) -> list[Event]:
    p = s.pending
    assert p is not None
    card = _idx(a["card"])
    s.hands[p.target].remove(card)
    s.hands[seat].append(card)
    p.taken += 1
    name = catalog().actions[card].name
    out = [
        hidden_move(
            f"{s.names[seat]} takes {name} from {s.names[p.target]}.",
            f"{s.names[seat]} takes a card from {s.names[p.target]}.",
            f"a{card}",
            z(p.target, "hand"),
            z(seat, "hand"),
            (seat, p.target),
        )
    ]
    if p.taken >= 3 or not s.hands[p.target] or len(s.hands[seat]) >= max_hand(s, seat):
        s.pending = None
        out += finish_action(s, "event")
    return out


def _done(s: YMState, seat: int, a: Action) -> list[Event]:
    s.pending = None
    return finish_action(s, "event")


# --- the salon --------------------------------------------------------------------------------
def _attend(s: YMState, seat: int, a: Action) -> list[Event]:
    assert s.salon is not None
    p = _idx(a["phil"])
    s.salon.attendees.append(p)
    s.salon.guests_from.append(seat)
    return [move(f"{catalog().phils[p].name} attends.", f"p{p}", phil_zone(seat, p), "salon")]


def _invite(s: YMState, seat: int, a: Action) -> list[Event]:
    assert s.salon is not None
    p = _idx(a["phil"])
    owner = owner_of_phil(s, p)
    s.salon.asked.append(p)
    s.pending = Pending("lend", owner, target=p, owner=owner)
    return [log(f"{s.names[seat]} asks {s.names[owner]} for {catalog().phils[p].name}.")]


def _lend(s: YMState, seat: int, a: Action) -> list[Event]:
    p = s.pending
    assert p is not None and s.salon is not None
    s.pending = None
    s.salon.attendees.append(p.target)
    s.salon.guests_from.append(seat)
    return [
        move(
            f"{s.names[seat]} lends {catalog().phils[p.target].name}.",
            f"p{p.target}",
            phil_zone(seat, p.target),
            "salon",
        )
    ]


def _refuse(s: YMState, seat: int, a: Action) -> list[Event]:
    p = s.pending
    assert p is not None
    s.pending = None
    return [log(f"{s.names[seat]} keeps {catalog().phils[p.target].name} at home.")]


def _hold(s: YMState, seat: int, a: Action) -> list[Event]:
    sal = s.salon
    assert sal is not None
    cat = catalog()
    soph = sophia(s)
    base = base_difficulty(s)
    card = draw_action(s)
    rand = cat.actions[card].randomizer if card is not None else 6
    out: list[Event] = []
    if card is not None:
        s.discard.append(card)
        out.append(
            move(
                f"The randomizer is {rand} ({cat.actions[card].name}).",
                f"a{card}",
                "action_deck",
                "action_discard",
            )
        )
    diff = base + rand
    ok = soph > diff and not (s.options.get("faux_pas") and rand == 6)
    s.last_salon = [soph, diff, rand, int(ok)]
    s.salons_held += 1
    s.salons_won += ok
    reform = cat.reforms[sal.reform]
    s.salon = None
    if ok:
        s.courts[seat].reforms.append(sal.reform)
        out.append(
            move(
                f"Sophia {soph} beats difficulty {diff}: {s.names[seat]} implements {reform.name}!",
                f"r{sal.reform}",
                "salon",
                z(seat, "reforms"),
            )
        )
        out += erase_by_trigger(s, seat, reform.name)
    else:
        s.reforms.append(sal.reform)
        s.reforms.sort()
        out.append(
            move(
                f"Sophia {soph} against difficulty {diff}: the salon fails.",
                f"r{sal.reform}",
                "salon",
                "unclaimed_reforms",
            )
        )
    return out + finish_action(s, "salon")


def _abandon(s: YMState, seat: int, a: Action) -> list[Event]:
    sal = s.salon
    assert sal is not None
    s.reforms.append(sal.reform)
    s.reforms.sort()
    s.salon = None
    return [log(f"{s.names[seat]} abandons the salon."), *finish_action(s, "salon")]


_HANDLERS = {
    "choose_colony": _choose_colony,
    "propose_salon": _propose_salon,
    "pay": _pay,
    "draw_philosophe": _draw_philosophe,
    "refill": _refill,
    "end_turn": _end_turn,
    "play_event": _play_event,
    "campaign": _campaign,
    "defend": _answer,
    "block": _answer,
    "cancel_place": _answer,
    "yield": _decline,
    "allow": _decline,
    "take": _take,
    "done": _done,
    "attend": _attend,
    "invite": _invite,
    "lend": _lend,
    "refuse": _refuse,
    "hold_salon": _hold,
    "abandon_salon": _abandon,
}
