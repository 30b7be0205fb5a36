"""The secret commits of every seat — Tax discards, Ball contributions, bids, stalls, Glory —
and the picks of the auction's winners.

A seat sets cards aside (or takes them back) one at a time and then says it is done; its
choice is put into the commit frame, and the commit is revealed (``flow.advance``) when the
last seat is done.  The others receive nothing of a card set aside, not even its move.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from operator import attrgetter

from tabletop.engine import Action, Event, Gesture
from tabletop.engine.actions import BUTTON, CLICK, DRAG, quick_action, quick_gesture
from tabletop.engine.decisions import prompt
from tabletop.engine.moves import Interned, PerDeal
from tabletop.engine.words import plural
from tabletop.games.aristocracy.buildings import glory_ok
from tabletop.games.aristocracy.data import SHORT, UIDS
from tabletop.games.aristocracy.flow import resolve_picks, say
from tabletop.games.aristocracy.state import PICK, Cards, State, choose, deal_of
from tabletop.games.aristocracy.view import (
    DISCARD,
    HANDS,
    MARKET,
    OFFERS,
    STALLS,
    seat_name,
    secretly,
)

# the arguments of actions, one tuple per card (an action's args are shared, not rebuilt)
CARD = tuple(("card", c) for c in range(256))
TARGET = tuple(("target", c) for c in range(256))
BUILDING_ARG = tuple(("building", c) for c in range(256))


def drag(card: int, source: str, target: str, choice: str | None = None) -> Gesture:
    """The drag of card ``card`` from ``source`` onto ``target``."""
    return quick_gesture(DRAG, UIDS[card], source, target, None, choice)


def click(target: int, choice: str) -> Gesture:
    """A click on card ``target``."""
    return quick_gesture(CLICK, None, None, UIDS[target], None, choice)


def const(name: str, label: str, text: str) -> Action:
    """An action without arguments, made by pressing the button ``label``."""
    return Action(name, (), Gesture(BUTTON, None, None, None, label, None), text)


BALL_READY = const("ball_ready", "Done with the Ball", "Done with the Ball")
STALL_READY = const("stall_ready", "Stall ready", "Stall ready")
GLORY_END = const("glory_end", "End the game", "End the game (Glory)")
GLORY_PASS = const("glory_pass", "Play on", "Play on")


def _bid(amount: int) -> Action:
    gesture = Gesture(BUTTON, None, None, None, "Bid", plural(amount, "coin"))
    return Action("bid", (("amount", amount),), gesture, f"Bid {amount}")


_BIDS = Interned(_bid)


def _dragged(
    name: str,
    source: tuple[str, ...] | str,
    target: tuple[str, ...] | str,
    choice: str | None,
    text: str,
) -> PerDeal:
    """Actions dragging one card of the seat from ``source`` to ``target`` (zone ids by seat,
    or one shared zone), interned by deal, seat and card."""

    gestures: list[dict[int, Gesture]] = [{} for _ in range(8)]  # by seat, then card

    def make(deal: Cards, p: int, c: int) -> Action:
        g = gestures[p].get(c)  # uids only: the same from match to match
        if g is None:
            src = source if isinstance(source, str) else source[p]
            dst = target if isinstance(target, str) else target[p]
            g = gestures[p][c] = quick_gesture(DRAG, UIDS[c], src, dst, None, choice)
        return quick_action(name, (CARD[c],), g, text.format(deal.short[c]))

    return PerDeal(make)


_STALL_PUT = _dragged("stall_put", HANDS, STALLS, None, "Put {} in the stall")
_STALL_TAKE = _dragged("stall_take", STALLS, HANDS, None, "Take {} back")
_TAX = _dragged("tax_discard", HANDS, DISCARD, "Discard for the Tax", "Discard {} (Tax)")
_BALL_GIVE = _dragged("ball_give", HANDS, OFFERS, None, "Bring {} to the Ball")
_BALL_TAKE = _dragged("ball_take", OFFERS, HANDS, None, "Take back {}")
_PICK = _dragged("pick", MARKET, HANDS, "Pick this card", "Pick {}")


def _each(made: PerDeal, s: State, p: int, cards: list[int]) -> list[Action]:
    """One action of ``made`` per card of ``cards``."""
    if not cards:
        return []
    return list(map(made.row(deal_of(s), p).__getitem__, cards))


def card_of(a: Action) -> int:
    """The card an action of one ``card`` argument moves."""
    return a.args[0][1]


# --- stalls and the Ball ---------------------------------------------------------------------
class SetAside:
    """A secret commit of hand cards set aside one at a time (a stall, the Ball): the seat
    puts a card on its pile or takes one back, seen by itself alone, then says it is done
    (an empty pile is allowed)."""

    def __init__(
        self, pile: str, put: PerDeal, take: PerDeal, ready: Action, said: Callable[[int], str]
    ) -> None:
        self.piles = attrgetter(pile)  # the state's list of piles, by seat
        self.zones = STALLS if pile == "stalls" else OFFERS
        self.put, self.take, self.ready, self.said = put, take, ready, said

    def puts(self, s: State, p: int) -> list[Action]:
        """Set any hand card aside."""
        return _each(self.put, s, p, s.hands[p])

    def takes(self, s: State, p: int) -> list[Action]:
        """Take any card of the pile back."""
        return _each(self.take, s, p, self.piles(s)[p])

    def readies(self, s: State, p: int) -> list[Action]:
        """Done setting cards aside."""
        return [self.ready]

    def step(self, s: State, p: int) -> list[Action]:
        """The three together, in the legal list's order."""
        deal = deal_of(s)
        out = list(map(self.put.row(deal, p).__getitem__, s.hands[p]))
        pile = self.piles(s)[p]
        if pile:
            out += map(self.take.row(deal, p).__getitem__, pile)
        out.append(self.ready)
        return out

    def apply_put(self, s: State, p: int, a: Action, ev: list[Event]) -> None:
        """A hand card goes onto the pile."""
        c = a.args[0][1]
        s.hands[p].remove(c)
        self.piles(s)[p].append(c)
        secretly(s, ev, c, HANDS[p], self.zones[p], p)

    def apply_take(self, s: State, p: int, a: Action, ev: list[Event]) -> None:
        """A card of the pile goes back to the hand."""
        c = a.args[0][1]
        self.piles(s)[p].remove(c)
        s.hands[p].append(c)
        secretly(s, ev, c, self.zones[p], HANDS[p], p)

    def apply_ready(self, s: State, p: int, a: Action, ev: list[Event]) -> None:
        """The seat's pile is committed."""
        choose(s, p, len(self.piles(s)[p]))
        say(ev, partial(self.said, p))


