"""The LINX table: the stock and the discard pile, the four anchors, the face-up scoring cards and
a chain row where the player builds a chain (start anchor, hand cards in order, end anchor), each
link lit green with what it shares or red with why not, before laying it.

By keyboard the arrows move a cursor over three rows (the table, the chain row, the hand) and Enter
acts on the card under it, so that a whole chain is built, reordered and claimed without a mouse;
what Enter will do is said in the prompt line as the cursor moves."""

from __future__ import annotations


import pygame

from game.linx.cards import DECK, LinxCard, ScoringCard
from game.linx.chains import best_chain, one_card_short, points_for
from game.linx.rules import (DISCARD, STOCK, AnchorsDealt, ChainLaid, Discard, Discarded, Draw, Drew, LayChain,
                             ScoringDealt, bonuses, game_points)

from scenes.table.hand import card_rect
from scenes.table.parts import Pile
from scenes.table.seats import SHOWN_MIN_W, SHOWN_STEP
from scenes.table.table import TableScene
from scenes.ui import cardart, theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, draw_lines, draw_text, fit_text, line_height, shortest_fit, text_width, wrap

LINK_OK, LINK_BAD = (90, 220, 120), (255, 135, 125)
CHAIN_KEYS = ("Keys: Up/Down a row \u00b7 Left/Right a card \u00b7 Enter adds, picks or lifts \u00b7 Delete takes "
              "out \u00b7 L lays \u00b7 C cancels \u00b7 H hint")


def link_words(a: LinxCard, b: LinxCard) -> tuple[bool, str]:
    """Whether two neighbours link, and what they share (or that they share nothing)."""
    if a.number == b.number:
        return True, f"both {a.number}"
    if a.symbol == b.symbol:
        return True, f"both {DECK.symbols[a.symbol].name}"
    return False, "no number or symbol shared"


# ---------------------------------------------------------------- the table


