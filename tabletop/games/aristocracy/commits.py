"""Decisions outside the action step: Tax, Ball, bids, auction picks, stalls, Glory.

Tax, Ball, bids and stalls are secret commits of all seats at once; they are revealed
together when the last seat is ready.
"""

from __future__ import annotations

from tabletop.engine import Action, Event
from tabletop.games.aristocracy import flow
from tabletop.games.aristocracy.cards import short
from tabletop.games.aristocracy.flow import say, seat_name
from tabletop.games.aristocracy.mk import act, button, drag
from tabletop.games.aristocracy.state import BALL, BID, GLORY, PICK, STALL, TAX, State
from tabletop.games.aristocracy.zones import DISCARD, hand, offer, stall, uid


def legal(s: State, p: int) -> list[Action]:
    """Legal actions of seat ``p`` in a commit step."""
    out: list[Action] = []

    def name(c: int) -> str:
        return short(s.card_of[c])

    if s.step == TAX and not s.ready[p]:
        for c in s.hands[p]:
            g = drag(uid(c), hand(p), DISCARD, "Discard for the Tax")
            out.append(act("tax_discard", g, f"Discard {name(c)} (Tax)", card=c))
    elif s.step == BALL and not s.ready[p]:
        for c in s.hands[p]:
            g = drag(uid(c), hand(p), offer(p))
            out.append(act("ball_give", g, f"Bring {name(c)} to the Ball", card=c))
        for c in s.offers[p]:
            g = drag(uid(c), offer(p), hand(p))
            out.append(act("ball_take", g, f"Take back {name(c)}", card=c))
        out.append(act("ball_ready", button("Ball: done"), "Done with the Ball"))
    elif s.step == BID and not s.ready[p]:
        for n in range(s.coins[p] + 1):
            g = button("Bid", choice=f"{n} coin(s)")
            out.append(act("bid", g, f"Bid {n}", amount=n))
    elif s.step == PICK and len(s.picks) < len(s.pick_order) and s.pick_order[len(s.picks)] == p:
        for c in s.market:
            g = drag(uid(c), "market", hand(p), "Pick this card")
            out.append(act("pick", g, f"Pick {name(c)}", card=c))
    elif s.step == STALL and not s.ready[p]:
        for c in s.hands[p]:
            g = drag(uid(c), hand(p), stall(p))
            out.append(act("stall_put", g, f"Put {name(c)} in the stall", card=c))
        for c in s.stalls[p]:
            g = drag(uid(c), stall(p), hand(p))
            out.append(act("stall_take", g, f"Take {name(c)} back", card=c))
        out.append(act("stall_ready", button("Stall ready"), "Stall ready"))
    elif s.step == GLORY and not s.ready[p]:
        if flow.glory_ok(s, p):
            g = button("End the game")
            out.append(act("glory_end", g, "End the game (Glory)"))
        out.append(act("glory_pass", button("Play on"), "Play on"))
    return out


def apply(s: State, p: int, a: Action) -> list[Event]:
    """Apply a legal commit-step action."""
    ev: list[Event] = []
    n = a.name
    if n == "tax_discard":
        c = a["card"]
        s.hands[p].remove(c)
        s.offers[p].append(c)
        if len(s.hands[p]) <= s.limit(p):
            s.ready[p] = True
            say(ev, f"{seat_name(p)} has chosen the Tax discards.")
            if all(s.ready):
                flow.reveal_tax(s, ev)
    elif n == "ball_give":
        s.hands[p].remove(a["card"])
        s.offers[p].append(a["card"])
    elif n == "ball_take":
        s.offers[p].remove(a["card"])
        s.hands[p].append(a["card"])
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
    elif n == "stall_take":
        s.stalls[p].remove(a["card"])
        s.hands[p].append(a["card"])
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
