"""Planted bugs for the conformance kit: each leaks hidden cards one way, and a test asserts
that the kit catches it (``test_conformance.py``).  Module-level so that the fairness
check's isolated worlds (``fair_worlds.py``) can build them."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.games.majesty.game import MajestyGame

_SALT = 0x7AB1E70B
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


class LeakyView(MajestyGame):
    """Majesty whose view tells the deck order."""

    def describe(self, state: Any, seat: int | None) -> dict[str, Any]:
        out = dict(super().describe(state, seat))  # the game's parts may be read-only
        out["public"] = dict(out["public"], deck_order=[self.zones.uid(c) for c in state.deck])
        return out


class CopyingDeal(MajestyGame):
    """Majesty whose determinize copies the real state it saw last (a peek through the game)."""

    last: Any = None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        type(self).last = state
        return super().legal_actions(state, seat)

    def determinize(self, view: Any, seat: int, rng: Rng) -> Any:
        return self.copy(type(self).last)


class HonestCopyingDeal(CopyingDeal):
    """:class:`CopyingDeal` with Majesty's own determinize: only its class attribute leaks."""

    determinize = MajestyGame.determinize


def deck_peeker(game: Game) -> Any:
    """An agent that reads the true deck through the game object and picks by its top card."""
    return _ByDeck(lambda: getattr(type(game), "last", None))


#: a module-level cache keyed by the real deal, as Aristocracy's action cache once was
DEALS: dict[tuple[int, ...], Any] = {}


class CachingDeal(MajestyGame):
    """Majesty that remembers every deal it met in a module-level cache (keyed by the deck)."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        DEALS.setdefault(tuple(state.deck), state)
        return super().legal_actions(state, seat)


def cache_peeker(game: Game) -> Any:
    """An agent that reads the first deal its process met out of the module-level cache."""
    return _ByDeck(lambda: next(iter(DEALS.values()), None))


class _ByDeck:
    """Picks by the top card of a deck it found somewhere it should not have looked."""

    name = "peeker"

    def __init__(self, find: Any) -> None:
        self.find = find

    def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        state = self.find()
        return legal[state.deck[-1] % len(legal)] if state is not None and state.deck else legal[0]


def leaky_seat_rng(deal_seed: int, seat: int) -> Rng:
    """The agents' generators as the play loop made them before issue 19: one SplitMix step
    from the *deal's* seed — invertible, so the agent can recover the deal."""
    return Rng(Rng(((deal_seed & _MASK) << 8) ^ (seat + 1) ^ _SALT).next64())


def _unshift(z: int, k: int) -> int:
    """Inverse of ``z ^ (z >> k)`` on 64 bits."""
    out = z
    for _ in range(64 // k):
        out = z ^ (out >> k)
    return out


def recover_deal_seed(rng: Rng, seat: int) -> int:
    """What a peeking agent does with a fresh :func:`leaky_seat_rng`: undo the SplitMix step."""
    z = _unshift(rng.state, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    z = _unshift(z, 30)
    x = (z - _GOLDEN) & _MASK
    return (x ^ _SALT ^ (seat + 1)) >> 8


class _SeedPeeker:
    """Recovers the deal's seed from its generator, deals that game again and picks by the
    top card of its deck."""

    name = "seed-peeker"

    def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        players = view["public"]["players"]
        state = game.new_game(players, recover_deal_seed(rng, seat))
        return legal[state.deck[-1] % len(legal)] if state.deck else legal[0]


def seed_peeker(game: Game) -> Any:
    """The agent of :class:`_SeedPeeker`."""
    return _SeedPeeker()
