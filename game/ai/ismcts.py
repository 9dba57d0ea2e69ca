"""Information-set Monte Carlo tree search for any game on the rules surface.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). The player is handed only its seat's view and the legal actions. Each
iteration:

1. determinize: `rules.determinize(view, rng)` deals the hidden cards in a way the view cannot
   tell from the real table (and that honours what play has revealed);
2. select: from the root, while every action legal in this determinization has a child, take the
   child with the best availability-aware UCB score; every child that was legal here has its
   availability count raised by one (the "n'" of the paper), so a move that is often impossible
   is not penalised for being seldom tried;
3. expand: add one untried legal action;
4. play out: `rules.playout_action` (uniformly random legal actions unless the game leans toward
   obvious good moves) through `rules.advance` on the determinized state (which is private to this
   iteration, so no copy is needed), capped at `rules.playout_horizon` actions if the game sets
   one (then `rules.estimate` judges the position reached), else at PLAYOUT_CAP;
5. back up: each node on the path adds the reward of the seat that chose the action leading to
   it. The reward is the seat's share of the win (1/k for each of k winners, 0 for the others),
   taken from `rules.outcome(state).winners`, so that games scored in points (Cubes) and games
   scored 1/0 (Chains) look the same (`score_weight` blends in the scaled scores; it did not help
   in Cubes, so it is off); a playout stopped before the end scores `rules.estimate(state)`.

Nodes are keyed by the action history from the root as the searcher saw it: another seat's action
by `rules.public_action(action, searcher)`, so actions that look the same to the searcher (a card
played face down) share one node, and descending through it plays one of them, at random, in the
determinized state; in games where every action is public the actions are the keys. The choice
is the most visited root move (ties go to the better average reward). Where a game's rule of thumb
plays well and playouts say little (Cubes, Chain-Chain), game.ai.rollout looks ahead instead (see
game.ai.players.LOOKAHEAD).

The budget is an iteration count (deterministic given the seed: what tests use) and, in play, a
wall-clock cap as well.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass

from ..core import Rules
from ..rng import Rng
from .players import Player

EXPLORATION = 0.7
PLAYOUT_CAP = 400
SCORE_WEIGHT = 0.0


class FastRng(Rng):
    """The engine's Rng interface over Python's Mersenne Twister (C code), for `determinize`,
    which runs once per iteration and shuffles every unseen card: the engine's pure-Python
    SplitMix64 cost about a tenth of the search's time there. Seeded, so still reproducible."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._random = random.Random(seed)

    def clone(self) -> "FastRng":
        twin = FastRng(0)
        twin._random.setstate(self._random.getstate())
        return twin

    def next_u64(self) -> int:
        return self._random.getrandbits(64)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._random.random() * n)

    def random(self) -> float:
        return self._random.random()

    def shuffle(self, items: list) -> None:
        r = self._random.random
        for i in range(len(items) - 1, 0, -1):
            j = int(r() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def derive(self, *salt: int) -> int:
        return Rng(self.next_u64()).derive(*salt)


class Node:
    """One action history from the root. `player` chose the action that leads here; `reward` is
    that player's summed reward over the `visits` iterations that passed through this node."""

    __slots__ = ("children", "player", "visits", "avail", "reward")

    def __init__(self, player: int | None) -> None:
        self.children: dict = {}
        self.player = player
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


@dataclass(slots=True)
class SearchStats:
    """What the last search did, for benchmarks and the arena."""

    iterations: int = 0
    seconds: float = 0.0
    playout_actions: int = 0
    capped_playouts: int = 0


class ISMCTS:
    """The search itself, for one game's rules. `search(view, legal)` returns the chosen action."""

    def __init__(self, rules, iterations: int = 1000, time_limit: float | None = None,
                 exploration: float = EXPLORATION, playout_cap: int = PLAYOUT_CAP, seed: int = 0,
                 score_weight: float = SCORE_WEIGHT) -> None:
        if iterations < 1:
            raise ValueError("the search needs at least one iteration")
        self.rules = rules
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.playout_cap = playout_cap
        self.score_weight = score_weight
        # The game's determinize wants the engine's Rng; the search's own choices (expansion,
        # playouts) use the faster Mersenne Twister. Both are seeded, so a search with an
        # iteration budget is reproducible.
        self.rng = FastRng(seed)
        self.fast = random.Random(Rng(seed).derive(0x15C75))
        self.stats = SearchStats()
        self.root: Node | None = None

    @property
    def playout_length(self) -> int:
        """The most actions a playout plays: the game's horizon if it sets one, within the cap."""
        horizon = self.rules.playout_horizon
        return self.playout_cap if horizon is None else min(self.playout_cap, horizon)

    def search(self, view, legal: list):
        """The chosen action: the most visited root move."""
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if len(legal) == 1:
            self.stats = SearchStats()
            self.root = None
            return legal[0]
        determinize = self.rules.determinize
        rand = self.fast.random
        rng = self.rng
        clock = time.perf_counter
        pause = time.sleep
        share = threading.active_count() > 1
        start = clock()
        deadline = None if self.time_limit is None else start + self.time_limit
        root = Node(None)
        root_legal = list(legal)
        playout_actions = capped = iterations = 0
        while iterations < self.iterations:
            if share and iterations & 7 == 0:
                # Let the other thread (the table, drawing its frames) take the interpreter now
                # rather than at the next forced switch, up to 5 ms away: about 2 % of the speed.
                pause(0)
            if deadline is not None and iterations and clock() >= deadline:
                break
            iterations += 1
            state = determinize(view, rng)
            path = self.descend(root, root_legal, state, view.seat, rand)
            rewards, steps, finished = self.play_out(state, rand)
            playout_actions += steps
            capped += not finished
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.reward += rewards[n.player]
        self.stats = SearchStats(iterations, clock() - start, playout_actions, capped)
        self.root = root
        return max(root_legal, key=lambda a: _preference(root.children.get(a)))

    def descend(self, root: Node, root_legal: list, state, searcher: int | None, rand) -> list[Node]:
        """Select while every legal action has been tried, then expand one that has not, playing
        each action on the determinized `state`: the path of nodes from the root. Another seat's
        actions go by how they look to the `searcher` where some look alike (`public_action`)."""
        rules = self.rules
        legal_actions, advance, to_move = rules.legal_actions, rules.advance, rules.to_move
        public_action = rules.public_action
        hides = getattr(public_action, "__func__", None) is not Rules.public_action
        c = self.exploration
        node = root
        path = [root]
        seat = to_move(state)
        actions = root_legal
        while True:
            children = node.children
            if hides and seat != searcher:
                looks = _by_look(actions, public_action, searcher)
                keys = list(looks)
            else:
                looks = None
                keys = actions
            found = [children.get(k) for k in keys]
            if None in found:
                untried = [k for k, child in zip(keys, found) if child is None]
                key = untried[int(rand() * len(untried))]
                child = Node(seat)
                children[key] = child
                advance(state, key if looks is None else _one_of(looks[key], rand))
                path.append(child)
                return path
            node = _most_promising(found, c)
            key = keys[found.index(node)]
            advance(state, key if looks is None else _one_of(looks[key], rand))
            path.append(node)
            seat = to_move(state)
            if seat is None:
                return path
            actions = legal_actions(state)

    def play_out(self, state, rand) -> tuple[list[float], int, bool]:
        """Play `state` on by the game's playout policy, at most `playout_length` actions:
        (each seat's reward, actions played, whether the game finished)."""
        rules = self.rules
        advance, playout_action, to_move = rules.advance, rules.playout_action, rules.to_move
        cap = self.playout_length
        steps = 0
        while to_move(state) is not None and steps < cap:
            advance(state, playout_action(state, rand))
            steps += 1
        result = rules.outcome(state)
        if result is None:
            return rules.estimate(state), steps, False
        return reward_of(result, self.score_weight), steps, True


def _most_promising(children: list[Node], c: float) -> Node:
    """The child with the best UCB score, each child's availability raised by one. UCB with the
    availability count: the log of how often a child could have been chosen, not of how often
    the parent was visited."""
    log = math.log
    sqrt = math.sqrt
    best = None
    best_score = -1.0
    for child in children:
        visits = child.visits
        score = child.reward / visits + c * sqrt(log(child.avail) / visits)
        child.avail += 1
        if score > best_score:
            best_score = score
            best = child
    return best


def _by_look(actions: list, public_action, searcher: int | None) -> dict:
    """The actions grouped by what the searcher sees of them (`public_action`), in order."""
    looks: dict = {}
    for action in actions:
        looks.setdefault(public_action(action, searcher), []).append(action)
    return looks


def _one_of(actions: list, rand):
    """One of the actions that look alike to the searcher, to play in this determinization."""
    return actions[0] if len(actions) == 1 else actions[int(rand() * len(actions))]


def reward_of(result, score_weight: float = 0.0) -> list[float]:
    """Each seat's reward in [0, 1] for a finished playout: its share of the win (1/k for each of
    k winners), blended with weight `score_weight` with its score scaled between the lowest
    (0) and the highest (1) of the table."""
    scores = result.scores
    n = len(scores)
    winners = result.winners
    if winners:
        share = 1.0 / len(winners)
        rewards = [0.0] * n
        for w in winners:
            rewards[w] = share
    else:
        rewards = [1.0 / n] * n
    if score_weight:
        low = min(scores)
        spread = max(scores) - low
        keep = 1.0 - score_weight
        for i in range(n):
            scaled = (scores[i] - low) / spread if spread else 0.5
            rewards[i] = keep * rewards[i] + score_weight * scaled
    return rewards


def _preference(node: Node | None) -> tuple[int, float]:
    """The most visited root move; among equally visited ones, the best average reward."""
    if node is None:
        return (-1, 0.0)
    return (node.visits, node.reward / node.visits if node.visits else 0.0)


class ISMCTSPlayer(Player):
    """A computer player that searches; sees only the view and the legal actions it is handed."""

    def __init__(self, rules, iterations: int, time_limit: float | None = None, seed: int = 0,
                 **options) -> None:
        self.search = ISMCTS(rules, iterations=iterations, time_limit=time_limit, seed=seed, **options)

    @property
    def stats(self) -> SearchStats:
        return self.search.stats

    def choose(self, view, legal: list):
        return self.search.search(view, legal)
