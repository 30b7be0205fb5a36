"""Monarch's AI: a greedy agent answering every decision, and the hooks of the generic search.

The greedy agent sees only its view.  It rebuilds a state from it under a fixed seed, then
empties the deck and the discard pile of that scratch state, so that no refill it tries
shows it a card (the real deck order is unknown; a made-up one must not sway it).  On its
turn it tries every legal action one step ahead and keeps the best by :func:`evaluate`:
crowns now, food and gold (little beyond a dozen of each), the harvest or tax still to
take this turn, and a little for the yields of the board, minus half the rivals' average.
It sweeps only when nothing in the row is worth buying and it has gold to spare.  A pledge
is judged by what the Moon costs the sister herself if unpaid (or what its reward brings),
shared fairly with the sisters still to answer; a Court card that dismisses a guest always
dismisses the worst one; the Blight's tie is tried one step ahead.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Game, Rng
from tabletop.engine.decisions import PLEDGE
from tabletop.engine.heuristic import ViewGreedy, softmax_shares
from tabletop.games.monarch import effects as fx
from tabletop.games.monarch import flow
from tabletop.games.monarch.acquire_moves import guest_seat
from tabletop.games.monarch.data import CARDS, COURT_LIMIT, GUEST, SWEEP_COST
from tabletop.games.monarch.moves import ACQUIRE, DISMISS_GUEST, END, SWEEP, card_of
from tabletop.games.monarch.moves import PLEDGE as PLEDGE_MOVE
from tabletop.games.monarch.state import MonarchState
from tabletop.games.monarch.view import rebuild

GOLD_VALUE = 0.6  # crowns a gold is worth while there is still room to spend it
FOOD_VALUE = 0.45
HOARD = 12  # beyond this much of one resource, each more is worth a tenth
INCOME_PER_SLOT = 0.8  # harvests and taxes still to come, per empty place in the fullest court
RIVAL_WEIGHT = 0.5
MAX_FOLLOW_UP = 4
PLEDGE_THRIFT = 0.9  # a share is pledged when the Moon would cost at least 90 % of it


def _game() -> Game:
    from tabletop.games.monarch import GAME  # the package's one game, loaded by then

    return GAME


def _held_value(n: int, rate: float) -> float:
    return rate * (min(n, HOARD) + 0.1 * max(0, n - HOARD))


def future_uses(s: MonarchState) -> float:
    """How many more harvests and taxes a sister may expect, each (fewer as courts fill)."""
    left = COURT_LIMIT - max(len(c) for c in s.courts)
    return INCOME_PER_SLOT * max(0, left)


def worth(s: MonarchState, seat: int, income: bool = True) -> float:
    """Crowns now plus what food, gold and the turn's harvest or tax may still buy.

    With ``income``, the board's future yields count too (a sister judging her own
    purchases counts them for herself, not for her rivals: she uses an improvement first).
    """
    crowns = fx.crowns(s, seat)
    if s.over:
        return float(crowns)
    gold, food = s.gold[seat], s.food[seat]
    value = _held_value(gold, GOLD_VALUE) + _held_value(food, FOOD_VALUE)
    if income:
        value += (
            future_uses(s)
            * (
                fx.harvest_food(s) * FOOD_VALUE
                + fx.tax_gold(s) * GOLD_VALUE
                - fx.villages(s) * FOOD_VALUE
            )
            / 2
        )
    if seat == s.current and not s.acted and not s.open_question:
        harvest = fx.harvest_food(s) * FOOD_VALUE
        villages = fx.villages(s)
        tax = fx.tax_gold(s) * GOLD_VALUE - villages * FOOD_VALUE if food >= villages else 0.0
        value += max(harvest, tax)
    return crowns + value


def evaluate(s: MonarchState, seat: int) -> float:
    """Own worth minus half the rivals' average."""
    rivals = [worth(s, p, False) for p in range(s.players) if p != seat]
    return worth(s, seat) - RIVAL_WEIGHT * sum(rivals) / len(rivals)


def scratch(view: Any, seat: int) -> MonarchState:
    """The view as a state with no cards to draw (refills in it show nothing)."""
    s = rebuild(view, seat, Rng(0))
    s.deck.clear()
    s.discard.clear()
    return s


