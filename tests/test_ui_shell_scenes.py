"""Every menu scene renders at 1280×720 and 3840×2160, and text grows with the window."""

from __future__ import annotations

import pygame
import pytest
from ui_shell_support import close_app, filled, font_height, make_app

from tabletop.controller import SeatConfig
from tabletop.engine.game import Outcome
from tabletop.ui.match_config import MatchConfig
from tabletop.ui.scenes.credits import CreditsScene, credits_html
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.load_game import LoadScene
from tabletop.ui.scenes.new_game import NewGameScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene, rules_html
from tabletop.ui.scenes.settings_scene import SettingsScene

OUTCOME = Outcome(
    scores=[12, 15, 15],
    winners=[1, 2],
    breakdown=[
        {"cards": 10, "most_gold": 2},
        {"cards": 12, "most_gold": 3},
        {"cards": 9, "bonus": 6},
    ],
)


def _scenes(app):
    config = MatchConfig("toy", [SeatConfig(name="Ada"), SeatConfig.chosen("easy", "Bo")], {}, 1)
    return {
        "title": app.top,
        "new_game": NewGameScene(app),
        "load": LoadScene(app),
        "rules": RulesScene(app),
        "settings": SettingsScene(app),
        "credits": CreditsScene(app),
        "results": ResultsScene(app, "Toy Court", ["Ada", "Bo", "Cy"], OUTCOME, config),
        "dialog": MessageDialog(app, "Notice", "A message ♠♥♦♣"),
    }


def _render_all(monkeypatch, tmp_path, size):
    app = make_app(monkeypatch, tmp_path / f"{size[0]}", size)
    heights = {}
    try:
        assert app.size == size
        for name, scene in _scenes(app).items():
            if scene is not app.top:
                app.push(scene)
            app.step(1 / 60)
            assert app.crashes == 0, f"{name} failed at {size}; see {app.log_path.read_text()}"
            assert app.top is scene
            heights[name] = font_height(scene)
            # Something was drawn: the frame is not one flat colour.
            surf = pygame.display.get_surface()
            small = pygame.transform.scale(surf, (32, 18))
            colours = {small.get_at((x, y))[:3] for x in range(32) for y in range(18)}
            assert len(colours) > 8, name
            if scene is not app.stack[0]:
                app.pop()
    finally:
        close_app()
    return heights


def test_every_scene_renders_and_text_scales_with_the_window(monkeypatch, tmp_path) -> None:
    small = _render_all(monkeypatch, tmp_path, (1280, 720))
    big = _render_all(monkeypatch, tmp_path, (3840, 2160))
    assert small.keys() == big.keys()
    for name in small:
        ratio = big[name] / small[name]
        assert 2.5 < ratio < 3.5, (name, small[name], big[name])
        assert small[name] >= 14, (name, small[name])  # readable at 1280×720


def test_rules_show_summary_sections_and_every_ruling(monkeypatch, tmp_path) -> None:
    from ui_shell_support import install_fake_catalog

    install_fake_catalog(monkeypatch, tmp_path)
    text = rules_html("toy", 1.0)
    for part in ("Play a card higher", "Setup", "Deal two cards", "Playing", "Source: FAQ"):
        assert part in text
    for rid, question, ruling in (
        ("R1", "Ties on the pile?", "A tie scores nothing."),
        ("R2", "Empty deck?", "Keep playing without drawing."),
        ("R3", "Several winners?", "They share the victory."),
    ):
        assert f"{rid}. {question}" in text and ruling in text


def test_credits_name_designer_publisher_and_reconstruction(monkeypatch, tmp_path) -> None:
    from ui_shell_support import install_fake_catalog

    install_fake_catalog(monkeypatch, tmp_path)
    text = credits_html(1.0)
    assert "A. Designer" in text and "Example Press" in text and "2020" in text
    assert "Reconstructed card list" in text and "rebuilt from a photo" in text
    assert "Thanks to the toy makers" in text


@pytest.mark.parametrize("winners, expected", [([1], "Bo wins"), ([0, 2], "Ada and Cy share")])
def test_results_name_the_winners(monkeypatch, tmp_path, winners, expected) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        outcome = Outcome([1, 2, 3], winners, [{"a": 1}, {"a": 2, "b": 0}, {"c": 3}])
        scene = ResultsScene(app, "Toy", ["Ada", "Bo", "Cy"], outcome)
        assert scene.steps == ["a", "b", "c"]
        assert scene.winners_text().startswith(expected)
    finally:
        close_app()


