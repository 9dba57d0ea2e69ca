"""Parts a table is assembled from, each placed once per layout: it knows where it lies, draws
itself and says whether a point is on it, so that a table neither repeats drawing code nor sums
pixels to find what was clicked.

- `Slot`: one place a card lies in (or an empty place): drawn face up, face down or empty, lit as
  a legal target, the chosen target or the last move.
- `Pile`: a slot holding a pile (a draw pile, a discard pile), with its thickness and a label.
- `SlotRow`: slots side by side, squeezed to the room they are given; says which slot a point is on.
- `Focus`: the keyboard cursor over rows of things on the table (Up/Down a row, Left/Right along it),
  which may hold the thing under it and move it along its row.
- `Delegated`: a table's own name for what one of its parts keeps.
- `card_width`: the one layout rule: the widest card that fits a room, `columns` by `rows`.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from scenes.table.hand import card_rect
from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_text, fit_text

STACKED_BACKS = 4  # at most this many backs show a face-down pile's thickness
LIGHTS = {  # how a slot is lit: (colour, line width at 100% scale, how far outside the card)
    "target": (theme.GLOW, 3, 6),   # a legal place for the card or token in hand
    "close_target": (theme.GLOW, 3, 3),  # the same among cards laid close together (a chain's places)
    "last": (theme.GOLD, 3, 8),     # another seat's last move
    "cursor": (theme.GLOW, 4, 4),   # the keyboard cursor on a place of the table
}


def card_width(room_w: int, room_h: int, columns: int, gap: int, rows: int = 1, most: int | None = None,
               least: int = 16) -> int:
    """The widest card such that `columns` cards side by side (with `gap` between them) fit in
    `room_w` and `rows` rows of them in `room_h`; at most `most`, never under `least`."""
    by_width = (room_w - gap * (columns - 1)) // max(1, columns)
    by_height = int((room_h - gap * (rows - 1)) / max(1, rows) / theme.CARD_RATIO)
    widest = min(by_width, by_height) if most is None else min(by_width, by_height, most)
    return max(least, widest)


def yielding_hand_width(normal: int, chosen: int, rows_card_width, rows_most: int) -> int:
    """The hand's card width: `chosen` (the card-size setting's), unless the room it takes leaves
    the rows' cards smaller than a hand of `normal` width would; then the widest, down to
    `normal`, whose cards are no wider than the rows' then are, and leave the rows' cards as wide
    as at the Normal setting (`rows_most` is their most there): where the room is short the hand
    and the board share what the larger setting adds. `rows_card_width(hand_w)` lays the table out
    with that hand and says how wide the rows' cards come out (found by bisection: a few layouts)."""
    board = rows_card_width(normal)
    kept = min(board, rows_most)

    def fits(width: int) -> bool:
        rows = rows_card_width(width)
        return rows >= board or kept <= rows >= width

    if chosen <= normal or fits(chosen):
        return chosen
    low, high = normal, chosen
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


class Slot:
    """One place a card lies in: its centre and the width its card is drawn at."""

    def __init__(self, center: tuple[int, int] = (0, 0), width: int = 1) -> None:
        self.place(center, width)

    def place(self, center: tuple[int, int], width: int) -> None:
        self.center = (int(center[0]), int(center[1]))
        self.width = max(1, int(width))

    @property
    def rect(self) -> pygame.Rect:
        return card_rect(self.center, self.width)

    def raised(self, by: int) -> "Slot":
        """The same place `by` pixels higher: where a card lifted to be moved is drawn."""
        return Slot((self.center[0], self.center[1] - by), self.width)

    def hit(self, pos, margin: int = 0) -> bool:
        return self.rect.inflate(2 * margin, 2 * margin).collidepoint(pos)

    def draw_card(self, screen: pygame.Surface, card, veiled: bool = False) -> None:
        """The card face up (veiled when it cannot be used now), or an empty place for None."""
        if card is None:
            cardart.empty_slot(screen, self.rect)
            return
        screen.blit(cardart.face(card, self.width), self.rect)
        if veiled:
            screen.blit(cardart.shade(self.width), self.rect)

    def draw_back(self, screen: pygame.Surface) -> None:
        screen.blit(cardart.back(self.width), self.rect)

    def draw_glow(self, screen: pygame.Surface) -> None:
        """A soft halo behind the card (drawn before it): a place a dragged card may go."""
        halo = cardart.glow(self.width)
        screen.blit(halo, halo.get_rect(center=self.center))

    def light(self, screen: pygame.Surface, how: str, scale: Callable[[float], int] = round) -> None:
        """A frame around the card (drawn after it): `how` is "chosen" or one of LIGHTS; `scale` turns the
        base-size widths into pixels (the table's `px`). The chosen move is the one table-wide
        mark of a picked target (`cardart.chosen_frame`)."""
        if how == "chosen":
            cardart.chosen_frame(screen, self.rect, max(2, scale(3)))
            return
        color, line, outside = LIGHTS[how]
        pygame.draw.rect(screen, color, self.rect.inflate(2 * scale(outside), 2 * scale(outside)),
                         max(2, scale(line)), border_radius=8)


