"""One screen of the app: what the scene stack (scenes/shell/app.py) asks of every screen, and the
measure every screen draws with. Kept apart from the app so that every room of scenes builds on it
without reaching up to the app."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.ui import theme
from scenes.ui.focus import FocusRing


class Scene:
    """One screen. The app calls layout() on every resize, then handle/update/draw each frame."""

    settles = True  # keys wait a moment after it appears: it may open by itself (the key map's guard: keymap.py)
    # Which keys move the keyboard focus (scenes/ui/focus.py): "all" (Tab, Shift+Tab, Up, Down),
    # "tab" (Tab and Shift+Tab only: the screen uses the arrows itself), "none" (the screen
    # takes every key itself, as a table does).
    focus_keys = "all"

    def __init__(self, app: "App") -> None:
        self.app = app

    @property
    def focus_ring(self) -> FocusRing:
        """The screen's keyboard focus (made when first asked for)."""
        if "_focus_ring" not in self.__dict__:
            self._focus_ring = FocusRing()
        return self._focus_ring

    def focusables(self) -> list | None:
        """The controls Tab goes through, in order; None: those drawn, in reading order."""
        return None

    def reveal(self, control) -> None:
        """The focus landed on `control`: a screen that scrolls brings it into view."""

    def spoken_title(self) -> str:
        """What speech says as the screen opens (its title, a dialog's question and answers)."""
        return ""

    @property
    def scale(self) -> float:
        return window_scale(self.app.screen.get_size())

    def px(self, value: float) -> int:
        """A base-size measure in pixels at the current window size (a table's layout asks for
        tens of thousands: the window's scale is looked up, not worked out each time)."""
        return max(1, int(value * window_scale(self.app.screen.get_size())))

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


@lru_cache(maxsize=16)
def window_scale(size: tuple[int, int]) -> float:
    """How much larger than the base window (theme.BASE_SIZE) a window of `size` draws."""
    return min(size[0] / theme.BASE_SIZE[0], size[1] / theme.BASE_SIZE[1])
