"""Cubes at the table: its table scene (table.py; the standard cards are painted by
scenes/ui/cardart.py) and the sounds of its events, registered as the package loads."""

from game.cubes.rules import Drew, GameEnded, Placed, Scored
from scenes.ui.sounds import register_sounds

register_sounds({Drew: "draw", Placed: "place", Scored: "cube", GameEnded: "win"})
