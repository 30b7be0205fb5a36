"""Planted bugs for the conformance kit: each leaks hidden cards one way, and a test asserts
that the kit catches it (``test_conformance.py``).  Module-level so that the fairness
check's isolated worlds (``fair_worlds.py``) can build them."""

from __future__ import annotations

import zlib
from typing import Any

from tabletop.engine import Action, Game, Rng, state_digest
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


# --- peeks planted in the shipped agents' parts ------------------------------------------
#: the first state this process's game was asked about: in an isolated world, the real one
#: (a stand-in for any channel a bug could open: a cache, a class attribute, a global)
SEEN: list[Any] = []


def _peek(game: Game) -> int:
    """A number read off the real state's hidden cards (the views of the two worlds agree, so
    it differs between them only through what the seat may not see)."""
    return zlib.crc32(state_digest(game, SEEN[0]).encode()) if SEEN else 0


def _mix(*parts: Any) -> int:
    return zlib.crc32(repr(parts).encode())


def _plant_policy(game: Game, hooks: Any) -> None:
    def peeking(g: Game, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        return legal[_mix(_peek(g), len(legal)) % len(legal)]

    object.__setattr__(hooks, "policy", peeking)


def _plant_evaluate(game: Game, hooks: Any) -> None:
    real = hooks.evaluate

    def peeking(g: Game, state: Any) -> list[float]:
        scores = g.outcome(state).scores
        bonus = [(_mix(_peek(g), s, scores[s]) % 100) / 100 for s in range(len(scores))]
        return [(v + b) / 2 for v, b in zip(real(g, state), bonus, strict=True)]

    object.__setattr__(hooks, "evaluate", peeking)


def _plant_futile(game: Game, hooks: Any) -> None:
    real = hooks.futile

    def peeking(g: Game, view: Any, seat: int, action: Action) -> str:
        if _mix(_peek(g), action.key) % 3 == 0:
            return "it would not work (peeked)"
        return real(g, view, seat, action) if real else ""

    object.__setattr__(hooks, "futile", peeking)


class _PeekingGreedy:
    name = "greedy"

    def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        return legal[_mix(_peek(game), len(legal)) % len(legal)]


def _plant_greedy(game: Game, hooks: Any) -> None:
    real = game.heuristic_agent
    agent = _PeekingGreedy()
    # the game's greedy agent, and its heuristic hook where the game declares one
    game.heuristic_agent = lambda kind: agent if kind == "greedy" else real(kind)  # type: ignore[method-assign]
    if hooks.heuristic is not None:
        object.__setattr__(hooks, "heuristic", agent.choose)


_PLANTS = {
    "policy": _plant_policy,
    "evaluate": _plant_evaluate,
    "futile": _plant_futile,
    "greedy": _plant_greedy,
}


def planted(part: str, level: str, budget: int, game: Game) -> Any:
    """The shipped ``level`` agent (see ``fair_worlds.shipped_agent``) in a world where the
    game's ``part`` (its rollout policy, evaluation hook, hint filter or greedy agent) peeks
    at the real state.  Only ever built inside an isolated world: it rewrites the game's
    hooks for the rest of that process.  Use ``functools.partial(planted, part, level,
    budget)`` as an agent reference."""
    from fair_worlds import shipped_agent

    from tabletop.ai.hooks import hooks_for

    real_legal = game.legal_actions

    def recording(state: Any, seat: int) -> list[Action]:
        if not SEEN:
            SEEN.append(state)
        return real_legal(state, seat)

    game.legal_actions = recording  # type: ignore[method-assign]
    _PLANTS[part](game, hooks_for(game))
    if level.startswith("mcts:") or level == "greedy":  # the agents the check ran before
        from tabletop.ai import make_agent

        return make_agent(level, game)
    return shipped_agent(level, game, budget)
