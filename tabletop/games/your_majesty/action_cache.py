"""Every legal action as one shared object: built, with its gesture and text, on first use.

Actions are immutable and their texts name cards and seats, so one cache serves every state
of a table with the same seat names (every determinization of a search, every copy).  A
cache is a dict keyed by small tuples, and most of its values are rows: the key ``(kind,
seat)`` (or ``(kind, seat, victim)`` for ``take``, ``(kind,)`` for ``lend`` and ``refuse``)
holds a tuple with the action of every card of the catalogue by index, built together the
first time; an event card's row runs over its targets, a campaign's over the colonies of one
owner (see :data:`_BUILD`), so listing actions is indexing tuples.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import BUTTON, DRAG, Action, Gesture
from tabletop.games.your_majesty.catalog import catalog
from tabletop.games.your_majesty.zones import phil_zone, z

_MAX_TABLES = 16  # tables of names whose actions are kept


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


TARGETING: tuple[str, ...] = tuple(
    _targeting(a.category, a.effect) for a in catalog().actions
)  # of each action card


class ActionCache(dict):
    """The actions of one table of seat names, by key; see the module docstring."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names

    def __missing__(self, key: tuple) -> Action | tuple[Action, ...]:
        row = _ROWS.get(key[0])
        if row is None:
            found = _BUILD[key[0]](self.names, *key[1:])
        else:
            build, table = row
            size = len(getattr(catalog(), table))
            found = tuple(build(self.names, *key[1:], i) for i in range(size))
        self[key] = found
        return found


_CACHES: dict[tuple[str, ...], ActionCache] = {}


def actions_for(names: list[str]) -> ActionCache:
    """The cache of the table with these seat names (the oldest is dropped when full)."""
    key = tuple(names)
    found = _CACHES.get(key)
    if found is None:
        if len(_CACHES) >= _MAX_TABLES:
            _CACHES.pop(next(iter(_CACHES)), None)  # another thread may have dropped it
        found = _CACHES[key] = ActionCache(key)
    return found


def _drag(name: str, card: str, source: str, target: str, text: str, *args: tuple) -> Action:
    return Action(name, args, Gesture(DRAG, card, source, target), text)


def _button(name: str, label: str, text: str) -> Action:
    return Action(name, (), Gesture(BUTTON, label=label), text)


# --- the builders, one per kind of key ---------------------------------------------------------
def _colony(names: tuple[str, ...], seat: int, c: int) -> Action:
    col = f"c{c}"
    text = f"Choose the colony {catalog().colonies[c].name}"
    return _drag(
        "choose_colony", col, "unclaimed_colonies", z(seat, "colonies"), text, ("colony", col)
    )


def _draw(names: tuple[str, ...], seat: int, a: int) -> Action:
    card = f"a{a}"
    text = f"Draw a philosophe, paying {catalog().actions[a].name}"
    return _drag("draw_philosophe", card, z(seat, "hand"), "phil_deck", text, ("cost", card))


def _salon(names: tuple[str, ...], seat: int, r: int) -> Action:
    ref = f"r{r}"
    text = f"Host a salon for {catalog().reforms[r].name}"
    return _drag("propose_salon", ref, "unclaimed_reforms", "salon", text, ("reform", ref))


def _campaign(names: tuple[str, ...], seat: int, a: int, c: int, owner: int) -> Action:
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


def _events(names: tuple[str, ...], seat: int, a: int) -> tuple[Action, ...]:
    """Event ``a`` played by ``seat`` on each target it may take, by index: a seat, a
    philosophe (Royal Pension's top of the deck last) or a colony; a single action else."""
    how = TARGETING[a]
    if how in ("other_seat", "hand"):
        return tuple(_event(names, seat, a, o, -1) for o in range(len(names)))
    if how in ("other_phil", "any_phil", "pension"):
        row = [_event(names, seat, a, -1, p) for p in range(len(catalog().phils))]
        return (*row, _event(names, seat, a, -1, -1)) if how == "pension" else tuple(row)
    if how in ("other_colony", "slave_colony"):
        return tuple(_event(names, seat, a, -1, c) for c in range(len(catalog().colonies)))
    return (_event(names, seat, a, -1, -1),)


