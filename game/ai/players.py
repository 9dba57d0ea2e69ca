"""Player kinds shared by every game, and the difficulty levels of the setup screen."""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng


class Player:
    """Chooses one of the legal actions from what its seat can see."""

    def choose(self, view, legal: list):
        raise NotImplementedError

    def ranking(self, view, legal: list) -> list:
        """The legal actions in this player's order of preference, its choice first."""
        first = self.choose(view, legal)
        return [first] + [action for action in legal if action != first]


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

# Whether the search of a game is guided by its rule-of-thumb player (ISMCTS.search, `hint`).
# Measured with the arena: unguided, the search is far weaker than Normal in Cubes (it won 8-12%
# of 40-60 games, whatever its playouts) and in Chain-Chain, whose rules of thumb are strong; in
# Chains guiding made Hard weaker (52% against Normal, 58.5% unguided, on the same 400 deals).
SEARCH_GUIDED = {"chains": False}


def make_player(game: str, difficulty: str, seed: int, *, iterations: int | None = None,
                time_limit: float | None = None, guided: bool | None = None) -> Player:
    """The computer player for `game` at `difficulty`, with its own seeded randomness.

    `iterations` and `time_limit` override the search budget of Hard and Expert (tests use a small
    iteration count and no time cap, so that the search is quick and reproducible). A search
    player `guided` by the game's rule-of-thumb player tries that player's move first and keeps it
    unless the search is clearly sure of a better one (ISMCTS.search); by default as SEARCH_GUIDED
    says for the game."""
    from ..registry import entry

    if difficulty == "random":
        return RandomPlayer(seed)
    if difficulty in SEARCH_BUDGETS:
        from .ismcts import ISMCTSPlayer

        game_entry = entry(game)
        default_iterations, default_time = SEARCH_BUDGETS[difficulty]
        if guided is None:
            guided = SEARCH_GUIDED.get(game, True)
        guide = game_entry.heuristic(seed + 2) if guided and game_entry.heuristic is not None else None
        return ISMCTSPlayer(game_entry.rules,
                            iterations=default_iterations if iterations is None else iterations,
                            time_limit=default_time if iterations is None and time_limit is None else time_limit,
                            seed=seed, guide=guide)
    steady = entry(game).heuristic(seed)
    if difficulty == "easy":
        return CarelessPlayer(steady, 0.3, seed + 1)
    if difficulty == "normal":
        return steady
    raise ValueError(f"unknown difficulty {difficulty!r}")
