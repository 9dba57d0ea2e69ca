"""Chain-Chain: answer the last card's value with two cards of your own, or take the pile; fewest collected cards wins.

A letters variant spells a word from the first card to the second."""

from ..descriptor import GameDescriptor
from . import describe
from .ai import ChainChainHeuristic
from .guide import SHEET
from .rules import (LETTERS, NUMBERS, RULES, ChainChainRules, ChainChainState, ChainChainView, Drew,
                    GameEnded, PileLeft, Play, Played, Reversed, Take, Tile, Took, full_deck)

GAME = GameDescriptor(
    name="chainchain", title="Chain-Chain", blurb="Answer the last card with two of yours, or take the pile.",
    rules=RULES, heuristic=ChainChainHeuristic, guide=SHEET, lookahead="rollout", table="scenes.games.chainchain.table:ChainChainTable",
    lesson="game/chainchain/lesson.json", describe=describe)

__all__ = ["GAME", "LETTERS", "NUMBERS", "RULES", "ChainChainRules", "ChainChainState", "ChainChainView", "Drew",
           "GameEnded", "PileLeft", "Play", "Played", "Reversed", "Take", "Tile", "Took", "full_deck"]
