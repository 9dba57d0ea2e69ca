"""Resident memory of the app in mixed use, sampled each simulated minute (targets: flat within
10 MB after the first tenth; 80 MB on the busiest table, four computers playing Chains at 800x600).

The real app, headless (SDL's dummy driver), round after round: a review of a solitaire game and
a replay of the last game played, at 1920x1080, then every game played to its end by computers at
the table (4 seats where the game takes them; the solitaire by one computer), the window dragged
between 800x600 and 1920x1080 before each (through the sizes between), every other game at each
size, the same in every round. Time is simulated: each frame advances the app by FRAME_SECONDS, a
computer's thinking and a review's judging count as the real time they take.

What an activity needs depends on it and on the window (a table at 1920x1080 holds four times the
pixels of one at 800x600) and grows as its game goes on, so flat means: after the first tenth, no
sample is more than 10 MB above the most the same activity at the same window size took the first
time it was done (the rounds repeat, so each is done again).

    python benchmarks/memory_soak.py [--minutes 10] [--census]

`--census` says at the end where the memory lies: the rendered surfaces each cache holds (their
pixels are SDL's, which tracemalloc cannot see), and the Python allocations that grew most since
the first tenth (tracemalloc, which slows the run)."""

from __future__ import annotations

import argparse
import collections
import gc
import itertools
import os
import sys
import tempfile
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CHAINTABLE_HOME"] = tempfile.mkdtemp(prefix="chaintable-soak-")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game.registry import GAMES, find_game  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.menus.gameover import GameOver  # noqa: E402
from scenes.menus.review import ReviewScene  # noqa: E402
from scenes.shell.screens import open_app  # noqa: E402
from scenes.table.table import TableScene  # noqa: E402

FRAME_SECONDS = 0.1
SMALL, LARGE = (800, 600), (1920, 1080)
RESIZE_STEPS = 12             # window sizes a drag goes through
REVIEW_SEEDS = (1, 2, 3)      # solitaire deals the rule of thumb plays and the review judges
FLAT_WITHIN_MB = 10.0
SEATS = 4


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


class Soak:
    """The app and its simulated clock; `sample` is called at each simulated minute."""

    def __init__(self, minutes: float, sample, difficulty: str = "normal") -> None:
        """`sample(minute, doing)` is called at each simulated minute, `doing` what the app does."""
        self.app = open_app(size=SMALL, fit_to_desktop=False)
        self.minutes = minutes
        self.difficulty = difficulty
        self.clock = 0.0
        self.next_minute = 1
        self.sample = sample
        self.doing = "menu"
        self.last_session: Session | None = None

    @property
    def over(self) -> bool:
        return self.clock >= self.minutes * 60

    def frame(self, events=(), dt: float = FRAME_SECONDS) -> None:
        self.app.step(list(events), dt)
        self.clock += dt
        while self.clock >= self.next_minute * 60:
            self.sample(self.next_minute, f"{self.doing} at {self.app.size[0]}x{self.app.size[1]}")
            self.next_minute += 1

    def play(self, game: str, seed: int) -> None:
        """Computers play `game` at the table to its end; then back to the menu."""
        players = 1 if find_game(game).rules.max_players == 1 else SEATS
        seats = [{"name": f"Computer {i}", "kind": "computer", "difficulty": self.difficulty}
                 for i in range(players)]
        session = Session(game, {"seats": seats}, seed)
        self.doing = f"{game}, {players} computer{'s' if players > 1 else ''}"
        self.app.screens.table(session)
        table = self.app.top
        while not isinstance(self.app.top, GameOver) and not self.over:
            thinker = table.turns.thinker if isinstance(self.app.top, TableScene) else None
            if thinker is not None and not thinker.done:
                started = time.perf_counter()
                thinker.wait(30)
                self.clock += time.perf_counter() - started
            self.frame()
        self.last_session = session
        self.app.screens.menu()
        self.frame()

    def review(self, seed: int) -> None:
        """A solitaire game of the rule of thumb's, reviewed; its decisions gone through; closed."""
        session = Session("sovereign-solitaire", {"seats": [{"name": "You", "kind": "human"}]}, seed)
        person = session.descriptor.heuristic(seed)
        while not session.game_over:
            session.apply(person.choose(session.view(0), session.legal_actions()))
        self.doing = "review"
        self.app.screens.review(session)
        scene = self.app.top
        while isinstance(scene, ReviewScene) and not (scene.ready or scene.failure) and not self.over:
            started = time.perf_counter()
            scene.work.thinker.wait(0.25)
            self.frame(dt=time.perf_counter() - started)
        for _decision in range(len(scene.verdicts or ())):
            self.key(pygame.K_DOWN)
        self.key(pygame.K_ESCAPE)
        self.app.screens.menu()
        self.frame()

    def replay(self) -> None:
        """The last game played, replayed move by move to its end; closed."""
        if self.last_session is None:
            return
        self.doing = "replay"
        self.app.screens.replay(self.last_session)
        scene = self.app.top
        for _move in range(len(scene.playback) - 1):
            self.key(pygame.K_RIGHT, seconds=0.3)
        self.key(pygame.K_ESCAPE)

    def key(self, key: int, seconds: float = 0.5) -> None:
        while self.app.keys.settling:
            self.frame()
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], dt=seconds)

    def resize(self, size: tuple[int, int]) -> None:
        """The window dragged to `size` through the sizes between, a frame at each."""
        start = self.app.size
        self.doing = "resize"
        for step in range(1, RESIZE_STEPS + 1):
            between = tuple(round(a + (b - a) * step / RESIZE_STEPS) for a, b in zip(start, size))
            pygame.display.set_mode(between, pygame.RESIZABLE)
            self.frame([pygame.event.Event(pygame.VIDEORESIZE, w=between[0], h=between[1], size=between)])

    def run(self) -> None:
        for round_number in itertools.count():
            self.resize(LARGE)
            self.review(REVIEW_SEEDS[round_number % len(REVIEW_SEEDS)])
            self.replay()
            for number, game in enumerate(GAMES):
                if self.over:
                    return
                self.resize(SMALL if number % 2 else LARGE)
                self.play(game.name, round_number + 1)


