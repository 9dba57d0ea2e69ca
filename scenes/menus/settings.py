"""Settings: the text size, how fast computers move, animations, the move log, how cards look,
the sound volume, speech. Saved per user."""

from __future__ import annotations

import pygame

from game.cards import cards

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import cardart, resources, theme
from scenes.speech import RATES, speech
from scenes.ui.sounds import VOLUMES
from scenes.ui.scrolling import HIDDEN, Scroller
from scenes.ui.widgets import Button, Cycler, draw_lines, draw_text, line_height, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BACK_MIN_H = 46
BACK_MIN_W = 200
CHOOSER_MIN_W = 240  # a setting's chooser at least
HELP_BESIDE_MIN_W = 260  # room for help beside the chooser
TEXT_SIZE_HELP_W = 320  # room for Text size's help beside its chooser: two lines up to Large
LABEL_GAP = 17  # a setting's label before its chooser

RATE_NAMES = {150: "Slow", 200: "Normal", 260: "Fast", 330: "Fastest"}
ROWS = (
    ("text_size", "Text size", [(key, f"{key.capitalize()} ({round(scale * 100)}%)") for key, scale in resources.TEXT_SIZES.items()],
     "How large every text is drawn, up to twice its usual size."),
    ("computer_speed", "Computer speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
     "How long a computer's move stays in view before the next one."),
    ("animations", "Animations", [(True, "On"), (False, "Off")], "Cards glide to where they land."),
    ("show_log", "Move log", [(True, "Shown"), (False, "Hidden")], "The list of every move beside the table."),
    ("card_size", "Card size", [(key, f"{key.capitalize()} ({round(factor * 100)}%)") for key, factor in theme.CARD_SIZES.items()],
     "How large the cards of your hand and of the table are drawn (as large as the window has room for)."),
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
STEADY_TEXT = "large"  # the rows are stacked from text measured at least this large (see `layout`)


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.cyclers = {key: Cycler(choices, self.shown_value(key), self._setter(key), name=label)
                        for key, label, choices, _h in ROWS}
        self.back = Button("Back", self.close)
        self.message = ""
        self.page = Scroller()
        self.pointer = None  # where the click being handled is
        self.kept_in_place = None  # the chooser whose change lays the page out anew, and where it was

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
            if key == "text_size":
                self.kept_in_place = (key, pygame.Rect(self.cyclers[key].rect), self.pointer)
            self.app.apply_settings()
            if key == "sound_volume":
                self.app.sounds.play("place")
        return set_value

    def close(self) -> None:
        self.app.pop()

    def layout(self, size) -> None:
        """Text size alone on the first row, where a player who needs large text finds it first,
        then the others in one column, or in two where one is too tall and two fit across; each
        row its label left of its chooser and its help beside the chooser when there is room,
        else under it. The rows are stacked from text measured at the size chosen, or at Large
        when Normal is chosen, so that Normal and Large stand alike; the page (the title on it)
        scrolls when it is taller than the window. Changing the text size lays the page out anew,
        and the page is moved so that the chooser changed stays where it was: under the pointer
        that clicked it, as far down its height as it was clicked; the chooser's ends and its
        left arrow's strip are the same at every text size (`steady_text_size`), so the arrow
        clicked stays under the pointer (tests/test_ui_settings.py)."""
        w, h = size
        gap = self.px(theme.SPACE)
        self.title_rect = pygame.Rect(0, self.px(theme.SPACE_XLARGE), text_width("Settings", self.px(theme.TEXT_TITLE), bold=True),
                                      line_height(self.px(theme.TEXT_TITLE), bold=True))
        self.title_rect.centerx = w // 2
        top = self.title_rect.bottom + gap
        bottom = self._place_bottom(size)
        with resources.text_scaled(max(resources.text_scale, resources.TEXT_SIZES[STEADY_TEXT])):
            placed, height = self._place_rows(w, h - bottom, top)
        self.rows = [(label, rect, wrap(help_text, self.px(theme.TEXT_SMALL), help_width), at, anchor)
                     for (label, rect, help_width, at, anchor), (_k, _l, _c, help_text) in zip(placed, ROWS)]
        self._place_texts()
        kept, self.kept_in_place = self.kept_in_place, None
        for room in (h - bottom, h - bottom - line_height(self.px(theme.TEXT_SMALL)) - gap // 2):  # then a line for the hint
            self.page.fit(pygame.Rect(0, 0, w, room), height, line_height(self.px(theme.TEXT_SMALL)))
            if kept is not None:
                self._keep_in_place(*kept)
            if self.page.shows_all():  # Back right under the rows, as the page is short
                self._raise_foot(min(0, height - self.page.offset - self.page.viewport.bottom))
                break
        self.cyclers["text_size"].back_w = self.steady_text_size()[1]
        self._place_choosers()

    def _place_bottom(self, size) -> int:
        """Back (and the sample cards beside it) at the foot of the window, the message above it;
        returns how tall the foot is."""
        w, h = size
        gap = self.px(theme.SPACE)
        bw, bh = self.back.needed(self.px(theme.TEXT_BUTTON))
        bh = max(self.px(BACK_MIN_H), bh)
        self.back.rect = pygame.Rect(w // 2 - max(self.px(BACK_MIN_W), bw) // 2, h - bh - gap, max(self.px(BACK_MIN_W), bw), bh)
        self.preview_at = (self.back.rect.right + gap, self.back.rect.y)
        self.message_lines = wrap(self.message, self.px(theme.TEXT_NOTE), w - 2 * gap) if self.message else []
        self.foot_y = self.back.rect.y - gap // 2 - len(self.message_lines) * line_height(self.px(theme.TEXT_NOTE))
        return h - self.foot_y

    def _place_texts(self) -> None:
        """Each row's label (left of its chooser) and help lines where they stand on the page."""
        small, button = self.px(theme.TEXT_SMALL), self.px(theme.TEXT_BUTTON)
        self.labels, self.help_lines = [], []
        for label, rect, lines, (x, y), anchor in self.rows:
            label_rect = pygame.Rect(0, 0, text_width(label, button, bold=True), line_height(button, bold=True))
            label_rect.midright = (rect.x - self.px(LABEL_GAP), rect.centery)
            self.labels.append((label_rect, label))
            for line in lines:
                line_rect = pygame.Rect(0, 0, text_width(line, small), line_height(small))
                setattr(line_rect, anchor, (x, y))
                self.help_lines.append((line_rect, line))
                y += line_height(small)

    def _raise_foot(self, by: int) -> None:
        """Back, the sample cards and the message `by` pixels lower (higher when negative)."""
        self.back.rect.y += by
        self.preview_at = (self.preview_at[0], self.preview_at[1] + by)
        self.foot_y += by

    def _place_rows(self, w: int, room: int, top: int) -> tuple[list[tuple], int]:
        """Each row's (label, chooser rect, help width, help position, its anchor) on the page from
        `top`, and the page's height."""
        first, others = ROWS[:1], ROWS[1:]
        rows, y, _beside = self._place_column(first, 0, w, top, self.steady_chooser_x(w))
        column, bottom, _beside = self._place_column(others, 0, w, y)
        half = (len(others) + 1) // 2
        if bottom > room and self._fits_across(others[:half], w // 2) and self._fits_across(others[half:], w - w // 2):
            left, left_bottom, _b = self._place_column(others[:half], 0, w // 2, y)
            right, right_bottom, _b = self._place_column(others[half:], w // 2, w - w // 2, y)
            column, bottom = left + right, max(left_bottom, right_bottom)
        return rows + column, bottom

    def _fits_across(self, rows, width: int) -> bool:
        """Whether `rows` stand in a strip `width` wide: each label, then its chooser."""
        gap = self.px(theme.SPACE)
        return self._label_width(rows) + gap + self.choosers_width(rows) + gap <= width

    def _label_width(self, rows) -> int:
        return max(text_width(label, self.px(theme.TEXT_BUTTON), bold=True) for _k, label, _c, _h in rows) + self.px(theme.SPACE_NARROW)

    def choosers_width(self, rows) -> int:
        """The choosers' width: their longest choice at the size measured, at least CHOOSER_MIN_W;
        with Text size among them, at least its width at the largest text (`steady_text_size`)."""
        widths = [self.cyclers[key].needed(self.px(theme.TEXT_CONTROL))[0] for key, *_r in rows]
        if any(key == "text_size" for key, *_r in rows):
            widths.append(self.steady_text_size()[0])
        return max(self.px(CHOOSER_MIN_W), *widths)

    def steady_chooser_x(self, w: int) -> int:
        """Where the Text size chooser's left end stands, the same at every text size: from the
        middle of the window, or further left where that leaves its help room beside it
        (TEXT_SIZE_HELP_W), never so far that its label at the largest text would not fit left of it."""
        gap = self.px(theme.SPACE)
        with resources.text_scaled(resources.LARGEST_TEXT_SCALE):
            least = text_width(ROWS[0][1], self.px(theme.TEXT_BUTTON), bold=True) + self.px(LABEL_GAP) + gap
        beside = w - 2 * gap - self.px(TEXT_SIZE_HELP_W) - self.steady_text_size()[0]
        return max(least, min(w // 2 + gap // 2, beside))

    def steady_text_size(self) -> tuple[int, int]:
        """The Text size chooser's width and its back arrow's strip, as at the largest text, at
        every text size: its left end stands where the page puts it whatever the size, so both
        arrows stay under the pointer that changed the size (the chooser at Normal was half as
        wide as at Largest: a click on its right arrow at Largest fell beside it)."""
        with resources.text_scaled(resources.LARGEST_TEXT_SCALE):
            width, height = self.cyclers["text_size"].needed(self.px(theme.TEXT_CONTROL))
        return width, max(self.px(theme.SPACE_SECTION), height)

    def _place_column(self, rows, left: int, width: int, y: int, chooser_x: int | None = None) -> tuple[list[tuple], int, bool]:
        """`rows` one under the other in the strip of `width` from `left`, from `y` (page
        coordinates), their choosers' left ends at `chooser_x` (else after the labels, or from the
        middle of a strip the window's width): their placements, the y under the last, and
        whether the help stood beside the choosers."""
        gap = self.px(theme.SPACE)
        cyclers = [self.cyclers[key] for key, *_rest in rows]
        chooser_w = self.choosers_width(rows)
        label_w = self._label_width(rows)
        if chooser_x is None:
            chooser_x = left + (width // 2 if width == self.app.size[0] else label_w + gap) + gap // 2
        help_x = chooser_x + chooser_w + gap
        beside = left + width - help_x - gap >= self.px(HELP_BESIDE_MIN_W)
        placed = []
        for (_key, label, _choices, help_text), cycler in zip(rows, cyclers):
            rect = pygame.Rect(chooser_x, y, chooser_w,
                               max(self.px(theme.SPACE_SECTION), cycler.needed(self.px(theme.TEXT_CONTROL))[1]))
            help_width = left + width - help_x - gap if beside else width - 2 * gap
            help_height = len(wrap(help_text, self.px(theme.TEXT_SMALL), help_width)) * line_height(self.px(theme.TEXT_SMALL))
            if beside:
                at, anchor = (help_x, rect.y), "topleft"
                bottom = max(rect.bottom, rect.y + help_height)
            else:
                at, anchor = (left + width // 2, rect.bottom + self.px(theme.SPACE_HAIR)), "midtop"
                bottom = rect.bottom + self.px(theme.SPACE_HAIR) + help_height
            placed.append((label, rect, help_width, at, anchor))
            y = bottom + gap
        return placed, y, beside

    def _keep_in_place(self, key: str, was: pygame.Rect, pointer) -> None:
        """The page moved so that the chooser of `key`, laid out anew, stands where it was (`was`,
        on the window): where the pointer that changed it is, it stays under the pointer as far
        down its height as it was."""
        rect = next(rect for (label, rect, *_rest), (k, *_r) in zip(self.rows, ROWS) if k == key)
        if not was.h:
            self.page.reveal(self.row_band(key))
            return
        top = was.y
        if pointer is not None and was.collidepoint(pointer):
            top = pointer[1] - (pointer[1] - was.y) * rect.h // was.h
        self.page.anchor(rect, top)

    def row_band(self, key: str) -> pygame.Rect:
        """A row's chooser and its help (page coordinates)."""
        label, rect, lines, at, anchor = next(row for row, (k, *_r) in zip(self.rows, ROWS) if k == key)
        help_rect = pygame.Rect(0, 0, 1, len(lines) * line_height(self.px(theme.TEXT_SMALL)))
        setattr(help_rect, anchor, at)
        return rect.union(help_rect)

    def _place_choosers(self) -> None:
        """Each chooser where the page shows it; one not wholly in view takes no click."""
        for (label, rect, *_rest), cycler in zip(self.rows, self.cyclers.values()):
            cycler.rect = self.page.in_view(rect) or HIDDEN

    def reveal(self, control) -> None:
        """The focus landed on a chooser: the page brings its row into view."""
        key = next((k for k, cycler in self.cyclers.items() if cycler is control), None)
        if key is not None:
            self.page.reveal(self.row_band(key))
            self._place_choosers()

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.close()
            return
        if self.page.handle(event):
            self._place_choosers()
            return
        self.pointer = getattr(event, "pos", None)
        for cycler in self.cyclers.values():
            cycler.handle(event)
        self.pointer = None
        self.back.handle(event)

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, h = self.app.size
        title = self.page.in_view(self.title_rect)
        if title:
            draw_text(screen, "Settings", self.px(theme.TEXT_TITLE), theme.INK, title.topleft, bold=True)
        small = self.px(theme.TEXT_SMALL)
        for (label_rect, label), rect, cycler in zip(self.labels, (row[1] for row in self.rows), self.cyclers.values()):
            if self.page.in_view(label_rect.union(rect)):
                draw_text(screen, label, self.px(theme.TEXT_BUTTON), theme.INK, self.page.shown(label_rect).topleft, bold=True)
                cycler.draw(screen, self.px(theme.TEXT_CONTROL))
        for line_rect, line in self.help_lines:
            shown = self.page.in_view(line_rect)
            if shown:
                draw_text(screen, line, small, theme.INK_DIM, shown.topleft)
        self.page.draw_hint(screen, small, (w // 2, self.foot_y), "midbottom")
        self.back.draw(screen, self.px(theme.TEXT_BUTTON))
        self.draw_preview(screen)
        draw_lines(screen, self.message_lines, self.px(theme.TEXT_NOTE), theme.ALERT, (w // 2, self.foot_y), "midtop")

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
