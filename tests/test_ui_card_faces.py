"""Card faces drawn from the data: every face of every game at a tiny and a 4K size; playing
cards (pips counted as drawn and as seen, red and black inks, court emblems, jokers, a
readable index on small cards); badges from attrs; known face-down cards; the face cache."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pygame
import pytest

from tabletop.engine.data import CardDef, load_game_data
from tabletop.engine.data.faces import FaceDef
from tabletop.engine.resources import data_dir
from tabletop.ui.cards import CardArt, playing

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
GAMES = ("aristocracy", "majesty", "your_majesty")
PIPS = {"a": 1, **{str(n): n for n in range(2, 11)}}
TINY, FOUR_K = (17, 24), (378, 540)  # a speck on a crowded 720p table; a zoomed card at 4K


@pytest.fixture(scope="module")
def arts() -> dict[str, CardArt]:
    pygame.init()
    return {g: CardArt(load_game_data(g)) for g in GAMES}


def _count(img: pygame.Surface, colour: tuple[int, int, int], tol: int = 40) -> int:
    return pygame.mask.from_threshold(img, colour, (tol, tol, tol, 255)).count()


def _is_ink(c: pygame.Color, suit: str) -> bool:
    if suit in ("h", "d"):
        return c.r > 140 and c.g < 90 and c.b < 100
    return max(c.r, c.g, c.b) < 70


def test_every_face_of_every_game_renders_tiny_and_at_4k(arts: dict[str, CardArt]) -> None:
    for game, art in arts.items():
        back = art.back(None, *FOUR_K)
        for cid in art.data.cards:
            for size in (TINY, FOUR_K):
                img = art.face(cid, *size)
                assert img.get_size() == size, (game, cid)
            # a real face: light card stock over much of it, dark ink on it, unlike a back
            paper = max(_count(img, art.pal.parchment, 30), _count(img, playing.PAPER, 20))
            assert paper > 0.2 * FOUR_K[0] * FOUR_K[1], (game, cid)
            assert _count(img, art.pal.ink, 50) + _count(img, playing.BLACK, 50) > 300, (game, cid)
            assert _count(back, art.pal.parchment, 30) < paper / 4


@pytest.mark.parametrize("size", [(211, 300), (700, 1000)], ids=["table", "4k-zoom"])
def test_pips_drawn_and_seen_match_the_rank_in_the_suit_ink(arts, size) -> None:
    art = arts["aristocracy"]
    w, h = size
    checked = 0
    for cid, card in art.data.cards.items():
        rank, suit = playing.card_of(card.attrs, "rank", "suit")
        if rank not in PIPS:
            continue
        art.marks = []
        img = art.face(cid, w, h)
        pips = [m for m in art.marks if m[0] == "pip"]
        art.marks = None
        assert len(pips) == PIPS[rank], cid
        for _, s, pos in pips:  # every pip centre is in its suit's ink
            assert s == suit and _is_ink(img.get_at(pos), suit), (cid, pos, img.get_at(pos))
        # seen, not just drawn: separate blobs of the suit's ink between the index columns
        ink = playing.ink(suit)
        mask = pygame.mask.from_threshold(img, ink, (60, 60, 60, 255))
        middle = pygame.mask.Mask((w, h))
        middle.draw(
            pygame.mask.Mask((int(w * 0.48), int(h * 0.86)), fill=True),
            (int(w * 0.26), int(h * 0.07)),
        )
        blobs = mask.overlap_mask(middle, (0, 0)).connected_components(minimum=w // 4)
        assert len(blobs) == PIPS[rank], (cid, len(blobs))
        checked += 1
    assert checked == 40  # A–10 of four suits (the deck's doubles share a definition)


def test_court_cards_show_their_own_emblem_in_the_suit_ink(arts) -> None:
    art = arts["aristocracy"]
    w, h = 140, 200
    seen = {}
    for cid in ("jh", "qh", "kh", "js", "qs", "ks"):
        art.marks = []
        img = art.face(cid, w, h)
        assert [m[0] for m in art.marks] == ["court"], cid
        art.marks = None
        panel = img.subsurface(pygame.Rect(int(w * 0.3), int(h * 0.15), int(w * 0.4), int(h * 0.7)))
        red = _count(panel, playing.RED, 50)  # (outlines are dark in every suit)
        assert red > 150 if cid[1] == "h" else red < 20, (cid, red)
        seen[cid] = pygame.image.tobytes(panel, "RGB")
    assert len(set(seen.values())) == 6  # jack, queen and king differ, and so do the inks


def test_jokers_and_the_index_of_small_cards(arts) -> None:
    defs = {
        "joker-red": CardDef(
            "joker-red", "Red Joker", "joker", attrs={"rank": "joker", "suit": "h"}
        ),
        "joker-black": CardDef("joker-black", "Black Joker", "joker", attrs={"rank": "joker"}),
    }
    data = SimpleNamespace(
        folder=data_dir() / "aristocracy",
        cards=defs,
        decks={},
        faces={"joker": FaceDef("playing-card")},
    )
    art = CardArt(data)
    for cid, suit in (("joker-red", "h"), ("joker-black", None)):
        for w, h in ((140, 200), (35, 50)):
            art.marks = []
            img = art.face(cid, w, h)
            assert art.marks and art.marks[-1][0] in ("joker", "symbol")
            assert _count(img, playing.ink(suit), 50) > (w * h) // 60, (cid, w, h)
    art.marks = None
    # on a small card the rank stands tall in its corner: readable in an overlapping fan
    cards = arts["aristocracy"]
    for h in (36, 50, 70, 95):
        w = int(h * 0.7)
        img = cards.face("8s", w, h)
        corner = img.subsurface(pygame.Rect(0, 0, w // 2, h // 2))
        ink = pygame.mask.from_threshold(corner, playing.BLACK, (60, 60, 60, 255))
        tallest = max(r.h for r in ink.get_bounding_rects())
        assert tallest >= max(8, 0.2 * h), (h, tallest)


def _marks(art: CardArt, cid: str, size: tuple[int, int]) -> list[tuple]:
    art.marks = []
    art.face(cid, *size)
    out, art.marks = art.marks, None
    return out


@pytest.mark.parametrize("size", [(34, 48), (70, 100), (210, 300)], ids=["tiny", "hand", "large"])
def test_your_majesty_badges_show_the_numbers_of_each_card(arts, size) -> None:
    art = arts["your_majesty"]
    fleur, coin = "your_majesty/fleur-de-lys.svg", "common/coin.svg"
    kinds = set()
    for cid, card in art.data.cards.items():
        a = card.attrs
        marks = _marks(art, cid, size)
        icons = [m[1] for m in marks if m[0] == "icon"]
        numbers = [m[1] for m in marks if m[0] == "number"]
        if card.kind == "philosophe":
            assert icons.count(fleur) == a["prestige"], cid
            assert f"your_majesty/muse-{a['muse']}.svg" in icons, cid
        elif card.kind == "colony":
            assert icons.count(coin) == a["coins"], cid
            assert ("your_majesty/slave-colony.svg" in icons) == bool(a.get("slave")), cid
        elif card.kind == "reform":
            assert numbers == [str(a["level"])] and f"your_majesty/muse-{a['muse']}.svg" in icons
        else:  # action cards: their type's icon, and the randomizer lower left
            expected = {"lingering": "clock", "campaign": "cannon", "scandal": "scandal"}
            name = expected.get(a["category"], a["category"])
            assert f"your_majesty/{name}.svg" in icons, cid
            assert numbers == ([str(a["randomizer"])] if "randomizer" in a else []), cid
        kinds.add(card.kind)
    assert kinds == {"philosophe", "colony", "reform", "event", "scandal", "campaign", "reshuffle"}


def test_tints_come_from_the_data(arts) -> None:
    art = arts["your_majesty"]
    colours = art.faces["philosophe"].tint_colours
    frames = {}
    for cid, card in art.data.cards.items():
        if card.kind == "philosophe":
            img = art.face(cid, 70, 100)
            frames.setdefault(card.attrs["muse"], set()).add(tuple(img.get_at((1, 50)))[:3])
    assert len(frames) == 5 and all(len(v) == 1 for v in frames.values())
    assert len({next(iter(v)) for v in frames.values()}) == 5  # one colour per muse
    arts_colour = pygame.Color(colours["arts"])
    frame = next(iter(frames["arts"]))
    assert abs(frame[0] - arts_colour.r) < 60 and frame[0] > frame[1]  # a crimson frame


def test_known_face_down_cards_peek_and_faces_are_cached(arts) -> None:
    art = arts["aristocracy"]
    w, h = 70, 100
    back = art.back("blue", w, h)
    known = art.image({"card": "7d", "face_up": False, "back": "blue"}, w, h)
    hidden = art.image({"card": None, "face_up": False, "back": "blue"}, w, h)
    assert hidden is back
    corner = pygame.Rect(4, 4, w // 3, h // 4)
    face = art.face("7d", w, h)
    assert pygame.image.tobytes(known.subsurface(corner), "RGBA") == pygame.image.tobytes(
        face.subsurface(corner), "RGBA"
    )
    low = pygame.Rect(w // 2, h // 2, w // 3, h // 3)  # the rest is still the back
    assert pygame.image.tobytes(known.subsurface(low), "RGBA") == pygame.image.tobytes(
        back.subsurface(low), "RGBA"
    )
    before = art.renders
    for _ in range(3):
        art.face("9c", 71, 101)
    art.face("9c", 72, 103)
    assert art.renders - before == 2  # once per size, then from the cache


def test_small_and_large_are_judged_in_design_pixels(arts) -> None:
    """The same card looks the same at 720p and at 4K: what it shows follows its design size."""
    art = CardArt(arts["aristocracy"].data)
    shown = {}
    for scale in (1.0, 3.0):
        art.set_scale(scale)
        for design_h in (80, 150):
            h = int(design_h * scale)
            kinds = [m[0] for m in _marks(art, "7d", (int(h * 0.7), h))]
            shown[(scale, design_h)] = (kinds.count("symbol"), kinds.count("pip"))
    assert shown[(1.0, 80)] == shown[(3.0, 80)] == (1, 0)  # small: index and one symbol
    assert shown[(1.0, 150)] == shown[(3.0, 150)] == (0, 7)  # large enough for the pips
