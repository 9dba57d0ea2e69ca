"""How to play the game at the table, over the table; a click closes it."""

from __future__ import annotations

import pygame

from . import theme
from .app import Scene
from .widgets import draw_text, panel, wrap


class RulesSheet(Scene):
    def __init__(self, app, title: str, guide: str) -> None:
        super().__init__(app)
        self.title = title
        self.paragraphs = [p for p in guide.splitlines() if p.strip()]

    def covers(self) -> bool:
        return False

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_F1)):
            self.app.pop()

    def draw(self, screen) -> None:
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        screen.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(w - self.px(60), self.px(900)), h - self.px(80))
        box.center = (w // 2, h // 2)
        panel(screen, box, edge=theme.GOLD, radius=16)
        draw_text(screen, f"How to play {self.title}", self.px(30), theme.GOLD, (box.centerx, box.y + self.px(36)), "center", bold=True)
        size = self.px(17)
        y = box.y + self.px(74)
        for paragraph in self.paragraphs:
            for line in wrap(paragraph, size, box.w - self.px(60)):
                draw_text(screen, line, size, theme.INK, (box.x + self.px(30), y))
                y += self.px(23)
            y += self.px(10)
        draw_text(screen, "Click anywhere to return to the table.", self.px(15), theme.INK_DIM,
                  (box.centerx, box.bottom - self.px(24)), "center")
