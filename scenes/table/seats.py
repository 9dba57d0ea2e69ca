"""The seats around the table: the viewer's at the bottom, every other seat in a box, each with
its name, its hand as backs and the game's note: the boxes stand over the move log, one under
another, where the log is shown (the board then has the table's whole height), else in a row
along the top."""

from __future__ import annotations

import pygame

from game.cards import card_count

from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_text, line_height, panel, shortest_fit, text_width

# Measures of this layout that are no step of theme's scales (pixels at the base window).
CARD_MAX_W = 44  # a seat's face-down card at most
HAND_DROP = 60  # a flight's landing below a hand's top
SEAT_MAX_W = 300  # a seat's panel at most

SHOWN_MIN_W = 30    # face-up cards in a seat's box are at least this wide, or not shown there
SHOWN_STEP = 0.72   # of a card's width: how far apart they are fanned (each card's figures show)
THINKING = "thinking\u2026"  # beside the name of a computer seat working out its move
SEAT_PANEL_H = 124  # the seats' panel along the top
SEAT_IN_COLUMN, SEAT_IN_COLUMN_LEAST = 104, 76  # (base size) a seat's box over the move log, and the least it is given
SEAT_CARD_LEAST = 12  # px: a seat's backs at least, in a box over the move log
LOG_ROOM_LEAST = 0.3  # of the column's height: the least a log under the seats is left


