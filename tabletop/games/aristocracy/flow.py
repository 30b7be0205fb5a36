"""The automatic parts of a phase: market, draw, events, reveals, the order of turns,
clean-up, virtues and the end, and what follows every applied move (``advance``).

A phase opens a secret commit (Tax, Ball or the bids), then the stalls; each is revealed
when its last seat is done.  The lightest stall then takes its action turn, and so on; the
clean-up and the virtue close the phase (the King's Glory is one more secret commit).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.engine import Event
from tabletop.engine.decisions import COMMIT, PROMPT, TURN, commit, prompt, turn
from tabletop.engine.events import GAME_OVER, LOG, PHASE, QUIET, REVEAL, Text
from tabletop.engine.words import plural
from tabletop.games.aristocracy.buildings import building_finished
from tabletop.games.aristocracy.data import (
    JACK,
    KING,
    MARKET_CARDS,
    MAX_YEARS,
    QUEEN,
    ROYALS,
    SHORT,
    UIDS,
    WEIGHT,
)
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    BUILDING,
    GLORY,
    PICK,
    STALL,
    TAX,
    State,
    deal_of,
)
from tabletop.games.aristocracy.view import (
    BUILDINGS,
    DISCARD,
    DRAW,
    HANDS,
    MARKET,
    OFFERS,
    SHOP,
    STALLS,
    dealt,
    move,
    seat_name,
    shown,
)


# --- the log ---------------------------------------------------------------------------------
def say(
    ev: list[Event],
    text: Text,
    private: Text | None = None,
    seat: int | None = None,
    data: dict[str, Any] | None = None,
) -> None:
    """Log ``text`` for everyone, or ``private`` for ``seat`` and ``text`` for the others;
    ``data`` (such as a table moment, ``{"moment": True, "card_id": …}``) goes with it."""
    if ev is QUIET:
        return
    if private is None or seat is None:
        ev.append(Event(LOG, text, data))
    else:
        ev.append(Event(LOG, private, data, (seat,), Event(LOG, text, data)))


def ids(s: State, cards: list[int]) -> tuple[str, ...]:
    """The definitions of ``cards`` (what a log sentence built later will name)."""
    co = s.card_of
    return tuple([co[c] for c in cards])


def shorts(card_ids: tuple[str, ...]) -> str:
    """``5♠, K♥``."""
    return ", ".join([SHORT[c] for c in card_ids])


def _phase(year: int, royal: int) -> str:
    return f"Year {year}: {ROYALS[royal]} phase"


def _market(card_ids: tuple[str, ...]) -> str:
    return "Market: " + shorts(card_ids)


# --- cards ---------------------------------------------------------------------------------
def draw_card(s: State, ev: list[Event]) -> int:
    """Top card of the draw pile (reshuffling the whole discard pile if empty); -1 if none."""
    if not s.draw:
        if not s.discard:
            return -1
        for i, c in enumerate(s.discard):
            move(s, ev, c, SHOP if i < 4 else DISCARD, DRAW)
        s.draw, s.discard = s.discard, []
        s.rng.shuffle(s.draw)
        say(ev, "The draw pile is empty: the discard pile is shuffled into a new draw pile.")
    return s.draw.pop()


def discard(s: State, uid: int) -> None:
    """Put a card face down on top of the discard pile."""
    s.seen[uid] = 0
    s.discard.append(uid)


def pile(s: State) -> str:
    """Where the card just put on the discard pile lies: the face-up four or the rest."""
    return SHOP if len(s.discard) <= 4 else DISCARD


def spend(s: State, ev: list[Event], p: int, c: int) -> None:
    """A stall card sold or spent on a Favor is set aside (the stall tip: flipped face down)
    and discarded only after all the seat's actions (:func:`discard_spent`), so it cannot
    be bought back from the discard pile in the same turn."""
    s.stalls[p].remove(c)
    s.offers[p].append(c)
    move(s, ev, c, STALLS[p], OFFERS[p])


def discard_spent(s: State, ev: list[Event], p: int) -> None:
    """The end of ``p``'s actions: the stall cards it set aside go face down to the discard
    pile, in the order they were spent (face up only if they land among the bottom four)."""
    for c in s.offers[p]:
        discard(s, c)
        to_pile(s, ev, c, OFFERS[p])
    s.offers[p] = []


def to_pile(
    s: State, ev: list[Event], c: int, source: str, known: bool = False, reveal: bool = False
) -> None:
    """A card has just been discarded from ``source``: the zones tell who sees it, unless it
    was shown to everyone on its way (``known``; ``reveal`` if some seat had not seen it)."""
    target = pile(s)
    if known:
        shown(s, ev, c, source, target, reveal)
    else:
        move(s, ev, c, source, target)


# --- a phase ---------------------------------------------------------------------------------
def start_phase(s: State, ev: list[Event]) -> None:
    """Steps 1–3: market, draw (not in the first King phase), royal event."""
    ev.append(Event(PHASE, partial(_phase, s.year, s.royal), {"name": ROYALS[s.royal]}))
    n = s.players
    s.bids = [-1] * n
    s.bids_revealed = False
    s.pick_order, s.picks = [], []
    for _ in range(MARKET_CARDS):
        c = draw_card(s, ev)
        if c >= 0:
            s.market.append(c)
            move(s, ev, c, DRAW, MARKET)
    if not (s.year == 1 and s.royal == KING):
        for p in s.order():
            c = draw_card(s, ev)
            if c >= 0:
                s.hands[p].append(c)
                move(s, ev, c, DRAW, HANDS[p])
    if s.royal == KING:
        _open(s, TAX, [p for p in range(n) if len(s.hands[p]) <= s.limit(p)])
        if len(s.stack[0].done) == n:
            begin_stalls(s, ev)
    elif s.royal == QUEEN:
        _open(s, BALL, [p for p in range(n) if not s.hands[p]])
        if len(s.stack[0].done) == n:
            begin_stalls(s, ev)
    else:
        c = draw_card(s, ev)
        if c >= 0:
            s.market.append(c)
            move(s, ev, c, DRAW, MARKET)
        broke = [p for p in range(n) if s.coins[p] == 0]
        for p in broke:
            s.bids[p] = 0
        _open(s, BID, broke)
        if len(broke) == n:
            say(ev, "Nobody has a coin: no auction.")
            begin_stalls(s, ev)
    if s.market:
        say(ev, partial(_market, ids(s, s.market)))


def _open(s: State, step: str, done: list[int]) -> None:
    """Open the secret commit ``step`` of every seat; the seats of ``done`` have nothing to
    choose (no card to set aside, no coin to bid)."""
    f = commit(step, list(range(s.players)))
    for p in done:
        f.done.append(p)
        f.data["secret"][str(p)] = 0
    s.stack = [f]


def _discards(seat: int, n: int) -> str:
    return f"{seat_name(seat)} discards {plural(n, 'card')} for the Tax."


def reveal_tax(s: State, ev: list[Event]) -> None:
    """All Tax discards go face down onto the discard pile, in herald order."""
    for p in s.order():
        if s.offers[p]:
            say(ev, partial(_discards, p, len(s.offers[p])))
        for c in s.offers[p]:
            discard(s, c)
            to_pile(s, ev, c, OFFERS[p])
        s.offers[p] = []
    begin_stalls(s, ev)


def _ball(card_ids: tuple[str, ...]) -> str:
    return "Ball: " + shorts(card_ids)


def _receives(seat: int, n: int) -> str:
    return f"{seat_name(seat)} receives {plural(n, 'card')} from the Ball."


def _receives_seen(seat: int, card_ids: tuple[str, ...]) -> str:
    return f"{seat_name(seat)} receives {shorts(card_ids)} from the Ball."


def reveal_ball(s: State, ev: list[Event]) -> None:
    """Show the contributions, shuffle them with the market, deal back, rest is the market."""
    given = [(p, list(s.offers[p])) for p in s.order() if s.offers[p]]
    if given:
        pool = [c for _, cs in given for c in cs]
        ev.append(
            Event(
                REVEAL,
                partial(_ball, ids(s, pool)),
                {"cards": [UIDS[c] for c in pool], "card_ids": [s.card_of[c] for c in pool]},
                reveal=True,
            )
        )
        for p, cs in given:  # the guests' cards join the market, shown to all
            for c in cs:
                move(s, ev, c, OFFERS[p], MARKET)
        pool += s.market
        s.rng.shuffle(pool)
        for p, cs in given:
            back = [pool.pop() for _ in cs]
            for c in back:
                dealt(s, ev, c, MARKET, HANDS[p], p)
            s.hands[p] += back
            s.offers[p] = []
            say(ev, partial(_receives, p, len(back)), partial(_receives_seen, p, ids(s, back)), p)
        s.market = pool
    else:
        say(ev, "Nobody goes to the Ball.")
    begin_stalls(s, ev)


def _bids(order: list[int], bids: list[int]) -> str:
    return "Bids: " + ", ".join(f"{seat_name(p)} {bids[p]}" for p in order)


def reveal_bids(s: State, ev: list[Event]) -> None:
    """Reveal the bids; set up the pick(s) or skip when every bid is zero."""
    s.bids_revealed = True
    ev.append(Event(LOG, partial(_bids, s.order(), s.bids[:]), reveal=True))
    top = max(s.bids)
    if top == 0 or not s.market:
        say(ev, "No card is sold.")
        begin_stalls(s, ev)
        return
    winners = [p for p in s.order() if s.bids[p] == top]
    s.pick_order = winners
    s.picks = []
    if len(winners) == 1:
        s.price = max([b for p, b in enumerate(s.bids) if p != winners[0]], default=0)
    else:
        s.price = top
    s.stack = [prompt(PICK, winners[0])]


def _buys(seat: int, name: str, price: int) -> str:
    return f"{seat_name(seat)} buys {name} for {plural(price, 'coin')}."


def _collides(name: str) -> str:
    return f"{name} was picked by several bidders and is discarded."


def resolve_picks(s: State, ev: list[Event]) -> None:
    """Single winner pays the second bid; tied winners: colliding picks are discarded."""
    co = s.card_of
    if len(s.pick_order) == 1:
        p, c = s.pick_order[0], s.picks[0]
        s.market.remove(c)
        s.hands[p].append(c)
        move(s, ev, c, MARKET, HANDS[p])
        s.coins[p] -= s.price
        say(ev, partial(_buys, p, SHORT[co[c]], s.price))
    else:
        for c in list(dict.fromkeys(s.picks)):
            who = [p for p, x in zip(s.pick_order, s.picks, strict=True) if x == c]
            s.market.remove(c)
            if len(who) > 1:
                discard(s, c)
                to_pile(s, ev, c, MARKET, known=True)
                say(ev, partial(_collides, SHORT[co[c]]))
            else:
                s.hands[who[0]].append(c)
                move(s, ev, c, MARKET, HANDS[who[0]])
                s.coins[who[0]] -= s.price
                say(ev, partial(_buys, who[0], SHORT[co[c]], s.price))
    s.picks = []  # the picked cards lie in hands or the discard pile now: no view names them
    begin_stalls(s, ev)


def begin_stalls(s: State, ev: list[Event]) -> None:
    """Step 4: every seat with cards secretly forms a stall."""
    n = s.players
    _open(s, STALL, [p for p in range(n) if not s.hands[p]])
    if len(s.stack[0].done) == n:
        reveal_stalls(s, ev)


def stall_weight(s: State, seat: int) -> int:
    """Sum of the weights of a seat's stall cards."""
    co = s.card_of
    return sum([WEIGHT[co[c]] for c in s.stalls[seat]])


