"""The move log beside the table: every event as the viewer may read it, newest at the bottom."""

from __future__ import annotations

from . import theme
from .widgets import draw_text, wrap


class MoveLog:
    def __init__(self, table) -> None:
        self.table = table
        self._cache: tuple = ((), [])

    def lines(self, viewer: int | None, size: int, width: int) -> list[str]:
        """The log wrapped to `width`; rebuilt only when something changed."""
        session = self.table.session
        key = (len(session.history), session.game_number, viewer, size, width)
        if self._cache[0] != key:
            lines: list[str] = []
            for _seat, event in session.history:
                shown = session.rules.redact(event, viewer)
                lines.extend(wrap(shown.text(session.names), size, width))
            self._cache = (key, lines)
        return self._cache[1]

    def draw(self, screen, rect, viewer: int | None) -> None:
        px = self.table.px
        inner = rect.inflate(-px(12), -px(12))
        draw_text(screen, "Moves", px(17), theme.INK, (inner.x + px(10), inner.y + px(8)), bold=True)
        size, line_h = px(14), px(19)
        lines = self.lines(viewer, size, inner.w - px(20))
        room = max(1, (inner.h - px(40)) // line_h)
        y = inner.y + px(34)
        for line in lines[-room:]:
            draw_text(screen, line, size, theme.INK_DIM, (inner.x + px(10), y))
            y += line_h
