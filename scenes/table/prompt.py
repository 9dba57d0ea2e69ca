"""The words a table says: the prompt line above the hand (whose turn it is and what the viewer may
do, or a passing remark for a little while) and the alert box of a refusal."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.ui import theme
from scenes.ui.widgets import draw_text, fit_text, panel, wrap

MESSAGE_TIME = 4.0  # how long an alert stays
NOTICE_TIME = 2.5   # how long a passing remark holds the prompt line


class PromptLine:
    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px
        self.message = ""      # the alert: why a move was refused
        self.message_time = 0.0
        self.notice = ""       # a passing remark: what just happened, or what to do next
        self.notice_time = 0.0
        self.left = 0
        self.y = 0
        self.width = 0

    def place(self, left: int, y: int, width: int) -> None:
        self.left, self.y, self.width = left, y, width

    @property
    def counting(self) -> bool:
        """An alert or a remark is on show (the table keeps drawing until it goes)."""
        return self.message_time > 0 or self.notice_time > 0

    def say(self, message: str) -> None:
        """An alert, as a sentence."""
        self.message = message[:1].upper() + message[1:]
        self.message_time = MESSAGE_TIME

    def say_notice(self, message: str) -> None:
        self.notice = message
        self.notice_time = NOTICE_TIME

    def clear(self, alert: bool = True, notice: bool = False) -> None:
        if alert:
            self.message_time = 0.0
        if notice:
            self.notice_time = 0.0

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.notice_time = max(0.0, self.notice_time - dt)

    def draw(self, screen: pygame.Surface, prompt: str, active: bool) -> None:
        """The prompt (gold and bold when it is the viewer's turn), or the remark on show."""
        color = theme.GOLD if active else theme.INK
        if self.notice_time > 0 and self.notice:
            prompt, color = self.notice, theme.INK
        size = self.px(19)
        draw_text(screen, fit_text(prompt, size, self.width, bold=active), size, color,
                  (self.left + self.px(20), self.y), bold=active)

    def draw_alert(self, screen: pygame.Surface, center: tuple[int, int], room_w: int) -> None:
        """The alert on show, wrapped in a box centred on `center`, at most `room_w` wide."""
        if self.message_time <= 0 or not self.message:
            return
        px = self.px
        size = px(18)
        image_w = min(px(760), room_w - px(40))
        lines = wrap(self.message, size, image_w - px(30))
        box = pygame.Rect(0, 0, image_w, len(lines) * px(24) + px(18))
        box.center = center
        panel(screen, box, color=theme.ALERT_PANEL, edge=theme.ALERT)
        for i, line in enumerate(lines):
            draw_text(screen, line, size, theme.INK, (box.centerx, box.y + px(9) + i * px(24)), "midtop")
