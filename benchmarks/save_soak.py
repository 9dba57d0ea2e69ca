"""Soak test of saves: N seeded random games per game, each saved to disk (atomically, through
game.storage) and loaded back at a random point, then played on from the loaded copy to the end
beside the original; any difference or refusal is a failure, reported with its reproduction.

    python benchmarks/save_soak.py [--games 200] [--game chains] [--seed 0]

Saves go to a fresh temporary data folder (CHAINTABLE_HOME), never the player's.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time


def soak_one(game: str, seed: int) -> str | None:
    """Play, save and reload at a random point, play both to the end; a failure message or None."""
    from game import storage
    from game.registry import find_game
    from game.session import Session

    rules = find_game(game).rules
    players = (rules.standard_players or (rules.min_players,))[0]
    rnd = random.Random(seed)
    seats = [{"name": f"P{i}", "kind": "computer", "difficulty": "random"} for i in range(players)]
    session = Session(game, {"seats": seats}, seed)
    stop = rnd.randrange(0, 200)
    while not session.game_over and len(session.log) < stop:
        session.apply(rnd.choice(session.legal_actions()))
    storage.save_game(session)
    loaded = storage.load_game()
    while True:
        views = [(s.view(seat), s.legal_actions()) for s in (session, loaded) for seat in range(players)]
        if views[:players] != views[players:] or loaded.log != session.log:
            return f"{game} seed {seed}: the loaded copy differs after {len(session.log)} actions"
        if session.game_over:
            return None if loaded.outcome() == session.outcome() else f"{game} seed {seed}: outcomes differ"
        action = rnd.choice(session.legal_actions())
        session.apply(action)
        loaded.apply(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game kind")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    os.environ["CHAINTABLE_HOME"] = tempfile.mkdtemp(prefix="chaintable-soak-")
    from game.registry import GAMES

    names = args.game or [g.name for g in GAMES]
    for name in names:
        started = time.perf_counter()
        failures = []
        for seed in range(args.seed, args.seed + args.games):
            try:
                problem = soak_one(name, seed)
            except Exception as err:  # noqa: BLE001 - the soak reports every failure and goes on
                problem = f"{name} seed {seed}: {type(err).__name__}: {err}"
            if problem:
                failures.append(problem)
        elapsed = time.perf_counter() - started
        print(f"{name:11s} {args.games} games saved and reloaded, {len(failures)} failures, {elapsed:.1f} s")
        for problem in failures[:10]:
            print("   ", problem)


if __name__ == "__main__":
    main()
