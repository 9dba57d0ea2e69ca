"""One screen of the app: what the scene stack (scenes/shell/app.py) asks of every screen, and the
measure every screen draws with. Kept apart from the app so that every room of scenes builds on it
without reaching up to the app."""

from __future__ import annotations

import pygame

from scenes.ui import theme


class Scene:
    """One screen. The app calls layout() on every resize, then handle/update/draw each frame."""

    settles = True  # keys wait a moment after it appears: it may open by itself (the key map's guard: keymap.py)

    def __init__(self, app: "App") -> None:
        self.app = app

    @property
    def scale(self) -> float:
        w, h = self.app.size
        return min(w / theme.BASE_SIZE[0], h / theme.BASE_SIZE[1])

    def px(self, value: float) -> int:
        """A base-size measure in pixels at the current window size."""
        return max(1, int(value * self.scale))

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        raise NotImplementedError

    def covers(self) -> bool:
        """Whether this scene hides everything below it (overlays return False)."""
        return True

    def animating(self) -> bool:
        """Whether something on screen moves, blinks or counts down without any input; while
        nothing does, the app draws no frame until an event comes."""
        return False
