"""The PNG chart ``tabletop tournament --balance`` writes: first-seat edge and score spread.

Seats are counted from the first player of each match (position 1 moved first), because the
first player changes from deal to deal.  Left: the share of wins of each position with its 95 %
Wilson interval against the fair share (a dashed line).  Right: the scores of each position as
a box (quartiles), whiskers (lowest and highest) and a dot (mean).  Drawn with plain pygame on
an off-screen surface: no window is opened.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.ai.tournament import quantile, wilson

SIZE = (960, 540)


@dataclass
class Position:
    """Figures of one seat position (1 = the first player)."""

    wins: float
    games: int
    scores: list[float]

    @property
    def share(self) -> float:
        """Share of the wins (a shared victory split)."""
        return self.wins / self.games if self.games else 0.0


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``…"""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def figures(records: Sequence[Any], players: int) -> list[Position]:
    """Wins and scores per position from the first player, over finished matches."""
    out = [Position(0.0, 0, []) for _ in range(players)]
    for r in records:
        if getattr(r, "error", "") or not r.scores:
            continue
        for seat in range(min(players, len(r.scores))):
            p = out[(seat - r.first) % players]
            p.games += 1
            p.scores.append(float(r.scores[seat]))
            if seat in r.winners:
                p.wins += 1.0 / len(r.winners)
    return out


def write(records: Sequence[Any], players: int, path: Path, title: str) -> Path:
    """Draw the chart of ``records`` and save it as a PNG at ``path``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a surface needs no window
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout may be JSON (--json)
    import pygame

    from tabletop.ui import fonts
    from tabletop.ui.theme import palette

    pygame.font.init()
    pal = palette()
    pos = figures(records, players)
    surface = pygame.Surface(SIZE)
    surface.fill(pal.parchment)
    w, h = SIZE
    head = fonts.font("bold", 20)
    body = fonts.font("body", 14)
    small = fonts.font("body", 12)
    img = head.render(title, True, pal.ink)
    surface.blit(img, img.get_rect(midtop=(w // 2, 14)))
    n = sum(r.scores != [] and not getattr(r, "error", "") for r in records)
    sub = body.render(f"{n} finished matches, {players} players", True, pal.ink)
    surface.blit(sub, sub.get_rect(midtop=(w // 2, 42)))
    left = pygame.Rect(60, 100, w // 2 - 100, h - 170)
    right = pygame.Rect(w // 2 + 50, 100, w // 2 - 100, h - 170)
    _wins_panel(surface, left, pos, players, pal, body, small)
    _scores_panel(surface, right, pos, pal, body, small)
    foot = small.render(
        "Positions are counted from the player who moved first in each match; gold = first.",
        True,
        pal.ink,
    )
    surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - 10)))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def _axes(surface: Any, box: Any, title: str, pal: Any, body: Any) -> None:
    import pygame

    img = body.render(title, True, pal.ink)
    surface.blit(img, img.get_rect(midbottom=(box.centerx, box.y - 12)))
    pygame.draw.line(surface, pal.ink, box.bottomleft, box.bottomright, 2)
    pygame.draw.line(surface, pal.ink, box.bottomleft, box.topleft, 2)


def _wins_panel(
    surface: Any, box: Any, pos: list[Position], players: int, pal: Any, body: Any, small: Any
) -> None:
    import pygame

    _axes(surface, box, "Share of wins by position (95% interval)", pal, body)
    top = max(0.05, *(wilson(p.wins, p.games)[1] for p in pos)) * 1.1
    top = min(1.0, top)

    def y_of(v: float) -> int:
        return box.bottom - round(box.h * v / top)

    for k in range(0, 11):
        v = k / 10
        if v > top:
            break
        y = y_of(v)
        pygame.draw.line(surface, pal.parchment_dark, (box.x + 1, y), (box.right, y))
        t = small.render(f"{round(100 * v)}%", True, pal.ink)
        surface.blit(t, t.get_rect(midright=(box.x - 6, y)))
    slot = box.w / players
    for i, p in enumerate(pos):
        cx = box.x + round(slot * (i + 0.5))
        bw = max(8, round(slot * 0.5))
        y = y_of(p.share)
        colour = pal.gold if i == 0 else pal.royal_light
        pygame.draw.rect(surface, colour, (cx - bw // 2, y, bw, box.bottom - y))
        lo, hi = wilson(p.wins, p.games)
        pygame.draw.line(surface, pal.ink, (cx, y_of(hi)), (cx, y_of(lo)), 2)
        for v in (lo, hi):
            pygame.draw.line(surface, pal.ink, (cx - 6, y_of(v)), (cx + 6, y_of(v)), 2)
        label = small.render(f"{ordinal(i + 1)}: {100 * p.share:.0f}%", True, pal.ink)
        surface.blit(label, label.get_rect(midtop=(cx, box.bottom + 6)))
    fair = y_of(1.0 / players)
    for x in range(box.x, box.right, 12):
        pygame.draw.line(surface, pal.crimson, (x, fair), (min(x + 6, box.right), fair), 2)
    t = small.render(f"fair share {100 / players:.0f}%", True, pal.crimson)
    surface.blit(t, t.get_rect(bottomright=(box.right, fair - 3)))


def _scores_panel(
    surface: Any, box: Any, pos: list[Position], pal: Any, body: Any, small: Any
) -> None:
    import pygame

    _axes(surface, box, "Scores by position (quartiles, range, mean)", pal, body)
    every = [s for p in pos for s in p.scores]
    if not every:
        return
    lo, hi = min(every), max(every)
    if hi == lo:
        hi = lo + 1

    def y_of(v: float) -> int:
        return box.bottom - 8 - round((box.h - 16) * (v - lo) / (hi - lo))

    for k in range(5):
        v = lo + (hi - lo) * k / 4
        y = y_of(v)
        pygame.draw.line(surface, pal.parchment_dark, (box.x + 1, y), (box.right, y))
        t = small.render(f"{v:.0f}", True, pal.ink)
        surface.blit(t, t.get_rect(midright=(box.x - 6, y)))
    slot = box.w / len(pos)
    for i, p in enumerate(pos):
        if not p.scores:
            continue
        cx = box.x + round(slot * (i + 0.5))
        bw = max(8, round(slot * 0.4))
        q1, med, q3 = (quantile(p.scores, q) for q in (0.25, 0.5, 0.75))
        pygame.draw.line(surface, pal.ink, (cx, y_of(min(p.scores))), (cx, y_of(max(p.scores))), 2)
        for v in (min(p.scores), max(p.scores)):
            pygame.draw.line(surface, pal.ink, (cx - bw // 4, y_of(v)), (cx + bw // 4, y_of(v)), 2)
        rect = pygame.Rect(cx - bw // 2, y_of(q3), bw, max(2, y_of(q1) - y_of(q3)))
        pygame.draw.rect(surface, pal.gold if i == 0 else pal.royal_light, rect)
        pygame.draw.rect(surface, pal.ink, rect, 2)
        pygame.draw.line(surface, pal.ink, (rect.x, y_of(med)), (rect.right, y_of(med)), 3)
        mean = sum(p.scores) / len(p.scores)
        pygame.draw.circle(surface, pal.crimson, (cx, y_of(mean)), 5)
        label = small.render(f"{ordinal(i + 1)}: mean {mean:.1f}", True, pal.ink)
        surface.blit(label, label.get_rect(midtop=(cx, box.bottom + 6)))
