"""Every game's final score sheet adds up: points rows, then Total, then the tie-breaks set
apart and named as such (issue 30, item 2)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.ai.base import make_agent
from tabletop.engine.game import Outcome
from tabletop.engine.play import play
from tabletop.engine.score_sheet import FACT, POINTS, TIEBREAK, TOTAL, adds_up, sheet

# what each game's rules break a tie on (not points): the rows that must be set apart
TIEBREAKS = {
    "aristocracy": {"coins", "hand_weight", "herald_order"},
    "monarch": {"left"},
    "mayflower": {"hp", "diamond_cards"},
    "majesty": set(),
    "your_majesty": set(),
}
FACTS = {"aristocracy": {"capped"}, "mayflower": {"eliminated"}}
SEEDS = ((3, 1), (4, 2))  # (players, seed): finished games played by the greedy heuristic


def _finished(gid: str, players: int, seed: int) -> tuple[Any, Outcome]:
    game = registry.get(gid)
    players = max(game.info.min_players, min(players, game.info.max_players))
    agents = [make_agent("greedy", game) for _ in range(players)]
    state = play(game, players, seed, None, agents).state
    assert game.is_over(state)
    return game, game.outcome(state)


@pytest.mark.parametrize("gid", sorted(TIEBREAKS))
def test_the_points_rows_add_up_to_the_total_and_tie_breaks_come_after_it(gid: str) -> None:
    for players, seed in SEEDS:
        game, out = _finished(gid, players, seed)
        rows = sheet(out, game.data.layout.scoring, len(out.scores))
        kinds = [r.kind for r in rows]
        at = kinds.index(TOTAL)
        assert set(kinds[:at]) == {POINTS}, (gid, kinds)  # points first, then Total
        assert set(kinds[at + 1 :]) <= {TIEBREAK, FACT}, (gid, kinds)
        for p in range(len(out.scores)):
            got = sum(r.points[p] for r in rows if r.kind == POINTS and r.points is not None)
            assert got == out.scores[p], (gid, seed, p, [(r.label, r.cells) for r in rows])
        assert adds_up(rows)
        apart = {r.key for r in rows if r.kind == TIEBREAK}
        assert apart == TIEBREAKS[gid], gid
        for r in rows:
            if r.kind == TIEBREAK:
                assert "tie-break" in r.label and r.points is None, r
            if r.kind == FACT:
                assert r.key in FACTS.get(gid, set()), r


def test_a_count_worth_points_reads_as_count_times_points() -> None:
    game = registry.get("aristocracy")
    out = Outcome(
        [7, 3],
        [0],
        [
            {"farms": 1, "estates": 0, "chateaux": 2, "coins": 4, "hand_weight": 20,
             "herald_order": 0, "capped": 0},
            {"farms": 1, "estates": 1, "chateaux": 0, "coins": 9, "hand_weight": 3,
             "herald_order": 1, "capped": 0},
        ],
    )  # fmt: skip
    rows = {r.key: r for r in sheet(out, game.data.layout.scoring)}
    assert rows["chateaux"].cells == ("2 × 3 = 6", "0")
    assert rows["estates"].cells == ("0", "1 × 2 = 2")
    assert rows["farms"].cells == ("1", "1")
    assert rows["chateaux"].label == "Châteaux"
    assert rows["coins"].label == "Coins left (tie-break 1)" and rows["coins"].cells == ("4", "9")
    assert "capped" not in rows  # a fact no seat has is left out
    assert adds_up(list(rows.values()))
