"""The Chains table: your hand at the bottom, opponents at the top, three chains, the deck."""

from __future__ import annotations

import math

import pygame

from game.cards import card_count
from game.chains.rules import Draw, Drew, Pass, Passed, Play, Played, Rebuilt
from game.wording import vocative

from scenes.ui import keymap
from scenes.table.parts import Slot, SlotRow, card_width, yielding_hand_width
from scenes.table.table import TableScene
from scenes.ui import theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, draw_text, line_height, text_width

# Measures of this layout that are no step of theme's scales (pixels at the base window).
DRAW_PILE_MIN_W = 170  # the draw pile's column at least
HAND_CARD_W = 92  # a hand card's width at most
HAND_LEAST_W = 56  # and at least, where it gives the chain rows the height of their numbers' line
ROW_LABEL_W = 34  # the chain rows' label column

CHAIN_SHOWN = 10  # a chain's cards shown side by side, when the window's width allows, before they overlap
ROW_CARD = 92  # a chain's cards at most (base size, normal cards): as wide as the hand's
DRAWN_LEAST_W = 44  # a drawn card at least, where the room under the deck is less than a hand card's
DRAW_RULE_HINT = {"three": "up to three cards", "one": "one card", "until": "until a card fits"}


class ChainsTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.draw_button = Button("Draw", lambda: self.perform(Draw()))
        self.pass_button = Button("Pass", lambda: self.perform(Pass()), color=theme.BUTTON_WARN)
        self.drawn_slot = Slot()  # a drawn card that fits, until it is played

    def action_buttons(self):
        return [(self.draw_button, Draw()), (self.pass_button, Pass())]

    def key_actions(self):
        return {keymap.DRAW: Draw(), keymap.PASS: Pass()}

    # -- geometry

    def layout(self, size) -> None:
        """The chains' cards as large as the rows' height allows; the move log has the width the
        rows leave once they show CHAIN_SHOWN cards side by side."""
        self.place(self.layout_frame(size))
        rows_w = self.px(theme.SPACE_WIDE) + self.px(ROW_LABEL_W) + CHAIN_SHOWN * (self.chain_w + self.px(theme.SPACE_SNUG))
        self.place(self.layout_frame(size, rows_w + self.px(theme.SPACE_NARROW) + self.draw_pile_w))

    def place(self, area: pygame.Rect) -> None:
        self.draw_pile_w = max(self.px(DRAW_PILE_MIN_W), *(text_width("draw: " + hint, self.px(theme.TEXT_FINE)) + self.px(theme.SPACE_CLOSE) for hint in DRAW_RULE_HINT.values()))
        middle = self.layout_seats(area, hand_width=self.hand_width(area))
        row_h = middle.h // 3
        self.chain_w = self.row_card_width(middle)
        chains_right = middle.right - self.draw_pile_w - self.px(theme.SPACE_NARROW)
        left = middle.x + self.px(theme.SPACE_WIDE)
        self.chain_rows = [pygame.Rect(left, middle.y + i * row_h, chains_right - left, row_h - self.px(theme.SPACE_SNUG)) for i in range(3)]
        draw_pile_x = chains_right + self.draw_pile_w // 2
        self.draw_pile.place((draw_pile_x, middle.y + row_h // 2 + self.px(theme.SPACE_NARROW)), self.chain_w)
        drawn_top = (self.draw_pile.rect.bottom + self.px(theme.SPACE_SNUG) + line_height(self.px(theme.TEXT_BODY), bold=True) + self.px(theme.SPACE_TIGHT)
                     + line_height(self.px(theme.TEXT_FINE)) + self.px(theme.SPACE_SMALL) + line_height(self.px(theme.TEXT_FINE)) + self.px(theme.SPACE_TIGHT))  # under the deck's lines
        drawn_w = max(self.px(DRAWN_LEAST_W), min(self.hand.width, int((middle.bottom - drawn_top) / theme.CARD_RATIO)))
        drawn_h = int(drawn_w * theme.CARD_RATIO)
        drawn_y = min(max(middle.y + row_h * 2 + self.px(theme.SPACE_TIGHT), drawn_top + drawn_h // 2), middle.bottom - drawn_h // 2)
        self.drawn_slot.place((draw_pile_x, drawn_y), drawn_w)  # a hand card's size, unless the room under the deck is less

    def row_card_width(self, middle: pygame.Rect) -> int:
        """The chains' cards: as tall as a row allows, up to the card-size setting's largest."""
        return card_width(middle.w, middle.h // 3 - self.px(theme.SPACE_SMALL), columns=1, gap=0,
                          most=self.card_px(ROW_CARD), least=20)

    def hand_width(self, area: pygame.Rect) -> int:
        width = yielding_hand_width(self.px(HAND_CARD_W), self.card_px(HAND_CARD_W),
                                    lambda card_w: self.row_card_width(self.layout_seats(area, hand_width=card_w)), self.px(ROW_CARD))
        return self.leaving_rows_their_numbers(area, width)

    def leaving_rows_their_numbers(self, area: pygame.Rect, width: int) -> int:
        """The hand's cards `width` wide, or narrower (to HAND_LEAST_W at least) where the chain
        rows would be shorter than their numbers' line (a review's short table at the largest
        text): the numbers would stand over one another."""
        number_h = line_height(self.px(theme.TEXT_BUTTON), bold=True)
        least = min(width, self.px(HAND_LEAST_W))
        short = number_h - self.layout_seats(area, hand_width=width).h // 3
        while short > 0 and width > least:
            width = max(least, width - math.ceil(3 * short / theme.CARD_RATIO))
            short = number_h - self.layout_seats(area, hand_width=width).h // 3
        return width

    def chain_slots(self, length: int, row: pygame.Rect) -> tuple[SlotRow, int]:
        """The places of a chain's visible cards (oldest first): side by side while the row has
        room, else overlapping; and how many earlier cards are folded away."""
        w = self.chain_w
        label_w = self.px(ROW_LABEL_W)
        room = row.w - label_w - w
        step = max(int(w * 0.45), min(w + self.px(theme.SPACE_SNUG), room // max(1, length - 1)))
        shown = min(length, max(1, room // step + 1))
        slots = SlotRow()
        slots.place(row.x + label_w, row.centery, w, shown, step)
        return slots, length - shown

    def chain_end_center(self, view, index: int) -> tuple[int, int]:
        slots, _ = self.chain_slots(len(view.chains[index]), self.chain_rows[index])
        return slots[-1].center

    def chain_end(self, view, index: int) -> pygame.Rect:
        return self.chain_slots(len(view.chains[index]), self.chain_rows[index])[0][-1].rect

    def chain_at(self, pos) -> int | None:
        for i, row in enumerate(self.chain_rows):
            if row.collidepoint(pos):
                return i
        return None

    # -- input

    def playable_chains(self, card) -> list[int]:
        if not self.my_turn or card is None:
            return []
        return [a.chain for a in self.legal_actions() if isinstance(a, Play) and a.card == card]

    def card_usable(self, card) -> bool:
        return bool(self.playable_chains(card))

    def greys_unusable(self, cards) -> bool:
        """Whenever the viewer has a move to make: while a drawn card waits, or when the move is
        to draw or pass, no hand card can be played, and every one looks it."""
        return self.my_turn and bool(self.legal_actions())

    def drawn_card(self):
        """The drawn card that fits, while it waits for the viewer to play it (else None)."""
        return self.current_view().pending if self.my_turn else None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focus_drawn_card()

    def focus_drawn_card(self) -> None:
        """The drawn card that must be played holds the keyboard's pick while it waits (Enter
        plays it on the chain lit), whether just drawn, brought back by undo or found in a game
        continued; a pick already its own (a lesson's step, a hint) is kept."""
        drawn = self.drawn_card()
        if drawn is None or self.hand.selected == drawn:
            return
        self.light_move(self.card_actions(drawn)[0])
        self.say_notice(self.drawn_card_words(drawn))

    def drawn_card_words(self, drawn) -> str:
        """What was drawn and where it fits, said beside the prompt's "Enter plays the drawn card"."""
        chains = [str(chain + 1) for chain in self.playable_chains(drawn)]
        if len(chains) == 1:
            return f"You drew {drawn.label} and it fits chain {chains[0]}"
        return f"You drew {drawn.label} and it fits chains {', '.join(chains[:-1])} and {chains[-1]}: Up/Down pick one"

    def pick_card(self, step: int) -> None:
        """Left/Right go only where a move can be made: through the chains the drawn card fits
        while it waits (it is then the only card that can be played), else through the hand's
        cards that fit; when none fits, no card is picked and the prompt line says what to do."""
        drawn = self.drawn_card()
        if drawn is not None:
            self.hand.selected = drawn
            self.pick_move(step)
        elif any(isinstance(action, Play) for action in self.legal_actions()):
            super().pick_card(step)
        else:
            self.say_notice(f"Nothing fits: {self.way_on()}")

    def way_on(self) -> str:
        """What a player with no card to play does now, and its key: draw, or pass."""
        if Draw() in self.legal_actions():
            return f"draw ({keymap.DRAW.name})"
        return f"pass ({keymap.PASS.name})"

    def hand_card_at(self, pos, view):
        view_pending = view.pending if view.seat == view.current else None
        if view_pending is not None and self.drawn_slot.hit(pos):
            return view_pending, self.drawn_slot.center
        return super().hand_card_at(pos, view)

    def press_elsewhere(self, pos, view) -> None:
        if self.draw_pile.hit(pos) and Draw() in self.legal_actions():
            self.perform(Draw())
            return
        chain = self.chain_at(pos)
        if chain is not None and self.hand.selected is not None:
            self.try_play(self.hand.selected, chain, self.chain_end_center(view, chain))

    def drop(self, card, drop_center, pointer) -> bool:
        chain = self.chain_at(drop_center)
        if chain is None:
            chain = self.chain_at(pointer)
        return chain is not None and self.try_play(card, chain, drop_center)

    def click_card(self, card) -> None:
        chains = self.playable_chains(card)
        if len(chains) == 1:
            self.try_play(card, chains[0], None)
        elif card == self.hand.selected:
            self.hand.selected = None
        elif chains:
            self.hand.selected = card
            self.say_notice("Now click the chain to play it on.")
        else:
            self.explain(card)

    def explain(self, card) -> None:
        """Say why a card that fits nowhere cannot be played: the engine's reason when there is
        one chain, else that it fits none of them."""
        self.hand.selected = None
        view = self.current_view()
        if not any(isinstance(a, Play) for a in self.legal_actions()):
            self.say(self.session.why_illegal(Play(card, 0)))
            return
        ends = ", ".join(chain[-1].label for chain in view.chains)
        self.say(f"{card.label} fits none of the chains (their ends: {ends}): each wants a card one rank up or down")

    def try_play(self, card, chain: int, origin) -> bool:
        self.hand.selected = None
        return self.perform(Play(card, chain), origin)

    def action_spot(self, action):
        if isinstance(action, Play):
            return self.chain_end(self.current_view(), action.chain)
        return None

    def event_spot(self, event):
        if isinstance(event, Played):
            return self.chain_end(self.current_view(), event.chain)
        return None

    # -- events to motion

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Played):
            start = origin or (self.drawn_slot.center if event.drawn else self.seats.center(event.seat))
            end = self.chain_end_center(view, event.chain)
            self.motion.add(Flight(event.card, True, start, end, hides=(("chain", event.chain),)))
        elif isinstance(event, Drew):
            if event.fits:
                self.motion.add(Flight(event.card, True, self.draw_pile.center, self.drawn_slot.center, hides=(("pending",),)))
            elif event.card is not None and event.card in view.hand:
                end = self.hand.card_center(view, event.card)
                self.motion.add(Flight(event.card, True, self.draw_pile.center, end, hides=(("hand-card", event.card),)))
            else:
                end = self.seats.center(event.seat)
                self.motion.add(Flight(None, False, self.draw_pile.center, end, hides=(("hand", event.seat),)))
        elif isinstance(event, Rebuilt):
            self.say_notice(f"The deck ran out: rebuilt from the chains ({card_count(event.deck_size)}).")
        elif isinstance(event, Passed):
            self.say_notice(event.text(self.session.names))

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        for i, row in enumerate(self.chain_rows):
            pygame.draw.rect(surface, theme.FELT_DARK, row, border_radius=10)
            draw_text(surface, str(i + 1), self.px(theme.TEXT_BUTTON), theme.INK_DIM,
                      (row.x + self.px(theme.SPACE_WIDE), row.centery), "center", bold=True)

    def draw_board(self, screen, view, hidden) -> None:
        self.draw_chains(screen, view, hidden)
        self.draw_deck(screen, view, hidden)

    def target_chains(self, view) -> set[int]:
        """The chains that glow as places to play: those of the card dragged, else of the card
        picked, else of the drawn card that waits."""
        drawn = view.pending if view.seat is not None and view.seat == view.current else None
        return set(self.playable_chains(self.hand.dragged or self.hand.selected or drawn))

    def draw_chains(self, screen, view, hidden) -> None:
        targets = self.target_chains(view)
        for i, (chain, row) in enumerate(zip(view.chains, self.chain_rows)):
            cards = chain[:-1] if ("chain", i) in hidden else chain
            slots, folded = self.chain_slots(len(cards), row)
            if folded:
                draw_text(screen, f"+{folded}", self.px(theme.TEXT_FINE), theme.INK_DIM,
                          (row.x + self.px(theme.SPACE_WIDE), row.centery + self.px(theme.SPACE_LARGE)), "center")
            if i in targets:
                pygame.draw.rect(screen, theme.GLOW, row, 2, border_radius=10)
                if len(slots):
                    slots[-1].draw_glow(screen)
            slots.draw_cards(screen, cards[folded:])

    def draw_deck(self, screen, view, hidden) -> None:
        self.draw_pile.draw_backs(screen, view.draw_pile_count, stacked=True)
        below = self.draw_pile.draw_label(screen, f"Deck: {view.draw_pile_count}", self.px(theme.TEXT_BODY),
                                          self.px(theme.SPACE_SNUG), bold=True)
        draw_text(screen, "draw: " + DRAW_RULE_HINT[view.draw_rule], self.px(theme.TEXT_FINE), theme.INK_DIM,
                  (self.draw_pile.center[0], below + self.px(theme.SPACE_TIGHT)), "midtop")
        if view.pending is not None and ("pending",) not in hidden and self.hand.dragged != view.pending:
            slot = self.drawn_slot
            draw_text(screen, "Drawn, must be played", self.px(theme.TEXT_FINE), theme.GOLD,
                      (slot.center[0], slot.rect.top - self.px(theme.SPACE_TIGHT)),
                      "midbottom")
            if view.pending == self.hand.selected:
                slot.draw_glow(screen)
            slot.draw_card(screen, view.pending)

    def turn_prompt(self, view, current: str) -> str:
        if self.motion.busy:
            return f"Your turn{vocative(current)}"
        legal = self.legal_actions()
        if view.pending is not None:
            return "Enter plays the drawn card on the lit chain, or drag it onto a glowing chain"
        if any(isinstance(a, Play) for a in legal):
            return f"Your turn{vocative(current)}: drag a bright card onto a chain, or pick one with Left/Right and Enter"
        if Draw() in legal:
            if view.drawn:
                return f"{view.drawn} drawn, nothing fits yet: draw again ({keymap.DRAW.name})"
            return f"Nothing in your hand fits: draw ({keymap.DRAW.name}, or click the deck)"
        if view.drawn:
            return f"No drawn card fits: pass the turn ({keymap.PASS.name})"
        return f"Nothing fits and nothing can be drawn: pass the turn ({keymap.PASS.name})"

    def result_rows(self):
        """Each seat's cards left at the end, with their count and total."""
        view = self.public_view
        rows = []
        for seat, (hand, total) in enumerate(zip(view.final_hands, view.final_totals)):
            summary = f"{card_count(len(hand))}, total {total}" if hand else "no cards left"
            rows.append((seat, hand, summary))
        return rows
