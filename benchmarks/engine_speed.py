"""Random full games per second and applied actions per second, pure Python, one core.

    python benchmarks/engine_speed.py [--games 2000] [--game chains] [--game linx ...] [--batches 5] [--cpu]

Three paths, each game's batches timed in turn with the others' (give several --game):
- random + advance: a uniformly random legal action (`legal_actions`), applied with `advance` on
  one state, the lean path search uses (no checks, no copies);
- random + apply: the same through the validated `apply`, which checks and copies each action;
- search playout: the search's own playouts, `playout_action` choosing and `advance` applying.
  Most games play uniformly at random there too; LINX lays its longest chain when it has one
  (and draws and discards at random), without listing every chain the hand could lay; Cubes
  scores a cube when it can, else leaves nothing to complete, counting its choices on the open
  cells the state keeps instead of listing them.

The machine is shared and its speed swings widely (six one-minute runs of Chains alone, idle
otherwise: median batch 76k-108k actions/s, best batch 77k-137k): compare games in one run, and
see engine_instructions.py for a count that repeats exactly.

Targets: 100k actions/s; Sovereign's Chain 50k. Read the best batch first, as `timeit` does (the
fastest run is what the code costs), then the median and the ratio to the first game.

LINX, 2 players (issue 12, second pass): each card knows its place in the deck and equals only
itself, so comparing and hashing cards runs no Python code; the chain finder reads components
from the hand's rows of numbers per symbol before any trail is walked, and a component that may
hold a chain walks trails over its own cards; a pair of anchors' chain lengths kept as bits; the
chains along one trail read from its pivots; shared Discard actions and draw/discard events.
Instructions per action (engine_instructions.py), before -> after, Chains for reference:

    search playout            58.3k -> 46.3k   (Chains 49.9k)
    random + advance         119.0k -> 89.2k   (Chains 48.2k)

Four side-by-side runs (`--game chains --game linx --game sovereigns-chain --games 600 --batches
60 --cpu`, idle machine), best batch (median batch): search playout LINX 129-140k (78-118k),
Chains 148-158k (81-137k), 0.90-0.96 of Chains batch by batch; random + advance LINX 56-70k
(40-45k), Chains 142-159k (85-97k), 0.46-0.48. Uniformly random play costs LINX twice what it
costs Chains: at each turn it lists every chain the hand can lay (every pair of anchors, every
length, every scoring card it may claim), a dozen actions when it has any; search never lists them.

Cubes, 2 players (issue 25): the open cells kept by the state (`Frontier`), the playout's
choice counted there and drawn once. Instructions per action, before -> after: search playout
481.1k -> 83.2k, random + advance 322.2k -> 247.6k. Three side-by-side runs (`--game chains
--game cubes --games 300 --batches 30 --cpu`): search playout 105-107k best batch (96-97k
median), 0.50 of Chains (0.11 before); random + advance 42-44k (25-41k), 0.19-0.20 (0.16).

Sovereign's Chain, 2 players (issue 13): the legal actions of a decision listed once, as it opens;
steps bound to their functions at a card's first resolution; shared rows of the actions aimed at
a place and of those naming a card; decisions made with their tasks and opened in the flow's own
loop; the active event's rule handed along the turn; the draw pile and event deck shuffled as
they are drawn (`Rng.shuffle_later`: the same deals). Instructions per action, random + advance
(its search playouts pick the same way): 85.4k -> 61.0k warm, 100.0k -> 81.3k in a process's first
20 games. Five side-by-side runs: 70-82k best batch (49-59k median batch), Chains 142-158k
(85-101k), 0.53-0.58 of Chains.
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
    slows every game alike): per game, games a second over all batches, the median and best
    batch in actions a second, and the median over batches of its rate over the first game's
    rate in the same batch (the steadiest comparison here). The best batch is the nearest to what
    the code does on a core of its own."""
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
    first = rates[next(iter(games))]
    return {name: (per_batch * batches / elapsed[name], statistics.median(rates[name]), max(rates[name]),
                   statistics.median(rate / base for rate, base in zip(rates[name], first)))
            for name in games}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", action="append",
                        help="a game to time (chains, chainchain, cubes, linx, sovereigns-chain); give "
                             "several to time them side by side, each compared with the first")
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
    runs = (("random + advance", playout), ("random + apply", validated_playout),
            ("search playout", policy_playout))
    for label, run in runs:
        measured = measure(run, games, args.games, args.batches, clock)
        for index, (name, (games_per_s, median, best, ratio)) in enumerate(measured.items()):
            versus = f", x{ratio:.2f} the first in its batches" if index else ""
            print(f"{name + f' {args.players}p':20s} {label:17s}: {games_per_s:6.0f} games/s "
                  f"{median:7.0f} actions/s (median batch), {best:7.0f} (best){versus}")


if __name__ == "__main__":
    main()
