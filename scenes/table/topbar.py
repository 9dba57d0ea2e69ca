"""The bar along the top of every table: the game's title, the session's score line, and the
table's buttons from the right edge leftwards. A button that acts only on the viewer's turn (Hint)
gets its place here but is drawn and pressed by the table while that turn lasts."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.ui import theme
from scenes.ui.widgets import Button, draw_text, shortest_fit

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BAR_H = 46  # the top bar
BUTTON_H = 32  # a bar button
BUTTON_MIN_W = 72  # a bar button at least
BUTTON_TOP = 7  # a bar button below the window's top
TITLE_MIN_X = 150  # the status after the title at least


class TopBar:
    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px
        self.height = 0
        self.buttons: list[Button] = []  # those the bar draws and presses itself
        self.left_edge = 0                # where the leftmost button placed begins

    def place(self, width: int, buttons: list[Button], turn_only: tuple[Button, ...] = ()) -> None:
        """The bar across `width`; `buttons` right to left, each as wide as its label needs."""
        px = self.px
        self.height = px(BAR_H)
        self.buttons = [button for button in buttons if button not in turn_only]
        right = width - px(theme.SPACE_NARROW)
        for button in buttons:
            button_w = max(px(BUTTON_MIN_W), button.needed(px(theme.TEXT_BODY))[0])
            button.rect = pygame.Rect(right - button_w, px(BUTTON_TOP), button_w, px(BUTTON_H))
            right = button.rect.x - px(theme.SPACE_SMALL)
        self.left_edge = right + px(theme.SPACE_SMALL)

    def paint(self, surface: pygame.Surface) -> None:
        """Its panel, into the table's background."""
        pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), self.height))

    def draw(self, screen: pygame.Surface, title: str, line: str | list[str], right_edge: int) -> None:
        """The title, then `line` in the room before the first button (or `right_edge`): given
        several, longest first, the first that fits."""
        px = self.px
        middle = self.height // 2
        title_rect = draw_text(screen, title, px(theme.TEXT_BUTTON), theme.INK, (px(theme.SPACE), middle), "midleft", bold=True)
        x = max(px(TITLE_MIN_X), title_rect.right + px(theme.SPACE_XLARGE))
        right = self.left_edge if self.buttons else right_edge
        lines = [line] if isinstance(line, str) else line
        draw_text(screen, shortest_fit(lines, px(theme.TEXT_BODY), right - px(theme.SPACE_NARROW) - x),
                  px(theme.TEXT_BODY), theme.INK_DIM, (x, middle), "midleft")
        for button in self.buttons:
            button.draw(screen, px(theme.TEXT_BODY))

    def handle(self, event) -> None:
        for button in self.buttons:
            button.handle(event)
