"""Property-game driver for Aristocracy: plays seeded games and checks invariants each step.

The knowledge model here is written from the rules, independently of the game's view code:
it says which cards a seat may know and follows Visits itself.  It is kept up to date
step by step (only building cards can be inspected, so only they are followed).
"""

from __future__ import annotations

import gc
import json
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from aristocracy_helpers import all_uids

from tabletop.engine import Event, Rng, events_for, state_digest
from tabletop.engine.events import MOVE, REVEAL
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.ai import GreedyAgent
from tabletop.games.aristocracy.data import ROYAL_IDS
from tabletop.games.aristocracy.state import ACTIONS, BALL, STALL, State
from tabletop.games.aristocracy.view import DISCARD, SHOP

#: the option sets property games cycle through: every building size and every starting
#: hand, weighted towards the quicker shorter games (a check costs per seat and step)
MIX: list[dict[str, Any] | None] = [
    {"length": "longer", "hand_size": "10"},  # (one deck cannot deal five shorter hands of 10)
    {"length": "shorter", "hand_size": "8"},
    {"hand_size": "9"},
    {"length": "shorter", "hand_size": "5"},
    {"length": "shorter", "hand_size": "9"},
    None,
    {"length": "shorter", "hand_size": "6"},
    {"length": "standard", "hand_size": "10"},
    {"length": "longer"},
    {"length": "shorter", "hand_size": "7"},
]
EPS = (0.05, 0.1, 0.15)  # how often the greedy agents play a random legal move instead


