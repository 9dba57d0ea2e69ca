"""Sovereign's Chain solitaire over numbered deals: how many the solver decides (knowing the whole
order of the cards) within a second, how many it proves winnable, how often following every hint
wins (over all deals, and over those the solver proves winnable), the rule of thumb alone and
random play, and how long "winnable deals only" takes to find a deal from a starting number.

    python benchmarks/solitaire.py [--deals 2000] [--nodes 20000] [--starts 200] [--skip-hints] [--hint-budget N]

Deal n is the game of seed n (game/sovereign/solitaire.py); deals 0 to --deals - 1. The solver
stops at --nodes positions (the budget decides, never the clock: the same verdict on every
machine); "within 1 s" counts the verdicts reached in at most a second of this machine's time.

Figures, deals 0-1999 (`nice python benchmarks/solitaire.py`, 2 cores shared with other work,
load average 0.2-2 during the run):

    before (depth first, every token at every moment, on the rules before today's ruling): 81%
            decided at 20,000 positions, p95 349 ms; the hint player won 27.4% of deals 0-999
    now:    solver decides 1979/2000 (99.0%) within 20,000 positions, all of them within 1 s;
            proves 92.1% winnable and 6.9% lost; median 4 ms, p95 59 ms, max 2,030 ms (one of the
            21 undecided). Following every hint wins 92.7% of deals and 1842/1842 (100%) of
            those proved winnable (0.04 s a deal); the rule of thumb alone 49.4%, random play
            4.4%. Winnable deals only (500 positions a deal, 200 starting numbers): median 4 ms,
            p95 23 ms, max 43 ms; 1.27 deals tried on average, 4 at most. Five deals (136, 455,
            458, 1339, 1357) met the engine's empty-hand failure in play, counted as losses.

The hint judged from the player's view (2026-11-28, `python benchmarks/solitaire.py --deals 60
--starts 0`, the 2 cores shared with other work: load average 15-28, so every time is several
times an idle machine's): following every hint wins 54/60 deals and 54/57 (94.7%) of those
proved winnable (goal: 90%); a hint median 333 ms, p95 4.9 s, max 27 s on that loaded machine
(ten solves of 2,000 positions at most). The clairvoyant line it replaced (knowing the deck)
wins 57/57 of the winnable ones; the rule of thumb alone 32/60, random play 4/60.

The hint within a budget of 4,000 positions over its deals, stopping once the deals agree and
going on with the last hint's deals within a turn (2026-11-29, `--deals 200 --starts 0`, load
average 11-38): it wins 173/184 (94.0%) of the deals proved winnable, 175/200 of all; 2,408
hints, median 21 ms, p95 469 ms, max 1.6 s (2 over 1 s); positions searched a hint: median
210, p95 4,000. On deals 0-59 it wins 54/57 as before; with 3,000 positions 53/57, with 2,000
52/57. The clairvoyant line wins 184/184. Every figure, with the machine's load, is in
docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import game.sovereign.solitaire as solitaire
from game.ai.players import RandomPlayer
from game.sovereign.solitaire import (SOLITAIRE, WINNABLE_NODES, HintMemory, SolitaireHint, hint_action,
                                      winnable_deal)
from game.sovereign.solver import SOLVER_NODES, Solver, solve


def deal(seed: int):
    return SOLITAIRE.setup({"players": 1}, seed)


def play_out(choose, seed: int) -> bool:
    """Whether `choose(state)` (an action for the position) wins deal `seed`."""
    state = deal(seed)
    while SOLITAIRE.to_move(state) is not None:
        state, _ = SOLITAIRE.apply(state, choose(state))
    return bool(state.winners)


def by_player(player):
    return lambda state: player.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state))


class CountedSolver(Solver):
    """The solver, adding up the positions its searches reach (`searched`)."""

    searched = 0

    def solve(self, state):
        found = super().solve(state)
        CountedSolver.searched += self.nodes
        return found


def by_hints(seed: int, times: list[float], positions: list[int]):
    """The fair hint (from the player's view), each hint's time added to `times` and the
    positions its searches reached to `positions`."""
    memory = HintMemory(seed)

    def choose(state):
        before, start = CountedSolver.searched, time.perf_counter()
        action = hint_action(state, memory=memory)
        times.append(time.perf_counter() - start)
        positions.append(CountedSolver.searched - before)
        return action
    return choose


def by_the_deck(seed: int, nodes: int):
    """The clairvoyant line: the solver's winning line knowing the order of the deck (what the
    hint followed before it judged from the player's view), else the rule of thumb. The deal is
    played by this chooser alone, so a line found is followed step by step."""
    thumb, ahead = SolitaireHint(seed), []

    def choose(state):
        if not ahead:
            won, line = solve(state, SOLITAIRE, node_limit=nodes)
            if not won:
                return thumb.choose(SOLITAIRE.view(state, 0), SOLITAIRE.legal_actions(state))
            ahead.extend(line)
        return ahead.pop(0)
    return choose


def spread(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"


def share(count: int, total: int) -> str:
    return f"{count}/{total} ({count / total:.1%})" if total else "0/0"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=SOLVER_NODES, help="solver positions per deal")
    parser.add_argument("--starts", type=int, default=200, help="starting numbers for winnable deals only")
    parser.add_argument("--skip-hints", action="store_true", help="the solver alone")
    parser.add_argument("--hint-budget", type=int, default=solitaire.HINT_BUDGET,
                        help="positions a hint may search over all its deals")
    args = parser.parse_args()
    solitaire.HINT_BUDGET = args.hint_budget
    print(f"load average at the start: {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} cores")
    seeds = range(args.deals)
    n = args.deals
    verdicts, times = {}, []
    for seed in seeds:
        start = time.perf_counter()
        verdicts[seed] = solve(deal(seed), SOLITAIRE, node_limit=args.nodes)[0]
        times.append(time.perf_counter() - start)
    decided = sum(v is not None for v in verdicts.values())
    quick = sum(v is not None and t <= 1.0 for v, t in zip(verdicts.values(), times))
    proved = [seed for seed in seeds if verdicts[seed]]
    lost = sum(v is False for v in verdicts.values())
    print(f"{n} deals, solver at {args.nodes} positions: decided {share(decided, n)}, within 1 s {share(quick, n)}; "
          f"proves {share(len(proved), n)} winnable and {share(lost, n)} lost")
    print(f"solver time per deal: {spread(times)}")
    if not args.skip_hints:
        hint_times: list[float] = []
        positions: list[int] = []
        solitaire.Solver = CountedSolver
        hinted = {seed: play_out(by_hints(seed, hint_times, positions), seed) for seed in seeds}
        solitaire.Solver = Solver
        clairvoyant = {seed: play_out(by_the_deck(seed, args.nodes), seed) for seed in seeds}
        thumb = sum(play_out(by_player(SolitaireHint(seed)), seed) for seed in seeds)
        rand = sum(play_out(by_player(RandomPlayer(seed)), seed) for seed in seeds)
        print(f"following every hint (from the player's view) wins {share(sum(hinted.values()), n)} of deals, "
              f"{share(sum(hinted[seed] for seed in proved), len(proved))} of those proved winnable; "
              f"{len(hint_times)} hints (budget {solitaire.HINT_BUDGET} positions): {spread(hint_times)}, "
              f"{sum(t > 1.0 for t in hint_times)} over 1 s; positions searched a hint: median "
              f"{statistics.median(positions):.0f}, p95 {sorted(positions)[int(0.95 * (len(positions) - 1))]}, "
              f"max {max(positions)}")
        print(f"the clairvoyant line (knowing the deck) wins {share(sum(clairvoyant.values()), n)}, "
              f"{share(sum(clairvoyant[seed] for seed in proved), len(proved))} of those proved winnable; "
              f"the rule of thumb alone {share(thumb, n)}, random play {share(rand, n)}")
    if args.starts:
        time_winnable_deals(args.starts)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (1 min)")


def time_winnable_deals(starts: int) -> None:
    """How long "winnable deals only" takes to find a deal, from numbers spread over the range."""
    finds, tries = [], []
    for k in range(starts):
        first = 1 + k * 4999  # spread over the numbers, away from the deals above
        start = time.perf_counter()
        found = winnable_deal(first)
        finds.append(time.perf_counter() - start)
        tries.append(found - first + 1)
    print(f"winnable deals only ({WINNABLE_NODES} positions per deal), from {starts} starting numbers: "
          f"{spread(finds)}; deals tried: mean {statistics.mean(tries):.2f}, most {max(tries)}")


if __name__ == "__main__":
    main()
