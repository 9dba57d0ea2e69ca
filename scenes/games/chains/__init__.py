"""Chains at the table: its table scene (table.py; the standard cards are painted by
scenes/ui/cardart.py) and the sounds of its events, registered as the package loads."""

from game.chains.rules import Drew, GameEnded, Played, Rebuilt
from scenes.ui.sounds import register_sounds

register_sounds({Played: "place", Drew: "draw", Rebuilt: "deal", GameEnded: "win"})
