"""Seat-rotated AI matches, played in parallel processes, with statistics.

Every deal (one seed) is played once per rotation of the agents around the table, so no
agent profits from a seat or a lucky deal.  Results: win share per agent with a 95 %
Wilson interval, mean points, decision times (median and 95th percentile, decisions with
a single legal action left out), games per second, and on request balance figures (first
seat's advantage, game length, the cards that go with winning).
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.ai.base import make_agent
from tabletop.ai.hooks import hooks_for
from tabletop.engine import Game
from tabletop.engine.play import DEFAULT_AI_SEED, PlayError, Step, derive_seed, play

Z95 = 1.959963984540054


@dataclass(frozen=True)
class MatchSpec:
    """One match to play: the game, the seed, and which agent sits where."""

    game: Game
    players: int
    seed: int
    seats: tuple[str, ...]  # agent kind per seat
    labels: tuple[str, ...]  # agent label per seat (unique per agent)
    options: tuple[tuple[str, Any], ...] = ()
    #: seeds the agents' generators: drawn from the tournament's AI seed, never from ``seed``
    ai_seed: int = DEFAULT_AI_SEED


@dataclass
class MatchRecord:
    """What happened in one match."""

    seed: int
    labels: list[str]
    scores: list[int]
    winners: list[int]
    first: int
    decisions: int
    times: dict[str, list[float]] = field(default_factory=dict)
    #: processor time of the same decisions (less noisy than wall time on a busy machine)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    cards: list[list[str]] = field(default_factory=list)
    error: str = ""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation (0 for no values)."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def seat_cards(view: dict[str, Any], players: int) -> list[list[str]]:
    """Card ids each seat holds in its zones (``p<seat>.<zone>``) of a view."""
    out: list[list[str]] = [[] for _ in range(players)]
    for zone_id, zone in (view.get("zones") or {}).items():
        if not zone_id.startswith("p") or "." not in zone_id:
            continue
        head = zone_id.split(".", 1)[0][1:]
        if not head.isdigit() or int(head) >= players:
            continue
        for card in zone.get("cards", []):
            if isinstance(card, Mapping) and card.get("card"):
                out[int(head)].append(str(card["card"]))
    return out


MAX_DECISIONS = 20_000


def play_match(spec: MatchSpec) -> MatchRecord:
    """Play one match to the end with the engine's one loop (seats seeded as ``simulate``)."""
    game = spec.game
    agents = [make_agent(kind, game) for kind in spec.seats]
    times: dict[str, list[float]] = {label: [] for label in spec.labels}
    cpu: dict[str, list[float]] = {label: [] for label in spec.labels}

    def timed(step: Step, state: Any) -> None:
        if step.choices > 1:
            times[spec.labels[step.seat]].append(step.wall)
            cpu[spec.labels[step.seat]].append(step.cpu)

    try:
        played = play(
            game,
            spec.players,
            spec.seed,
            dict(spec.options),
            agents,
            on_step=timed,
            max_steps=MAX_DECISIONS,
            names=list(spec.seats),
            ai_seed=spec.ai_seed,
        )
        state, decisions, first = played.state, played.steps, played.first
    except PlayError as e:
        if not e.over_steps:
            raise
        state, decisions = e.state, MAX_DECISIONS
        first = 0
    out = game.outcome(state)
    error = "" if game.is_over(state) else f"stopped after {decisions} decisions"
    counted = hooks_for(game).balance_cards
    if counted is not None:
        cards = counted(game, state)
    else:
        cards = seat_cards(game.view(state, None), spec.players)
    return MatchRecord(
        spec.seed,
        list(spec.labels),
        list(out.scores),
        list(out.winners),
        first,
        decisions,
        times,
        cpu,
        cards,
        error,
    )


