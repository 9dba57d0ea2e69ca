"""The Sovereign's Chain table's geometry, placed once per layout: the hand and its buttons
along the bottom with the pool beside them, the prompt over them, the side panel (piles, supply,
event) in a column right of the rows, or over the move log where large text leaves the chains'
labels no line of their own beside it; the chain rows share what is left, one a player, one
under another, or two side by side where that leaves their cards wider (large text, the rows
short of height with width to spare: three or four players, or two in a review's short table),
each chain's label over its cards or, with large text, in a column beside them, whichever leaves
the cards wider. The hand yields to the rows (`yielding_hand_width`). Mixed into
`SovereignTable`, whose state it lays out."""

from __future__ import annotations

from functools import partial

import pygame

from scenes.games.sovereign.chainrow import OFFSET_LINE, break_widths, label_rows
from scenes.games.sovereign.side import column_least
from scenes.table.parts import card_width, yielding_hand_width
from scenes.table.seats import LOG_ROOM_LEAST
from scenes.ui import resources, theme
from scenes.ui.resources import text_px
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
LABELS_KEPT = 256  # the label measures a table keeps (`label_rows`)
BREAK_GRAIN = 4  # the widths a narrower column for the labels is looked for at are this many pixels apart (a power of 2)
ROW_CARD_LEAST = 16  # a row's cards at least: rows squeezed under it leave the hand Normal
ROW_CARD = 128  # a row's cards at most (base size, normal cards): a large window's rows grow this far
ROW_CARDS, ROW_GAP = 8, 4  # a row's 7 places and the seat's hand (an 8th card), and the gap between them


