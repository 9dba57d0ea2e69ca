"""The faces of LINX's cards: playing cards with their number and symbol (each symbol its own shape
and colour, so the deck reads in greyscale too) and scoring cards with length and points."""

from __future__ import annotations

import math

import pygame

from game.linx.cards import DECK, LinxCard, ScoringCard
from scenes.ui import cardart, theme
from scenes.ui.resources import font
from scenes.ui.surface_cache import cached_surface

SYMBOL_COLOURS = {"gold": (180, 125, 0), "silver-blue": (70, 100, 150), "violet": (120, 60, 170),
                  "red": (200, 30, 40), "teal": (0, 128, 128), "green": (30, 125, 50)}
SCORING_FACE, SCORING_INK = (60, 40, 90), (250, 230, 160)


def symbol_shape(surface, code: str, colour, center, radius: int) -> None:
    """Each symbol its own shape, so the deck reads without colour."""
    x, y = center
    r = radius
    if code == "Su":
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.line(surface, colour, (x + r * 0.55 * math.cos(a), y + r * 0.55 * math.sin(a)),
                             (x + r * math.cos(a), y + r * math.sin(a)), max(2, r // 6))
        pygame.draw.circle(surface, colour, center, int(r * 0.5))
    elif code == "Mo":
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, theme.CARD_FACE, (x + r * 0.45, y - r * 0.2), int(r * 0.85))
    elif code == "St":
        points = [(x + (r if k % 2 == 0 else r * 0.42) * math.sin(k * math.pi / 5),
                   y - (r if k % 2 == 0 else r * 0.42) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surface, colour, points)
    elif code == "He":
        lobe = r * 0.52
        pygame.draw.circle(surface, colour, (x - lobe * 0.9, y - r * 0.25), int(lobe))
        pygame.draw.circle(surface, colour, (x + lobe * 0.9, y - r * 0.25), int(lobe))
        pygame.draw.polygon(surface, colour, [(x - r * 0.97, y - r * 0.1), (x + r * 0.97, y - r * 0.1), (x, y + r)])
    elif code == "Di":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)])
    else:
        pygame.draw.ellipse(surface, colour, pygame.Rect(x - r * 0.55, y - r, r * 1.1, r * 2))
        pygame.draw.line(surface, theme.CARD_FACE, (x, y - r * 0.8), (x, y + r), max(1, r // 8))


@cached_surface
def paint_linx_card(card: LinxCard, width: int) -> pygame.Surface:
    w, h = cardart.card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    colour = SYMBOL_COLOURS[DECK.symbols[card.symbol].colour]
    number_box, symbol_box = linx_corner(card, width)
    surface.blit(_number(card, w), number_box)
    symbol_shape(surface, card.symbol, colour, symbol_box.center, symbol_box.w // 2)
    big = min(int(w * 0.3), (h - symbol_box.bottom) // 2 - max(2, h // 24))
    if big >= symbol_box.w:  # the symbol large in the middle, where the card has room for it
        symbol_shape(surface, card.symbol, colour, (w // 2 + w // 10, symbol_box.bottom + (h - symbol_box.bottom) // 2), big)
    return surface


def _number(card: LinxCard, w: int) -> pygame.Surface:
    return font(max(12, int(w * 0.28)), bold=True).render(str(card.number), True, theme.CARD_BLACK)


def linx_corner(card: LinxCard, width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The number in the top-left corner and a small symbol under it: both read where the next
    card of a hand or a chain overlaps this one."""
    w, h = cardart.card_size(width)
    pad = max(2, w // 16)
    number = _number(card, w).get_rect(topleft=(pad, max(1, h // 40)))
    radius = max(5, int(w * 0.11))
    symbol = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    symbol.midtop = (number.centerx, number.bottom)
    return number, symbol


@cached_surface
def paint_scoring_card(card: ScoringCard, width: int) -> pygame.Surface:
    w, h = cardart.card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, SCORING_FACE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, theme.GOLD, (0, 0, w, h), max(1, w // 24), border_radius=radius)
    # Drawn left of centre, so that the figures still read where the next card overlaps this one.
    length = _fitted(f"{card.length}+", int(w * 0.36), int(w * 0.7), SCORING_INK)
    points = _fitted(str(card.points), int(w * 0.3), int(w * 0.7), theme.INK)
    surface.blit(length, length.get_rect(midtop=(int(w * 0.42), h // 10)))
    pygame.draw.line(surface, theme.GOLD, (w // 6, h // 2), (int(w * 0.7), h // 2), max(1, w // 30))
    surface.blit(points, points.get_rect(midbottom=(int(w * 0.42), h - h // 10)))
    return surface


def _fitted(text: str, size: int, width: int, ink) -> pygame.Surface:
    """`text` in bold at `size`, or smaller until it is at most `width` wide."""
    image = font(max(12, size), bold=True).render(text, True, ink)
    while image.get_width() > width and size > 12:
        size -= 1
        image = font(size, bold=True).render(text, True, ink)
    return image


cardart.register_painter(LinxCard, paint_linx_card, linx_corner)
cardart.register_painter(ScoringCard, paint_scoring_card)