def _formed(seat: int) -> str:
    return f"{seat_name(seat)} has formed a stall."


def _at_ball(seat: int) -> str:
    return f"{seat_name(seat)} is ready for the Ball."


STALL_MOVES = SetAside("stalls", _STALL_PUT, _STALL_TAKE, STALL_READY, _formed)
BALL_MOVES = SetAside("offers", _BALL_GIVE, _BALL_TAKE, BALL_READY, _at_ball)


# --- the Tax ----------------------------------------------------------------------------------
def tax_discards(s: State, p: int) -> list[Action]:
    """Set aside any hand card, one at a time, until the hand is at the limit."""
    return _each(_TAX, s, p, s.hands[p])


def _taxed(seat: int) -> str:
    return f"{seat_name(seat)} has chosen the Tax discards."


def apply_tax_discard(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """A card is set aside for the Tax; at the limit the seat's choice is made."""
    c = a.args[0][1]
    s.hands[p].remove(c)
    s.offers[p].append(c)
    secretly(s, ev, c, HANDS[p], OFFERS[p], p)
    if len(s.hands[p]) <= s.limit(p):
        choose(s, p, len(s.offers[p]))
        say(ev, partial(_taxed, p))


# --- the auction ------------------------------------------------------------------------------
def bids(s: State, p: int) -> list[Action]:
    """Any bid the seat can pay, zero included."""
    known = _BIDS.known
    return [known.get((n,)) or _BIDS(n) for n in range(s.coins[p] + 1)]


def _has_bid(seat: int) -> str:
    return f"{seat_name(seat)} has bid."


def _bid_secretly(seat: int, amount: int) -> str:
    return f"{seat_name(seat)} bids {amount} in secret."


def apply_bid(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """A secret bid."""
    amount = a.args[0][1]
    s.bids[p] = amount
    choose(s, p, amount)
    say(ev, partial(_has_bid, p), partial(_bid_secretly, p, amount), p)


def picks(s: State, p: int) -> list[Action]:
    """Pick any market card."""
    return _each(_PICK, s, p, s.market)


def _picks(seat: int, card_id: str) -> str:
    return f"{seat_name(seat)} picks {SHORT[card_id]}."


def apply_pick(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """A winner picks openly; once all have picked, the cards are paid and handed out."""
    c = a.args[0][1]
    s.picks.append(c)
    say(ev, partial(_picks, p, s.card_of[c]))
    if len(s.picks) == len(s.pick_order):
        resolve_picks(s, ev)
    else:
        s.stack[-1] = prompt(PICK, s.pick_order[len(s.picks)])


# --- Glory ------------------------------------------------------------------------------------
def glory_ends(s: State, p: int) -> list[Action]:
    """End the game, when the seat's complete buildings allow it."""
    return [GLORY_END] if glory_ok(s, p) else []


def glory_passes(s: State, p: int) -> list[Action]:
    """Play on."""
    return [GLORY_PASS]


def apply_glory(s: State, p: int, a: Action, ev: list[Event]) -> None:
    """The seat's secret answer: end the game or play on."""
    end = a.name == GLORY_END.name
    choose(s, p, end)
    if end:
        s.glory_queue.append(p)


# --- each commit step in one pass ----------------------------------------------------------------
def glory_step(s: State, p: int) -> list[Action]:
    """End the game (when allowed) or play on."""
    return [GLORY_END, GLORY_PASS] if glory_ok(s, p) else [GLORY_PASS]
