"""What every game table shares: turns, computer pacing, pass-and-play hand-offs, the move log,
autosave and the game-over screen. A game's scene adds its layout, drawing and drag and drop."""

from __future__ import annotations

import pygame

from game import storage
from game.core import IllegalAction
from game.stats import record_game

from . import cardart, theme
from .app import Scene
from .motion import Flight, Motion, Thinker
from .widgets import Button, draw_text, panel, wrap

GAME_OVER_PAUSE = 0.8
CLICK_SLOP = 6
MESSAGE_TIME = 4.0


class TableScene(Scene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.rules = session.rules
        self.motion = Motion()
        self.thinker: Thinker | None = None
        self.computer_wait = 0.0
        self.revealed_seat: int | None = None
        self.game_over_wait = 0.0
        self.message = ""
        self.message_time = 0.0
        self.menu_button = Button("Menu", self.leave)
        self.rules_button = Button("Rules", self.show_rules)
        self.top_h = 0
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._background: pygame.Surface | None = None
        self._log_cache: tuple = ((), [])
        self.drag: dict | None = None
        self.selected = None
        self.hover_card = None
        self.notice = ""
        self.notice_time = 0.0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.opp_h = self.hand_w = self.hand_y = self.prompt_y = self.hand_right = 0

    # -- whose eyes the table shows

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown face up; None shows no hand at all."""
        humans = self.session.human_seats
        if len(humans) == 1:
            return humans[0]
        if len(humans) > 1 and self.session.to_move == self.revealed_seat:
            return self.revealed_seat
        return None

    def current_view(self):
        return self.session.view(self.viewer)

    @property
    def my_turn(self) -> bool:
        seat = self.session.to_move
        return seat is not None and seat == self.viewer and not self.motion.busy

    # -- acting

    def perform(self, action, origin=None) -> bool:
        """Apply an action for the seat to move; on refusal show why and return False."""
        viewer = self.viewer
        try:
            events = self.session.apply(action)
        except IllegalAction as err:
            self.say(str(err))
            return False
        shown = [self.rules.redact(event, viewer) for event in events]
        self.settle(shown)
        for event in shown:
            self.animate(event, origin)
            origin = None
        self.autosave()
        return True

    def autosave(self) -> None:
        problem = self.app.write(storage.save_game, self.session)
        if problem:
            self.say(problem)

    def settle(self, events) -> None:
        """Called once a move is made, before its events are animated (to refit a board, say)."""

    def animate(self, event, origin) -> None:
        """Queue the flights that show `event`; each game's scene knows where its cards go."""

    def say(self, message: str) -> None:
        """An alert: why a move was refused (the engine's words, as a sentence)."""
        self.message = message[:1].upper() + message[1:]
        self.message_time = MESSAGE_TIME

    def say_notice(self, message: str) -> None:
        """A passing remark in the prompt line: what just happened, or what to do next."""
        self.notice = message
        self.notice_time = 2.5

    def leave(self) -> None:
        from .menu import MainMenu

        if self.session.game_over and self.session.session_over:
            storage.forget_game()
        self.app.reset_to(MainMenu(self.app))

    # -- the flow of turns

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.notice_time = max(0.0, self.notice_time - dt)
        animations = self.app.settings.get("animations", True)
        self.motion.update(dt if animations else 10.0)
        if self.motion.busy:
            return
        if self.session.game_over:
            self.game_over_wait += dt
            if self.game_over_wait >= GAME_OVER_PAUSE:
                self.show_game_over()
            return
        seat = self.session.to_move
        if seat in self.session.computers:
            self._computer_turn(dt)
        elif len(self.session.human_seats) > 1 and seat != self.revealed_seat:
            self._hand_off(seat)

    def _computer_turn(self, dt: float) -> None:
        if self.thinker is None:
            self.thinker = Thinker(self.session.computer_action)
            self.computer_wait = theme.COMPUTER_PACE.get(self.app.settings.get("computer_speed"), 0.75)
        self.computer_wait -= dt
        if self.thinker.done and self.computer_wait <= 0:
            thinker, self.thinker = self.thinker, None
            if thinker.error is not None:
                raise thinker.error
            self.perform(thinker.result)

    def _hand_off(self, seat: int) -> None:
        from .handoff import HandOff

        self.revealed_seat = None
        self.app.push(HandOff(self.app, self, seat))

    def reveal(self, seat: int) -> None:
        self.revealed_seat = seat

    def show_game_over(self) -> None:
        from .gameover import GameOver

        self.game_over_wait = -1e9
        problem = self.app.write(record_game, self.session)
        if problem:
            self.say(problem)
        self.app.push(GameOver(self.app, self))

    def next_game(self) -> None:
        self.session.next_game()
        self.game_over_wait = 0.0
        self.revealed_seat = None
        self.motion.clear()
        self.autosave()
        self.layout(self.app.size)

    # -- shared drawing

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

    def paint_background(self, surface: pygame.Surface) -> None:
        """Draw what never moves (felt, panels, slots) once per window size; games add their own."""
        w, _h = surface.get_size()
        surface.fill(theme.FELT)
        pygame.draw.rect(surface, theme.PANEL, (0, 0, w, self.top_h))
        if self.log_rect.w:
            panel(surface, self.log_rect.inflate(-self.px(12), -self.px(12)))

    def draw_frame(self, screen, title: str) -> None:
        if self._background is None or self._background.get_size() != self.app.size:
            self._background = pygame.Surface(self.app.size).convert()
            self.paint_background(self._background)
        screen.blit(self._background, (0, 0))
        title_rect = draw_text(screen, title, self.px(22), theme.INK, (self.px(14), self.top_h // 2), "midleft", bold=True)
        session = self.session
        games = session.config["games_to_win"]
        score = "   ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))
        goal = f"Game {session.game_number + 1}  \u00b7  first to {games} win{'s' if games > 1 else ''}  \u00b7  wins: {score}"
        draw_text(screen, goal, self.px(16), theme.INK_DIM, (max(self.px(150), title_rect.right + self.px(24)), self.top_h // 2), "midleft")
        self.menu_button.draw(screen, self.px(16))
        self.rules_button.draw(screen, self.px(16))
        if self.log_rect.w:
            self.draw_log(screen)

    def log_lines(self, size: int, width: int) -> list[str]:
        """The move log as the viewer may read it, wrapped; rebuilt only when something changed."""
        viewer = self.viewer
        key = (len(self.session.history), self.session.game_number, viewer, size, width)
        if self._log_cache[0] != key:
            lines: list[str] = []
            for _seat, event in self.session.history:
                shown = self.rules.redact(event, viewer)
                lines.extend(wrap(shown.text(self.session.names), size, width))
            self._log_cache = (key, lines)
        return self._log_cache[1]

    def draw_log(self, screen) -> None:
        rect = self.log_rect.inflate(-self.px(12), -self.px(12))
        draw_text(screen, "Moves", self.px(17), theme.INK, (rect.x + self.px(10), rect.y + self.px(8)), bold=True)
        size = self.px(14)
        line_h = self.px(19)
        lines = self.log_lines(size, rect.w - self.px(20))
        room = max(1, (rect.h - self.px(40)) // line_h)
        y = rect.y + self.px(34)
        for line in lines[-room:]:
            draw_text(screen, line, size, theme.INK_DIM, (rect.x + self.px(10), y))
            y += line_h

    def draw_flights(self, screen, width: int) -> None:
        for flight in self.motion.current:
            image = cardart.face(flight.card, width) if flight.face_up else cardart.back(width)
            rect = image.get_rect(center=flight.position)
            if flight.flash and flight.waiting:
                halo = cardart.glow(width)
                screen.blit(halo, halo.get_rect(center=rect.center))
            screen.blit(image, rect)

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

    def show_rules(self) -> None:
        from game.registry import entry

        from .rules_sheet import RulesSheet

        game = entry(self.session.game)
        self.app.push(RulesSheet(self.app, game.title, game.guide))

    def handle(self, event) -> None:
        self.menu_button.handle(event)
        self.rules_button.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_rules()
            return
        if self.app.top is not self:
            return
        view = self.current_view()
        if self.my_turn:
            legal = self.session.legal_actions()
            for button, action in self.action_buttons():
                button.enabled = action in legal
                button.handle(event)
            if event.type == pygame.KEYDOWN:
                action = self.key_actions().get(event.key)
                if action is not None and action in legal:
                    self.perform(action)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos, view)
        elif event.type == pygame.MOUSEMOTION:
            if self.drag:
                self.drag["pos"] = event.pos
            else:
                hit = self.hand_card_at(event.pos, view) if view.seat is not None else None
                self.hover_card = hit[0] if hit else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)

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

    def prompt(self, view) -> str:
        """The line above the hand: whose turn it is, or what the viewer may do now."""
        if view.winners is not None:
            return "Game over"
        current = self.session.names[view.current]
        if view.seat is None or view.current != view.seat:
            return f"{current}'s turn"
        return self.turn_prompt(view, current)

    def turn_prompt(self, view, name: str) -> str:
        """What the viewer, whose turn it is, may do now."""
        return f"Your turn, {name}"

    def result_rows(self) -> list[tuple[int, tuple, str]]:
        """For the game-over screen: (seat, cards to show, summary) per seat."""
        raise NotImplementedError

    # -- seats around the table, and the viewer's hand at the bottom

    def layout_seats(self, area: pygame.Rect, button_count: int = 2) -> pygame.Rect:
        """Place the opponents' row, the hand row and its buttons; return the room left between them."""
        self.area = area
        self.opp_h = self.px(124)
        self.hand_w = self.px(92)
        hand_h = int(self.hand_w * theme.CARD_RATIO)
        self.hand_y = area.bottom - hand_h - self.px(22)
        self.prompt_y = self.hand_y - self.px(50)
        bx = area.right - self.px(150)
        for i, (button, _action) in enumerate(self.action_buttons()[:button_count]):
            button.rect = pygame.Rect(bx, self.hand_y + self.px(8) + i * self.px(58), self.px(130), self.px(50))
        self.hand_right = bx - self.px(20)
        return pygame.Rect(area.x, area.top + self.opp_h + self.px(14), area.w, self.prompt_y - area.top - self.opp_h - self.px(28))

    @property
    def bottom_seat(self) -> int:
        viewer = self.viewer
        if viewer is not None:
            return viewer
        humans = self.session.human_seats
        return humans[0] if humans else 0

    def opponents(self) -> list[int]:
        bottom = self.bottom_seat
        n = len(self.session.seats)
        return [(bottom + k) % n for k in range(1, n)]

    def opponent_box(self, seat: int) -> pygame.Rect:
        seats = self.opponents()
        gap = self.px(14)
        width = min(self.px(300), (self.area.w - gap * (len(seats) + 1)) // len(seats))
        total = len(seats) * width + (len(seats) - 1) * gap
        x = self.area.centerx - total // 2 + seats.index(seat) * (width + gap)
        return pygame.Rect(x, self.area.top + self.px(8), width, self.opp_h - self.px(8))

    def seat_center(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom_seat:
            return (self.area.centerx, self.hand_y + self.px(60))
        return self.opponent_box(seat).center

    @staticmethod
    def card_rect(center, width) -> pygame.Rect:
        w, h = cardart.card_size(width)
        return pygame.Rect(center[0] - w // 2, center[1] - h // 2, w, h)

    @staticmethod
    def hand_order(card):
        """Where a card sits in a held hand: playing cards by rank, then suit."""
        return card.rank, "SHDC".index(card.suit)

    def shown_hand(self, view) -> list:
        """The viewer's hand sorted as a player would hold it."""
        return sorted(view.hand, key=self.hand_order)

    def hand_centers(self, count: int) -> list[tuple[int, int]]:
        if count == 0:
            return []
        w = self.hand_w
        room = self.hand_right - self.area.x - self.px(20)
        step = min(w + self.px(8), (room - w) // max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        x0 = self.area.x + self.px(20) + max(0, (room - total) // 2) + w // 2
        y = self.hand_y + int(w * theme.CARD_RATIO) // 2
        return [(x0 + i * step, y) for i in range(count)]

    def hand_card_center(self, view, card) -> tuple[int, int]:
        hand = self.shown_hand(view)
        return self.hand_centers(len(hand))[hand.index(card)]

    def raised(self, card, center):
        lift = self.px(22) if card == self.selected else (self.px(10) if card == self.hover_card else 0)
        return (center[0], center[1] - lift)

    def hand_card_at(self, pos, view):
        hand = self.shown_hand(view)
        centers = self.hand_centers(len(hand))
        for card, center in reversed(list(zip(hand, centers))):
            if self.card_rect(self.raised(card, center), self.hand_w).collidepoint(pos):
                return card, center
        return None

    # -- dragging a card

    def press(self, pos, view) -> None:
        if view.seat is None or not self.my_turn:
            return
        hit = self.hand_card_at(pos, view)
        if hit:
            card, center = hit
            self.drag = {"card": card, "offset": (center[0] - pos[0], center[1] - pos[1]), "pos": pos,
                         "start": pos, "home": center}
            return
        self.press_elsewhere(pos, view)

    def release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if not drag:
            return
        card = drag["card"]
        moved = abs(pos[0] - drag["start"][0]) + abs(pos[1] - drag["start"][1])
        if moved <= CLICK_SLOP:
            self.click_card(card)
            return
        drop = (pos[0] + drag["offset"][0], pos[1] + drag["offset"][1])
        if not self.drop(card, drop, pos):
            self.snap_back(card, drop, drag["home"])

    def snap_back(self, card, start, home) -> None:
        self.motion.add(Flight(card, True, start, home, hides=(("hand-card", card),), duration=0.2))

    @property
    def dragged_card(self):
        return self.drag["card"] if self.drag else None

    # -- drawing seats and hands

    def draw_table(self, screen, view, hidden, title: str) -> None:
        """The top bar, the move log and every opponent's seat."""
        self.draw_frame(screen, title)
        for seat in self.opponents():
            self.draw_opponent(screen, view, seat, hidden)

    def draw_opponent(self, screen, view, seat: int, hidden) -> None:
        box = self.opponent_box(seat)
        active = view.current == seat and view.winners is None
        panel(screen, box, edge=theme.GOLD if active else theme.PANEL_EDGE)
        if active:
            pygame.draw.rect(screen, theme.GOLD, box, 3, border_radius=10)
        kind = "computer" if seat in self.session.computers else "human"
        draw_text(screen, self.session.names[seat], self.px(18), theme.INK, (box.x + self.px(10), box.y + self.px(6)), bold=True)
        count = view.hand_counts[seat] - (1 if ("hand", seat) in hidden else 0)
        draw_text(screen, f"{count} card{'s' if count != 1 else ''} \u00b7 {kind}", self.px(14), theme.INK_DIM,
                  (box.right - self.px(10), box.y + self.px(9)), "topright")
        w = self.px(44)
        step = min(self.px(16), (box.w - self.px(20) - w) // max(1, count - 1)) if count > 1 else 0
        for i in range(count):
            screen.blit(cardart.back(w), (box.x + self.px(10) + i * step, box.y + self.px(34)))
        note = self.seat_note(view, seat)
        if note:
            draw_text(screen, note, self.px(15), theme.INK, (box.right - self.px(10), box.y + self.px(34)), "topright", bold=True)
        if active and self.thinker is not None:
            draw_text(screen, "thinking\u2026", self.px(15), theme.GOLD, (box.right - self.px(10), box.bottom - self.px(8)), "bottomright")

    def draw_hand(self, screen, view, hidden) -> None:
        seat = self.bottom_seat
        name = self.session.names[seat]
        note = self.seat_note(view, seat)
        label_pos = (self.area.x + self.px(20), self.hand_y - self.px(6))
        if view.seat is None:
            count = view.hand_counts[seat] - (1 if ("hand", seat) in hidden else 0)
            for center in self.hand_centers(count):
                screen.blit(cardart.back(self.hand_w), self.card_rect(center, self.hand_w))
            draw_text(screen, f"{name}: {count} cards (hidden)  {note}", self.px(15), theme.INK_DIM, label_pos, "bottomleft")
            return
        if note:
            draw_text(screen, f"{name}  {note}", self.px(15), theme.INK_DIM, label_pos, "bottomleft")
        cards = self.shown_hand(view)
        away = {spot[1] for spot in hidden if spot[0] == "hand-card"} | {self.dragged_card} | self.set_aside()
        veil = self.my_turn and any(self.card_usable(c) for c in cards)
        for card, center in zip(cards, self.hand_centers(len(cards))):
            if card in away:
                continue
            center = self.raised(card, center)
            if card == self.selected:
                halo = cardart.glow(self.hand_w)
                screen.blit(halo, halo.get_rect(center=center))
            screen.blit(cardart.face(card, self.hand_w), self.card_rect(center, self.hand_w))
            if veil and not self.card_usable(card):
                screen.blit(cardart.shade(self.hand_w), self.card_rect(center, self.hand_w))
        if self.my_turn:
            legal = self.session.legal_actions()
            for button, action in self.action_buttons():
                button.enabled = action in legal
                button.draw(screen, self.px(20))

    def draw_stack(self, screen, center, count: int, width: int, label: str) -> int:
        """A face-down stack (thicker as it holds more), or an empty slot, with its label under it;
        returns the y just below the label."""
        x, y = center
        if count:
            for k in range(min(4, (count + 9) // 10), 0, -1):
                screen.blit(cardart.back(width), self.card_rect((x + k * 2, y - k * 2), width))
        else:
            cardart.empty_slot(screen, self.card_rect(center, width))
        below = y + int(width * theme.CARD_RATIO) // 2 + self.px(6)
        return draw_text(screen, label, self.px(16), theme.INK, (x, below), "midtop", bold=True).bottom

    def draw_dragged(self, screen) -> None:
        if self.drag:
            pos = self.drag["pos"]
            center = (pos[0] + self.drag["offset"][0], pos[1] + self.drag["offset"][1])
            image = cardart.face(self.drag["card"], self.hand_w)
            screen.blit(image, image.get_rect(center=center))

    def draw_prompt(self, screen, view) -> None:
        prompt = self.prompt(view)
        active = view.seat is not None and view.current == view.seat and view.winners is None
        color = theme.GOLD if active else theme.INK
        if self.notice_time > 0 and self.notice:
            prompt, color = self.notice, theme.INK
        draw_text(screen, prompt, self.px(19), color, (self.area.x + self.px(20), self.prompt_y + self.px(14)), "midleft", bold=active)
