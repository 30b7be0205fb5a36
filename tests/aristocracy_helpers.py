"""Helpers for Aristocracy scenario tests: hand-made positions and quick moves."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.games.aristocracy import GAME
from tabletop.games.aristocracy.state import ACTIONS, Building, State

TOTAL = 101


def blank(players: int = 3, herald: int = 0, **options: Any) -> State:
    """A started game with every card swept back into the draw pile (no decision yet)."""
    s = GAME.new_game(players, 0, options or None)
    total = len(s.card_of)  # 101, or 49 in the shorter game (one deck)
    s.draw = list(range(total))
    s.discard, s.market = [], []
    s.hands = [[] for _ in range(players)]
    s.stalls = [[] for _ in range(players)]
    s.offers = [[] for _ in range(players)]
    s.buildings = [[] for _ in range(players)]
    s.seen = [0] * total
    s.herald = herald
    s.coins = [3] * players
    return s


def pull(s: State, card_id: str) -> int:
    """Take a copy of ``card_id`` out of the draw pile and return its uid."""
    u = next(u for u in s.draw if s.card_of[u] == card_id)
    s.draw.remove(u)
    return u


def pulls(s: State, *card_ids: str) -> list[int]:
    """Several :func:`pull` at once."""
    return [pull(s, c) for c in card_ids]


def build(s: State, seat: int, address: str, *cards: str) -> Building:
    """Give ``seat`` a building made of these cards (owner knows them)."""
    b = Building(pull(s, address), pulls(s, *cards))
    for c in b.cards:
        s.seen[c] = 1 << seat
    s.buildings[seat].append(b)
    return b


def activate(s: State, seat: int, slots: int | None = None) -> None:
    """Make ``seat`` the active player with one action per stall card."""
    s.step = ACTIONS
    s.eligible = [bool(st) for st in s.stalls]
    s.eligible[seat] = True
    s.acted = [False] * s.players
    s.active = seat
    s.slots = len(s.stalls[seat]) if slots is None else slots
    s.sub = ""


def do(s: State, seat: int, name: str, **args: Any) -> list:
    """Apply the named action (the engine checks it is legal)."""
    return GAME.apply(s, seat, Action.make(name, **args))


def names(s: State, seat: int) -> set[str]:
    """Names of the legal actions of ``seat``."""
    return {a.name for a in GAME.legal_actions(s, seat)}


def count_cards(s: State) -> int:
    """Every physical card wherever it lies."""
    n = len(s.draw) + len(s.discard) + len(s.market)
    n += sum(map(len, s.hands)) + sum(map(len, s.stalls)) + sum(map(len, s.offers))
    for bs in s.buildings:
        for b in bs:
            n += 1 + len(b.cards) + (b.production >= 0)
    return n


def all_uids(s: State) -> list[int]:
    """Every uid wherever it lies (to check none is lost or duplicated)."""
    out = s.draw + s.discard + s.market
    for p in range(s.players):
        out += s.hands[p] + s.stalls[p] + s.offers[p]
        for b in s.buildings[p]:
            out += [b.address, *b.cards] + ([b.production] if b.production >= 0 else [])
    return out


def commit_all(s: State, action: str = "stall_ready") -> None:
    """Every seat still to decide presses the same button (empty stalls, no Ball, …)."""
    for p in GAME.to_act(s):
        do(s, p, action)
