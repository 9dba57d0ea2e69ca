"""Search iterations per second, per game, on fixed positions from rule-of-thumb games.

    python benchmarks/search_speed.py --game cubes [--players 2] [--positions 30] [--iterations 500]
    python benchmarks/search_speed.py --game cubes --plain
    python benchmarks/search_speed.py --game cubes --rollout [--iterations 20]

`--plain` plays every playout out uniformly at random to the end (no playout policy, no horizon),
which is how the search ran before the games had playout policies: the figure to compare with.
`--rollout` times the rollout search (game.ai.rollout) instead: `--iterations` deals per position,
and the figure is rollouts (a candidate played on by the rule of thumb, to the horizon) a second.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai import make_player  # noqa: E402
from game.ai.ismcts import ISMCTS  # noqa: E402
from game.ai.rollout import RolloutSearch  # noqa: E402
from game.registry import find_game  # noqa: E402


class PlainPlayouts:
    """A game's rules with uniformly random playouts to the end of the game."""

    playout_horizon = None

    def __init__(self, rules) -> None:
        self._rules = rules

    def __getattr__(self, name):
        return getattr(self._rules, name)

    def playout_action(self, state, rand):
        actions = self._rules.legal_actions(state)
        return actions[int(rand() * len(actions))]


def positions(game: str, players: int, count: int) -> list:
    """(view, legal) at decisions with a choice, spread over seeded rule-of-thumb games."""
    rules = find_game(game).rules
    found = []
    seed = 0
    while len(found) < count * 4:
        state = rules.setup({"players": players}, 1000 + seed)
        bots = [make_player(find_game(game), "normal", seed * 10 + s) for s in range(players)]
        while (seat := rules.to_move(state)) is not None:
            legal = rules.legal_actions(state)
            view = rules.view(state, seat)
            if len(legal) > 1:
                found.append((view, legal))
            rules.advance(state, bots[seat].choose(view, legal))
        seed += 1
    random.Random(7).shuffle(found)
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="chains")
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--plain", action="store_true", help="uniformly random playouts to the end")
    parser.add_argument("--rollout", action="store_true", help="the rollout search, --iterations deals")
    args = parser.parse_args()
    rules = find_game(args.game).rules
    players = args.players or rules.min_players
    chosen = positions(args.game, players, args.positions)
    if args.rollout:
        search = RolloutSearch(rules, find_game(args.game).heuristic, deals=args.iterations, seed=1)
        rollouts, seconds = timed(search, chosen)
        print(f"{args.game}, {players} players, {len(chosen)} positions x {args.iterations} deals, rollouts "
              f"of the rule of thumb: {rollouts / seconds:,.0f} rollouts/s, {seconds / len(chosen) * 1000:.0f} ms "
              f"per position")
        return
    searched = PlainPlayouts(rules) if args.plain else rules
    iterations, seconds = timed(ISMCTS(searched, iterations=args.iterations, seed=1), chosen)
    kind = "plain random playouts" if args.plain else "the game's playout policy"
    print(f"{args.game}, {players} players, {len(chosen)} positions x {args.iterations} iterations, {kind}: "
          f"{iterations / seconds:,.0f} iterations/s")


def timed(search, chosen: list) -> tuple[int, float]:
    """The iterations (or rollouts) `search` runs over the positions `chosen`, and the seconds."""
    iterations = 0
    start = time.perf_counter()
    for view, legal in chosen:
        search.search(view, legal)
        iterations += search.stats.iterations
    return iterations, time.perf_counter() - start


if __name__ == "__main__":
    main()
