"""LINX at the table: its table scene (table.py) and the painters of its cards (cards.py),
registered as the package loads."""

from scenes.games.linx import cards  # noqa: F401
