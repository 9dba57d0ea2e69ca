"""Player kinds shared by every game, and the difficulty levels of the setup screen."""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng


class Player:
    """Chooses one of the legal actions from what its seat can see."""

    def choose(self, view, legal: list):
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
    Difficulty("random", "Random", "Picks any legal move at random."),
)


def make_player(game: str, difficulty: str, seed: int) -> Player:
    """The computer player for `game` at `difficulty`, with its own seeded randomness."""
    from ..registry import entry

    if difficulty == "random":
        return RandomPlayer(seed)
    steady = entry(game).heuristic(seed)
    if difficulty == "easy":
        return CarelessPlayer(steady, 0.3, seed + 1)
    if difficulty == "normal":
        return steady
    raise ValueError(f"unknown difficulty {difficulty!r}")
