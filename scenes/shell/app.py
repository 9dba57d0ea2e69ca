"""The window, the clock and the scene stack."""

from __future__ import annotations

import copy
import os
import sys
import time

import pygame

from game import storage

from scenes.shell import memory
from scenes.speech import speech
from scenes.ui.keymap import FULLSCREEN, REPEAT_SPEECH, STOP_SPEECH, KeyGuard
from scenes.ui.scene import Scene
from scenes.ui import cardart, resources, theme
from scenes.ui.resources import asset
from scenes.ui.widgets import announce, collecting_controls
from scenes.ui.sounds import Sounds


# While no scene animates, the app looks for input this often and draws a frame only when some
# came (a window uncovered or resized is an event too). Sleeping between looks costs far less than
# pygame.event.wait, which polls every millisecond (benchmarks/idle_cpu.py).
IDLE_POLL_SECONDS = 0.015
WOKEN = pygame.event.custom_type()  # news for a scene from another thread (a table over the network)

# Computers think in a background thread (motion.Thinker). The interpreter hands itself over to
# the waiting thread every this many seconds: at the default 5 ms a frame that waits for it a few
# times misses its 60 Hz slot (54 frames a second while two Hard computers played Cubes, against
# 60.5 at 0.5 ms; benchmarks/thinking_frames.py).
THREAD_SWITCH_SECONDS = 0.0005


def declare_dpi_awareness() -> None:
    """On Windows, tell SDL the app draws at the screen's own pixels (no blurry stretching on a
    high-DPI screen). SDL reads the hint when the display starts, so this comes first."""
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


# How SDL puts the app's pixels on screen. The app draws every frame in software; on Linux SDL
# would hand them to OpenGL, and where there is no GPU (a VM, a remote desktop, Xvfb) that is a
# software OpenGL: 150 MB resident and 46% of a core while four computers played on screen,
# against 50 MB and 11% through the window's own framebuffer (benchmarks/no_gpu.py, Xvfb). The
# Windows build under Wine: 75 MB and 14% on GDI (SDL's default there), 252 MB and 79% through
# Direct3D. So Linux and Windows use the framebuffer, unless the user's environment says otherwise.
PRESENTATION_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def choose_presentation() -> None:
    """Present frames through the window's framebuffer, not OpenGL/Direct3D (measured above).
    SDL reads the hint when the window is made, so this comes before set_mode."""
    if sys.platform.startswith("linux") or sys.platform == "win32":
        os.environ.setdefault(PRESENTATION_HINT, "0")


