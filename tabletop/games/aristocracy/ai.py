"""Aristocracy's AI: a heuristic agent, and the hooks of the generic search.

The greedy agent collects ranks, builds toward matching sets and bids by need; it sees only
its view and its legal actions, and values a coin at about one card.  The search (IS-MCTS,
:mod:`tabletop.ai`) cuts its rollouts short (random games last 25 years) and judges a
position by each seat's worth: points of complete buildings, partial credit for buildings
that mostly match, coins and cards in hand, turned into win shares with a softmax.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.engine.heuristic import softmax_shares
from tabletop.games.aristocracy.data import POINTS, RANK, UID_NUM, WEIGHT, rank, weight
from tabletop.games.aristocracy.state import State


@dataclass
class _Seen:
    """What the agent extracts from its view."""

    me: int
    ids: dict[int, str] = field(default_factory=dict)  # uid -> card id for every visible card
    hand: list[int] = field(default_factory=list)
    stall: list[int] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    wanted: Counter = field(default_factory=Counter)  # ranks my buildings still need
    addr_rank: dict[int, str] = field(default_factory=dict)  # building card uid -> address rank
    unknown_in: dict[int, int] = field(default_factory=dict)  # address uid -> unseen cards
    offer: list[int] = field(default_factory=list)  # cards set aside (Ball, Tax)
    #: per seat, each building as (address uid, building card uids, -1 for an unseen one)
    built: list[list[tuple[int, list[int]]]] = field(default_factory=list)


def _num(uid: str | None) -> int:
    n = UID_NUM.get(uid) if uid else None
    if n is not None:
        return n
    return int(uid[1:]) if uid and uid[0] == "c" else -1


def read(view: dict[str, Any]) -> _Seen:
    """Digest a view into the facts the heuristic uses.

    Only zones that can hold cards this seat knows are read: the market, the face-up
    discards, its own hand, set-aside cards and stall, the other stalls and the buildings
    (each an address card, then its building cards, then a production card if it has one,
    as the public building summary says).
    """
    me = view["viewer"]
    s = _Seen(me)
    zones = view["zones"]
    pub = view["public"]
    num = UID_NUM
    ids = s.ids
    for name in ("market", "shop", f"p{me}.hand", f"p{me}.stall", f"p{me}.offer"):
        for c in zones[name]["cards"]:
            ids[num[c["uid"]]] = c["card"]
    s.hand = [num[c["uid"]] for c in zones[f"p{me}.hand"]["cards"]]
    s.stall = [num[c["uid"]] for c in zones[f"p{me}.stall"]["cards"]]
    s.offer = [num[c["uid"]] for c in zones[f"p{me}.offer"]["cards"]]
    counts = s.counts
    for c in s.hand + s.stall:
        counts[RANK[ids[c]]] += 1
    big = pub["farm_size"] + 2
    for p, summary in enumerate(pub["buildings"]):
        if p != me:
            for c in zones[f"p{p}.stall"]["cards"]:
                if c["card"] is not None:
                    ids[num[c["uid"]]] = c["card"]
        cards = zones[f"p{p}.buildings"]["cards"]
        built: list[tuple[int, list[int]]] = []
        s.built.append(built)
        i = 0
        for b in summary:
            size = b["size"]
            a = cards[i]
            addr, addr_r = num[a["uid"]], RANK[a["card"]]
            ids[addr] = a["card"]
            unknown = 0
            laid: list[int] = []
            built.append((addr, laid))
            for c in cards[i + 1 : i + 1 + size]:
                cid = c["card"]
                if cid is None:
                    unknown += 1
                    laid.append(-1)
                    continue
                u = num[c["uid"]]
                laid.append(u)
                ids[u] = cid
                s.addr_rank[u] = addr_r
                if p == me and RANK[cid] != addr_r:
                    s.wanted[addr_r] += 1
            s.unknown_in[addr] = unknown
            if p == me and size < big:
                s.wanted[addr_r] += 1
            i += 1 + size + (1 if b["production"] else 0)
    return s


def value(s: _Seen, uid: int) -> float:
    """How much the agent wants to keep a card."""
    cid = s.ids.get(uid)
    if cid is None:
        return 0.0
    r = RANK[cid]
    v = 1.0 + s.counts[r] + 3.0 * min(s.wanted[r], 2)
    if r in "jqk":
        v += 1.0
    return v - WEIGHT[cid] / 100.0


TRADE_GAIN = 1.0
BALL_GAIN = 0.75  # a card goes to the Ball when a random card of the pool is worth this more
JUNK = 2.5
STALL_MAX = 4


def _set_aside(
    by: dict[str, list[Action]], want: set[int], take: str, put: str, ready: str
) -> Action:
    """The next step of a secret set-aside (a stall, the Ball) toward holding the cards
    ``want``: take back a card not wanted, else put down a wanted one, else say it is done."""
    for a in by.get(take, []):
        if a["card"] not in want:
            return a
    for a in by.get(put, []):
        if a["card"] in want:
            return a
    return by[ready][0]


class GreedyAgent:
    """Plays every decision of Aristocracy by simple priorities."""

    name = "greedy"

    def __init__(self, eps: float = 0.0) -> None:
        self.eps = eps

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        """One of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if self.eps and rng.random() < self.eps:
            return rng.choice(legal)
        s = read(view)
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(a.name, []).append(a)
        pub = view["public"]
        step = pub["step"]
        if step == "tax":
            return min(by["tax_discard"], key=lambda a: value(s, a["card"]))
        if step == "ball":
            return self._ball(s, view, by)
        if step == "bid":
            return self._bid(s, view, by["bid"])
        if step == "pick":
            return max(by["pick"], key=lambda a: value(s, a["card"]))
        if step == "glory":
            return self._glory(s, view, by)
        if step == "stall":
            return self._stall(s, view, by)
        return self._act(s, view, by)

    # --- commits ------------------------------------------------------------------
    def _bid(self, s: _Seen, view: dict[str, Any], bids: list[Action]) -> Action:
        market = [_num(c["uid"]) for c in view["zones"]["market"]["cards"]]
        best = max((value(s, c) + 1 for c in market), default=0)
        want = 0 if best < 3 else 1 if best < 5 else 2 if best < 7 else 3
        return max((a for a in bids if a["amount"] <= want), key=lambda a: a["amount"])

    def _stall(self, s: _Seen, view: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        union = s.hand + s.stall
        farm = view["public"]["farm_size"]
        royal = view["public"]["royal_index"]
        k = 1 + sum(1 for r, n in s.wanted.items() if s.counts[r]) // 2
        if royal == 0 and len(union) > farm + 2:
            k += 1
        k = max(k, sum(1 for c in union if value(s, c) < JUNK))
        k = min(k, STALL_MAX, max(0, len(union) - farm - 1) if royal == 0 else 4, len(union))
        order = sorted(union, key=lambda c: (value(s, c), weight(s.ids[c]), c))
        return _set_aside(by, set(order[:k]), "stall_take", "stall_put", "stall_ready")

    def _ball(self, s: _Seen, view: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        """Bring the cards a random card of the Ball's pool is worth more than.

        What is brought is mixed with the market and dealt back at random, as many cards as
        brought: a card is worth bringing when the pool's mean value (to this seat) beats its
        own by ``BALL_GAIN``; at most as many as the market holds (else mostly one's own
        cards come back)."""
        market = [_num(c["uid"]) for c in view["zones"]["market"]["cards"]]
        pool = sum(value(s, c) for c in market)
        brought: list[int] = []
        for c in sorted(s.hand + s.offer, key=lambda c: (value(s, c), c)):
            if len(brought) >= len(market):
                break
            mean = (pool + value(s, c)) / (len(market) + len(brought) + 1)
            if mean - value(s, c) < BALL_GAIN:
                break
            brought.append(c)
            pool += value(s, c)
        return _set_aside(by, set(brought), "ball_take", "ball_give", "ball_ready")

    def _glory(self, s: _Seen, view: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        """End the game only when ahead of every other seat's likely score.

        Another seat's score is what this seat knows of it plus half of what its unseen
        building cards could still add (each one matching its address)."""
        if "glory_end" not in by:
            return by["glory_pass"][0]
        seats = view["seats"]
        me = s.me
        mine = seats[me]["score"]
        coins = seats[me]["resources"]["coins"]
        farm = view["public"]["farm_size"]
        for p, seat in enumerate(seats):
            if p == me:
                continue
            likely = seat["score"] + 0.5 * (upper_score(s, p, farm) - seat["score"])
            if likely > mine or (likely == mine and seat["resources"]["coins"] >= coins):
                return by["glory_pass"][0]
        return by["glory_end"][0]

    # --- actions ------------------------------------------------------------------
    def _act(self, s: _Seen, view: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        pub = view["public"]
        me = s.me
        farm = pub["farm_size"]
        coins = view["seats"][me]["resources"]["coins"]
        sub = pub["sub"]
        if sub == "build":
            ups = [
                a
                for a in by.get("build_upgrade", [])
                if rank(s.ids[a["card"]]) == rank(s.ids[a["building"]])
            ]
            if ups:
                return ups[0]
            news = by.get("build_new", [])
            if news:
                return max(news, key=lambda a: (s.counts[rank(s.ids[a["card"]])], -a["card"]))
            return by["build_upgrade"][0]
        if sub == "building":
            addr = _num(pub["sub_building"])
            r = rank(s.ids[addr])
            adds = by.get("build_add", [])
            match = [a for a in adds if rank(s.ids[a["card"]]) == r]
            if match:
                return match[0]
            if "build_done" in by:
                return by["build_done"][0]
            return min(adds, key=lambda a: value(s, a["card"]))
        if sub == "visit":
            return max(
                by["visit"], key=lambda a: (s.unknown_in.get(a["building"], 0), -a["building"])
            )
        if sub == "expose":
            # the card a forced discard would put on the pile: the one worth most to us
            exposed = by.get("expose", [])
            if exposed:
                return max(exposed, key=lambda a: (value(s, a["card"]), -a["card"]))
            return by["expose_none"][0]
        if sub == "revisit":
            return self._revisit(s, pub, by)
        if sub == "buy":
            return max(by["buy"], key=lambda a: value(s, a["card"]))
        if sub == "downgrade":
            more = self._downgrade(s, farm, by.get("downgrade", []), _num(pub["sub_building"]))
            return more if more is not None else by["downgrade_done"][0]
        # top level
        if "harvest" in by:
            return by["harvest"][0]
        for a in by.get("store", []):
            target_r = s.addr_rank.get(a["target"])
            if (
                target_r
                and rank(s.ids[a["target"]]) != target_r
                and rank(s.ids[a["card"]]) == target_r
            ):
                return a
        start = self._downgrade(s, farm, by.get("downgrade", []), -1)
        if start is not None:
            return start
        build_good = self._build_good(s, view, farm)
        royal = pub["royal_index"]
        favors = by.get("favor", [])
        fav: dict[str, list[Any]] = {"k": [], "q": [], "j": []}
        for a in favors:
            fav[rank(s.ids[a["card"]])].append(a)
        if build_good:
            if fav["k"]:
                return min(fav["k"], key=lambda a: value(s, a["card"]))
            if royal == 0 and "royal" in by:
                return by["royal"][0]
        shop = [_num(c["uid"]) for c in view["zones"]["shop"]["cards"]]
        if shop and max(value(s, c) for c in shop) >= 4:
            if fav["j"]:
                return fav["j"][0]
            if royal == 2 and "royal" in by and coins >= 2:
                return by["royal"][0]
        targets = sum(v for a, v in s.unknown_in.items() if a not in s.hand)
        if targets:
            if fav["q"] and len(fav["q"]) + s.counts["q"] > 0:
                return fav["q"][0]
            if royal == 1 and "royal" in by and coins >= 2:
                return by["royal"][0]
        trades = by.get("trade", [])
        if trades:
            best = max(trades, key=lambda a: value(s, a["target"]) - value(s, a["card"]))
            if value(s, best["target"]) - value(s, best["card"]) >= TRADE_GAIN:
                return best
        sells = by.get("sell", [])
        if sells and coins < 2:
            cheap = min(sells, key=lambda a: sum(value(s, c) for c in a["cards"]))
            if sum(value(s, c) for c in cheap["cards"]) <= 5:
                return cheap
        hides = [a for a in by.get("hide", []) if value(s, a["card"]) >= 4]
        if hides:
            return hides[0]
        return by["pass"][0]

    def _revisit(self, s: _Seen, pub: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        """Force the discard where it hurts the owner (the building falls apart, or a
        château shrinks); take the coin where the discard would only help it (what is left
        matches) or cost it little."""
        owner = pub["sub_owner"]
        addr = _num(pub["sub_building"])
        farm = pub["farm_size"]
        cards = next(laid for a, laid in s.built[owner] if a == addr)
        left = len(cards) - 1
        if left < farm or len(cards) == farm + 2:
            return by["revisit_discard"][0]
        return by["revisit_pay"][0]

    def _downgrade(
        self, s: _Seen, farm: int, offered: list[Action], building: int
    ) -> Action | None:
        """Take a mismatched card out of one of our buildings when what stays is a complete
        building that still stands (it scores now, incomplete it scores nothing) and no card
        in hand or stall could mend it by a Store.  ``building``: the one under way (-1: any)."""
        for addr, cards in s.built[s.me] if s.built else ():
            if building >= 0 and addr != building:
                continue
            r = RANK[s.ids[addr]]
            wrong = [c for c in cards if RANK[s.ids[c]] != r]
            if not wrong or len(cards) - len(wrong) < farm:
                continue
            if building < 0 and s.counts[r]:
                continue  # a Store can mend it without losing a level
            for a in offered:
                if a["card"] in wrong:
                    return a
        return None

    def _build_good(self, s: _Seen, view: dict[str, Any], farm: int) -> bool:
        own = len(s.hand) + len(s.stall)
        if own >= farm + 2 and max(s.counts.values(), default=0) >= 3:
            return True
        return any(s.counts[r] for r in s.wanted)


def upper_score(s: _Seen, p: int, farm: int) -> int:
    """The most seat ``p`` can score if every building card ``s`` has not seen matches."""
    total = 0
    for addr, cards in s.built[p]:
        if len(cards) < farm:
            continue
        r = RANK[s.ids[addr]]
        if all(c < 0 or RANK[s.ids[c]] == r for c in cards):
            total += POINTS[min(len(cards) - farm, 2)]
    return total


# --- hooks for the generic IS-MCTS (tabletop.ai) ----------------------------------------
def worth(s: State, seat: int) -> float:
    """Points now plus progress towards complete buildings, coins and cards."""
    total = 0.0
    for b in s.buildings[seat]:
        if len(b.cards) < s.farm:
            continue
        r = s.rank(b.address)
        share = sum(1 for c in b.cards if s.rank(c) == r) / len(b.cards)
        total += POINTS[s.kind(b)] * (share if share == 1.0 else 0.5 * share)
    return total + 0.1 * s.coins[seat] + 0.05 * (len(s.hands[seat]) + len(s.stalls[seat]))


def evaluate(game: Game, s: State) -> list[float]:
    """Each seat's share of the win, from the worths (softmax)."""
    if s.over:
        out = game.outcome(s)
        return [1.0 if p in out.winners else 0.0 for p in range(s.players)]
    values = [worth(s, p) for p in range(s.players)]
    return softmax_shares(values, 1.5)


KINDS = ("farm", "estate", "château")


def balance_cards(game: Game, s: State) -> list[list[str]]:
    """Per seat at the end: each building's kind (complete or not) and its address rank."""
    out = []
    for seat in range(s.players):
        labels = []
        for b in s.buildings[seat]:
            state = "complete" if s.complete(b) else "incomplete"
            labels += [
                f"{KINDS[max(0, min(s.kind(b), 2))]} {state}",
                f"address {s.rank(b.address)}",
            ]
        out.append(labels)
    return out


def hooks() -> dict[str, Any]:
    """The hooks, as a dict of :class:`tabletop.ai.hooks.AIHooks` fields."""
    return {
        "evaluate": evaluate,
        "heuristic": GreedyAgent().choose,
        "cutoff": 24,
        "max_game_length": 12000,
        # taking a card back out of the Ball or the stall only undoes a pick
        "undo_actions": ("ball_take", "stall_take"),
        "balance_cards": balance_cards,
        # small budgets (a game has ~110 decisions a seat, ~5 ms an iteration): both levels
        # keep the greedy move unless the search is confident (anchor, in standard errors).
        # No search we could afford beat the greedy agent clearly (docs/ai.md), so Normal
        # stands between Easy (30 % random moves) and Hard by a 10 % blunder rate
        "levels": {
            "normal": {
                "iterations": 20,
                "time_limit": 0.45,
                "cutoff": 8,
                "noise": 0.1,
                **_ANCHORED,
            },
            "hard": {"iterations": 60, "time_limit": 1.5, "cutoff": 16, **_ANCHORED},
        },
    }


_ANCHORED = {"game_policy": True, "prior": True, "anchor": 1.5}
