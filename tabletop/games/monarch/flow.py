"""The flow between decisions: refills, Moons, the end of a turn, a round and the game.

Steps that must wait for an answer (a guest to dismiss, a pledge round, the Blight's tie)
are pushed on ``state.jobs`` and run last-in first-out while no question is open, so that a
Moon revealed by a refill resolves before anything else (MO3, MO8) and a Moon revealed by
another Moon's refill resolves in its turn.
"""

from __future__ import annotations

from functools import partial

from tabletop.engine import Event
from tabletop.engine.decisions import pledge, prompt, turn
from tabletop.engine.events import LOG, PHASE
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch.data import CARDS, COURT_LIMIT, MAX_ROUNDS, MOON, ROW_SIZE, Card
from tabletop.games.monarch.scoring import final_scoring
from tabletop.games.monarch.state import (
    BLIGHT,
    BOX,
    HAPPEN,
    PLEDGE_STEP,
    REFILL,
    TURN_STEP,
    MonarchState,
    gain,
    land_zone,
    plural,
    who,
)
from tabletop.games.monarch.view import move


def advance(s: MonarchState, seat: int, events: list[Event]) -> None:
    """After a move: run the pending steps while no question is open."""
    run(s, events)


def run(s: MonarchState, events: list[Event]) -> None:
    """Run pending flow steps until one asks a question or none is left."""
    while s.jobs and not s.open_question and not s.over:
        job = s.jobs.pop()
        name, arg = job[0], int(job[1])
        if name == REFILL:
            refill(s, arg, events)
        elif name == HAPPEN:
            moon_happens(s, arg, events)
        elif name == BOX:
            s.moon.remove(arg)
            s.box.append(arg)
            move(s, arg, "moon", "box", partial(_boxed, CARDS[arg].name), events)


# --- the market ------------------------------------------------------------------------------
def _boxed(name: str) -> str:
    return f"{name} goes to the box."


def _joins(name: str) -> str:
    return f"{name} joins the market row."


def _reshuffled(n: int) -> str:
    return f"The deck is empty: the discard pile ({plural(n, 'card')}) is shuffled into a new deck."


def draw(s: MonarchState, events: list[Event]) -> int:
    """The top card of the deck; an empty deck first takes the shuffled discard pile (MO9).

    Returns -1 when the deck and the discard pile are both empty.
    """
    if not s.deck:
        if not s.discard:
            return -1
        n = len(s.discard)
        events.append(Event(LOG, partial(_reshuffled, n), {"reshuffle": n}))
        while s.discard:
            card = s.discard.pop()
            s.deck.append(card)
            move(s, card, "discard", "deck", "", events)
        s.rng.shuffle(s.deck)
    return s.deck.pop()


def refill(s: MonarchState, slot: int, events: list[Event]) -> None:
    """Fill place ``slot`` of the row if the row is short; a Moon happens at once (MO8)."""
    if len(s.row) >= ROW_SIZE:
        return
    card = draw(s, events)
    if card < 0:
        return
    c = CARDS[card]
    if c.kind == MOON:
        s.moon.append(card)
        move(s, card, "deck", "moon", partial(_revealed, c.name, c.text), events, moment=True)
        # last in, first out: the Moon happens, goes to the box, then its place refills
        s.jobs += [[REFILL, slot], [BOX, card], [HAPPEN, card]]
        return
    s.row.insert(min(slot, len(s.row)), card)
    move(s, card, "deck", "row", partial(_joins, c.name), events)


def _revealed(name: str, text: str) -> str:
    return f"A Moon rises: {name}. {text}"


def sweep(s: MonarchState, events: list[Event]) -> None:
    """Discard the whole row and deal five new cards (refills run from the left)."""
    while s.row:
        card = s.row.pop()
        s.discard.append(card)
        move(s, card, "row", "discard", "", events)
    s.jobs += [[REFILL, slot] for slot in reversed(range(ROW_SIZE))]


# --- Moons ---------------------------------------------------------------------------------------
def pledge_order(s: MonarchState) -> list[int]:
    """Every sister in turn order, starting with the active one (MO7)."""
    return [(s.current + k) % s.players for k in range(s.players)]


def moon_happens(s: MonarchState, card: int, events: list[Event]) -> None:
    """The revealed Moon takes effect (a pay-together Moon first opens its pledge round)."""
    c = CARDS[card]
    if c.pledge:
        need = c.need * (s.players if c.per_sister else 1)
        s.stack.append(pledge(PLEDGE_STEP, pledge_order(s), need, moon=card, resource=c.pledge))
        events.append(
            Event(
                PHASE,
                partial(_asks, c.name, need, c.pledge),
                {"name": "pledge", "moon": c.uid, "need": need, "resource": c.pledge},
            )
        )
        return
    moon_effect(s, card, events)


def _asks(name: str, need: int, res: str) -> str:
    return f"{name}: the sisters may pay {need} {res} together. Each in turn pledges."


