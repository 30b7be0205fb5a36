"""Why Monarch refuses an action, in plain words: one refusal a move, which the move table
(:mod:`.moves`) gives each move."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine import Action
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.acquire_moves import guest_seat
from tabletop.games.monarch.data import (
    BANNER,
    CARDS,
    COURT,
    COURT_LIMIT,
    GUEST,
    IMPROVEMENT,
    SWEEP_COST,
    Card,
)
from tabletop.games.monarch.question_moves import pledge_limit
from tabletop.games.monarch.state import (
    BLIGHT,
    DISMISS,
    PLEDGE_STEP,
    TURN_STEP,
    MonarchState,
    plural,
)
from tabletop.games.monarch.turn_moves import HARVEST, card_of
from tabletop.games.monarch.view import prompt

Refusal = Callable[[MonarchState, int, Action], str]


# --- the moves of the turn (fly and acquire below) ---------------------------------------------------
def _on_turn(reason: Refusal) -> Refusal:
    """The refusal of a move of the turn: while a question waits on the table, that question;
    else ``reason``."""

    def refuse(s: MonarchState, seat: int, action: Action) -> str:
        if s.top.step != TURN_STEP:
            return f"First answer the question on the table: {prompt(s, seat)}"
        return reason(s, seat, action)

    return refuse


@_on_turn
def refuse_harvest_or_tax(s: MonarchState, seat: int, action: Action) -> str:
    if s.acted:
        done = "harvested" if s.acted == HARVEST else "taxed"
        return f"You have already {done} this turn: Harvest or Tax, once per turn."
    need = fx.villages(s)
    return (
        f"To tax you must first feed each of the {plural(need, 'village')} 1 food; "
        f"you have {s.food[seat]} food."
    )


@_on_turn
def refuse_sweep(s: MonarchState, seat: int, action: Action) -> str:
    return f"A sweep costs {SWEEP_COST} gold; you have {s.gold[seat]} gold."


@_on_turn
def refuse_swap(s: MonarchState, seat: int, action: Action) -> str:
    if fx.has_power(s, seat, "swap") is None:
        return "Only the Banner of Balance lets you trade food and gold."
    if s.swapped:
        return "You have already traded food and gold this turn."
    return f"You have no {action.get('give')} to trade."


@_on_turn
def refuse_end(s: MonarchState, seat: int, action: Action) -> str:
    return f"{action} is not allowed now."


# --- the questions of a turn ---------------------------------------------------------------------------
def refuse_dismiss(s: MonarchState, seat: int, action: Action) -> str:
    if s.top.step != DISMISS:
        return "No Court card is offering to dismiss a guest now."
    return "Choose one of your own Unwanted Guests, or keep them."


def refuse_strike(s: MonarchState, seat: int, action: Action) -> str:
    if s.top.step != BLIGHT:
        return "No Blight is waiting for a farm now."
    return "The Blight can only strike one of the farms yielding the most food."


def refuse_pledge(s: MonarchState, seat: int, action: Action) -> str:
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


# --- the turn's banners and purchases ------------------------------------------------------------------
@_on_turn
def refuse_fly(s: MonarchState, seat: int, action: Action) -> str:
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


@_on_turn
def refuse_acquire(s: MonarchState, seat: int, action: Action) -> str:
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
        p = guest_seat(to) if isinstance(to, str) else -1
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
