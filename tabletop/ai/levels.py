"""The difficulty levels: what budget and which rollouts each one gets."""

from __future__ import annotations

from dataclasses import replace

from tabletop.ai.agents import HeuristicAgent, ISMCTSAgent
from tabletop.ai.hooks import hooks_for
from tabletop.ai.ismcts import SearchConfig
from tabletop.engine import Game

#: Normal: a modest search with uniformly random rollouts cut off by the evaluation.
NORMAL = SearchConfig(
    iterations=300, time_limit=0.45, exploration=0.7, game_policy=False, prior=False
)
#: Hard: several times the budget and the game's own rollout policy.
HARD = SearchConfig(iterations=1500, time_limit=1.8, exploration=0.7, game_policy=True)
#: the anchor margin of mcts:N:C:a (see SearchConfig.anchor)
ANCHOR = 1.5
#: Easy's chance of a random move instead of the heuristic one (a game's hooks may set
#: its own: ``levels={"easy": {"noise": ...}}``).
EASY_NOISE = 0.3


def easy_noise(game: Game) -> float:
    """Easy's blunder rate in ``game``."""
    return float(hooks_for(game).levels.get("easy", {}).get("noise", EASY_NOISE))


def level_config(kind: str, game: Game) -> SearchConfig | None:
    """The search configuration of a level (``None`` for levels that do not search)."""
    tuned = hooks_for(game).levels
    base = {"normal": NORMAL, "hard": HARD}.get(kind)
    if kind.startswith("mcts:"):  # mcts:ITERATIONS[:CUTOFF[:FLAGS]], no time cap or move budget
        # FLAGS: r = random rollouts (no prior), p = heuristic prior, a = anchored,
        # h = rollouts by the view heuristic
        hard = level_config("hard", game) or HARD
        parts = kind.split(":")
        cutoff = int(parts[2]) if len(parts) > 2 and parts[2] else hard.cutoff
        flags = parts[3] if len(parts) > 3 else None
        return replace(
            hard,
            iterations=int(parts[1]),
            moves_per_iteration=None,  # exactly ITERATIONS: no move budget on top
            time_limit=None,
            cutoff=cutoff,
            game_policy=hard.game_policy if flags is None else "r" not in flags,
            prior=hard.prior if flags is None else "r" not in flags or "p" in flags,
            anchor=hard.anchor if flags is None else (ANCHOR if "a" in flags else None),
            heuristic_rollouts=hard.heuristic_rollouts if flags is None else "h" in flags,
        )
    if kind in tuned and kind in ("normal", "hard"):
        found = tuned[kind]
        return found if isinstance(found, SearchConfig) else replace(base or HARD, **found)
    return base


def level_agent(kind: str, game: Game) -> HeuristicAgent | ISMCTSAgent | None:
    """The agent for a level name, or ``None`` if ``kind`` is not a level."""
    if kind == "easy":
        return HeuristicAgent("easy", easy_noise(game))
    if kind == "greedy":
        return HeuristicAgent("greedy", 0.0)
    if kind.startswith("noisy:"):  # noisy:P, the heuristic with a chance P of a random move
        return HeuristicAgent(kind, float(kind.split(":", 1)[1]))
    config = level_config(kind, game)
    return ISMCTSAgent(kind, config) if config is not None else None
