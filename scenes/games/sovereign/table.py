"""The Sovereign's Chain table: one chain per player in rows (places left to right, stacks as
offset edges), the piles, the active event and the token supply at the right, the viewer's pool
as tokens to drag onto cards, and the hand at the bottom.

Every choice of a turn is an action the engine lists: a hand card is dragged onto a chain (or onto
the board, for the secret picks), an ability's target is a click on a glowing card, and Skip,
End turn, Shift suit and the two suits of a suit choice are buttons.

The table is assembled from parts of this folder, each placed once per layout: the chain rows
(`chainrow.ChainBoard` of `ChainRow`s), the side panel (`side.SidePanel`), the viewer's pool
(`pool.TokenPool`); the choices that name a card in play (`choices.CardChoices`), the keyboard's
reach to them (`keys.TableMoveKeys`), how a move is shown (`moveshow.MoveShow`), the card help
(`cardhelp`) and the words (`words`). What stays here is the table's own: the layout, which
buttons show, where a hand card goes, and the prompt."""

from __future__ import annotations

import pygame

from game.sovereign.actions import (EndTurn, Open, Pick, PlaceModifier, PlaceShield, Play, PlayDiscard, SetSuit,
                                    ShiftSuit, Skip, Tuck)
from game.sovereign.cards import PLANET, STAR, SUIT_SYMBOLS, ClassCard
from game.sovereign.describe import chain_summary, event_words, largest_figure, score_breakdown, supply_words
from game.sovereign.phases import PLAY_MOMENTS
from game.sovereign.rules import PROMPTS

from scenes.ui import keymap
from scenes.games.sovereign.cardhelp import CardHelp, draw_help_box
from scenes.games.sovereign.cards import READABLE_WIDTH, use_card_set
from scenes.games.sovereign.chainrow import ChainBoard, ChainRow
from scenes.games.sovereign.choices import PLAY_ACTIONS, CardChoices
from scenes.games.sovereign.keys import TableMoveKeys
from scenes.games.sovereign.moveshow import MoveShow, skips
from scenes.games.sovereign.pool import TokenPool
from scenes.games.sovereign.refusal import RefusalBox
from scenes.games.sovereign.geometry import POOL_GAP, TableGeometry
from scenes.games.sovereign.side import SidePanel
from scenes.games.sovereign.words import choice_prompt, onlooker_prompt, play_prompt
from scenes.table.parts import Pile
from scenes.table.seats import Seats
from scenes.table.table import TableScene
from scenes.ui import theme
from scenes.ui.widgets import Button

# Measures of this layout that are no step of theme's scales (pixels at the base window).
NOTE_MAX_W = 340  # a note box at most


def class_order(card: ClassCard):
    """A Sovereign's Chain hand: by class, then value."""
    return card.kind, card.value, card.copy


# ---------------------------------------------------------------- the table

SO_FAR = " (so far)"  # after a score still counting (game/sovereign/describe.py)


class ChainSeats(Seats):
    """The seats of this table are its chain rows (name, hand count, pool): no row of boxes."""

    def draw(self, screen, view, hidden) -> None:
        return None


