"""Decisions outside the action step: Tax, Ball, bids, auction picks, stalls, Glory.

Tax, Ball, bids and stalls are secret commits of all seats at once; they are revealed
together when the last seat is ready.
"""

from __future__ import annotations

from tabletop.engine import Action, Event
from tabletop.games.aristocracy import flow, moves
from tabletop.games.aristocracy.cards import SHORT, UIDS, short
from tabletop.games.aristocracy.flow import say, seat_name
from tabletop.games.aristocracy.mk import button, cache_for, drag
from tabletop.games.aristocracy.state import BALL, BID, GLORY, PICK, STALL, TAX, State
from tabletop.games.aristocracy.zones import DISCARD, hand, offer, stall


def _const(name: str, label: str, text: str) -> Action:
    return Action(name, (), button(label), text)


BALL_READY = _const("ball_ready", "Ball: done", "Done with the Ball")
STALL_READY = _const("stall_ready", "Stall ready", "Stall ready")
GLORY_END = _const("glory_end", "End the game", "End the game (Glory)")
GLORY_PASS = _const("glory_pass", "Play on", "Play on")
_BIDS: list[Action] = []


def _bid(n: int) -> Action:
    while len(_BIDS) <= n:
        k = len(_BIDS)
        _BIDS.append(
            Action("bid", (("amount", k),), button("Bid", choice=f"{k} coin(s)"), f"Bid {k}")
        )
    return _BIDS[n]


def _moves(
    s: State,
    p: int,
    name: str,
    cards: list[int],
    source: str,
    target: str,
    choice: str | None,
    text: str,
) -> list[Action]:
    """One action per card, e.g. ``stall_put`` for each hand card (``text`` has ``{}``)."""
    co = s.card_of
    ac = cache_for(co)
    out = []
    for c in cards:
        key = (name, p, c)
        a = ac.get(key)
        if a is None:
            g = drag(UIDS[c], source, target, choice)
            a = ac[key] = Action(name, (("card", c),), g, text.format(SHORT[co[c]]))
        out.append(a)
    return out


def legal(s: State, p: int) -> list[Action]:
    """Legal actions of seat ``p`` in a commit step."""
    step = s.step
    if step == STALL:
        if s.ready[p]:
            return []
        out = _moves(s, p, "stall_put", s.hands[p], hand(p), stall(p), None, "Put {} in the stall")
        if s.stalls[p]:
            out += _moves(s, p, "stall_take", s.stalls[p], stall(p), hand(p), None, "Take {} back")
        out.append(STALL_READY)
        return out
    if step == TAX and not s.ready[p]:
        tax = "Discard for the Tax"
        return _moves(s, p, "tax_discard", s.hands[p], hand(p), DISCARD, tax, "Discard {} (Tax)")
    if step == BALL and not s.ready[p]:
        out = _moves(s, p, "ball_give", s.hands[p], hand(p), offer(p), None, "Bring {} to the Ball")
        out += _moves(s, p, "ball_take", s.offers[p], offer(p), hand(p), None, "Take back {}")
        out.append(BALL_READY)
        return out
    if step == BID and not s.ready[p]:
        return [_bid(n) for n in range(s.coins[p] + 1)]
    if step == PICK and len(s.picks) < len(s.pick_order) and s.pick_order[len(s.picks)] == p:
        return _moves(s, p, "pick", s.market, "market", hand(p), "Pick this card", "Pick {}")
    if step == GLORY and not s.ready[p]:
        if flow.glory_ok(s, p):
            return [GLORY_END, GLORY_PASS]
        return [GLORY_PASS]
    return []


def apply(s: State, p: int, a: Action) -> list[Event]:
    """Apply a legal commit-step action."""
    ev: list[Event] = []
    n = a.name
    if n == "tax_discard":
        c = a["card"]
        s.hands[p].remove(c)
        s.offers[p].append(c)
        moves.private(s, ev, c, hand(p), offer(p), p, others=False)
        if len(s.hands[p]) <= s.limit(p):
            s.ready[p] = True
            say(ev, f"{seat_name(p)} has chosen the Tax discards.")
            if all(s.ready):
                flow.reveal_tax(s, ev)
    elif n == "ball_give":
        s.hands[p].remove(a["card"])
        s.offers[p].append(a["card"])
        moves.private(s, ev, a["card"], hand(p), offer(p), p, others=False)
    elif n == "ball_take":
        s.offers[p].remove(a["card"])
        s.hands[p].append(a["card"])
        moves.private(s, ev, a["card"], offer(p), hand(p), p, others=False)
    elif n == "ball_ready":
        s.ready[p] = True
        say(ev, f"{seat_name(p)} is ready for the Ball.")
        if all(s.ready):
            flow.reveal_ball(s, ev)
    elif n == "bid":
        s.bids[p] = a["amount"]
        s.ready[p] = True
        say(ev, f"{seat_name(p)} has bid.", f"You bid {a['amount']}.", p)
        if all(s.ready):
            flow.reveal_bids(s, ev)
    elif n == "pick":
        s.picks.append(a["card"])
        say(ev, f"{seat_name(p)} picks {short(s.card_of[a['card']])}.")
        if len(s.picks) == len(s.pick_order):
            flow.resolve_picks(s, ev)
    elif n == "stall_put":
        s.hands[p].remove(a["card"])
        s.stalls[p].append(a["card"])
        moves.private(s, ev, a["card"], hand(p), stall(p), p, others=False)
    elif n == "stall_take":
        s.stalls[p].remove(a["card"])
        s.hands[p].append(a["card"])
        moves.private(s, ev, a["card"], stall(p), hand(p), p, others=False)
    elif n == "stall_ready":
        s.ready[p] = True
        say(ev, f"{seat_name(p)} has formed a stall.")
        if all(s.ready):
            flow.reveal_stalls(s, ev)
    elif n in ("glory_end", "glory_pass"):
        s.ready[p] = True
        if n == "glory_end":
            s.glory_queue.append(p)
        if all(s.ready):
            flow.reveal_glory(s, ev)
    return ev
