"""The text gate: names with control characters, lone surrogates or nothing visible are refused
on input, cleaned on load, and no string stops the renderer."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import text_gate
from tabletop.ui import fonts

ZWJ18 = "\u200d" * 18


@pytest.mark.parametrize(
    "name, words",
    [
        ("B\x00ob", "control character"),
        ("A\x1b[31mda", "control character"),
        ("Bo\ud800b", "broken character"),
        ("\u202eAda", "direction"),
        (ZWJ18, "no visible character"),
        ("   ", "no visible character"),
    ],
    ids=["nul", "esc", "surrogate", "rlo", "zwj", "spaces"],
)
def test_bad_names_are_refused_and_cleaned(name: str, words: str) -> None:
    assert words in text_gate.problem(name)
    assert text_gate.problem(text_gate.clean(name)) == ""


@pytest.mark.parametrize("name", ["Ada", "Hugo (AI)", "Zoë", "李白", "♠ Queen", "👩‍👩‍👧"])
def test_ordinary_names_pass_the_gate_unchanged(name: str) -> None:
    assert text_gate.problem(name) == ""
    assert text_gate.clean(name) == name


def test_a_file_name_that_is_not_utf8_is_shown_with_a_replacement() -> None:
    name = b"caf\xe9.json".decode("utf-8", "surrogateescape")
    assert text_gate.display_path_name(name) == "caf\ufffd.json"


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    fonts.clear_cache()
    yield fonts.font("body", 16)
    fonts.clear_cache()


@pytest.mark.parametrize("text", ["B\x00ob", "a\ud800b", ZWJ18, "", "\u202eabc", 12])
def test_the_font_draws_any_string(font, text) -> None:
    assert font.render(text, True, (0, 0, 0)).get_height() > 0
    assert font.size(text)[1] > 0


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_string_stops_the_font(font, text: str) -> None:
    font.render(text, True, (0, 0, 0))
    assert text_gate.problem(text_gate.clean(text)) == ""


def test_text_that_wraps_keeps_its_line_breaks() -> None:
    assert text_gate.shown("Resume:\nB\x00ob", lines=True) == "Resume:\nBob"
    assert text_gate.shown("Resume:\nBob") == "Resume: Bob"


def test_clean_drops_exactly_the_characters_the_gate_refuses() -> None:
    """``clean`` drops characters with one pattern, not a look per character: it must drop
    just what ``_bad`` refuses (every code point up to U+3000 and the edges of the
    surrogates and of the direction marks), and keep text of spaces only out."""
    edges = [0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFEFF, 0x1F600, 0x10FFFF]
    for cp in [*range(0x3000), *edges]:
        ch = chr(cp)
        assert text_gate.clean("a" + ch) == ("a" if text_gate._bad(ch) else "a" + ch), hex(cp)
    assert text_gate.clean(" \t ") == text_gate.clean("\u3000") == ""
    assert text_gate.clean(" \x85x ") == " x "