class App:
    MIN_SIZE = storage.MIN_WINDOW

    def __init__(self, size: tuple[int, int] = theme.BASE_SIZE, fit_to_desktop: bool = True) -> None:
        """`fit_to_desktop`: the real window, at its remembered size, place and fullscreen (else
        `size`), shrunk to the screen; without it (tests) exactly `size`."""
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        self.settings, self.notice = storage.load_settings()
        self.settings_loaded = copy.deepcopy(self.settings)  # the settings as last read or written
        self.stack: list[Scene] = []
        declare_dpi_awareness()
        choose_presentation()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Chain Table")
        icon = asset("icons", "chaintable.png")
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        if fit_to_desktop:
            size = self._fit_to_desktop(tuple(self.settings["window_size"] or size))
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if fit_to_desktop:
            self._place_window(self.settings["window_position"])
            if self.settings["fullscreen"]:
                self.set_fullscreen(True)
        self.clock = pygame.time.Clock()
        self.running = True
        self.storage_reported = False  # a failed write is told once; play goes on unsaved
        self.sounds = Sounds()
        self.sounds.start()
        self.apply_settings()
        self.first_frame_hook = None
        self.screens = None  # scenes.shell.screens.Screens, set by open_app: how scenes open one another
        self.changed = True  # a scene came or went since the last frame: draw one even when idle
        self.screen_closed = False  # a scene covering the window left: its memory is freed next frame
        self.keys = KeyGuard()  # no key meant for one screen lands on the next
        self.quit_hooks: list = []  # called once as the app quits (a table this app hosts is ended)
        pygame.key.set_repeat(350, 40)

    def _fit_to_desktop(self, size: tuple[int, int]) -> tuple[int, int]:
        """The wanted size, shrunk (keeping its shape) to fit a smaller screen."""
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return size
        room_w, room_h = desktops[0][0] * 0.94, desktops[0][1] * 0.9
        shrink = min(1.0, room_w / size[0], room_h / size[1])
        return max(self.MIN_SIZE[0], int(size[0] * shrink)), max(self.MIN_SIZE[1], int(size[1] * shrink))

    @staticmethod
    def _place_window(position) -> None:
        """Put the window where it was last time, when that place is still on a screen."""
        desktops = pygame.display.get_desktop_sizes()
        if position is None or not desktops:
            return
        x, y = position
        if 0 <= x < sum(w for w, _h in desktops) - 40 and 0 <= y < max(h for _w, h in desktops) - 40:
            pygame.display.set_window_position((x, y))

    @property
    def fullscreen(self) -> bool:
        return bool(self.screen.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window as it was; lay every scene out again."""
        if on and not self.fullscreen:
            self.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        elif not on and self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.settings["fullscreen"] = on
        self.lay_out_again()

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on or off, remembered for the next run."""
        self.set_fullscreen(not self.settings["fullscreen"])
        problem = self.save_settings()
        if problem and self.stack:
            self.notice = problem

    def remember_window(self) -> str | None:
        """Store the window's size and place (as a window, not fullscreen) for the next run."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.settings["window_size"] = list(self.windowed_size)
        if not self.fullscreen:
            self.settings["window_position"] = list(pygame.display.get_window_position())
        return self.save_settings()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene, said: bool = True) -> None:
        """`scene` on top, said as it opens unless another screen goes over it at once (`said`)."""
        self.stack.append(scene)
        scene.layout(self.size)
        self.changed = True
        self.keys.screen_opened(settle=scene.settles)
        if said:
            self.say_top()

    def pop(self) -> None:
        self.closing(self.stack.pop())
        if self.stack:
            self.stack[-1].layout(self.size)
            self.say_top()
        self.changed = True
        self.keys.screen_opened()

    def say_top(self) -> None:
        """Speech says the screen now on top: its title, then the control the focus is on."""
        title = self.top.spoken_title()
        if title:
            speech().say(title, interrupt=True)
        if self.top.focus_ring.control is not None:
            announce(self.top.focus_ring.control, interrupt=not title)

    def replace(self, scene: Scene) -> None:
        self.closing(self.stack.pop())
        self.push(scene)

    def reset_to(self, scene: Scene, said: bool = True) -> None:
        for closed in self.stack:
            self.closing(closed)
        self.stack.clear()
        self.push(scene, said)

    def closing(self, scene: Scene) -> None:
        """A scene left the stack. One that covers the window (a table, a replay) is freed at the
        next frame (scenes/shell/memory.py), once the code that closed it has returned."""
        self.screen_closed = self.screen_closed or scene.covers()


    def save_settings(self) -> str | None:
        """Write the settings this copy of the app changed since it last read or wrote them."""
        problem = self.write(storage.save_settings, self.settings, self.settings_loaded)
        self.settings_loaded = copy.deepcopy(self.settings)
        return problem

    def write(self, save, *args) -> str | None:
        """Run a storage write (`save(*args)`). The message to show: what the write returned (a
        stored file it had to set aside, say), or why it failed the first time one fails; None
        when there is nothing to tell."""
        try:
            return save(*args)
        except storage.StorageError as err:
            if self.storage_reported:
                return None
            self.storage_reported = True
            return str(err)

    def apply_settings(self) -> None:
        """Put the settings in effect: the text size, the card looks and the volume; lay out again."""
        resources.text_scale = resources.TEXT_SIZES.get(self.settings.get("text_size"), 1.0)
        cardart.set_style(self.settings["four_colour"], self.settings["card_back"])
        theme.set_contrast(self.settings["high_contrast"])
        self.sounds.set_volume(self.settings["sound_volume"])
        speech().configure(self.settings["speech"], self.settings["speech_rate"], self.settings["speech_verbosity"])
        self.lay_out_again()

    def lay_out_again(self) -> None:
        """The window's size or the looks changed: every scene laid out anew, and nothing drawn for
        the window as it was kept (scenes/ui/surface_cache.py)."""
        resources.forget_drawn(self.size)
        memory.give_back_freed()
        for scene in self.stack:
            scene.layout(self.size)
        self.changed = True

    def quit(self) -> None:
        self.running = False
        speech().stop()
        hooks, self.quit_hooks = self.quit_hooks, []
        for hook in hooks:
            hook()

    def wake(self) -> None:
        """From any thread: the app resting between frames makes one, so the scene on top takes
        the news that came in (a table's connection calls it for each message)."""
        try:
            pygame.event.post(pygame.event.Event(WOKEN))
        except pygame.error:
            pass  # the window is closing: nobody to tell

    def step(self, events, dt: float) -> None:
        """One frame: dispatch `events`, advance time by `dt` seconds, draw."""
        if self.screen_closed:
            self.screen_closed = False
            memory.release_closed_screens()
        self.keys.tick(dt)
        for event in events:
            if event.type == WOKEN or not self.keys.passes(event):
                continue
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.VIDEORESIZE:
                width = max(self.MIN_SIZE[0], event.w)
                height = max(self.MIN_SIZE[1], event.h)
                if (width, height) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
                self.lay_out_again()
                continue
            if self.global_key(event) or self.top.focus_ring.handle(event, self.top):
                continue
            self.top.handle(event)
            if not self.running or not self.stack:
                return
        self.top.update(dt)
        self.draw()

    def global_key(self, event) -> bool:
        """The keys that work on every screen: fullscreen, and speech's repeat and stop; whether
        `event` was one of them."""
        if FULLSCREEN.pressed(event):
            self.toggle_fullscreen()
        elif REPEAT_SPEECH.pressed(event):
            speech().repeat()
        elif STOP_SPEECH.pressed(event):
            speech().stop()
        else:
            return False
        return True

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].covers():
            first -= 1
        for scene in self.stack[first:-1]:
            scene.draw(self.screen)
        with collecting_controls(self.top.focus_ring.control) as drawn:
            self.top.draw(self.screen)
        self.changed = self.top.focus_ring.drawn_anew(drawn, self.top) or self.changed

    def run(self) -> None:
        while self.running and self.stack:
            events = pygame.event.get()
            if not events and not self.changed and not any(scene.animating() for scene in self.stack):
                time.sleep(IDLE_POLL_SECONDS)
                self.keys.tick(self.clock.tick() / 1000.0)
                continue
            self.changed = False
            dt = self.clock.tick(60) / 1000.0
            self.step(events, min(dt, 0.1))
            pygame.display.flip()
            if self.first_frame_hook is not None:
                hook, self.first_frame_hook = self.first_frame_hook, None
                hook()
        self.remember_window()
        pygame.quit()
