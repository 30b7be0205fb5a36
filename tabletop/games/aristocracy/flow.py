"""Setup and the automatic parts of a phase: market, draw, events, reveals, clean-up, virtues."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Event, Rng
from tabletop.engine.events import GAME_OVER, LOG, PHASE, REVEAL
from tabletop.games.aristocracy import moves
from tabletop.games.aristocracy.cards import UIDS, deck_ids, short
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    GLORY,
    JACK,
    KING,
    MAX_YEARS,
    OVER,
    PICK,
    QUEEN,
    ROYALS,
    STALL,
    TAX,
    Building,
    State,
)
from tabletop.games.aristocracy.zones import (
    DISCARD,
    DRAW,
    MARKET,
    SHOP,
    buildings,
    hand,
    offer,
    stall,
)

FARM_SIZES = {"standard": 3, "longer": 4, "shorter": 2}


def say(ev: list[Event], text: str, private: str | None = None, seat: int | None = None) -> None:
    """Log ``text`` for everyone, or ``private`` for ``seat`` and ``text`` for the others."""
    if private is None or seat is None:
        ev.append(Event(LOG, text))
    else:
        ev.append(Event(LOG, private, private_to=(seat,), redacted=Event(LOG, text)))


def seat_name(seat: int) -> str:
    """How the log names a seat."""
    return f"Seat {seat + 1}"


def new_state(players: int, seed: int, options: dict[str, Any]) -> State:
    """Shuffle, deal, give coins, pick the herald and open the first King phase."""
    rng = Rng(seed)
    farm = FARM_SIZES[options["length"]]
    hand = options["hand_size"]
    hand = 2 * (farm + 1) - 1 if hand == "auto" else int(hand)
    card_of = list(deck_ids())
    rng.shuffle(card_of)
    draw = list(range(len(card_of)))
    rng.shuffle(draw)
    s = State(
        players=players,
        rng=rng,
        farm=farm,
        hand_limit=hand,
        card_of=card_of,
        draw=draw,
        discard=[],
        market=[],
        hands=[[draw.pop() for _ in range(hand)] for _ in range(players)],
        stalls=[[] for _ in range(players)],
        offers=[[] for _ in range(players)],
        buildings=[[] for _ in range(players)],
        coins=[3] * players,
        seen=[0] * len(card_of),
        herald=rng.randrange(players),
    )
    start_phase(s, [])
    return s


def draw_card(s: State, ev: list[Event]) -> int:
    """Top card of the draw pile (reshuffling the whole discard pile if empty); -1 if none."""
    if not s.draw:
        if not s.discard:
            return -1
        for i, c in enumerate(s.discard):
            moves.hidden(s, ev, c, SHOP if i < 4 else DISCARD, DRAW)
        s.draw, s.discard = s.discard, []
        s.rng.shuffle(s.draw)
        say(ev, "The draw pile is empty: the discard pile is shuffled into a new draw pile.")
    return s.draw.pop()


def discard(s: State, uid: int) -> None:
    """Put a card face down on top of the discard pile."""
    s.seen[uid] = 0
    s.discard.append(uid)


def start_phase(s: State, ev: list[Event]) -> None:
    """Steps 1–3: market, draw (not in the first King phase), royal event."""
    ev.append(Event(PHASE, f"Year {s.year}: {ROYALS[s.royal]} phase", {"name": ROYALS[s.royal]}))
    s.bids = [-1] * s.players
    s.bids_revealed = False
    s.pick_order, s.picks = [], []
    for _ in range(2):
        c = draw_card(s, ev)
        if c >= 0:
            s.market.append(c)
            moves.public(s, ev, c, DRAW, MARKET)
    if not (s.year == 1 and s.royal == KING):
        for p in s.order():
            c = draw_card(s, ev)
            if c >= 0:
                s.hands[p].append(c)
                moves.private(s, ev, c, DRAW, hand(p), p, barrier=None)
    if s.royal == KING:
        s.step = TAX
        s.ready = [len(s.hands[p]) <= s.limit(p) for p in range(s.players)]
        if all(s.ready):
            begin_stalls(s, ev)
    elif s.royal == QUEEN:
        s.step = BALL
        s.ready = [not h for h in s.hands]
        if all(s.ready):
            begin_stalls(s, ev)
    else:
        c = draw_card(s, ev)
        if c >= 0:
            s.market.append(c)
            moves.public(s, ev, c, DRAW, MARKET)
        s.step = BID
        s.ready = [c == 0 for c in s.coins]
        s.bids = [0 if c == 0 else -1 for c in s.coins]
        if all(s.ready):
            say(ev, "Nobody has a coin: no auction.")
            begin_stalls(s, ev)
    if s.market:
        say(ev, "Market: " + ", ".join(short(s.card_of[c]) for c in s.market))


def reveal_tax(s: State, ev: list[Event]) -> None:
    """All Tax discards go face down onto the discard pile, in herald order."""
    for p in s.order():
        if s.offers[p]:
            say(ev, f"{seat_name(p)} discards {len(s.offers[p])} card(s) for the Tax.")
        for c in s.offers[p]:
            discard(s, c)
            moves.to_pile(s, ev, c, offer(p), p)
        s.offers[p] = []
    begin_stalls(s, ev)


def reveal_ball(s: State, ev: list[Event]) -> None:
    """Show the contributions, shuffle them with the market, deal back, rest is the market."""
    given = [(p, list(s.offers[p])) for p in s.order() if s.offers[p]]
    if given:
        pool = [c for _, cs in given for c in cs]
        ev.append(
            Event(
                REVEAL,
                "Ball: " + ", ".join(short(s.card_of[c]) for c in pool),
                {"cards": [UIDS[c] for c in pool], "card_ids": [s.card_of[c] for c in pool]},
            )
        )
        for p, cs in given:  # the guests' cards join the market, shown to all
            for c in cs:
                moves.public(s, ev, c, offer(p), MARKET)
        pool += s.market
        s.rng.shuffle(pool)
        for p, cs in given:
            back = [pool.pop() for _ in cs]
            for c in back:
                moves.private(s, ev, c, MARKET, hand(p), p, barrier=None)
            s.hands[p] += back
            s.offers[p] = []
            say(
                ev,
                f"{seat_name(p)} receives {len(back)} card(s) from the Ball.",
                f"You receive {', '.join(short(s.card_of[c]) for c in back)} from the Ball.",
                p,
            )
        s.market = pool
    else:
        say(ev, "Nobody goes to the Ball.")
    begin_stalls(s, ev)


def reveal_bids(s: State, ev: list[Event]) -> None:
    """Reveal the bids; set up the pick(s) or skip when every bid is zero."""
    s.bids_revealed = True
    say(ev, "Bids: " + ", ".join(f"{seat_name(p)} {s.bids[p]}" for p in s.order()))
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
    s.step = PICK


def resolve_picks(s: State, ev: list[Event]) -> None:
    """Single winner pays the second bid; tied winners: colliding picks are discarded."""
    if len(s.pick_order) == 1:
        p, c = s.pick_order[0], s.picks[0]
        s.market.remove(c)
        s.hands[p].append(c)
        moves.public(s, ev, c, MARKET, hand(p))
        s.coins[p] -= s.price
        say(ev, f"{seat_name(p)} buys {short(s.card_of[c])} for {s.price} coin(s).")
    else:
        for c in list(dict.fromkeys(s.picks)):
            who = [p for p, x in zip(s.pick_order, s.picks, strict=True) if x == c]
            s.market.remove(c)
            if len(who) > 1:
                discard(s, c)
                moves.to_pile(s, ev, c, MARKET, known=True)
                say(ev, f"{short(s.card_of[c])} was picked by several bidders and is discarded.")
            else:
                s.hands[who[0]].append(c)
                moves.public(s, ev, c, MARKET, hand(who[0]))
                s.coins[who[0]] -= s.price
                say(ev, f"{seat_name(who[0])} buys {short(s.card_of[c])} for {s.price} coin(s).")
    begin_stalls(s, ev)


def begin_stalls(s: State, ev: list[Event]) -> None:
    """Step 4: every seat with cards secretly forms a stall."""
    s.step = STALL
    s.ready = [not h for h in s.hands]
    if all(s.ready):
        reveal_stalls(s, ev)


def stall_weight(s: State, seat: int) -> int:
    """Sum of the weights of a seat's stall cards."""
    return sum(s.weight(c) for c in s.stalls[seat])


