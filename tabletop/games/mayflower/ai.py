"""Mayflower's AI: a greedy agent that answers every decision, and the search's hooks.

The greedy agent sees only its view: it rebuilds a state from it under a fixed seed (the
unseen cards dealt at random, which its rules never read) and judges with the same value
functions the rules use.  In short:

* Fortify with the weakest spade when it holds another, or with a lone small one.
* Attack with every club that would still be worth something, each at the rival where it
  hurts most (diamonds on show to take, weak defences, few hit points, a wealthy leader);
  the Jack's +2 goes on the strongest club.
* Parry the most dangerous attacks first, each with the smallest spade that holds.
* Heal what is missing without wasting much, and always enough to survive if it can.
* Keep King's Hoard diamonds hidden.
* Spend a joker on an attack on itself it cannot parry that would cost at least 5 hit
  points or a diamond, on a joker against its own play, or on a heal that would save a
  rival from elimination.  Use Diplomacy and Enemy of my Enemy on the worst attack on it.
* Favours (M25): ask for a parry or a heal when it would save at least 5 hit points or a
  diamond, call a favour in on the same terms, help when the card given is cheap next to a
  favour (worth less as the seasons pass), accept a diamond of at least 5 for a token,
  never pay diamonds for tokens.

The search's evaluation shares the win out by a softmax of each seat's worth (diamonds, hit
points, cards in hand); eliminated seats are worth nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.engine.heuristic import ViewGreedy, softmax_shares
from tabletop.games.mayflower import commit_moves, favours
from tabletop.games.mayflower.data import MAX_HP, SEASONS, catalog
from tabletop.games.mayflower.state import (
    ASK_STEP,
    ATTACK,
    CALL_STEP,
    DEFEND,
    DIPLOMACY_STEP,
    FAVOUR_STEP,
    FORTIFY,
    HEART,
    HOARD_STEP,
    JOKER,
    OFFER_STEP,
    REACT,
    REBUILD,
    MayflowerState,
)
from tabletop.games.mayflower.values import (
    attack_value,
    diamond_total,
    diamond_value,
    fortification,
    played_value,
)
from tabletop.games.mayflower.view import rebuild

FAVOUR_WORTH = 4.0  # a favour, in card points
SAVE_HP = 5  # damage worth a joker, a favour or a call


def _index() -> dict[str, int]:
    return catalog().index


def _card(action: Action) -> int:
    return _index()[action["card"]]


def _pick(legal: list[Action], name: str, **args: Any) -> Action | None:
    for a in legal:
        if a.name == name and all(a.get(k) == v for k, v in args.items()):
            return a
    return None


def _first(legal: list[Action], *names: str) -> Action:
    for name in names:
        for a in legal:
            if a.name == name:
                return a
    return legal[-1]


class GreedyAgent(ViewGreedy):
    """Plays every decision of Mayflower by the rules of thumb of the module's docstring."""

    def decide(self, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The best of ``legal`` for ``seat``, judged from ``view`` only."""
        return greedy_choice(rebuild(view, seat, Rng(0)), seat, legal)


def greedy_choice(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    """The greedy choice in a (determinized) state."""
    play = _BY_STEP.get(s.stack[-1].step)
    return legal[0] if play is None else play(s, seat, legal)


# --- commits -------------------------------------------------------------------------------------
def _fortify(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    spades = sorted(
        (a for a in legal if a.name == commit_moves.FORTIFY_WITH),
        key=lambda a: played_value(s, _card(a), seat),
    )
    if len(spades) >= 2 or (spades and played_value(s, _card(spades[0]), seat) <= 5):
        return spades[0]
    return _first(legal, commit_moves.NO_FORTIFY)


def _target_worth(s: MayflowerState, seat: int, target: int, final: int, claimed: int) -> float:
    """How much a club worth ``final`` against ``target`` is worth to ``seat``."""
    if final <= 0:
        return -1.0
    shown = sorted(diamond_value(s, d, target) for d in s.diamonds[target])
    loot = shown[claimed] if claimed < len(shown) else 0
    kill = 3.0 if s.hp[target] - final <= 0 else 0.0
    lead = 0.2 * diamond_total(s, target, hand=False)
    return final + 1.5 * loot + kill + lead


def _attack(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    planned = s.stack[-1].data["secret"].get(str(seat)) or []
    claimed: dict[int, int] = {}
    for _c, t, _b in planned:
        claimed[t] = claimed.get(t, 0) + 1
    best, best_v = None, 0.5
    for a in legal:
        if a.name != commit_moves.ATTACK_WITH:
            continue
        card, target, boost = _card(a), a["target"], a["boost"]
        final = played_value(s, card, seat, boost) - fortification(s, target)
        v = _target_worth(s, seat, target, final, claimed.get(target, 0))
        v += 0.01 * played_value(s, card, seat)  # strongest clubs first (the +2 on them)
        if v > best_v:
            best, best_v = a, v
    return best or _first(legal, commit_moves.ATTACK_DONE)


def _defend(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    options = [a for a in legal if a.name == commit_moves.PARRY_WITH]
    if not options:
        return _first(legal, commit_moves.DEFEND_DONE)

    def danger(a: Action) -> tuple[int, int]:
        f = s.fights[a["fight"]]
        return (attack_value(s, f), -played_value(s, _card(a), seat, a["boost"]))

    return max(options, key=danger)


def _rebuild(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    planned = s.stack[-1].data["secret"].get(str(seat)) or []
    hp = s.hp[seat] + sum(played_value(s, h[0], seat) for h in planned)
    hearts = sorted(
        (a for a in legal if a.name == commit_moves.HEAL_WITH),
        key=lambda a: played_value(s, _card(a), seat),
    )
    if not hearts:
        return _first(legal, commit_moves.REBUILD_DONE)
    missing = MAX_HP - hp
    if hp <= 0:  # survive first: the largest heart
        return hearts[-1]
    fitting = [a for a in hearts if played_value(s, _card(a), seat) <= missing]
    if fitting and missing >= 6:
        return fitting[-1]
    return _first(legal, commit_moves.REBUILD_DONE)


# --- reactions -----------------------------------------------------------------------------------
def _react(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    for a in legal:
        if a.name == commit_moves.COUNTER and _worth_a_joker(s, seat, a["play"]):
            return a
    for a in legal:
        if a.name == commit_moves.DIPLOMACY_MOVE and _unparried_threat(s, seat, a["fight"]):
            return a
    redirects = [a for a in legal if a.name == commit_moves.ENEMY_MOVE]
    mine = [a for a in redirects if s.fights[a["fight"]]["to"] == seat]
    if mine:
        return max(mine, key=lambda a: _redirect_worth(s, seat, a))
    return _first(legal, commit_moves.PASS)


def _redirect_worth(s: MayflowerState, seat: int, a: Action) -> float:
    f = dict(s.fights[a["fight"]], to=a["target"])
    return attack_value(s, f) + 0.5 * diamond_total(s, a["target"], hand=False)


def _unparried_threat(s: MayflowerState, seat: int, fight_id: int) -> bool:
    """An attack on ``seat`` its own spades cannot parry and that hurts."""
    f = s.fights[fight_id]
    worth = attack_value(s, f)
    spades = [c for c in s.hands[seat] if catalog().suits[c] == "s"]
    can = any(played_value(s, c, seat, True) >= worth for c in spades)
    return not can and (worth >= SAVE_HP or bool(s.diamonds[seat]))


def _worth_a_joker(s: MayflowerState, seat: int, pid: int) -> bool:
    p = s.plays[pid]
    kind = p["kind"]
    if kind == "club":
        f = s.fights[p["fight"]]
        return f["to"] == seat and _unparried_threat(s, seat, f["id"])
    if kind == JOKER:
        return s.plays[p["target"]]["seat"] == seat  # protect one's own play
    if kind == HEART:
        target = p["target"]
        return target != seat and s.hp[target] <= 0 < s.hp[target] + played_value(
            s, p["card"], p["seat"]
        )
    if kind in ("redirect", "call"):
        return p.get("target") == seat or p.get("debtor") == seat
    return False


def _diplomacy_answer(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    spades = [c for c in s.hands[seat] if catalog().suits[c] == "s"]
    parries = [a for a in legal if a.name == commit_moves.DIPLO_PARRY]
    if parries and len(spades) >= 2:
        return min(parries, key=lambda a: played_value(s, _card(a), seat, a["boost"]))
    return _first(legal, commit_moves.DIPLO_DECLINE)


# --- favours (M25) -------------------------------------------------------------------------------
def _favour_round(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    phase = s.stack[-1].data["phase"]
    for name in (favours.CALL_IN, favours.ASK):
        for a in legal:
            if a.name == name and _help_needed(s, seat, phase, a["subject"]):
                return a
    return _first(legal, favours.FAVOURS_DONE)


def _help_needed(s: MayflowerState, seat: int, phase: str, subject: int) -> bool:
    """Whether help would save at least 5 hit points or a diamond (M25)."""
    if phase == DEFEND:
        f = s.fights[subject]
        spades = [c for c in s.hands[seat] if catalog().suits[c] == "s"]
        mine = any(played_value(s, c, seat, True) >= attack_value(s, f) for c in spades)
        return not mine and (attack_value(s, f) >= SAVE_HP or bool(s.diamonds[seat]))
    if phase == REBUILD:
        hearts = sum(played_value(s, c, seat) for c in s.hands[seat] if catalog().suits[c] == "h")
        return s.hp[seat] + hearts <= 0 or MAX_HP - s.hp[seat] >= 2 * SAVE_HP
    return False  # the greedy agent does not buy attacks


def _help(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    cards = [a for a in legal if a.name in (favours.HELP, favours.GIVE)]
    if not cards:
        return legal[-1]
    cheapest = min(cards, key=lambda a: played_value(s, _card(a), seat, a["boost"]))
    if s.stack[-1].step == CALL_STEP:
        return cheapest
    if s.stack[-1].data.get("gift"):  # a gift earns nothing: the greedy agent keeps its card
        return _first(legal, favours.DECLINE_HELP)
    k = 1.2 - 0.25 * (s.season - 1) / max(1, SEASONS - 1)
    if played_value(s, _card(cheapest), seat) < k * FAVOUR_WORTH:
        return cheapest
    return _first(legal, favours.DECLINE_HELP)


def _offer(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    d = s.stack[-1].data
    if d["kind"] == favours.BUY_BACK and diamond_value(s, d["card"], d["from"]) >= 5:
        return _first(legal, favours.ACCEPT_OFFER)
    return _first(legal, favours.REFUSE_OFFER)


# --- hooks for the generic IS-MCTS ---------------------------------------------------------------
def worth(s: MayflowerState, seat: int) -> float:
    """Diamonds, hit points and cards in hand; nothing once eliminated."""
    if s.out[seat]:
        return 0.0
    return diamond_total(s, seat) + 0.3 * max(0, s.hp[seat]) + 0.3 * len(s.hands[seat])


def win_shares(game: Game, s: MayflowerState) -> list[float]:
    """Each seat's share of the win (the winners' once the game is over)."""
    if s.over:
        w = s.winners
        return [1.0 / len(w) if p in w else 0.0 for p in range(s.players)]
    values = [worth(s, p) for p in range(s.players)]
    return softmax_shares(values, 3.0 + 2.0 * (SEASONS - s.season), s.out)


def policy(game: Game, s: MayflowerState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The greedy choice on the search's own determinized state."""
    return greedy_choice(s, seat, legal)


