"""Every refusal has its reason: a card picked up that has no legal move is refused in the
rules' words (its cost, the step, whose card it is …), never a bare "cannot be moved".

For seeded states of every game, every card of the acting seat's view that no legal drag
takes is tried through ``Match.drop_reason`` — what the table shows when it is picked up.
"""

from __future__ import annotations

import random

import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.engine import DRAG, Gesture

# words that refuse without saying which rule refuses (today's generic messages)
GENERIC = ("cannot be moved now", "cannot go there", "is not allowed now", "not legal")
# the engine's last resort, when a game's refusal says nothing of the card: also not enough
GENERIC += ("no move this step takes that card",)
SAMPLE_EVERY = 4  # one state in this many is tried
STEPS = 70


def _stuck_reasons(game_id: str, players: int, seed: int) -> list[tuple[str, str, str]]:
    game = registry.games()[game_id]
    seats = [SeatConfig("human", f"P{i + 1}") for i in range(players)]
    match = Match(game, seats, seed)
    rnd = random.Random(seed)
    out: list[tuple[str, str, str]] = []
    for step in range(STEPS):
        if match.is_over():
            break
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if step % SAMPLE_EVERY == 1 and any(a.gesture.kind == DRAG for a in legal):
            movable = {a.gesture.card for a in legal if a.gesture.kind == DRAG}
            for zone, z in match.view(seat)["zones"].items():
                for card in z["cards"]:
                    uid = card.get("uid")
                    if uid and uid not in movable:
                        reason = match.drop_reason(seat, Gesture(DRAG, uid, zone))
                        out.append((zone, str(card.get("card")), reason))
        match.apply(seat, rnd.choice(legal))
    return out


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_every_stuck_card_is_refused_with_its_rule(game_id: str) -> None:
    info = registry.games()[game_id].info
    tried = 0
    for players, seed in ((info.min_players, 1), (info.max_players, 2)):
        for zone, card, reason in _stuck_reasons(game_id, players, seed):
            tried += 1
            low = reason.lower()
            assert reason.strip(), f"{game_id}: no reason for {card} in {zone}"
            assert not any(g in low for g in GENERIC), f"{game_id}: {card} in {zone}: {reason!r}"
    assert tried > 0, f"{game_id}: no stuck card was tried"


def test_monarch_names_the_cost_of_a_card_too_dear() -> None:
    """The issue's case: a card costing more than the seat holds is refused with its cost."""
    game = registry.games()["monarch"]
    match = Match(game, [SeatConfig("human", "A"), SeatConfig("human", "B")], 5)
    state = match.state
    seat = match.to_act()[0]
    state.food[seat], state.gold[seat] = 1, 0
    state._legal = state._views = None  # the kit's caches of the edited state
    movable = {a.gesture.card for a in match.legal(seat) if a.gesture.kind == DRAG}
    row = match.view(seat)["zones"]["row"]["cards"]
    reasons = [match.drop_reason(seat, Gesture(DRAG, c["uid"], "row")) for c in row]
    stuck = [r for c, r in zip(row, reasons, strict=True) if c["uid"] not in movable]
    assert stuck, reasons
    priced = [r for r in stuck if "costs you" in r and "you have 0 gold and 1 food" in r]
    assert len(priced) >= len(stuck) - 1, stuck  # (a guest may be refused for its target)
