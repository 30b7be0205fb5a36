"""Every game's final score sheet adds up: points rows, then Total, then the tie-breaks set
apart and named as such (issue 30, item 2)."""

from __future__ import annotations

from functools import cache
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
SEEDS = ((3, 5), (4, 2))  # (players, seed): finished games played by the greedy heuristic


@cache
def _played(gid: str, players: int, seed: int) -> tuple[Any, Any, tuple[Any, ...]]:
    """A finished greedy game: the game, its last state, and (viewer, seat, seat's view) now
    and then along the way."""
    game = registry.get(gid)
    players = max(game.info.min_players, min(players, game.info.max_players))
    agents = [make_agent("greedy", game) for _ in range(players)]
    middle: list[Any] = []

    def on_step(step: Any, state: Any) -> None:
        if step.step % 25 == 0 and not game.is_over(state):
            for seat in (None, *range(players)):
                for p, info in enumerate(game.view(state, seat)["seats"]):
                    middle.append((seat, p, info))

    state = play(game, players, seed, None, agents, on_step=on_step).state
    assert game.is_over(state)
    return game, state, tuple(middle)


def _finished(gid: str, players: int, seed: int) -> tuple[Any, Outcome]:
    game, state, _ = _played(gid, players, seed)
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


# --- the nameplates: the public running figure, the true one at the end ---------------------------
@pytest.mark.parametrize("gid", sorted(TIEBREAKS))
def test_at_the_end_every_view_shows_the_final_scores(gid: str) -> None:
    game, state, middle = _played(gid, *SEEDS[0])
    out = game.outcome(state)
    players = len(out.scores)
    for seat in (None, *range(players)):
        seats = game.view(state, seat)["seats"]
        assert [s["score"] for s in seats] == out.scores, (gid, seat)
        assert not any(s.get("score_note") for s in seats), (gid, seat)  # the whole figure
    assert middle
    for seat, p, info in middle:  # a running figure short of the whole says what it counts
        if gid == "mayflower":
            assert info.get("score_note") == "on the table"
        if gid == "aristocracy":
            assert bool(info.get("score_note")) == (p != seat), (seat, p, info)


def test_a_nameplate_says_what_its_running_figure_counts() -> None:
    from types import SimpleNamespace

    from tabletop.ui.table.seats import score_words

    sc = SimpleNamespace(data=registry.get("mayflower").data)
    assert (
        score_words(sc, {"score": 16, "score_note": "on the table"}) == "16 diamonds on the table"
    )
    assert score_words(sc, {"score": 1}) == "1 diamond"
    sc = SimpleNamespace(data=registry.get("aristocracy").data)
    assert score_words(sc, {"score": 3, "score_note": "known"}) == "3 points known"
