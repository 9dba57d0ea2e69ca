"""Opens the right table scene for a session."""

from __future__ import annotations


def _tables() -> dict:
    from .chainchain_table import ChainChainTable
    from .chains_table import ChainsTable
    from .cubes_table import CubesTable

    return {"chains": ChainsTable, "cubes": CubesTable, "chainchain": ChainChainTable}


def table_class(game: str):
    return _tables()[game]


def has_table(game: str) -> bool:
    """Whether the game's table scene is built (a game's engine may come before its table)."""
    return game in _tables()


def open_table(app, session) -> None:
    from .menu import MainMenu

    app.reset_to(MainMenu(app))
    app.push(table_class(session.game)(app, session))
