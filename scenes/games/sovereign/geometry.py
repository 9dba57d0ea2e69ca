"""The Sovereign's Chain table's geometry, placed once per layout: the hand and its buttons
along the bottom with the pool beside them, the prompt over them, the side panel (piles, supply,
event) in a column right of the rows, or over the move log where large text leaves the chains'
labels no line of their own beside it; the chain rows share what is left, one a player, one
under another, or two side by side where that leaves their cards wider (three or four players
with large text: the rows have width to spare and too little height). The hand yields to the
rows (`yielding_hand_width`). Mixed into `SovereignTable`, whose state it lays
out."""

from __future__ import annotations

from functools import partial

import pygame

from scenes.games.sovereign.chainrow import label_rows
from scenes.games.sovereign.side import column_least
from scenes.table.parts import card_width, yielding_hand_width
from scenes.table.seats import LOG_ROOM_LEAST
from scenes.ui import theme
from scenes.ui.widgets import line_height

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_COLUMN_W = 150  # the buttons' column right of the hand
BUTTON_H = 50
BUTTON_STEP = 58  # a turn button's height and the gap under it
BUTTON_W = 130  # a turn button
HAND_CARD_W = 92  # a hand card's width at most
HAND_LIFT = 22  # the hand above the area's bottom
POOL_GAP = 28  # between the chains and the pool
SIDE_WIDTH = 200  # the column of the deck, the supply and the event (base size)
ROW_CARD = 128  # a row's cards at most (base size, normal cards): a large window's rows grow this far


