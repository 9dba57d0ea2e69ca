"""The screen shown instead of vanishing when something goes wrong."""

from __future__ import annotations

import pygame

from scenes.ui import theme
from scenes.ui.widgets import draw_text, wrap


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
        screen.fill(theme.FELT_DARK)
        w, h = screen.get_size()
        y = h // 3
        draw_text(screen, "Sorry!", 48, theme.GOLD, (w // 2, y), "center", bold=True)
        y += 60
        for line in lines:
            for part in wrap(line, 18, w - 80):
                draw_text(screen, part, 18, theme.INK, (w // 2, y), "center")
                y += 28
        draw_text(screen, "Click or press a key to close.", 16, theme.INK_DIM, (w // 2, y + 30), "center")
        pygame.display.flip()
        clock.tick(30)
