"""Shared set-up for the app-shell tests: a fake game with data, and an App in a temp home."""

from __future__ import annotations

from pathlib import Path

import pygame
from toy_game import ToyGame

from tabletop.engine.data import load_game_data
from tabletop.engine.game import GameInfo, OptionSpec

GAME_YAML = """\
id: toy
name: Toy Court
designer: A. Designer
publisher: Example Press
year: 2020
players: {min: 2, max: 4}
information: imperfect
options:
  - {key: variant, label: Variant, kind: choice, choices: [plain, royal], default: plain}
  - {key: short, label: Short game, kind: bool, default: false}
  - {key: rounds, label: Rounds, kind: int, default: 3}
rules:
  summary: |
    Play a card higher than the pile to score it.
  sections:
    - {title: Setup, text: Deal two cards to each seat.}
    - {title: Playing, text: On your turn play one card.}
  rulings:
    - {id: R1, question: Ties on the pile?, ruling: A tie scores nothing., source: FAQ}
    - {id: R2, question: Empty deck?, ruling: Keep playing without drawing.}
    - {id: R3, question: Several winners?, ruling: They share the victory.}
credits: Thanks to the toy makers.
reconstruction: The eight values were rebuilt from a photo of the box.
"""
CARDS_YAML = """\
cards:
  - {id: one, name: One, kind: number, count: 2}
"""
LAYOUT_YAML = """\
zones:
  - {id: pile, rect: [0.4, 0.4, 0.2, 0.2]}
"""


class CourtToy(ToyGame):
    """The toy game with one option of each kind."""

    info = GameInfo(
        "toy",
        "Toy Court",
        2,
        4,
        information="imperfect",
        options=(
            OptionSpec("variant", "Variant", "plain", ("plain", "royal")),
            OptionSpec("short", "Short game", False, (), "bool"),
            OptionSpec("rounds", "Rounds", 3, (), "int"),
        ),
    )


def install_fake_catalog(monkeypatch, tmp_path: Path) -> CourtToy:
    """Make the menus offer only the fake game, with its data in ``tmp_path``."""
    folder = tmp_path / "data" / "toy"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS_YAML, encoding="utf-8")
    (folder / "layout.yaml").write_text(LAYOUT_YAML, encoding="utf-8")
    data = load_game_data(folder=folder)
    game = CourtToy()
    from tabletop.ui import catalog

    monkeypatch.setattr(catalog, "games", lambda: {"toy": game})
    monkeypatch.setattr(catalog, "ready", lambda: True)
    monkeypatch.setattr(catalog, "game_data", lambda gid: data)
    return game


def filled(app, frames: int = 20) -> None:
    """Step the app until the top scene has built its slow parts (a menu scene is shown first
    and filled in over the next frames, see ``GuiScene.later``)."""
    for _ in range(frames):
        app.step(1 / 60)
        if not getattr(app.top, "filling", False) and not getattr(app.top, "_held", None):
            return
    raise AssertionError(f"{type(app.top).__name__} still filling in after {frames} frames")


def post_key(key: int) -> None:
    """Queue a key press and release."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def click(element) -> None:
    """Queue a left click in the middle of a pygame_gui element."""
    pos = element.rect.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def make_app(monkeypatch, tmp_path: Path, size: tuple[int, int] = (1280, 720)):
    """An App in a temporary home with the fake game installed, title scene shown."""
    from tabletop.ui import fonts
    from tabletop.ui.app import App

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    install_fake_catalog(monkeypatch, tmp_path)
    fonts.clear_cache()
    app = App(size=size)
    app.start()
    return app


def close_app() -> None:
    """Shut pygame down between tests."""
    from tabletop.ui import fonts

    pygame.quit()
    fonts.clear_cache()


def button_named(scene, text: str):
    """The scene's button showing ``text``."""
    for b in scene._actions:
        if b.text == text:
            return b
    raise AssertionError(
        f"no button {text!r} in {type(scene).__name__}: {[b.text for b in scene._actions]}"
    )


def font_height(scene) -> int:
    """The smallest measured text height among the scene's widgets (labels, buttons, entries)."""
    heights = [
        e.font.size("Hg♠")[1]
        for e in scene.ui.get_sprite_group().sprites()
        if getattr(e, "font", None) is not None and e.visible
    ]
    assert heights, type(scene).__name__
    return min(heights)
