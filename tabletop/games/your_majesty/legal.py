"""Legal actions, grouped by action name (``apply`` checks only the group it needs)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import BUTTON, DRAG, Action, Gesture
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.decks import can_draw_action, can_draw_phil
from tabletop.games.your_majesty.rules import (
    barred,
    in_force,
    level_gate_open,
    salon_capacity,
)
from tabletop.games.your_majesty.scoring import max_hand, wealth
from tabletop.games.your_majesty.state import YMState


def act(name: str, gesture: Gesture, text: str, *args: tuple[str, object]) -> Action:
    """An Action built directly (``args`` already sorted by key, scalars only): hot path."""
    return Action(name, args, gesture, text)


def drag(card: str, source: str, target: str) -> Gesture:
    """A drag gesture."""
    return Gesture(DRAG, card, source, target)


def button(label: str) -> Gesture:
    """A button gesture."""
    return Gesture(BUTTON, label=label)


def z(seat: int, name: str) -> str:
    """The view id of a seat zone."""
    return f"p{seat}.{name}"


def phil_zone(seat: int, phil: int) -> str:
    """The muse column of ``phil`` at ``seat``'s court."""
    return z(seat, catalog().phils[phil].muse)


def to_act(s: YMState) -> list[int]:
    """Who decides now."""
    if s.over:
        return []
    if s.pending is not None:
        return [s.pending.seat]
    return [s.active]


def legal(s: YMState, seat: int, only: str | None = None, key: str | None = None) -> list[Action]:
    """Every legal action of ``seat``; ``only``/``key`` keep those of one name and one card uid."""
    if s.over or seat not in to_act(s):
        return []
    p = s.pending
    if p is not None:
        gen = _PENDING[p.kind]
    elif s.salon is not None:
        gen = _salon_stage
    else:
        gen = _main
    return gen(s, seat, only, key)


def _want(only: str | None, *names: str) -> bool:
    return only is None or only in names


