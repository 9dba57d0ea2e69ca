"""The games the table knows, in menu order; a game not built yet has no rules here."""

from __future__ import annotations

from dataclasses import dataclass

from .core import Rules


@dataclass(frozen=True, slots=True)
class GameEntry:
    name: str
    title: str
    blurb: str
    rules: Rules | None
    heuristic: type | None = None
    guide: str = ""


def _entries() -> tuple[GameEntry, ...]:
    from .chainchain import RULES as CHAINCHAIN
    from .chainchain.ai import ChainChainHeuristic
    from .chainchain.guide import GUIDE as CHAINCHAIN_GUIDE
    from .chains import RULES as CHAINS
    from .chains.ai import ChainsHeuristic
    from .chains.guide import GUIDE as CHAINS_GUIDE
    from .cubes import RULES as CUBES
    from .cubes.ai import CubesHeuristic
    from .cubes.guide import GUIDE as CUBES_GUIDE
    from .linx import GUIDE as LINX_GUIDE, RULES as LINX, LinxHeuristic

    return (
        GameEntry("chains", "Chains", "Play one rank up or down on three chains. Empty your hand.", CHAINS,
                  ChainsHeuristic, CHAINS_GUIDE),
        GameEntry("chainchain", "Chain-Chain", "Answer the last card with two of yours, or take the pile.",
                  CHAINCHAIN, ChainChainHeuristic, CHAINCHAIN_GUIDE),
        GameEntry("linx", "LINX", "Link cards between two anchors to claim scoring cards.", LINX, LinxHeuristic, LINX_GUIDE),
        GameEntry("cubes", "Cubes", "Grow a grid of matching cards; close squares to score them.", CUBES,
                  CubesHeuristic, CUBES_GUIDE),
        GameEntry("sovereigns-chain", "Sovereign's Chain", "Classes, events and a chain of rule.", None),
    )


GAMES: tuple[GameEntry, ...] = _entries()


def entry(name: str) -> GameEntry:
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(f"unknown game {name!r}")


def rules_for(name: str) -> Rules:
    game = entry(name)
    if game.rules is None:
        raise KeyError(f"{game.title} is not playable yet")
    return game.rules
