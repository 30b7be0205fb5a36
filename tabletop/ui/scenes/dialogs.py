"""Modal dialogs drawn over the scene below: a message (errors, notices) and a yes/no question."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame

from tabletop.ui import fonts
from tabletop.ui.scene import AppContext
from tabletop.ui.scenes.base import GuiScene


class MessageDialog(GuiScene):
    """A parchment panel with a title, a scrollable text and OK."""

    transparent = True

    def __init__(
        self,
        app: AppContext,
        title: str,
        text: str,
        buttons: tuple[tuple[str, Callable[[], None] | None], ...] = (("OK", None),),
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.buttons = buttons
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def framed(self, width: float, height: float, margin: float, head: float) -> pygame.Rect:
        """Centre a panel of at most ``width`` × ``height`` design pixels (``margin`` left free
        round it), put the title in its top ``head`` pixels; the panel's inside is returned."""
        w, h = self.app.size
        pw = min(self.px(width), w - self.px(40))
        ph = min(self.px(height), h - self.px(margin))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = self.px(22)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        self.label(
            pygame.Rect(inner.x, inner.y, inner.w, self.tx(head)), self.title, object_id="@heading"
        )
        return inner

    def build(self) -> None:
        """The panel, its text and buttons."""
        grow = min(fonts.text_scale(), 1.5)  # a larger panel for larger text (the window allows)
        inner = self.framed(640 * grow, 360 * grow, 40, 44)
        bh = self.px(44)
        body = pygame.Rect(
            inner.x, inner.y + self.tx(52), inner.w, inner.h - self.tx(52) - bh - self.px(14)
        )
        text = html.escape(self.text).replace("\n", "<br>")
        self.body = self.text_box(text, body, object_id="#dialog_text")
        bw = self.px(150)
        gap = self.px(12)
        x = inner.right - len(self.buttons) * bw - (len(self.buttons) - 1) * gap
        for i, (label, _) in enumerate(self.buttons):
            b = self.button(
                pygame.Rect(x + i * (bw + gap), inner.bottom - bh, bw, bh),
                label,
                lambda i=i: self.choose(i),
                object_id="#primary_button" if i == len(self.buttons) - 1 else None,
            )
            if i == len(self.buttons) - 1:
                self.default_button = b

    def choose(self, index: int) -> None:
        """Close the dialog, then run the chosen button's callback."""
        callback = self.buttons[index][1]
        self.app.pop()
        if callback is not None:
            callback()

    def back(self) -> None:
        """Esc closes the dialog (the first button's callback when it is a question)."""
        self.choose(0)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dim the scene below and draw the panel's frame."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        pal = self.app.palette
        r = self.panel_rect
        shadow = r.move(self.px(6), self.px(8))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=self.px(14))
        pygame.draw.rect(surface, pal.felt_dark, r, border_radius=self.px(14))
        pygame.draw.rect(surface, pal.gold, r, max(1, self.px(2)), border_radius=self.px(14))
        pygame.draw.rect(
            surface,
            pal.gold,
            r.inflate(-self.px(10), -self.px(10)),
            max(1, self.px(1)),
            border_radius=self.px(10),
        )


def confirm(
    app: AppContext, title: str, text: str, on_yes: Callable[[], None], yes: str = "Yes"
) -> None:
    """Ask a yes/no question; ``on_yes`` runs only when confirmed."""
    app.push(MessageDialog(app, title, text, buttons=(("Cancel", None), (yes, on_yes))))


def plain_reason(e: BaseException) -> str:
    """An exception's message for a player: its words, never the name of its class."""
    if isinstance(e, OSError) and e.strerror:
        where = f" ({e.filename})" if e.filename else ""
        return f"{e.strerror}{where}."
    text = str(e).strip()
    return text or "Something went wrong; the details are in the log file."


def attempt(app: AppContext, title: str, fn: Callable[[], None]) -> bool:
    """Run ``fn``; if it raises, log it and show ``title`` with the reason instead of crashing."""
    import logging

    try:
        fn()
    except NotImplementedError as e:
        app.show_message(title, str(e) or "This is not available yet.")
        return False
    except Exception as e:
        logging.getLogger("tabletop.ui").exception("%s", title)
        app.show_message(title, plain_reason(e))
        return False
    return True
