"""Headless games between agents, their statistics, JSON-lines logs, and log replay.

Used by ``tabletop simulate`` / ``tabletop replay`` and by tests (any :class:`Game`
object works, registered or not).  Game ``i`` of a run uses seed ``S + i``; every seat
gets its own :class:`Rng` from the AI seed ``A + i`` (``A`` the run's *AI seed*, drawn
apart from the deals), so game ``i`` replays alone with ``--seed S+i --ai-seed A+i``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from tabletop.ai import make_agent
from tabletop.engine import Action, Event, Game, IllegalAction
from tabletop.engine.frozen import thaw
from tabletop.engine.play import (  # noqa: F401 (seat_rng re-exported)
    DEFAULT_AI_SEED,
    MAX_STEPS,
    PlayError,
    Step,
    play,
    seat_rng,
)
from tabletop.safe_read import too_deep
from tabletop.tools.sim_totals import Totals

KEEP = 100  # the results a simulate keeps beyond its totals (a long run counts the rest)


class SimulationError(Exception):
    """A game could not be played to its end (a game or agent bug); the message says where."""


def parse_options(game: Game, pairs: Sequence[str]) -> dict[str, Any]:
    """``["key=value", ...]`` → resolved options; raises ``ValueError`` with a clear reason."""
    given: dict[str, Any] = {}
    specs = {o.key: o for o in game.info.options}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"bad option {pair!r}: expected key=value")
        spec = specs.get(key)
        if spec is not None and spec.kind == "choice":  # "2" on the command line means 2
            value = next((c for c in spec.choices if str(c) == value), value)
        given[key] = value
    return game.info.resolve_options(given)


def check_players(game: Game, players: int) -> None:
    """Raise ``ValueError`` unless ``players`` is within the game's range (the game's check)."""
    game.check_players(players)


def seat_kinds(game: Game, players: int, ai: Sequence[str]) -> list[str]:
    """One agent kind per seat (``ai`` cycled); raises ``ValueError`` for an unknown kind."""
    kinds = [k.strip() for k in ai if k.strip()] or ["random"]
    for k in dict.fromkeys(kinds):
        make_agent(k, game)
    return [kinds[i % len(kinds)] for i in range(players)]


@dataclass
class GameResult:
    """The end of one headless game."""

    index: int
    seed: int
    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    length: int
    stats: dict[str, int | float | str] = field(default_factory=dict)


StepHook = Callable[[int, int, Action, Any], None]
StartHook = Callable[[Any], None]
EventsHook = Callable[[int, int, Action, Any, list[Event]], None]


def play_game(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any],
    kinds: Sequence[str],
    index: int = 0,
    on_step: StepHook | None = None,
    max_steps: int = MAX_STEPS,
    *,
    on_start: StartHook | None = None,
    on_events: EventsHook | None = None,
    ai_seed: int = DEFAULT_AI_SEED,
) -> GameResult:
    """Play one game to its end with the engine's one loop (:func:`tabletop.engine.play.play`).

    ``on_step(step, seat, action, state)`` follows each action; ``on_start(state)`` sees the
    state as set up; ``on_events(step, seat, action, state, events)`` is ``on_step`` with the
    events ``game.apply`` returned (the golden transcripts record their log texts).
    ``ai_seed`` seeds the agents (never derived from ``seed``).
    """
    where = f"game {index} (seed {seed})"
    agents = [make_agent(k, game) for k in kinds]

    def step_hook(step: Step, state: Any) -> None:
        if on_step is not None:
            on_step(step.step, step.seat, step.action, state)
        if on_events is not None:
            on_events(step.step, step.seat, step.action, state, step.events)

    try:
        played = play(
            game,
            players,
            seed,
            options,
            agents,
            on_start=on_start,
            on_step=step_hook,
            max_steps=max_steps,
            names=list(kinds),
            ai_seed=ai_seed,
        )
    except PlayError as e:
        raise SimulationError(f"{where}{'' if e.over_steps else ','} {e}") from e.__cause__
    state = played.state
    out = game.outcome(state)
    stats = dict(game.summary_stats(state))
    return GameResult(
        index, seed, list(out.scores), list(out.winners), list(out.breakdown), played.steps, stats
    )


@dataclass
class Summary:
    """Statistics of a run of headless games, counted as each game ends (:meth:`add`).

    Only the first ``keep`` results stay in ``results`` (all of them with ``keep=None``);
    every figure is read from the running :class:`Totals`, so a long run's memory does not
    grow with the number of games.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    ai: list[str]
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    keep: int | None = None
    totals: Totals = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.totals = Totals(self.players)
        for r in self.results:
            self.totals.add(r)

    def add(self, result: GameResult) -> None:
        """Count a finished game (and keep its result while fewer than ``keep`` are kept)."""
        self.totals.add(result)
        if self.keep is None or len(self.results) < self.keep:
            self.results.append(result)

    @property
    def games(self) -> int:
        """How many games were played."""
        return self.totals.games

    def wins(self) -> list[float]:
        """Wins per seat; a victory shared by k seats counts 1/k for each."""
        return list(self.totals.wins)

    def score_stats(self) -> list[tuple[float, float]]:
        """(mean, sample standard deviation) of the final score, per seat."""
        return self.totals.score_stats()

    def mean_length(self) -> float:
        """The mean number of actions per game."""
        return self.totals.length / self.games if self.games else 0.0

    def game_stats(self) -> dict[str, float | dict[str, int]]:
        """The games' own figures: the mean of each number, the count of each string."""
        out: dict[str, float | dict[str, int]] = {
            k: round(v, 6) for k, v in self.totals.means().items()
        }
        for k, tally in self.totals.tallies.items():
            out[k] = dict(sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])))
        return out

    def games_per_second(self) -> float:
        """Games finished per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON data (seats numbered from 0, as in logs)."""
        stats = self.score_stats()
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seats": [
                {
                    "seat": s,
                    "ai": self.ai[s],
                    "wins": round(w, 6),
                    "win_rate": round(w / self.games, 6) if self.games else 0.0,
                    "score_mean": round(stats[s][0], 6),
                    "score_sd": round(stats[s][1], 6),
                }
                for s, w in enumerate(self.wins())
            ],
            "mean_length": round(self.mean_length(), 6),
            "game_stats": self.game_stats(),
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second(), 3),
        }

    def table(self) -> str:
        """A small text table for the terminal (seats numbered from 1)."""
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "none"
        last = self.seed + self.games - 1
        lines = [
            f"{self.game}: {self.players} players, {self.games} games "
            f"(seeds {self.seed}–{last}), options: {opts}",
            f"{'seat':>4}  {'ai':<10} {'wins':>7} {'win %':>6} {'mean score':>11} {'sd':>7}",
        ]
        stats = self.score_stats()
        for s, w in enumerate(self.wins()):
            rate = 100 * w / self.games if self.games else 0.0
            mean, sd = stats[s]
            lines.append(
                f"{s + 1:>4}  {self.ai[s]:<10} {w:>7.2f} {rate:>5.1f}% {mean:>11.2f} {sd:>7.2f}"
            )
        lines.append(
            f"mean game length {self.mean_length():.1f} actions; "
            f"{self.games_per_second():.2f} games/s"
        )
        for key, value in self.game_stats().items():
            if isinstance(value, dict):
                parts = [f"{name} {n} ({100 * n / self.games:.1f}%)" for name, n in value.items()]
                lines.append(f"{key}: " + ", ".join(parts))
            else:
                lines.append(f"mean {key}: {value:.2f}")
        return "\n".join(lines)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(thaw(value)))


