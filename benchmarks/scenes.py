"""Menu scenes: the time from a click to the first frame that shows the scene, against the title's.

Run: ``python benchmarks/scenes.py [--rounds N] [--size WxH] [--no-spare] [--json]``.

One app in one process (SDL's dummy video driver unless ``SDL_VIDEODRIVER`` says otherwise), in
a temporary home holding four saves and six finished games.  Each round measures, in a shuffled
order (interleaved, so that a busy machine slows every scene alike):

- ``title``: a fresh title scene (as after leaving a table), to its first frame: the yardstick;
- ``rules``, ``new game``, ``records``, ``load``: a click on the title's button, to the first
  frame showing the scene (the press comes back as an event on the next frame: included);
- ``new game: other game``: picking another game in New game, to the first frame showing it;
- ``rules from table (R)``: R at a table, to the first frame of the Rules scene.

Before each, the app runs idle frames (as when the pointer rests on a button; ``--no-spare``
stops the app from theming a UI manager for the next scene meanwhile).  ``first`` is the time
to the first frame; ``complete`` the time until the scene has filled in what it builds after
that frame (its long text, the record, the saves' check).  Printed per scene: the median and
p95 of both, and of ``first`` as a ratio to the same round's title; last, ``ratio R``: the
highest median ratio of Rules, New game, Records and Load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DT = 1 / 60
IDLE_FRAMES = 30  # half a second of rest before each click
GAMES_SAVED = 4
GAMES_RECORDED = 6
MENUS = ("rules", "new game", "records", "load")  # the scenes the title's menu opens


def _pct(values: Sequence[float]) -> dict[str, float]:
    vs = sorted(values)
    return {"median": statistics.median(vs), "p95": vs[min(len(vs) - 1, int(len(vs) * 0.95))]}


def _random_match(game: Any, seed: int, moves: int | None) -> Any:
    """A two-seat match after ``moves`` random legal moves (``None``: to its end)."""
    from tabletop.controller import Match, SeatConfig
    from tabletop.engine import Rng

    m = Match(game, [SeatConfig(name="Ada"), SeatConfig("ai", "Hugo", "easy")], seed)
    rng = Rng(seed)
    played = 0
    while not m.is_over() and (moves is None or played < moves) and played < 5000:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
        played += 1
    return m


def fill_home() -> None:
    """Saves and finished games in the temporary home, as a player's would hold."""
    from tabletop import registry
    from tabletop.controller.history import records
    from tabletop.ui import places

    games = list(registry.games().values())
    for i, game in enumerate(games[:GAMES_SAVED]):
        _random_match(game, 10 + i, 30).save(places.saves_dir() / f"{game.info.id}.json")
    for i in range(GAMES_RECORDED):
        match = _random_match(games[i % len(games)], 20 + i, None)
        if match.is_over():
            records.record_match(match)


class Bench:
    """The app and the moves that open each scene."""

    def __init__(self, size: tuple[int, int], spare: bool) -> None:
        from tabletop.ui.app import App

        if not spare and hasattr(App, "_prepare_spare_ui"):
            App._prepare_spare_ui = lambda self: None  # type: ignore[method-assign]
        self.app = App(size=size)
        self.app.start()
        self.rest()

    def step(self) -> None:
        self.app.step(DT)

    def rest(self) -> None:
        for _ in range(IDLE_FRAMES):
            self.step()

    def until(
        self, shown: Callable[[], bool], start: Callable[[], None] | None = None
    ) -> tuple[float, float]:
        """Run ``start``, then step until ``shown()`` after a frame; (seconds to that frame,
        seconds until the scene has filled in)."""
        t0 = time.perf_counter()
        if start is not None:
            start()
        for _ in range(600):
            self.step()
            if shown():
                break
        else:
            raise RuntimeError(f"not shown; top is {type(self.app.top).__name__}")
        first = time.perf_counter() - t0
        for _ in range(600):
            top = self.app.top
            if not getattr(top, "filling", False) and not getattr(top, "_held", None):
                break
            self.step()
        return first, time.perf_counter() - t0

    def click(self, text: str) -> None:
        import pygame

        b = next(b for b in self.app.top._actions if b.text == text)
        for kind, extra in (
            (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
            (pygame.MOUSEBUTTONDOWN, {"button": 1}),
            (pygame.MOUSEBUTTONUP, {"button": 1}),
        ):
            pygame.event.post(pygame.event.Event(kind, pos=b.rect.center, **extra))

    # --- the measured moves ------------------------------------------------------------------
    def title(self) -> tuple[float, float]:
        from tabletop.ui.scenes.title import TitleScene

        self.rest()
        return self.until(lambda: isinstance(self.app.top, TitleScene), self.app.go_home)

    def from_title(self, button: str, scene: str) -> tuple[float, float]:
        self.app.go_home()
        self.rest()
        self.click(button)
        return self.until(lambda: type(self.app.top).__name__ == scene)

    def other_game(self) -> tuple[float, float]:
        import pygame
        import pygame_gui

        from tabletop.ui.scenes.new_game import NewGameScene

        self.app.go_home()
        scene = NewGameScene(self.app)
        self.app.push(scene)
        self.rest()
        other = next(g for g in scene.games if g != scene.game_id)
        info = scene.games[other].info
        want = f"(of {info.min_players}–{info.max_players})"
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                ui_element=scene.game_menu,
                selected_option_id=other,
                text=info.name,
            )
        )
        return self.until(lambda: want in scene.players_label.text)

    def rules_at_table(self) -> tuple[float, float]:
        import pygame

        from tabletop.controller import SeatConfig
        from tabletop.ui import launch
        from tabletop.ui.match_config import MatchConfig

        self.app.go_home()
        gid = _games()[0]
        config = MatchConfig(gid, [SeatConfig(name="Ann"), SeatConfig("ai", "Bea", "easy")], {}, 7)
        launch.start_match(self.app, config)
        self.rest()
        ev = {"key": pygame.K_r, "mod": 0, "unicode": "r", "scancode": 0}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, ev))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, ev))
        shown = self.until(lambda: type(self.app.top).__name__ == "RulesScene")
        self.app.go_home()
        self.step()
        from tabletop.controller.saving import journal

        journal.flush_all()
        os.remove(launch.autosave_path())  # the title measured with no game to continue
        return shown