class TableGeometry:
    def layout(self, size) -> None:
        view = self.current_view()
        self.labels_laid = tuple(tuple(self.chain_labels(view, chain)) for chain in range(len(self.session.seats)))
        self.hand_label_kept = view.seat is None or any(self.seat_note(view, seat) for seat in range(view.players))
        lay_out = partial(self.layout_with_hand, size)
        normal, chosen = self.px(HAND_CARD_W), self.card_px(HAND_CARD_W)
        width = yielding_hand_width(normal, chosen, lay_out, self.rows_most())
        if width > normal:
            rows, rows_then = lay_out(normal), lay_out(width)
            if rows_then < min(rows, self.rows_most()) or rows < ROW_CARD_LEAST:
                width = normal  # the rows' labels wrap by steps: a larger hand found by halving may leave them smaller
            elif width < chosen:
                width = max(normal, min(width, rows_then))  # a hand that gave way is no wider than the rows' cards
        lay_out(width)

    def rows_most(self) -> int:  # the rows' cards at most, at the Normal card size
        return self.px(ROW_CARD)

    def layout_with_hand(self, size, card_w: int) -> int:
        """The rows' cards as large as the rows' height allows; the move log has the width left.
        Returns the rows' card width."""
        self.place(self.layout_frame(size), card_w)
        as_set = self.rows_room()  # the log as set: measured here, not placed again
        rows_w = self.rows_wanted_w()
        boards = [self.area.w - self.middle.w + rows_w]  # the rows and the side panel beside them
        if resources.text_scale > 1:  # large text: also the log as set, and the rows alone (the log as wide as the panel over it needs)
            boards += [None, min(rows_w + self.px(theme.SPACE_WIDE), size[0] - column_least(self.px) - self.px(theme.SPACE_CLOSE))]
        widths = []
        for board_w in boards:
            if board_w is not None:
                self.place(self.layout_frame(size, board_w), card_w)
            widths.append(as_set if board_w is None else self.rows_room())
        best = boards[widths.index(max(widths))]
        if best != boards[-1]:
            self.place(self.layout_frame(size, best), card_w)
        return self.row_card_width(self.row_width() - self.px(theme.SPACE_XLARGE), least=0)  # however small: the hand yields to rows squeezed to their least

    def rows_wanted_w(self) -> int:
        """The rows' width where their cards are as large as the rows' height allows (and their
        labels' columns, beside the cards, as wide as now)."""
        cards = ROW_CARDS * self.row_card_width(10**6) + (ROW_CARDS - 1) * ROW_GAP + self.px(theme.SPACE_XLARGE)
        return (cards + (self.label_w + self.px(theme.SPACE_SMALL) if self.label_w else 0)) * self.row_columns

    def place(self, area: pygame.Rect, card_w: int) -> None:
        """The table in `area`, the hand's cards `card_w` wide: the side panel right of the rows,
        or, with large text, over the move log where the rows' cards come out wider so."""
        self.area = area
        self.seats.layout(area, 0)
        side = self.place_rows(area, card_w, over_log=False)
        if resources.text_scale > 1 and self.side_over_log():
            beside_w = self.rows_room()
            over = self.place_rows(area, card_w, over_log=True)
            side = over if self.rows_room() > beside_w else self.place_rows(area, card_w, over_log=False)
        self.side.place(side, self.px)
        self.board.place(self.row_rects(), self.chain_w, self.label_h, self.hand_room(), self.px, self.label_w)

    def place_rows(self, area: pygame.Rect, card_w: int, over_log: bool) -> pygame.Rect:
        """The hand, the prompt and the rows, with the side panel beside them or `over_log` (the
        pool then beside the hand: `place_bottom`); returns the side panel's place."""
        self.place_bottom(area, card_w, pool_by_hand=over_log)
        top = area.y + self.px(theme.SPACE_SMALL)
        bottom = self.prompt_y + self.prompt_line.height(1) - self.prompt_line.height() - self.px(theme.SPACE_WIDE) + self.px(theme.SPACE_SMALL)
        self.log_rect = self.log_column
        if over_log:
            side = self.log_column.inflate(-self.px(theme.SPACE_CLOSE), -self.px(theme.SPACE_CLOSE))
            side.h = int(self.log_column.h * (1 - LOG_ROOM_LEAST))
            self.log_rect = pygame.Rect(self.log_column.x, side.bottom, self.log_column.w, self.log_column.bottom - side.bottom)
            right = area.right - self.px(theme.SPACE_SMALL)
        else:
            side_w = max(self.px(SIDE_WIDTH), column_least(self.px))
            side = pygame.Rect(area.right - side_w - self.px(theme.SPACE_SMALL), top, side_w, bottom - top)
            right = side.x - self.px(theme.SPACE_SMALL)
        self.middle = pygame.Rect(area.x + self.px(theme.SPACE_SMALL), top, right - area.x - self.px(theme.SPACE_SMALL), bottom - top)
        self.arrange_rows()
        self.chain_w = self.chain_width()
        return side

    def place_bottom(self, area: pygame.Rect, card_w: int, pool_by_hand: bool) -> None:
        """The hand, its buttons at its right and the prompt over them; the pool over the
        buttons, right of the prompt's last line, or, `pool_by_hand`, between the hand and the
        buttons, the prompt then as wide as the table (fewer lines kept for it, where large text
        leaves the rows little height)."""
        bx = area.right - self.px(BUTTON_COLUMN_W)
        self.prompt_right = area.right - self.px(theme.SPACE_SMALL) if pool_by_hand else bx
        self.keep_prompt_rows(self.prompt_right - area.x - self.px(POOL_GAP))  # the prompt's width (`prompt_width`)
        card_h = int(card_w * theme.CARD_RATIO)
        hand_y = area.bottom - card_h - self.px(HAND_LIFT)
        self.prompt_y = hand_y - self.hand.raise_room() - self.hand_label_h() - self.prompt_line.height(1)
        self.button_slots = [pygame.Rect(bx, hand_y + self.px(theme.SPACE_SMALL) + i * self.px(BUTTON_STEP), self.px(BUTTON_W), self.px(BUTTON_H))
                             for i in range(2)]
        if pool_by_hand:
            pool = pygame.Rect(bx - self.px(BUTTON_W) - self.px(theme.SPACE_LARGE), hand_y, self.px(BUTTON_W), card_h)
        else:
            pool = pygame.Rect(bx, self.prompt_y, self.px(BUTTON_W), hand_y + self.px(theme.SPACE_TIGHT) - self.prompt_y)
        self.pool.place(pool, self.px(theme.SPACE_LARGE), self.px(theme.SPACE_SMALL))
        self.hand.layout(area.x, (pool.x if pool_by_hand else bx) - self.px(theme.SPACE_LARGE), hand_y, card_w)

    def hand_label_h(self) -> int:
        """The line over the hand for its label, kept only where one is written (an onlooker's:
        whose hand, how many cards; a seat's note, which this table writes none of): with large
        text an empty line took the rows a third of a card's height."""
        return line_height(self.px(theme.TEXT_SMALL)) if self.hand_label_kept else 0

    def side_over_log(self) -> bool:
        """The side panel may stand over the move log (where large text leaves the chains' labels
        no line of their own beside it): the log is shown, as wide as the panel needs."""
        return self.lesson is None and self.log_column.w - self.px(theme.SPACE_CLOSE) >= column_least(self.px)

    def arrange_rows(self) -> None:
        """The rows one under another, or two side by side; each row's label over its cards, or,
        with large text, in a column beside them (a row short of height with width to spare: the
        label then takes as many lines as the row's height holds, not one more over the cards):
        whichever leaves the cards widest (the narrower rows wrap their labels onto more lines)."""
        widths = {}
        several = len(self.session.seats) > 1
        for columns in (1, 2) if several else (1,):
            self.row_columns = columns
            for label_w in (0, self.label_beside_w()) if several and resources.text_scale > 1 else (0,):
                self.label_w = label_w
                self.label_h = self.chain_label_h()
                widths[columns, label_w] = (self.rows_room(), self.label_h)
        best = max(widths, key=lambda arrangement: widths[arrangement][0])
        self.row_columns, self.label_w = best
        self.label_h = widths[best][1]

    def label_beside_w(self) -> int:
        """The label's column beside the cards: the width the row leaves right of the widest
        cards (as wide as the row's height allows, at most) beside which the label still fits the
        lines that height holds; 0 where it fits beside no cards."""
        size, row_h = self.px(theme.TEXT_SMALL), self.middle.h // self.rows_down()
        lines_most = (row_h - self.px(theme.SPACE_SNUG) - self.px(OFFSET_LINE)) // line_height(size, bold=True)
        needed = self.label_least_w(lines_most)
        room = self.row_width() - self.px(theme.SPACE_XLARGE) - self.px(theme.SPACE_SMALL) - (ROW_CARDS - 1) * ROW_GAP
        by_height = int((row_h - self.px(theme.SPACE)) / theme.CARD_RATIO)
        card_w = min(by_height, self.card_px(ROW_CARD), (room - needed) // ROW_CARDS) if needed else 0
        if card_w <= 0:
            return 0
        # the cards' leftover width to the label, else the label as narrow as it fits (wrapping by parts may take a line more wider)
        return next((width for width in (room - ROW_CARDS * card_w, needed) if self.label_lines(width) <= lines_most), 0)

    def label_least_w(self, lines: int) -> int:
        """The narrowest column the chains' labels fit in on `lines` lines (0: none, however
        wide): found by halving, kept for the layout's labels (a layout asks it for a few heights
        of row, many times)."""
        key = (self.labels_laid, text_px(self.px(theme.TEXT_SMALL)), lines)
        if key not in self.label_least_seen:
            low, high = 0, self.app.size[0]
            if lines < 1 or self.label_lines(high) > lines:
                high = 0
            while high - low > 1:
                middle = (low + high) // 2
                low, high = (middle, high) if self.label_lines(middle) > lines else (low, middle)
            high = self.narrower_fit(high, lines) if high and lines > 1 else high  # one line: a label fits it from its width on
            if len(self.label_least_seen) >= LABELS_KEPT:
                self.label_least_seen.clear()
            self.label_least_seen[key] = high
        return self.label_least_seen[key]

    def narrower_fit(self, width: int, lines: int) -> int:
        """The narrowest column under `width` the labels fit in on `lines` lines, among the widths
        at which their lines break otherwise (`break_widths`, the widest of each few pixels);
        `width` where none is. Wrapping by parts keeps a part whole where it fits a line and
        breaks it between its words where not, so a narrower column may hold the labels on as few
        lines as a wider one, which halving misses (three rows' cards at 1280x800 were left 63 px
        so, beside 75 px). Looked for down to where the labels take two lines more."""
        best = width
        for candidate in sorted((w for w in self.label_breaks() if w < width), reverse=True):
            taken = self.label_lines(candidate)
            if taken <= lines:
                best = candidate
            elif taken > lines + 1:
                break
        return best

    def label_breaks(self) -> list[int]:
        """The layout's labels' `break_widths`, the widest of each BREAK_GRAIN pixels (kept: the
        same labels are looked at for a few heights of row, many times a layout)."""
        size = self.px(theme.TEXT_SMALL)
        key = (self.labels_laid, text_px(size))
        if self.breaks_seen[0] != key:
            widths = set().union(*(break_widths(list(labels), size, self.label_more, self.figure_digits) for labels in self.labels_laid))
            self.breaks_seen = (key, sorted({width | (BREAK_GRAIN - 1) for width in widths}))
        return self.breaks_seen[1]

    def label_rows(self, labels: tuple[str, ...], size: int, room: int) -> int:
        """`chainrow.label_rows`, kept: a layout weighs the same labels at a few widths, many times."""
        key = (labels, size, room, text_px(size))
        if key not in self.label_rows_seen:
            if len(self.label_rows_seen) >= LABELS_KEPT:
                self.label_rows_seen.clear()
            self.label_rows_seen[key] = label_rows(list(labels), size, room, self.label_more, self.figure_digits)
        return self.label_rows_seen[key]

    def rows_down(self) -> int:
        """How many rows stand one under another."""
        return -(-len(self.session.seats) // self.row_columns)

    def row_width(self) -> int:
        return (self.middle.w - self.px(theme.SPACE_SMALL) * (self.row_columns - 1)) // self.row_columns

    def chain_label_h(self) -> int:
        """The label of each chain, over its row or in the column beside its cards: the lines the
        longest may wrap onto."""
        return self.label_lines(self.label_w or self.row_width() - self.px(theme.SPACE_WIDE)) * line_height(self.px(theme.TEXT_SMALL), bold=True)

    def label_lines(self, room: int) -> int:
        """The lines the longest of the chains' labels (as laid out: `labels_laid`) wraps onto `room` wide."""
        size = self.px(theme.TEXT_SMALL)
        return max(self.label_rows(labels, size, room) for labels in self.labels_laid)

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

    def rows_room(self) -> int:
        """The rows' cards as wide as they would be were there no least, below nothing too (how
        layouts compare, however squeezed)."""
        return self.row_card_width(self.row_width() - self.px(theme.SPACE_XLARGE), least=-10**6)

    def chain_width(self) -> int:
        return self.row_card_width(self.row_width() - self.px(theme.SPACE_XLARGE))

    def row_card_width(self, room_w: int, least: int = 16) -> int:
        """A row's 7 places and its hand (an 8th card) across `room_w`, a card under its label's
        lines or right of its column (`least` at least)."""
        row_h, over = self.middle.h // self.rows_down(), 0 if self.label_w else self.label_h
        if self.label_w:
            room_w -= self.label_w + self.px(theme.SPACE_SMALL)
        return card_width(room_w, row_h - over - self.px(theme.SPACE), columns=ROW_CARDS, gap=ROW_GAP, most=self.card_px(ROW_CARD), least=least)

    def hand_room(self) -> int:
        """The width kept at the right of each row for that seat's hand, as backs."""
        return self.chain_w + self.px(theme.SPACE_SMALL)
