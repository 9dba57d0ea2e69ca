import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Settings and saves of each test go to its own folder, never the player's."""
    monkeypatch.setenv("CHAINTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
