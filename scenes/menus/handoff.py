"""The pass-and-play screen between two human turns: it hides every hand until the next player clicks."""

from __future__ import annotations

import pygame

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.widgets import draw_lines, draw_text, fit_text, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
NAME_RAISE = 90  # the name above the window's middle
NAME_SIZE = 54  # the name passed to, read across the room


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
        width = w - self.px(theme.SPACE_SECTION)
        y = draw_text(screen, fit_text(f"Pass to {self.name}", self.px(NAME_SIZE), width, bold=True),
                      self.px(NAME_SIZE), theme.INK,
                      (w // 2, h // 2 - self.px(NAME_RAISE)), "midtop", bold=True).bottom + self.px(theme.SPACE_NARROW)
        y = draw_lines(screen, wrap("Every hand is hidden. Click (or press Enter) when ready.", self.px(theme.TEXT_LEAD), width),
                       self.px(theme.TEXT_LEAD), theme.INK_DIM, (w // 2, y), "midtop") + self.px(theme.SPACE_XLARGE)
        for line in self.table.session.stream(None).recap():
            y = draw_lines(screen, wrap(line, self.px(theme.TEXT_BODY), width), self.px(theme.TEXT_BODY),
                           theme.INK_DIM, (w // 2, y), "midtop")
        draw_text(screen, fit_text(f"{keymap.ESCAPE.name}: back to the menu (the game is saved)", self.px(theme.TEXT_BODY), width), self.px(theme.TEXT_BODY), theme.INK_DIM,
                  (w // 2, h - self.px(theme.SPACE_WIDE)), "midbottom")
