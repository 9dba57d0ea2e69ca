"""Resident memory of the app in mixed use, sampled each simulated minute (targets: flat within
10 MB after the first tenth; 80 MB on the busiest table, four computers playing Chains at 800x600).

The real app, headless (SDL's dummy driver), round after round: a review of a solitaire game and
a replay of the last game played, at 1920x1080, then every game played to its end by computers at
the table (4 seats where the game takes them; the solitaire by one computer), the window dragged
between 800x600 and 1920x1080 before each (through the sizes between), every other game at each
size, the same in every round. Time is simulated: each frame advances the app by FRAME_SECONDS, a
computer's thinking and a review's judging count as the real time they take.

What the app needs depends on the window (a table at 1920x1080 holds four times the pixels of one
at 800x600), so flat means: at each window size, after the first tenth, no sample of an activity
done again (the rounds repeat) is more than 10 MB above the most any activity took at that size
the first time it was done.

    python benchmarks/memory_soak.py [--minutes 10] [--game chains] [--largest] [--real-time] [--census]

`--game` plays that game alone, table after table at 800x600 (`--game chains`: the busiest table);
each table is then judged against the first.

`--largest` plays with text and cards at their largest (200%).

`--real-time` lets the minutes pass on the clock: each frame waits out its FRAME_SECONDS, as a
player's window lives (an hour of play takes an hour; simulated, it takes a few minutes).

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

    def __init__(self, minutes: float, sample, difficulty: str = "normal", largest: bool = False,
                 real_time: bool = False) -> None:
        """`sample(minute, doing, first_time)` is called at each simulated minute and as each
        activity ends: what the app does (at which window size), and whether it does it for the
        first time. `largest`: text
        and cards at their largest."""
        self.app = open_app(size=SMALL, fit_to_desktop=False)
        self.real_time = real_time
        if largest:
            self.app.settings.update(text_size="largest", card_size="largest")
            self.app.apply_settings()
        self.minutes = minutes
        self.difficulty = difficulty
        self.clock = 0.0
        self.next_minute = 1
        self.sample = sample
        self.doing = "menu"
        self.times_done: collections.Counter = collections.Counter()
        self.last_session: Session | None = None

    def begin(self, activity: str) -> None:
        """`activity` begins: the one before it ends, and is sampled there too (one shorter than a
        simulated minute would be judged only by what came after it)."""
        self.sample(self.clock / 60, self.doing, self.times_done[self.doing] == 1)
        self.doing = f"{activity} at {self.app.size[0]}x{self.app.size[1]}"
        self.times_done[self.doing] += 1

    @property
    def over(self) -> bool:
        return self.clock >= self.minutes * 60

    def frame(self, events=(), dt: float = FRAME_SECONDS) -> None:
        started = time.perf_counter()
        self.app.step(list(events), dt)
        if self.real_time:
            time.sleep(max(0.0, dt - (time.perf_counter() - started)))
        self.clock += dt
        while self.clock >= self.next_minute * 60:
            self.sample(self.next_minute, self.doing, self.times_done[self.doing] == 1)
            self.next_minute += 1

    def play(self, game: str, seed: int) -> None:
        """Computers play `game` at the table to its end; then back to the menu."""
        players = 1 if find_game(game).rules.max_players == 1 else SEATS
        seats = [{"name": f"Computer {i}", "kind": "computer", "difficulty": self.difficulty}
                 for i in range(players)]
        session = Session(game, {"seats": seats}, seed)
        self.begin(f"{game}, {players} computer{'s' if players > 1 else ''}")
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
        self.begin("review")
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
        self.begin("replay")
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
        self.begin("dragging the window")
        for step in range(1, RESIZE_STEPS + 1):
            between = tuple(round(a + (b - a) * step / RESIZE_STEPS) for a, b in zip(start, size))
            pygame.display.set_mode(between, pygame.RESIZABLE)
            self.frame([pygame.event.Event(pygame.VIDEORESIZE, w=between[0], h=between[1], size=between)])

    def run_one(self, game: str) -> None:
        """`game` alone, table after table, at 800x600."""
        for seed in itertools.count(1):
            if self.over:
                return
            self.play(game, seed)

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
    parser.add_argument("--game", choices=[game.name for game in GAMES])
    parser.add_argument("--largest", action="store_true", help="text and cards at their largest")
    parser.add_argument("--real-time", action="store_true", help="each frame waits out its time: an hour takes an hour")
    parser.add_argument("--census", action="store_true")
    args = parser.parse_args()
    tenth = max(1, round(args.minutes / 10))
    samples: list[tuple[int, float, str, bool]] = []
    baseline: list = []

    def sample(minute: int, doing: str, first_time: bool) -> None:
        samples.append((minute, resident_mb(), doing, first_time))
        print(f"minute {minute:6.1f}: {samples[-1][1]:6.1f} MB resident ({doing})", flush=True)
        if args.census and minute == tenth:
            baseline.append(tracemalloc.take_snapshot())

    if args.census:
        tracemalloc.start(8)
    print(f"start: {resident_mb():.1f} MB resident", flush=True)
    soak = Soak(args.minutes, sample, largest=args.largest, real_time=args.real_time)
    print(f"app open: {resident_mb():.1f} MB resident", flush=True)
    if args.game:
        soak.run_one(args.game)
    else:
        soak.run()
    report(samples, tenth)
    if args.census:
        census(baseline)


def report(samples: list[tuple[int, float, str, bool]], tenth: int) -> None:
    """PASS when, at each window size, no sample after the first tenth of an activity done before
    is more than FLAT_WITHIN_MB above the most any activity took there the first time it was done."""
    first_time: dict[str, float] = {}
    again: dict[str, float] = {}
    for minute, mb, doing, first in samples:
        size = doing.rpartition(" at ")[2]
        if first:
            first_time[size] = max(first_time.get(size, 0.0), mb)
        elif minute > tenth:
            again[size] = max(again.get(size, 0.0), mb)
    for size in sorted(again):
        print(f"at {size}: at most {first_time.get(size, 0.0):.1f} MB the first time each activity was done there, "
              f"at most {again[size]:.1f} MB when done again")
    growth = [(again[size] - first_time[size], size) for size in again if size in first_time]
    if not growth:
        print("too short to judge: no activity was done again; run more minutes")
        return
    most, size = max(growth)
    verdict = "PASS" if most <= FLAT_WITHIN_MB else "FAIL"
    print(f"{verdict}: {most:+.1f} MB at {size} (flat within {FLAT_WITHIN_MB:.0f} MB after the first tenth); "
          f"{samples[-1][1]:.1f} MB at the end")


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
