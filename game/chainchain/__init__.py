"""Chain-Chain: answer the last card's value with two cards of your own, or take the pile; fewest collected cards wins.

A letters variant spells a word from the first card to the second."""

from .rules import (LETTERS, NUMBERS, RULES, ChainChainRules, ChainChainState, ChainChainView, Drew,
                    GameEnded, PileLeft, Play, Played, Reversed, Take, Tile, Took, full_deck)

__all__ = ["LETTERS", "NUMBERS", "RULES", "ChainChainRules", "ChainChainState", "ChainChainView", "Drew",
           "GameEnded", "PileLeft", "Play", "Played", "Reversed", "Take", "Tile", "Took", "full_deck"]
