"""The faces of Sovereign's Chain's cards and tokens: a class card (value, suit, (E)), a card as it
lies on a chain (its current value and suit, its tokens), a token in flight."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.sovereign.cards import PLANET, STAR, SUIT_SYMBOLS, ClassCard
from game.sovereign.rules import PlacedView

from scenes.ui import cardart, theme
from scenes.ui.resources import text


SUIT_INK = {STAR: (170, 110, 0), PLANET: (40, 90, 180), "": (110, 110, 110)}


def _label(message: str, size: int, color, bold: bool = False) -> pygame.Surface:
    return text(message, max(8, size), color, bold)


@lru_cache(maxsize=512)
def class_face(card: ClassCard, width: int) -> pygame.Surface:
    """A class card: its class at the top, its value large, its suit symbol, (E) if it draws an event."""
    w, h = cardart.card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=max(3, w // 10))
    pygame.draw.rect(surface, SUIT_INK[card.suit], (0, 0, w, h), max(1, w // 30), border_radius=max(3, w // 10))
    ink = SUIT_INK[card.suit]
    name = _label(card.kind, max(8, w // 6), theme.CARD_BLACK, True)
    if name.get_width() > w - 4:
        name = pygame.transform.smoothscale(name, (w - 4, max(1, name.get_height() * (w - 4) // name.get_width())))
    surface.blit(name, name.get_rect(midtop=(w // 2, max(2, h // 20))))
    value = _label(str(card.value), max(10, w * 2 // 5), ink, True)
    surface.blit(value, value.get_rect(center=(w // 2, h // 2)))
    symbol = _label(SUIT_SYMBOLS.get(card.suit, "\u2013"), max(9, w // 4), ink, True)
    surface.blit(symbol, symbol.get_rect(midbottom=(w // 2, h - max(2, h // 20))))
    if card.draws_event:
        event = _label("E", max(8, w // 6), theme.CARD_RED, True)
        surface.blit(event, event.get_rect(bottomright=(w - max(2, w // 12), h - max(2, h // 20))))
    return surface


@lru_cache(maxsize=1024)
def placed_face(placed: PlacedView, width: int) -> pygame.Surface:
    """A card in play as the viewer sees it: face up with its current value and suit (its
    modifier tokens listed, a suit token ringed), face down as a back (veiled face if the viewer
    knows it), and its shield."""
    if placed.card is None:
        surface = cardart.back(width).copy()
    else:
        current = ClassCard(placed.card.kind, placed.card.copy, placed.value, placed.suit, placed.card.draws_event)
        surface = class_face(current, width).copy()
    w, h = surface.get_size()
    if placed.card is not None and not placed.face_up:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((40, 40, 60, 110))
        surface.blit(veil, (0, 0))
        down = _label("face down", max(8, w // 7), theme.INK, True)
        surface.blit(down, down.get_rect(midtop=(w // 2, h * 2 // 3)))
    if placed.suit_token is not None:
        pygame.draw.circle(surface, SUIT_INK[placed.suit], (w // 2, h - max(2, h // 20) - max(9, w // 4) // 2),
                           max(7, w // 6), 2)
    if placed.mods:
        mods = _label(" ".join(f"{m:+d}" for m in placed.mods), max(8, w // 7), theme.INK, True)
        box = mods.get_rect(topleft=(3, h // 4)).inflate(4, 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=4)
        surface.blit(mods, mods.get_rect(center=box.center))
    if placed.shield:
        radius = max(5, w // 7)
        draw_shield(surface, (w - radius - 2, h // 4 + radius), radius)
    return surface


def draw_shield(surface, center, radius: int) -> None:
    """A shield token: a blue shield edged in gold."""
    x, y = center
    points = [(x - radius, y - radius), (x + radius, y - radius), (x + radius, y),
              (x, y + radius), (x - radius, y)]
    pygame.draw.polygon(surface, theme.CARD_BLUE, points)
    pygame.draw.polygon(surface, theme.GOLD, points, max(1, radius // 4))


@dataclass(frozen=True, slots=True)
class TokenMark:
    """A token moving on the table (it flies as a card does): "shield", "+1" or "-1"."""

    kind: str


def paint_token(surface, kind: str, center, radius: int) -> None:
    if kind == "shield":
        draw_shield(surface, center, radius)
        return
    pygame.draw.circle(surface, theme.BUTTON_WARN, center, radius)
    pygame.draw.circle(surface, theme.GOLD, center, radius, 2)
    mark = _label(kind, max(9, radius), theme.INK, True)
    surface.blit(mark, mark.get_rect(center=center))


@lru_cache(maxsize=64)
def token_face(token: TokenMark, width: int) -> pygame.Surface:
    """A token as big as a quarter of a card's width (the size of one drawn on a card)."""
    radius = max(8, width // 4)
    surface = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    paint_token(surface, token.kind, (radius + 1, radius + 1), radius)
    return surface


cardart.register_painter(ClassCard, class_face)
cardart.register_painter(PlacedView, placed_face)
cardart.register_painter(TokenMark, token_face)
