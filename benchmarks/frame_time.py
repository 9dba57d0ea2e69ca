"""Median and p95 time to update and draw the busiest Chains table, animations running.

Four seats, long chains, a full move log, a card in flight and a card being dragged, on
SDL's software renderer (dummy video driver), at 1280x800.

    python benchmarks/frame_time.py [--frames 600]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHAINTABLE_HOME", "/tmp/chaintable-bench")

from game.chains.rules import Play  # noqa: E402
from game.rng import Rng  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.chains_table import ChainsTable  # noqa: E402
from scenes.motion import Flight  # noqa: E402


def busy_session() -> Session:
    seats = [{"name": "You", "kind": "human"}] + [
        {"name": n, "kind": "computer", "difficulty": "normal"} for n in ("Ada", "Bram", "Cleo")]
    for seed in range(1000):
        session = Session("chains", {"seats": seats, "rules": {"draw_rule": "until"}}, seed)
        rng = Rng(seed)
        while not session.game_over and sum(len(c) for c in session.state.chains) < 30:
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
        if not session.game_over and session.to_move == 0 and any(isinstance(a, Play) for a in session.legal_actions()):
            return session
    raise RuntimeError("no busy position found")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    app = App(fit_to_desktop=False)
    app.settings["animations"] = True
    table = ChainsTable(app, busy_session())
    app.push(table)
    view = table.current_view()
    play = next(a for a in table.session.legal_actions() if isinstance(a, Play))
    table.drag = {"card": play.card, "offset": (0, 0), "pos": (400, 400), "start": (0, 0), "home": (0, 0)}
    times = []
    for i in range(args.frames):
        if not table.motion.busy:
            table.motion.add(Flight(view.hand[0], True, table.deck_center, table.seat_center(1), duration=0.35))
        table.drag["pos"] = (300 + i % 200, 380)
        start = time.perf_counter()
        table.motion.update(1 / 60)
        app.draw()
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"busiest Chains table, {args.frames} frames at {app.size[0]}x{app.size[1]}: "
          f"median {statistics.median(times) * 1000:.2f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