def reveal_stalls(s: State, ev: list[Event]) -> None:
    """Turn every stall face up; the player actions begin."""
    for p in s.order():
        if s.stalls[p]:
            for c in s.stalls[p]:  # turned face up where it lies
                moves.public(s, ev, c, stall(p), stall(p), barrier=True)
            names = ", ".join(short(s.card_of[c]) for c in s.stalls[p])
            say(ev, f"{seat_name(p)}'s stall: {names} (weight {stall_weight(s, p)}).")
    s.eligible = [bool(st) for st in s.stalls]
    s.acted = [False] * s.players
    next_active(s, ev)


def next_active(s: State, ev: list[Event]) -> None:
    """Steps 5–7: the waiting seat with the lowest current stall weight acts next."""
    s.sub = ""
    order = s.order()
    waiting = [p for p in order if s.eligible[p] and not s.acted[p] and s.stalls[p]]
    if not waiting:
        s.active = -1
        clean_up(s, ev)
        return
    p = min(waiting, key=lambda q: (stall_weight(s, q), order.index(q)))
    s.active, s.slots, s.step = p, len(s.stalls[p]), ACTIONS
    say(ev, f"{seat_name(p)} is active with {s.slots} action(s).")


def end_turn_if_done(s: State, ev: list[Event]) -> None:
    """After an action: when no slot and no pending part remain, the next seat acts."""
    if s.step == ACTIONS and not s.sub and s.slots <= 0:
        s.acted[s.active] = True
        next_active(s, ev)


