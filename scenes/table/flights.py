"""Cards in flight over a table, drawn on top of everything else: each turns over or flashes as
its `Flight` says, and a step's caption sits in a box by the card it is about."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_text, fit_text, line_height, panel, text_width


def draw_flights(screen: pygame.Surface, flights, width: int, board: pygame.Rect, px: Callable[[float], int]) -> None:
    """Every visible flight at `width`, then their captions, kept inside `board`."""
    for flight in flights:
        if flight.visible:
            draw_flight(screen, flight, width)
    for flight in flights:
        if flight.caption:
            draw_caption(screen, flight.caption, flight.caption_at or flight.end, width, board, px)


def draw_flight(screen: pygame.Surface, flight, width: int) -> None:
    image = cardart.face(flight.card, width) if flight.showing_face else cardart.back(width)
    if flight.turns:
        image = pygame.transform.smoothscale(image, (max(1, int(image.get_width() * flight.squeeze)),
                                                     image.get_height()))
    rect = image.get_rect(center=flight.position)
    if flight.flash and flight.waiting:
        halo = cardart.glow(width)
        screen.blit(halo, halo.get_rect(center=rect.center))
    screen.blit(image, rect)


def draw_caption(screen: pygame.Surface, caption: str, at, width: int, board: pygame.Rect,
                 px: Callable[[float], int]) -> None:
    """What a step of a move does, in a box just below the card it is about (above it when
    there is no room below), kept inside the board."""
    size = px(theme.TEXT_BODY)
    inner = fit_text(caption, size, board.w - px(theme.SPACE_XLARGE))
    box = pygame.Rect(0, 0, text_width(inner, size) + px(theme.SPACE_LARGE), line_height(size) + px(theme.SPACE_NARROW))
    card_h = int(width * theme.CARD_RATIO)
    box.midtop = (int(at[0]), int(at[1]) + card_h // 2 + px(theme.SPACE_SNUG))
    if box.bottom > board.bottom:
        box.midbottom = (int(at[0]), int(at[1]) - card_h // 2 - px(theme.SPACE_SNUG))
    box = box.clamp(board)
    panel(screen, box, color=theme.PANEL, edge=theme.GOLD)
    draw_text(screen, inner, size, theme.INK, box.center, "center", box=box)
