"""What makes a game a game at the table: one descriptor per game package.

Each package in game/ exports `GAME`, a `GameDescriptor`, and game/registry.py lists the
packages. Everything else (the menu, the setup screen, sessions and saves, computer players, the
rules sheet, the property tests) finds a game through its descriptor, so a new game is its own
folder in game/ (game/<name>/) and in scenes/ (scenes/games/<name>/, its table and card
painters), its tests, and one line in the registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .core import Rules
from .sheet import Sheet

LOOKAHEAD_STYLES = ("tree", "rollout")


@dataclass(frozen=True, slots=True)
class CardSetChoice:
    """A card set the setup screen lists: its name, and the value of the rule config's
    "card_set" that plays it (None for the built-in set); a set that cannot be used has no value
    and says why in `problem` (naming the file and the line)."""

    name: str
    value: Any
    problem: str = ""


@dataclass(frozen=True, slots=True)
class GameDescriptor:
    name: str        # the game's key in saves, settings and the registry
    title: str       # as players read it (the only place the title is written)
    blurb: str       # one line under the title on the menu
    rules: Rules
    heuristic: type  # the rule-of-thumb player: a game.ai.players.HeuristicPlayer
    guide: Sheet     # the rules sheet: text in the table's own words, and pictures of positions
    # How Hard and Expert look ahead: "tree" (ISMCTS, game.ai.ismcts) or "rollout" (the rule of
    # thumb's best moves compared by playing on with it, game.ai.rollout); measured per game with
    # the arena (docs/BENCHMARKS.md).
    lookahead: str = "tree"
    # The table scene, "module:Class" in scenes/; named, not imported, because game/ never
    # imports pygame. The scene module also registers the painters of the game's own cards.
    table: str = ""
    # For a game whose cards are data files a player may replace: (the folder the player's card
    # files are in, `storage.cards_dir()`) -> the CardSetChoice list, built-in first. The setup
    # screen then offers a card set. The caller hands the folder in: a game never looks for it.
    card_sets: Callable[[Path], tuple[CardSetChoice, ...]] | None = None
    # The game's lesson (game/lesson.py): its JSON file, named from the folder that holds game/
    # ("game/chains/lesson.json"); empty for a game without one.
    lesson: str = ""
    # The game's words read by ear (game/<name>/describe.py, the surface of game/describe.py):
    # its hand's groups, its board, its scores, what else lies on the table.
    describe: Any = None

    def __post_init__(self) -> None:
        if self.lookahead not in LOOKAHEAD_STYLES:
            raise ValueError(f"{self.name}: lookahead must be one of {LOOKAHEAD_STYLES}, not {self.lookahead!r}")