def _games() -> list[str]:
    from tabletop import registry

    return list(registry.games())


def measure(rounds: int, size: tuple[int, int], spare: bool) -> dict[str, Any]:
    """Every scene once a round, in a shuffled order; the figures per scene."""
    bench = Bench(size, spare)
    fill_home()
    moves: dict[str, Callable[[], tuple[float, float]]] = {
        "title": bench.title,
        "rules": lambda: bench.from_title("Rules", "RulesScene"),
        "new game": lambda: bench.from_title("New game", "NewGameScene"),
        "records": lambda: bench.from_title("Records", "RecordsScene"),
        "load": lambda: bench.from_title("Load", "LoadScene"),
        "new game: other game": bench.other_game,
        "rules from table (R)": bench.rules_at_table,
    }
    for move in moves.values():  # warm-up: every module imported, the registry read
        move()
    order = list(moves)
    rng = random.Random(1)
    first: dict[str, list[float]] = {k: [] for k in moves}
    complete: dict[str, list[float]] = {k: [] for k in moves}
    ratio: dict[str, list[float]] = {k: [] for k in moves}
    for _ in range(rounds):
        rng.shuffle(order)
        got = {name: moves[name]() for name in order}
        for name, (f, c) in got.items():
            first[name].append(f)
            complete[name].append(c)
            ratio[name].append(f / got["title"][0])
    worst = max(statistics.median(ratio[k]) for k in MENUS)
    return {
        "ratio": worst,  # the slowest menu scene's median first frame / the title's
        "rounds": rounds,
        "size": list(size),
        "spare": spare,
        "driver": os.environ.get("SDL_VIDEODRIVER", ""),
        "scenes": {
            name: {
                "first_ms": {k: v * 1000 for k, v in _pct(first[name]).items()},
                "complete_ms": {k: v * 1000 for k, v in _pct(complete[name]).items()},
                "ratio": _pct(ratio[name]),
            }
            for name in moves
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--no-spare", action="store_true", help="no UI manager themed at rest")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["TABLETOP_HOME"] = tempfile.mkdtemp(prefix="tabletop-scenes-")
    result = measure(args.rounds, (w, h), not args.no_spare)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"{result['rounds']} rounds, {w}x{h}, driver {result['driver']}, "
        f"spare UI manager {'on' if result['spare'] else 'off'}"
    )
    print(f"{'scene':24} {'first ms':>17} {'complete ms':>17} {'first / title':>17}")
    print(f"{'':24} {'median':>8} {'p95':>8} {'median':>8} {'p95':>8} {'median':>8} {'p95':>8}")
    for name, s in result["scenes"].items():
        f, c, r = s["first_ms"], s["complete_ms"], s["ratio"]
        print(
            f"{name:24} {f['median']:8.1f} {f['p95']:8.1f} {c['median']:8.1f} {c['p95']:8.1f} "
            f"{r['median']:8.2f} {r['p95']:8.2f}"
        )
    print(f"ratio {result['ratio']:.2f}")  # the slowest of Rules, New game, Records, Load
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
