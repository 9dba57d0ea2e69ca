"""Opens the right table scene for a session."""

from __future__ import annotations


def table_class(game: str):
    from .chainchain_table import ChainChainTable
    from .chains_table import ChainsTable
    from .cubes_table import CubesTable

    return {"chains": ChainsTable, "cubes": CubesTable, "chainchain": ChainChainTable}[game]


def open_table(app, session) -> None:
    from .menu import MainMenu

    app.reset_to(MainMenu(app))
    app.push(table_class(session.game)(app, session))
