"""The side panel of the Sovereign's Chain table, placed once per layout: the draw and discard
piles side by side (both face down: discards are private), each with its count under it, then
words wrapped to the panel's width (the token supply, the card set, the active event), as many
lines as the panel holds."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.games.sovereign.cards import event_face
from scenes.table.parts import Pile, card_width
from scenes.ui import theme
from scenes.ui.resources import text_px
from scenes.ui.widgets import draw_text, fit_text, line_height, panel, wrap


class SidePanel:
    def __init__(self, draw_pile: Pile, discard_pile: Pile) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.draw_pile = draw_pile
        self.discard_pile = discard_pile
        self.px: Callable[[float], int] = round

    def place(self, rect: pygame.Rect, px: Callable[[float], int]) -> None:
        """The panel in `rect`, the piles along its top; `px` scales base-size measures."""
        self.rect, self.px = rect, px
        pile_w = card_width(rect.w - px(30), rect.h, columns=2, gap=0, most=px(60))
        pile_y = rect.y + px(10) + int(pile_w * theme.CARD_RATIO) // 2
        self.draw_pile.place((rect.x + rect.w // 4, pile_y), pile_w)
        self.discard_pile.place((rect.x + rect.w * 3 // 4, pile_y), pile_w)

    def supply_spot(self) -> tuple[int, int]:
        """Where the supply's line is, under the piles (tokens taken fly from there)."""
        pile = self.draw_pile
        return self.rect.centerx, pile.center[1] + pile.rect.h // 2 + line_height(self.px(14)) + self.px(14)

    def draw(self, screen: pygame.Surface, draw_count: int, discard_count: int, discard_lit: bool, supply: str,
             card_set: str | None, event: tuple[str, str]) -> None:
        """The piles (the discard lit when it may be played), the `supply` line, the `card_set`
        line (when a set is named) and the active event as a card, its heading and text wrapped whole."""
        px = self.px
        panel(screen, self.rect)
        y = self.draw_face_down_pile(screen, self.draw_pile, draw_count, "Draw")
        self.draw_face_down_pile(screen, self.discard_pile, discard_count, "Discard")
        if discard_lit:
            self.discard_pile.light(screen, "close_target", px)
        y = self.draw_wrapped(screen, supply, px(14), theme.INK_DIM, y + px(6))
        if card_set is not None:
            y = self.draw_wrapped(screen, card_set, px(14), theme.INK_DIM, y)
        heading, body = event
        inner = self.rect.inflate(-px(16), 0)
        card = event_face(heading, body, inner.w, text_px(px(14)))
        screen.blit(card, (inner.x, y + px(8)), pygame.Rect(0, 0, inner.w, self.rect.bottom - y - px(12)))

    def draw_face_down_pile(self, screen: pygame.Surface, pile: Pile, count: int, label: str) -> int:
        """A face-down pile with its count under it; returns the y below the count."""
        pile.draw_backs(screen, count)
        return pile.draw_label(screen, f"{label} {count}", self.px(14), self.px(4),
                               fit=self.rect.w // 2 - self.px(6), box=self.rect)

    def draw_wrapped(self, screen: pygame.Surface, message: str, size: int, color, y: int, bold: bool = False) -> int:
        """`message` from `y`, wrapped to the panel's width (a bold heading is shortened to one
        line), as many lines as the panel holds; returns the y below them."""
        inner = self.rect.inflate(-self.px(16), 0)
        height = line_height(size, bold)
        for line in [fit_text(message, size, inner.w, bold=True)] if bold else wrap(message, size, inner.w):
            if y + height > self.rect.bottom - self.px(4):
                return y
            y = draw_text(screen, line, size, color, (inner.x, y), bold=bold, box=self.rect).bottom
        return y
