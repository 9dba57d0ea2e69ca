"""How to play the game at the table, over the table: a page that scrolls when it is longer than
the window; a click (or Esc, Enter, F1) closes it."""

from __future__ import annotations

import pygame

from . import theme
from .app import Scene
from .widgets import draw_text, line_height, panel, wrap

SCROLL_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}


class RulesSheet(Scene):
    def __init__(self, app, title: str, guide: str) -> None:
        super().__init__(app)
        self.title = title
        self.paragraphs = [p for p in guide.splitlines() if p.strip()]
        self.scroll = 0
        self.max_scroll = 0

    def covers(self) -> bool:
        return False

    def layout(self, size) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - self.px(60), self.px(900)), h - self.px(80))
        self.box.center = (w // 2, h // 2)
        pad = self.px(30)
        top = self.box.y + self.px(20) + line_height(self.px(30), bold=True) + self.px(12)
        footer_h = line_height(self.px(15)) + self.px(16)
        self.page = pygame.Rect(self.box.x + pad, top, self.box.w - 2 * pad, self.box.bottom - footer_h - top)
        self.size = self.px(17)
        self.lines: list[tuple[int, str]] = []
        y = 0
        for paragraph in self.paragraphs:
            for line in wrap(paragraph, self.size, self.page.w):
                self.lines.append((y, line))
                y += line_height(self.size)
            y += self.px(10)
        self.max_scroll = max(0, y - self.page.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key])
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_F1)):
            self.app.pop()

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines * line_height(self.size)))

    def draw(self, screen) -> None:
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=16)
        draw_text(screen, f"How to play {self.title}", self.px(30), theme.GOLD, (self.box.centerx, self.box.y + self.px(20)),
                  "midtop", bold=True, box=self.box)
        line_h = line_height(self.size)
        for y, line in self.lines:
            top = self.page.y + y - self.scroll
            if self.page.y <= top and top + line_h <= self.page.bottom:
                draw_text(screen, line, self.size, theme.INK, (self.page.x, top), box=self.page)
        footer = "Click anywhere to return to the table."
        if self.max_scroll:
            footer = "Scroll (wheel or arrow keys) for more; click anywhere to return to the table."
        draw_text(screen, footer, self.px(15), theme.INK_DIM, (self.box.centerx, self.box.bottom - self.px(8)), "midbottom",
                  box=self.box)