def value_after(s: MonarchState, seat: int, action: Action, depth: int = 0) -> float:
    """The evaluation after ``action``, following the seat's own follow-up questions."""
    game = _game()
    s = s.clone()
    game._apply(s, seat, action)
    if not s.over and s.open_question and s.top.seat == seat and depth < MAX_FOLLOW_UP:
        legal = game.legal_actions(s, seat)
        if legal:
            return max(value_after(s, seat, a, depth + 1) for a in legal)
    return evaluate(s, seat)


def best_action(s: MonarchState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The action of ``legal`` a greedy sister prefers in ``s``."""
    top = s.top
    if top.kind == PLEDGE:
        return choose_pledge(s, seat, legal)
    if top.step == "dismiss":
        worst = [a for a in legal if a.name == DISMISS_GUEST]
        if worst:
            return min(worst, key=lambda a: CARDS[card_of(a["card"])].crowns)
        return legal[0]
    tried = [a for a in legal if a.name != SWEEP]
    scored = [(value_after(s, seat, a), i) for i, a in enumerate(tried)]
    best = max(v for v, _ in scored)
    top_actions = [tried[i] for v, i in scored if v >= best - 1e-9]
    pick = top_actions[0] if len(top_actions) == 1 else rng.choice(top_actions)
    if pick.name == END and _should_sweep(s, seat, legal):
        return next(a for a in legal if a.name == SWEEP)
    return pick


def _should_sweep(s: MonarchState, seat: int, legal: list[Action]) -> bool:
    """Sweep when the row offers nothing worth buying and gold is left to buy with after."""
    if not any(a.name == SWEEP for a in legal) or not s.acted:
        return False
    if s.gold[seat] < SWEEP_COST + 3 or len(s.courts[seat]) >= COURT_LIMIT:
        return False
    return not any(a.name == ACQUIRE and CARDS[card_of(a["card"])].kind == "court" for a in legal)


def choose_pledge(s: MonarchState, seat: int, legal: list[Action]) -> Action:
    """Pledge a fair share when the Moon would cost this sister more than the share."""
    frame = s.top
    res = frame.data["resource"]
    rate = GOLD_VALUE if res == "gold" else FOOD_VALUE
    remaining = frame.data["need"] - frame.data["total"]
    later = frame.seats[frame.at + 1 :]
    held = s.gold if res == "gold" else s.food
    limit = max(int(a["amount"]) for a in legal)
    capacity = sum(min(held[p], remaining) for p in later)
    if limit + capacity < remaining:
        return _pledge_of(legal, 0)  # hopeless: the others cannot make up the rest
    share = max(-(-remaining // (1 + len(later))), remaining - capacity)
    amount = min(limit, share)
    if stake(s, seat, frame.data["moon"]) + 1e-9 < PLEDGE_THRIFT * amount * rate:
        amount = 0
    return _pledge_of(legal, amount)


def _pledge_of(legal: list[Action], amount: int) -> Action:
    for a in legal:
        if a.name == PLEDGE_MOVE and int(a["amount"]) == amount:
            return a
    return legal[0]


def stake(s: MonarchState, seat: int, moon: int) -> float:
    """What an unanswered Moon costs ``seat`` (a lost penalty or a missed reward), in crowns."""
    c = CARDS[moon]
    before = s.clone()
    before.stack = before.stack[:1]
    after = before.clone()
    flow.moon_effect(after, moon, [])
    after.stack = after.stack[:1]
    gained = worth(after, seat) - worth(before, seat)
    return gained if c.when == "paid" else -gained


class GreedyAgent(ViewGreedy):
    """Plays every decision of Monarch from its view (ties broken by ``rng``)."""

    def decide(self, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The best of ``legal`` for ``seat``, judged from ``view`` only."""
        return best_action(scratch(view, seat), seat, legal, rng)


# --- hooks for the generic IS-MCTS (tabletop.ai) ----------------------------------------
def win_shares(game: Game, s: MonarchState) -> list[float]:
    """Each seat's share of the win, estimated from the worths (softmax)."""
    values = [worth(s, p) for p in range(s.players)]
    left = max(1, COURT_LIMIT - max(len(c) for c in s.courts))
    return softmax_shares(values, 3.0 + 1.5 * left)


def policy(game: Game, s: MonarchState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A fast rollout move on the search's own state: rules of thumb, no look-ahead.

    Harvest or tax (whichever gives more), fly a banner, buy the Court card with the best
    crowns for its cost (replacing the weakest card of a full court), else end the turn;
    pledges, dismissals and the Blight as the greedy agent answers them.
    """
    if len(legal) == 1:
        return legal[0]
    top = s.top
    if top.kind == PLEDGE or top.step == "dismiss":
        return best_action(s, seat, legal, rng)
    if top.step != "turn":
        return legal[0]
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.name, []).append(a)
    if "harvest" in by:
        food = fx.harvest_food(s) * FOOD_VALUE
        tax = fx.tax_gold(s) * GOLD_VALUE - fx.villages(s) * FOOD_VALUE
        return by["tax"][0] if "tax" in by and tax > food else by["harvest"][0]
    if "fly" in by:
        return by["fly"][0]
    best, best_gain = None, 0.5
    court = s.courts[seat]
    weakest = min((fx.court_value(s, seat, c) for c in court), default=0)
    # in the last round (a court is full) food and gold left over are worth nothing
    last = any(len(c) >= COURT_LIMIT for c in s.courts)
    gold_rate, food_rate = (0.0, 0.0) if last else (GOLD_VALUE, FOOD_VALUE)
    for a in by.get(ACQUIRE, ()):
        c = CARDS[card_of(a["card"])]
        if c.kind == GUEST:
            gain = _guest_gain(s, seat, c, a["to"], last) - gold_rate * fx.guest_cost(
                s, seat, c, guest_seat(a["to"])
            )
            if gain > best_gain:
                best, best_gain = a, gain
            continue
        if c.kind != "court":
            continue
        old = card_of(a.get("replace"))
        if old >= 0 and fx.court_value(s, seat, old) != weakest:
            continue
        worth_now = c.crowns + fx.rule_crowns(s, seat, c, True)
        if "per_path_card" in c.score and c.with_self:
            worth_now += c.each  # it will count itself once in the court
        gold, food = fx.court_cost(s, seat, c)
        gain = worth_now - (weakest if old >= 0 else 0) - gold * gold_rate - food * food_rate
        if gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        return best
    return by[END][0] if END in by else rng.choice(legal)


def _guest_gain(s: MonarchState, seat: int, guest: Any, to: str, last: bool) -> float:
    """What sending ``guest`` to the sister ``to`` names is worth to ``seat``: the crowns it
    takes from her, in full in the last round if she leads the rivals (the win is decided
    against her), else as the evaluation weighs a rival's crowns."""
    rival = guest_seat(to)
    if rival < 0 or rival == seat:
        return 0.0
    crowns = [fx.crowns(s, p) for p in range(s.players)]
    lead = max(c for p, c in enumerate(crowns) if p != seat)
    weight = 1.0 if last and crowns[rival] == lead else RIVAL_WEIGHT / (s.players - 1)
    return -guest.crowns * weight


_ANCHORED = {"game_policy": True, "prior": True, "anchor": 1.5}


def hooks() -> dict[str, Any]:
    """The hooks, as a dict of :class:`tabletop.ai.hooks.AIHooks` fields."""
    return {
        "policy": policy,
        "evaluate": win_shares,
        "observed": observed,
        "cutoff": 8,
        "max_game_length": 5000,
        # measured (docs/ai.md): the search is anchored on the greedy agent (it plays the
        # greedy move unless its own is clearly better), its first visits try the rollout
        # rules, and rollouts follow them for 8 steps before the evaluation
        "levels": {
            "easy": {"noise": 0.3},
            "normal": {
                "iterations": 60,
                "time_limit": 0.45,
                "cutoff": 8,
                "noise": 0.1,
                **_ANCHORED,
            },
            "hard": {
                "iterations": 400,
                "moves_per_iteration": 10.5,
                "time_limit": 1.5,
                "cutoff": 8,
                **_ANCHORED,
            },
        },
    }


def observed(game: Game, events: list[Any], actor: int, action: Action, observer: int) -> Any:
    """What the search's tree branches on after a move: a sweep with the cards it showed.

    Everything in Monarch is public but the order of the deck, so every sister sees the five
    cards a sweep brings into the row, and the choice after a sweep depends on them: keyed
    by them, each new row gets its own node, whose first visit tries the rollout rules'
    choice in that row.  (Keyed by the sweep alone, one node would mix every row, and the
    fresh moves of each new row would be tried at random there, selling the sweep short.)
    Other moves are keyed by themselves, as the generic search would: a refill changes one
    card and the tree's availability counts cope with it.
    """
    if action.name != SWEEP:
        return action
    shown = tuple(
        e.data["card"] for e in events if e.kind == "move" and e.data.get("source") == "deck"
    )
    return (action, shown)
