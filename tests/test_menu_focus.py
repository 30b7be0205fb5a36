"""Keyboard in the menus: in every menu scene, Tab (and the arrows) visit every button,
drop-down and text entry in turn and come round again, Shift+Tab goes back, and a gold ring is
drawn round the focused control."""

from __future__ import annotations

import os

import pygame
import pygame_gui
import pytest
from ui_shell_support import close_app, filled, make_app

from tabletop.engine import Outcome
from tabletop.ui.scenes.base import EntryKeys, MenuKeys
from tabletop.ui.scenes.credits import CreditsScene
from tabletop.ui.scenes.dialogs import MessageDialog
from tabletop.ui.scenes.host_setup import HostSetupScene
from tabletop.ui.scenes.keys_sheet import KeysSheet
from tabletop.ui.scenes.load_game import LoadScene
from tabletop.ui.scenes.new_game import NewGameScene
from tabletop.ui.scenes.online import OnlineScene
from tabletop.ui.scenes.records_scene import RecordsScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings_scene import SettingsScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SCENES = {
    "title": None,
    "new game": NewGameScene,
    "settings": SettingsScene,
    "load": LoadScene,
    "records": RecordsScene,
    "rules": lambda app: RulesScene(app, "toy"),
    "credits": CreditsScene,
    "online": OnlineScene,
    "host": HostSetupScene,
    "keys": KeysSheet,
    "dialog": lambda app: MessageDialog(app, "Sure?", "Really.", (("Yes", None), ("No", None))),
    "results": lambda app: ResultsScene(app, "Toy", ["Ann", "Bob"], Outcome([3, 5], [1], [{}, {}])),
}
_MENU, _ENTRY = pygame_gui.elements.UIDropDownMenu, pygame_gui.elements.UITextEntryLine
_BUTTON = pygame_gui.elements.UIButton
_INNER = ("drop_down_menu", "scroll_bar", "text_entry_line", "text_box", "window")


def _element(item) -> object:
    if isinstance(item, MenuKeys):
        return item.menu
    if isinstance(item, EntryKeys):
        return item.entry
    return item


def _controls(scene) -> set[object]:
    """Every button, drop-down and text entry on the scene (not a drop-down's inner parts)."""
    out = set()
    for el in scene.ui.get_sprite_group().sprites():
        ids = getattr(el, "element_ids", [])
        if isinstance(el, _MENU | _ENTRY):
            out.add(el)
        elif isinstance(el, _BUTTON) and not set(ids[:-1]) & set(_INNER) and el.is_enabled:
            out.add(el if el.visible else None)
    return out - {None}


def _press(app, key: int, mod: int = 0) -> None:
    app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    app.step(1 / 60)


@pytest.mark.parametrize("name", list(SCENES))
def test_tab_visits_every_control_and_a_ring_marks_it(monkeypatch, tmp_path, name) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        if SCENES[name] is not None:
            app.push(SCENES[name](app))
        filled(app)
        scene = app.top
        enabled = [i for i, it in enumerate(scene._order) if it.is_enabled]
        assert enabled, name
        shown = {_element(scene._order[i]) for i in enabled}
        missing = _controls(scene) - shown
        assert not missing, [getattr(b, "text", b) for b in missing]
        surface = pygame.Surface(app.size)
        gold = app.palette.gold_light
        visited = []
        for _ in range(len(enabled) + 1):
            _press(app, pygame.K_TAB)
            assert app.top is scene and scene.focus is not None, name
            visited.append(scene.focus)
            scene.draw(surface)
            item = scene._order[scene.focus]
            ring = scene.focus_ring
            assert ring is not None and ring.contains(item.rect), (name, ring, item.rect)
            assert not item.rect.contains(ring)  # round it, not inside it
            mid = (ring.centerx, ring.top + max(1, scene.px(3)) // 2 + 1)
            assert surface.get_at(mid)[:3] == gold, (name, surface.get_at(mid))
        assert sorted(visited[:-1]) == enabled and visited[-1] == visited[0], visited
        _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert scene.focus == (visited[-2] if len(enabled) > 1 else visited[0])
        if not isinstance(scene._order[scene.focus], MenuKeys):  # the arrows move on too
            before = scene.focus
            _press(app, pygame.K_RIGHT)
            assert scene.focus != before or len(enabled) == 1
        assert app.crashes == 0
    finally:
        close_app()


def test_space_presses_the_focused_button(monkeypatch, tmp_path) -> None:
    app = make_app(monkeypatch, tmp_path)
    try:
        pressed = []
        dialog = MessageDialog(app, "Sure?", "Really.", (("Yes", lambda: pressed.append(1)),))
        app.push(dialog)
        filled(app)
        _press(app, pygame.K_TAB)
        _press(app, pygame.K_SPACE)
        assert pressed == [1]
    finally:
        close_app()
