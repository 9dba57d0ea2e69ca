"""Processor instructions per applied action in random playouts, counted by valgrind (callgrind).

    python benchmarks/engine_instructions.py [--game linx] [--path random|policy] [--games 20] [--warm 1]

Timings on a shared machine swing twofold within a minute (see engine_speed.py); the number of
instructions a run executes repeats to the last digit, whatever else the machine does, so it
compares two versions of an engine, or two engines, exactly. It does not say how fast a
processor runs them: engine_speed.py does, and with both, a game's rate follows from Chains' rate
measured in the same minute times the ratio of their instructions.

Two runs under callgrind, after `--warm` games each: one stops there, the other plays `--games`
more; the difference, over the actions of those games, is what an action costs (start-up,
imports and one-time tables fall out). The sources are compiled first, as a run that writes
.pyc files would count the compiling. Paths: `random` picks uniformly among `legal_actions` and
applies with `advance`, `policy` plays the search's `playout_action`. Needs valgrind (Debian's
package `valgrind`).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = """
import sys
sys.path.insert(0, "benchmarks")
import engine_speed
from game.registry import find_game
rules = find_game({game!r}).rules
run = {{"random": engine_speed.playout, "policy": engine_speed.policy_playout}}[{path!r}]
for seed in range({warm}):
    run(rules, {{"players": {players}}}, 100_000 + seed)
print("ACTIONS", sum(run(rules, {{"players": {players}}}, seed) for seed in range({games})))
"""


def instructions(game: str, path: str, games: int, warm: int, players: int) -> tuple[int, int]:
    """(instructions executed, actions played) of one run under callgrind."""
    program = PROGRAM.format(game=game, path=path, games=games, warm=warm, players=players)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", program], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"})
    counted = re.search(r"Collected : (\d+)", done.stderr)
    played = re.search(r"ACTIONS (\d+)", done.stdout)
    if done.returncode or counted is None or played is None:
        sys.exit(f"the run under valgrind failed:\n{done.stderr[-2000:]}")
    return int(counted.group(1)), int(played.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="chains")
    parser.add_argument("--path", choices=("random", "policy"), default="random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--warm", type=int, default=1, help="games played before counting starts")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "game", "benchmarks"], cwd=ROOT, check=True)
    base, _ = instructions(args.game, args.path, 0, args.warm, args.players)
    total, actions = instructions(args.game, args.path, args.games, args.warm, args.players)
    print(f"{args.game} {args.players}p {args.path}: {actions} actions, "
          f"{(total - base) / actions:,.0f} instructions per action")


if __name__ == "__main__":
    main()
