"""Chain-Chain at the table: its table scene (table.py) and the painters of its tiles (cards.py),
and the sounds of its events, registered as the package loads."""

from game.chainchain.rules import Drew, GameEnded, Played, Took
from scenes.games.chainchain import cards  # noqa: F401
from scenes.ui.sounds import register_sounds

register_sounds({Played: "place", Took: "take", Drew: "draw", GameEnded: "win"})
