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

import pygame

from game.sovereign.actions import (Cover, Covered, Discard, Discarded, EndTurn, Flip, Flipped, Open, Pick,
                                    PlaceModifier, PlaceShield, Play, PlayDiscard, PlayDiscardOn, Played, PlayOn, Reveal,
                                    Salvage, SetSuit, ShiftSuit, Skip, SuitChanged, TokenPlaced, Tuck, Tucked)
from game.sovereign.cards import PLANET, STAR, SUIT_SYMBOLS, ClassCard
from game.sovereign.rules import PROMPTS
from game.sovereign.state import MODIFIER, SHIELD, SUIT

from scenes.games.sovereign.cardhelp import card_help, draw_help_box
from scenes.games.sovereign.cards import TokenMark  # noqa: F401 (re-exported: a token as it flies)
from scenes.games.sovereign.chainrow import ChainRow
from scenes.games.sovereign.moveshow import MoveShow, skips
from scenes.games.sovereign.pool import TokenPool
from scenes.games.sovereign.side import SidePanel
from scenes.table.parts import Pile, card_width
from scenes.table.seats import Seats
from scenes.table.table import TableScene, action_cards
from scenes.ui import theme
from scenes.ui.widgets import Button, line_height

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
        self.side = SidePanel(self.draw_pile, self.discard_pile)
        self.rows: list[ChainRow] = []  # top to bottom (`chain_row` says which chain each shows)
        self.chain_w = self.label_h = 1
        self.show = MoveShow(self)
        self.button_slots: list[pygame.Rect] = []

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
        side_w = max(self.px(190), area.w // 5)
        side = pygame.Rect(area.right - side_w - self.px(8), area.y + self.px(8), side_w,
                           self.prompt_y - area.y - self.px(16))
        self.side.place(side, self.px)
        self.middle = pygame.Rect(area.x + self.px(8), side.y, side.x - area.x - self.px(16), side.h)
        self.label_h = line_height(self.px(15), bold=True)
        self.chain_w = self.chain_width()
        self.rows = []
        for rect in self.row_rects():
            self.rows.append(ChainRow())
            self.rows[-1].place(rect, self.chain_w, self.label_h, self.hand_room(), self.px)

    def row_rects(self) -> list[pygame.Rect]:
        """One row a player across the board, top to bottom."""
        row_h = self.middle.h // len(self.session.seats)
        return [pygame.Rect(self.middle.x, self.middle.y + index * row_h, self.middle.w, row_h - self.px(6))
                for index in range(len(self.session.seats))]

    def chain_width(self) -> int:
        """A row's seven places and the hand beside them (room for an eighth card) across its
        width; a card under the label line in its height."""
        row_h = self.middle.h // len(self.session.seats)
        return card_width(self.middle.w - self.px(24), row_h - self.label_h - self.px(14), columns=8, gap=4,
                          most=self.px(104))

    def hand_room(self) -> int:
        """The width kept at the right of each row for that seat's hand, as backs."""
        return self.chain_w + self.px(8)

    def chain_row(self, chain: int) -> ChainRow:
        """Chain rows top to bottom in turn order from the seat at the bottom of the table, which is last."""
        players = len(self.session.seats)
        bottom = self.seats.bottom
        order = [(bottom + k) % players for k in range(1, players)] + [bottom]
        return self.rows[order.index(chain)]

    def row(self, chain: int) -> pygame.Rect:
        return self.chain_row(chain).rect

    def position_center(self, chain: int, position: int) -> tuple[int, int]:
        return self.chain_row(chain).center(position)

    def position_rect(self, chain: int, position: int) -> pygame.Rect:
        return self.chain_row(chain).slot(position).rect

    def spot_at(self, pos, view) -> tuple[int, int] | None:
        """(chain, position) of the card in play under `pos`."""
        for chain, stacks in enumerate(view.chains):
            position = self.chain_row(chain).place_at(pos, len(stacks))
            if position is not None:
                return chain, position
        return None

    def chain_at(self, pos) -> int | None:
        return next((chain for chain in range(len(self.session.seats)) if self.chain_row(chain).hit(pos)), None)

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
            self.perform(actions[0], self.hand_origin(actions[0]))
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

    def token_usable(self, kind: str) -> bool:
        return any(self.pool.allows(kind, a) for a in self.legal() if isinstance(a, (PlaceShield, PlaceModifier)))

    def handle(self, event) -> None:
        if self.show.showing_steps() and skips(event):
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

    # -- events to motion (scenes/games/sovereign/moveshow.py)

    @property
    def paced(self) -> bool:
        return self.show.paced

    @paced.setter
    def paced(self, paced: bool) -> None:
        self.show.paced = paced

    def settle(self, events) -> None:
        self.show.settle(events)

    def animate(self, event, origin) -> None:
        self.show.animate(event, origin)

    def show_step(self, event, origin) -> None:
        self.show.show_step(event, origin)

    def pool_spot(self, seat: int) -> tuple[int, int]:
        return self.show.pool_spot(seat)

    def supply_spot(self) -> tuple[int, int]:
        return self.side.supply_spot()

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

    def draw_card_help(self, screen, pos) -> None:
        """A card under the pointer says what it does, in a box beside the pointer."""
        card = self.card_under(pos)
        if card is not None:
            width = min(self.px(340), self.area.w - self.px(20))
            draw_help_box(screen, card_help(self.session.rules.cards, card), pos, width, self.px)

    def draw_board(self, screen, view, hidden) -> None:
        glowing = self.glowing_spots()
        held = self.hand.dragged or self.hand.selected
        targets = set(self.playable_chains(held)) if held is not None else set()
        for chain in range(view.players):
            self.draw_chain(screen, view, chain, glowing, hidden, chain in targets)
            if held is not None and chain not in targets and self.my_turn:
                self.refuse(screen, chain, held)
        self.draw_side(screen, view)
        self.draw_pool(screen, view)

    def draw_chain(self, screen, view, chain: int, glowing, hidden, target: bool = False) -> None:
        """A chain's row (outlined when it is a `target` of the held card): its label, its cards
        (the `glowing` ones lit) and, for another seat, its hand as backs."""
        row = self.chain_row(chain)
        shields, modifiers = pool_tokens(view, chain)
        hand = "" if chain == view.seat else f" \u00b7 hand {view.hand_counts[chain]}"
        label = (f"{self.session.names[chain]}{hand} \u00b7 pool: {shields} shield, {modifiers} modifier \u00b7 "
                 f"{self.chain_summary(view, chain)}")
        active = self.session.to_move == chain and not view.game_over
        row.draw(screen, label, view.chains[chain], active, target,
                 {key[2] for key in hidden if key[:2] == ("spot", chain)},
                 {position for at, position in glowing if at == chain})
        if chain != view.seat:
            row.draw_backs(screen, view.hand_counts[chain])

    def chain_summary(self, view, chain: int) -> str:
        stars, planets = chain_totals(view.chains[chain])
        known = "" if all(p[-1].card is not None for p in view.chains[chain] if p) else " (so far)"
        return f"\u2733 {stars}  \u2641 {planets}  score {abs(stars - planets)}{known}"

    def refuse(self, screen, chain: int, card) -> None:
        """A chain the held card cannot go on is veiled; held over it, it says why."""
        row = self.chain_row(chain)
        row.draw_veil(screen)
        if row.hit(self.pointer()):
            row.draw_refusal(screen, self.session.why_illegal(Play(card, chain)))

    def pointer(self) -> tuple[int, int]:
        return self.hand.drag["pos"] if self.hand.drag else self.pointer_at

    def draw_side(self, screen, view) -> None:
        """The piles (the discard lit when Hostile Orbit lets it be played), the supply, the card
        set and the active event."""
        card_set = self.session.config["rules"].get("card_set")
        self.side.draw(screen, view.draw_pile_count, view.discard_count, self.discard_playable(), supply_words(view),
                       None if card_set is None else f"Card set: {card_set['name']}", self.event_words(view))

    def event_words(self, view) -> tuple[str, str]:
        """The active event's heading and text for the side panel."""
        event = view.active_event
        if view.fair_winds:
            return "Fair Winds", "No events in this game."
        if event is None:
            return "No event yet", f"{view.event_deck_count} event cards to come."
        return f"Event: {event.name}", event.text

    def draw_pool(self, screen, view) -> None:
        """The viewer's pool above the buttons (nothing for an onlooker)."""
        if view.seat is None:
            self.pool.spots = {}
            return
        self.pool.draw(screen, *pool_tokens(view, view.seat), self.px(4))

    # -- words

    def decision_prompt(self) -> str:
        decision = self.session.view(None).pending
        return PROMPTS.get(decision.kind, "choose") if decision is not None else ""

    def prompt(self, view) -> str:
        if self.show.showing_steps():
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


def pool_tokens(view, seat: int) -> tuple[int, int]:
    """(shields, modifiers) in a seat's pool."""
    pool = view.pools[seat]
    return pool[SHIELD], pool[MODIFIER]


def supply_words(view) -> str:
    supply = view.supply
    return f"Supply: {supply[SHIELD]} shield, {supply[MODIFIER]} modifier, {supply[SUIT]} suit"


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

