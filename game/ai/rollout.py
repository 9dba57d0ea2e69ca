"""Policy rollouts over determinized deals: the rule of thumb, improved by looking ahead.

Where a game's rule of thumb already plays well (Cubes, Chain-Chain), random or cheap playouts
cannot tell its good moves apart, and a tree search built on them plays worse than the rule
itself. A rollout (Tesauro and Galperin, "On-line policy improvement using Monte-Carlo search",
NIPS 1996; Bertsekas's rollout algorithm) asks instead: if I make this move and then everybody
plays by the rule of thumb, how do I fare? Played over many deals, that is never worse than the
rule of thumb in expectation, and better wherever the rule misjudges what follows its move.

For the rule of thumb's `candidates` best moves, on each of many determinizations (deals of the
hidden cards that the view cannot tell from the real table, `rules.determinize`), each candidate
is played and the game then played on by the rule of thumb for every seat, each seeing only its
own view of that deal, up to the game's `playout_horizon` (then `rules.estimate` judges the
position) or to the end. Every candidate meets the same deals and the same random choices
(common random numbers), so the luck of the deal cancels out of the comparison. Of the moves
that beat the rule of thumb's first choice by `margin` standard errors of the paired difference,
the one with the best mean reward is played; if none does, the first choice stays.

It works on any game through the rules surface and a rule-of-thumb player whose `ranking(view,
legal)` lists the legal actions best first (its `choose` is the first of them).
"""

from __future__ import annotations

import math
import threading
import time

from ..rng import Rng
from .ismcts import FastRng, SearchStats, reward_of
from .players import Player

CANDIDATES = 3     # how many of the rule of thumb's best moves are compared
MARGIN = 1.0       # standard errors by which a move must beat the rule of thumb's first choice
ROLLOUT_CAP = 400  # actions: a safety cap for games without a horizon


class RolloutSearch:
    """Rollouts of the rule of thumb (`heuristic_class(seed)` builds one) for one game's rules."""

    def __init__(self, rules, heuristic_class, deals: int = 100, time_limit: float | None = None,
                 candidates: int = CANDIDATES, margin: float = MARGIN, seed: int = 0, to_the_end: bool = False) -> None:
        if deals < 1:
            raise ValueError("the search needs at least one deal")
        self.rules = rules
        self.heuristic_class = heuristic_class
        self.heuristic = heuristic_class(Rng(seed).derive(0x6D1DE))
        self.deals = deals
        self.time_limit = time_limit
        self.candidates = candidates
        self.margin = margin
        self.horizon = None if to_the_end else rules.playout_horizon
        self.rng = FastRng(seed)
        self.stats = SearchStats()
        self.means: dict = {}

    def search(self, view, legal: list):
        """The chosen action: the rule of thumb's first choice unless a rollout shows better."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            self.stats = SearchStats()
            return legal[0]
        ranked = self.heuristic.ranking(view, legal)
        moves = self.weighed(view, ranked)
        if len(moves) == 1:
            self.stats = SearchStats()
            return moves[0]
        rules = self.rules
        seat = view.seat
        clock = time.perf_counter
        start = clock()
        share = threading.active_count() > 1
        rewards: list[list[float]] = [[] for _ in moves]
        steps = 0
        deals = 0
        while deals < self.deals:
            if self.time_limit is not None and deals and clock() - start >= self.time_limit:
                break
            world = rules.determinize(view, self.rng)
            seed = self.rng.next_u64()
            for i, move in enumerate(moves):
                if share:
                    time.sleep(0)  # let the table's thread draw a frame
                reward, played = self.roll_out(rules.clone(world), move, seat, seed)
                rewards[i].append(reward)
                steps += played
            deals += 1
        self.stats = SearchStats(deals * len(moves), clock() - start, steps)
        self.means = {move: sum(r) / len(r) for move, r in zip(moves, rewards)}
        return moves[self.best_candidate(rewards)]

    def weighed(self, view, ranked: list) -> list:
        """The moves the rollouts compare: the rule of thumb's `candidates` best, then the best
        of each kind of move (`kind_of`) not among them."""
        moves = ranked[:self.candidates]
        kinds = {self.heuristic.kind_of(view, move) for move in moves}
        for move in ranked[self.candidates:]:
            kind = self.heuristic.kind_of(view, move)
            if kind not in kinds:
                kinds.add(kind)
                moves.append(move)
        return moves

    def best_candidate(self, rewards: list[list[float]]) -> int:
        """The candidate to play: of those that beat the first by the margin, the best mean;
        the first if none does."""
        beating = [i for i in range(1, len(rewards)) if self._beats(rewards[i], rewards[0])]
        return max(beating, key=lambda i: (sum(rewards[i]), -i)) if beating else 0

    def _beats(self, challenger: list[float], first: list[float]) -> bool:
        """Whether the paired gain of `challenger` over `first` exceeds `margin` standard errors."""
        gains = [b - a for a, b in zip(first, challenger)]
        n = len(gains)
        mean = sum(gains) / n
        if n < 2:
            return mean > 0
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
        return mean > self.margin * spread / math.sqrt(n)

    def roll_out(self, state, move, seat: int, seed: int) -> tuple[float, int]:
        """`seat`'s reward for `move` on `state` and play on by the rule of thumb, with the
        random choices that `seed` sets (the same for every candidate); and the actions played."""
        state, played = self.play_on(state, move, seed)
        return self.reward(state, seat), played

    def play_on(self, state, move, seed: int) -> tuple[object, int]:
        """`state` after `move` and play on by the rule of thumb for every seat (each seeing its
        own view), to the end, the game's horizon (unless `to_the_end` was asked: a measure that
        may take its time) or the safety cap; and the actions played."""
        rules = self.rules
        rules.advance(state, move)
        policy = self.heuristic_class(seed)
        cap = ROLLOUT_CAP if self.horizon is None else self.horizon
        to_move, legal_actions, advance, view = rules.to_move, rules.legal_actions, rules.advance, rules.view
        played = 0
        while played < cap:
            mover = to_move(state)
            if mover is None:
                break
            legal = legal_actions(state)
            advance(state, legal[0] if len(legal) == 1 else policy.choose(view(state, mover), legal))
            played += 1
        return state, played

    def reward(self, state, seat: int) -> float:
        """`seat`'s reward where a rollout stopped: its share of the win, or the game's estimate
        of its chance when the game is not over."""
        result = self.rules.outcome(state)
        if result is not None:
            return reward_of(result)[seat]
        return self.rules.estimate(state)[seat]


class RolloutPlayer(Player):
    """A computer player that looks ahead by rollouts; sees only its view and the legal actions."""

    def __init__(self, rules, heuristic_class, deals: int, time_limit: float | None = None, seed: int = 0,
                 **options) -> None:
        self.search = RolloutSearch(rules, heuristic_class, deals=deals, time_limit=time_limit, seed=seed, **options)

    @property
    def stats(self) -> SearchStats:
        return self.search.stats

    def choose(self, view, legal: list):
        return self.search.search(view, legal)
