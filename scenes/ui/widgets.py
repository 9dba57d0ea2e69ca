"""Buttons, option choosers and text fields: the few controls the menus and tables need."""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, NamedTuple

import pygame

from game.files import showable

from scenes.ui import keymap
from scenes.speech import speech
from scenes.ui import theme
from scenes.ui import resources
from scenes.ui.resources import drawable, font, text, text_px


class Drawn(NamedTuple):
    """A text or a control drawn this frame, for the layout tests (see `recording`)."""

    rect: pygame.Rect
    what: str
    box: pygame.Rect | None  # the text's own box (a control's face, a panel): it must fit inside
    size: int = 0            # a text's font size in pixels (0 for a control)
    color: tuple = ()        # a text's colour


_record: list[Drawn] | None = None


@contextmanager
def recording():
    """Collect every text and control drawn inside the block (the layout tests check that none
    overlaps another, and that every text fits its box and the window)."""
    global _record
    _record = []
    try:
        yield _record
    finally:
        _record = None


_cuts: list[str] | None = None


@contextmanager
def noting_cuts():
    """Collect every text `fit_text` cuts short inside the block (the tests check that no
    instruction, hint, event or card name is)."""
    global _cuts
    _cuts = []
    try:
        yield _cuts
    finally:
        _cuts = None


@contextmanager
def unrecorded():
    """Draw inside the block without recording: what is then shaded over by an overlay."""
    global _record
    kept, _record = _record, None
    try:
        yield
    finally:
        _record = kept


class Controls:
    """The controls the screen on top drew in its last frame (what Tab goes through where the
    screen names none itself), and the one the keyboard focus is on, drawn ringed."""

    drawn: list | None = None
    focused = None


@contextmanager
def collecting_controls(focused):
    """Note every control drawn inside the block, `focused` ringed; returns the list."""
    found: list = []
    Controls.drawn, Controls.focused = found, focused
    try:
        yield found
    finally:
        Controls.drawn, Controls.focused = None, None


def note_control(control, surface, radius: int) -> None:
    """A control is drawn: noted for Tab, and ringed when the keyboard focus is on it."""
    if Controls.drawn is not None:
        Controls.drawn.append(control)
    if control is Controls.focused and Controls.drawn is not None:
        pygame.draw.rect(surface, theme.FOCUS_RING, control.rect.inflate(8, 8), 3, border_radius=radius + 4)


def spoken_words(message: str) -> str:
    """A label as a voice reads it: without the arrows and marks that are only drawn."""
    return " ".join(message.replace("\u2715", "Remove").replace(" \u00b7 ", ", ").strip(" +\u2713\u25b6\u25c0\u25b2\u25bc\u2026").split())


def announce(control, interrupt: bool = True) -> None:
    """Say what the keyboard focus landed on, in the words of the control itself (the one place
    the controls are worded for speech), briefly or in full as the player chose."""
    speech().say(control.spoken(full=not speech().brief), interrupt=interrupt)


def note_drawn(rect: pygame.Rect, what: str, box: pygame.Rect | None = None, size: int = 0, color: tuple = ()) -> None:
    if _record is not None:
        _record.append(Drawn(pygame.Rect(rect), what, None if box is None else pygame.Rect(box), size, tuple(color)))


