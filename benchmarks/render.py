"""The table's frame against a floor that blits only the card surfaces the table shows.

Run: ``python benchmarks/render.py [--game ID ...] [--players N] [--size WxH ...] [--json]``
(headless: SDL_VIDEODRIVER=dummy unless set).  By default every registered game at its
maximum player count, at 1280×720 and 1920×1080, on its busiest table: of the positions a
seeded random game passes through where seat 0 alone is to act, the one showing most cards.

For each table three scenes are measured: idle, idle drawn whole every frame (as under a
toast or a dialog, when the window cannot be trusted to hold the last frame), and dragging
a card.  The *floor* of a scene
blits exactly the card surfaces the table has visible on that frame (a card whose rect lies
inside a later card's rect is hidden), to the same screen, then flips; nothing else.  Floor
and table frames run interleaved in rounds (ABBA order), paced at 60 Hz like the app; each
round gives a ratio of median table work to median floor work.  Printed per scene: median
and p95 of frame work and of frame-to-frame interval, and the median and p95 of the round
ratios.  The last line is ``ratio R``: the worst median ratio of all scenes.

``--ai`` adds the table while the real Hard search thinks about that position, in each
worker mode (``process``: the spawned worker the app uses; ``thread``: the fallback).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from tabletop import registry  # noqa: E402
from tabletop.controller import AiWorker, Match, SeatConfig  # noqa: E402
from tabletop.engine import Rng  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402
from tabletop.ui.table.scene import TableScene  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
HZ = 60
Blits = list[tuple[pygame.Surface, tuple[int, int]]]


class NullWorker:
    """The table's AI worker while frames are timed: takes jobs, never answers."""

    def __init__(self) -> None:
        self.busy: set[Any] = set()

    def prepare(self, game: Any) -> None: ...
    def submit(self, *args: Any, **kw: Any) -> None: ...
    def poll(self, channel: Any = None) -> list[Any]:
        return []


def table_app(size: tuple[int, int]) -> App:
    """The real app shell (window, loop step, scene stack) at ``size``, sound off."""
    os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-bench-"))
    return App(size=size, settings=Settings(sound=False))


# ---------------------------------------------------------------------- the position
def busiest_match(game: Any, players: int, seed: int = 2024) -> Match:
    """The match at its busiest position where seat 0 alone is to act (seat 0 human)."""
    seats = [SeatConfig(name="You")] + [
        SeatConfig("ai", f"AI {i}", "hard") for i in range(1, players)
    ]

    def cards_shown(m: Match) -> int:
        return sum(len(z.get("cards", ())) for z in m.view(0).get("zones", {}).values())

    match, rng = Match(game, seats, seed), Rng(seed)
    played: list[tuple[int, int]] = []
    best: tuple[int, int] = (-1, 0)
    while not match.is_over() and len(played) < 2000:
        if match.to_act() == [0] and len(match.legal(0)) > 1:  # a choice for Hard to think on
            best = max(best, (cards_shown(match), len(played)))
        seat = match.to_act()[0]
        legal = match.legal(seat)
        i = rng.randrange(len(legal))
        played.append((seat, i))
        match.apply(seat, legal[i])
    match = Match(game, seats, seed)
    for seat, i in played[: best[1]]:
        match.apply(seat, match.legal(seat)[i])
    return match


# ---------------------------------------------------------------------- what the floor blits
def shown_cards(sc: TableScene) -> Blits:
    """The card surfaces the table shows this frame, bottom first; hidden ones left out."""
    drawn: Blits = []
    rects: list[pygame.Rect] = []
    for sp in sc.sprites:
        if sp is sc.dragging:
            continue
        img = sc.art.turned(sp.card, sp.rect.h, sp.rect.w) if sp.turned else None
        img = img or sc.art.image(sp.card, sp.rect.w, sp.rect.h)
        drawn.append((img, sp.rect.topleft))
        rects.append(sp.rect)
    keep = [
        d for i, (d, r) in enumerate(zip(drawn, rects, strict=True))
        if not any(above.contains(r) for above in rects[i + 1 :])
    ]  # fmt: skip
    if sc.dragging is not None:
        sp = sc.dragging
        img = sc.art.image(sp.card, sp.rect.w, sp.rect.h)
        keep.append((img, (sc.mouse[0] + sc.drag_offset[0], sc.mouse[1] + sc.drag_offset[1])))
    return keep


# ---------------------------------------------------------------------- timing
class Clock:
    """Paces frames at 60 Hz and records work and frame-to-frame times (seconds)."""

    def __init__(self) -> None:
        self.work: list[float] = []
        self.gaps: list[float] = []
        self.last: float | None = None

    def frame(self, body: Callable[[], None]) -> None:
        start = time.perf_counter()
        if self.last is not None:
            self.gaps.append(start - self.last)
        self.last = start
        body()
        took = time.perf_counter() - start
        self.work.append(took)
        time.sleep(max(0.0, 1 / HZ - took))