def _view_difference(logged: Any, view: Any) -> str | None:
    """Where a replayed view differs from the logged one (``None``: identical as JSON)."""
    view = thaw(view)
    fast = json.dumps(view, separators=(",", ":"))
    if fast == json.dumps(logged, separators=(",", ":")):  # same data in the same key order
        return None
    replayed = _canonical(view)
    if replayed == _canonical(logged):
        return None
    return first_difference(logged, json.loads(replayed), "view")


def _canonical(value: Any) -> str:
    """Compact JSON with sorted keys: equal text means equal plain data (``true`` ≠ ``1``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def simulate(
    game: Game,
    players: int,
    games: int = 1,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    ai: Sequence[str] = ("random",),
    log: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
    ai_seed: int = DEFAULT_AI_SEED,
    keep: int | None = KEEP,
) -> Summary:
    """Play ``games`` headless games (game ``i`` with seed ``seed + i``) and summarise them.

    The agents of game ``i`` draw from the AI seed ``ai_seed + i``, independent of the deal.
    The summary keeps the first ``keep`` games' results (``None``: all); it counts them all.

    ``log`` receives JSON lines (one per action, one final line per game);
    ``progress(done)`` is called after each game.  Raises ``ValueError`` for a bad set-up
    and :class:`SimulationError` if a game cannot be finished.
    """
    check_players(game, players)
    opts = game.info.resolve_options(options)
    kinds = seat_kinds(game, players, ai)
    summary = Summary(game.info.id, players, seed, opts, kinds, keep=keep)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        hook = None
        if log is not None:

            def hook(step: int, seat: int, action: Action, state: Any, i: int = i) -> None:
                line = {
                    "step": step,
                    "game": i,
                    "seat": seat,
                    "action": action.to_json(),
                    "text": action.text,
                    "view": thaw(game.view(state, None)),
                }
                log.write(json.dumps(line, separators=(",", ":")) + "\n")

        result = play_game(game, players, game_seed, opts, kinds, i, hook, ai_seed=ai_seed + i)
        summary.add(result)
        if log is not None:
            final = {
                "game": i,
                "final": True,
                "game_id": game.info.id,
                "scores": result.scores,
                "breakdown": result.breakdown,
                "winners": result.winners,
                "seed": game_seed,
                "ai_seed": ai_seed + i,
                "players": players,
                "options": opts,
                "ai": kinds,
                "length": result.length,
            }
            log.write(json.dumps(_plain(final), separators=(",", ":")) + "\n")
        if progress is not None:
            progress(i + 1)
    summary.seconds = time.perf_counter() - start
    return summary


# --- replay ----------------------------------------------------------------------------


class LogError(Exception):
    """A log file that cannot be read as a simulation log."""


@dataclass
class Verdict:
    """The outcome of replaying one logged game."""

    game: int
    seed: int | None
    players: int | None
    ok: bool
    detail: str
    actions: int = 0

    def line(self) -> str:
        """One line for the terminal."""
        where = f"game {self.game}"
        if self.seed is not None:
            where += f" (seed {self.seed}, {self.players} players)"
        return f"{where}: {'OK' if self.ok else 'MISMATCH'}, {self.detail}"


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path of the first place where plain data ``a`` and ``b`` differ (``None``: equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}" if path else str(k)
            d = first_difference(a[k], b[k], f"{path}.{k}" if path else str(k))
            if d is not None:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d is not None:
                return d
        return None if len(a) == len(b) else f"{path} (length {len(a)} vs {len(b)})"
    return None if a == b and type(a) is type(b) else (path or "(top)")


LOG_MAX_DEPTH = 64  # a record nests a few levels (a view, its zones, their cards)


def read_log(lines: Iterable[str]) -> dict[int, list[dict[str, Any]]]:
    """Group a log's records by game index (in file order); raises :class:`LogError`."""
    games: dict[int, list[dict[str, Any]]] = {}
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            rec = json.loads(text)
        except json.JSONDecodeError as e:
            raise LogError(f"line {n}: not JSON ({e.msg})") from None
        except (RecursionError, ValueError):  # nested past the parser's depth; huge numbers
            raise LogError(f"line {n}: not a simulation log record (nested too deeply)") from None
        if too_deep(rec, LOG_MAX_DEPTH):
            raise LogError(f"line {n}: not a simulation log record (nested too deeply)")
        if not isinstance(rec, dict) or not isinstance(rec.get("game"), int):
            raise LogError(f"line {n}: not a simulation log record (no game number)")
        games.setdefault(rec["game"], []).append(rec)
    if not games:
        raise LogError("the log holds no games")
    return games


