"""Your Majesty's actions, each built once with its gesture and text.

Actions are immutable and shared: an :class:`~tabletop.engine.moves.Interned` table builds
them, most as rows by card index — for one seat, or for one table of seat names when the
text names a seat — so listing actions is indexing tuples.  How each action card is
targeted (:func:`targeting`) is read here too.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import BUTTON, DRAG, Action, Gesture
from tabletop.engine.moves import Interned
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.view import phil_zone, z


def _targeting(category: str, effect: str) -> str:
    """What an action card is played on, as the legal moves enumerate it."""
    if category == "campaign":
        return "campaign"  # a colony at another court (not an event)
    if category == "scandal":
        return "single" if effect == "casanova" else "other_seat"
    return {
        "despot": "despot",  # only while the hand limit is four
        "espionage": "hand",  # another seat holding cards
        "letters": "hand",
        "lettre": "other_seat",
        "hurricane": "other_seat",
        "place": "other_phil",
        "quarrel": "other_phil",
        "consumption": "any_phil",
        "pension": "pension",  # a discarded philosophe, else the top of the deck
        "rebellion": "other_colony",
        "revolt": "slave_colony",  # at any court
    }.get(effect, "single")


TARGETING_MEMO: list[tuple[str, ...]] = []


def targeting() -> tuple[str, ...]:
    """How each action card (by index) is targeted."""
    if not TARGETING_MEMO:
        TARGETING_MEMO.append(tuple(_targeting(a.category, a.effect) for a in catalog().actions))
    return TARGETING_MEMO[0]


# --- building actions -------------------------------------------------------------------------
def _drag(name: str, card: str, source: str, target: str, text: str, *args: tuple) -> Action:
    return Action(name, args, Gesture(DRAG, card, source, target), text)


def _button(name: str, label: str, text: str) -> Action:
    return Action(name, (), Gesture(BUTTON, label=label), text)


def _row(build: Callable[..., Action], size: Callable[[], int]) -> Interned[tuple[Action, ...]]:
    """Rows of actions: ``build(*key, i)`` for every card index ``i`` of a catalogue table."""
    return Interned(lambda *key: tuple(build(*key, i) for i in range(size())))


def _n_actions() -> int:
    return len(catalog().actions)


def _n_phils() -> int:
    return len(catalog().phils)


def _n_colonies() -> int:
    return len(catalog().colonies)


def _n_reforms() -> int:
    return len(catalog().reforms)


def _colony(seat: int, c: int) -> Action:
    col = f"c{c}"
    text = f"Choose the colony {catalog().colonies[c].name}"
    return _drag(
        "choose_colony", col, "unclaimed_colonies", z(seat, "colonies"), text, ("colony", col)
    )


def _from_hand(name: str, seat: int, a: int, target: str, text: str, arg: str) -> Action:
    """Action card ``a`` dragged from ``seat``'s hand onto ``target``, its argument ``arg``."""
    card = f"a{a}"
    return _drag(name, card, z(seat, "hand"), target, text, (arg, card))


def _draw(seat: int, a: int) -> Action:
    text = f"Draw a philosophe, paying {catalog().actions[a].name}"
    return _from_hand("draw_philosophe", seat, a, "phil_deck", text, "cost")


def _salon(seat: int, r: int) -> Action:
    ref = f"r{r}"
    text = f"Host a salon for {catalog().reforms[r].name}"
    return _drag("propose_salon", ref, "unclaimed_reforms", "salon", text, ("reform", ref))


def _campaign(names: tuple[str, ...], seat: int, a: int, owner: int, c: int) -> Action:
    card, col = f"a{a}", f"c{c}"
    text = f"Campaign against {catalog().colonies[c].name} of {names[owner]}"
    return _drag("campaign", card, z(seat, "hand"), col, text, ("card", card), ("on", col))


def _event(names: tuple[str, ...], seat: int, a: int, tseat: int, on: int) -> Action:
    """Event ``a`` played by ``seat`` on seat ``tseat`` or on card ``on`` (-1: none).

    The card ``on`` is a colony for the rebellions, otherwise a philosophe.
    """
    cat = catalog()
    card = cat.actions[a]
    e = card.effect
    uid = None if on < 0 else f"{'c' if e in ('rebellion', 'revolt') else 'p'}{on}"
    if card.category == "scandal":
        own = e == "casanova"
        target = z(seat if own else tseat, "scandals")
        text = " at your own court" if own else f" at the court of {names[tseat]}"
    elif e in ("espionage", "letters", "lettre", "hurricane"):
        target = z(tseat, "hand" if e in ("espionage", "letters") else "court")
        text = f" on {names[tseat]}"
    elif uid is not None:
        named = cat.colonies[on].name if uid[0] == "c" else cat.phils[on].name
        target, text = uid, f" {'for' if e == 'pension' else 'on'} {named}"
    elif e == "pension":
        target, text = "phil_deck", " for the top philosophe"
    elif e == "mistress":
        target, text = z(seat, "scandals"), ""
    elif e == "despot" or card.category == "lingering":
        target, text = z(seat, "events"), ""
    else:  # encyclopedie, grandtour
        target, text = "action_discard", ""
    args: tuple[tuple[str, object], ...] = (("card", f"a{a}"),)
    if uid is not None:
        args += (("on", uid),)
    if tseat >= 0:
        args += (("seat", tseat),)
    return _drag("play_event", f"a{a}", z(seat, "hand"), target, f"Play {card.name}{text}", *args)