def test_every_registered_game_shows_all_its_rulings_and_credits() -> None:
    from tabletop import registry
    from tabletop.engine.data import load_game_data
    from tabletop.ui.scenes.reading import esc

    games = registry.games()
    credits = credits_html(1.0)
    for gid in games:
        data = load_game_data(gid).game
        text = rules_html(gid, 1.0)
        assert esc(data.summary)[:80] in text
        for title, _ in data.sections:
            assert esc(title) in text
        for r in data.rulings:
            ruling = games[gid].rules_text(r.ruling)  # its figures for the default options
            assert f"{esc(r.id)}. {esc(r.question)}" in text and esc(ruling) in text
        assert esc(data.name) in credits
        if data.reconstruction:
            assert esc(data.reconstruction)[:60] in credits


def test_winners_sentence_reads_well_for_none_one_and_several() -> None:
    from tabletop.ui.scenes.results import winners_sentence

    names = ["Ann", "Bo", "Cy"]
    assert winners_sentence(names, []) == "No winner"
    assert winners_sentence(names, [1]) == "Bo wins"
    assert winners_sentence(names, [0, 2]) == "Ann and Cy share the victory"
    assert winners_sentence(names, [0, 1, 2]) == "Ann, Bo and Cy share the victory"


def test_rules_show_the_note_on_a_reconstructed_card_list(monkeypatch, tmp_path) -> None:
    from ui_shell_support import install_fake_catalog

    install_fake_catalog(monkeypatch, tmp_path)
    text = rules_html("toy", 1.0)
    assert "About the card list" in text and "rebuilt from a photo" in text
    assert text.index("rebuilt from a photo") < text.index("Rulings")


def test_long_texts_scroll_by_keyboard(monkeypatch, tmp_path) -> None:
    from ui_shell_support import post_key

    app = make_app(monkeypatch, tmp_path)
    try:
        app.push(RulesScene(app, "toy"))
        filled(app)
        app.top.body.set_text("<br>".join(f"line {i}" for i in range(300)))
        app.top.body.rebuild()
        app.step(1 / 60)
        bar = app.top.body.scroll_bar
        assert bar is not None and bar.start_percentage == 0
        post_key(pygame.K_PAGEDOWN)
        app.step(1 / 60)
        assert 0 < bar.start_percentage < 1 - bar.visible_percentage
        post_key(pygame.K_END)
        app.step(1 / 60)
        assert bar.start_percentage == pytest.approx(1 - bar.visible_percentage, abs=0.01)
        post_key(pygame.K_HOME)
        app.step(1 / 60)
        assert bar.start_percentage == 0
        # Credits has one button: the arrows scroll the text instead of moving the focus
        app.push(CreditsScene(app))
        filled(app)
        app.top.body.set_text("<br>".join(f"line {i}" for i in range(300)))
        app.top.body.rebuild()
        app.step(1 / 60)
        post_key(pygame.K_DOWN)
        app.step(1 / 60)
        assert app.top.body.scroll_bar.start_percentage > 0 and app.crashes == 0
    finally:
        close_app()


def test_new_game_explains_every_option_that_has_help(monkeypatch, tmp_path) -> None:
    from tabletop import registry
    from tabletop.ui import catalog

    real_games, real_data = catalog.games, catalog.game_data
    app = make_app(monkeypatch, tmp_path)  # offers the toy game: put the real ones back
    monkeypatch.setattr(catalog, "games", real_games)
    monkeypatch.setattr(catalog, "game_data", real_data)
    try:
        for gid, game in registry.games().items():
            scene = NewGameScene(app, gid)
            app.push(scene)
            filled(app)
            helped = [o for o in game.info.options if o.help]
            # every option with help, and what the AI levels mean under the seats
            keys = {o.key for o in helped} | {"seat_kinds"}
            assert helped and set(scene.help_boxes) == keys, gid
            assert "AI Hard" in scene.help_boxes["seat_kinds"].html_text
            for key in keys:  # each under its own row, none overlapping the next
                box = scene.help_boxes[key].rect
                assert box.h >= scene.px(14)
                below = [w.rect for w in scene._widgets if w.rect.y > box.y]
                assert all(r.y >= box.bottom - 1 for r in below), (gid, key)
            app.pop()
        assert app.crashes == 0
    finally:
        close_app()
