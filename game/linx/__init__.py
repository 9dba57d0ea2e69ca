"""LINX: draw, then link cards from your hand between two anchors to claim scoring cards."""

from ..descriptor import GameDescriptor
from ..sheet import Sheet
from . import describe
from .ai import LinxHeuristic
from .cards import LinxCard, ScoringCard, card, cards, full_deck, scoring_deck
from .chains import (Chain, all_chains, best_chain, chain_of_length, longest_chain, longest_length,
                     one_card_short)
from .guide import GUIDE, PICTURE
from .rules import RULES, Discard, Draw, LayChain, LinxRules, LinxState, LinxView

GAME = GameDescriptor(
    name="linx", title="LINX", blurb="Draw, link cards between two anchors, claim the scoring cards.",
    rules=RULES, heuristic=LinxHeuristic, guide=Sheet(GUIDE, (PICTURE,)), lookahead="rollout", table="scenes.games.linx.table:LinxTable",
    lesson="game/linx/lesson.json", describe=describe)

__all__ = ["GAME", "GUIDE", "RULES", "Chain", "Discard", "Draw", "LayChain", "LinxCard", "LinxHeuristic", "LinxRules",
           "LinxState", "LinxView", "ScoringCard", "all_chains", "best_chain", "card", "cards",
           "chain_of_length", "full_deck", "longest_chain", "longest_length", "one_card_short", "scoring_deck"]
