"""What every game table shares: turns, computer pacing, pass-and-play hand-offs, the move log,
autosave and the game-over screen. A game's scene adds its layout, drawing and drag and drop."""

from __future__ import annotations

import pygame

from game import storage
from game.core import IllegalAction

from . import cardart, theme
from .app import Scene
from .motion import Motion, Thinker
from .widgets import Button, draw_text, panel, wrap

GAME_OVER_PAUSE = 0.8
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
        self.handoff_pending = False
        self.game_over_wait = 0.0
        self.message = ""
        self.message_time = 0.0
        self.menu_button = Button("Menu", self.leave)
        self.rules_button = Button("Rules", self.show_rules)
        self.last_seen_log = 0
        self.top_h = 0
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._background: pygame.Surface | None = None
        self._log_cache: tuple = ((), [])

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
            self.say(str(err).capitalize())
            return False
        for event in events:
            self.animate(self.rules.redact(event, viewer), origin)
            origin = None
        storage.save_game(self.session)
        return True

    def animate(self, event, origin) -> None:
        """Queue the flights that show `event`; each game's scene knows where its cards go."""

    def say(self, message: str) -> None:
        self.message = message
        self.message_time = MESSAGE_TIME

    def leave(self) -> None:
        from .menu import MainMenu

        if self.session.game_over and self.session.session_over:
            storage.forget_game()
        self.app.reset_to(MainMenu(self.app))

    # -- the flow of turns

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
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
        self.app.push(GameOver(self.app, self))

    def next_game(self) -> None:
        self.session.next_game()
        self.game_over_wait = 0.0
        self.revealed_seat = None
        self.motion.clear()
        storage.save_game(self.session)
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
        draw_text(screen, title, self.px(22), theme.INK, (self.px(14), self.top_h // 2), "midleft", bold=True)
        session = self.session
        games = session.config["games_to_win"]
        score = "   ".join(f"{name} {wins}" for name, wins in zip(session.names, session.wins))
        goal = f"Game {session.game_number + 1}  \u00b7  first to {games} win{'s' if games > 1 else ''}  \u00b7  wins: {score}"
        draw_text(screen, goal, self.px(16), theme.INK_DIM, (self.px(150), self.top_h // 2), "midleft")
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
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_rules()