class SovereignTable(CardHelp, RefusalBox, TableGeometry, TableScene):
    hand_order = staticmethod(class_order)
    label_more = SO_FAR  # what a chain's label may come to say later: its lines are kept for it
    select_notice = "Now click the chain to play it on."

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.seats = ChainSeats(self)
        self.discard_pile = Pile()
        self.skip_button = Button("Skip", lambda: self.perform(Skip()), color=theme.BUTTON_WARN)
        self.end_button = Button("End turn", lambda: self.perform(EndTurn()), color=theme.BUTTON_GO)
        self.shift_button = Button("Shift suit", lambda: self.perform(ShiftSuit()))
        self.choices = CardChoices(self)
        self.suit_buttons = {suit: Button(f"{SUIT_SYMBOLS[suit]} {suit.title()}",
                                          lambda s=suit: self.choices.choose_suit(s)) for suit in (STAR, PLANET)}
        self.pool = TokenPool()
        self.side = SidePanel(self.draw_pile, self.discard_pile)
        self.board = ChainBoard(self.seats)
        self.chain_w = self.label_h = self.row_columns = 1
        self.label_w = 0  # the chains' labels in a column beside their cards (0: over them)
        self.labels_laid: tuple[tuple[str, ...], ...] = ()  # each chain's labels as laid out (`chain_labels`)
        self.hand_label_kept = True  # a line over the hand for its label (`hand_label_h`)
        self.prompt_right = 0
        self.label_rows_seen: dict[tuple, int] = {}  # (labels, size, width, pixel size): their lines
        self.label_least_seen: dict[tuple, int] = {}  # (labels, pixel size, lines): the narrowest column they fit
        self.breaks_seen: tuple[tuple, list[int]] = ((), [])  # (labels, pixel size), and where their lines may break otherwise
        self.show = MoveShow(self)
        self.keys = TableMoveKeys(self)
        self.button_slots: list[pygame.Rect] = []
        use_card_set(session.rules.cards)
        self.figure_digits = len(str(largest_figure(session.rules.cards)))  # room kept in a label for each figure (`label_rows`)

    # -- the actions of buttons and keys

    def action_buttons(self):
        """The two suits of a suit choice; else Shift suit, Skip and End turn, those legal now."""
        legal = self.legal_actions()
        suit_target = self.suit_choice(legal)
        if suit_target is not None:
            found = [(self.suit_buttons[suit], SetSuit(*suit_target, suit)) for suit in (STAR, PLANET)]
        else:
            found = [(button, action) for button, action in ((self.shift_button, ShiftSuit()),
                                                             (self.skip_button, Skip()), (self.end_button, EndTurn()))
                     if action in legal]
        for (button, _action), slot in zip(found, self.button_slots):
            button.rect = slot
        return found[:len(self.button_slots)]

    def key_actions(self):
        return {keymap.SKIP: Skip(), keymap.END_TURN: EndTurn(), keymap.SHIFT_SUIT: ShiftSuit()}

    def key_labels(self):
        return [(keymap.SKIP, "Skip"), (keymap.END_TURN, "End turn"), (keymap.SHIFT_SUIT, "Shift suit")]

    def suit_choice(self, legal) -> tuple[int, int] | None:
        return self.choices.suit_choice(legal)

    # -- by keyboard: the moves that name no hand card (scenes/games/sovereign/keys.py)

    def table_moves(self) -> list:
        return self.keys.moves()

    def pick_card(self, step: int) -> None:
        if not self.keys.pick_card(step):
            super().pick_card(step)

    def pick_move(self, step: int) -> None:
        if not self.keys.pick_move(step):
            super().pick_move(step)

    def keys_help(self) -> str:
        return (super().keys_help() + " A choice on the table (an ability's target, a suit, a token, the discard "
                "pile): Left/Right reach it after the hand cards, Up/Down go through such choices, Enter makes it.")

    def chain_row(self, chain: int) -> ChainRow:
        return self.board.row(chain)

    def row(self, chain: int) -> pygame.Rect:
        return self.board.row(chain).rect

    def place_center(self, chain: int, place: int) -> tuple[int, int]:
        return self.board.row(chain).center(place)

    def place_rect(self, chain: int, place: int) -> pygame.Rect:
        return self.board.row(chain).slot(place).rect

    def place_at(self, pos, view) -> tuple[int, int] | None:
        """(chain, place) of the card in play under `pos`."""
        return self.board.place_at(pos, view.chains)

    # -- what the viewer may do

    def legal(self) -> list:
        return self.legal_actions() if self.my_turn else []

    def card_usable(self, card) -> bool:
        return bool(self.card_actions(card))

    def lands_face_down(self, card) -> bool:
        return all_face_down(self.card_actions(card))

    def goes_anywhere(self, card) -> bool:
        return dropped_anywhere(self.card_actions(card))

    def glowing_places(self) -> set[tuple[int, int]]:
        return self.choices.glowing()

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
        chain = self.board.chain_at(drop_center)
        if chain is None:
            chain = self.board.chain_at(pointer)
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
        if view.seat is None or not self.my_turn or not self.choices.pick_token(pos):
            super().press(pos, view)

    def handle(self, event) -> None:
        if self.show.showing_steps() and skips(event):
            self.motion.clear()
        elif not self.choices.drag_token(event):
            super().handle(event)

    def press_elsewhere(self, pos, view) -> None:
        where = self.place_at(pos, view)
        if self.discard_pile.hit(pos):
            self.play_discard(view)
            return
        if where is not None:
            self.choose_target(*where)
            return
        chain = self.board.chain_at(pos)
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

    def choose_target(self, chain: int, place: int) -> None:
        self.choices.choose(chain, place)

    def light_move(self, action) -> None:
        """A token to place is shown picked in the pool (a click on the lit card places it)."""
        super().light_move(action)
        if isinstance(action, PlaceShield):
            self.pool.picked = "shield"
        elif isinstance(action, PlaceModifier):
            self.pool.picked = f"{action.delta:+d}"

    def show_move(self, events, origin, by_table: bool = False) -> None:
        self.choices.forget()
        self.pool.picked = None
        super().show_move(events, origin, by_table)

    # -- events to motion (scenes/games/sovereign/moveshow.py)

    @property
    def paced(self) -> bool:
        return self.show.paced

    @paced.setter
    def paced(self, paced: bool) -> None:
        self.show.paced = paced

    def settle(self, events) -> None:
        self.show.settle(events)

    def action_spot(self, action):
        return self.show.action_spot(action)

    def event_spot(self, event):
        return self.show.event_spot(event)

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

    def board_cards(self) -> tuple[int, int]:
        return self.chain_w, READABLE_WIDTH

    # -- drawing

    def draw(self, screen) -> None:
        super().draw(screen)
        self.pool.draw_dragged(screen)
        if not self.log_rect.w and self.helped_card() is not None:
            width = min(self.px(NOTE_MAX_W), self.area.w - self.px(theme.SPACE_LARGE))
            draw_help_box(screen, self.session.rules.cards.what_it_does(self.helped_card()), self.pointer(), width,
                          self.px)
        self.draw_refused(screen)

    def draw_board(self, screen, view, hidden) -> None:
        glowing = self.glowing_places()
        held = self.hand.dragged or self.hand.selected
        targets = set(self.playable_chains(held)) if held is not None else set()
        for chain in range(view.players):
            self.draw_chain(screen, view, chain, glowing, hidden, chain in targets)
            if held is not None and chain not in targets and self.my_turn and not self.goes_anywhere(held):
                self.refuse(screen, chain, held)
        self.draw_side(screen, view)
        self.draw_pool(screen, view)

    def draw_chain(self, screen, view, chain: int, glowing, hidden, target: bool = False) -> None:
        """A chain's row (outlined when it is a `target` of the held card): its label, its cards
        (the `glowing` ones lit) and, for another seat, its hand as backs."""
        row = self.chain_row(chain)
        active = self.session.to_move == chain and not view.game_over
        row.draw(screen, self.chain_labels(view, chain), view.chains[chain], active, target,
                 {key[2] for key in hidden if key[:2] == ("place", chain)},
                 {place for at, place in glowing if at == chain})
        if chain != view.seat:
            row.draw_backs(screen, view.hand_counts[chain])

    def chain_label(self, view, chain: int) -> str:
        """The line over a chain: whose it is, the hand and pool of its owner, its summary."""
        shields, modifiers = pool_tokens(view, chain)
        hand = "" if chain == view.seat else f" \u00b7 hand {view.hand_counts[chain]}"
        return (f"{self.session.names[chain]}{hand} \u00b7 pool: {shields} shield, {modifiers} modifier \u00b7 "
                f"{self.chain_summary(view, chain)}")

    def chain_labels(self, view, chain: int) -> list[str]:
        """The line over a chain, longest first: then without the owner's hand count (its backs
        show at the row's end), then without the word "pool", then with "=" for "score" and
        "mod." for "modifier" (short enough for one line across the board, or two in a row half
        as wide, at the largest text)."""
        full = self.chain_label(view, chain)
        shorter = full.replace(f" \u00b7 hand {view.hand_counts[chain]}", "")
        shortest = shorter.replace("pool: ", "").replace("  ", " ")
        return [full, shorter, shortest, shortest.replace(" score ", " = ").replace(" modifier ", " mod. ")]

    def chain_summary(self, view, chain: int) -> str:
        return chain_summary(view.chains[chain])

    def pointer(self) -> tuple[int, int]:
        return self.hand.drag["pos"] if self.hand.drag else self.pointer_at

    def draw_side(self, screen, view) -> None:
        """The piles (the discard lit when Hostile Orbit lets it be played), the supply, the card
        set and the active event."""
        card_set = self.session.config["rules"].get("card_set")
        self.side.draw(screen, view.draw_pile_count, view.discard_count, self.discard_playable(), supply_words(view),
                       None if card_set is None else f"Card set: {card_set['name']}", self.event_words(view))

    def event_words(self, view) -> tuple[str, str]:
        return event_words(view)

    def draw_pool(self, screen, view) -> None:
        """The viewer's pool above the buttons (nothing for an onlooker)."""
        if view.seat is None:
            self.pool.places = {}
            return
        self.pool.draw(screen, *pool_tokens(view, view.seat), self.px(theme.SPACE_TIGHT))

    # -- words

    def decision_prompt(self) -> str:
        decision = self.public_view.pending
        return PROMPTS.get(decision.kind, "choose") if decision is not None else ""

    def prompt_width(self) -> int:
        """The prompt stops short of the pool at its right (or of the table's edge, where the
        pool lies beside the hand)."""
        return self.prompt_right - self.area.x - self.px(POOL_GAP)

    def prompt(self, view) -> str:
        if self.show.showing_steps():
            return "Click, or press Space, to skip to the end of this move"
        if view.game_over:
            return "Game over"
        seat = self.session.to_move
        if seat is None:
            return ""
        if view.seat is None or seat != view.seat:
            return onlooker_prompt(self.session.names[seat], self.decision_prompt())
        return self.turn_prompt(view, self.session.names[seat])

    def turn_prompt(self, view, name: str) -> str:
        if view.pending is not None and view.pending.kind in PLAY_MOMENTS:
            return self.play_prompt(name, "drag a card onto a glowing chain")
        return choice_prompt(view, name, suit_buttons=self.suit_choice(self.legal()) is not None)

    def play_prompt(self, name: str, how: str) -> str:
        return play_prompt(name, how, self.legal())

    def result_rows(self):
        """Each chain's cards in play, and its score broken down card by card."""
        view = self.public_view
        return [(seat, tuple(stack[-1] for stack in chain if stack), score_breakdown(chain))
                for seat, chain in enumerate(view.chains)]


def all_face_down(actions) -> bool:
    """Whether every way a held card may go puts it face down (the first card, a tuck beneath a
    Runner, a play under Nebula)."""
    placing = [a for a in actions if isinstance(a, (Open, Tuck, Pick) + PLAY_ACTIONS)]
    return bool(placing) and all(isinstance(a, (Open, Tuck)) or getattr(a, "face_up", True) is False for a in placing)


def dropped_anywhere(actions) -> bool:
    """Whether a held card is dropped anywhere on the board rather than on a chain (the first
    card, a tuck beneath a Runner, a sudden-death pick): no chain is veiled or refused."""
    return any(isinstance(a, (Open, Tuck, Pick)) for a in actions)


def pool_tokens(view, seat: int) -> tuple[int, int]:
    """(shields, modifiers) in a seat's pool."""
    pool = view.pools[seat]
    return pool.shields, pool.modifiers
