"""What a class card does, told at the Sovereign's Chain table when the pointer rests on a card whose
face the viewer sees (in the hand or in play): in the move log's place, or (the log hidden) in a box
beside the pointer."""

from __future__ import annotations

from typing import Callable

import pygame

from game.sovereign.cards import ClassCard

from scenes.ui import theme
from scenes.ui.widgets import draw_text, line_height, panel, wrap


def draw_help_box(screen: pygame.Surface, words: str, pos, width: int, px: Callable[[float], int]) -> None:
    """`words` wrapped in a box `width` wide, its bottom-left corner just above and right of
    `pos`, kept inside the window."""
    size = px(theme.TEXT_SMALL)
    lines = wrap(words, size, width - px(theme.SPACE_WIDE))
    box = pygame.Rect(0, 0, width, len(lines) * line_height(size) + px(theme.SPACE_CLOSE))
    box.bottomleft = (pos[0] + px(theme.SPACE), pos[1] - px(theme.SPACE_SMALL))
    box = box.clamp(screen.get_rect())
    panel(screen, box, color=theme.PANEL, edge=theme.GOLD)
    y = box.y + px(theme.SPACE_SNUG)
    for line in lines:
        y = draw_text(screen, line, size, theme.INK, (box.x + px(theme.SPACE_SMALL), y), box=box).bottom


def draw_help_panel(screen: pygame.Surface, words: str, rect: pygame.Rect, px: Callable[[float], int]) -> None:
    """`words` under a heading, wrapped to the panel `rect` (the move log's)."""
    panel(screen, rect, color=theme.PANEL, edge=theme.GOLD)
    inner = rect.inflate(-px(theme.SPACE_LARGE), -px(theme.SPACE_WIDE))
    y = draw_text(screen, "This card", px(theme.TEXT_NOTE), theme.INK, inner.topleft, bold=True, box=rect).bottom + px(theme.SPACE_SNUG)
    size = px(theme.TEXT_SMALL)
    for line in wrap(words, size, inner.w):
        if y + line_height(size) > inner.bottom:
            return
        y = draw_text(screen, line, size, theme.INK, (inner.x, y), box=rect).bottom


class CardHelp:
    """A Sovereign's Chain table's part that tells what the card under the pointer does, in the
    move log's place (a box beside the pointer hid the rows' lines, the hand and the prompt)."""

    def draw_log(self, screen) -> None:
        """The move log; while the pointer rests on a card, what that card does, in the log's place
        (a box beside the pointer hid the rows' lines, the hand and the prompt)."""
        card = self.helped_card()
        if card is None:
            super().draw_log(screen)
            return
        draw_help_panel(screen, self.session.rules.cards.what_it_does(card),
                        self.log_rect.inflate(-self.px(theme.SPACE_CLOSE), -self.px(theme.SPACE_CLOSE)),
                        self.px)

    def helped_card(self) -> ClassCard | None:
        """The card whose help shows: the one under the pointer, while nothing is dragged or moving."""
        if self.pool.dragged_to is not None or self.hand.drag or self.motion.busy or self.app.top is not self:
            return None
        return self.card_under(self.pointer())

    def card_under(self, pos) -> ClassCard | None:
        """The class card whose face is seen under the pointer: in the hand or in play."""
        view = self.current_view()
        hit = self.hand.card_at(pos, view) if view.seat is not None else None
        if hit:
            return hit[0]
        where = self.place_at(pos, view)
        if where is None or not view.chains[where[0]][where[1]]:
            return None  # an empty place (its card discarded) shows nothing
        return view.in_play(*where).card
