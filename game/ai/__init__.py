"""Computer players. A player sees only its seat's view and the legal actions, never the state."""

from .players import DIFFICULTIES, SEARCH_BUDGETS, Player, RandomPlayer, make_player
from .ismcts import ISMCTS, ISMCTSPlayer

__all__ = ["DIFFICULTIES", "ISMCTS", "ISMCTSPlayer", "Player", "RandomPlayer", "SEARCH_BUDGETS", "make_player"]