def _labels(kinds: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    labels = []
    for k in kinds:
        seen[k] = seen.get(k, 0) + 1
        labels.append(k if kinds.count(k) == 1 else f"{k}#{seen[k]}")
    return labels


def schedule(
    game: Game,
    players: int,
    games: int,
    kinds: list[str],
    seed: int = 1,
    options: dict[str, Any] | None = None,
    ai_seed: int = DEFAULT_AI_SEED,
) -> list[MatchSpec]:
    """Seat-rotated matches: deal ``k`` is played in every rotation of the agents.

    Match ``g`` seeds its agents with ``derive_seed(ai_seed, g)``: a keyed one-way hash of
    the tournament's AI seed, which is independent of the deals' seeds.
    """
    kinds = list(kinds) + [kinds[-1]] * (players - len(kinds))
    kinds = kinds[:players]
    labels = _labels(kinds)
    opts = tuple(sorted((options or {}).items()))
    specs = []
    for g in range(games):
        r = g % players
        order = [(i - r) % players for i in range(players)]
        specs.append(
            MatchSpec(
                game,
                players,
                seed + g // players,
                tuple(kinds[j] for j in order),
                tuple(labels[j] for j in order),
                opts,
                derive_seed(ai_seed, g),
            )
        )
    return specs


def run_matches(
    specs: list[MatchSpec],
    jobs: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
) -> tuple[list[MatchRecord], float]:
    """Play the matches (in ``jobs`` processes); return the records and the wall time."""
    t0 = time.perf_counter()
    records: list[MatchRecord] = []

    def tick(done: Iterable[MatchRecord]) -> None:
        for rec in done:
            records.append(rec)
            if progress:
                progress(len(records), len(specs), time.perf_counter() - t0)

    if jobs <= 1 or len(specs) <= 1:
        tick(play_match(s) for s in specs)
    else:
        # spawned, not forked: a fork copies the locks other threads of this process hold
        # (a test run's, an app's), and a child that needs one then waits forever
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            tick(pool.imap_unordered(play_match, specs))
    records.sort(key=lambda r: (r.seed, r.labels))
    return records, time.perf_counter() - t0


def summarize(
    records: list[MatchRecord], wall: float, players: int, balance: bool = False
) -> dict[str, Any]:
    """Win rates with intervals, mean scores, decision times, speed (and balance)."""
    labels = sorted({label for r in records for label in r.labels})
    agents: dict[str, Any] = {}
    for label in labels:
        n = 0
        wins = 0.0
        points: list[int] = []
        times: list[float] = []
        cpu: list[float] = []
        for r in records:
            times += r.times.get(label, [])
            cpu += r.cpu.get(label, [])
            for seat, lab in enumerate(r.labels):
                if lab != label:
                    continue
                n += 1
                points.append(r.scores[seat])
                if seat in r.winners:
                    wins += 1.0 / len(r.winners)
        lo, hi = wilson(wins, n)
        agents[label] = {
            "seats_played": n,
            "win_rate": wins / n if n else 0.0,
            "ci95": [lo, hi],
            "mean_score": sum(points) / n if n else 0.0,
            "decisions": len(times),
            "time_median": quantile(times, 0.5),
            "time_p95": quantile(times, 0.95),
            "cpu_median": quantile(cpu, 0.5),
            "cpu_p95": quantile(cpu, 0.95),
        }
    out: dict[str, Any] = {
        "games": len(records),
        "players": players,
        "wall_seconds": wall,
        "games_per_second": len(records) / wall if wall > 0 else 0.0,
        "unfinished": sum(1 for r in records if r.error),
        "agents": agents,
    }
    if balance:
        out["balance"] = balance_report(records, players)
    return out


def balance_report(records: list[MatchRecord], players: int) -> dict[str, Any]:
    """First seat's advantage, game length, and per-card association with winning."""
    n = len(records)
    first_wins = sum(1.0 / len(r.winners) for r in records if r.winners and r.first in r.winners)
    lo, hi = wilson(first_wins, n)
    lengths = [r.decisions for r in records]
    by_seat = []
    for seat in range(players):
        w = sum(1.0 / len(r.winners) for r in records if seat in r.winners)
        by_seat.append(w / n if n else 0.0)
    # per card: win share of the seats holding it at the end, against the seats without it
    held: dict[str, list[float]] = {}
    seat_results: list[tuple[set[str], float]] = []
    for r in records:
        for seat in range(min(players, len(r.cards))):
            w = 1.0 / len(r.winners) if seat in r.winners else 0.0
            seat_results.append((set(r.cards[seat]), w))
    all_cards = sorted({c for cards, _ in seat_results for c in cards})
    for card in all_cards:
        held[card] = [w for cards, w in seat_results if card in cards]
    cards = []
    for card in all_cards:
        with_card = held[card]
        without = [w for cards_, w in seat_results if card not in cards_]
        if len(with_card) < 5 or not without:
            continue
        mw = sum(with_card) / len(with_card)
        mo = sum(without) / len(without)
        cards.append(
            {
                "card": card,
                "held": len(with_card),
                "win_with": mw,
                "win_without": mo,
                "lift": mw - mo,
                "correlation": _point_biserial(with_card, without),
            }
        )
    cards.sort(key=lambda c: -c["correlation"])
    return {
        "first_seat_win_rate": first_wins / n if n else 0.0,
        "first_seat_ci95": [lo, hi],
        "fair_share": 1.0 / players,
        "win_rate_by_seat": by_seat,
        "length_mean": sum(lengths) / n if n else 0.0,
        "length_median": quantile([float(x) for x in lengths], 0.5),
        "length_min": min(lengths) if lengths else 0,
        "length_max": max(lengths) if lengths else 0,
        "cards": cards,
    }


def _point_biserial(with_card: list[float], without: list[float]) -> float:
    values = with_card + without
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / n)
    if sd == 0:
        return 0.0
    p = len(with_card) / n
    m1 = sum(with_card) / len(with_card)
    m0 = sum(without) / len(without)
    return (m1 - m0) / sd * math.sqrt(p * (1 - p))


