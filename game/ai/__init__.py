"""Computer players. A player sees only its seat's view and the legal actions, never the state."""

from .levels import DIFFICULTIES, SEARCH_BUDGETS, make_player
from .players import HeuristicPlayer, Player, RandomPlayer

__all__ = ["DIFFICULTIES", "SEARCH_BUDGETS", "HeuristicPlayer", "Player", "RandomPlayer", "make_player"]
