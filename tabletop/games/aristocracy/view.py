"""What a seat sees: the zone table (who sees which card), the figures no zone holds, and
the inverse of a view (a full state with the unseen cards dealt at random).

The zones declare the hidden information once: hands are their owner's, the draw pile a
deck, the face-down discards nobody's; a stall is its owner's until the stalls are turned
up together, and Tax discards or Ball contributions set aside are their owner's — both fold
into the hand for the others, so not even their number shows before the reveal.  A
building card is seen by the seats of its ``seen`` mask (its owner, and every visitor who
inspected it there), its address and exposed cards by everyone, a production card by
nobody.  Views, the redaction of card moves and the re-deal of ``determinize`` all follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from tabletop.engine import Event, Rng
from tabletop.engine.decisions import COMMIT, TURN, Frame, commit, prompt, turn
from tabletop.engine.events import QUIET
from tabletop.engine.frozen import EMPTY
from tabletop.engine.rebuild import FromView, Seen
from tabletop.engine.zones import DECK, EVERYBODY, HIDDEN, OWNER, PUBLIC, SEEN_BY, Zone, Zones
from tabletop.games.aristocracy.buildings import glory_ok
from tabletop.games.aristocracy.data import (
    BACK,
    MAX_YEARS,
    POINTS,
    ROYAL_IDS,
    ROYALS,
    UID_NUM,
    UIDS,
    deck_ids,
    decks_for,
)
from tabletop.games.aristocracy.scoring import points as final_points
from tabletop.games.aristocracy.state import (
    ACTIONS,
    BALL,
    BID,
    BUILD,
    BUILDING,
    BUY,
    DOWNGRADE,
    EXPOSE,
    GLORY,
    OVER,
    PICK,
    REVISIT,
    STALL,
    TAX,
    VISIT,
    Building,
    State,
    deal_of,
)

CardView = Mapping[str, Any]

# zone ids as they appear in views, events and gestures
DRAW, DISCARD, SHOP, MARKET, ROYAL = "draw", "discard", "shop", "market", "royal"
_SEATS = range(8)
HANDS = tuple(f"p{p}.hand" for p in _SEATS)
STALLS = tuple(f"p{p}.stall" for p in _SEATS)
OFFERS = tuple(f"p{p}.offer" for p in _SEATS)
BUILDINGS = tuple(f"p{p}.buildings" for p in _SEATS)
COINS = tuple(f"p{p}.coins" for p in _SEATS)
NAMES = tuple(f"Seat {p + 1}" for p in _SEATS)
EVERYONE = tuple((1 << n) - 1 for n in range(9))  # the seen mask of every seat, by players
KINDS = ("farm", "estate", "château")
CAPTIONS = {"farm": "Farm", "estate": "Estate", "château": "Château", "unfinished": "Unfinished"}


def seat_name(seat: int) -> str:
    """How the log names a seat."""
    return NAMES[seat]


# --- card faces (read-only, built once and shared by every view) ---------------------------
class _Faces(dict[str, CardView]):
    """The faces of one physical card by its definition id, made on first use."""

    def __init__(self, c: int, face_up: bool, tokens: Mapping[str, Any]) -> None:
        super().__init__()
        self.c, self.face_up, self.tokens = c, face_up, tokens

    def __missing__(self, cid: str) -> CardView:
        d = self[cid] = MappingProxyType(
            {
                "uid": UIDS[self.c],
                "card": cid,
                "back": BACK,
                "face_up": self.face_up,
                "tokens": self.tokens,
                "as": None,
            }
        )
        return d


def _table(face_up: bool, tokens: Mapping[str, Any] = EMPTY) -> tuple[_Faces, ...]:
    """``table[c][card_id]``: physical card ``c`` shown this way."""
    return tuple(_Faces(c, face_up, tokens) for c in range(len(UIDS)))


UP = _table(True)  # face up
DOWN = _table(False)  # face down, known to the viewer (its own stall while forming it)
_BUILT: dict[tuple[int, bool, bool], tuple[_Faces, ...]] = {}
_ADDRESS: dict[tuple[int, str], tuple[_Faces, ...]] = {}


def _built(k: int, exposed: bool, up: bool = False) -> tuple[_Faces, ...]:
    """Known building cards of building ``k``, exposed (face up) or not; ``up``: face up
    without being exposed (a complete building turned up for the final scoring)."""
    t = _BUILT.get((k, exposed, up))
    if t is None:
        tokens = {"building": k, "exposed": True} if exposed else {"building": k}
        t = _BUILT[(k, exposed, up)] = _table(exposed or up, MappingProxyType(tokens))
    return t


def _address(k: int, caption: str) -> tuple[_Faces, ...]:
    """Address cards of building ``k``, captioned ("Farm", "Estate ✓", …)."""
    t = _ADDRESS.get((k, caption))
    if t is None:
        tokens = {"building": k, "role": "address", "kind": caption}
        t = _ADDRESS[(k, caption)] = _table(True, MappingProxyType(tokens))
    return t


_UNKNOWN: dict[tuple[int, str], CardView] = {}


def _unknown(k: int, role: str) -> CardView:
    """A face-down card of building ``k`` the viewer does not know: a building card, or the
    production card (``role``: "building" or "production")."""
    card = _UNKNOWN.get((k, role))
    if card is None:
        tokens = {"building": k, "role": role} if role == "production" else {"building": k}
        card = _UNKNOWN[(k, role)] = MappingProxyType(
            {
                "uid": None,
                "card": None,
                "back": BACK,
                "face_up": False,
                "tokens": MappingProxyType(tokens),
                "as": None,
            }
        )
    return card


_ROYAL_CARDS = tuple(
    MappingProxyType(
        {
            "uid": "royal",
            "card": ROYAL_IDS[r],
            "back": BACK,
            "face_up": True,
            "tokens": EMPTY,
            "as": None,
        }
    )
    for r in range(len(ROYALS))
)
_ROYAL_SHOWN = tuple((card,) for card in _ROYAL_CARDS)
_ROYAL_LABELS = tuple(tuple(f"Year {y}: {name}" for y in range(MAX_YEARS + 2)) for name in ROYALS)
_COIN_LABELS = tuple(f"{n} coins" for n in range(200))


# --- who sees what -------------------------------------------------------------------------
def _stall_open(s: State) -> bool:
    """Whether the stalls are being formed (secret) right now (the stall commit is open)."""
    stack = s.stack
    return bool(stack) and stack[-1].step == STALL


def _stall_seen(s: State, card: int) -> int:
    """A stall card is its owner's while the stalls are formed, everyone's once turned up."""
    return 0 if _stall_open(s) else EVERYBODY


def building_seen(s: State, card: int) -> int:
    """The seats that know a card lying in a building: everyone its address or an exposed
    card, nobody a production card, else its owner and the visitors who inspected it."""
    for owner, bs in enumerate(s.buildings):
        for b in bs:
            if card == b.address or card in b.exposed:
                return EVERYBODY
            if card == b.production:
                return 0
            if card in b.cards:
                return EVERYBODY if revealed(s, b) else s.seen[card] | 1 << owner
    return s.seen[card]


def revealed(s: State, b: Building) -> bool:
    """Whether building ``b`` lies open to everyone: at the end, every player turns up the
    cards of each building it completed to score it (the rulebook's Scoring)."""
    return s.over and len(b.cards) >= s.farm and s.complete(b)


def _building_cards(s: State, seat: int) -> Sequence[int]:
    """Each building in turn: its address, its building cards, its production card."""
    bs = s.buildings[seat]
    if not bs:
        return ()
    out: list[int] = []
    for b in bs:
        out.append(b.address)
        out += b.cards
        if b.production >= 0:
            out.append(b.production)
    return out


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
    return _ROYAL_CARDS[r]


def _royal_faces(s: State, owner: int | None, cards: Sequence[int]) -> tuple[CardView, ...]:
    return _ROYAL_SHOWN[s.royal]


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
            OWNER,
            True,
            "offers",
            "Set aside",
            _down,
            fold="p{seat}.hand",
            one_back=BACK,
            faces=_downs,
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
            _building_cards,
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


# --- buildings as one viewer sees them -------------------------------------------------------
_MAX_PARTS = 50_000


def seat_buildings(s: State, p: int, viewer: int | None) -> tuple[tuple[CardView, ...], int]:
    """Seat ``p``'s buildings as ``viewer`` sees them, and the points it knows they earn.

    The parts are cached on the state's deal (never in a module-level table, which would
    remember the cards of the real deal for anyone to read)."""
    mine = p == viewer
    bit = 0 if viewer is None else 1 << viewer
    seen = s.seen
    farm = s.farm
    cards: list[CardView] = []
    score = 0
    parts = deal_of(s).parts
    for k, b in enumerate(s.buildings[p]):
        bc = b.cards
        if revealed(s, b):
            know: Any = "revealed"
        elif mine:
            know = True
        else:
            know = tuple([seen[c] & bit != 0 for c in bc])
        key = (k, farm, b.address, tuple(bc), tuple(b.exposed), b.production >= 0, know)
        part = parts.get(key)
        if part is None:
            if len(parts) >= _MAX_PARTS:
                parts.clear()
            part = parts[key] = _building(s, k, b, know)
        cards += part[0]
        score += part[2]
    return tuple(cards), score


def _building(
    s: State, k: int, b: Building, know: Any
) -> tuple[tuple[CardView, ...], CardView, int]:
    """Building ``k`` as one viewer sees it: its cards, its summary, its points if known.

    ``know`` is ``True`` for its owner, ``"revealed"`` for a complete building turned up at
    the end (its cards face up to everyone), else whether the viewer saw each building card.
    The address card carries the building's caption ("Farm", "Estate ✓" once the viewer
    knows it complete); an exposed card says so; the production card is marked as such.
    """
    co = s.card_of
    farm = s.farm
    n = len(b.cards)
    kind = KINDS[n - farm] if n >= farm else "unfinished"
    known, shown_ = _built(k, False), _built(k, True)
    hidden = _unknown(k, "building")
    all_known = True
    built = []
    for i, c in enumerate(b.cards):
        if c in b.exposed:
            built.append(shown_[c][co[c]])
        elif know == "revealed":
            built.append(_built(k, False, True)[c][co[c]])
        elif know is True or know[i]:
            built.append(known[c][co[c]])
        else:
            all_known = False
            built.append(hidden)
    complete = all_known and n >= farm and s.complete(b)
    caption = CAPTIONS[kind] + (" ✓" if complete else "")
    cards = [_address(k, caption)[b.address][co[b.address]], *built]
    if b.production >= 0:
        cards.append(_unknown(k, "production"))
    points = POINTS[n - farm] if complete else 0
    return tuple(cards), _summary(s, b), points


_SUMMARIES: dict[tuple[Any, ...], CardView] = {}


def _summary(s: State, b: Building) -> CardView:
    """The public facts of a building: address, size, kind, exposed cards, production."""
    key = (b.address, len(b.cards), s.farm, tuple(b.exposed), b.production >= 0)
    found = _SUMMARIES.get(key)
    if found is None:
        if len(_SUMMARIES) > 20_000:
            _SUMMARIES.clear()
        n = len(b.cards)
        found = _SUMMARIES[key] = MappingProxyType(
            {
                "address": UIDS[b.address],
                "size": n,
                "kind": KINDS[n - s.farm] if n >= s.farm else "unfinished",
                "exposed": tuple(UIDS[c] for c in b.exposed),
                "production": b.production >= 0,
            }
        )
    return found


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
    hands, offers, stalls, coins = s.hands, s.offers, s.stalls, s.coins
    herald, hand_limit = s.herald, s.hand_limit
    # a stall being formed shows how many face-down cards it holds (as on a real table);
    # what they are and weigh stays secret until every stall is ready
    # a rival's running score counts only the buildings the viewer knows complete: said so
    # beside it, until final scoring shows every complete building
    known = -2 if s.over else -1 if seat is None else seat
    if active >= 0:  # in a turn, set-aside cards were sold or spent: no longer held
        in_hands = [len(h) for h in hands]
    else:  # in a commit, they are still the seat's (Tax discards, Ball contributions)
        in_hands = [len(h) + len(o) for h, o in zip(hands, offers, strict=True)]
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
                buildings.append(tuple([_summary(s, b) for b in bs]))
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
    prompt = _prompt(s, seat, step, ready, active, sub)
    return {"prompt": prompt, "seats": seats, "public": MappingProxyType(public)}


# what to do in each part of an action, naming the zones as the table labels them
_PART_PROMPTS = {
    BUILD: "Build: drag a card from your hand or stall to Buildings for a new building, "
    "or onto your farm or estate to enlarge it.",
    BUILDING: "Build: drag more cards from your hand or stall onto the building "
    "({} {} a farm, {} an estate, {} a château); its Finish button shows once it is big enough.",
    VISIT: "Visit: click a building of another player to look at its cards.",
    EXPOSE: "Visit: click a card that does not match to turn it face up, or press Expose nothing.",
    REVISIT: "Visit: the card is already exposed: press Force discard or Make them pay.",
    BUY: "Buy: drag one of the Face-up discards to your hand.",
    DOWNGRADE: "Downgrade: drag more cards of the building to your hand, then press Done.",
}


def _prompt(
    s: State, seat: int | None, step: str, ready: Sequence[bool], active: int, sub: str
) -> str:
    if s.over:
        return "The game is over."
    if seat is None:
        return ""
    if step == ACTIONS:
        if seat == active:
            if sub == BUILDING:
                verb = "makes" if s.farm == 1 else "make"  # the building cards of each size
                return _PART_PROMPTS[BUILDING].format(s.farm, verb, s.farm + 1, s.farm + 2)
            return _PART_PROMPTS.get(sub, "") if sub else f"Take an action ({s.slots} left)."
    elif not ready[seat]:
        if step == STALL:
            return "Form your stall (face down), then press Stall ready."
        if step == TAX:
            return f"Tax: discard down to {s.limit(seat)} cards."
        if step == BALL:
            return "Ball: drag the cards you bring from your hand to Set aside, then press Done with the Ball."
        if step == BID:
            return "Auction: choose your secret bid."
        if step == GLORY:
            if not glory_ok(s, seat):  # asked all the same: nobody learns who could end it
                return "Glory: your complete buildings cannot end the game yet; press Play on."
            return "Glory: end the game now, or play on."
    if step == PICK and seat in s.pick_order[len(s.picks) :][:1]:
        return "Auction: pick a market card."
    return "Waiting for the other players."


# --- a state from a view -----------------------------------------------------------------------
def _deal(seen: Seen) -> tuple[dict[str, list[int]], Any]:
    """Every card the seat cannot place dealt at random (the deck's uids kept for the
    identities)."""
    deck = deck_ids(decks_for(seen.public["farm_size"]))
    filled, _rest = ZONES.deal(seen.view["zones"], range(len(deck)), (), seen.rng, UID_NUM)
    return filled, deck


def _card_of(seen: Seen) -> list[str]:
    """Every uid the seat has not identified given a random card of those left."""
    deck = seen.rest
    card_of: list[str] = [""] * len(deck)
    left = list(deck)
    for z in seen.view["zones"].values():
        for c in z["cards"]:
            cid = c["card"]
            if cid is not None and c["uid"] != "royal":
                card_of[UID_NUM[c["uid"]]] = cid
                left.remove(cid)
    seen.rng.shuffle(left)
    for u in range(len(deck)):
        if not card_of[u]:
            card_of[u] = left.pop()
    return card_of


def _buildings(seen: Seen) -> list[list[Building]]:
    """The buildings as the view summarises them, and who has seen each building card
    (kept for the ``seen`` field)."""
    pub, zones, seat = seen.public, seen.view["zones"], seen.seat
    marks = seen.values["seen"] = [0] * len(seen.rest)
    buildings: list[list[Building]] = []
    for p in range(pub["players"]):
        laid = iter(seen.filled[BUILDINGS[p]])  # address, building cards, production
        shown_cards = iter(zones[BUILDINGS[p]]["cards"])
        bs: list[Building] = []
        for summ in pub["buildings"][p]:
            b = Building(next(laid))
            next(shown_cards)
            exposed = set(summ["exposed"])
            for _ in range(summ["size"]):
                u = next(laid)
                c = next(shown_cards)
                b.cards.append(u)
                if c["uid"] in exposed:
                    b.exposed.append(u)
                marks[u] = 1 << p
                if c["card"] is not None and p != seat:
                    marks[u] |= 1 << seat
            if summ["production"]:
                b.production = next(laid)
                next(shown_cards)
            bs.append(b)
        buildings.append(bs)
    return buildings


# A full state matching a view: every card the seat cannot place is dealt at random, and
# every uid it has not identified is given a random card of those left.
rebuild = FromView(
    State,
    deal=_deal,
    zones={
        "draw": DRAW,
        "discard": (SHOP, DISCARD),
        "market": MARKET,
        "hands": "p{seat}.hand",
        "stalls": "p{seat}.stall",
        "offers": "p{seat}.offer",
    },
    hooks={
        "card_of": _card_of,
        "buildings": _buildings,
        "seen": lambda seen: seen.values["seen"],
        "stack": lambda seen: [],  # (read back by ``finish``, once the state is whole)
        "bids": lambda seen: [-1 if b is None else b for b in seen.public["bids"]],
        "picks": lambda seen: [UID_NUM[u] for u in seen.public["picks"]],
        "sub_building": lambda seen: UID_NUM[u] if (u := seen.public["sub_building"]) else -1,
        "glory_queue": lambda seen: [seen.seat] if seen.public["glory_choice"] else [],
    },
    seats={"coins": ("resources", "coins")},
    view={"over": "over"},
    public={"farm": "farm_size", "royal": "royal_index", "slots": "actions_left"},
    finish=lambda s, seen: setattr(s, "stack", _stack(s, seen.public, seen.seat, seen.rng)),
)


def _stack(s: State, pub: Mapping[str, Any], seat: int, rng: Rng) -> list[Frame]:
    """The decision stack a view shows (others' secret choices sampled)."""
    step = pub["step"]
    n = s.players
    if step == OVER:
        return []
    if step == ACTIONS:
        out = [turn(ACTIONS, pub["active"])]
        if pub["sub"]:
            out.append(prompt(pub["sub"], pub["active"]))
        return out
    if step == PICK:
        return [prompt(PICK, pub["pick_order"][len(pub["picks"])])]
    f = commit(step, list(range(n)))
    ready = pub["ready"]
    for p in range(n):
        if not ready[p]:
            continue
        f.done.append(p)
        if step == BID:
            if s.bids[p] < 0:  # another seat's secret bid
                s.bids[p] = rng.randrange(s.coins[p] + 1)
            choice: Any = s.bids[p]
        elif step == GLORY:
            choice = p == seat and pub["glory_choice"]
        elif step == STALL:
            choice = len(s.stalls[p])
        else:
            choice = len(s.offers[p])
        f.data["secret"][str(p)] = choice
    if step == TAX:  # a ready opponent has set its Tax discards aside
        for p in range(n):
            extra = len(s.hands[p]) - s.limit(p)
            if p != seat and ready[p] and extra > 0:
                rng.shuffle(s.hands[p])
                s.offers[p] = [s.hands[p].pop() for _ in range(extra)]
                f.data["secret"][str(p)] = extra
    return [f]
