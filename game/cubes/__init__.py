"""Cubes: place cards on a growing grid, matching every neighbour; close 2x2 and 3x3 squares to score them."""

from .rules import (RULES, CubesRules, CubesState, CubesView, Draw, Pass, Place, completions,
                    legal_cells, neighbour_matches, why_not_place)

__all__ = ["RULES", "CubesRules", "CubesState", "CubesView", "Draw", "Pass", "Place", "completions",
           "legal_cells", "neighbour_matches", "why_not_place"]