def _stall(seat: int, card_ids: tuple[str, ...]) -> str:
    weight = sum(WEIGHT[c] for c in card_ids)
    return f"{seat_name(seat)}'s stall: {shorts(card_ids)} (weight {weight})."


def reveal_stalls(s: State, ev: list[Event]) -> None:
    """Turn every stall face up; the player actions begin."""
    s.stack = []  # the stalls are no longer secret
    for p in s.order():
        if s.stalls[p]:
            for c in s.stalls[p]:  # turned face up where it lies
                shown(s, ev, c, STALLS[p], STALLS[p], True)
            say(ev, partial(_stall, p, ids(s, s.stalls[p])))
    s.eligible = [bool(st) for st in s.stalls]
    s.acted = [False] * s.players
    next_active(s, ev)


def _active(seat: int, slots: int) -> str:
    return f"{seat_name(seat)} is active with {plural(slots, 'action')}."


def next_active(s: State, ev: list[Event]) -> None:
    """Steps 5–7: the waiting seat with the lowest current stall weight acts next."""
    order = s.order()
    waiting = [p for p in order if s.eligible[p] and not s.acted[p] and s.stalls[p]]
    if not waiting:
        s.stack = []
        clean_up(s, ev)
        return
    if len(waiting) == 1:
        p = waiting[0]
    else:  # the lightest stall; min keeps the first of equals, in herald order
        weight = deal_of(s).weight
        stalls = s.stalls
        p = min(waiting, key=lambda q: sum([weight[c] for c in stalls[q]]))
    s.slots = len(s.stalls[p])
    s.stack = [turn(ACTIONS, p)]
    say(ev, partial(_active, p, s.slots))


