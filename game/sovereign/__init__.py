"""Sovereign's Chain: build a chain of class cards whose stars and planets differ the most."""

from ..descriptor import GameDescriptor
from ..sheet import Sheet
from .actions import (Cover, Discard, EndTurn, Flip, Open, Pick, PlaceModifier, PlaceShield, Play, PlayDiscard,
                      Reveal, Salvage, SetSuit, ShiftSuit, Skip, Tuck)
from . import describe
from .ai import SovereignHeuristic
from .card_sets import CardSetRules, find_card_sets
from .cards import BUILT_IN, CardFileError, CardSet, ClassCard, EventCard, load_card_files
from .guide import COVERING, GUIDE, SCORING, SOLITAIRE_GUIDE
from .rules import RULES, SovereignRules, SovereignView
from .solitaire import SOLITAIRE, SolitaireHint
from .state import Placed, SovereignState

GAME = GameDescriptor(
    name="sovereigns-chain", title="Sovereign's Chain", blurb="Build a chain of classes; make stars and planets differ.",
    rules=CardSetRules(), heuristic=SovereignHeuristic, guide=Sheet(GUIDE, (SCORING,)), lookahead="rollout",
    table="scenes.games.sovereign.table:SovereignTable", card_sets=find_card_sets,
    lesson="game/sovereign/lesson.json", describe=describe)

SOLITAIRE_GAME = GameDescriptor(
    name="sovereign-solitaire", title="Sovereign's Chain: Solitaire",
    blurb="One chain of seven: make every place one suit.",
    rules=SOLITAIRE, heuristic=SolitaireHint, guide=Sheet(SOLITAIRE_GUIDE, (COVERING,)), lookahead="rollout",
    table="scenes.games.sovereign.solitaire_table:SolitaireTable",
    lesson="game/sovereign/solitaire-lesson.json", describe=describe)

GAMES = (GAME, SOLITAIRE_GAME)  # the registry lists both: the game for 2-4 and its solitaire

__all__ = ["GAME", "GAMES", "SOLITAIRE_GAME", "BUILT_IN", "CardFileError", "CardSetRules", "CardSet", "ClassCard", "Cover", "Discard", "EndTurn", "EventCard", "Flip",
           "GUIDE", "Open", "Pick", "PlaceModifier", "PlaceShield", "Placed", "Play", "PlayDiscard", "RULES", "Reveal",
           "Salvage", "SetSuit", "ShiftSuit", "Skip", "SovereignHeuristic", "SovereignRules", "SovereignState",
           "SovereignView", "Tuck",
           "load_card_files"]