class LinxTable(TableScene):
    result_card_min_w = SHOWN_MIN_W + 6  # scoring cards: their figures read at 12 px and up

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.discard_pile = Pile()
        self.piles = {STOCK: self.draw_pile, DISCARD: self.discard_pile}
        self.draw_pile_button = Button("Draw from stock", lambda: self.perform(Draw(STOCK)))
        self.discard_button = Button("Take discard", lambda: self.perform(Draw(DISCARD)), color=theme.BUTTON_WARN)
        self.lay_button = Button("Lay", self.lay, color=theme.BUTTON_GO)
        self.cancel_button = Button("Cancel", self.cancel, color=theme.BUTTON_QUIET)
        self.start: LinxCard | None = None
        self.built: list[LinxCard] = []
        self.end: LinxCard | None = None
        self.claim: ScoringCard | None = None
        self.row: str | None = None        # the keyboard cursor's row: "hand", "chain" or "table"; None: mouse
        self.spot = 0                      # its place in that row
        self.holding = False               # the chain card under the cursor moves with Left/Right
        self.own_claims = pygame.Rect(0, 0, 0, 0)  # where the bottom seat's scoring cards go
        self.hint_short = ""               # after a hint: the card the hand is one card short for
        self._advice: tuple = (None, None, None)

    @staticmethod
    def hand_order(card):
        return card.symbol, card.number

    def action_buttons(self):
        return [(self.draw_pile_button, Draw(STOCK)), (self.discard_button, Draw(DISCARD))]

    def key_actions(self):
        return {pygame.K_s: Draw(STOCK), pygame.K_d: Draw(DISCARD)}

    def choosing_keys_help(self) -> str:
        return ("Up/Down move between your hand, the chain row and the table (the piles, anchors and "
                "scoring cards); Left/Right pick a card in that row; Enter: in your hand adds the card to the "
                "chain, on an anchor makes it the start or the end, on a scoring card claims it, on the discard "
                "pile discards the hand card picked, in the chain row lifts a card to move with Left/Right (Enter "
                "puts it down); Delete or Backspace returns a chain card to your hand")

    def key_labels(self):
        return super().key_labels() + [(pygame.K_l, "lays the chain"), (pygame.K_c, "cancels it (the cards go back to your hand)")]

    def set_aside(self) -> set:
        return set(self.built)

    # -- geometry

    def layout(self, size) -> None:
        middle = self.layout_seats(self.layout_frame(size))
        gap = self.px(12)
        label_h = line_height(self.px(15), bold=True)
        top_h = (middle.h - gap) * 11 // 20  # the most the row of piles, anchors and scoring cards may take
        label = self.px(15)
        pile_labels = text_width("Stock 90", label, bold=True), text_width("Discard 90", label, bold=True)
        by_height = int((top_h - label_h - gap) / theme.CARD_RATIO)
        by_width = (middle.w - self.px(68) - 8 * gap - max(0, max(pile_labels) - gap)) // 9
        self.board_w = max(24, min(self.px(84), by_height, by_width))
        card_h = int(self.board_w * theme.CARD_RATIO)
        cy = middle.y + label_h + card_h // 2 + self.px(4)
        step = self.board_w + gap
        pile_step = max(step, (sum(pile_labels) + 1) // 2 + gap)
        x = middle.x + self.px(20) + max(self.board_w, pile_labels[0]) // 2
        self.draw_pile.place((x, cy), self.board_w)
        self.discard_pile.place((x + pile_step, cy), self.board_w)
        anchors_x = self.discard_pile.center[0] + max(self.board_w, pile_labels[1]) // 2 + self.px(24) + self.board_w // 2
        self.anchor_centers = [(anchors_x + i * step, cy) for i in range(4)]
        scoring_x = anchors_x + 4 * step + self.px(24)
        self.scoring_centers = [(scoring_x + i * step, cy) for i in range(3)]
        self.label_y = middle.y
        row_top = cy + card_h // 2 + self.px(14) + gap  # the chain row takes all the height the cards leave
        self.chain_row = pygame.Rect(middle.x + self.px(12), row_top, middle.w - self.px(24), middle.bottom - row_top)
        button_h = max(self.px(34), self.lay_button.needed(self.px(17))[1])
        button_w = max(self.px(90), self.cancel_button.needed(self.px(17))[0])
        self.lay_button.rect = pygame.Rect(self.chain_row.right - button_w - self.px(8), self.chain_row.y + self.px(6),
                                           button_w, button_h)
        self.cancel_button.rect = self.lay_button.rect.move(0, button_h + self.px(6))
        below = line_height(self.px(13), bold=True) + 2 * line_height(self.px(13)) + self.px(4)  # links, status, reason
        self.chain_w = max(24, min(self.hand.width, int((self.chain_row.h - below - self.px(12)) / theme.CARD_RATIO)))
        top = self.chain_row.bottom + self.px(6)
        self.own_claims = pygame.Rect(self.draw_pile_button.rect.x, top, self.draw_pile_button.rect.w,
                                      self.draw_pile_button.rect.y - self.px(6) - top)

    def chain_cards(self) -> list:
        return [c for c in (self.start, *self.built, self.end) if c is not None]

    def chain_centers(self, count: int) -> list[tuple[int, int]]:
        row = self.chain_row
        room = self.lay_button.rect.x - row.x - self.px(24) - self.chain_w
        step = min(self.chain_w + self.px(18), room // max(1, count - 1)) if count > 1 else 0
        y = row.y + self.px(6) + int(self.chain_w * theme.CARD_RATIO) // 2
        return [(row.x + self.px(12) + self.chain_w // 2 + i * step, y) for i in range(count)]

    # -- the chain being built

    @property
    def laying(self) -> bool:
        """The viewer has drawn and may lay a chain or discard."""
        view = self.current_view()
        return self.my_turn and not view.draws_left

    def out_of_reach(self, view) -> set:
        """The face-up scoring cards a chain built so far (both anchors picked) is too short for."""
        if self.start is None or self.end is None or not self.built:
            return set()
        return set(view.scoring_up) - set(self.claimable())

    def claimable(self) -> list[ScoringCard]:
        """The face-up scoring cards the chain as built may take, best first."""
        if self.start is None or self.end is None or not self.built:
            return []
        length = len(self.built) + 2
        cards = [s for s in self.current_view().scoring_up if s.length <= length]
        return sorted(cards, key=lambda s: (-s.points, s.length))

    def rechoose_claim(self) -> None:
        """The best claim is preselected; a claim the player picked stays while the chain allows it."""
        cards = self.claimable()
        if self.claim not in cards:
            self.claim = cards[0] if cards else None

    def built_action(self) -> LayChain | None:
        if self.start is None or self.end is None or not self.built or self.claim is None:
            return None
        return LayChain(self.start, tuple(self.built), self.end, self.claim)

    def lay(self) -> None:
        action = self.built_action()
        if action is None:
            self.say("pick a start anchor, add cards from your hand, then an end anchor")
            return
        if self.perform(action, self.chain_row.center):
            self.cancel()

    def cancel(self) -> None:
        self.start = self.end = self.claim = None
        self.built = []
        self.holding = False
        self.hint_short = ""

    def pick_anchor(self, anchor: LinxCard) -> None:
        if anchor == self.start:
            self.start = None
        elif anchor == self.end:
            self.end = None
        elif self.start is None:
            self.start = anchor
            self.say_notice("Now drag hand cards into the chain row, in order, then click the end anchor.")
        else:
            self.end = anchor
        self.rechoose_claim()

    def add_to_chain(self, card, index: int | None = None) -> bool:
        if card in self.built:
            self.built.remove(card)
        self.built.insert(len(self.built) if index is None else index, card)
        self.rechoose_claim()
        return True

    def chain_index_at(self, x: int) -> int:
        """Where in the hand cards of the chain a card let go at `x` goes."""
        centers = self.chain_centers(len(self.chain_cards()))
        offset = 1 if self.start is not None else 0
        built_xs = [c[0] for c in centers[offset:offset + len(self.built)]]
        return sum(1 for bx in built_xs if bx < x)

    # -- input

    def card_usable(self, card) -> bool:
        return self.laying

    def hand_card_at(self, pos, view):
        if self.laying:
            cards = self.chain_cards()
            for card, center in zip(cards, self.chain_centers(len(cards))):
                if card in self.built and card_rect(center, self.chain_w).collidepoint(pos):
                    self.built.remove(card)
                    self.rechoose_claim()
                    return card, center
        return super().hand_card_at(pos, view)

    def handle(self, event) -> None:
        if self.laying and self.app.top is self:
            if self.lay_button.handle(event) or self.cancel_button.handle(event):
                return
            command = self.chain_keys().get(event.key) if event.type == pygame.KEYDOWN else None
            if command is not None:
                command()
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.row, self.holding = None, False
        super().handle(event)

    def chain_keys(self) -> dict:
        """The keys of the chain being built, besides the arrows and Enter."""
        return {pygame.K_l: self.lay, pygame.K_c: self.cancel_by_key, pygame.K_DELETE: self.remove_focused,
                pygame.K_BACKSPACE: self.remove_focused}

    def press_elsewhere(self, pos, view) -> None:
        for source in (STOCK, DISCARD):
            if self.piles[source].hit(pos) and Draw(source) in self.session.legal_actions():
                self.perform(Draw(source))
                return
        if not self.laying:
            return
        if self.piles[DISCARD].hit(pos) and self.hand.selected is not None:
            self.perform(Discard(self.hand.selected), self.discard_pile.center)
            return
        for anchor, center in zip(view.anchors, self.anchor_centers):
            if card_rect(center, self.board_w).collidepoint(pos):
                self.pick_anchor(anchor)
                return
        for scoring, center in zip(view.scoring_up, self.scoring_centers):
            if card_rect(center, self.board_w).collidepoint(pos):
                self.choose_claim(scoring)
                return

    def choose_claim(self, scoring: ScoringCard) -> None:
        if scoring in self.claimable():
            self.claim = scoring
        else:
            self.say(f"the {scoring.label} card needs a chain of {scoring.length} or more")

    def drop(self, card, drop_center, pointer) -> bool:
        if not self.laying:
            return False
        if self.piles[DISCARD].hit(pointer) or self.piles[DISCARD].hit(drop_center):
            return self.perform(Discard(card), drop_center)
        if self.chain_row.collidepoint(pointer) or self.chain_row.collidepoint(drop_center):
            return self.add_to_chain(card, self.chain_index_at(pointer[0]))
        return False

    def click_card(self, card) -> None:
        if not self.laying:
            return
        if self.start is not None:
            self.add_to_chain(card)
        elif card == self.hand.selected:
            self.hand.selected = None
        else:
            self.hand.selected = card
            self.choice = Discard(card)
            self.say_notice(f"Click the discard pile to discard {card.label}, or pick a start anchor to build a chain.")

    # -- the keyboard: a cursor over three rows, the table (piles, anchors, scoring cards), the
    # chain row and the hand; Left/Right move along a row, Up/Down between rows, Enter acts on the
    # card under the cursor (what it does is said in the prompt line)

    def row_spots(self, row: str, view) -> list:
        if row == "hand":
            return self.hand.cards(view)
        if row == "chain":
            return self.chain_cards()
        if view.draws_left:
            return [("pile", source) for source in (STOCK, DISCARD) if Draw(source) in self.session.legal_actions()]
        return ([("pile", DISCARD)] + [("anchor", card) for card in view.anchors]
                + [("scoring", card) for card in view.scoring_up])

    def open_rows(self, view) -> list[str]:
        """The rows the cursor may visit now, top to bottom."""
        rows = ("table",) if view.draws_left else ("table", "chain", "hand")
        return [row for row in rows if self.row_spots(row, view)]

    def focused(self, view):
        """What the cursor is on (None while the mouse is in use or the row is empty)."""
        if not self.my_turn or self.row not in self.open_rows(view):
            return None
        spots = self.row_spots(self.row, view)
        self.spot = min(max(self.spot, 0), len(spots) - 1)
        return spots[self.spot]

    def pick_card(self, step: int) -> None:
        """Left/Right: the next card along the cursor's row (or the held chain card moves)."""
        view = self.current_view()
        rows = self.open_rows(view)
        if not rows:
            return
        self.choice = None
        if self.focused(view) is None:
            self.enter_row("hand" if "hand" in rows else rows[0], view, step)
        elif self.holding:
            self.move_held(step)
        else:
            self.spot = (self.spot + step) % len(self.row_spots(self.row, view))
        self.tell_focus(view)

    def pick_move(self, step: int) -> None:
        """Up/Down: the row above or below."""
        view = self.current_view()
        rows = self.open_rows(view)
        if not rows:
            return
        self.choice = None
        self.holding = False
        if self.focused(view) is None:
            self.enter_row(rows[-1], view, 1)
        else:
            self.enter_row(rows[min(max(rows.index(self.row) + step, 0), len(rows) - 1)], view, 1)
        self.tell_focus(view)

    def enter_row(self, row: str, view, step: int) -> None:
        if row != self.row:
            self.spot = 0 if step > 0 else len(self.row_spots(row, view)) - 1
        self.row = row

    def move_held(self, step: int) -> None:
        card = self.chain_cards()[self.spot]
        i = self.built.index(card)
        if 0 <= i + step < len(self.built):
            self.built[i], self.built[i + step] = self.built[i + step], card
            self.spot += step

    def tell_focus(self, view) -> None:
        """The prompt line says what Enter does on the card under the cursor."""
        target = self.focused(view)
        if target is None:
            return
        if self.row == "hand":
            self.hand.selected = target
            self.say_notice(f"Enter adds {target.label} to the chain; Up goes to the chain row and the table")
        elif self.row == "chain":
            self.say_notice(self.chain_spot_words(target))
        else:
            kind, thing = target
            if kind == "pile" and view.draws_left:
                self.choice = Draw(thing)
            self.say_notice(self.table_spot_words(kind, thing, view))

    def chain_spot_words(self, card) -> str:
        if card not in self.built:
            return f"{card.label} (anchor): Enter or Delete takes it off the chain"
        if self.holding:
            return f"Left/Right move {card.label} along the chain; Enter puts it down"
        return f"{card.label}: Enter lifts it to move it; Delete returns it to your hand; L lays the chain"

    def table_spot_words(self, kind: str, thing, view) -> str:
        if kind == "pile" and view.draws_left:
            return f"Enter: {self.describe(Draw(thing)).lower()}"
        if kind == "pile":
            selected = self.hand.selected
            return f"Enter discards {selected.label}" if selected in view.hand else "Pick a card in your hand to discard"
        if kind == "anchor":
            if thing in (self.start, self.end):
                return f"{thing.label}: Enter takes it off the chain"
            return f"Enter makes {thing.label} the {'start' if self.start is None else 'end'} anchor"
        if thing in self.claimable():
            return f"Enter claims the {thing.label} card"
        return f"The {thing.label} card needs a chain of {thing.length} or more"

    def confirm_choice(self) -> None:
        """Enter: the move picked (a draw, a hint's move, a card clicked to discard), else what the
        card under the cursor does."""
        view = self.current_view()
        target = self.focused(view)
        if self.choice is not None or target is None:
            super().confirm_choice()
        elif self.row == "hand":
            self.add_to_chain(target)
            self.tell_focus(view)
        elif self.row == "chain" and target in self.built:
            self.holding = not self.holding
            self.tell_focus(view)
        elif self.row == "chain":
            self.pick_anchor(target)
        else:
            self.use_table_spot(*target, view)

    def use_table_spot(self, kind: str, thing, view) -> None:
        if kind == "pile" and view.draws_left:
            self.perform(Draw(thing))
        elif kind == "anchor":
            self.pick_anchor(thing)
            self.tell_focus(view)
        elif kind == "scoring":
            self.choose_claim(thing)
        elif self.hand.selected in view.hand:
            self.perform(Discard(self.hand.selected), self.discard_pile.center)
        else:
            self.say("pick a card in your hand first (Down to your hand, Left/Right), then Enter here")

    def remove_focused(self) -> None:
        """Delete: the chain card under the cursor goes back to the hand (an anchor, off the chain)."""
        target = self.focused(self.current_view())
        if self.row != "chain" or target is None:
            return
        self.holding = False
        if target in self.built:
            self.built.remove(target)
            self.rechoose_claim()
        else:
            self.pick_anchor(target)

    def cancel_by_key(self) -> None:
        if self.chain_cards():
            self.cancel()
            self.say_notice("Chain cancelled: its cards are back in your hand")

    def action_spot(self, action):
        if isinstance(action, Draw):
            return self.piles[action.source].rect
        if isinstance(action, Discard):
            return self.piles[DISCARD].rect
        if isinstance(action, LayChain):
            return self.chain_row
        return None

    def event_spot(self, event):
        if isinstance(event, Drew):
            return self.piles[event.source].rect
        if isinstance(event, Discarded):
            return self.piles[DISCARD].rect
        if isinstance(event, AnchorsDealt) and event.cards:
            return self.anchors_rect()
        return None

    def anchors_rect(self) -> pygame.Rect:
        return card_rect(self.anchor_centers[0], self.board_w).union(card_rect(self.anchor_centers[-1], self.board_w))

    # -- events to motion

    def settle(self, events) -> None:
        """The chain row empties; a keyboard cursor goes on where the next decision is made."""
        self.cancel()
        if self.row is not None:
            view = self.current_view()
            self.row, self.spot = ("table" if view.draws_left else "hand"), 0
            if self.row == "hand" and view.hand:
                self.hand.selected = self.hand.cards(view)[0]

    def animate(self, event, origin) -> None:
        view = self.current_view()
        if isinstance(event, Drew):
            start = self.draw_pile.center if event.source == STOCK else self.discard_pile.center
            if event.seat == view.seat and event.card in view.hand:
                end = self.hand.card_center(view, event.card)
                self.motion.add(Flight(event.card, True, start, end, hides=(("hand-card", event.card),), duration=0.3))
            else:
                face_up = event.card is not None
                self.motion.add(Flight(event.card, face_up, start, self.seats.center(event.seat),
                                       hides=(("hand", event.seat),), duration=0.3))
        elif isinstance(event, Discarded):
            start = origin or self.seats.center(event.seat)
            self.motion.add(Flight(event.card, True, start, self.discard_pile.center, hides=(("discard",),), duration=0.3))
        elif isinstance(event, ChainLaid):
            end = self.seats.center(event.seat)
            self.motion.add(*[Flight(card, True, self.chain_row.center, end, duration=0.4, delay=0.04 * i)
                              for i, card in enumerate(event.cards)])
            self.say_notice(event.text(self.session.names))
        elif isinstance(event, AnchorsDealt):
            centers = dict(zip(view.anchors, self.anchor_centers))
            self.motion.add(*[Flight(card, True, self.draw_pile.center, centers[card], hides=(("anchor", card),),
                                     duration=0.4, delay=0.4 + 0.15 * i, flash=True)
                              for i, card in enumerate(event.cards) if card in centers])
        elif isinstance(event, ScoringDealt) and event.card is not None:
            centers = dict(zip(view.scoring_up, self.scoring_centers))
            if event.card in centers:
                x, y = self.scoring_centers[-1]
                self.motion.add(Flight(event.card, True, (x + self.board_w * 3 // 2, y), centers[event.card],
                                       hides=(("scoring", event.card),), duration=0.4, delay=0.3, flash=True))

    def flight_width(self) -> int:
        return self.board_w

    # -- drawing

    def paint_background(self, surface) -> None:
        super().paint_background(surface)
        pygame.draw.rect(surface, theme.FELT_DARK, self.chain_row, border_radius=10)

    def draw_board(self, screen, view, hidden) -> None:
        self.draw_piles(screen, view, hidden)
        self.draw_row(screen, "Anchors", view.anchors, self.anchor_centers, hidden, "anchor", {self.start, self.end})
        self.draw_row(screen, f"Scoring cards \u00b7 {view.scoring_left} left", view.scoring_up, self.scoring_centers,
                      hidden, "scoring", {self.claim}, self.out_of_reach(view))
        self.draw_chain(screen, view)
        self.draw_cursor(screen, view)
        self.draw_own_claims(screen, view)
        if self.laying:
            action = self.built_action()
            self.lay_button.enabled = action is not None and self.session.is_legal(action)
            self.lay_button.draw(screen, self.px(17))
            self.cancel_button.enabled = bool(self.chain_cards())
            self.cancel_button.draw(screen, self.px(17))

    def cursor_rect(self, view) -> pygame.Rect | None:
        """Where the keyboard cursor is on the board (in the hand, the raised card shows it)."""
        target = self.focused(view)
        if target is None or self.row == "hand":
            return None
        if self.row == "chain":
            return card_rect(self.chain_centers(len(self.chain_cards()))[self.spot], self.chain_w)
        kind, thing = target
        if kind == "pile":
            return self.piles[thing].rect
        centers = self.anchor_centers if kind == "anchor" else self.scoring_centers
        places = view.anchors if kind == "anchor" else view.scoring_up
        return card_rect(centers[places.index(thing)], self.board_w)

    def draw_cursor(self, screen, view) -> None:
        rect = self.cursor_rect(view)
        if rect is not None:
            if self.holding:
                rect = rect.move(0, -self.px(10))
            pygame.draw.rect(screen, theme.GLOW, rect.inflate(self.px(8), self.px(8)), max(2, self.px(4)),
                             border_radius=8)

    def own_claims_w(self) -> int:
        """How wide the bottom seat's scoring cards are drawn, above the draw buttons."""
        return min(self.board_w, int(self.own_claims.h / theme.CARD_RATIO))

    def draw_own_claims(self, screen, view) -> None:
        cards = self.seat_shown(view, self.seats.bottom)
        width = self.own_claims_w()
        if not cards or width < SHOWN_MIN_W:
            return
        room = self.own_claims.w - width
        step = min(int(width * SHOWN_STEP), room // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, card in enumerate(cards):
            screen.blit(cardart.face(card, width), (self.own_claims.right - width - step * (len(cards) - 1 - i),
                                                    self.own_claims.y))

    def draw_piles(self, screen, view, hidden) -> None:
        size = self.px(15)
        draw_text(screen, f"Stock {view.draw_pile_count}", size, theme.INK, (self.draw_pile.center[0], self.label_y), "midtop", bold=True)
        draw_text(screen, f"Discard {view.discard_count}", size, theme.INK, (self.discard_pile.center[0], self.label_y), "midtop", bold=True)
        self.draw_pile.draw_backs(screen, view.draw_pile_count)
        self.discard_pile.draw_top(screen, view.discard_top if ("discard",) not in hidden else None)

    def draw_row(self, screen, label, cards, centers, hidden, kind, lit, veiled=()) -> None:
        left = centers[0][0] - self.board_w // 2
        room = centers[-1][0] + self.board_w // 2 - left
        label = shortest_fit([label, label.split(" \u00b7 ")[0], label.split()[0]], self.px(15), room, bold=True)
        draw_text(screen, label, self.px(15), theme.INK, (left, self.label_y), bold=True)
        lit = list(lit)  # two equal scoring cards face up: only the first of them glows
        for card, center in zip(cards, centers):
            rect = card_rect(center, self.board_w)
            if (kind, card) in hidden:
                cardart.empty_slot(screen, rect)
                continue
            if card in lit:
                lit.remove(card)
                halo = cardart.glow(self.board_w)
                screen.blit(halo, halo.get_rect(center=center))
            screen.blit(cardart.face(card, self.board_w), rect)
            if card in veiled:
                screen.blit(cardart.shade(self.board_w), rect)

    def draw_chain(self, screen, view) -> None:
        """The chain row: its cards joined by links (green with what they share, red with why
        not), the length and claim under them; when empty, how to build a chain."""
        cards = self.chain_cards()
        row = self.chain_row
        small = self.px(13)
        text_left = row.x + self.px(12)
        text_w = self.lay_button.rect.x - text_left - self.px(8)
        if not cards:
            if self.laying:
                self.draw_chain_help(screen, small, text_left, text_w)
            return
        centers = self.chain_centers(len(cards))
        card_bottom = centers[0][1] + int(self.chain_w * theme.CARD_RATIO) // 2
        reasons = self.draw_links(screen, cards, centers, small, card_bottom, view)
        status = self.chain_status(view)
        y = card_bottom + line_height(small, bold=True) + self.px(2)
        draw_text(screen, fit_text(status, small, text_w), small, theme.INK, (text_left, y))
        if reasons:
            draw_text(screen, fit_text(reasons[0], small, text_w), small, LINK_BAD,
                      (text_left, y + line_height(small)))
        elif self.hint_short:
            draw_text(screen, fit_text(self.hint_short, small, text_w), small, theme.GOLD,
                      (text_left, y + line_height(small)))

    def draw_chain_help(self, screen, small: int, text_left: int, text_w: int) -> None:
        """The empty chain row says how a chain is built, and the keys."""
        row = self.chain_row
        lines = (wrap(self.hint_short, small, text_w) if self.hint_short else []) + wrap(
            "Chain row: click a start anchor, drag hand cards here in order, then click the end anchor.",
            small, text_w) + wrap(CHAIN_KEYS, small, text_w)
        room = (row.bottom - row.y - self.px(16)) // line_height(small)
        draw_lines(screen, lines[:room], small, theme.INK_DIM, (text_left, row.y + self.px(8)))

    def draw_links(self, screen, cards, centers, small: int, card_bottom: int, view) -> list[str]:
        """The cards with a line between neighbours and what they share under it; returns why
        the broken links do not link."""
        reasons = []
        for (a, ca), (b, cb) in zip(zip(cards, centers), zip(cards[1:], centers[1:])):
            ok, words = link_words(a, b)
            y = ca[1]
            pygame.draw.line(screen, LINK_OK if ok else LINK_BAD, (ca[0], y), (cb[0], y), max(3, self.px(6)))
            if not ok:
                reasons.append(f"{a.label} to {b.label}: {words}")
        held = self.focused(view) if self.holding else None
        for card, center in zip(cards, centers):
            lift = self.px(10) if card == held else 0
            screen.blit(cardart.face(card, self.chain_w), card_rect((center[0], center[1] - lift), self.chain_w))
        for (a, ca), (b, cb) in zip(zip(cards, centers), zip(cards[1:], centers[1:])):
            ok, words = link_words(a, b)
            shared = "\u2713 " + words.removeprefix("both ") if ok else "\u2715"
            mark = shared if text_width(shared, small, bold=True) <= cb[0] - ca[0] - self.px(4) else shared[0]
            draw_text(screen, mark, small, LINK_OK if ok else LINK_BAD, ((ca[0] + cb[0]) // 2, card_bottom + self.px(2)),
                      "midtop", bold=True)
        return reasons

    def chain_status(self, view) -> str:
        length = len(self.chain_cards()) + (0 if self.end is not None else 1) + (0 if self.start is not None else 1)
        need = view.min_length
        broken = sum(1 for a, b in zip(self.chain_cards(), self.chain_cards()[1:]) if not link_words(a, b)[0])
        if broken:
            claim = f"{broken} broken link{'s' if broken > 1 else ''}: drag a card out or reorder"
        elif self.claim:
            claim = f"claims {self.claim.label} (click a scoring card to change)"
        else:
            claim = f"needs {need} or more to claim" if need else "no scoring cards"
        ends = "" if self.start is not None and self.end is not None else " (with both anchors)"
        return f"Length {length}{ends} \u00b7 {claim}"

    def score_line(self) -> str:
        """In match play, the match so far (scores before this game) and the target."""
        view = self.session.view(None)
        if not view.match:
            return super().score_line()
        scores = "   ".join(f"{name} {score}" for name, score in zip(self.session.names, view.match_scores))
        game = "tie-break game" if view.tiebreak else f"game {self.session.game_number + 1}"
        return f"Match to {view.target}  \u00b7  {game}  \u00b7  {scores}"

    def seat_shown(self, view, seat: int) -> list:
        """The scoring cards the seat claimed, highest first."""
        return sorted(view.claimed[seat], key=lambda s: (-s.points, -s.length))

    def seat_note(self, view, seat: int) -> str:
        """Points, and which cards make them where the cards themselves are not shown."""
        claimed = view.claimed[seat]
        note = f"{game_points(claimed)} pts"
        shown = self.seats.shows_cards(seat) if seat != self.seats.bottom else self.own_claims_w() >= SHOWN_MIN_W
        if claimed and not shown:
            note += " (" + ", ".join(str(s.points) for s in claimed) + ")"
        if view.match:
            note += f" \u00b7 match {view.match_scores[seat]}"
        return note

    def advice(self, view) -> tuple:
        """(the best chain the hand can lay now with the card it claims, or None; a card the hand is
        one card short for, with the chain it would make, worth the most and more than the best
        now, or None), worked out once a position."""
        key = (self.session.game_number, len(self.session.history), view.seat)
        if self._advice[0] != key:
            best = best_chain(view.hand, view.anchors, view.scoring_up) if view.scoring_up else None
            short = None
            if view.min_length:
                seen = {*view.hand, *view.anchors, *view.laid, *(c for taken in view.taken for c in taken)}
                found = one_card_short(view.hand, view.anchors, view.min_length,
                                       [c for c in DECK.playing if c not in seen])
                worth = (lambda pair: (points_for(pair[1].length, view.scoring_up), pair[1].length))
                short = max(found, key=worth) if found else None
                if short is not None and best is not None and worth(short)[0] <= best[1].points:
                    short = None  # a longer chain that claims no more is no advice
            self._advice = (key, best, short)
        return self._advice[1:]

    def short_words(self, view) -> str:
        _best, short = self.advice(view)
        if short is None:
            return ""
        extra, chain = short
        return (f"One card short: {extra.label} would make a chain of {chain.length} "
                f"(for {points_for(chain.length, view.scoring_up)})")

    def show_hint(self) -> None:
        """The Normal computer's move (Enter makes it); the chain row shows its chain, or else the
        best chain the hand has now (L lays it); and a card the hand is one card short for."""
        super().show_hint()
        view = self.current_view()
        if not self.my_turn or view.draws_left:
            return
        best, _short = self.advice(view)
        if isinstance(self.choice, LayChain):
            self.start, self.built, self.end = self.choice.start, list(self.choice.cards), self.choice.end
            self.claim = self.choice.scoring
        elif best is not None:
            chain, scoring = best
            self.start, self.built, self.end, self.claim = chain.start, list(chain.cards), chain.end, scoring
            self.say_notice(f"Hint: {self.describe(self.choice)} (Enter); or L lays the best chain now, shown")
        self.hint_short = self.short_words(view)

    def describe(self, action) -> str:
        if isinstance(action, LayChain):
            return f"lay the chain of {action.length} shown, for {action.scoring.points} points"
        return super().describe(action)

    def turn_prompt(self, view, current: str) -> str:
        """The longest wording of what to do now that fits the prompt line."""
        return shortest_fit(self.turn_words(view, current), self.px(19), self.prompt_width(), bold=True)

    def turn_words(self, view, current: str) -> list[str]:
        if view.draws_left:
            return self.draw_words(view, current)
        best, short = self.advice(view)
        if best is not None:
            chain, scoring = best
            return [f"Lay a chain or discard: your best now is {chain.length} long for {scoring.points} (H shows it)",
                    f"Lay or discard: best now {chain.length} long for {scoring.points} (H shows it)"]
        if short is not None:
            extra, chain = short
            return [f"Discard a card: one card short: {extra.label} would make a chain of {chain.length}",
                    f"Discard: one card short: {extra.label} would make {chain.length}"]
        return ["No chain yet: drag a card onto the discard pile"]

    def draw_words(self, view, name: str) -> list[str]:
        """The draw as the rules say it, longest wording first: one card with ten or more in hand,
        else two, one at a time, the second chosen after seeing the first."""
        piles, short = "click the stock or the discard pile", "(stock or discard pile)"
        first = self.first_of_two(view)
        if first is not None:
            return [f"{name}, you drew {first.label}: now draw the second card: {piles}",
                    f"You drew {first.label}: now the second card {short}",
                    f"You drew {first.label}: now the second (stock or discard)"]
        held = len(view.hand)
        if view.draws_left == 1:
            return [f"Your turn, {name}: you hold {held} cards, so draw one: {piles}",
                    f"Your turn: you hold {held}, so draw one card {short}",
                    f"You hold {held}: draw one card (stock or discard)"]
        return [f"Your turn, {name}: you hold {held} cards (under 10), so draw two, one at a time: {piles}",
                f"Your turn: you hold {held} (under 10): draw two, one at a time {short}",
                f"You hold {held}: draw two, one at a time (stock or discard)"]

    def first_of_two(self, view) -> LinxCard | None:
        """The card the viewer just drew when it has a second still to draw, else None."""
        history = self.session.history
        last = history[-1][1] if history else None
        if view.draws_left and type(last) is Drew and last.seat == view.seat:
            return last.card
        return None

    def match_totals(self) -> tuple[int, ...]:
        """Each seat's match score with the finished game counted (as the rules count it)."""
        return self.session.rules.match_totals(self.session.state)

    def counts_wins(self) -> bool:
        return not self.session.view(None).match

    def result_headline(self) -> str:
        view = self.session.view(None)
        if not view.match or not self.session.session_over:
            return ""
        champion = self.session.names[self.session.rules.match_winners(self.session.state)[0]]
        return f"{champion} wins the match!"

    def result_note(self) -> str:
        """The match table: every seat's match score, and what happens next."""
        view = self.session.view(None)
        if not view.match:
            return ""
        totals = self.match_totals()
        order = sorted(range(view.players), key=lambda seat: -totals[seat])
        table = ", ".join(f"{self.session.names[seat]} {totals[seat]}" for seat in order)
        if self.session.session_over:
            return f"Match to {view.target}: {table}."
        following = self.session.rules.next_game_config(self.session.config["rules"], self.session.state)
        if following.get("tiebreak"):
            tied = " and ".join(self.session.names[seat] for seat in following["seats_in"])
            return f"Match to {view.target}: {table}. Tied at the top: {tied} play another game to settle it."
        return f"Match to {view.target}: {table}. The match goes on."

    def result_rows(self):
        """Each seat's scoring cards and total (with the cards that break a tie on points); in
        match play the bonus and the match score."""
        view = self.session.view(None)
        bonus = bonuses(view.claimed, view.seats_in) if view.match and not view.tiebreak else {}
        points = {seat: game_points(view.claimed[seat]) for seat in view.seats_in}
        totals = self.match_totals() if view.match else ()
        rows = []
        for seat in view.seats_in:
            claimed = tuple(sorted(view.claimed[seat], key=lambda s: -s.points))
            summary = f"{points[seat]} points"
            if sum(1 for other in view.seats_in if points[other] == points[seat]) > 1 and claimed:
                summary += " \u00b7 tie-break " + ", ".join(str(s.points) for s in claimed)
            if view.match and view.tiebreak:
                summary += f" \u00b7 match {totals[seat]}/{view.target} (this game settles the tie)"
            elif view.match:
                summary += f" \u00b7 +{bonus.get(seat, 0)} bonus \u00b7 match {totals[seat]}/{view.target}"
            rows.append((seat, claimed, summary))
        return rows
