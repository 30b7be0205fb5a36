"""An action of another step is refused in Mayflower with the step it belongs to: the move
table declares each move's step once, and the refusal reads it from there."""

from __future__ import annotations

import pytest

from tabletop import registry
from tabletop.engine import Action

NOW = "now you choose a fortification (one spade, or none)."
# move name -> how it is refused while the game waits for the first Fortify commit
ELSEWHERE = {
    "attack": "That belongs to the Attack phase",
    "attack_done": "That belongs to the Attack phase",
    "parry": "That belongs to the Defend phase",
    "defend_done": "That belongs to the Defend phase",
    "heal": "That belongs to the Rebuild phase",
    "rebuild_done": "That belongs to the Rebuild phase",
    "show": "That is not possible now",
    "hoard_done": "That is not possible now",
    "counter": "That is not possible now",
    "pass": "That is not possible now",
    "diplomacy_parry": "That is not possible now",
    "diplomacy_decline": "That is not possible now",
}


@pytest.mark.parametrize("name", sorted(ELSEWHERE))
def test_a_move_of_another_step_is_refused_with_its_step(name: str) -> None:
    game = registry.games()["mayflower"]
    s = game.new_game(3, 7)
    assert s.stack[-1].step == "fortify"  # the first decision: every seat's fortification
    seat = game.to_act(s)[0]
    assert game.why_illegal(s, seat, Action.make(name)) == f"{ELSEWHERE[name]}; {NOW}"


def test_the_step_s_own_moves_are_not_refused_for_their_step() -> None:
    game = registry.games()["mayflower"]
    s = game.new_game(3, 7)
    seat = game.to_act(s)[0]
    for name in ("fortify", "no_fortify"):
        assert "belongs to" not in game.why_illegal(s, seat, Action.make(name))
        assert "not possible now" not in game.why_illegal(s, seat, Action.make(name))