def setup_of(i: int) -> tuple[int, int, dict[str, Any] | None, float, bool]:
    """Seed, players, options, epsilon and whether to replay, for property game ``i``.

    Players cycle 2–5 game by game; options and epsilon change every four games; one
    block of four in ten is replayed (a different option set in each ten).
    """
    block = i // 4
    replay = block % 10 == (block // 10) % 10
    return 50_000 + i, 2 + i % 4, MIX[block % len(MIX)], EPS[block % len(EPS)], replay


class Knowledge:
    """Which cards each seat may know, from the rules alone.

    A seat knows the market, the four face-up discards, its own hand, set-aside cards and
    stall, every stall once revealed and the stall cards sold or spent from it in a turn,
    every address and exposed card, its own building cards, the building cards it
    inspected on a Visit for as long as they stay in that building, and at the end the cards Glory turns up (complete buildings and every
    building of the seat that ended the game).
    """

    def __init__(self, s: State) -> None:
        self.players = s.players
        #: per seat: inspected building card -> address of the building it was seen in
        self.inspected: list[dict[int, int]] = [{} for _ in range(s.players)]
        #: physical card of each (uid, card id) a view may truthfully show; hidden = -1
        self.index = {(f"c{u}", cid): u for u, cid in enumerate(s.card_of)}

    def update(self, s: State, seat: int, action: Any) -> None:
        """Follow one applied action: forget cards that left their building, learn Visits."""
        visit = action is not None and action.name == "visit"
        if not visit and not any(self.inspected):
            return
        where = {c: b.address for bs in s.buildings for b in bs for c in b.cards}
        for kn in self.inspected:
            gone = [c for c, a in kn.items() if where.get(c) != a]
            for c in gone:
                del kn[c]
        if visit:
            addr = action["building"]  # a visit that dismantles the building shows nothing
            self.inspected[seat].update((c, a) for c, a in where.items() if a == addr)

    def public(self, s: State) -> set[int]:
        """Cards every seat may know now."""
        ok = set(s.market)
        ok.update(s.discard[:4])
        for p in range(s.players):
            if s.step != STALL:
                ok.update(s.stalls[p])
            if s.step == ACTIONS:  # stall cards sold or spent: everyone watched them go
                ok.update(s.offers[p])
            for b in s.buildings[p]:
                ok.add(b.address)
                ok.update(b.exposed)
                if s.over and (p == s.ended_by or s.complete(b)):
                    ok.update(b.cards)
        return ok

    def allowed(self, s: State, q: int, public: set[int] | None = None) -> set[int]:
        """Cards whose identity seat ``q`` may know now (``public``: from :meth:`public`)."""
        ok = set(self.public(s) if public is None else public)
        ok.update(s.hands[q], s.offers[q], s.stalls[q], self.inspected[q])
        for b in s.buildings[q]:
            ok.update(b.cards)
        return ok


_CARDS_OF = itemgetter("cards")
HIDDEN, ROYAL = -1, -2  # what a card dict names besides a physical card (ROYAL - royal index)


class Cards:
    """What each card dict of a view names: a physical card, a hidden card or a royal.

    A card dict is read once: its answer is kept by the dict's ``id``, and the dict itself
    is kept alive with it so that ``id`` cannot be reused.  Views are read only, so the
    answer stays true; :meth:`recheck` reads every kept dict again to prove it.
    """

    def __init__(self, index: dict[tuple[str, str], int]) -> None:
        self.index = index  # (uid, card id) -> physical card, for every true identity
        self.memo: dict[int, int] = {}
        self.kept: list[dict[str, Any]] = []

    def name(self, d: dict[str, Any]) -> int:
        """The physical card ``d`` truthfully names, HIDDEN, or ROYAL - royal index."""
        uid, cid = d["uid"], d["card"]
        if uid is None and cid is None:
            return HIDDEN
        if uid == "royal" and cid in ROYAL_IDS:
            return ROYAL - ROYAL_IDS.index(cid)
        u = self.index.get((uid, cid))
        if u is None:
            raise AssertionError(f"a card shows a false or half identity: {d}")
        return u

    def of(self, cards: list[dict[str, Any]]) -> list[int]:
        """What each card dict names, in order."""
        memo = self.memo
        out = list(map(memo.get, map(id, cards)))
        if None in out:
            for i, v in enumerate(out):
                if v is None:
                    d = cards[i]
                    out[i] = memo[id(d)] = self.name(d)
                    self.kept.append(d)
        return out

    def recheck(self) -> None:
        """Every dict answered from the memo still says what it said (nothing mutated it)."""
        for d in self.kept:
            assert self.memo[id(d)] == self.name(d), f"a view's card dict was changed: {d}"


def check_views(s: State, checks: list[tuple[int, dict[str, Any], set[int]]], cards: Cards) -> None:
    """For each (seat, its view, the cards it may know): every identified card in the view is
    one the seat may know, shown truthfully and once; a hidden card has neither uid nor card
    id; the only other card is the current royal.  A zone's card list shared by several
    views is read once."""
    royal = ROYAL - s.royal
    zones: dict[int, tuple[set[int], int, list[dict[str, Any]]]] = {}  # id(list) -> named
    for q, view, ok in checks:
        got: set[int] = set()
        named = 0
        for lst in map(_CARDS_OF, view["zones"].values()):
            if not lst:
                continue
            found = zones.get(id(lst))
            if found is None:
                vals = cards.of(lst)
                one = set(vals)
                one.discard(HIDDEN)
                found = zones[id(lst)] = (one, len(vals) - vals.count(HIDDEN), lst)
            if found[1]:
                got |= found[0]
                named += found[1]
        assert len(got) == named, f"a card is shown twice to seat {q}"
        extra = got - ok
        extra.discard(royal)
        if extra:
            where = [z for z, zone in view["zones"].items() if extra & set(cards.of(zone["cards"]))]
            raise AssertionError(f"seat {q} sees {extra} in {where} at {s.step}")


def check_view(s: State, q: int, view: dict[str, Any], allowed: set[int], know: Any = None) -> None:
    """:func:`check_views` for one seat's view."""
    know = know or Knowledge(s)
    check_views(s, [(q, view, allowed)], Cards(know.index))


def check_permutation(s: State, q: int, view: dict[str, Any], allowed: set[int], rng: Rng) -> None:
    """Shuffling the identities of cards the seat may not know leaves its view unchanged."""
    other = GAME.copy(s)
    hidden = [u for u in range(len(s.card_of)) if u not in allowed]
    ids = [other.card_of[u] for u in hidden]
    rng.shuffle(ids)
    for u, cid in zip(hidden, ids, strict=True):
        other.card_of[u] = cid
    again = GAME.view(other, q)
    if view["over"]:
        # at the end every player reveals their completed buildings and the scores are said
        # (the rulebook's Scoring): a final score tells, by the rules, which of a rival's
        # buildings were complete, so the scores are left out of the comparison there
        view, again = _without_scores(view), _without_scores(again)
    assert again == view, f"seat {q}'s view depends on hidden cards at {s.step}"


def _without_scores(view: dict[str, Any]) -> dict[str, Any]:
    seats = tuple({k: v for k, v in seat.items() if k != "score"} for seat in view["seats"])
    return {**view, "seats": seats}


def check_round_trip(s: State) -> None:
    """The state survives JSON text unchanged."""
    data = GAME.state_to_json(s)
    back = GAME.state_from_json(json.loads(json.dumps(data)))
    assert GAME.state_to_json(back) == data, "the state changed through JSON"


@dataclass
class Stats:
    """What one property game measured."""

    steps: int = 0
    years: int = 0
    capped: bool = False
    views_checked: int = 0
    permutations: int = 0
    round_trips: int = 0
    replayed: bool = False
    events_checked: int = 0
    dry: bool = False  # the draw and discard piles were both empty at the end


def landed_face_up(events: list[Event], pile: int) -> set[int]:
    """Cards the public MOVEs put among the four face-up discards, the discard pile holding
    ``pile`` cards before: counted independently, a card is face up where it lands only
    if fewer than four lay there (a later reshuffle may hide it again)."""
    up: set[int] = set()
    for e in events:
        if e.kind != MOVE:
            continue
        source, target = e.data["source"], e.data["target"]
        if source in (SHOP, DISCARD):  # bought, reshuffled, or turned up within the pile
            pile -= target not in (SHOP, DISCARD)
        elif target in (SHOP, DISCARD):  # discarded: it lands on ``pile`` cards
            pile += 1
            if target == SHOP and e.data["card"] is not None:
                assert pile <= 4, f"{e} claims a face-up discard onto {pile - 1} cards"
                up.add(int(e.data["card"][1:]))
    return up


def check_events(
    s: State,
    events: list[Event],
    before: list[set[int]],
    after: list[set[int]],
    shown: tuple[set[int], dict[int, set[int]], int],
    know: Knowledge,
) -> int:
    """Every card named by a MOVE or REVEAL that a seat (or a spectator, the last entry)
    receives is one that seat knew before the action or knows after it, or one the rules
    showed it on the way (``shown``: to everyone, to single seats, and the discards landing
    face up, counted from the discard pile's size before); returns the events checked."""
    checked = 0
    index = know.index
    to_all, to_one, pile = shown
    public = events_for(events, None)
    up = landed_face_up(public, pile)
    for i, q in enumerate([*range(s.players), None]):
        ok = (before[i], after[i], to_all, up, to_one.get(q, ()))
        for e in public if q is None else events_for(events, q):
            if e.kind == MOVE:
                named = [(e.data["card"], e.data["card_id"])]
            elif e.kind == REVEAL:
                named = list(zip(e.data["cards"], e.data["card_ids"], strict=True))
            else:
                continue
            checked += 1
            for pair in named:
                if pair != (None, None):
                    u = index.get(pair)
                    assert any(u in k for k in ok), f"seat {q} is told {pair} by {e} at {s.step}"
    return checked


def play(*args: Any, **kw: Any) -> Stats:
    """:func:`play_checked` with the cyclic garbage collector paused: a game makes no
    reference cycles (its objects are freed as they go), so the collector's scans of the
    many live view dicts would only cost time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return play_checked(*args, **kw)
    finally:
        if enabled:
            gc.enable()


def play_checked(
    seed: int,
    players: int,
    options: dict[str, Any] | None = None,
    eps: float = 0.15,
    every: int = 40,
    replay: bool = False,
    max_steps: int = 20000,
    stop_after: int | None = None,
) -> Stats:
    """One seeded game by epsilon-greedy agents, with the per-step checks.

    At every step, for every seat: its view holds only cards it may know (and tells the
    truth about them), the events it receives name no card it may not know, all 101
    cards are accounted for, no coins are negative.  Every ``every`` steps a shuffle of a
    seat's unknown cards must leave its view unchanged.  The state goes through JSON once
    at a random step and once at the end; with ``replay`` the whole game is replayed from
    its actions and must end identical.
    """
    s = GAME.new_game(players, seed, options)
    everything = list(range(len(s.card_of)))  # 101 cards, 49 in the shorter game
    rng = Rng(seed * 7919 + players)
    agent = GreedyAgent(eps)
    know = Knowledge(s)
    moves: list[tuple[int, dict[str, Any]]] = []
    st = Stats()
    trip_at = 1 + rng.randrange(min(every * 5, stop_after or every * 5))
    cards = Cards(know.index)
    views, allowed = _check_views(s, know, cards, st, rng, every)
    while not GAME.is_over(s):
        if stop_after is not None and st.steps >= stop_after:
            break
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        assert legal, f"seat {seat} has no legal action at {s.step}/{s.sub}"
        action = agent.choose(GAME, views[seat], seat, legal, rng)
        shown = _shown_on_the_way(s, seat, action)
        events = GAME.apply(s, seat, action)
        moves.append((seat, action.to_json()))
        know.update(s, seat, action)
        st.steps += 1
        assert sorted(all_uids(s)) == everything, "a card was lost or duplicated"
        assert min(s.coins) >= 0
        if st.steps == trip_at:
            check_round_trip(s)
            st.round_trips += 1
        assert st.steps < max_steps, "runaway game"
        views, after = _check_views(s, know, cards, st, rng, every)
        st.events_checked += check_events(s, events, allowed, after, shown(s), know)
        allowed = after
    cards.recheck()
    check_round_trip(s)
    st.round_trips += 1
    if replay:
        again = GAME.replay(players, seed, options, moves)
        assert state_digest(GAME, again) == state_digest(GAME, s)
        st.replayed = True
    st.years, st.capped, st.dry = s.year, s.capped, not s.draw and not s.discard
    return st


def _shown_on_the_way(s: State, seat: int, action: Any) -> Any:
    """Cards the rules show to everyone during ``action`` though they may be hidden before
    and after it; call before applying, then call the result with the state after."""
    ball = [c for o in s.offers for c in o] if s.step == BALL else []
    shown: set[int] = set()
    if action.name == "favor":  # a Favor shows its face card as it is discarded
        shown.add(action["card"])
    if action.name == "store" and action["card"] in s.stalls[seat]:
        shown.add(action["target"])  # the building card lands face up in the stall
    if action.name == "buy" and len(s.discard) > 4:
        shown.add(s.discard[4])  # the next discard turns face up in the shop
    seen: set[int] = set()  # what the acting seat alone sees: a visited building's cards
    if action.name == "visit":
        seen.update(
            next(b.cards for bs in s.buildings for b in bs if b.address == action["building"])
        )
    phase, draw, discard = (s.year, s.royal), set(s.draw), set(s.discard)
    pile = len(s.discard)

    def after(s: State) -> set[int]:
        if ball and s.step != BALL:  # the Ball's contributions were shown to all
            shown.update(ball)
        if (s.year, s.royal) != phase:  # a new phase's market may already be discarded
            shown.update((set(s.discard) - discard) & draw)
        return shown, {seat: seen}, pile

    return after


def _check_views(
    s: State, know: Knowledge, cards: Cards, st: Stats, rng: Rng, every: int
) -> tuple[list[dict[str, Any]], list[set[int]]]:
    """Every seat's view, each checked against the knowledge model: the views, and what
    each seat may know (a last entry: what everyone may know)."""
    public = know.public(s)
    views = GAME.views(s, range(s.players))
    allowed = [know.allowed(s, q, public) for q in range(s.players)]
    check_views(s, list(zip(range(s.players), views, allowed, strict=True)), cards)
    st.views_checked += s.players
    if st.steps % every == 0:  # one seat in turn: also, view() agrees with views()
        q = st.steps // every % s.players
        check_permutation(s, q, views[q], allowed[q], rng)
        st.permutations += 1
    allowed.append(public)
    return views, allowed
