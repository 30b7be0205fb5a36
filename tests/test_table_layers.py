"""The table's cached layers: a frame drawn from what changed equals one drawn whole."""

from __future__ import annotations

import pygame
import pytest
from court_game import COURT
from table_driver import DT, drag, make_app, open_table, post

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui.table import cardlayer, paint


def _same(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ."""
    equal = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    return a.get_width() * a.get_height() - equal.count()


@pytest.mark.parametrize("pulsing", [False, True], ids=["one-glow-level", "pulsing"])
@pytest.mark.parametrize("gid", list(registry.games()))
def test_frames_drawn_from_what_changed_equal_whole_frames(
    gid: str, pulsing: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1.0]  # the glow's level is read from this clock: still, or a step each frame
    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: clock[0])
    game = registry.get(gid)
    app = make_app((1280, 720))
    seats = [SeatConfig(name="Ann")] + [SeatConfig(AI, f"B{i}", "easy") for i in (1, 2)]
    for seed in range(4, 40):  # a table whose opening lets the human drag a card
        sc = open_table(app, game, seats[: max(2, game.info.min_players)], seed=seed)
        sc.ctl.watch_delay = 99.0
        uid = next((u for u in sc.drags if u in sc.by_uid), None)
        if uid is not None:
            break
    assert uid is not None, f"{gid}: no opening with a card to drag"
    start = sc.by_uid[uid].rect.center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(DT)
    kept = 0
    for i in range(12):
        if pulsing and i % 3 == 0:  # every third frame the glow brightens or dims a step
            clock[0] += 0.07
        pos = (start[0] - 40 * i, start[1] - 25 * i)
        post(pygame.MOUSEMOTION, pos=pos, rel=(-40, -25), buttons=(1, 0, 0))
        app.step(DT)
        kept += sc.screen_kept
        partial = app.window.copy()
        app.screen_touched()
        app.draw()  # the same state drawn whole
        assert _same(partial, app.window) == 0, (gid, i)
    assert kept >= 10  # the frames were drawn from what changed
    post(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)
    app.step(DT)
    assert app.crashes == 0


def test_frames_under_a_chooser_and_a_toast_equal_whole_frames(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chooser or a toast covers only its panel: the frames under it are drawn from what
    changed (the panel restored from the layer, then drawn again) and equal whole frames."""
    monkeypatch.setattr(cardlayer.time, "monotonic", lambda: 1.0)
    app = make_app((1280, 720))
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")])
    sc.ctl.watch_delay = 99.0
    uid = sc.match.state.hands[0][0]
    drag(app, sc.by_uid[uid].rect.center, sc.target_rect("discard").center)
    assert len(sc.chooser) == 2
    sc.show_toast("A toast over the table while the chooser is open.")
    kept = 0
    for i in range(8):  # the pointer moves over the chooser's buttons and off them
        b = sc.chooser[i % 2].rect
        pos = b.center if i % 3 else (b.x - 30, b.y - 30)
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        app.step(DT)
        kept += sc.screen_kept
        partial = app.window.copy()
        app.screen_touched()
        app.draw()
        assert _same(partial, app.window) == 0, i
    assert kept >= 6 and sc.toast_t > 0 and sc.chooser
    assert app.crashes == 0


def test_a_dialog_over_the_table_makes_it_draw_whole() -> None:
    app = make_app((1280, 720))
    game = next(iter(registry.games().values()))
    sc = open_table(app, game, [SeatConfig(name="Ann"), SeatConfig(AI, "B", "easy")])
    app.step(DT)
    app.step(DT)
    assert sc.screen_kept
    app.show_message("Hello", "a dialog over the table")
    app.step(DT)
    assert not sc.screen_kept
    app.pop()
    app.step(DT)
    assert not sc.screen_kept  # the dialog's pixels are gone at once
    app.step(DT)
    assert sc.screen_kept


class _ReadOnly:
    """The scene as its painter may see it: reads pass through, any write fails (even one
    that writes the value already there, which a before-and-after comparison cannot see)."""

    def __init__(self, sc: object) -> None:
        object.__setattr__(self, "_sc", sc)

    def __getattr__(self, name: str) -> object:
        return getattr(self._sc, name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AssertionError(f"drawing wrote scene.{name}")


def _model(sc) -> dict[str, str]:
    """The scene's state as text: everything but the painter's record and shared caches."""
    skip = {"drawn", "art", "app", "worker"}
    return {k: repr(v) for k, v in vars(sc).items() if k not in skip}


def test_drawing_changes_no_scene_state() -> None:
    from court_game import COURT

    from tabletop.engine import Rng

    app = make_app((1280, 720))
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(AI, "Bo", "greedy")])
    sc.ctl.watch_delay = 99.0

    def twice() -> None:
        before = _model(sc)
        sc.draw(app.window)
        sc.art.drawn.clear()
        paint.frame(_ReadOnly(sc), app.window)
        assert _model(sc) == before

    twice()  # idle
    uid = next(u for u in sc.drags if u in sc.by_uid)
    post(pygame.MOUSEMOTION, pos=sc.by_uid[uid].rect.center, rel=(1, 1), buttons=(0, 0, 0))
    for _ in range(20):  # the hover preview opens
        app.step(DT)
    twice()
    post(pygame.MOUSEBUTTONDOWN, pos=sc.by_uid[uid].rect.center, button=1)
    post(pygame.MOUSEMOTION, pos=(300, 300), rel=(-9, -9), buttons=(1, 0, 0))
    app.step(DT)
    assert sc.dragging is not None
    twice()  # dragging, targets glowing
    post(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)
    app.step(DT)
    assert sc.tweens  # the card slides back
    twice()
    m, rng = sc.match, Rng(1)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    sc.refresh()
    sc.ctl.final_t = 99.0  # every row of the final scoring shown
    twice()
    assert sc.drawn.final_button is not None
    assert app.crashes == 0


def test_no_import_circle_in_the_ui() -> None:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "tabletop"
    graph: dict[str, set[str]] = {}
    for path in (root / "ui").rglob("*.py"):
        rel = path.relative_to(root.parent).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        deps: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):  # type-only imports and imports inside functions count
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                deps.add(node.module)
                deps |= {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[name] = {d for d in deps if d.startswith("tabletop.ui")}
    for name in graph:
        graph[name] = {d for d in graph[name] if d in graph and d != name}

    def reach(start: str) -> set[str]:
        seen, todo = set(), list(graph[start])
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += graph.get(n, ())
        return seen

    circles = sorted(n for n in graph if n in reach(n))
    assert not circles, circles
    # the scene stands on its parts: none of them names it, its painters read a TableReads
    scene = "tabletop.ui.table.scene"
    assert not [n for n in graph if n.startswith("tabletop.ui.table.") and scene in graph[n]]
