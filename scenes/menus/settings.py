"""Settings: how fast computers move, animations, the move log, the text size, how cards look,
the sound volume. Saved per user."""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.cards import cards

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import cardart, resources, theme
from scenes.speech import RATES, speech
from scenes.ui.sounds import VOLUMES
from scenes.ui.widgets import Button, Cycler, draw_lines, draw_text, line_height, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BACK_MIN_H = 46
BACK_MIN_W = 200
CHOOSER_MIN_W = 240  # a setting's chooser at least
HELP_BESIDE_MIN_W = 260  # room for help beside the chooser
LABEL_GAP = 17  # a setting's label before its chooser

RATE_NAMES = {150: "Slow", 200: "Normal", 260: "Fast", 330: "Fastest"}
ROWS = (
    ("computer_speed", "Computer speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
     "How long a computer's move stays in view before the next one."),
    ("animations", "Animations", [(True, "On"), (False, "Off")], "Cards glide to where they land."),
    ("show_log", "Move log", [(True, "Shown"), (False, "Hidden")], "The list of every move beside the table."),
    ("card_size", "Card size", [(key, f"{key.capitalize()} ({round(factor * 100)}%)") for key, factor in theme.CARD_SIZES.items()],
     "How large the cards of your hand and of the table are drawn (as large as the window has room for)."),
    ("text_size", "Text size", [(key, f"{key.capitalize()} ({round(scale * 100)}%)") for key, scale in resources.TEXT_SIZES.items()],
     "How large every text is drawn, up to twice its usual size."),
    ("four_colour", "Suit colours", [(False, "Two colours"), (True, "Four colours")],
     "Four colours: spades black, hearts red, diamonds blue, clubs green."),
    ("high_contrast", "Contrast", [(False, "Standard"), (True, "High")],
     "High: black grounds, white and yellow text, every control edged in white."),
    ("card_back", "Card backs", list(cardart.BACKS.items()), "The pattern on the back of every card."),
    ("sound_volume", "Sound", [(v, f"{round(v * 100)}%" if v else "Off") for v in VOLUMES],
     "Card sounds: dealing, playing, drawing, taking, winning."),
    ("speech", "Speech", [("off", "Off"), ("screen_reader", "Screen reader"), ("voice", "Built-in voice")],
     "Screens, controls and play spoken: through your screen reader, else the app's own voice. "
     f"{keymap.REPEAT_SPEECH.name} says the last line again, {keymap.STOP_SPEECH.name} stops speech."),
    ("speech_rate", "Speech rate", [(rate, RATE_NAMES[rate]) for rate in RATES],
     "How fast the built-in voice speaks (a screen reader keeps its own rate)."),
    ("speech_verbosity", "Speech detail", [("brief", "Brief"), ("full", "Full")],
     "Brief: names and values only. Full: what each control is and how to change it."),
)
PREVIEW = cards("KD QC 10S")  # shows both colour choices (diamonds, clubs) and a court picture


