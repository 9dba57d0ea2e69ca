"""A game's table, assembled from shared parts: the turns (`turns.Turns`), the move log
(`movelog.MoveLog`), the other seats (`seats.Seats`) and the viewer's hand with drag and drop
(`hand.Hand`), under a top bar with the game's title, its score line, Hint, Rules and Menu.

A game's scene lays out its own board in `layout` (with the shared frame and seat rows, or a
layout of its own), draws it in `draw_board`, turns events into motion in `animate`, and
answers the hooks below (what a dropped card does, which cards can be played, the prompt, where
an action or an event lands on the table). `draw` is the template every table shares.

Every table plays by keyboard the same way: Left/Right pick a hand card, Up/Down pick one of the
moves it can make (lit on the table), Enter makes it; H shows the move the Normal computer would
make, picked the same way. The last move of another seat stays outlined until the viewer acts,
and cards that just came into the viewer's hand are marked.

Every table takes moves back the same way too: Ctrl+Z (or Undo in the top bar) goes back to the
player's previous decision and Ctrl+Shift+Z (Redo) plays it again, as far as the session allows;
the table menu (Table, or F2) restarts the deal and hands seats to a computer and back."""

from __future__ import annotations

import pygame

from game import storage

from scenes.shell.app import Scene
from scenes.table.hand import Hand, standard_order
from scenes.table.movelog import MoveLog
from scenes.table.parts import Pile
from scenes.table.seats import Seats
from scenes.table.turns import Turns
from scenes.ui import cardart, theme
from scenes.ui.motion import Motion
from scenes.ui.widgets import Button, draw_text, fit_text, line_height, panel, text_width, wrap

MESSAGE_TIME = 4.0
CARD_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.15}  # the card-size setting
NOTICE_TIME = 2.5


def action_cards(action) -> list:
    """The cards an action names (a card played, the two cards of a play)."""
    return [value for value in (getattr(action, name) for name in getattr(action, "__dataclass_fields__", ()))
            if hasattr(value, "label")]


CHOOSING_KEYS = {
    pygame.K_LEFT: lambda table: table.pick_card(-1),
    pygame.K_RIGHT: lambda table: table.pick_card(1),
    pygame.K_UP: lambda table: table.pick_move(-1),
    pygame.K_DOWN: lambda table: table.pick_move(1),
    pygame.K_RETURN: lambda table: table.confirm_choice(),
    pygame.K_KP_ENTER: lambda table: table.confirm_choice(),
    pygame.K_h: lambda table: table.show_hint(),
}


