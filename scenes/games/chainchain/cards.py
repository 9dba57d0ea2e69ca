"""The faces of Chain-Chain's tiles: a number or a letter (vowels and consonants in their own inks),
its points, the 6 and 9 underlined so they read either way up."""

from __future__ import annotations

import pygame

from game.chainchain.rules import (Tile)

from scenes.ui import cardart, theme
from scenes.ui.resources import font
from scenes.ui.surface_cache import cached_surface


VOWEL_INK = (190, 40, 50)
CONSONANT_INK = (30, 50, 120)
NUMBER_INKS = {"1": (30, 60, 150), "2": (20, 120, 70), "3": (170, 90, 20), "4": (130, 40, 140), "5": (190, 40, 50),
               "6": (20, 110, 130), "7": (110, 80, 30), "8": (60, 60, 60), "9": (160, 30, 100)}


def paint_tile(tile: Tile, width: int) -> pygame.Surface:
    return _tile_face(tile.face, tile.is_letter, tile.is_vowel, tile.points, width)


@cached_surface
def _tile_face(text: str, letter: bool, vowel: bool, points: int, width: int) -> pygame.Surface:
    """A number card (its own colour per value) or a letter card (vowels red, consonants blue)."""
    w, h = cardart.card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    ink = (VOWEL_INK if vowel else CONSONANT_INK) if letter else NUMBER_INKS.get(text, theme.CARD_BLACK)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 6), -max(6, w // 6))
    tint = tuple(int(f * 0.88 + c * 0.12) for f, c in zip(theme.CARD_FACE, ink))
    pygame.draw.rect(surface, tint, inner, border_radius=max(2, radius - 2))
    pygame.draw.rect(surface, ink, inner, max(1, w // 40), border_radius=max(2, radius - 2))
    big = font(int(w * 0.62), bold=True).render(text, True, ink)
    corner = _corner_text(text, w, ink)
    if text in ("6", "9"):  # underlined, so that a 6 upside down is not taken for a 9
        big = _underlined(big, ink)
    surface.blit(big, big.get_rect(center=(w / 2, h / 2)))
    pad = max(2, w // 12)
    surface.blit(corner, _corner_at(w))
    if letter:
        score = font(int(w * 0.17)).render(str(points), True, ink)
        surface.blit(score, score.get_rect(bottomright=(w - pad - 3, h - pad)))
    else:
        surface.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w - pad - 2, h - pad)))
    return surface


def _corner_text(text: str, w: int, ink) -> pygame.Surface:
    corner = font(max(12, int(w * 0.2)), bold=True).render(text, True, ink)
    return _underlined(corner, ink) if text in ("6", "9") else corner


def _corner_at(w: int) -> tuple[int, int]:
    pad = max(2, w // 12)
    return pad + 2, pad


def tile_corner(tile: Tile, width: int) -> tuple[pygame.Rect]:
    """The tile's number or letter in its top-left corner (its ink says vowel or consonant)."""
    return (_corner_text(tile.face, width, theme.CARD_BLACK).get_rect(topleft=_corner_at(width)),)


def _underlined(image: pygame.Surface, ink) -> pygame.Surface:
    """The glyph cut to its ink with a bar under it, a gap apart."""
    glyph = image.subsurface(image.get_bounding_rect())
    thick = max(1, glyph.get_height() // 10)
    out = pygame.Surface((glyph.get_width(), glyph.get_height() + 2 * thick + thick), pygame.SRCALPHA)
    out.blit(glyph, (0, 0))
    pygame.draw.rect(out, ink, (0, glyph.get_height() + 2 * thick, glyph.get_width(), thick))
    return out


cardart.register_painter(Tile, paint_tile, tile_corner)