def surface_census() -> list[tuple[str, int, float]]:
    """Every rendered surface held by a cache or a scene, as (its holder, surfaces, MB of
    pixels), largest first. A holder is an object the cycle collector tracks (an lru_cache, a
    dict); a tuple of a surface and numbers is not tracked, so the tuples a holder refers to are
    looked into."""
    held: dict[str, list] = {}
    for holder in gc.get_objects():
        inside = [thing for part in gc.get_referents(holder)
                  for thing in (gc.get_referents(part) if type(part) is tuple and not gc.is_tracked(part) else (part,))]
        surfaces = [thing for thing in inside if isinstance(thing, pygame.Surface)]
        if surfaces:
            held.setdefault(_holder_name(holder), []).extend(surfaces)
    rows = [(name, len(s), sum(x.get_width() * x.get_height() * x.get_bytesize() for x in s) / 1e6)
            for name, s in held.items()]
    return sorted(rows, key=lambda row: -row[2])


def _holder_name(holder) -> str:
    """An lru_cache's function, an object's kind, or for a bare store (a dict, a list) the kind
    of object it belongs to."""
    if callable(holder) and hasattr(holder, "__qualname__"):
        return f"{holder.__module__}.{holder.__qualname__}"
    if not isinstance(holder, (dict, list, tuple, set)):
        return type(holder).__qualname__
    owners = [type(owner).__qualname__ for owner in gc.get_referrers(holder) if not isinstance(owner, (list, dict))]
    return owners[0] if owners else type(holder).__qualname__


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--census", action="store_true")
    args = parser.parse_args()
    tenth = max(1, round(args.minutes / 10))
    samples: list[tuple[int, float, str]] = []
    baseline: list = []

    def sample(minute: int, doing: str) -> None:
        samples.append((minute, resident_mb(), doing))
        print(f"minute {minute:4}: {samples[-1][1]:6.1f} MB resident ({doing})", flush=True)
        if args.census and minute == tenth:
            baseline.append(tracemalloc.take_snapshot())

    if args.census:
        tracemalloc.start(8)
    print(f"start: {resident_mb():.1f} MB resident", flush=True)
    soak = Soak(args.minutes, sample)
    print(f"app open: {resident_mb():.1f} MB resident", flush=True)
    soak.run()
    report(samples, tenth)
    if args.census:
        census(baseline)


def report(samples: list[tuple[int, float, str]], tenth: int) -> None:
    """PASS when no sample after the first tenth is more than FLAT_WITHIN_MB above the most its
    activity at its window size took the first time it was done (its first run of samples)."""
    first_time: dict[str, float] = {}
    times_done: collections.Counter = collections.Counter()
    growth = []
    previous = None
    for minute, mb, doing in samples:
        if doing != previous:
            times_done[doing] += 1
            previous = doing
        if times_done[doing] == 1:
            first_time[doing] = max(first_time.get(doing, 0.0), mb)
        elif minute > tenth:
            growth.append((mb - first_time[doing], minute, doing))
    for size in (SMALL, LARGE):
        at = [mb for _minute, mb, doing in samples if doing.endswith(f" at {size[0]}x{size[1]}")]
        print(f"at {size[0]}x{size[1]}: {min(at, default=0):.1f}-{max(at, default=0):.1f} MB")
    if not growth:
        print("too short to judge: no activity was done twice at the same size; run more minutes")
        return
    most, minute, doing = max(growth)
    verdict = "PASS" if most <= FLAT_WITHIN_MB else "FAIL"
    print(f"{verdict}: {len(growth)} samples after the first tenth compared with the first time their activity was "
          f"done at their size; the most above it {most:+.1f} MB (minute {minute}, {doing}; flat within "
          f"{FLAT_WITHIN_MB:.0f} MB); {samples[-1][1]:.1f} MB at the end")


def census(baseline: list) -> None:
    gc.collect()
    print("rendered surfaces held (holder: surfaces, MB):")
    for name, count, mb in surface_census()[:15]:
        print(f"  {name}: {count}, {mb:.1f} MB")
    if baseline:
        print("Python allocations grown most since the first tenth:")
        for stat in tracemalloc.take_snapshot().compare_to(baseline[0], "traceback")[:10]:
            print(f"  {stat.size_diff / 1e6:+.2f} MB in {stat.count_diff:+} blocks at {stat.traceback.format()[-1].strip()}")


if __name__ == "__main__":
    main()