class Pile(Slot):
    """A pile of cards on the table (a draw pile, a discard pile)."""

    def draw_backs(self, screen: pygame.Surface, count: int, stacked: bool = False) -> None:
        """Face down: one back, or (`stacked`) a few offset backs, more as the pile holds more
        (one for every ten cards, up to STACKED_BACKS); an empty slot when it holds none."""
        if not count:
            cardart.empty_slot(screen, self.rect)
            return
        offsets = range(min(STACKED_BACKS, (count + 9) // 10), 0, -1) if stacked else (0,)
        x, y = self.center
        for k in offsets:
            screen.blit(cardart.back(self.width), card_rect((x + k * 2, y - k * 2), self.width))

    def draw_top(self, screen: pygame.Surface, card) -> None:
        """Face up: its top card, or an empty slot when there is none."""
        self.draw_card(screen, card)

    def draw_label(self, screen: pygame.Surface, text: str, size: int, gap: int, bold: bool = False,
                   fit: int | None = None, box: pygame.Rect | None = None) -> int:
        """`text` centred under the pile, `gap` below it (cut to `fit` pixels when given, kept
        inside `box`); returns the y just below the text."""
        if fit is not None:
            text = fit_text(text, size, fit)
        return draw_text(screen, text, size, theme.INK, (self.center[0], self.rect.bottom + gap), "midtop",
                         bold=bold, box=box).bottom


class SlotRow:
    """Slots side by side on one line, left to right: `step` apart, closer (overlapping) when the
    row would not fit its room."""

    def __init__(self) -> None:
        self.slots: list[Slot] = []
        self.width = 1
        self.first = (0, 0)  # the centre of the first slot
        self.step = 1

    def place(self, left: int, center_y: int, width: int, count: int, step: int, room: int | None = None) -> None:
        """`count` slots of `width` from `left`; their step shrinks so that the row spans at most
        `room` pixels."""
        if room is not None and count > 1:
            step = min(step, max(1, (room - width) // (count - 1)))
        self.width = width
        self.first = (left + width // 2, center_y)
        self.step = step
        self.slots = [Slot((left + width // 2 + i * step, center_y), width) for i in range(count)]

    def end_at(self, right: int) -> None:
        """The placed row moved sideways so that its last slot ends at `right` (a fan kept to the
        right edge of its room)."""
        shift = right - self.rect.right
        self.first = (self.first[0] + shift, self.first[1])
        for slot in self.slots:
            slot.place((slot.center[0] + shift, slot.center[1]), slot.width)

    def slot(self, index: int) -> Slot:
        """Slot `index`, also past the last one: the row's spacing carried on (a row that outgrows
        the places it was laid out for, such as a chain longer than seven cards)."""
        if 0 <= index < len(self.slots):
            return self.slots[index]
        return Slot((self.first[0] + index * self.step, self.first[1]), self.width)

    def __len__(self) -> int:
        return len(self.slots)

    def __getitem__(self, index: int) -> Slot:
        return self.slots[index]

    def __iter__(self):
        return iter(self.slots)

    @property
    def rect(self) -> pygame.Rect:
        """What the row covers (an empty rectangle for no slots)."""
        if not self.slots:
            return pygame.Rect(0, 0, 0, 0)
        return self.slots[0].rect.union(self.slots[-1].rect)

    def index_at(self, pos, margin: int = 0) -> int | None:
        """The slot under `pos`: the topmost (rightmost) one where slots overlap."""
        for index in range(len(self.slots) - 1, -1, -1):
            if self.slots[index].hit(pos, margin):
                return index
        return None

    def draw_cards(self, screen: pygame.Surface, cards: Sequence, veiled: Callable[[object], bool] = lambda c: False) -> None:
        """One card a slot (None: an empty place), left to right."""
        for slot, card in zip(self.slots, cards):
            slot.draw_card(screen, card, card is not None and veiled(card))


class Focus:
    """The keyboard cursor over rows of things on the table: `rows()` says which rows are open now,
    top to bottom, and what each holds (a name and a list); Up/Down go between rows, Left/Right
    along one. The cursor is off (None) until a key moves it, and whenever its row closes.

    While `holding`, Left/Right move the thing under the cursor along its row instead: `shift(thing,
    step)` moves it there (returning whether it could) and the cursor follows; Up/Down put it down."""

    def __init__(self, rows: Callable[[], list[tuple[str, list]]],
                 shift: Callable[[object, int], bool] | None = None) -> None:
        self.rows = rows
        self.shift = shift
        self.row: str | None = None
        self.spot = 0
        self.holding = False

    def clear(self) -> None:
        self.row, self.spot, self.holding = None, 0, False

    def open_rows(self) -> list[str]:
        """The names of the rows the cursor may visit now, top to bottom."""
        return [name for name, items in self.rows() if items]

    def items(self, row: str) -> list:
        return dict(self.rows()).get(row, [])

    def current(self):
        """What the cursor is on, or None."""
        items = self.items(self.row) if self.row is not None else []
        if not items:
            return None
        self.spot = min(max(self.spot, 0), len(items) - 1)
        return items[self.spot]

    def along(self, step: int, start_row: str | None = None) -> None:
        """Left/Right: the next thing in the row, wrapping; an idle cursor starts in `start_row`
        (or the first open row)."""
        open_rows = self.open_rows()
        if not open_rows:
            return
        if self.current() is None:
            self.enter(start_row if start_row in open_rows else open_rows[0], step)
        elif self.holding:
            self.move_held(step)
        else:
            self.spot = (self.spot + step) % len(self.items(self.row))

    def move_held(self, step: int) -> None:
        """The held thing one place along its row, when its row lets it go there."""
        if self.shift is not None and self.shift(self.current(), step):
            self.spot += step

    def across(self, step: int, start_row: str | None = None) -> None:
        """Up/Down: the open row above or below (staying at the top or bottom row); an idle cursor
        starts in `start_row` (or the last open row)."""
        open_rows = self.open_rows()
        if not open_rows:
            return
        self.holding = False
        if self.current() is None:
            self.enter(start_row if start_row in open_rows else open_rows[-1], 1)
            return
        index = open_rows.index(self.row) + step if self.row in open_rows else 0
        self.enter(open_rows[min(max(index, 0), len(open_rows) - 1)], 1)

    def follow(self, row: str, item) -> None:
        """The cursor onto `item` in `row`, or off when the row does not hold it: for a table
        whose cursor is its pick, which a click or a hint makes as well as the keys."""
        items = self.items(row)
        if item is not None and item in items:
            self.row, self.spot = row, items.index(item)
        else:
            self.clear()

    def enter(self, row: str, step: int) -> None:
        """Into `row`: at its first thing going right or down, its last going left."""
        if row != self.row:
            self.spot = 0 if step > 0 else len(self.items(row)) - 1
        self.row = row


class Delegated:
    """A table's own name for an attribute (or a method) that one of its parts keeps: read and set
    on the table, it is read and set on the part, so that the table answers for what its part does.
    `Delegated("focus")` names the part's attribute of the same name; `Delegated("builder",
    "cards")` another one."""

    def __init__(self, part: str, name: str | None = None) -> None:
        self.part = part
        self.name = name

    def __set_name__(self, owner, name: str) -> None:
        self.name = self.name or name

    def __get__(self, table, owner=None):
        if table is None:
            return self
        return getattr(getattr(table, self.part), self.name)

    def __set__(self, table, value) -> None:
        setattr(getattr(table, self.part), self.name, value)
