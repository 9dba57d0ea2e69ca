"""The games the table knows, in menu order: each is a package of game/ that exports `GAME`."""

from __future__ import annotations

import importlib

from .descriptor import GameDescriptor

PACKAGES = ("chains", "chainchain", "cubes", "sovereign")

GAMES: tuple[GameDescriptor, ...] = tuple(importlib.import_module(f"game.{name}").GAME for name in PACKAGES)


def find_game(name: str) -> GameDescriptor:
    """The descriptor of the game saved or configured as `name`."""
    for descriptor in GAMES:
        if descriptor.name == name:
            return descriptor
    raise KeyError(f"unknown game {name!r}")
