"""Card faces and backs, drawn procedurally once per size and cached.

A face is drawn by the painter registered for the card's type: the standard playing card here,
each game's own cards (letter tiles, symbol cards, class cards) by its scene module, which
registers them when it is imported (`register_painter`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from game.cards import RANK_LABELS, SUIT_SYMBOLS, Card

from . import theme
from .resources import font


def card_size(width: int) -> tuple[int, int]:
    return width, int(width * theme.CARD_RATIO)


PAINTERS: dict[type, Callable[[object, int], pygame.Surface]] = {}


def register_painter(card_type: type, paint: Callable[[object, int], pygame.Surface]) -> None:
    """Draw cards of `card_type` with `paint(card, width)`, which should cache its surfaces."""
    PAINTERS[card_type] = paint


def face(card, width: int) -> pygame.Surface:
    """The face of any card whose type has a painter."""
    paint = PAINTERS.get(type(card))
    if paint is None:
        raise KeyError(f"no painter is registered for {type(card).__name__} cards")
    return paint(card, width)


@lru_cache(maxsize=256)
def playing_card(card: Card, width: int) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    color = theme.CARD_RED if card.is_red else theme.CARD_BLACK
    rank = RANK_LABELS.get(card.rank, str(card.rank))
    suit = SUIT_SYMBOLS[card.suit]
    corner = font(int(w * 0.24), bold=True)
    small_suit = font(int(w * 0.22))
    rank_img = corner.render(rank, True, color)
    suit_img = small_suit.render(suit, True, color)
    pad = max(2, w // 14)
    surface.blit(rank_img, (pad, pad // 2))
    surface.blit(suit_img, (pad + (rank_img.get_width() - suit_img.get_width()) // 2, pad // 2 + rank_img.get_height() - 2))
    surface.blit(pygame.transform.rotate(rank_img, 180), (w - pad - rank_img.get_width(), h - pad // 2 - rank_img.get_height()))
    if card.rank > 10:
        frame = pygame.Rect(w * 0.22, h * 0.2, w * 0.56, h * 0.6)
        pygame.draw.rect(surface, (250, 236, 200), frame, border_radius=max(2, w // 16))
        pygame.draw.rect(surface, color, frame, max(1, w // 40), border_radius=max(2, w // 16))
        big = font(int(w * 0.42), bold=True).render(rank, True, color)
        pip = font(int(w * 0.26)).render(suit, True, color)
        surface.blit(big, big.get_rect(center=(w / 2, h * 0.43)))
        surface.blit(pip, pip.get_rect(center=(w / 2, h * 0.64)))
    else:
        pip = font(int(w * (0.55 if card.rank == 1 else 0.42))).render(suit, True, color)
        surface.blit(pip, pip.get_rect(center=(w / 2, h / 2)))
    return surface


@lru_cache(maxsize=16)
def back(width: int) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, theme.CARD_FACE, (0, 0, w, h), border_radius=radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 9), -max(4, w // 9))
    pygame.draw.rect(surface, theme.CARD_BACK, inner, border_radius=max(2, radius - 2))
    step = max(5, w // 7)
    clip = surface.get_clip()
    surface.set_clip(inner)
    for offset in range(-h, w + h, step):
        pygame.draw.line(surface, (70, 100, 180), (inner.left + offset, inner.top), (inner.left + offset + h, inner.top + h), 1)
        pygame.draw.line(surface, (70, 100, 180), (inner.left + offset, inner.bottom), (inner.left + offset + h, inner.bottom - h), 1)
    surface.set_clip(clip)
    pygame.draw.rect(surface, theme.CARD_BACK_LINE, inner, 1, border_radius=max(2, radius - 2))
    pygame.draw.rect(surface, theme.CARD_EDGE, (0, 0, w, h), 1, border_radius=radius)
    return surface


@lru_cache(maxsize=16)
def glow(width: int) -> pygame.Surface:
    """A soft highlight drawn behind a card or slot that a dragged card may be dropped on."""
    w, h = card_size(width)
    pad = max(6, w // 8)
    surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        alpha = int(200 * (1 - i / pad) ** 1.5) + 20
        pygame.draw.rect(surface, (*theme.GLOW, alpha), (pad - i, pad - i, w + 2 * i, h + 2 * i),
                         border_radius=max(3, w // 10) + i)
    return surface


def empty_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=max(3, rect.w // 10))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=max(3, rect.w // 10))


@lru_cache(maxsize=8)
def shade(width: int) -> pygame.Surface:
    """A veil over a hand card that cannot be played now."""
    surface = pygame.Surface(card_size(width), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, 70), surface.get_rect(), border_radius=max(3, width // 10))
    return surface


register_painter(Card, playing_card)
