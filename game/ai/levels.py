"""The difficulty levels of the setup screen, and the computer player each one makes."""

from __future__ import annotations

from dataclasses import dataclass

from ..descriptor import LOOKAHEAD_STYLES
from .ismcts import ISMCTSPlayer
from .players import CarelessPlayer, Player, RandomPlayer
from .rollout import RolloutPlayer


@dataclass(frozen=True, slots=True)
class Difficulty:
    key: str
    label: str
    help: str  # "{aims}" stands for what the game's rule of thumb plays for

    def help_for(self, game) -> str:
        """The help in `game`'s own words (a GameDescriptor)."""
        return self.help.format(aims=game.heuristic.aims)


DIFFICULTIES = (
    Difficulty("easy", "Easy", "Plays by rules of thumb, and slips now and then."),
    Difficulty("normal", "Normal", "Plays by rules of thumb: {aims}."),
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

def make_player(game, difficulty: str, seed: int, *, budget: int | None = None,
                time_limit: float | None = None, style: str | None = None) -> Player:
    """The computer player for `game` (a GameDescriptor) at `difficulty`, with its own seeded
    randomness.

    `budget` (search iterations, or deals for rollouts) and `time_limit` override the budget of
    Hard and Expert (tests use a small budget and no time cap, so that the search is quick and
    reproducible). `style` says how they look ahead ("tree" or "rollout"); by default as the
    game's descriptor says."""
    if difficulty == "random":
        return RandomPlayer(seed)
    if difficulty in SEARCH_BUDGETS:
        style = style or game.lookahead
        if style not in LOOKAHEAD_STYLES:
            raise ValueError(f"unknown search style {style!r} (one of {', '.join(LOOKAHEAD_STYLES)})")
        budgets = ROLLOUT_BUDGETS if style == "rollout" else SEARCH_BUDGETS
        default_budget, default_time = budgets[difficulty]
        count = default_budget if budget is None else budget
        cap = default_time if budget is None and time_limit is None else time_limit
        if style == "rollout":
            return RolloutPlayer(game.rules, game.heuristic, deals=count, time_limit=cap, seed=seed)
        return ISMCTSPlayer(game.rules, iterations=count, time_limit=cap, seed=seed)
    steady = game.heuristic(seed)
    if difficulty == "easy":
        return CarelessPlayer(steady, 0.3, seed + 1)
    if difficulty == "normal":
        return steady
    raise ValueError(f"unknown difficulty {difficulty!r}")
