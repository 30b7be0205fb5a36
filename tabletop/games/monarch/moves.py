"""Monarch's moves, each with how its actions are made, how one applies and why one is refused.

The turn offers harvest, tax, acquire (a drag from the row onto a court, a land board, the
discard pile or a sister's guests), sweep, fly (a drag of a banner), swap (the Banner of
Balance) and end; a pledge round offers pledges; the questions of a turn offer dismiss/keep
(a guest removed by a Court card) and blight (the Blight's tie).
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import BUTTON, CLICK, DRAG, Action, Event, Gesture, decisions
from tabletop.engine.moves import Interned, Move, Moves
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch import flow
from tabletop.games.monarch.data import (
    BANNER,
    CARDS,
    COURT,
    COURT_LIMIT,
    GUEST,
    IMPROVEMENT,
    SWEEP_COST,
    UIDS,
    Card,
)
from tabletop.games.monarch.state import (
    BLIGHT,
    DISMISS,
    PLEDGE_STEP,
    REFILL,
    TURN_STEP,
    MonarchState,
    gain,
    land_zone,
    plural,
    who,
)
from tabletop.games.monarch.view import move, prompt

HARVEST, TAX, ACQUIRE, SWEEP, FLY, SWAP, END = (
    "harvest",
    "tax",
    "acquire",
    "sweep",
    "fly",
    "swap",
    "end",
)
PLEDGE, DISMISS_GUEST, KEEP, STRIKE = "pledge", "dismiss", "keep", "blight"
TURN_MOVES = (HARVEST, TAX, ACQUIRE, SWEEP, FLY, SWAP, END)

_INDEX: dict[str, int] = {}


def card_of(uid: object) -> int:
    """The card with ``uid`` (-1 for anything else)."""
    if not _INDEX:
        _INDEX.update({u: i for i, u in enumerate(UIDS)})
    return _INDEX.get(uid, -1) if isinstance(uid, str) else -1


# --- harvest and tax ---------------------------------------------------------------------------
_HARVEST = Action.make(HARVEST, Gesture.button("Harvest"), "Harvest the farms for food")
_TAX = Action.make(TAX, Gesture.button("Tax"), "Tax the villages for gold")


def harvests(s: MonarchState, seat: int) -> list[Action]:
    """Harvest, unless this turn has harvested or taxed."""
    return [] if s.acted else [_HARVEST]


def taxes(s: MonarchState, seat: int) -> list[Action]:
    """Tax, unless done, and only with a food for every village."""
    return [] if s.acted or s.food[seat] < fx.villages(s) else [_TAX]


def _harvested(seat: int, n: int, bonus: int) -> str:
    extra = f" (with {bonus} from her banner)" if bonus else ""
    return f"{who(seat)} harvests {n} food{extra}."


def apply_harvest(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Gain the food of every farm (and the Banner of Bounty's bonus)."""
    s.acted = HARVEST
    banner = fx.has_power(s, seat, "harvest_bonus")
    bonus = fx.power_amount(s, banner) if banner else 0
    n = fx.harvest_food(s) + bonus
    gain(s, seat, "food", n, partial(_harvested, seat, n, bonus), events)


def _taxed(seat: int, fed: int, n: int) -> str:
    return f"{who(seat)} feeds {plural(fed, 'village')} {fed} food and taxes them for {n} gold."


