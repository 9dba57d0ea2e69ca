"""The Sovereign's Chain table: one chain per player in rows (positions left to right, stacks as
offset edges), the piles, the active event and the token supply at the right, the viewer's pool
as tokens to drag onto cards, and the hand at the bottom.

Every choice of a turn is an action the engine lists: a hand card is dragged onto a chain (or onto
the board, for the secret picks), an ability's target is a click on a glowing card, and Skip,
End turn, Shift suit and the two suits of a suit choice are buttons.

By keyboard, besides the hand cards (Left/Right, Up/Down, Enter): when a choice names no hand
card (an ability's target, a suit, a token, the unseen discard under Hostile Orbit), Left/Right
and Up/Down go through those moves, each lit on the table and said in words, and Enter makes it."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.sovereign.actions import (Cover, Covered, Discard, Discarded, EndTurn, EventDrawn, Fizzled, Flip, Flipped, Open,
                                    Pick, PlaceModifier, PlaceShield, Play, PlayDiscard, PlayDiscardOn, Played,
                                    PlayOn, Reveal,
                                    RevealPhase, Salvage, Scored, SetSuit, ShiftSuit, Skip, SuddenDeath,
                                    SuitChanged, TokenPlaced, TokensTaken, Tuck, Tucked)
from game.sovereign.cards import PLANET, STAR, SUIT_SYMBOLS, ClassCard
from game.sovereign.rules import PROMPTS
from game.sovereign.state import MODIFIER, SHIELD, SUIT

from scenes.games.sovereign.cards import TokenMark
from scenes.games.sovereign.pool import TokenPool
from scenes.table.hand import card_rect
from scenes.table.parts import Pile
from scenes.table.seats import Seats
from scenes.table.choosing import action_cards
from scenes.table.table import TableScene
from scenes.ui import cardart, theme
from scenes.ui.motion import Flight
from scenes.ui.widgets import Button, draw_text, fit_text, line_height, panel, text_width, wrap

TARGET_ACTIONS = (Discard, SetSuit, Flip, Cover, PlaceModifier, PlaceShield)
PLAY_ACTIONS = (Play, PlayDiscard, PlayOn, PlayDiscardOn)


def class_order(card: ClassCard):
    """A Sovereign's Chain hand: by class, then value."""
    return card.kind, card.value, card.copy


# ---------------------------------------------------------------- the table


class ChainSeats(Seats):
    """The seats of this table are its chain rows (name, hand count, pool): no row of boxes."""

    def draw(self, screen, view, hidden) -> None:
        return None


