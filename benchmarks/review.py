"""A full review of a typical game of each kind, in seconds (the aim: under 30 s for every game).

    python benchmarks/review.py [--game chains] [--seeds 3] [--search N --deals N]

A typical game: seat 0 is a person played by the rule of thumb (Normal), every other seat a Normal
computer, at the game's default player count. The review (game/review.py) judges every decision
of seat 0 on the game's own budget (REVIEW_BUDGETS), or on `--search`/`--deals` given here, with
nothing read from or kept in the stored reviews. Each game's seconds are shown as wall-clock time
and, in brackets, the processor time of the review (what it takes on a core of its own: the
machine is shared, and the wall clock grows with its load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.registry import GAMES, find_game  # noqa: E402
from game.review import DEFAULT_BUDGET, REVIEW_BUDGETS, Review, ReviewBudget  # noqa: E402
from game.session import Session  # noqa: E402


def typical_game(game: str, seed: int) -> dict:
    """The save of a game where seat 0 plays by the rule of thumb against Normal computers."""
    rules = find_game(game).rules
    seats = [{"name": "You", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "computer", "difficulty": "normal"} for i in range(1, rules.default_players)]
    session = Session(game, {"seats": seats, "rules": {}}, seed)
    person = session.descriptor.heuristic(seed)
    while not session.game_over:
        if session.to_move == 0:
            session.apply(person.choose(session.view(0), session.legal_actions()))
        else:
            session.apply(session.computer_action())
    return session.to_save()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game's name (default: every game)")
    parser.add_argument("--seeds", type=int, default=3, help="games reviewed per game")
    parser.add_argument("--search", type=int, help="tree search iterations (default: the game's budget)")
    parser.add_argument("--deals", type=int, help="deals per decision (default: the game's budget)")
    args = parser.parse_args(argv)
    names = args.game or [game.name for game in GAMES]
    print(f"{'game':20} {'budget':>14} {'moves':>6} {'decisions':>9} {'choices':>7}  seconds per game (processor)")
    for name in names:
        budget = REVIEW_BUDGETS.get(name, DEFAULT_BUDGET)
        budget = ReviewBudget(args.search if args.search is not None else budget.search,
                              args.deals if args.deals is not None else budget.deals)
        times, cpu_times, moves, decisions, choices = [], [], [], [], []
        for seed in range(1, args.seeds + 1):
            save = typical_game(name, seed)
            start, cpu_start = time.perf_counter(), time.process_time()
            review = Review(save, 0, budget=budget, keep=False)
            review.run()
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
            moves.append(len(save["actions"]))
            decisions.append(len(review.decisions))
            choices.append(sum(not v.forced for v in review.verdicts))
        shown = ", ".join(f"{t:.1f} ({c:.1f})" for t, c in zip(times, cpu_times))
        print(f"{name:20} {f'{budget.search}/{budget.deals}':>14} {statistics.median(moves):6.0f} "
              f"{statistics.median(decisions):9.0f} {statistics.median(choices):7.0f}  "
              f"{shown}; max {max(times):.1f} ({max(cpu_times):.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
