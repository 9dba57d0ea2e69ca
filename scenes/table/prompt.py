"""The words a table says: the prompt above the hand (whose turn it is and what the viewer may do,
or a passing remark for a little while) and the alert box of a refusal. The prompt wraps onto as
many lines as the table keeps for it (two at every table, more where large text makes a long
instruction need them: `keep_rows`), its last line just above the hand, so that an instruction is
never cut. A remark may come with shorter wordings: it shows in the longest that fits those lines
(each wording whole, then without its details in brackets); one that fits in none shows a page of
lines at a time, each page for a remark's while, so that nothing of it is cut."""

from __future__ import annotations

import re
from typing import Callable

import pygame

from scenes.ui import theme
from scenes.ui.resources import text_px
from scenes.ui.widgets import draw_text, fit_text, line_height, panel, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
PROMPT_MAX_W = 760  # the prompt's box at most
PROMPT_PADDING = 30  # the prompt's side margins, both sides
PROMPT_PADDING_V = 18  # the prompt's top and bottom margins
PROMPT_TOP = 9  # the first line below the box's top

MESSAGE_TIME = 4.0  # how long an alert stays
NOTICE_TIME = 2.5   # how long a passing remark holds the prompt line
PROMPT_ROWS = 2     # the lines a table keeps for its prompt, at least
PROMPT_ROWS_MOST = 4  # and at most, with the largest text in a narrow table
# A long instruction, as long as the longest the tables give (the solitaire's): the
# prompt keeps as many lines as this takes at the table's width.
LONG_PROMPT = "Your turn, Ana: drag a card onto a face-down card or a space (your pool's tokens may go first), or Skip"
PROMPT_SIZE = 19    # its text size at 100% scale
WRAPPED_KEPT = 8    # the prompts and remarks kept wrapped (the prompt and a remark are drawn each frame)
NEEDED_KEPT = 16    # the widths whose lines `keep_rows` keeps