def _ms(values: Sequence[float]) -> dict[str, float]:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return {"median": 0.0, "p95": 0.0}
    return {"median": statistics.median(ms), "p95": ms[min(len(ms) - 1, int(len(ms) * 0.95))]}


def _pct(values: Sequence[float]) -> dict[str, float]:
    vs = sorted(values)
    return {"median": statistics.median(vs), "p95": vs[min(len(vs) - 1, int(len(vs) * 0.95))]}


def interleaved(
    table: Callable[[], None],
    floor: Callable[[], None],
    rounds: int,
    frames: int,
    touched: Callable[[], None],
) -> dict[str, Any]:
    """Floor and table frames in alternating rounds; figures and per-round ratios.

    ``touched`` tells the app that the floor drew on its window (so the table's first frame
    of a round is drawn whole, as after any other scene)."""
    t_clock, f_clock = Clock(), Clock()
    ratios = []
    for r in range(rounds):
        order = [(f_clock, floor), (t_clock, table)]
        if r % 2:
            order.reverse()
        medians = {}
        for clock, body in order:
            if clock is t_clock:
                touched()
            clock.last = None  # a gap spans only frames of one kind
            start = len(clock.work)
            for _ in range(frames):
                clock.frame(body)
            medians[id(clock)] = statistics.median(clock.work[start:])
        ratios.append(medians[id(t_clock)] / max(medians[id(f_clock)], 1e-9))
    return {
        "table": {"work_ms": _ms(t_clock.work), "frame_to_frame_ms": _ms(t_clock.gaps)},
        "floor": {"work_ms": _ms(f_clock.work), "frame_to_frame_ms": _ms(f_clock.gaps)},
        "ratio": _pct(ratios),
    }


def _table_frame(app: App) -> Callable[[], None]:
    """One step of the app's loop: events, update, draw, flip."""

    def body() -> None:
        app.step(1 / HZ)

    return body


def _floor_frame(blits: Blits, screen: pygame.Surface) -> Callable[[], None]:
    def body() -> None:
        screen.fblits(blits)
        pygame.display.flip()

    return body


# ---------------------------------------------------------------------- one table
def measure_table(
    game: Any, players: int, size: tuple[int, int], rounds: int, frames: int, ai: Sequence[str]
) -> dict[str, Any]:
    """Idle and dragging scenes (and the AI modes asked for) of one game at one size."""
    app = table_app(size)
    screen = app.window
    match = busiest_match(game, players)
    sc = TableScene(app, match, worker=NullWorker())  # type: ignore[arg-type]
    app.push(sc)
    table = _table_frame(app)
    for _ in range(30):  # every face rendered and cached
        table()
    out: dict[str, Any] = {
        "game": game.info.id,
        "players": players,
        "size": f"{size[0]}x{size[1]}",
        "sprites": len(sc.sprites),
        "scenes": {},
    }
    idle = shown_cards(sc)
    out["scenes"]["idle"] = {
        "blits": len(idle),
        **interleaved(table, _floor_frame(idle, screen), rounds, frames, app.screen_touched),
    }

    def whole() -> None:  # as under a toast or a dialog: the layer blitted whole each frame
        app.screen_touched()
        table()

    out["scenes"]["whole"] = {
        "blits": len(idle),
        **interleaved(whole, _floor_frame(idle, screen), rounds, frames, app.screen_touched),
    }
    uid = next((u for u in sc.drags if u in sc.by_uid), None)
    busy_frame = table
    if uid is not None:
        start = sc.by_uid[uid].rect.center
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        step = [0]

        def move() -> None:
            step[0] += 1
            i = step[0]
            pos = (100 + (i * 7) % (size[0] // 2), 200 + (i * 5) % (size[1] // 2))
            sc.handle_event(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 5), buttons=(1, 0, 0))
            )

        def drag_table() -> None:
            move()
            table()

        def drag_floor() -> None:
            move()
            screen.fblits(drag_blits())
            pygame.display.flip()

        base: Blits = []  # the cards the dragged one does not cover, set once it is held

        def drag_blits() -> Blits:
            sp = sc.dragging
            assert sp is not None
            pos = (sc.mouse[0] + sc.drag_offset[0], sc.mouse[1] + sc.drag_offset[1])
            return [*base, (sc.art.image(sp.card, sp.rect.w, sp.rect.h), pos)]

        move()
        table()
        base[:] = shown_cards(sc)[:-1]  # the last is the dragged card, at the pointer
        out["scenes"]["dragging"] = {
            "blits": len(base) + 1,
            **interleaved(drag_table, drag_floor, rounds, frames, app.screen_touched),
        }
        busy_frame = drag_table  # the AI thinks while the player drags a card
    for mode in ai:
        out["scenes"][f"ai-{mode}"] = thinking(sc, busy_frame, mode, frames * rounds)
    if uid is not None:  # put the card back where it was
        sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    return out


