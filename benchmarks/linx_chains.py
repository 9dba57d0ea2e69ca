"""The LINX chain finder on random hands: time per call, median and worst.

    python benchmarks/linx_chains.py [--hands 2000] [--size 12] [--seed 1]

Target: a 12-card hand with 4 anchors well under 10 ms for the longest and the best-scoring
chain (the hint and every computer decision use them).

`--hands 1000`, before and after the bit-mask finder, one run each on a shared machine (load
average 5), ms median / p99 / worst: longest 0.111 / 0.357 / 0.465 before, 0.048 / 0.146 /
0.205 after; best-scoring 0.184 / 0.725 / 1.538 before, 0.106 / 0.374 / 0.625 after; every pair
and length 0.254 / 1.093 / 1.722 before, 0.141 / 0.506 / 0.759 after.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.linx import all_chains, best_chain, full_deck, longest_chain, scoring_deck
from game.rng import Rng


def timed(find, tables, repeats: int = 3) -> list[float]:
    """Per table, the quickest of `repeats` calls (on a shared machine a single call may wait
    for the processor, which says nothing about the finder)."""
    times = []
    for hand, anchors, scoring in tables:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            find(hand, anchors, scoring)
            best = min(best, time.perf_counter() - start)
        times.append(best)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--size", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = Rng(args.seed)
    tables = []
    for _ in range(args.hands):
        deck, scoring = full_deck(), scoring_deck()
        rng.shuffle(deck)
        rng.shuffle(scoring)
        tables.append((deck[:args.size], deck[args.size:args.size + 4], scoring[:3]))
    finders = {
        "longest": lambda hand, anchors, scoring: longest_chain(hand, anchors),
        "best-scoring": best_chain,
        "every pair and length": lambda hand, anchors, scoring: all_chains(hand, anchors, 5),
    }
    for label, find in finders.items():
        times = sorted(timed(find, tables))
        print(f"{label:22s} {args.size}-card hands: median {statistics.median(times) * 1e3:6.3f} ms  "
              f"p99 {times[int(len(times) * 0.99)] * 1e3:6.3f} ms  worst {times[-1] * 1e3:6.3f} ms")


if __name__ == "__main__":
    main()
