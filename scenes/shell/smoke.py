"""A quick pass over every scene (for builds) and the all-computer demo game."""

from __future__ import annotations

from game.registry import GAMES
from game.rng import Rng, fresh_seed
from game.tables import TableSession, new_session

DEMO_SEATS = [{"name": n, "kind": "computer", "difficulty": "normal"} for n in ("Ana", "Ben", "Cleo", "Dev")]


def demo_session(game: str = "chains") -> TableSession:
    return new_session(game, {"seats": DEMO_SEATS}, fresh_seed())


def run_smoke() -> int:
    """Open each scene, draw one frame of it, and finish a game to reach the game-over screen."""
    from scenes.menus.gameover import GameOver
    from scenes.menus.handoff import HandOff
    from scenes.menus.menu import MainMenu
    from scenes.menus.rules_sheet import RulesSheet
    from scenes.shell.screens import open_app, table_class
    from scenes.menus.settings import SettingsScene
    from scenes.menus.setup import SetupScene

    app = open_app()
    scenes = [MainMenu(app), SettingsScene(app)]
    for game in GAMES:
        scenes.append(SetupScene(app, game.name))
        session = new_session(game.name, {"seats": DEMO_SEATS[:game.rules.min_players]}, 1)
        table = table_class(game)(app, session)
        scenes += [table, HandOff(app, table, 0), RulesSheet(app, game.title, game.guide)]
        finished = table_class(game)(app, _finished(game.name, game.rules.min_players))
        scenes += [finished, GameOver(app, finished)]
    for scene in scenes:
        app.reset_to(scene)
        app.step([], 1 / 60)
        print(f"smoke: {type(scene).__name__} drawn")
    print(f"smoke: {len(scenes)} scenes drawn")
    return 0


def _finished(game: str, players: int) -> TableSession:
    session = new_session(game, {"seats": DEMO_SEATS[:players]}, 2)
    rng = Rng(2)
    while not session.game_over:
        legal = session.stream(session.to_move).legal_actions()
        session.apply(legal[rng.below(len(legal))])
    return session