def hooks() -> dict[str, Any]:
    """The hooks, as a dict of :class:`tabletop.ai.hooks.AIHooks` fields."""
    return {
        "policy": policy,
        "evaluate": win_shares,
        # the tree search's rollouts (mcts:N agents): 12 decisions (a commit or a window or
        # two), then the evaluation
        "cutoff": 12,
        "max_game_length": 20000,
        # Hard: the paired search (tabletop.ai.paired), not a tree: the greedy move and two
        # others drawn at random, each played out to the end of the game by the greedy rules
        # in the same 40 dealt worlds; another move replaces the greedy one only when better
        # by one standard error of the paired differences. Against greedy over 200 games:
        # 64.0 % at 0.105 s CPU a decision; with play-outs cut after 12 steps (100 worlds)
        # 57.0 %, and the tree search (1,500 iterations) 57.5 % of 40 at 1.05 s (docs/ai.md)
        # Normal: the same paired search with a quarter of the worlds and 10 % random moves.
        # The default Normal, a tree of 300 iterations with random rollouts, played as well
        # as Hard (Hard won 52.9 % of 140 games against it); the ladder is in docs/ai.md
        # Easy: the greedy rules with 40 % random moves (the default 30 % left Normal over
        # Easy at 59.5 % of 200, short of the ladder's 60 %: a luck-heavy game needs the
        # wider step; with 40 % Normal won 63.5 % of 200, --seed 7001 --ai-seed 7002)
        "levels": {
            "easy": {"noise": 0.4},
            "normal": {
                "paired": 3,
                "iterations": 10,
                "time_limit": 0.45,
                "cutoff": -1,
                "anchor": 1.0,
                "noise": 0.1,
            },
            "hard": {
                "paired": 3,
                "iterations": 40,
                "time_limit": 1.0,
                "cutoff": -1,
                "anchor": 1.0,
                # progressive widening: after n worlds ceil(sqrt(n)) moves are compared, so
                # every legal move of a decision with up to 7 is searched (a buy-back too)
                "widen": 1.0,
            },
        },
    }


def _hoard_done(s: MayflowerState, seat: int, legal: list[Action]) -> Action:
    return _first(legal, commit_moves.HOARD_DONE)


#: the greedy rules of each step (a step not named here takes the first legal move)
_BY_STEP: dict[str, Callable[[MayflowerState, int, list[Action]], Action]] = {
    FORTIFY: _fortify,
    ATTACK: _attack,
    DEFEND: _defend,
    REBUILD: _rebuild,
    HOARD_STEP: _hoard_done,
    REACT: _react,
    DIPLOMACY_STEP: _diplomacy_answer,
    FAVOUR_STEP: _favour_round,
    ASK_STEP: _help,
    CALL_STEP: _help,
    OFFER_STEP: _offer,
}