def apply_tax(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Feed every village 1 food, then gain the gold of every village."""
    s.acted = TAX
    fed = fx.villages(s)
    s.food[seat] -= fed
    n = fx.tax_gold(s)
    gain(s, seat, "gold", n, partial(_taxed, seat, fed, n), events)


# --- acquire ------------------------------------------------------------------------------------------
def _make_acquire(
    card: int, to: str, replace: int, free: bool, target: str, cost: str, choice: str
) -> Action:
    c = CARDS[card]
    args: dict[str, object] = {"card": c.uid, "to": to}
    if replace >= 0:
        args["replace"] = CARDS[replace].uid
    if free:
        args["free"] = True
    if c.kind == COURT:
        where = f" in place of the {CARDS[replace].name}" if replace >= 0 else ""
        text = f"Take the {c.name} into your court{where} for {cost}"
    elif c.kind == IMPROVEMENT:
        where = "discard it (no board can take it)" if to == "discard" else f"build it on {to}"
        how = "for free" if free else f"for {cost}"
        text = f"Take the {c.name} {how} and {where}"
    else:
        text = f"Send the {c.name} to {who(int(to[1:].split('.')[0]))} for {cost}"
    return Action.make(
        ACQUIRE,
        Gesture.drag(c.uid, "row", target, choice=choice or None),
        text.replace("land.", "land "),
        **args,
    )


_acquire = Interned(_make_acquire)


def price(s: MonarchState, seat: int, c: Card, to: str, free: bool) -> tuple[int, int]:
    """``(gold, food)`` that ``seat`` pays to acquire ``c`` towards ``to``."""
    if free:
        return 0, 0
    if c.kind == COURT:
        return fx.court_cost(s, seat, c)
    if c.kind == IMPROVEMENT:
        return 0, fx.improvement_cost(s, seat, c)
    return fx.guest_cost(s, seat, c, _guest_seat(to)), 0


def _guest_seat(to: str) -> int:
    """The seat of ``p<k>.guests`` (-1 for anything else)."""
    head, _, tail = to.partition(".")
    if tail != "guests" or not head.startswith("p") or not head[1:].isdigit():
        return -1
    return int(head[1:])


def _cost_words(c: Card, gold: int, food: int) -> str:
    return c.cost_text(gold, food)


def acquires(s: MonarchState, seat: int) -> list[Action]:
    """Every card of the row ``seat`` can pay for, towards every place it may go."""
    out: list[Action] = []
    gold, food = s.gold[seat], s.food[seat]
    court = s.courts[seat]
    for card in s.row:
        c = CARDS[card]
        if c.kind == COURT:
            g, f = fx.court_cost(s, seat, c)
            if g > gold or f > food:
                continue
            cost = _cost_words(c, g, f)
            if len(court) < COURT_LIMIT:
                out.append(_acquire(card, "court", -1, False, f"p{seat}.court", cost, ""))
            for old in court:
                out.append(
                    _acquire(
                        card, "court", old, False, UIDS[old], cost, f"Replace {CARDS[old].name}"
                    )
                )
        elif c.kind == IMPROVEMENT:
            f = fx.improvement_cost(s, seat, c)
            paid = f <= food
            free = s.players == 2 and not s.free_taken
            if not paid and not free:
                continue
            places = [land_zone(i) for i in fx.places_for(s, c)] or ["discard"]
            cost = _cost_words(c, 0, f)
            for to in places:
                if free:
                    out.append(_acquire(card, to, -1, True, to, cost, "Free (two-player rule)"))
                if paid:
                    out.append(
                        _acquire(card, to, -1, False, to, cost, f"Pay {cost}" if free else "")
                    )
        elif c.kind == GUEST:
            for p in range(s.players):
                if p == seat:
                    continue
                g = fx.guest_cost(s, seat, c, p)
                if g <= gold:
                    to = f"p{p}.guests"
                    out.append(_acquire(card, to, -1, False, to, _cost_words(c, g, 0), ""))
    return out


def _bought(seat: int, name: str, cost: str, where: str) -> str:
    return f"{who(seat)} takes the {name} for {cost}{where}."


def apply_acquire(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay, place, on-acquire effect, then the refill (MO3)."""
    card = card_of(action["card"])
    c = CARDS[card]
    to = action["to"]
    free = bool(action.get("free", False))
    g, f = price(s, seat, c, to, free)
    s.gold[seat] -= g
    s.food[seat] -= f
    slot = s.row.index(card)
    s.row.pop(slot)
    cost = "free" if free else c.cost_text(g, f)
    if free:
        s.free_taken = True
    if c.kind == COURT:
        old = card_of(action.get("replace"))
        target = f"p{seat}.court"
        if old >= 0:
            s.courts[seat][s.courts[seat].index(old)] = card
            s.discard.append(old)
            text = partial(_bought, seat, c.name, cost, f", replacing the {CARDS[old].name}")
            move(s, card, "row", target, text, events)
            move(s, old, target, "discard", "", events)
        else:
            s.courts[seat].append(card)
            move(s, card, "row", target, partial(_bought, seat, c.name, cost, ""), events)
    elif c.kind == IMPROVEMENT:
        if to == "discard":
            s.discard.append(card)
            where = " and discards it: no board can take it"
        else:
            s.lands[int(to.split(".")[1]) - 1].append(card)
            where = f" and builds it on {to.replace('land.', 'land ')}"
        move(s, card, "row", to, partial(_bought, seat, c.name, cost, where), events)
    else:
        p = _guest_seat(to)
        s.guests[p].append(card)
        move(
            s,
            card,
            "row",
            to,
            partial(_bought, seat, c.name, cost, f" and sends it to {who(p)}"),
            events,
        )
    s.jobs.append([REFILL, slot])
    if "gain" in c.on_acquire:
        gain(s, seat, c.resource, c.gain, partial(_gains, seat, c.gain, c.resource, c.name), events)
    if "remove_guest" in c.on_acquire and s.guests[seat]:
        s.stack.append(decisions.prompt(DISMISS, seat, by=card))


def _gains(seat: int, n: int, res: str, name: str) -> str:
    return f"{who(seat)} gains {n} {res} from the {name}."


# --- sweep ------------------------------------------------------------------------------------------
_SWEEP = Action.make(
    SWEEP, Gesture.button("Sweep the row (3 gold)"), "Pay 3 gold to sweep the market row"
)


def sweeps(s: MonarchState, seat: int) -> list[Action]:
    """Sweep, with 3 gold (any number of times)."""
    return [_SWEEP] if s.gold[seat] >= SWEEP_COST else []


def _swept(seat: int) -> str:
    return f"{who(seat)} pays {SWEEP_COST} gold and sweeps the market row."


def apply_sweep(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Pay 3 gold, discard the row, deal five new cards."""
    s.gold[seat] -= SWEEP_COST
    events.append(Event("log", partial(_swept, seat), {"seat": seat, "sweep": True}))
    flow.sweep(s, events)


# --- banners ------------------------------------------------------------------------------------------
def _make_fly(banner: int, seat: int) -> Action:
    c = CARDS[banner]
    return Action.make(
        FLY,
        Gesture.drag(c.uid, "banners", f"p{seat}.flown"),
        f"Fly the {c.name}",
        banner=c.uid,
    )


_fly = Interned(_make_fly)


def flies(s: MonarchState, seat: int) -> list[Action]:
    """Each banner of the pool whose requirement ``seat`` meets, within her limit (MO6)."""
    if not s.pool or len(s.flown[seat]) >= fx.banner_limit(s) or s.flew:
        return []
    return [_fly(b, seat) for b in s.pool if fx.meets(s, seat, CARDS[b])]


def _flies(seat: int, name: str) -> str:
    return f"{who(seat)} flies the {name}."


def apply_fly(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """The banner leaves the pool for good."""
    banner = card_of(action["banner"])
    s.pool.remove(banner)
    s.flown[seat].append(banner)
    s.flew = True
    move(s, banner, "banners", f"p{seat}.flown", partial(_flies, seat, CARDS[banner].name), events)


# --- the Banner of Balance's trade --------------------------------------------------------------------
_SWAPS = {
    "food": Action.make(
        SWAP,
        Gesture.button("Trade", choice="1 food for 1 gold"),
        "Trade 1 food for 1 gold",
        give="food",
    ),
    "gold": Action.make(
        SWAP,
        Gesture.button("Trade", choice="1 gold for 1 food"),
        "Trade 1 gold for 1 food",
        give="gold",
    ),
}


def swaps(s: MonarchState, seat: int) -> list[Action]:
    """Once per turn with the Banner of Balance: 1 food for 1 gold or the reverse."""
    if s.swapped or fx.has_power(s, seat, "swap") is None:
        return []
    out = []
    if s.food[seat] > 0:
        out.append(_SWAPS["food"])
    if s.gold[seat] > 0:
        out.append(_SWAPS["gold"])
    return out


def _traded(seat: int, given: str, got: str) -> str:
    return f"{who(seat)} trades 1 {given} for 1 {got}."


def apply_swap(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """One food for one gold, or the reverse."""
    given = action["give"]
    got = "gold" if given == "food" else "food"
    s.swapped = True
    (s.food if given == "food" else s.gold)[seat] -= 1
    gain(s, seat, got, 1, partial(_traded, seat, given, got), events)


# --- end of the turn ----------------------------------------------------------------------------------
_END = Action.make(END, Gesture.button("End turn"), "End your turn")


def ends(s: MonarchState, seat: int) -> list[Action]:
    """End the turn (always possible)."""
    return [_END]


def _ends(seat: int) -> str:
    return f"{who(seat)} ends her turn."


def apply_end(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """The next sister's turn (or the end of the game)."""
    events.append(Event("log", partial(_ends, seat), {"seat": seat}))
    flow.end_turn(s, seat, events)


# --- pledges --------------------------------------------------------------------------------------------
def _make_pledge(amount: int, resource: str) -> Action:
    return Action.make(
        PLEDGE,
        Gesture.button("Pledge", choice=f"{amount} {resource}"),
        f"Pledge {amount} {resource}" if amount else "Pledge nothing",
        amount=amount,
    )


_pledge = Interned(_make_pledge)


def pledge_limit(s: MonarchState, seat: int) -> int:
    """The most ``seat`` may pledge now: what she holds, and no more than is still needed."""
    f = s.top
    held = s.food[seat] if f.data["resource"] == "food" else s.gold[seat]
    return max(0, min(held, f.data["need"] - f.data["total"]))


def pledges(s: MonarchState, seat: int) -> list[Action]:
    """Pledge 0 up to the limit."""
    res = s.top.data["resource"]
    return [_pledge(k, res) for k in range(pledge_limit(s, seat) + 1)]


def _pledged(seat: int, n: int, res: str, total: int, need: int) -> str:
    return f"{who(seat)} pledges {n} {res} ({total} of {need} so far)."


def apply_pledge(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Record the pledge; once the need is met or every sister was asked, settle (MO7)."""
    f = s.top
    n = int(action["amount"])
    done = decisions.give(f, n)
    res, total, need = f.data["resource"], f.data["total"], f.data["need"]
    events.append(
        Event(
            "log",
            partial(_pledged, seat, n, res, total, need),
            {"seat": seat, "pledge": n, "total": total, "need": need},
        )
    )
    if done:
        flow.settle_pledges(s, events)


# --- a guest dismissed by a Court card ----------------------------------------------------------------
def _make_dismiss(guest: int) -> Action:
    c = CARDS[guest]
    return Action.make(
        DISMISS_GUEST,
        Gesture.click(c.uid),
        f"Send the {c.name} to the discard pile",
        card=c.uid,
    )


_dismiss = Interned(_make_dismiss)
_KEEP = Action.make(KEEP, Gesture.button("Keep them"), "Keep your guests")


def dismissals(s: MonarchState, seat: int) -> list[Action]:
    """Each guest of ``seat``, or keeping them all."""
    return [_dismiss(g) for g in s.guests[seat]]


def keeps(s: MonarchState, seat: int) -> list[Action]:
    """Keep every guest."""
    return [_KEEP]


def _dismissed(seat: int, name: str) -> str:
    return f"{who(seat)} shows the {name} the door."


def apply_dismiss(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """The guest goes to the discard pile; the acquisition goes on."""
    guest = card_of(action["card"])
    s.guests[seat].remove(guest)
    s.discard.append(guest)
    move(
        s, guest, f"p{seat}.guests", "discard", partial(_dismissed, seat, CARDS[guest].name), events
    )
    s.stack.pop()


def apply_keep(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """No guest leaves."""
    s.stack.pop()


# --- the Blight's tie ----------------------------------------------------------------------------------
def _make_strike(i: int) -> Action:
    return Action.make(
        STRIKE,
        Gesture.click(land_zone(i)),
        f"The Blight strikes land {i + 1}",
        board=i + 1,
    )


_strike = Interned(_make_strike)


def strikes(s: MonarchState, seat: int) -> list[Action]:
    """Each of the best farms."""
    return [_strike(i) for i in s.top.data["boards"]]


def apply_strike(s: MonarchState, seat: int, action: Action, events: list[Event]) -> None:
    """Discard the chosen farm's top improvement."""
    s.stack.pop()
    flow.discard_top(s, int(action["board"]) - 1, events)


# --- refusals ------------------------------------------------------------------------------------------
def refuse(s: MonarchState, seat: int, action: Action) -> str:
    """A plain-words reason why ``action`` is refused."""
    step = s.top.step
    name = action.name
    if step != TURN_STEP and name in TURN_MOVES:
        return f"First answer the question on the table: {prompt(s, seat)}"
    if name == PLEDGE:
        return _refuse_pledge(s, seat, action)
    if name in (DISMISS_GUEST, KEEP):
        if step != DISMISS:
            return "No Court card is offering to dismiss a guest now."
        return "Choose one of your own Unwanted Guests, or keep them."
    if name == STRIKE:
        if step != BLIGHT:
            return "No Blight is waiting for a farm now."
        return "The Blight can only strike one of the farms yielding the most food."
    if name in (HARVEST, TAX):
        if s.acted:
            done = "harvested" if s.acted == HARVEST else "taxed"
            return f"You have already {done} this turn: Harvest or Tax, once per turn."
        need = fx.villages(s)
        return (
            f"To tax you must first feed each of the {plural(need, 'village')} 1 food; "
            f"you have {s.food[seat]} food."
        )
    if name == SWEEP:
        return f"A sweep costs {SWEEP_COST} gold; you have {s.gold[seat]} gold."
    if name == FLY:
        return _refuse_fly(s, seat, action)
    if name == SWAP:
        if fx.has_power(s, seat, "swap") is None:
            return "Only the Banner of Balance lets you trade food and gold."
        if s.swapped:
            return "You have already traded food and gold this turn."
        return f"You have no {action.get('give')} to trade."
    if name == ACQUIRE:
        return _refuse_acquire(s, seat, action)
    return f"{action} is not allowed now."


def _refuse_pledge(s: MonarchState, seat: int, action: Action) -> str:
    if s.top.step != PLEDGE_STEP:
        return "No Moon is asking for pledges now."
    res = s.top.data["resource"]
    limit = pledge_limit(s, seat)
    n = action.get("amount")
    held = s.food[seat] if res == "food" else s.gold[seat]
    if isinstance(n, int) and not isinstance(n, bool) and n > held:
        return f"You hold only {held} {res}."
    if isinstance(n, int) and not isinstance(n, bool) and n > limit:
        return f"Only {limit} more {res} is needed; pledge at most that."
    return f"A pledge is a whole number of {res} from 0 to {limit}."


def _refuse_fly(s: MonarchState, seat: int, action: Action) -> str:
    if not s.banners_on:
        return "This game is played without banners."
    banner = card_of(action.get("banner"))
    if banner < 0 or CARDS[banner].kind != BANNER:
        return "That is not a banner."
    c = CARDS[banner]
    if banner not in s.pool:
        return f"The {c.name} is already flown; each banner exists once."
    limit = fx.banner_limit(s)
    if len(s.flown[seat]) >= limit:
        if limit == 1:
            return "You have already flown a banner: one per sister per game."
        return f"You have already flown {limit} banners, the most a sister may fly."
    if s.flew:
        return "You have flown a banner this turn; the next must wait for another turn."
    have = (
        min(fx.path_cards(s, seat, p) for p in ("bounty", "culture", "might", "wisdom"))
        if c.require == "each_path"
        else fx.path_cards(s, seat, c.path)
    )
    return f"The {c.name} needs {fx.requirement_text(c)}; you have {have}."


def _refuse_acquire(s: MonarchState, seat: int, action: Action) -> str:
    card = card_of(action.get("card"))
    if card < 0 or card not in s.row:
        return "That card is not in the market row."
    c = CARDS[card]
    to = action.get("to")
    free = bool(action.get("free", False))
    if c.kind == COURT:
        if to != "court":
            return f"The {c.name} is a Court card: it joins your own court."
        old = action.get("replace")
        if old is not None and card_of(old) not in s.courts[seat]:
            return "You can only replace a Court card of your own court."
        if old is None and len(s.courts[seat]) >= COURT_LIMIT:
            return (
                f"Your court already holds {COURT_LIMIT} Court cards: to take another, "
                "drop it on one of yours to replace it."
            )
        g, f = fx.court_cost(s, seat, c)
        return _short(s, seat, c, g, f)
    if c.kind == IMPROVEMENT:
        if free and s.players != 2:
            return "Only in a two-player game is one improvement a turn free."
        if free and s.free_taken:
            return "You have already taken your free improvement this turn."
        places = fx.places_for(s, c)
        if to == "discard":
            if places:
                where = ", ".join(str(i + 1) for i in places)
                return (
                    f"The {c.name} can be built (lands {where}); only an improvement no board "
                    "can take may be bought and discarded."
                )
        elif isinstance(to, str) and to.startswith("land.") and to[5:].isdigit():
            i = int(to[5:]) - 1
            if not 0 <= i < len(s.lands):
                return "There is no such land board."
            if fx.kind_of(s, i) != c.land:
                return (
                    f"The {c.name} is a {c.land} improvement; land {i + 1} is a {fx.kind_of(s, i)}."
                )
            top = fx.top(s, i)
            if fx.yield_of(s, i) > c.yields:
                what = "food" if c.land == "farm" else "gold"
                return (
                    f"The {c.name} ({c.yields} {what}) cannot cover the {top.name} on land "
                    f"{i + 1} ({top.yields} {what}): an improvement must give at least as much "
                    "as the card it covers."
                )
        else:
            return f"The {c.name} goes on a {c.land} board (or, if none can take it, to the discard pile)."
        if free:
            return f"{action} is not allowed now."
        return _short(s, seat, c, 0, fx.improvement_cost(s, seat, c))
    if c.kind == GUEST:
        p = _guest_seat(to) if isinstance(to, str) else -1
        if p == seat:
            return "An Unwanted Guest must be sent to another sister, not kept."
        if not 0 <= p < s.players:
            return f"The {c.name} must be sent to one of the other sisters."
        return _short(s, seat, c, fx.guest_cost(s, seat, c, p), 0)
    return f"{action} is not allowed now."


def _short(s: MonarchState, seat: int, c: Card, g: int, f: int) -> str:
    held = f"{s.gold[seat]} gold and {s.food[seat]} food"
    if g > s.gold[seat] or f > s.food[seat]:
        return f"The {c.name} costs you {c.cost_text(g, f)}; you have {held}."
    return "That is not allowed now."


MOVES = Moves(
    [
        Move(HARVEST, (TURN_STEP,), harvests, apply_harvest, refuse, BUTTON),
        Move(TAX, (TURN_STEP,), taxes, apply_tax, refuse, BUTTON),
        Move(ACQUIRE, (TURN_STEP,), acquires, apply_acquire, refuse, DRAG),
        Move(SWEEP, (TURN_STEP,), sweeps, apply_sweep, refuse, BUTTON),
        Move(FLY, (TURN_STEP,), flies, apply_fly, refuse, DRAG),
        Move(SWAP, (TURN_STEP,), swaps, apply_swap, refuse, BUTTON),
        Move(END, (TURN_STEP,), ends, apply_end, refuse, BUTTON),
        Move(PLEDGE, (PLEDGE_STEP,), pledges, apply_pledge, refuse, BUTTON),
        Move(DISMISS_GUEST, (DISMISS,), dismissals, apply_dismiss, refuse, CLICK),
        Move(KEEP, (DISMISS,), keeps, apply_keep, refuse, BUTTON),
        Move(STRIKE, (BLIGHT,), strikes, apply_strike, refuse, CLICK),
    ]
)
