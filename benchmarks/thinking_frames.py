"""Frames a second while computers think: the table keeps drawing during Hard and Expert searches.

Two computers of the given difficulty play on a real table (dummy video driver, 1280x800,
animations on, the fastest computer pace) for `--seconds`; the loop is the app's own (a 60 Hz
clock, update, draw, flip). Prints the frames drawn a second, the median and longest gap between
frames, and how many moves the computers made.

    python benchmarks/thinking_frames.py [--game cubes] [--difficulty hard] [--seconds 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHAINTABLE_HOME", "/tmp/chaintable-bench")

import pygame  # noqa: E402

from game.registry import find_game  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.games.chainchain.table import ChainChainTable  # noqa: E402
from scenes.games.chains.table import ChainsTable  # noqa: E402
from scenes.games.cubes.table import CubesTable  # noqa: E402
from scenes.shell.screens import open_app  # noqa: E402

TABLES = {"chains": ChainsTable, "cubes": CubesTable, "chainchain": ChainChainTable}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=tuple(TABLES), default="cubes")
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    players = find_game(args.game).rules.min_players
    seats = [{"name": f"Computer {i + 1}", "kind": "computer", "difficulty": args.difficulty}
             for i in range(players)]
    session = Session(args.game, {"seats": seats}, 5)
    app = open_app(fit_to_desktop=False)
    app.settings["animations"] = True
    app.settings["computer_speed"] = "fast"
    app.push(TABLES[args.game](app, session))
    gaps = []
    moves = len(session.history)
    start = last = time.perf_counter()
    while time.perf_counter() - start < args.seconds and not session.game_over:
        dt = app.clock.tick(60) / 1000.0
        app.step(pygame.event.get(), min(dt, 0.1))
        pygame.display.flip()
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    elapsed = time.perf_counter() - start
    print(f"{args.game}, two {args.difficulty} computers, {elapsed:.1f} s: {len(gaps) / elapsed:.1f} frames/s, "
          f"gap between frames median {statistics.median(gaps) * 1000:.1f} ms, longest {max(gaps) * 1000:.1f} ms; "
          f"{len(session.history) - moves} moves made")


if __name__ == "__main__":
    main()
