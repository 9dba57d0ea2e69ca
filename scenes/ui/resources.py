"""Assets (fonts, icons) found beside the code or inside a frozen bundle, never in the working folder."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import pygame

from game.files import showable

from scenes.ui.surface_cache import cached_surface


INSTALLED_ASSETS = Path("share", "chain-table", "assets")  # under the environment, from a wheel (pyproject.toml)


def asset_root() -> Path:
    """Where the pictures, fonts and sounds are: in the executable's bundle, in the checkout
    beside scenes/ (run from it or installed editable), else where a wheel installed them."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    checkout = Path(__file__).resolve().parents[2] / "assets"
    installed = Path(sys.prefix) / INSTALLED_ASSETS
    return installed if not checkout.is_dir() and installed.is_dir() else checkout


def asset(*parts: str) -> Path:
    return asset_root().joinpath(*parts)


MIN_TEXT_PX = 12
# The text-size setting scales every text of the interface (not the cards) by one of these.
TEXT_SIZES = {"normal": 1.0, "large": 1.25, "larger": 1.5, "largest": 2.0}
LARGEST_TEXT_SCALE = max(TEXT_SIZES.values())
text_scale = 1.0


@contextmanager
def text_scaled(scale: float):
    """Text measured and drawn at `scale` for the time of the block, whatever the setting is."""
    global text_scale
    chosen, text_scale = text_scale, scale
    try:
        yield
    finally:
        text_scale = chosen


def text_px(size: float) -> int:
    """The pixel size a text of nominal `size` is drawn at: scaled by the text-size setting and
    never under MIN_TEXT_PX, so that every text stays readable in a small window."""
    return max(MIN_TEXT_PX, round(size * text_scale))


@lru_cache(maxsize=32)  # a frame asks for a dozen sizes; each font holds about 100 KB
def font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(asset("fonts", name)), max(8, int(size)))


LONGEST_LINE = 1000  # characters drawn on one line at most: no window is wide enough for more


def drawable(message: str) -> str:
    """`message` as one line of text may be drawn: no character that cannot be (a NUL, another
    control character, a lone surrogate), no more than LONGEST_LINE characters."""
    return showable(message[:LONGEST_LINE])


@cached_surface
def text(message: str, size: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table redraws the same labels every frame. A text of only
    characters of no width (a zero-width space) draws as nothing, where the font refuses it."""
    try:
        return font(size, bold).render(drawable(message), True, color)
    except pygame.error:
        return font(size, bold).render("", True, color)


def forget_drawn(window: tuple[int, int]) -> None:
    """Forget the pictures and fonts drawn for the window as it was: its size or a setting of the
    looks (the text size, the deck) changed, so none of them is drawn again as it was. The
    pictures' cache is budgeted for `window` (scenes/ui/surface_cache.py)."""
    cached_surface.fit(window)
    font.cache_clear()
