"""The one headless play loop: ``simulate``, ``tournament`` and the OpenSpiel bridge use it.

Rules every driver shares, so that one seed plays one game whoever drives it:

* who moves next: the first seat of ``to_act``.  Seats of a simultaneous decision decide
  one after another in seat order; what each chose stays hidden from the others until the
  game reveals it, so the order changes nothing they can see;
* each seat's agent draws from its own :func:`seat_rng`, derived from the match's *AI seed*
  and the seat alone — never from the deal's seed: the AI seed is drawn independently, and
  the derivation is a keyed one-way hash, so an agent's generator tells it nothing about the
  deal (nor the AI seed itself);
* a game not over after ``max_steps`` actions is an error, never a silent draw.

Agents are any objects with ``choose(game, view, seat, legal, rng) -> Action``; the loop
hands them the seat's view and legal actions only (``None`` for the view of an agent whose
``reads_view`` is false: it chooses from the legal actions alone, so the view is not built).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.game import Game
from tabletop.engine.rng import Rng

MAX_STEPS = 200_000
#: the AI seed of library callers that give none (tests, benchmarks, golden recordings); the
#: ``tournament`` and ``simulate`` commands draw a fresh one unless ``--ai-seed`` is given
DEFAULT_AI_SEED = 0x7AB1E70B
_MASK = (1 << 64) - 1


class Agent(Protocol):
    """What the loop asks of a seat's player."""

    def choose(self, game: Game, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action: ...


class PlayError(Exception):
    """A game could not be played to its end; the message says at which step and why."""

    def __init__(self, message: str, over_steps: bool = False, state: Any = None) -> None:
        super().__init__(message)
        self.over_steps = over_steps
        self.state = state  # the state reached (for a game stopped at max_steps)


def derive_seed(key: int, *parts: int) -> int:
    """A 63-bit seed from ``key`` and ``parts`` by a keyed BLAKE2b hash: one-way, so the seed
    reveals neither the key nor the parts (unlike a sum or a SplitMix step, both invertible)."""
    message = b"".join((p & _MASK).to_bytes(8, "little") for p in parts)
    key_bytes = (key & _MASK).to_bytes(8, "little")
    digest = hashlib.blake2b(message, key=key_bytes, digest_size=8, person=b"tabletop-ai").digest()
    return int.from_bytes(digest, "little") >> 1


def seat_rng(ai_seed: int, seat: int) -> Rng:
    """The random generator of one seat's agent in a match whose AI seed is ``ai_seed``.

    The AI seed is drawn independently of the deal (never the deal's seed or a function of
    it): an agent that inverts its generator learns nothing about the cards.
    """
    return Rng(derive_seed(ai_seed, seat))


def no_legal_move(game: Game, state: Any, seat: int) -> str:
    """The words refusing a turn that offers ``seat`` nothing to do: the game, the seat and
    the step it waits on (the top of a kit game's decision stack), so the rule that left it
    stuck can be found."""
    stack = getattr(state, "stack", None)
    step = getattr(stack[-1], "step", None) if stack else None
    at = f" at the step {step!r}" if step else ""
    return f"{game.info.name}: seat {seat + 1} must act{at} but has no legal action"


def next_seat(game: Game, state: Any) -> int:
    """The seat that decides next: the first one ``to_act`` names."""
    waiting = game.to_act(state)
    if not waiting:
        raise PlayError("nobody may act but the game is not over")
    return waiting[0]


@dataclass
class Step:
    """One applied action."""

    step: int  # 1 for the first action
    seat: int
    action: Action
    events: list[Event]
    wall: float  # seconds the agent took to choose (wall clock)
    cpu: float  # the same in CPU time of this process
    choices: int  # how many legal actions it chose from


@dataclass
class Played:
    """A game played to its end."""

    state: Any
    steps: int
    first: int  # the first seat to act
    decisions: list[Step] = field(default_factory=list)  # kept only when asked


def play(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    agents: Sequence[Agent],
    *,
    on_start: Callable[[Any], None] | None = None,
    on_step: Callable[[Step, Any], None] | None = None,
    max_steps: int = MAX_STEPS,
    names: Sequence[str] = (),
    ai_seed: int = DEFAULT_AI_SEED,
) -> Played:
    """Play one game to its end.  ``on_step(step, state)`` follows every action.

    ``seed`` deals the cards; ``ai_seed`` (independent of it) seeds the agents' generators.

    Raises :class:`PlayError` when set-up fails, an agent picks an illegal action, a seat
    must act with no legal action, the game or an agent fails (the cause kept), or the game
    runs past ``max_steps``; the message names the step.  ``names`` label the agents in it.
    """
    try:
        state = game.new_game(players, seed, options)
    except Exception as e:
        raise PlayError(f"set-up failed: {type(e).__name__}: {e}") from e
    if on_start is not None:
        on_start(state)
    rngs = [seat_rng(ai_seed, s) for s in range(players)]
    waiting = game.to_act(state)
    first = waiting[0] if waiting else 0
    n = 0
    try:
        while not game.is_over(state):
            seat = next_seat(game, state)
            legal = game.legal_actions(state, seat)
            if not legal:
                raise PlayError(no_legal_move(game, state, seat))
            agent = agents[seat]
            view = game.view(state, seat) if getattr(agent, "reads_view", True) else None
            t0, c0 = time.perf_counter(), time.process_time()
            action = agent.choose(game, view, seat, legal, rngs[seat])
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            try:
                events = game.apply(state, seat, action)
            except IllegalAction as e:
                who = f"the {names[seat]} AI of seat" if seat < len(names) else "seat"
                raise PlayError(
                    f"{who} {seat + 1} chose an illegal action ({action}): {e.reason}"
                ) from None
            n += 1
            if on_step is not None:
                on_step(Step(n, seat, action, events, wall, cpu, len(legal)), state)
            if n >= max_steps and not game.is_over(state):
                raise PlayError(f"not over after {max_steps} actions", True, state)
    except PlayError as e:
        if e.over_steps:
            raise
        raise PlayError(f"step {n + 1}: {e}") from e.__cause__
    except Exception as e:  # a bug in the game or an agent: say where, keep the cause
        raise PlayError(f"step {n + 1}: {type(e).__name__}: {e}") from e
    return Played(state, n, first)