class PromptLine:
    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px
        self.message = ""      # the alert: why a move was refused
        self.message_time = 0.0
        self.notice = ""       # a passing remark: what just happened, or what to do next
        self.notice_time = 0.0
        self.shorter: tuple[str, ...] = ()  # the remark's shorter wordings, longest first
        self.pages = 1         # the pages the remark on show takes (`remark_lines`)
        self.left = 0
        self.y = 0
        self.width = 0
        self.rows = PROMPT_ROWS  # the lines kept for the prompt (`keep_rows`)
        self._wrapped: dict[tuple, list[str]] = {}  # the prompts and remarks wrapped lately, by (wordings, drawn size, width, bold, rows)
        self._needed: dict[tuple, int] = {}  # (longest, drawn size, width): its lines (`keep_rows`)

    def place(self, left: int, y: int, width: int) -> None:
        """The prompt's last line has its top at `y`; its lines start at `left` and are at most
        `width` wide."""
        self.left, self.y, self.width = left, y, width

    def keep_rows(self, width: int, longest: str = LONG_PROMPT, least: int = PROMPT_ROWS) -> int:
        """Keep as many lines as the `longest` instruction or remark wraps onto at `width` (the
        prompt's width at this layout), `least` at least (one where the prompt only ever says
        whose turn it is: a replay) and PROMPT_ROWS_MOST at most; returns them."""
        key = (longest, text_px(self.px(PROMPT_SIZE)), width)
        if key not in self._needed:  # a layout weighs a few widths, many times
            if len(self._needed) >= NEEDED_KEPT:
                self._needed.clear()
            self._needed[key] = len(wrap(longest, self.px(PROMPT_SIZE), max(1, width), bold=True))
        self.rows = max(least, min(PROMPT_ROWS_MOST, self._needed[key]))
        return self.rows

    def height(self, rows: int | None = None) -> int:
        """The height `rows` lines of the prompt take (all those kept, unless told)."""
        return (self.rows if rows is None else rows) * line_height(self.px(PROMPT_SIZE), bold=True)

    def rect(self) -> pygame.Rect:
        """Where the lines kept for the prompt stand: its last line's top at `y`, the others over it."""
        step = self.height(1)
        return pygame.Rect(self.left, self.y - (self.rows - 1) * step, self.width, self.rows * step)

    @property
    def counting(self) -> bool:
        """An alert or a remark is on show (the table keeps drawing until it goes)."""
        return self.message_time > 0 or self.notice_time > 0

    def say(self, message: str) -> None:
        """An alert, as a sentence."""
        self.message = message[:1].upper() + message[1:]
        self.message_time = MESSAGE_TIME

    def say_notice(self, message: str, shorter: tuple[str, ...] = ()) -> None:
        """A passing remark, and its `shorter` wordings (longest first) for lines too short for it."""
        self.notice, self.shorter, self.pages = message, shorter, 1
        self.notice_time = NOTICE_TIME

    def clear(self, alert: bool = True, notice: bool = False) -> None:
        if alert:
            self.message_time = 0.0
        if notice:
            self.notice_time = 0.0

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.notice_time = max(0.0, self.notice_time - dt)

    def lines(self, prompt: str, bold: bool, shorter: tuple[str, ...] = ()) -> list[str]:
        """`prompt` wrapped to the width, on the lines kept at most: where it needs more, in the
        longest of its `shorter` wordings that fits them, each whole, then each without its details
        in brackets (a laid chain's cards: they lie on the table); only a prompt longer than all of
        them even so is cut, at its end (a remark goes by pages instead: `remark_lines`)."""
        lines = self.wrapped(prompt, bold, shorter)
        if len(lines) > self.rows:
            lines = lines[:self.rows - 1] + [fit_text(" ".join(lines[self.rows - 1:]), self.px(PROMPT_SIZE), self.width, bold)]
        return lines

    def wrapped(self, prompt: str, bold: bool, shorter: tuple[str, ...] = ()) -> list[str]:
        """The longest wording of `prompt` that fits the lines kept, wrapped (`lines`); where none
        does, the shortest wholly, on as many lines as it takes."""
        size = self.px(PROMPT_SIZE)
        key = (prompt, shorter, text_px(size), self.width, bold, self.rows)  # as drawn: a change of the text size wraps it anew
        if key not in self._wrapped:  # measured once a prompt, not every frame
            wordings = [prompt, *shorter]
            wordings += [re.sub(r" \([^()]*\)", "", wording) for wording in wordings]
            found = [wrap(wording, size, self.width, bold=bold) for wording in wordings]
            if len(self._wrapped) >= WRAPPED_KEPT:
                self._wrapped.clear()
            self._wrapped[key] = next((lines for lines in found if len(lines) <= self.rows), min(found, key=len))
        return self._wrapped[key]

    def remark_lines(self) -> list[str]:
        """The remark on show, in its longest wording that fits the lines kept; one that fits in
        none shows a page of them at a time, each for NOTICE_TIME (the remark stays that much
        longer), so that nothing of it is cut."""
        lines = self.wrapped(self.notice, False, self.shorter)
        pages = -(-len(lines) // self.rows)
        if pages > self.pages:  # found longer than a page: it stays on show for each page
            self.notice_time += (pages - self.pages) * NOTICE_TIME
            self.pages = pages
        page = min(pages - 1, max(0, int((self.pages * NOTICE_TIME - self.notice_time) // NOTICE_TIME)))
        return lines[page * self.rows:(page + 1) * self.rows]

    def draw(self, screen: pygame.Surface, prompt: str, active: bool, shorter: tuple[str, ...] = ()) -> None:
        """The prompt (gold and bold when it is the viewer's turn; in one of its `shorter`
        wordings where it needs more lines than kept), or the remark on show. On the
        viewer's turn a remark and the prompt that fit the lines kept together share them, so that
        what to do next shows at once (a new event's name does not hide the instruction)."""
        size = self.px(PROMPT_SIZE)
        shown = [(line, theme.GOLD if active else theme.INK, active) for line in self.lines(prompt, active, shorter)]
        if self.notice_time > 0 and self.notice:
            remark = [(line, theme.INK, False) for line in self.remark_lines()]
            shown = remark + shown if active and len(remark) + len(shown) <= self.rows else remark
        step = line_height(size, bold=True)
        for i, (line, color, bold) in enumerate(shown):
            y = self.y - (len(shown) - 1 - i) * step
            draw_text(screen, line, size, color, (self.left + self.px(theme.SPACE_LARGE), y), bold=bold)

    def draw_alert(self, screen: pygame.Surface, center: tuple[int, int], room_w: int) -> None:
        """The alert on show, wrapped in a box centred on `center`, at most `room_w` wide."""
        if self.message_time <= 0 or not self.message:
            return
        px = self.px
        size = px(theme.TEXT_LABEL)
        image_w = min(px(PROMPT_MAX_W), room_w - px(theme.SPACE_SECTION))
        lines = wrap(self.message, size, image_w - px(PROMPT_PADDING))
        box = pygame.Rect(0, 0, image_w, len(lines) * px(theme.SPACE_XLARGE) + px(PROMPT_PADDING_V))
        box.center = center
        panel(screen, box, color=theme.ALERT_PANEL, edge=theme.ALERT)
        for i, line in enumerate(lines):
            draw_text(screen, line, size, theme.INK, (box.centerx, box.y + px(PROMPT_TOP) + i * px(theme.SPACE_XLARGE)), "midtop")
