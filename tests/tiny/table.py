"""The table of Face Down (tests/tiny/game.py), built from the shared table parts alone: each
seat's played cards in a row (another seat's face-down cards as backs), and two places to drop a
card: face up or face down."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.table.hand import card_rect
from scenes.table.table import TableScene
from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_text
from tiny.game import Pip, Play


@lru_cache(maxsize=64)
def paint_pip(card: Pip, width: int) -> pygame.Surface:
    surface = pygame.Surface(cardart.card_size(width), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=max(3, width // 10))
    pygame.draw.rect(surface, theme.CARD_EDGE, surface.get_rect(), 1, border_radius=max(3, width // 10))
    draw_text(surface, str(card.value), int(width * 0.6), theme.CARD_BLACK, surface.get_rect().center, "center", bold=True)
    return surface


cardart.register_painter(Pip, paint_pip)


class TinyTable(TableScene):
    hand_order = staticmethod(lambda card: (card.value, card.copy))

    def layout(self, size) -> None:
        middle = self.layout_seats(self.layout_frame(size), button_count=0)
        half = middle.w // 2
        self.zones = {False: pygame.Rect(middle.x, middle.y, half, middle.h),
                      True: pygame.Rect(middle.x + half, middle.y, half, middle.h)}

    def drop(self, card, drop_center, pointer) -> bool:
        for face_down, zone in self.zones.items():
            if zone.collidepoint(pointer):
                return self.perform(Play(card, face_down), drop_center)
        return False

    def draw_board(self, screen, view, hidden) -> None:
        for face_down, zone in self.zones.items():
            pygame.draw.rect(screen, theme.FELT_DARK, zone.inflate(-self.px(8), -self.px(8)), border_radius=10)
            draw_text(screen, "face down" if face_down else "face up", self.px(16), theme.INK, zone.midtop, "midtop")
        width = self.px(40)
        for seat, played in enumerate(view.tables):
            for i, (card, _down) in enumerate(played):
                center = (self.middle.x + self.px(30) + i * self.px(30), self.middle.y + self.px(40) + seat * self.px(70))
                image = cardart.face(card, width) if card is not None else cardart.back(width)
                screen.blit(image, card_rect(center, width))

    def result_rows(self):
        view = self.session.view(None)
        return [(seat, tuple(card for card, _down in played), f"total {sum(c.value for c, _d in played)}")
                for seat, played in enumerate(view.tables)]
