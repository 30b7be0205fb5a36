"""The pygame_gui theme, generated from the palette in :mod:`tabletop.ui.theme` for one scale.

Font sizes and borders are multiplied by the scale so widgets stay readable from 1280×720 to
3840×2160; font sizes (and what holds a line of text: list rows, entry padding) by the
player's text scale too (:func:`tabletop.ui.fonts.text_scale`).  Object ids used by the scenes: ``#menu_button``, ``#primary_button``, ``@heading``,
``@subtle``, ``#dialog``, ``#panel``.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui import fonts
from tabletop.ui.theme import TYPE_SIZES, Palette, hex_colour, mix

BODY = "tabletop_body"
DISPLAY = "tabletop_display"
SHAPE = "rectangle"  # pygame_gui draws rounded shapes slowly at 4K sizes (seconds per scene)


def font_families() -> dict[str, dict[str, str]]:
    """Font families for ``UIManager.add_font_paths``: name → regular/bold/italic paths."""
    body = fonts.font_path("body")
    bold = fonts.font_path("bold") or body
    disp = fonts.font_path("display") or body
    disp_i = fonts.font_path("display_italic") or disp
    out: dict[str, dict[str, str]] = {}
    if body is not None:  # no italic body face: its italics are upright
        out[BODY] = _family(body, bold, body, bold)
    if disp is not None:  # the display face has no bold weight
        out[DISPLAY] = _family(disp, disp, disp_i, disp_i)
    return out


def _family(regular: Any, bold: Any, italic: Any, bold_italic: Any) -> dict[str, str]:
    """The four paths of a font family, as ``add_font_paths`` names them."""
    return {
        "regular_path": str(regular),
        "bold_path": str(bold),
        "italic_path": str(italic),
        "bold_italic_path": str(bold_italic),
    }


def _font(name: str, role: str, scale: float, bold: bool = False) -> dict[str, Any]:
    paths = font_families().get(name)
    size = max(8, round(TYPE_SIZES[role] * scale))
    font: dict[str, Any] = {"name": name if paths else "noto_sans", "size": str(size)}
    if bold:
        font["bold"] = "1"
    if paths:
        font.update(paths)
    return font


def gui_theme(pal: Palette, scale: float, text: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme dictionary for palette ``pal`` at ``scale``, its type ``text``
    times larger (the text scale: 1.0–2.0)."""
    s = max(0.5, scale)
    t = s * max(1.0, text)  # type sizes

    def n(v: float) -> str:
        return str(max(1, round(v * s)))

    def nt(v: float) -> str:
        return str(max(1, round(v * t)))

    h = hex_colour
    button_bg = f"{h(mix(pal.royal, (0, 0, 0), 0.25))},{h(pal.royal)},90"
    button_hover = f"{h(pal.royal)},{h(pal.royal_light)},90"
    gold_dim = mix(pal.gold, pal.felt_dark, 0.45)
    shape = {
        "shape": SHAPE,
        "shape_corner_radius": n(7),
        "border_width": n(2),
        "shadow_width": n(2),
        "text_horiz_alignment_padding": n(12),
        "text_vert_alignment_padding": n(4),
    }
    button_colours = {
        "normal_bg": button_bg,
        "hovered_bg": button_hover,
        "active_bg": h(mix(pal.royal, (0, 0, 0), 0.4)),
        "selected_bg": button_hover,
        "disabled_bg": h(mix(pal.felt_dark, (60, 60, 60), 0.35)),
        "normal_text": h(pal.ivory),
        "hovered_text": h(pal.gold_light),
        "selected_text": h(pal.gold_light),
        "active_text": h(pal.gold_light),
        "disabled_text": h(mix(pal.ivory, pal.felt_dark, 0.55)),
        "normal_border": h(gold_dim),
        "hovered_border": h(pal.gold_light),
        "selected_border": h(pal.gold_light),
        "active_border": h(pal.gold),
        "disabled_border": h(mix(gold_dim, pal.felt_dark, 0.6)),
    }
    return {
        "defaults": {
            "colours": {
                **button_colours,
                "dark_bg": h(pal.felt_dark, 0xE0),
                "disabled_dark_bg": h(pal.felt_dark, 0xA0),
                "text_cursor": h(pal.ivory),
                "link_text": h(pal.gold_light),
                "link_hover": h(pal.gold),
                "link_selected": h(pal.gold),
                "filled_bar": h(pal.gold),
                "unfilled_bar": h(pal.felt_dark),
                "normal_text_shadow": "#00000080",
                "text_shadow": "#00000080",
            },
            "font": _font(BODY, "body", t),
            "misc": dict(shape),
        },
        "button": {"font": _font(BODY, "button", t), "misc": dict(shape)},
        "#menu_button": {
            "font": _font(DISPLAY, "heading", t),
            "misc": {**shape, "shape_corner_radius": n(10), "border_width": n(2)},
        },
        "#primary_button": {
            "colours": {
                "normal_bg": f"{h(mix(pal.crimson, (0, 0, 0), 0.3))},{h(pal.crimson)},90",
                "hovered_bg": f"{h(pal.crimson)},{h(mix(pal.crimson, pal.gold, 0.25))},90",
                "normal_border": h(pal.gold),
            },
            "font": _font(BODY, "button", t, bold=True),
        },
        "#toggle_on": {
            "colours": {
                "normal_bg": h(mix(pal.gold, pal.royal, 0.35)),
                "hovered_bg": h(pal.gold),
                "normal_text": h(pal.ink),
                "hovered_text": h(pal.ink),
                "normal_border": h(pal.gold_light),
            },
        },
        "label": {
            "font": _font(BODY, "body", t),
            "colours": {"normal_text": h(pal.ivory), "dark_bg": "#00000000"},
            "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "0"},
        },
        "@heading": {
            "font": _font(DISPLAY, "title", t),
            "colours": {"normal_text": h(pal.gold_light)},
        },
        "@subtle": {
            "font": _font(BODY, "small", t),
            "colours": {"normal_text": h(mix(pal.ivory, pal.felt, 0.35))},
        },
        "@section": {
            "font": _font(DISPLAY, "section", t),
            "colours": {"normal_text": h(pal.gold_light)},
        },
        "@value": {"colours": {"normal_text": h(pal.gold_light)}},
        "panel": {
            "colours": {
                "dark_bg": h(mix(pal.felt_dark, (0, 0, 0), 0.35), 0xD8),
                "normal_border": h(gold_dim),
            },
            "misc": {
                "shape": SHAPE,
                "shape_corner_radius": n(12),
                "border_width": n(2),
                "shadow_width": n(4),
            },
        },
        "text_box": {
            "colours": {
                "dark_bg": h(pal.parchment, 0xF2),
                "normal_text": h(pal.ink),
                "normal_border": h(pal.gold),
                "link_text": h(pal.crimson),
            },
            "font": _font(BODY, "body", t),
            "misc": {
                "shape": "rectangle",  # rounded shapes are slow to draw at 4K sizes
                "border_width": n(2),
                "shadow_width": "0",
                "padding": f"{n(14)},{n(10)}",
                "line_spacing": "1.25",
            },
        },
        "#dialog_text": {"colours": {"dark_bg": h(pal.parchment)}},
        "#option_help": {
            "colours": {
                "dark_bg": "#00000000",
                "normal_text": h(mix(pal.ivory, pal.felt, 0.3)),
                "normal_border": "#00000000",
            },
            "font": _font(BODY, "small", t),
            "misc": {"border_width": "0", "padding": f"{n(4)},{n(2)}", "line_spacing": "1.0"},
        },
        "text_entry_line": {
            "colours": {
                "dark_bg": h(pal.parchment),
                "normal_text": h(pal.ink),
                "selected_bg": h(pal.gold),
                "selected_text": h(pal.ink),
                "text_cursor": h(pal.ink),
                "normal_border": h(gold_dim),
            },
            "font": _font(BODY, "body", t),
            "misc": {**shape, "shadow_width": "0", "padding": f"{n(8)},{n(4)}"},
        },
        "drop_down_menu": {
            "colours": {"dark_bg": h(pal.felt_dark, 0xF0)},
            "font": _font(BODY, "body", t),
            "misc": {**shape, "expand_direction": "down", "open_button_width": nt(20)},
        },
        "drop_down_menu.#expand_button": {"font": {"name": "fira_code_symbols", "size": nt(14)}},
        "drop_down_menu.selection_list": {"misc": {"list_item_height": nt(30)}},
        "vertical_scroll_bar": {
            "colours": {"dark_bg": h(pal.parchment_dark), "normal_bg": h(pal.wood)},
            "misc": {"shape": SHAPE, "shape_corner_radius": n(4)},
        },
        "vertical_scroll_bar.button": {
            "font": {"name": "fira_code_symbols", "size": n(14)},
            "colours": {"normal_bg": h(pal.wood), "hovered_bg": h(mix(pal.wood, pal.gold, 0.4))},
            "misc": {"border_width": "0", "shadow_width": "0"},
        },
        "horizontal_slider": {"misc": {"sliding_button_width": n(20)}},
        "window": {
            "colours": {"dark_bg": h(pal.parchment), "normal_border": h(pal.gold)},
            "misc": {"shape": SHAPE, "shape_corner_radius": n(10)},
        },
        "tool_tip": {
            "colours": {"dark_bg": h(pal.ink, 0xF0), "normal_text": h(pal.ivory)},
            "font": _font(BODY, "small", t),
        },
    }


