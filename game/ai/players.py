"""Player kinds shared by every game, and the difficulty levels of the setup screen."""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng


class Player:
    """Chooses one of the legal actions from what its seat can see."""

    def choose(self, view, legal: list):
        raise NotImplementedError


class HeuristicPlayer(Player):
    """A rule-of-thumb player: ranks the legal actions best first and plays the first.

    Rollouts (game.ai.rollout) compare its best few moves, so every game's rule of thumb has this
    shape: `__init__(seed)` and `ranking(view, legal)`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view, legal: list):
        return legal[0] if len(legal) == 1 else self.ranking(view, legal)[0]

    def ranking(self, view, legal: list) -> list:
        """The legal actions, best first."""
        raise NotImplementedError


class RandomPlayer(Player):
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view, legal: list):
        return self.rng.choice(legal)


class CarelessPlayer(Player):
    """A rule-of-thumb player that, now and then, plays a random legal move instead."""

    def __init__(self, steady: Player, mistake_rate: float, seed: int = 0) -> None:
        self.steady = steady
        self.mistake_rate = mistake_rate
        self.rng = Rng(seed)

    def choose(self, view, legal: list):
        if len(legal) > 1 and self.rng.random() < self.mistake_rate:
            return self.rng.choice(legal)
        return self.steady.choose(view, legal)


@dataclass(frozen=True, slots=True)
class Difficulty:
    key: str
    label: str
    help: str


DIFFICULTIES = (
    Difficulty("easy", "Easy", "Plays by rules of thumb, and slips now and then."),
    Difficulty("normal", "Normal", "Plays by rules of thumb: keeps cards that connect, blocks you."),
    Difficulty("hard", "Hard", "Thinks ahead: plays out many possible deals before each move."),
    Difficulty("expert", "Expert", "Like Hard, with about four times as long to think."),
    Difficulty("random", "Random", "Picks any legal move at random."),
)

# Search budgets: (iterations, seconds). The iteration count makes a search reproducible from its
# seed; the time cap keeps a slow machine from stalling the table. Chains, 2 players, runs about
# 4,500 iterations a second on one core, so Hard takes about 0.25 s and Expert about 1 s. Measured
# with `python -m game.ai.arena`: in Chains, more than ~1,000 iterations buys little strength.
SEARCH_BUDGETS = {
    "hard": (1000, 0.9),
    "expert": (4000, 3.0),
}
# The same for rollouts (game.ai.rollout): (deals, seconds); the time cap is what binds in play.
ROLLOUT_BUDGETS = {
    "hard": (400, 0.9),
    "expert": (1600, 3.0),
}

# How Hard and Expert look ahead in each game: "tree" (ISMCTS, game.ai.ismcts) or "rollout" (the
# rule of thumb's best moves compared by playing on with the rule of thumb, game.ai.rollout).
# Measured with the arena (README): where the rule of thumb plays well (Cubes, Chain-Chain), the
# tree's playouts cannot tell its good moves apart, and rollouts beat it clearly.
LOOKAHEAD = {"chains": "tree", "cubes": "rollout", "chainchain": "rollout", "linx": "rollout"}
STYLES = ("tree", "rollout")


def make_player(game: str, difficulty: str, seed: int, *, budget: int | None = None,
                time_limit: float | None = None, style: str | None = None) -> Player:
    """The computer player for `game` at `difficulty`, with its own seeded randomness.

    `budget` (search iterations, or deals for rollouts) and `time_limit` override the budget of
    Hard and Expert (tests use a small budget and no time cap, so that the search is quick and
    reproducible). `style` says how they look ahead (LOOKAHEAD); by default as LOOKAHEAD says for
    the game."""
    from ..registry import entry

    if difficulty == "random":
        return RandomPlayer(seed)
    if difficulty in SEARCH_BUDGETS:
        style = style or LOOKAHEAD.get(game, "tree")
        if style not in STYLES:
            raise ValueError(f"unknown search style {style!r} (one of {', '.join(STYLES)})")
        game_entry = entry(game)
        budgets = ROLLOUT_BUDGETS if style == "rollout" else SEARCH_BUDGETS
        default_budget, default_time = budgets[difficulty]
        count = default_budget if budget is None else budget
        cap = default_time if budget is None and time_limit is None else time_limit
        if style == "rollout":
            from .rollout import RolloutPlayer

            return RolloutPlayer(game_entry.rules, game_entry.heuristic, deals=count, time_limit=cap, seed=seed)
        from .ismcts import ISMCTSPlayer

        return ISMCTSPlayer(game_entry.rules, iterations=count, time_limit=cap, seed=seed)
    steady = entry(game).heuristic(seed)
    if difficulty == "easy":
        return CarelessPlayer(steady, 0.3, seed + 1)
    if difficulty == "normal":
        return steady
    raise ValueError(f"unknown difficulty {difficulty!r}")
