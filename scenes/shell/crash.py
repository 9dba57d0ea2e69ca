"""The screen shown instead of vanishing when something goes wrong."""

from __future__ import annotations

import pygame

from scenes.ui import theme
from scenes.ui.widgets import draw_lines, draw_text, line_height, wrap


def show_crash(app, report_path: str) -> None:
    """Say what happened and where the report is; the game in progress stays saved."""
    try:
        screen = pygame.display.get_surface() or pygame.display.set_mode((900, 500))
    except pygame.error:
        return
    clock = pygame.time.Clock()
    lines = ["Something went wrong and Chain Table has to close.",
             "Your game in progress was saved after its last move: choose Continue on the menu next time.",
             f"A report was written to {report_path}"]
    while True:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                pygame.quit()
                return
        draw_apology(screen, lines)
        pygame.display.flip()
        clock.tick(30)


def draw_apology(screen, lines: list[str]) -> None:
    """The apology and `lines`, wrapped, in the middle of the window; the text scaled to the window
    as every screen's is (and by the text size chosen), so that it fits at any size."""
    screen.fill(theme.FELT_DARK)
    w, h = screen.get_size()
    scale = min(w / theme.BASE_SIZE[0], h / theme.BASE_SIZE[1])
    title, body, hint = (max(1, int(size * scale)) for size in (48, 18, 16))
    wrapped = [part for line in lines for part in wrap(line, body, w - 80)]
    height = line_height(title, bold=True) + (len(wrapped) + 1) * line_height(body) + 2 * line_height(hint)
    y = max(line_height(hint), (h - height) // 2)
    y = draw_text(screen, "Sorry!", title, theme.GOLD, (w // 2, y), "midtop", bold=True).bottom + line_height(body)
    y = draw_lines(screen, wrapped, body, theme.INK, (w // 2, y), "midtop")
    draw_text(screen, "Click or press a key to close.", hint, theme.INK_DIM, (w // 2, y + line_height(hint)), "midtop")
