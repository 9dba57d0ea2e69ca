"""A question over the current screen with two answers: the first does it, the second (or Esc)
goes back."""

from __future__ import annotations

from typing import Callable

import pygame

from . import theme
from .app import Scene
from .widgets import Button, draw_lines, draw_text, line_height, panel, wrap


class Confirm(Scene):
    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None], no: str = "Stay") -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.yes = Button(yes, self.accept, color=theme.BUTTON_WARN)
        self.no = Button(no, app.pop)

    def covers(self) -> bool:
        return False

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def layout(self, size) -> None:
        w, h = size
        gap = self.px(16)
        width = min(w - 2 * gap, self.px(620))
        self.lines = wrap(self.detail, self.px(18), width - 2 * gap)
        bw = max(self.px(160), *(b.needed(self.px(20))[0] for b in (self.yes, self.no)))
        bh = max(self.px(48), self.yes.needed(self.px(20))[1])
        height = (line_height(self.px(26), bold=True) + len(self.lines) * line_height(self.px(18)) + bh + 4 * gap)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        self.yes.rect = pygame.Rect(self.box.centerx - bw - gap // 2, self.box.bottom - bh - gap, bw, bh)
        self.no.rect = pygame.Rect(self.box.centerx + gap // 2, self.box.bottom - bh - gap, bw, bh)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
            return
        self.yes.handle(event) or self.no.handle(event)

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        gap = self.px(16)
        y = draw_text(screen, self.question, self.px(26), theme.GOLD, (self.box.centerx, self.box.y + gap), "midtop", bold=True,
                      box=self.box).bottom + gap // 2
        draw_lines(screen, self.lines, self.px(18), theme.INK, (self.box.centerx, y), "midtop", box=self.box)
        self.yes.draw(screen, self.px(20))
        self.no.draw(screen, self.px(20))
