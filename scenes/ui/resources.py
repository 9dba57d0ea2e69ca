"""Assets (fonts, icons) found beside the code or inside a frozen bundle, never in the working folder."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

from game.files import showable


def asset_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset(*parts: str) -> Path:
    return asset_root().joinpath(*parts)


MIN_TEXT_PX = 12
# The large-text setting scales every text of the interface (not the cards) by this much.
LARGE_TEXT_SCALE = 1.25
text_scale = 1.0


def text_px(size: float) -> int:
    """The pixel size a text of nominal `size` is drawn at: scaled by the large-text setting and
    never under MIN_TEXT_PX, so that every text stays readable in a small window."""
    return max(MIN_TEXT_PX, round(size * text_scale))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(asset("fonts", name)), max(8, int(size)))


LONGEST_LINE = 1000  # characters drawn on one line at most: no window is wide enough for more


def drawable(message: str) -> str:
    """`message` as one line of text may be drawn: no character that cannot be (a NUL, another
    control character, a lone surrogate), no more than LONGEST_LINE characters."""
    return showable(message[:LONGEST_LINE])


@lru_cache(maxsize=512)
def text(message: str, size: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table redraws the same labels every frame. A text of only
    characters of no width (a zero-width space) draws as nothing, where the font refuses it."""
    try:
        return font(size, bold).render(drawable(message), True, color)
    except pygame.error:
        return font(size, bold).render("", True, color)