def _campaigns(names: tuple[str, ...], seat: int, a: int, owner: int) -> tuple[Action, ...]:
    """Campaign ``a`` of ``seat`` against each colony (by index) of ``owner``."""
    return tuple(_campaign(names, seat, a, c, owner) for c in range(len(catalog().colonies)))


def _pay(names: tuple[str, ...], seat: int, a: int) -> Action:
    card = f"a{a}"
    text = f"Pay with {catalog().actions[a].name}"
    return _drag("pay", card, z(seat, "hand"), "action_discard", text, ("cost", card))


def _attend(names: tuple[str, ...], seat: int, p: int) -> Action:
    phil = f"p{p}"
    text = f"{catalog().phils[p].name} attends"
    return _drag("attend", phil, phil_zone(seat, p), "salon", text, ("phil", phil))


def _invite(names: tuple[str, ...], owner: int, p: int) -> Action:
    phil = f"p{p}"
    text = f"Ask {names[owner]} for {catalog().phils[p].name}"
    return _drag("invite", phil, phil_zone(owner, p), "salon", text, ("phil", phil))


def _lend(names: tuple[str, ...], p: int) -> Action:
    name = catalog().phils[p].name
    return _button("lend", f"Lend {name}", f"Lend {name}")


def _refuse(names: tuple[str, ...], p: int) -> Action:
    return _button("refuse", "Refuse", f"Keep {catalog().phils[p].name} at home")


def _answer(names: tuple[str, ...], name: str, seat: int, a: int, on: int) -> Action:
    """A passive answer with card ``a``: ``defend`` or ``block`` colony ``on``, or
    ``cancel_place`` on philosophe ``on``."""
    card = f"a{a}"
    target = f"{'p' if name == 'cancel_place' else 'c'}{on}"
    text = f"Answer with {catalog().actions[a].name}"
    return _drag(name, card, z(seat, "hand"), target, text, ("card", card))


def _take(names: tuple[str, ...], seat: int, victim: int, a: int) -> Action:
    card = f"a{a}"
    text = f"Take {catalog().actions[a].name}"
    return _drag("take", card, z(victim, "hand"), z(seat, "hand"), text, ("card", card))


_BUILD: dict[str, Callable[..., Action | tuple[Action, ...]]] = {
    "play_event": _events,  # (kind, seat, card): a row over the card's targets
    "campaign": _campaigns,  # (kind, seat, card, owner): a row over the colonies
    "answer": _answer,  # (kind, name, seat, card, target)
}

# the kinds kept as rows: builder and the catalogue table the row runs over
_ROWS: dict[str, tuple[Callable[..., Action], str]] = {
    "choose_colony": (_colony, "colonies"),
    "draw_philosophe": (_draw, "actions"),
    "propose_salon": (_salon, "reforms"),
    "pay": (_pay, "actions"),
    "attend": (_attend, "phils"),
    "invite": (_invite, "phils"),
    "take": (_take, "actions"),
    "lend": (_lend, "phils"),
    "refuse": (_refuse, "phils"),
}

# the buttons that name no card and no seat: the same for every table
REFILL = _button("refill", "Refill hand", "Refill your hand")
END_TURN = _button("end_turn", "End turn", "End your turn")
HOLD_SALON = _button("hold_salon", "Hold the salon", "Hold the salon")
ABANDON_SALON = _button("abandon_salon", "Abandon the salon", "Abandon the salon")
DONE = _button("done", "Done", "Stop taking cards")
YIELD = _button("yield", "Let it go", "Let it go")  # a campaign against your colony
ALLOW_BLOCK = _button("allow", "Let it go", "Let it go")  # a Colonial Rebellion
ALLOW_PLACE = _button("allow", "Allow", "Allow")  # A Place at Court
