"""AI against AI: seeded games, seats rotated, win rates with confidence intervals and move times.

    python -m game.ai.arena --game chains --players hard,normal --games 400 --seed 1 --jobs 2

`--players` lists one player kind per seat: a difficulty key (easy, normal, hard, expert, random),
or a search with its own budget: `hard@300` (300 iterations, or deals for rollouts, no time cap)
or `hard@0.5s` (half a second per decision); `/tree` or `/rollout` say how it looks ahead
(`hard@300/tree`; the default is per game, the game's descriptor). Each deal is played
once per rotation of the seats, so every kind sits in every seat on the same cards. A shared win
counts 1/k to each of the k winners (the table also shows outright and shared wins). Players see
only their seat's view, as at the table.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field

from ..descriptor import LOOKAHEAD_STYLES
from ..registry import find_game
from ..rng import Rng
from .levels import DIFFICULTIES, make_player

KINDS = tuple(d.key for d in DIFFICULTIES)


@dataclass(frozen=True, slots=True)
class Kind:
    """A player kind as the arena names it, and how to build it."""

    spec: str
    difficulty: str
    budget: int | None = None
    time_limit: float | None = None
    style: str | None = None     # None: as the game's descriptor says

    def build(self, game: str, seed: int):
        return make_player(find_game(game), self.difficulty, seed, budget=self.budget, time_limit=self.time_limit,
                           style=self.style)


def parse_kind(spec: str) -> Kind:
    """`normal`, `hard`, `hard@300` (iterations or deals), `hard@0.5s` (seconds), `hard/tree`,
    `hard/rollout` (how it looks ahead), `hard@300/tree`."""
    spec = spec.strip()
    head, _, style = spec.partition("/")
    name, _, budget = head.partition("@")
    if name not in KINDS:
        raise ValueError(f"unknown player kind {name!r} (one of {', '.join(KINDS)})")
    if (budget or style) and name not in ("hard", "expert"):
        raise ValueError(f"only a search player (hard, expert) takes a budget or a /style, not {name!r}")
    if style and style not in LOOKAHEAD_STYLES:
        raise ValueError(f"unknown style /{style} (one of {', '.join('/' + s for s in LOOKAHEAD_STYLES)})")
    style = style or None
    if not budget:
        return Kind(spec, name, style=style)
    if budget.endswith("s"):
        return Kind(spec, name, budget=10**9, time_limit=float(budget[:-1]), style=style)
    return Kind(spec, name, budget=int(budget), style=style)


@dataclass(slots=True)
class GameRecord:
    """One game: each entry's share of the win, and each entry's decisions."""

    index: int
    seats: list[int]                   # the entry (position in --players) at each seat
    shares: list[float]
    winners: tuple[int, ...]           # entry indices
    times: list[list[float]]           # per entry: seconds per decision
    choice_times: list[list[float]]    # per entry: seconds per decision that had a choice
    iterations: list[int]              # per entry: search iterations
    search_seconds: list[float]        # per entry: time spent in searches
    scores: list[float] = field(default_factory=list)  # per entry: its final score
    decisions: int = 0

    def note_decision(self, entry: int, seconds: float, had_choice: bool, stats) -> None:
        """A decision of `entry` that took `seconds`; `stats`: its search's, if it searched."""
        self.times[entry].append(seconds)
        if had_choice:
            self.choice_times[entry].append(seconds)
        if stats is not None:
            self.iterations[entry] += stats.iterations
            self.search_seconds[entry] += stats.seconds
        self.decisions += 1

    def note_outcome(self, outcome) -> None:
        """The game's result, its seats turned into entries."""
        self.scores = [0.0] * len(self.seats)
        for seat, score in enumerate(outcome.scores):
            self.scores[self.seats[seat]] = float(score)
        for winner in outcome.winners:
            self.shares[self.seats[winner]] += 1.0 / len(outcome.winners)
        self.winners = tuple(sorted(self.seats[winner] for winner in outcome.winners))

    def ahead(self, a: int, b: int) -> float:
        """1 if entry `a` finished ahead of entry `b`, 0 if behind, 1/2 if level: the higher
        score, and on equal scores a winner beats a non-winner (the game's own tie-break)."""
        if self.scores[a] != self.scores[b]:
            return 1.0 if self.scores[a] > self.scores[b] else 0.0
        a_won, b_won = a in self.winners, b in self.winners
        return 0.5 if a_won == b_won else float(a_won)


