"""How to play the game at the table, over the table; a click closes it.

The text runs down the left; the sheet's pictures (real positions, as data in the game's
guide.py) stand on the right, drawn with the game's own card art. Text and cards shrink together
until everything fits the window."""

from __future__ import annotations

import pygame

from game.sheet import Picture, Sheet

from . import cardart, theme
from .app import Scene
from .widgets import draw_text, panel, wrap

TEXT_SIZES = (17, 16, 15, 14, 13, 12, 11)   # base sizes tried, largest first, until the text fits
CARD_WIDTHS = (56, 50, 44, 38, 32, 28)      # base card widths tried for the pictures, likewise
CAPTION_SIZE = 14
NOTE_SIZE = 11


class RulesSheet(Scene):
    def __init__(self, app, title: str, sheet: Sheet) -> None:
        super().__init__(app)
        self.title = title
        self.sheet = sheet
        self.fitted: tuple | None = None  # (window size, text layout, picture layout)

    def covers(self) -> bool:
        return False

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_F1)):
            self.app.pop()

    # -- layout

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(w - self.px(60), self.px(1180)), h - self.px(60))
        box.center = (w // 2, h // 2)
        return box

    def columns(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The text column and the picture column (None when the sheet has no pictures)."""
        box = self.box()
        inner = pygame.Rect(box.x + self.px(30), box.y + self.px(68), box.w - self.px(60), box.h - self.px(108))
        if not self.sheet.pictures:
            return inner, None
        side = int(inner.w * 0.36)
        text = pygame.Rect(inner.x, inner.y, inner.w - side - self.px(28), inner.h)
        return text, pygame.Rect(text.right + self.px(28), inner.y, side, inner.h)

    def fit(self):
        """The text lines and the pictures' card width that fit the window (computed once a size)."""
        size = self.app.size
        if self.fitted is None or self.fitted[0] != size:
            text_rect, picture_rect = self.columns()
            self.fitted = (size, self._fit_text(text_rect), self._fit_pictures(picture_rect))
        return self.fitted[1], self.fitted[2]

    def _fit_text(self, rect: pygame.Rect):
        """(font size, line step, paragraphs of lines) at the largest size that fits `rect`."""
        for base in TEXT_SIZES:
            size, step, gap = self.px(base), self.px(base * 1.35), self.px(base * 0.55)
            paragraphs = [wrap(p, size, rect.w) for p in self.sheet.paragraphs]
            height = sum(len(lines) * step for lines in paragraphs) + gap * (len(paragraphs) - 1)
            if height <= rect.h:
                break
        return size, step, gap, paragraphs

    def _fit_pictures(self, rect: pygame.Rect | None):
        """(card width, captions as lines) at the largest card width whose pictures fit `rect`."""
        if rect is None:
            return None
        caption_size = self.px(CAPTION_SIZE)
        captions = [wrap(p.caption, caption_size, rect.w) for p in self.sheet.pictures]
        for base in CARD_WIDTHS:
            width = self.px(base)
            fits_across = all(p.columns * self.cell(width)[0] <= rect.w for p in self.sheet.pictures)
            if fits_across and self._pictures_height(width, captions) <= rect.h:
                break
        return width, captions

    def cell(self, card_width: int) -> tuple[int, int]:
        """The size of one grid cell of a picture: a card, a small gap, and room for its note."""
        _w, h = cardart.card_size(card_width)
        return card_width + self.px(6), h + self.px(NOTE_SIZE + 6)

    def _pictures_height(self, card_width: int, captions) -> int:
        cell_h = self.cell(card_width)[1]
        step = self.px(CAPTION_SIZE * 1.3)
        return sum(p.rows * cell_h + len(lines) * step + self.px(22) for p, lines in zip(self.sheet.pictures, captions))

    # -- drawing

    def draw(self, screen) -> None:
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        screen.blit(shade, (0, 0))
        box = self.box()
        panel(screen, box, edge=theme.GOLD, radius=16)
        draw_text(screen, f"How to play {self.title}", self.px(30), theme.GOLD, (box.centerx, box.y + self.px(34)), "center", bold=True)
        (size, step, gap, paragraphs), pictures = self.fit()
        text_rect, picture_rect = self.columns()
        y = text_rect.y
        for lines in paragraphs:
            for line in lines:
                draw_text(screen, line, size, theme.INK, (text_rect.x, y))
                y += step
            y += gap
        if pictures is not None:
            self.draw_pictures(screen, picture_rect, *pictures)
        draw_text(screen, "Click anywhere to return to the table.", self.px(15), theme.INK_DIM,
                  (box.centerx, box.bottom - self.px(22)), "center")

    def draw_pictures(self, screen, rect: pygame.Rect, card_width: int, captions) -> None:
        y = rect.y
        step = self.px(CAPTION_SIZE * 1.3)
        for picture, lines in zip(self.sheet.pictures, captions):
            y = self.draw_picture(screen, picture, rect, y, card_width)
            for line in lines:
                draw_text(screen, line, self.px(CAPTION_SIZE), theme.INK_DIM, (rect.x, y))
                y += step
            y += self.px(22)

    def draw_picture(self, screen, picture: Picture, rect: pygame.Rect, top: int, card_width: int) -> int:
        """One picture, centred in `rect` from `top`; returns the y just below it."""
        cell_w, cell_h = self.cell(card_width)
        card_h = cardart.card_size(card_width)[1]
        left = rect.centerx - picture.columns * cell_w // 2
        area = pygame.Rect(left - self.px(8), top - self.px(6), picture.columns * cell_w + self.px(10),
                           picture.rows * cell_h + self.px(6))
        pygame.draw.rect(screen, theme.FELT, area, border_radius=self.px(10))

        def corner(col: int, row: int) -> tuple[int, int]:
            return left + col * cell_w, top + row * cell_h

        for label in picture.labels:
            x, y = corner(label.col, label.row)
            draw_text(screen, label.text, self.px(13), theme.INK, (x + card_width // 2, y + card_h // 2), "center", bold=True)
        for shown in picture.cards:
            x, y = corner(shown.col, shown.row)
            if shown.marked:
                halo = cardart.glow(card_width)
                screen.blit(halo, halo.get_rect(center=(x + card_width // 2, y + card_h // 2)))
            screen.blit(cardart.face(shown.card, card_width), (x, y))
            if shown.note:
                draw_text(screen, shown.note, self.px(NOTE_SIZE), theme.GOLD if shown.marked else theme.INK_DIM,
                          (x + card_width // 2, y + card_h + self.px(2)), "midtop")
        return top + picture.rows * cell_h + self.px(8)
