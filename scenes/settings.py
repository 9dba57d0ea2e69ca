"""Settings: how fast computers move, animations, the move log. Saved per user."""

from __future__ import annotations

import pygame

from . import theme
from .app import Scene
from .widgets import Button, Cycler, draw_text

ROWS = (
    ("computer_speed", "Computer speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
     "How long a computer's move stays in view before the next one."),
    ("animations", "Animations", [(True, "On"), (False, "Off")], "Cards glide to where they land."),
    ("show_log", "Move log", [(True, "Shown"), (False, "Hidden")], "The list of every move beside the table."),
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
        return set_value

    def close(self) -> None:
        self.app.pop()

    def layout(self, size) -> None:
        w, _h = size
        for i, (key, *_rest) in enumerate(ROWS):
            self.cyclers[key].rect = pygame.Rect(w // 2 + self.px(20), self.px(180) + i * self.px(90), self.px(260), self.px(44))
        self.back.rect = pygame.Rect(w // 2 - self.px(100), self.px(180) + len(ROWS) * self.px(90) + self.px(20), self.px(200), self.px(50))

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
        draw_text(screen, "Settings", self.px(48), theme.INK, (w // 2, self.px(90)), "center", bold=True)
        for key, label, _choices, help_text in ROWS:
            rect = self.cyclers[key].rect
            draw_text(screen, label, self.px(24), theme.INK, (w // 2 - self.px(20), rect.centery - self.px(4)), "midright", bold=True)
            draw_text(screen, help_text, self.px(15), theme.INK_DIM, (w // 2 - self.px(20), rect.bottom + self.px(6)), "topright")
            self.cyclers[key].draw(screen, self.px(20))
        self.back.draw(screen, self.px(22))
        if self.message:
            draw_text(screen, self.message, self.px(17), theme.ALERT, (w // 2, self.app.size[1] - self.px(30)), "center")
