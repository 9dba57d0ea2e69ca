"""The move log beside the table: every event as the viewer may read it, newest at the bottom."""

from __future__ import annotations

from scenes.ui import theme
from scenes.ui.resources import text_px
from scenes.ui.widgets import draw_text, line_height, wrap


class MoveLog:
    def __init__(self, table) -> None:
        self.table = table
        self._cache: tuple = ((), [])

    def entries(self, viewer: int | None, size: int, width: int) -> list[list[str]]:
        """The log's entries, each wrapped to `width`; rebuilt only when something changed."""
        session = self.table.session
        key = (session.revision, viewer, text_px(size), width)  # as drawn: a change of the text size wraps it anew
        if self._cache[0] != key:
            self._cache = (key, [wrap(line, size, width) for line in session.stream(viewer).log_lines()])
        return self._cache[1]

    def lines(self, viewer: int | None, size: int, width: int) -> list[str]:
        """The log wrapped to `width`, line by line."""
        return [part for entry in self.entries(viewer, size, width) for part in entry]

    def newest(self, viewer: int | None, size: int, width: int, room: int) -> list[str]:
        """The lines of the newest entries that fit `room` lines whole (an entry's tail is never
        shown without its start), or the newest entry's last lines when it alone is longer."""
        shown: list[str] = []
        for entry in reversed(self.entries(viewer, size, width)):
            if len(shown) + len(entry) > room:
                return shown or entry[-room:]
            shown[:0] = entry
        return shown

    def draw(self, screen, rect, viewer: int | None) -> None:
        px = self.table.px
        inner = rect.inflate(-px(theme.SPACE_CLOSE), -px(theme.SPACE_CLOSE))
        top = draw_text(screen, "Moves", px(theme.TEXT_NOTE), theme.INK, (inner.x + px(theme.SPACE_NARROW), inner.y + px(theme.SPACE_SMALL)), bold=True).bottom + px(theme.SPACE_SNUG)
        size = px(theme.TEXT_CAPTION)
        line_h = line_height(size)
        room = max(1, (inner.bottom - px(theme.SPACE_SNUG) - top) // line_h)
        y = top
        for line in self.newest(viewer, size, inner.w - px(theme.SPACE_LARGE), room):
            draw_text(screen, line, size, theme.INK_DIM, (inner.x + px(theme.SPACE_NARROW), y))
            y += line_h
