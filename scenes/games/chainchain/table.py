"""The Chain-Chain table: the pile with its last play, the required value, the direction of play,
and your hand; you play two cards by dragging them onto the pile in order (letters: then a word)."""

from __future__ import annotations


from functools import partial

import pygame

from game.chainchain.rules import (LETTERS, Drew, PileLeft, Play, Played, Reversed, Take, Took,
                                   key_name)
from game.wording import vocative

from scenes.ui import keymap
from scenes.table.parts import Slot, SlotRow, yielding_hand_width
from scenes.table.table import HAND_CARD_W, TableScene
from scenes.ui import theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, CursorBlink, TextField, draw_text, line_height, panel, text_width

# Measures of this layout that are no step of theme's scales (pixels at the base window).
PILE_W = 96  # the chain pile's card at the normal card size
PILE_LEAST_W = 56  # and at least, where the table is short (large text, a small window)
CLEAR_BUTTON_OFFSET = 100  # Clear's left edge from the word's
DIRECTION_SIZE = 36  # the arrow of play's size
REQUIRED_NUMBER_SIZE = 36  # the number an answer must make, read across the table (a letter's word: theme's heading)
PILE_CARD_W = 64  # the draw pile's card width
STOCK_LEAST_W = 32  # and at least, where the board is short (a review's table at the largest text)
PILE_OFFSET = 90  # the draw pile's centre right of the middle
STATUS_MIN_H = 150  # the panel's least height
STATUS_MIN_W = 230  # the direction-and-lead panel's least width
STATUS_OFFSET = 50  # the panel's distance right of the pile
STATUS_PADDING = 32  # the panel's inner margins, both sides
TAKE_BACK_SIZE = 12  # the hint under the pile: smaller than any scale step, it sits in a card's margin
WORD_BUTTON_W = 90  # Play and Clear beside the word
WORD_FIELD_HALF_W = 150  # half the typed word's field, to centre it
WORD_FIELD_W = 300  # the typed word's field


CLOCKWISE, ANTICLOCKWISE = "\u21bb", "\u21ba"
ARROW_FLASH = 1.2


class ChainChainTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.take_button = Button("Take pile", lambda: self.perform(Take()), color=theme.BUTTON_WARN)
        self.clear_button = Button("Clear", self.clear_staged, color=theme.BUTTON_QUIET)
        self.play_button = Button("Play", self.submit, color=theme.BUTTON_GO)
        self.word = TextField("", "type a word", max_length=24, allowed=str.isalpha)
        self.staged: list = []
        self.pile_top = SlotRow()     # the last play's two cards, first and second
        self.staged_row = SlotRow()   # the cards of a play being made, a little raised over them
        self.under_top = Slot()       # the card below the last play, peeking out
        self.arrow_flash = 0.0
        self.blink = CursorBlink()

    @property
    def word_shown(self) -> bool:
        """The letters variant's word box is out: two cards staged."""
        return self.letters and len(self.staged) == 2

    @property
    def letters(self) -> bool:
        return self.session.config["rules"]["variant"] == LETTERS

    def action_buttons(self):
        return [(self.take_button, Take())]

    @staticmethod
    def hand_order(card):
        return card.face, card.copy

    def set_aside(self) -> set:
        return set(self.staged)

    def key_actions(self):
        return {keymap.TAKE: Take()}

    # -- geometry

    def layout(self, size) -> None:
        """The hand as large as the card-size setting asks, unless the pile would then be smaller
        than beside a hand of normal size (`yielding_hand_width`)."""
        lay_out = partial(self.place, size)
        lay_out(yielding_hand_width(self.px(HAND_CARD_W), self.card_px(HAND_CARD_W), lay_out, self.px(PILE_W)))

    def place(self, size, hand_w: int) -> int:
        """The table with the hand's cards `hand_w` wide; returns the width the pile's cards would
        have, were they not kept at PILE_LEAST_W at least."""
        middle = self.layout_seats(self.layout_frame(size), button_count=1, hand_width=hand_w)
        words_above = self.px(theme.SPACE_LARGE) + line_height(self.px(theme.TEXT_SMALL)) + self.px(theme.SPACE) + self.px(theme.SPACE_SNUG) + line_height(self.px(theme.TEXT_FINE))
        words_below = self.px(theme.SPACE_XLARGE) + (self.px(theme.SPACE_SNUG) + line_height(self.px(TAKE_BACK_SIZE)) + self.px(theme.SPACE_SECTION)
                                                     if self.letters else 0)  # the word typed under the pile
        fitting = min(self.card_px(PILE_W), int((middle.h - words_above - words_below) / theme.CARD_RATIO))
        self.pile_w = max(self.px(PILE_LEAST_W), fitting)
        card_h = int(self.pile_w * theme.CARD_RATIO)
        above = words_above + card_h // 2
        cx, cy = middle.centerx - self.px(theme.SPACE_SECTION), max(min(middle.centery - self.px(theme.SPACE_NARROW),
                                                                        middle.bottom - card_h // 2 - words_below),
                                                                    middle.y + above)  # "Pile: N" under the seats
        self.pile_center = (cx, cy)
        step = int(self.pile_w * 1.12)
        left = cx - step // 2 - self.pile_w // 2
        self.pile_top.place(left, cy, self.pile_w, 2, step)
        self.staged_row.place(left, cy - self.px(theme.SPACE), self.pile_w, 2, step)
        self.under_top.place((cx, cy - self.px(theme.SPACE_SNUG)), self.pile_w)
        self.place_stock(cy, middle)
        self.place_status((cx + self.pile_w + self.px(STATUS_OFFSET), cy), middle)
        labels_top = cy - self.px(theme.SPACE) - card_h // 2 - self.px(theme.SPACE_HAIR) - line_height(self.px(theme.TEXT_FINE)) - self.px(theme.SPACE_TIGHT)  # "1st", "2nd"
        bottom = cy + card_h // 2 + self.px(theme.SPACE_XLARGE)
        self.pile_rect = pygame.Rect(0, labels_top, step + self.pile_w + self.px(theme.SPACE_SECTION), bottom - labels_top)
        self.pile_rect.centerx = cx
        below = self.pile_rect.bottom + self.px(theme.SPACE_SNUG) + line_height(self.px(TAKE_BACK_SIZE))  # under "click a card to take it back"
        self.word.rect = pygame.Rect(cx - self.px(WORD_FIELD_HALF_W), below, self.px(WORD_FIELD_W), self.px(theme.SPACE_SECTION))
        self.play_button.rect = pygame.Rect(self.word.rect.right + self.px(theme.SPACE_NARROW), below,
                                            self.px(WORD_BUTTON_W), self.px(theme.SPACE_SECTION))
        self.clear_button.rect = pygame.Rect(self.word.rect.x - self.px(CLEAR_BUTTON_OFFSET), below,
                                             self.px(WORD_BUTTON_W), self.px(theme.SPACE_SECTION))
        return fitting

    def place_stock(self, cy: int, middle: pygame.Rect) -> None:
        """The stock level with the pile, "Stock: N" under it above the prompt: its card smaller
        (to STOCK_LEAST_W at least) where the board is too short for both."""
        words_h = self.px(theme.SPACE_SNUG) + line_height(self.px(theme.TEXT_BODY), bold=True)
        stock_w = max(self.px(STOCK_LEAST_W), min(self.px(PILE_CARD_W), int((middle.h - words_h) / theme.CARD_RATIO)))
        stock_h = int(stock_w * theme.CARD_RATIO)
        stock_y = min(cy, middle.bottom - stock_h // 2 - words_h)
        self.draw_pile.place((middle.x + self.px(PILE_OFFSET), max(middle.y + stock_h // 2, stock_y)), stock_w)

    def place_status(self, midleft: tuple[int, int], middle: pygame.Rect) -> None:
        """The direction-and-lead panel from `midleft`, as large as its words, within `middle`."""
        status_w = max(self.px(STATUS_MIN_W), text_width("anticlockwise", self.px(theme.TEXT_CAPTION)) + text_width(ANTICLOCKWISE, self.px(theme.TEXT_TITLE), bold=True)
                       + self.px(STATUS_PADDING), text_width("Free lead", self.px(theme.TEXT_LEAD), bold=True) + self.px(theme.SPACE_WIDE))
        status_h = (line_height(self.px(theme.TEXT_CAPTION)) + line_height(self.px(DIRECTION_SIZE), bold=True) + line_height(self.px(theme.TEXT_TITLE), bold=True)
                    + self.px(theme.SPACE_LARGE))
        self.status_rect = pygame.Rect(0, 0, status_w, max(self.px(STATUS_MIN_H), status_h))
        self.status_rect.midleft = midleft
        self.status_rect.bottom = min(self.status_rect.bottom, middle.bottom)
        self.status_rect.top = max(self.status_rect.top, middle.top)

    # -- staging two cards

    def answers(self) -> list[Play]:
        if not self.my_turn:
            return []
        return [a for a in self.legal_actions() if isinstance(a, Play)]

    def card_usable(self, card) -> bool:
        if card in self.staged:
            return False
        answers = self.answers()
        if not self.staged:
            return any(a.first.face == card.face for a in answers)
        return any(a.first.face == self.staged[0].face and a.second.face == card.face for a in answers)

    def hand_card_at(self, pos, view):
        hit = super().hand_card_at(pos, view)
        return None if hit and hit[0] in self.staged else hit

    def drop(self, card, drop_center, pointer) -> bool:
        if not (self.pile_rect.collidepoint(drop_center) or self.pile_rect.collidepoint(pointer)):
            return False
        return self.stage(card)

    def click_card(self, card) -> None:
        self.stage(card)

    def key_labels(self):
        own = [(keymap.OWN_WORD, "puts the picked play's two cards down to type your own word")] if self.letters else []
        return super().key_labels() + own

    def own_word(self) -> None:
        """W on a picked play (letters): its two cards put down, the word box open and empty, as
        a play dragged card by card opens it; the key's own letter is not typed there."""
        play = self.choice
        if not isinstance(play, Play) or play not in self.legal_actions():
            self.say("pick a play first: Left and Right pick its first card, Up and Down its second")
            return
        self.app.keys.screen_opened(settle=False)
        self.staged = [play.first]
        self.stage(play.second)

    def stage(self, card) -> bool:
        """Put a card down as the first or second of this play; the play is made once both are down."""
        if not self.staged:
            if not self.card_usable(card):
                others = [c for c in self.current_view().hand if c != card]
                self.say(self.session.why_illegal(Play(card, others[0] if others else card, "")))
                return False
            self.staged = [card]
            self.say_notice(f"{card.label} goes first: now the second card")
            return True
        self.staged.append(card)
        if not self.letters:
            return self.submit()
        self.word.value = ""
        self.word.focused = True
        pygame.key.start_text_input()
        self.say_notice(f"Type a word from {self.staged[0].label} to {card.label}, then Enter")
        return True

    def submit(self) -> bool:
        if len(self.staged) < 2:
            return False
        first, second = self.staged
        word = self.word.value.strip().lower() if self.letters else ""
        played = self.perform(Play(first, second, word), self.pile_center)
        if played:
            self.clear_staged()
        elif not self.letters:
            self.staged = []
        return played

    def clear_staged(self) -> None:
        self.staged = []
        self.word.value = ""
        self.word.focused = False

    def handle(self, event) -> None:
        self.blink.wake()
        if self.word_shown and self.my_turn:
            if keymap.ENTER.pressed(event):
                self.submit()
                return
            if keymap.ESCAPE.pressed(event):
                self.clear_staged()
                return
            if self.word.handle(event) and event.type != pygame.MOUSEBUTTONDOWN:
                return
            if self.play_button.handle(event):
                return
        if self.staged and self.my_turn and self.clear_button.handle(event):
            return
        if self.letters and self.my_turn and not self.staged and keymap.OWN_WORD.pressed(event):
            self.own_word()
            return
        if self.staged and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.staged_row.index_at(event.pos)
            if index is not None and index < len(self.staged):
                self.clear_staged()
                return
        super().handle(event)

    def action_spot(self, action):
        return self.pile_rect if isinstance(action, Play) else None

    def event_spot(self, event):
        if isinstance(event, Played):
            return self.pile_top.rect
        return None

    # -- events to motion

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Played):
            start = origin or self.seats.center(event.seat)
            first, second = (slot.center for slot in self.pile_top)
            self.motion.add(Flight(event.first, True, start, first, hides=(("pile-top",),), duration=0.3),
                            Flight(event.second, True, start, second, hides=(("pile-top",),), duration=0.3, delay=0.15))
        elif isinstance(event, Took):
            end = self.seats.center(event.seat)
            self.motion.add(*[Flight(card, True, self.pile_center, end, duration=0.45, delay=0.3 + 0.03 * i, flash=i == 0)
                              for i, card in enumerate(event.cards[-6:])])
            self.say_notice(event.text(self.session.names))
        elif isinstance(event, Reversed):
            self.arrow_flash = ARROW_FLASH
            self.say_notice(event.text(self.session.names))
        elif isinstance(event, Drew):
            if event.cards is not None and event.seat == view.seat:
                self.motion.add(*[Flight(card, True, self.draw_pile.center, self.hand.card_center(view, card), duration=0.3,
                                         hides=(("hand-card", card),)) for card in event.cards if card in view.hand])
            else:
                self.motion.add(Flight(None, False, self.draw_pile.center, self.seats.center(event.seat), duration=0.3,
                                       hides=(("hand", event.seat),)))
        elif isinstance(event, PileLeft):
            self.say_notice(event.text(self.session.names))

    def animating(self) -> bool:
        return super().animating() or self.arrow_flash > 0 or (self.word_shown and self.word.focused and self.blink.due())

    def update(self, dt: float) -> None:
        self.arrow_flash = max(0.0, self.arrow_flash - dt)
        if self.staged and not self.my_turn and not self.motion.busy:
            self.clear_staged()
        super().update(dt)

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        pygame.draw.rect(surface, theme.FELT_DARK, self.pile_rect, border_radius=14)

    def title(self) -> str:
        return super().title() + (": letters" if self.letters else "")

    def draw_board(self, screen, view, hidden) -> None:
        self.draw_stock(screen, view)
        self.draw_played_pile(screen, view, hidden)
        self.draw_status(screen, view)
        self.draw_staged(screen)

    def flight_width(self) -> int:
        return self.pile_w

    def draw_stock(self, screen, view) -> None:
        self.draw_pile.draw_backs(screen, view.draw_pile_count, stacked=True)
        self.draw_pile.draw_label(screen, f"Stock: {view.draw_pile_count}", self.px(theme.TEXT_BODY),
                                  self.px(theme.SPACE_SNUG), bold=True)

    def draw_played_pile(self, screen, view, hidden) -> None:
        """The last play (labelled 1st and 2nd above where a play being made is raised, so that
        neither hides a label), the card under it, the pile's size; "empty pile" only when it is."""
        pile = view.pile[:-2] if ("pile-top",) in hidden else view.pile
        if len(pile) > 2:
            self.under_top.draw_card(screen, pile[-3])
        self.pile_top.draw_cards(screen, pile[-2:])
        label_y = self.staged_row.rect.top - self.px(theme.SPACE_HAIR)
        for slot, label in zip(self.pile_top.slots[:len(pile[-2:])], ("1st", "2nd")):
            draw_text(screen, label, self.px(theme.TEXT_FINE), theme.INK_DIM, (slot.center[0], label_y), "midbottom")
        if not view.pile and not self.staged:  # a staged card lies where the words are
            draw_text(screen, "empty pile", self.px(theme.TEXT_BODY), theme.INK_DIM, self.pile_center, "center")
        size = len(view.pile)
        draw_text(screen, f"Pile: {size} card{'s' if size != 1 else ''}", self.px(theme.TEXT_SMALL), theme.INK_DIM,
                  (self.pile_rect.centerx, self.pile_rect.top - self.px(theme.SPACE_LARGE)), "midbottom")
        card = self.hand.dragged or self.hand.selected
        if card is not None and self.my_turn and self.card_usable(card):
            pygame.draw.rect(screen, theme.GLOW, self.pile_rect, 3, border_radius=14)

    def draw_status(self, screen, view) -> None:
        """What the next answer must be (or a free lead), and the direction of play."""
        rect = self.status_rect
        panel(screen, rect)
        y = rect.y + self.px(theme.SPACE_SMALL)
        if view.game_over:
            draw_text(screen, "Game over", self.px(theme.TEXT_CONTROL), theme.INK, rect.center, "center", bold=True, box=rect)
            return
        if view.required is None:
            y = draw_text(screen, "Free lead", self.px(theme.TEXT_LEAD), theme.GOLD, (rect.centerx, y), "midtop",
                          bold=True, box=rect).bottom
            draw_text(screen, "any two cards", self.px(theme.TEXT_CAPTION), theme.INK_DIM, (rect.centerx, y), "midtop", box=rect)
        else:
            y = draw_text(screen, "Required", self.px(theme.TEXT_CAPTION), theme.INK_DIM, (rect.centerx, y),
                          "midtop", box=rect).bottom
            shown = str(view.required) if isinstance(view.required, int) else view.required
            draw_text(screen, shown, self.px(REQUIRED_NUMBER_SIZE if isinstance(view.required, int) else theme.TEXT_HEADING), theme.GOLD,
                      (rect.centerx, y), "midtop", bold=True, box=rect)
        clockwise = view.direction > 0
        flashing = self.arrow_flash > 0 and int(self.arrow_flash * 6) % 2 == 0
        color = theme.GLOW if flashing else theme.INK
        arrow = draw_text(screen, CLOCKWISE if clockwise else ANTICLOCKWISE, self.px(theme.TEXT_TITLE), color,
                          (rect.x + self.px(theme.SPACE_CLOSE), rect.bottom - self.px(theme.SPACE_SNUG)), "bottomleft", bold=True, box=rect)
        draw_text(screen, "clockwise" if clockwise else "anticlockwise", self.px(theme.TEXT_CAPTION), color,
                  (arrow.right + self.px(theme.SPACE_SMALL), arrow.centery), "topleft" if self.arrow_flash > 0 else "midleft", box=rect)
        if self.arrow_flash > 0:
            draw_text(screen, "reversed", self.px(theme.TEXT_CAPTION), theme.GLOW,
                      (arrow.right + self.px(theme.SPACE_SMALL), arrow.centery), "bottomleft",
                      bold=True, box=rect)

    def draw_staged(self, screen) -> None:
        if not self.staged:
            return
        self.staged_row.draw_cards(screen, self.staged)
        for slot in self.staged_row.slots[:len(self.staged)]:
            pygame.draw.rect(screen, theme.GOLD, slot.rect.inflate(4, 4), 2, border_radius=max(3, slot.width // 10))
        draw_text(screen, "click a card to take it back", self.px(TAKE_BACK_SIZE), theme.INK_DIM,
                  (self.pile_rect.centerx, self.pile_rect.bottom + self.px(theme.SPACE_HAIR)), "midtop")
        if self.word_shown:
            blink = self.blink.on()
            self.word.draw(screen, self.px(theme.TEXT_EMPHASIS), blink)
            self.play_button.draw(screen, self.px(theme.TEXT_LABEL))
            self.clear_button.draw(screen, self.px(theme.TEXT_LABEL))

    def seat_note(self, view, seat: int) -> str:
        return f"collected: {view.collected_counts[seat]}"

    def turn_prompt(self, view, current: str) -> str:
        legal = self.legal_actions()
        if legal == [Take()]:
            return f"You have no answer to {key_name(view.required)}: take the pile, then lead"
        word = ", then type a word" if self.letters else ""
        if len(self.staged) == 1:
            return f"Now drag your second card onto the pile{word}"
        if view.required is None:
            return f"Lead{vocative(current)}: drag any two cards onto the pile, one after the other{word}"
        required = key_name(view.required)
        return f"Answer {required}{vocative(current)}: drag {required} first, then any card{word}"

    def typing(self) -> bool:
        return self.word_shown and self.my_turn

    def spoken_prompt(self, view) -> str:
        """The prompt; while the word box is open, what to type."""
        if self.word_shown and self.my_turn:
            first, second = self.staged
            return f"Type a word from {first.label} to {second.label}, then Enter; Esc puts the cards back"
        return self.prompt(view)

    def more_keys_now(self) -> list:
        if self.letters and self.my_turn and not self.staged and self.answers():
            return [(keymap.OWN_WORD, "puts the picked play down to type your own word")]
        return []

    def result_rows(self):
        """Each seat's collected cards, their count and sum (fewest cards wins, then lowest sum)."""
        view = self.public_view
        return [(seat, pile, f"{len(pile)} collected, sum {sum(c.points for c in pile)}")
                for seat, pile in enumerate(view.collected)]