def _events_of(names: tuple[str, ...], seat: int, a: int) -> tuple[Action, ...]:
    """Event ``a`` played by ``seat`` on each target it may take, by index: a seat, a
    philosophe (Royal Pension's top of the deck last) or a colony; a single action else."""
    how = targeting()[a]
    if how in ("other_seat", "hand"):
        return tuple(_event(names, seat, a, o, -1) for o in range(len(names)))
    if how in ("other_phil", "any_phil", "pension"):
        row = [_event(names, seat, a, -1, p) for p in range(_n_phils())]
        return (*row, _event(names, seat, a, -1, -1)) if how == "pension" else tuple(row)
    if how in ("other_colony", "slave_colony"):
        return tuple(_event(names, seat, a, -1, c) for c in range(_n_colonies()))
    return (_event(names, seat, a, -1, -1),)


def _pay(seat: int, a: int) -> Action:
    return _from_hand(
        "pay", seat, a, "action_discard", f"Pay with {catalog().actions[a].name}", "cost"
    )


def _attend(seat: int, p: int) -> Action:
    phil = f"p{p}"
    text = f"{catalog().phils[p].name} attends"
    return _drag("attend", phil, phil_zone(seat, p), "salon", text, ("phil", phil))


def _invite(names: tuple[str, ...], owner: int, p: int) -> Action:
    phil = f"p{p}"
    text = f"Ask {names[owner]} for {catalog().phils[p].name}"
    return _drag("invite", phil, phil_zone(owner, p), "salon", text, ("phil", phil))


def _lend(p: int) -> Action:
    name = catalog().phils[p].name
    return _button("lend", f"Lend {name}", f"Lend {name}")


def _refuse_to_lend(p: int) -> Action:
    return _button("refuse", "Refuse", f"Keep {catalog().phils[p].name} at home")


def _answer(name: str, seat: int, a: int, on: int) -> Action:
    """A passive answer with card ``a``: ``defend`` or ``block`` colony ``on``, or
    ``cancel_place`` on philosophe ``on``."""
    target = f"{'p' if name == 'cancel_place' else 'c'}{on}"
    return _from_hand(name, seat, a, target, f"Answer with {catalog().actions[a].name}", "card")


def _take(seat: int, victim: int, a: int) -> Action:
    text = f"Take {catalog().actions[a].name}"
    return _from_hand("take", victim, a, z(seat, "hand"), text, "card")


COLONIES = _row(_colony, _n_colonies)  # key (seat,)
DRAWS = _row(_draw, _n_actions)  # key (seat,)
SALONS = _row(_salon, _n_reforms)  # key (seat,)
CAMPAIGNS = Interned(  # key (names, seat): by campaign card, by owner, a row over the colonies
    lambda names, seat: tuple(
        tuple(
            tuple(_campaign(names, seat, a, o, c) for c in range(_n_colonies()))
            for o in range(len(names))
        )
        if how == "campaign"
        else None
        for a, how in enumerate(targeting())
    )
)
EVENTS = Interned(  # key (names, seat): by card, a row of actions over the card's targets
    lambda names, seat: tuple(
        None if how == "campaign" else _events_of(names, seat, a)
        for a, how in enumerate(targeting())
    )
)
PAYS = _row(_pay, _n_actions)  # key (seat,)
ATTENDS = _row(_attend, _n_phils)  # key (seat,)
INVITES = _row(_invite, _n_phils)  # key (names, owner)
LENDS = _row(_lend, _n_phils)  # key ()
REFUSALS = _row(_refuse_to_lend, _n_phils)  # key ()
ANSWERS = Interned(_answer)  # key (name, seat, card, target)
TAKES = _row(_take, _n_actions)  # key (seat, victim)

# the buttons that name no card and no seat
REFILL = _button("refill", "Refill hand", "Refill your hand")
END_TURN = _button("end_turn", "End turn", "End your turn")
HOLD_SALON = _button("hold_salon", "Hold the salon", "Hold the salon")
ABANDON_SALON = _button("abandon_salon", "Abandon the salon", "Abandon the salon")
DONE = _button("done", "Done", "Stop taking cards")
YIELD = _button("yield", "Let it go", "Let it go")  # a campaign against your colony
ALLOW_BLOCK = _button("allow", "Let it go", "Let it go")  # a Colonial Rebellion
ALLOW_PLACE = _button("allow", "Allow", "Allow")  # A Place at Court
