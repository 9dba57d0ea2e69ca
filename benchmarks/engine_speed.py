"""Random full games per second and applied actions per second, pure Python, one core.

    python benchmarks/engine_speed.py [--games 2000] [--game chains] [--game linx ...] [--batches 5] [--cpu]

Also the search's own playouts (`playout_action` choosing, `advance` applying), where a game
leans toward the obvious move without listing every legal one (LINX lays its longest chain).
Target: 100k actions/s on the lean path.

Sovereign's Chain, 2 players (`--game sovereigns-chain --games 200`), target 50k on the lean path.
Before the engine work of issue 13: lean 21.5k, validated 9.9k, playout policy 19.5k actions/s
(machine under load). After: the legal actions of a decision are listed once, as it opens, and
handed out from there; each step bound to its function and each card's work queued from a table
made at its first resolution; one shared object per distinct action; placed cards as named
tuples; a card's hash worked out once; a clone slot by slot. Measured together on the shared
machine (load average 4-6 on the two cores, base and new run alternately, each the best of seven
runs of 60 games by processor time): lean 25-37k before, 56-68k after; validated 12-17k before,
22-26k after; playout policy 24-37k before, 40-60k after. This script itself, wall clock, the
same load: lean 14-30k before, 26-56k after, its run-to-run spread being the load's.

LINX, 2 players, `--games 100 --cpu`, three runs alternated with the code before the bit-mask
chain finder, Chains timed in the same runs for reference; shared 2-core machine, load average
5-7; medians, actions/s:

    path                      before    after    Chains
    advance (search path)     11,163   28,834    79,416
    apply (validated)          8,388   15,277    41,882
    playout_action+advance    18,099   65,169    83,535

On the lean path LINX runs at about three quarters of Chains' rate (0.59-0.78 in the three
runs): short of 100k, about 65k where Chains does 85k. Its chain search is some 45% of that
time: every hand that could still hold a chain long enough is searched (a fifth of the turns
lack the cards; nearly half fail the bound of their largest group of linked cards).
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


def policy_playout(rules, config: dict, seed: int) -> int:
    """One game played by the search's playout policy, as its playouts run."""
    state = rules.setup(config, seed)
    rand = Rng(seed ^ 0x5EED).random
    actions = 0
    while rules.to_move(state) is not None:
        rules.advance(state, rules.playout_action(state, rand))
        actions += 1
    return actions


def measure(run, games: dict, count: int, batches: int, clock) -> dict:
    """Each game's batches timed in turn with the others' (a slow minute on a shared machine
    slows every game alike): per game, games a second over all batches, and the median and best
    batch in actions a second. The best batch is the nearest to what the code does on a core of
    its own."""
    rates = {name: [] for name in games}
    elapsed = dict.fromkeys(games, 0.0)
    per_batch = max(count // batches, 1)
    for batch in range(batches):
        for name, (rules, config) in games.items():
            start = clock()
            actions = sum(run(rules, config, batch * per_batch + i) for i in range(per_batch))
            took = clock() - start
            rates[name].append(actions / took)
            elapsed[name] += took
    return {name: (per_batch * batches / elapsed[name], statistics.median(rates[name]), max(rates[name]))
            for name in games}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", action="append",
                        help="a game to time (chains, chainchain, cubes, linx, sovereigns-chain); give "
                             "several to time them side by side")
    parser.add_argument("--games", type=int, default=2000, help="games of each game on each path")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--batches", type=int, default=5,
                        help="the games are timed in this many batches (seeds in order, the same every run)")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the processor time this process got, not the wall clock (on a "
                             "shared machine, nearer what an idle core does)")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    config = {"players": args.players}
    games = {name: (find_game(name).rules, config) for name in args.game or ["chains"]}
    runs = (("advance (search path)", playout), ("apply (validated)", validated_playout),
            ("playout_action+advance", policy_playout))
    for label, run in runs:
        for name, (games_per_s, median, best) in measure(run, games, args.games, args.batches, clock).items():
            print(f"{name + f' {args.players}p':20s} {label:22s}: {games_per_s:6.0f} games/s "
                  f"{median:9.0f} actions/s (median batch), {best:9.0f} (best)")


if __name__ == "__main__":
    main()
