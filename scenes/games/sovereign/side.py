"""The side panel of the Sovereign's Chain table, placed once per layout: the draw and discard
piles side by side (both face down: discards are private), each with its count under it, then
words wrapped to the panel's width (the token supply, the card set), and the active event as a
card, as much as the panel holds. Placed `across`, it is a strip instead: the piles at the left,
the words beside them, the event card at the right (the solitaire, whose one chain takes the
board's whole width under it)."""

from __future__ import annotations

from typing import Callable

import pygame

from scenes.games.sovereign.cards import event_face
from scenes.table.parts import Pile, card_width
from scenes.ui import theme
from scenes.ui.resources import font, text_px
from scenes.ui.widgets import draw_text, fit_text, line_height, panel, text_width, wrap, wrap_words

# Measures of this layout that are no step of theme's scales (pixels at the base window).
EVENT_MAX_W = 340  # the latest event's box at most
PILE_CARD_MAX_W = 60  # a pile's card at most
PILE_INSET = 30  # the side column's inset for its piles


EVENT_TEXT_LEAST = 10  # px: the event card's words shrink no further to fit their box


def column_least(px: Callable[[float], int]) -> int:
    """The panel's width at least as a column: its two piles' counts side by side."""
    return 2 * (text_width("Discard 00", px(theme.TEXT_CAPTION)) + px(theme.SPACE_SNUG))


