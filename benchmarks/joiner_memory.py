"""Resident memory of a joining app across tables played in a row (target: flat: what one table
needs is given back when the player leaves it).

One process: a table server on 127.0.0.1 (a port the system picks; its computers move at once)
and the real app, headless (800x600), joined to it as a player (the NetworkedTable scene, as the
Join screen opens it). Each table: the server opens a room for a new game (the joiner and three
Normal computers; each table the next game played over the network, unless `--game` names one),
the app takes its seat, plays it to the end (the rule of thumb choosing the joiner's moves),
reaches the result and leaves for the menu; the server then forgets the room, as a host closing
its table would, so what grows is the joiner's. Resident memory is taken after each table, a
frame after the app reached its menu, as the app holds it (no garbage collection of the
benchmark's own).

    python benchmarks/joiner_memory.py [--tables 10] [--game chains] [--census]

`--census` compares the end of the first round (one table of each game) with the last table: the
Python objects that grew in number, by type, and the allocations that grew most (tracemalloc,
which slows the run; it collects garbage at the end of the first round).
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import sys
import tempfile
import threading
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CHAINTABLE_HOME"] = tempfile.mkdtemp(prefix="chaintable-joiner-")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.net.client import TableClient  # noqa: E402
from game.registry import GAMES, find_game  # noqa: E402
from game.net.server import TableServer  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.menus.gameover import GameOver  # noqa: E402
from scenes.menus.menu import MainMenu  # noqa: E402
from scenes.net.remote_table import NetworkedTable  # noqa: E402
from scenes.shell.screens import open_app  # noqa: E402

JOINER = 0
SEATS = 4
NETWORK_GAMES = [game.name for game in GAMES if game.rules.max_players > 1]
WAIT = 10.0            # seconds at most for any message of the host's
GAME_SECONDS = 600.0   # seconds at most for one table, start to end
FRAME_SECONDS = 0.05
FLAT_WITHIN_MB = 2.0


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


class Joiner:
    """The app, joining tables of `server` one after another."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.app = open_app(size=(800, 600), fit_to_desktop=False)

    def frame(self) -> None:
        self.app.step([], FRAME_SECONDS)
        time.sleep(0.002)  # the connection's and the server's threads get their turn

    def frames_until(self, done, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"still waiting after {seconds:.0f} s (the app shows {type(self.app.top).__name__})")
            self.frame()

    def play_table(self, game: str, seed: int) -> None:
        """A new table of `game`: seated, played to the result, left; the server forgets it."""
        seats = [{"name": "Ana", "kind": "human"}] + [
            {"name": f"Computer {i}", "kind": "computer", "difficulty": "normal"}
            for i in range(1, min(SEATS, find_game(game).rules.max_players))]
        code = self.server.open_room(Session(game, {"seats": seats}, seed))
        client = TableClient(f"ws://127.0.0.1:{self.server.port}", wake=self.app.wake)
        client.open({"type": "hello", "room": code, "seat": JOINER})
        self.app.screens.remote_table(client, [client.wait_for("welcome", WAIT), client.wait_for("snapshot", WAIT)])
        table = self.app.top
        assert isinstance(table, NetworkedTable)
        chooser = table.session.descriptor.heuristic(seed)
        deadline = time.monotonic() + GAME_SECONDS
        while not isinstance(self.app.top, GameOver):
            if time.monotonic() > deadline:
                raise TimeoutError(f"table {seed} never ended")
            if self.app.top is table and table.my_turn:
                table.perform(chooser.choose(table.current_view(), table.legal_actions()))
            self.frame()
        self.app.top.to_menu()
        self.frames_until(lambda: isinstance(self.app.top, MainMenu), WAIT)
        self.forget_room(code)
        self.frame()

    def forget_room(self, code: str) -> None:
        """The server drops the finished room, on its own thread."""
        gone = threading.Event()

        def drop() -> None:
            self.server.rooms.pop(code, None)
            gone.set()

        self.server._loop.call_soon_threadsafe(drop)
        gone.wait(WAIT)


def object_counts() -> collections.Counter:
    gc.collect()
    return collections.Counter(type(thing).__qualname__ for thing in gc.get_objects())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--game", choices=NETWORK_GAMES, help="every table of this game (default: each game in turn)")
    parser.add_argument("--census", action="store_true")
    args = parser.parse_args()
    if args.census:
        tracemalloc.start(8)
    server = TableServer("127.0.0.1", 0, computer_pace=0.0)
    server.start()
    joiner = Joiner(server)
    print(f"app open, server listening: {resident_mb():.1f} MB resident", flush=True)
    after: list[float] = []
    first_round = 1 if args.game else len(NETWORK_GAMES)
    at_first_round = None
    try:
        for table in range(1, args.tables + 1):
            started = time.perf_counter()
            game = args.game or NETWORK_GAMES[(table - 1) % len(NETWORK_GAMES)]
            joiner.play_table(game, table)
            after.append(resident_mb())
            print(f"after table {table:2} ({game}): {after[-1]:6.1f} MB resident "
                  f"({time.perf_counter() - started:.0f} s; {threading.active_count()} threads)", flush=True)
            if args.census and table == first_round:
                at_first_round = (object_counts(), tracemalloc.take_snapshot())
    finally:
        server.stop()
    report(after, first_round)
    if at_first_round is not None:
        census(*at_first_round)


def report(after: list[float], first_round: int) -> None:
    """PASS when no table after the first round (one of each game played) leaves the app more
    than FLAT_WITHIN_MB above the most a table of the first round left."""
    if len(after) <= first_round:
        print(f"too few tables to judge: play more than {first_round}")
        return
    first, later = max(after[:first_round]), max(after[first_round:])
    verdict = "PASS" if later - first <= FLAT_WITHIN_MB else "FAIL"
    print(f"{verdict}: at most {first:.1f} MB after the first {first_round} table(s), at most {later:.1f} MB after "
          f"the rest ({later - first:+.1f} MB; flat within {FLAT_WITHIN_MB:.0f} MB), {after[-1]:.1f} MB after table {len(after)}")


def census(counts_then: collections.Counter, snapshot_then) -> None:
    counts_now = object_counts()
    grown = sorted(((counts_now[kind] - counts_then[kind], kind) for kind in counts_now), reverse=True)
    print("objects grown in number since the first round:", ", ".join(f"{kind} +{more}" for more, kind in grown[:15] if more > 0))
    print("allocations grown most since the first round:")
    for stat in tracemalloc.take_snapshot().compare_to(snapshot_then, "traceback")[:10]:
        print(f"  {stat.size_diff / 1e6:+.2f} MB in {stat.count_diff:+} blocks at {stat.traceback.format()[-1].strip()}")


if __name__ == "__main__":
    main()
