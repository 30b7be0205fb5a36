"""Majesty's take listing, read from kept tables (seat, display slot, card), against the rule
it stands for: every display card the seat can pay for (slot i costs i meeples), as each
character the card may become, in display order."""

from __future__ import annotations

import operator
from typing import Any

from majesty_support import build

from tabletop.engine import Action, Rng
from tabletop.games.majesty import GAME, moves
from tabletop.games.majesty.data import catalog
from tabletop.games.majesty.state import TAKE_STEP, MajestyState


def expected(s: MajestyState, seat: int) -> list[Action]:
    """The takes as the rule says them, one action at a time (the very interned objects:
    equality alone would not see a gesture dragged to another seat's location)."""
    chars = catalog().chars
    paid = s.display[: s.meeples[seat] + 1]
    return [
        moves.take_action(s, seat, slot, char)
        for slot, card in enumerate(paid)
        for char in chars[card]
    ]


def same(found: list[Action], wanted: list[Action]) -> bool:
    return len(found) == len(wanted) and all(map(operator.is_, found, wanted))


def test_takes_match_the_rule_at_every_step_of_seeded_games() -> None:
    steps = 0
    for players, sides in ((2, "A"), (3, "B"), (4, "A"), (4, "B")):
        for seed in range(3):
            s = GAME.new_game(players, 40 + seed, {"sides": sides})
            pick = Rng(seed)
            while not GAME.is_over(s):
                seat = GAME.to_act(s)[0]
                if s.stack[-1].step == TAKE_STEP:
                    assert same(moves.takes(s, seat), expected(s, seat)), (players, sides, seed)
                    steps += 1
                GAME.apply(s, seat, pick.choice(GAME.legal_actions(s, seat)))
    assert steps > 300


def test_a_display_built_larger_than_the_rules_make_it_is_listed_whole() -> None:
    fill = ["miller", "guard", "witch", "knight", "noble", "brewer", "miller", "innkeeper"]
    s = build(display=fill, meeples=[7, 7])
    found = moves.takes(s, 0)
    assert same(found, expected(s, 0))
    assert len(found) == 8


def test_the_kept_tables_are_bounded() -> None:
    s = build(display=["miller", "guard"])
    for n in range(2 * moves.ROWS_BOUND):
        s.sides = format(n, "08b").replace("0", "A").replace("1", "B")
        assert same(moves.takes(s, 0), expected(s, 0))
        assert len(moves._ROWS) <= moves.ROWS_BOUND


def test_a_take_made_elsewhere_applies_as_the_interned_one() -> None:
    """``apply_take`` reads an interned take's slot, character and side from a kept table;
    any other action equal to it (made anew here) must do exactly the same."""
    for sides in ("A", "B"):
        for seed in range(4):
            kept, fresh = (GAME.new_game(3, 60 + seed, {"sides": sides}) for _ in range(2))
            seat = GAME.to_act(kept)[0]
            for action in moves.takes(kept, seat)[-3:]:
                made = Action.make(action.name, action.gesture, action.text, **dict(action.args))
                assert made == action and made is not action
                one, other = GAME.copy(kept), GAME.copy(fresh)
                said_one: list[Any] = []
                said_other: list[Any] = []
                moves.apply_take(one, seat, action, said_one)
                moves.apply_take(other, seat, made, said_other)
                assert GAME.state_to_json(one) == GAME.state_to_json(other)
                assert [e.to_json() for e in said_one] == [e.to_json() for e in said_other]
