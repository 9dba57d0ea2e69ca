"""LINX's chain row, with its Lay and Cancel buttons: the chain the viewer builds before laying it
(a start anchor, hand cards in order, an end anchor) and the scoring card it would claim. It says what the chain lacks, shows
each link lit green with what it shares or red with why not, and turns into the move that lays
it once it is whole; the table hands it the anchors, the cards and the claims the player picks,
by mouse or by keyboard."""

from __future__ import annotations

from typing import Callable

import pygame

from game.linx.cards import DECK, LinxCard, ScoringCard
from game.linx.rules import LayChain

from scenes.games.linx.links import LabelRoom, Link, label_links
from scenes.table.parts import SlotRow
from scenes.ui import theme
from scenes.ui.resources import text_px
from scenes.ui.widgets import Button, draw_lines, draw_text, fit_text, line_height, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_MIN_H = 34  # Lay and Cancel at least
BUTTON_MIN_W = 90
SLOT_GAP = 18  # between the builder's slots, beyond a card's width
READABLE_CARD_W = 40  # px: the chain's cards at least, before its status goes beside them (large text in a short row)
BESIDE_SHARE = 0.6  # of the words' width: the status's column beside the cards, where it goes there

LINK_OK, LINK_BAD = (90, 220, 120), (255, 135, 125)
CHAIN_KEYS = ("Keys: Up/Down a row \u00b7 Left/Right a card \u00b7 Enter adds, picks or lifts \u00b7 Delete takes "
              "out \u00b7 L lays \u00b7 C cancels \u00b7 H hint")
HOW_TO_BUILD = "Chain row: click a start anchor, drag hand cards here in order, then click the end anchor."
IDLE_WORDS = "Your chain is built here on your turn, once you have drawn: start anchor, cards, end anchor"


def link_words(a: LinxCard, b: LinxCard) -> tuple[bool, str]:
    """Whether two neighbours link, and what they share (or that they share nothing)."""
    if a.number == b.number:
        return True, f"both {a.number}"
    if a.symbol == b.symbol:
        return True, f"both {DECK.symbols[a.symbol].name}"
    return False, "no number or symbol shared"


LINK_ROWS = 3  # the most lines a chain's links take under its cards
LONGEST_CHAIN = 15  # the longest chain foreseen (a symbol's every number): the row keeps the link lines its cards, that close, need
# The longest words under a chain, its status then what is wrong or short: the row keeps the
# lines they wrap onto (two at least).
LONG_STATUS = ("Length 12 \u00b7 claims 12+ for 150 (click a scoring card to change)",
               "Length 12 (with both anchors) \u00b7 2 broken links: drag a card out or reorder")
LONG_REASON = ("One card short: 15 Leaf would make a chain of 13 (for 150)", "15 Leaf to 13 Moon: no number or symbol shared")


