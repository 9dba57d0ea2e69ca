"""Sovereign's Chain at the table: the table scene for 2-4 (table.py), the solitaire's
(solitaire_table.py), the painters of its cards and tokens (cards.py) and the sounds of its
events, registered as the package loads."""

from game.sovereign.actions import Drew, GameEnded, Played, Scored, SolitaireEnded
from scenes.games.sovereign import cards  # noqa: F401
from scenes.ui.sounds import register_sounds

register_sounds({Played: "place", Drew: "draw", Scored: "cube", GameEnded: "win", SolitaireEnded: "win"})