@contextmanager
def large_text_measured():
    """Text measured (not drawn) at its large size for the time of the block."""
    chosen, resources.text_scale = resources.text_scale, resources.TEXT_SIZES["large"]
    try:
        yield
    finally:
        resources.text_scale = chosen


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.cyclers = {key: Cycler(choices, self.shown_value(key), self._setter(key), name=label)
                        for key, label, choices, _h in ROWS}
        self.back = Button("Back", self.close)
        self.message = ""

    def spoken_title(self) -> str:
        return "Settings"

    def focusables(self) -> list:
        """The choosers row by row (down the first column, then the second), then Back."""
        return [*self.cyclers.values(), self.back]

    def shown_value(self, key: str):
        """A setting's value as its chooser shows it. Speech not chosen yet shows what is in effect:
        the screen reader when one was found running, else off."""
        value = self.app.settings.get(key)
        if key == "speech" and value is None:
            return "screen_reader" if speech().voice is not None else "off"
        return value

    def _setter(self, key):
        def set_value(value) -> None:
            self.app.settings[key] = value
            self.message = self.app.save_settings() or self.message
            self.app.apply_settings()
            if key == "sound_volume":
                self.app.sounds.play("place")
        return set_value

    def close(self) -> None:
        self.app.pop()

    def layout(self, size) -> None:
        """The rows in one column, or in two where one is too tall for the window; each row its
        label left of its chooser and its help beside the chooser when there is room, else under
        it. The rows are stacked from the text measured at its large size whichever size is
        chosen, so that switching the text size moves no row from under the pointer; the help is
        then wrapped at the size chosen."""
        with large_text_measured():
            placed = self._place_rows(size)
        self.rows = [(label, rect, wrap(help_text, self.px(theme.TEXT_SMALL), help_width), at, anchor)
                     for (label, rect, help_width, at, anchor), (_k, _l, _c, help_text) in zip(placed, ROWS)]

    def _place_rows(self, size) -> list[tuple]:
        """Each row's (label, chooser rect, help width, help position, its anchor); places the
        choosers, the Back button and the preview."""
        w, h = size
        gap = self.px(theme.SPACE)
        self.title_y = self.px(theme.SPACE_XLARGE)
        top = self.title_y + line_height(self.px(theme.TEXT_TITLE), bold=True) + gap
        bw, bh = self.back.needed(self.px(theme.TEXT_BUTTON))
        bh = max(self.px(BACK_MIN_H), bh)
        rows, bottom, beside = self._place_column(ROWS, 0, w, top)
        if bottom + bh + gap > h:  # too tall: two columns, each with its labels
            half = (len(ROWS) + 1) // 2
            rows, left_bottom, _b = self._place_column(ROWS[:half], 0, w // 2, top)
            right, right_bottom, _b = self._place_column(ROWS[half:], w // 2, w - w // 2, top)
            rows, bottom, beside = rows + right, max(left_bottom, right_bottom), False
        self.back.rect = pygame.Rect(w // 2 - max(self.px(BACK_MIN_W), bw) // 2, min(bottom, h - bh - gap),
                                     max(self.px(BACK_MIN_W), bw), bh)
        self.preview_at = (self.back.rect.right + gap, self.back.rect.y)
        return rows

    def _place_column(self, rows, left: int, width: int, y: int) -> tuple[list[tuple], int, bool]:
        """`rows` one under the other in the strip of `width` from `left`, from `y`: their
        placements, the y under the last, and whether the help stood beside the choosers."""
        gap = self.px(theme.SPACE)
        cyclers = [self.cyclers[key] for key, *_rest in rows]
        chooser_w = max(self.px(CHOOSER_MIN_W), *(c.needed(self.px(theme.TEXT_CONTROL))[0] for c in cyclers))
        label_w = max(text_width(label, self.px(theme.TEXT_BUTTON), bold=True) for _k, label, _c, _h in rows) + self.px(theme.SPACE_NARROW)
        chooser_x = left + (width // 2 if width == self.app.size[0] else label_w + gap) + gap // 2
        help_x = chooser_x + chooser_w + gap
        beside = left + width - help_x - gap >= self.px(HELP_BESIDE_MIN_W)
        placed = []
        for (_key, label, _choices, help_text), cycler in zip(rows, cyclers):
            cycler.rect = pygame.Rect(chooser_x, y, chooser_w,
                                      max(self.px(theme.SPACE_SECTION), cycler.needed(self.px(theme.TEXT_CONTROL))[1]))
            help_width = left + width - help_x - gap if beside else width - 2 * gap
            help_height = len(wrap(help_text, self.px(theme.TEXT_SMALL), help_width)) * line_height(self.px(theme.TEXT_SMALL))
            if beside:
                at, anchor = (help_x, cycler.rect.y), "topleft"
                bottom = max(cycler.rect.bottom, cycler.rect.y + help_height)
            else:
                at, anchor = (left + width // 2, cycler.rect.bottom + self.px(theme.SPACE_HAIR)), "midtop"
                bottom = cycler.rect.bottom + self.px(theme.SPACE_HAIR) + help_height
            placed.append((label, cycler.rect, help_width, at, anchor))
            y = bottom + gap
        return placed, y, beside

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.close()
            return
        for cycler in self.cyclers.values():
            cycler.handle(event)
        self.back.handle(event)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        draw_text(screen, "Settings", self.px(theme.TEXT_TITLE), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        for (label, rect, lines, at, anchor), cycler in zip(self.rows, self.cyclers.values()):
            draw_text(screen, label, self.px(theme.TEXT_BUTTON), theme.INK,
                      (rect.x - self.px(LABEL_GAP), rect.centery), "midright", bold=True)
            cycler.draw(screen, self.px(theme.TEXT_CONTROL))
            draw_lines(screen, lines, self.px(theme.TEXT_SMALL), theme.INK_DIM, at, anchor)
        self.back.draw(screen, self.px(theme.TEXT_BUTTON))
        self.draw_preview(screen)
        if self.message:
            draw_text(screen, self.message, self.px(theme.TEXT_NOTE), theme.ALERT,
                      (w // 2, h - self.px(theme.SPACE_SMALL)), "midbottom")

    def preview_width(self) -> int:
        """The sample cards' width: the card-size setting's factor on a width of its own, as
        large as the room under the Back button's top allows at Large."""
        factor = theme.CARD_SIZES.get(self.app.settings.get("card_size"), 1.0)
        room = (self.app.size[1] - self.px(theme.SPACE_SMALL) - self.preview_at[1]) / theme.CARD_RATIO / max(theme.CARD_SIZES.values())
        return max(8, int(factor * min(self.back.rect.h * 1.6 / theme.CARD_RATIO, room)))

    def draw_preview(self, screen) -> None:
        """Sample cards and a back beside the Back button, in the looks chosen (when there is room)."""
        if self.preview_at is None:
            return
        x, y = self.preview_at
        width = self.preview_width()
        images = [cardart.face(card, width) for card in PREVIEW] + [cardart.back(width)]
        if x + len(images) * (width + self.px(theme.SPACE_SNUG)) > self.app.size[0]:
            return
        for i, image in enumerate(images):
            screen.blit(image, (x + i * (width + self.px(theme.SPACE_SNUG)), y))
