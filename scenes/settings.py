"""Settings: how fast computers move, animations, the move log, how cards look, the sound volume.
Saved per user."""

from __future__ import annotations

import pygame

from game.cards import cards

from . import cardart, theme
from .app import Scene
from .sounds import VOLUMES
from .widgets import Button, Cycler, draw_text

ROWS = (
    ("computer_speed", "Computer speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
     "How long a computer's move stays in view before the next one."),
    ("animations", "Animations", [(True, "On"), (False, "Off")], "Cards glide to where they land."),
    ("show_log", "Move log", [(True, "Shown"), (False, "Hidden")], "The list of every move beside the table."),
    ("four_colour", "Suit colours", [(False, "Two colours"), (True, "Four colours")],
     "Four colours: spades black, hearts red, diamonds blue, clubs green."),
    ("card_back", "Card backs", list(cardart.BACKS.items()), "The pattern on the back of every card."),
    ("sound_volume", "Sound", [(v, f"{round(v * 100)}%" if v else "Off") for v in VOLUMES],
     "Card sounds: dealing, playing, drawing, taking, winning."),
)
ROW_STEP = 76
PREVIEW = cards("KD QC 10S")  # shows both colour choices (diamonds, clubs) and a court picture


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.cyclers = {key: Cycler(choices, app.settings.get(key), self._setter(key)) for key, _l, choices, _h in ROWS}
        self.back = Button("Back", self.close)

    def _setter(self, key):
        def set_value(value) -> None:
            self.app.settings[key] = value
            self.app.save_settings()
            self.app.apply_settings()
            if key == "sound_volume":
                self.app.sounds.play("place")
        return set_value

    def close(self) -> None:
        self.app.pop()

    def layout(self, size) -> None:
        w, _h = size
        for i, (key, *_rest) in enumerate(ROWS):
            self.cyclers[key].rect = pygame.Rect(w // 2 + self.px(20), self.px(150) + i * self.px(ROW_STEP), self.px(260), self.px(44))
        self.back.rect = pygame.Rect(w // 2 - self.px(100), self.px(150) + len(ROWS) * self.px(ROW_STEP) + self.px(10), self.px(200), self.px(50))

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
        draw_text(screen, "Settings", self.px(48), theme.INK, (w // 2, self.px(80)), "center", bold=True)
        for key, label, _choices, help_text in ROWS:
            rect = self.cyclers[key].rect
            draw_text(screen, label, self.px(24), theme.INK, (w // 2 - self.px(20), rect.centery - self.px(4)), "midright", bold=True)
            draw_text(screen, help_text, self.px(15), theme.INK_DIM, (w // 2 - self.px(20), rect.bottom + self.px(6)), "topright")
            self.cyclers[key].draw(screen, self.px(20))
        self.back.draw(screen, self.px(22))
        self.draw_preview(screen)

    def draw_preview(self, screen) -> None:
        """Sample cards and a back beside the card rows, in the looks chosen."""
        width = self.px(64)
        rows = [self.cyclers[key].rect for key in ("four_colour", "card_back")]
        x, y = rows[0].right + self.px(30), (rows[0].centery + rows[1].centery) // 2 - int(width * theme.CARD_RATIO) // 2
        for i, image in enumerate([cardart.face(card, width) for card in PREVIEW] + [cardart.back(width)]):
            screen.blit(image, (x + i * (width + self.px(8)), y))