# --- the active player's main choices --------------------------------------------------------
def _main(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
    cat = catalog()
    hand = s.hands[seat]
    out: list[Action] = []
    used = s.used
    if _want(only, "choose_colony") and hand and "colony" not in used:
        for c in s.colonies:
            if key is not None and key != f"c{c}":
                continue
            col = cat.colonies[c]
            out.append(
                act(
                    "choose_colony",
                    drag(f"c{c}", "unclaimed_colonies", z(seat, "colonies")),
                    f"Choose the colony {col.name}",
                    ("colony", f"c{c}"),
                )
            )
    if _want(only, "draw_philosophe") and hand and "philosophe" not in used and can_draw_phil(s):
        for a in hand:
            if key is not None and key != f"a{a}":
                continue
            out.append(
                act(
                    "draw_philosophe",
                    drag(f"a{a}", z(seat, "hand"), "phil_deck"),
                    f"Draw a philosophe, paying {cat.actions[a].name}",
                    ("cost", f"a{a}"),
                )
            )
    if (
        _want(only, "propose_salon")
        and hand
        and "salon" not in used
        and wealth(s, seat) >= 2
        and not in_force(s, "smallpox")
    ):
        muses = {cat.phils[p].muse for p in s.courts[seat].phils}
        gate = {1: True, 3: level_gate_open(s, seat, 3), 5: level_gate_open(s, seat, 5)}
        for r in s.reforms:
            if key is not None and key != f"r{r}":
                continue
            ref = cat.reforms[r]
            if ref.muse in muses and gate[ref.level]:
                out.append(
                    act(
                        "propose_salon",
                        drag(f"r{r}", "unclaimed_reforms", "salon"),
                        f"Host a salon for {cat.reforms[r].name}",
                        ("reform", f"r{r}"),
                    )
                )
    if _want(only, "play_event") and "event" not in used:
        out += _events(s, seat, key)
    if _want(only, "campaign") and "campaign" not in used and not in_force(s, "peace"):
        camps = [a for a in hand if cat.actions[a].category == "campaign"]
        if camps:
            for o in range(s.players):
                if o == seat:
                    continue
                for c in s.courts[o].colonies:
                    for a in camps:
                        if key is not None and key != f"a{a}":
                            continue
                        out.append(
                            act(
                                "campaign",
                                drag(f"a{a}", z(seat, "hand"), f"c{c}"),
                                f"Campaign against {cat.colonies[c].name} of {s.names[o]}",
                                ("card", f"a{a}"),
                                ("on", f"c{c}"),
                            )
                        )
    if (
        _want(only, "refill")
        and "refill" not in used
        and len(hand) < max_hand(s, seat)
        and can_draw_action(s)
    ):
        out.append(act("refill", button("Refill hand"), "Refill your hand"))
    if _want(only, "end_turn"):
        out.append(act("end_turn", button("End turn"), "End your turn"))
    return out


def _events(s: YMState, seat: int, key: str | None = None) -> list[Action]:
    """Every event card of the hand with every target it may take."""
    cat = catalog()
    out: list[Action] = []
    others = [o for o in range(s.players) if o != seat]
    hand_zone = z(seat, "hand")

    def ev(a: int, target: str, text: str, on: str | None = None, seat: int | None = None) -> None:
        args: tuple[tuple[str, object], ...] = (("card", f"a{a}"),)
        if on is not None:
            args += (("on", on),)
        if seat is not None:
            args += (("seat", seat),)
        out.append(
            Action(
                "play_event",
                args,
                drag(f"a{a}", hand_zone, target),
                f"Play {cat.actions[a].name}{text}",
            )
        )

    for a in s.hands[seat]:
        if key is not None and key != f"a{a}":
            continue
        card = cat.actions[a]
        e = card.effect
        if card.category == "campaign":
            continue
        if card.category == "scandal":
            if e == "casanova":
                ev(a, z(seat, "scandals"), " at your own court")
            else:
                for o in others:
                    ev(a, z(o, "scandals"), f" at the court of {s.names[o]}", seat=o)
        elif e == "despot":
            if max_hand(s, seat) == 4:
                ev(a, z(seat, "events"), "")
        elif e in ("espionage", "letters"):
            for o in others:
                if s.hands[o]:
                    ev(a, z(o, "hand"), f" on {s.names[o]}", seat=o)
        elif e in ("lettre", "hurricane"):
            for o in others:
                ev(a, z(o, "court"), f" on {s.names[o]}", seat=o)
        elif e in ("place", "quarrel", "consumption"):
            for o in range(s.players):
                if o == seat and e != "consumption":
                    continue
                for p in s.courts[o].phils:
                    ev(a, f"p{p}", f" on {cat.phils[p].name}", on=f"p{p}")
        elif e == "pension":
            for p in s.phil_discard:
                ev(a, f"p{p}", f" for {cat.phils[p].name}", on=f"p{p}")
            if not s.phil_discard and s.phil_deck:
                ev(a, "phil_deck", " for the top philosophe")
        elif e in ("rebellion", "revolt"):
            for o in range(s.players):
                if o == seat and e == "rebellion":
                    continue
                for c in s.courts[o].colonies:
                    if e == "revolt" and not cat.colonies[c].slave:
                        continue
                    ev(a, f"c{c}", f" on {cat.colonies[c].name}", on=f"c{c}")
        elif e == "mistress":
            ev(a, z(seat, "scandals"), "")
        elif card.category == "lingering":
            ev(a, z(seat, "events"), "")
        else:  # encyclopedie, grandtour
            ev(a, "action_discard", "")
    return out


# --- paying for a colony or a salon -----------------------------------------------------------
def _pay(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
    if not _want(only, "pay"):
        return []
    cat = catalog()
    return [
        act(
            "pay",
            drag(f"a{a}", z(seat, "hand"), "action_discard"),
            f"Pay with {cat.actions[a].name}",
            ("cost", f"a{a}"),
        )
        for a in s.hands[seat]
        if key is None or key == f"a{a}"
    ]


# --- the salon ------------------------------------------------------------------------------------
def _salon_stage(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
    cat = catalog()
    sal = s.salon
    assert sal is not None
    out: list[Action] = []
    count = len(sal.attendees)
    cap = salon_capacity(s)
    if count < cap:
        bar = (
            {o for o in range(s.players) if barred(s, o)}
            if any(c.lingering for c in s.courts)
            else set()
        )
        if _want(only, "attend") and seat not in bar:
            for p in s.courts[seat].phils:
                if key is not None and key != f"p{p}":
                    continue
                if p not in sal.attendees:
                    out.append(
                        act(
                            "attend",
                            drag(f"p{p}", phil_zone(seat, p), "salon"),
                            f"{cat.phils[p].name} attends",
                            ("phil", f"p{p}"),
                        )
                    )
        if _want(only, "invite"):
            limit = 2 if "grandtour" in s.flags else 1
            for o in range(s.players):
                if o == seat or o in bar or sal.guests_from.count(o) >= limit:
                    continue
                for p in s.courts[o].phils:
                    if key is not None and key != f"p{p}":
                        continue
                    if p not in sal.asked:
                        out.append(
                            act(
                                "invite",
                                drag(f"p{p}", phil_zone(o, p), "salon"),
                                f"Ask {s.names[o]} for {cat.phils[p].name}",
                                ("phil", f"p{p}"),
                            )
                        )
    if 2 <= count <= cap and _want(only, "hold_salon"):
        out.append(act("hold_salon", button("Hold the salon"), "Hold the salon"))
    if count < 2 and _want(only, "abandon_salon"):
        out.append(act("abandon_salon", button("Abandon the salon"), "Abandon the salon"))
    return out


def _lend(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
    p = s.pending
    assert p is not None
    name = catalog().phils[p.target].name
    out = []
    if _want(only, "lend"):
        out.append(act("lend", button(f"Lend {name}"), f"Lend {name}"))
    if _want(only, "refuse"):
        out.append(act("refuse", button("Refuse"), f"Keep {name} at home"))
    return out


def _answer(card_ok: Callable[[int], bool], name: str, decline: str, label: str) -> Callable:
    """A passive answer: play a matching card onto the target, or decline with a button."""

    def gen(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
        p = s.pending
        assert p is not None
        cat = catalog()
        out = []
        tgt = f"c{p.target}" if p.kind in ("defend", "block") else f"p{p.target}"
        if _want(only, name) and not (p.kind != "cancel_place" and in_force(s, "peace")):
            for a in s.hands[seat]:
                if key is not None and key != f"a{a}":
                    continue
                if card_ok(a):
                    out.append(
                        act(
                            name,
                            drag(f"a{a}", z(seat, "hand"), tgt),
                            f"Answer with {cat.actions[a].name}",
                            ("card", f"a{a}"),
                        )
                    )
        if _want(only, decline):
            out.append(act(decline, button(label), label))
        return out

    return gen


def _is_campaign(a: int) -> bool:
    return catalog().actions[a].category == "campaign"


def _is_place(a: int) -> bool:
    return catalog().actions[a].effect == "place"


def _espionage(s: YMState, seat: int, only: str | None, key: str | None = None) -> list[Action]:
    p = s.pending
    assert p is not None
    cat = catalog()
    out = []
    if _want(only, "take") and p.taken < 3 and len(s.hands[seat]) < max_hand(s, seat):
        for a in s.hands[p.target]:
            if key is not None and key != f"a{a}":
                continue
            out.append(
                act(
                    "take",
                    drag(f"a{a}", z(p.target, "hand"), z(seat, "hand")),
                    f"Take {cat.actions[a].name}",
                    ("card", f"a{a}"),
                )
            )
    if _want(only, "done"):
        out.append(act("done", button("Done"), "Stop taking cards"))
    return out


_PENDING = {
    "pay": _pay,
    "lend": _lend,
    "defend": _answer(_is_campaign, "defend", "yield", "Let it go"),
    "block": _answer(_is_campaign, "block", "allow", "Let it go"),
    "cancel_place": _answer(_is_place, "cancel_place", "allow", "Allow"),
    "espionage": _espionage,
}