class ChainBuilder:
    """The chain being built and the chain row it is drawn in. `offered()` gives the face-up
    scoring cards now; `px` turns base-size measures into pixels (the table's); `lay` and `cancel`
    are what its buttons do."""

    def __init__(self, offered: Callable[[], tuple[ScoringCard, ...]], px: Callable[[float], int],
                 lay: Callable[[], None], cancel: Callable[[], None]) -> None:
        self.offered = offered
        self.px = px
        self.lay_button = Button("Lay", lay, color=theme.BUTTON_GO)
        self.cancel_button = Button("Cancel", cancel, color=theme.BUTTON_QUIET)
        self.start: LinxCard | None = None
        self.built: list[LinxCard] = []
        self.end: LinxCard | None = None
        self.claim: ScoringCard | None = None
        self.short_note = ""                  # after a hint: the card the hand is one card short for
        self.rect = pygame.Rect(0, 0, 0, 0)   # the chain row
        self.card_w = 24
        self.words_right = 0                  # where its words end (the Lay button's left edge)
        self.words_rows = 2                   # the lines kept for them
        self.link_rows = LINK_ROWS            # the lines kept for the links' words
        self.beside = False                   # the status lies beside the cards (`place`), not under them
        self.slots = SlotRow()
        self._labels: tuple = (None, [])      # the links' words as last placed: (what they were placed for, the labels)

    # -- where it lies

    def place(self, rect: pygame.Rect, widest_card: int) -> int:
        """The chain row in `rect`, Lay and Cancel at its right (one over the other, or side by
        side where the row is too short for that); its cards as tall as the words under them
        (links, status, reason, on the lines they wrap onto) leave room for, never wider than
        `widest_card`. Returns the width the row's room allows (however wide `widest_card`)."""
        px = self.px
        button_h = max(px(BUTTON_MIN_H), self.lay_button.needed(px(theme.TEXT_NOTE))[1])
        button_w = max(px(BUTTON_MIN_W), self.cancel_button.needed(px(theme.TEXT_NOTE))[0])
        self.lay_button.rect = pygame.Rect(rect.right - button_w - px(theme.SPACE_SMALL),
                                           rect.y + px(theme.SPACE_SNUG), button_w, button_h)
        if rect.h >= 2 * button_h + 3 * px(theme.SPACE_SNUG):
            self.cancel_button.rect = self.lay_button.rect.move(0, button_h + px(theme.SPACE_SNUG))
        else:
            self.cancel_button.rect = self.lay_button.rect.move(-button_w - px(theme.SPACE_SNUG), 0)
        self.rect, self.words_right = rect, min(self.lay_button.rect.x, self.cancel_button.rect.x)
        self.beside = False
        fitting = self.fitting_with_words(rect, widest_card)
        if fitting < READABLE_CARD_W:
            self.beside = True
            beside = self.fitting_with_words(rect, widest_card)
            if beside <= fitting or self.status_h() > rect.h - self.px(theme.SPACE_CLOSE):
                self.beside = False
                fitting = self.fitting_with_words(rect, widest_card)
            else:
                fitting = beside
        self.card_w = max(24, min(widest_card, fitting))
        return fitting

    def fitting_with_words(self, rect: pygame.Rect, widest_card: int) -> int:
        """How wide the row's cards may be over their words, with every link line kept, then with
        those their cards need (the status under or beside them, as `beside` says)."""
        fitting = self.fitting(rect, self.words_h(beside=self.beside))
        return self.fitting(rect, self.words_h(card_w=max(24, min(widest_card, fitting)), beside=self.beside))

    def fitting(self, rect: pygame.Rect, below: int) -> int:
        """How wide the row's cards may be in `rect` over words `below` pixels tall."""
        return min(rect.w, int((rect.h - below - self.px(theme.SPACE_CLOSE)) / theme.CARD_RATIO))

    def words_h(self, width: int | None = None, card_w: int | None = None, beside: bool = False) -> int:
        """The height the words under the chain take (the links' lines, then the status and
        reason wrapped, unless they lie `beside` the cards), the row `width` wide (as placed,
        unless told): as many link lines as the longest chain foreseen needs with its cards
        `card_w` wide or wider (all LINK_ROWS unless told), since wider cards leave their links'
        words more room."""
        px = self.px
        button_w = max(px(BUTTON_MIN_W), self.cancel_button.needed(px(theme.TEXT_NOTE))[0])
        text_w = self.text_width() if width is None else width - 2 * button_w - px(theme.SPACE_SECTION)  # the buttons side by side, at worst
        status_w = self.beside_width(text_w) if beside else text_w
        self.words_rows = sum(max(len(wrap(words, px(theme.TEXT_FINE), status_w)) for words in longest) for longest in (LONG_STATUS, LONG_REASON))
        cards_room = text_w - status_w - px(theme.SPACE_LARGE) if beside else text_w
        self.link_rows = LINK_ROWS if card_w is None else self.link_lines(cards_room, card_w)
        links = self.link_rows * line_height(px(theme.TEXT_FINE), bold=True) + px(theme.SPACE_TIGHT)
        return links if beside else links + self.status_h()

    def status_h(self) -> int:
        """The height of the lines kept for the status and the reason."""
        return self.words_rows * line_height(self.px(theme.TEXT_FINE))

    def beside_width(self, text_w: int) -> int:
        """How wide the status's column beside the cards is, of the words' width `text_w`."""
        return int(text_w * BESIDE_SHARE)

    def status_left(self) -> int:
        """Where the status's lines begin: under the cards, or in their column beside them."""
        left = self.rect.x + self.px(theme.SPACE_CLOSE)
        return left + self.text_width() - self.beside_width(self.text_width()) if self.beside else left

    def status_width(self) -> int:
        return self.beside_width(self.text_width()) if self.beside else self.text_width()

    def link_lines(self, room: int, card_w: int) -> int:
        """The lines the widest link's words take under LONGEST_CHAIN cards `card_w` wide laid in
        `room` (closer together where they would not fit it): the links take them in turn."""
        step = min(card_w + self.px(SLOT_GAP), max(1, (room - card_w) // (LONGEST_CHAIN - 1)))
        size = self.px(theme.TEXT_FINE)
        widest = max(text_width(f"\u2713 {words}", size, bold=True)
                     for words in [symbol.name for symbol in DECK.symbols.values()] + [str(max(card.number for card in DECK.playing))])
        return next((rows for rows in range(1, LINK_ROWS) if widest <= rows * step - self.px(theme.SPACE_TIGHT)), LINK_ROWS)

    def text_width(self) -> int:
        """How wide the words under the chain may be: to the buttons."""
        return self.words_right - self.rect.x - self.px(theme.SPACE_CLOSE) - self.px(theme.SPACE_SMALL)

    def handle(self, event) -> bool:
        """Lay or Cancel pressed."""
        return self.lay_button.handle(event) or self.cancel_button.handle(event)

    def placed(self, count: int | None = None) -> SlotRow:
        """The places of the chain's cards (or of `count` cards), left to right, closer together
        when they would reach the words' right edge."""
        count = len(self.cards()) if count is None else count
        left = self.rect.x + self.px(theme.SPACE_CLOSE)
        center_y = self.rect.y + self.px(theme.SPACE_SNUG) + int(self.card_w * theme.CARD_RATIO) // 2
        right = self.status_left() - self.px(theme.SPACE_LARGE) if self.beside else self.words_right - self.px(theme.SPACE_XLARGE)
        self.slots.place(left, center_y, self.card_w, count, self.card_w + self.px(SLOT_GAP), room=right - self.rect.x)
        return self.slots

    def insert_index_at(self, x: int) -> int:
        """Where among the chain's hand cards a card let go at `x` goes."""
        offset = 1 if self.start is not None else 0
        built_slots = self.placed()[offset:offset + len(self.built)]
        return sum(1 for slot in built_slots if slot.center[0] < x)

    def take_card_at(self, pos):
        """The chain's hand card under `pos`, taken out of the chain, and where it lay; or None."""
        for card, slot in zip(self.cards(), self.placed()):
            if card in self.built and slot.hit(pos):
                self.remove(card)
                return card, slot.center
        return None

    # -- the chain

    def cards(self) -> list[LinxCard]:
        return [c for c in (self.start, *self.built, self.end) if c is not None]

    def whole(self) -> bool:
        """Both anchors picked and a hand card between them."""
        return self.start is not None and self.end is not None and bool(self.built)

    def claimable(self) -> list[ScoringCard]:
        """The face-up scoring cards the chain as built may take, best first."""
        if not self.whole():
            return []
        length = len(self.built) + 2
        cards = [s for s in self.offered() if s.length <= length]
        return sorted(cards, key=lambda s: (-s.points, s.length))

    def out_of_reach(self, view) -> set:
        """The face-up scoring cards a whole chain is too short for."""
        if not self.whole():
            return set()
        return set(view.scoring_up) - set(self.claimable())

    def rechoose_claim(self) -> None:
        """The best claim is preselected; a claim the player picked stays while the chain allows it."""
        cards = self.claimable()
        if self.claim not in cards:
            self.claim = cards[0] if cards else None

    def action(self) -> LayChain | None:
        """The move that lays the chain, once it is whole and claims a card."""
        if not self.whole() or self.claim is None:
            return None
        return LayChain(self.start, tuple(self.built), self.end, self.claim)

    def clear(self) -> None:
        self.start = self.end = self.claim = None
        self.built = []
        self.short_note = ""

    def show(self, start: LinxCard, cards, end: LinxCard, claim: ScoringCard) -> None:
        """A whole chain put in the row at once (a hint's)."""
        self.start, self.built, self.end, self.claim = start, list(cards), end, claim

    def pick_anchor(self, anchor: LinxCard) -> bool:
        """An anchor becomes the start (returns True), else the end; a picked one leaves the chain."""
        started = False
        if anchor == self.start:
            self.start = None
        elif anchor == self.end:
            self.end = None
        elif self.start is None:
            self.start, started = anchor, True
        else:
            self.end = anchor
        self.rechoose_claim()
        return started

    def add(self, card: LinxCard, index: int | None = None) -> bool:
        """A hand card into the chain, at `index` among its hand cards (last by default); a card
        already there moves."""
        if card in self.built:
            self.built.remove(card)
        self.built.insert(len(self.built) if index is None else index, card)
        self.rechoose_claim()
        return True

    def remove(self, card: LinxCard) -> None:
        self.built.remove(card)
        self.rechoose_claim()

    def take_out(self, card: LinxCard) -> None:
        """A chain card leaves the chain: a hand card back to the hand, an anchor off the chain."""
        if card in self.built:
            self.remove(card)
        else:
            self.pick_anchor(card)

    def shift(self, card, step: int) -> bool:
        """A hand card of the chain one place along it (never past an anchor); whether it moved."""
        if card not in self.built:
            return False
        i = self.built.index(card)
        if not 0 <= i + step < len(self.built):
            return False
        self.built[i], self.built[i + step] = self.built[i + step], card
        return True

    def choose_claim(self, scoring: ScoringCard) -> str:
        """The card the chain claims; or why it cannot claim that one."""
        if scoring not in self.claimable():
            return f"the {scoring.label} card needs a chain of {scoring.length} or more"
        self.claim = scoring
        return ""

    def status(self, view) -> str:
        """The chain's length and what it claims, or what it still needs."""
        cards = self.cards()
        length = len(cards) + (0 if self.end is not None else 1) + (0 if self.start is not None else 1)
        need = view.min_length
        broken = sum(1 for a, b in zip(cards, cards[1:]) if not link_words(a, b)[0])
        if broken:
            claim = f"{broken} broken link{'s' if broken > 1 else ''}: drag a card out or reorder"
        elif self.claim:
            claim = f"claims {self.claim.label} (click a scoring card to change)"
        else:
            claim = f"needs {need} or more to claim" if need else "no scoring cards"
        ends = "" if self.start is not None and self.end is not None else " (with both anchors)"
        return f"Length {length}{ends} \u00b7 {claim}"

    # -- what the keyboard cursor says over the chain's cards, the anchors and the claims

    def card_words(self, card: LinxCard, holding: bool) -> str:
        if card not in self.built:
            return f"{card.label} (anchor): Enter or Delete takes it off the chain"
        if holding:
            return f"Left/Right move {card.label} along the chain; Enter puts it down"
        return f"{card.label}: Enter lifts it to move it; Delete returns it to your hand; L lays the chain"

    def anchor_words(self, anchor: LinxCard) -> str:
        if anchor in (self.start, self.end):
            return f"{anchor.label}: Enter takes it off the chain"
        return f"Enter makes {anchor.label} the {'start' if self.start is None else 'end'} anchor"

    def claim_words(self, scoring: ScoringCard) -> str:
        if scoring in self.claimable():
            return f"Enter claims the {scoring.label} card"
        return f"The {scoring.label} card needs a chain of {scoring.length} or more"

    # -- drawing

    def draw(self, screen: pygame.Surface, view, laying: bool, held: LinxCard | None) -> None:
        """The chain row: its cards joined by links (green with what they share, red with why
        not; `held` lifted), the length and claim under them (or beside: `place`); when empty, how to build a chain."""
        cards = self.cards()
        small = self.px(theme.TEXT_FINE)
        text_left = self.rect.x + self.px(theme.SPACE_CLOSE)
        text_w = self.text_width()
        if not cards:
            if laying:
                self.draw_help(screen, small, text_left, text_w)
            elif len(wrap(IDLE_WORDS, self.px(theme.TEXT_BODY), text_w)) * line_height(self.px(theme.TEXT_BODY)) <= self.rect.h:  # where the row has room for them
                lines = wrap(IDLE_WORDS, self.px(theme.TEXT_BODY), text_w)
                draw_lines(screen, lines, self.px(theme.TEXT_BODY), theme.INK_DIM, (self.rect.centerx, self.rect.centery
                           - len(lines) * line_height(self.px(theme.TEXT_BODY)) // 2), "midtop")
            return
        slots = self.placed()
        card_bottom = slots[0].center[1] + int(self.card_w * theme.CARD_RATIO) // 2
        status = self.status_lines(view, self.broken_reasons(cards))
        top = self.rect.y + self.px(theme.SPACE_SNUG)
        rows = self.draw_links(screen, cards, slots, card_bottom, held, top + len(status) * line_height(small))
        y = top if self.beside else card_bottom + rows * line_height(small, bold=True) + self.px(theme.SPACE_HAIR)
        for index, (line, line_color) in enumerate(status):
            draw_text(screen, line, small, line_color, (self.status_left(), y + index * line_height(small)))

    @staticmethod
    def broken_reasons(cards: list[LinxCard]) -> list[str]:
        """Why each broken link of the chain does not link."""
        return [f"{a.label} to {b.label}: {words}" for a, b in zip(cards, cards[1:]) for ok, words in [link_words(a, b)] if not ok]

    def status_lines(self, view, reasons: list[str]) -> list[tuple[str, tuple]]:
        """The chain's length and claim, then why a link breaks (or the card the hand is one card
        short for), wrapped onto the lines kept for them, each with its colour."""
        small, text_w = self.px(theme.TEXT_FINE), self.status_width()
        below, color = (reasons[0], LINK_BAD) if reasons else (self.short_note, theme.GOLD)
        lines = [(line, theme.INK) for line in wrap(self.status(view), small, text_w)] + \
            [(line, color) for line in (wrap(below, small, text_w) if below else [])]
        if len(lines) > self.words_rows:  # only words longer than the longest foreseen are cut
            rest = " ".join(line for line, _color in lines[self.words_rows - 1:])
            lines = lines[:self.words_rows - 1] + [(fit_text(rest, small, text_w), lines[self.words_rows - 1][1])]
        return lines

    def draw_buttons(self, screen: pygame.Surface, legal: bool) -> None:
        """Lay (enabled when the chain is a `legal` move) and Cancel (when there is a chain)."""
        self.lay_button.enabled = legal
        self.lay_button.draw(screen, self.px(theme.TEXT_NOTE))
        self.cancel_button.enabled = bool(self.cards())
        self.cancel_button.draw(screen, self.px(theme.TEXT_NOTE))

    def draw_help(self, screen: pygame.Surface, small: int, text_left: int, text_w: int) -> None:
        """The empty chain row says how a chain is built, and the keys."""
        lines = (wrap(self.short_note, small, text_w) if self.short_note else []) + wrap(
            HOW_TO_BUILD, small, text_w) + wrap(CHAIN_KEYS, small, text_w)
        room = (self.rect.bottom - self.rect.y - self.px(theme.SPACE_WIDE)) // line_height(small)
        draw_lines(screen, lines[:room], small, theme.INK_DIM, (text_left, self.rect.y + self.px(theme.SPACE_SMALL)))

    def draw_links(self, screen, cards, slots: SlotRow, card_bottom: int, held, status_bottom: int) -> int:
        """The cards with a line between neighbours and what they share under it (`links`: each
        link's own words on the lines kept for them, or where the cards lie too close for that, a
        run's name once under it); returns the lines the links took."""
        pairs = list(zip(zip(cards, slots), zip(cards[1:], slots[1:])))
        links = []
        for (a, sa), (b, sb) in pairs:
            ok, words = link_words(a, b)
            y = sa.center[1]
            pygame.draw.line(screen, LINK_OK if ok else LINK_BAD, (sa.center[0], y), (sb.center[0], y),
                             max(3, self.px(theme.SPACE_SNUG)))
            links.append(Link(ok, words.removeprefix("both ") if ok else "", (sa.center[0] + sb.center[0]) // 2))
        for card, slot in zip(cards, slots):
            (slot.raised(self.px(theme.SPACE_NARROW)) if card == held else slot).draw_card(screen, card)
        small = self.px(theme.TEXT_FINE)
        room = self.label_room(slots.step, card_bottom, status_bottom)
        key = (tuple(links), room.rights, room.left, room.step, room.gap, self.link_rows, text_px(small))
        if self._labels[0] != key:  # placed once a chain and a layout, not every frame
            self._labels = (key, label_links(links, room, self.link_rows))
        labels = self._labels[1]
        for label in labels:
            y = card_bottom + self.px(theme.SPACE_HAIR) + label.line * line_height(small, bold=True)
            draw_text(screen, label.text, small, LINK_OK if label.ok else LINK_BAD, (label.x, y), "midtop", bold=True)
        return max((label.line + 1 for label in labels), default=1)

    def label_room(self, step: int, card_bottom: int, status_bottom: int) -> LabelRoom:
        """The room for the links' words under the cards: the lines kept for them, from the row's
        left to the words' right edge; beside the status, every line down to the row's foot, each
        as far as the status's column where the status's lines reach it, else to the words' right
        edge (the status seldom takes all the lines kept for it)."""
        small, gap = self.px(theme.TEXT_FINE), self.px(theme.SPACE_TIGHT)
        line_h, top = line_height(small, bold=True), card_bottom + self.px(theme.SPACE_HAIR)
        words_right = self.rect.x + self.px(theme.SPACE_CLOSE) + self.text_width()
        if not self.beside:
            rights = (words_right,) * self.link_rows
        else:
            lines = max(self.link_rows, (self.rect.bottom - top) // line_h)
            rights = tuple(words_right if top + line * line_h >= status_bottom + gap else self.status_left() - gap
                           for line in range(lines))
        return LabelRoom(rights, self.rect.x, step, gap, lambda text: text_width(text, small, bold=True))