def settle_pledges(s: MonarchState, events: list[Event]) -> None:
    """Close the pledge round on top: all pay if the need is met, else nobody (MO7)."""
    frame = s.stack.pop()
    card = frame.data["moon"]
    c = CARDS[card]
    res = frame.data["resource"]
    paid = frame.data["total"] >= frame.data["need"]
    key = f"{c.id}:{'paid' if paid else 'unpaid'}"
    s.moons[key] = s.moons.get(key, 0) + 1
    if paid:
        for seat_s, amount in frame.data.get("given", {}).items():
            seat = int(seat_s)
            gain(s, seat, res, -amount, partial(_pays, seat, amount, res), events)
        data = {"moon": c.uid, "paid": True, "moment": True, "card_id": c.id}
        events.append(Event(LOG, partial(_met, c.name), data))
    else:
        data = {"moon": c.uid, "paid": False, "moment": True, "card_id": c.id}
        events.append(Event(LOG, partial(_short, c.name), data))
    if (c.when == "paid") == paid:
        moon_effect(s, card, events)


def _pays(seat: int, n: int, res: str) -> str:
    return f"{who(seat)} pays the {n} {res} she pledged."


def _met(name: str) -> str:
    return f"The pledges reach the need: {name} is answered."


def _short(name: str) -> str:
    return f"The pledges fall short: nobody pays, and {name} takes its course."


def moon_effect(s: MonarchState, card: int, events: list[Event]) -> None:
    """What the Moon does (its penalty, its reward, or its plain effect)."""
    c = CARDS[card]
    effect = c.effect
    if effect == "lose_half":
        held = s.food if c.resource == "food" else s.gold
        for p in range(s.players):
            n = held[p] // 2
            gain(s, p, c.resource, -n, partial(_loses, p, n, c.resource), events)
    elif effect == "everyone_gains":
        for p in range(s.players):
            gain(s, p, c.resource, c.amount, partial(_gains, p, c.amount, c.resource), events)
    elif effect == "free_harvest":
        # a harvest for the Banner of Bounty too: its extra food is added (MO14)
        food = fx.harvest_food(s)
        for p in range(s.players):
            banner = fx.has_power(s, p, "harvest_bonus")
            n = food + (fx.power_amount(s, banner) if banner else 0)
            gain(s, p, "food", n, partial(_gains, p, n, "food"), events)
    elif effect == "free_sweep":
        sweep(s, events)
    elif effect == "discard_farm_tops":
        improved = [i for i in range(len(s.lands)) if fx.kind_of(s, i) == "farm"]
        improved = [i for i in improved if len(s.lands[i]) > 1]
        if c.farms == "highest" and improved:
            best = max(fx.yield_of(s, i) for i in improved)
            improved = [i for i in improved if fx.yield_of(s, i) == best]
            if len(improved) > 1:
                s.stack.append(prompt(BLIGHT, s.current, boards=improved))
                return
        for i in improved:
            discard_top(s, i, events)
    else:  # pragma: no cover - the data's choices list keeps this closed
        raise ValueError(f"{c.id}: unknown Moon effect {effect!r}")


def _loses(seat: int, n: int, res: str) -> str:
    return f"{who(seat)} loses {n} {res}."


def _gains(seat: int, n: int, res: str) -> str:
    return f"{who(seat)} gains {n} {res}."


def _stripped(name: str, land: int) -> str:
    return f"{name} is discarded from land {land + 1}."


def discard_top(s: MonarchState, i: int, events: list[Event]) -> None:
    """Discard the top improvement of land stack ``i``."""
    card = s.lands[i].pop()
    s.discard.append(card)
    move(s, card, land_zone(i), "discard", partial(_stripped, CARDS[card].name, i), events)


# --- turns, rounds, the end ------------------------------------------------------------------------
def _round_over(n: int) -> str:
    return f"Round {n} is over."


def end_turn(s: MonarchState, seat: int, events: list[Event]) -> None:
    """The next sister's turn; at the end of a round, the end of the game if a court is full."""
    s.turns += 1
    s.acted, s.free_taken, s.swapped, s.flew = "", False, False, False
    nxt = (seat + 1) % s.players
    if nxt == s.first:
        events.append(Event(PHASE, partial(_round_over, s.round), {"name": "round_end"}))
        if any(len(c) >= COURT_LIMIT for c in s.courts):
            s.ended = "court"
        elif s.round >= MAX_ROUNDS:
            s.ended = "cap"
        if s.ended:
            final_scoring(s, events)
            return
        s.round += 1
    s.stack[0] = turn(TURN_STEP, nxt)
    banner = fx.has_power(s, nxt, "turn_income")
    if banner is not None:
        n = fx.power_amount(s, banner)
        gain(s, nxt, banner.resource, n, partial(_income, nxt, n, banner), events)


def _income(seat: int, n: int, banner: Card) -> str:
    return f"{who(seat)} gains {n} {banner.resource} from the {banner.name}."
