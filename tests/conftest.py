import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Settings and saves of each test go to its own folder, never the player's."""
    monkeypatch.setenv("CHAINTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def driver(private_home):
    """The real app at its main menu, headless, with computers moving fast."""
    from scenes.app import App
    from scenes.menu import MainMenu
    from ui_driver import Driver

    app = App()
    app.settings["computer_speed"] = "fast"
    app.push(MainMenu(app))
    return Driver(app)
