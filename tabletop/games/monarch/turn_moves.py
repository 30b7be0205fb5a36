"""Monarch's move names and the turn's plain moves: harvest, tax, sweep, fly (a drag of a
banner), swap (the Banner of Balance) and end.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.moves import Interned
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch import flow
from tabletop.games.monarch.data import (
    CARDS,
    SWEEP_COST,
    UIDS,
)
from tabletop.games.monarch.state import (
    MonarchState,
    gain,
    plural,
    who,
)
from tabletop.games.monarch.view import move

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
