"""The pass-and-play screen between two human turns: it hides every hand until the next player clicks."""

from __future__ import annotations

import pygame

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.widgets import draw_lines, draw_text, line_height, wrap

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
        """Whom to pass to, large, the words under it and what happened since their turn, as high as
        the middle of the window allows above the way back to the menu (all higher where large
        text needs the room)."""
        screen.fill(theme.FELT_DARK)
        w, h = self.app.size
        width = w - self.px(theme.SPACE_SECTION)
        body = self.px(theme.TEXT_BODY)
        blocks = [(wrap(f"Pass to {self.name}", self.px(NAME_SIZE), width, bold=True), self.px(NAME_SIZE), theme.INK, True,
                   self.px(theme.SPACE_NARROW)),
                  (wrap("Every hand is hidden. Click (or press Enter) when ready.", self.px(theme.TEXT_LEAD), width),
                   self.px(theme.TEXT_LEAD), theme.INK_DIM, False, self.px(theme.SPACE_XLARGE))]
        blocks += [(wrap(line, body, width), body, theme.INK_DIM, False, 0) for line in self.table.session.stream(None).recap()]
        leave = wrap(f"{keymap.ESCAPE.name}: back to the menu (the game is saved)", body, width)
        leave_y = h - self.px(theme.SPACE_WIDE) - len(leave) * line_height(body)
        height = sum(len(lines) * line_height(size, bold) + after for lines, size, _c, bold, after in blocks)
        y = max(self.px(theme.SPACE_WIDE), min(h // 2 - self.px(NAME_RAISE), leave_y - self.px(theme.SPACE_WIDE) - height))
        for lines, size, color, bold, after in blocks:
            for line in lines:
                draw_text(screen, line, size, color, (w // 2, y), "midtop", bold=bold)
                y += line_height(size, bold)
            y += after
        draw_lines(screen, leave, body, theme.INK_DIM, (w // 2, leave_y), "midtop")
