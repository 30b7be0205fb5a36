"""Compose card faces (name, art, text on parchment) and backs (deck colours), cached per size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from tabletop.engine import resources
from tabletop.ui.table import fonts
from tabletop.ui.theme import Palette, palette

Colour = tuple[int, int, int]


def _art_root(data: Any) -> Path:
    root = Path(data.folder).parent.parent / "art"
    return root if root.is_dir() else resources.art_dir()


def _colour(name: str | None, fallback: Colour) -> Colour:
    if not name:
        return fallback
    try:
        c = pygame.Color(name)
    except (ValueError, TypeError):
        return fallback
    return (c.r, c.g, c.b)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


_SHARED: dict[tuple[str, Palette], CardArt] = {}


class CardArt:
    """Renders and caches every card image of one game; records which faces were drawn."""

    def __init__(self, data: Any, pal: Palette | None = None) -> None:
        self.data = data
        self.pal = pal or palette()
        self.art_root = _art_root(data)
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._backs: dict[tuple[str, int, int], pygame.Surface] = {}
        self._svgs: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self.drawn: list[str] = []  # uids (or card ids) of faces handed out since the reset
        self.record = False

    @classmethod
    def shared(cls, data: Any, pal: Palette | None = None) -> CardArt:
        """One renderer per game and palette, so a new table reuses the rendered cards."""
        pal = pal or palette()
        key = (str(data.folder), pal)
        art = _SHARED.get(key)
        if art is None or (art.data is not data and art.data.cards != data.cards):
            art = _SHARED[key] = cls(data, pal)
        art.record = False
        art.drawn.clear()
        return art

    # --- public ------------------------------------------------------------------------
    def face(self, card_id: str, w: int, h: int, uid: str | None = None) -> pygame.Surface:
        """The face of ``card_id`` at ``w``×``h`` pixels (``uid`` is only recorded)."""
        if self.record:
            self.drawn.append(uid or card_id)
        key = (card_id, w, h)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 3000:  # window resized many times: start afresh
                self._faces.clear()
            surf = self._faces[key] = self._optimise(self._render_face(card_id, w, h))
        return surf

    def back(self, back: str | None, w: int, h: int) -> pygame.Surface:
        """The back of a card of deck ``back`` (a deck id or a colour name)."""
        key = (back or "", w, h)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = self._optimise(self._render_back(back, w, h))
        return surf

    def image(self, card: dict[str, Any], w: int, h: int) -> pygame.Surface:
        """Face or back for a card as it appears in a view."""
        cid = card.get("card")
        if card.get("face_up", True) and cid and cid in self.data.cards:
            return self.face(cid, w, h, card.get("uid"))
        return self.back(card.get("back"), w, h)

    def art(self, rel: str | None, w: int, h: int) -> pygame.Surface | None:
        """An art file (SVG rendered at size, crisp at any scale), or None if missing."""
        if not rel or w < 4 or h < 4:
            return None
        key = (rel, w, h)
        if key not in self._svgs:
            path = self.art_root / rel
            try:
                if path.suffix.lower() == ".svg":
                    img = pygame.image.load_sized_svg(str(path), (w, h))
                else:
                    img = pygame.transform.smoothscale(pygame.image.load(str(path)), (w, h))
                self._svgs[key] = self._optimise(img)
            except (pygame.error, FileNotFoundError, OSError):
                self._svgs[key] = None
        return self._svgs[key]

    def card_name(self, card_id: str | None) -> str:
        """The printed name of a card definition."""
        if card_id and card_id in self.data.cards:
            return self.data.cards[card_id].name
        return "a hidden card"

    # --- drawing -----------------------------------------------------------------------
    @staticmethod
    def _optimise(surf: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surf.convert_alpha()
        return surf

    def _deck_colour(self, deck: str | None) -> Colour:
        info = self.data.decks.get(deck or "", {}) if deck else {}
        name = info.get("back") if isinstance(info, dict) else None
        if not info and deck:
            name = deck  # a colour name given directly
        return _mix(_colour(name, self.pal.royal), self.pal.ink, 0.3)  # deeper, courtly tones

    def _render_face(self, card_id: str, w: int, h: int) -> pygame.Surface:
        pal = self.pal
        card = self.data.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        edge = self._deck_colour(card.deck if card else None)
        pygame.draw.rect(surf, _mix(edge, pal.ink, 0.35), surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-max(2, w // 30) * 2, -max(2, w // 30) * 2)
        pygame.draw.rect(surf, pal.parchment, inner, border_radius=max(1, radius - 1))
        if card is None:
            return surf
        pad = max(2, w // 16)
        # name band
        name_size = max(7, min(h // 11, int(w / max(6, len(card.name)) * 1.7)))
        band = pygame.Rect(inner.x, inner.y, inner.w, name_size + pad)
        pygame.draw.rect(surf, _mix(edge, pal.parchment, 0.72), band, border_radius=radius)
        title = fonts.text(card.name, name_size, pal.ink, title=True)
        if title.get_width() > band.w - pad:
            title = pygame.transform.smoothscale(
                title,
                (band.w - pad, max(1, title.get_height() * (band.w - pad) // title.get_width())),
            )
        surf.blit(title, title.get_rect(center=band.center))
        # art
        text_h = int(h * 0.30) if card.text and h >= 90 else 0
        art_rect = pygame.Rect(
            inner.x + pad,
            band.bottom + pad // 2,
            inner.w - 2 * pad,
            inner.bottom - band.bottom - pad - text_h,
        )
        img = self.art(card.art, art_rect.w, art_rect.h)
        if img is not None:
            surf.blit(img, img.get_rect(center=art_rect.center))
        else:
            pygame.draw.rect(surf, pal.parchment_dark, art_rect, border_radius=radius)
            initial = fonts.text(card.name[:1], max(8, art_rect.h // 2), pal.ink, bold=True)
            surf.blit(initial, initial.get_rect(center=art_rect.center))
        # rules text
        if text_h:
            size = max(7, h // 16)
            box = pygame.Rect(inner.x + pad, inner.bottom - text_h, inner.w - 2 * pad, text_h - pad)
            pygame.draw.line(surf, pal.parchment_dark, box.topleft, box.topright, max(1, h // 150))
            lines = fonts.wrap(card.text, size, box.w)
            line_h = fonts.font(size).get_linesize()
            max_lines = max(1, box.h // line_h)
            if len(lines) > max_lines:
                lines = [*lines[: max_lines - 1], lines[max_lines - 1] + "…"]
            y = box.y + max(1, (box.h - line_h * len(lines)) // 2)
            for line in lines:
                t = fonts.text(line, size, pal.ink)
                surf.blit(t, t.get_rect(midtop=(box.centerx, y)))
                y += line_h
        return surf

    def _render_back(self, back: str | None, w: int, h: int) -> pygame.Surface:
        pal = self.pal
        base = self._deck_colour(back)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, _mix(base, pal.shadow, 0.45), surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-max(2, w // 14) * 2, -max(2, w // 14) * 2)
        pygame.draw.rect(surf, base, inner, border_radius=max(1, radius - 2))
        lattice = _mix(base, pal.gold, 0.35)
        step = max(4, w // 6)
        clip = surf.get_clip()
        surf.set_clip(inner)
        for x in range(inner.x - inner.h, inner.right + step, step):
            pygame.draw.line(surf, lattice, (x, inner.y), (x + inner.h, inner.bottom), 1)
            pygame.draw.line(surf, lattice, (x + inner.h, inner.y), (x, inner.bottom), 1)
        surf.set_clip(clip)
        pygame.draw.rect(surf, pal.gold, inner, max(1, w // 40), border_radius=max(1, radius - 2))
        r = max(3, w // 6)
        pygame.draw.circle(surf, _mix(base, pal.shadow, 0.3), inner.center, r)
        pygame.draw.circle(surf, pal.gold, inner.center, r, max(1, w // 40))
        return surf