def _honor(seat: int, n: int) -> str:
    return f"Honor: {seat_name(seat)} gains {plural(n, 'coin')}."


def _duty(seat: int) -> str:
    return f"Duty: a farm of {seat_name(seat)} gets a production card."


def clean_up(s: State, ev: list[Event]) -> None:
    """Step 8 then step 9 (the royal virtue)."""
    s.stack = []
    for c in s.market:
        discard(s, c)
        to_pile(s, ev, c, MARKET, known=True)
    s.market = []
    for p in range(s.players):
        for c in s.stalls[p]:
            move(s, ev, c, STALLS[p], HANDS[p])
        s.hands[p] += s.stalls[p]
        s.stalls[p] = []
    if s.royal == KING:
        # every seat is asked (secretly, all at once) so nobody learns who could end it
        s.glory_queue = []
        s.stack = [commit(GLORY, list(range(s.players)))]
        return
    if s.royal == QUEEN:
        for p in s.order():
            n = sum(1 for b in s.buildings[p] if s.kind(b) >= 1)
            if n:
                s.coins[p] += n
                say(ev, partial(_honor, p, n))
    else:
        for p in s.order():
            for b in s.buildings[p]:
                if s.kind(b) == 0 and b.production < 0:
                    c = draw_card(s, ev)
                    if c >= 0:
                        b.production = c
                        s.seen[c] = 0
                        move(s, ev, c, DRAW, BUILDINGS[p])
                        say(ev, partial(_duty, p))
    end_phase(s, ev)


