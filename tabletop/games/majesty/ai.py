"""Majesty's AI: a greedy agent, and the hooks of the generic search.

The greedy agent takes the best immediate gain plus a projection of final scoring.  It sees
only its view: it rebuilds a state under a fixed seed (the deck order never changes what
one move earns), tries every legal action, follows its own follow-up decisions (exchange,
heal) and scores the result.  The search's evaluation turns each seat's worth (points, final
scoring if the game ended now, meeples in hand) into a share of the win with a softmax whose
temperature shrinks as the game nears its end.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.engine.heuristic import ViewGreedy, softmax_shares
from tabletop.games.majesty.data import CHARACTERS, CHARACTERS_PER_PLAYER, INFIRMARY
from tabletop.games.majesty.locations import side_of
from tabletop.games.majesty.moves import DONE, TAKE
from tabletop.games.majesty.state import BREAKDOWN_FINAL, MajestyState
from tabletop.games.majesty.view import rebuild


def _game() -> Game:
    from tabletop.games.majesty import GAME

    return GAME


MEEPLE_VALUES = (0.0, 1.4, 2.6, 3.6, 4.4, 5.0)  # worth of holding 0..5 meeples
MAJORITY_WEIGHT = 0.5
OPPONENT_WEIGHT = 0.5
MAX_FOLLOW_UP = 6


def projected(s: MajestyState, seat: int) -> float:
    """Points ``seat`` would get from final scoring if the game ended now (majority halved)."""
    realm = s.realms[seat]
    inf = side_of(s, INFIRMARY)
    value: float = -inf.penalty_per_card * len(realm[INFIRMARY])
    k = sum(1 for loc in range(INFIRMARY) if realm[loc])
    value += k * k
    for loc in range(INFIRMARY + 1):
        L = side_of(s, loc)
        if L.majority is None:
            continue
        mine = len(realm[loc])
        best = max(len(r[loc]) for r in s.realms)
        if mine >= 1 and mine == best:
            value += MAJORITY_WEIGHT * L.majority
    return value


def evaluate(s: MajestyState, seat: int) -> float:
    """Own points, projection and meeples, minus half the average opponent."""
    worth = [s.scores[p] + (0 if s.over else projected(s, p)) for p in range(s.players)]
    own = worth[seat] + MEEPLE_VALUES[min(s.meeples[seat], len(MEEPLE_VALUES) - 1)]
    others = [w for p, w in enumerate(worth) if p != seat]
    return own - OPPONENT_WEIGHT * sum(others) / len(others)


def value_after(s: MajestyState, seat: int, action: Action, depth: int = 0) -> float:
    """The evaluation after ``action``, following own follow-up decisions greedily."""
    game = _game()
    s = s.clone()
    game._apply(s, seat, action)
    if not s.over and s.current == seat and s.pending and depth < MAX_FOLLOW_UP:
        return max(value_after(s, seat, a, depth + 1) for a in game.legal_actions(s, seat))
    if s.pending and s.current == seat:  # too deep: close the decision
        done = [a for a in game.legal_actions(s, seat) if a.name == DONE]
        if done:
            game._apply(s, seat, done[0])
    return evaluate(s, seat)


class GreedyAgent(ViewGreedy):
    """Chooses the action with the best evaluation one move ahead (ties broken by ``rng``)."""

    def decide(self, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The best of ``legal`` for ``seat``, judged from ``view`` only."""
        return best_action(rebuild(view, seat, Rng(0)), seat, legal, rng)


def best_action(s: MajestyState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The action of ``legal`` with the best :func:`value_after` in ``s`` (ties by ``rng``)."""
    scored = [(value_after(s, seat, a), i) for i, a in enumerate(legal)]
    best = max(v for v, _ in scored)
    top = [legal[i] for v, i in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


# --- hooks for the generic IS-MCTS (tabletop.ai) ----------------------------------------
def worth(s: MajestyState, seat: int) -> float:
    """Points now, plus final scoring if it happened now, plus the meeples' worth."""
    if s.over:
        return float(s.scores[seat])
    meeples = MEEPLE_VALUES[min(s.meeples[seat], len(MEEPLE_VALUES) - 1)]
    return s.scores[seat] + projected(s, seat) + meeples


def win_shares(game: Game, s: MajestyState) -> list[float]:
    """Each seat's share of the win, estimated from the worths (softmax)."""
    values = [worth(s, p) for p in range(s.players)]
    left = max(0, CHARACTERS_PER_PLAYER * s.players - s.turn) / s.players
    return softmax_shares(values, 4.0 + 2.0 * left)


def policy(game: Game, s: MajestyState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy agent's move, judged on the search's own determinized state (no view)."""
    return best_action(s, seat, legal, rng)


def futile(game: Game, view: dict[str, Any], seat: int, action: Action) -> str:
    """Why ``action`` cannot succeed, from the view ("" when it can): a character placed at a
    location that attacks (the Knight at the Barracks) when the attack wounds nobody."""
    if action.name != TAKE:
        return ""
    s = rebuild(view, seat, Rng(0))
    loc = CHARACTERS.index(action["character"])
    if side_of(s, loc).signpost != "attack":
        return ""
    wounded = [len(realm[INFIRMARY]) for realm in s.realms]
    game._apply(s, seat, action)
    if any(len(r[INFIRMARY]) > wounded[p] for p, r in enumerate(s.realms) if p != seat):
        return ""
    return "its attack would wound nobody"


def hooks() -> dict[str, Any]:
    """The hooks, as a dict of :class:`tabletop.ai.hooks.AIHooks` fields."""
    return {
        "policy": policy,
        "futile": futile,
        "evaluate": win_shares,
        "cutoff": 4,
        # the end-game scoring's parts, which a game-ending move's points now leave out
        "final_scoring": BREAKDOWN_FINAL,
        "max_game_length": 400,
        # measured (docs/ai.md): with the evaluation after 4 steps, uniformly random rollouts
        # play as well as greedy ones at equal iterations and cost a quarter of the time,
        # and 1500 iterations beat 150 in 82 % of games
        "levels": {
            "normal": {"iterations": 150, "time_limit": 0.45, "game_policy": False, "prior": False},
            "hard": {"iterations": 1500, "time_limit": 1.5, "game_policy": False, "prior": False},
        },
    }
