"""Sovereign's Chain solitaire over seeded deals: how many the solver proves winnable (knowing the
whole order of the cards), how many the hint player and random play win, the solver's time, and
how long "winnable deals only" takes to find a deal from a starting number.

    python benchmarks/solitaire.py [--deals 1000] [--time-limit 1.0] [--nodes 20000] [--starts 200]

Deal n is the game of seed n (game/sovereign/solitaire.py). Figures over deals 0-999 on the
2-core machine shared with other work:

    before: solver proves 53.9% winnable, 6.0% lost, 40.1% undecided within 1 s / 20k positions;
            median 84 ms, p95 1,014 ms
    after, old engine (load average 6-7): 73.6% winnable, 5.7% lost, 20.7% undecided; median
            47 ms, p95 1,051 ms (the 1 s cap); by the 20k positions alone (--time-limit 120):
            74.8%, 6.4%, 18.8%, median 25 ms, p95 3.6 s
    after, with the engine's speed-up (load average 2-4): 74.6% winnable, 6.4% lost, 19.0%
            undecided; median 9 ms, p95 1,010 ms (the 1 s cap), max 1,082 ms; hint player wins
            27.4%, random play 4.0%; winnable deals only (500 positions a deal, 200 starting
            numbers): median 13 ms, p95 140 ms, max 313 ms, 1.56 deals tried on average (6 at most)
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai.players import RandomPlayer
from game.sovereign.solitaire import SOLITAIRE, WINNABLE_NODES, SolitaireHint, solve, winnable_deal


def play_out(player, seed: int) -> bool:
    state = SOLITAIRE.setup({"players": 1}, seed)
    while SOLITAIRE.to_move(state) is not None:
        state, _ = SOLITAIRE.apply(state, player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state)))
    return bool(state.winners)


def spread(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--time-limit", type=float, default=1.0, help="solver seconds per deal")
    parser.add_argument("--nodes", type=int, default=20000, help="solver positions per deal")
    parser.add_argument("--starts", type=int, default=200, help="starting numbers for winnable deals only")
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
    print(f"{n} deals: solver proves {proved / n:.1%} winnable, {refuted / n:.1%} lost, "
          f"{(n - proved - refuted) / n:.1%} undecided within {args.time_limit} s / {args.nodes} positions")
    print(f"hint player wins {hint / n:.1%}, random play wins {rand / n:.1%}")
    print(f"solver time per deal: {spread(times)}")
    if args.starts:
        time_winnable_deals(args.starts)


def time_winnable_deals(starts: int) -> None:
    """How long "winnable deals only" takes to find a deal, from numbers spread over the range."""
    finds, tries = [], []
    for k in range(starts):
        first = 1 + k * 4999  # spread over the numbers, away from the deals above
        start = time.perf_counter()
        deal = winnable_deal(first)
        finds.append(time.perf_counter() - start)
        tries.append(deal - first + 1)
    print(f"winnable deals only ({WINNABLE_NODES} positions per deal), from {starts} starting numbers: "
          f"{spread(finds)}; deals tried: mean {statistics.mean(tries):.2f}, most {max(tries)}")


if __name__ == "__main__":
    main()
