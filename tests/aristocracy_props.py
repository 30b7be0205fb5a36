"""Property-game driver for Aristocracy: plays seeded games and checks invariants each step.

The knowledge model here is written independently of the game's view code: it says from
the rules which cards a seat may know, and follows Visits itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from aristocracy_helpers import all_uids

from tabletop.engine import Rng, state_digest
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.agent import GreedyAgent
from tabletop.games.aristocracy.state import STALL, State


def locations(s: State) -> dict[int, tuple]:
    """Where each card lies (zone and, for buildings, which building)."""
    loc: dict[int, tuple] = {}
    for c in s.draw:
        loc[c] = ("draw",)
    for c in s.discard:
        loc[c] = ("discard",)
    for c in s.market:
        loc[c] = ("market",)
    for p in range(s.players):
        for c in s.hands[p]:
            loc[c] = ("hand", p)
        for c in s.stalls[p]:
            loc[c] = ("stall", p)
        for c in s.offers[p]:
            loc[c] = ("offer", p)
        for b in s.buildings[p]:
            loc[b.address] = ("address", b.address)
            for c in b.cards:
                loc[c] = ("building", b.address)
            if b.production >= 0:
                loc[b.production] = ("production", b.address)
    return loc


@dataclass
class Knowledge:
    """Which face-down building cards each seat inspected (and has not lost sight of)."""

    players: int
    inspected: list[set[int]] = field(default_factory=list)
    loc: dict[int, tuple] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.inspected = [set() for _ in range(self.players)]

    def update(self, s: State, seat: int, action: Any) -> None:
        """Follow one applied action."""
        new = locations(s)
        for c, where in new.items():
            if self.loc.get(c) != where:
                for kn in self.inspected:
                    kn.discard(c)
        self.loc = new
        if action is not None and action.name == "visit":
            try:
                _, b = s.find(action["building"])
            except KeyError:  # dismantled by the visit: its cards went back to a hand
                return
            self.inspected[seat] |= set(b.cards)

    def allowed(self, s: State, q: int) -> set[int]:
        """Cards whose identity seat ``q`` may see now."""
        ok = set(s.market) | set(s.discard[:4]) | set(s.hands[q]) | set(s.offers[q])
        ok |= set(s.stalls[q])
        for p in range(s.players):
            if s.step != STALL:
                ok |= set(s.stalls[p])
            for b in s.buildings[p]:
                ok.add(b.address)
                ok |= set(b.exposed)
                if p == q:
                    ok |= set(b.cards)
                if s.over and (p == s.ended_by or s.complete(b)):
                    ok |= set(b.cards)
        return ok | (self.inspected[q] & set(self.loc))


def check_view(s: State, q: int, view: dict[str, Any], allowed: set[int]) -> None:
    """Every identified card in the view is one the seat may know, and shown truthfully."""
    for zid, zone in view["zones"].items():
        for c in zone["cards"]:
            if c["card"] is None:
                assert c["uid"] is None, (zid, c)
                continue
            if c["uid"] == "royal":
                continue
            u = int(c["uid"][1:])
            assert u in allowed, f"seat {q} sees {c['card']} ({c['uid']}) in {zid} at {s.step}"
            assert s.card_of[u] == c["card"], (zid, c)


def check_permutation(s: State, q: int, view: dict[str, Any], allowed: set[int], rng: Rng) -> None:
    """Shuffling the identities of cards the seat may not know leaves its view unchanged."""
    other = GAME.copy(s)
    hidden = [u for u in range(len(s.card_of)) if u not in allowed]
    ids = [other.card_of[u] for u in hidden]
    rng.shuffle(ids)
    for u, cid in zip(hidden, ids, strict=True):
        other.card_of[u] = cid
    assert GAME.view(other, q) == view, f"seat {q}'s view depends on hidden cards at {s.step}"


@dataclass
class Stats:
    """What one property game measured."""

    steps: int = 0
    years: int = 0
    capped: bool = False
    views_checked: int = 0


def play(
    seed: int,
    players: int,
    options: dict[str, Any] | None = None,
    eps: float = 0.15,
    every: int = 40,
    replay: bool = False,
    max_steps: int = 20000,
    stop_after: int | None = None,
) -> Stats:
    """One seeded game by epsilon-greedy agents, with the per-step checks."""
    s = GAME.new_game(players, seed, options)
    rng = Rng(seed * 7919 + players)
    agent = GreedyAgent(eps)
    know = Knowledge(players)
    know.update(s, -1, None)
    moves: list[tuple[int, dict[str, Any]]] = []
    st = Stats()
    while not GAME.is_over(s):
        if stop_after is not None and st.steps >= stop_after:
            break
        views = [GAME.view(s, q) for q in range(players)]
        for q in range(players):
            allowed = know.allowed(s, q)
            check_view(s, q, views[q], allowed)
            st.views_checked += 1
            if st.steps % every == q:
                check_permutation(s, q, views[q], allowed, rng)
        seat = rng.choice(GAME.to_act(s))
        legal = GAME.legal_actions(s, seat)
        assert legal, f"seat {seat} has no legal action at {s.step}/{s.sub}"
        action = agent.choose(GAME, views[seat], seat, legal, rng)
        GAME.apply(s, seat, action)
        moves.append((seat, action.to_json()))
        know.update(s, seat, action)
        st.steps += 1
        assert sorted(all_uids(s)) == list(range(101)), "a card was lost or duplicated"
        assert min(s.coins) >= 0
        if st.steps % every == 0:
            back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
            assert state_digest(GAME, back) == state_digest(GAME, s)
        assert st.steps < max_steps, "runaway game"
    for q in range(players):
        check_view(s, q, GAME.view(s, q), know.allowed(s, q))
    if replay:
        again = GAME.replay(players, seed, options, moves)
        assert state_digest(GAME, again) == state_digest(GAME, s)
    st.years, st.capped = s.year, s.capped
    return st
