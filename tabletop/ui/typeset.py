"""Text as the table and the card faces set it: the shipped font when present, pygame's own
otherwise; cached.

Every line the table renders goes through :func:`text` (measuring goes through
:func:`measure`), so a test can record what was said at which size (:func:`recording`): no
text under :data:`FLOOR` design pixels, and no words cut with "…": a name too long for its
place gives way to its declared short form (:func:`fit` ``short``), whose full form shows
on hover.  Cuts made where nothing is recorded (a card face rendered once and cached) are
caught (:func:`catching`) and told again each time the image is drawn (:func:`note`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import pygame

from tabletop import text_gate
from tabletop.ui import fonts as ui_fonts
from tabletop.ui.theme import px

K = TypeVar("K")
V = TypeVar("V")
FLOOR = 10  # the least type size at the table, in design pixels (1280×720 baseline)


def least(height: int) -> int:
    """The smallest type size, in screen pixels, for a window ``height`` pixels tall, as a
    size to ask for: at a text scale above 100 % it is asked for smaller, so that words
    with no room to grow (a zone's label) may shrink back to the floor, never under it."""
    return max(1, math.ceil(px(FLOOR, height) / ui_fonts.text_scale() - 1e-9))


def grown(v: float, height: int) -> int:
    """A box's design size ``v`` that holds a line of text, in screen pixels for a window
    ``height`` pixels tall, grown with the text scale (a button's height, a row's): by three
    quarters of it, as a box's padding need not grow with its words."""
    return px(v * (1 + 0.75 * (ui_fonts.text_scale() - 1)), height)


def strip_size(v: float, height: int) -> int:
    """The type size to ask for in a strip of fixed height made for ``v`` design pixels of
    type (a zone's label, a name plate: they belong to the card layout, which keeps its
    size): ``v`` at any text scale, never under the floor."""
    return max(least(height), round(px(v, height) / ui_fonts.text_scale()))


@dataclass(frozen=True)
class Said:
    """One line rendered while recording: its words, size, and whether it was cut."""

    words: str
    size: int
    full: str = ""  # the words asked for, when ``words`` is them cut or abbreviated
    hover: bool = False  # the full words show on hover
    planned: bool = False  # ``words`` is the declared short form of ``full``, not a cut
    on_card: bool = False  # printed on a card face (its own least size; it enlarges on hover)


_RECORD: list[Said] | None = None
_CAUGHT: list[Said] | None = None


@contextmanager
def catching() -> Iterator[list[Said]]:
    """Catch every cut or abbreviation made inside the block, recorded or not (an image
    cached for many frames keeps them, and :func:`note` tells them on each draw)."""
    global _CAUGHT
    before, _CAUGHT = _CAUGHT, []
    try:
        yield _CAUGHT
    finally:
        caught, _CAUGHT = _CAUGHT, before
        if before is not None:
            before.extend(caught)


def note(said: Iterator[Said] | list[Said] | tuple[Said, ...]) -> None:
    """Record lines drawn from a cached image (what :func:`catching` caught when it was made)."""
    if _RECORD is not None:
        _RECORD.extend(said)


def abbreviated(full: str, short: str, size: int, hover: bool = True) -> None:
    """Tell the recorder that ``short``, the declared short form of ``full``, was drawn at
    ``size`` in its place (for painters that set the words themselves)."""
    _told(Said(short, _drawn(size), full, hover, planned=True))


def _told(said: Said) -> None:
    if _RECORD is not None:
        _RECORD.append(said)
    if _CAUGHT is not None:
        _CAUGHT.append(said)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Render without recording (card faces: art whose words show enlarged on hover)."""
    global _RECORD
    before, _RECORD = _RECORD, None
    try:
        yield
    finally:
        _RECORD = before


@contextmanager
def recording() -> Iterator[list[Said]]:
    """Record every line rendered inside the block (tests)."""
    global _RECORD
    before, _RECORD = _RECORD, []
    try:
        yield _RECORD
    finally:
        _RECORD = before


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped body font (bold or regular) at ``size`` pixels."""
    return ui_fonts.font("bold" if bold else "body", max(6, int(size)))


def display(size: int) -> pygame.font.Font:
    """The shipped display serif (titles) at ``size`` pixels."""
    return ui_fonts.font("display", max(6, int(size)))


def _face(size: int, bold: bool, title: bool) -> pygame.font.Font:
    """The display serif for a title, else the body font (bold or regular)."""
    return display(size) if title else font(size, bold)


def _drawn(size: float) -> int:
    """The pixel size :func:`font` and :func:`display` really draw ``size`` at (the floor of
    6 first, then the text scale): the caches key on it, so two sizes asked for at two
    scales share an entry only when they are drawn alike."""
    return ui_fonts.scaled(max(6, int(size)))


def _stored(cache: dict[K, V], most: int, key: K, value: V) -> V:
    """``value`` kept in ``cache`` under ``key`` (the cache is emptied first once it holds
    more than ``most`` entries), and handed back."""
    if len(cache) > most:
        cache.clear()
    cache[key] = value
    return value


def _heard(s: str, drawn: int) -> None:
    """Record the line ``s`` drawn at pixel size ``drawn`` (while :func:`recording`)."""
    if _RECORD is not None:
        _RECORD.append(Said(s, drawn))


_TEXT_CACHE: dict[tuple[str, int, int, tuple[int, ...]], pygame.Surface] = {}
# the caches below key on the size drawn (the size asked for times the text scale)


def text(
    s: str, size: int, colour: tuple[int, ...], bold: bool = False, title: bool = False
) -> pygame.Surface:
    """A rendered line of text, cached (the table re-renders the same words every frame)."""
    key = (s, _drawn(size), bold + 2 * title, tuple(colour))
    _heard(s, key[1])
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = _stored(_TEXT_CACHE, 4000, key, _face(size, bold, title).render(s, True, colour))
    return surf


_WIDTHS: dict[tuple[str, int, bool, bool], int] = {}


def measure(s: str, size: int, bold: bool = False, title: bool = False) -> int:
    """How wide ``s`` is at ``size``, in pixels (measured, not rendered; cached)."""
    key = (s, _drawn(size), bold, title)
    w = _WIDTHS.get(key)
    if w is None:
        w = _stored(_WIDTHS, 8000, key, _face(size, bold, title).size(s)[0])
    return w


SHY = "\u00ad"  # a soft hyphen: where a long word may break, with "-" shown at the break


def lines(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """``s`` split into lines no wider than ``width`` pixels in font ``f``: at spaces, at
    its own line breaks, after a hyphen or at a soft hyphen (:data:`SHY`, shown as "-"
    where it breaks and not at all elsewhere), and inside a word too long for a line as a
    last resort (so no word ever overflows).

    The one line breaker of the app (:func:`wrap` uses it, and so do the card faces and
    the menu scenes): what it returns is what is drawn, line for line."""
    room = max(1, int(width))
    s = text_gate.shown(s, lines=True)  # once, so each trial is measured raw (fast)

    def px_(t: str) -> int:
        try:
            return pygame.font.Font.size(f, t)[0]
        except (pygame.error, ValueError, UnicodeError):
            return f.size(t)[0]

    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        if SHY not in para and px_(para) <= room:  # the whole paragraph fits
            out.append(" ".join(para.split()))
            continue
        for word in para.split():
            while True:
                trial = f"{line} {word}" if line else word
                if px_(bare(trial)) <= room:
                    line = trial
                    break
                split = _hyphen_split(line, word, px_, room)
                if split is not None:
                    out.append(split[0])
                    line, word = "", split[1]
                elif line:
                    out.append(bare(line))
                    line = ""
                else:  # a word wider than the box and no soft hyphen helps: break inside it
                    word = bare(word)
                    cut = _longest_fit(word, px_, room)
                    if cut >= len(word):
                        line = word
                        break
                    out.append(word[:cut])
                    word = word[cut:]
        out.append(bare(line))
    return out


def bare(s: str) -> str:
    """``s`` without its soft hyphens (as it shows where it does not break)."""
    return s.replace(SHY, "")


def _hyphen_split(
    line: str, word: str, px_: Callable[[str], int], room: int
) -> tuple[str, str] | None:
    """(the line ended with the head of ``word`` and "-", the rest of ``word``) at the last
    hyphen, soft or written, of ``word`` that fits ``room``; ``None`` when none does."""
    for i in reversed([k for k, c in enumerate(word[:-1]) if c in (SHY, "-") and k]):
        head = bare(f"{line} {word[:i]}" if line else word[:i]) + "-"
        if px_(head) <= room:
            return head, word[i + 1 :]
    return None


def _longest_fit(word: str, px_: Callable[[str], int], room: int) -> int:
    """How many leading characters of ``word`` fit ``room`` pixels (at least one)."""
    lo, hi = 1, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if px_(word[:mid]) <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (see :func:`lines`)."""
    return lines(s, font(size, bold), width)


_PARAS: dict[tuple[str, int, int, bool, tuple[int, ...], bool], pygame.Surface] = {}


def paragraph(
    s: str,
    size: int,
    width: int,
    colour: tuple[int, ...],
    bold: bool = False,
    centred: bool = False,
) -> pygame.Surface:
    """``s`` wrapped to ``width`` pixels in one surface, cached.  pygame-ce sets the whole
    paragraph in one call (``Font.render(wraplength=…)`` aligned by ``Font.align``), some
    twice as fast as line by line, and breaks a word too long for a line as :func:`lines`
    does.  For text whose lines need no placing of their own (tips, notes)."""
    room = max(1, int(width))
    key = (s, _drawn(size), room, bold, tuple(colour), centred)
    _heard(s, key[1])
    surf = _PARAS.get(key)
    if surf is None:
        f = font(size, bold)
        f.align = pygame.FONT_CENTER if centred else pygame.FONT_LEFT
        try:
            surf = _stored(_PARAS, 1000, key, f.render(s, True, colour, wraplength=room))
        finally:
            f.align = pygame.FONT_LEFT
    return surf


def fit(
    s: str,
    size: int,
    width: int,
    colour: tuple[int, ...],
    bold: bool = False,
    min_size: int = 8,
    title: bool = False,
    hover: bool = False,
    short: str | tuple[str, ...] | None = None,
) -> pygame.Surface:
    """``s`` at the largest size from ``size`` down to ``min_size`` that fits ``width``;
    too wide even then, its declared ``short`` form the same way (a planned abbreviation;
    several forms, longest first, are tried in turn); still too wide, it is cut with an ellipsis (never squashed) and the cut is recorded, so
    a test sees it.  ``hover``: the caller shows the full words on hover."""
    size = max(min_size, size)
    room = max(1, int(width))
    best = _largest(s, size, min_size, room, bold, title)
    if best:
        return text(s, best, colour, bold, title)
    for form in (short,) if isinstance(short, str) else short or ():
        if not form or form == s:
            continue
        best = _largest(form, size, min_size, room, bold, title)
        if best:
            _told(Said(form, ui_fonts.scaled(best), s, hover, planned=True))
            return text(form, best, colour, bold, title)
    size = min_size
    if len(s) <= 1:
        return text(s, size, colour, bold, title)
    lo, hi = 0, len(s)
    while lo < hi:  # the longest prefix that fits with "…"
        mid = (lo + hi + 1) // 2
        if measure(s[:mid].rstrip() + "…", size, bold, title) <= room:
            lo = mid
        else:
            hi = mid - 1
    cut = s[:lo].rstrip() + "…"
    _told(Said(cut, _drawn(size), s, hover))
    return text(cut, size, colour, bold, title)


def _largest(s: str, size: int, least: int, room: int, bold: bool, title: bool) -> int:
    """The largest type size from ``size`` down to ``least`` at which ``s`` fits ``room``
    (0: none does)."""
    for n in range(size, least - 1, -1):
        if measure(s, n, bold, title) <= room:
            return n
    return 0
