"""How long from a key at a table to its line in the speech log: each reading key (1-7, 0) and
the arrows that move the focus (Right, Down), on the player's turn at a table well into a game
of each kind (4 players, moves played at random from a fixed seed first). The app runs headless
(SDL's dummy driver) with a throwaway data folder; the log backend is the voice measured (the
words are made in the frame of the key: a voice starts from them). Target: under 100 ms.

    python benchmarks/speech_table_latency.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

TABLES = (("chains", 4, {}), ("linx", 4, {}), ("cubes", 4, {}), ("sovereigns-chain", 4, {"fair_winds": False}))
MOVES_FIRST = 40  # random moves before the measuring: a table well into its game


def key_to_line(app, log: Path, key: int) -> float | None:
    """Seconds from the key's frame starting to a new line in the log (None: nothing said)."""
    import pygame

    before = log.stat().st_size
    pressed = time.perf_counter()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], 1 / 60)
    return time.perf_counter() - pressed if log.stat().st_size > before else None


def table_at_turn(app, game: str, players: int, rules: dict):
    from game import storage
    from game.rng import Rng
    from game.session import Session

    seats = [{"name": "You", "kind": "human"}] + [{"name": f"Bot{i}", "kind": "computer", "difficulty": "easy"}
                                                   for i in range(1, players)]
    session = Session(game, {"seats": seats, "rules": rules}, 11)
    rng = Rng(11)
    for _ in range(MOVES_FIRST):
        if session.game_over:
            break
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    while not session.game_over and session.to_move != 0:
        legal = session.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    storage.forget_game()  # the table before is done with: no question which game to keep
    app.screens.table(session)
    table = app.top
    for _ in range(200):
        if table.my_turn:
            break
        app.step([], 0.05)
    return table


def main() -> None:
    import pygame

    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="speech-table-"))
    log = folder / "speech.log"
    log.touch()
    os.environ["CHAINTABLE_HOME"] = str(folder / "home")
    os.environ["CHAINTABLE_SPEECH_LOG"] = str(log)
    from scenes.shell.screens import open_app

    app = open_app()
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_0,
            pygame.K_RIGHT, pygame.K_DOWN]
    for game, players, rules in TABLES:
        table_at_turn(app, game, players, rules)
        app.keys.opened_at = -1e9  # the screen's first moment is over
        times = [t for _ in range(args.rounds) for key in keys if (t := key_to_line(app, log, key)) is not None]
        times.sort()
        print(f"{game} ({players} players): median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms "
              f"({len(times)} of {args.rounds * len(keys)} keys said something)")


if __name__ == "__main__":
    main()
