"""The move log beside the table: every event as the viewer may read it, newest at the bottom."""

from __future__ import annotations

from scenes.ui import theme
from scenes.ui.widgets import draw_text, line_height, wrap


class MoveLog:
    def __init__(self, table) -> None:
        self.table = table
        self._cache: tuple = ((), [])

    def lines(self, viewer: int | None, size: int, width: int) -> list[str]:
        """The log wrapped to `width`; rebuilt only when something changed."""
        session = self.table.session
        key = (session.revision, viewer, size, width)
        if self._cache[0] != key:
            lines = [part for line in session.stream(viewer).log_lines() for part in wrap(line, size, width)]
            self._cache = (key, lines)
        return self._cache[1]

    def draw(self, screen, rect, viewer: int | None) -> None:
        px = self.table.px
        inner = rect.inflate(-px(12), -px(12))
        top = draw_text(screen, "Moves", px(17), theme.INK, (inner.x + px(10), inner.y + px(8)), bold=True).bottom + px(6)
        size = px(14)
        line_h = line_height(size)
        lines = self.lines(viewer, size, inner.w - px(20))
        room = max(1, (inner.bottom - px(6) - top) // line_h)
        y = top
        for line in lines[-room:]:
            draw_text(screen, line, size, theme.INK_DIM, (inner.x + px(10), y))
            y += line_h