def format_report(summary: dict[str, Any], title: str = "") -> str:
    """A plain-text table of a summary."""
    lines = []
    if title:
        lines.append(title)
    lines.append(
        f"{summary['games']} games, {summary['players']} players, "
        f"{summary['wall_seconds']:.1f} s, {summary['games_per_second']:.2f} games/s"
        + (f", {summary['unfinished']} unfinished" if summary["unfinished"] else "")
    )
    lines.append(
        f"{'agent':<14}{'seats':>6}{'win %':>8}{'95% CI':>16}{'mean pts':>10}"
        f"{'decisions':>11}{'median s':>10}{'p95 s':>8}{'cpu med':>9}{'cpu p95':>9}"
    )
    for label, a in summary["agents"].items():
        lo, hi = a["ci95"]
        lines.append(
            f"{label:<14}{a['seats_played']:>6}{100 * a['win_rate']:>7.1f}%"
            f"{f'{100 * lo:.1f}–{100 * hi:.1f}%':>16}{a['mean_score']:>10.1f}"
            f"{a['decisions']:>11}{a['time_median']:>10.3f}{a['time_p95']:>8.3f}"
            f"{a['cpu_median']:>9.3f}{a['cpu_p95']:>9.3f}"
        )
    bal = summary.get("balance")
    if bal:
        lo, hi = bal["first_seat_ci95"]
        lines.append(
            f"first seat wins {100 * bal['first_seat_win_rate']:.1f}% "
            f"(95% CI {100 * lo:.1f}–{100 * hi:.1f}%, fair share {100 * bal['fair_share']:.1f}%); "
            "by seat: " + ", ".join(f"{100 * w:.1f}%" for w in bal["win_rate_by_seat"])
        )
        lines.append(
            f"game length (decisions): mean {bal['length_mean']:.1f}, median "
            f"{bal['length_median']:.0f}, range {bal['length_min']}–{bal['length_max']}"
        )
        if bal["cards"]:
            lines.append("cards most associated with winning / losing (point-biserial r):")
            top = bal["cards"][:5]
            bottom = [c for c in bal["cards"][-5:] if c not in top]
            for c in top + bottom:
                lines.append(
                    f"  {c['card']:<24} r={c['correlation']:+.3f}  held {c['held']:>4}x  "
                    f"win {100 * c['win_with']:.1f}% vs {100 * c['win_without']:.1f}% without"
                )
    return "\n".join(lines)


def records_to_json(records: list[MatchRecord]) -> list[dict[str, Any]]:
    """Match records as JSON data."""
    return [asdict(r) for r in records]