def clean_up(s: State, ev: list[Event]) -> None:
    """Step 8 then step 9 (the royal virtue)."""
    for c in s.market:
        discard(s, c)
        moves.to_pile(s, ev, c, MARKET, known=True)
    s.market = []
    for p in range(s.players):
        for c in s.stalls[p]:
            moves.public(s, ev, c, stall(p), hand(p))
        s.hands[p] += s.stalls[p]
        s.stalls[p] = []
    if s.royal == KING:
        # every seat is asked (secretly, all at once) so nobody learns who could end it
        s.step = GLORY
        s.glory_queue = []
        s.ready = [False] * s.players
        return
    elif s.royal == QUEEN:
        for p in s.order():
            n = sum(1 for b in s.buildings[p] if s.kind(b) >= 1)
            if n:
                s.coins[p] += n
                say(ev, f"Honor: {seat_name(p)} gains {n} coin(s).")
    else:
        for p in s.order():
            for b in s.buildings[p]:
                if s.kind(b) == 0 and b.production < 0:
                    c = draw_card(s, ev)
                    if c >= 0:
                        b.production = c
                        s.seen[c] = 0
                        moves.hidden(s, ev, c, DRAW, buildings(p))
                        say(ev, f"Duty: a farm of {seat_name(p)} gets a production card.")
    end_phase(s, ev)


def reveal_glory(s: State, ev: list[Event]) -> None:
    """The first seat in herald order that chose Glory ends the game; else play on."""
    enders = [p for p in s.order() if p in s.glory_queue]
    if enders:
        s.ended_by = enders[0]
        say(ev, f"{seat_name(s.ended_by)} claims Glory and ends the game.")
        finish(s, ev)
    else:
        end_phase(s, ev)


def glory_ok(s: State, seat: int) -> bool:
    """At least one complete château and a second one, two complete estates or three farms."""
    kinds = [s.kind(b) for b in s.buildings[seat] if s.complete(b)]
    ch, es, fa = kinds.count(2), kinds.count(1), kinds.count(0)
    return ch >= 1 and (ch >= 2 or es >= 2 or fa >= 3)


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
        say(ev, f"{seat_name(s.herald)} becomes the herald.")
    else:
        s.royal += 1
    start_phase(s, ev)


def finish(s: State, ev: list[Event]) -> None:
    """Game over: complete buildings (and all of the ender's) are turned face up."""
    s.over, s.step, s.active, s.sub = True, OVER, -1, ""
    everyone = (1 << s.players) - 1
    for p in range(s.players):
        for b in s.buildings[p]:
            if p == s.ended_by or s.complete(b):
                for c in b.cards:
                    s.seen[c] = everyone
    from tabletop.games.aristocracy.scoring import outcome

    out = outcome(s)
    ev.append(Event(GAME_OVER, "The game is over.", {"scores": out.scores, "winners": out.winners}))


def new_building(address: int) -> Building:
    """An empty building on this address card."""
    return Building(address)
