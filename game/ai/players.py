"""Player kinds shared by every game: random, rule of thumb, and a careless rule of thumb."""

from __future__ import annotations

from ..rng import Rng


class Player:
    """Chooses one of the legal actions from what its seat can see."""

    def choose(self, view, legal: list):
        raise NotImplementedError


class HeuristicPlayer(Player):
    """A rule-of-thumb player: ranks the legal actions best first and plays the first.

    Rollouts (game.ai.rollout) compare its best few moves, so every game's rule of thumb has this
    shape: `__init__(seed)` and `ranking(view, legal)`."""

    aims = ""  # what it plays for, in the game's own words, as the setup screen's level help says it

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view, legal: list):
        return legal[0] if len(legal) == 1 else self.ranking(view, legal)[0]

    def ranking(self, view, legal: list) -> list:
        """The legal actions, best first."""
        raise NotImplementedError

    def kind_of(self, view, action) -> object:
        """The kind of move `action` is, where a game has kinds its rule of thumb may rank too
        low for a look-ahead to weigh (Chain-Chain's reversing double): the best of each kind is
        weighed beside the best few. One kind for every move by default."""
        return None


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
