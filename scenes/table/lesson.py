"""Learn to play at the real table: a lesson (`game.lesson.Lesson`) played on the game's own table.

The table's session is the lesson's (`game.lesson_session.LessonSession`): the learner's moves go
to the lesson, which plays only the step's move and refuses any other with its reason (the table
says it as it says any refusal, and a dragged card snaps back); the other seats play the lesson's
scripted steps.
`LessonTurns` paces those steps as the turns pace a computer, never saves the game, never counts
it in the statistics, and opens no game-over screen. `LessonMode` is what the table shows on top:
the step's text, its progress ("Step 3 of 16"), the part's title, Skip step and Leave lesson in
the column beside the table; the step's card raised and where it goes lit; between two parts and
at the end, what was learned and the way on (and the game's results, when the last move ended it).

A lesson counts as learned (on the menu, through the settings) once it is played to its end with
at least half of the learner's own steps made by the learner: skipping a step here and there is
fine, skipping through the whole lesson is not learning it, and neither is leaving it early."""

from __future__ import annotations

import pygame

from game.lesson import LEARNER, Lesson, mark_lesson_finished

from scenes.ui import keymap
from scenes.table.choosing import action_cards
from scenes.table.hand import card_rect
from scenes.table.turns import Turns
from scenes.ui import resources, theme
from scenes.ui.scrolling import Scroller
from scenes.ui.widgets import Button, draw_text, line_height, panel, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
PANEL_INSET = 28  # the lesson panel's inner margins, both sides

READING_PACE = 1 / 40  # seconds of reading per character of a computer's step, at normal speed
LESSON_WITHOUT = (keymap.TABLE_MENU, keymap.SAVE, keymap.UNDO, keymap.REDO, keymap.REDO_Y)  # no restart, seats, saves or undo
LESSON_SHARE = 0.74  # of the column beside the table: the step above, the move log below


WORD_SIZES = (17, 16, 15, 14, 13, 12, 11, 10)  # a step's words: the largest that fits its room, first

class LessonTurns(Turns):
    """The turns of a lesson: the learner moves on a learner's step, the scripted moves come at a
    reading pace, and nothing is saved or counted."""

    def __init__(self, table, lesson: Lesson) -> None:
        super().__init__(table)
        self.lesson = lesson
        self.step_wait: float | None = None
        self.own_steps_skipped = 0  # the learner's steps played by Skip step

    @property
    def viewer(self) -> int:
        return LEARNER

    @property
    def mine(self) -> bool:
        step = self.lesson.step
        return step is not None and not step.computer and not self.motion.busy

    @property
    def due(self) -> bool:
        step = self.lesson.step
        return self.app.top is self.table and step is not None and step.computer

    def perform(self, action, origin=None, by_table: bool = False) -> bool:
        if not self.applied(action):
            return False
        self.show(origin, by_table)
        return True

    def show(self, origin=None, by_table: bool = False) -> None:
        """The move the lesson just made, on the table as the learner's stream hands it."""
        self.step_wait = None
        self.table.show_move(self.session.stream(LEARNER).last_move.events, origin, by_table)

    def skip_step(self) -> None:
        step = self.lesson.step
        if step is not None and not self.motion.busy:
            self.own_steps_skipped += not step.computer
            self.lesson.skip_step()
            self.show()

    def update(self, dt: float) -> None:
        step = self.lesson.step
        if self.motion.busy or step is None or not step.computer:
            return
        if self.step_wait is None:
            pace = theme.COMPUTER_PACE.get(self.app.settings.get("computer_speed"), 0.75)
            self.step_wait = pace + len(step.text) * READING_PACE * pace / theme.COMPUTER_PACE["normal"]
        self.step_wait -= dt
        if self.step_wait <= 0:
            told = f"{self.table.lesson.headline()}. {step.text}"
            if self.perform(step.action):
                self.table.speaker.say(told)

    def reset(self) -> None:
        self.step_wait = None


