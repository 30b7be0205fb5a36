"""The tournament runner: statistics, seat rotation, parallel play, the command."""

from __future__ import annotations

import json

import pytest
from toy_game import TOY

from tabletop import registry
from tabletop.ai.tournament import (
    format_report,
    play_match,
    quantile,
    run_matches,
    schedule,
    seat_cards,
    summarize,
    wilson,
)
from tabletop.cli import main


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(8, 10)
    assert abs(lo - 0.4902) < 1e-3 and abs(hi - 0.9433) < 1e-3
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and abs(hi - 0.1611) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_quantile_interpolates() -> None:
    assert quantile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert quantile([0.0, 10.0], 0.95) == pytest.approx(9.5)
    assert quantile([], 0.5) == 0.0


def test_schedule_rotates_seats_over_each_deal() -> None:
    specs = schedule(TOY, 3, 6, ["greedy", "random"], seed=10)
    assert [s.seed for s in specs] == [10, 10, 10, 11, 11, 11]
    first_deal = [s.labels for s in specs[:3]]
    assert first_deal[0] == ("greedy", "random#1", "random#2")
    for seat in range(3):
        assert sorted(labels[seat] for labels in first_deal) == [
            "greedy",
            "random#1",
            "random#2",
        ]


def test_parallel_and_serial_runs_agree_and_summaries_add_up() -> None:
    specs = schedule(TOY, 2, 8, ["greedy", "random"], seed=3)
    serial, _ = run_matches(specs, jobs=1)
    parallel, wall = run_matches(specs, jobs=2)
    assert [(r.seed, r.labels, r.scores) for r in serial] == [
        (r.seed, r.labels, r.scores) for r in parallel
    ]
    summary = summarize(parallel, wall, 2, balance=True)
    agents = summary["agents"]
    assert agents["greedy"]["seats_played"] == agents["random"]["seats_played"] == 8
    total = agents["greedy"]["win_rate"] + agents["random"]["win_rate"]
    assert total == pytest.approx(1.0)
    assert agents["greedy"]["decisions"] > 0
    assert summary["balance"]["length_mean"] == 16  # the toy game always lasts 16 plays
    text = format_report(summary)
    assert "greedy" in text and "first seat" in text


def test_seat_cards_reads_seat_zones() -> None:
    view = {
        "zones": {
            "p0.hand": {"cards": [{"card": "a"}, {"card": None}]},
            "p1.loc.2": {"cards": [{"card": "b"}]},
            "deck": {"cards": [{"card": "c"}]},
        }
    }
    assert seat_cards(view, 2) == [["a"], ["b"]]


@pytest.mark.parametrize("game_id", list(registry.games()))
def test_tournament_command_prints_json(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)  # --balance writes its chart in the current folder
    game = registry.get(game_id)
    n = game.info.min_players
    rc = main(
        [
            "tournament",
            game_id,
            "--players",
            str(n),
            "--games",
            str(n),
            "--ai",
            "greedy,random",
            "--json",
            "--balance",
            "--quiet",
        ]
    )
    assert rc == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == n and data["unfinished"] == 0
    assert set(data["agents"]) >= {"greedy"}
    assert (tmp_path / data["chart"]).is_file()


def test_aristocracy_balance_counts_buildings_hidden_in_the_end_view() -> None:
    # the end view shows only address cards, so the game labels its buildings itself
    game = registry.get("aristocracy")
    (spec,) = schedule(game, 2, 1, ["greedy", "random"], seed=4, options={"length": "shorter"})
    record = play_match(spec)
    assert not record.error
    (winner,) = record.winners
    assert any(label.endswith(" complete") for label in record.cards[winner])
    assert any(label.startswith("address ") for label in record.cards[winner])
