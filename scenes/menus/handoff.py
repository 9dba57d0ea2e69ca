"""The pass-and-play screen between two human turns: it hides every hand until the next player clicks."""

from __future__ import annotations

import pygame

from scenes.shell.app import Scene
from scenes.shell import keymap
from scenes.ui import theme
from scenes.ui.widgets import draw_lines, draw_text, fit_text, wrap


class HandOff(Scene):
    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.session.names[seat]

    def spoken_title(self) -> str:
        return f"Pass to {self.name}. Every hand is hidden. Press {keymap.ENTER.name} when ready."

    def handle(self, event) -> None:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            keymap.ENTER.pressed(event) or keymap.SPACE.pressed(event))
        if ready:
            self.table.turns.reveal(self.seat)
            self.app.pop()
        elif keymap.ESCAPE.pressed(event):
            self.app.pop()
            self.table.commands.leave()

    def draw(self, screen) -> None:
        screen.fill(theme.FELT_DARK)
        w, h = self.app.size
        width = w - self.px(40)
        y = draw_text(screen, fit_text(f"Pass to {self.name}", self.px(54), width, bold=True), self.px(54), theme.INK,
                      (w // 2, h // 2 - self.px(90)), "midtop", bold=True).bottom + self.px(10)
        y = draw_lines(screen, wrap("Every hand is hidden. Click (or press Enter) when ready.", self.px(24), width),
                       self.px(24), theme.INK_DIM, (w // 2, y), "midtop") + self.px(24)
        for line in self.table.session.stream(None).recap():
            y = draw_lines(screen, wrap(line, self.px(16), width), self.px(16), theme.INK_DIM, (w // 2, y), "midtop")
        draw_text(screen, fit_text(f"{keymap.ESCAPE.name}: back to the menu (the game is saved)", self.px(16), width), self.px(16), theme.INK_DIM,
                  (w // 2, h - self.px(16)), "midbottom")