class SidePanel:
    def __init__(self, draw_pile: Pile, discard_pile: Pile) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.draw_pile = draw_pile
        self.discard_pile = discard_pile
        self.px: Callable[[float], int] = round
        self.across = False
        self.words_box = pygame.Rect(0, 0, 0, 0)  # where the supply and card-set lines go
        self.event_box = pygame.Rect(0, 0, 0, 0)  # across: where the event card goes

    def place(self, rect: pygame.Rect, px: Callable[[float], int], across: bool = False,
              event_box: pygame.Rect | None = None) -> None:
        """The panel in `rect` (a column, or a strip `across`); `px` scales base-size measures.
        Given an `event_box` (a strip whose event card stands elsewhere, at full size), the words
        have the strip's width left of the piles."""
        self.rect, self.px, self.across = rect, px, across
        if across:
            self.place_across(rect, px)
            if event_box is not None:
                self.words_box.w = rect.right - px(theme.SPACE_SMALL) - self.words_box.x
                self.event_box = event_box
            return
        pile_w = card_width(rect.w - px(PILE_INSET), rect.h, columns=2, gap=0, most=px(PILE_CARD_MAX_W))
        pile_y = rect.y + px(theme.SPACE_NARROW) + int(pile_w * theme.CARD_RATIO) // 2
        self.draw_pile.place((rect.x + rect.w // 4, pile_y), pile_w)
        self.discard_pile.place((rect.x + rect.w * 3 // 4, pile_y), pile_w)
        self.words_box = rect.inflate(-px(theme.SPACE_WIDE), 0)

    def place_across(self, rect: pygame.Rect, px: Callable[[float], int]) -> None:
        label_h = line_height(px(theme.TEXT_CAPTION))
        pile_w = card_width(rect.w // 8, rect.h - label_h - px(theme.SPACE_XLARGE), columns=1, gap=0, most=px(PILE_CARD_MAX_W))
        step = max(pile_w, text_width("Discard 00", px(theme.TEXT_CAPTION))) + px(theme.SPACE_CLOSE)
        pile_y = rect.y + px(theme.SPACE_SMALL) + int(pile_w * theme.CARD_RATIO) // 2
        left = rect.x + px(theme.SPACE_SMALL) + step // 2
        self.draw_pile.place((left, pile_y), pile_w)
        self.discard_pile.place((left + step, pile_y), pile_w)
        words_x = left + step + step // 2 + px(theme.SPACE_TIGHT)
        rest = rect.right - px(theme.SPACE_SMALL) - words_x
        self.words_box = pygame.Rect(words_x, rect.y + px(theme.SPACE_SMALL), rest * 2 // 5, rect.h - px(theme.SPACE_WIDE))
        event_w = min(rect.right - px(theme.SPACE_SMALL) - self.words_box.right - px(theme.SPACE_CLOSE), px(EVENT_MAX_W))
        self.event_box = pygame.Rect(rect.right - px(theme.SPACE_SMALL) - event_w, rect.y + px(theme.SPACE_SMALL),
                                     event_w, rect.h - px(theme.SPACE_WIDE))

    def supply_spot(self) -> tuple[int, int]:
        """Where the supply's line is, under the piles (tokens taken fly from there)."""
        if self.across:
            return self.words_box.x + self.px(theme.SPACE_SECTION), self.words_box.y + line_height(self.px(theme.TEXT_CAPTION)) // 2
        pile = self.draw_pile
        return self.rect.centerx, pile.center[1] + pile.rect.h // 2 + line_height(self.px(theme.TEXT_CAPTION)) + self.px(theme.SPACE)

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
        y = self.draw_wrapped(screen, supply, px(theme.TEXT_CAPTION), theme.INK_DIM,
                              self.words_box.y if self.across else y + px(theme.SPACE_SNUG))
        if card_set is not None:
            y = self.draw_wrapped(screen, card_set, px(theme.TEXT_CAPTION), theme.INK_DIM, y)
        box = self.event_box if self.across else pygame.Rect(self.words_box.x, y + px(theme.SPACE_SMALL), self.words_box.w,
                                                             self.rect.bottom - y - px(theme.SPACE_CLOSE))
        screen.blit(self.fitted_event(event, box), box.topleft, pygame.Rect(0, 0, box.w, box.h))

    def fitted_event(self, event: tuple[str, str], box: pygame.Rect) -> pygame.Surface:
        """The event card at the largest text size (from 14 down to EVENT_TEXT_LEAST) whose words
        all show in `box`."""
        largest = text_px(self.px(theme.TEXT_CAPTION))
        for size in range(largest, min(largest, EVENT_TEXT_LEAST) - 1, -1):
            card = event_face(*event, box.w, size)
            if card.get_height() <= box.h:
                break
        return card

    def draw_face_down_pile(self, screen: pygame.Surface, pile: Pile, count: int, label: str) -> int:
        """A face-down pile with its count under it ("Draw 46"; the number under the word where
        the pile's half of the panel is too narrow for both); returns the y below the count."""
        pile.draw_backs(screen, count)
        size, room = self.px(theme.TEXT_CAPTION), self.pile_label_room()
        lines = [f"{label} {count}"] if text_width(f"{label} {count}", size) <= room else [label, str(count)]
        y = pile.rect.bottom + self.px(theme.SPACE_TIGHT)
        for line in lines:
            y = draw_text(screen, fit_text(line, size, room), size, theme.INK, (pile.center[0], y), "midtop", box=self.rect).bottom
        return y

    def pile_label_room(self) -> int:
        """How wide a pile's count may be: half the column, or the step between the piles across."""
        if self.across:
            return self.discard_pile.center[0] - self.draw_pile.center[0] - self.px(theme.SPACE_TIGHT)
        return self.rect.w // 2 - self.px(theme.SPACE_SNUG)

    def draw_wrapped(self, screen: pygame.Surface, message: str, size: int, color, y: int, bold: bool = False) -> int:
        """`message` from `y`, wrapped to the panel's width (a bold heading is shortened to one
        line), as many lines as the panel holds; returns the y below them."""
        inner = self.words_box
        height = line_height(size, bold)
        for line in [fit_text(message, size, inner.w, bold=True)] if bold else wrap_phrases(message, size, inner.w):
            if y + height > self.rect.bottom - self.px(theme.SPACE_TIGHT):
                return y
            y = draw_text(screen, line, size, color, (inner.x, y), bold=bold, box=self.rect).bottom
        return y


def wrap_phrases(message: str, size: int, width: int) -> list[str]:
    """`message` wrapped to `width` with each number kept on the line of the word it counts
    ("19 modifier" is never broken as "19 / modifier")."""
    units: list[str] = []
    for word in message.split():
        if units and units[-1].split()[-1].isdigit():
            units[-1] += " " + word
        else:
            units.append(word)
    face = font(text_px(size))
    if any(face.size(unit)[0] > width for unit in units):
        return wrap(message, size, width)
    return wrap_words(units, face, width)
