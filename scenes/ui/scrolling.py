"""A page taller than the room a screen has for it (large text in a small window): it scrolls
under a fixed window onto it (the viewport). The mouse wheel and Page Up / Page Down move it, and
a control the keyboard focus lands on is brought into view. Whatever is drawn is placed in page
coordinates and shown through `shown`; what is not wholly in view is not drawn and takes no click.

The page may stand a little out of its range for a while (`anchor`): a control changed under the
pointer that grew or shrank with the text stays under the pointer; moving the page brings it back."""

from __future__ import annotations

import pygame

from scenes.ui import keymap, theme
from scenes.ui.widgets import draw_text, line_height, text_width

WHEEL_LINES = 3  # lines of text a notch of the wheel moves
PAGE_KEYS = {keymap.PAGE_DOWN: 1, keymap.PAGE_UP: -1}
HIDDEN = pygame.Rect(0, 0, 0, 0)  # where a control out of view is put: nothing clicks it


class Scroller:
    def __init__(self) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.height = 0  # the page's height
        self.offset = 0  # how far down the page the viewport's top is
        self.line = 1  # a line of the page's text, in pixels: what the wheel moves by

    @property
    def most(self) -> int:
        """The largest offset: the page's bottom at the viewport's bottom (0 when it fits)."""
        return max(0, self.height - self.viewport.h)

    def fit(self, viewport: pygame.Rect, height: int, line: int) -> None:
        """The page laid out anew: `height` tall, seen through `viewport`. The offset stays (as far
        out of range as it was, never further)."""
        self.viewport, self.height, self.line = pygame.Rect(viewport), height, max(1, line)
        self.offset = self._kept_in(self.offset, self.offset)

    def _kept_in(self, offset: int, before: int) -> int:
        """`offset` kept within range, or no further out of it than `before` was."""
        return max(min(0, before), min(max(self.most, before), offset))

    def scrolls(self) -> bool:
        return self.most > 0 or self.offset != 0

    def shows_all(self) -> bool:
        """Whether the whole page is in view (it may stand lower than its place: see `anchor`)."""
        return self.offset <= 0 and self.height - self.offset <= self.viewport.h

    def move(self, pixels: int) -> bool:
        """The page moved by `pixels` (down the page when positive); whether it moved."""
        before = self.offset
        self.offset = self._kept_in(before + pixels, before)
        return self.offset != before

    def handle(self, event) -> bool:
        """The wheel, Page Up and Page Down; whether `event` moved (or would have moved) the page."""
        if not self.scrolls():
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y * WHEEL_LINES * self.line)
            return True
        pages = keymap.pressed_in(PAGE_KEYS, event)
        if pages is not None:
            self.move(pages * max(self.line, self.viewport.h - 2 * self.line))
            return True
        return False

    def shown(self, rect: pygame.Rect) -> pygame.Rect:
        """`rect` (page coordinates) where it is on the window."""
        return rect.move(self.viewport.x, self.viewport.y - self.offset)

    def in_view(self, rect: pygame.Rect) -> pygame.Rect | None:
        """`rect` (page coordinates) on the window, or None when not wholly in view."""
        shown = self.shown(rect)
        return shown if self.viewport.contains(shown) else None

    def reveal(self, rect: pygame.Rect) -> None:
        """The page moved as little as brings `rect` (page coordinates) whole into view."""
        if rect.y < self.offset:
            self.offset = rect.y
        elif rect.bottom > self.offset + self.viewport.h:
            self.offset = min(rect.y, rect.bottom - self.viewport.h)

    def anchor(self, rect: pygame.Rect, screen_y: int) -> None:
        """The page placed so that `rect` (page coordinates) has its top at `screen_y` on the window,
        even out of range (its band above or below the page is left empty); kept within the window."""
        self.offset = rect.y - (screen_y - self.viewport.y)
        top_most, bottom_most = rect.y, rect.bottom - self.viewport.h  # the rect whole in view
        if rect.h <= self.viewport.h:
            self.offset = max(bottom_most, min(top_most, self.offset))

    def hint(self) -> str:
        """What to tell where the page scrolls: which way there is more."""
        if not self.scrolls():
            return ""
        above, below = self.offset > 0, self.offset + self.viewport.h < self.height
        marks = ("\u25b2 " if above else "") + ("\u25bc " if below else "")
        return f"{marks}scroll for more (wheel, {keymap.PAGE_UP.name}, {keymap.PAGE_DOWN.name})" if marks else ""

    def draw_hint(self, surface, size: int, pos, anchor: str = "midtop", box: pygame.Rect | None = None) -> None:
        """The hint, dimmed, at `pos` (where the page scrolls)."""
        hint = self.hint()
        if hint:
            draw_text(surface, hint, size, theme.INK_DIM, pos, anchor, box=box)


class ScrolledPage(Scroller):
    """A page of texts and controls laid out once (page coordinates) and drawn through the
    viewport: a text or control not wholly in view is not drawn, and such a control takes no
    click (its rect is HIDDEN) until the page brings it into view."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[pygame.Rect, str, tuple]] = []

    def clear(self) -> None:
        self.items = []

    def text(self, message: str, size: int, color, pos, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        """A line of text at `pos` (page coordinates); returns its rect."""
        rect = pygame.Rect(0, 0, text_width(message, size, bold), line_height(size, bold))
        setattr(rect, anchor, pos)
        self.items.append((rect, "text", (message, size, color, bold)))
        return rect

    def lines(self, lines: list[str], size: int, color, pos, anchor: str = "topleft", bold: bool = False) -> int:
        """Lines one under the other from `pos` (anchor "topleft" or "midtop"); the y under them."""
        x, y = pos
        for line in lines:
            y = self.text(line, size, color, (x, y), anchor, bold).bottom
        return y

    def control(self, control, rect: pygame.Rect, size: int) -> pygame.Rect:
        """A control at `rect` (page coordinates), drawn at text `size`."""
        self.items.append((pygame.Rect(rect), "control", (control, size)))
        return rect

    def bottom(self) -> int:
        return max((rect.bottom for rect, _kind, _what in self.items), default=0)

    def place(self) -> None:
        """Every control where the page shows it, or HIDDEN out of view."""
        for rect, kind, payload in self.items:
            if kind == "control":
                payload[0].rect = self.in_view(rect) or HIDDEN

    def controls(self) -> list:
        """The page's controls in reading order (the page's, whether in view or not)."""
        found = [(rect.y, rect.x, payload[0]) for rect, kind, payload in self.items if kind == "control"]
        return [control for _y, _x, control in sorted(found, key=lambda item: item[:2])]

    def reveal_control(self, control) -> bool:
        """The page moved to show `control` whole, when it is on the page; whether it is."""
        rect = next((rect for rect, kind, payload in self.items if kind == "control" and payload[0] is control), None)
        if rect is None:
            return False
        self.reveal(rect)
        self.place()
        return True

    def draw(self, surface, draw_control) -> None:
        """The texts in view, and each control in view through `draw_control(control, size)`."""
        for rect, kind, payload in self.items:
            shown = self.in_view(rect)
            if shown is None:
                continue
            if kind == "text":
                message, size, color, bold = payload
                draw_text(surface, message, size, color, shown.topleft, bold=bold)
            else:
                draw_control(*payload)
