"""Drive the real pygame scenes headless with synthetic mouse and keyboard events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

FRAME = 1 / 60


class Driver:
    def __init__(self, app) -> None:
        self.app = app

    def frame(self, events=(), dt: float = FRAME) -> None:
        self.app.step(list(events), dt)

    def wait(self, seconds: float, dt: float = 0.05) -> None:
        for _ in range(max(1, int(seconds / dt))):
            self.frame(dt=dt)

    def click(self, pos, button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def drag(self, start, end, steps: int = 6) -> None:
        start = (int(start[0]), int(start[1]))
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for i in range(1, steps + 1):
            pos = (int(start[0] + (end[0] - start[0]) * i / steps), int(start[1] + (end[1] - start[1]) * i / steps))
            self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)])

    def type_text(self, text: str) -> None:
        self.settle()
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])

    def frames_until(self, done, frames: int, dt: float = FRAME) -> bool:
        """Frames (up to `frames`, each `dt` long) until `done()`; whether it came."""
        for _ in range(frames):
            if done():
                return True
            self.frame(dt=dt)
        return done()

    def settle(self) -> None:
        """Frames until the screen on top takes keys (see scenes/ui/keymap.py)."""
        while self.app.keys.settling:
            self.frame()

    def key(self, key: int, mod: int = 0) -> None:
        """A deliberate press: once the screen on top takes keys (see scenes/ui/keymap.py),
        the key goes down and up."""
        self.settle()
        self.key_at_once(key, mod)

    def key_at_once(self, key: int, mod: int = 0) -> None:
        """A press in this very frame, taken or not."""
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])


def frames_while_idle(app, monkeypatch, polls: int = 20) -> tuple[int, int]:
    """Run the app's own loop for `polls` idle polls with no input; returns (polls made, frames
    drawn)."""
    drawn, made = [], []
    monkeypatch.setattr(app, "draw", lambda: drawn.append(1))

    def sleep(seconds):
        made.append(seconds)
        if len(made) >= polls:
            app.quit()

    monkeypatch.setattr("scenes.shell.app.time.sleep", sleep)
    monkeypatch.setattr("scenes.shell.app.pygame.quit", lambda: None)
    pygame.event.clear()
    app.run()
    return len(made), len(drawn)


def lesson_move_on(table) -> None:
    """A lesson's table one step on, at once: the next part between parts, else the step made as
    Skip step makes it (whatever is still landing is put down first)."""
    if table.lesson.lesson.step is None:
        table.lesson.next_part()
    else:
        table.motion.clear()
        table.turns.skip_step()
