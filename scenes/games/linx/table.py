"""The LINX table, assembled from its parts: the board line along the top (`board.LinxBoard`: the
stock and the discard pile, the four anchors, the face-up scoring cards), the chain row where the
player builds a chain before laying it (`builder.ChainBuilder`), the keyboard (`keys.ChainKeys`,
the shared cursor over the table, the chain row and the hand), the prompt's advice
(`advice.Advice`) and the points and match results (`scores.LinxScores`), laid out by
`geometry.LinxGeometry`. The table joins them to
the shared table's hooks: what a press, a drop or a key does, where moves land and fly, what is
drawn where.

A whole chain is built, reordered and claimed by mouse (click an anchor, drag hand cards into the
chain row, click the end anchor, Lay) or by keyboard (arrows and Enter), each link lit green with
what it shares or red with why not."""

from __future__ import annotations

import pygame

from game.linx.rules import (DISCARD, STOCK, AnchorsDealt, ChainLaid, Discard, Discarded, Draw, Drew, LayChain,
                             ScoringDealt)

from scenes.games.linx.advice import Advice
from scenes.games.linx.board import LinxBoard
from scenes.games.linx.builder import ChainBuilder
from scenes.games.linx.geometry import LinxGeometry
from scenes.games.linx.keys import KEYS_HELP, ChainKeys
from scenes.games.linx.scores import LinxScores
from scenes.ui import keymap
from scenes.table.parts import Delegated, Slot, SlotRow, card_width
from scenes.table.prompt import PROMPT_SIZE
from scenes.table.seats import SHOWN_MIN_W, SHOWN_STEP
from scenes.table.table import TableScene
from scenes.ui import theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, text_width, wrap


