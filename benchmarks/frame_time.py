"""Median and p95 time to update and draw the busiest table of a game, animations running.

Chains: four seats, long chains, a full move log, a card in flight and a card being dragged.
Cubes: four seats, a board of 42 cards, a cube's cards flashing on their way to a pile, and a
card dragged over a lit space. Chain-Chain: six seats, letters, a long move log. Sovereign's
Chain: four seats, 20 cards or more in play (faces, backs, chips), the event card, a card dragged.
SDL's software renderer (dummy video driver), 1280x800.

    python benchmarks/frame_time.py [--game chains|cubes|chainchain|sovereign] [--frames 600] [--present]

`--present` puts each frame on screen too (a real window: set DISPLAY and SDL_VIDEODRIVER=x11, as
benchmarks/no_gpu.py does) and says the peak resident memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHAINTABLE_HOME", "/tmp/chaintable-bench")

import pygame  # noqa: E402

from game.cards import standard_deck  # noqa: E402
from game.chains.rules import Play  # noqa: E402
from game.rng import Rng  # noqa: E402
from game.session import Session  # noqa: E402
from scenes.games.chainchain.table import ChainChainTable  # noqa: E402
from scenes.games.chains.table import ChainsTable  # noqa: E402
from scenes.games.cubes.table import CubesTable  # noqa: E402
from scenes.games.sovereign.table import SovereignTable  # noqa: E402
from scenes.shell.screens import open_app  # noqa: E402
from scenes.ui.motion import Flight  # noqa: E402

SEATS = [{"name": "You", "kind": "human"}] + [
    {"name": n, "kind": "computer", "difficulty": "normal"} for n in ("Ada", "Bram", "Cleo")]


def busy_chains_session() -> Session:
    for seed in range(1000):
        session = Session("chains", {"seats": SEATS, "rules": {"draw_rule": "until"}}, seed)
        rng = Rng(seed)
        while not session.game_over and sum(len(c) for c in session.state.chains) < 30:
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
        if not session.game_over and session.to_move == 0 and any(isinstance(a, Play) for a in session.legal_actions()):
            return session
    raise RuntimeError("no busy position found")


def busy_cubes_session() -> Session:
    """A 42-card board shaped like a comb (a full row with teeth every other column): no cube in it."""
    session = Session("cubes", {"seats": SEATS}, 1)
    state = session.state
    cards = standard_deck()
    cells = [(x, 0) for x in range(14)] + [(x, y) for x in range(0, 14, 2) for y in range(1, 5)]
    state.board = dict(zip(cells, cards))
    rest = cards[len(cells):]
    state.hands = [rest[0:3], rest[3:5], rest[5:7], rest[7:9]]
    state.draw_pile = rest[9:]
    session.apply(session.legal_actions()[0])
    return session


def busy_chainchain_session() -> Session:
    seats = SEATS + [{"name": n, "kind": "computer", "difficulty": "normal"} for n in ("Dev", "Eli")]
    session = Session("chainchain", {"seats": seats, "rules": {"variant": "letters"}}, 3)
    rng = Rng(3)
    while len(session.history) < 60 or session.to_move != 0:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    return session


def busy_sovereign_session() -> Session:
    """Four chains holding 20 cards or more between them, seat 0 to play a card."""
    for seed in range(1000):
        session = Session("sovereigns-chain", {"seats": SEATS}, seed)
        rng = Rng(seed)
        while not session.game_over:
            placed = sum(len(chain) for chain in session.state.chains)
            pending = session.state.pending
            if placed >= 20 and session.to_move == 0 and pending is not None and pending.kind == "play":
                return session
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))] if session.to_move == 0 else session.computer_action())
    raise RuntimeError("no busy position found")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=("chains", "cubes", "chainchain", "sovereign"), default="chains")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--present", action="store_true", help="flip each frame onto the window too")
    args = parser.parse_args()
    app = open_app(fit_to_desktop=False)
    app.settings["animations"] = True
    if args.game == "chains":
        table = ChainsTable(app, busy_chains_session())
    elif args.game == "cubes":
        table = CubesTable(app, busy_cubes_session())
    elif args.game == "sovereign":
        table = SovereignTable(app, busy_sovereign_session())
    else:
        table = ChainChainTable(app, busy_chainchain_session())
    app.push(table)
    view = table.current_view()
    card = view.hand[0]
    landing = table.row(1).center if args.game == "sovereign" else table.seats.center(1)
    table.hand.drag = {"card": card, "offset": (0, 0), "pos": (400, 400), "start": (0, 0), "home": (0, 0)}
    times = []
    for i in range(args.frames):
        if not table.motion.busy:
            table.motion.add(*[Flight(c, True, table.draw_pile.center, landing, duration=0.35,
                                      delay=0.2, flash=True) for c in view.hand])
        table.hand.drag["pos"] = (300 + i % 200, 380)
        start = time.perf_counter()
        table.motion.update(1 / 60)
        app.draw()
        if args.present:
            pygame.display.flip()
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"busiest {args.game} table, {args.frames} frames at {app.size[0]}x{app.size[1]}: "
          f"median {statistics.median(times) * 1000:.2f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms"
          + (f", shown on screen; peak resident {peak_resident_mb():.0f} MB" if args.present else ""))


def peak_resident_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
