"""A question that wants a short text (a name to save a game under): Enter or OK takes it, Esc or
Cancel goes back."""

from __future__ import annotations

from typing import Callable

import pygame

from . import theme
from .app import Scene
from .widgets import Button, TextField, draw_text, line_height, panel


class AskText(Scene):
    def __init__(self, app, question: str, value: str, on_ok: Callable[[str], None], limit: int = 40) -> None:
        super().__init__(app)
        self.question = question
        self.on_ok = on_ok
        self.field = TextField(value, "a name", max_length=limit)
        self.field.focused = True
        self.ok = Button("OK", self.accept, color=theme.BUTTON_GO)
        self.cancel = Button("Cancel", app.pop)
        pygame.key.start_text_input()

    def covers(self) -> bool:
        return False

    def animating(self) -> bool:
        return True  # the cursor blinks

    def accept(self) -> None:
        if self.field.value.strip():
            self.app.pop()
            self.on_ok(self.field.value.strip())

    def layout(self, size) -> None:
        w, h = size
        gap = self.px(16)
        width = min(w - 2 * gap, self.px(620))
        field_h = line_height(self.px(20)) + gap
        bw = max(self.px(140), *(b.needed(self.px(20))[0] for b in (self.ok, self.cancel)))
        bh = max(self.px(46), self.ok.needed(self.px(20))[1])
        self.box = pygame.Rect(0, 0, width, line_height(self.px(24), bold=True) + field_h + bh + 4 * gap)
        self.box.center = (w // 2, h // 2)
        top = self.box.y + gap + line_height(self.px(24), bold=True) + gap
        self.field.rect = pygame.Rect(self.box.x + gap, top, width - 2 * gap, field_h)
        self.ok.rect = pygame.Rect(self.box.centerx - bw - gap // 2, self.box.bottom - bh - gap, bw, bh)
        self.cancel.rect = pygame.Rect(self.box.centerx + gap // 2, self.box.bottom - bh - gap, bw, bh)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
            return
        self.field.focused = True
        self.field.handle(event)
        self.ok.handle(event) or self.cancel.handle(event)

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        draw_text(screen, self.question, self.px(24), theme.GOLD, (self.box.centerx, self.box.y + self.px(16)), "midtop",
                  bold=True, box=self.box)
        self.field.draw(screen, self.px(20), (pygame.time.get_ticks() // 500) % 2 == 0)
        self.ok.draw(screen, self.px(20))
        self.cancel.draw(screen, self.px(20))
