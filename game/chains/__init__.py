"""Chains: play a card one rank above or below the end of any of three chains; empty your hand."""

from ..descriptor import GameDescriptor
from . import describe
from .ai import ChainsHeuristic
from .guide import SHEET
from .rules import RULES, ChainsRules, ChainsState, ChainsView, Draw, Pass, Play

GAME = GameDescriptor(
    name="chains", title="Chains", blurb="Play one rank up or down on three chains. Empty your hand.",
    rules=RULES, heuristic=ChainsHeuristic, guide=SHEET, lookahead="tree", table="scenes.games.chains.table:ChainsTable",
    lesson="game/chains/lesson.json", describe=describe)

__all__ = ["GAME", "RULES", "ChainsRules", "ChainsState", "ChainsView", "Draw", "Pass", "Play"]
