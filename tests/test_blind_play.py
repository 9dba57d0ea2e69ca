"""Every game played to the end by a player who cannot see the screen: keys alone, each move
chosen from the lines the table spoke (the speech log), compared with the engine after each key,
and no line naming a card hidden from the seat (tests/blind_player.py)."""

from __future__ import annotations

import pytest

from blind_player import BlindPlayer, Ear, Watchdog
from game.session import Session
from scenes.speech import speech


@pytest.fixture
def ear(tmp_path, monkeypatch):
    """The speech log of this test: the app's speech service writes every line to it."""
    path = tmp_path / "speech.log"
    monkeypatch.setenv("CHAINTABLE_SPEECH_LOG", str(path))
    speech().close()  # the service opens the log the environment names when the app configures it
    yield Ear(path)
    speech().close()


@pytest.fixture
def driver(ear, private_home):
    """The real app at its main menu, headless, computers fast, speaking into this test's log."""
    from scenes.shell.screens import open_app
    from ui_driver import Driver

    app = open_app()
    app.settings["computer_speed"] = "fast"
    return Driver(app)


def seats(game: str, players: int = 2) -> list[dict]:
    others = [{"name": name, "kind": "computer", "difficulty": "easy"} for name in ("Ben", "Cy", "Dee")[:players - 1]]
    return [{"name": "You", "kind": "human"}] + others


def play_blind(driver, ear, session: Session, seat: int = 0, seed: int = 1) -> BlindPlayer:
    driver.app.screens.table(session)
    watchdog = Watchdog(lambda: (session.rules, session.state, seat, session))
    player = BlindPlayer(driver, ear, watchdog, lambda: session.stream(seat), lambda: len(session.moves), seed)
    player.play()
    assert session.game_over
    return player


CONFIGS = {  # name: (game, players, rules)
    "chains": ("chains", 2, {}),
    "chainchain": ("chainchain", 3, {"variant": "numbers"}),
    "chainchain-letters": ("chainchain", 3, {"variant": "letters"}),
    "cubes": ("cubes", 2, {}),
    "linx": ("linx", 2, {}),
    "sovereigns-chain": ("sovereigns-chain", 2, {"fair_winds": False}),
    "sovereign-solitaire": ("sovereign-solitaire", 1, {"fair_winds": False}),
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_whole_game_by_ear_and_keys(driver, ear, name):
    game, players, rules = CONFIGS[name]
    session = Session(game, {"seats": seats(game, players), "rules": rules}, 5)
    player = play_blind(driver, ear, session)
    assert player.made["arrows"] > 0, player.made
