"""The line along the top of LINX's table: the stock and the discard pile, the four anchors and
the face-up scoring cards, each under its label, placed once per layout with the shared card-width
rule; it draws them (lit, veiled or, while a card flies there, empty) and says what a point is on."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.linx.rules import ANCHOR_COUNT, DISCARD, SCORING_FACE_UP, STOCK

from scenes.table.parts import Pile, Slot, SlotRow, card_width
from scenes.ui import theme
from scenes.ui.widgets import draw_text, line_height, shortest_fit, text_width

# Measures of this layout that are no step of theme's scales (pixels at the base window).
PILE_COLUMNS_W = 68  # the piles' columns beside the board


class LinxBoard:
    """`draw_pile` is the table's; `px` turns base-size measures into pixels (the table's)."""

    def __init__(self, draw_pile: Pile, px: Callable[[float], int]) -> None:
        self.px = px
        self.draw_pile = draw_pile
        self.discard_pile = Pile()
        self.piles = {STOCK: draw_pile, DISCARD: self.discard_pile}
        self.anchor_row = SlotRow()
        self.scoring_row = SlotRow()
        self.card_w = 24
        self.room_card_w = 24  # how wide the room lets the cards be, below 0 too (they are drawn 24 px wide at least)
        self.label_y = 0
        self.right = 0  # the line's right edge

    def place(self, middle: pygame.Rect, most: int, leave: int = 0, share: float = 0.55) -> int:
        """Along the top of `middle`, its cards as wide as the line fits in the width and in
        `share` of the height (leaving `leave` pixels under it at least), at most `most` (the
        card-size setting); returns the bottom of the cards."""
        gap, label = self.px(theme.SPACE_CLOSE), self.px(theme.TEXT_SMALL)
        label_h = line_height(label, bold=True)
        top_h = min(int((middle.h - gap) * share), middle.h - leave)
        pile_labels = text_width("Stock 90", label, bold=True), text_width("Discard 90", label, bold=True)
        room_w = middle.w - self.px(PILE_COLUMNS_W) - max(0, max(pile_labels) - gap)
        self.room_card_w = card_width(room_w, top_h - label_h - gap, columns=2 + ANCHOR_COUNT + SCORING_FACE_UP,
                                      gap=gap, most=most, least=-middle.h - middle.w)  # unclamped: less as the room is shorter
        self.card_w = width = max(24, self.room_card_w)
        card_h = int(width * theme.CARD_RATIO)
        self.label_y, self.right = middle.y, middle.right
        cy = middle.y + label_h + card_h // 2 + self.px(theme.SPACE_TIGHT)
        step = width + gap
        x = middle.x + self.px(theme.SPACE_LARGE) + max(width, pile_labels[0]) // 2
        self.draw_pile.place((x, cy), width)
        self.discard_pile.place((x + max(step, (sum(pile_labels) + 1) // 2 + gap), cy), width)
        anchors_left = self.discard_pile.center[0] + max(width, pile_labels[1]) // 2 + self.px(theme.SPACE_XLARGE)
        self.anchor_row.place(anchors_left, cy, width, ANCHOR_COUNT, step)
        self.scoring_row.place(anchors_left + ANCHOR_COUNT * step + self.px(theme.SPACE_XLARGE), cy, width, SCORING_FACE_UP, step)
        return cy + card_h // 2

    # -- what lies where

    def card_at(self, pos, view):
        """("anchor", card) or ("scoring", card) under `pos`, or None."""
        for kind, row, cards in (("anchor", self.anchor_row, view.anchors), ("scoring", self.scoring_row, view.scoring_up)):
            index = row.index_at(pos)
            if index is not None and index < len(cards):
                return kind, cards[index]
        return None

    def slot_of(self, kind: str, thing, view) -> Slot:
        """The place of a pile ("pile", its source), an anchor or a face-up scoring card."""
        if kind == "pile":
            return self.piles[thing]
        if kind == "anchor":
            return self.anchor_row[view.anchors.index(thing)]
        return self.scoring_row[view.scoring_up.index(thing)]

    # -- drawing

    def draw(self, screen: pygame.Surface, view, hidden, lit_anchors, lit_claims, veiled) -> None:
        self.draw_piles(screen, view, hidden)
        self.draw_row(screen, "Anchors", view.anchors, self.anchor_row, hidden, "anchor", lit_anchors,
                      right=self.scoring_row[0].rect.left - self.px(theme.SPACE_SMALL))
        self.draw_row(screen, f"Scoring cards \u00b7 {view.scoring_left} left", view.scoring_up, self.scoring_row,
                      hidden, "scoring", lit_claims, veiled, right=self.right - self.px(theme.SPACE_SMALL))

    def draw_piles(self, screen: pygame.Surface, view, hidden) -> None:
        size = self.px(theme.TEXT_SMALL)
        draw_text(screen, f"Stock {view.draw_pile_count}", size, theme.INK, (self.draw_pile.center[0], self.label_y),
                  "midtop", bold=True)
        draw_text(screen, f"Discard {view.discard_count}", size, theme.INK, (self.discard_pile.center[0], self.label_y),
                  "midtop", bold=True)
        self.draw_pile.draw_backs(screen, view.draw_pile_count)
        self.discard_pile.draw_top(screen, view.discard_top if ("discard",) not in hidden else None)

    def draw_row(self, screen: pygame.Surface, label: str, cards, slots: Sequence[Slot], hidden, kind: str, lit,
                 veiled=(), right: int = 0) -> None:
        """Face-up cards in `slots` under their label (shortened to the room up to `right`, or
        the row's width): `lit` cards glow (of two equal cards, the first), `veiled` ones are
        shaded, `hidden` ones (in flight) leave an empty place."""
        room = max(right, slots[-1].rect.right) - slots[0].rect.left
        label = shortest_fit([label, label.split(" \u00b7 ")[0], label.split()[0]], self.px(theme.TEXT_SMALL), room, bold=True)
        draw_text(screen, label, self.px(theme.TEXT_SMALL), theme.INK, (slots[0].rect.left, self.label_y), bold=True)
        lit = list(lit)
        for card, slot in zip(cards, slots):
            if (kind, card) in hidden:
                slot.draw_card(screen, None)
                continue
            if card in lit:
                lit.remove(card)
                slot.draw_glow(screen)
            slot.draw_card(screen, card, card in veiled)
