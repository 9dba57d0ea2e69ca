"""The games the table knows, in menu order: each is a package of game/ that exports `GAME`, or
`GAMES` when it offers more than one (a game and its solitaire)."""

from __future__ import annotations

import importlib

from .descriptor import GameDescriptor

PACKAGES = ("chains", "chainchain", "linx", "cubes", "sovereign")


def games_of(package: str) -> tuple[GameDescriptor, ...]:
    """The descriptors a package of game/ offers, in its order."""
    module = importlib.import_module(f"game.{package}")
    return tuple(getattr(module, "GAMES", None) or (module.GAME,))


GAMES: tuple[GameDescriptor, ...] = tuple(descriptor for name in PACKAGES for descriptor in games_of(name))


def find_game(name: str) -> GameDescriptor:
    """The descriptor of the game saved or configured as `name`."""
    for descriptor in GAMES:
        if descriptor.name == name:
            return descriptor
    raise KeyError(f"unknown game {name!r}")
