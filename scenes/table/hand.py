"""The bottom seat's hand: held in the game's order, raised under the pointer, picked up by a
press and either dropped where the game takes it or flown back home."""

from __future__ import annotations

import pygame

from game.cards import card_count

from scenes.ui import cardart, theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import draw_text, line_height, text_width

CLICK_SLOP = 6
FAN_LEAST_WIDTH = 44  # (base size) a long hand's cards narrow to show every corner, down to this
FAN_CORNER_GAP = 3  # (base size) felt between a card's corner and the next card over it
RAISE_HOVER, RAISE_PICKED = 10, 22  # (base size) how far a hand card rises under the pointer, and when picked


def card_rect(center, width: int) -> pygame.Rect:
    w, h = cardart.card_size(width)
    return pygame.Rect(center[0] - w // 2, center[1] - h // 2, w, h)


def standard_order(card):
    """Playing cards as a player holds them: by rank, then suit."""
    return card.rank, "SHDC".index(card.suit)


class Hand:
    def __init__(self, table, order=standard_order) -> None:
        self.table = table
        self.order = order
        self.width = 0
        self.y = 0
        self.left = self.right = 0
        self.drag: dict | None = None
        self.selected = None
        self.hover = None
        self.fresh: frozenset = frozenset()  # just came into the hand: marked
        self._fan = None  # (what it was worked out for, (width, centres)): the last fan laid out

    def layout(self, left: int, right: int, y: int, width: int) -> None:
        """Cards `width` wide between `left` and `right`, their tops at `y`."""
        self.left, self.right, self.y, self.width = left, right, y, width

    @property
    def height(self) -> int:
        return int(self.width * theme.CARD_RATIO)

    def cards(self, view) -> list:
        """The cards held, less those the table has put down for a move not yet made."""
        aside = self.table.set_aside()
        return sorted((card for card in view.hand if card not in aside), key=self.order)

    def centers(self, count: int, width: int | None = None) -> list[tuple[int, int]]:
        """Where `count` cards `width` wide (the layout's width) lie, left to right, a little apart
        or overlapping as far as the room asks, their bottoms on the hand's line."""
        if count == 0:
            return []
        w, px = width or self.width, self.table.px
        room = self.right - self.left - px(theme.SPACE_LARGE)
        step = min(w + px(theme.SPACE_SMALL), (room - w) // max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        x0 = self.left + px(theme.SPACE_LARGE) + max(0, (room - total) // 2) + w // 2
        y = self.y + self.height - int(w * theme.CARD_RATIO) // 2
        return [(x0 + i * step, y) for i in range(count)]

    def fan(self, cards: list) -> tuple[int, list[tuple[int, int]]]:
        """The width the held `cards` are drawn at and their centres: each card leaves the value
        and the symbol in the corner of the one before it uncovered, at the layout's width if the
        room allows, else on cards as much narrower as it takes (down to FAN_LEAST_WIDTH)."""
        key = (tuple(cards), self.left, self.right, self.y, self.width, self.fresh, self.new_tag_size())  # the tag grows with the text
        if self._fan is None or self._fan[0] != key:
            width, room, least = self.width, self.right - self.left - self.table.px(theme.SPACE_LARGE), self.table.px(FAN_LEAST_WIDTH)
            while width > least and width + (len(cards) - 1) * self.corner_step(cards, width) > room:
                width -= max(1, width // 24)
            width = max(width, min(self.width, least))
            self._fan = key, (width, self.centers(len(cards), width))
        return self._fan[1]

    def corner_step(self, cards: list, width: int) -> int:
        """How far apart cards `width` wide may lie and still show each one's value and symbol (and
        the "new" tag of a card just come into the hand)."""
        reach = max((box.right for card in cards for box in cardart.corner_boxes(card, width)), default=width)
        if self.fresh.intersection(cards):
            reach = max(reach, self.table.px(theme.SPACE_HAIR) + self.new_tag_size()[0])
        return reach + self.table.px(FAN_CORNER_GAP)

    def card_width(self, view) -> int:
        """The width the viewer's hand cards are drawn at now."""
        return self.fan(self.cards(view))[0]

    def card_center(self, view, card) -> tuple[int, int]:
        cards = self.cards(view)
        return self.fan(cards)[1][cards.index(card)]

    def raise_room(self) -> int:
        """The height over the hand a picked card rises into: the hand's label stands above it."""
        return self.table.px(RAISE_PICKED) + self.table.px(theme.SPACE_HAIR)

    def raised(self, card, center):
        px = self.table.px
        lift = px(RAISE_PICKED) if card == self.selected else (px(RAISE_HOVER) if card == self.hover else 0)
        return (center[0], center[1] - lift)

    def card_at(self, pos, view):
        """(card, centre) of the hand card under `pos`, or None."""
        cards = self.cards(view)
        width, centers = self.fan(cards)
        for card, center in reversed(list(zip(cards, centers))):
            if card_rect(self.raised(card, center), width).collidepoint(pos):
                return card, center
        return None

    # -- dragging

    @property
    def dragged(self):
        return self.drag["card"] if self.drag else None

    def pick_up(self, card, center, pos) -> None:
        self.drag = {"card": card, "offset": (center[0] - pos[0], center[1] - pos[1]), "pos": pos,
                     "start": pos, "home": center}

    def move(self, pos, view) -> None:
        if self.drag:
            self.drag["pos"] = pos
        else:
            hit = self.card_at(pos, view) if view.seat is not None else None
            self.hover = hit[0] if hit else None

    def drag_center(self) -> tuple[int, int]:
        pos, offset = self.drag["pos"], self.drag["offset"]
        return (pos[0] + offset[0], pos[1] + offset[1])

    def release(self, pos) -> None:
        """Let go: a click if it barely moved, else a drop the game may refuse (then it flies home)."""
        drag, self.drag = self.drag, None
        if not drag:
            return
        card = drag["card"]
        if abs(pos[0] - drag["start"][0]) + abs(pos[1] - drag["start"][1]) <= CLICK_SLOP:
            self.table.click_card(card)
            return
        drop = (pos[0] + drag["offset"][0], pos[1] + drag["offset"][1])
        self.hover = None
        if not self.table.drop(card, drop, pos):
            self.table.motion.add(Flight(card, True, drop, drag["home"], hides=(("hand-card", card),), duration=0.2))

    # -- drawing

    def draw(self, screen, view, hidden, seat: int) -> None:
        table, px = self.table, self.table.px
        name = table.session.names[seat]
        note = table.seat_note(view, seat)
        label_pos = (self.left + px(theme.SPACE_LARGE), self.y - self.raise_room())
        if view.seat is None:
            count = view.hand_counts[seat] - (1 if ("hand", seat) in hidden else 0)
            for center in self.centers(count):
                screen.blit(cardart.back(self.width), card_rect(center, self.width))
            draw_text(screen, f"{name}: {card_count(count)} (hidden)  {note}", px(theme.TEXT_SMALL), theme.INK_DIM,
                      label_pos, "bottomleft")
            return
        if note:
            draw_text(screen, f"{name}  {note}", px(theme.TEXT_SMALL), theme.INK_DIM, label_pos, "bottomleft")
        cards = self.cards(view)
        away = {spot[1] for spot in hidden if spot[0] == "hand-card"} | {self.dragged} | table.set_aside()
        greyed = self.greyed(cards)
        width, centers = self.fan(cards)
        shown_w = [b[0] - a[0] for a, b in zip(centers, centers[1:])] + [width]  # of each card, what the next leaves uncovered
        for card, center, uncovered in zip(cards, centers, shown_w):
            if card in away:
                continue
            center = self.raised(card, center)
            if card == self.selected:
                halo = cardart.glow(width)
                screen.blit(halo, halo.get_rect(center=center))
            image = cardart.face(card, width)
            if card in greyed:
                image = cardart.dimmed(image)
            screen.blit(image, card_rect(center, width))
            if card in self.fresh:
                self.draw_new_tag(screen, card_rect(center, width), min(width, uncovered))

    def greyed(self, cards) -> set:
        """Those of `cards` drawn drained of colour: the ones that cannot be played, while the
        table greys them (`greys_unusable`)."""
        table = self.table
        if not table.greys_unusable(cards):
            return set()
        return {card for card in cards if not table.card_usable(card)}

    def draw_new_tag(self, screen, rect: pygame.Rect, uncovered: int) -> None:
        """"new" on a card just come into the hand: a gold tag at the card's bottom-left, inside
        the card (above it, it ran into the hand's label; at its top, it hid the card's value).
        Where the next card leaves less than the word's width of it `uncovered` (large text in a
        long hand), the tag is a gold strip without the word."""
        px, size = self.table.px, self.table.px(theme.TEXT_FINE)
        tag = pygame.Rect((0, 0), self.new_tag_size())
        worded = tag.w + px(theme.SPACE_HAIR) <= uncovered
        tag.w = tag.w if worded else max(1, uncovered - 2 * px(theme.SPACE_HAIR))
        tag.bottomleft = (rect.left + px(theme.SPACE_HAIR), rect.bottom - px(theme.SPACE_HAIR))
        pygame.draw.rect(screen, theme.NEW_TAG, tag, border_radius=px(theme.SPACE_TIGHT))
        if worded:
            draw_text(screen, "new", size, theme.NEW_TAG_INK, tag.center, "center", bold=True, box=rect)

    def new_tag_size(self) -> tuple[int, int]:
        size = self.table.px(theme.TEXT_FINE)
        return text_width("new", size, bold=True) + self.table.px(theme.SPACE_SMALL), line_height(size, bold=True)

    def draw_dragged(self, screen) -> None:
        if self.drag:
            card = self.drag["card"]
            image = cardart.back(self.width) if self.table.lands_face_down(card) else cardart.face(card, self.width)
            screen.blit(image, image.get_rect(center=self.drag_center()))
