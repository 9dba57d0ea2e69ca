"""Settings: how fast computers move, animations, the move log. Saved per user."""

from __future__ import annotations

import pygame

from . import theme
from .app import Scene
from .widgets import Button, Cycler, draw_lines, draw_text, line_height, wrap

ROWS = (
    ("computer_speed", "Computer speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
     "How long a computer's move stays in view before the next one."),
    ("animations", "Animations", [(True, "On"), (False, "Off")], "Cards glide to where they land."),
    ("show_log", "Move log", [(True, "Shown"), (False, "Hidden")], "The list of every move beside the table."),
    ("large_text", "Text size", [(False, "Normal"), (True, "Large")], "Every text of the table a quarter larger."),
)


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.cyclers = {key: Cycler(choices, app.settings.get(key), self._setter(key)) for key, _l, choices, _h in ROWS}
        self.back = Button("Back", self.close)
        self.message = ""

    def _setter(self, key):
        def set_value(value) -> None:
            self.app.settings[key] = value
            self.message = self.app.save_settings() or self.message
            self.app.apply_settings()
        return set_value

    def close(self) -> None:
        self.app.pop()

    def layout(self, size) -> None:
        """Each row: its label left of the middle, its chooser right of it, its help wrapped
        under both; the rows stacked from measured text."""
        w, h = size
        gap = self.px(20)
        self.title_y = self.px(40)
        y = self.title_y + line_height(self.px(48), bold=True) + gap
        self.rows = []
        for key, label, _choices, help_text in ROWS:
            cycler = self.cyclers[key]
            cw, ch = cycler.needed(self.px(20))
            cycler.rect = pygame.Rect(w // 2 + gap // 2, y, max(self.px(260), cw), max(self.px(44), ch))
            lines = wrap(help_text, self.px(15), w - 2 * gap)
            self.rows.append((label, cycler.rect, lines))
            y = cycler.rect.bottom + self.px(4) + len(lines) * line_height(self.px(15)) + gap
        bw, bh = self.back.needed(self.px(22))
        self.back.rect = pygame.Rect(w // 2 - max(self.px(200), bw) // 2, min(y, h - bh - gap), max(self.px(200), bw), max(self.px(50), bh))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        for cycler in self.cyclers.values():
            cycler.handle(event)
        self.back.handle(event)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, _h = self.app.size
        draw_text(screen, "Settings", self.px(48), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        for (label, rect, lines), cycler in zip(self.rows, self.cyclers.values()):
            draw_text(screen, label, self.px(24), theme.INK, (w // 2 - self.px(10), rect.centery), "midright", bold=True)
            cycler.draw(screen, self.px(20))
            draw_lines(screen, lines, self.px(15), theme.INK_DIM, (w // 2, rect.bottom + self.px(4)), "midtop")
        self.back.draw(screen, self.px(22))
        if self.message:
            draw_text(screen, self.message, self.px(17), theme.ALERT, (w // 2, self.app.size[1] - self.px(30)), "center")
