"""Standard playing cards drawn from rank and suit: index corners, pips, court cards, jokers.

Pip places follow the usual French-suited layout (the lower half drawn upside down); court
cards show an original emblem (``art/common/court-*.svg``) mirrored in two halves; jokers a
jester's cap.  Small cards keep only a large index and one big suit symbol, so the rank can
be read from the visible strip of an overlapping fan.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui import typeset
from tabletop.ui.cards.artist import Artist
from tabletop.ui.theme import hex_colour

RED = (186, 22, 44)
BLACK = (26, 24, 24)
PAPER = (252, 249, 240)
EDGE = (120, 110, 96)
GOLD = (212, 175, 55)
SUIT_NAMES = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
LETTER = {"a": "A", "j": "J", "q": "Q", "k": "K"}
COURT = {"j": "jack", "q": "queen", "k": "king"}
COMPACT_H = 96  # below this height a card shows its index and one big suit symbol

# pip centres in the pip box (x: 0 left column, 0.5 middle, 1 right; y: 0 top, 1 bottom)
_SIDES = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
PIPS: dict[str, list[tuple[float, float]]] = {
    "a": [(0.5, 0.5)],
    "2": [(0.5, 0.0), (0.5, 1.0)],
    "3": [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    "4": _SIDES,
    "5": [*_SIDES, (0.5, 0.5)],
    "6": [*_SIDES, (0.0, 0.5), (1.0, 0.5)],
    "7": [*_SIDES, (0.0, 0.5), (1.0, 0.5), (0.5, 0.25)],
    "8": [*_SIDES, (0.0, 0.5), (1.0, 0.5), (0.5, 0.25), (0.5, 0.75)],
    "9": [*_SIDES, (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3), (0.5, 0.5)],
    "10": [
        *_SIDES,
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 1 / 6),
        (0.5, 5 / 6),
    ],
}


def ink(suit: str | None) -> tuple[int, int, int]:
    """Red for hearts and diamonds, black otherwise."""
    return RED if suit in ("h", "d") else BLACK


def symbol(art: Artist, suit: str, size: int, flip: bool = False) -> pygame.Surface | None:
    """A suit symbol ``size`` pixels square (upside down when ``flip``)."""
    img = art.art(f"common/suits/{SUIT_NAMES[suit]}.svg", size, size, hex_colour(ink(suit)))
    if img is not None and flip:
        img = pygame.transform.rotate(img, 180)
    return img


def _index(art: Artist, rank: str, suit: str | None, h: int, compact: bool) -> pygame.Surface:
    """The corner index: rank over suit symbol (jokers: the word, letter by letter)."""
    colour = ink(suit)
    if rank == "joker":
        size = max(6, int(h * (0.085 if compact else 0.07)))
        letters = [typeset.text(ch, size, colour, bold=True) for ch in "JOKER"]
        step = int(size * 0.92)
        out = pygame.Surface((max(t.get_width() for t in letters), step * 5 + 2), pygame.SRCALPHA)
        for i, t in enumerate(letters):
            out.blit(t, t.get_rect(midtop=(out.get_width() // 2, i * step - size // 8)))
        return out
    label = LETTER.get(rank, rank)
    lh = h / art.scale  # the card's height in design pixels
    if compact:
        size = max(7, int(h * (0.36 if lh < 50 else 0.3)))
    else:  # larger than the printed proportion on middling cards, so it stays readable
        size = max(7, int(h * (0.125 + 0.035 * max(0.0, min(1.0, (170 - lh) / 74)))))
    t = typeset.text(label, size, colour, bold=True)
    if len(label) > 1:  # "10": condense so it stays in the corner column
        t = pygame.transform.smoothscale(t, (max(1, int(t.get_width() * 0.78)), t.get_height()))
    pip = max(5, int(size * (0.66 if compact else 0.68)))
    sym = symbol(art, suit, pip) if suit else None
    tight = int(size * 0.16)  # the font's empty space above the capitals
    height = t.get_height() - tight + (pip if sym else 0)
    out = pygame.Surface((max(t.get_width(), pip), height), pygame.SRCALPHA)
    out.blit(t, t.get_rect(midtop=(out.get_width() // 2, -tight)))
    if sym is not None:
        out.blit(sym, sym.get_rect(midbottom=(out.get_width() // 2, height)))
    return out


def draw_face(art: Artist, surf: pygame.Surface, rank: str, suit: str | None) -> None:
    """Paint a whole playing card onto ``surf`` (its size is the card's)."""
    w, h = surf.get_size()
    radius = max(2, int(w * 0.07))
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, EDGE, surf.get_rect(), max(1, w // 70), border_radius=radius)
    compact = h < COMPACT_H * art.scale
    idx = _index(art, rank, suit, h, compact)
    mx, my = max(2, int(w * 0.06)), max(2, int(h * 0.035))
    surf.blit(idx, (mx, my))
    if compact:
        _compact_body(art, surf, rank, suit, idx.get_width() + mx)
        return
    surf.blit(
        pygame.transform.rotate(idx, 180), (w - mx - idx.get_width(), h - my - idx.get_height())
    )
    side = mx + idx.get_width() + max(1, w // 40)  # the index column, kept clear
    if rank == "joker":
        _joker(art, surf, suit, _between(w, h, max(side, int(w * 0.2)), 0.1))
    elif rank in COURT:
        _court(art, surf, rank, suit or "s", _between(w, h, max(side, int(w * 0.22)), 0.07))
    else:
        _pips(art, surf, rank, suit or "s", _between(w, h, max(side, int(w * 0.25)), 0.09))


def _between(w: int, h: int, side: int, top: float) -> pygame.Rect:
    """The middle of the card between the two index columns."""
    return pygame.Rect(side, int(h * top), w - 2 * side, h - 2 * int(h * top))


def _compact_body(
    art: Artist, surf: pygame.Surface, rank: str, suit: str | None, left: int
) -> None:
    """A small card: one big symbol (or the court emblem) beside and below the index."""
    w, h = surf.get_size()
    room = pygame.Rect(left, int(h * 0.38), w - left - max(2, w // 14), int(h * 0.56))
    size = max(6, min(room.w + left // 2, room.h))
    if rank in COURT or rank == "joker":
        name = COURT.get(rank, "joker")
        img = art.art(f"common/court-{name}.svg", size, size, hex_colour(ink(suit)))
        art.mark("joker" if rank == "joker" else "court", suit, room.center)
    else:
        img = symbol(art, suit or "s", size)
        art.mark("symbol", suit, room.center)
    if img is not None:
        r = img.get_rect(center=room.center)
        r.right = min(r.right, w - max(1, w // 20))
        surf.blit(img, r)


def _pips(art: Artist, surf: pygame.Surface, rank: str, suit: str, box: pygame.Rect) -> None:
    places = PIPS.get(rank, [])
    ace = rank == "a"
    size = int(box.w * (0.8 if ace else 0.36))
    inner = box.inflate(-size, -size)  # pip centres stay inside the box
    up = symbol(art, suit, size)
    down = symbol(art, suit, size, flip=True)
    if ace:
        r = max(4, int(size * 0.62))
        pygame.draw.circle(surf, GOLD, box.center, r, max(1, size // 28))
    for fx, fy in places:
        c = (round(inner.x + fx * inner.w), round(inner.y + fy * inner.h))
        img = down if fy > 0.5 else up
        if img is not None:
            surf.blit(img, img.get_rect(center=c))
        art.mark("pip", suit, c)


def _court(art: Artist, surf: pygame.Surface, rank: str, suit: str, box: pygame.Rect) -> None:
    """A framed panel: the emblem in the top half and again, upside down, in the bottom half."""
    colour = ink(suit)
    pygame.draw.rect(surf, (246, 238, 214), box, border_radius=max(2, box.w // 16))
    pygame.draw.rect(surf, colour, box, max(1, box.w // 40), border_radius=max(2, box.w // 16))
    half = pygame.Rect(box.x, box.y, box.w, box.h // 2)
    size = max(6, min(half.w - box.w // 10, half.h - max(2, box.w // 16)))
    emblem = art.art(f"common/court-{COURT[rank]}.svg", size, size, hex_colour(colour))
    if emblem is not None:
        top = emblem.get_rect(center=(half.centerx, half.centery + size // 16))
        surf.blit(emblem, top)
        flipped = pygame.transform.rotate(emblem, 180)
        surf.blit(
            flipped, flipped.get_rect(center=(half.centerx, box.bottom - (top.centery - box.y)))
        )
    mid = box.y + box.h // 2
    pygame.draw.line(
        surf, GOLD, (box.x + box.w // 10, mid), (box.right - box.w // 10, mid), max(1, box.w // 50)
    )
    pip = max(5, box.w // 5)
    sym = symbol(art, suit, pip)
    if sym is not None:
        surf.blit(sym, (box.x + box.w // 16, box.y + box.w // 16))
        flipped = pygame.transform.rotate(sym, 180)
        surf.blit(
            flipped,
            flipped.get_rect(bottomright=(box.right - box.w // 16, box.bottom - box.w // 16)),
        )
    art.mark("court", suit, box.center)


def _joker(art: Artist, surf: pygame.Surface, suit: str | None, box: pygame.Rect) -> None:
    size = max(6, min(box.w, box.h // 2))
    img = art.art("common/court-joker.svg", size, size, hex_colour(ink(suit)))
    if img is not None:
        surf.blit(img, img.get_rect(center=box.center))
    word = typeset.text("JOKER", max(7, box.w // 6), ink(suit), title=True)
    surf.blit(word, word.get_rect(midtop=(box.centerx, box.centery + size // 2 + 2)))
    art.mark("joker", suit, box.center)


def card_of(attrs: dict[str, Any], rank_key: str, suit_key: str) -> tuple[str, str | None]:
    """(rank, suit) of a card's attrs, normalised (``"A"`` → ``"a"``)."""
    rank = str(attrs.get(rank_key, "")).lower()
    suit = attrs.get(suit_key)
    return rank, (str(suit).lower() if suit is not None else None)