def replay_game(index: int, records: list[dict[str, Any]], game: Game) -> Verdict:
    """Replay one logged game from seed, options and actions; compare views and result."""
    finals = [r for r in records if r.get("final")]
    if not finals:
        return Verdict(index, None, None, False, "the log ends before this game's final line")
    final = finals[-1]
    seed, players = final.get("seed"), final.get("players")
    if not isinstance(seed, int) or not isinstance(players, int):
        return Verdict(index, None, None, False, "the final line lacks seed or players")
    try:
        state = game.new_game(players, seed, final.get("options") or {})
    except (ValueError, KeyError, TypeError) as e:
        return Verdict(index, seed, players, False, f"cannot set the game up: {e}")
    steps = [r for r in records if not r.get("final")]

    def mismatch(detail: str, done: int) -> Verdict:
        return Verdict(index, seed, players, False, detail, done)

    for n, rec in enumerate(steps, 1):
        if rec.get("step") != n:
            return mismatch(f"step {n}: the log numbers it {rec.get('step')!r}", n - 1)
        seat = rec.get("seat")
        try:
            game.apply(state, seat, Action.from_json(rec["action"]))  # type: ignore[arg-type]
        except IllegalAction as e:
            return mismatch(
                f"step {n}: seat {seat}'s action {rec.get('action')} is illegal: {e.reason}",
                n - 1,
            )
        except (KeyError, TypeError, AttributeError) as e:
            return mismatch(f"step {n}: malformed action record ({e})", n - 1)
        diff = _view_difference(rec.get("view"), game.view(state, None))
        if diff is not None:
            return mismatch(f"step {n}: the view differs at {diff}", n - 1)
    done = len(steps)
    if not game.is_over(state):
        return mismatch(f"the game is not over after the {done} logged actions", done)
    out = game.outcome(state)
    for key, value in (
        ("scores", out.scores),
        ("winners", out.winners),
        ("breakdown", out.breakdown),
    ):
        if _plain(value) != final.get(key):
            return mismatch(
                f"final {key} differ: logged {final.get(key)}, replayed {_plain(value)}", done
            )
    if final.get("length", done) != done:
        return mismatch(f"{done} actions logged but the final line says {final['length']}", done)
    ok = f"{done} actions replayed, every view and the final scores match"
    return Verdict(index, seed, players, True, ok, done)


def replay_log(lines: Iterable[str], resolve: Callable[[str], Game]) -> list[Verdict]:
    """Replay every game of a simulation log; ``resolve`` maps a game id to its Game."""
    verdicts = []
    for index, records in read_log(lines).items():
        ids = {r.get("game_id") for r in records if r.get("final")}
        if not ids:
            verdicts.append(
                Verdict(index, None, None, False, "the log ends before this game's final line")
            )
            continue
        if len(ids) != 1 or None in ids:
            verdicts.append(Verdict(index, None, None, False, "no game id on the final line"))
            continue
        verdicts.append(replay_game(index, records, resolve(ids.pop())))
    return verdicts
