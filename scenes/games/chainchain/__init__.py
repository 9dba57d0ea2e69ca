"""Chain-Chain at the table: its table scene (table.py) and the painters of its tiles (cards.py),
registered as the package loads."""

from scenes.games.chainchain import cards  # noqa: F401