class TableScene(Scene):
    hand_order = staticmethod(standard_order)
    result_card_min_w = 50  # the game-over screen's cards are at least this wide: their corners read at 12 px

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.rules = session.rules
        self.motion = Motion()
        self.turns = Turns(self)
        self.log = MoveLog(self)
        self.seats = Seats(self)
        self.hand = Hand(self, self.hand_order)
        self.menu_button = Button("Menu", self.ask_to_leave)
        self.rules_button = Button("Rules", self.show_rules)
        self.hint_button = Button("Hint", self.show_hint)
        self.undo_button = Button("Undo", self.undo)
        self.redo_button = Button("Redo", self.redo)
        self.table_button = Button("Table", self.open_table_menu)
        self.watching = False              # a replay draws the table: no buttons to press
        self.choice = None                 # a move picked by keyboard or hint, not yet made
        self.draw_pile = Pile()            # where the draw pile lies (each table places it)
        self.last_move: list = []          # the events of another seat's last move, outlined
        self.held: dict[int, frozenset] = {}  # each human's hand after the last move shown
        self.message = ""
        self.message_time = 0.0
        self.notice = ""
        self.notice_time = 0.0
        self.top_h = 0
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.prompt_y = 0
        self.pointer_at = (-1, -1)  # where the pointer was last seen over the window
        self._background: pygame.Surface | None = None
        app.sounds.play("deal")

    # -- what the table shows and does

    def current_view(self):
        return self.session.view(self.turns.viewer)

    @property
    def my_turn(self) -> bool:
        return self.turns.mine

    def perform(self, action, origin=None, by_table: bool = False) -> bool:
        return self.turns.perform(action, origin, by_table)

    def show_move(self, events, origin, by_table: bool = False) -> None:
        """A move was made: settle the board, sound its events, then queue their flights. The move log
        and the prompt line move on together: a passing remark of an earlier move goes."""
        mover = self.session.history[-1][0] if self.session.history else None
        by_viewer = mover is not None and mover == self.turns.viewer
        self.notice_time = 0.0
        if by_viewer:
            self.message_time = 0.0
            if not by_table:
                self.last_move = []
        else:
            self.last_move = list(events)
        self.choice = None
        self.hand.selected = None
        self.mark_fresh_cards()
        self.settle(events)
        self.app.sounds.play_move(events)
        for event in events:
            self.animate(event, origin)
            origin = None

    def mark_fresh_cards(self) -> None:
        """Cards that came into the viewer's hand with this move (a draw) are marked until the
        viewer's next move."""
        viewer = self.turns.viewer
        if viewer is None:
            return
        hand = frozenset(self.current_view().hand)
        if self.session.history and self.session.history[-1][0] == viewer:
            self.hand.fresh = hand - self.held.get(viewer, hand)
        self.held[viewer] = hand

    # -- choosing a move by keyboard, or being shown one

    def card_actions(self, card) -> list:
        """The legal moves that play `card` from the hand."""
        return [action for action in self.session.legal_actions() if card in action_cards(action)]

    def pick_card(self, step: int) -> None:
        """Left/Right: the next hand card (those that can be played, if any can)."""
        view = self.current_view()
        cards = self.hand.cards(view)
        usable = [card for card in cards if self.card_actions(card)] or cards
        if not usable:
            return
        current = self.hand.selected
        index = usable.index(current) + step if current in usable else (0 if step > 0 else -1)
        self.hand.selected = usable[index % len(usable)]
        actions = self.card_actions(self.hand.selected)
        self.choice = actions[0] if actions else None

    def pick_move(self, step: int) -> None:
        """Up/Down: the next move the selected card can make."""
        if self.hand.selected is None:
            self.pick_card(1)
            return
        actions = self.card_actions(self.hand.selected)
        if actions:
            index = actions.index(self.choice) + step if self.choice in actions else 0
            self.choice = actions[index % len(actions)]

    def confirm_choice(self) -> None:
        if self.choice is not None and self.choice in self.session.legal_actions():
            self.perform(self.choice, self.hand_origin(self.choice))
        elif self.hand.selected is not None:
            self.say(f"{self.hand.selected.label} cannot be played now")

    def hand_origin(self, action):
        """Where a move's card starts its flight: its place in the hand."""
        view = self.current_view()
        cards = [card for card in action_cards(action) if card in view.hand]
        return self.hand.card_center(view, cards[0]) if cards else None

    def show_hint(self) -> None:
        """Pick the move the Normal computer would make here, and say what it is."""
        if not self.my_turn:
            return
        legal = self.session.legal_actions()
        self.present_hint(self.session.descriptor.heuristic(self.session.seed).choose(self.current_view(), legal))

    def present_hint(self, action) -> None:
        """Light the hinted move and say it; the game counts as assisted from now on."""
        self.session.note_hint()
        cards = action_cards(action)
        self.hand.selected = cards[0] if cards else None
        self.choice = action
        self.say_notice(f"Hint: {self.describe(action)}. Enter makes the move.")

    def describe(self, action) -> str:
        """A move in words: a button's name ("Draw"), else what the move would do to the table,
        as an onlooker would read it (so that describing a move never shows a hidden card)."""
        label = next((button.label for button, taken in self.action_buttons() if taken == action), None)
        if label is not None:
            return label
        _state, events = self.rules.apply(self.session.state, action)
        return self.told(events[0]).text(self.session.names) if events else "that move"

    def told(self, event):
        """A move's first event as the words of a hint or a choice tell it: as an onlooker sees it."""
        return self.rules.redact(event, None)

    def say(self, message: str) -> None:
        """An alert: why a move was refused (the engine's words, as a sentence)."""
        self.message = message[:1].upper() + message[1:]
        self.message_time = MESSAGE_TIME

    def autosave(self) -> None:
        """The game in progress, saved after every move (a failed write is told once)."""
        self.report(self.app.write(storage.save_game, self.session))

    def report(self, problem: str | None) -> None:
        if problem:
            self.say(problem)

    def say_notice(self, message: str) -> None:
        """A passing remark in the prompt line: what just happened, or what to do next."""
        self.notice = message
        self.notice_time = NOTICE_TIME

    def show_rules(self) -> None:
        self.app.screens.rules(self.session.descriptor, self.keys_help())

    def keys_help(self) -> str:
        own = "; ".join(f"{pygame.key.name(key).upper()} {label}" for key, label in self.key_labels())
        return (f"Keys: {self.choosing_keys_help()}; H shows a hint" + (f"; {own}" if own else "")
                + "; Ctrl+Z takes a move back, Ctrl+Shift+Z plays it again; F2 the table menu (restart, seats); "
                "F11 fullscreen; F1 this page; Esc back to the menu.")

    def choosing_keys_help(self) -> str:
        """How the arrow keys and Enter choose a move at this table, for the help page."""
        return "Left/Right pick a card of your hand; Up/Down pick where it goes (lit on the table); Enter plays it"

    def key_labels(self) -> list[tuple[int, str]]:
        """The table's own keys and what they do, for the help page."""
        return [(key, label) for key, label in ((k, next((b.label for b, a in self.action_buttons() if a == action), ""))
                                                for k, action in self.key_actions().items()) if label]

    def ask_to_save(self) -> None:
        """Save the game under a name (Ctrl+S); Saved games on the menu opens it again."""
        self.app.screens.ask_text("Save this game as", self.save_name()[:40],
                                  lambda name: self.say_notice(self.app.write(storage.save_named, self.session, name) or ""))

    def save_name(self) -> str:
        """The name a save is first offered under: the game and its players."""
        return f"{self.session.descriptor.title} {' '.join(self.session.names)}"

    # -- taking moves back, the deal again, seats handed over

    def undo(self) -> None:
        """Back to the viewer's previous decision (the session says how far, and whether at all)."""
        if self.session.can_undo:
            self.session.undo()
            self.refresh("Move taken back.")

    def redo(self) -> None:
        if self.session.can_redo:
            self.session.redo()
            self.refresh("Move played again.")

    def restart_deal(self) -> None:
        self.session.restart()
        self.refresh("The same deal, from the start.")

    def ask_to_restart(self) -> None:
        self.app.screens.confirm("Restart this deal?", "The game starts again with the same cards in the same "
                                 "order; it then no longer counts as played unaided.", "Restart", self.restart_deal)

    def hand_over(self, seat: int) -> None:
        """The seat goes to a computer, or back to a player."""
        kind = "human" if seat in self.session.computers else "computer"
        self.session.hand_over(seat, kind)
        who = "a computer" if kind == "computer" else "a player"
        self.refresh(f"{self.session.names[seat]} is now played by {who}.")

    def open_table_menu(self) -> None:
        self.app.screens.table_menu(self)

    def refresh(self, notice: str) -> None:
        """The session's state changed under the table (undo, redo, restart, a seat handed over):
        stop what was moving or thinking and draw the table afresh from the new state."""
        self.motion.clear()
        self.turns.reset()
        self.choice = None
        self.hand.selected = None
        self.hand.fresh = frozenset()
        self.last_move = []
        self.held = {}
        self.message_time = 0.0
        self.layout(self.app.size)
        self.say_notice(notice)
        self.autosave()

    def ask_to_leave(self) -> None:
        """Back to the menu; mid-game, only once the player says so."""
        if self.session.game_over:
            self.leave()
            return
        self.app.screens.confirm("Leave the table?", "The game is saved: Continue on the menu brings it back, "
                                 "exactly as it is now.", "Leave", self.leave)

    def leave(self) -> None:
        if self.session.game_over and self.session.session_over:
            storage.forget_game()
        self.app.screens.menu()

    def reveal(self, seat: int) -> None:
        self.turns.reveal(seat)

    def next_game(self) -> None:
        self.turns.next_game()
        self.layout(self.app.size)
        self.app.sounds.play("deal")

    def animating(self) -> bool:
        """Cards in flight, a message counting down, or work the turns do with no input (a
        computer to move, a hand-off to show, the pause before the game-over screen)."""
        return self.motion.busy or self.message_time > 0 or self.notice_time > 0 or self.turns.due

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.notice_time = max(0.0, self.notice_time - dt)
        self.motion.update(dt if self.app.settings.get("animations", True) else 10.0)
        self.turns.update(dt)

    # -- layout

    def card_px(self, value: float) -> int:
        """A card's width in pixels: a base-size measure, scaled by the card-size setting."""
        return self.px(value * CARD_SIZES.get(self.app.settings.get("card_size"), 1.0))

    def layout_frame(self, size) -> pygame.Rect:
        """Place the top bar and the log; return the rectangle left for the game itself."""
        w, h = size
        self.top_h = self.px(46)
        log_w = self.px(280) if self.app.settings.get("show_log", True) else 0
        self.log_rect = pygame.Rect(w - log_w, self.top_h, log_w, h - self.top_h)
        right = w - self.px(10)
        for button in self.top_buttons():
            width = max(self.px(72), button.needed(self.px(16))[0])
            button.rect = pygame.Rect(right - width, self.px(7), width, self.px(32))
            right = button.rect.x - self.px(8)
        self._background = None
        return pygame.Rect(0, self.top_h, w - log_w, h - self.top_h)

    def top_buttons(self) -> list[Button]:
        """The top bar's buttons, from the right edge leftwards (none in a replay)."""
        if self.watching:
            return []
        return [self.menu_button, self.rules_button, self.table_button, self.hint_button, self.redo_button,
                self.undo_button]

    def layout_seats(self, area: pygame.Rect, button_count: int = 2) -> pygame.Rect:
        """The other seats along the top, the hand and its buttons along the bottom (as wide as the
        longest label needs); returns the room left between them for the board."""
        self.area = area
        self.seats.layout(area, self.px(124))
        width = self.card_px(92)
        hand_y = area.bottom - int(width * theme.CARD_RATIO) - self.px(22)
        label_h = line_height(self.px(15))
        self.prompt_y = hand_y - self.px(6) - label_h - self.px(4) - line_height(self.px(19), bold=True)
        buttons = [button for button, _action in self.action_buttons()[:button_count]]
        button_w = max([self.px(130)] + [button.needed(self.px(20))[0] for button in buttons])
        bx = area.right - button_w - self.px(20)
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(bx, hand_y + self.px(8) + i * self.px(58), button_w, self.px(50))
        self.hand.layout(area.x, bx - self.px(20), hand_y, width)
        top = area.top + self.seats.height + self.px(14)
        self.middle = pygame.Rect(area.x, top, area.w, self.prompt_y - top - self.px(14))
        return self.middle

    # -- input

    def handle(self, event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer_at = event.pos
        self.menu_button.handle(event)
        self.rules_button.handle(event)
        self.table_button.handle(event)
        self.undo_button.enabled = self.session.can_undo
        self.redo_button.enabled = self.session.can_redo
        self.undo_button.handle(event)
        self.redo_button.handle(event)
        if event.type == pygame.KEYDOWN and self.handle_table_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.ask_to_save()
            return
        if self.app.top is not self:
            return
        view = self.current_view()
        if self.my_turn:
            self.handle_actions(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos, view)
        elif event.type == pygame.MOUSEMOTION:
            self.hand.move(event.pos, view)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hand.release(event.pos)

    def handle_table_key(self, event) -> bool:
        """Esc, F1, F2, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y), whoever's turn it is."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            self.ask_to_leave()
        elif event.key == pygame.K_F1:
            self.show_rules()
        elif event.key == pygame.K_F2:
            self.open_table_menu()
        elif ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self.redo()
        elif ctrl and event.key == pygame.K_z:
            self.undo()
        else:
            return False
        return True

    def handle_actions(self, event) -> None:
        """The table's buttons and keys, each enabled only while its action is legal."""
        legal = self.session.legal_actions()
        for button, action in self.action_buttons():
            button.enabled = action in legal
            button.handle(event)
        self.hint_button.handle(event)
        if event.type == pygame.KEYDOWN:
            action = self.key_actions().get(event.key)
            if action is not None and action in legal:
                self.perform(action)
            elif event.key in CHOOSING_KEYS:
                CHOOSING_KEYS[event.key](self)

    def press(self, pos, view) -> None:
        """A press on the table: picks up a hand card on the viewer's turn, else `press_elsewhere`."""
        if view.seat is None or not self.my_turn:
            return
        hit = self.hand_card_at(pos, view)
        if hit:
            self.hand.pick_up(*hit, pos)
            return
        self.press_elsewhere(pos, view)

    def hand_card_at(self, pos, view):
        return self.hand.card_at(pos, view)

    # -- what a game's table fills in

    def action_buttons(self) -> list[tuple[Button, object]]:
        """The table's buttons and the action each one takes (enabled only when legal)."""
        return []

    def key_actions(self) -> dict[int, object]:
        return {}

    def card_usable(self, card) -> bool:
        """Whether a hand card can be played now (unusable cards are veiled on the viewer's turn)."""
        return True

    def drop(self, card, drop_center, pointer) -> bool:
        """A dragged card let go with its centre at `drop_center`; return whether a move was made."""
        return False

    def click_card(self, card) -> None:
        """A hand card clicked without dragging."""

    def press_elsewhere(self, pos, view) -> None:
        """A press that did not pick up a hand card."""

    def seat_note(self, view, seat: int) -> str:
        """An extra line in a seat's box (a score, say)."""
        return ""

    def seat_shown(self, view, seat: int) -> list:
        """Face-up cards shown in a seat's box beside its hand (a seat's winnings, say)."""
        return []

    def set_aside(self) -> set:
        """Hand cards the viewer has put down for a move not yet made (drawn elsewhere)."""
        return set()

    def settle(self, events) -> None:
        """Called once a move is made, before its events are animated (to refit a board, say)."""

    def animate(self, event, origin) -> None:
        """Queue the flights that show `event`; each game's scene knows where its cards go."""

    def title(self) -> str:
        return self.session.descriptor.title

    def score_line(self) -> str:
        """The top bar's line beside the title: the session's game and wins."""
        session = self.session
        games = session.config["games_to_win"]
        score = "   ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))
        return f"Game {session.game_number + 1}  \u00b7  first to {games} win{'s' if games > 1 else ''}  \u00b7  wins: {score}"

    def turn_prompt(self, view, name: str) -> str:
        """What the viewer, whose turn it is, may do now."""
        return f"Your turn, {name}"

    def result_rows(self) -> list[tuple[int, tuple, str]]:
        """For the game-over screen: (seat, cards to show, summary) per seat."""
        raise NotImplementedError

    def counts_wins(self) -> bool:
        """Whether the session's wins mean something here (a match kept by points does not)."""
        return True

    def result_headline(self) -> str:
        """The game-over screen's headline, where the game says more than who won (a match won)."""
        return ""

    def result_note(self) -> str:
        """A line under the game-over screen's reason (the standing of a match, say)."""
        return ""

    def draw_board(self, screen, view, hidden) -> None:
        """The game's own part of the table, between the seats and the hand."""

    def action_spot(self, action) -> pygame.Rect | None:
        """Where on the table `action` lands (lit while it is the picked move)."""
        return None

    def event_spot(self, event) -> pygame.Rect | None:
        """Where on the table `event` put a card (outlined while it is the last move)."""
        return None

    def flight_width(self) -> int:
        """How wide a flying card is drawn."""
        return self.hand.width

    def message_anchor(self) -> tuple[int, int]:
        return (self.middle.centerx, self.prompt_y - self.px(40))

    # -- drawing: the template every table shares

    def draw(self, screen) -> None:
        view = self.current_view()
        hidden = self.motion.hidden()
        self.draw_frame(screen)
        self.seats.draw(screen, view, hidden)
        self.draw_board(screen, view, hidden)
        self.draw_marks(screen)
        self.hand.draw(screen, view, hidden, self.seats.bottom)
        self.draw_buttons(screen)
        self.draw_prompt(screen, view)
        self.draw_flights(screen, self.flight_width())
        self.draw_dragged(screen, view)
        self.draw_message(screen, self.message_anchor())

    def paint_background(self, surface: pygame.Surface) -> None:
        """Draw what never moves (felt, panels, slots) once per window size; games add their own."""
        w, _h = surface.get_size()
        surface.fill(theme.FELT)
        pygame.draw.rect(surface, theme.PANEL, (0, 0, w, self.top_h))
        if self.log_rect.w:
            panel(surface, self.log_rect.inflate(-self.px(12), -self.px(12)))

    def draw_frame(self, screen) -> None:
        """The background, the top bar (title, the session's score, Rules, Menu) and the log."""
        if self._background is None or self._background.get_size() != self.app.size:
            self._background = pygame.Surface(self.app.size).convert()
            self.paint_background(self._background)
        screen.blit(self._background, (0, 0))
        title_rect = draw_text(screen, self.title(), self.px(22), theme.INK, (self.px(14), self.top_h // 2), "midleft", bold=True)
        goal = self.score_line()
        x = max(self.px(150), title_rect.right + self.px(24))
        buttons = [button for button in self.top_buttons() if button is not self.hint_button]
        right = min((button.rect.x for button in buttons), default=self.app.size[0] - self.log_rect.w)
        goal = fit_text(goal, self.px(16), right - self.px(10) - x)
        draw_text(screen, goal, self.px(16), theme.INK_DIM, (x, self.top_h // 2), "midleft")
        self.undo_button.enabled = self.session.can_undo
        self.redo_button.enabled = self.session.can_redo
        for button in buttons:
            button.draw(screen, self.px(16))
        if self.log_rect.w:
            self.log.draw(screen, self.log_rect, self.turns.viewer)

    def draw_marks(self, screen) -> None:
        """The last move of another seat, outlined; the picked move, lit."""
        if not self.motion.busy:
            for event in self.last_move:
                spot = self.event_spot(event)
                if spot is not None:
                    pygame.draw.rect(screen, theme.GOLD, spot.inflate(self.px(8), self.px(8)), max(2, self.px(3)), border_radius=8)
        spot = self.action_spot(self.choice) if self.choice is not None and self.my_turn else None
        if spot is not None:
            pygame.draw.rect(screen, theme.GLOW, spot.inflate(self.px(10), self.px(10)), max(3, self.px(5)), border_radius=10)

    def draw_buttons(self, screen) -> None:
        if self.my_turn:
            self.hint_button.draw(screen, self.px(16))
            legal = self.session.legal_actions()
            for button, action in self.action_buttons():
                button.enabled = action in legal
                button.draw(screen, self.px(20))

    def draw_flights(self, screen, width: int) -> None:
        for flight in self.motion.current:
            if flight.visible:
                image = cardart.face(flight.card, width) if flight.showing_face else cardart.back(width)
                if flight.turns:
                    image = pygame.transform.smoothscale(image, (max(1, int(image.get_width() * flight.squeeze)),
                                                                 image.get_height()))
                rect = image.get_rect(center=flight.position)
                if flight.flash and flight.waiting:
                    halo = cardart.glow(width)
                    screen.blit(halo, halo.get_rect(center=rect.center))
                screen.blit(image, rect)
        for flight in self.motion.current:
            if flight.caption:
                self.draw_caption(screen, flight.caption, flight.caption_at or flight.end, width)

    def draw_caption(self, screen, caption: str, at, width: int) -> None:
        """What a step of a move does, in a box just below the card it is about (above it when
        there is no room below), kept inside the board."""
        size = self.px(16)
        box = pygame.Rect(0, 0, 0, 0)
        inner = fit_text(caption, size, self.middle.w - self.px(24))
        box.size = (text_width(inner, size) + self.px(20), line_height(size) + self.px(10))
        card_h = int(width * theme.CARD_RATIO)
        box.midtop = (int(at[0]), int(at[1]) + card_h // 2 + self.px(6))
        if box.bottom > self.middle.bottom:
            box.midbottom = (int(at[0]), int(at[1]) - card_h // 2 - self.px(6))
        box = box.clamp(self.middle)
        panel(screen, box, color=theme.PANEL, edge=theme.GOLD)
        draw_text(screen, inner, size, theme.INK, box.center, "center", box=box)

    def draw_dragged(self, screen, view) -> None:
        self.hand.draw_dragged(screen)

    def draw_message(self, screen, center) -> None:
        if self.message_time > 0 and self.message:
            size = self.px(18)
            image_w = min(self.px(760), self.app.size[0] - self.px(40))
            lines = wrap(self.message, size, image_w - self.px(30))
            box = pygame.Rect(0, 0, image_w, len(lines) * self.px(24) + self.px(18))
            box.center = center
            panel(screen, box, color=theme.ALERT_PANEL, edge=theme.ALERT)
            for i, line in enumerate(lines):
                draw_text(screen, line, size, theme.INK, (box.centerx, box.y + self.px(9) + i * self.px(24)), "midtop")

    def prompt(self, view) -> str:
        """The line above the hand: whose turn it is, or what the viewer may do now."""
        if view.game_over:
            return "Game over"
        current = self.session.names[view.current]
        if view.seat is None or view.current != view.seat:
            return f"{current}'s turn"
        return self.turn_prompt(view, current)

    def prompt_width(self) -> int:
        """How wide the prompt line above the hand may be."""
        return self.hand.right - self.area.x - self.px(20)

    def draw_prompt(self, screen, view) -> None:
        prompt = self.prompt(view)
        active = view.seat is not None and view.current == view.seat and not view.game_over
        color = theme.GOLD if active else theme.INK
        if self.notice_time > 0 and self.notice:
            prompt, color = self.notice, theme.INK
        draw_text(screen, fit_text(prompt, self.px(19), self.prompt_width(), bold=active), self.px(19), color,
                  (self.area.x + self.px(20), self.prompt_y), bold=active)

