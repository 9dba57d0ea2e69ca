"""Chains: play a card one rank above or below the end of any of three chains; empty your hand."""

from .rules import RULES, ChainsRules, ChainsState, ChainsView, Draw, Pass, Play

__all__ = ["RULES", "ChainsRules", "ChainsState", "ChainsView", "Draw", "Pass", "Play"]
