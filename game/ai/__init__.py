"""Computer players. A player sees only its seat's view and the legal actions, never the state."""

from .players import DIFFICULTIES, Player, RandomPlayer, make_player

__all__ = ["DIFFICULTIES", "Player", "RandomPlayer", "make_player"]
