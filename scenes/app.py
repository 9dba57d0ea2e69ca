"""The window, the clock and the scene stack."""

from __future__ import annotations

import sys

import pygame

from game import storage

from . import cardart, theme
from .resources import asset
from .sounds import Sounds


class Scene:
    """One screen. The app calls layout() on every resize, then handle/update/draw each frame."""

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


# Computers think in a background thread (motion.Thinker). The interpreter hands itself over to
# the waiting thread every this many seconds: at the default 5 ms a frame that waits for it a few
# times misses its 60 Hz slot (54 frames a second while two Hard computers played Cubes, against
# 60.5 at 0.5 ms; benchmarks/thinking_frames.py).
THREAD_SWITCH_SECONDS = 0.0005


class App:
    MIN_SIZE = (800, 560)

    def __init__(self, size: tuple[int, int] = theme.BASE_SIZE, fit_to_desktop: bool = True) -> None:
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Chain Table")
        icon = asset("icons", "chaintable.png")
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        if fit_to_desktop:
            size = self._fit_to_desktop(size)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.settings, self.notice = storage.load_settings()
        self.sounds = Sounds()
        self.sounds.start()
        self.apply_settings()
        self.first_frame_hook = None
        self.screens = None  # scenes.screens.Screens, set by open_app: how scenes open one another
        pygame.key.set_repeat(350, 40)

    def _fit_to_desktop(self, size: tuple[int, int]) -> tuple[int, int]:
        """The wanted size, shrunk (keeping its shape) to fit a smaller screen."""
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return size
        room_w, room_h = desktops[0][0] * 0.94, desktops[0][1] * 0.9
        shrink = min(1.0, room_w / size[0], room_h / size[1])
        return max(self.MIN_SIZE[0], int(size[0] * shrink)), max(self.MIN_SIZE[1], int(size[1] * shrink))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.layout(self.size)

    def pop(self) -> None:
        self.stack.pop()
        if self.stack:
            self.stack[-1].layout(self.size)

    def replace(self, scene: Scene) -> None:
        self.stack.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        self.stack.clear()
        self.push(scene)

    def save_settings(self) -> None:
        storage.save_settings(self.settings)

    def apply_settings(self) -> None:
        """Pass the looks and the volume from the settings to the card painter and the sounds."""
        cardart.set_style(self.settings["four_colour"], self.settings["card_back"])
        self.sounds.set_volume(self.settings["sound_volume"])

    def quit(self) -> None:
        self.running = False

    def step(self, events, dt: float) -> None:
        """One frame: dispatch `events`, advance time by `dt` seconds, draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.VIDEORESIZE:
                width = max(self.MIN_SIZE[0], event.w)
                height = max(self.MIN_SIZE[1], event.h)
                if (width, height) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
                for scene in self.stack:
                    scene.layout(self.size)
                continue
            self.top.handle(event)
            if not self.running or not self.stack:
                return
        self.top.update(dt)
        self.draw()

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].covers():
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen)

    def run(self) -> None:
        while self.running and self.stack:
            dt = self.clock.tick(60) / 1000.0
            self.step(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()
            if self.first_frame_hook is not None:
                hook, self.first_frame_hook = self.first_frame_hook, None
                hook()
        pygame.quit()
