"""Assets (fonts, icons) found beside the code or inside a frozen bundle, never in the working folder."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame


def asset_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    return asset_root().joinpath(*parts)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(asset("fonts", name)), max(8, int(size)))


@lru_cache(maxsize=512)
def text(message: str, size: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table redraws the same labels every frame."""
    return font(size, bold).render(message, True, color)