class LessonMode:
    """A table playing a lesson: the column that tells each step, and the lights of its move."""

    def __init__(self, table, lesson: Lesson) -> None:
        self.table = table
        self.lesson = lesson
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.skip_button = Button("Skip step", self.skip_step, color=theme.BUTTON_QUIET)
        self.leave_button = Button("Leave lesson", self.leave, color=theme.BUTTON_STOP)
        self.next_button = Button("Next part", self.next_part, color=theme.BUTTON_GO)
        self.done_button = Button("Back to menu", self.leave, color=theme.BUTTON_GO)
        self.lit_step: tuple | None = None  # (part, step) whose move was last lit
        self.recorded = False  # the end of the lesson was seen (and, when learned, remembered)
        self.told = None  # the step, or the end, last said aloud: ((part, step), finished)
        self.words_page = Scroller()  # the step's words, where they are more than their room (large text)
        self.words_shown = ""
        table.turns = LessonTurns(table, lesson)
        table.hint_button.on_click = self.light_again
        table.lesson = self

    # -- what the learner does

    def buttons(self) -> list[Button]:
        """The column's buttons now: Skip step and Leave during a part, Next part between parts,
        Back to menu at the end."""
        if self.lesson.finished:
            return [self.done_button]
        if self.lesson.step is None:
            return [self.next_button, self.leave_button]
        return [self.skip_button, self.leave_button]

    def skip_step(self) -> None:
        self.table.turns.skip_step()

    def next_part(self) -> None:
        self.lesson.next_part()
        self.lit_step = None
        self.table.refresh(f"Part {self.lesson.part_number + 1}: {self.lesson.part.title}")

    def leave(self) -> None:
        """Back to the menu: a lesson left before its end is not learned."""
        if not self.lesson.finished:
            self.lesson.skip()
        self.table.app.screens.menu()

    def handle(self, event) -> bool:
        """The column's buttons and keys (Enter or Space moves on between parts; H lights the
        step's move again); whether the event was theirs."""
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                return True
        over = event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.table.pointer_at)
        if (over or event.type == pygame.KEYDOWN) and self.words_page.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if (keymap.ENTER.pressed(event) or keymap.SPACE.pressed(event)) and self.lesson.step is None:
            (self.done_button if self.lesson.finished else self.next_button).on_click()
        elif keymap.HINT.pressed(event):
            self.light_again()
        elif any(key.pressed(event) for key in LESSON_WITHOUT):
            return True  # no restart, seats, saves or undo in a lesson
        else:
            return False
        return True

    @property
    def learned(self) -> bool:
        """Played to its end, with at least half of the learner's steps made by the learner."""
        own = sum(not step.computer for part in self.lesson.plan.parts for step in part.steps)
        return self.lesson.finished and 2 * self.table.turns.own_steps_skipped <= own

    def light_again(self) -> None:
        """Hint (or H): the step's move lit again, after the learner picked something else."""
        self.lit_step = None

    def update(self) -> None:
        """Light each learner's step once it comes (as a hint lights a move: Enter makes it), and
        remember the lesson as learned once its last step is played."""
        lesson, table = self.lesson, self.table
        if lesson.finished and not self.recorded:
            self.recorded = True
            if self.learned:
                mark_lesson_finished(table.app.settings, lesson.plan.game)
                table.report(table.app.save_settings())
        here = (lesson.part_number, lesson.step_number)
        if table.my_turn and here != self.lit_step:
            self.lit_step = here
            table.light_move(lesson.step.action)
            table.hand.fresh = table.hand.fresh - {table.hand.selected}  # the light says it all
        self.tell(here)

    def tell(self, here) -> None:
        """The learner's step, a part's end and the lesson's end said once as they come, once
        nothing is still landing: the column's headline and words, and on the learner's step the
        move Enter makes."""
        table, lesson = self.table, self.lesson
        told = (here, lesson.finished)
        playing = lesson.step is not None and not lesson.finished
        if told == self.told or table.motion.busy or (playing and (lesson.step.computer or not table.my_turn)):
            return  # a scripted step is said once made (its words name the cards it plays)
        self.told = told
        words = f"{self.headline()}. {self.words()}"
        if playing and not table.session.rules.made_by_the_table(table.legal_actions()):  # else the table makes it
            words += f" Enter: {table.chooser.words(lesson.step.action)}."
        table.speaker.say(words)

    # -- what the table shows

    def place(self, column: pygame.Rect) -> pygame.Rect:
        """The upper part of the column beside the table; returns what is left for the move log."""
        px = self.table.px
        self.rect = pygame.Rect(column.x, column.y, column.w, int(column.h * LESSON_SHARE))
        inner = self.rect.inflate(-px(PANEL_INSET), -px(PANEL_INSET))
        button_h = max(px(theme.SPACE_SECTION), self.skip_button.needed(px(theme.TEXT_NOTE))[1])
        half = (inner.w - px(theme.SPACE_SMALL)) // 2
        pairs = ((self.skip_button, self.leave_button), (self.next_button, self.leave_button))
        side_by_side = all(button.needed(px(theme.TEXT_NOTE))[0] <= half for pair in pairs for button in pair)
        for first, second in pairs:  # side by side when their labels fit, else one above the other
            if side_by_side:
                first.rect = pygame.Rect(inner.x, inner.bottom - button_h, half, button_h)
                second.rect = pygame.Rect(inner.right - half, inner.bottom - button_h, half, button_h)
            else:
                first.rect = pygame.Rect(inner.x, inner.bottom - 2 * button_h - px(theme.SPACE_SMALL), inner.w, button_h)
                second.rect = pygame.Rect(inner.x, inner.bottom - button_h, inner.w, button_h)
        self.done_button.rect = pygame.Rect(inner.x, inner.bottom - button_h, inner.w, button_h)
        return pygame.Rect(column.x, self.rect.bottom, column.w, column.bottom - self.rect.bottom)

    def progress_line(self) -> list[str]:
        """The top bar's line: the lesson and its part (longest first, as a score line)."""
        lesson = self.lesson
        part = f"part {lesson.part_number + 1} of {len(lesson.plan.parts)}"
        return [f"{lesson.plan.title}  \u00b7  {part}: {lesson.part.title}", f"{lesson.plan.title}  \u00b7  {part}", part]

    def headline(self) -> str:
        lesson = self.lesson
        if lesson.finished:
            return "Lesson learned" if self.learned else "End of the lesson"
        if lesson.step is None:
            return f"Part {lesson.part_number + 1} of {len(lesson.plan.parts)} done"
        return f"Step {lesson.steps_done + 1} of {lesson.plan.step_count}"

    def words(self) -> str:
        lesson = self.lesson
        if lesson.finished and not self.learned:
            return (f"{self.results()}You skipped most of your own moves, so the menu does not mark this lesson "
                    "learned: play it again, making the moves yourself.")
        if lesson.finished:
            return (f"{self.results()}You have played {lesson.plan.title} to its end: the menu marks it learned. "
                    "Start a game from the menu to play it for real.")
        if lesson.step is None:
            following = lesson.plan.parts[lesson.part_number + 1]
            return f"Next: {following.title}. Press Next part (or Enter) to deal it."
        return lesson.step.text

    def results(self) -> str:
        """When the lesson's last move ended its game: how it ended and each seat's result, as the
        game-over screen gives them (a lesson opens none), each sentence closed; else nothing."""
        table = self.table
        last = table.session.stream(LEARNER).last_move
        if not table.session.game_over or last is None or not last.events:
            return ""
        names = table.session.names
        rows = " ".join(f"{names[seat]}: {summary}." for seat, _cards, summary in table.result_rows())
        return f"Game over: {last.lines(names)[-1]}. {rows} "

    def draw(self, screen: pygame.Surface) -> None:
        """The column: the lesson's title, the part, the step's progress and words, its buttons;
        and the step's target lit on the table."""
        table, px = self.table, self.table.px
        if table.my_turn and self.lesson.step is not None:
            self.light_target(screen, self.lesson.step.action)
            self.light_cards(screen, self.lesson.step.action)
        panel(screen, self.rect.inflate(-px(theme.SPACE_CLOSE), -px(theme.SPACE_CLOSE)), edge=theme.GOLD)
        inner = self.rect.inflate(-px(PANEL_INSET), -px(PANEL_INSET))
        y = inner.y
        for line in wrap(self.lesson.plan.title, px(theme.TEXT_NOTE), inner.w, bold=True):
            y = draw_text(screen, line, px(theme.TEXT_NOTE), theme.GOLD, (inner.x, y), bold=True, box=inner).bottom
        for line in wrap(self.lesson.part.title, px(theme.TEXT_CAPTION), inner.w):
            y = draw_text(screen, line, px(theme.TEXT_CAPTION), theme.INK_DIM, (inner.x, y), box=inner).bottom
        y = draw_text(screen, self.headline(), px(theme.TEXT_BODY), theme.INK, (inner.x, y + px(theme.SPACE_SMALL)),
                      bold=True, box=inner).bottom
        whose = "" if self.lesson.step is None else ("Computer's move" if self.lesson.step.computer else "Your move")
        if whose:
            y = draw_text(screen, whose, px(theme.TEXT_CAPTION), theme.GOLD if whose == "Your move" else theme.INK_DIM,
                          (inner.x, y), box=inner).bottom
        self.draw_words(screen, inner, y + px(theme.SPACE_SNUG))
        for button in self.buttons():
            button.draw(screen, px(theme.TEXT_NOTE))

    def draw_words(self, screen: pygame.Surface, inner: pygame.Rect, top: int) -> None:
        """The step's words, as large as the room above the buttons lets them be; where they do not
        fit even at the smallest size (large text), they scroll in their room (wheel, PgUp, PgDn)."""
        px = self.table.px
        room = min(button.rect.y for button in self.buttons()) - px(theme.SPACE_SMALL) - top
        size, lines = self.fitted_words(inner.w, room)
        step_h = line_height(size)
        if self.words_shown != self.words():
            self.words_shown, self.words_page.offset = self.words(), 0
        hint_h = line_height(px(theme.TEXT_CAPTION)) if len(lines) * step_h > room else 0
        self.words_page.fit(pygame.Rect(inner.x, top, inner.w, room - hint_h), len(lines) * step_h, step_h)
        for i, line in enumerate(lines):
            shown = self.words_page.in_view(pygame.Rect(0, i * step_h, inner.w, step_h))
            if shown:
                draw_text(screen, line, size, theme.INK, shown.topleft, box=inner)
        if hint_h:
            draw_text(screen, "\u25b2\u25bc PgUp, PgDn", px(theme.TEXT_CAPTION), theme.INK_DIM,
                      (inner.x, self.words_page.viewport.bottom), box=inner)

    def fitted_words(self, width: int, room: int) -> tuple[int, list[str]]:
        """(text size, lines): the step's words wrapped to `width` at the largest size whose lines
        fit `room`, else at the smallest size; a text size above Normal keeps them at least that
        much larger than Normal's smallest (they scroll rather than shrink back to it)."""
        px = self.table.px
        least = resources.text_scale * max(resources.MIN_TEXT_PX, px(WORD_SIZES[-1]))
        sizes = [size for size in WORD_SIZES if resources.text_px(px(size)) >= least] or WORD_SIZES[:1]
        for size in sizes:
            lines = wrap(self.words(), px(size), width)
            if len(lines) * line_height(px(size)) <= room:
                break
        return px(size), lines

    def light_cards(self, screen: pygame.Surface, action) -> None:
        """The move's hand cards besides the one raised (the second card of a Chain-Chain play),
        framed where they lie in the hand."""
        table = self.table
        hand = table.hand
        view = table.current_view()
        shown = hand.cards(view)
        for card in action_cards(action):
            if card in shown and card != hand.selected and card != hand.dragged:
                rect = card_rect(hand.card_center(view, card), hand.card_width(view))
                pygame.draw.rect(screen, theme.GLOW, rect.inflate(table.px(theme.SPACE_SNUG), table.px(theme.SPACE_SNUG)), max(2, table.px(theme.SPACE_TIGHT)),
                                 border_radius=8)

    def light_target(self, screen: pygame.Surface, action) -> None:
        """Where the step's move goes, lit as a chosen move is: its place on the table, or the
        button that makes it."""
        table = self.table
        spot = table.action_spot(action)
        button = next((b for b, taken in table.action_buttons() if taken == action), None)
        for rect in (spot, button.rect if button is not None else None):
            if rect is not None and rect.w:  # a double frame, unlike any other light of the table
                for outside, width in ((16, 4), (8, 3)):
                    pygame.draw.rect(screen, theme.GLOW, rect.inflate(table.px(outside), table.px(outside)),
                                     max(2, table.px(width)), border_radius=10)