def thinking(sc: TableScene, table: Callable[[], None], mode: str, frames: int) -> dict[str, Any]:
    """Table frames (dragging a card where there is one) while the real Hard search decides
    seat 0's move in the worker."""
    worker = AiWorker(process=mode == "process")
    m = sc.match
    worker.prepare(m.game)
    worker.submit("warm", m.game, "greedy", m.view(0), 0, m.legal(0), 1, id(sc))
    worker.wait(120, id(sc))  # up and warm, as in the app after the table opened
    sc.worker = worker  # type: ignore[assignment]
    clock, searches, busy_frames = Clock(), 0, 0
    while busy_frames < frames:
        if not worker.busy:
            searches += 1
            token = ("bench", searches)
            worker.submit(token, m.game, "hard", m.view(0), 0, m.legal(0), searches, id(sc))
        clock.frame(table)
        busy_frames += 1
    if worker.busy:
        worker.wait(120, id(sc))
    worker.stop()
    sc.worker = NullWorker()  # type: ignore[assignment]
    return {
        "table": {"work_ms": _ms(clock.work), "frame_to_frame_ms": _ms(clock.gaps)},
        "searches": searches,
    }


# ---------------------------------------------------------------------- report
STEADY = ("idle", "dragging")  # the frames of the table at play: the headline ratio


def report(results: dict[str, Any]) -> str:
    """The figures as text; the last line is ``ratio R``, the worst steady frame's ratio
    (idle or dragging); the line before it, ``whole ratio W``, the worst frame drawn whole
    (after a dialog, a zoom or another scene drew on the window), which costs one
    full-window blit that the card-only floor never pays."""
    lines = [
        f"table frame vs floor (same visible card surfaces), {results['rounds']} rounds of "
        f"{results['frames']} frames, load {results['load']} on {results['cpus']} cores"
    ]
    for case in results["cases"]:
        lines.append(f"{case['game']} {case['players']}p {case['size']}: {case['sprites']} sprites")
        for name, s in case["scenes"].items():
            t = s["table"]
            row = (
                f"  {name:<12} table work {t['work_ms']['median']:5.2f} / {t['work_ms']['p95']:5.2f} ms"
                f"  frame-to-frame {t['frame_to_frame_ms']['median']:5.2f} / "
                f"{t['frame_to_frame_ms']['p95']:5.2f} ms"
            )
            if "floor" in s:
                f = s["floor"]
                row += (
                    f"  floor ({s['blits']} blits) {f['work_ms']['median']:5.2f} / "
                    f"{f['work_ms']['p95']:5.2f} ms  ratio {s['ratio']['median']:.2f} "
                    f"(p95 {s['ratio']['p95']:.2f})"
                )
            else:
                row += f"  ({s['searches']} Hard searches)"
            lines.append(row)
    lines.append("(median / p95)")
    if results.get("whole_ratio") is not None:
        lines.append(
            f"whole ratio {results['whole_ratio']:.2f}  (the window redrawn whole; see docs)"
        )
    lines.append(f"ratio {results['ratio']:.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print (or ``--json``) the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", action="append", help="a registered game id (repeatable)")
    ap.add_argument("--players", type=int, help="seats (default: the game's maximum)")
    ap.add_argument("--size", action="append", help="WxH (repeatable; default 1280x720 1920x1080)")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--frames", type=int, default=20, help="frames per round and kind")
    ap.add_argument(
        "--ai", action="append", choices=("process", "thread"), help="also time a Hard search"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    known = registry.games()
    ids = args.game or list(known)
    unknown = [g for g in ids if g not in known]
    if unknown:
        print(
            f"benchmarks/render.py: unknown game {', '.join(unknown)} (known: {', '.join(known)})",
            file=sys.stderr,
        )
        return 2
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else SIZES
    pygame.display.init()
    pygame.font.init()
    cases = []
    for gid in ids:
        game = known[gid]
        players = args.players or game.info.max_players
        if not game.info.min_players <= players <= game.info.max_players:
            print(f"benchmarks/render.py: {gid} takes {game.info.min_players}-"
                  f"{game.info.max_players} players", file=sys.stderr)  # fmt: skip
            return 2
        for size in sizes:
            cases.append(
                measure_table(game, players, size, args.rounds, args.frames, args.ai or [])
            )
    ratios = [
        s["ratio"]["median"]
        for c in cases
        for name, s in c["scenes"].items()
        if name in STEADY and "ratio" in s
    ]
    wholes = [c["scenes"]["whole"]["ratio"]["median"] for c in cases if "whole" in c["scenes"]]
    results = {
        "rounds": args.rounds,
        "frames": args.frames,
        "load": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "cpus": os.cpu_count(),
        "cases": cases,
        "ratio": max(ratios),
        "whole_ratio": max(wholes) if wholes else None,
    }
    print(json.dumps(results, indent=1) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
