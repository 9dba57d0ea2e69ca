"""Random full games per second and applied actions per second, pure Python, one core.

    python benchmarks/engine_speed.py [--games 2000] [--game chains]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.registry import find_game
from game.rng import Rng


def playout(rules, config: dict, seed: int, validated: bool = False) -> int:
    """One random game; returns the number of actions. The lean path (`advance` on one state, as
    search uses it), or with `validated` the public `apply`, which checks and copies every action."""
    state = rules.setup(config, seed)
    rng = Rng(seed ^ 0x5EED)
    actions = 0
    while rules.to_move(state) is not None:
        legal = rules.legal_actions(state)
        action = legal[rng.below(len(legal))]
        if validated:
            state, _events = rules.apply(state, action)
        else:
            rules.advance(state, action)
        actions += 1
    return actions


def validated_playout(rules, config: dict, seed: int) -> int:
    return playout(rules, config, seed, validated=True)


def measure(run, rules, config, games: int) -> tuple[float, float]:
    rates = []
    total_actions = 0
    total_time = 0.0
    for batch in range(5):
        start = time.perf_counter()
        actions = sum(run(rules, config, batch * games + i) for i in range(games // 5))
        elapsed = time.perf_counter() - start
        rates.append(actions / elapsed)
        total_actions += actions
        total_time += elapsed
    return games / total_time, statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="chains")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rules = find_game(args.game).rules
    config = {"players": args.players}
    for label, run in (("advance (search path)", playout), ("apply (validated)", validated_playout)):
        games_per_s, actions_per_s = measure(run, rules, config, args.games)
        print(f"{args.game} {args.players}p {label:22s}: {games_per_s:8.0f} games/s  {actions_per_s:9.0f} actions/s")


if __name__ == "__main__":
    main()
