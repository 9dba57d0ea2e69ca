"""LINX's table geometry, placed once per layout: the other seats over the move log (or along the
top), the board's line along the top of the middle with the chain row under it, the hand and its
buttons along the bottom; the hand yields to the chain row (`yielding_hand_width`). Mixed into
`LinxTable`, whose state it lays out."""

from __future__ import annotations

from functools import partial

import pygame

from scenes.games.linx.builder import READABLE_CARD_W
from scenes.table.parts import yielding_hand_width
from scenes.table.prompt import PROMPT_ROWS
from scenes.table.table import HAND_CARD_W
from scenes.ui import theme
from scenes.ui.widgets import line_height

BOARD_CARD_W = 112  # a board card at the normal card size
# Of the board's card width at the card-size setting: the least the seats' row along the top may
# leave the board (under it the seats stand over the move log without their scoring cards).
ROW_LEAVES_BOARD = 0.4
LINE_SHARE = 0.55  # of the middle's height: the board's line at most, the chain row below it having the rest
CHAIN_CARD_LEAST = 24  # px: the chain row's cards at least (the board's line leaves the row room for them)


class LinxGeometry:
    prompt_rows_most = None  # the lines the prompt may keep at most (`layout`), else as many as its longest words need

    def layout(self, size) -> None:
        """The table laid out; where the prompt's lines (three or more, at large text) leave the
        board's cards under READABLE_CARD_W, the prompt keeps PROMPT_ROWS lines and the board the
        height (the turn's words have a wording that fits them: `turn_prompt`; a longer passing
        remark shows in a shorter wording, or without its bracketed details: `PromptLine`)."""
        self.prompt_rows_most = None
        self.lay_out_seats(size)
        if self.board.card_w < READABLE_CARD_W and self.prompt_line.rows > PROMPT_ROWS:
            self.prompt_rows_most = PROMPT_ROWS
            self.lay_out_seats(size)

    def keep_prompt_rows(self, width: int) -> None:
        super().keep_prompt_rows(width)
        if self.prompt_rows_most is not None:
            self.prompt_line.rows = min(self.prompt_line.rows, self.prompt_rows_most)

    def lay_out_seats(self, size) -> None:
        """The other seats show their scoring cards in their boxes over the move log where the
        boxes have room for them, else in a row along the top; but where that row leaves the
        board's cards under ROW_LEAVES_BOARD of their chosen width (many seats, large text), the seats
        stand over the log without their cards (their notes list the points), leaving the board
        and the chain row the table's whole height."""
        self.seat_cards_shown = True
        self.lay_out_hand(size)
        if self.seats.column is not None or self.board.card_w >= self.card_px(BOARD_CARD_W) * ROW_LEAVES_BOARD:
            return
        self.seat_cards_shown = False
        self.lay_out_hand(size)
        if self.seats.column is None:
            self.seat_cards_shown = True
            self.lay_out_hand(size)

    def lay_out_hand(self, size) -> None:
        """The hand as large as the card-size setting asks, unless the chain row's cards would
        then be smaller than beside a hand of normal size (`yielding_hand_width`)."""
        lay_out = partial(self.place, size)
        lay_out(yielding_hand_width(self.px(HAND_CARD_W), self.card_px(HAND_CARD_W), lay_out, self.px(HAND_CARD_W)))

    def place(self, size, hand_w: int) -> int:
        """The table with the hand's cards `hand_w` wide; returns how wide the chain row's room
        would let its cards be (they are drawn no wider than the hand's), or the board's where
        they are narrower and unreadable (READABLE_CARD_W) or the chain's status lies beside its
        cards (the largest text: the hand gives way to both rows), or in a replay the board's
        cards' width."""
        middle = self.layout_seats(self.layout_frame(size), hand_width=hand_w)
        row_gap = self.px(theme.SPACE) + self.px(theme.SPACE_CLOSE)
        card_bottom = self.board.place(middle, self.card_px(BOARD_CARD_W), *self.chain_row_room(middle, row_gap))
        row_top = card_bottom + row_gap  # the chain row takes all the height the cards leave
        fitting = self.builder.place(pygame.Rect(middle.x + self.px(theme.SPACE_CLOSE), row_top, middle.w - self.px(theme.SPACE_XLARGE),
                                                 middle.bottom - row_top), self.hand.width)
        top = self.builder.rect.bottom + self.px(theme.SPACE_SNUG)
        self.own_claims = pygame.Rect(self.draw_pile_button.rect.x, top, self.draw_pile_button.rect.w,
                                      self.draw_pile_button.rect.y - self.px(theme.SPACE_SNUG) - top)
        if self.watching:
            return self.board.room_card_w
        return min(fitting, self.board.room_card_w) if self.builder.beside or self.board.room_card_w < READABLE_CARD_W else fitting

    def chain_row_room(self, middle: pygame.Rect, row_gap: int) -> tuple[int, float]:
        """The height the board's line leaves under it for the chain row, and the share of the
        middle's height the line may take at most. Where the height is short, the line and the
        chain row share it: cards alike in both (the links' lines kept for cards that wide:
        wider ones need no more); where the words under the chain's cards would leave them under
        READABLE_CARD_W (the largest text), its status lies beside them, the row as tall as the
        cards and their links or the status, whichever is taller. In a replay or a review the chain row stays empty (a chain
        laid flies from it; the review frames it where the Hard computer would lay a chain): a
        strip under the line, which takes the rest."""
        close = self.px(theme.SPACE_CLOSE)
        if self.watching:
            return self.px(theme.SPACE_SMALL) + row_gap, 1.0
        shared = middle.h - line_height(self.px(theme.TEXT_SMALL), bold=True) - self.px(theme.SPACE_TIGHT) - row_gap - 3 * close
        words, alike = self.chain_words(middle.w, shared, beside=False)
        row = words + int(alike * theme.CARD_RATIO)
        if alike < READABLE_CARD_W:  # the status beside the chain's cards (as tall as it, at least)
            beside_words, beside = self.chain_words(middle.w, shared, beside=True)
            beside_row = max(beside_words + int(beside * theme.CARD_RATIO), self.builder.status_h())
            if beside_row < row:
                row = beside_row
        return row + 2 * close + row_gap, LINE_SHARE

    def chain_words(self, width: int, shared: int, beside: bool) -> tuple[int, float]:
        """The height the chain row's words take, the row `width` wide (the status under its cards
        or `beside` them), and how wide cards alike in the line and the row may be in the height
        `shared` between them and those words."""
        alike = (shared - self.builder.words_h(width, beside=beside)) / (2 * theme.CARD_RATIO)
        words = self.builder.words_h(width, int(max(CHAIN_CARD_LEAST, alike)), beside=beside)
        return words, max(CHAIN_CARD_LEAST, (shared - words) / (2 * theme.CARD_RATIO))
