"""The conformance kit's checks, run over every registered game by ``test_conformance.py``.

Each check returns a list of problems (empty = conforms), so the tests that plant a bug can
assert that the check sees it.  Zone-based checks need a game on the rules kit
(:class:`~tabletop.engine.kit.RulesGame`); for the others they report that they cannot run.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from fair_worlds import AgentRef, decide_in_a_fresh_world

from tabletop.ai import make_agent
from tabletop.engine import Action, Game, IllegalAction, Rng, state_digest
from tabletop.engine.frozen import canonical
from tabletop.engine.kit import RulesGame
from tabletop.engine.play import DEFAULT_AI_SEED, PlayError, no_legal_move, play, seat_rng
from tabletop.engine.zones import DECK

#: a JSON string, escapes included (only needed for a text with an escaped quote)
_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def positions(
    game: Game,
    players: int,
    seed: int,
    kind: str = "random",
    limit: int = 400,
    copies: bool = True,
) -> Iterator[tuple[int, Any, int, Action, list[Any]]]:
    """``(step, state before, seat, action, events)`` along one seeded game (first ``limit``);
    without ``copies`` the state before is not copied (``None``), for a check that reads none."""
    state = game.new_game(players, seed)
    agent = make_agent(kind, game)
    rng = Rng(seed * 31 + 7)
    step = 0
    while not game.is_over(state) and step < limit:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if not legal:  # refused here, in words, not by an agent choosing from nothing
            raise PlayError(no_legal_move(game, state, seat))
        action = agent.choose(game, _view_for(agent, game, state, seat), seat, legal, rng)
        before = game.copy(state) if copies else None
        events = game.apply(state, seat, action)
        yield step, before, seat, action, events
        step += 1


def _view_for(agent: Any, game: Game, state: Any, seat: int) -> Any:
    """The view an agent chooses from, as the play loop hands it (not built for an agent
    that does not read it: the random agent, which most checks here play with)."""
    return game.view(state, seat) if getattr(agent, "reads_view", True) else None


def _on_kit(game: Game) -> list[str]:
    return [] if isinstance(game, RulesGame) else [f"{game.info.id} is not on the rules kit"]


def game_ends(game: Game, players: int, seed: int, kinds: list[str]) -> list[str]:
    """A seeded game between these agents ends, with scores and winners."""
    agents = [make_agent(kinds[i % len(kinds)], game) for i in range(players)]
    played = play(game, players, seed, None, agents)
    out = game.outcome(played.state)
    problems = []
    if not game.is_over(played.state):
        problems.append("the game did not end")
    if len(out.scores) != players or not out.winners:
        problems.append(f"bad outcome {out}")
    return problems


def every_turn_offers_a_move(
    game: Game, players: int, seed: int, kind: str = "random"
) -> list[str]:
    """Every seat the game waits for has a legal action, all through a seeded game: a turn
    with nothing to do is refused naming the game, the seat and the step."""
    try:
        for _ in positions(game, players, seed, kind, limit=100_000, copies=False):
            pass
    except PlayError as e:
        return [str(e)]
    return []


def conserved(game: Game, players: int, seed: int) -> list[str]:
    """Every card of the match lies in exactly one zone at every step."""
    if problems := _on_kit(game):
        return problems
    start = game.new_game(players, seed)
    universe = sorted(c for cards in game.zones.contents(start, players).values() for c in cards)
    problems = []
    for step, before, _seat, _action, _events in positions(game, players, seed):
        now = sorted(c for cards in game.zones.contents(before, players).values() for c in cards)
        if now != universe:
            problems.append(f"step {step}: {len(now)} cards in zones, {len(universe)} at set-up")
            break
    return problems


def round_trips(game: Game, players: int, seed: int) -> list[str]:
    """Every state survives JSON text, and the action list replays to the same states."""
    moves: list[tuple[int, Any]] = []
    digests: list[str] = []
    state = None
    for step, before, seat, action, _events in positions(game, players, seed):
        text = json.dumps(game.state_to_json(before))
        back = game.state_from_json(json.loads(text))
        if state_digest(game, back) != state_digest(game, before):
            return [f"step {step}: the state changes through JSON"]
        digests.append(state_digest(game, before))
        moves.append((seat, action.to_json()))
    state = game.new_game(players, seed)
    for i, (seat, data) in enumerate(moves):
        if state_digest(game, state) != digests[i]:
            return [f"replay: state before step {i} differs"]
        game.apply(state, seat, game.action_from_json(state, seat, data))
    return []


def hidden_uids(game: Game, state: Any, seat: int | None) -> set[str]:
    """The uids of the cards ``seat`` may not identify."""
    return {game.zones.uid(c) for c in game.zones.unseen(state, state.players, seat)}


def strings_in(text: str) -> set[str]:
    """Every string (key or value) of a JSON text.  Split at the quotes when no string holds
    an escaped quote (every second piece is a string: empty strings keep the pairs in step)."""
    if '\\"' in text:
        return set(_JSON_STRING.findall(text))
    return set(text.split('"')[1::2])


def views_hide(game: Game, players: int, seed: int, limit: int = 400) -> list[str]:
    """No seat's view (nor a spectator's) names a card that seat may not identify."""
    if problems := _on_kit(game):
        return problems
    for step, before, _seat, _action, _events in positions(game, players, seed, limit=limit):
        for viewer in [*range(players), None]:
            hidden = hidden_uids(game, before, viewer)
            if not hidden:
                continue
            found = hidden & strings_in(canonical(game.view(before, viewer)))
            if found:
                return [f"step {step}: the view of seat {viewer} names hidden {sorted(found)[:3]}"]
    return []


def hidden_parts(game: Game, state: Any, seat: int) -> dict[str, list[int]]:
    """The zones with cards ``seat`` may not identify, and their cards."""
    unseen = game.zones.unseen(state, state.players, seat)
    return {
        zid: [c for c in cards if c in unseen]
        for zid, cards in game.zones.contents(state, state.players).items()
        if any(c in unseen for c in cards)
    }


def _movable(game: Game, state: Any, parts: dict[str, list[int]]) -> dict[str, bool]:
    """Which hidden parts a re-deal can change, and whether their order counts.

    A deck's order counts (two cards of one back can swap); any other part changes only by
    trading a card with another hidden part holding a card of the same back.
    """
    back = game.zones.back
    out: dict[str, bool] = {}
    for zid, cards in parts.items():
        ordered = game.zones.place(state.players, zid).zone.visibility == DECK
        backs = {back(c) for c in cards}
        elsewhere = {back(c) for z, cs in parts.items() if z != zid for c in cs}
        swaps = ordered and len(cards) > 1 and len(backs) < len(cards)
        if swaps or backs & elsewhere:
            out[zid] = ordered
    return out


def redealt(game: Game, state: Any, seat: int, tries: int = 40) -> tuple[Any, list[str]]:
    """A state ``seat`` cannot tell from ``state`` whose every hidden part was re-dealt.

    Every part a re-deal can change (see :func:`_movable`) must have changed.  Returns the
    state and the problems found (a part that never changed, a view that did).
    """
    view = game.view(state, seat)
    mine = hidden_parts(game, state, seat)
    movable = _movable(game, state, mine)
    for k in range(tries):
        other = game.determinize(view, seat, Rng(1000 + k))
        theirs = hidden_parts(game, other, seat)
        changed = all(
            (theirs.get(z) != mine[z])
            if ordered
            else (sorted(theirs.get(z, [])) != sorted(mine[z]))
            for z, ordered in movable.items()
        )
        if changed:
            if canonical(game.view(other, seat)) != canonical(view):
                return other, ["a re-dealt state shows the seat a different view"]
            return other, []
    return None, [f"no re-deal changed every hidden part ({sorted(movable)})"]


#: the AI seed the fairness check's agents draw from (any fixed number would do)
AI_SEED = DEFAULT_AI_SEED
#: a second deal's seed for the counterfactual world (the re-dealt state "came from" it)
OTHER_DEAL = 0x5EED5


def loop_rng(deal_seed: int, seat: int) -> Rng:
    """The generator the play loop hands ``seat``'s agent in a game dealt with ``deal_seed``.

    The loop seeds agents from the match's AI seed alone (:func:`seat_rng`), so the deal's
    seed is not used; ``test_play_loop_seeds_agents_apart_from_the_deal`` holds the loop to
    it, and a planted test swaps in a generator derived from the deal to show the check
    catches an agent that recovers the deal from it.
    """
    return seat_rng(AI_SEED, seat)


def same_decisions(
    game: Game, players: int, seed: int, kinds: list[AgentRef], samples: int = 4
) -> list[str]:
    """Agents decide alike in states their seat cannot tell apart.

    Each pair — the real state and one whose every hidden part was re-dealt — is decided in
    two isolated worlds (:mod:`fair_worlds`): a fresh process that has only ever seen that
    one state, and whose agent generator is the one the play loop would hand it in a game
    of that deal (the real deal's seed, another seed for the re-dealt state).  A peek through
    the view, the game object, a module-level cache or the generator's seed then reads the
    world's own deal, and shows as a different decision.
    """
    if problems := _on_kit(game):
        return problems
    chosen = [p for p in positions(game, players, seed, limit=60) if p[0] % 7 == 3][:samples]
    for step, before, seat, _action, _events in chosen:
        other, problems = redealt(game, before, seat)
        if problems:
            return [f"step {step}: {p}" for p in problems]
        picks = [
            decide_in_a_fresh_world(game, kinds, s, seat, loop_rng(deal, seat).state)
            for s, deal in ((before, seed), (other, OTHER_DEAL))
        ]
        for kind, a, b in zip(kinds, *picks, strict=True):
            if a != b:
                name = kind if isinstance(kind, str) else getattr(kind, "__name__", kind)
                return [f"step {step}: the {name} agent decided differently ({a} / {b})"]
    return []


def events_keep_their_data(game: Game, players: int, seed: int, limit: int = 1500) -> list[str]:
    """An event's data stays as it was emitted: no later move rewrites an old log entry
    through a list or dict it shares with the live state, so a live log and its replay agree."""
    rng = Rng(seed)
    state = game.new_game(players, seed)
    emitted: list[tuple[int, Any, str]] = []
    step = 0
    while not game.is_over(state) and step < limit:
        seat = game.to_act(state)[0]
        for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))):
            emitted.append((step, e, json.dumps(e.data, sort_keys=True, default=repr)))
        step += 1
    changed = [
        (step, was)
        for step, e, was in emitted
        if json.dumps(e.data, sort_keys=True, default=repr) != was
    ]
    if changed:
        step, was = changed[0]
        return [
            f"{len(changed)} events' data changed after they were emitted (first: step {step}, {was})"
        ]
    return []


def refusals_keep_state(game: Game, players: int, seed: int) -> list[str]:
    """A refused action raises with a reason and leaves the state as it was."""
    for step, before, seat, action, _events in positions(game, players, seed, limit=120):
        s = game.copy(before)
        digest = state_digest(game, s)
        tries: list[tuple[int, Action]] = [
            (o, action) for o in range(players) if o not in game.to_act(s)
        ]
        if action.args:
            tries.append(
                (seat, Action.make(action.name, **{k: "nonsense" for k, _ in action.args}))
            )
        tries.append((seat, Action.make("no-such-move")))
        for who, bad in tries:
            try:
                game.apply(s, who, bad)
            except IllegalAction as e:
                if not e.reason:
                    return [f"step {step}: a refusal without a reason"]
            else:
                return [f"step {step}: {bad} by seat {who + 1} was accepted"]
            if state_digest(game, s) != digest:
                return [f"step {step}: a refused {bad} changed the state"]
    return []


def reveals_are_barriers(
    game: Game, players: int, seed: int, barrier: Callable[[Game, list[Any]], bool]
) -> list[str]:
    """A step that shows some seat a card it could not identify before is an undo barrier."""
    if problems := _on_kit(game):
        return problems
    for step, before, seat, action, events in positions(game, players, seed):
        after = game.copy(before)
        game.apply(after, seat, game.action_from_json(after, seat, action.to_json()))
        for viewer in range(players):
            was = hidden_uids(game, before, viewer)
            now = hidden_uids(game, after, viewer)
            if (was - now) and not barrier(game, events):
                return [f"step {step}: seat {viewer + 1} learnt {sorted(was - now)[:3]} ({action})"]
    return []


def quiet_play_matches(game: Game, players: int, seed: int, kind: str = "random") -> list[str]:
    """``play`` (no events) leaves every state exactly as ``apply`` does, step by step."""
    state = game.new_game(players, seed)
    quiet = game.copy(state)
    agent = make_agent(kind, game)
    rng = Rng(seed * 31 + 7)
    step = 0
    while not game.is_over(state) and step < 2000:
        seat = game.to_act(state)[0]
        action = agent.choose(
            game, _view_for(agent, game, state, seat), seat, game.legal_actions(state, seat), rng
        )
        game.apply(state, seat, action)
        # the action object from the quiet state's own legal list takes the quiet path
        same = [a for a in game.legal_actions(quiet, seat) if a == action]
        if not same:
            return [f"step {step}: {action} is not legal in the quiet game"]
        game.play(quiet, seat, same[0])
        if state_digest(game, quiet) != state_digest(game, state):
            return [f"step {step}: the quiet game's state differs after {action}"]
        step += 1
    if game.is_over(quiet) != game.is_over(state):
        return ["the quiet game ended differently"]
    return []


def leaves_no_cycles(game: Game, players: int, seed: int) -> list[str]:
    """A game played with ``apply`` and ``play``, its copies and views, leaves no reference
    cycle behind once dropped: its objects are freed at once, not by the cyclic collector's
    passes, whose cost grows with everything a play-out leaves in them."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        steps = _play_and_drop(game, players, seed)
        left = gc.collect()
    finally:
        if was:
            gc.enable()
    return [f"{left} objects in reference cycles after {steps} steps"] if left else []


def _play_and_drop(game: Game, players: int, seed: int) -> int:
    """Play a seeded random game (``apply`` and ``play`` in turn, with copies and views);
    every object of it is dropped on return."""
    state = game.new_game(players, seed)
    rng = Rng(seed * 13 + 5)
    step = 0
    while not game.is_over(state) and step < 600:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        if step % 2:
            game.play(state, seat, action)
        else:
            game.apply(state, seat, action)
            copy = game.copy(state)
            for s in game.to_act(copy)[:1]:
                game.view(copy, s)
                game.legal_actions(copy, s)
        step += 1
    return step
