"""LINX at the table: its table scene (table.py) and the painters of its cards (cards.py),
and the sounds of its events, registered as the package loads."""

from game.linx.rules import Drew, GameEnded
from scenes.games.linx import cards  # noqa: F401
from scenes.ui.sounds import register_sounds

register_sounds({Drew: "draw", GameEnded: "win"})
