"""Your Majesty's moves: each declares its actions, how one applies and why one is refused.

The active seat's turn (step ``main``) offers the six kinds of action and *End turn*; the
frames above it offer the rest: paying for a colony or a salon, staging the salon, lending a
philosophe, answering a campaign, a Colonial Rebellion or A Place at Court, taking cards by
Espionage.  The order of the legal list is part of the game (agents choose by position):
moves in declaration order, cards in the order of their piles.

Actions are immutable and shared: each is built once (with its gesture and text) by an
:class:`~tabletop.engine.moves.Interned` table, most of them as rows by card index — for
one seat, or for one table of seat names when the text names a seat — so listing actions is
indexing tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from tabletop.engine import BUTTON, DRAG, Action, Event, Gesture
from tabletop.engine.events import QUIET
from tabletop.engine.moves import Interned, Move, Moves
from tabletop.games.your_majesty.action_cards import erase_by_trigger, play_event, send_campaign
from tabletop.games.your_majesty.data import catalog
from tabletop.games.your_majesty.decks import can_draw_action, draw_action, draw_phil
from tabletop.games.your_majesty.flow import end_turn, took
from tabletop.games.your_majesty.lingering import barred, in_force
from tabletop.games.your_majesty.salon import base_difficulty_of, open_levels, sophia_of
from tabletop.games.your_majesty.scoring import max_hand, wealth
from tabletop.games.your_majesty.state import (
    BLOCK,
    CANCEL,
    DEFEND,
    ESPIONAGE,
    LEND,
    MAIN,
    PAY,
    SALON,
    Court,
    YMState,
    ask,
    owner_of_phil,
    salon_frame,
)
from tabletop.games.your_majesty.view import move, phil_zone, prompt, say, z


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


_TARGETING: list[tuple[str, ...]] = []


def targeting() -> tuple[str, ...]:
    """How each action card (by index) is targeted."""
    if not _TARGETING:
        _TARGETING.append(tuple(_targeting(a.category, a.effect) for a in catalog().actions))
    return _TARGETING[0]


# --- building actions -------------------------------------------------------------------------
def _drag(name: str, card: str, source: str, target: str, text: str, *args: tuple) -> Action:
    return Action(name, args, Gesture(DRAG, card, source, target), text)


def _button(name: str, label: str, text: str) -> Action:
    return Action(name, (), Gesture(BUTTON, label=label), text)


def _row(build: Callable[..., Action], size: Callable[[], int]) -> Interned:
    """Rows of actions: ``build(*key, i)`` for every card index ``i`` of a catalogue table."""
    return Interned(lambda *key: tuple(build(*key, i) for i in range(size())))  # type: ignore[arg-type]


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


def _draw(seat: int, a: int) -> Action:
    card = f"a{a}"
    text = f"Draw a philosophe, paying {catalog().actions[a].name}"
    return _drag("draw_philosophe", card, z(seat, "hand"), "phil_deck", text, ("cost", card))


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
    card = f"a{a}"
    text = f"Pay with {catalog().actions[a].name}"
    return _drag("pay", card, z(seat, "hand"), "action_discard", text, ("cost", card))


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
    card = f"a{a}"
    target = f"{'p' if name == 'cancel_place' else 'c'}{on}"
    text = f"Answer with {catalog().actions[a].name}"
    return _drag(name, card, z(seat, "hand"), target, text, ("card", card))


def _take(seat: int, victim: int, a: int) -> Action:
    card = f"a{a}"
    text = f"Take {catalog().actions[a].name}"
    return _drag("take", card, z(victim, "hand"), z(seat, "hand"), text, ("card", card))


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


# --- the turn: six kinds of action, or End turn -------------------------------------------------
def colonies(s: YMState, seat: int) -> list[Action]:
    """Reach for an unclaimed colony (paid for next)."""
    if not s.hands[seat] or "colony" in s.stack[0].data["used"]:
        return []
    row = COLONIES.known.get((seat,)) or COLONIES(seat)
    return [row[c] for c in s.colonies]


def apply_colony(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask for the card that pays for the colony."""
    c = int(action["colony"][1:])
    s.stack.append(ask(PAY, seat, purpose="colony", target=c))
    if events is not QUIET:
        say(partial("{} reaches for {}.".format, s.names[seat], catalog().colonies[c].name), events)


