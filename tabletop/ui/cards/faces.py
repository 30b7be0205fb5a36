"""Card images for one game, from cards.yaml: faces by style, backs by deck, cached per size.

A card's ``kind`` picks its face in ``cards.yaml`` ``faces`` (``playing-card`` or the default
``illustrated``, see ``docs/data-format.md``); a back takes its deck's colour and emblem.  A
face-down card whose identity the seat knows shows its back with the face's top-left corner
peeking out, so the owner can tell it from the others.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

import tabletop.ui.cards.illustrated as illustrated
import tabletop.ui.cards.playing as playing
from tabletop.engine import resources
from tabletop.engine.data.faces import FaceDef
from tabletop.ui import typeset
from tabletop.ui.cards.illustrated import parse_colour
from tabletop.ui.theme import Palette, hex_colour, mix, palette

Colour = tuple[int, int, int]
PLACEHOLDER = "#ff00ff"  # the colour an icon leaves to the card (a suit's ink, a muse's tint)
DEFAULT_FACE = FaceDef()


def _art_root(data: Any) -> Path:
    root = Path(data.folder).parent.parent / "art"
    return root if root.is_dir() else resources.art_dir()


_SHARED: dict[tuple[str, Palette], CardArt] = {}


class CardArt:
    """Renders and caches every card image of one game; records which faces were drawn."""

    def __init__(self, data: Any, pal: Palette | None = None) -> None:
        self.data = data
        self.pal = pal or palette()
        self.art_root = _art_root(data)
        self.faces: dict[str, FaceDef] = dict(getattr(data, "faces", {}) or {})
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._cuts: dict[tuple[str, int, int], tuple[typeset.Said, ...]] = {}  # per face
        self._backs: dict[tuple[str, int, int], pygame.Surface] = {}
        self._peeks: dict[tuple[str, str, int, int], pygame.Surface] = {}
        self._turned: dict[tuple[Any, ...], pygame.Surface] = {}
        self._bands: dict[tuple[str, int, int], pygame.Rect | None] = {}
        self._svgs: dict[tuple[str, int, int, str | None], pygame.Surface | None] = {}
        self._svg_text: dict[str, str | None] = {}
        self.drawn: list[str] = []  # uids (or card ids) of faces handed out since the reset
        self.record = False
        self.renders = 0  # faces actually drawn (not taken from the cache)
        self.scale = 1.0  # screen pixels per design pixel: what counts as a small card
        self.marks: list[tuple[str, str | None, tuple[int, int]]] | None = None  # test hook

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
    def set_scale(self, scale: float) -> None:
        """The window's scale (``theme.scale_factor``): a card is drawn as small or large
        for its size in design pixels, so it looks the same from 720p to 4K."""
        if abs(scale - self.scale) > 1e-6:
            self.scale = scale
            self._faces.clear()
            self._peeks.clear()
            self._turned.clear()
            self._bands.clear()

    def face(self, card_id: str, w: int, h: int, uid: str | None = None) -> pygame.Surface:
        """The face of ``card_id`` at ``w``×``h`` pixels (``uid`` is only recorded)."""
        if self.record:
            self.drawn.append(uid or card_id)
        key = (card_id, w, h)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 3000:  # window resized many times: start afresh
                self._faces.clear()
                self._cuts.clear()
                self._peeks.clear()
            with typeset.catching() as cuts, typeset.unrecorded():
                surf = self._faces[key] = self._optimise(self._render_face(card_id, w, h))
            # a card's own words are not recorded (its enlarged face shows on hover), but a
            # name cut or abbreviated to fit is, each time the face is drawn
            self._cuts[key] = tuple(replace(c, on_card=True) for c in cuts)
        typeset.note(self._cuts.get(key, ()))
        return surf

    def back(self, back: str | None, w: int, h: int) -> pygame.Surface:
        """The back of a card of deck ``back`` (a deck id, a deck's back name or a colour)."""
        key = (back or "", w, h)
        surf = self._backs.get(key)
        if surf is None:
            with typeset.unrecorded():
                surf = self._backs[key] = self._optimise(self._render_back(back, w, h))
        return surf

    def image(self, card: dict[str, Any], w: int, h: int) -> pygame.Surface:
        """Face, back, or back with a peek of the face (a face-down card the seat knows)."""
        cid = card.get("card")
        if cid and cid in self.data.cards:
            if card.get("face_up", True):
                return self.face(cid, w, h, card.get("uid"))
            return self.peek(cid, card.get("back"), w, h)
        return self.back(card.get("back"), w, h)

    def turned(self, card: dict[str, Any], w: int, h: int) -> pygame.Surface:
        """The image of a card lying crosswise (``w``×``h`` is its upright size)."""
        key = (
            card.get("card") or "",
            bool(card.get("face_up", True)),
            card.get("back") or "",
            w,
            h,
        )
        surf = self._turned.get(key)
        if surf is None:
            if len(self._turned) > 500:
                self._turned.clear()
            surf = self._turned[key] = pygame.transform.rotate(self.image(card, w, h), 90)
        elif key[1] and key[0] in self.data.cards:
            if self.record:
                self.drawn.append(card.get("uid") or key[0])  # as ``face`` records a fresh one
            typeset.note(self._cuts.get((key[0], w, h), ()))
        return surf

    def peek(self, card_id: str, back: str | None, w: int, h: int) -> pygame.Surface:
        """A back with the top-left corner of the face showing (a known face-down card)."""
        key = (card_id, back or "", w, h)
        surf = self._peeks.get(key)
        if surf is None:
            surf = self.back(back, w, h).copy()
            corner = pygame.Rect(0, 0, max(4, int(w * 0.4)), max(4, int(h * 0.34)))
            face = self.face(card_id, w, h)
            tab = pygame.Surface(corner.size, pygame.SRCALPHA)
            tab.blit(face, (0, 0))
            pygame.draw.rect(
                tab, self.pal.gold, tab.get_rect(), max(1, w // 40), border_radius=max(2, w // 14)
            )
            surf.blit(tab, (0, 0))
            surf = self._peeks[key] = self._optimise(surf)
        return surf

    def art(
        self, rel: str | None, w: int, h: int, tint: str | None = None
    ) -> pygame.Surface | None:
        """An art file at ``w``×``h`` (SVG rendered at size, crisp at any scale), or None.

        ``tint`` replaces the placeholder colour #ff00ff of an SVG (a suit's ink, a tint).
        """
        if not rel or w < 4 or h < 4:
            return None
        key = (rel, w, h, tint)
        if key not in self._svgs:
            if len(self._svgs) > 4000:
                self._svgs.clear()
            self._svgs[key] = self._load(rel, w, h, tint)
        return self._svgs[key]

    def card_name(self, card_id: str | None) -> str:
        """The printed name of a card definition."""
        if card_id and card_id in self.data.cards:
            return self.data.cards[card_id].name
        return "a hidden card"

    def name_band(self, card_id: str | None, w: int, h: int) -> pygame.Rect | None:
        """Where the face of ``card_id`` at ``w``×``h`` prints its name (``None``: a playing
        card, an unknown one, or one too small to carry a name)."""
        if self.style_of(card_id) != "illustrated" or card_id not in self.data.cards:
            return None
        key = (card_id, w, h)
        if key not in self._bands:
            if len(self._bands) > 3000:
                self._bands.clear()
            card = self.data.cards[card_id]
            with typeset.unrecorded(), typeset.catching():  # measured, not drawn
                self._bands[key] = illustrated.name_band(
                    card.name, w, h, self.scale, self.pal.ink, card.short
                )
        return self._bands[key]

    def style_of(self, card_id: str | None) -> str:
        """``playing-card`` or ``illustrated``: how the card's kind is drawn."""
        card = self.data.cards.get(card_id) if card_id else None
        return self.faces.get(card.kind, DEFAULT_FACE).style if card else "illustrated"

    def mark(self, what: str, detail: str | None, pos: tuple[int, int] = (0, 0)) -> None:
        """Record a drawn pip, emblem, icon or number while a test listens (``marks`` is a list)."""
        if self.marks is not None:
            self.marks.append((what, detail, pos))

    # --- drawing -----------------------------------------------------------------------
    def _load(self, rel: str, w: int, h: int, tint: str | None) -> pygame.Surface | None:
        path = self.art_root / rel
        try:
            if path.suffix.lower() != ".svg":
                return self._optimise(
                    pygame.transform.smoothscale(pygame.image.load(str(path)), (w, h))
                )
            if rel not in self._svg_text:
                self._svg_text[rel] = path.read_text(encoding="utf-8")
            text = self._svg_text[rel]
            if text is None:
                return None
            if tint:
                text = text.replace(PLACEHOLDER, tint)
            img = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (w, h))
            return self._optimise(img)
        except (pygame.error, FileNotFoundError, OSError, UnicodeDecodeError):
            self._svg_text.setdefault(rel, None)
            return None

    @staticmethod
    def _optimise(surf: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surf.convert_alpha()
        return surf

    def _deck(self, back: str | None) -> dict[str, Any]:
        """The deck a back belongs to: by deck id, or by the back name the views use."""
        if not back:
            return {}
        decks = self.data.decks
        info = decks.get(back)
        if isinstance(info, dict):
            return info
        return next(
            (d for d in decks.values() if isinstance(d, dict) and d.get("back") == back), {}
        )

    def _deck_colour(self, back: str | None) -> Colour:
        info = self._deck(back)
        name = info.get("colour") or info.get("back") or back
        base = parse_colour(name, self.pal.royal)
        return base if info.get("colour") else mix(base, self.pal.ink, 0.3)  # deeper tones

    def _render_face(self, card_id: str, w: int, h: int) -> pygame.Surface:
        self.renders += 1
        card = self.data.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if card is None:
            return surf
        f = self.faces.get(card.kind, DEFAULT_FACE)
        if f.style == "playing-card":
            rank, suit = playing.card_of(card.attrs or {}, f.rank, f.suit)
            playing.draw_face(self, surf, rank, suit)
        else:
            illustrated.draw_face(self, surf, card, f, self._deck_colour(card.deck))
        return surf

    def _render_back(self, back: str | None, w: int, h: int) -> pygame.Surface:
        pal = self.pal
        base = self._deck_colour(back)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, mix(base, pal.shadow, 0.45), surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-max(2, w // 14) * 2, -max(2, w // 14) * 2)
        pygame.draw.rect(surf, base, inner, border_radius=max(1, radius - 2))
        lattice = mix(base, pal.gold, 0.35)
        step = max(4, w // 6)
        clip = surf.get_clip()
        surf.set_clip(inner)
        for x in range(inner.x - inner.h, inner.right + step, step):
            pygame.draw.line(surf, lattice, (x, inner.y), (x + inner.h, inner.bottom), 1)
            pygame.draw.line(surf, lattice, (x + inner.h, inner.y), (x, inner.bottom), 1)
        surf.set_clip(clip)
        pygame.draw.rect(surf, pal.gold, inner, max(1, w // 40), border_radius=max(1, radius - 2))
        r = max(3, w // 5)
        pygame.draw.circle(surf, mix(base, pal.shadow, 0.3), inner.center, r)
        pygame.draw.circle(surf, pal.gold, inner.center, r, max(1, w // 40))
        icon = self._deck(back).get("icon")
        side = int(r * 1.3)
        img = self.art(icon, side, side, hex_colour(pal.gold_light)) if icon else None
        if img is not None:
            surf.blit(img, img.get_rect(center=inner.center))
            self.mark("deck-icon", icon)
        mark = self._deck(back).get("mark")
        if mark:  # letters that tell the deck apart without its colour
            t = illustrated.outlined(str(mark), max(6, int(r * 1.1)), pal.gold_light, pal.ink)
            surf.blit(t, t.get_rect(center=inner.center))
            self.mark("deck-mark", str(mark))
        return surf
