"""A game's table, assembled from shared parts: the turns (`turns.Turns`), the move log
(`movelog.MoveLog`), the other seats (`seats.Seats`) and the viewer's hand with drag and drop
(`hand.Hand`), under a top bar with the game's title, its score line, Rules and Menu.

A game's scene lays out its own board in `layout` (with the shared frame and seat rows, or a
layout of its own), draws it in `draw_board`, turns events into motion in `animate`, and
answers the hooks below (what a dropped card does, which cards can be played, the prompt).
`draw` is the template every table shares."""

from __future__ import annotations

import pygame

from game import storage

from . import cardart, theme
from .app import Scene
from .hand import Hand, card_rect, standard_order
from .motion import Motion
from .movelog import MoveLog
from .seats import Seats
from .turns import Turns
from .widgets import Button, draw_text, panel, wrap

MESSAGE_TIME = 4.0
NOTICE_TIME = 2.5


class TableScene(Scene):
    hand_order = staticmethod(standard_order)

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.rules = session.rules
        self.motion = Motion()
        self.turns = Turns(self)
        self.log = MoveLog(self)
        self.seats = Seats(self)
        self.hand = Hand(self, self.hand_order)
        self.menu_button = Button("Menu", self.leave)
        self.rules_button = Button("Rules", lambda: app.screens.rules(session.descriptor))
        self.message = ""
        self.message_time = 0.0
        self.notice = ""
        self.notice_time = 0.0
        self.top_h = 0
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.prompt_y = 0
        self._background: pygame.Surface | None = None
        app.sounds.play("deal")

    # -- what the table shows and does

    def current_view(self):
        return self.session.view(self.turns.viewer)

    @property
    def my_turn(self) -> bool:
        return self.turns.mine

    def perform(self, action, origin=None) -> bool:
        return self.turns.perform(action, origin)

    def show_move(self, events, origin) -> None:
        """A move was made: settle the board, sound its events, then queue their flights."""
        self.settle(events)
        self.app.sounds.play_move(events)
        for event in events:
            self.animate(event, origin)
            origin = None

    def say(self, message: str) -> None:
        """An alert: why a move was refused (the engine's words, as a sentence)."""
        self.message = message[:1].upper() + message[1:]
        self.message_time = MESSAGE_TIME

    def say_notice(self, message: str) -> None:
        """A passing remark in the prompt line: what just happened, or what to do next."""
        self.notice = message
        self.notice_time = NOTICE_TIME

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

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.notice_time = max(0.0, self.notice_time - dt)
        self.motion.update(dt if self.app.settings.get("animations", True) else 10.0)
        self.turns.update(dt)

    # -- layout

    def layout_frame(self, size) -> pygame.Rect:
        """Place the top bar and the log; return the rectangle left for the game itself."""
        w, h = size
        self.top_h = self.px(46)
        log_w = self.px(280) if self.app.settings.get("show_log", True) else 0
        self.log_rect = pygame.Rect(w - log_w, self.top_h, log_w, h - self.top_h)
        self.menu_button.rect = pygame.Rect(w - self.px(100), self.px(7), self.px(90), self.px(32))
        self.rules_button.rect = pygame.Rect(w - self.px(200), self.px(7), self.px(90), self.px(32))
        self._background = None
        return pygame.Rect(0, self.top_h, w - log_w, h - self.top_h)

    def layout_seats(self, area: pygame.Rect, button_count: int = 2) -> pygame.Rect:
        """The other seats along the top, the hand and its buttons along the bottom; returns the
        room left between them for the board."""
        self.area = area
        self.seats.layout(area, self.px(124))
        width = self.px(92)
        hand_y = area.bottom - int(width * theme.CARD_RATIO) - self.px(22)
        self.prompt_y = hand_y - self.px(50)
        bx = area.right - self.px(150)
        for i, (button, _action) in enumerate(self.action_buttons()[:button_count]):
            button.rect = pygame.Rect(bx, hand_y + self.px(8) + i * self.px(58), self.px(130), self.px(50))
        self.hand.layout(area.x, bx - self.px(20), hand_y, width)
        top = area.top + self.seats.height + self.px(14)
        self.middle = pygame.Rect(area.x, top, area.w, self.prompt_y - top - self.px(14))
        return self.middle

    # -- input

    def handle(self, event) -> None:
        self.menu_button.handle(event)
        self.rules_button.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.screens.rules(self.session.descriptor)
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

    def handle_actions(self, event) -> None:
        """The table's buttons and keys, each enabled only while its action is legal."""
        legal = self.session.legal_actions()
        for button, action in self.action_buttons():
            button.enabled = action in legal
            button.handle(event)
        if event.type == pygame.KEYDOWN:
            action = self.key_actions().get(event.key)
            if action is not None and action in legal:
                self.perform(action)

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

    def set_aside(self) -> set:
        """Hand cards the viewer has put down for a move not yet made (drawn elsewhere)."""
        return set()

    def settle(self, events) -> None:
        """Called once a move is made, before its events are animated (to refit a board, say)."""

    def animate(self, event, origin) -> None:
        """Queue the flights that show `event`; each game's scene knows where its cards go."""

    def title(self) -> str:
        return self.session.descriptor.title

    def turn_prompt(self, view, name: str) -> str:
        """What the viewer, whose turn it is, may do now."""
        return f"Your turn, {name}"

    def result_rows(self) -> list[tuple[int, tuple, str]]:
        """For the game-over screen: (seat, cards to show, summary) per seat."""
        raise NotImplementedError

    def draw_board(self, screen, view, hidden) -> None:
        """The game's own part of the table, between the seats and the hand."""

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
        session = self.session
        games = session.config["games_to_win"]
        score = "   ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))
        goal = f"Game {session.game_number + 1}  \u00b7  first to {games} win{'s' if games > 1 else ''}  \u00b7  wins: {score}"
        draw_text(screen, goal, self.px(16), theme.INK_DIM, (max(self.px(150), title_rect.right + self.px(24)), self.top_h // 2), "midleft")
        self.menu_button.draw(screen, self.px(16))
        self.rules_button.draw(screen, self.px(16))
        if self.log_rect.w:
            self.log.draw(screen, self.log_rect, self.turns.viewer)

    def draw_buttons(self, screen) -> None:
        if self.my_turn:
            legal = self.session.legal_actions()
            for button, action in self.action_buttons():
                button.enabled = action in legal
                button.draw(screen, self.px(20))

    def draw_flights(self, screen, width: int) -> None:
        for flight in self.motion.current:
            image = cardart.face(flight.card, width) if flight.face_up else cardart.back(width)
            rect = image.get_rect(center=flight.position)
            if flight.flash and flight.waiting:
                halo = cardart.glow(width)
                screen.blit(halo, halo.get_rect(center=rect.center))
            screen.blit(image, rect)

    def draw_dragged(self, screen, view) -> None:
        self.hand.draw_dragged(screen)

    def draw_message(self, screen, center) -> None:
        if self.message_time > 0 and self.message:
            size = self.px(18)
            image_w = min(self.px(760), self.app.size[0] - self.px(40))
            lines = wrap(self.message, size, image_w - self.px(30))
            box = pygame.Rect(0, 0, image_w, len(lines) * self.px(24) + self.px(18))
            box.center = center
            panel(screen, box, color=(70, 25, 25), edge=theme.ALERT)
            for i, line in enumerate(lines):
                draw_text(screen, line, size, theme.INK, (box.centerx, box.y + self.px(9) + i * self.px(24)), "midtop")

    def prompt(self, view) -> str:
        """The line above the hand: whose turn it is, or what the viewer may do now."""
        if view.winners is not None:
            return "Game over"
        current = self.session.names[view.current]
        if view.seat is None or view.current != view.seat:
            return f"{current}'s turn"
        return self.turn_prompt(view, current)

    def draw_prompt(self, screen, view) -> None:
        prompt = self.prompt(view)
        active = view.seat is not None and view.current == view.seat and view.winners is None
        color = theme.GOLD if active else theme.INK
        if self.notice_time > 0 and self.notice:
            prompt, color = self.notice, theme.INK
        draw_text(screen, prompt, self.px(19), color, (self.area.x + self.px(20), self.prompt_y + self.px(14)), "midleft", bold=active)

    def draw_stack(self, screen, center, count: int, width: int, label: str) -> int:
        """A face-down stack (thicker as it holds more), or an empty slot, with its label under it;
        returns the y just below the label."""
        x, y = center
        if count:
            for k in range(min(4, (count + 9) // 10), 0, -1):
                screen.blit(cardart.back(width), card_rect((x + k * 2, y - k * 2), width))
        else:
            cardart.empty_slot(screen, card_rect(center, width))
        below = y + int(width * theme.CARD_RATIO) // 2 + self.px(6)
        return draw_text(screen, label, self.px(16), theme.INK, (x, below), "midtop", bold=True).bottom