class SovereignTable(TableScene):
    hand_order = staticmethod(class_order)
    select_notice = "Now click the chain to play it on."

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.seats = ChainSeats(self)
        self.discard_pile = Pile()
        self.skip_button = Button("Skip", lambda: self.perform(Skip()), color=theme.BUTTON_WARN)
        self.end_button = Button("End turn", lambda: self.perform(EndTurn()), color=theme.BUTTON_GO)
        self.shift_button = Button("Shift suit", lambda: self.perform(ShiftSuit()))
        self.suit_buttons = {suit: Button(f"{SUIT_SYMBOLS[suit]} {suit.title()}", lambda s=suit: self.choose_suit(s))
                             for suit in (STAR, PLANET)}
        self.suit_target: tuple[int, int] | None = None  # a card picked for a suit choice
        self.pool = TokenPool()
        self.button_slots: list[pygame.Rect] = []
        self.paced = False  # the move being shown goes step by step (see `settle`)

    # -- the actions of buttons and keys

    def action_buttons(self):
        legal = self.session.legal_actions() if self.session.to_move is not None else []
        found = []
        suit_target = self.suit_choice(legal)
        if suit_target is not None:
            chain, position = suit_target
            found = [(self.suit_buttons[suit], SetSuit(chain, position, suit)) for suit in (STAR, PLANET)]
        else:
            if ShiftSuit() in legal:
                found.append((self.shift_button, ShiftSuit()))
            if Skip() in legal:
                found.append((self.skip_button, Skip()))
            if EndTurn() in legal:
                found.append((self.end_button, EndTurn()))
        for (button, _action), slot in zip(found, self.button_slots):
            button.rect = slot
        return found[:len(self.button_slots)]

    def key_actions(self):
        return {pygame.K_s: Skip(), pygame.K_e: EndTurn(), pygame.K_f: ShiftSuit()}

    def key_labels(self):
        return [(pygame.K_s, "Skip"), (pygame.K_e, "End turn"), (pygame.K_f, "Shift suit")]

    def suit_choice(self, legal) -> tuple[int, int] | None:
        """The card whose suit the two suit buttons set: the one clicked, or the only card a suit
        choice can name (a Mercenary choosing its own suit)."""
        if self.suit_target is not None:
            return self.suit_target
        spots = {(a.chain, a.position) for a in legal if isinstance(a, SetSuit)}
        if len(spots) == 1 and sum(isinstance(a, SetSuit) for a in legal) > 1:
            return spots.pop()
        return None

    def choose_suit(self, suit: str) -> None:
        chain, position = self.suit_choice(self.legal())
        self.suit_target = None
        self.perform(SetSuit(chain, position, suit))

    # -- by keyboard: the moves that name no hand card

    def table_moves(self) -> list:
        """Legal moves that play no hand card and have no key of their own: ability targets,
        suits, tokens, the discard pile."""
        keyed = set(self.key_actions().values())
        hand = set(self.current_view().hand)
        return [a for a in self.legal() if a not in keyed and not hand.intersection(action_cards(a))]

    def pick_card(self, step: int) -> None:
        """Left/Right: the usable hand cards in turn, then (when there are any) the moves on the table."""
        moves = self.table_moves()
        if not moves:
            super().pick_card(step)
            return
        usable = [card for card in self.hand.cards(self.current_view()) if self.card_actions(card)]
        slots = usable + [None]  # None: the moves on the table
        if self.hand.selected in usable:
            index = usable.index(self.hand.selected) + step
        elif self.choice in moves:
            index = len(usable) + step
        else:
            index = 0 if step > 0 else -1
        picked = slots[index % len(slots)]
        if picked is None:
            self.hand.selected = None
            self.pick_table_move(moves, 0)
        else:
            self.hand.selected = picked
            self.choice = self.card_actions(picked)[0]

    def pick_move(self, step: int) -> None:
        """Up/Down: the selected card's moves, or the next move on the table."""
        moves = self.table_moves()
        if self.hand.selected is None and moves:
            self.pick_table_move(moves, step)
        else:
            super().pick_move(step)

    def keys_help(self) -> str:
        return (super().keys_help() + " A choice on the table (an ability's target, a suit, a token, the discard "
                "pile): Left/Right reach it after the hand cards, Up/Down go through such choices, Enter makes it.")

    def pick_table_move(self, moves: list, step: int) -> None:
        index = moves.index(self.choice) + step if self.choice in moves else 0
        self.choice = moves[index % len(moves)]
        self.say_notice(f"{self.describe(self.choice)}: Enter to choose it.")

    # -- geometry

    def layout(self, size) -> None:
        area = self.layout_frame(size)
        self.area = area
        self.seats.layout(area, 0)
        card_w = self.px(92)
        hand_y = area.bottom - int(card_w * theme.CARD_RATIO) - self.px(22)
        self.prompt_y = hand_y - self.px(10) - line_height(self.px(15)) - line_height(self.px(19), bold=True)
        bx = area.right - self.px(150)
        self.button_slots = [pygame.Rect(bx, hand_y + self.px(8) + i * self.px(58), self.px(130), self.px(50))
                             for i in range(2)]
        self.hand.layout(area.x, bx - self.px(20), hand_y, card_w)
        self.pool.place(pygame.Rect(bx, self.prompt_y, self.px(130), hand_y + self.px(4) - self.prompt_y), self.px(20),
                        self.px(8))
        self.side_w = max(self.px(190), area.w // 5)
        prompt_top = self.prompt_y + self.prompt_line.height(1) - self.prompt_line.height()
        self.side = pygame.Rect(area.right - self.side_w - self.px(8), area.y + self.px(8), self.side_w,
                                prompt_top - area.y - self.px(16))
        self.middle = pygame.Rect(area.x + self.px(8), area.y + self.px(8), self.side.x - area.x - self.px(16),
                                  self.side.h)
        self.row_h = self.middle.h // len(self.session.seats)
        self.label_h = line_height(self.px(15), bold=True)
        self.chain_w = max(16, min(self.px(104), int((self.row_h - self.label_h - self.px(14)) / theme.CARD_RATIO),
                                   (self.middle.w - self.px(24) - 7 * 4) // 8))
        pile_w = max(16, min(self.px(60), (self.side.w - self.px(30)) // 2))
        pile_y = self.side.y + self.px(10) + int(pile_w * theme.CARD_RATIO) // 2
        self.draw_pile.place((self.side.x + self.side.w // 4, pile_y), pile_w)
        self.discard_pile.place((self.side.x + self.side.w * 3 // 4, pile_y), pile_w)

    def row(self, chain: int) -> pygame.Rect:
        """Chain rows top to bottom in turn order from the seat at the bottom of the table, which is last."""
        players = len(self.session.seats)
        bottom = self.seats.bottom
        order = [(bottom + k) % players for k in range(1, players)] + [bottom]
        index = order.index(chain)
        return pygame.Rect(self.middle.x, self.middle.y + index * self.row_h, self.middle.w, self.row_h - self.px(6))

    def position_center(self, chain: int, position: int) -> tuple[int, int]:
        row = self.row(chain)
        step = self.chain_w + max(4, (row.w - self.px(16) - self.hand_room() - 7 * self.chain_w) // 7)
        x = row.x + self.px(8) + self.chain_w // 2 + position * step
        y = row.y + self.label_h + self.px(4) + int(self.chain_w * theme.CARD_RATIO) // 2 + self.px(4)
        return x, y

    def hand_room(self) -> int:
        """The width kept at the right of each row for that seat's hand, as backs."""
        return self.chain_w + self.px(8)

    def position_rect(self, chain: int, position: int) -> pygame.Rect:
        return card_rect(self.position_center(chain, position), self.chain_w)

    def spot_at(self, pos, view) -> tuple[int, int] | None:
        """(chain, position) of the card in play under `pos`."""
        for chain, stacks in enumerate(view.chains):
            for position in range(len(stacks)):
                if self.position_rect(chain, position).inflate(self.px(6), self.px(6)).collidepoint(pos):
                    return chain, position
        return None

    def chain_at(self, pos) -> int | None:
        for chain in range(len(self.session.seats)):
            if self.row(chain).collidepoint(pos):
                return chain
        return None

    # -- what the viewer may do

    def legal(self) -> list:
        return self.session.legal_actions() if self.my_turn else []

    def card_usable(self, card) -> bool:
        return bool(self.card_actions(card))

    def target_actions(self, chain: int, position: int) -> list:
        """The legal ability or token choices that name this card in play."""
        return [a for a in self.legal() if isinstance(a, TARGET_ACTIONS + (Reveal,))
                and getattr(a, "chain", self.session.to_move) == chain and a.position == position]

    def glowing_spots(self) -> set[tuple[int, int]]:
        spots = set()
        for action in self.legal():
            if isinstance(action, TARGET_ACTIONS) and self.pool.allows(self.pool.picked, action):
                spots.add((action.chain, action.position))
            elif isinstance(action, Reveal):
                spots.add((self.session.to_move, action.position))
        return spots


    def playable_chains(self, card) -> list[int]:
        return [a.chain for a in self.legal() if isinstance(a, Play) and a.card == card]

    def card_action(self, card, chain: int | None):
        """The move a hand card makes when dropped on `chain` (None: anywhere on the board)."""
        actions = self.card_actions(card)
        for action in actions:
            if isinstance(action, Play) and action.chain == chain:
                return action
        return next((a for a in actions if not isinstance(a, Play)), None)

    # -- input

    def drop(self, card, drop_center, pointer) -> bool:
        chain = self.chain_at(drop_center)
        if chain is None:
            chain = self.chain_at(pointer)
        action = self.card_action(card, chain)
        if action is None:
            if chain is not None and any(isinstance(a, Play) for a in self.card_actions(card)):
                self.say(self.session.why_illegal(Play(card, chain)))
            return False
        return self.perform(action, drop_center)

    def click_card(self, card) -> None:
        actions = self.card_actions(card)
        if len(actions) == 1:
            self.perform(actions[0], self.chooser.origin(actions[0]))
        elif card == self.hand.selected:
            self.hand.selected = None
        elif actions:
            self.hand.selected = card
            self.say_notice(self.select_notice)
        else:
            self.explain(card)

    def explain(self, card) -> None:
        legal = self.legal()
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            self.say(f"not now: {self.decision_prompt()}")
        else:
            self.say(self.session.why_illegal(Play(card, self.session.to_move)))

    def press(self, pos, view) -> None:
        if view.seat is not None and self.my_turn:
            kind = self.pool.kind_at(pos)
            if kind is not None and self.token_usable(kind):
                self.pool.pick(kind, pos)
                return
        super().press(pos, view)

    @staticmethod
    def skips(event) -> bool:
        """A click, Space or Enter skips the rest of a paced move."""
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))

    def token_usable(self, kind: str) -> bool:
        return any(self.pool.allows(kind, a) for a in self.legal() if isinstance(a, (PlaceShield, PlaceModifier)))

    def handle(self, event) -> None:
        if self.paced and self.motion.busy and self.skips(event):
            self.motion.clear()
            return
        if event.type == pygame.MOUSEMOTION and self.pool.dragged_to is not None:
            self.pool.dragged_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pool.dragged_to is not None:
            self.pool.dragged_to = None
            spot = self.spot_at(event.pos, self.current_view())
            if spot is not None and self.place_token(*spot):
                return
        super().handle(event)

    def place_token(self, chain: int, position: int) -> bool:
        moves = [a for a in self.target_actions(chain, position)
                 if isinstance(a, (PlaceShield, PlaceModifier)) and self.pool.allows(self.pool.picked, a)]
        if self.pool.picked is None or not moves:
            return False
        self.pool.picked = None
        return self.perform(moves[0])

    def press_elsewhere(self, pos, view) -> None:
        spot = self.spot_at(pos, view)
        if self.discard_pile.hit(pos):
            self.play_discard(view)
            return
        if spot is not None:
            self.choose_target(*spot)
            return
        chain = self.chain_at(pos)
        if chain is not None and self.hand.selected is not None:
            action = self.card_action(self.hand.selected, chain)
            self.hand.selected = None
            if action is not None:
                self.perform(action)

    def discard_playable(self) -> bool:
        return any(isinstance(a, PlayDiscard) for a in self.legal())

    def play_discard(self, view) -> None:
        """Hostile Orbit: the top discard goes on the chain of the one who plays it, if it may."""
        plays = [a for a in self.legal() if isinstance(a, PlayDiscard)]
        own = [a for a in plays if a.chain == view.seat]
        if plays:
            self.perform((own or plays)[0])

    def choose_target(self, chain: int, position: int) -> None:
        """A click on a card in play: the ability's target, a token's card, or a card to reveal."""
        if self.pool.picked is not None and self.place_token(chain, position):
            return
        moves = [a for a in self.target_actions(chain, position) if not isinstance(a, (PlaceShield, PlaceModifier))]
        suits = [a for a in moves if isinstance(a, SetSuit)]
        if len(suits) > 1:
            self.suit_target = (chain, position)
            self.say_notice("Choose the suit: star or planet.")
        elif len(moves) >= 1:
            self.perform(moves[0])
        else:
            stack = self.current_view().chains[chain][position]
            if stack and stack[-1].shield:
                self.say("that card is shielded: no ability or token may target it")
            elif self.pool.picked is None and any(isinstance(a, (PlaceShield, PlaceModifier)) for a in self.legal()):
                self.say_notice("Pick a token from your pool first, then the card.")

    def light_move(self, action) -> None:
        """A token to place is shown picked in the pool (a click on the lit card places it)."""
        super().light_move(action)
        if isinstance(action, PlaceShield):
            self.pool.picked = "shield"
        elif isinstance(action, PlaceModifier):
            self.pool.picked = f"{action.delta:+d}"

    def show_move(self, events, origin, by_table: bool = False) -> None:
        self.suit_target = None
        self.pool.picked = None
        super().show_move(events, origin, by_table)

    # -- where moves land

    def action_spot(self, action):
        seat = self.session.to_move
        if isinstance(action, (Play, PlayDiscard)):
            return self.position_rect(action.chain, len(self.current_view().chains[action.chain]))
        if isinstance(action, (Open, Pick)):
            return self.position_rect(seat, len(self.current_view().chains[seat]))
        if isinstance(action, Reveal):
            return self.position_rect(seat, action.position)
        if isinstance(action, TARGET_ACTIONS):
            return self.position_rect(action.chain, action.position)
        if isinstance(action, Salvage):
            return self.discard_pile.rect
        if isinstance(action, Tuck):
            return self.source_spot()
        return None

    def source_spot(self) -> pygame.Rect | None:
        """Where the card whose ability asks is in play (the Runner a card is tucked beneath)."""
        view = self.current_view()
        source = view.pending.source if view.pending is not None else None
        for chain, stacks in enumerate(view.chains):
            for position, stack in enumerate(stacks):
                if source is not None and stack and stack[-1].card == source:
                    return self.position_rect(chain, position)
        return None

    def event_spot(self, event):
        if isinstance(event, (Played, Flipped, SuitChanged, TokenPlaced, Discarded, Covered, Tucked)):
            return self.position_rect(event.chain, event.position)
        return None

    # -- events to motion

    def settle(self, events) -> None:
        """The moves of the game's end (the Reveal Phase, scoring, sudden death) and every move
        that turns a card up are shown step by step, each step captioned on the table."""
        self.paced = self.current_view().first_to_seven is not None or any(
            isinstance(event, Flipped) and event.face_up for event in events)

    def animate(self, event, origin) -> None:
        if self.paced:
            self.show_step(event, origin)
        elif isinstance(event, Played):
            self.motion.add(self.landing(event, origin))
        elif isinstance(event, Flipped):
            self.motion.add(self.turning(event))
        elif isinstance(event, TokenPlaced) and event.seat != self.turns.viewer:
            self.motion.add(self.token_flight(event))
        elif isinstance(event, (RevealPhase, SuddenDeath, EventDrawn, Scored, Fizzled)):
            self.say_notice(event.text(self.session.names))

    def token_flight(self, event, **step) -> Flight:
        """A token placed flies from its seat's pool onto the card; tokens taken fly from the
        supply into the pool."""
        if isinstance(event, TokenPlaced):
            kind = "shield" if event.kind == "shield" else f"{event.delta:+d}"
            return Flight(TokenMark(kind), True, self.pool_spot(event.seat),
                          self.position_center(event.chain, event.position), duration=0.4, **step)
        kind = "shield" if event.kind == "shield" else "+1"
        return Flight(TokenMark(kind), True, self.supply_spot(), self.pool_spot(event.seat), duration=0.5, **step)

    def pool_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's pool is: the viewer's tokens above the buttons, another's row label."""
        if seat == self.turns.viewer:
            return self.pool.rect.center
        row = self.row(seat)
        return row.x + self.px(60), row.y + self.label_h // 2

    def supply_spot(self) -> tuple[int, int]:
        """The token supply's line under the piles."""
        return (self.side.centerx, self.draw_pile.center[1] + self.draw_pile.rect.h // 2
                + line_height(self.px(14)) + self.px(14))

    def landing(self, event: Played, origin, **step) -> Flight:
        start = origin or (self.discard_pile.center if event.from_discard else self.seat_spot(event.seat))
        return Flight(event.card if event.face_up else None, event.face_up and event.card is not None, start,
                      self.position_center(event.chain, event.position),
                      hides=(("spot", event.chain, event.position),), **step)

    def turning(self, event: Flipped, **step) -> Flight:
        center = self.position_center(event.chain, event.position)
        return Flight(event.card, event.face_up and event.card is not None, center, center, duration=0.45, turns=True,
                      hides=(("spot", event.chain, event.position),), **step)

    def step_pace(self) -> float:
        """How long a step of the Reveal Phase stays on the table: the computer-speed setting."""
        return theme.COMPUTER_PACE.get(self.app.settings.get("computer_speed"), 0.75)

    def show_step(self, event, origin) -> None:
        """One step of a paced move: the card turning up at its place, a card flying to the
        discard, the card an ability touched glowing, or only words; each with its caption."""
        pace = self.step_pace()
        caption = event.text(self.session.names)
        if isinstance(event, Played):
            self.motion.add(self.landing(event, origin, caption=caption, hold=pace))
        elif isinstance(event, Flipped):
            self.motion.add(self.turning(event, caption=caption, hold=pace))
        elif isinstance(event, Discarded):
            start = self.position_center(event.chain, event.position)
            self.motion.add(Flight(event.card, event.card is not None, start, self.discard_pile.center, delay=pace * 0.6,
                                   flash=True, caption=caption, caption_at=start, hold=pace * 0.4))
        elif isinstance(event, TokenPlaced) or (isinstance(event, TokensTaken) and event.count):
            self.motion.add(self.token_flight(event, caption=caption, hold=pace * 0.6))
        elif isinstance(event, (SuitChanged, Covered, Tucked)):
            center = self.position_center(event.chain, event.position)
            stack = self.current_view().chains[event.chain][event.position:event.position + 1]
            shown = stack[0][-1] if stack and stack[0] else None
            self.motion.add(Flight(shown, True, center, center, duration=0.05, delay=pace, flash=True,
                                   visible=shown is not None, caption=caption))
        elif isinstance(event, (RevealPhase, SuddenDeath, EventDrawn, Scored, Fizzled, TokensTaken)):
            seat = getattr(event, "seat", None)
            at = self.row(seat).center if seat is not None else self.middle.center
            self.motion.add(Flight(None, False, at, at, duration=pace, visible=False, caption=caption))

    def seat_spot(self, seat: int) -> tuple[int, int]:
        if seat == self.seats.bottom:
            return self.hand.centers(1)[0]
        row = self.row(seat)
        return row.x + self.px(20), row.centery

    def flight_width(self) -> int:
        return self.chain_w

    # -- drawing

    def draw(self, screen) -> None:
        super().draw(screen)
        if not self.pool.draw_dragged(screen) and not self.hand.drag and not self.motion.busy and self.app.top is self:
            self.draw_card_help(screen, self.pointer())

    def card_under(self, pos) -> ClassCard | None:
        """The class card whose face is seen under the pointer: in the hand or in play."""
        view = self.current_view()
        hit = self.hand.card_at(pos, view) if view.seat is not None else None
        if hit:
            return hit[0]
        spot = self.spot_at(pos, view)
        if spot is None or not view.chains[spot[0]][spot[1]]:
            return None  # an empty place (its card discarded) shows nothing
        return view.in_play(*spot).card

    def card_help(self, card: ClassCard) -> str:
        """What a class does, in the words of the card set in play."""
        info = self.session.rules.cards.classes.get(card.kind)
        ability = info.text if info is not None else ""
        event = " (E): first draw a new event." if card.draws_event else ""
        return f"{card.kind}: {ability}{event}"

    def draw_card_help(self, screen, pos) -> None:
        """A card under the pointer says what it does, in a box beside the pointer."""
        card = self.card_under(pos)
        if card is None:
            return
        size = self.px(15)
        width = min(self.px(340), self.area.w - self.px(20))
        lines = wrap(self.card_help(card), size, width - self.px(16))
        box = pygame.Rect(0, 0, width, len(lines) * line_height(size) + self.px(12))
        box.bottomleft = (pos[0] + self.px(14), pos[1] - self.px(8))
        box = box.clamp(pygame.Rect((0, 0), self.app.size))
        panel(screen, box, color=theme.PANEL, edge=theme.GOLD)
        y = box.y + self.px(6)
        for line in lines:
            y = draw_text(screen, line, size, theme.INK, (box.x + self.px(8), y), box=box).bottom

    def draw_board(self, screen, view, hidden) -> None:
        glowing = self.glowing_spots()
        dragged = self.hand.dragged or self.hand.selected
        targets = set(self.playable_chains(dragged)) if dragged is not None else set()
        for chain in range(view.players):
            self.draw_chain(screen, view, chain, glowing, chain in targets, dragged is not None, hidden)
        self.draw_side(screen, view)
        self.draw_pool(screen, view)

    def chain_summary(self, view, chain: int) -> str:
        stars, planets = chain_totals(view.chains[chain])
        known = "" if all(p[-1].card is not None for p in view.chains[chain] if p) else " (so far)"
        return f"\u2733 {stars}  \u2641 {planets}  score {abs(stars - planets)}{known}"

    def draw_chain(self, screen, view, chain: int, glowing, target: bool, dragging: bool, hidden=frozenset()) -> None:
        row = self.row(chain)
        active = self.session.to_move == chain and not view.game_over
        panel(screen, row, color=theme.FELT_DARK, edge=theme.GOLD if active else theme.PANEL_EDGE)
        if target:
            pygame.draw.rect(screen, theme.GLOW, row, 3, border_radius=10)
        name = self.session.names[chain]
        pool = view.pools[chain]
        hand = "" if chain == view.seat else f" \u00b7 hand {view.hand_counts[chain]}"
        label = (f"{name}{hand} \u00b7 pool: {pool[SHIELD]} shield, {pool[MODIFIER]} modifier \u00b7 "
                 f"{self.chain_summary(view, chain)}")
        inner_w = row.w - self.px(16)
        draw_text(screen, fit_text(label, self.px(15), inner_w, bold=True), self.px(15), theme.INK,
                  (row.x + self.px(8), row.y + self.px(3)), bold=True, box=row)
        for position, stack in enumerate(view.chains[chain]):
            rect = self.position_rect(chain, position)
            for depth in range(min(len(stack) - 1, 3), 0, -1):
                edge = rect.move(depth * max(2, self.px(3)), depth * max(2, self.px(3)))
                pygame.draw.rect(screen, theme.CARD_EDGE, edge, border_radius=max(3, self.chain_w // 10))
                pygame.draw.rect(screen, theme.PANEL, edge, 1, border_radius=max(3, self.chain_w // 10))
            shown = stack[:-1] if ("spot", chain, position) in hidden else stack
            if shown:
                screen.blit(cardart.face(shown[-1], self.chain_w), rect)
            else:
                cardart.empty_slot(screen, rect)
            if (chain, position) in glowing:
                pygame.draw.rect(screen, theme.GLOW, rect.inflate(self.px(6), self.px(6)), max(2, self.px(3)),
                                 border_radius=8)
        if chain != view.seat:
            self.draw_hand_backs(screen, chain, view.hand_counts[chain])
        if dragging and not target and self.my_turn:
            screen.blit(self.dim(row.size), row.topleft)
            if row.collidepoint(self.pointer()):
                self.draw_refusal(screen, row, chain)

    def pointer(self) -> tuple[int, int]:
        return self.hand.drag["pos"] if self.hand.drag else self.pointer_at

    def draw_refusal(self, screen, row: pygame.Rect, chain: int) -> None:
        """Over a dimmed chain, while the card is held over it: why the card cannot go there."""
        card = self.hand.dragged or self.hand.selected
        reason = self.session.why_illegal(Play(card, chain))
        size = self.px(16)
        words = fit_text(reason[:1].upper() + reason[1:], size, row.w - self.px(40))
        box = pygame.Rect(0, 0, text_width(words, size) + self.px(20), line_height(size) + self.px(10))
        box.midbottom = (row.centerx, row.bottom - self.px(6))
        panel(screen, box, color=theme.ALERT_PANEL, edge=theme.ALERT)
        draw_text(screen, words, size, theme.INK, box.center, "center", box=box)

    def draw_hand_backs(self, screen, chain: int, count: int) -> None:
        """Another seat's hand: its cards as small overlapping backs at the right of its row."""
        width = max(12, self.chain_w * 3 // 5)
        room = self.hand_room() - self.px(8) - width
        step = min(self.px(10), room // max(1, count - 1)) if count > 1 else 0
        x = self.row(chain).right - self.hand_room()
        y = self.position_center(chain, 0)[1] - int(width * theme.CARD_RATIO) // 2
        for i in range(count):
            screen.blit(cardart.back(width), (x + i * step, y))

    @staticmethod
    @lru_cache(maxsize=16)
    def dim(size) -> pygame.Surface:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 90))
        return veil

    def draw_side(self, screen, view) -> None:
        """The draw and discard piles (the discard glows when Hostile Orbit lets it be played), the
        token supply and the active event, its text wrapped whole."""
        side = self.side
        panel(screen, side)
        y = self.draw_face_down_pile(screen, self.draw_pile, view.draw_pile_count, "Draw")
        self.draw_face_down_pile(screen, self.discard_pile, view.discard_count, "Discard")
        if self.discard_playable():
            pygame.draw.rect(screen, theme.GLOW, self.discard_pile.rect.inflate(self.px(6), self.px(6)),
                             max(2, self.px(3)), border_radius=8)
        inner = side.inflate(-self.px(16), 0)
        supply = view.supply
        y = self.draw_wrapped(screen, f"Supply: {supply[SHIELD]} shield, {supply[MODIFIER]} modifier, {supply[SUIT]} suit",
                              self.px(14), theme.INK_DIM, inner, y + self.px(6))
        card_set = self.session.config["rules"].get("card_set")
        if card_set is not None:
            y = self.draw_wrapped(screen, f"Card set: {card_set['name']}", self.px(14), theme.INK_DIM, inner, y)
        heading, body = self.event_words(view)
        y = self.draw_wrapped(screen, heading, self.px(15), theme.GOLD, inner, y + self.px(8), bold=True)
        self.draw_wrapped(screen, body, self.px(14), theme.INK, inner, y)

    def event_words(self, view) -> tuple[str, str]:
        """The active event's heading and text for the side panel."""
        event = view.active_event
        if view.fair_winds:
            return "Fair Winds", "No events in this game."
        if event is None:
            return "No event yet", f"{view.event_deck_count} event cards to come."
        return f"Event: {event.name}", event.text

    def draw_wrapped(self, screen, message: str, size: int, color, box: pygame.Rect, y: int, bold: bool = False) -> int:
        """`message` from `y` inside `box`, wrapped (a bold heading is shortened to one line), as
        many lines as the side panel holds; returns the y below them."""
        height = line_height(size, bold)
        for line in [fit_text(message, size, box.w, bold=True)] if bold else wrap(message, size, box.w):
            if y + height > self.side.bottom - self.px(4):
                return y
            y = draw_text(screen, line, size, color, (box.x, y), bold=bold, box=self.side).bottom
        return y

    def draw_face_down_pile(self, screen, pile: Pile, count: int, label: str) -> int:
        """A face-down pile (both are: discards are private) with its count under it; returns the
        y below the count."""
        pile.draw_backs(screen, count)
        return pile.draw_label(screen, f"{label} {count}", self.px(14), self.px(4), fit=self.side.w // 2 - self.px(6),
                               box=self.side)

    def draw_pool(self, screen, view) -> None:
        """The viewer's pool above the buttons (nothing for an onlooker)."""
        if view.seat is None:
            self.pool.spots = {}
            return
        shields, modifiers = view.pools[view.seat]
        self.pool.draw(screen, shields, modifiers, self.px(4))

    # -- words

    def prompt_width(self) -> int:
        """The prompt stops short of the pool at its right."""
        return self.pool.rect.x - self.area.x - self.px(28)

    def decision_prompt(self) -> str:
        decision = self.session.view(None).pending
        return PROMPTS.get(decision.kind, "choose") if decision is not None else ""

    def prompt(self, view) -> str:
        if self.paced and self.motion.busy:
            return "Click, or press Space, to skip to the end of this move"
        if view.game_over:
            return "Game over"
        seat = self.session.to_move
        if seat is None:
            return ""
        if view.seat is None or seat != view.seat:
            return f"{self.session.names[seat]}: {self.decision_prompt()}"
        return self.turn_prompt(view, self.session.names[seat])

    def turn_prompt(self, view, name: str) -> str:
        kind = view.pending.kind if view.pending is not None else ""
        if kind == "opening":
            return f"{name}: drag the card that starts your chain (face down, secretly) onto the table"
        if kind == "pick":
            return f"Sudden death, {name}: drag your secret card onto the table"
        if kind in ("play", "second", "extra_play"):
            return self.play_prompt(name, "drag a card onto a glowing chain")
        if kind == "tokens":
            return f"{name}: drag a token from your pool onto a card, or End turn"
        if kind == "salvage":
            return f"{name}: drag a card onto the table to discard it and draw one, or Skip"
        if kind == "tuck":
            return f"{name}: drag a card onto the table to tuck it beneath the Runner, or Skip"
        if self.suit_choice(self.legal()) is not None:
            return f"{view.pending.source.kind}: {PROMPTS.get(kind, 'choose a suit')}: press \u2733 Star or \u2641 Planet"
        source = f"{view.pending.source.kind}: " if view.pending is not None and view.pending.source else f"{name}: "
        return f"{source}{PROMPTS.get(kind, 'choose')} (click a glowing card)"

    def told(self, event):
        """A card the viewer would play face down is theirs: the words name it (to the others it
        stays a face-down card)."""
        if isinstance(event, Played) and event.seat == self.turns.viewer:
            return event
        return super().told(event)

    def play_prompt(self, name: str, how: str) -> str:
        """A play's words; they say when pool tokens may go first, and what to do when only a
        token can make a card fit (solitaire)."""
        legal = self.legal()
        tokens = any(isinstance(a, (PlaceShield, PlaceModifier)) for a in legal)
        if tokens and not any(isinstance(a, PLAY_ACTIONS) for a in legal):
            return f"{name}: no card fits yet: drag a modifier from your pool onto a card to make one fit"
        skip = ", or Skip" if Skip() in legal else ""
        return f"{name}: {how}" + (" (your pool's tokens may go first)" if tokens else "") + skip

    def result_rows(self):
        """Each chain's cards in play, and its score broken down card by card as the rulebook
        reads it: the stars and the planets added up (a card's modifiers beside its printed
        value), then the larger total less the smaller."""
        view = self.session.view(None)
        rows = []
        for seat, chain in enumerate(view.chains):
            cards = tuple(stack[-1] for stack in chain if stack)
            star_total, planet_total = chain_totals(chain)
            high, low = max(star_total, planet_total), min(star_total, planet_total)
            summary = (f"\u2733 {score_terms(cards, STAR)} = {star_total}, \u2641 {score_terms(cards, PLANET)} = "
                       f"{planet_total}: score {high} - {low} = {high - low}")
            suitless = [p.card.kind for p in cards if p.card is not None and not p.suit]
            if suitless:
                summary += f" ({', '.join(suitless)} without a suit: counts for neither)"
            rows.append((seat, cards, summary))
        return rows


def score_terms(cards, suit: str) -> str:
    """The values of the cards of one suit, "5+(9+1)" (a card with modifiers in brackets)."""
    terms = []
    for placed in cards:
        if placed.suit != suit or placed.card is None:
            continue
        mods = "".join(f"{m:+d}" for m in placed.mods)
        terms.append(f"({placed.card.value}{mods})" if mods else str(placed.value))
    return "+".join(terms) or "0"


def chain_totals(chain) -> tuple[int, int]:
    """(stars, planets) over the cards in play whose faces the viewer knows."""
    stars = planets = 0
    for stack in chain:
        placed = stack[-1] if stack else None
        if placed is None or placed.value is None:
            continue
        if placed.suit == STAR:
            stars += placed.value
        elif placed.suit == PLANET:
            planets += placed.value
    return stars, planets

