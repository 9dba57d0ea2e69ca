"""Cubes: place cards on a growing grid, matching every neighbour; close 2x2 and 3x3 squares to score them."""

from ..descriptor import GameDescriptor
from . import describe
from .ai import CubesHeuristic
from .guide import SHEET
from .board import completions, legal_cells, neighbour_matches
from .rules import RULES, CubesRules, CubesState, CubesView, Draw, Pass, Place, why_not_place

GAME = GameDescriptor(
    name="cubes", title="Cubes", blurb="Grow a grid of matching cards; close squares to score them.",
    rules=RULES, heuristic=CubesHeuristic, guide=SHEET, lookahead="rollout", table="scenes.games.cubes.table:CubesTable",
    lesson="game/cubes/lesson.json", describe=describe)

__all__ = ["GAME", "RULES", "CubesRules", "CubesState", "CubesView", "Draw", "Pass", "Place", "completions",
           "legal_cells", "neighbour_matches", "why_not_place"]