def draw_text(surface, message: str, size: int, color, pos, anchor: str = "topleft", bold: bool = False,
              box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw one line of text anchored at `pos`, never smaller than `text_px` allows; `box` is
    where it must fit (for the layout tests)."""
    size = text_px(size)
    image = text(message, size, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    note_drawn(rect, message, box, size, color)
    return rect


def text_width(message: str, size: int, bold: bool = False) -> int:
    return font(text_px(size), bold).size(drawable(message))[0]


def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of text at `size`, as drawn."""
    face = font(text_px(size), bold)
    return max(face.get_linesize(), face.size("Ag")[1])


def draw_lines(surface, lines: list[str], size: int, color, pos, anchor: str = "topleft", box=None,
               bold: bool = False) -> int:
    """Draw wrapped lines one under the other from `pos` (anchor "topleft" or "midtop"); returns
    the y below the last."""
    x, y = pos
    for line in lines:
        y = draw_text(surface, line, size, color, (x, y), anchor, bold=bold, box=box).bottom
    return y


def fit_text(message: str, size: int, width: int, bold: bool = False) -> str:
    """`message`, cut short with an ellipsis if it is wider than `width` pixels at `size`.

    Measured once whole, then cut by bisection: a few measures whatever its length (a name of
    100,000 characters costs no more than a short one). No more characters than `width` pixels
    are ever kept: none of them would be read."""
    face = font(text_px(size), bold)
    message = drawable(message)
    if len(message) <= width and face.size(message)[0] <= width:
        return message
    longest = _longest_fitting(message[:max(0, width)], lambda piece: face.size(piece.rstrip() + "\u2026")[0] <= width)
    if _cuts is not None:
        _cuts.append(message)
    return message[:longest].rstrip() + "\u2026" if longest else ""


def _longest_fitting(message: str, fits) -> int:
    """The length of the longest start of `message` that `fits` (0 if none does), by bisection."""
    low, high = 0, len(message)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(message[:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def shortest_fit(messages: list[str], size: int, width: int, bold: bool = False) -> str:
    """The first of `messages` (longest first) that fits `width`; else the last, cut short."""
    for message in messages:
        if text_width(message, size, bold) <= width:
            return message
    return fit_text(messages[-1], size, width, bold)


def _pieces(word: str, face, width: int) -> list[str]:
    """A word too long for a line, broken into pieces that fit (each found by bisection; a piece
    is at least one character)."""
    pieces = []
    while word:
        head = word[:max(1, width)]
        if head == word and face.size(word)[0] <= width:
            return pieces + [word]
        cut = max(1, _longest_fitting(head, lambda piece: face.size(piece)[0] <= width))
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces


def wrap(message: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`message` broken into lines that fit `width` pixels at font `size` (a word longer than a
    line is broken where it must be)."""
    face = font(text_px(size), bold)
    return wrap_words([piece for word in showable(message).split() for piece in _pieces(word, face, width)], face, width)


def wrap_words(words: list[str], face, width: int) -> list[str]:
    """`words` set on lines that fit `width` pixels in the font `face` (a word wider than a line
    has a line of its own)."""
    lines, line = [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def panel(surface, rect, color=None, edge=None, radius=10) -> None:
    pygame.draw.rect(surface, theme.live(color or theme.PANEL), rect, border_radius=radius)
    pygame.draw.rect(surface, theme.live(edge or theme.PANEL_EDGE), rect, 1, border_radius=radius)


def hovered(color: tuple) -> tuple:
    """A control's colour under the pointer: a little lighter."""
    return tuple(min(255, c + 18) for c in color)


@lru_cache(maxsize=512)  # a frame draws the same buttons at the same sizes: measured once
def button_lines(label: str, note: str, size: int, width: int, _scale: float) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A button's label lines and note lines at `size` on a button `width` wide at the text size
    `_scale` (see Button.lines)."""
    room = width - text_px(size) // 2
    lines = [label] if text_width(label, size, bold=True) <= width - 4 else wrap(label, size, room, bold=True)
    small = int(size * 0.62)
    notes = [] if not note else [note] if text_width(note, small) <= width - 4 else wrap(note, small, room)
    return tuple(lines), tuple(notes)


class Button:
    def __init__(self, label: str, on_click: Callable[[], Any], enabled: bool = True, note: str = "",
                 color=None, name: str = "") -> None:
        self.label = label
        self.name = name  # what speech calls it, where its label is only a mark
        self.on_click = on_click
        self.enabled = enabled
        self.note = note
        self.color = color or theme.BUTTON
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        return False

    def spoken(self, full: bool = True) -> str:
        """"Quit (Q), button", and in full its note and whether it can be pressed now."""
        words = [spoken_words(self.name or self.label)]
        if full:
            words += ["button"] + ([spoken_words(self.note)] if self.note else [])
        if not self.enabled:
            words.append("unavailable")
        return ", ".join(filter(None, words))

    def press(self) -> None:
        """Enter or Space on the focused button: as a click."""
        if self.enabled:
            self.on_click()
        else:
            speech().say(self.spoken(full=False), interrupt=True)

    def needed(self, size: int, width: int | None = None) -> tuple[int, int]:
        """The smallest (width, height) that shows the label (and note) at `size`; within `width`,
        the height its label and note wrapped to that width take."""
        pad = text_px(size)
        if width is not None:
            label_lines, note_lines = self.lines(size, width)
            height = len(label_lines) * line_height(size, bold=True) + len(note_lines) * line_height(int(size * 0.62))
            return width, height + pad // 2
        needed_w = text_width(self.label, size, bold=True)
        height = line_height(size, bold=True)
        if self.note:
            needed_w = max(needed_w, text_width(self.note, int(size * 0.62)))
            height += line_height(int(size * 0.62))
        return needed_w + pad * 2, height + pad // 2

    def lines(self, size: int, width: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The label's lines and the note's on a button `width` wide: each on one line where it
        fits, else wrapped (large text on a narrow button)."""
        return button_lines(self.label, self.note, size, width, resources.text_scale)

    def draw(self, surface, size: int) -> None:
        if not self.enabled:
            color = theme.BUTTON_OFF
        elif self.hover:
            color = hovered(theme.live(self.color))
        else:
            color = theme.live(self.color)
        pygame.draw.rect(surface, color, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT if not self.enabled else theme.INK, self.rect, 1, border_radius=8)
        note_drawn(self.rect, f"button {self.label}")
        note_control(self, surface, 8)
        ink = theme.INK if self.enabled else theme.INK_DIM
        label_lines, note_lines = self.lines(size, self.rect.w)
        wrapped_h = len(label_lines) * line_height(size, bold=True) + len(note_lines) * line_height(int(size * 0.62))
        if wrapped_h > self.rect.h:  # a layout that gave it no room for more lines: one line each
            label_lines, note_lines = (self.label,), (self.note,) if self.note else ()
        if len(label_lines) == 1 and not note_lines:
            draw_text(surface, self.label, size, ink, self.rect.center, "center", bold=True, box=self.rect)
            return
        label_h, note_h = line_height(size, bold=True), line_height(int(size * 0.62))
        y = self.rect.centery - (len(label_lines) * label_h + len(note_lines) * note_h) // 2
        for line in label_lines:
            draw_text(surface, line, size, ink, (self.rect.centerx, y), "midtop", bold=True, box=self.rect)
            y += label_h
        for line in note_lines:
            draw_text(surface, line, int(size * 0.62), ink, (self.rect.centerx, y), "midtop", box=self.rect)
            y += note_h


class Cycler:
    """A value picked from a list: click (or the arrows) steps through the choices."""

    def __init__(self, choices: list[tuple[Any, str]], value: Any, on_change: Callable[[Any], Any] | None = None,
                 name: str = "") -> None:
        self.name = name  # what speech calls it (its label on the screen)
        self.details: Callable[[], str] | None = None  # what speech adds after its value (what the choice shows)
        self.choices = list(choices)
        self.value = value if value in [v for v, _ in self.choices] else self.choices[0][0]
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back_w = 0  # how wide the strip at its left end is that a click steps back in (0: as wide as it is tall)

    @property
    def label(self) -> str:
        return dict(self.choices)[self.value]

    def needed(self, size: int) -> tuple[int, int]:
        """The smallest (width, height) that shows its longest choice and both arrows at `size`."""
        height = line_height(size) + text_px(size) // 2
        return max(text_width(label, size) for _v, label in self.choices) + 2 * self._arrow_zone(size) + 4, height

    @staticmethod
    def _arrow_zone(size: int) -> int:
        """How wide the strip at each end that holds an arrow is."""
        return int(1.8 * text_px(size))

    def spoken(self, full: bool = True) -> str:
        """"Speech: Built-in voice", and in full its place among the choices and how to change it."""
        words = f"{self.name}: {spoken_words(self.label)}" if self.name else spoken_words(self.label)
        if full:
            values = [v for v, _ in self.choices]
            words = f"{words}, {values.index(self.value) + 1} of {len(values)}, Left or Right to change"
        return f"{words}. {self.details()}" if self.details else words

    def step(self, delta: int) -> None:
        values = [v for v, _ in self.choices]
        self.value = values[(values.index(self.value) + delta) % len(values)]
        if self.on_change:
            self.on_change(self.value)
        speech().say(spoken_words(self.label) + (f". {self.details()}" if self.details else ""), interrupt=True)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            if event.button == 1:
                self.step(-1 if event.pos[0] < self.rect.x + (self.back_w or self.rect.h) else 1)
                return True
            if event.button == 3:
                self.step(-1)
                return True
        return False

    def draw(self, surface, size: int) -> None:
        pygame.draw.rect(surface, theme.FELT_DARK, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 1, border_radius=6)
        note_drawn(self.rect, f"chooser {self.label}")
        note_control(self, surface, 6)
        zone = self._arrow_zone(size)
        arrows = self.rect.inflate(-2, 0)
        draw_text(surface, "\u25c0", int(size * 0.8), theme.INK_DIM, (self.rect.x + zone // 2, self.rect.centery), "center",
                  box=arrows)
        draw_text(surface, "\u25b6", int(size * 0.8), theme.INK_DIM, (self.rect.right - zone // 2, self.rect.centery),
                  "center", box=arrows)
        draw_text(surface, self.label, size, theme.INK, self.rect.center, "center", box=self.rect.inflate(-2 * zone, 0))


class CursorBlink:
    """A text cursor's blink, on and off each half second from the last key or click, then on
    and still (as desktops do: a screen left waiting draws nothing). A screen waiting for typing
    asks for a frame only when the cursor turns (`due`): twice a second, not sixty times."""

    HALF_PERIOD_MS = 500
    BLINKS_FOR_MS = 10_000

    def __init__(self) -> None:
        self.drawn: bool | None = None  # the cursor as last drawn: on, off, or never drawn
        self.since = pygame.time.get_ticks()

    def wake(self) -> None:
        """A key or a click: the cursor shows at once and blinks again."""
        self.since = pygame.time.get_ticks()

    def phase(self) -> bool:
        shown_for = pygame.time.get_ticks() - self.since
        return shown_for >= self.BLINKS_FOR_MS or (shown_for // self.HALF_PERIOD_MS) % 2 == 0

    def due(self) -> bool:
        """Whether the cursor has turned since it was last drawn."""
        return self.phase() != self.drawn

    def on(self) -> bool:
        """Whether to draw the cursor now (called when drawing it)."""
        self.drawn = self.phase()
        return self.drawn


class TextField:
    """A line of text typed at its end. A value offered to be replaced (a name proposed) can be
    chosen whole (`select_all`): the first letter typed replaces it and Backspace clears it, as
    in any desktop program; a click in it, or an arrow, Home or End, keeps it to type on."""

    KEEP_KEYS = (keymap.LEFT, keymap.RIGHT, keymap.HOME, keymap.END)

    def __init__(self, value: str = "", placeholder: str = "", max_length: int = 16,
                 allowed: Callable[[str], bool] | None = None, name: str = "") -> None:
        self.name = name  # what speech calls it (its label on the screen, else its placeholder)
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.value = "".join(ch for ch in value[:max_length] if self.allowed(ch))
        self.placeholder = placeholder
        self.max_length = max_length
        self.focused = False
        self.selected = False  # the value is chosen whole
        self.rect = pygame.Rect(0, 0, 0, 0)

    def select_all(self) -> None:
        self.selected = bool(self.value)

    def spoken(self, full: bool = True) -> str:
        """"Seat 1 name: Ana", and in full that it is typed in."""
        words = f"{self.name or self.placeholder}: {self.value or 'blank'}"
        return f"{words}, edit text, type to change" if full else words

    def focus(self, on: bool) -> None:
        """The keyboard focus came (typing goes here) or left."""
        self.focused = on
        if on:
            pygame.key.start_text_input()

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            self.selected = False
            return self.focused or was
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if self.allowed(ch))
            if typed and self.selected:
                self.value, self.selected = "", False
            self.value = (self.value + typed)[:self.max_length]
            return True
        if event.type == pygame.KEYDOWN:
            if keymap.BACKSPACE.pressed(event):
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
            elif any(key.pressed(event) for key in keymap.FIELD_DONE):
                self.focused = False
            elif any(key.pressed(event) for key in self.KEEP_KEYS):
                self.selected = False
            return True
        return False

    def draw(self, surface, size: int, blink_on: bool = True) -> None:
        pygame.draw.rect(surface, theme.FIELD_FOCUSED if self.focused else theme.FIELD, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        note_drawn(self.rect, "text field")
        note_control(self, surface, 6)
        room = self.rect.w - 16
        if self.focused:
            count = draw_text(surface, f"{len(self.value)}/{self.max_length}", int(size * 0.7), theme.FIELD_HINT,
                              (self.rect.right - 6, self.rect.centery), "midright", box=self.rect)
            room = count.x - self.rect.x - 14
        shown = self.value or self.placeholder
        while len(shown) > 1 and text_width(shown, size) > room:  # the end, where typing goes, stays in view
            shown = "\u2026" + shown[2:] if shown.startswith("\u2026") else "\u2026" + shown[1:]
        color = theme.FIELD_INK if self.value else theme.FIELD_HINT
        if self.selected and self.focused:
            chosen = pygame.Rect(self.rect.x + 6, self.rect.y + 4, text_width(shown, size) + 4, self.rect.h - 8)
            pygame.draw.rect(surface, theme.FIELD_SELECTED, chosen, border_radius=3)
        rect = draw_text(surface, shown, size, color, (self.rect.x + 8, self.rect.centery), "midleft", box=self.rect)
        if self.focused and blink_on:
            x = rect.right + 1 if self.value else self.rect.x + 8
            pygame.draw.line(surface, theme.FIELD_INK, (x, self.rect.y + 5), (x, self.rect.bottom - 5), 2)


class NumberField:
    """A whole number from `lowest` to `highest`, typed (click the middle, type the digits: the
    first digit replaces the number shown) or stepped by `step` with the arrows at either end, or
    Up/Down while typing. A number typed out of range is kept, drawn in the alert colour, for
    whoever checks it to refuse with the range; a field left empty goes back to its last number.
    An inactive field (`enabled` False: its number does not count now) is drawn dim and takes
    no click."""

    def __init__(self, value: int, lowest: int, highest: int, step: int = 1, name: str = "") -> None:
        self.name = name  # what speech calls it (its label on the screen)
        self.lowest, self.highest, self.step = lowest, highest, step
        self.enabled = True
        self.text = str(value)
        self.kept = str(value)      # the number shown before typing began
        self.focused = False
        self.replacing = False      # the next digit typed starts a new number
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def value(self) -> int | None:
        return int(self.text) if self.text else None

    @property
    def in_range(self) -> bool:
        return self.value is not None and self.lowest <= self.value <= self.highest

    def stepped(self, delta: int) -> None:
        """To the next multiple of `step` up (delta 1) or down (-1), kept within the range."""
        base = self.value if self.value is not None else int(self.kept)
        if delta > 0:
            following = (base // self.step + 1) * self.step
        else:
            following = ((base - 1) // self.step) * self.step
        self.text = str(max(self.lowest, min(self.highest, following)))
        self.replacing = True

    def needed(self, size: int) -> tuple[int, int]:
        """The smallest (width, height) that shows the widest number and both arrows at `size`."""
        return text_width(f"{self.highest:,}", size) + 2 * self._arrow_zone(size) + 4, line_height(size) + text_px(size) // 2

    @staticmethod
    def _arrow_zone(size: int) -> int:
        return int(1.8 * text_px(size))

    def spoken(self, full: bool = True) -> str:
        """"Target score: 500", and in full its range and how to change it."""
        words = f"{self.name}: {self.text or 'blank'}" + ("" if self.enabled else ", unavailable")
        if not full:
            return words
        return f"{words}, a number from {self.lowest} to {self.highest}, type it or Up or Down to change"

    def focus(self, on: bool) -> None:
        """The keyboard focus came (digits typed go here) or left."""
        self._focus(on and self.enabled)
        if on:
            pygame.key.start_text_input()

    def _focus(self, focused: bool) -> None:
        if focused and not self.focused:
            self.kept, self.replacing = self.text, True
        if not focused and not self.text:
            self.text = self.kept
        self.focused = focused

    def handle(self, event) -> bool:
        if not self.enabled:
            self._focus(False)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            inside = self.rect.collidepoint(event.pos)
            zone = self._arrow_zone_at(event.pos) if inside else 0
            if zone:
                self._focus(False)
                self.stepped(zone)
            else:
                self._focus(inside)
            return inside or was
        if not self.focused or event.type not in (pygame.TEXTINPUT, pygame.KEYDOWN):
            return False
        if event.type == pygame.TEXTINPUT:
            digits = "".join(ch for ch in event.text if ch.isdigit())
            if digits:
                self.text = ((digits if self.replacing else self.text + digits).lstrip("0") or "0")[:len(str(self.highest))]
                self.replacing = False
        elif keymap.UP.pressed(event) or keymap.DOWN.pressed(event):
            self.stepped(1 if keymap.UP.pressed(event) else -1)
            speech().say(self.text, interrupt=True)
        elif keymap.BACKSPACE.pressed(event):
            self.text = "" if self.replacing else self.text[:-1]
            self.replacing = False
        elif any(key.pressed(event) for key in keymap.FIELD_DONE):
            self._focus(False)
        return True

    def _arrow_zone_at(self, pos) -> int:
        """-1 over the left arrow, 1 over the right one, 0 elsewhere."""
        zone = self.rect.h
        if pos[0] < self.rect.x + zone:
            return -1
        return 1 if pos[0] >= self.rect.right - zone else 0

    def draw(self, surface, size: int, blink_on: bool = True) -> None:
        fill = theme.BUTTON_OFF if not self.enabled else theme.FIELD_FOCUSED if self.focused else theme.FIELD
        pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        note_drawn(self.rect, "number field" if self.enabled else "number field (inactive)")
        note_control(self, surface, 6)
        zone = self._arrow_zone(size)
        arrows = self.rect.inflate(-2, 0)
        for mark, x in (("\u25c0", self.rect.x + zone // 2), ("\u25b6", self.rect.right - zone // 2)):
            draw_text(surface, mark, int(size * 0.8), theme.FIELD_HINT, (x, self.rect.centery), "center", box=arrows)
        shown = f"{self.value:,}" if self.value is not None and not self.focused else self.text
        if not self.enabled:
            color = theme.INK_DIM
        elif self.in_range or not self.text:
            color = theme.FIELD_INK
        else:
            color = theme.FIELD_ALERT
        rect = draw_text(surface, shown, size, color, self.rect.center, "center", box=self.rect.inflate(-2 * zone, 0))
        if self.focused and blink_on:
            x = rect.right + 1 if self.text else self.rect.centerx
            pygame.draw.line(surface, theme.FIELD_INK, (x, self.rect.y + 5), (x, self.rect.bottom - 5), 2)
