"""The main menu: the five games (those not built yet greyed), Continue, Settings, Quit."""

from __future__ import annotations

import pygame

from game import storage
from game.registry import GAMES
from game.session import SaveError

from . import theme
from .app import Scene
from .tables import has_table
from .widgets import Button, draw_text


class MainMenu(Scene):
    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.message = message or (app.notice or "")
        app.notice = None
        self.game_buttons = [
            Button(game.title, (lambda name=game.name: self.open_setup(name)), enabled=has_table(game.name),
                   note=game.blurb if has_table(game.name) else "coming")
            for game in GAMES
        ]
        self.continue_button = Button("Continue", self.resume, note="")
        self.settings_button = Button("Settings", self.open_settings)
        self.quit_button = Button("Quit", app.quit, color=(120, 60, 60))
        self.saved_summary = self._saved_summary()

    @staticmethod
    def _saved_summary() -> str:
        path = storage.autosave_path()
        if not path.exists():
            return ""
        return "your game in progress"

    def buttons(self) -> list[Button]:
        extra = [self.continue_button] if self.saved_summary else []
        return self.game_buttons + extra + [self.settings_button, self.quit_button]

    def layout(self, size) -> None:
        w, h = size
        bw, bh = self.px(520), self.px(62)
        top = self.px(190)
        for i, button in enumerate(self.game_buttons):
            button.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + self.px(10)), bw, bh)
        y = top + len(self.game_buttons) * (bh + self.px(10)) + self.px(14)
        small = (bw - 2 * self.px(10)) // 3
        row = [self.continue_button, self.settings_button, self.quit_button] if self.saved_summary else [self.settings_button, self.quit_button]
        width = small if len(row) == 3 else (bw - self.px(10)) // 2
        for i, button in enumerate(row):
            button.rect = pygame.Rect(w // 2 - bw // 2 + i * (width + self.px(10)), y, width, self.px(50))

    def open_setup(self, name: str) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, name))

    def open_settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def resume(self) -> None:
        from .tables import open_table

        try:
            session = storage.load_game()
        except SaveError as err:
            self.message = f"The saved game could not be loaded: {err}. It was left as it is."
            return
        open_table(self.app, session)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        for button in self.buttons():
            button.handle(event)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, _h = self.app.size
        draw_text(screen, "Chain Table", self.px(64), theme.INK, (w // 2, self.px(80)), "center", bold=True)
        draw_text(screen, "five chain-building card games", self.px(22), theme.INK_DIM, (w // 2, self.px(135)), "center")
        for button in self.buttons():
            button.draw(screen, self.px(24) if button in self.game_buttons else self.px(20))
        if self.message:
            draw_text(screen, self.message, self.px(17), theme.ALERT, (w // 2, self.app.size[1] - self.px(30)), "center")
