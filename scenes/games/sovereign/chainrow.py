"""One chain's row at the Sovereign's Chain table, placed once per layout: its panel and label
line, its seven places left to right (a `SlotRow`; a stack shows the cards under its top card as
offset edges), another seat's hand as small backs at its right, and, while a card is held that
cannot go on this chain, a veil over it (the reason, in a box the table places: `draw_refusal`).
It says which place a point is on and what on it a player reads.

The rows together are a `ChainBoard`: one row a player, top to bottom in turn order from the seat
at the bottom of the table, which is last. The rows keep their places when the bottom seat changes
hands (pass and play); which chain each shows follows it."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from scenes.table.parts import Slot, SlotRow
from scenes.ui import theme
from scenes.ui.surface_cache import cached_surface
from scenes.ui.resources import drawable, font, text_px
from scenes.ui.widgets import draw_text, fit_text, line_height, note_drawn, panel, text_width, wrap, wrap_words

# Measures of this layout that are no step of theme's scales (pixels at the base window).
LABEL_W = 60  # the row's label before its cards
OFFSET_LINE = 3  # a line's offset and the label's top inset

PLACES = 7          # the places a chain is laid out for (sudden death may add more: the row carries on)
EDGES_SHOWN = 3     # at most this many cards under a stack's top show as edges
VEIL_ALPHA = 90     # how dark the veil over a chain or place a held card cannot go to
WIDTHS_KEPT = 512   # the labels' and their parts' widths kept (`bold_width`)
REFUSAL_NARROWING = 80  # each narrower shape of the refusal box is this share of the one before, in percent


@cached_surface
def veil(size: tuple[int, int]) -> pygame.Surface:
    """A see-through dark sheet: what a held card cannot go onto."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, VEIL_ALPHA))
    return sheet


def label_lines(labels: list[str], size: int, width: int, rows: int) -> list[str]:
    """A chain's label on at most `rows` lines `width` wide: the first of `labels` (longest
    first) that fits one line, else the last wrapped (cut at its end only past `rows` lines)."""
    pixels = text_px(size)
    one = next((label for label in labels if bold_width(drawable(label), pixels) <= width), None)
    if one is not None:
        return [one]
    lines = wrap_phrases(labels[-1], size, width)
    return lines if len(lines) <= rows else lines[:rows - 1] + [fit_text(" ".join(lines[rows - 1:]), size, width, bold=True)]


def wrap_phrases(label: str, size: int, width: int) -> list[str]:
    """`label` wrapped at its " \u00b7 " marks, each part kept whole where it fits a line (a
    count stays with its word, "(so far)" with the score), else broken between its words."""
    parts, pixels = label.split(" \u00b7 "), text_px(size)
    units = []
    for part in [part + " \u00b7" for part in parts[:-1]] + parts[-1:]:
        units += [part] if bold_width(part, pixels) <= width else part.split()
    if any(bold_width(unit, pixels) > width for unit in units):
        return wrap(label, size, width, bold=True)
    return wrap_words(units, font(pixels, bold=True), width)


@lru_cache(maxsize=WIDTHS_KEPT)
def bold_width(text: str, pixels: int) -> int:
    """`text`'s width in bold at `pixels` (kept: a layout weighs the same labels and their parts
    at many widths)."""
    return font(pixels, bold=True).size(text)[0]


def label_forms(labels: list[str], more: str = "", digits: int = 1) -> list[list[str]]:
    """`labels` as they are, and as they may come to read before the next layout: saying `more`
    at their end (what a label may come to say later), first with their figures as they are,
    then with each number `digits` long (the most the game's figures have), or as long as it is;
    each form once."""
    said = [label if more in label else label + more for label in labels]
    widened = [re.sub(r"\d+", lambda number: "8" * max(digits, len(number.group())), label) for label in said]
    return [form for index, form in enumerate([labels, said, widened]) if form not in [labels, said, widened][:index]]


def label_rows(labels: list[str], size: int, width: int, more: str = "", digits: int = 1) -> int:
    """The lines `label_lines` needs for `labels` in each of their `label_forms`, at most. Each
    is measured: a part too wide for a line is broken between its words, so a longer label may
    pack onto fewer lines than a shorter one, which keeps its parts whole."""
    return max(len(label_lines(shown, size, width, len(shown[-1]))) for shown in label_forms(labels, more, digits))


def break_widths(labels: list[str], size: int, more: str = "", digits: int = 1) -> set[int]:
    """The widths at which `labels`' lines may break otherwise (in any of their `label_forms`):
    each label's whole (the first that fits one line is drawn), and each run of the words of the
    last (the one wrapped where none fits), measured in bold. Between two of these the lines are
    the same."""
    face, widths = font(text_px(size), bold=True), set()
    for shown in label_forms(labels, more, digits):
        widths |= {bold_width(drawable(label), text_px(size)) for label in shown}
        words = shown[-1].split()
        widths |= {face.size(" ".join(words[start:end]))[0] for start in range(len(words)) for end in range(start + 1, len(words) + 1)}
    return widths