def _glory(seat: int) -> str:
    return f"{seat_name(seat)} claims Glory and ends the game."


def reveal_glory(s: State, ev: list[Event]) -> None:
    """The first seat in herald order that chose Glory ends the game; else play on."""
    enders = [p for p in s.order() if p in s.glory_queue]
    if enders:
        s.ended_by = enders[0]
        say(ev, partial(_glory, s.ended_by))
        finish(s, ev)
    else:
        end_phase(s, ev)


def _herald(seat: int) -> str:
    return f"{seat_name(seat)} becomes the herald."


def end_phase(s: State, ev: list[Event]) -> None:
    """Move to the next royal; after the Jack the herald passes left and a new year begins."""
    if s.royal == JACK:
        s.herald = (s.herald + 1) % s.players
        s.year += 1
        s.royal = KING
        if s.year > MAX_YEARS:
            s.capped = True
            finish(s, ev)
            return
        say(ev, partial(_herald, s.herald))
    else:
        s.royal += 1
    start_phase(s, ev)


def finish(s: State, ev: list[Event]) -> None:
    """Game over: complete buildings (and all of the ender's) are turned face up."""
    from tabletop.games.aristocracy.scoring import outcome

    s.over = True
    s.stack = []
    everyone = (1 << s.players) - 1
    for p in range(s.players):
        for b in s.buildings[p]:
            if p == s.ended_by or s.complete(b):
                for c in b.cards:
                    s.seen[c] = everyone
    out = outcome(s)
    data = {"scores": out.scores, "winners": out.winners}
    ev.append(Event(GAME_OVER, "The game is over.", data, reveal=True))


# --- after every move ---------------------------------------------------------------------------
REVEALS = {
    TAX: reveal_tax,
    BALL: reveal_ball,
    BID: reveal_bids,
    STALL: reveal_stalls,
    GLORY: reveal_glory,
}


def advance(s: State, seat: int, ev: list[Event]) -> None:
    """After a move: a commit every seat has made is revealed; a Build with nothing left to
    add is finished; a turn without actions left passes to the next stall."""
    s.moves += 1
    stack = s.stack
    if not stack:
        return
    top = stack[-1]
    kind = top.kind
    if kind == COMMIT:
        if len(top.done) == len(top.seats):
            REVEALS[top.step](s, ev)
        return
    if kind == PROMPT and top.step == BUILDING and building_finished(s, top.seats[0]):
        stack.pop()
    if len(stack) == 1 and stack[0].kind == TURN and s.slots <= 0:
        p = stack[0].seats[0]
        s.acted[p] = True
        if s.offers[p]:
            discard_spent(s, ev, p)
        next_active(s, ev)
