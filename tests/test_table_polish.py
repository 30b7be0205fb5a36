"""What a player trips over at the table: ribbons over names, previews that stay behind,
hints, keys for every button, the all-AI fast-forward (posted events, dummy driver)."""

from __future__ import annotations

import pygame
import pytest
from court_game import COURT
from table_driver import DT, key, make_app, open_table, post, settle, wait_for

from tabletop import registry
from tabletop.controller import SeatConfig
from tabletop.controller.match import AI
from tabletop.ui.table import marks, paint
from tabletop.ui.table.scene import HOVER_DELAY, Sprite


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))


def _ink_pixels(surface: pygame.Surface, rect: pygame.Rect, ink: tuple[int, ...]) -> int:
    area = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(area, ink, (40, 40, 40, 255)).count()


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=["720p", "4k"])
def test_as_ribbon_hides_the_whole_name_and_only_where_it_says_more(size) -> None:
    app = make_app(size)
    sc = open_table(app, registry.get("majesty"), [SeatConfig(name="Ann"), SeatConfig(name="Bo")])
    h = size[1]
    card = pygame.Rect(0, 0, h * 100 // 720, h * 143 // 720)  # a Majesty location card
    ink = sc.pal.ink
    split = Sprite("a", "a", {"card": "knight-innkeeper-t1", "uid": "a", "as": "knight"}, "z", card)
    text, at, _size = marks.ribbon_of(sc, split, card)
    assert text == "as knight"
    band = sc.art.name_band("knight-innkeeper-t1", card.w, card.h)
    assert band is not None and at.contains(band)
    canvas = pygame.Surface(card.size, pygame.SRCALPHA)
    canvas.blit(sc.art.face("knight-innkeeper-t1", card.w, card.h), (0, 0))
    assert _ink_pixels(canvas, band, ink) > 10  # the printed name "Knight / Innkeeper"
    canvas.fblits(marks.token_blits(sc, split, card))
    assert _ink_pixels(canvas, band, ink) == 0  # no half-hidden letters below the ribbon
    # a Guard counted as a guard says nothing new: no ribbon, its name stays readable
    guard = Sprite("g", "g", {"card": "guard-t1", "uid": "g", "as": "guard"}, "z", card)
    assert marks.ribbon_of(sc, guard, card) is None
    assert app.crashes == 0


def test_the_hover_preview_follows_the_pointer_not_the_card() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")])
    uid = sc.match.state.hands[0][0]
    at = sc.by_uid[uid].rect.center
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    settle(app, int(HOVER_DELAY * 30) + 3)
    shown = paint.hover_preview(sc)
    assert shown is not None and shown.uid == uid
    play = next(a for a in sc.drags[uid] if a.gesture.target == "p0.court")
    sc.apply(0, play)  # the card leaves; the pointer stays where it was
    settle(app, 12)
    shown = paint.hover_preview(sc)
    assert shown is None or (shown.uid != uid and shown.rect.collidepoint(at))
    assert app.crashes == 0


def test_a_hint_is_said_in_words_and_enter_plays_it() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")])
    asked: list = []
    submit = sc.worker.submit
    sc.worker.submit = lambda token, game, level, *rest: (  # type: ignore[method-assign]
        asked.append((token, level)) or submit(token, game, level, *rest)
    )
    key(app, pygame.K_h)
    assert [level for token, level in asked if token[0] == "hint"] == ["hint"]  # no blunders
    assert sc.hint_pending and paint.turn_line(sc).endswith("looking for a hint…")
    wait_for(app, lambda: sc.hint is not None)
    hint = sc.hint
    assert sc.hint_reason.startswith(hint.text)  # Hard's reason, naming the move
    assert paint.turn_line(sc) == f"Hint: {sc.hint_reason} — Enter plays it, Esc hides it"
    key(app, pygame.K_RETURN)
    assert sc.match.history[0].seat == 0 and sc.match.history[0].action == hint
    assert app.crashes == 0


def test_ctrl_s_saves_and_esc_asks_before_leaving_the_table(tmp_path) -> None:
    from tabletop.ui import launch
    from tabletop.ui.scenes.dialogs import MessageDialog
    from tabletop.ui.scenes.title import TitleScene

    app = make_app()
    seats = [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")]
    sc = open_table(app, COURT, seats, save_path=launch.autosave_path())
    sc.match.autosave()
    post(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="\x13", scancode=0)
    app.step(DT)
    saved = list(launch.saves_dir().glob("*.json"))
    assert len(saved) == 1 and sc.toast == f"Saved as {saved[0].name}"
    key(app, pygame.K_TAB)
    key(app, pygame.K_ESCAPE)  # the first Esc only drops the keyboard focus
    assert app.top is sc and sc.focus == -1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MessageDialog) and app.top.title == "Leave the table?"
    key(app, pygame.K_ESCAPE)  # Esc in the question = Cancel
    assert app.top is sc
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Enter = Leave
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert launch.autosave_path().is_file()  # Continue resumes it
    assert app.crashes == 0


def test_an_all_ai_game_can_be_fast_forwarded_with_f() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(AI, "A", "easy"), SeatConfig(AI, "B", "easy")])
    sc.ctl.watch_delay = 0.4
    assert [b.label for b in sc.buttons[-2:]] == ["Pause (Space)", "Fast (F)"]
    wait_for(app, lambda: len(sc.match.history) == 1)
    assert sc.ai_wait > 0  # watching: a pause after each move
    key(app, pygame.K_f)
    assert sc.fast and sc.buttons[-1].label == "Normal speed (F)"
    assert paint.turn_line(sc).startswith("Fast — F watches at normal speed")
    n = len(sc.match.history)
    wait_for(app, lambda: len(sc.match.history) > n)
    assert sc.ai_wait == 0 and not sc.tweens and not sc.ghosts  # no pause, no animation
    wait_for(app, sc.match.is_over)
    settle(app, 2)
    assert not any(b.payload[0] in ("pause", "fast") for b in sc.buttons)
    assert app.crashes == 0