def play_game(game: str, config: dict, kinds: list[Kind], seed: int, index: int) -> GameRecord:
    """Game `index` of a run: deal `index // n`, seats rotated by `index % n`."""
    rules = find_game(game).rules
    n = len(kinds)
    deal = index // n
    rotation = index % n
    deal_seed = Rng(seed).derive(deal)
    entry_of_seat = [(s + rotation) % n for s in range(n)]
    players = [kinds[e].build(game, Rng(deal_seed).derive(7919, rotation, s)) for s, e in enumerate(entry_of_seat)]
    state = rules.setup({**config, "players": n}, deal_seed)
    record = GameRecord(index, entry_of_seat, [0.0] * n, (), [[] for _ in range(n)], [[] for _ in range(n)], [0] * n, [0.0] * n)
    clock = time.perf_counter
    while (seat := rules.to_move(state)) is not None:
        legal = rules.legal_actions(state)
        player = players[seat]
        start = clock()
        action = player.choose(rules.view(state, seat), legal)
        record.note_decision(entry_of_seat[seat], clock() - start, len(legal) > 1, getattr(player, "stats", None))
        state, _events = rules.apply(state, action)
    record.note_outcome(rules.outcome(state))
    return record


def _play_star(args) -> GameRecord:
    return play_game(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (successes may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(slots=True)
class ArenaResult:
    game: str
    config: dict
    kinds: list[Kind]
    seed: int
    jobs: int
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    def shares(self, entry: int) -> float:
        return sum(r.shares[entry] for r in self.records)

    def report(self) -> str:
        labels = [k.spec if [x.spec for x in self.kinds].count(k.spec) == 1 else f"{k.spec}#{i + 1}"
                  for i, k in enumerate(self.kinds)]
        width = max(8, *(len(label) for label in labels))
        lines = self._win_rates(labels, width)
        if len(self.kinds) > 2:
            lines += self._head_to_head(labels, width)
        return "\n".join(lines + self._decision_times(labels, width) + self._search_speed(labels, width))

    def _win_rates(self, labels: list[str], width: int) -> list[str]:
        """The heading, then each entry's wins, outright and shared, and win rate."""
        n, games = len(self.kinds), len(self.records)
        rules = ", ".join(f"{k}={v}" for k, v in self.config.items() if k != "players")
        lines = [
            f"Arena: {self.game}, {n} players{f' ({rules})' if rules else ''}, {games} games, seed {self.seed}, "
            f"{self.jobs} job{'s' if self.jobs != 1 else ''}, {self.seconds:.1f} s",
            f"Each deal is played {n} times with the seats rotated. Win rate counts a shared win as 1/k "
            f"to each of the k winners; 'outright' counts sole wins only.",
            "",
            f"{'player':{width}}  {'wins':>7}  {'outright':>8}  {'shared':>6}  {'win rate':>8}  95% CI (Wilson)",
        ]
        for e, label in enumerate(labels):
            share = self.shares(e)
            outright = sum(1 for r in self.records if r.winners == (e,))
            shared = sum(1 for r in self.records if e in r.winners and len(r.winners) > 1)
            low, high = wilson(share, games)
            rate = share / games if games else 0.0
            lines.append(f"{label:{width}}  {share:7.1f}  {outright:8d}  {shared:6d}  {rate:8.1%}  "
                         f"[{low:.1%}, {high:.1%}]")
        return lines

    def _head_to_head(self, labels: list[str], width: int) -> list[str]:
        """How often each entry finished ahead of each other one (for more than two players)."""
        games = len(self.records)
        lines = ["", "Head to head: how often the row player finished ahead of the column player (by score, "
                 "then the game's tie-break; level counts half), 95% CI:",
                 f"{'':{width}}  " + "  ".join(f"{label:>22}" for label in labels)]
        for a, label in enumerate(labels):
            cells = []
            for b in range(len(labels)):
                if a == b:
                    cells.append(f"{'-':>22}")
                    continue
                ahead = sum(r.ahead(a, b) for r in self.records)
                low, high = wilson(ahead, games)
                cells.append(f"{ahead / games if games else 0:6.1%} [{low:5.1%}, {high:5.1%}]".rjust(22))
            lines.append(f"{label:{width}}  " + "  ".join(cells))
        return lines

    def _decision_times(self, labels: list[str], width: int) -> list[str]:
        lines = ["", "Time per decision, ms (all decisions | decisions with more than one legal move):",
                 f"{'player':{width}}  {'count':>6}  {'median':>8}  {'p95':>8}  |  {'count':>6}  {'median':>8}  {'p95':>8}"]
        for e, label in enumerate(labels):
            every = [t for r in self.records for t in r.times[e]]
            choices = [t for r in self.records for t in r.choice_times[e]]
            lines.append(
                f"{label:{width}}  {len(every):6d}  {_ms(statistics.median(every) if every else 0):>8}  "
                f"{_ms(percentile(every, 95)):>8}  |  {len(choices):6d}  "
                f"{_ms(statistics.median(choices) if choices else 0):>8}  {_ms(percentile(choices, 95)):>8}")
        return lines

    def _search_speed(self, labels: list[str], width: int) -> list[str]:
        """Iterations a second of each entry that searched (none: no lines)."""
        searched = [(label, e) for e, label in enumerate(labels) if any(r.iterations[e] for r in self.records)]
        if not searched:
            return []
        lines = ["", "Search speed:"]
        for label, e in searched:
            iterations = sum(r.iterations[e] for r in self.records)
            seconds = sum(r.search_seconds[e] for r in self.records)
            searches = sum(len(r.choice_times[e]) for r in self.records)
            lines.append(f"{label:{width}}  {iterations} iterations in {seconds:.1f} s = "
                         f"{iterations / seconds if seconds else 0:.0f} iterations/s, "
                         f"{iterations / searches if searches else 0:.0f} per search")
        return lines


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.2f}" if ms < 10 else f"{ms:.0f}"


def run_arena(game: str, kinds: list[Kind], games: int, seed: int = 1, jobs: int = 1,
              config: dict | None = None, progress=None) -> ArenaResult:
    rules = find_game(game).rules
    config = rules.normalize_config({**(config or {}), "players": len(kinds)})
    result = ArenaResult(game, config, kinds, seed, jobs)
    tasks = [(game, config, kinds, seed, i) for i in range(games)]
    start = time.perf_counter()
    if jobs <= 1:
        records = []
        for task in tasks:
            records.append(_play_star(task))
            if progress:
                progress(len(records), games)
    else:
        import multiprocessing

        records = []
        # Spawned, not forked: a fork copies the locks the caller's other threads hold (a table
        # server's, a network look-up's), and a worker forked while one was held never ends.
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for record in pool.imap_unordered(_play_star, tasks):
                records.append(record)
                if progress:
                    progress(len(records), games)
    result.records = sorted(records, key=lambda r: r.index)
    result.seconds = time.perf_counter() - start
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="chains")
    parser.add_argument("--players", default="hard,normal",
                        help="one kind per seat, comma-separated: " + ", ".join(KINDS)
                        + "; hard@300, hard@0.5s, hard/tree, hard/rollout")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option, e.g. draw_rule=one")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    try:
        kinds = [parse_kind(spec) for spec in args.players.split(",")]
        config = {k: (int(v) if v.lstrip("-").isdigit() else v) for k, v in (item.split("=", 1) for item in args.rule)}
        find_game(args.game)
    except (ValueError, KeyError) as err:
        parser.error(str(err))

    def progress(done: int, total: int) -> None:
        if not args.quiet and sys.stderr.isatty():
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)

    try:
        result = run_arena(args.game, kinds, args.games, args.seed, args.jobs, config, progress)
    except ValueError as err:
        parser.error(str(err))
    print(result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
