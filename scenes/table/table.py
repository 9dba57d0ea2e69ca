"""A game's table, assembled from shared parts: the turns (`turns.Turns`), the move log
(`movelog.MoveLog`), the other seats (`seats.Seats`), the viewer's hand with drag and drop
(`hand.Hand`), the top bar (`topbar.TopBar`), the prompt line and its alerts
(`prompt.PromptLine`), the marks of the last move (`marks.MoveMarks`), keyboard choosing
(`choosing.HandChoice`), the turn's buttons and keys (`turn_controls.TurnControls`), what a player
does to the game itself (`commands.TableCommands`: undo, redo, restart, seats, save, leave), the
cards in flight (`flights`), and the board's own parts (`parts`: piles, slots, rows, the cursor).

A game's scene lays out its own board in `layout` (with the shared frame and seat rows, or a
layout of its own), draws it in `draw_board`, turns events into motion in `animate`, and
answers the hooks of `hooks.TableHooks` (what a dropped card does, which cards can be played, the
prompt, where an action or an event lands on the table). `draw` is the template every table
shares.

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
from game.wording import whose

from scenes.ui.keymap import HINT, READING_KEYS, Key, help_line
from scenes.ui.scene import Scene
from scenes.table.choosing import HandChoice
from scenes.table.commands import COMMAND_KEYS, TableCommands
from scenes.table.hand import Hand, standard_order
from scenes.table.hooks import TableHooks
from scenes.table.marks import MoveMarks
from scenes.table.movelog import MoveLog
from scenes.table.flights import draw_flights
from scenes.table.parts import Pile
from scenes.table.prompt import LONG_PROMPT, PromptLine
from scenes.table.seats import Seats
from scenes.table.speaking import TableSpeech
from scenes.table.topbar import TopBar
from scenes.table.turn_controls import TurnControls
from scenes.table.turns import Turns
from scenes.ui import cardart, theme
from scenes.ui.sounds import YOUR_TURN
from scenes.ui.motion import Motion
from scenes.ui.widgets import Button, line_height, panel

# Measures of this layout that are no step of theme's scales (pixels at the base window).
HAND_CARD_W = 92  # a hand's card at the normal card size
COLUMN_MIN_W = 300  # a side column at least
HAND_LIFT = 22  # the hand above the area's bottom
MARK_LINE = 3  # a chosen card's frame

CARD_SIZES = theme.CARD_SIZES
LOG_WIDTH, LOG_WIDTH_LEAST = 280, 240  # the move log's width (base size), and the least it is given
LOG_SHARE_MOST = 0.3  # of the window's width: the most a log is given beside a board that leaves more


class TableScene(Scene, TableHooks):
    focus_keys = "none"  # every key is the table's own (its speech and reading keys too)
    hand_order = staticmethod(standard_order)
    result_card_min_w = 50  # the game-over screen's cards are at least this wide: their corners read at 12 px
    longest_prompt = LONG_PROMPT  # as long as this table's prompt or remark gets: the prompt keeps the lines it needs
    seat_cards_shown = False  # the seats' boxes show face-up cards (`seat_shown`): a column of boxes too short for them is not used

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.rules = session.rules
        self.motion = Motion()
        self.turns = Turns(self)
        self.log = MoveLog(self)
        self.seats = Seats(self)
        self.hand = Hand(self, self.hand_order)
        self.commands = TableCommands(self)
        self.hint_button = Button("Hint", self.show_hint)
        self.watching = False              # a replay draws the table: no buttons to press
        self.choice = None                 # a move picked by keyboard or hint, not yet made
        self.draw_pile = Pile()            # where the draw pile lies (each table places it)
        self.marks = MoveMarks()
        self.chooser = HandChoice(self)
        self.turn_controls = TurnControls(self)
        self.top_bar = TopBar(self.px)
        self.prompt_line = PromptLine(self.px)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.log_column = self.log_rect  # the column beside the board: the log's, and the seats' over it
        self.area = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.prompt_y = 0
        self.pointer_at = (-1, -1)  # where the pointer was last seen over the window
        self.lesson = None  # a lesson played at this table (scenes/table/lesson.py), or None
        self._background: pygame.Surface | None = None
        self.speaker = TableSpeech(self)  # what the table says aloud
        app.sounds.play("deal")

    # -- what the table shows and does

    @property
    def stream(self):
        """What the table's viewer is handed of the session (game/stream.py): all it draws."""
        return self.session.stream(self.turns.viewer)

    def spoken_title(self) -> str:
        """What speech says as the table opens: the game and who sits at it."""
        return f"{self.title()}: {', '.join(self.session.names)}"

    @property
    def public_view(self):
        """The position as an onlooker sees it: what every seat may see."""
        return self.session.stream(None).view

    def current_view(self):
        return self.stream.view

    def legal_actions(self) -> list:
        """The moves the viewer may make now (none while another seat is to move)."""
        return self.stream.legal_actions()

    @property
    def my_turn(self) -> bool:
        return self.turns.mine

    def perform(self, action, origin=None, by_table: bool = False) -> bool:
        return self.turns.perform(action, origin, by_table)

    def show_move(self, events, origin, by_table: bool = False) -> None:
        """A move was made: settle the board, sound its events, then queue their flights. The move log
        and the prompt line move on together: a passing remark of an earlier move goes."""
        last = self.stream.last_move
        by_viewer = last is not None and last.mover is not None and last.mover == self.turns.viewer
        self.prompt_line.clear(alert=by_viewer, notice=True)
        self.marks.moved(events, by_viewer, by_table)
        self.choice = None
        self.hand.selected = None
        self.mark_fresh_cards()
        self.settle(events)
        self.app.sounds.play_move(events)
        self.speaker.moved(events)
        if not by_viewer and self.turns.mine_next():
            self.app.sounds.play(YOUR_TURN)
        for event in events:
            self.animate(event, origin)
            origin = None

    def mark_fresh_cards(self) -> None:
        viewer = self.turns.viewer
        if viewer is not None:
            last = self.stream.last_move
            viewer_moved = last is not None and last.mover == viewer
            fresh = self.marks.fresh_cards(viewer, frozenset(self.current_view().hand), viewer_moved)
            self.hand.fresh = self.hand.fresh if fresh is None else fresh

    # -- choosing a move by keyboard, or being shown one

    def card_actions(self, card) -> list:
        """The legal moves that play `card` from the hand."""
        return self.chooser.card_actions(card)

    def pick_card(self, step: int) -> None:
        """Left/Right: the next hand card (those that can be played, if any can)."""
        self.chooser.pick_card(step)

    def pick_move(self, step: int) -> None:
        """Up/Down: the next move the selected card can make."""
        self.chooser.pick_move(step)

    def confirm_choice(self) -> None:
        self.chooser.confirm()

    def show_hint(self) -> None:
        """Pick the move the Normal computer would make here, and say what it is."""
        if self.my_turn:
            self.present_hint(self.chooser.normal_move())

    def present_hint(self, action) -> None:
        self.chooser.present_hint(action)

    def light_move(self, action) -> None:
        """Show a move to make, as a hint shows one: its hand card raised, where it goes lit;
        Enter makes it (each step of a lesson)."""
        self.chooser.light(action)

    def describe(self, action) -> str:
        """A move in words: a button's name ("Draw"), else what the move would do to the table,
        as the viewer may know it now (describing a move never shows a card a draw would bring)."""
        label = next((button.label for button, taken in self.action_buttons() if taken == action), None)
        if label is not None:
            return label
        told = self.stream.foresee(action)
        return told.text(self.session.names) if told is not None else "that move"

    def say(self, message: str) -> None:
        """An alert: why a move was refused (the engine's words, as a sentence)."""
        self.prompt_line.say(message)
        self.speaker.refused(message)

    def autosave(self) -> None:
        """The game in progress, saved after every move (a failed write is told once); a lesson
        is no game, and leaves the game in progress as it was."""
        if self.lesson is not None:
            return
        self.report(self.app.write(storage.save_game, self.session))

    def forget_autosave(self) -> None:
        """The game in progress is over for good: Continue has nothing to bring back."""
        storage.forget_game()

    def report(self, problem: str | None) -> None:
        if problem:
            self.say(problem)

    def say_notice(self, message: str, shorter: tuple[str, ...] = ()) -> None:
        """A passing remark in the prompt line (or a `shorter` wording: `PromptLine`); speech says it whole."""
        self.prompt_line.say_notice(message, shorter)
        self.speaker.remark(message)

    def show_rules(self) -> None:
        self.app.screens.rules(self.session.descriptor, self.keys_help())

    def keys_help(self) -> str:
        own = "".join(f"; {key.name} {label}" for key, label in self.key_labels())
        return f"Keys: {self.choosing_keys_help()}; {HINT.name} shows a hint{own}; {help_line(READING_KEYS)}; {COMMAND_KEYS}"

    def choosing_keys_help(self) -> str:
        """How the arrow keys and Enter choose a move at this table, for the help page."""
        return "Left/Right pick a card of your hand; Up/Down pick where it goes (lit on the table); Enter plays it"

    def key_labels(self) -> list[tuple[Key, str]]:
        """The table's own keys and what they do, for the help page."""
        return [(key, label) for key, label in ((k, next((b.label for b, a in self.action_buttons() if a == action), ""))
                                                for k, action in self.key_actions().items()) if label]

    def save_name(self) -> str:
        """The name a save is first offered under (Ctrl+S): the game and its players."""
        return f"{self.session.descriptor.title} {' '.join(self.session.names)}"

    def refresh(self, notice: str) -> None:
        """The session's state changed under the table (undo, redo, restart, a seat handed over):
        stop what was moving or thinking and draw the table afresh from the new state."""
        self.motion.clear()
        self.turns.reset()
        self.choice = None
        self.hand.selected = None
        self.hand.fresh = frozenset()
        self.marks.clear()
        self.prompt_line.clear()
        self.layout(self.app.size)
        self.say_notice(notice)
        self.autosave()

    def next_game(self) -> None:
        self.turns.next_game()
        self.layout(self.app.size)
        self.app.sounds.play("deal")

    def animating(self) -> bool:
        """Cards in flight, a message counting down, or work the turns do with no input (a
        computer to move, a hand-off to show, the pause before the game-over screen)."""
        return self.motion.busy or self.prompt_line.counting or self.turns.due

    def update(self, dt: float) -> None:
        self.prompt_line.update(dt)
        self.motion.update(dt if self.app.settings.get("animations", True) else 10.0)
        self.turns.update(dt)
        if self.lesson is not None:
            self.lesson.update()
        self.speaker.update()

    # -- layout

    def card_px(self, value: float) -> int:
        """A card's width in pixels: a base-size measure, scaled by the card-size setting."""
        return self.px(value * CARD_SIZES.get(self.app.settings.get("card_size"), 1.0))

    def layout_frame(self, size, board_w: int | None = None) -> pygame.Rect:
        """Place the top bar and the log; return the rectangle left for the game itself. A game
        whose board says how wide it would be (`board_w`) gives the log the rest of the width."""
        w, h = size
        if self.lesson is not None:  # the lesson's column, the move log under it
            column_w = max(self.px(COLUMN_MIN_W), 220)
        else:
            column_w = self.log_width(w, board_w) if self.app.settings.get("show_log", True) else 0
        line = self.lesson.progress_line() if self.lesson is not None else self.score_line()
        self.top_bar.place(w, self.top_buttons(), turn_only=(self.hint_button,), title=self.title(), line=line, line_right=w - column_w)
        top = self.top_bar.height
        if self.lesson is not None:
            self.log_rect = self.lesson.place(pygame.Rect(w - column_w, top, column_w, h - top))
            column_w = self.log_rect.w
        else:
            self.log_rect = pygame.Rect(w - column_w, top, column_w, h - top)
        self.log_column = self.log_rect
        self._background = None
        return pygame.Rect(0, top, w - column_w, h - top)

    def log_width(self, w: int, board_w: int | None) -> int:
        """The move log's width: what the board leaves, within bounds; else a set width."""
        if board_w is None:
            return self.px(LOG_WIDTH)
        return max(self.px(LOG_WIDTH_LEAST), min(int(w * LOG_SHARE_MOST), w - board_w))

    def top_buttons(self) -> list[Button]:
        """The top bar's buttons, from the right edge leftwards (none in a replay)."""
        if self.watching:
            return []
        menu, rules, table, redo, undo = self.commands.buttons()
        if self.lesson is not None:
            return [menu, rules, self.hint_button]
        return [menu, rules, table, self.hint_button, redo, undo]

    def layout_seats(self, area: pygame.Rect, button_count: int = 2, hand_width: int | None = None) -> pygame.Rect:
        """The other seats along the top, the hand (its cards `hand_width` wide, else as the
        card-size setting says) and its buttons along the bottom (as wide as the longest label
        needs); returns the room left between them for the board."""
        self.area = area
        self.place_seats(area)
        self.keep_prompt_rows(self.prompt_width())
        width = hand_width or self.card_px(HAND_CARD_W)
        hand_y = area.bottom - int(width * theme.CARD_RATIO) - self.px(HAND_LIFT)
        label_h = line_height(self.px(theme.TEXT_SMALL))
        self.prompt_y = hand_y - self.hand.raise_room() - label_h - self.px(theme.SPACE_TIGHT) - self.prompt_line.height(1)
        bx = self.turn_controls.place(area.right - self.px(theme.SPACE_LARGE), hand_y + self.px(theme.SPACE_SMALL), button_count)
        self.hand.layout(area.x, bx - self.px(theme.SPACE_LARGE), hand_y, width)
        top = area.top + self.seats.top_strip + self.px(theme.SPACE)
        prompt_top = self.prompt_y + self.prompt_line.height(1) - self.prompt_line.height()
        self.middle = pygame.Rect(area.x, top, area.w, prompt_top - top - self.px(theme.SPACE))
        return self.middle

    def keep_prompt_rows(self, width: int) -> None:
        """The prompt's lines at `width`: as the longest prompt needs; one in a replay (whose turn)."""
        whose_turn = f"{max(self.session.names, key=len)}'s turn"
        self.prompt_line.keep_rows(width, *((whose_turn, 1) if self.watching else (self.longest_prompt,)))

    def place_seats(self, area: pygame.Rect) -> None:
        """The other seats over the move log where it is shown and has room (`Seats.place`), the
        log under them; else in a row along the top of `area`."""
        log = self.log_column
        taken = self.seats.place(area, log if self.lesson is None else None, self.seat_cards_shown)
        if taken:
            self.log_rect = pygame.Rect(log.x, log.y + taken, log.w, log.h - taken)

    # -- input

    def handle(self, event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer_at = event.pos
        self.commands.show_state()
        self.commands.explain_undo(event)
        self.top_bar.handle(event)
        if self.lesson is not None and self.lesson.handle(event):
            return
        if event.type == pygame.KEYDOWN and (self.commands.handle_key(event) or self.speaker.read(event)):
            return
        if self.app.top is not self:
            return
        view = self.current_view()
        if self.my_turn:
            self.turn_controls.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos, view)
        elif event.type == pygame.MOUSEMOTION:
            self.hand.move(event.pos, view)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hand.release(event.pos)

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

    # -- drawing: the template every table shares

    def draw(self, screen) -> None:
        view = self.current_view()
        hidden = self.motion.hidden()
        self.draw_frame(screen)
        self.seats.draw(screen, view, hidden)
        self.draw_board(screen, view, hidden)
        self.draw_marks(screen)
        self.hand.draw(screen, view, hidden, self.seats.bottom)
        if self.lesson is not None:
            self.lesson.draw(screen)
        self.draw_buttons(screen)
        self.draw_prompt(screen, view)
        self.draw_flights(screen, self.flight_width())
        self.draw_dragged(screen, view)
        self.prompt_line.draw_alert(screen, self.message_anchor(), self.app.size[0])

    def paint_background(self, surface: pygame.Surface) -> None:
        """Draw what never moves (felt, panels, slots) once per window size; games add their own."""
        surface.blit(cardart.felt(surface.get_size()), (0, 0))
        self.top_bar.paint(surface)
        if self.log_rect.w:
            panel(surface, self.log_rect.inflate(-self.px(theme.SPACE_CLOSE), -self.px(theme.SPACE_CLOSE)))

    def draw_frame(self, screen) -> None:
        """The background, the top bar (title, the session's score, Rules, Menu) and the log."""
        if self._background is None or self._background.get_size() != self.app.size:
            self._background = pygame.Surface(self.app.size).convert()
            self.paint_background(self._background)
        screen.blit(self._background, (0, 0))
        self.commands.show_state()
        line = self.lesson.progress_line() if self.lesson is not None else self.score_line()
        self.top_bar.draw(screen, self.title(), line)
        if self.log_rect.w:
            self.draw_log(screen)

    def draw_log(self, screen) -> None:
        self.log.draw(screen, self.log_rect, self.turns.viewer)

    def draw_marks(self, screen) -> None:
        """The last move of another seat, outlined; the picked move, lit."""
        if not self.motion.busy:
            self.marks.draw(screen, self.event_spot, self.px)
        spot = self.action_spot(self.choice) if self.choice is not None and self.my_turn else None
        if spot is not None:
            cardart.chosen_frame(screen, spot, max(2, self.px(MARK_LINE)))

    def draw_buttons(self, screen) -> None:
        if self.my_turn:
            self.turn_controls.draw(screen)

    def draw_flights(self, screen, width: int) -> None:
        draw_flights(screen, self.motion.current, width, self.middle, self.px)

    def draw_dragged(self, screen, view) -> None:
        self.hand.draw_dragged(screen)

    def prompt(self, view) -> str:
        """The line above the hand: whose turn it is, or what the viewer may do now."""
        if view.game_over:
            return "Game over"
        current = self.session.names[view.current]
        if view.seat is None or view.current != view.seat:
            return f"{whose(current, opening=True)} turn"
        return self.turn_prompt(view, current)

    def prompt_width(self) -> int:
        """How wide the prompt above the hand may be: the table's width."""
        return self.area.w - self.px(theme.SPACE_SECTION)

    def draw_prompt(self, screen, view) -> None:
        self.prompt_line.place(self.area.x, self.prompt_y, self.prompt_width())
        if self.watching:  # a replay or a review: whose turn it was, never an instruction
            over = view.game_over or view.current is None
            self.prompt_line.draw(screen, "Game over" if over else f"{whose(self.session.names[view.current], True)} turn", False)
            return
        active = view.seat is not None and view.current == view.seat and not view.game_over
        picked = active and self.choice is not None and not self.motion.busy and not self.prompt_line.notice_time
        prompt, shorter = (f"Enter: {self.chooser.words(self.choice)}", (f"Enter: {self.move_words(self.choice)}",)) if picked else (self.prompt(view), ())
        self.prompt_line.draw(screen, prompt, active, shorter)
