"""What a seat sees: the zone table (who sees which card), the card moves as events, and
the figures no zone holds.

The zones declare the hidden information once: hands are their owner's, the draw pile a
deck, the face-down discards nobody's; a stall is its owner's until the stalls are turned
up together, and Tax discards or Ball contributions set aside are their owner's — both fold
into the hand for the others, so not even their number shows before the reveal.  A
building card is seen by the seats of its ``seen`` mask (:mod:`.building_view`), its
address and exposed cards by everyone, a production card by nobody.  Views, the redaction
of card moves and the re-deal of ``determinize`` (:mod:`.rebuild`) all follow.  How a card
shows is :mod:`.faces`' to say, the prompt :mod:`.prompts`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from tabletop.engine import Event
from tabletop.engine.decisions import COMMIT, TURN
from tabletop.engine.events import QUIET
from tabletop.engine.zones import DECK, EVERYBODY, HIDDEN, OWNER, PUBLIC, SEEN_BY, Zone, Zones
from tabletop.games.aristocracy.building_view import (
    building_cards,
    building_seen,
    seat_buildings,
    summary,
)
from tabletop.games.aristocracy.data import BACK, MAX_YEARS, ROYALS, UIDS
from tabletop.games.aristocracy.faces import DOWN, ROYAL_CARDS, ROYAL_SHOWN, UP, CardView
from tabletop.games.aristocracy.prompts import prompt
from tabletop.games.aristocracy.scoring import points as final_points
from tabletop.games.aristocracy.state import BID, OVER, PICK, STALL, State, deal_of

# zone ids as they appear in views, events and gestures
DRAW, DISCARD, SHOP, MARKET, ROYAL = "draw", "discard", "shop", "market", "royal"
_SEATS = range(8)
HANDS = tuple(f"p{p}.hand" for p in _SEATS)
STALLS = tuple(f"p{p}.stall" for p in _SEATS)
OFFERS = tuple(f"p{p}.offer" for p in _SEATS)
BUILDINGS = tuple(f"p{p}.buildings" for p in _SEATS)
COINS = tuple(f"p{p}.coins" for p in _SEATS)
NAMES = tuple(f"Seat {p + 1}" for p in _SEATS)
_ROYAL_LABELS = tuple(tuple(f"Year {y}: {name}" for y in range(MAX_YEARS + 2)) for name in ROYALS)
_COIN_LABELS = tuple(f"{n} coins" for n in range(200))


def seat_name(seat: int) -> str:
    """How the log names a seat."""
    return NAMES[seat]


# --- who sees what -------------------------------------------------------------------------
def _stall_open(s: State) -> bool:
    """Whether the stalls are being formed (secret) right now (the stall commit is open)."""
    stack = s.stack
    return bool(stack) and stack[-1].step == STALL


def _stall_seen(s: State, card: int) -> int:
    """A stall card is its owner's while the stalls are formed, everyone's once turned up."""
    return 0 if _stall_open(s) else EVERYBODY


def set_aside_secret(s: State) -> bool:
    """Whether the cards set aside are secret: Tax discards or Ball contributions, in a
    commit, are their owner's and fold into its hand for the others (so not even their
    number shows).  In a turn they are stall cards sold or spent on a Favor, which every
    seat watched go (the rulebook's Stalls tip: flipped face down where they lay until the
    seat's actions end): seen by all, and no longer part of the hand.  The zone table and
    the hand counts of :func:`describe` both ask this one question."""
    stack = s.stack
    return not stack or stack[0].kind != TURN


def held(s: State, p: int) -> int:
    """The number of cards seat ``p`` holds as everyone else sees it: its hand, with its
    secret set-aside cards (which fold into it), never its spent stall cards."""
    n = len(s.hands[p])
    return n + len(s.offers[p]) if set_aside_secret(s) else n


def _offer_seen(s: State, card: int) -> int:
    return 0 if set_aside_secret(s) else EVERYBODY


def _offer_mask(s: State, owner: int | None) -> int:
    return 0 if set_aside_secret(s) else EVERYBODY


def _up(s: State, owner: int | None, i: int, c: int) -> CardView:
    return UP[c][s.card_of[c]]


def _down(s: State, owner: int | None, i: int, c: int) -> CardView:
    return DOWN[c][s.card_of[c]]


def _stall_face(s: State, owner: int | None, i: int, c: int) -> CardView:
    return (DOWN if _stall_open(s) else UP)[c][s.card_of[c]]


def _ups(s: State, owner: int | None, cards: Sequence[int]) -> tuple[CardView, ...]:
    co = s.card_of
    return tuple([UP[c][co[c]] for c in cards])


def _downs(s: State, owner: int | None, cards: Sequence[int]) -> tuple[CardView, ...]:
    co = s.card_of
    return tuple([DOWN[c][co[c]] for c in cards])


def _stall_faces(s: State, owner: int | None, cards: Sequence[int]) -> tuple[CardView, ...]:
    co = s.card_of
    table = DOWN if _stall_open(s) else UP
    return tuple([table[c][co[c]] for c in cards])


def _stall_mask(s: State, owner: int | None) -> int:
    return 0 if _stall_open(s) else EVERYBODY


def _royal_face(s: State, owner: int | None, i: int, r: int) -> CardView:
    return ROYAL_CARDS[r]


def _royal_faces(s: State, owner: int | None, cards: Sequence[int]) -> tuple[CardView, ...]:
    return ROYAL_SHOWN[s.royal]


def _draw_buildings(
    s: State, owner: int | None, viewer: int | None, cards: Sequence[int]
) -> tuple[CardView, ...]:
    return seat_buildings(s, owner, viewer)[0]  # type: ignore[arg-type]


ZONES = Zones(
    [
        Zone("draw", DECK, cards="draw", label="Draw pile", one_back=BACK),
        Zone("discard", HIDDEN, cards=lambda s: s.discard[4:], label="Discard pile", one_back=BACK),
        Zone(
            "shop",
            PUBLIC,
            cards=lambda s: s.discard[:4],
            label="Discard (face up)",
            face=_up,
            faces=_ups,
        ),
        Zone("market", PUBLIC, cards="market", label="Market", face=_up, faces=_ups),
        # the phase marker: one of the removed diamond royals, no card of the game
        Zone(
            "royal",
            PUBLIC,
            cards=lambda s: (s.royal,),
            label=lambda s: _ROYAL_LABELS[s.royal][min(s.year, MAX_YEARS + 1)],
            face=_royal_face,
            faces=_royal_faces,
            piece=True,
        ),
        Zone(
            "p{seat}.hand",
            OWNER,
            True,
            "hands",
            "Hand",
            _up,
            one_back=BACK,
            faces=_ups,
        ),
        Zone(
            "p{seat}.offer",
            SEEN_BY,
            True,
            "offers",
            "Set aside",
            _down,
            seen=_offer_seen,
            fold="p{seat}.hand",
            one_back=BACK,
            faces=_downs,
            mask=_offer_mask,
        ),
        Zone(
            "p{seat}.stall",
            SEEN_BY,
            True,
            "stalls",
            "Stall",
            _stall_face,
            seen=_stall_seen,
            one_back=BACK,
            faces=_stall_faces,
            mask=_stall_mask,
        ),
        Zone(
            "p{seat}.buildings",
            SEEN_BY,
            True,
            building_cards,
            "Buildings",
            seen=building_seen,
            owner_sees=False,
            draw=_draw_buildings,
        ),
        Zone(
            "p{seat}.coins",
            PUBLIC,
            True,
            lambda s, p: (),
            label=lambda s, p: _COIN_LABELS[c] if (c := s.coins[p]) < 200 else f"{c} coins",
            piece=True,
        ),
    ],
    uid=UIDS.__getitem__,
    card_id=lambda c: "",
    identity=lambda s, c: s.card_of[c],
    back=lambda c: BACK,
    exact_reveals=True,
)


# --- card moves as events --------------------------------------------------------------------
def move(s: State, ev: list[Event], c: int, source: str, target: str) -> None:
    """Record the move of card ``c`` (redacted and marked as a reveal by the zone table)."""
    if ev is not QUIET:
        ev.append(ZONES.move(s, s.players, c, source, target, ""))


def shown(s: State, ev: list[Event], c: int, source: str, target: str, reveal: bool) -> None:
    """A card everybody sees as it moves (turned face up where it lies, or discarded face
    down after being shown); ``reveal`` when a seat had not seen it before."""
    if ev is not QUIET:
        ev.append(ZONES.tell(s, c, source, target, reveal=reveal))


def dealt(s: State, ev: list[Event], c: int, source: str, target: str, seat: int) -> None:
    """A card dealt from a pile shuffled face down: only the receiver sees which."""
    if ev is not QUIET:
        ev.append(ZONES.tell(s, c, source, target, to=(seat,)))


def secretly(s: State, ev: list[Event], c: int, source: str, target: str, seat: int) -> None:
    """A card moved within a secret commit: the others receive nothing at all."""
    if ev is not QUIET:
        ev.append(ZONES.tell(s, c, source, target, to=(seat,), others=False))


# --- the rest of a view ----------------------------------------------------------------------
_SEAT_VIEWS: dict[tuple[int, int, int, int, bool, bool, bool], CardView] = {}


_SEATS_VIEWS: dict[tuple[Any, ...], tuple[CardView, ...]] = {}


def _seat_views(
    scores: tuple[int, ...],
    coins: tuple[int, ...],
    hands: tuple[int, ...],
    herald: int,
    ready: tuple[bool, ...],
    known: int,
) -> tuple[CardView, ...]:
    """Every seat's figures (one shared tuple per combination).  ``known``: the viewer, whose
    own score is whole while the others' count what it knows (-1: a spectator; -2: the
    game is over, every score whole)."""
    key = (scores, coins, hands, herald, ready, known)
    found = _SEATS_VIEWS.get(key)
    if found is None:
        if len(_SEATS_VIEWS) > 20_000:
            _SEATS_VIEWS.clear()
        found = _SEATS_VIEWS[key] = tuple(
            [
                _seat_view(
                    p, scores[p], coins[p], hands[p], p == herald, ready[p], known not in (p, -2)
                )
                for p in range(len(scores))
            ]
        )
    return found


def _seat_view(
    p: int, score: int, coins: int, hand: int, herald: bool, ready: bool, partial: bool
) -> CardView:
    key = (p, score, coins, hand, herald, ready, partial)
    found = _SEAT_VIEWS.get(key)
    if found is None:
        if len(_SEAT_VIEWS) > 20_000:
            _SEAT_VIEWS.clear()
        seat = {
            "seat": p,
            "name": NAMES[p],
            "score": score,
            "resources": MappingProxyType({"coins": coins}),
            "hand": hand,
            "herald": herald,
            "ready": ready,
        }
        if partial:  # the points of the buildings known to be complete, no more
            seat["score_note"] = "known"
        found = _SEAT_VIEWS[key] = MappingProxyType(seat)
    return found


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def describe(s: State, seat: int | None) -> dict[str, Any]:
    """The prompt, the seats' figures and the public facts no zone holds."""
    n = s.players
    stack = s.stack
    top = stack[-1] if stack else None
    commit_open = top is not None and top.kind == COMMIT
    forming = commit_open and top.step == STALL  # type: ignore[union-attr]
    if commit_open:
        done = top.done  # type: ignore[union-attr]
        ready = tuple([p in done for p in range(n)])
    else:
        ready = (True,) * n
    step = stack[0].step if stack else OVER
    active = stack[0].seats[0] if stack and stack[0].kind == TURN else -1
    sub = stack[-1].step if len(stack) > 1 else ""
    stalls, coins = s.stalls, s.coins
    herald, hand_limit = s.herald, s.hand_limit
    # a stall being formed shows how many face-down cards it holds (as on a real table);
    # what they are and weigh stays secret until every stall is ready
    # a rival's running score counts only the buildings the viewer knows complete: said so
    # beside it, until final scoring shows every complete building
    known = -2 if s.over else -1 if seat is None else seat
    in_hands = [held(s, p) for p in range(n)]  # as the hand zone shows them to the others
    if any(s.buildings):
        scores = []
        limits = []
        buildings = []
        big = s.farm + 2
        for p, bs in enumerate(s.buildings):
            if bs:
                # the points of the buildings the viewer knows complete; at the end every
                # complete building is shown (final scoring): the true points
                scores.append(final_points(s, p) if s.over else seat_buildings(s, p, seat)[1])
                limits.append(hand_limit + sum([len(b.cards) == big for b in bs]))
                buildings.append(tuple([summary(s, b) for b in bs]))
            else:
                scores.append(0)
                limits.append(hand_limit)
                buildings.append(())
        seats = _seat_views(tuple(scores), tuple(coins), tuple(in_hands), herald, ready, known)
        built: tuple[Any, ...] = tuple(buildings)
        limit_of: tuple[int, ...] = tuple(limits)
    else:  # nobody has built yet
        seats = _seat_views((0,) * n, tuple(coins), tuple(in_hands), herald, ready, known)
        built, limit_of = ((),) * n, (hand_limit,) * n
    if forming:
        weights: tuple[int | None, ...] = (None,) * n
    else:
        weight = deal_of(s).weight
        weights = tuple([sum([weight[c] for c in st]) if st else 0 for st in stalls])
    if s.bids_revealed:
        bids: tuple[int | None, ...] = tuple(s.bids)
    else:  # a seat knows its own bid only
        bids = tuple([b if p == seat else None for p, b in enumerate(s.bids)])
    order = _ORDERS.get((n, herald))
    if order is None:
        order = _ORDERS[(n, herald)] = tuple(s.order())
    sub_building = s.sub_building
    public = {
        "year": s.year,
        "royal": ROYALS[s.royal],
        "royal_index": s.royal,
        "step": step,
        "herald": herald,
        "herald_order": order,
        "active": active,
        "actions_left": s.slots,
        "sub": sub,
        "sub_building": UIDS[sub_building] if sub_building >= 0 else None,
        "sub_owner": s.sub_owner,
        "sub_start": s.sub_start,
        "ready": ready,
        "bids": bids,
        "bids_revealed": s.bids_revealed,
        "pick_order": tuple(s.pick_order),
        "picks": tuple([UIDS[c] for c in s.picks]) if s.picks else (),
        "price": s.price if step == PICK else 0,
        "eligible": tuple(s.eligible),
        "acted": tuple(s.acted),
        "glory_choice": seat is not None and seat in s.glory_queue,
        "stall_weights": weights,
        "buildings": built,
        "farm_size": s.farm,
        "hand_limit": hand_limit,
        "limits": limit_of,
        "max_years": MAX_YEARS,
        "capped": s.capped,
        "ended_by": s.ended_by,
        "moves": s.moves,
        "players": n,
        "bid_step": step == BID,
    }
    return {
        "prompt": prompt(s, seat, step, ready, active, sub),
        "seats": seats,
        "public": MappingProxyType(public),
    }
