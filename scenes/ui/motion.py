"""Short tweened moves of cards, so a player sees every move land where the rules put it."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """One card gliding from `start` to `end` (centres, in pixels). `hides` names the table spot
    whose newest card is not drawn until the flight lands, so the card never shows twice. During
    `delay` the card waits at `start` (flashing, if `flash`) before it moves, and it stays where it
    landed for `hold` more seconds. A card that `turns` turns over where it is instead of moving
    (up to its face if `face_up`, else down to its back). `caption` says what the step does, shown
    beside the card while the step lasts; a step that is only words has `visible` False."""

    card: Any
    face_up: bool
    start: tuple[float, float]
    end: tuple[float, float]
    hides: tuple = ()
    duration: float = 0.35
    delay: float = 0.0
    flash: bool = False
    elapsed: float = 0.0
    hold: float = 0.0
    turns: bool = False
    caption: str = ""
    caption_at: tuple[float, float] | None = None  # the card the caption is about, if not `end`
    visible: bool = True

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration + self.hold

    @property
    def waiting(self) -> bool:
        return self.elapsed < self.delay

    @property
    def progress(self) -> float:
        """How far the move (or the turn) has gone, 0 to 1."""
        moving = self.elapsed - self.delay
        return min(1.0, max(0.0, moving) / self.duration) if self.duration > 0 else 1.0

    @property
    def position(self) -> tuple[float, float]:
        t = ease_out(self.progress)
        return (self.start[0] + (self.end[0] - self.start[0]) * t,
                self.start[1] + (self.end[1] - self.start[1]) * t)

    @property
    def showing_face(self) -> bool:
        """Whether the face is seen now: a card turning shows its other side until half way."""
        if not self.turns:
            return self.face_up
        return self.face_up == (self.progress >= 0.5)

    @property
    def squeeze(self) -> float:
        """The width a turning card is drawn at, as a share of its own (1 when it is not turning)."""
        return max(0.05, abs(1 - 2 * self.progress)) if self.turns else 1.0


@dataclass
class Motion:
    """Steps played one after another, in the order the events happened; the flights of one
    step (the cards of one scored cube, say) move together."""

    queue: list[list[Flight]] = field(default_factory=list)

    def add(self, *flights: Flight) -> None:
        if flights:
            self.queue.append(list(flights))

    def alongside(self, *flights: Flight) -> None:
        """The flights move together with the last step queued (a new step when none is): what
        follows from a move (the places it emptied dealt again) lands while the move does, and the
        next player is not kept waiting for each in turn."""
        if self.queue:
            self.queue[-1].extend(flights)
        else:
            self.add(*flights)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> list[Flight]:
        return self.queue[0] if self.queue else []

    def hidden(self) -> set:
        return {spot for step in self.queue for flight in step for spot in flight.hides}

    def update(self, dt: float) -> None:
        while self.queue and dt >= 0:
            step = self.queue[0]
            for flight in step:
                flight.elapsed += dt
            if not all(flight.done for flight in step):
                return
            dt = min(flight.elapsed - flight.delay - flight.duration - flight.hold for flight in step)
            self.queue.pop(0)

    def clear(self) -> None:
        self.queue.clear()


class Thinker:
    """Runs a computer's decision off the UI thread, so the window keeps drawing and answering."""

    def __init__(self, decide: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(decide,), daemon=True)
        self._thread.start()

    def _run(self, decide) -> None:
        try:
            self.result = decide()
        except BaseException as err:  # handed to the UI thread, which re-raises it there
            self.error = err
        self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the work to end (tests; the UI thread only looks at `done`)."""
        return self._done.wait(seconds)
