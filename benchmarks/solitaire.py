"""Sovereign's Chain solitaire over seeded deals: how many the solver proves winnable (knowing the
whole order of the cards), how many the hint player and random play win, and the solver's time.

    python benchmarks/solitaire.py [--deals 1000] [--time-limit 1.0] [--nodes 20000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai.players import RandomPlayer
from game.sovereign.solitaire import SOLITAIRE, SolitaireHint, solve


def play_out(player, seed: int) -> bool:
    state = SOLITAIRE.setup({"players": 1}, seed)
    while SOLITAIRE.to_move(state) is not None:
        state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)))
    return bool(state.winners)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--time-limit", type=float, default=1.0, help="solver seconds per deal")
    parser.add_argument("--nodes", type=int, default=20000, help="solver positions per deal")
    args = parser.parse_args()
    proved = refuted = 0
    times = []
    for seed in range(args.deals):
        start = time.perf_counter()
        won, _line = solve(SOLITAIRE.setup({"players": 1}, seed), node_limit=args.nodes, time_limit=args.time_limit)
        times.append(time.perf_counter() - start)
        proved += won is True
        refuted += won is False
    hint = sum(play_out(SolitaireHint(seed), seed) for seed in range(args.deals))
    rand = sum(play_out(RandomPlayer(seed), seed) for seed in range(args.deals))
    n = args.deals
    times.sort()
    print(f"{n} deals: solver proves {proved / n:.1%} winnable, {refuted / n:.1%} lost, "
          f"{(n - proved - refuted) / n:.1%} undecided within {args.time_limit} s / {args.nodes} positions")
    print(f"hint player wins {hint / n:.1%}, random play wins {rand / n:.1%}")
    print(f"solver time per deal: median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {times[int(0.95 * (n - 1))] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
