"""Prompts name what the table shows: a "press X" in the acting seat's prompt names a
button that seat can press at that moment (Majesty's "Done exchanging", Monarch's "End
turn"; a label may add a note in brackets, "Done (dismantles it)"), so a player never
hunts for a button the prompt calls by another name."""

from __future__ import annotations

import re

import pytest

from tabletop import registry
from tabletop.controller import Match, SeatConfig
from tabletop.controller.match import AI
from tabletop.engine import BUTTON, Rng

PRESS = re.compile(r"\bpress (.+?)(?=,|\.|;|\)| when | then | to | or |$)", re.IGNORECASE)


def presses(prompt: str) -> list[str]:
    """The button names a prompt tells its reader to press."""
    return [m.group(1).strip() for m in PRESS.finditer(prompt)]


def test_presses_reads_the_names() -> None:
    assert presses("Exchange at your Castle, then press Done exchanging.") == ["Done exchanging"]
    assert presses("Press Harvest or Tax, buy cards; then press End turn.") == [
        "Harvest",
        "End turn",
    ]


@pytest.mark.parametrize("gid", list(registry.games()))
def test_every_press_in_a_prompt_names_a_button_on_the_table(gid: str) -> None:
    game = registry.get(gid)
    wrong: set[str] = set()
    seen = 0
    for seed in range(3):
        n = game.info.min_players
        m = Match(game, [SeatConfig(AI, f"S{i}", "easy") for i in range(n)], 40 + seed)
        rng = Rng(seed)
        for _ in range(400):
            if m.is_over():
                break
            for seat in m.to_act():
                legal = m.legal(seat)
                buttons = {a.gesture.label for a in legal if a.gesture.kind == BUTTON}
                prompt = m.view(seat).get("prompt", "")
                for name in presses(prompt):
                    seen += 1
                    if not any(b == name or b.startswith(f"{name} (") for b in buttons):
                        wrong.add(f"{prompt!r}: no button {name!r} (buttons: {sorted(buttons)})")
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal(seat)))
    assert not wrong, "\n".join(sorted(wrong)[:10])


def test_majestys_castle_exchange_names_its_button() -> None:
    """Random play seldom reaches the Castle's exchange, so it is set up by hand."""
    from majesty_support import build, take

    from tabletop.games.majesty import GAME
    from tabletop.games.majesty.view import prompt

    s = build(
        sides="B",
        realms={0: {"noble": ["noble"], "infirmary": ["miller"]}},
        display=["noble", "guard", "guard", "noble", "noble", "miller"],
        scores=[3, 0],
        meeples=[2, 5],
    )
    take(s, 0, "noble")
    assert s.pending == "exchange"
    buttons = {a.gesture.label for a in GAME.legal_actions(s, 0) if a.gesture.kind == BUTTON}
    said = presses(prompt(s, 0))
    assert said and set(said) <= buttons, (said, buttons)
