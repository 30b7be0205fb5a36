"""Headless simulation, its statistics and logs, and log replay (on the toy game)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, ClassVar

import pytest
from toy_game import ToyGame

from tabletop import registry
from tabletop.cli import main
from tabletop.engine import Action, DataError, Game, Rng
from tabletop.tools.progress import ProgressBar
from tabletop.tools.sim import (
    DEFAULT_AI_SEED,
    GameResult,
    SimulationError,
    Summary,
    first_difference,
    replay_log,
    seat_rng,
    simulate,
)


class SpyAgent:
    """Plays the highest card and records what it was given."""

    name = "greedy"

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], int, list[Action]]] = []

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        self.calls.append((view, seat, legal))
        return max(legal, key=lambda a: a["value"])


class ToyWithGreedy(ToyGame):
    """The toy game with a heuristic agent kind."""

    spies: ClassVar[list[SpyAgent]] = []

    def heuristic_agent(self, kind: str) -> SpyAgent | None:
        if kind not in ("greedy", "spy"):
            return None
        spy = SpyAgent()
        self.spies.append(spy)
        return spy


TOY = ToyWithGreedy()


def _run(
    players: int, games: int, seed: int, ai: list[str], ai_seed: int = DEFAULT_AI_SEED
) -> tuple[Summary, list[str]]:
    log = io.StringIO()
    summary = simulate(TOY, players, games, seed, None, ai, log=log, ai_seed=ai_seed)
    return summary, log.getvalue().splitlines()


def test_log_has_one_line_per_action_and_a_final_line_per_game() -> None:
    summary, lines = _run(3, 6, 11, ["random"])
    records = [json.loads(line) for line in lines]
    finals = [r for r in records if r.get("final")]
    steps = [r for r in records if not r.get("final")]
    assert [f["game"] for f in finals] == list(range(6))
    assert [f["seed"] for f in finals] == list(range(11, 17))
    assert len(steps) == sum(r.length for r in summary.results) == len(lines) - 6
    first = steps[0]
    assert set(first) == {"step", "game", "seat", "action", "text", "view"}
    assert first["step"] == 1 and first["game"] == 0 and first["seat"] == 0
    assert (
        first["action"]["name"] == "play"
        and first["text"] == f"play {first['action']['args']['value']}"
    )
    assert first["view"]["viewer"] is None and first["view"]["hand"] == []  # spectator view
    assert finals[0]["scores"] == summary.results[0].scores
    assert (
        finals[0]["players"] == 3 and finals[0]["options"] == {} and finals[0]["game_id"] == "toy"
    )
    assert set(finals[0]) >= {
        "game",
        "final",
        "scores",
        "breakdown",
        "winners",
        "seed",
        "players",
        "options",
    }


def test_runs_are_reproducible_and_each_game_stands_alone() -> None:
    _, a = _run(2, 4, 30, ["random", "greedy"])
    _, b = _run(2, 4, 30, ["random", "greedy"])
    assert a == b
    # game 2 of the first run, alone: deal seed 30 + 2, AI seed A + 2
    _, alone = _run(2, 1, 32, ["random", "greedy"], DEFAULT_AI_SEED + 2)
    in_run = [json.loads(x) for x in a if json.loads(x)["game"] == 2]
    for rec in in_run:
        rec["game"] = 0
    assert [json.loads(x) for x in alone] == in_run
    _, other = _run(2, 4, 31, ["random", "greedy"])
    assert other != a


@pytest.mark.fairness
def test_agents_get_only_their_view_and_legal_actions() -> None:
    TOY.spies.clear()
    summary, _ = _run(3, 3, 5, ["spy", "random"])
    assert summary.ai == ["spy", "random", "spy"]
    used = [spy for spy in TOY.spies if spy.calls]
    assert len(used) == 6  # two spy seats, fresh agents for each of 3 games
    for spy in used:
        for view, seat, legal in spy.calls:
            assert seat in (0, 2) and view["viewer"] == seat
            assert sorted({a["value"] for a in legal}) == sorted(set(view["hand"]))


def test_seat_generators_differ_between_seats_and_games() -> None:
    draws = {(seed, seat): seat_rng(seed, seat).next64() for seed in range(5) for seat in range(4)}
    assert len(set(draws.values())) == 20
    assert seat_rng(3, 1).next64() == seat_rng(3, 1).next64()
    assert all(Rng(seed).next64() != draws[(seed, 0)] for seed in range(5))


def test_summary_counts_shared_wins_as_fractions() -> None:
    s = Summary("toy", 3, 0, {}, ["random"] * 3, seconds=2.0)
    for r in [
        GameResult(0, 0, [5, 5, 1], [0, 1], [], 10),
        GameResult(1, 1, [2, 9, 3], [1], [], 20),
        GameResult(2, 2, [8, 8, 8], [0, 1, 2], [], 30),
    ]:
        s.add(r)
    assert s.wins() == pytest.approx([0.5 + 1 / 3, 1.5 + 1 / 3, 1 / 3])
    (m0, sd0), (m1, _), _ = s.score_stats()
    assert m0 == pytest.approx(5.0) and sd0 == pytest.approx(3.0)  # 5, 2, 8
    assert m1 == pytest.approx(22 / 3)
    assert s.mean_length() == 20 and s.games_per_second() == 1.5
    data = s.to_json()
    assert data["seats"][1]["wins"] == pytest.approx(1.833333, abs=1e-6)
    table = s.table().splitlines()
    assert table[2].split()[:3] == ["1", "random", "0.83"]
    assert table[-1] == "mean game length 20.0 actions; 1.50 games/s"


class CountingToy(ToyGame):
    """The toy game reporting how many cards were left and who led at the end."""

    def summary_stats(self, state: Any) -> dict[str, int | float | str]:
        scores = self.outcome(state).scores
        return {"top": max(scores), "end": "tie" if scores.count(max(scores)) > 1 else "clear"}


def test_game_stats_average_numbers_and_count_strings() -> None:
    s = Summary("toy", 2, 0, {}, ["random"] * 2, seconds=1.0)
    for r in [
        GameResult(0, 0, [1, 2], [1], [], 5, {"years": 6, "end": "glory"}),
        GameResult(1, 1, [3, 2], [0], [], 5, {"years": 9, "end": "safety cap"}),
        GameResult(2, 2, [3, 3], [0, 1], [], 5, {"years": 7.5, "end": "glory"}),
        GameResult(3, 3, [0, 4], [1], [], 5),  # a game that reports nothing
    ]:
        s.add(r)
    stats = s.game_stats()
    assert stats["years"] == pytest.approx(7.5)
    assert stats["end"] == {"glory": 2, "safety cap": 1}
    assert s.to_json()["game_stats"] == stats
    lines = s.table().splitlines()
    assert "mean years: 7.50" in lines
    assert "end: glory 2 (50.0%), safety cap 1 (25.0%)" in lines


def test_simulate_collects_the_games_own_figures() -> None:
    summary = simulate(CountingToy(), 2, 4, seed=5)
    stats = summary.game_stats()
    tops = [max(r.scores) for r in summary.results]
    assert stats["top"] == pytest.approx(sum(tops) / len(tops))
    assert sum(stats["end"].values()) == 4
    assert all(set(r.stats) == {"top", "end"} for r in summary.results)


def test_progress_bar_redraws_at_most_ten_times_a_second() -> None:
    now = [0.0]
    out = io.StringIO()
    bar = ProgressBar(100, out, clock=lambda: now[0])
    for done in range(1, 101):
        now[0] += 0.01  # 100 games in one second
        bar.update(done)
    bar.close(100)
    assert 10 <= bar.draws <= 12
    assert out.getvalue().count("\r") == bar.draws
    last = out.getvalue().rsplit("\r", 1)[1]
    assert last.startswith("[" + "#" * 30 + "] 100/100 games 100.0 games/s") and last.endswith("\n")


def test_first_difference_names_the_path() -> None:
    a = {"zones": {"deck": {"cards": [1, 2, 3]}}, "x": 1}
    assert first_difference(a, json.loads(json.dumps(a))) is None
    b = {"zones": {"deck": {"cards": [1, 5, 3]}}, "x": 1}
    assert first_difference(a, b, "view") == "view.zones.deck.cards[1]"
    assert first_difference([1], [1, 2], "v") == "v (length 1 vs 2)"
    assert first_difference({"a": 1}, {"a": True}, "v") == "v.a"


def _tamper(lines: list[str], pick: Any, change: Any) -> list[str]:
    out = list(lines)
    for i, line in enumerate(out):
        rec = json.loads(line)
        if pick(rec):
            change(rec)
            out[i] = json.dumps(rec)
            return out
    raise AssertionError("nothing to tamper with")


def test_replay_accepts_a_true_log_and_catches_tampering() -> None:
    _, lines = _run(3, 4, 3, ["random", "greedy"])
    verdicts = replay_log(lines, lambda _id: TOY)
    assert [v.ok for v in verdicts] == [True] * 4
    assert verdicts[1].line() == (
        f"game 1 (seed 4, 3 players): OK, {verdicts[1].actions} actions replayed, "
        "every view and the final scores match"
    )

    def view_pile(rec: dict[str, Any]) -> None:
        rec["view"]["pile"][-1] += 100

    bad = replay_log(
        _tamper(lines, lambda r: r.get("game") == 2 and r.get("step") == 4, view_pile),
        lambda _id: TOY,
    )
    assert [v.ok for v in bad] == [True, True, False, True]
    assert bad[2].detail == "step 4: the view differs at view.pile[3]"

    def scores(rec: dict[str, Any]) -> None:
        rec["scores"][0] += 1

    bad = replay_log(
        _tamper(lines, lambda r: r.get("final") and r["game"] == 0, scores), lambda _id: TOY
    )
    assert not bad[0].ok and bad[0].detail.startswith("final scores differ: logged [")

    def action(rec: dict[str, Any]) -> None:
        rec["action"]["args"]["value"] = 99

    bad = replay_log(_tamper(lines, lambda r: r.get("step") == 2, action), lambda _id: TOY)
    assert (
        not bad[0].ok
        and "step 2: seat 1's action" in bad[0].detail
        and "is illegal" in bad[0].detail
    )

    missing_final = [
        x for x in lines if not (json.loads(x).get("final") and json.loads(x)["game"] == 3)
    ]
    bad = replay_log(missing_final, lambda _id: TOY)
    assert bad[3].line() == "game 3: MISMATCH, the log ends before this game's final line"


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "games", lambda: {"toy": TOY})


def test_cli_simulate_json_log_progress_and_replay(
    toy_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "toy.jsonl"
    argv = ["simulate", "toy", "--players", "3", "--games", "5", "--seed", "2"]
    assert main([*argv, "--ai", "greedy,random", "--log", str(log), "--json", "--progress"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["games"] == 5 and summary["players"] == 3 and summary["seed"] == 2
    assert [s["ai"] for s in summary["seats"]] == ["greedy", "random", "greedy"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(5)
    assert summary["games_per_second"] > 0
    assert "5/5 games" in err and err.endswith("\n")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 6 and all(": OK, " in line for line in out[:5])
    assert out[-1] == "5 games replayed, 0 mismatched"

    lines = log.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"step":4', '"step":5')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "game 0 (seed 2, 3 players): MISMATCH, step 4: the log numbers it 5"
    assert out[-1] == "5 games replayed, 1 mismatched"

    assert main([*argv, "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[0] == "toy: 3 players, 5 games (seeds 2–6), options: none"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "-p", "2"], "unknown game 'nope' (known: toy)"),
        (["toy", "-p", "5"], "Toy is for 2 to 4 players, not 5"),
        (
            ["toy", "-p", "2", "--option", "speed=fast"],
            "unknown option 'speed' for toy (known: none)",
        ),
        (["toy", "-p", "2", "--option", "speed"], "bad option 'speed': expected key=value"),
        (["toy", "-p", "2", "--ai", "random,genius"], "unknown AI 'genius' for toy"),
        (["toy", "-p", "2", "--games", "0"], "--games must be at least 1, not 0"),
    ],
)
def test_cli_simulate_errors_are_one_line(
    toy_registered: None, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["simulate", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"tabletop simulate: {message}\n"


def test_cli_replay_errors(
    toy_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 0}\nnot json\n', encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err.strip().endswith("bad.jsonl: line 2: not JSON (Expecting value)")


class CheatingAgent:
    """Always plays a card nobody holds."""

    name = "cheat"

    def choose(
        self, game: Game, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng
    ) -> Action:
        return Action.make("play", value=99)


class BrokenToy(ToyWithGreedy):
    """Crashes on the third play; offers a cheating agent."""

    def _apply(self, s: Any, seat: int, a: Action) -> list[Any]:
        if len(s.pile) == 2:
            raise ZeroDivisionError("division by zero")
        return super()._apply(s, seat, a)

    def heuristic_agent(self, kind: str) -> Any:
        return CheatingAgent() if kind == "cheat" else super().heuristic_agent(kind)


def test_game_and_agent_failures_name_game_seed_and_step(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = BrokenToy()
    with pytest.raises(SimulationError) as err:
        simulate(broken, 2, 1, 5)
    assert str(err.value) == "game 0 (seed 5), step 3: ZeroDivisionError: division by zero"
    assert isinstance(err.value.__cause__, ZeroDivisionError)
    with pytest.raises(SimulationError) as err:
        simulate(broken, 2, 1, 5, ai=["random", "cheat"])
    assert str(err.value) == (
        "game 0 (seed 5), step 2: the cheat AI of seat 2 chose an illegal action (play): "
        "play is not allowed now."
    )
    monkeypatch.setattr(registry, "games", lambda: {"toy": broken})
    assert main(["simulate", "toy", "-p", "2", "-s", "5", "--no-progress"]) == 1
    out, err_text = capsys.readouterr()
    assert out == "" and err_text == (
        "tabletop simulate: game 0 (seed 5), step 3: ZeroDivisionError: division by zero\n"
    )


def test_cli_reports_broken_card_data_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> dict[str, Game]:
        raise DataError(
            "data/toy/cards.yaml", "cards[0].count", "expected a whole number ≥ 1, got 0"
        )

    monkeypatch.setattr(registry, "games", broken)
    assert main(["simulate", "toy", "-p", "2"]) == 2
    assert capsys.readouterr().err == (
        "tabletop simulate: a game's card data is invalid (data/toy/cards.yaml: cards[0].count: "
        "expected a whole number ≥ 1, got 0); see `tabletop validate`\n"
    )


class _ViewCounting(ToyGame):
    """The toy game, noting which seats' views are built."""

    def __init__(self) -> None:
        super().__init__()
        self.built: list[int | None] = []

    def view(self, s: Any, seat: int | None) -> dict[str, Any]:
        self.built.append(seat)
        return super().view(s, seat)


def test_the_loop_builds_no_view_for_an_agent_that_reads_none() -> None:
    """The random agent chooses from the legal list alone: the loop builds no view for it
    (nor hands it one), and still hands every other agent its own seat's view."""
    from tabletop.ai import make_agent
    from tabletop.engine.play import play

    game = _ViewCounting()
    reader = SpyAgent()
    random = make_agent("random", game)
    played = play(game, 2, 5, None, [reader, random])
    assert played.steps > 2 and reader.calls
    assert all(view["viewer"] == seat == 0 for view, seat, _legal in reader.calls)
    assert set(game.built) == {0}
    assert len(game.built) == len(reader.calls)