class LinxTable(LinxGeometry, TableScene):
    result_card_min_w = SHOWN_MIN_W + 6  # scoring cards: their figures read at 12 px and up
    seat_cards_shown = True  # each seat's claimed scoring cards (unless the board needs the room: `layout`)

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.board = LinxBoard(self.draw_pile, self.px)
        self.own_claims_row = SlotRow()
        self.draw_pile_button = Button("Draw from stock", lambda: self.perform(Draw(STOCK)))
        self.discard_button = Button("Take discard", lambda: self.perform(Draw(DISCARD)), color=theme.BUTTON_WARN)
        self.builder = ChainBuilder(lambda: self.current_view().scoring_up, self.px, self.lay, self.cancel)
        self.keys = ChainKeys(self)
        self.focus = self.keys.focus
        self.advice = Advice(session)
        self.scores = LinxScores(session)
        self.own_claims = pygame.Rect(0, 0, 0, 0)  # where the bottom seat's scoring cards go

    @staticmethod
    def hand_order(card):
        return card.symbol, card.number

    def action_buttons(self):
        return [(self.draw_pile_button, Draw(STOCK)), (self.discard_button, Draw(DISCARD))]

    def key_actions(self):
        return {keymap.DRAW_STOCK: Draw(STOCK), keymap.DRAW_DISCARD: Draw(DISCARD)}

    def choosing_keys_help(self) -> str:
        return KEYS_HELP

    def key_labels(self):
        return super().key_labels() + [(keymap.LAY_CHAIN, "lays the chain"),
                                       (keymap.CANCEL_CHAIN, "cancels it (the cards go back to your hand)")]

    def set_aside(self) -> set:
        return set(self.builder.built)

    # -- geometry (`LinxGeometry`: layout)

    @property
    def anchor_centers(self) -> list[tuple[int, int]]:
        return [slot.center for slot in self.board.anchor_row]

    @property
    def scoring_centers(self) -> list[tuple[int, int]]:
        return [slot.center for slot in self.board.scoring_row]

    def chain_centers(self, count: int) -> list[tuple[int, int]]:
        return [slot.center for slot in self.builder.placed(count)]

    # -- the chain being built

    @property
    def laying(self) -> bool:
        """The viewer has drawn and may lay a chain or discard."""
        view = self.current_view()
        return self.my_turn and not view.draws_left

    def lay(self) -> None:
        action = self.builder.action()
        if action is None:
            self.say("pick a start anchor, add cards from your hand, then an end anchor")
            return
        if self.perform(action, self.builder.rect.center):
            self.cancel()

    def cancel(self) -> None:
        self.builder.clear()
        self.focus.holding = False

    def pick_anchor(self, anchor) -> None:
        if self.builder.pick_anchor(anchor):
            self.say_notice("Now drag hand cards into the chain row, in order, then click the end anchor.")

    def choose_claim(self, scoring) -> None:
        problem = self.builder.choose_claim(scoring)
        if problem:
            self.say(problem)

    # -- input

    def card_usable(self, card) -> bool:
        return self.laying

    def hand_card_at(self, pos, view):
        taken = self.builder.take_card_at(pos) if self.laying else None
        return taken or super().hand_card_at(pos, view)

    def handle(self, event) -> None:
        if self.laying and self.app.top is self:
            if self.builder.handle(event):
                return
            command = keymap.pressed_in(self.chain_keys(), event)
            if command is not None:
                command()
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.clear()
        super().handle(event)

    def chain_keys(self) -> dict:
        """The keys of the chain being built, besides the arrows and Enter."""
        return {keymap.LAY_CHAIN: self.lay, keymap.CANCEL_CHAIN: self.cancel_by_key, keymap.DELETE: self.keys.delete}

    def press_elsewhere(self, pos, view) -> None:
        for source in (STOCK, DISCARD):
            if self.board.piles[source].hit(pos) and Draw(source) in self.legal_actions():
                self.perform(Draw(source))
                return
        if not self.laying:
            return
        if self.board.piles[DISCARD].hit(pos) and self.hand.selected is not None:
            self.perform(Discard(self.hand.selected), self.board.discard_pile.center)
            return
        kind, card = self.board.card_at(pos, view) or (None, None)
        if kind == "anchor":
            self.pick_anchor(card)
        elif kind == "scoring":
            self.choose_claim(card)

    def drop(self, card, drop_center, pointer) -> bool:
        if not self.laying:
            return False
        if self.board.piles[DISCARD].hit(pointer) or self.board.piles[DISCARD].hit(drop_center):
            return self.perform(Discard(card), drop_center)
        if self.builder.rect.collidepoint(pointer) or self.builder.rect.collidepoint(drop_center):
            return self.builder.add(card, self.builder.insert_index_at(pointer[0]))
        return False

    def click_card(self, card) -> None:
        if not self.laying:
            return
        if self.builder.start is not None:
            self.builder.add(card)
        elif card == self.hand.selected:
            self.hand.selected = None
        else:
            self.hand.selected = card
            self.choice = Discard(card)
            self.say_notice(f"Click the discard pile to discard {card.label}, or pick a start anchor to build a chain.")

    # -- the keyboard (`keys.ChainKeys`)

    def open_rows(self, view) -> list[str]:
        return self.focus.open_rows()

    def focused(self, view):
        """What the cursor is on (None while the mouse is in use or the row is empty)."""
        return self.focus.current()

    def pick_card(self, step: int) -> None:
        self.keys.along(step)

    def pick_move(self, step: int) -> None:
        self.keys.across(step)

    def confirm_choice(self) -> None:
        """Enter: the move picked (a draw, a hint's move, a card clicked to discard), else what the
        card under the cursor does."""
        if self.choice is not None or not self.keys.enter():
            super().confirm_choice()

    def cancel_by_key(self) -> None:
        if self.builder.cards():
            self.cancel()
            self.say_notice("Chain cancelled: its cards are back in your hand")

    def action_spot(self, action):
        if isinstance(action, Draw):
            return self.board.piles[action.source].rect
        if isinstance(action, Discard):
            return self.board.piles[DISCARD].rect
        if isinstance(action, LayChain):
            return self.building_spot(action) if self.lesson is not None else self.builder.rect
        return None

    def event_spot(self, event):
        if isinstance(event, Drew):
            return self.board.piles[event.source].rect
        if isinstance(event, Discarded):
            return self.board.piles[DISCARD].rect
        if isinstance(event, AnchorsDealt) and event.cards:
            return self.board.anchor_row.rect
        return None

    # -- events to motion

    def settle(self, events) -> None:
        """The chain row empties; a keyboard cursor goes on where the next decision is made."""
        self.cancel()
        self.keys.restart(self.current_view())

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Drew):
            self.animate_draw(event, view)
        elif isinstance(event, Discarded):
            start = origin or self.seats.center(event.seat)
            self.motion.add(Flight(event.card, True, start, self.board.discard_pile.center, hides=(("discard",),), duration=0.3))
        elif isinstance(event, ChainLaid):
            end = self.seats.center(event.seat)
            self.motion.add(*[Flight(card, True, self.builder.rect.center, end, duration=0.4, delay=0.04 * i)
                              for i, card in enumerate(event.cards)])
            self.say_notice(event.text(self.session.names))
        elif isinstance(event, AnchorsDealt):
            centers = dict(zip(view.anchors, self.anchor_centers))
            self.motion.alongside(*[Flight(card, True, self.draw_pile.center, centers[card], hides=(("anchor", card),),
                                           duration=0.4, delay=0.4 + 0.15 * i, flash=True)
                                    for i, card in enumerate(event.cards) if card in centers])
        elif isinstance(event, ScoringDealt) and event.card is not None:
            centers = dict(zip(view.scoring_up, self.scoring_centers))
            if event.card in centers:
                x, y = self.board.scoring_row[-1].center
                self.motion.alongside(Flight(event.card, True, (x + self.board.card_w * 3 // 2, y), centers[event.card],
                                             hides=(("scoring", event.card),), duration=0.4, delay=0.3, flash=True))

    def animate_draw(self, event: Drew, view) -> None:
        """A drawn card flies from its pile into the viewer's hand, face up, or to the seat that drew it."""
        start = self.board.piles[event.source].center
        if event.seat == view.seat and event.card in view.hand:
            end = self.hand.card_center(view, event.card)
            self.motion.add(Flight(event.card, True, start, end, hides=(("hand-card", event.card),), duration=0.3))
        else:
            face_up = event.card is not None
            self.motion.add(Flight(event.card, face_up, start, self.seats.center(event.seat),
                                   hides=(("hand", event.seat),), duration=0.3))

    def flight_width(self) -> int:
        return self.board.card_w

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        pygame.draw.rect(surface, theme.FELT_DARK, self.builder.rect, border_radius=10)

    def draw_board(self, screen, view, hidden) -> None:
        self.board.draw(screen, view, hidden, {self.builder.start, self.builder.end}, {self.builder.claim}, self.builder.out_of_reach(view))
        self.builder.draw(screen, view, self.laying, self.focused(view) if self.focus.holding else None)
        self.draw_cursor(screen, view)
        self.draw_own_claims(screen, view)
        if self.laying:
            action = self.builder.action()
            self.builder.draw_buttons(screen, action is not None and self.session.is_legal(action))

    def cursor_slot(self, view) -> Slot | None:
        """The place the keyboard cursor is on (in the hand, the raised card shows it)."""
        target = self.focused(view)
        if target is None or self.focus.row == "hand":
            return None
        if self.focus.row == "chain":
            return self.builder.placed()[self.focus.spot]
        return self.board.slot_of(*target, view)

    def draw_cursor(self, screen, view) -> None:
        slot = self.cursor_slot(view)
        if slot is not None:
            (slot.raised(self.px(theme.SPACE_NARROW)) if self.focus.holding else slot).light(screen, "cursor", self.px)

    def prompt_width(self) -> int:
        """The prompt stops short of the bottom seat's scoring cards beside it, once it has some,
        unless a passing remark would not fit its lines there: then it has the table's width, and
        the scoring cards give way while it shows (a remark lasts a moment; the points stay on the
        hand's label)."""
        full = super().prompt_width()
        if not self.seat_shown(self.current_view(), self.seats.bottom) or self.own_claims_w() < SHOWN_MIN_W:
            return full
        narrow = min(full, self.own_claims_left() - self.px(theme.SPACE_CLOSE) - self.area.x - self.px(theme.SPACE_LARGE))
        line = self.prompt_line
        if line.notice_time > 0 and line.notice and len(wrap(line.notice, self.px(PROMPT_SIZE), narrow)) > line.rows:
            return full
        return narrow

    def own_claims_left(self) -> int:
        """Where the bottom seat's scoring cards begin, fanned to the right edge of their room."""
        width, count = self.own_claims_w(), len(self.seat_shown(self.current_view(), self.seats.bottom))
        return max(self.own_claims.x, self.own_claims.right - width - int(width * SHOWN_STEP) * (count - 1))

    def own_claims_w(self) -> int:
        """How wide the bottom seat's scoring cards are drawn, above the draw buttons."""
        return card_width(self.own_claims.w, self.own_claims.h, columns=1, gap=0, most=self.board.card_w, least=0)

    def draw_own_claims(self, screen, view) -> None:
        """The bottom seat's scoring cards fanned to the right edge above the draw buttons."""
        cards = self.seat_shown(view, self.seats.bottom)
        width = self.own_claims_w()
        if not cards or width < SHOWN_MIN_W or self.prompt_width() > self.own_claims_left() - self.area.x:
            return
        row, room = self.own_claims_row, self.own_claims
        center_y = room.y + int(width * theme.CARD_RATIO) // 2
        row.place(room.x, center_y, width, len(cards), int(width * SHOWN_STEP), room=room.w)
        row.end_at(room.right)
        row.draw_cards(screen, cards)

    def draw_row(self, screen, label, cards, centers, hidden, kind, lit, veiled=()) -> None:
        """A row of the board's cards drawn at `centers`."""
        self.board.draw_row(screen, label, cards, [Slot(center, self.board.card_w) for center in centers], hidden, kind,
                            lit, veiled)

    # -- the words: the prompt, the hint, each seat's points, the match

    def show_hint(self) -> None:
        """The Normal computer's move (Enter makes it); the chain row shows its chain, or else the
        best chain the hand has now (L lays it); and a card the hand is one card short for."""
        super().show_hint()
        view = self.current_view()
        if not self.my_turn or view.draws_left:
            return
        best, _short = self.advice(view)
        if isinstance(self.choice, LayChain):
            self.builder.show(self.choice.start, self.choice.cards, self.choice.end, self.choice.scoring)
        elif best is not None:
            chain, scoring = best
            self.builder.show(chain.start, chain.cards, chain.end, scoring)
            said = self.describe(self.choice)
            self.say_notice(f"Hint: {said} (Enter); or L lays the best chain now, shown",
                            (f"Hint: {said} (Enter); L lays the chain shown",
                             f"Hint: {self.move_words(self.choice)} (Enter); L lays the chain shown"))
        self.builder.short_note = self.advice.short_words(view)

    def light_move(self, action) -> None:
        """A chain to lay is shown built in the chain row (Enter or L lays it); in a lesson the
        learner builds it by hand, each piece lit in turn (`building_spot`), and Enter still
        lays it whole."""
        super().light_move(action)
        if isinstance(action, LayChain) and self.lesson is None:
            self.builder.show(action.start, action.cards, action.end, action.scoring)

    def building_spot(self, action: LayChain):
        """Where the next piece of a chain being built by hand goes: its start anchor, then the
        chain row until its cards are in, in order, then its end anchor."""
        builder, view = self.builder, self.current_view()
        if not {action.start, action.end} <= set(view.anchors):
            return builder.rect
        if builder.start != action.start:
            return self.board.slot_of("anchor", action.start, view).rect
        if tuple(builder.built) != action.cards or builder.end == action.end:
            return builder.rect
        return self.board.slot_of("anchor", action.end, view).rect

    def describe(self, action) -> str:
        if isinstance(action, LayChain):
            shown = " shown" if self.lesson is None else ""   # a lesson's chain is built by hand
            return f"lay the chain of {action.length}{shown}, for {action.scoring.points} points"
        return super().describe(action)

    def move_words(self, action) -> str:
        """A move in the fewest words, said to the viewer: "discard 15 Diamond" (the hint's and
        the 'Enter:' prompt's shortest wording: a seat's long name left out)."""
        return f"discard {action.card.label}" if isinstance(action, Discard) else self.describe(action)

    def turn_prompt(self, view, current: str) -> str:
        """The longest wording of what to do now that fits one line of the prompt; where none
        does (large text), the longest that fits the lines the prompt keeps."""
        words, size, width = self.advice.turn_words(view, current), self.px(PROMPT_SIZE), self.prompt_width()
        one = next((wording for wording in words if text_width(wording, size, bold=True) <= width), None)
        return one or next((wording for wording in words if len(wrap(wording, size, width, bold=True)) <= self.prompt_line.rows), words[-1])

    def spoken_prompt(self, view) -> str:
        if view.game_over or view.seat is None or view.current != view.seat:
            return self.prompt(view)
        return self.advice.turn_words(view, self.session.names[view.current])[0]

    def score_line(self) -> str:
        return self.scores.match_line() or super().score_line()

    def seat_note(self, view, seat: int) -> str:
        shown = self.seats.shows_cards(seat) if seat != self.seats.bottom else self.own_claims_w() >= SHOWN_MIN_W
        return self.scores.seat_note(view, seat, shown)

    seat_shown = Delegated("scores")
    match_totals = Delegated("scores")
    counts_wins = Delegated("scores")
    result_headline = Delegated("scores", "headline")
    result_note = Delegated("scores", "note")
    result_rows = Delegated("scores", "rows")
