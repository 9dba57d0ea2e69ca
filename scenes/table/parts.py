"""Parts a table is assembled from, each placed once per layout: it knows where it lies, draws
itself and says whether a point is on it, so that a table neither repeats drawing code nor sums
pixels to find what was clicked."""

from __future__ import annotations

import pygame

from scenes.table.hand import card_rect
from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_text, fit_text

STACKED_BACKS = 4  # at most this many backs show a face-down pile's thickness


class Pile:
    """A pile of cards on the table (a draw pile, a discard pile): its center and the width its
    cards are drawn at."""

    def __init__(self) -> None:
        self.center = (0, 0)
        self.width = 1

    def place(self, center: tuple[int, int], width: int) -> None:
        self.center = (int(center[0]), int(center[1]))
        self.width = max(1, int(width))

    @property
    def rect(self) -> pygame.Rect:
        return card_rect(self.center, self.width)

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw_backs(self, screen: pygame.Surface, count: int, stacked: bool = False) -> None:
        """Face down: one back, or (`stacked`) a few offset backs, more as the pile holds more
        (one for every ten cards, up to STACKED_BACKS); an empty slot when it holds none."""
        if not count:
            cardart.empty_slot(screen, self.rect)
            return
        offsets = range(min(STACKED_BACKS, (count + 9) // 10), 0, -1) if stacked else (0,)
        x, y = self.center
        for k in offsets:
            screen.blit(cardart.back(self.width), card_rect((x + k * 2, y - k * 2), self.width))

    def draw_top(self, screen: pygame.Surface, card) -> None:
        """Face up: its top card, or an empty slot when there is none."""
        if card is None:
            cardart.empty_slot(screen, self.rect)
        else:
            screen.blit(cardart.face(card, self.width), self.rect)

    def draw_label(self, screen: pygame.Surface, text: str, size: int, gap: int, bold: bool = False,
                   fit: int | None = None, box: pygame.Rect | None = None) -> int:
        """`text` centred under the pile, `gap` below it (cut to `fit` pixels when given, kept
        inside `box`); returns the y just below the text."""
        if fit is not None:
            text = fit_text(text, size, fit)
        return draw_text(screen, text, size, theme.INK, (self.center[0], self.rect.bottom + gap), "midtop",
                         bold=bold, box=box).bottom