class Seats:
    def __init__(self, table) -> None:
        self.table = table
        self.area = pygame.Rect(0, 0, 0, 0)
        self.height = 0
        self.column: pygame.Rect | None = None

    def layout(self, area: pygame.Rect, height: int, column: pygame.Rect | None = None) -> None:
        """The row of other seats takes the top `height` pixels of `area`; or, given a `column`
        (beside the board, over the move log), the seats stand one under another in it, each
        box `height` pixels tall, and the board has the whole of `area`."""
        self.area = area
        self.height = height
        self.column = column

    def place(self, area: pygame.Rect, log: pygame.Rect | None, cards_shown: bool) -> int:
        """The seats over `log` (the move log's column), one under another: their boxes taller with
        large text, shorter when many, down to SEAT_IN_COLUMN_LEAST, tall enough for their face-up
        cards at a table that shows some (`cards_shown`), the log keeping LOG_ROOM_LEAST of the
        column; else (no log, or no room) in a row along the top of `area`. Returns the height
        taken from the log's column."""
        px, count = self.table.px, len(self.table.session.seats) - 1
        if log is not None and log.w:
            wanted = max(px(SEAT_IN_COLUMN), self.height_for(SHOWN_MIN_W if cards_shown else SEAT_CARD_LEAST))
            each = min(wanted, int(log.h * (1 - LOG_ROOM_LEAST)) // max(1, count))
            if each >= px(SEAT_IN_COLUMN_LEAST):
                self.layout(area, each, pygame.Rect(log.x + px(theme.SPACE_SNUG), log.y, log.w - px(theme.SPACE_CLOSE), each * count))
                if not cards_shown or all(self.shows_cards(seat) for seat in self.others()):
                    return each * count
        self.layout(area, px(SEAT_PANEL_H))
        return 0

    @property
    def top_strip(self) -> int:
        """The height the seats take along the top of the table's area (0 when in a column)."""
        return 0 if self.column else self.height


    @property
    def bottom(self) -> int:
        """The seat at the bottom of the table: the viewer, or the first human while no hand shows."""
        viewer = self.table.turns.viewer
        if viewer is not None:
            return viewer
        humans = self.table.session.human_seats
        return humans[0] if humans else 0

    def others(self) -> list[int]:
        """Every other seat, in turn order from the bottom seat."""
        bottom = self.bottom
        n = len(self.table.session.seats)
        return [(bottom + k) % n for k in range(1, n)]

    def box(self, seat: int) -> pygame.Rect:
        px = self.table.px
        seats = self.others()
        if self.column:
            return pygame.Rect(self.column.x,
                               self.column.y + px(theme.SPACE_SMALL) + seats.index(seat) * self.height, self.column.w,
                               self.height - px(theme.SPACE_SMALL))
        gap = px(theme.SPACE)
        width = min(px(SEAT_MAX_W), (self.area.w - gap * (len(seats) + 1)) // len(seats))
        total = len(seats) * width + (len(seats) - 1) * gap
        x = self.area.centerx - total // 2 + seats.index(seat) * (width + gap)
        return pygame.Rect(x, self.area.top + px(theme.SPACE_SMALL), width, self.height - px(theme.SPACE_SMALL))

    def center(self, seat: int) -> tuple[int, int]:
        """Where a card flies to or from a seat."""
        if seat == self.bottom:
            hand = self.table.hand
            return (self.area.centerx, hand.y + self.table.px(HAND_DROP))
        return self.box(seat).center

    def draw(self, screen, view, hidden) -> None:
        for seat in self.others():
            self.draw_seat(screen, view, seat, hidden)

    def card_width(self, seat: int) -> int:
        """How wide the cards under the seat's two lines of text are drawn."""
        px = self.table.px
        inner = self.box(seat).inflate(-px(theme.SPACE_WIDE), -px(theme.SPACE_SMALL))
        below = inner.y + line_height(px(theme.TEXT_NOTE), bold=True) + line_height(px(theme.TEXT_SMALL))
        return max(8, min(px(CARD_MAX_W), int((inner.bottom - below - px(theme.SPACE_HAIR)) / theme.CARD_RATIO)))

    def height_for(self, card_w: int) -> int:
        """The height a box needs for its two lines of text over cards `card_w` wide (see
        `card_width`): the text's lines grow with the text size."""
        px = self.table.px
        return (2 * px(theme.SPACE_SMALL) + line_height(px(theme.TEXT_NOTE), bold=True) + line_height(px(theme.TEXT_SMALL))
                + px(theme.SPACE_HAIR) + int(card_w * theme.CARD_RATIO) + 1)

    def shows_cards(self, seat: int) -> bool:
        """Whether the seat's box has room for the game's face-up cards (`TableScene.seat_shown`)."""
        return self.card_width(seat) >= SHOWN_MIN_W

    def draw_seat(self, screen, view, seat: int, hidden) -> None:
        table, px = self.table, self.table.px
        box = self.box(seat)
        active = view.current == seat and not view.game_over
        panel(screen, box, edge=theme.GOLD if active else theme.PANEL_EDGE)
        if active:
            pygame.draw.rect(screen, theme.GOLD, box, 3, border_radius=10)
        kind = "computer" if seat in table.session.computers else "human"
        inner = box.inflate(-px(theme.SPACE_WIDE), -px(theme.SPACE_SMALL))
        names = [f"{table.session.names[seat]} \u00b7 {kind}", table.session.names[seat]]
        room = inner.w - text_width(THINKING, px(theme.TEXT_SMALL), bold=True) - px(theme.SPACE_SMALL)
        # "thinking…" stands beside the name where both fit; else the name alone (the gold edge says whose turn)
        thinking = active and table.turns.thinking and text_width(names[-1], px(theme.TEXT_NOTE), bold=True) <= room
        name = shortest_fit(names, px(theme.TEXT_NOTE), room if thinking else inner.w, bold=True)
        name_rect = draw_text(screen, name, px(theme.TEXT_NOTE), theme.INK, inner.topleft, bold=True, box=box)
        if thinking:  # on the name's line, clear of the cards below
            draw_text(screen, THINKING, px(theme.TEXT_SMALL), theme.GOLD, (inner.right, name_rect.bottom),
                      "bottomright", bold=True, box=box)
        y = name_rect.bottom
        count = view.hand_counts[seat] - (1 if ("hand", seat) in hidden else 0)
        note = table.seat_note(view, seat)
        line = shortest_fit([card_count(count) + (f" \u00b7 {note}" if note else ""), note or card_count(count),
                             (note or card_count(count)).split(" (")[0]], px(theme.TEXT_SMALL), inner.w)  # its detail in brackets goes last
        y = draw_text(screen, line, px(theme.TEXT_SMALL), theme.INK_DIM, (inner.x, y), box=box).bottom
        w = self.card_width(seat)
        shown = table.seat_shown(view, seat) if self.shows_cards(seat) else []
        right = self.draw_shown(screen, shown, inner, y + px(theme.SPACE_HAIR), w) if shown else inner.right
        step = min(px(theme.SPACE_WIDE), (right - inner.x - w) // max(1, count - 1)) if count > 1 else 0
        if right - inner.x >= w:
            for i in range(count):
                screen.blit(cardart.back(w), (inner.x + i * step, y + px(theme.SPACE_HAIR)))

    def draw_shown(self, screen, cards, inner: pygame.Rect, top: int, width: int) -> int:
        """The seat's face-up cards fanned at the right of its box; returns the x left of them
        (where the backs of its hand end)."""
        step = min(int(width * SHOWN_STEP), (inner.w - width) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        left = inner.right - width - step * (len(cards) - 1)
        for i, card in enumerate(cards):
            screen.blit(cardart.face(card, width), (left + i * step, top))
        return left - self.table.px(theme.SPACE_SMALL)
