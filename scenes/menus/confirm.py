"""Boxes over the current screen that ask something: a question, a body, and its answers at the
bottom. Esc or the last answer goes back; Enter takes the harmless answer (a yes-or-no question's
second, a name's OK, keeping the game in progress); an answer that ends, deletes or throws
something away takes a click or its own key."""

from __future__ import annotations

from typing import Callable

import pygame

from game import storage

from scenes.speech import speech
from scenes.ui.scene import Scene
from scenes.ui.keymap import ENTER, ESCAPE, REPLACE_GAME, SPACE, Key, named
from scenes.ui import theme
from scenes.ui.scrolling import Scroller
from scenes.ui.widgets import Button, CursorBlink, TextField, draw_lines, draw_text, line_height, panel, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
ANSWER_MIN_H = 48
ANSWER_MIN_W = 160  # an answer's button at least
BOX_MIN_W = 620  # the dialog at least


class Dialog(Scene):
    """The shared box; a dialog fills in its body (`body_height`, `draw_body`, `handle_body`) and
    what its first answer does (`accept`)."""

    def __init__(self, app, question: str, yes: str, no: str, yes_color=None) -> None:
        super().__init__(app)
        self.question = question
        self.yes = Button(yes, self.accept, color=yes_color or theme.BUTTON_WARN)
        self.no = Button(no, app.pop)
        self.question_lines = [question]
        self.body_page = Scroller()  # a body longer than the window has room for scrolls

    def covers(self) -> bool:
        return False

    def accept(self) -> None:
        raise NotImplementedError

    def take_default(self, event) -> bool:
        """Enter's answer, when `event` is Enter (or another key that answers); whether it was."""
        raise NotImplementedError

    def body_height(self, width: int) -> int:
        return 0

    def draw_body(self, screen) -> None:
        pass

    def handle_body(self, event) -> None:
        pass

    def answers(self) -> list[Button]:
        """The answers, left to right (top to bottom when stacked); the last one goes back."""
        return [self.yes, self.no]

    def enter_answer(self) -> Button:
        """The answer Enter takes (the harmless one)."""
        return self.no

    def spoken_detail(self) -> str:
        return getattr(self, "detail", "")

    def spoken_title(self) -> str:
        """The question, what it is about, and each answer with the key that gives it."""
        answers = ", ".join(button.spoken(full=False) for button in self.answers())
        keys = f"{ENTER.name}: {self.enter_answer().spoken(full=False)}; {ESCAPE.name}: {self.no.spoken(full=False)}"
        return f"{self.question} {self.spoken_detail()} Answers: {answers}. {keys}."

    def layout(self, size) -> None:
        """The box as wide as its answers side by side need (within the window); where they cannot
        stand side by side, one above the other, the box as wide as the widest (a label wider than
        the window wraps). The question wraps too; a body taller than the window has room for
        scrolls inside the box (wheel, Page Up, Page Down)."""
        w, h = size
        gap = self.px(theme.SPACE_WIDE)
        answers = self.answers()
        count = len(answers)
        bw = max(self.px(ANSWER_MIN_W), *(b.needed(self.px(theme.TEXT_CONTROL))[0] for b in answers))
        stacked = count * bw + (count + 1) * gap > w - 2 * gap
        width = min(w - 2 * gap, max(self.px(BOX_MIN_W), bw + 2 * gap if stacked else count * bw + (count + 1) * gap))
        bw = min(bw, width - 2 * gap)
        bh = max(self.px(ANSWER_MIN_H), *(b.needed(self.px(theme.TEXT_CONTROL), bw)[1] for b in answers))
        answers_h = count * bh + (count - 1) * (gap // 2) if stacked else bh
        self.question_lines = wrap(self.question, self.px(theme.TEXT_HEADING), width - 2 * gap, bold=True)
        title_h = len(self.question_lines) * line_height(self.px(theme.TEXT_HEADING), bold=True)
        body_h = self.body_height(width - 2 * gap)
        room = h - 2 * gap - (title_h + answers_h + 4 * gap)
        hint_h = line_height(self.px(theme.TEXT_CAPTION)) if body_h > room else 0  # "scroll for more" under the body
        shown_h = min(body_h, max(room - hint_h, line_height(self.px(theme.TEXT_LABEL))))
        self.box = pygame.Rect(0, 0, width, title_h + shown_h + hint_h + answers_h + 4 * gap)
        self.box.center = (w // 2, h // 2)
        self.body = pygame.Rect(self.box.x + gap, self.box.y + gap + title_h + gap // 2, width - 2 * gap, shown_h)
        self.body_page.fit(self.body, body_h, line_height(self.px(theme.TEXT_LABEL)))
        top = self.box.bottom - gap - answers_h
        left = self.box.centerx - (count * bw + (count - 1) * gap) // 2
        for i, button in enumerate(answers):
            if stacked:
                button.rect = pygame.Rect(self.box.centerx - bw // 2, top + i * (bh + gap // 2), bw, bh)
            else:
                button.rect = pygame.Rect(left + i * (bw + gap), top, bw, bh)

    def handle(self, event) -> None:
        if ESCAPE.pressed(event):
            self.app.pop()
            return
        if self.take_default(event) or self.body_page.handle(event):
            return
        self.handle_body(event)
        for button in self.answers():
            if button.handle(event):
                break  # one click, one answer

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        draw_lines(screen, self.question_lines, self.px(theme.TEXT_HEADING), theme.GOLD,
                   (self.box.centerx, self.box.y + self.px(theme.SPACE_WIDE)), "midtop", box=self.box, bold=True)
        self.draw_body(screen)
        for button in self.answers():
            button.draw(screen, self.px(theme.TEXT_CONTROL))

    def draw_paragraphs(self, screen, paragraphs) -> None:
        """The body's lines ((lines, colour) one after the other), centred, as far as the body
        shows them: a line not wholly in view is not drawn."""
        size = self.px(theme.TEXT_LABEL)
        y = 0
        for lines, color in paragraphs:
            for line in lines:
                shown = self.body_page.in_view(pygame.Rect(0, y, self.body.w, line_height(size)))
                if shown:
                    draw_text(screen, line, size, color, shown.midtop, "midtop", box=self.box)
                y += line_height(size)
        self.body_page.draw_hint(screen, self.px(theme.TEXT_CAPTION), self.body.midbottom, box=self.box)


class Confirm(Dialog):
    """A yes-or-no question whose yes ends, deletes or leaves something: it takes a click or
    `yes_key` (named on its button); Enter and Space take the no."""

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None], yes_key: Key,
                 no: str = "Stay") -> None:
        super().__init__(app, question, named(yes, yes_key), no)
        self.detail = detail
        self.on_yes = on_yes
        self.yes_key = yes_key
        self.lines: list[str] = []

    def take_default(self, event) -> bool:
        if ENTER.pressed(event) or SPACE.pressed(event):
            self.app.pop()
        elif self.yes_key.pressed(event):
            self.accept()
        else:
            return False
        return True

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def body_height(self, width: int) -> int:
        self.lines = wrap(self.detail, self.px(theme.TEXT_LABEL), width)
        return len(self.lines) * line_height(self.px(theme.TEXT_LABEL))

    def draw_body(self, screen) -> None:
        self.draw_paragraphs(screen, [(self.lines, theme.INK)])


class KeepOrReplace(Dialog):
    """Before another game takes the place of the game in progress (`title` its game's title):
    keep that one in Saved games, then go on (Enter or Space: nothing is lost); replace it (a
    click or REPLACE_GAME: it is gone for good); or Cancel (Esc): nothing happens. A game that
    cannot be kept says why, and the question stays."""

    def __init__(self, app, title: str, go_on: Callable[[], None]) -> None:
        game = "the game in progress" if title == storage.UNKNOWN_GAME else f"the {title} game"
        super().__init__(app, "Keep the game in progress?", f"Keep {game} in Saved games", "Cancel",
                         yes_color=theme.BUTTON_GO)
        self.replace = Button(named("Replace it", REPLACE_GAME), self.replace_game, color=theme.BUTTON_WARN)
        self.go_on = go_on
        self.name = storage.kept_game_name(title)
        self.detail = (f"{game[0].upper()}{game[1:]} is still in progress, and Continue brings it back only until "
                       f"another game takes its place. Keep it in Saved games as \u201c{self.name}\u201d to play it "
                       "on later, or replace it: it is then gone for good.")
        self.problem = ""  # why the game could not be kept, once it could not
        self.lines: list[str] = []
        self.problem_lines: list[str] = []

    def answers(self) -> list[Button]:
        return [self.yes, self.replace, self.no]

    def enter_answer(self) -> Button:
        return self.yes

    def take_default(self, event) -> bool:
        if ENTER.pressed(event) or SPACE.pressed(event):
            self.accept()
        elif REPLACE_GAME.pressed(event):
            self.replace_game()
        else:
            return False
        return True

    def accept(self) -> None:
        """Keep: the game in progress moves into Saved games, and the new game comes."""
        try:
            storage.keep_in_saved_games(storage.autosave_path(), self.name)
        except storage.StorageError as err:
            self.problem = f"{err} Nothing was changed."
            self.layout(self.app.size)
            return
        self.app.pop()
        self.go_on()

    def replace_game(self) -> None:
        self.app.pop()
        self.go_on()

    def body_height(self, width: int) -> int:
        self.lines = wrap(self.detail, self.px(theme.TEXT_LABEL), width)
        self.problem_lines = wrap(self.problem, self.px(theme.TEXT_LABEL), width) if self.problem else []
        return (len(self.lines) + len(self.problem_lines)) * line_height(self.px(theme.TEXT_LABEL))

    def draw_body(self, screen) -> None:
        self.draw_paragraphs(screen, [(self.lines, theme.INK), (self.problem_lines, theme.ALERT)])


class AskText(Dialog):
    """A question that wants a short text (a name to save a game under). It opens only when the
    player asks for it, to type in at once: keys are taken from the first moment."""

    settles = False

    def __init__(self, app, question: str, value: str, on_ok: Callable[[str], None], limit: int = 40,
                 problem: Callable[[str], str | None] = lambda text: None) -> None:
        """`problem(text)`: what is wrong with a text as typed, if anything: the box then stays
        open with the reason under the text, to type again (nothing typed is lost)."""
        super().__init__(app, question, "OK", "Cancel", yes_color=theme.BUTTON_GO)
        self.on_ok = on_ok
        self.problem = problem
        self.refusal = ""  # why the text typed last could not be taken
        self.refusal_lines: list[str] = []
        self.field = TextField(value, "a name", max_length=limit, name=question)
        self.field.focused = True
        self.field.select_all()
        self.blink = CursorBlink()
        pygame.key.start_text_input()

    def animating(self) -> bool:
        return self.blink.due()

    def enter_answer(self) -> Button:
        return self.yes

    def spoken_detail(self) -> str:
        return self.field.spoken(full=False) + "."

    def focusables(self) -> list:
        return [self.field, *self.answers()]

    def take_default(self, event) -> bool:
        if ENTER.pressed(event):
            self.accept()
            return True
        return False

    def accept(self) -> None:
        """The text as typed goes to `on_ok`; a text with a problem keeps the box open, saying why."""
        text = self.field.value.strip()
        refusal = self.problem(text)
        if refusal:
            self.refusal = refusal
            speech().say(refusal, interrupt=True)
            self.layout(self.app.size)
            return
        self.app.pop()
        self.on_ok(text)

    def field_height(self) -> int:
        return line_height(self.px(theme.TEXT_CONTROL)) + self.px(theme.SPACE_WIDE)

    def body_height(self, width: int) -> int:
        self.refusal_lines = wrap(self.refusal, self.px(theme.TEXT_LABEL), width) if self.refusal else []
        below = self.px(theme.SPACE_SMALL) + len(self.refusal_lines) * line_height(self.px(theme.TEXT_LABEL))
        return self.field_height() + (below if self.refusal_lines else 0)

    def layout(self, size) -> None:
        super().layout(size)
        self.field.rect = pygame.Rect(self.body.x, self.body.y, self.body.w, self.field_height())

    def handle_body(self, event) -> None:
        self.blink.wake()
        self.field.focused = True
        self.field.handle(event)

    def draw_body(self, screen) -> None:
        self.field.draw(screen, self.px(theme.TEXT_CONTROL), self.blink.on())
        if self.refusal_lines:
            draw_lines(screen, self.refusal_lines, self.px(theme.TEXT_LABEL), theme.GOLD,
                       (self.body.x, self.field.rect.bottom + self.px(theme.SPACE_SMALL)))
