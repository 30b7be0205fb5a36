"""Text wrapping: one line breaker (``typeset.lines``) for the table and the menus, and no
word, however long, ever overflows its box."""

from __future__ import annotations

import os

import pygame
import pytest

from tabletop.ui import typeset

LONG = "Interchangeable" * 4  # one word some 460 pixels wide at 14 px


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    yield


def test_a_word_wider_than_its_box_is_broken_inside_the_box() -> None:
    f = typeset.font(14)
    assert f.size(LONG)[0] > 400  # the case of issue 30: a 467 px word, a 200 px box
    rows = typeset.wrap(f"A {LONG} word.", 14, 200)
    assert all(f.size(r)[0] <= 200 for r in rows), [(r, f.size(r)[0]) for r in rows]
    assert "".join(rows).replace(" ", "") == f"A{LONG}word."  # nothing lost on the way
    assert rows[0] == "A" and rows[-1].endswith("word.")


def test_lines_keep_their_breaks_and_their_words() -> None:
    rows = typeset.wrap("Take a card.\nThen pass the turn to the left.", 13, 120)
    assert rows[0] == "Take a card."
    assert " ".join(rows[1:]) == "Then pass the turn to the left."
    assert all(typeset.measure(r, 13) <= 120 for r in rows)


def test_a_paragraph_is_set_in_one_render_and_stays_in_its_box() -> None:
    surf = typeset.paragraph(f"A {LONG} word.", 14, 200, (0, 0, 0))
    line = typeset.font(14).get_linesize()
    assert surf.get_width() <= 200
    assert surf.get_height() >= 3 * line  # broken over lines, not cut or squashed


def test_the_menus_use_the_same_line_breaker() -> None:
    import inspect

    from tabletop.ui.scenes import new_game, waiting_room

    for mod in (new_game, waiting_room):
        src = inspect.getsource(mod)
        assert "typeset.lines(" in src and "font.size(trial)" not in src, mod.__name__
