"""Sovereign's Chain: build a chain of class cards whose stars and planets differ the most."""

from ..descriptor import GameDescriptor
from ..sheet import Sheet
from .actions import (Cover, Discard, EndTurn, Flip, Open, Pick, PlaceModifier, PlaceShield, Play, PlayDiscard,
                      Reveal, Salvage, SetSuit, ShiftSuit, Skip, Tuck)
from .ai import SovereignHeuristic
from .cards import BUILT_IN, CardFileError, CardSet, ClassCard, EventCard, load_card_files
from .guide import GUIDE
from .rules import RULES, SovereignRules, SovereignView
from .table import Placed, SovereignState

GAME = GameDescriptor(
    name="sovereigns-chain", title="Sovereign's Chain", blurb="Build a chain of classes; make stars and planets differ.",
    rules=RULES, heuristic=SovereignHeuristic, guide=Sheet(GUIDE), lookahead="rollout",
    table="scenes.sovereign_table:SovereignTable")

__all__ = ["GAME", "BUILT_IN", "CardFileError", "CardSet", "ClassCard", "Cover", "Discard", "EndTurn", "EventCard", "Flip",
           "GUIDE", "Open", "Pick", "PlaceModifier", "PlaceShield", "Placed", "Play", "PlayDiscard", "RULES", "Reveal",
           "Salvage", "SetSuit", "ShiftSuit", "Skip", "SovereignHeuristic", "SovereignRules", "SovereignState",
           "SovereignView", "Tuck",
           "load_card_files"]