class TableGeometry:
    def layout(self, size) -> None:
        lay_out = partial(self.layout_with_hand, size)
        lay_out(yielding_hand_width(self.px(HAND_CARD_W), self.card_px(HAND_CARD_W), lay_out, self.rows_most()))

    def rows_most(self) -> int:  # the rows' cards at most, at the Normal card size
        return self.px(ROW_CARD)

    def layout_with_hand(self, size, card_w: int) -> int:
        """The rows' cards as large as the rows' height allows; the move log has the width left.
        Returns the rows' card width."""
        self.place(self.layout_frame(size), card_w)
        rows_w = 8 * self.row_card_width(10**6) + 7 * 4 + self.px(theme.SPACE_XLARGE)  # 8 cards, 7 gaps (see row_card_width)
        self.place(self.layout_frame(size, self.area.w - self.middle.w + rows_w * self.row_columns), card_w)
        return self.row_card_width(self.row_width() - self.px(theme.SPACE_XLARGE), least=0)  # however small: the hand yields to rows squeezed to their least

    def place(self, area: pygame.Rect, card_w: int) -> None:
        """The table in `area`, the hand's cards `card_w` wide."""
        self.area = area
        self.row_columns = 1
        self.seats.layout(area, 0)
        bx = area.right - self.px(BUTTON_COLUMN_W)
        self.keep_prompt_rows(bx - area.x - self.px(POOL_GAP))  # the prompt's width (`prompt_width`)
        hand_y = area.bottom - int(card_w * theme.CARD_RATIO) - self.px(HAND_LIFT)
        self.prompt_y = hand_y - self.hand.raise_room() - line_height(self.px(theme.TEXT_SMALL)) - self.prompt_line.height(1)
        self.button_slots = [pygame.Rect(bx, hand_y + self.px(theme.SPACE_SMALL) + i * self.px(BUTTON_STEP), self.px(BUTTON_W), self.px(BUTTON_H))
                             for i in range(2)]
        self.hand.layout(area.x, bx - self.px(theme.SPACE_LARGE), hand_y, card_w)
        self.pool.place(pygame.Rect(bx, self.prompt_y, self.px(BUTTON_W), hand_y + self.px(theme.SPACE_TIGHT) - self.prompt_y), self.px(theme.SPACE_LARGE),
                        self.px(theme.SPACE_SMALL))
        side_w = max(self.px(SIDE_WIDTH), column_least(self.px))
        side = pygame.Rect(area.right - side_w - self.px(theme.SPACE_SMALL), area.y + self.px(theme.SPACE_SMALL), side_w,
                           self.prompt_y + self.prompt_line.height(1) - self.prompt_line.height() - area.y - self.px(theme.SPACE_WIDE))
        self.middle = pygame.Rect(area.x + self.px(theme.SPACE_SMALL), side.y,
                                  side.x - area.x - self.px(theme.SPACE_WIDE), side.h)
        self.label_h = self.chain_label_h()
        if self.label_h > line_height(self.px(theme.TEXT_SMALL), bold=True) and self.side_over_log():
            side = self.log_column.inflate(-self.px(theme.SPACE_CLOSE), -self.px(theme.SPACE_CLOSE))
            side.h = int(self.log_column.h * (1 - LOG_ROOM_LEAST))
            self.log_rect = pygame.Rect(self.log_column.x, side.bottom, self.log_column.w, self.log_column.bottom - side.bottom)
            self.middle.w = area.right - self.px(theme.SPACE_SMALL) - self.middle.x
        self.arrange_rows()
        self.side.place(side, self.px)
        self.chain_w = self.chain_width()
        self.board.place(self.row_rects(), self.chain_w, self.label_h, self.hand_room(), self.px)

    def side_over_log(self) -> bool:
        """The side panel may stand over the move log (where large text leaves the chains' labels
        no line of their own beside it): the log is shown, as wide as the panel needs."""
        return self.lesson is None and self.log_column.w - self.px(theme.SPACE_CLOSE) >= column_least(self.px)

    def arrange_rows(self) -> None:
        """The rows one under another, or two side by side where their cards come out wider
        (their labels wrap onto more lines in the narrower rows)."""
        widths = {}
        for columns in (1, 2) if len(self.session.seats) > 2 else (1,):
            self.row_columns = columns
            self.label_h = self.chain_label_h()
            widths[columns] = (self.chain_width(), self.label_h)
        self.row_columns = max(widths, key=lambda columns: widths[columns][0])
        self.label_h = widths[self.row_columns][1]

    def rows_down(self) -> int:
        """How many rows stand one under another."""
        return -(-len(self.session.seats) // self.row_columns)

    def row_width(self) -> int:
        return (self.middle.w - self.px(theme.SPACE_SMALL) * (self.row_columns - 1)) // self.row_columns

    def chain_label_h(self) -> int:
        """The label over each chain: the lines the longest may wrap onto across its row."""
        view, size, room = self.current_view(), self.px(theme.TEXT_SMALL), self.row_width() - self.px(theme.SPACE_WIDE)
        rows = max(label_rows(self.chain_labels(view, chain), size, room, self.label_more) for chain in range(len(self.session.seats)))
        return rows * line_height(size, bold=True)

    def row_rects(self) -> list[pygame.Rect]:
        """One row a player, left to right then top to bottom (a last row alone on its line
        takes the board's whole width)."""
        row_h, row_w, gap = self.middle.h // self.rows_down(), self.row_width(), self.px(theme.SPACE_SMALL)
        count = len(self.session.seats)
        rects = []
        for index in range(count):
            line, column = divmod(index, self.row_columns)
            alone = index == count - 1 and column == 0
            rects.append(pygame.Rect(self.middle.x + column * (row_w + gap), self.middle.y + line * row_h,
                                     self.middle.w if alone else row_w, row_h - self.px(theme.SPACE_SNUG)))
        return rects

    def chain_width(self) -> int:
        return self.row_card_width(self.row_width() - self.px(theme.SPACE_XLARGE))

    def row_card_width(self, room_w: int, least: int = 16) -> int:
        """A row's 7 places and its hand (an 8th card) across `room_w`, a card under its label line
        (`least` at least)."""
        row_h = self.middle.h // self.rows_down()
        return card_width(room_w, row_h - self.label_h - self.px(theme.SPACE), columns=8, gap=4, most=self.card_px(ROW_CARD), least=least)

    def hand_room(self) -> int:
        """The width kept at the right of each row for that seat's hand, as backs."""
        return self.chain_w + self.px(theme.SPACE_SMALL)
