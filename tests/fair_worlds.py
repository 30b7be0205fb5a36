"""Decisions taken in isolated worlds: a fresh process that has seen one state only.

The conformance kit's fairness check asks an agent to decide in two states its seat cannot
tell apart.  Asked in the test's own process, an agent that peeks through something the
process remembers (a module-level cache filled by the real game, a class attribute of the
game, the seed its generator came from) would read the *same* real deal in both and decide
alike — the peek would go unseen.  So each state is decided in a world of its own: a process
forked from a pristine zygote process (modules imported, no game ever dealt) that loads that
one state from JSON, treats it as the real one (views and legal actions as the play loop
asks them) and lets each agent choose.  A peek then reads the world's own state, and an
agent whose choice follows it decides differently in the two worlds.
"""

from __future__ import annotations

import importlib
import os
import pickle
import subprocess
import sys
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tabletop import registry
from tabletop.ai import make_agent
from tabletop.ai.agents import ISMCTSAgent
from tabletop.ai.hint import HintAgent, hard_config
from tabletop.ai.levels import level_config
from tabletop.engine import Action, Game, Rng

#: a game by registered id, or a game class built with no arguments (test doubles)
GameRef = str | type
#: an agent by name (``make_agent``, or ``shipped:LEVEL:N``, see :func:`shipped_agent`), or a
#: picklable factory ``f(game) -> agent`` (a module-level function or a partial of one)
AgentRef = str | Callable[[Game], Any]

#: what ships: the three levels and the Hint
SHIPPED_LEVELS = ("easy", "normal", "hard", "hint")
#: the dealt worlds a shipped paired search gets in the checks (in place of its CPU cap)
PAIRED_WORLDS = 2

_PRELOAD = ("canaries", "tabletop.ai.levels", "tabletop.ai.ismcts")
_ZYGOTE: subprocess.Popen[bytes] | None = None


def serve() -> None:
    """The zygote's loop: a pristine process (modules imported, no game dealt) reading
    requests on stdin; it forks one child per request, which decides, writes its answer to
    stdout and exits, so no world ever sees another's state."""
    for name in _PRELOAD:
        importlib.import_module(name)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            request = pickle.load(requests)
        except EOFError:
            return
        pid = os.fork()
        if pid == 0:  # the world
            try:
                answer: tuple[str, Any] = ("ok", decide(*request))
            except BaseException:
                answer = ("error", traceback.format_exc())
            pickle.dump(answer, answers)
            answers.flush()
            os._exit(0)
        os.waitpid(pid, 0)


def _zygote() -> subprocess.Popen[bytes]:
    """The zygote, started once as a fresh interpreter with this process's import path."""
    global _ZYGOTE
    if _ZYGOTE is None or _ZYGOTE.poll() is not None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        _ZYGOTE = subprocess.Popen(
            [sys.executable, "-c", "import fair_worlds; fair_worlds.serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
    return _ZYGOTE


def game_ref(game: Game) -> GameRef:
    """How a world finds ``game``: its id when it is the registered game, else its class."""
    registered = registry.games().get(game.info.id)
    return game.info.id if registered is game else type(game)


def _game(ref: GameRef) -> Game:
    return registry.get(ref) if isinstance(ref, str) else ref()


def shipped_agent(level: str, game: Game, budget: int) -> Any:
    """The agent ``level`` (one of :data:`SHIPPED_LEVELS`) exactly as the app builds it, but
    with its CPU cap replaced by an iteration budget of at most ``budget`` (so that its
    decision is the same on a loaded machine; a paired search, :data:`PAIRED_WORLDS`): its noise, rollouts, prior, anchor, paired
    candidates and, for the Hint, its filter and point count are the shipped ones."""
    if level == "easy":
        return make_agent("easy", game)
    config = hard_config(game) if level == "hint" else level_config(level, game)
    assert config is not None, level
    # a paired search plays each of its candidates out to the end in every world, a tree
    # search's iteration is one short play-out: it gets far fewer worlds than iterations
    limit = PAIRED_WORLDS if config.paired else budget
    config = replace(config, iterations=min(config.iterations, limit), time_limit=None)
    return HintAgent("hint", config) if level == "hint" else ISMCTSAgent(level, config)


def build(kind: AgentRef, game: Game) -> Any:
    """The agent ``kind`` names (see :data:`AgentRef`)."""
    if not isinstance(kind, str):
        return kind(game)
    if kind.startswith("shipped:"):
        _, level, budget = kind.split(":")
        return shipped_agent(level, game, int(budget))
    return make_agent(kind, game)


def decide(
    ref: GameRef, kinds: list[AgentRef], state_json: dict[str, Any], seat: int, rng_state: int
) -> list[dict[str, Any]]:
    """In this process: load the state, build the agents (as the play loop does, before the
    game is shown to them), show the state to each agent as the loop would, and return each
    agent's choice (as action JSON).  Every agent starts from ``Rng(rng_state)``."""
    game = _game(ref)
    state = game.state_from_json(state_json)
    agents = [build(kind, game) for kind in kinds]
    out = []
    for agent in agents:
        legal: list[Action] = game.legal_actions(state, seat)
        view = game.view(state, seat)
        out.append(agent.choose(game, view, seat, legal, Rng(rng_state)).to_json())
    return out


def decide_in_a_fresh_world(
    game: Game, kinds: list[AgentRef], state: Any, seat: int, rng_state: int
) -> list[dict[str, Any]]:
    """:func:`decide` in a process of its own, forked from the pristine zygote."""
    zygote = _zygote()
    assert zygote.stdin is not None and zygote.stdout is not None
    pickle.dump((game_ref(game), kinds, game.state_to_json(state), seat, rng_state), zygote.stdin)
    zygote.stdin.flush()
    status, answer = pickle.load(zygote.stdout)
    if status != "ok":
        raise RuntimeError(f"the isolated world failed:\n{answer}")
    return answer


registry.games()  # games found and their data read once, in the zygote
