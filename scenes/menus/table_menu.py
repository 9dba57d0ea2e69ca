"""The table menu, over the table: restart the deal (asking first), hand any seat to a computer
or back to a player (a player leaving pass-and-play, or joining again), or go back. What it offers
is the table's commands' to say: a networked table offers no restart, and only the host's offers
seats, those of players who dropped or whose seat a computer keeps."""

from __future__ import annotations

import pygame

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.widgets import Button, draw_text, line_height, panel

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_MIN_W = 360  # a menu button at least


class TableMenu(Scene):
    def __init__(self, app, commands) -> None:
        super().__init__(app)
        self.restart = Button("Restart this deal", self.choose(commands.ask_to_restart), color=theme.BUTTON_WARN)
        self.seat_buttons = [Button(commands.hand_over_label(seat), self.choose(lambda seat=seat: commands.hand_over(seat)))
                             for seat in commands.seats_to_hand_over()]
        self.offered = ([self.restart] if commands.can_restart else []) + self.seat_buttons
        self.back = Button("Back", app.pop, color=theme.BUTTON_QUIET)
        self.box = pygame.Rect(0, 0, 0, 0)

    def spoken_title(self) -> str:
        return "Table menu"

    def choose(self, act):
        """A button's action: close the menu first, then act (which may open another screen)."""
        def run() -> None:
            self.app.pop()
            act()
        return run

    def buttons(self) -> list[Button]:
        return [*self.offered, self.back]

    def covers(self) -> bool:
        return False

    def layout(self, size) -> None:
        w, h = size
        gap = self.px(theme.SPACE_NARROW)
        size_px = self.px(theme.TEXT_LABEL)
        bw = min(w - 4 * gap, max(self.px(BUTTON_MIN_W), *(b.needed(size_px)[0] for b in self.buttons())))
        bh = max(self.px(theme.SPACE_SECTION), *(b.needed(size_px)[1] for b in self.buttons()))
        title_h = line_height(self.px(theme.TEXT_LEAD), bold=True)
        count = len(self.buttons())
        step = min(bh + gap, (h - 4 * gap - title_h) // count)
        bh = min(bh, step - gap // 2)
        self.box = pygame.Rect(0, 0, bw + 2 * gap, title_h + count * step + 3 * gap)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + 2 * gap + title_h
        for button in self.buttons():
            button.rect = pygame.Rect(self.box.x + gap, y, bw, bh)
            y += step

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event) or keymap.TABLE_MENU.pressed(event):
            self.app.pop()
            return
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                return

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        draw_text(screen, "Table", self.px(theme.TEXT_LEAD), theme.GOLD,
                  (self.box.centerx, self.box.y + self.px(theme.SPACE_NARROW)), "midtop",
                  bold=True, box=self.box)
        for button in self.buttons():
            button.draw(screen, self.px(theme.TEXT_LABEL))