def test_labels_along_a_row_share_a_size_and_a_style() -> None:
    app = make_app()
    checked = 0
    for game in registry.games().values():
        for n in sorted({game.info.min_players, game.info.max_players}):
            seats = [SeatConfig(name="Ann")] + [
                SeatConfig(AI, f"B{i}", "easy") for i in range(n - 1)
            ]
            sc = open_table(app, game, seats)
            plan = paint.label_plan(sc)
            rows: dict = {}
            for zid, (words, size) in plan.items():
                box = sc.layout.zones[zid]
                rows.setdefault((box.seat, box.rect.y, box.rect.h), []).append((box, words, size))
            for row in rows.values():
                assert len({size for _, words, size in row if words}) <= 1, row
                iconic = [words for box, words, _ in row if getattr(box.defn, "icon", None)]
                if len(iconic) > 1:  # all words or all icons alone
                    assert all(iconic) or not any(iconic), iconic
                checked += len(row) > 1
            app.pop()
    assert checked > 10 and app.crashes == 0


def test_the_loop_slows_down_only_when_nothing_moves_and_nobody_acts() -> None:
    app = make_app()
    sc = open_table(app, COURT, [SeatConfig(name="Ann"), SeatConfig(AI, "Bot", "easy")])
    settle(app, 30)  # the deal slides in
    assert not app.idle()  # a frame ago the user could still be moving the mouse
    settle(app, int(1.6 / DT))
    assert sc.match.to_act() == [0] and not sc.busy() and app.idle()
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    app.step(DT)
    assert not app.idle()  # input wakes it at once
    settle(app, int(1.6 / DT))
    assert app.idle()
    play = sc.legal[0]
    sc.apply(0, play)  # a card slides and the AI must answer: full speed
    assert sc.busy() and not app.idle()
    assert app.crashes == 0