def draws(s: YMState, seat: int) -> list[Action]:
    """Draw a philosophe, paying any card of the hand."""
    hand = s.hands[seat]
    if not hand or "philosophe" in s.stack[0].data["used"] or not (s.phil_deck or s.phil_discard):
        return []
    row = DRAWS.known.get((seat,)) or DRAWS(seat)
    return [row[a] for a in hand]


def _discard_from_hand(s: YMState, seat: int, card: int, why: str, events: list[Event]) -> None:
    s.hands[seat].remove(card)
    s.discard.append(card)
    if events is QUIET:
        return
    name = catalog().actions[card].name
    text = partial("{} discards {} {}.".format, s.names[seat], name, why)
    move(s, "a", card, z(seat, "hand"), "action_discard", text, events)


def apply_draw(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay the card, draw the top philosophe to the court."""
    _discard_from_hand(s, seat, int(action["cost"][1:]), "as the cost", events)
    p = draw_phil(s)
    if p is not None:
        s.courts[seat].phils.append(p)
        if events is not QUIET:
            text = partial("{} draws {}.".format, s.names[seat], catalog().phils[p].name)
            move(s, "p", p, "phil_deck", phil_zone(seat, p), text, events)
    took(s, "philosophe")


def salons(s: YMState, seat: int) -> list[Action]:
    """A salon for every unclaimed reform of a muse at the court, past the level gate."""
    court = s.courts[seat]
    # a host needs two coins: no colony, no salon (the cheap tests come first)
    if (
        not court.phils
        or not court.colonies
        or not s.hands[seat]
        or "salon" in s.stack[0].data["used"]
    ):
        return []
    return _salons(s, seat, court)


def _salons(s: YMState, seat: int, court: Court) -> list[Action]:
    """:func:`salons` once its cheap tests passed (the turn's list makes them itself): the
    court has a philosophe and a colony, the hand a card, and no salon was held this turn."""
    if not s.reforms:
        return []
    phils = court.phils
    cat = catalog()
    # the colonies' coins bound the wealth (a Hurricane only lowers it): summed first
    coins = cat.coins
    total = 0
    for c in court.colonies:
        total += coins[c]
    if total < 2:
        return []
    lingering = some_lingering(s)
    if lingering and wealth(s, seat) < 2:
        return []
    # a reform of a muse at the court, of a level whose gate is open to the seat (plain
    # loops: in CPython 3.11 they cost less than map and reduce over so few cards)
    muse_bit = cat.muse_bit
    muses = 0
    for p in phils:
        muses |= muse_bit[p]
    gates = seat << 8 | muses << 3 | open_levels(s, seat, cat.level_bit)
    admitted = _SALON_ROWS.get(gates)
    if admitted is None:
        admitted = _salon_row(gates)
    found = [a for r in s.reforms if (a := admitted[r]) is not None]
    if found and lingering and in_force(s, "smallpox"):
        return []
    return found


# seat << 8 | muses << 3 | open levels -> by reform, its salon if that seat may hold it with
# those muses and levels, else None. Keyed without the unclaimed reforms, so it holds at most
# salon_rows_bound() rows whatever is played: a long session's memory stays flat.
_SALON_ROWS: dict[int, tuple[Action | None, ...]] = {}


def salon_rows_bound() -> int:
    """The most rows :data:`_SALON_ROWS` can hold: 256 keys (5 muse bits, 3 level bits) a seat."""
    return catalog().data.game.max_players << 8


def _salon_row(gates: int) -> tuple[Action | None, ...]:
    """By reform, the salon of the seat with the muses and open levels of ``gates`` (the key
    of :data:`_SALON_ROWS`), or None where that seat may not hold it."""
    seat, muses, levels = gates >> 8, gates >> 3 & 31, gates & 7
    cat = catalog()
    row = SALONS.known.get((seat,)) or SALONS(seat)
    found = tuple(
        row[r] if cat.reform_bit[r] & muses and cat.level_bit[r] & levels else None
        for r in range(len(cat.reform_bit))
    )
    _SALON_ROWS[gates] = found
    return found


def apply_propose(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask for the card that pays for the salon."""
    r = int(action["reform"][1:])
    s.stack.append(ask(PAY, seat, purpose="salon", target=r))
    if events is not QUIET:
        name = catalog().reforms[r].name
        say(partial("{} plans a salon for {}.".format, s.names[seat], name), events)


def events_(s: YMState, seat: int) -> list[Action]:
    """Every event card of the hand with every target it may take."""
    hand = s.hands[seat]
    if not hand or "event" in s.stack[0].data["used"]:
        return []
    out: list[Action] = []
    _add_events(s, seat, hand, out, None)
    return out


def _add_events(
    s: YMState, seat: int, hand: list[int], out: list[Action], camps: list[int] | None
) -> None:
    """Add the event actions of ``hand`` to ``out``; its campaign cards go to ``camps``
    (when given: the turn's list reads the hand once for both kinds)."""
    players = range(s.players)
    courts = s.courts
    names = s.names
    if names.__class__ is not tuple:
        names = tuple(names)
    how_of = _TARGETING[0] if _TARGETING else targeting()
    rows = EVENTS.known.get((names, seat)) or EVENTS(names, seat)
    for a in hand:
        how = how_of[a]
        if how == "campaign":
            if camps is not None:
                camps.append(a)
            continue
        row = rows[a]
        if how == "single":
            out.append(row[0])
        elif how == "other_seat":
            out += [row[o] for o in players if o != seat]
        elif how == "hand":
            out += [row[o] for o in players if o != seat and s.hands[o]]
        elif how == "other_phil":
            out += [row[p] for o in players if o != seat for p in courts[o].phils]
        elif how == "any_phil":
            out += [row[p] for court in courts for p in court.phils]
        elif how == "pension":
            out += [row[p] for p in s.phil_discard]
            if not s.phil_discard and s.phil_deck:
                out.append(row[-1])
        elif how == "other_colony":
            out += [row[c] for o in players if o != seat for c in courts[o].colonies]
        elif how == "slave_colony":
            slave = catalog().slave
            out += [row[c] for court in courts for c in court.colonies if slave[c]]
        elif not courts[seat].despot:  # Enlightened Despot, while the hand limit is four
            out.append(row[0])


def apply_event(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Resolve the event; it counts as taken unless it waits for an answer or a choice."""
    play_event(s, seat, int(action["card"][1:]), action.get("seat", -1), action.get("on"), events)
    if len(s.stack) == 1:
        took(s, "event")


def campaigns(s: YMState, seat: int) -> list[Action]:
    """Every campaign card of the hand against every colony at another court."""
    hand = s.hands[seat]
    if not hand or "campaign" in s.stack[0].data["used"]:
        return []
    how_of = _TARGETING[0] if _TARGETING else targeting()
    camps = [a for a in hand if how_of[a] == "campaign"]
    out: list[Action] = []
    if camps:
        _add_campaigns(s, seat, camps, out)
    return out


def _add_campaigns(s: YMState, seat: int, camps: list[int], out: list[Action]) -> None:
    """Add the campaigns of the cards ``camps`` against every colony at another court."""
    table = None
    for o, court in enumerate(s.courts):
        held = court.colonies
        if o != seat and held:
            if table is None:  # the first colony at another court: is there peace?
                if in_force(s, "peace"):
                    return
                names = s.names
                if names.__class__ is not tuple:
                    names = tuple(names)
                table = CAMPAIGNS.known.get((names, seat)) or CAMPAIGNS(names, seat)
            if len(camps) == 1:
                row = table[camps[0]][o]
                out += [row[c] for c in held]
            else:
                rows = [table[a][o] for a in camps]
                out += [row[c] for c in held for row in rows]


def apply_campaign(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The campaign goes into play; the colony's owner answers."""
    send_campaign(s, seat, int(action["card"][1:]), int(action["on"][1:]), events)


def refills(s: YMState, seat: int) -> list[Action]:
    """Refill the hand, if it is short and a card can be drawn."""
    if (
        len(s.hands[seat]) >= (5 if s.courts[seat].despot else 4)
        or "refill" in s.stack[0].data["used"]
    ):
        return []
    return _REFILL if s.discard or can_draw_action(s) else []


_REFILL = [REFILL]


def apply_refill(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Draw up to the hand limit (the other seats see only that cards were drawn)."""
    cat = catalog()
    hand = s.hands[seat]
    limit = max_hand(s, seat)  # (drawing changes no court)
    loud = events is not QUIET
    while len(hand) < limit:
        c = draw_action(s)
        if c is None:
            break
        hand.append(c)
        if loud:
            move(
                s,
                "a",
                c,
                "action_deck",
                z(seat, "hand"),
                partial("{} draws {}.".format, s.names[seat], cat.actions[c].name),
                events,
                hidden_text=partial("{} draws a card.".format, s.names[seat]),
                face_up=False,
            )
    took(s, "refill")


_END_TURN = [END_TURN]


def end_turns(s: YMState, seat: int) -> list[Action]:
    """End the turn (always possible)."""
    return _END_TURN


def apply_end_turn(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Pass the turn on."""
    end_turn(s, events)


def turn_actions(s: YMState, seat: int) -> list[Action]:
    """The turn's actions as its seven moves list them one after another (colony,
    philosophe, salon, event, campaign, refill, end turn), in one pass: a kind taken this
    turn is not asked, nor a kind paid with a card while the hand is empty.  The tests of
    the cheap moves are made here rather than in their own functions."""
    used = s.stack[0].data["used"]
    hand = s.hands[seat]
    court = s.courts[seat]
    out: list[Action] = []
    if hand:
        if s.colonies and "colony" not in used:
            row = COLONIES.known.get((seat,)) or COLONIES(seat)
            out += [row[c] for c in s.colonies]
        if (s.phil_deck or s.phil_discard) and "philosophe" not in used:
            row = DRAWS.known.get((seat,)) or DRAWS(seat)
            out += [row[a] for a in hand]
        # a salon needs a philosophe and two coins (so a colony): see ``salons``
        if court.phils and court.colonies and "salon" not in used:
            out += _salons(s, seat, court)
        # the event cards and the campaign cards, in one pass over the hand
        camps: list[int] | None = [] if "campaign" not in used else None
        if "event" not in used:
            _add_events(s, seat, hand, out, camps)
        elif camps is not None:
            how_of = _TARGETING[0] if _TARGETING else targeting()
            camps = [a for a in hand if how_of[a] == "campaign"]
        if camps:
            _add_campaigns(s, seat, camps, out)
    if (
        len(hand) < (5 if court.despot else 4)
        and "refill" not in used
        and (s.discard or can_draw_action(s))
    ):
        out.append(REFILL)
    out.append(END_TURN)
    return out


# --- paying -------------------------------------------------------------------------------------
def pays(s: YMState, seat: int) -> list[Action]:
    """Any card of the hand pays."""
    row = PAYS.known.get((seat,)) or PAYS(seat)
    return [row[a] for a in s.hands[seat]]


def apply_pay(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Discard the card; claim the colony, or open the salon."""
    q = s.stack.pop()
    _discard_from_hand(s, seat, int(action["cost"][1:]), "as the cost", events)
    cat = catalog()
    t = q.data["target"]
    name = s.names[seat]
    if q.data["purpose"] == "colony":
        s.colonies.remove(t)
        s.courts[seat].colonies.append(t)
        if events is not QUIET:
            text = partial("{} claims {}.".format, name, cat.colonies[t].name)
            move(s, "c", t, "unclaimed_colonies", z(seat, "colonies"), text, events)
        erase_by_trigger(s, seat, "@colony", events)
        took(s, "colony")
        return
    s.reforms.remove(t)
    s.stack.append(salon_frame(seat, t))
    if events is not QUIET:
        text = partial("{} hosts a salon for {}.".format, name, cat.reforms[t].name)
        move(s, "r", t, "unclaimed_reforms", "salon", text, events)


# --- the salon ----------------------------------------------------------------------------------
def capacity(s: YMState) -> int:
    """How many philosophes the staged salon may seat: its host's wealth.

    Nothing changes a court's colonies or the events in force while a salon is staged, so
    the figure is kept in the salon's frame once found (saves never write it).
    """
    d = s.stack[-1].data
    cap = d.get("capacity")
    if cap is None:
        cap = d["capacity"] = wealth(s, s.stack[-1].seats[0])
    return cap


def attends(s: YMState, seat: int) -> list[Action]:
    """Seat one of the host's philosophes (unless a Lettre de Cachet bars them)."""
    d = s.stack[-1].data
    here = d["attendees"]
    if len(here) >= (d.get("capacity") or capacity(s)):
        return []
    if some_lingering(s) and barred(s, seat):
        return []
    row = ATTENDS.known.get((seat,)) or ATTENDS(seat)
    return [row[p] for p in s.courts[seat].phils if p not in here]


def apply_attend(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The philosophe joins the salon."""
    d = s.stack[-1].data
    p = int(action["phil"][1:])
    d["attendees"].append(p)
    d["guests_from"].append(seat)
    if events is not QUIET:
        text = partial("{} attends.".format, catalog().phils[p].name)
        move(s, "p", p, phil_zone(seat, p), "salon", text, events)


def some_lingering(s: YMState) -> bool:
    """Whether any court has an event lingering (every turn's list asks)."""
    for c in s.courts:  # noqa: SIM110  (a loop: cheaper than any() over a generator)
        if c.lingering:
            return True
    return False


def invites(s: YMState, seat: int) -> list[Action]:
    """Ask another court for a philosophe (one guest per court, two with the Grand Tour)."""
    d = s.stack[-1].data
    if len(d["attendees"]) >= (d.get("capacity") or capacity(s)):
        return []
    lingering = some_lingering(s)
    out: list[Action] = []
    _add_invites(s, seat, d, lingering, out)
    return out


def _add_invites(
    s: YMState, seat: int, d: dict[str, Any], lingering: bool, out: list[Action]
) -> None:
    """Add the invitations of the salon ``d`` to ``out`` (``lingering``: some event lingers)."""
    limit = 2 if "grandtour" in s.flags else 1
    names = s.names
    if names.__class__ is not tuple:
        names = tuple(names)
    guests, asked = d["guests_from"], d["asked"]
    known = INVITES.known
    for o, court in enumerate(s.courts):
        if o == seat or not court.phils or (guests and guests.count(o) >= limit):
            continue
        if lingering and barred(s, o):
            continue
        row = known.get((names, o)) or INVITES(names, o)
        if asked:
            out += [row[p] for p in court.phils if p not in asked]
        else:
            out += [row[p] for p in court.phils]


def apply_invite(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Ask the owner to lend the philosophe."""
    p = int(action["phil"][1:])
    owner = owner_of_phil(s, p)
    s.stack[-1].data["asked"].append(p)
    s.stack.append(ask(LEND, owner, target=p, owner=owner))
    if events is not QUIET:
        text = partial(
            "{} asks {} for {}.".format, s.names[seat], s.names[owner], catalog().phils[p].name
        )
        say(text, events)


_HOLD = [HOLD_SALON]


def holds(s: YMState, seat: int) -> list[Action]:
    """Hold the salon once two to capacity philosophes attend."""
    d = s.stack[-1].data
    count = len(d["attendees"])
    return _HOLD if count >= 2 and count <= (d.get("capacity") or capacity(s)) else []


def apply_hold(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Draw the randomizer: sophia above difficulty implements the reform."""
    cat = catalog()
    f = s.stack.pop()  # the salon's frame, the host's
    soph = sophia_of(s, f)
    base = base_difficulty_of(s, f)
    reform = f.data["reform"]
    card = draw_action(s)
    rand = cat.actions[card].randomizer if card is not None else 6
    loud = events is not QUIET
    if card is not None:
        s.discard.append(card)
        if loud:
            text = partial("The randomizer is {} ({}).".format, rand, cat.actions[card].name)
            move(s, "a", card, "action_deck", "action_discard", text, events)
    diff = base + rand
    ok = soph > diff and not (s.options.get("faux_pas") and rand == 6)
    s.last_salon = [soph, diff, rand, int(ok)]
    s.salons_held += 1
    s.salons_won += ok
    name = cat.reforms[reform].name
    if ok:
        s.courts[seat].reforms.append(reform)
        if loud:
            text = partial(
                "Sophia {} beats difficulty {}: {} implements {}!".format,
                soph,
                diff,
                s.names[seat],
                name,
            )
            move(s, "r", reform, "salon", z(seat, "reforms"), text, events)
        erase_by_trigger(s, seat, name, events)
    else:
        s.reforms.append(reform)
        s.reforms.sort()
        if loud:
            text = partial("Sophia {} against difficulty {}: the salon fails.".format, soph, diff)
            move(s, "r", reform, "salon", "unclaimed_reforms", text, events)
    took(s, "salon")


_ABANDON = [ABANDON_SALON]


def abandons(s: YMState, seat: int) -> list[Action]:
    """Abandon the salon while fewer than two attend."""
    return _ABANDON if len(s.stack[-1].data["attendees"]) < 2 else []


def apply_abandon(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The reform goes back unclaimed."""
    f = s.stack.pop()
    s.reforms.append(f.data["reform"])
    s.reforms.sort()
    if events is not QUIET:
        say(partial("{} abandons the salon.".format, s.names[seat]), events)
    took(s, "salon")


def salon_actions(s: YMState, seat: int) -> list[Action]:
    """The salon's actions as its four moves list them (attend, invite, hold, abandon), in
    one pass: the capacity and the lingering events are looked at once."""
    d = s.stack[-1].data
    here = d["attendees"]
    count = len(here)
    cap = d.get("capacity") or capacity(s)
    out: list[Action] = []
    if count < cap:
        lingering = some_lingering(s)
        if not (lingering and barred(s, seat)):
            row = ATTENDS.known.get((seat,)) or ATTENDS(seat)
            out += [row[p] for p in s.courts[seat].phils if p not in here]
        _add_invites(s, seat, d, lingering, out)
    if count >= 2:
        if count <= cap:
            out.append(HOLD_SALON)
    else:
        out.append(ABANDON_SALON)
    return out


# --- lending ------------------------------------------------------------------------------------
def lends(s: YMState, seat: int) -> list[Action]:
    """Lend the philosophe asked for."""
    return [(LENDS.known.get(()) or LENDS())[s.stack[-1].data["target"]]]


def apply_lend(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """The philosophe joins the salon as a guest."""
    p = s.stack.pop().data["target"]
    f = s.stack[-1]
    f.data["attendees"].append(p)
    f.data["guests_from"].append(seat)
    if events is not QUIET:
        text = partial("{} lends {}.".format, s.names[seat], catalog().phils[p].name)
        move(s, "p", p, phil_zone(seat, p), "salon", text, events)


def refusals(s: YMState, seat: int) -> list[Action]:
    """Keep the philosophe at home."""
    return [(REFUSALS.known.get(()) or REFUSALS())[s.stack[-1].data["target"]]]


def apply_refusal(s: YMState, seat: int, action: Action, events: list[Event]) -> None:
    """Nothing happens but a line in the log."""
    p = s.stack.pop().data["target"]
    if events is not QUIET:
        name = catalog().phils[p].name
        say(partial("{} keeps {} at home.".format, s.names[seat], name), events)


def lend_actions(s: YMState, seat: int) -> list[Action]:
    """Lend the philosophe asked for, or keep it at home, in one pass."""
    p = s.stack[-1].data["target"]
    return [(LENDS.known.get(()) or LENDS())[p], (REFUSALS.known.get(()) or REFUSALS())[p]]


# --- answers to a campaign, a Colonial Rebellion, A Place at Court --------------------------------
def _answers(card_ok: str, name: str) -> Callable[[YMState, int], list[Action]]:
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
    _discard_from_hand(s, seat, int(action["card"][1:]), "to answer", events)
    s.discard += s.in_play
    s.in_play = []
    if events is not QUIET:
        say(partial("{} thwarts the attempt.".format, s.names[seat]), events)
    took(s, "campaign" if q.step == DEFEND else "event")


def _then(gen: Callable[[YMState, int], list[Action]], last: Action) -> Callable[..., list[Action]]:
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


# --- refusals -----------------------------------------------------------------------------------
_KINDS = {
    "choose_colony": "colony",
    "draw_philosophe": "philosophe",
    "play_event": "event",
    "campaign": "campaign",
    "propose_salon": "salon",
    "refill": "refill",
}


def refuse(s: YMState, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    if s.question is not None:
        return f"{action} is not possible now: an answer is awaited ({prompt(s, seat)})"
    used = s.used
    if action.name in used and action.name != "end_turn":
        return "You already took that kind of action this turn."
    if _KINDS.get(action.name) in used:
        return "You may not take the same kind of action twice in one turn."
    card = action.get("card")
    if action.name == "play_event" and isinstance(card, str) and card[1:].isdigit():
        a = int(card[1:])
        if a in s.hands[seat]:
            name = catalog().actions[a].name
            if targeting()[a] == "campaign":
                return f"{name} is a campaign: drag it onto a rival's colony to campaign."
            return f"{name} has nothing to act on now: no player, philosophe or colony fits it."
    ref = action.get("reform")
    known = isinstance(ref, str) and ref[1:].isdigit() and int(ref[1:]) in s.reforms
    if action.name == "propose_salon" and known:
        return _refuse_salon(s, seat, int(ref[1:]))
    return f"{action} is not allowed now (a card, a target or a rule is missing)."


def _refuse_salon(s: YMState, seat: int, reform: int) -> str:
    """Why the salon of ``reform`` cannot be proposed: the host's muse, level or wealth."""
    court = s.courts[seat]
    cat = catalog()
    if not court.phils:
        return "A salon needs a philosophe at your court to host it."
    if not court.colonies or sum(cat.coins[c] for c in court.colonies) < 2:
        return (
            "A salon needs at least two philosophes, and your wealth (your colonies' coins) "
            "lets fewer attend."
        )
    muses = 0
    for p in court.phils:
        muses |= cat.muse_bit[p]
    if not cat.reform_bit[reform] & muses:
        return "To attempt this reform you need a philosophe of its muse at your court."
    if not cat.level_bit[reform] & open_levels(s, seat, cat.level_bit):
        return (
            "This reform's level is not open to you yet: you need a reform of the level below "
            "(or half the players to have one)."
        )
    return "No salon can be held for this reform now (your wealth or an event in force)."


def _move(
    name: str,
    steps: Sequence[str],
    generate: Callable[[YMState, int], list[Action]],
    apply: Callable[[YMState, int, Action, list[Event]], None],
    gesture: str = DRAG,
) -> Move:
    return Move(name, tuple(steps), generate, apply, refuse, gesture)


_DEFENDS = _answers("campaign", "defend")
_BLOCKS = _answers("campaign", "block")
_CANCELS = _answers("place", "cancel_place")

MOVES = Moves(
    [
        _move("choose_colony", [MAIN], colonies, apply_colony),
        _move("draw_philosophe", [MAIN], draws, apply_draw),
        _move("propose_salon", [MAIN], salons, apply_propose),
        _move("play_event", [MAIN], events_, apply_event),
        _move("campaign", [MAIN], campaigns, apply_campaign),
        _move("refill", [MAIN], refills, apply_refill, BUTTON),
        _move("end_turn", [MAIN], end_turns, apply_end_turn, BUTTON),
        _move("pay", [PAY], pays, apply_pay),
        _move("attend", [SALON], attends, apply_attend),
        _move("invite", [SALON], invites, apply_invite),
        _move("hold_salon", [SALON], holds, apply_hold, BUTTON),
        _move("abandon_salon", [SALON], abandons, apply_abandon, BUTTON),
        _move("lend", [LEND], lends, apply_lend, BUTTON),
        _move("refuse", [LEND], refusals, apply_refusal, BUTTON),
        _move("defend", [DEFEND], _DEFENDS, apply_answer),
        _move("yield", [DEFEND], yields, apply_decline, BUTTON),
        _move("block", [BLOCK], _BLOCKS, apply_answer),
        _move("cancel_place", [CANCEL], _CANCELS, apply_answer),
        _move("allow", [BLOCK, CANCEL], allows, apply_decline, BUTTON),
        _move("take", [ESPIONAGE], takes, apply_take),
        _move("done", [ESPIONAGE], dones, apply_done, BUTTON),
    ],
    together={
        MAIN: turn_actions,
        SALON: salon_actions,
        LEND: lend_actions,
        DEFEND: _then(_DEFENDS, YIELD),
        BLOCK: _then(_BLOCKS, ALLOW_BLOCK),
        CANCEL: _then(_CANCELS, ALLOW_PLACE),
    },
)
