"""Render the app icon (art/common/app-icon.svg) to PNGs, a Windows .ico and a macOS .icns."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "art" / "common" / "app-icon.svg"
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render_pngs(out: Path, sizes: tuple[int, ...] = HICOLOR_SIZES) -> dict[int, Path]:
    """Render the SVG at every size into ``out/hicolor/<n>x<n>/apps/tabletop.png``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    made = {}
    for n in sizes:
        path = out / "hicolor" / f"{n}x{n}" / "apps" / "tabletop.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        image = pygame.image.load_sized_svg(str(SVG), (n, n))
        if image.get_size() != (n, n):  # keep the square exact whatever the renderer did
            image = pygame.transform.smoothscale(image, (n, n))
        pygame.image.save(image, str(path))
        made[n] = path
    return made


def make_ico_icns(out: Path, pngs: dict[int, Path]) -> list[Path]:
    """``tabletop.ico`` and ``tabletop.icns`` from the PNGs (needs Pillow; [] without it)."""
    try:
        from PIL import Image
    except ImportError:
        return []
    made = []
    images = {n: Image.open(p).convert("RGBA") for n, p in pngs.items()}
    ico = out / "tabletop.ico"
    base = images[max(ICO_SIZES)]
    extra = [images[n] for n in ICO_SIZES if n in images and n != max(ICO_SIZES)]
    base.save(ico, sizes=[(n, n) for n in ICO_SIZES], append_images=extra)
    made.append(ico)
    icns = out / "tabletop.icns"
    big = images[max(images)]
    big.save(icns, append_images=[images[n] for n in sorted(images) if n != max(images)])
    made.append(icns)
    return made


def build_icons(out: Path) -> dict[str, object]:
    """Every icon the installers need, under ``out``; returns what was made."""
    pngs = render_pngs(out)
    return {"pngs": pngs, "svg": SVG, "native": make_ico_icns(out, pngs)}
