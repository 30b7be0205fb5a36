"""Aristocracy's prompts say what can be done and name the zones as the table labels them."""

from __future__ import annotations

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.engine import DRAG, Rng
from tabletop.games.aristocracy.buildings import glory_ok

GAME = registry.games()["aristocracy"]
LABELS = {z.id: z.label for z in GAME.data.layout.zones}


def _until(step: str, seed: int = 3) -> Match:
    m = Match(GAME, [SeatConfig(name="A"), SeatConfig(name="B")], seed)
    rng, agent = Rng(seed), GAME.heuristic_agent("greedy")
    for _ in range(3000):
        if m.view(0)["public"]["step"] == step and 0 in m.to_act():
            return m
        s = m.to_act()[0]
        legal = m.legal(s)
        m.apply(s, agent.choose(GAME, m.view(s), s, legal, rng) or rng.choice(legal))
    raise AssertionError(f"never reached {step}")


def test_glory_says_so_when_the_seat_cannot_end_the_game() -> None:
    m = _until("glory")
    state = m.state
    assert not glory_ok(state, 0)
    assert [a.name for a in m.legal(0)] == ["glory_pass"]
    prompt = m.view(0)["prompt"]
    assert "cannot end the game" in prompt and "Play on" in prompt


def test_the_ball_prompt_names_the_zone_its_cards_go_to() -> None:
    m = _until("ball")
    drags = [a for a in m.legal(0) if a.gesture.kind == DRAG]
    assert drags
    target = drags[0].gesture.target.split(".", 1)[1]  # p0.offer → offer
    assert LABELS[target] in m.view(0)["prompt"]
