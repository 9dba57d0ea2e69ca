"""What a viewer's stream costs per move: for each game, random games in which, after every move,
every seat and an onlooker are handed the move (redacted for them) and the view, and both are
written as the JSON a networked seat is sent. Prints the median and 95th percentile per move
(all viewers together) and the bytes sent per viewer and move.

    python benchmarks/stream_cost.py [--games 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time


def measure(game: str, games: int, seed: int) -> tuple[list[float], list[int]]:
    from game.core import to_json
    from game.registry import find_game
    from game.rng import Rng
    from game.session import Session

    rules = find_game(game).rules
    players = (rules.standard_players or (rules.min_players,))[0]
    seats = [{"name": f"P{i}", "kind": "computer", "difficulty": "random"} for i in range(players)]
    times, sizes = [], []
    for number in range(games):
        session = Session(game, {"seats": seats}, seed + number)
        rng = Rng(seed + number)
        viewers = [None, *range(players)]
        while not session.game_over:
            legal = session.legal_actions()
            session.apply(legal[rng.below(len(legal))])
            start = time.perf_counter()
            sent = [json.dumps({"move": to_json(session.stream(v).last_move), "view": to_json(session.stream(v).view)})
                    for v in viewers]
            times.append(time.perf_counter() - start)
            sizes.extend(len(text) for text in sent)
    return times, sizes


def main() -> None:
    from game.registry import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'game':22} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'bytes/viewer':>13}")
    for descriptor in GAMES:
        times, sizes = measure(descriptor.name, args.games, args.seed)
        times.sort()
        print(f"{descriptor.name:22} {len(times):6} {statistics.median(times) * 1000:10.3f} "
              f"{times[int(len(times) * 0.95)] * 1000:8.3f} {statistics.median(sizes):13.0f}")


if __name__ == "__main__":
    main()
