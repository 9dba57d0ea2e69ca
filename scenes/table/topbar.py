"""The bar along the top of every table: the game's title, the session's score line, and the
table's buttons from the right edge leftwards. A button that acts only on the viewer's turn (Hint)
gets its place here but is drawn and pressed by the table while that turn lasts.

With large text the bar grows rather than cut anything: its rows are as tall as the text, the
title goes under the buttons when it does not fit beside them, and a score line that fits
nowhere beside the title wraps onto rows of its own under it."""

from __future__ import annotations

import re
from typing import Callable

import pygame

from scenes.ui import theme
from scenes.ui.widgets import Button, draw_text, fit_text, line_height, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BAR_H = 46  # the top bar
BUTTON_H = 32  # a bar button
BUTTON_MIN_W = 72  # a bar button at least
TITLE_MIN_X = 150  # the status after the title at least


def widest_figures(line: str) -> str:
    """`line` with each number a digit longer: the room a score line keeps for scores to come."""
    return re.sub(r"\d+", lambda number: "8" * (len(number.group()) + 1), line)


class TopBar:
    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px
        self.height = 0
        self.buttons: list[Button] = []  # those the bar draws and presses itself
        self.left_edge = 0                # where the leftmost button placed begins
        self.row_h = 0                    # the first row's height: the buttons' and the title's
        self.title_row = 0                # the title's row: 0 beside the buttons, 1 under them
        self.line_right = 0               # where the score line ends on rows under the buttons
        self.line_rows = 0                # rows of its own the score line has under the title

    def place(self, width: int, buttons: list[Button], turn_only: tuple[Button, ...] = (),
              title: str = "", line: str | list[str] = "", line_right: int | None = None) -> None:
        """The bar across `width`; `buttons` right to left, each as wide as its label needs;
        rows for `title` and `line` (the score line ends at `line_right` where no button is)."""
        px = self.px
        body = px(theme.TEXT_BODY)
        button_h = max(px(BUTTON_H), line_height(body) + px(theme.SPACE_TIGHT))
        self.row_h = max(px(BAR_H), button_h + 2 * px(theme.SPACE_TIGHT),
                         line_height(px(theme.TEXT_BUTTON), bold=True) + px(theme.SPACE_TIGHT))
        self.buttons = [button for button in buttons if button not in turn_only]
        right = width - px(theme.SPACE_NARROW)
        for button in buttons:
            button_w = max(px(BUTTON_MIN_W), button.needed(body)[0])
            button.rect = pygame.Rect(right - button_w, (self.row_h - button_h) // 2, button_w, button_h)
            right = button.rect.x - px(theme.SPACE_SMALL)
        self.left_edge = right + px(theme.SPACE_SMALL)
        self.line_right = (width if self.buttons or line_right is None else line_right) - px(theme.SPACE_NARROW)
        title_right = px(theme.SPACE) + text_width(title, px(theme.TEXT_BUTTON), bold=True)
        self.title_row = 1 if self.buttons and title_right + px(theme.SPACE_XLARGE) > self.left_edge else 0
        lines = [line] if isinstance(line, str) else line
        beside = self.line_x(title) is not None and self.fitting(lines, widest_figures, self.line_x(title)) is not None
        self.line_rows = 0 if beside else len(self.wrapped(lines, widest_figures))
        self.height = self.row_h * (1 + self.title_row) + self.line_rows * line_height(body) \
            + (px(theme.SPACE_SMALL) if self.line_rows else 0)

    def line_x(self, title: str) -> int | None:
        """Where the score line starts beside the title; None where no room is left there."""
        px = self.px
        title_right = px(theme.SPACE) + text_width(title, px(theme.TEXT_BUTTON), bold=True)
        x = max(px(TITLE_MIN_X), title_right + px(theme.SPACE_XLARGE))
        return x if x < self.row_right() else None

    def row_right(self) -> int:
        """Where the title's row ends for the score line."""
        return self.left_edge - self.px(theme.SPACE_NARROW) if self.buttons and not self.title_row else self.line_right

    def fitting(self, lines: list[str], widened, x: int) -> str | None:
        """The first of `lines` that fits beside the title from `x` (as `widened`), or None."""
        body = self.px(theme.TEXT_BODY)
        return next((line for line in lines if text_width(widened(line), body) <= self.row_right() - x), None)

    def wrapped(self, lines: list[str], widened) -> list[str]:
        """The score line on rows of its own: the first of `lines` that fits one row, else the
        last (the shortest) wrapped over as many as it needs."""
        body = self.px(theme.TEXT_BODY)
        room = self.line_right - self.px(theme.SPACE)
        one = next((line for line in lines if text_width(widened(line), body) <= room), None)
        return [one] if one is not None else wrap(lines[-1], body, room)

    def paint(self, surface: pygame.Surface) -> None:
        """Its panel, into the table's background."""
        pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), self.height))

    def draw(self, screen: pygame.Surface, title: str, line: str | list[str]) -> None:
        """The title, then `line`: beside the title if one of its forms (longest first) fits
        there, else on the rows kept for it under the title."""
        px = self.px
        body = px(theme.TEXT_BODY)
        middle = self.row_h * self.title_row + self.row_h // 2
        draw_text(screen, fit_text(title, px(theme.TEXT_BUTTON), screen.get_width() - px(theme.SPACE), bold=True),
                  px(theme.TEXT_BUTTON), theme.INK, (px(theme.SPACE), middle), "midleft", bold=True)
        lines = [line] if isinstance(line, str) else line
        x = self.line_x(title)
        beside = self.fitting(lines, str, x) if x is not None and not self.line_rows else None
        if beside is not None or not self.line_rows:
            shown = beside or fit_text(lines[-1], body, self.row_right() - (x or px(TITLE_MIN_X)))
            draw_text(screen, shown, body, theme.INK_DIM, (x or px(TITLE_MIN_X), middle), "midleft")
        else:
            rows = self.wrapped(lines, str)
            if len(rows) > self.line_rows:
                rows = rows[:self.line_rows - 1] + [fit_text(" ".join(rows[self.line_rows - 1:]), body,
                                                             self.line_right - px(theme.SPACE))]
            top = self.row_h * (1 + self.title_row)
            for index, row in enumerate(rows):
                draw_text(screen, row, body, theme.INK_DIM, (px(theme.SPACE), top + index * line_height(body)))
        for button in self.buttons:
            button.draw(screen, body)

    def handle(self, event) -> None:
        for button in self.buttons:
            button.handle(event)