def plain_button(
    surface: Any,
    rect: Any,
    text: str,
    pal: Palette,
    scale: float,
    face: str = "body",
    enabled: bool = True,
) -> None:
    """A button as the theme draws it, with plain pygame (a first frame before pygame_gui):
    the vertical gradient, the gold border, the text with its shadow, centred."""
    import pygame

    s = max(0.5, scale)
    border = max(1, round(2 * s))
    rect = rect.inflate(-2 * border, -2 * border)  # inside the shadow's width
    if enabled:
        top, bottom = pal.royal, mix(pal.royal, (0, 0, 0), 0.25)
        edge, ink = mix(pal.gold, pal.felt_dark, 0.45), pal.ivory
    else:
        top = bottom = mix(pal.felt_dark, (60, 60, 60), 0.35)
        edge = mix(mix(pal.gold, pal.felt_dark, 0.45), pal.felt_dark, 0.6)
        ink = mix(pal.ivory, pal.felt_dark, 0.55)
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    surface.blit(pygame.transform.smoothscale(strip, rect.size), rect)
    pygame.draw.rect(surface, edge, rect, border)
    role = "heading" if face == "display" else "body"
    f = fonts.font(face, max(8, round(TYPE_SIZES[role] * s)))
    shadow = f.render(text, True, (0, 0, 0))
    shadow.set_alpha(128)
    img = f.render(text, True, ink)
    at = img.get_rect(center=(rect.centerx, rect.centery - 1))
    surface.blit(shadow, at.move(1, 1))
    surface.blit(img, at)
