"""Render the README screenshots: the title menu, a mid-game table per game and the results.

Run from the repository root: ``python docs/screenshots/render.py [--size 1280x720]``.
Writes ``menu.png``, ``table-<game>.png`` (one per registered game, 4 players where
possible) and ``results.png`` next to this file.  With ``--crowded`` it writes only
``<game>-<n>p-<height>.png``, each game at its most players (e.g. ``--size 1920x1080
--crowded`` writes ``majesty-4p-1080.png``).  With ``--story`` it writes only
``story-marks.png`` (the rivals' last moves marked, Aristocracy) and ``story-moon.png``
(a Moon's moment, Monarch).  With ``--colour-safe`` it writes only ``colour-safe-<game>.png``:
each game's table with a card lifted over its targets, the colour-blind-safe palette on (the
seats' badges, the dashed glow of the targets, the solid frame of the lifted card).
With ``--text-scale 150`` the text is drawn at 150 % (Settings:
Text scale) and every name gets ``-text150`` before ``.png``; the default mode then adds
``settings-text150.png``.
Positions come from the games' own greedy agents (random moves where a game has none), so
the tables look like real games.  Headless (SDL dummy driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLETOP_AI_THREADS", "1")
os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-shots-"))
OUT = Path(__file__).resolve().parent

import pygame  # noqa: E402

from tabletop import registry  # noqa: E402
from tabletop.controller import Match, SeatConfig  # noqa: E402
from tabletop.engine import Rng  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402
from tabletop.ui.table.scene import TableScene  # noqa: E402


def _frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 30)


def _mid_game(game, players: int, seed: int, moves: int) -> Match:
    """A match ``moves`` decisions in (greedy play), with the first seat to act."""
    names = ("Hilde", "Konrad", "Agnes", "Bertrand", "Clothilde", "Dietrich", "Elsa")
    seats = [SeatConfig(name="Ann")] + [
        SeatConfig("ai", name, "normal") for name in names[: players - 1]
    ]
    m = Match(game, seats, seed)
    rng = Rng(seed)
    agent = game.heuristic_agent("greedy")

    def play() -> None:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        pick = agent.choose(game, m.view(seat), seat, legal, rng) if agent else None
        m.apply(seat, pick if pick is not None else rng.choice(legal))

    for _ in range(moves):
        if m.is_over():
            break
        play()
    while not m.is_over() and 0 not in m.to_act():
        play()
    return m


def _well_into(game, players: int) -> Match:
    """A match well under way but not over: as far in as the game lasts."""
    for moves in (32 * players, 16 * players, 8 * players, 2 * players):
        m = _mid_game(game, players, 7, moves)
        if not m.is_over():
            return m
    return m


def _table(app: App, m: Match, drag: bool) -> TableScene:
    """Push a paused table for ``m``; with ``drag``, a card lifted over its targets."""
    scene = TableScene(app, m)
    app.push(scene)
    scene.ctl.paused = True
    _frames(app, 20)
    if drag and scene.drags:
        uid = next(iter(scene.drags))
        start = scene.by_uid[uid].rect.center
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        target = scene.target_rect(scene.drags[uid][0].gesture.target)
        end = target.center if target else (start[0], start[1] - 80)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 - 20)
        scene.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
        )
    app.draw()
    return scene


def _moon(game, players: int, seed: int) -> tuple[Match, int]:
    """A match stopped just after a rival's move raised a Moon (and the move's index)."""
    names = ("Hilde", "Konrad", "Agnes", "Bertrand")
    seats = [SeatConfig(name="Ann")] + [
        SeatConfig("ai", name, "normal") for name in names[: players - 1]
    ]
    m = Match(game, seats, seed)
    rng = Rng(seed)
    agent = game.heuristic_agent("greedy")
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.legal(seat)
        pick = agent.choose(game, m.view(seat), seat, legal, rng) if agent else None
        m.apply(seat, pick if pick is not None else rng.choice(legal))
        risen = [e for e in m.history[-1].events if e.data.get("moment") and e.kind == "move"]
        if seat != 0 and risen:
            return m, len(m.history) - 1
    raise RuntimeError("no Moon rose in this game")


def _story(app: App, size: tuple[int, int]) -> list[str]:
    """A marked last move (Aristocracy, 4 players) and a Moon's moment (Monarch)."""
    _table(app, _mid_game(registry.get("aristocracy"), 4, 7, 24), drag=False)
    pygame.image.save(app.window, str(OUT / "story-marks.png"))
    app.pop()
    m, at = _moon(registry.get("monarch"), 4, 7)
    scene = TableScene(app, m)
    app.push(scene)
    scene.ctl.moment_from = at  # the Moon's move is news to this table: its banner shows
    scene.refresh()
    _frames(app, 12)
    app.draw()
    pygame.image.save(app.window, str(OUT / "story-moon.png"))
    app.pop()
    return ["story-marks.png", "story-moon.png"]


def main() -> int:
    """Render and save the screenshots."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--crowded", action="store_true", help="only each game at its most players")
    ap.add_argument("--story", action="store_true", help="only a marked move and a Moon")
    ap.add_argument("--colour-safe", action="store_true", help="only the tables, palette on")
    ap.add_argument("--text-scale", type=int, default=100, help="text size in percent")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    app = App(
        size=size, settings=Settings(colour_safe=args.colour_safe, text_scale=args.text_scale)
    )
    tag = "" if args.text_scale == 100 else f"-text{args.text_scale}"

    def saved(name: str) -> str:
        name = name.removesuffix(".png") + tag + ".png"
        pygame.image.save(app.window, str(OUT / name))
        return name

    app.start()
    _frames(app, 10)
    written = []
    if args.story:
        written = _story(app, size)
        print("wrote", ", ".join(str(OUT / w) for w in written))
        pygame.quit()
        return 0
    if args.colour_safe:
        for gid, game in registry.games().items():
            _table(app, _well_into(game, min(4, game.info.max_players)), drag=True)
            written.append(f"colour-safe-{gid}.png")
            pygame.image.save(app.window, str(OUT / written[-1]))
            app.pop()
        print("wrote", ", ".join(str(OUT / w) for w in written))
        pygame.quit()
        return 0
    if args.crowded:
        for gid, game in registry.games().items():
            n = game.info.max_players
            _table(app, _well_into(game, n), drag=False)
            written.append(saved(f"{gid}-{n}p-{size[1]}.png"))
            app.pop()
        print("wrote", ", ".join(str(OUT / w) for w in written))
        pygame.quit()
        return 0
    written.append(saved("menu.png"))
    if tag:
        from tabletop.ui.scenes.settings_scene import SettingsScene

        app.push(SettingsScene(app))
        _frames(app, 10)
        written.append(saved("settings.png"))
        app.pop()
    last = None
    for gid, game in registry.games().items():
        players = min(4, game.info.max_players)
        m = _well_into(game, players)
        _table(app, m, drag=True)
        written.append(saved(f"table-{gid}.png"))
        last = m
        app.pop()
    if last is not None:
        rng = Rng(3)
        while not last.is_over():
            seat = last.to_act()[0]
            last.apply(seat, rng.choice(last.legal(seat)))
        app.push(app.results_scene(last))
        _frames(app, 60)
        written.append(saved("results.png"))
    print("wrote", ", ".join(str(OUT / w) for w in written))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