class ChainRow:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.places = SlotRow()
        self.backs = SlotRow()
        self.label_h = 0
        self.label_w = 0  # the label's column at the row's left, beside the cards; 0: the label over them
        self.hand_room = 0
        self.px: Callable[[float], int] = round

    def place(self, rect: pygame.Rect, card_w: int, label_h: int, hand_room: int, px: Callable[[float], int],
              label_w: int = 0) -> None:
        """The row in `rect`: the label's lines on top, then the places, spread over the width left
        of `hand_room` (kept for another seat's hand); or, given `label_w`, the label in a column
        that wide at the row's left and the places beside it. `px` scales base-size measures."""
        self.rect, self.label_h, self.label_w, self.hand_room, self.px = rect, label_h, label_w, hand_room, px
        left = rect.x + px(theme.SPACE_SMALL) + (label_w + px(theme.SPACE_SMALL) if label_w else 0)
        step = card_w + max(4, (rect.right - left - px(theme.SPACE_SMALL) - hand_room - PLACES * card_w) // PLACES)
        over = 0 if label_w else label_h
        center_y = rect.y + over + px(theme.SPACE_TIGHT) + int(card_w * theme.CARD_RATIO) // 2 + px(theme.SPACE_TIGHT)
        self.places.place(left, center_y, card_w, PLACES, step)

    def label_room(self) -> int:
        """How wide the label's lines may be: the row's width, or the column beside the cards."""
        return self.label_w or self.rect.w - self.px(theme.SPACE_WIDE)

    @property
    def card_w(self) -> int:
        return self.places.width

    def slot(self, place: int) -> Slot:
        return self.places.slot(place)

    def center(self, place: int) -> tuple[int, int]:
        return self.slot(place).center

    def pool_spot(self) -> tuple[int, int]:
        """Where the label line names the seat's pool (its tokens fly from and to there)."""
        return self.rect.x + self.px(LABEL_W), self.rect.y + self.label_h // 2

    def seat_spot(self) -> tuple[int, int]:
        """Where the seat's cards come from, at the row's left."""
        return self.rect.x + self.px(theme.SPACE_LARGE), self.rect.centery

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def place_at(self, pos, count: int) -> int | None:
        """The place under `pos` among the chain's first `count` (the leftmost where two reach),
        a few pixels around each card counting as on it."""
        reach = self.px(theme.SPACE_SNUG)
        return next((place for place in range(count)
                     if self.slot(place).rect.inflate(reach, reach).collidepoint(pos)), None)

    # -- drawing

    def draw(self, screen: pygame.Surface, labels: list[str], stacks: Sequence, active: bool, target: bool,
             hidden: set[int], lit: set[int]) -> None:
        """The panel (edged gold for the chain whose turn it is, outlined when the held card can
        go on it: a `target`), the first of `labels` (longest first) that fits (else the shortest
        wrapped onto the label's lines: `label_lines`), and each stack: its
        top card (`hidden` places show the card under the one in flight), lit when in `lit`."""
        px = self.px
        panel(screen, self.rect, color=theme.FELT_DARK, edge=theme.GOLD if active else theme.PANEL_EDGE)
        if target:
            pygame.draw.rect(screen, theme.GLOW, self.rect, 3, border_radius=10)
        size = px(theme.TEXT_SMALL)
        step = line_height(size, bold=True)
        for index, line in enumerate(label_lines(labels, size, self.label_room(), max(1, self.label_h // step))):
            draw_text(screen, line, size, theme.INK, (self.rect.x + px(theme.SPACE_SMALL), self.rect.y + px(OFFSET_LINE) + index * step),
                      bold=True, box=self.rect)
        for place, stack in enumerate(stacks):
            self.draw_stack(screen, place, stack, place in hidden)
            if place in lit:
                self.slot(place).light(screen, "close_target", px)

    def draw_stack(self, screen: pygame.Surface, place: int, stack: Sequence, top_hidden: bool = False) -> None:
        """The cards under the top as offset edges (as many as it holds, up to EDGES_SHOWN), then
        the top card (the one under it while the top is `top_hidden`, in flight), or an empty place."""
        slot = self.slot(place)
        offset = max(2, self.px(OFFSET_LINE))
        radius = max(3, self.card_w // 10)
        for depth in range(min(len(stack) - 1, EDGES_SHOWN), 0, -1):
            edge = slot.rect.move(depth * offset, depth * offset)
            pygame.draw.rect(screen, theme.CARD_EDGE, edge, border_radius=radius)
            pygame.draw.rect(screen, theme.PANEL, edge, 1, border_radius=radius)
        shown = stack[:-1] if top_hidden else stack
        slot.draw_card(screen, shown[-1] if shown else None)

    def draw_backs(self, screen: pygame.Surface, count: int) -> None:
        """Another seat's hand: its cards as small overlapping backs at the right of the row."""
        width = max(12, self.card_w * 3 // 5)
        self.backs.place(self.rect.right - self.hand_room, self.center(0)[1], width, count, self.px(theme.SPACE_NARROW),
                         room=self.hand_room - self.px(theme.SPACE_SMALL))
        for slot in self.backs:
            slot.draw_back(screen)

    def draw_veil(self, screen: pygame.Surface) -> None:
        """The held card cannot go on this chain."""
        screen.blit(veil(self.rect.size), self.rect.topleft)

    def draw_place_veils(self, screen: pygame.Surface, places) -> None:
        """The held card cannot go on these places."""
        for place in places:
            rect = self.slot(place).rect.inflate(self.px(theme.SPACE_TIGHT), self.px(theme.SPACE_TIGHT))
            screen.blit(veil(rect.size), rect.topleft)

    def label_rect(self) -> pygame.Rect:
        """Where the label's lines stand: over the cards, or in the column beside them."""
        top = self.rect.y + self.px(OFFSET_LINE)
        height = self.rect.bottom - top if self.label_w else self.label_h
        return pygame.Rect(self.rect.x + self.px(theme.SPACE_SMALL), top, self.label_room(), height)

    def read_rects(self, count: int) -> list[pygame.Rect]:
        """What a player reads on this row, a note should not hide: the label, the first `count`
        places' cards (with the edges of the cards under them) and the hand's backs."""
        edges = EDGES_SHOWN * max(2, self.px(OFFSET_LINE))
        stacks = [self.slot(place).rect for place in range(count)]
        return [self.label_rect()] + [rect.union(rect.move(edges, edges)) for rect in stacks] + [slot.rect for slot in self.backs]


def refusal_words(reason: str) -> str:
    """The engine's reason as the box says it: "Not now: …"."""
    return reason[:1].upper() + reason[1:]


def refusal_shapes(reason: str, size: int, widest: int, pad: tuple[int, int]) -> list[tuple[list[str], tuple[int, int]]]:
    """The refusal's lines wrapped to `widest` (the box's inside), then to narrower widths, a
    fifth less each time, down to its longest word's: for each count of lines the narrowest (a
    box of another shape for the felt there is), and the box's size around them (`pad`: the room
    around the lines, across and down). Fewest lines first."""
    words = refusal_words(reason)
    longest = max(text_width(word, size) for word in words.split())
    shapes, width = {}, widest
    while True:
        lines = wrap(words, size, width)
        inside_w = max(text_width(line, size) for line in lines)
        shapes[len(lines)] = (lines, (inside_w + pad[0], len(lines) * line_height(size) + pad[1]))
        if width <= longest:
            return [shapes[count] for count in sorted(shapes)]
        width = max(longest, width * REFUSAL_NARROWING // 100)


def draw_refusal(screen: pygame.Surface, box: pygame.Rect, lines: list[str], size: int) -> None:
    """Why the held card cannot go on a chain, in an alert box: its lines centred in it."""
    panel(screen, box, color=theme.ALERT_PANEL, edge=theme.ALERT)
    note_drawn(box, "refusal box")
    step = line_height(size)
    top = box.centery - len(lines) * step // 2
    for index, line in enumerate(lines):
        draw_text(screen, line, size, theme.INK, (box.centerx, top + index * step), "midtop", box=box)


class ChainBoard:
    def __init__(self, seats) -> None:
        self.seats = seats  # the table's seats: which seat is at the bottom, the others in turn order
        self.rows: list[ChainRow] = []

    def place(self, rects: list[pygame.Rect], card_w: int, label_h: int, hand_room: int,
              px: Callable[[float], int], label_w: int = 0) -> None:
        self.rows = []
        for rect in rects:
            self.rows.append(ChainRow())
            self.rows[-1].place(rect, card_w, label_h, hand_room, px, label_w)

    def row(self, chain: int) -> ChainRow:
        order = self.seats.others() + [self.seats.bottom]
        return self.rows[order.index(chain)]

    def place_at(self, pos, chains) -> tuple[int, int] | None:
        """(chain, place) of the card in play under `pos` (`chains`: the view's)."""
        for chain, stacks in enumerate(chains):
            place = self.row(chain).place_at(pos, len(stacks))
            if place is not None:
                return chain, place
        return None

    def chain_at(self, pos) -> int | None:
        """The chain whose row `pos` is on."""
        return next((chain for chain in range(len(self.rows)) if self.row(chain).hit(pos)), None)
